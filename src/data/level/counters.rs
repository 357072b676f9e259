//! A level's counters (counters.txt): a Judge's counters declared in the level file, what feeds
//! them and what happens when one is full, and the checks of each against the level.

use super::{Level, SideDef};
use crate::data::{DataError, located_after};
use crate::rules::counter::{Counter, CounterKind, DEFAULT_POINTS_PER_SLOT, MAX_SLOTS};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A counter of the level: "Counters are comprised of one to ten slots. Each slot is worth 5
/// points by default, but may be assigned when the Counter is defined."
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterDef {
    pub name: String,
    pub kind: CounterKind,
    pub slots: u32,
    /// Points a slot is worth (5 unless the level says).
    #[serde(default = "default_points")]
    pub points: u32,
    /// Temporary slots it starts with ("Temporary Counter slots are lost upon being filled").
    #[serde(default)]
    pub temporary: u32,
    /// What adds points to it (none for an Inventory counter: it holds the items taken).
    #[serde(default)]
    pub fed_by: Vec<Feed>,
    /// What happens when its last slot is filled.
    #[serde(default)]
    pub when_full: Option<WhenFull>,
    /// What the counter stands for, in a Judge's words (the window's tooltip).
    #[serde(default)]
    pub about: Option<String>,
    /// Drawing only: the hexes flames are drawn on as the counter fills, in the order the fire
    /// spreads (the Longhorn's fire from its lamps), each slot filled lighting its share; no
    /// rule reads them. A play-test lost to the fire without having seen it on the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flames: Vec<(i32, i32)>,
}

/// For the tests: a counter of `slots` slots of 5 points, fed by nothing, doing nothing when
/// full and drawn as nothing, to be changed where a test needs it.
#[cfg(test)]
impl CounterDef {
    pub(crate) fn plain(name: &str, kind: CounterKind, slots: u32) -> CounterDef {
        CounterDef {
            name: name.into(),
            kind,
            slots,
            points: DEFAULT_POINTS_PER_SLOT,
            temporary: 0,
            fed_by: Vec::new(),
            when_full: None,
            about: None,
            flames: Vec::new(),
        }
    }
}

fn default_points() -> u32 {
    DEFAULT_POINTS_PER_SLOT
}

/// One way points come to a counter: `points` plus `d10` ten-sided dice ("Often, points
/// towards a Counter will be determined by rolling one or more d10s") each time `on` happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feed {
    pub on: Trigger,
    #[serde(default)]
    pub points: u32,
    #[serde(default)]
    pub d10: u32,
}

/// What a Judge feeds a counter with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// The end of each round.
    EachRound,
    /// Each action a hero declares, whoever it is ("Timer Counters typically advance whenever
    /// a protagonist takes an Action, regardless of success or failure").
    EachAction,
    /// Each action a hero of this side declares.
    ActionBy(String),
    /// A hero of this side goes down.
    HeroDown(String),
    /// A hero of `side` steps into one of these hexes (each time it comes in).
    Enters { side: String, area: Vec<(i32, i32)> },
    /// A hero of `side` steps out of these hexes (each time it goes out).
    Leaves { side: String, area: Vec<(i32, i32)> },
    /// Each victory a check wins at the named objective of the level (its work, generalised:
    /// the same victories may feed other counters too).
    Victories(String),
    /// A shot strikes the cover object of this name (a lamp, a powder keg): the cover a shot's
    /// hit location meets, or a stray shot shattering it.
    ShotAt(String),
    /// A hero of this side reloads (its ammunition spent).
    Reloads(String),
    /// A hero of `side` carrying items (an Inventory counter's) comes into the area: each item
    /// carried out counts, and is delivered (it stays in its Inventory counter).
    CarriedOut { side: String, area: Vec<(i32, i32)> },
}

/// An item lying on the map at the start, to be taken into an Inventory counter ("each
/// Inventory slot holds a specific game object") by a hero within a pace of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemDef {
    pub name: String,
    pub at: (i32, i32),
    /// The Inventory counter it goes into when taken.
    pub counter: String,
}

/// What a full counter does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WhenFull {
    /// The side wins (a Progress counter's goal, a Defeat counter's loss for the other side,
    /// a Timer's event).
    Wins(String),
    /// The side's ammunition is spent: its heroes may no longer reload (a Resource counter).
    NoReloads(String),
}

impl CounterDef {
    /// How many of its `flames` hexes burn with `filled` of its slots filled: its share of the
    /// hexes for each slot, all of them when full.
    pub fn flames_lit(&self, filled: u32) -> usize {
        let slots = self.slots.max(1) as usize;
        (self.flames.len() * (filled as usize).min(slots)).div_ceil(slots)
    }

