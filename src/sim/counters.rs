//! The level's counters in play (counters.txt): each fed as its level says (each round, each
//! action, a hero down, a hero entering an area, a shot at a marked object, a reload), its d10s
//! rolled from a stream of their own (derived from the match's seed, so the deck's order never
//! changes), every addition a `counter` event, and a full counter doing what the level says (a
//! side wins: `victory.rs`; a side's ammunition spent: `no_reloads`).
//!
//! `feed_counters` runs in the round's schedules after the movements and the resolutions of a
//! segment, and at the end of the round with `feed_each_round`: it reads what happened since
//! it last ran (the match log's declarations, the heroes down and where they stand, the news
//! the actions leave in `CounterNews`).

use super::events::{CounterFilled, MatchEvent, record};
use super::model::{ActionDeck, Battle, Down, HexPos, MatchLog, Side};
use crate::data::level::{CounterDef, ItemDef, Trigger, WhenFull};
use crate::rules::counter::Counter;
use crate::rules::dice_pool::{DiceSource, SeededDice};
use crate::rules::hexmap::hex_at;
use bevy::prelude::*;
use std::collections::HashSet;

mod items;
pub use items::{
    Carrying, ItemState, carried, item_within_reach, lying_items, price_drop, price_take, put_down,
    runs_out_this_round, take, winning_areas,
};
use items::{deliver, drop_for_the_fallen};

/// The counters' own dice stream: the match's seed mixed with this ("counters" in ASCII).
const COUNTER_STREAM: u64 = 0x636f_756e_7465_7273;

/// The level's counters, in the level's order, and what their feeds have seen so far.
#[derive(Resource, Debug, Clone)]
pub struct LevelCounters {
    pub defs: Vec<CounterDef>,
    pub counters: Vec<Counter>,
    dice: SeededDice,
    /// Match log events already read for declarations.
    read_to: usize,
    /// Heroes already counted down.
    down: HashSet<Entity>,
    /// For each counter and each of its feeds: the heroes standing in its area.
    inside: Vec<Vec<HashSet<Entity>>>,
    /// Where each of the level's items is.
    pub items: Vec<ItemState>,
}

/// What the actions tell the counters (read and emptied by `feed_counters`).
#[derive(Resource, Debug, Clone, Default)]
pub struct CounterNews {
    /// Cover objects a shot struck, by name.
    pub struck: Vec<String>,
    /// The side of each hero who reloaded.
    pub reloads: Vec<usize>,
    /// Victories won at an objective, by its name.
    pub victories: Vec<(String, u32)>,
}

impl LevelCounters {
    pub fn new(defs: &[CounterDef], items: &[ItemDef], seed: u64) -> LevelCounters {
        let counters = defs.iter().filter_map(CounterDef::counter).collect();
        LevelCounters {
            defs: defs.to_vec(),
            counters,
            dice: SeededDice::new(seed ^ COUNTER_STREAM),
            read_to: 0,
            down: HashSet::new(),
            inside: defs
                .iter()
                .map(|d| vec![HashSet::new(); d.fed_by.len()])
                .collect(),
            items: items
                .iter()
                .map(|i| ItemState::Lying(hex_at(i.at.0, i.at.1)))
                .collect(),
        }
    }
}

/// Set up the level's counters for a match (none: no resource, and the feeds do nothing).
pub fn insert(world: &mut World, defs: &[CounterDef], items: &[ItemDef]) {
    world.remove_resource::<LevelCounters>();
    world.insert_resource(CounterNews::default());
    if defs.is_empty() {
        return;
    }
    let seed = world.get_resource::<ActionDeck>().map_or(0, |d| d.seed);
    world.insert_resource(LevelCounters::new(defs, items, seed));
}

/// Tell the counters a shot struck a cover object.
pub fn shot_struck(world: &mut World, cover: &str) {
    if world.contains_resource::<LevelCounters>()
        && let Some(mut news) = world.get_resource_mut::<CounterNews>()
    {
        news.struck.push(cover.to_string());
    }
}

