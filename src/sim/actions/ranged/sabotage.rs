//! Action sabotage with a gun: a shot fired at a target to miss (conflict chapter, "Action
//! Sabotage"). It is priced as the shot (its AP, TN and modifiers) and fired through
//! `fire_series`; only the card's reading differs (`rules::sabotage`).

use super::*;
use crate::rules::shot::{ShotOutcome, Volley};
use crate::sim::deck::with_deck;
use crate::sim::query::hero_id;

/// The shot fired to miss, through the match deck.
pub fn fire_to_miss(
    world: &mut World,
    hero: Entity,
    volley: &Volley,
) -> Result<Vec<ShotOutcome>, crate::sim::actions::Outcome> {
    let outcome = with_deck(world, |source, options| {
        crate::rules::sabotage::resolve_shot(source, volley, options)
    })
    .map_err(|e| crate::sim::actions::Outcome::Refused {
        hero: hero_id(world, hero),
        reason: e.to_string().into(),
    })?;
    crate::sim::deck::spend_choices(world, hero, &outcome.check);
    Ok(vec![outcome])
}

/// "a calamity indicates the target is hit": the calamity's consequence, in the log before
/// the shot's own event.
pub fn calamity_hits_the_target(world: &mut World, hero: Entity, series: &SeriesPlan) {
    let whom = name(world, series.targets[0]);
    let weapon = series.shots[0].weapon.name.clone();
    let what = crate::sim::events::Consequence::TargetHit {
        weapon,
        target: whom,
    };
    crate::sim::events::calamity(world, hero, what);
}
