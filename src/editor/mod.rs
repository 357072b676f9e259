//! The level editor's model (issue 25): a level under edit, changed only by [`Edit`]s. Each
//! edit is applied by a pure function that returns its inverse, so undo and redo are two
//! stacks of edits and every edit is tested without a window; the window only sends them.
//! [`write`] writes a level as the shipped files are written, [`problems`] checks it with the
//! same checks as `levels check`, [`files`] keeps the user's own levels and drafts.

pub mod files;
pub mod fuzz;
pub mod history;
pub mod problems;
pub mod write;

use crate::data::level::{
    CounterDef, HeroDef, ItemDef, Level, LevelOptions, MapDef, MountDef, SideDef, Victory,
};
use crate::rules::check::Resolution;
use crate::rules::hexmap::{hex_at, offset_of};
use crate::rules::terrain::Terrain;

pub use history::History;

/// A hex of the level file: (column, row).
pub type Cell = (i32, i32);

/// The largest map the editor makes (the level format's own limit is larger).
pub const MAX_SIDE: usize = 96;

/// One change of a list of the level: an element added at, removed from or replaced at an
/// index.
#[derive(Clone, Debug, PartialEq)]
pub enum Slot<T> {
    Add(usize, T),
    Remove(usize),
    Set(usize, T),
}

/// The rules a level sets besides its map and figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub resolution: Option<Resolution>,
    pub options: Option<LevelOptions>,
    pub weapon_length: bool,
    pub handoff_screen: Option<bool>,
}

/// An edit of a level. Applied, it returns the edit that undoes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Terrain: each hex's new symbol (see docs/levels.md).
    Terrain(Vec<(Cell, char)>),
    /// Heights in paces (0 to 9) of hexes.
    Heights(Vec<(Cell, u8)>),
    /// The map made `width` x `height`: new hexes open ground at height 0, hexes beyond cut.
    Resize {
        width: usize,
        height: usize,
    },
    /// The map whole (what a resize undoes to).
    Map(MapDef),
    Name(String),
    Description(String),
    Cover(Slot<crate::data::level::CoverDef>),
    Mount(Slot<MountDef>),
    Hero(Slot<HeroDef>),
    Side(Slot<SideDef>),
    Victory(Slot<Victory>),
    Counter(Slot<CounterDef>),
    Item(Slot<ItemDef>),
    Rules(Rules),
    /// Several edits as one step (a brush stroke, a fill, a rename with what names it).
    Batch(Vec<Edit>),
}

/// An edit that cannot be applied to the level as it is.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EditError {
    #[error("({0}, {1}) is off the map")]
    OffMap(i32, i32),
    #[error("'{0}' is no terrain (legend: . , / ^ ~ # H = |)")]
    NoTerrain(char),
    #[error("a height is 0 to 9 paces, not {0}")]
    Height(u8),
    #[error("a map is 1 to {MAX_SIDE} hexes a side, not {0} x {1}")]
    Size(usize, usize),
    #[error("there is no {0} {1}")]
    NoSuch(&'static str, usize),
}

fn slot<T: Clone>(
    list: &mut Vec<T>,
    edit: Slot<T>,
    what: &'static str,
) -> Result<Slot<T>, EditError> {
    match edit {
        Slot::Add(i, value) => {
            if i > list.len() {
                return Err(EditError::NoSuch(what, i));
            }
            list.insert(i, value);
            Ok(Slot::Remove(i))
        }
        Slot::Remove(i) => {
            if i >= list.len() {
                return Err(EditError::NoSuch(what, i));
            }
            Ok(Slot::Add(i, list.remove(i)))
        }
        Slot::Set(i, value) => {
            let Some(old) = list.get_mut(i) else {
                return Err(EditError::NoSuch(what, i));
            };
            Ok(Slot::Set(i, std::mem::replace(old, value)))
        }
    }
}

/// The map's width and height in hexes.
pub fn size(level: &Level) -> (usize, usize) {
    let width = level.map.rows.first().map_or(0, |r| r.chars().count());
    (width, level.map.rows.len())
}

/// Is the hex on the map?
pub fn on_map(level: &Level, (c, r): Cell) -> bool {
    let (w, h) = size(level);
    c >= 0 && r >= 0 && (c as usize) < w && (r as usize) < h
}

