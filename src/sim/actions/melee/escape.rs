//! Getting out: breaking away from partial dominance (a step away at its normal AP), escaping
//! dominance and full dominance (placed beside the foe, to disengage as the hero chooses), and
//! the free attacks on a foe who walks away.

use super::*;
use crate::rules::check::CheckRequest;
use crate::rules::hexmap::{facing_to, offset_of};
use crate::rules::melee::{self, AttackType, Dominance};
use crate::rules::movement::{Gait, path_cost};
use crate::sim::deck::resolve_check;
use crate::sim::events::{MatchEvent, record};
use crate::sim::log::check_words;
use crate::sim::model::{Battle, Hero, HexPos, Mount, MountedOn, Track};
use bevy::prelude::*;
use hexx::Hex;

/// Getting out from under dominance: "TN 3 + (half level of opponent) ... Each attempt costs 1
/// AP. If successful, the combatant must move at least 1 hex ... away from their foe at normal
/// AP cost" (partial); "2 AP and is TN 5 + (half level of opponent) ... placed in any adjacent,
/// empty hex" (dominance); "3 AP and the TN is 7 + (half ...)" (full). The AP and TN now, and
/// where success puts the hero, or why not.
pub fn escape_plan(world: &World, hero: Entity) -> Result<EscapePlan, Refusal> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let level = dominated(world, hero);
    let foes = engaged_foes(world, hero);
    // The foe whose half level sets the TN: the most skilled (the first in the level's order
    // among equals).
    let Some((foe_level, foe)) = foes
        .iter()
        .filter_map(|&f| world.get::<Hero>(f).map(|fh| (unarmed_level(fh), f)))
        .rev()
        .max_by_key(|(l, _)| *l)
    else {
        return Err(format!("{} is engaged with nobody", h.name).into());
    };
    let dominance = Dominance::from_level(level);
    let Some((ap, tn)) = melee::escape_tn(dominance, foe_level) else {
        return Err(format!(
            "{} is not dominated: just move (or disengage carefully)",
            h.name
        )
        .into());
    };
    let at = world
        .get::<HexPos>(hero)
        .map(|p| p.0)
        .ok_or("no position")?;
    let open = open_neighbours(world, hero, at);
    if dominance == Dominance::Partial {
        let (step, step_ap) = break_away_step(world, hero, (&h.name, at, &open), (&foes, foe))?;
        return Ok(EscapePlan {
            ap: ap + step_ap,
            tn,
            foe,
            level,
            to: Some(step),
            step_ap,
        });
    }
    Ok(EscapePlan {
        ap,
        tn,
        foe,
        level,
        to: escape_hex(world, hero, (at, &open), (&foes, foe)),
        step_ap: 0,
    })
}

/// Whether hex `n` is within a pace of any of `foes`.
fn beside_a_foe(world: &World, foes: &[Entity], n: Hex) -> bool {
    foes.iter().any(|&f| {
        world
            .get::<HexPos>(f)
            .is_some_and(|p| p.0.unsigned_distance_to(n) <= 1)
    })
}

/// Breaking away from a partial dominance: the hero, standing and out of the saddle and
/// cover, steps to the cheapest `open` hex beside it away from every foe (the farthest from
/// them among equals); the step and its AP.
fn break_away_step(
    world: &World,
    hero: Entity,
    (name, at, open): (&str, Hex, &[Hex]),
    (foes, foe): (&[Entity], Entity),
) -> Result<(Hex, u32), Refusal> {
    if world.get::<MountedOn>(hero).is_some() {
        return Err(format!("{name} is in the saddle: ride away instead").into());
    }
    crate::sim::actions::movement::up_and_out(world, hero, name)?;
    // "If it is not possible to move away from the engagement, the combatant must move
    // (see maneuvering within an engagement, above) prior to making the break-away
    // attempt."
    let foe_name = hero_name(world, foe);
    open.iter()
        .filter(|&&n| !beside_a_foe(world, foes, n))
        .filter_map(|&n| step_ap(world, hero, at, n).map(|ap| (n, ap)))
        .min_by_key(|&(n, ap)| (ap, std::cmp::Reverse(distance_to(world, foes, n)), n.x, n.y))
        .ok_or_else(|| {
            Refusal::new(format!(
                "{name} has no open hex away from {foe_name}: maneuver beside the foe first"
            ))
        })
}

