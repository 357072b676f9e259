//! `normal` and `hard`: a dodge where it pays. "Dodge works versus all attacks coming from a
//! given direction, usually 120 degrees (two hexsides) ... and costs 3 AP. Dodge is considered
//! an active defense, and may only be employed if no attacks are attempted." A hero who is no
//! fighter hand to hand (no Brawling or Melee skill of 2) gives up little by not attacking;
//! when every blow coming at it comes from one side, one dodge (3 AP) takes dice off them all,
//! where a block (2 AP) meets one blow.

use super::answers::fighter;
use super::close::blows_coming;
use super::*;
use crate::rules::melee::DODGE_AP;
use crate::sim::model::{CloseCombat, Committed};

/// The dodge toward the side the blows come from, when the hero is no fighter, has not
/// attacked this round, and the dodge covers every blow still to land after it is ready and
/// takes at least `DODGE_WORTH` of a hit off them.
pub(super) fn dodge_coming(
    world: &mut World,
    hero: Entity,
    foes: &[Entity],
    track: &ActionTrack,
) -> Option<Action> {
    if fighter(world, hero) || own_best_blow(world, hero, foes) >= HOPELESS_BLOW {
        return None;
    }
    let had = world.get::<CloseCombat>(hero).copied();
    let close = had.unwrap_or_default();
    if close.attacked || close.dodge.is_some() {
        return None;
    }
    let mut coming = blows_coming(world, hero, foes, track, (DODGE_AP, true))?;
    // No blow declared yet: a foe beside it who fights hand to hand (no loaded gun, not
    // stunned) will strike this round; a player dodges before it does.
    if coming.is_empty() {
        coming = foes
            .iter()
            .filter(|&&f| super::answers::pressing(world, hero, f))
            .map(|&f| (f, 1))
            .collect();
    }
    let incoming: u32 = coming.iter().map(|&(_, blows)| blows).sum();
    if incoming == 0 || incoming <= close.blocks {
        return None;
    }
    let at = world.get::<HexPos>(hero)?.0;
    let sides: Vec<u8> = coming
        .iter()
        .filter_map(|&(foe, _)| world.get::<HexPos>(foe).map(|p| hexside_toward(at, p.0)))
        .collect();
    let toward = (0..6u8).find(|&t| {
        sides
            .iter()
            .all(|&s| crate::rules::melee::dodge_covers(t, s))
    })?;
    let before = hit_odds(world, hero, &coming);
    let mut dodging = close;
    dodging.dodge = Some(toward);
    world.entity_mut(hero).insert(dodging);
    let after = hit_odds(world, hero, &coming);
    // Only looked at: the hero's close-combat state as it was.
    match had {
        Some(close) => world.entity_mut(hero).insert(close),
        None => world.entity_mut(hero).remove::<CloseCombat>(),
    };
    let dodge = Action::Dodge {
        hero: hero_id(world, hero),
        toward,
    };
    (before - after >= DODGE_WORTH && price(world, &dodge).is_ok()).then_some(dodge)
}

/// A blow of its own below these odds (an unskilled punch at a fighter: no Brawling, 29 % at
/// Dave Perkins) is hardly worth throwing: dodging costs it little.
/// (Dodging whenever no fighter, a 54 % quick attack forgone, lost the saloon brawl 79.5 to
/// 73.5 % against `easy`.)
const HOPELESS_BLOW: f64 = 0.3;

/// The best odds of the hero's own quick attack at a foe beside it.
fn own_best_blow(world: &World, hero: Entity, foes: &[Entity]) -> f64 {
    foes.iter()
        .filter_map(|&f| melee::plan(world, hero, f, AttackType::Quick, false, 1).ok())
        .map(|p| p.chance)
        .fold(0.0, f64::max)
}

/// The hits a dodge must take off the blows coming (their chances summed) to be worth its AP.
const DODGE_WORTH: f64 = 0.1;

/// The chances of the blows coming at the hero, summed: each foe's declared attack as it would
/// land now (a standard attack for a foe that has declared none yet).
fn hit_odds(world: &World, hero: Entity, coming: &[(Entity, u32)]) -> f64 {
    coming
        .iter()
        .filter_map(|&(foe, blows)| {
            let chance = match world.get::<Committed>(foe) {
                Some(Committed(Action::Melee {
                    target,
                    attack,
                    careful,
                    times,
                    ..
                })) => {
                    let target = query::entity(world, *target)?;
                    melee::plan(world, foe, target, *attack, *careful, u32::from(*times))
                }
                Some(Committed(Action::MeleeSeries { blows, .. })) => {
                    let blows: Vec<_> = blows
                        .iter()
                        .filter_map(|(t, a, c)| Some((query::entity(world, *t)?, *a, *c)))
                        .collect();
                    melee::plan_series(world, foe, &blows)
                }
                // A blow not declared yet: a standard attack, as a probe.
                _ => melee::plan(world, foe, hero, AttackType::Standard, false, 1),
            }
            .ok()?
            .chance;
            Some(chance * f64::from(blows))
        })
        .sum()
}
