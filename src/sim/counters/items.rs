//! The level's items (decision 132): lying on the map, taken into an Inventory counter by a
//! hero within a pace, carried, put down or dropped in a fall, and carried out into an area.

use super::{CounterFilled, LevelCounters, MatchEvent, record};
use crate::data::level::Trigger;
use crate::rules::hexmap::hex_at;
use crate::sim::model::{Battle, Down, HexPos, Side};
use bevy::prelude::*;

/// Where an item of the level is: lying on the map, carried by a hero, or carried out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemState {
    Lying(hexx::Hex),
    Carried(Entity),
    Delivered,
}

/// The items a hero carries (the level's indices), in the order taken.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Carrying(pub Vec<usize>);

/// The item lying within a pace of the hero that it would take first (the level's order).
pub fn item_within_reach(world: &World, e: Entity) -> Option<usize> {
    let counters = world.get_resource::<LevelCounters>()?;
    let at = world.get::<HexPos>(e)?.0;
    counters
        .items
        .iter()
        .position(|s| matches!(s, ItemState::Lying(h) if h.unsigned_distance_to(at) <= 1))
}

/// The items lying on the map, where.
pub fn lying_items(world: &World) -> Vec<(usize, hexx::Hex)> {
    world
        .get_resource::<LevelCounters>()
        .map(|c| {
            c.items
                .iter()
                .enumerate()
                .filter_map(|(i, s)| match s {
                    ItemState::Lying(h) => Some((i, *h)),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The areas the hero's side wins by reaching (a level's counter that makes it win, not yet
/// full): `Enters` areas, and `CarriedOut` areas when `carrying` (with loot in hand).
pub fn winning_areas(world: &World, hero: Entity) -> Vec<(bool, Vec<(i32, i32)>)> {
    use crate::data::level::{Trigger, WhenFull};
    let Some(counters) = world.get_resource::<LevelCounters>() else {
        return Vec::new();
    };
    let side = crate::sim::query::side_of(world, hero);
    let Some(side_name) = world
        .resource::<Battle>()
        .level
        .sides
        .get(side)
        .map(|s| s.name.clone())
    else {
        return Vec::new();
    };
    let wins = Some(WhenFull::Wins(side_name.clone()));
    counters
        .defs
        .iter()
        .zip(&counters.counters)
        .filter(|(d, c)| d.when_full == wins && !c.is_complete())
        .flat_map(|(d, _)| &d.fed_by)
        .filter_map(|f| match &f.on {
            Trigger::Enters { side, area } if *side == side_name => Some((false, area.clone())),
            Trigger::CarriedOut { side, area } if *side == side_name => Some((true, area.clone())),
            _ => None,
        })
        .collect()
}

/// A hero with loot in hand that its side wins by carrying out, who can run it into that
/// area with the AP it has left this round: the AP the run costs (a play-test lost the bank
/// job in round 1 to a 24-pace run with no warning that one could come).
pub fn runs_out_this_round(world: &mut World, hero: Entity) -> Option<u32> {
    if carried(world, hero).is_empty() || world.get::<Down>(hero).is_some_and(|d| d.0) {
        return None;
    }
    let areas: Vec<hexx::Hex> = winning_areas(world, hero)
        .into_iter()
        .filter(|(carried_out, _)| *carried_out)
        .flat_map(|(_, area)| area.into_iter().map(|(c, r)| hex_at(c, r)))
        .collect();
    if areas.is_empty() {
        return None;
    }
    let at = world.get::<HexPos>(hero)?.0;
    if areas.contains(&at) {
        return Some(0);
    }
    let left = world.get::<crate::sim::model::Track>(hero)?.0.left();
    let facing = world
        .get::<crate::sim::model::Facing>(hero)
        .map_or(0, |f| f.0);
    let h = world.get::<crate::sim::model::Hero>(hero)?.clone();
    let occupied = crate::sim::query::occupied_hexes(world, hero);
    let reach = crate::sim::actions::movement::search_within(
        world,
        at,
        facing,
        &h,
        crate::rules::movement::Gait::Run,
        &occupied,
        left,
    );
    reach
        .hexes()
        .filter(|(to, cost)| areas.contains(to) && cost.total <= left)
        .map(|(_, cost)| cost.total)
        .min()
}

/// The items the hero carries.
pub fn carried(world: &World, e: Entity) -> Vec<usize> {
    world
        .get::<Carrying>(e)
        .map(|c| c.0.clone())
        .unwrap_or_default()
}

fn item_counter(world: &World, item: usize) -> Option<(usize, String)> {
    let battle = world.resource::<Battle>();
    let def = battle.level.items.get(item)?;
    let counters = world.get_resource::<LevelCounters>()?;
    let c = counters.defs.iter().position(|d| d.name == def.counter)?;
    Some((c, def.name.clone()))
}

/// Price of taking the first item within a pace: 1 AP, room in its Inventory counter.
pub fn price_take(world: &World, e: Entity) -> Result<usize, String> {
    let name = crate::sim::query::hero_name(world, e);
    let item = item_within_reach(world, e)
        .ok_or_else(|| format!("no item lies within a pace of {name}"))?;
    let (c, what) = item_counter(world, item).ok_or("no such item")?;
    let counter = &world.resource::<LevelCounters>().counters[c];
    if counter.filled() >= counter.slots() {
        return Err(format!(
            "'{}' is full: no room for the {what}",
            counter.name
        ));
    }
    Ok(item)
}

/// Price of dropping the last item taken.
pub fn price_drop(world: &World, e: Entity) -> Result<usize, String> {
    carried(world, e)
        .last()
        .copied()
        .ok_or_else(|| format!("{} carries nothing", crate::sim::query::hero_name(world, e)))
}

/// Take the item into its Inventory counter: the hero carries it. The words say what was done
/// ("takes the strongbox"); whose deed it was, the outcome's caller says.
pub fn take(world: &mut World, e: Entity, item: usize) -> Option<String> {
    let (c, what) = item_counter(world, item)?;
    let name = crate::sim::query::hero_name(world, e);
    {
        let mut counters = world.resource_mut::<LevelCounters>();
        counters.counters[c].add_item(what.clone()).ok()?;
        counters.items[item] = ItemState::Carried(e);
    }
    let mut carrying = world.get::<Carrying>(e).cloned().unwrap_or_default();
    carrying.0.push(item);
    world.entity_mut(e).insert(carrying);
    let event = inventory_event(world, c, format!("the {what} taken by {name}"));
    record(world, Some(e), MatchEvent::Counter(event));
    Some(format!("takes the {what}"))
}

/// Put the item down in the hero's hex: out of its Inventory counter.
pub fn put_down(world: &mut World, e: Entity, item: usize, why: &str) -> Option<String> {
    let (c, what) = item_counter(world, item)?;
    let name = crate::sim::query::hero_name(world, e);
    let at = world.get::<HexPos>(e)?.0;
    {
        let mut counters = world.resource_mut::<LevelCounters>();
        counters.counters[c].remove_item(&what).ok()?;
        counters.items[item] = ItemState::Lying(at);
    }
    if let Some(mut carrying) = world.get_mut::<Carrying>(e) {
        carrying.0.retain(|&i| i != item);
    }
    let event = inventory_event(world, c, format!("the {what} {why} by {name}"));
    record(world, Some(e), MatchEvent::Counter(event));
    Some(format!("puts the {what} down"))
}

/// An Inventory counter's change as a `counter` event: no points, the items held after.
fn inventory_event(world: &World, c: usize, why: String) -> CounterFilled {
    let counters = world.resource::<LevelCounters>();
    let (def, counter) = (&counters.defs[c], &counters.counters[c]);
    CounterFilled {
        counter: def.name.clone(),
        counter_kind: def.kind,
        points: 0,
        per_slot: 1,
        rolled: Vec::new(),
        filled: counter.filled(),
        slots: counter.slots(),
        temporary_lost: 0,
        complete: counter.is_complete(),
        why,
        full: None,
        items: counter.items().to_vec(),
    }
}

/// A hero down lets go of what it carries: the items lie where it fell.
pub(super) fn drop_for_the_fallen(world: &mut World) {
    let fallen: Vec<(Entity, Vec<usize>)> = crate::sim::query::heroes(world)
        .into_iter()
        .filter(|&e| world.get::<Down>(e).is_some_and(|d| d.0))
        .map(|e| (e, carried(world, e)))
        .filter(|(_, items)| !items.is_empty())
        .collect();
    for (e, items) in fallen {
        for item in items {
            put_down(world, e, item, "dropped in the fall");
        }
    }
}

/// Items carried into the area of a `CarriedOut` feed by a hero of its side: delivered (out
/// of the hero's hands, kept in their Inventory counter). One (counter, feed, carrier) an
/// item.
pub(super) fn deliver(world: &mut World) -> Vec<(usize, usize, Entity)> {
    let Some(counters) = world.get_resource::<LevelCounters>() else {
        return Vec::new();
    };
    let sides = &world.resource::<Battle>().level.sides;
    let mut found = Vec::new();
    for (c, def) in counters.defs.iter().enumerate() {
        for (f, feed) in def.fed_by.iter().enumerate() {
            let Trigger::CarriedOut { side, area } = &feed.on else {
                continue;
            };
            let side = sides.iter().position(|s| &s.name == side);
            let hexes: Vec<_> = area.iter().map(|&(c, r)| hex_at(c, r)).collect();
            for e in crate::sim::query::heroes(world) {
                let standing = world.get::<Down>(e).is_none_or(|d| !d.0);
                let in_area = world.get::<HexPos>(e).is_some_and(|p| hexes.contains(&p.0));
                if standing && in_area && world.get::<Side>(e).map(|s| s.0) == side {
                    for item in carried(world, e) {
                        found.push((c, f, e, item));
                    }
                }
            }
        }
    }
    let mut delivered = Vec::new();
    for (c, f, e, item) in found {
        let mut counters = world.resource_mut::<LevelCounters>();
        if counters.items[item] != ItemState::Carried(e) {
            continue;
        }
        counters.items[item] = ItemState::Delivered;
        if let Some(mut carrying) = world.get_mut::<Carrying>(e) {
            carrying.0.retain(|&i| i != item);
        }
        delivered.push((c, f, e));
    }
    delivered
}