/// Tell the counters a hero of `side` reloaded.
pub fn reloaded(world: &mut World, side: usize) {
    if world.contains_resource::<LevelCounters>()
        && let Some(mut news) = world.get_resource_mut::<CounterNews>()
    {
        news.reloads.push(side);
    }
}

/// Tell the counters a check won victories at an objective.
pub fn victories_won(world: &mut World, objective: &str, won: u32) {
    if won > 0
        && world.contains_resource::<LevelCounters>()
        && let Some(mut news) = world.get_resource_mut::<CounterNews>()
    {
        news.victories.push((objective.to_string(), won));
    }
}

/// The full Resource counter that stops `side` reloading, if any (its name).
pub fn no_reloads(world: &World, side: usize) -> Option<String> {
    let counters = world.get_resource::<LevelCounters>()?;
    let battle = world.get_resource::<Battle>()?;
    let name = &battle.level.sides.get(side)?.name;
    counters
        .defs
        .iter()
        .zip(&counters.counters)
        .find(|(d, c)| c.is_complete() && d.when_full == Some(WhenFull::NoReloads(name.clone())))
        .map(|(d, _)| d.name.clone())
}

/// One occasion for a feed: which counter, which feed, how many times.
struct Occasion {
    counter: usize,
    feed: usize,
    times: u32,
    /// The hero it befell, the actor of its events: the carrier of an item carried out.
    by: Option<Entity>,
}

/// The end of the round: every `EachRound` feed once.
pub fn feed_each_round(world: &mut World) {
    let Some(counters) = world.get_resource::<LevelCounters>() else {
        return;
    };
    let occasions = occasions_of(&counters.defs, |t| matches!(t, Trigger::EachRound));
    fill(world, occasions);
}

/// What happened since the feeds last looked, added to the counters.
pub fn feed_counters(world: &mut World) {
    let Some(read_from) = world.get_resource::<LevelCounters>().map(|c| c.read_to) else {
        return;
    };
    let sides: Vec<String> = world
        .resource::<Battle>()
        .level
        .sides
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let side_named = |name: &str| sides.iter().position(|s| s == name);
    drop_for_the_fallen(world);
    let delivered = deliver(world);
    let declared = declarations_since(world, read_from);
    let read_to = world.resource::<MatchLog>().events.len();
    let newly_down = heroes_newly_down(world, &world.resource::<LevelCounters>().down);
    let down_sides = newly_down_sides(world, &newly_down);
    let news = std::mem::take(&mut *world.resource_mut::<CounterNews>());
    let counters = world.resource::<LevelCounters>();
    let (entering, leaving, inside) = entries(world, counters, &side_named);
    let mut occasions = Vec::new();
    for (c, def) in counters.defs.iter().enumerate() {
        for (f, feed) in def.fed_by.iter().enumerate() {
            let times = match &feed.on {
                Trigger::EachRound => 0,
                Trigger::EachAction => declared.len() as u32,
                Trigger::ActionBy(side) => count(&declared, side_named(side)),
                Trigger::HeroDown(side) => count(&down_sides, side_named(side)),
                Trigger::Enters { .. } => entering[c][f],
                Trigger::Leaves { .. } => leaving[c][f],
                Trigger::Victories(objective) => news
                    .victories
                    .iter()
                    .filter(|(o, _)| o == objective)
                    .map(|(_, won)| won)
                    .sum(),
                Trigger::ShotAt(cover) => news.struck.iter().filter(|s| *s == cover).count() as u32,
                Trigger::Reloads(side) => count(&news.reloads, side_named(side)),
                // An occasion for each item carried out, its carrier named.
                Trigger::CarriedOut { .. } => {
                    for &(_, _, by) in delivered.iter().filter(|&&(dc, df, _)| (dc, df) == (c, f)) {
                        occasions.push(Occasion {
                            counter: c,
                            feed: f,
                            times: 1,
                            by: Some(by),
                        });
                    }
                    0
                }
            };
            if times > 0 {
                occasions.push(Occasion {
                    counter: c,
                    feed: f,
                    times,
                    by: None,
                });
            }
        }
    }
    let mut counters = world.resource_mut::<LevelCounters>();
    counters.read_to = read_to;
    counters.down.extend(newly_down);
    counters.inside = inside;
    fill(world, occasions);
}

