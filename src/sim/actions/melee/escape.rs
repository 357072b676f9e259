//! Getting out: breaking away from and escaping dominance, and the free attacks on a foe
//! who walks away.

use super::*;
use crate::rules::check::CheckRequest;
use crate::rules::hexmap::offset_of;
use crate::rules::melee::{self, AttackType, Dominance};
use crate::sim::deck::resolve_check;
use crate::sim::log::{check_fields, check_words};
use crate::sim::model::{Battle, Hero, HexPos};
use crate::sim::query::occupied_hexes;
use bevy::prelude::*;
use hexx::Hex;
use serde_json::{Map, json};

/// Getting out from under dominance: "TN 3 + (half level of opponent) ... 1 AP" (partial),
/// "2 AP and is TN 5 + (half level of opponent) ... placed in any adjacent, empty hex"
/// (dominance), "3 AP and the TN is 7 + (half ...)" (full). The AP and TN now, or why not.
pub fn escape_plan(world: &World, hero: Entity) -> Result<EscapePlan, Refusal> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let level = dominated(world, hero);
    let foes = engaged_foes(world, hero);
    let Some(&foe) = foes.first() else {
        return Err(format!("{} is engaged with nobody", h.name).into());
    };
    let foe_level = foes
        .iter()
        .filter_map(|&f| world.get::<Hero>(f).map(unarmed_level))
        .max()
        .unwrap_or(0);
    let Some((ap, tn)) = melee::escape_tn(Dominance::from_level(level), foe_level) else {
        return Err(format!(
            "{} is not dominated: just move (or disengage carefully)",
            h.name
        )
        .into());
    };
    Ok(EscapePlan { ap, tn, foe })
}

/// An escape as priced: its AP and TN, and the foe it gets away from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EscapePlan {
    pub ap: u32,
    pub tn: u32,
    pub foe: Entity,
}

pub fn price_escape(world: &World, hero: Entity) -> Result<Priced<EscapePlan>, Refusal> {
    let p = escape_plan(world, hero)?;
    Ok(Priced::new(p.ap, p))
}

pub fn escape(world: &mut World, hero: Entity, plan: EscapePlan, ap: u32) -> Outcome {
    let EscapePlan { tn, foe, .. } = plan;
    let h = world.get::<Hero>(hero).cloned().expect("planned");
    let level = dominated(world, hero);
    let request = CheckRequest::simple(close_skill(&h, "Brawling"), tn);
    let Ok(check) = resolve_check(world, &request) else {
        return Outcome::Refused {
            hero: hero_id(world, hero),
            reason: "no card".into(),
        };
    };
    let mut moved_to = None;
    if check.success {
        set_dominated(world, hero, 0);
        if level >= Dominance::Dominance.level() {
            // "placed in any adjacent, empty hex": the one farthest from the foe.
            let at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
            let foe_at = world.get::<HexPos>(foe).map(|p| p.0).unwrap_or_default();
            let occupied = occupied_hexes(world, hero);
            let battle = world.resource::<Battle>();
            let spot = at
                .all_neighbors()
                .into_iter()
                .filter(|n| {
                    battle.map.tile(*n).is_some_and(|t| t.terrain.passable())
                        && !occupied.contains(n)
                })
                .max_by_key(|n| (n.unsigned_distance_to(foe_at), n.x, n.y));
            if let Some(spot) = spot {
                world.get_mut::<HexPos>(hero).expect("a hero").0 = spot;
                moved_to = Some(offset_of(spot));
            }
        }
    }
    let what = Dominance::from_level(level).name();
    let text = format!(
        "{}: escape from {what} (Brawling, TN {tn}), {}; {}",
        h.name,
        check_words(&check),
        if check.success {
            match moved_to {
                Some((c, r)) => format!("free, and out to {c},{r}"),
                None => "free".to_string(),
            }
        } else {
            "still held".to_string()
        }
    );
    let mut f = check_fields(&check);
    f.insert("from".into(), json!(what));
    f.insert("escaped".into(), json!(check.success));
    f.insert("ap".into(), json!(ap));
    log(world, hero, "escape", text.clone(), f);
    Outcome::Escaped {
        hero: hero_id(world, hero),
        free: check.success,
        text,
    }
}

/// The free attack of a foe the mover breaks away from: "the other combatant may immediately
/// make a hand-to-hand attack for one fewer AP (minimum 0)" — a quick attack for 1 AP from
/// the foe's track, when it has one.
pub fn free_attacks(world: &mut World, mover: Entity, to: Hex) {
    for foe in engaged_foes(world, mover) {
        let foe_at = world.get::<HexPos>(foe).map(|p| p.0).unwrap_or_default();
        if foe_at.unsigned_distance_to(to) <= 1 {
            continue;
        }
        let cost = melee::free_attack_ap(AttackType::Quick, false);
        let paid = world
            .get_mut::<crate::sim::model::Track>(foe)
            .is_some_and(|mut t| {
                let left = t.0.in_front + t.0.pool;
                if left < cost {
                    return false;
                }
                let from_front = t.0.in_front.min(cost);
                t.0.in_front -= from_front;
                t.0.pool -= cost - from_front;
                t.0.spent += cost;
                true
            });
        if !paid {
            continue;
        }
        if let Ok(p) = plan(world, foe, mover, AttackType::Quick, false, 1) {
            let who = name(world, foe);
            let mover_name = name(world, mover);
            log(
                world,
                foe,
                "free_attack",
                format!("{mover_name} breaks away: {who} gets a free quick attack ({cost} AP)"),
                Map::new(),
            );
            execute(world, foe, p);
        }
    }
}
