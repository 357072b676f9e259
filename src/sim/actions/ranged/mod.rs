//! Ranged combat on the battle: a shot is planned from the map (line of fire, cover, range,
//! speeds) into the rules' `ShotRequest`, resolved through the action deck, and its outcome
//! applied: ammunition, cover ablation, wounds, stun, equipment failure, stray shots.

mod bravery;
mod fire;
pub mod lands;
mod plan;
mod report;
mod sabotage;
mod series;
mod strays;

pub use bravery::{aim_keeps, bravery_request};
pub use fire::*;
pub use plan::*;
pub use report::*;
pub use sabotage::*;
pub use series::*;
pub use strays::{
    allies_going_near_the_line, allies_near_the_line, glass_near_the_line, stray_candidates,
};

use super::outcome::Priced;
use crate::sim::intent::Refusal;
use bevy::prelude::*;

pub(super) use crate::sim::query::hero_name as name;

/// The price of a shot with the main or the off hand's weapon: a series of one.
pub fn price_shot(
    world: &World,
    hero: Entity,
    target: Entity,
    kind: crate::rules::ranged::ShotKind,
    off_hand: bool,
) -> Result<Priced<SeriesPlan>, Refusal> {
    let p = plan_hand(world, hero, target, kind, off_hand)?;
    let ap = p.ap;
    Ok(Priced::new(ap, SeriesPlan::single(p, ap)))
}

/// The price of a declared series of shots, or a fan.
pub fn price_series(
    world: &World,
    hero: Entity,
    shots: &[(Entity, crate::rules::ranged::ShotKind)],
    fan: bool,
) -> Result<Priced<SeriesPlan>, Refusal> {
    let series = plan_series(world, hero, shots, fan)?;
    Ok(Priced::new(series.ap, series))
}