fn count(sides: &[usize], side: Option<usize>) -> u32 {
    side.map_or(0, |s| sides.iter().filter(|&&x| x == s).count() as u32)
}

fn occasions_of(defs: &[CounterDef], on: impl Fn(&Trigger) -> bool) -> Vec<Occasion> {
    let mut occasions = Vec::new();
    for (c, def) in defs.iter().enumerate() {
        for (f, feed) in def.fed_by.iter().enumerate() {
            if on(&feed.on) {
                occasions.push(Occasion {
                    counter: c,
                    feed: f,
                    times: 1,
                    by: None,
                });
            }
        }
    }
    occasions
}

/// The side of each hero who declared an action (a `declare` or `commit` event) since `from`.
fn declarations_since(world: &World, from: usize) -> Vec<usize> {
    let log = world.resource::<MatchLog>();
    let heroes = crate::sim::query::heroes(world);
    log.events
        .iter()
        .skip(from)
        .filter(|e| e.kind == "declare" || e.kind == "commit")
        .filter_map(|e| {
            let actor = e.actor.as_deref()?;
            heroes
                .iter()
                .find(|&&h| crate::sim::query::hero_name(world, h) == actor)
                .map(|&h| crate::sim::query::side_of(world, h))
        })
        .collect()
}

/// Heroes down now who were not counted down before, in a fixed order.
fn heroes_newly_down(world: &World, counted: &HashSet<Entity>) -> Vec<Entity> {
    crate::sim::query::heroes(world)
        .into_iter()
        .filter(|e| !counted.contains(e))
        .filter(|&e| world.get::<Down>(e).is_some_and(|d| d.0))
        .collect()
}

fn newly_down_sides(world: &World, down: &[Entity]) -> Vec<usize> {
    down.iter()
        .filter_map(|&e| world.get::<Side>(e).map(|s| s.0))
        .collect()
}

/// For each counter's `Enters` and `Leaves` feed: how many of its side's heroes stand in its
/// area now and did not before, how many stood in it and do not now (down, they have not
/// left), and who stands in it now (a hero who leaves and comes back counts again).
fn entries(
    world: &World,
    counters: &LevelCounters,
    side_named: &impl Fn(&str) -> Option<usize>,
) -> (Vec<Vec<u32>>, Vec<Vec<u32>>, Vec<Vec<HashSet<Entity>>>) {
    let heroes = crate::sim::query::heroes(world);
    let mut entering = Vec::new();
    let mut leaving = Vec::new();
    let mut inside = Vec::new();
    for (c, def) in counters.defs.iter().enumerate() {
        let mut counts = Vec::new();
        let mut outs = Vec::new();
        let mut now_in = Vec::new();
        for (f, feed) in def.fed_by.iter().enumerate() {
            let mut here = HashSet::new();
            if let Trigger::Enters { side, area } | Trigger::Leaves { side, area } = &feed.on {
                let side = side_named(side);
                let hexes: Vec<_> = area.iter().map(|&(c, r)| hex_at(c, r)).collect();
                for &h in &heroes {
                    let standing = world.get::<Down>(h).is_none_or(|d| !d.0);
                    let of_side = world.get::<Side>(h).map(|s| s.0) == side;
                    let at = world.get::<HexPos>(h).map(|p| p.0);
                    if standing && of_side && at.is_some_and(|a| hexes.contains(&a)) {
                        here.insert(h);
                    }
                }
            }
            let before = &counters.inside[c][f];
            counts.push(here.iter().filter(|h| !before.contains(h)).count() as u32);
            let down = |h: &Entity| world.get::<Down>(*h).is_some_and(|d| d.0);
            outs.push(
                before
                    .iter()
                    .filter(|h| !here.contains(h) && !down(h))
                    .count() as u32,
            );
            now_in.push(here);
        }
        entering.push(counts);
        leaving.push(outs);
        inside.push(now_in);
    }
    (entering, leaving, inside)
}

