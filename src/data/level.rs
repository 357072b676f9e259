//! Scenario files in `levels/*.ron`: the map, cover, mounts, sides, heroes and victory.

use super::gear::Gear;
use super::{DataError, located, located_after, parse_ron, read};
use crate::rules::card::Location;
use crate::rules::die::Die;
use crate::rules::hexmap::{HexMap, Tile};
use crate::rules::terrain::{Material, Terrain};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    Human,
    Computer,
}

pub use super::ai_level::AiLevel;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideDef {
    pub name: String,
    /// Red, green, blue in 0..1.
    pub color: (f32, f32, f32),
    pub control: Control,
    /// The computer's level of play for this side when it controls it. Set by the level
    /// select and the command line (default `Normal`) and saved with a match; a level file may
    /// name one. Absent (a match saved before the levels existed), the computer plays `Easy`,
    /// as it then did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai: Option<AiLevel>,
}

impl SideDef {
    /// The computer's level of play for this side (`Easy` where none was ever set).
    pub fn ai_level(&self) -> AiLevel {
        self.ai.unwrap_or(AiLevel::Easy)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapDef {
    /// One string per row, one character per hex (see docs/levels.md for the legend).
    pub rows: Vec<String>,
    /// Optional heights in paces, one digit per hex.
    #[serde(default)]
    pub heights: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverDef {
    pub name: String,
    pub at: (i32, i32),
    pub material: Material,
    /// Hit locations it covers.
    pub covers: Vec<Location>,
    /// Hexsides (0..6) from which it covers a figure standing at `at`.
    pub from: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MountDef {
    pub name: String,
    pub at: (i32, i32),
    #[serde(default)]
    pub facing: u8,
    pub quickness: u32,
    /// Paces per segment at a gallop.
    pub speed: u32,
    #[serde(default)]
    pub rider: Option<String>,
}

/// A trait: a rank (rows) and a die (column), like a skill: "Hank has a Strength of 2d10".
/// Written `(2, D10)`; a bare die (`D10`) is rank 1, as level files before ranks wrote them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TraitDef {
    Ranked(u32, Die),
    Die(Die),
}

impl TraitDef {
    pub fn rank(self) -> u32 {
        match self {
            TraitDef::Ranked(rank, _) => rank,
            TraitDef::Die(_) => 1,
        }
    }

    pub fn die(self) -> Die {
        match self {
            TraitDef::Ranked(_, die) | TraitDef::Die(die) => die,
        }
    }
}

/// The most rows a trait or a skill has (the card's five rows).
pub const MAX_RANK: u32 = 5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroDef {
    pub name: String,
    pub side: String,
    pub at: (i32, i32),
    #[serde(default)]
    pub facing: u8,
    /// Traits as rank and die, e.g. {"Strength": (2, D10)}; a bare die is rank 1.
    pub traits: BTreeMap<String, TraitDef>,
    /// Skills as levels (rows), e.g. {"Shooting: Pistol": 3}.
    pub skills: BTreeMap<String, u32>,
    pub quickness: u32,
    pub initiative: u32,
    pub ap: u32,
    #[serde(rename = "move")]
    pub move_paces: u32,
    pub run: u32,
    pub size: u32,
    #[serde(default)]
    pub db: i32,
    #[serde(default)]
    pub defense: u32,
    pub weapons: Vec<String>,
    /// The weapon worn in a holster (drawn for 1 AP; others are readied by size).
    #[serde(default)]
    pub holster: Option<String>,
    /// Pistols carried with all six chambers loaded (most carry five, for safety).
    #[serde(default)]
    pub fully_loaded: bool,
    /// Will points, spent on dice-pool checks ("spend 1 Will to add another 2 dice").
    #[serde(default)]
    pub will: u32,
}

/// The work an Objective needs: a complex skill check at 4/8 AP, made at or next to a hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveTask {
    pub at: (i32, i32),
    pub skill: String,
    #[serde(rename = "trait")]
    pub trait_name: String,
    pub tn: u32,
    /// The effect grid read for victories, like "(3)6".
    pub quality: String,
    /// 8 AP when it needs full attention, else 4.
    #[serde(default)]
    pub full_attention: bool,
    /// Refused to heroes without the skill (else they try it unskilled).
    #[serde(default)]
    pub skill_required: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// The side wins when every hero of the other sides is down.
    LastSideStanding,
    /// A Timer counter: when its slots fill (one per round), `winner` wins.
    Timer {
        name: String,
        rounds: u32,
        winner: String,
    },
    /// A Progress counter of victories from complex checks; `winner` wins when it fills.
    Objective {
        name: String,
        victories: u32,
        winner: String,
        #[serde(default)]
        task: Option<ObjectiveTask>,
        /// A contest ("two characters compete at a task"): this side's heroes work the same
        /// task for victories of their own, and whichever side completes it first wins.
        #[serde(default)]
        rival: Option<String>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Level {
    pub name: String,
    pub description: String,
    pub map: MapDef,
    #[serde(default)]
    pub cover: Vec<CoverDef>,
    #[serde(default)]
    pub mounts: Vec<MountDef>,
    pub sides: Vec<SideDef>,
    pub heroes: Vec<HeroDef>,
    pub victory: Vec<Victory>,
    /// Hide the map between two human players' declarations (the blindfold handoff). Levels
    /// that hide information set it; the default is off.
    #[serde(default)]
    pub handoff_screen: Option<bool>,
    /// The optional weapon-length rule of hand-to-hand advantage.
    #[serde(default)]
    pub weapon_length: bool,
    /// The system that resolves checks: `ActionDeck` (the default), `DicePool` or `D20`.
    #[serde(default)]
    pub resolution: Option<crate::rules::check::Resolution>,
    /// The optional rules of the action-resolution chapter, when a level sets them.
    #[serde(default)]
    pub options: Option<LevelOptions>,
}

/// "Exceptional results are optional", increased effect, the victory threshold and card
/// hacking, as a level sets them (each defaults to the book's standard), and the conflict
/// chapter's rushing (off by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelOptions {
    #[serde(default = "yes")]
    pub exceptional: bool,
    #[serde(default = "yes")]
    pub increased_effect: bool,
    #[serde(default = "victory_threshold")]
    pub victory_threshold: u32,
    #[serde(default)]
    pub card_use: crate::rules::check::CardUse,
    /// "Rushing Actions" (conflict chapter), which the book calls probably unnecessary: off
    /// unless a level switches it on (docs/rules-decisions.md 35).
    #[serde(default)]
    pub rushing: bool,
}

fn yes() -> bool {
    true
}

fn victory_threshold() -> u32 {
    crate::rules::check::VICTORY_THRESHOLD
}

impl Default for LevelOptions {
    fn default() -> Self {
        LevelOptions {
            exceptional: true,
            increased_effect: true,
            victory_threshold: victory_threshold(),
            card_use: Default::default(),
            rushing: false,
        }
    }
}

impl Level {
    /// The hex map the rows describe (valid once `parse` accepted the file).
    pub fn hex_map(&self) -> HexMap {
        let width = self.map.rows[0].chars().count() as u32;
        let tiles = self
            .map
            .rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                let heights: Vec<i32> = self
                    .map
                    .heights
                    .get(r)
                    .map(|h| {
                        h.chars()
                            .map(|c| c.to_digit(10).unwrap_or(0) as i32)
                            .collect()
                    })
                    .unwrap_or_default();
                row.chars()
                    .enumerate()
                    .map(move |(c, ch)| Tile {
                        terrain: Terrain::from_symbol(ch).unwrap_or(Terrain::Open),
                        height: heights.get(c).copied().unwrap_or(0),
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        HexMap::new(width, self.map.rows.len() as u32, tiles)
    }
}

/// Parse a level and check it against the gear; errors name file, line and column.
/// The largest map a level may have: hexes a side, and hexes in all.
pub const MAX_MAP_SIDE: usize = 256;
pub const MAX_MAP_HEXES: usize = 65_536;

/// The ranges of a hero's numbers, as the rules know them (a round has 20 segments and a
/// token a segment; sizes, speeds and bonuses of people and beasts): a value outside is a
/// mistake in the file, refused where it is written.
pub const HERO_RANGES: &[(&str, std::ops::RangeInclusive<i64>)] = &[
    ("quickness", 1..=20),
    ("initiative", 1..=20),
    ("ap", 1..=20),
    ("move", 1..=40),
    ("run", 1..=80),
    ("size", 1..=30),
    ("db", -10..=20),
    ("defense", 0..=40),
    ("will", 0..=20),
];

/// The first of a hero's numbers outside its range: its name in the file, its value, the range.
fn out_of_range(hero: &HeroDef) -> Option<(&'static str, i64, std::ops::RangeInclusive<i64>)> {
    let values = [
        hero.quickness as i64,
        hero.initiative as i64,
        hero.ap as i64,
        hero.move_paces as i64,
        hero.run as i64,
        hero.size as i64,
        hero.db as i64,
        hero.defense as i64,
        hero.will as i64,
    ];
    HERO_RANGES
        .iter()
        .zip(values)
        .find(|((_, range), v)| !range.contains(v))
        .map(|((name, range), v)| (*name, v, range.clone()))
}

pub fn parse(path: &Path, text: &str, gear: &Gear) -> Result<Level, DataError> {
    let level: Level = parse_ron(path, text)?;
    check(path, text, level, gear)
}

/// Everything `levels check` checks of a level once it is read: the map, its heroes, cover,
/// mounts, objectives and victory against the gear. `text` is the file the level came from (a
/// level file, or a match file that carries it), for the line of an error.
pub fn check(path: &Path, text: &str, level: Level, gear: &Gear) -> Result<Level, DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let bounds = check_map(path, text, &level)?;
    if level.options.is_some_and(|o| o.victory_threshold == 0) {
        return err(
            "victory_threshold",
            "the victory threshold is at least 1".into(),
        );
    }
    if level.sides.len() < 2 || level.sides.len() > 4 {
        return err(
            "sides",
            format!("a level has 2 to 4 sides, not {}", level.sides.len()),
        );
    }
    check_figures(path, text, &level)?;
    let mut taken = Vec::new();
    for hero in &level.heroes {
        // Errors about a hero point into that hero's own entry.
        let entry = format!("name: \"{}\"", hero.name);
        let located_in = |needle: &str, message: String| {
            located_after(path, text, &["heroes:", &entry], needle, message)
        };
        check_hero_place(&level, hero, &bounds, &mut taken).map_err(|(n, m)| located_in(&n, m))?;
        check_hero_kit(hero, gear).map_err(|(n, m)| located_in(&n, m))?;
    }
    check_cover_and_mounts(path, text, &level, &bounds)?;
    check_victory(path, text, &level, &bounds)?;
    Ok(level)
}

/// The map's size and terrain, as the checks of the figures on it read it.
struct Bounds<'a> {
    width: usize,
    rows: &'a [String],
}

impl Bounds<'_> {
    fn on_map(&self, (c, r): (i32, i32)) -> bool {
        c >= 0 && r >= 0 && (c as usize) < self.width && (r as usize) < self.rows.len()
    }

    fn terrain_at(&self, (c, r): (i32, i32)) -> Option<Terrain> {
        self.rows[r as usize]
            .chars()
            .nth(c as usize)
            .and_then(Terrain::from_symbol)
    }
}

/// The map: rows of one width, each hex a terrain, the heights rows digits; not too large.
fn check_map<'a>(path: &Path, text: &str, level: &'a Level) -> Result<Bounds<'a>, DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let rows = &level.map.rows;
    let Some(first) = rows.first() else {
        return err("rows", "the map has no rows".into());
    };
    let width = first.chars().count();
    if width > MAX_MAP_SIDE || rows.len() > MAX_MAP_SIDE || width * rows.len() > MAX_MAP_HEXES {
        return err(
            "rows",
            format!(
                "the map is {width} x {} hexes: at most {MAX_MAP_SIDE} a side and \
                 {MAX_MAP_HEXES} hexes",
                rows.len()
            ),
        );
    }
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return err(
                row,
                format!(
                    "map row {r} has {} hexes, row 0 has {width}",
                    row.chars().count()
                ),
            );
        }
        if let Some(bad) = row.chars().find(|&c| Terrain::from_symbol(c).is_none()) {
            return err(
                row,
                format!("map row {r}: '{bad}' is no terrain (legend: . , / ^ ~ # H = |)"),
            );
        }
    }
    for (r, h) in level.map.heights.iter().enumerate() {
        if h.chars().count() != width || !h.chars().all(|c| c.is_ascii_digit()) {
            return err(h, format!("heights row {r} must be {width} digits"));
        }
    }
    Ok(Bounds { width, rows })
}

