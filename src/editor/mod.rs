//! The level editor's model (issue 25): a level under edit, changed only by [`Edit`]s. Each
//! edit is applied by a pure function that returns its inverse, so undo and redo are two
//! stacks of edits and every edit is tested without a window; the window only sends them.
//! [`write`] writes a level as the shipped files are written, [`problems`] checks it with the
//! same checks as `levels check`, [`files`] keeps the user's own levels and drafts.

mod brushes;
pub mod files;
pub mod fuzz;
pub mod history;
pub mod problems;
mod renames;
mod things;
pub mod write;

use crate::data::level::{
    CounterDef, HeroDef, ItemDef, Level, LevelOptions, MapDef, MountDef, SideDef, Victory,
};
use crate::rules::check::Resolution;
use crate::rules::terrain::Terrain;

pub use brushes::{brush, fill, paint, raise};
pub use history::History;
pub use renames::{diff, rename_hero, rename_side};
pub use things::{Thing, fresh_name, move_thing, remove_thing, things_at, turn_thing};

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
        scenery: Vec::new(),
        floor: None,
    }
}

#[cfg(test)]
mod tests;
