//! The computer's choices within an action, registered as `seats::ComputerChoices`: how it
//! answers a choice an attack raises (a single hit's bumps, the snap shot after a lost aim),
//! sent as an intent through the same door as a player's and kept in the journal; and how its
//! heroes spend a series' bumps that nobody is asked about. The actions ask the seat; they
//! never know who is choosing.

use crate::rules::shot::{self, BumpSpend, ShotOutcome};
use crate::sim::bonus;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{BumpOption, PendingBumps};
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
/// would spend them (the Judge's way, unless a saved bump buys the same place, wounds, Conc and
/// dominance), read from the options the choice already shows; the snap shot made.
pub fn answer_choice(world: &World, hero: HeroId) -> Intent {
    let Some(pending) = world.get_resource::<PendingBumps>() else {
        return Intent::Snap { hero, fire: true };
    };
    let judge = &pending.options[0];
    let same = |o: &BumpOption| {
        (o.location, o.wounds, o.conc, o.dominance_bumps)
            == (
                judge.location,
                judge.wounds,
                judge.conc,
                judge.dominance_bumps,
            )
    };
    let saves = pending
        .options
        .iter()
        .any(|o| o.spend == BumpSpend::Save && same(o));
    Intent::SpendBumps {
        hero,
        spend: if saves {
            BumpSpend::Save
        } else {
            BumpSpend::Judge
        },
    }
}