fn set_char(row: &mut String, col: usize, ch: char) -> char {
    let mut chars: Vec<char> = row.chars().collect();
    let old = std::mem::replace(&mut chars[col], ch);
    *row = chars.into_iter().collect();
    old
}

/// The terrain symbol at a hex on the map.
pub fn symbol_at(level: &Level, (c, r): Cell) -> char {
    level.map.rows[r as usize]
        .chars()
        .nth(c as usize)
        .unwrap_or('.')
}

/// The height at a hex on the map.
pub fn height_at(level: &Level, (c, r): Cell) -> u8 {
    level
        .map
        .heights
        .get(r as usize)
        .and_then(|h| h.chars().nth(c as usize))
        .and_then(|ch| ch.to_digit(10))
        .unwrap_or(0) as u8
}

fn resized(map: &MapDef, width: usize, height: usize) -> MapDef {
    let cut = |row: &str, fill: char| -> String {
        row.chars()
            .chain(std::iter::repeat(fill))
            .take(width)
            .collect()
    };
    let rows = (0..height)
        .map(|r| cut(map.rows.get(r).map_or("", String::as_str), '.'))
        .collect();
    let heights = if map.heights.is_empty() {
        Vec::new()
    } else {
        (0..height)
            .map(|r| cut(map.heights.get(r).map_or("", String::as_str), '0'))
            .collect()
    };
    MapDef { rows, heights }
}

impl Edit {
    /// Apply the edit to the level; the edit that undoes it. A failed edit leaves the level
    /// as it was.
    pub fn apply(self, level: &mut Level) -> Result<Edit, EditError> {
        Ok(match self {
            Edit::Terrain(hexes) => {
                for &(at, ch) in &hexes {
                    if !on_map(level, at) {
                        return Err(EditError::OffMap(at.0, at.1));
                    }
                    if Terrain::from_symbol(ch).is_none() {
                        return Err(EditError::NoTerrain(ch));
                    }
                }
                let mut old = Vec::with_capacity(hexes.len());
                for ((c, r), ch) in hexes {
                    let was = set_char(&mut level.map.rows[r as usize], c as usize, ch);
                    old.push(((c, r), was));
                }
                old.reverse();
                Edit::Terrain(old)
            }
            Edit::Heights(hexes) => {
                for &(at, h) in &hexes {
                    if !on_map(level, at) {
                        return Err(EditError::OffMap(at.0, at.1));
                    }
                    if h > 9 {
                        return Err(EditError::Height(h));
                    }
                }
                let before = level.map.clone();
                let (w, rows) = size(level);
                // A map without heights gets a row of zeros per map row first.
                let created = level.map.heights.len() < rows;
                while level.map.heights.len() < rows {
                    level.map.heights.push("0".repeat(w));
                }
                let mut old = Vec::with_capacity(hexes.len());
                for ((c, r), h) in hexes {
                    let digit = char::from(b'0' + h);
                    let was = set_char(&mut level.map.heights[r as usize], c as usize, digit);
                    old.push(((c, r), was.to_digit(10).unwrap_or(0) as u8));
                }
                old.reverse();
                if created {
                    Edit::Map(before)
                } else {
                    Edit::Heights(old)
                }
            }
            Edit::Resize { width, height } => {
                if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
                    return Err(EditError::Size(width, height));
                }
                let new = resized(&level.map, width, height);
                Edit::Map(std::mem::replace(&mut level.map, new))
            }
            Edit::Map(map) => Edit::Map(std::mem::replace(&mut level.map, map)),
            Edit::Name(name) => Edit::Name(std::mem::replace(&mut level.name, name)),
            Edit::Description(text) => {
                Edit::Description(std::mem::replace(&mut level.description, text))
            }
            Edit::Cover(s) => Edit::Cover(slot(&mut level.cover, s, "cover")?),
            Edit::Mount(s) => Edit::Mount(slot(&mut level.mounts, s, "mount")?),
            Edit::Hero(s) => Edit::Hero(slot(&mut level.heroes, s, "hero")?),
            Edit::Side(s) => Edit::Side(slot(&mut level.sides, s, "side")?),
            Edit::Victory(s) => Edit::Victory(slot(&mut level.victory, s, "victory")?),
            Edit::Counter(s) => Edit::Counter(slot(&mut level.counters, s, "counter")?),
            Edit::Item(s) => Edit::Item(slot(&mut level.items, s, "item")?),
            Edit::Rules(rules) => {
                let old = rules_of(level);
                level.resolution = rules.resolution;
                level.options = rules.options;
                level.weapon_length = rules.weapon_length;
                level.handoff_screen = rules.handoff_screen;
                Edit::Rules(old)
            }
            Edit::Batch(edits) => {
                let mut undo = Vec::with_capacity(edits.len());
                for edit in edits {
                    match edit.apply(level) {
                        Ok(inverse) => undo.push(inverse),
                        Err(e) => {
                            // Back out what was applied: a failed batch changes nothing.
                            for inverse in undo.into_iter().rev() {
                                let _ = inverse.apply(level);
                            }
                            return Err(e);
                        }
                    }
                }
                undo.reverse();
                Edit::Batch(undo)
            }
        })
    }
}

