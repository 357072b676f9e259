//! The rules a match must never break, checked while it runs (`tarnation balance`, the soak
//! test): every new event of the match log and the state of every figure, each time the
//! computer is asked for a declaration and after every frame.
//!
//! - AP: a track never spends more than it had (spent + in front + pool = the round's AP), and
//!   never goes below zero.
//! - A hero who is down is never asked to declare, and never acts after the event that put it
//!   down (declares, pays, shoots, strikes, works, resolves) until a medicine roll revives it.
//! - No two standing figures share a hex (a rider and its mount do).
//! - No body part holds more wounds than it has boxes.
//! - Action-deck checks: a success (a hit) if and only if result >= TN without a calamity, and
//!   bumps = (result - TN) / 4 on a success, none otherwise.
//! - A shot whose gun fails says that it jams.
//! - Every declaration resolves in its segment or is refused with a reason; every action paid
//!   token by token is paid and resolves, or lapses at the end of the round (unless it may be
//!   paid over rounds).

use super::ai;
use super::intent::HeroId;
use super::model::{
    Down, Hero, HexPos, MatchLog, Mount, MountedOn, Roster, RoundState, Track, Wounds,
};
use super::query;
use crate::rules::check::bumps;
use crate::rules::damage::DISABLING_WOUND;
use crate::sim::model::LogEvent;
use bevy::prelude::*;
use hexx::Hex;
use serde_json::Value;
use std::collections::HashMap;

/// A rule broken: when, which rule, and the event or state that broke it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Break {
    pub round: u32,
    pub segment: u32,
    pub rule: &'static str,
    /// The event in words (or the state found).
    pub what: String,
}

/// What the watch has seen so far, and the breaks it found.
#[derive(Resource, Debug, Default)]
pub struct Watch {
    /// Events of the match log already checked.
    seen: usize,
    /// Heroes down at the last look, by level order.
    down: Vec<bool>,
    /// Per hero name: the time of a declaration paid and not yet resolved.
    due: HashMap<String, (u32, u32)>,
    /// Per hero name: an action being paid token by token (its name).
    committed: HashMap<String, String>,
    /// Broken states already reported (a state stays broken: it is reported once).
    reported: Vec<(&'static str, String)>,
    pub breaks: Vec<Break>,
}

/// The computer player, with the rules checked each time it is asked: a hero that is down is
/// never asked to declare.
pub fn checked_player(world: &mut World, id: HeroId) -> crate::sim::seats::Decision {
    check(world);
    if let Some(e) = query::entity(world, id)
        && query::is_down(world, e)
    {
        let name = query::hero_name(world, e);
        flag(world, "a hero who is down never declares", name);
    }
    ai::player(world, id)
}

fn flag(world: &mut World, rule: &'static str, what: String) {
    let (round, segment) = world.resource::<RoundState>().now();
    if let Some(mut watch) = world.get_resource_mut::<Watch>() {
        watch.breaks.push(Break {
            round,
            segment,
            rule,
            what,
        });
    }
}

/// Event kinds in which the actor acts (what a hero who is down never does).
const ACTS: &[&str] = &[
    "declare",
    "commit",
    "paid",
    "stack_fee",
    "hold",
    "give_up",
    "resolve",
    "shot",
    "melee",
    "escape",
    "skill",
    "quick_draw",
    "free_attack",
    "initiative",
    "speed_load",
    "medicine",
    "rush",
];

/// Event kinds that settle a declaration paid in full.
const SETTLES: &[&str] = &["resolve", "failed", "shot", "melee", "escape", "forgo"];

/// Actions a hero may go on paying in the next round.
const OVER_ROUNDS: &[&str] = &["work the objective", "reload", "revive"];

/// Check the events logged since the last look and the state of every figure now.
pub fn check(world: &mut World) {
    // The watch is taken out in place (a resource removed and inserted again is an entity
    // respawned), and put back at the end.
    let Some(mut watch) = world
        .get_resource_mut::<Watch>()
        .map(|mut w| std::mem::take(&mut *w))
    else {
        return;
    };
    look(world, &mut watch);
    *world.resource_mut::<Watch>() = watch;
}

/// The new events and the state of every figure, against the rules.
fn look(world: &World, watch: &mut Watch) {
    let heroes: &[Entity] = world.get_resource::<Roster>().map_or(&[], |r| &r.0[..]);
    let names: Vec<&str> = heroes
        .iter()
        .map(|&e| world.get::<Hero>(e).map_or("", |h| h.name.as_str()))
        .collect();
    watch.down.resize(heroes.len(), false);
    let events = &world.resource::<MatchLog>().events;
    let new = watch.seen..events.len();
    let down_from = down_since(world, watch, heroes, &names, new.clone());
    let mut breaks = events_against_rules(watch, events, new.clone(), &down_from);
    watch.seen = new.end;
    breaks.extend(figures_against_rules(world, watch, heroes, &names));
    watch.breaks.extend(breaks);
}

/// Heroes down now that were not at the last look: down from the last event that hit them
/// (the index of the first event after it), by name.
fn down_since<'w>(
    world: &'w World,
    watch: &Watch,
    heroes: &[Entity],
    names: &[&'w str],
    new: std::ops::Range<usize>,
) -> HashMap<&'w str, usize> {
    let events = &world.resource::<MatchLog>().events;
    let mut down_from: HashMap<&str, usize> = HashMap::new();
    for (i, &e) in heroes.iter().enumerate() {
        let name = names[i];
        if watch.down[i] {
            down_from.insert(name, new.start);
        } else if world.get::<Down>(e).is_some_and(|d| d.0) {
            let struck = new.clone().rev().find(|&k| {
                let ev = &events[k];
                str_field(&ev.fields, "target") == Some(name)
                    || (ev.actor.as_deref() == Some(name)
                        && matches!(
                            ev.kind.as_str(),
                            // The hit is the actor's own: a stray, a blast (his own dynamite
                            // too), his own pistol going off, the Stun check after a hit.
                            "stray_hit" | "recovery" | "blast" | "discharge" | "stun_check"
                        ))
            });
            if let Some(k) = struck {
                down_from.insert(name, k + 1);
            }
        }
    }
    down_from
}

