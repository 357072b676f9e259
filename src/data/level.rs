//! Scenario files in `levels/*.ron`: the map, cover, mounts, sides, heroes and victory.

use super::gear::Gear;
use super::{DataError, parse_ron, read};
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

/// Drawn only (issue 24): what a map shows that no rule reads: a building's roof, its door, a
/// boardwalk, a hitching rail, a water trough, a barrel. Cover that stops a shot is `cover`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SceneryDef {
    pub kind: Scenery,
    pub at: (i32, i32),
    /// The hexside it stands on (a door, a hitching rail), 0 to 5; the hex itself when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<u8>,
}

/// The things a map draws that no rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scenery {
    /// A building's roof over a floor hex (drawn over the floor, under the figures).
    Roof,
    /// A door in a wall, on a hexside.
    Door,
    /// The planks of a boardwalk on a hex.
    Boardwalk,
    /// A hitching rail along a hexside.
    HitchingRail,
    /// A water trough on a hex (as cover it is also a `cover` entry).
    Trough,
    /// A barrel on a hex.
    Barrel,
}

impl Scenery {
    pub const ALL: [Scenery; 6] = [
        Scenery::Roof,
        Scenery::Door,
        Scenery::Boardwalk,
        Scenery::HitchingRail,
        Scenery::Trough,
        Scenery::Barrel,
    ];
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
    /// The first weapon starts in hand and cocked: the hero stands ready (the bank job's law,
    /// who heard the robbery). Absent, false. Only for a gun that cocks, not holstered.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cocked: bool,
    /// Will points, spent on dice-pool checks ("spend 1 Will to add another 2 dice").
    #[serde(default)]
    pub will: u32,
    /// The counter whose filling brings this hero onto the map (reinforcements: "Danger brings
    /// on a worse situation"); absent, the hero starts on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<String>,
    /// The icon on the hero's token (one of `data::portraits::PORTRAITS`); absent, its first
    /// weapon's. Drawing only: no rule reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portrait: Option<String>,
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
    /// The Judge's counters (counters.txt): what feeds each, what a full one does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<CounterDef>,
    /// Items lying on the map, to be taken into an Inventory counter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<ItemDef>,
    /// Drawn only: roofs, doors, boardwalks, rails, troughs, barrels (no rule reads them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenery: Vec<SceneryDef>,
    /// Drawn only: the open and rough ground is a floor indoors (a saloon's boards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<Floor>,
}

/// A floor indoors, drawn over the open and the rough ground (no rule reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Floor {
    /// Boards, with the tables' and chairs' tops on the rough ground.
    Planks,
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
    /// "If you prefer to use total movement instead of relative movement": a moving target's
    /// penalty by its own speed over the ground (docs/rules-decisions.md 129). Off: relative.
    #[serde(default)]
    pub total_movement: bool,
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
            total_movement: false,
        }
    }
}

impl Level {
    /// Whether the side at `index` is played by a human (at the desk, not the computer).
    pub fn human_side(&self, index: usize) -> bool {
        self.sides
            .get(index)
            .is_some_and(|s| s.control == Control::Human)
    }

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

mod checks;
mod counters;
mod placement;
mod winning;
pub use checks::{MAX_HEROES, RULE_SKILLS, check, warnings};
pub use counters::{CounterDef, Feed, ItemDef, Trigger, WhenFull};

pub fn parse(path: &Path, text: &str, gear: &Gear) -> Result<Level, DataError> {
    let level: Level = parse_ron(path, text)?;
    check(path, text, level, gear)
}

pub fn load(path: &Path, gear: &Gear) -> Result<Level, DataError> {
    parse(path, &read(path)?, gear)
}