/// A hero's place: a trait rank, a side of the level, on the map, not in a wall, alone in
/// its hex, a hexside to face. Err: the text to look for in the hero's entry, and the words.
fn check_hero_place(
    level: &Level,
    hero: &HeroDef,
    bounds: &Bounds,
    taken: &mut Vec<(i32, i32)>,
) -> Result<(), (String, String)> {
    let err = |needle: &str, message: String| Err((needle.to_string(), message));
    if let Some((name, t)) = hero
        .traits
        .iter()
        .find(|(_, t)| t.rank() == 0 || t.rank() > MAX_RANK)
    {
        return err(
            &format!("\"{name}\": ("),
            format!(
                "hero '{}': the {name} rank is 1 to {MAX_RANK}, not {}",
                hero.name,
                t.rank()
            ),
        );
    }
    if !level.sides.iter().any(|s| s.name == hero.side) {
        return err(
            &hero.side,
            format!("hero '{}': no side named '{}'", hero.name, hero.side),
        );
    }
    if !bounds.on_map(hero.at) {
        return err(
            &hero.name,
            format!("hero '{}' stands at {:?}, off the map", hero.name, hero.at),
        );
    }
    if bounds.terrain_at(hero.at) == Some(Terrain::Wall) {
        return err(
            &hero.name,
            format!("hero '{}' stands inside a wall at {:?}", hero.name, hero.at),
        );
    }
    if taken.contains(&hero.at) {
        return err(
            &hero.name,
            format!(
                "hero '{}' shares hex {:?} with another hero",
                hero.name, hero.at
            ),
        );
    }
    taken.push(hero.at);
    if hero.facing > 5 {
        return err(
            &hero.name,
            format!("hero '{}': facing is a hexside 0 to 5", hero.name),
        );
    }
    if let Some((skill, level)) = hero.skills.iter().find(|(_, l)| !(1..=5).contains(*l)) {
        return err(
            skill,
            format!(
                "hero '{}': skill '{skill}' is level {level}, not 1 to 5",
                hero.name
            ),
        );
    }
    Ok(())
}

