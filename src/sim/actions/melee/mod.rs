//! Hand-to-hand combat on the battle: engagement (standing foes within one pace), defense
//! values, advantage, attacks through the action card (one pool for several attacks),
//! prepared blocks and dodges, dominance with its shoves, escapes and breaking away.

mod attack;
mod engage;
mod escape;

pub use attack::*;
pub use engage::*;
pub use escape::*;

use crate::game::battle::{Facing, HexPos, MovedThisRound};
use crate::rules::hexmap::hexside_toward;
use bevy::prelude::*;

/// How far a hero is dominated by the foes it is engaged with (0 none .. 3 full).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dominated(pub u32);

/// This round's close-combat state: prepared blocks, a dodge, whether it attacked, and how
/// many rounds in a row it has stood still while engaged.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CloseCombat {
    pub blocks: u32,
    pub dodge: Option<u8>,
    pub attacked: bool,
    pub rounds_still: u32,
}

pub(super) use crate::game::log::log_by as log;

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
