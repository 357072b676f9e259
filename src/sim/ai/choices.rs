//! The computer's choices within an action, registered as `seats::ComputerChoices`: how it
//! answers a choice an attack raises (a single hit's bumps, the snap shot after a lost aim),
//! sent as an intent through the same door as a player's and kept in the journal; and how its
//! heroes spend a series' bumps that nobody is asked about. The actions ask the seat; they
//! never know who is choosing.

use crate::rules::shot::{self, BumpSpend, ShotOutcome};
use crate::sim::bonus;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{PendingAttack, PendingBumps};
use bevy::prelude::*;

/// How the computer spends a hit's bumps: the Judge's way, but one bump saved as a bonus
/// counter when the hero may earn one and the bump buys nothing (the same place, wounds, Conc
/// and dominance without it). Found on copies of the deck.
pub fn computer_spend(world: &World, hero: Entity, volley: &shot::Volley) -> BumpSpend {
    if !bonus::can_earn(world, hero) {
        return BumpSpend::Judge;
    }
    let volley = bonus::on_volley(world, hero, volley);
    let dry = |spend| {
        crate::sim::deck::with_deck_copy(world, |source, options| {
            shot::resolve_volley_spending(source, &volley, options, spend)
        })
        .ok()
        .and_then(|o| o.into_iter().next())
    };
    let (Some(judge), Some(saved)) = (dry(BumpSpend::Judge), dry(BumpSpend::Save)) else {
        return BumpSpend::Judge;
    };
    let same = |o: &ShotOutcome| (o.hit, o.location, o.dealt, o.reserved);
    if saved.saved > 0 && same(&saved) == same(&judge) {
        BumpSpend::Save
    } else {
        BumpSpend::Judge
    }
}

/// A waiting choice answered as the computer chooses: a hit's bumps spent as `computer_spend`
/// spends them (the Judge's way unless a saved bump buys the same), the snap shot made.
pub fn answer_choice(world: &World, hero: HeroId) -> Intent {
    let Some(pending) = world.get_resource::<PendingBumps>() else {
        return Intent::Snap { hero, fire: true };
    };
    let volley = match &pending.attack {
        PendingAttack::Shot(series) => &series.volley,
        PendingAttack::Blow(plan) => &plan.volley,
    };
    let spend = computer_spend(world, pending.hero, volley);
    let offered = pending.options.iter().any(|o| o.spend == spend);
    Intent::SpendBumps {
        hero,
        spend: if offered { spend } else { BumpSpend::Judge },
    }
}
