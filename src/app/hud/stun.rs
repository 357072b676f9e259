//! What brings a stunned hero back, said where a player waits for it: the recovery check at
//! the next round's start, its TN and its odds (a play-test sat through rounds of "stunned:
//! declares nothing until recovered" with no word of when or how likely).

use crate::sim::model::{Hero, RoundState};
use bevy::prelude::*;
use std::collections::HashMap;

/// Each stunned hero's recovery check at the next round's start: its TN and the chance.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct StunOdds(pub HashMap<Entity, (u32, f64)>);

/// Weighs every stunned hero's recovery check (the odds are the deck's, memoised).
pub(super) fn weigh_recovery(world: &mut World) {
    let heroes: Vec<Entity> = world
        .query_filtered::<Entity, With<Hero>>()
        .iter(world)
        .collect();
    let odds = StunOdds(
        heroes
            .into_iter()
            .filter_map(|e| crate::sim::query::recovery_odds(world, e).map(|o| (e, o)))
            .collect(),
    );
    if world.get_resource::<StunOdds>() != Some(&odds) {
        world.insert_resource(odds);
    }
}

/// The round whose start makes the check: the next one.
fn next_round(world_round: Option<&RoundState>) -> u32 {
    world_round.map_or(1, |r| r.round + 1)
}

/// "stunned: declares nothing until ..." with the check that ends it, for the panel, the
/// pointer and the card.
pub fn stunned_words(round: Option<&RoundState>, odds: Option<(u32, f64)>) -> String {
    let next = next_round(round);
    match odds {
        Some((tn, chance)) => format!(
            "stunned: declares nothing until it shakes the stun off: a Fortitude check at round \
             {next}'s start, TN {tn}: {:.0} % (it acts again the round after; what was declared \
             before still goes off)",
            chance * 100.0
        ),
        None => "stunned: declares nothing until a Fortitude check at a round's start shakes the \
                 stun off (what was declared before still goes off)"
            .to_string(),
    }
}

/// The odds in a few words: "46 % to shake it off at round 3".
pub fn recovery_chance(round: Option<&RoundState>, odds: (u32, f64)) -> String {
    format!(
        "{:.0} % to shake it off at round {}",
        odds.1 * 100.0,
        next_round(round)
    )
}

/// The banner's short form: "Miranda Valentine (46 % to shake it off at round 3)".
pub fn stunned_short(name: &str, round: Option<&RoundState>, odds: Option<(u32, f64)>) -> String {
    match odds {
        Some(odds) => format!("{name} ({})", recovery_chance(round, odds)),
        None => name.to_string(),
    }
}
