//! Hand-to-hand combat on the battle: engagement (standing foes within one pace), defense
//! values, advantage, attacks through the action card (one pool for several attacks),
//! prepared blocks and dodges, dominance with its shoves, escapes and breaking away.

mod attack;
mod calamity;
mod engage;
mod escape;
pub mod lands;
mod strike;

pub use attack::*;
pub use engage::*;
pub use escape::*;
pub use strike::*;

use super::outcome::{Outcome, Priced};
use crate::rules::hexmap::hexside_toward;
use crate::rules::melee::{BLOCK_AP, DODGE_AP};
use crate::rules::movement::turned;
use crate::sim::intent::Refusal;
use crate::sim::model::{CloseCombat, Dominated, Facing, HexPos, MovedThisRound};
use crate::sim::query::{engaged_foes, hero_id, hero_name};
use bevy::prelude::*;

pub(super) use crate::sim::query::hero_name as name;

pub fn dominated(world: &World, e: Entity) -> u32 {
    world.get::<Dominated>(e).map_or(0, |d| d.0)
}

pub(super) fn set_dominated(world: &mut World, e: Entity, level: u32) {
    world.entity_mut(e).insert(Dominated(level));
}

/// At each initiative step: blocks and dodges are spent, and a hero engaged that did not move
/// last round counts another round standing still.
pub fn new_round(world: &mut World, hero: Entity) {
    let moved = world
        .get::<MovedThisRound>(hero)
        .is_some_and(|m| m.0.is_some());
    let engaged = !engaged_foes(world, hero).is_empty();
    let mut c = world.get::<CloseCombat>(hero).copied().unwrap_or_default();
    c.rounds_still = if engaged && !moved {
        c.rounds_still + 1
    } else {
        0
    };
    c.blocks = 0;
    c.dodge = None;
    c.attacked = false;
    world.entity_mut(hero).insert(c);
    if !engaged {
        world.entity_mut(hero).insert(Dominated(0));
    }
}

/// Make this hero's facing the hexside toward a foe (for the dodge's direction).
pub fn facing_toward(world: &World, hero: Entity, foe: Entity) -> u8 {
    let (Some(a), Some(b)) = (
        world.get::<HexPos>(hero).map(|p| p.0),
        world.get::<HexPos>(foe).map(|p| p.0),
    ) else {
        return world.get::<Facing>(hero).map_or(0, |f| f.0);
    };
    hexside_toward(a, b)
}

/// "Block": readied before the blow, against the next hand-to-hand attack this round.
pub fn price_block(world: &World, e: Entity) -> Result<Priced<()>, Refusal> {
    if engaged_foes(world, e).is_empty() {
        let name = hero_name(world, e);
        return Err(format!("{name} has no foe within one pace to block").into());
    }
    Ok(Priced::new(BLOCK_AP, ()))
}

/// "Dodge ... may only be employed if no attacks are attempted": the attacks from two
/// hexsides, `toward` and the next.
pub fn price_dodge(world: &World, e: Entity, toward: u8) -> Result<Priced<u8>, Refusal> {
    let name = hero_name(world, e);
    let close = world.get::<CloseCombat>(e).copied().unwrap_or_default();
    if close.attacked {
        return Err(format!(
            "{name} has attacked this round: dodging is only for those who do not"
        )
        .into());
    }
    if close.dodge.is_some() {
        return Err(format!("{name} is dodging already").into());
    }
    if toward > 5 {
        return Err("a dodge faces a hexside 0 to 5".into());
    }
    Ok(Priced::new(DODGE_AP, toward))
}

/// The blows at `hero` on the table, for every player to see: each foe's attack declared and
/// due this segment, or being paid for, with the segment it lands in (now, or when its
/// tokens pay it off) and the hexside it comes from. A block or a dodge stands only from the
/// segment it resolves in: a play-test's dodge resolved in segment 7, after the quick attack
/// it was meant for had landed in segment 6.
pub fn blows_on_the_table(world: &World, hero: Entity) -> Vec<(Entity, u32, u8)> {
    let id = hero_id(world, hero);
    let at_hero = |a: &crate::sim::intent::Action| a.strikes_at(id);
    let Some(round) = world.get_resource::<crate::sim::model::RoundState>() else {
        return Vec::new();
    };
    let now = round.segment.max(1);
    let from = |foe: Entity| {
        let (Some(at), Some(there)) = (
            crate::sim::query::position(world, hero),
            crate::sim::query::position(world, foe),
        ) else {
            return 0;
        };
        hexside_toward(at, there)
    };
    let due = round
        .due
        .iter()
        .filter(|a| at_hero(a))
        .filter_map(|a| crate::sim::query::entity(world, a.hero()))
        .map(|foe| (foe, now, from(foe)));
    let paying = crate::sim::query::heroes(world)
        .into_iter()
        .filter(|&foe| {
            world
                .get::<crate::sim::model::Committed>(foe)
                .is_some_and(|c| at_hero(&c.0))
        })
        .filter_map(|foe| Some((foe, paid_off_in(world, foe, now)?, from(foe))));
    let mut blows: Vec<(Entity, u32, u8)> = due.chain(paying).collect();
    blows.sort_by_key(|&(foe, lands, _)| (lands, foe));
    blows
}

/// The segment after `now` in which the action `hero` pays for token by token is paid off,
/// and so resolves (a blow lands): None when its tokens this round do not pay it.
pub fn paid_off_in(world: &World, hero: Entity, now: u32) -> Option<u32> {
    let mut track = world.get::<crate::sim::model::Track>(hero)?.0.clone();
    crate::rules::action_time::paid_at(&mut track, now)
}

pub fn block(world: &mut World, e: Entity, ap: u32) -> Outcome {
    let mut c = world.get::<CloseCombat>(e).copied().unwrap_or_default();
    c.blocks += 1;
    world.entity_mut(e).insert(c);
    Outcome::Prepared {
        hero: hero_id(world, e),
        what: format!("readies a block ({} ready)", c.blocks),
        ap,
    }
}

pub fn dodge(world: &mut World, e: Entity, toward: u8, ap: u32) -> Outcome {
    let mut c = world.get::<CloseCombat>(e).copied().unwrap_or_default();
    c.dodge = Some(toward);
    world.entity_mut(e).insert(c);
    // Declared before any foe is near, it stands ready all the same ("state your intent
    // before the attacker rolls"), and the log says so: a play-test's dodge with no foe near
    // was taken without a word.
    let alone = if engaged_foes(world, e).is_empty() {
        "; no foe within a pace yet: it stands ready for the round"
    } else {
        ""
    };
    Outcome::Prepared {
        hero: hero_id(world, e),
        what: format!(
            "dodges the attacks from the {} and the {} (hexsides {toward} and {}){alone}",
            crate::rules::hexmap::hexside_name(toward),
            crate::rules::hexmap::hexside_name(turned(toward, 1)),
            turned(toward, 1)
        ),
        ap,
    }
}