/// A hero's kit: skills at levels 1 to 5, weapons of the gear file, a holster for one of them,
/// AP, Move and Run, the numbers in their ranges.
fn check_hero_kit(hero: &HeroDef, gear: &Gear) -> Result<(), (String, String)> {
    let err = |needle: &str, message: String| Err((needle.to_string(), message));
    for weapon in &hero.weapons {
        if gear.weapon(weapon).is_none() {
            let known: Vec<&str> = gear.weapons.iter().map(|w| w.name.as_str()).collect();
            return err(
                weapon,
                format!(
                    "hero '{}': no weapon '{weapon}' in the gear file (it has: {})",
                    hero.name,
                    known.join(", ")
                ),
            );
        }
    }
    if let Some(holster) = &hero.holster
        && !hero.weapons.contains(holster)
    {
        return err(
            holster,
            format!(
                "hero '{}': the holster holds '{holster}', which the hero does not carry",
                hero.name
            ),
        );
    }
    if hero.move_paces == 0 || hero.run < hero.move_paces || hero.ap == 0 {
        // The field that is wrong, in the hero's own entry.
        let field = if hero.ap == 0 {
            "ap:"
        } else if hero.move_paces == 0 {
            "move:"
        } else {
            "run:"
        };
        return err(
            field,
            format!("hero '{}': needs AP >= 1 and Run >= Move >= 1", hero.name),
        );
    }
    if let Some((field, value, range)) = out_of_range(hero) {
        return err(
            &format!("{field}:"),
            format!(
                "hero '{}': {field} is {value}, not {} to {}",
                hero.name,
                range.start(),
                range.end()
            ),
        );
    }
    Ok(())
}

