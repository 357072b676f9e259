//! The computer's choices within an action, registered as `seats::ComputerChoices`: how its
//! heroes spend a hit's bumps, and how it answers a choice an attack waits on (a side taken
//! over mid-match). The actions ask the seat; they never know who is choosing.

use crate::rules::shot::{self, BumpSpend, ShotOutcome};
use crate::sim::bonus;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::PendingBumps;
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

/// A waiting choice answered as the Judge would: the bumps spent the Judge's way, the snap
/// shot made.
pub fn answer_choice(world: &World, hero: HeroId) -> Intent {
    if world.contains_resource::<PendingBumps>() {
        Intent::SpendBumps {
            hero,
            spend: BumpSpend::Judge,
        }
    } else {
        Intent::Snap { hero, fire: true }
    }
}