/// The level's rules, as an [`Edit::Rules`] sets them.
pub fn rules_of(level: &Level) -> Rules {
    Rules {
        resolution: level.resolution,
        options: level.options,
        weapon_length: level.weapon_length,
        handoff_screen: level.handoff_screen,
    }
}

/// The hexes of a brush of `size` 1, 7 or 19 hexes around `at` (on the map or not).
pub fn brush(at: Cell, size: usize) -> Vec<Cell> {
    let radius = match size {
        0 | 1 => 0,
        2..=7 => 1,
        _ => 2,
    };
    hex_at(at.0, at.1)
        .range(radius)
        .map(offset_of)
        .collect::<Vec<_>>()
}

/// Paint the terrain `symbol` over a brush's hexes on the map (one step).
pub fn paint(level: &Level, at: Cell, size: usize, symbol: char) -> Edit {
    Edit::Terrain(
        brush(at, size)
            .into_iter()
            .filter(|&c| on_map(level, c) && symbol_at(level, c) != symbol)
            .map(|c| (c, symbol))
            .collect(),
    )
}

/// Set the height of a brush's hexes on the map.
pub fn raise(level: &Level, at: Cell, size: usize, height: u8) -> Edit {
    Edit::Heights(
        brush(at, size)
            .into_iter()
            .filter(|&c| on_map(level, c) && height_at(level, c) != height)
            .map(|c| (c, height))
            .collect(),
    )
}

/// Fill: the hexes joined to `at` through hexes of its terrain, painted `symbol`.
pub fn fill(level: &Level, at: Cell, symbol: char) -> Edit {
    if !on_map(level, at) {
        return Edit::Terrain(Vec::new());
    }
    let from = symbol_at(level, at);
    if from == symbol {
        return Edit::Terrain(Vec::new());
    }
    let mut seen = std::collections::HashSet::from([at]);
    let mut todo = vec![at];
    let mut hexes = Vec::new();
    while let Some(cell) = todo.pop() {
        hexes.push((cell, symbol));
        for n in hex_at(cell.0, cell.1).all_neighbors() {
            let n = offset_of(n);
            if on_map(level, n) && symbol_at(level, n) == from && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    hexes.sort();
    Edit::Terrain(hexes)
}

/// The edits that turn `before` into `after` when both have the same number of each list's
/// elements: one `Set` per element changed, the map, names and rules (a rename and everything
/// that names it, as one step).
pub fn diff(before: &Level, after: &Level) -> Edit {
    fn sets<T: Clone + PartialEq>(a: &[T], b: &[T], wrap: fn(Slot<T>) -> Edit) -> Vec<Edit> {
        a.iter()
            .zip(b)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (_, y))| wrap(Slot::Set(i, y.clone())))
            .collect()
    }
    let mut edits = Vec::new();
    if before.map != after.map {
        edits.push(Edit::Map(after.map.clone()));
    }
    if before.name != after.name {
        edits.push(Edit::Name(after.name.clone()));
    }
    if before.description != after.description {
        edits.push(Edit::Description(after.description.clone()));
    }
    edits.extend(sets(&before.cover, &after.cover, Edit::Cover));
    edits.extend(sets(&before.mounts, &after.mounts, Edit::Mount));
    edits.extend(sets(&before.heroes, &after.heroes, Edit::Hero));
    edits.extend(sets(&before.sides, &after.sides, Edit::Side));
    edits.extend(sets(&before.victory, &after.victory, Edit::Victory));
    edits.extend(sets(&before.counters, &after.counters, Edit::Counter));
    edits.extend(sets(&before.items, &after.items, Edit::Item));
    if rules_of(before) != rules_of(after) {
        edits.push(Edit::Rules(rules_of(after)));
    }
    Edit::Batch(edits)
}