/// Each occasion's points (rolled now, in the level's order) added to its counter, each a
/// `counter` event. A full counter takes no more.
fn fill(world: &mut World, occasions: Vec<Occasion>) {
    for o in occasions {
        for _ in 0..o.times {
            let Some(event) = add_once(world, o.counter, o.feed) else {
                break;
            };
            let complete = event.complete;
            let by =
                o.by.filter(|_| !world.contains_resource::<super::journal::LogOfVersion9>());
            record(world, by, MatchEvent::Counter(event));
            if complete {
                arrive(world, o.counter);
            }
        }
    }
}

/// The heroes who wait for this counter come onto the map: each at its hex, or the nearest
/// free one (a figure may stand there by now), in the level's order.
fn arrive(world: &mut World, counter: usize) {
    let name = world.resource::<LevelCounters>().defs[counter].name.clone();
    let waiting: Vec<usize> = {
        let battle = world.resource::<Battle>();
        let roster = world.resource::<super::model::Roster>();
        battle
            .level
            .heroes
            .iter()
            .enumerate()
            .filter(|(i, h)| {
                h.arrives.as_deref() == Some(name.as_str())
                    && roster.0.get(*i) == Some(&Entity::PLACEHOLDER)
            })
            .map(|(i, _)| i)
            .collect()
    };
    for order in waiting {
        let Some(at) = free_hex_near(world, order) else {
            continue;
        };
        let (level, gear) = {
            let battle = world.resource::<Battle>();
            (battle.level.clone(), battle.gear.clone())
        };
        let e = super::setup::spawn_hero(world, &level, &gear, order, at);
        world.resource_mut::<super::model::Roster>().0[order] = e;
        let (c, r) = crate::rules::hexmap::offset_of(at);
        let event = MatchEvent::Arrives {
            hero: level.heroes[order].name.clone(),
            at: (c, r),
            counter: name.clone(),
        };
        record(world, Some(e), event);
    }
}

/// The hero's own hex if it is free, else the nearest free passable hex (rings outward, each
/// ring in a fixed order).
fn free_hex_near(world: &World, order: usize) -> Option<hexx::Hex> {
    let battle = world.resource::<Battle>();
    let (c, r) = battle.level.heroes[order].at;
    let start = hex_at(c, r);
    let taken: Vec<_> = crate::sim::query::heroes(world)
        .into_iter()
        .chain(
            world
                .resource::<super::model::Figures>()
                .mounts
                .iter()
                .copied(),
        )
        .filter_map(|e| world.get::<HexPos>(e).map(|p| p.0))
        .collect();
    let free = |h: &hexx::Hex| {
        !taken.contains(h) && battle.map.tile(*h).is_some_and(|t| t.terrain.passable())
    };
    (0..=battle.map.width.max(battle.map.height))
        .flat_map(|radius| start.ring(radius))
        .find(free)
}

fn add_once(world: &mut World, counter: usize, feed: usize) -> Option<CounterFilled> {
    let mut counters = world.resource_mut::<LevelCounters>();
    if counters.counters[counter].is_complete() {
        return None;
    }
    let def = counters.defs[counter].clone();
    let f = &def.fed_by[feed];
    let rolled: Vec<u32> = (0..f.d10)
        .map(|_| counters.dice.roll(10).unwrap_or(1))
        .collect();
    let points = f.points + rolled.iter().sum::<u32>();
    let c = &mut counters.counters[counter];
    let fill = c.add_points(points).ok()?;
    Some(CounterFilled {
        counter: def.name.clone(),
        counter_kind: def.kind,
        points,
        per_slot: c.points_per_slot(),
        rolled,
        filled: c.filled(),
        slots: c.slots(),
        temporary_lost: fill.temporary_lost,
        complete: fill.completed,
        why: f.on.words(),
        full: fill
            .completed
            .then(|| def.when_full.as_ref().map(WhenFull::words))
            .flatten(),
        items: Vec::new(),
    })
}