/// Escaping dominance: an adjacent empty hex still beside the foe (the engagement is broken
/// afterwards, carefully or not), the one with the most open hexes away from every foe; no
/// such hex, and the hero is freed where it stands (`None`).
fn escape_hex(
    world: &World,
    hero: Entity,
    (at, open): (Hex, &[Hex]),
    (foes, foe): (&[Entity], Entity),
) -> Option<Hex> {
    open.iter()
        .copied()
        .filter(|n| {
            world
                .get::<HexPos>(foe)
                .is_some_and(|p| p.0.unsigned_distance_to(*n) == 1)
        })
        .max_by_key(|&n| {
            let ways_out = open_neighbours(world, hero, n)
                .iter()
                .filter(|&&m| m != at && !beside_a_foe(world, foes, m))
                .count();
            (ways_out, std::cmp::Reverse((n.x, n.y)))
        })
}

/// An escape as priced: its AP and TN, the foe it gets away from, the hero's dominance, where
/// success puts the hero, and the AP of a break-away's step (given back when the attempt fails:
/// "Each attempt costs 1 AP").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EscapePlan {
    pub ap: u32,
    pub tn: u32,
    pub foe: Entity,
    pub level: u32,
    pub to: Option<Hex>,
    pub step_ap: u32,
}

pub fn price_escape(world: &World, hero: Entity) -> Result<Priced<EscapePlan>, Refusal> {
    let p = escape_plan(world, hero)?;
    Ok(Priced::new(p.ap, p))
}

/// Open hexes around `at`: on the map, passable, nobody standing there.
fn open_neighbours(world: &World, hero: Entity, at: Hex) -> Vec<Hex> {
    let occupied = occupied(world, hero);
    let battle = world.resource::<Battle>();
    at.all_neighbors()
        .into_iter()
        .filter(|n| {
            battle.map.tile(*n).is_some_and(|t| t.terrain.passable()) && !occupied.contains(n)
        })
        .collect()
}

/// Hexes where figures stand (heroes and mounts), but for `except` and its mount.
fn occupied(world: &World, except: Entity) -> Vec<Hex> {
    let mount = world.get::<MountedOn>(except).map(|m| m.0);
    let mut hexes: Vec<Hex> = crate::sim::query::heroes(world)
        .into_iter()
        .filter(|&e| e != except)
        .filter_map(|e| world.get::<HexPos>(e).map(|p| p.0))
        .collect();
    if let Some(mut q) = world.try_query::<(Entity, &HexPos, &Mount)>() {
        hexes.extend(
            q.iter(world)
                .filter(|(e, _, _)| Some(*e) != mount)
                .map(|(_, p, _)| p.0),
        );
    }
    hexes
}

fn distance_to(world: &World, foes: &[Entity], to: Hex) -> u32 {
    foes.iter()
        .filter_map(|&f| world.get::<HexPos>(f))
        .map(|p| p.0.unsigned_distance_to(to))
        .sum()
}

/// "at normal AP cost": the pace by the Movement AP table, walking; the hero backs off still
/// facing its foe, so no turn is paid.
fn step_ap(world: &World, hero: Entity, at: Hex, to: Hex) -> Option<u32> {
    let h = world.get::<Hero>(hero)?;
    let map = &world.resource::<Battle>().map;
    let (paces, _) = map.paces(at, facing_to(at, to)?, &[to])?;
    Some(path_cost(&paces, Gait::Walk, h.move_paces, h.run).total)
}