/// Cover and mounts: on the map, hexsides 0 to 5, a mount's numbers in range, its rider a hero.
fn check_cover_and_mounts(
    path: &Path,
    text: &str,
    level: &Level,
    bounds: &Bounds,
) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    for cover in &level.cover {
        if !bounds.on_map(cover.at) {
            return err(
                &cover.name,
                format!("cover '{}' is off the map at {:?}", cover.name, cover.at),
            );
        }
        if cover.from.iter().any(|&f| f > 5) {
            return err(
                &cover.name,
                format!("cover '{}': 'from' hexsides are 0 to 5", cover.name),
            );
        }
    }
    for mount in &level.mounts {
        if !bounds.on_map(mount.at) {
            return err(
                &mount.name,
                format!("mount '{}' is off the map at {:?}", mount.name, mount.at),
            );
        }
        if mount.facing > 5 || !(1..=20).contains(&mount.quickness) || mount.speed > 100 {
            return err(
                &mount.name,
                format!(
                    "mount '{}': facing is 0 to 5, quickness 1 to 20, speed 0 to 100 paces",
                    mount.name
                ),
            );
        }
        if let Some(rider) = &mount.rider
            && !level.heroes.iter().any(|h| &h.name == rider)
        {
            return err(
                rider,
                format!("mount '{}': no hero named '{rider}'", mount.name),
            );
        }
    }
    Ok(())
}

