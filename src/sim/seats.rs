//! The seats: who answers when a hero of a side is to declare, and who makes the choices an
//! action raises (a snap shot after the aim is lost, a hit's bumps): the action raises them and
//! the hero's seat answers with an intent (the computer through `ComputerChoices`); bumps nobody
//! is asked about are spent as `spend_bumps` says. No action asks who controls the hero. A human seat is waited for (its
//! intents come as messages from the window or a test); the computer player registers itself
//! here (`ComputerPlayer`), so the round never imports it; a recorded script (a replay, a
//! loaded match) answers before any seat is asked.

use super::intent::{HeroId, Intent};
use super::model::Script;
use super::query::control_of;
use crate::data::level::Control;
use crate::rules::shot::{BumpSpend, Volley};
use bevy::prelude::*;

/// A computer player: the intent it sends for the hero whose declaration it is, and why.
pub type ComputerPlayerFn = fn(&mut World, HeroId) -> Decision;

/// What the computer says for a hero: the intent, and the reason in words (the `reason` of
/// its declaration in the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub intent: Intent,
    pub reason: Option<String>,
}

impl Decision {
    pub fn new(intent: Intent, reason: impl Into<String>) -> Decision {
        Decision {
            intent,
            reason: Some(reason.into()),
        }
    }

    /// An intent sent without a reason (a pass, a choice of the pool).
    pub fn bare(intent: Intent) -> Decision {
        Decision {
            intent,
            reason: None,
        }
    }
}

/// The computer player of this match, registered by its plugin.
#[derive(Resource, Clone, Copy)]
pub struct ComputerPlayer(pub ComputerPlayerFn);

/// Who answers for the hero whose declaration it is.
#[derive(Clone, Copy)]
pub enum Seat {
    /// A person at the desk: the match waits for an intent.
    Human,
    /// The computer player.
    Computer(ComputerPlayerFn),
    /// The next recorded intent.
    Script,
    /// Nobody may answer (a replay has ended, or its script broke): the match stops here.
    Waiting,
}

pub fn seat_of(world: &World, hero: Entity) -> Seat {
    if let Some(script) = world.get_resource::<Script>() {
        if !script.entries.is_empty() {
            return Seat::Script;
        }
        if script.only || script.broken.is_some() {
            return Seat::Waiting;
        }
    }
    match control_of(world, hero) {
        Control::Human => Seat::Human,
        Control::Computer => world
            .get_resource::<ComputerPlayer>()
            .map_or(Seat::Waiting, |p| Seat::Computer(p.0)),
    }
}

/// How the computer spends a hit's bumps when its hero attacks (found on copies of the deck).
pub type SpendBumpsFn = fn(&World, Entity, &Volley) -> BumpSpend;

/// How the computer answers a choice its hero's attack waits on (the bumps of a single hit,
/// the snap shot after a lost aim): an intent, kept in the journal like a player's.
pub type AnswerChoiceFn = fn(&World, HeroId) -> Intent;

/// The computer's choices within an action, registered by its plugin beside `ComputerPlayer`.
#[derive(Resource, Clone, Copy)]
pub struct ComputerChoices {
    pub spend_bumps: SpendBumpsFn,
    pub answer_choice: AnswerChoiceFn,
}

/// How a hit's bumps are spent when nobody is asked (a series, a fan, a blow of several, a
/// single hit whose bumps buy nothing different): the Judge's way for a player's hero, the
/// computer's own way for its heroes. (A single hit's choice is raised by the action as
/// `PendingBumps` and answered by the hero's seat.)
pub fn spend_bumps(world: &World, hero: Entity, volley: &Volley) -> BumpSpend {
    if control_of(world, hero) == Control::Human {
        return BumpSpend::Judge;
    }
    world
        .get_resource::<ComputerChoices>()
        .map_or(BumpSpend::Judge, |c| (c.spend_bumps)(world, hero, volley))
}