/// Rename a side, and every hero, victory and counter that names it, as one step.
pub fn rename_side(level: &Level, index: usize, name: &str) -> Edit {
    let Some(old) = level.sides.get(index).map(|s| s.name.clone()) else {
        return Edit::Batch(Vec::new());
    };
    let mut after = level.clone();
    after.sides[index].name = name.to_string();
    let swap = |s: &mut String| {
        if *s == old {
            *s = name.to_string();
        }
    };
    for hero in &mut after.heroes {
        swap(&mut hero.side);
    }
    for victory in &mut after.victory {
        match victory {
            Victory::LastSideStanding => {}
            Victory::Timer { winner, .. } => swap(winner),
            Victory::Objective { winner, rival, .. } => {
                swap(winner);
                if let Some(r) = rival {
                    swap(r);
                }
            }
        }
    }
    for counter in &mut after.counters {
        for feed in &mut counter.fed_by {
            counter_side(&mut feed.on, &swap);
        }
        match &mut counter.when_full {
            Some(crate::data::level::WhenFull::Wins(s))
            | Some(crate::data::level::WhenFull::NoReloads(s)) => swap(s),
            None => {}
        }
    }
    diff(level, &after)
}

fn counter_side(on: &mut crate::data::level::Trigger, swap: &impl Fn(&mut String)) {
    use crate::data::level::Trigger::*;
    match on {
        ActionBy(s) | HeroDown(s) | Reloads(s) => swap(s),
        Enters { side, .. } | Leaves { side, .. } | CarriedOut { side, .. } => swap(side),
        EachRound | EachAction | Victories(_) | ShotAt(_) => {}
    }
}

/// Rename a hero, and the mount it rides, as one step.
pub fn rename_hero(level: &Level, index: usize, name: &str) -> Edit {
    let Some(old) = level.heroes.get(index).map(|h| h.name.clone()) else {
        return Edit::Batch(Vec::new());
    };
    let mut after = level.clone();
    after.heroes[index].name = name.to_string();
    for mount in &mut after.mounts {
        if mount.rider.as_deref() == Some(old.as_str()) {
            mount.rider = Some(name.to_string());
        }
    }
    diff(level, &after)
}

/// What stands at a hex: a hero, a mount, a cover object or an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thing {
    Hero(usize),
    Mount(usize),
    Cover(usize),
    Item(usize),
}

/// The things at a hex, heroes first.
pub fn things_at(level: &Level, at: Cell) -> Vec<Thing> {
    let heroes = level.heroes.iter().enumerate();
    let mut found: Vec<Thing> = heroes
        .filter(|(_, h)| h.at == at)
        .map(|(i, _)| Thing::Hero(i))
        .collect();
    found.extend(
        level
            .mounts
            .iter()
            .enumerate()
            .filter(|(_, m)| m.at == at)
            .map(|(i, _)| Thing::Mount(i)),
    );
    found.extend(
        level
            .cover
            .iter()
            .enumerate()
            .filter(|(_, c)| c.at == at)
            .map(|(i, _)| Thing::Cover(i)),
    );
    found.extend(
        level
            .items
            .iter()
            .enumerate()
            .filter(|(_, c)| c.at == at)
            .map(|(i, _)| Thing::Item(i)),
    );
    found
}