/// Victory: winners and rivals sides of the level, timers and objectives in range, an
/// objective's task on the map with a die pool; at least one condition.
fn check_victory(path: &Path, text: &str, level: &Level, bounds: &Bounds) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    for v in &level.victory {
        if let Victory::Timer { winner, .. } | Victory::Objective { winner, .. } = v
            && !level.sides.iter().any(|s| &s.name == winner)
        {
            return err(winner, format!("victory: no side named '{winner}'"));
        }
        match v {
            Victory::Timer { name, rounds, .. } if !(1..=1000).contains(rounds) => {
                return err(
                    name,
                    format!("timer '{name}': 1 to 1000 rounds, not {rounds}"),
                );
            }
            Victory::Objective {
                name, victories, ..
            } if !(1..=1000).contains(victories) => {
                return err(
                    name,
                    format!("objective '{name}': 1 to 1000 victories, not {victories}"),
                );
            }
            Victory::Objective {
                rival: Some(rival),
                winner,
                task,
                ..
            } if !level.sides.iter().any(|s| &s.name == rival)
                || rival == winner
                || task.is_none() =>
            {
                return Err(located_after(
                    path,
                    text,
                    &["victory:", "rival"],
                    rival,
                    format!(
                        "objective rival '{rival}': another side of the level, contesting a task"
                    ),
                ));
            }
            Victory::Objective {
                task: Some(task), ..
            } if !(1..=100).contains(&task.tn) => {
                return Err(located_after(
                    path,
                    text,
                    &["victory:"],
                    &format!("skill: \"{}\"", task.skill),
                    format!("objective task: the TN is 1 to 100, not {}", task.tn),
                ));
            }
            _ => {}
        }
    }
    for v in &level.victory {
        if let Victory::Objective {
            task: Some(task), ..
        } = v
        {
            if !bounds.on_map(task.at) {
                return Err(located_after(
                    path,
                    text,
                    &["victory:"],
                    &format!("skill: \"{}\"", task.skill),
                    format!("objective task at {:?} is off the map", task.at),
                ));
            }
            if let Err(e) = task.quality.parse::<crate::rules::die::Pool>() {
                return Err(located_after(
                    path,
                    text,
                    &["victory:", &format!("skill: \"{}\"", task.skill)],
                    &task.quality,
                    format!("objective task quality: {e}"),
                ));
            }
        }
    }
    if level.victory.is_empty() {
        return err(
            "victory",
            "a level needs at least one victory condition".into(),
        );
    }
    Ok(())
}