    /// The counter in play, empty, with its temporary slots.
    pub fn counter(&self) -> Option<Counter> {
        let mut c = Counter::new(self.name.clone(), self.kind, self.slots, self.points).ok()?;
        c.add_temporary(self.temporary);
        Some(c)
    }
}

impl Trigger {
    /// The trigger in a Judge's words ("the round's end", "a hero of Raiders down").
    pub fn words(&self) -> String {
        match self {
            Trigger::EachRound => "the round's end".into(),
            Trigger::EachAction => "an action declared".into(),
            Trigger::ActionBy(side) => format!("an action of {side}"),
            Trigger::HeroDown(side) => format!("a hero of {side} down"),
            Trigger::Enters { side, .. } => format!("a hero of {side} in the area"),
            Trigger::Leaves { side, .. } => format!("a hero of {side} out of the area"),
            Trigger::Victories(objective) => format!("a victory at '{objective}'"),
            Trigger::ShotAt(cover) => format!("a shot striking the {cover}"),
            Trigger::Reloads(side) => format!("a reload of {side}"),
            Trigger::CarriedOut { side, .. } => format!("an item {side} carried out"),
        }
    }
}

impl Feed {
    /// "3 points", "1d10", "5 + 1d10".
    pub fn amount_words(&self) -> String {
        match (self.points, self.d10) {
            (p, 0) => format!("{p} points"),
            (0, d) => format!("{d}d10"),
            (p, d) => format!("{p} + {d}d10"),
        }
    }
}

impl WhenFull {
    pub fn words(&self) -> String {
        match self {
            WhenFull::Wins(side) => format!("{side} win"),
            WhenFull::NoReloads(side) => format!("{side} can no longer reload"),
        }
    }
}

/// Each counter: a unique name, 1 to 10 slots (temporary ones included), points a slot, fed by
/// something, its sides, areas and cover in the level. Errors point into the counter's entry.
pub(super) fn check_counters(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    let mut seen: Vec<&str> = Vec::new();
    for def in &level.counters {
        let entry = format!("name: \"{}\"", def.name);
        let at = |needle: &str, message: String| {
            located_after(path, text, &["counters:", &entry], needle, message)
        };
        let name = &def.name;
        if name.trim().is_empty() {
            return Err(at("name", "a counter needs a name".into()));
        }
        if seen.contains(&name.as_str()) {
            return Err(at(
                "name",
                format!("counter '{name}': a second counter of that name"),
            ));
        }
        seen.push(name);
        check_size(def).map_err(|(needle, m)| at(needle, format!("counter '{name}': {m}")))?;
        for feed in &def.fed_by {
            check_feed(level, feed)
                .map_err(|(needle, m)| at(&needle, format!("counter '{name}': {m}")))?;
        }
        let rows = &level.map.rows;
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as i32;
        if let Some(&(c, r)) = def
            .flames
            .iter()
            .find(|&&(c, r)| c < 0 || r < 0 || c >= width || r >= rows.len() as i32)
        {
            return Err(at(
                "flames:",
                format!("counter '{name}': a flame at {c},{r} is off the map"),
            ));
        }
        if let Some(WhenFull::Wins(side) | WhenFull::NoReloads(side)) = &def.when_full
            && !has_side(&level.sides, side)
        {
            return Err(at(
                "when_full",
                format!("counter '{name}': when full, no side named '{side}'"),
            ));
        }
    }
    check_arrivals(path, text, level)?;
    check_items(path, text, level)
}

/// Each item: a name, on an open hex of the map, going into an Inventory counter of the level.
fn check_items(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    for item in &level.items {
        let entry = format!("name: \"{}\"", item.name);
        let at = |needle: &str, message: String| {
            located_after(path, text, &["items:", &entry], needle, message)
        };
        if item.name.trim().is_empty() {
            return Err(at("name", "an item needs a name".into()));
        }
        let counter = level.counters.iter().find(|c| c.name == item.counter);
        if counter.is_none_or(|c| c.kind != CounterKind::Inventory) {
            return Err(at(
                "counter",
                format!(
                    "item '{}': no Inventory counter named '{}' to carry it in",
                    item.name, item.counter
                ),
            ));
        }
        let (c, r) = item.at;
        let tile = (c >= 0 && r >= 0)
            .then(|| level.map.rows.get(r as usize)?.chars().nth(c as usize))
            .flatten()
            .and_then(crate::rules::terrain::Terrain::from_symbol);
        if !tile.is_some_and(|t| t.passable()) {
            return Err(at(
                "at",
                format!("item '{}' at {c},{r}: off the map or in a wall", item.name),
            ));
        }
    }
    Ok(())
}