/// Move a thing to a hex (its facing kept).
pub fn move_thing(level: &Level, thing: Thing, to: Cell) -> Edit {
    match thing {
        Thing::Hero(i) => Edit::Hero(Slot::Set(
            i,
            HeroDef {
                at: to,
                ..level.heroes[i].clone()
            },
        )),
        Thing::Mount(i) => Edit::Mount(Slot::Set(
            i,
            MountDef {
                at: to,
                ..level.mounts[i].clone()
            },
        )),
        Thing::Cover(i) => Edit::Cover(Slot::Set(
            i,
            crate::data::level::CoverDef {
                at: to,
                ..level.cover[i].clone()
            },
        )),
        Thing::Item(i) => Edit::Item(Slot::Set(
            i,
            ItemDef {
                at: to,
                ..level.items[i].clone()
            },
        )),
    }
}

/// Remove a thing (a mount's rider dismounted first, a hero's mount left riderless).
pub fn remove_thing(level: &Level, thing: Thing) -> Edit {
    match thing {
        Thing::Hero(i) => {
            let name = &level.heroes[i].name;
            let mut edits: Vec<Edit> = level
                .mounts
                .iter()
                .enumerate()
                .filter(|(_, m)| m.rider.as_ref() == Some(name))
                .map(|(m, mount)| {
                    Edit::Mount(Slot::Set(
                        m,
                        MountDef {
                            rider: None,
                            ..mount.clone()
                        },
                    ))
                })
                .collect();
            edits.push(Edit::Hero(Slot::Remove(i)));
            Edit::Batch(edits)
        }
        Thing::Mount(i) => Edit::Mount(Slot::Remove(i)),
        Thing::Cover(i) => Edit::Cover(Slot::Remove(i)),
        Thing::Item(i) => Edit::Item(Slot::Remove(i)),
    }
}

/// Turn a thing a hexside clockwise (a hero or mount's facing; a cover object's hexsides).
pub fn turn_thing(level: &Level, thing: Thing) -> Edit {
    match thing {
        Thing::Hero(i) => {
            let h = &level.heroes[i];
            Edit::Hero(Slot::Set(
                i,
                HeroDef {
                    facing: (h.facing + 1) % 6,
                    ..h.clone()
                },
            ))
        }
        Thing::Mount(i) => {
            let m = &level.mounts[i];
            Edit::Mount(Slot::Set(
                i,
                MountDef {
                    facing: (m.facing + 1) % 6,
                    ..m.clone()
                },
            ))
        }
        Thing::Cover(i) => {
            let c = &level.cover[i];
            let from = c.from.iter().map(|s| (s + 1) % 6).collect();
            Edit::Cover(Slot::Set(
                i,
                crate::data::level::CoverDef { from, ..c.clone() },
            ))
        }
        Thing::Item(_) => Edit::Batch(Vec::new()),
    }
}

/// A name not yet taken by `taken`: `base`, else `base 2`, `base 3`, ...
pub fn fresh_name<'a>(base: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    let free = |n: &str| !taken.clone().any(|t| t == n);
    if free(base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| free(n))
        .unwrap_or_else(|| base.to_string())
}

/// A new level: `width` x `height` hexes of open ground, two sides (a human posse and a
/// computer gang), no heroes yet, won by the last side standing.
pub fn blank(width: usize, height: usize) -> Level {
    let width = width.clamp(1, MAX_SIDE);
    let height = height.clamp(1, MAX_SIDE);
    Level {
        name: "A new fight".into(),
        description: "Made in the level editor.".into(),
        map: MapDef {
            rows: vec![".".repeat(width); height],
            heights: Vec::new(),
        },
        cover: Vec::new(),
        mounts: Vec::new(),
        sides: vec![
            SideDef {
                name: "Posse".into(),
                color: (0.25, 0.45, 0.9),
                control: crate::data::level::Control::Human,
                ai: None,
            },
            SideDef {
                name: "Gang".into(),
                color: (0.85, 0.25, 0.2),
                control: crate::data::level::Control::Computer,
                ai: None,
            },
        ],
        heroes: Vec::new(),
        victory: vec![Victory::LastSideStanding],
        handoff_screen: None,
        weapon_length: false,
        resolution: None,
        options: None,
        counters: Vec::new(),
        items: Vec::new(),
    }
}

#[cfg(test)]
mod tests;