/// The most heroes a level may have (a round of 10 000 heroes took 72 s and 2 GB).
pub const MAX_HEROES: usize = 100;

/// Who stands where, and who is who: at least one hero, every side with a hero, names told
/// apart, no more heroes than `MAX_HEROES`, nothing inside a wall, one figure a hex, every
/// objective reachable from a hex beside it, no more height rows than map rows (issue 21: each
/// was accepted and then broke a match).
fn check_figures(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let rows = &level.map.rows;
    if level.map.heights.len() > rows.len() {
        return err(
            "heights",
            format!(
                "{} heights rows for a map of {} rows",
                level.map.heights.len(),
                rows.len()
            ),
        );
    }
    if level.heroes.is_empty() {
        return err("heroes:", "a level needs at least one hero".into());
    }
    if level.heroes.len() > MAX_HEROES {
        return err(
            "heroes:",
            format!(
                "{} heroes: a level has at most {MAX_HEROES}",
                level.heroes.len()
            ),
        );
    }
    // Two of one name: the second is named, at its own entry.
    let repeated = |list: &str, what: &str, name: Option<&str>| match name {
        Some(name) => Err(nth_located(
            path,
            text,
            list,
            &format!("name: \"{name}\""),
            2,
            format!("two {what} are named '{name}'"),
        )),
        None => Ok(()),
    };
    repeated(
        "sides:",
        "sides",
        first_repeated(level.sides.iter().map(|s| s.name.as_str())),
    )?;
    for side in &level.sides {
        let entry = format!("name: \"{}\"", side.name);
        if !level.heroes.iter().any(|h| h.side == side.name) {
            return Err(located_after(
                path,
                text,
                &["sides:"],
                &entry,
                format!("side '{}' has no heroes", side.name),
            ));
        }
    }
    repeated(
        "heroes:",
        "heroes",
        first_repeated(level.heroes.iter().map(|h| h.name.as_str())),
    )?;
    check_placement(path, text, level)
}

/// Nothing inside a wall, one figure a hex, a hex to stand on at or beside every objective.
fn check_placement(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let rows = &level.map.rows;
    let terrain_at = |(c, r): (i32, i32)| {
        rows.get(r as usize)
            .and_then(|row| row.chars().nth(c as usize))
            .and_then(Terrain::from_symbol)
    };
    let wall = |at: (i32, i32)| terrain_at(at) == Some(Terrain::Wall);
    for cover in &level.cover {
        if wall(cover.at) {
            return err(
                &cover.name,
                format!("cover '{}' is inside a wall at {:?}", cover.name, cover.at),
            );
        }
    }
    for (i, mount) in level.mounts.iter().enumerate() {
        if wall(mount.at) {
            return err(
                &mount.name,
                format!("mount '{}' is inside a wall at {:?}", mount.name, mount.at),
            );
        }
        let someone_else = level
            .heroes
            .iter()
            .find(|h| h.at == mount.at && mount.rider.as_ref() != Some(&h.name))
            .map(|h| format!("hero '{}'", h.name))
            .or_else(|| {
                level.mounts[..i]
                    .iter()
                    .find(|m| m.at == mount.at)
                    .map(|m| format!("mount '{}'", m.name))
            });
        if let Some(other) = someone_else {
            return err(
                &mount.name,
                format!(
                    "mount '{}' stands on {other}'s hex {:?} (one figure a hex; a rider is \
                     named as the mount's rider)",
                    mount.name, mount.at
                ),
            );
        }
    }
    for v in &level.victory {
        if let Victory::Objective {
            name,
            task: Some(task),
            ..
        } = v
        {
            // The task's own line, not the first hero whose skills name the same skill.
            let task_err = |message: String| {
                Err(located_after(
                    path,
                    text,
                    &["victory:"],
                    &format!("skill: \"{}\"", task.skill),
                    message,
                ))
            };
            if wall(task.at) {
                return task_err(format!(
                    "objective '{name}': its task at {:?} is inside a wall",
                    task.at
                ));
            }
            let at = crate::rules::hexmap::hex_at(task.at.0, task.at.1);
            let open = |h: hexx::Hex| {
                let (c, r) = crate::rules::hexmap::offset_of(h);
                c >= 0 && r >= 0 && terrain_at((c, r)).is_some_and(|t| t.passable())
            };
            if !open(at) && !at.all_neighbors().into_iter().any(open) {
                return task_err(format!(
                    "objective '{name}': no hex a hero can stand on at or beside its task at \
                     {:?}",
                    task.at
                ));
            }
        }
    }
    Ok(())
}

