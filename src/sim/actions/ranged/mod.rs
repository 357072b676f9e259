//! Ranged combat on the battle: a shot is planned from the map (line of fire, cover, range,
//! speeds) into the rules' `ShotRequest`, resolved through the action deck, and its outcome
//! applied: ammunition, cover ablation, wounds, stun, equipment failure, stray shots.

mod fire;
mod plan;
mod report;

pub use fire::*;
pub use plan::*;
pub use report::*;

use bevy::prelude::*;

/// Entered or left cover this round ("Appearing/Disappearing").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AppearedThisRound(pub bool);

/// A failed Bravery check: "Aiming may not be attempted again this round."
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AimLost(pub bool);

/// Shots at a hero since its last action shake its aim ("Tactical Aiming").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnderFire {
    pub shots: u32,
    pub hits: u32,
    /// Melee attacks at it, and whether one hit.
    pub melee: u32,
    pub melee_hit: bool,
}

pub(super) use crate::game::log::hero_name as name;

pub(super) use crate::game::log::log_by as log;
