//! The actions a hero declares, one family per module: each prices an action (its AP and the
//! plan, or why it is not legal now) and performs that plan. A declaration is priced and paid;
//! when it resolves it is priced again (what changed since makes it fail, and the AP are lost)
//! and that one plan is performed: an action is planned once per moment, never re-planned
//! while it is carried out.

pub mod aid;
pub mod bonus;
pub mod melee;
pub mod mounts;
pub mod movement;
pub mod objectives;
pub mod outcome;
pub mod posture;
pub mod ranged;
pub mod resolve;
pub mod weapons;

pub use outcome::{Outcome, Priced};

use super::intent::{Action, HeroId, Refusal};
use super::query;
use bevy::prelude::*;
use hexx::Hex;
use posture::Posture;

/// What performing an action will do, as priced.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    Move(movement::Walk),
    Face(u8),
    Posture(Posture),
    Ready {
        weapon: usize,
        off_hand: bool,
    },
    Cock {
        weapon: usize,
    },
    Reload {
        weapon: usize,
        rounds: u32,
    },
    Objective(usize),
    Steer(u8),
    Rein(u32),
    MountUp(Entity),
    Dismount(Hex),
    /// A shot, an off-hand shot, a series or a fan.
    Shots(Box<ranged::SeriesPlan>),
    Melee(Box<melee::MeleePlan>),
    Block,
    Dodge(u8),
    Escape(melee::EscapePlan),
    /// The bonus counter to this ally.
    BackUp(Entity),
    SpeedLoad {
        weapon: usize,
        missing: u32,
    },
    /// The unconscious ally to revive.
    Revive(Entity),
    /// The item to take (the level's index).
    Take(usize),
    /// The item to put down.
    Drop(usize),
    /// A shot fired to miss.
    Sabotage(Box<ranged::SeriesPlan>),
}

/// The price of an action now, or why it is not legal.
pub fn price(world: &World, action: &Action) -> Result<Priced<Plan>, Refusal> {
    let e = hero_entity(world, action.hero())?;
    let ready = |(weapon, off_hand)| Plan::Ready { weapon, off_hand };
    match action {
        Action::Move { to, gait, .. } => {
            movement::price_move(world, e, *to, *gait).map(|p| p.map(Plan::Move))
        }
        Action::Disengage { to, .. } => {
            movement::price_disengage(world, e, *to).map(|p| p.map(Plan::Move))
        }
        Action::Face { facing, .. } => {
            movement::price_face(world, e, *facing).map(|p| p.map(Plan::Face))
        }
        Action::DropProne { .. } => {
            posture::price(world, e, Posture::DropProne).map(|p| p.map(Plan::Posture))
        }
        Action::StandUp { .. } => {
            posture::price(world, e, Posture::StandUp).map(|p| p.map(Plan::Posture))
        }
        Action::DuckBehindCover { .. } => {
            posture::price(world, e, Posture::Duck).map(|p| p.map(Plan::Posture))
        }
        Action::EmergeFromCover { .. } => {
            posture::price(world, e, Posture::Emerge).map(|p| p.map(Plan::Posture))
        }
        Action::Ready { weapon, .. } => {
            weapons::price_ready(world, e, *weapon, false).map(|p| p.map(ready))
        }
        Action::ReadyOffHand { weapon, .. } => {
            weapons::price_ready(world, e, *weapon, true).map(|p| p.map(ready))
        }
        Action::Cock { .. } => {
            weapons::price_cock(world, e).map(|p| p.map(|weapon| Plan::Cock { weapon }))
        }
        Action::Reload { .. } => weapons::price_reload(world, e)
            .map(|p| p.map(|(weapon, rounds)| Plan::Reload { weapon, rounds })),
        Action::WorkObjective { objective, .. } => {
            objectives::price(world, e, *objective).map(|p| p.map(Plan::Objective))
        }
        Action::Steer { facing, .. } => {
            mounts::price_steer(world, e, *facing).map(|p| p.map(Plan::Steer))
        }
        Action::Rein { speed, .. } => {
            mounts::price_rein(world, e, *speed).map(|p| p.map(Plan::Rein))
        }
        Action::MountUp { .. } => mounts::price_mount_up(world, e).map(|p| p.map(Plan::MountUp)),
        Action::Dismount { .. } => mounts::price_dismount(world, e).map(|p| p.map(Plan::Dismount)),
        _ => price_fight(world, e, action),
    }
}