/// The new events against the rules: nobody down acts, checks are read right, every
/// declaration resolves, is refused or lapses.
fn events_against_rules(
    watch: &mut Watch,
    events: &[LogEvent],
    new: std::ops::Range<usize>,
    down_from: &HashMap<&str, usize>,
) -> Vec<Break> {
    // Brought round by a medicine roll: up again after that event (decision 122).
    let revived_at: Vec<(&str, usize)> = new
        .clone()
        .filter(|&k| {
            let ev = &events[k];
            ev.kind == "medicine" && ev.fields.get("revived") == Some(&serde_json::json!(true))
        })
        .filter_map(|k| str_field(&events[k].fields, "target").map(|t| (t, k)))
        .collect();
    let up_again = |name: &str, from: usize, k: usize| {
        revived_at
            .iter()
            .any(|&(who, r)| who == name && r >= from && r < k)
    };
    let mut breaks = Vec::new();
    for k in new.clone() {
        let ev = &events[k];
        let now = (ev.round, ev.segment);
        let mut broke = |rule: &'static str| {
            breaks.push(Break {
                round: ev.round,
                segment: ev.segment,
                rule,
                what: ev.line(),
            })
        };
        let actor = ev.actor.as_deref().unwrap_or("");
        if ACTS.contains(&ev.kind.as_str())
            && down_from
                .get(actor)
                .is_some_and(|&from| k >= from && !up_again(actor, from, k))
        {
            broke("a hero who is down never acts");
        }
        if let Some(rule) = verdict(&ev.fields) {
            broke(rule);
        }
        // A gun that fails is said to jam, on a hit or a miss (a play-test saw JAM on a card
        // and no word of it in the log).
        if ev.kind == "shot"
            && ev.fields.get("equipment_failure") == Some(&Value::Bool(true))
            && !ev.text.contains(" jams")
        {
            broke("a gun that jams is said to");
        }
        // Declarations: a paid one settles in its segment; one paid token by token is paid
        // (and then settles) or lapses.
        let late: Vec<String> = watch
            .due
            .iter()
            .filter(|(_, at)| now > **at)
            .map(|(who, _)| who.clone())
            .collect();
        for who in late {
            watch.due.remove(&who);
            broke("every declaration resolves, is refused, or lapses");
        }
        if follow_declaration(watch, ev, actor, now) {
            broke("every declaration resolves, is refused, or lapses");
        }
    }
    breaks
}

/// Follow a declaration through its events: paid, committed, settled or lapsed. True when
/// the round ends with a commitment that can never settle.
fn follow_declaration(watch: &mut Watch, ev: &LogEvent, actor: &str, now: (u32, u32)) -> bool {
    match ev.kind.as_str() {
        "declare" => {
            watch.due.insert(actor.to_string(), now);
        }
        "commit" => {
            let action = str_field(&ev.fields, "action").unwrap_or("").to_string();
            watch.committed.insert(actor.to_string(), action);
        }
        // A rush puts the action (a commitment's too) on this segment's stack.
        "paid" | "rush" => {
            watch.committed.remove(actor);
            watch.due.insert(actor.to_string(), now);
        }
        "lapsed" | "give_up" => {
            watch.committed.remove(actor);
        }
        "round_end" => {
            let stuck = watch
                .committed
                .iter()
                .any(|(_, action)| !OVER_ROUNDS.contains(&action.as_str()));
            watch
                .committed
                .retain(|_, action| OVER_ROUNDS.contains(&action.as_str()));
            return stuck;
        }
        kind if SETTLES.contains(&kind) => {
            watch.due.remove(actor);
            if kind == "failed" {
                watch.committed.remove(actor);
            }
        }
        _ => {}
    }
    false
}

