//! A level written as RON the way the shipped levels are written: one map row a line, one
//! cover object, mount or side a line, a hero over four lines, so a person can read and
//! change it. [`written`] also says which hex each line is about, so a problem found at a line
//! jumps to its hex.

use super::Cell;
use crate::data::level::Level;
use serde::Serialize;
use std::fmt::Write as _;

/// The first line of a draft: an unfinished level, reopened in the editor, never listed in
/// the level select nor played.
pub const DRAFT_MARK: &str = "// draft: an unfinished level of the level editor";

/// A level's text and, for the lines about a hex, that hex (1-based line numbers).
pub struct Written {
    pub text: String,
    pub places: Vec<(usize, Cell)>,
}

impl Written {
    /// The hex the 1-based `line` is about, if any.
    pub fn hex_of_line(&self, line: usize) -> Option<Cell> {
        self.places
            .iter()
            .find(|(l, _)| *l == line)
            .map(|(_, c)| *c)
    }
}

/// A value on one line, as RON writes it compactly: `(name: "x", at: (1, 2))`.
pub fn one_line<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("")
        .indentor("")
        .separator(" ")
        .struct_names(false)
        .compact_arrays(true)
        .compact_structs(true)
        .compact_maps(true);
    // RON escapes an apostrophe; a person writes "Laroq's" (every `\'` is such an escape: a
    // backslash of the text is itself escaped, `\\`).
    ron::ser::to_string_pretty(value, config)
        .unwrap_or_default()
        .replace("\\'", "'")
}

struct Lines {
    text: String,
    line: usize,
    places: Vec<(usize, Cell)>,
}

impl Lines {
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.text.push('\n');
        self.line += s.matches('\n').count() + 1;
    }

    fn at(&mut self, s: &str, cell: Cell) {
        self.places.push((self.line, cell));
        self.push(s);
    }

    fn list<T>(&mut self, name: &str, items: &[T], line: impl Fn(&T) -> (String, Option<Cell>)) {
        self.push(&format!("    {name}: ["));
        for item in items {
            let (text, cell) = line(item);
            match cell {
                Some(c) => self.at(&format!("        {text},"), c),
                None => self.push(&format!("        {text},")),
            }
        }
        self.push("    ],");
    }
}

/// The level as text, `draft` marked so on its first line.
pub fn write(level: &Level, draft: bool) -> String {
    written(level, draft).text
}

/// The level as text and the hex of each line about one.
pub fn written(level: &Level, draft: bool) -> Written {
    let mut out = Lines {
        text: String::new(),
        line: 1,
        places: Vec::new(),
    };
    let s = |v: &str| one_line(&v);
    if draft {
        out.push(DRAFT_MARK);
    }
    out.push(&format!(
        "// {}: made in the level editor.",
        level.name.replace('\n', " ")
    ));
    out.push("Level(");
    out.push(&format!("    name: {},", s(&level.name)));
    out.push(&format!("    description: {},", s(&level.description)));
    out.push("    map: (");
    out.push("        rows: [");
    for (r, row) in level.map.rows.iter().enumerate() {
        out.at(&format!("            {},", s(row)), (0, r as i32));
    }
    out.push("        ],");
    if !level.map.heights.is_empty() {
        out.push("        heights: [");
        for (r, row) in level.map.heights.iter().enumerate() {
            out.at(&format!("            {},", s(row)), (0, r as i32));
        }
        out.push("        ],");
    }
    out.push("    ),");
    if !level.cover.is_empty() {
        out.list("cover", &level.cover, |c| (one_line(c), Some(c.at)));
    }
    if !level.mounts.is_empty() {
        out.list("mounts", &level.mounts, |m| (one_line(m), Some(m.at)));
    }
    out.list("sides", &level.sides, |side| (one_line(side), None));
    out.push("    heroes: [");
    for hero in &level.heroes {
        write_hero(&mut out, hero);
    }
    out.push("    ],");
    out.list("victory", &level.victory, |v| {
        let at = match v {
            crate::data::level::Victory::Objective { task: Some(t), .. } => Some(t.at),
            _ => None,
        };
        (one_line(v), at)
    });
    if level.weapon_length {
        out.push("    weapon_length: true,");
    }
    if let Some(h) = level.handoff_screen {
        out.push(&format!("    handoff_screen: Some({h}),"));
    }
    if let Some(r) = level.resolution {
        out.push(&format!("    resolution: Some({}),", one_line(&r)));
    }
    if let Some(o) = level.options {
        out.push(&format!("    options: Some({}),", one_line(&o)));
    }
    if !level.counters.is_empty() {
        out.list("counters", &level.counters, |c| (one_line(c), None));
    }
    if !level.items.is_empty() {
        out.list("items", &level.items, |i| (one_line(i), Some(i.at)));
    }
    if let Some(f) = level.floor {
        out.push(&format!("    floor: Some({}),", one_line(&f)));
    }
    if !level.scenery.is_empty() {
        out.list("scenery", &level.scenery, |t| (one_line(t), Some(t.at)));
    }
    out.push(")");
    Written {
        text: out.text,
        places: out.places,
    }
}

fn write_hero(out: &mut Lines, hero: &crate::data::level::HeroDef) {
    let s = |v: &str| one_line(&v);
    let at = hero.at;
    out.at(
        &format!(
            "        (name: {}, side: {}, at: ({}, {}), facing: {},",
            s(&hero.name),
            s(&hero.side),
            at.0,
            at.1,
            hero.facing
        ),
        at,
    );
    out.at(
        &format!("            traits: {},", one_line(&hero.traits)),
        at,
    );
    out.at(
        &format!("            skills: {},", one_line(&hero.skills)),
        at,
    );
    let mut numbers = format!(
        "            quickness: {}, initiative: {}, ap: {}, move: {}, run: {}, size: {}, db: {}, \
         defense: {}, will: {},",
        hero.quickness,
        hero.initiative,
        hero.ap,
        hero.move_paces,
        hero.run,
        hero.size,
        hero.db,
        hero.defense,
        hero.will
    );
    if hero.fully_loaded {
        numbers.push_str(" fully_loaded: true,");
    }
    if hero.cocked {
        numbers.push_str(" cocked: true,");
    }
    out.at(&numbers, at);
    let mut kit = format!("            weapons: {}", one_line(&hero.weapons));
    for (field, value) in [
        ("holster", &hero.holster),
        ("arrives", &hero.arrives),
        ("portrait", &hero.portrait),
    ] {
        if let Some(v) = value {
            let _ = write!(kit, ", {field}: Some({})", s(v));
        }
    }
    kit.push_str("),");
    out.at(&kit, at);
}