/// The price of a shot, a blow, a defence or an aid to an ally.
fn price_fight(world: &World, e: Entity, action: &Action) -> Result<Priced<Plan>, Refusal> {
    let target = |world: &World, id: HeroId| {
        query::entity(world, id).ok_or_else(|| Refusal::new("there is nobody there"))
    };
    match action {
        Action::Shoot {
            target: t, kind, ..
        } => {
            let t = target(world, *t)?;
            ranged::price_shot(world, e, t, *kind, false)
                .map(|p| p.map(|s| Plan::Shots(Box::new(s))))
        }
        Action::ShootOffHand {
            target: t, kind, ..
        } => {
            let t = target(world, *t)?;
            ranged::price_shot(world, e, t, *kind, true)
                .map(|p| p.map(|s| Plan::Shots(Box::new(s))))
        }
        Action::Series { shots, fan, .. } => {
            let mut list = Vec::new();
            for (t, kind) in shots {
                list.push((target(world, *t)?, *kind));
            }
            ranged::price_series(world, e, &list, *fan).map(|p| p.map(|s| Plan::Shots(Box::new(s))))
        }
        Action::Melee {
            target: t,
            attack,
            careful,
            times,
            ..
        } => {
            let t = target(world, *t)?;
            melee::price_attack(world, e, t, *attack, *careful, *times as u32)
                .map(|p| p.map(|m| Plan::Melee(Box::new(m))))
        }
        Action::MeleeSeries { blows, .. } => {
            let mut list = Vec::new();
            for &(t, attack, careful) in blows {
                list.push((target(world, t)?, attack, careful));
            }
            melee::price_series(world, e, &list).map(|p| p.map(|m| Plan::Melee(Box::new(m))))
        }
        Action::BackUp { ally, .. } => {
            let ally = target(world, *ally)?;
            bonus::price_back_up(world, e, ally).map(|p| p.map(Plan::BackUp))
        }
        Action::Block { .. } => melee::price_block(world, e).map(|p| p.map(|()| Plan::Block)),
        Action::Dodge { toward, .. } => {
            melee::price_dodge(world, e, *toward).map(|p| p.map(Plan::Dodge))
        }
        Action::Escape { .. } => melee::price_escape(world, e).map(|p| p.map(Plan::Escape)),
        Action::SpeedLoad { .. } => weapons::price_speed_load(world, e)
            .map(|p| p.map(|(weapon, missing)| Plan::SpeedLoad { weapon, missing })),
        Action::Revive { target: t, .. } => {
            let t = target(world, *t)?;
            aid::price_revive(world, e, t).map(|p| p.map(Plan::Revive))
        }
        Action::TakeItem { .. } => crate::sim::counters::price_take(world, e)
            .map(|item| Priced::new(crate::rules::counter::ITEM_AP, Plan::Take(item)))
            .map_err(Refusal::new),
        Action::DropItem { .. } => crate::sim::counters::price_drop(world, e)
            .map(|item| Priced::new(crate::rules::counter::ITEM_AP, Plan::Drop(item)))
            .map_err(Refusal::new),
        Action::Sabotage {
            target: t, kind, ..
        } => {
            let t = target(world, *t)?;
            let mut priced = ranged::price_shot(world, e, t, *kind, false)?;
            let weapon = &priced.plan.shots[0].weapon;
            if weapon.kind == crate::data::gear::WeaponKind::Thrown {
                return Err(format!("the {} is thrown, not fired to miss", weapon.name).into());
            }
            priced.plan.sabotage = true;
            Ok(priced.map(|s| Plan::Sabotage(Box::new(s))))
        }
        other => Err(format!("{} is not priced as a fight", other.name()).into()),
    }
}

/// The entity of the hero an action is for.
pub fn hero_entity(world: &World, id: HeroId) -> Result<Entity, Refusal> {
    query::entity(world, id).ok_or_else(|| Refusal::new("no such hero"))
}

/// Perform a fully paid action: priced again now (what changed since the declaration makes it
/// fail, and its AP are lost), then that plan carried out.
pub fn perform(world: &mut World, action: &Action) -> Outcome {
    let hero = action.hero();
    let priced = match price(world, action) {
        Ok(p) => p,
        Err(why) => {
            return Outcome::Refused {
                hero,
                reason: why.lost(),
            };
        }
    };
    let Ok(e) = hero_entity(world, hero) else {
        return Outcome::Refused {
            hero,
            reason: "no such hero".into(),
        };
    };
    let paid = crate::sim::model::PaidForDue::take(world, e, action);
    match movement::as_far_as_paid(world, action, priced, paid) {
        Ok(priced) => execute(world, e, priced),
        Err(reason) => Outcome::Refused { hero, reason },
    }
}

/// Carry out a priced plan: the `ResolveAction` schedule, whose systems each resolve one
/// rule's plans (`resolve.rs`).
pub fn execute(world: &mut World, e: Entity, priced: Priced<Plan>) -> Outcome {
    resolve::resolve(world, e, priced)
}