/// The state of every figure now against the rules: AP, wounds, one standing figure a hex.
fn figures_against_rules(
    world: &World,
    watch: &mut Watch,
    heroes: &[Entity],
    names: &[&str],
) -> Vec<Break> {
    let mut breaks = Vec::new();
    let (round, segment) = world.resource::<RoundState>().now();
    let reported = &mut watch.reported;
    let mut state = |rule: &'static str, what: String| {
        if !reported.iter().any(|(r, w)| *r == rule && *w == what) {
            reported.push((rule, what.clone()));
            breaks.push(Break {
                round,
                segment,
                rule,
                what,
            })
        }
    };
    let mut standing: Vec<(Hex, Entity, Option<Entity>)> = Vec::new();
    for (i, &e) in heroes.iter().enumerate() {
        let name = &names[i];
        let down = world.get::<Down>(e).is_some_and(|d| d.0);
        watch.down[i] = down;
        if let Some(t) = world.get::<Track>(e) {
            let t = &t.0;
            let had = t.spent as u64 + t.in_front as u64 + t.pool as u64;
            if had != t.total as u64 || t.spent > t.total {
                state(
                    "AP never below zero, never more spent than the track had",
                    format!(
                        "{name}: {} AP, {} spent, {} in front, {} in the pool",
                        t.total, t.spent, t.in_front, t.pool
                    ),
                );
            }
        }
        if let Some(w) = world.get::<Wounds>(e)
            && let Some((part, n)) = w.body.wounds.iter().find(|(_, n)| **n > DISABLING_WOUND)
        {
            state(
                "wounds never above capacity",
                format!("{name}: {n} wounds in the {part:?}, which has {DISABLING_WOUND}"),
            );
        }
        if !down && let Some(at) = world.get::<HexPos>(e) {
            standing.push((at.0, e, world.get::<MountedOn>(e).map(|m| m.0)));
        }
    }
    for &e in world
        .get_resource::<super::model::Figures>()
        .map_or(&[][..], |f| &f.mounts[..])
    {
        if let Some(at) = world.get::<HexPos>(e) {
            standing.push((at.0, e, None));
        }
    }
    standing.sort_by_key(|(h, e, _)| (h.x, h.y, *e));
    for pair in standing.windows(2) {
        let ((a, ea, ra), (b, eb, rb)) = (pair[0], pair[1]);
        let rides = ra == Some(eb) || rb == Some(ea);
        if a == b && !rides {
            let who = |e: Entity| {
                world
                    .get::<Hero>(e)
                    .map(|h| h.name.clone())
                    .or_else(|| world.get::<Mount>(e).map(|m| m.name.clone()))
                    .unwrap_or_default()
            };
            state(
                "no two standing figures in one hex",
                format!(
                    "{} and {} at {:?}",
                    who(ea),
                    who(eb),
                    crate::rules::hexmap::offset_of(a)
                ),
            );
        }
    }
    breaks
}

/// Which rule an action-deck check event breaks, if any: success (or a hit) if and only if
/// result >= TN without a calamity; bumps = (result - TN) / 4 on a success.
fn verdict(f: &serde_json::Map<String, Value>) -> Option<&'static str> {
    if str_field(f, "system") != Some("action-deck") {
        return None;
    }
    let (Some(tn), Some(result)) = (num(f, "tn"), num(f, "result")) else {
        return None;
    };
    let success = f
        .get("success")
        .or_else(|| f.get("hit"))
        .and_then(Value::as_bool)?;
    let calamity = f.get("calamity").and_then(Value::as_bool).unwrap_or(false);
    if success != (result >= tn && !calamity) {
        return Some("a hit if and only if result >= TN without calamity");
    }
    let expected = if success { bumps(result, tn) } else { 0 };
    if num(f, "bumps").is_some_and(|b| b != expected) {
        return Some("bumps = (result - TN) / 4");
    }
    None
}

fn num(f: &serde_json::Map<String, Value>, key: &str) -> Option<u32> {
    f.get(key).and_then(Value::as_u64).map(|n| n as u32)
}

fn str_field<'a>(f: &'a serde_json::Map<String, Value>, key: &str) -> Option<&'a str> {
    f.get(key).and_then(Value::as_str)
}