/// The skills a rule of the game reads by name (the rest a level may name freely: Streetwise,
/// Stealth, Riding, ...).
pub const RULE_SKILLS: [&str; 6] = [
    "Quick Draw",
    "Bravery",
    "Dodge",
    crate::rules::weapons::SPEED_LOAD_SKILL,
    crate::rules::medicine::MEDICINE_SKILL,
    "Demolitions",
];

/// Warnings about a level that plays but likely not as meant: a hero's skill one letter-edit
/// or one word away from a skill a rule, a weapon or an objective uses ("Quick Drawing" makes a
/// hero unskilled at Quick Draw). Each `file:line:column: what`, the nearest known skill named.
pub fn warnings(path: &Path, text: &str, level: &Level, gear: &Gear) -> Vec<String> {
    let mut known: Vec<&str> = RULE_SKILLS.to_vec();
    known.extend(gear.weapons.iter().map(|w| w.skill.as_str()));
    for v in &level.victory {
        if let Victory::Objective {
            task: Some(task), ..
        } = v
        {
            known.push(&task.skill);
        }
    }
    let mut out = Vec::new();
    for hero in &level.heroes {
        let entry = format!("name: \"{}\"", hero.name);
        for skill in hero.skills.keys() {
            if known.contains(&skill.as_str()) {
                continue;
            }
            if let Some(near) = known.iter().find(|k| near_miss(skill, k)) {
                let at = located_after(
                    path,
                    text,
                    &["heroes:", &entry],
                    &format!("\"{skill}\""),
                    format!(
                        "hero '{}': skill '{skill}' is no skill the game reads; did you mean \
                         '{near}'? (kept as written)",
                        hero.name
                    ),
                );
                out.push(format!("warning: {at}"));
            }
        }
    }
    out
}

/// One letter added, dropped or changed, or one word added, dropped or changed.
fn near_miss(a: &str, b: &str) -> bool {
    fn one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
        let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        if long.len() - short.len() > 1 {
            return false;
        }
        let head = short.iter().zip(long).take_while(|(x, y)| x == y).count();
        let (s, l) = (&short[head..], &long[head..]);
        if short.len() == long.len() {
            s.len() <= 1 || s[1..] == l[1..]
        } else {
            *s == l[1..]
        }
    }
    let (ca, cb): (Vec<char>, Vec<char>) = (
        a.to_lowercase().chars().collect(),
        b.to_lowercase().chars().collect(),
    );
    let (wa, wb): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    // A word changed needs a word kept: "Riding" is not one word away from "Bravery".
    let words = wa.len().max(wb.len()) >= 2 && one_edit(&wa, &wb);
    a != b && (one_edit(&ca, &cb) || words)
}

/// An error at the `n`th `needle` after `anchor` (1-based): the second of two heroes of the
/// same name, not the first.
fn nth_located(
    path: &Path,
    text: &str,
    anchor: &str,
    needle: &str,
    n: usize,
    message: String,
) -> DataError {
    let from = text.find(anchor).unwrap_or(0);
    let at = text[from..]
        .match_indices(needle)
        .nth(n.saturating_sub(1))
        .map_or(from, |(i, _)| from + i);
    super::located_at(path, text, at, message)
}

/// The first name that an earlier one repeats.
fn first_repeated<'a>(names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    names.into_iter().find(|n| !seen.insert(*n))
}

pub fn load(path: &Path, gear: &Gear) -> Result<Level, DataError> {
    parse(path, &read(path)?, gear)
}
