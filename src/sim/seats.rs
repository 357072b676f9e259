//! The seats: who answers when a hero of a side is to declare. A human seat is waited for (its
//! intents come as messages from the window or a test); the computer player registers itself
//! here (`ComputerPlayer`), so the round never imports it; a recorded script (a replay, a
//! loaded match) answers before any seat is asked.

use super::intent::{HeroId, Intent};
use super::model::Script;
use super::query::control_of;
use crate::data::level::Control;
use bevy::prelude::*;

/// A computer player: the intent it sends for the hero whose declaration it is.
pub type ComputerPlayerFn = fn(&mut World, HeroId) -> Intent;

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
