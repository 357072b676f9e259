//! Planning a declared series of shots, or a fan, from the weapon in hand: each shot's plan,
//! the AP of the whole, the cocking the series pays.

use super::plan::*;
use crate::data::gear::WeaponKind;
use crate::rules::ranged::{self, ShotKind};
use crate::rules::shot::{Attack, Volley};
use crate::rules::weapons::COCK_AP;
use crate::sim::intent::Refusal;
use crate::sim::query::weapon_in_hand;
use bevy::prelude::*;

/// A declared series of shots from the weapon in hand, or a fan.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesPlan {
    pub ap: u32,
    pub fan: bool,
    /// Action sabotage: fired to miss (`Action::Sabotage`).
    pub sabotage: bool,
    pub targets: Vec<Entity>,
    pub shots: Vec<ShotPlan>,
    pub volley: Volley,
}

impl SeriesPlan {
    pub(super) fn single(p: ShotPlan, ap: u32) -> SeriesPlan {
        let volley = Volley {
            skill: p.request.skill,
            rows: p.request.rows,
            weapon: p.request.weapon.clone(),
            attacks: vec![Attack {
                terms: p.terms.clone(),
                target_size: p.request.target_size,
                cover: p.cover.clone(),
                close: None,
            }],
            limit: u32::MAX,
            venture: p.venture,
            will: p.will,
            bonus: None,
        };
        SeriesPlan {
            ap,
            fan: false,
            sabotage: false,
            targets: vec![p.target],
            shots: vec![p],
            volley,
        }
    }
}

/// Each shot of a series planned (a fan's as snap shots), with its target's place in the
/// series' order and its kind: a secondary target's shot takes its -1 a target before it.
#[allow(clippy::type_complexity)]
fn each_shot(
    world: &World,
    hero: Entity,
    shots: &[(Entity, ShotKind)],
    fan: bool,
) -> Result<(Vec<ShotPlan>, Vec<(usize, ShotKind)>), Refusal> {
    let mut order: Vec<Entity> = Vec::new();
    let mut indexed = Vec::new();
    let mut plans = Vec::new();
    for &(target, kind) in shots {
        let kind = if fan { ShotKind::Snap } else { kind };
        let mut p = plan_with(world, hero, target, kind, true, false, None)?;
        let index = match order.iter().position(|&t| t == target) {
            Some(i) => i,
            None => {
                order.push(target);
                order.len() - 1
            }
        };
        // "Secondary targets: -1 for each target after the first, cumulative".
        if index > 0 {
            p.terms.modifiers.push(ranged::Modifier {
                name: "secondary target".into(),
                value: -(index as i32),
            });
        }
        indexed.push((index, kind));
        plans.push(p);
    }
    Ok((plans, indexed))
}

/// Plan a series: "The number and type of attacks that will be attempted must be clearly
/// declared, as well as the order and priority, before rolling." With `fan`, every shot is a
/// snap shot fanned from a single action revolver.
pub fn plan_series(
    world: &World,
    hero: Entity,
    shots: &[(Entity, ShotKind)],
    fan: bool,
) -> Result<SeriesPlan, Refusal> {
    if shots.is_empty() || shots.len() > ranged::MAX_SHOTS {
        return Err(format!(
            "a series is 1 to {} shots, not {}",
            ranged::MAX_SHOTS,
            shots.len()
        )
        .into());
    }
    let (plans, indexed) = each_shot(world, hero, shots, fan)?;
    let first = &plans[0];
    let weapon = first.weapon.clone();
    let state = weapon_in_hand(world, hero)
        .map(|w| w.1.clone())
        .ok_or("no weapon in hand")?;
    let burst = first.request.weapon.burst.is_some();
    if state.rounds < if burst { 1 } else { shots.len() as u32 } {
        return Err(format!(
            "the {} holds {} rounds, not {}",
            weapon.name,
            state.rounds,
            shots.len()
        )
        .into());
    }
    let mut shot_weapon = first.request.weapon.clone();
    let (ap, rows) = if fan {
        if weapon.kind != WeaponKind::Pistol || !weapon.cocked || weapon.double_action {
            return Err(format!(
                "only a single action revolver can be fanned, not the {}",
                weapon.name
            )
            .into());
        }
        shot_weapon.reliability += ranged::FAN_RELIABILITY;
        (
            ranged::fan_ap(&indexed),
            -(ranged::fan_downgrades(&indexed) as i32),
        )
    } else {
        let needs_cocking = weapon.needs_cocking();
        let ap = if burst {
            // One burst, spread over the targets: the shot's AP and the switches.
            first.ap + ranged::switches(&indexed)
        } else {
            ranged::series_ap(
                &indexed,
                (weapon.snap_ap, weapon.normal_ap, weapon.aim_ap),
                needs_cocking.then_some(COCK_AP),
                state.cocked,
            )?
        };
        (ap, 0)
    };
    // "All characters are limited to a number of attacks equal to their rank in the
    // appropriate skill, or their trait rank if attacking unskilled."
    let limit = first.request.skill.pool().map_or(1, |p| p.rows);
    let volley = Volley {
        skill: first.request.skill,
        rows,
        weapon: shot_weapon,
        attacks: plans
            .iter()
            .map(|p| Attack {
                terms: p.terms.clone(),
                target_size: p.request.target_size,
                cover: p.cover.clone(),
                close: None,
            })
            .collect(),
        limit,
        venture: first.venture,
        will: first.will,
        bonus: None,
    };
    Ok(SeriesPlan {
        ap,
        fan,
        sabotage: false,
        targets: shots.iter().map(|s| s.0).collect(),
        shots: plans,
        volley,
    })
}