/// A hero who arrives waits for a counter of the level, and rides no mount at the start.
fn check_arrivals(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    for hero in &level.heroes {
        let Some(counter) = &hero.arrives else {
            continue;
        };
        let entry = format!("name: \"{}\"", hero.name);
        let at =
            |message: String| located_after(path, text, &["heroes:", &entry], "arrives", message);
        if !level.counters.iter().any(|c| &c.name == counter) {
            return Err(at(format!(
                "{} arrives when '{counter}' fills, but the level has no counter of that name",
                hero.name
            )));
        }
        if level
            .mounts
            .iter()
            .any(|m| m.rider.as_deref() == Some(hero.name.as_str()))
        {
            return Err(at(format!(
                "{} arrives later and cannot start in a saddle",
                hero.name
            )));
        }
    }
    Ok(())
}

fn check_size(def: &CounterDef) -> Result<(), (&'static str, String)> {
    if !(1..=MAX_SLOTS).contains(&def.slots) {
        return Err((
            "slots",
            format!("a counter has 1 to {MAX_SLOTS} slots, not {}", def.slots),
        ));
    }
    if def.slots + def.temporary > MAX_SLOTS {
        return Err((
            "temporary",
            format!(
                "{} slots and {} temporary: \"A Counter cannot have more than 10 slots total, \
                 including Temporary slots\"",
                def.slots, def.temporary
            ),
        ));
    }
    if !(1..=1000).contains(&def.points) {
        return Err((
            "points",
            format!("a slot is worth 1 to 1000 points, not {}", def.points),
        ));
    }
    if def.kind == CounterKind::Inventory {
        if !def.fed_by.is_empty() {
            return Err((
                "fed_by",
                "an Inventory counter is filled with items taken (the level's `items`), not \
                 fed with points"
                    .into(),
            ));
        }
        return Ok(());
    }
    if def.fed_by.is_empty() {
        return Err(("fed_by", "fed by nothing: it would never fill".into()));
    }
    Ok(())
}

fn check_feed(level: &Level, feed: &Feed) -> Result<(), (String, String)> {
    if feed.points == 0 && feed.d10 == 0 {
        return Err((
            "fed_by".into(),
            format!("{} adds nothing (no points, no d10)", feed.on.words()),
        ));
    }
    if feed.points > 1000 || feed.d10 > 10 {
        return Err((
            "fed_by".into(),
            "a feed adds at most 1000 points and 10d10".into(),
        ));
    }
    let side = match &feed.on {
        Trigger::ActionBy(s) | Trigger::HeroDown(s) | Trigger::Reloads(s) => Some(s),
        Trigger::Enters { side, .. }
        | Trigger::Leaves { side, .. }
        | Trigger::CarriedOut { side, .. } => Some(side),
        _ => None,
    };
    if let Some(side) = side
        && !has_side(&level.sides, side)
    {
        return Err((format!("\"{side}\""), format!("no side named '{side}'")));
    }
    if let Trigger::Enters { area, .. }
    | Trigger::Leaves { area, .. }
    | Trigger::CarriedOut { area, .. } = &feed.on
    {
        let width = level.map.rows.first().map_or(0, |r| r.chars().count()) as i32;
        let height = level.map.rows.len() as i32;
        if area.is_empty() {
            return Err(("area".into(), "an area of no hexes".into()));
        }
        if let Some((c, r)) = area
            .iter()
            .find(|(c, r)| *c < 0 || *r < 0 || *c >= width || *r >= height)
        {
            return Err((
                "area".into(),
                format!("the area's hex {c},{r} is off the map"),
            ));
        }
    }
    if let Trigger::Victories(objective) = &feed.on
        && !level
            .victory
            .iter()
            .any(|v| matches!(v, super::Victory::Objective { name, .. } if name == objective))
    {
        return Err((
            format!("\"{objective}\""),
            format!("no objective named '{objective}'"),
        ));
    }
    if let Trigger::ShotAt(cover) = &feed.on
        && !level.cover.iter().any(|c| &c.name == cover)
    {
        return Err((
            format!("\"{cover}\""),
            format!("no cover object named '{cover}' to shoot at"),
        ));
    }
    Ok(())
}

fn has_side(sides: &[SideDef], name: &str) -> bool {
    sides.iter().any(|s| s.name == name)
}