pub fn escape(world: &mut World, hero: Entity, plan: EscapePlan, ap: u32) -> Outcome {
    let EscapePlan {
        tn,
        foe,
        level,
        to,
        step_ap,
        ..
    } = plan;
    let h = world.get::<Hero>(hero).cloned().expect("planned");
    let request = CheckRequest::simple(close_skill(&h, "Brawling"), tn);
    let Ok(check) = resolve_check(world, &request) else {
        return Outcome::Refused {
            hero: hero_id(world, hero),
            reason: "no card".into(),
        };
    };
    let partial = level == Dominance::Partial.level();
    let foe_name = hero_name(world, foe);
    let mut moved_to = None;
    if check.success {
        set_dominated(world, hero, 0);
        if let Some(spot) = to {
            world.get_mut::<HexPos>(hero).expect("a hero").0 = spot;
            if let Some(mut m) = world.get_mut::<crate::sim::model::MovedThisRound>(hero) {
                m.0 = Some(m.0.unwrap_or(Gait::Walk));
            }
            // Placed beside the foe, the hero faces it; breaking away, it backs off facing it.
            if !partial {
                let facing = facing_toward(world, hero, foe);
                if let Some(mut f) = world.get_mut::<Facing>(hero) {
                    f.0 = facing;
                }
            }
            moved_to = Some(offset_of(spot));
        }
    } else if step_ap > 0 {
        // The step was paid with the attempt: it is not taken, its AP come back in front.
        if let Some(mut t) = world.get_mut::<Track>(hero) {
            t.0.in_front += step_ap;
            t.0.spent = t.0.spent.saturating_sub(step_ap);
        }
    }
    let what = Dominance::from_level(level).name();
    let kind = if partial { "break away" } else { "escape" };
    let text = format!(
        "{}: {kind} from {what} (Brawling, TN {tn}), {}; {}",
        h.name,
        check_words(&check),
        match (check.success, moved_to, partial) {
            (true, Some((c, r)), true) =>
                format!("free, and steps away from {foe_name} to {c},{r}"),
            (true, Some((c, r)), false) => {
                format!("free, and out to {c},{r}, still beside {foe_name}")
            }
            (true, None, _) => "free".to_string(),
            (false, _, _) if step_ap > 0 => format!(
                "still held (the step's {} kept)",
                crate::rules::words::count(step_ap, "AP", "AP")
            ),
            (false, _, _) => "still held".to_string(),
        }
    );
    let calamity = check.calamity;
    let escaped = check.success;
    let report = crate::sim::events::Escape {
        words: text.clone(),
        check,
        from: what,
        ap,
        to: moved_to,
        step_ap,
    };
    record(world, Some(hero), MatchEvent::Escape(Box::new(report)));
    if calamity {
        super::calamity::escape_calamity(world, hero, foe);
    }
    Outcome::Escaped {
        hero: hero_id(world, hero),
        free: escaped,
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
        let mover_name = name(world, mover);
        free_attack(world, foe, mover, &format!("{mover_name} breaks away"));
    }
}

/// Whether the attacker's track holds the AP of a free quick attack (a foe spending the round
/// recovering from a stun holds none): the computer asks it before paying for care.
pub fn pays_a_free_attack(world: &World, attacker: Entity) -> bool {
    let cost = melee::free_attack_ap(AttackType::Quick, false);
    world
        .get::<Track>(attacker)
        .is_some_and(|t| t.0.in_front + t.0.pool >= cost)
}

/// A free quick attack for one fewer AP, paid from the attacker's track when it has them;
/// `why` opens its log line. Whether it was made.
pub(super) fn free_attack(world: &mut World, attacker: Entity, target: Entity, why: &str) -> bool {
    let cost = melee::free_attack_ap(AttackType::Quick, false);
    if !pays_a_free_attack(world, attacker) {
        return false;
    }
    let paid = world.get_mut::<Track>(attacker).is_some_and(|mut t| {
        let from_front = t.0.in_front.min(cost);
        t.0.in_front -= from_front;
        t.0.pool -= cost - from_front;
        t.0.spent += cost;
        true
    });
    if !paid {
        return false;
    }
    let Ok(p) = plan(world, attacker, target, AttackType::Quick, false, 1) else {
        return false;
    };
    let who = name(world, attacker);
    let event = MatchEvent::FreeAttack {
        why: why.to_string(),
        hero: who,
        ap: cost,
    };
    record(world, Some(attacker), event);
    // Made in the middle of another hero's action, it is resolved at once: its bumps spent as
    // the attacker's seat spends them unasked, as a series' are (decision 133).
    let spend = crate::sim::seats::spend_bumps(world, attacker, &p.volley);
    strike(world, attacker, p, spend);
    true
}
