//! One action card: every section the rulebook names (action resolution, "Reading Cards";
//! conflict, "Action Cards in Combat").

use super::die::Die;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the cause grid: a number, or C (calamity).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CauseCell {
    Value(u32),
    Calamity,
}

impl CauseCell {
    /// "For all other purposes, a C result counts as a 0."
    pub fn value(self) -> u32 {
        match self {
            CauseCell::Value(v) => v,
            CauseCell::Calamity => 0,
        }
    }

    /// Exceptional results are those "equal to or greater than the number atop the column".
    pub fn is_exceptional(self, die: Die) -> bool {
        matches!(self, CauseCell::Value(v) if v >= die.sides())
    }

    pub fn is_calamity(self) -> bool {
        self == CauseCell::Calamity
    }
}

impl fmt::Display for CauseCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CauseCell::Value(v) => write!(f, "{v}"),
            CauseCell::Calamity => write!(f, "C"),
        }
    }
}

/// A cell of the effect grid: the magnitude, and whether it carries the increased-effect mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectCell {
    pub value: u32,
    pub increased: bool,
}

/// A hit location on the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Location {
    Head,
    Chest,
    Vitals,
    Belly,
    LeftArm,
    RightArm,
    LeftLeg,
    RightLeg,
}

impl Location {
    pub const ALL: [Location; 8] = [
        Location::Head,
        Location::Chest,
        Location::Vitals,
        Location::Belly,
        Location::LeftArm,
        Location::RightArm,
        Location::LeftLeg,
        Location::RightLeg,
    ];

    /// Height on the body, used to keep the stack "generally" moving up the body going up.
    pub fn height(self) -> u32 {
        match self {
            Location::Head => 5,
            Location::Chest | Location::LeftArm | Location::RightArm => 4,
            Location::Vitals => 3,
            Location::Belly => 2,
            Location::LeftLeg | Location::RightLeg => 1,
        }
    }

    /// "Vitals, chest and belly are torso for purposes of wounds and wound modifiers."
    pub fn is_torso(self) -> bool {
        matches!(self, Location::Chest | Location::Vitals | Location::Belly)
    }

    pub fn name(self) -> &'static str {
        match self {
            Location::Head => "head",
            Location::Chest => "chest",
            Location::Vitals => "vitals",
            Location::Belly => "belly",
            Location::LeftArm => "left arm",
            Location::RightArm => "right arm",
            Location::LeftLeg => "left leg",
            Location::RightLeg => "right leg",
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which way the triangles beside a stack entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    Up,
    Standard,
    Down,
}

/// One rectangle of the hit-location stack: the location and its triangles (one bump each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackEntry {
    pub location: Location,
    pub bumps: u32,
    pub dir: Direction,
}

/// YES or NO.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Toggle {
    Yes,
    No,
}

/// One burst result: so many projectiles fired, so many hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BurstResult {
    pub value: u32,
    pub hits: u32,
}

/// Index of the standard location on the stack, counted from the top ("the third from the top").
pub const STANDARD_INDEX: usize = 2;

/// A whole action card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// The unique identifying number, 0..=53.
    pub number: u8,
    /// Cause grid, `cause[row - 1][column]`.
    pub cause: [[CauseCell; 5]; 5],
    /// Effect grid, `effect[row - 1][column]`.
    pub effect: [[EffectCell; 5]; 5],
    /// Hit-location stack, top first; the standard location is at [`STANDARD_INDEX`].
    pub location: [StackEntry; 4],
    /// Penetration shield, -2..=+2.
    pub shield: i32,
    /// Scatter clock position, 1..=12.
    pub scatter: u32,
    /// The step (phase) number in the lower left: scatter distance in paces, and more.
    pub step: u32,
    /// Fragment number: the value on the initiative stack.
    pub fragment: u32,
    pub toggle: Toggle,
    /// Burst results, ascending burst value.
    pub burst: Vec<BurstResult>,
    /// Unintended-target numbers, ascending.
    pub unintended: Vec<u32>,
    /// Equipment-failure wrench number, or blank.
    pub wrench: Option<u32>,
    /// Corner result: a playing-card face for variant uses.
    pub corner: String,
}

impl Card {
    /// The cause cell `row-die` (row 1..=5).
    pub fn cause(&self, row: u32, die: Die) -> CauseCell {
        self.cause[row as usize - 1][die.column()]
    }

    /// The effect cell `(row)die` (row 1..=5).
    pub fn effect(&self, row: u32, die: Die) -> EffectCell {
        self.effect[row as usize - 1][die.column()]
    }

    pub fn standard_location(&self) -> Location {
        self.location[STANDARD_INDEX].location
    }

    /// Burst hits for a burst value, if the card lists that value.
    pub fn burst_hits(&self, value: u32) -> Option<u32> {
        self.burst.iter().find(|b| b.value == value).map(|b| b.hits)
    }

    /// A card with every cell blank-ish (cause 1, effect rising by 1, standard stack of chest):
    /// for tests that build the card a worked example names.
    pub fn plain(number: u8) -> Card {
        let mut effect = [[EffectCell {
            value: 0,
            increased: false,
        }; 5]; 5];
        for (r, row) in effect.iter_mut().enumerate() {
            for cell in row.iter_mut() {
                cell.value = r as u32 + 1;
            }
        }
        let entry = |dir, bumps| StackEntry {
            location: Location::Chest,
            bumps,
            dir,
        };
        Card {
            number,
            cause: [[CauseCell::Value(1); 5]; 5],
            effect,
            location: [
                entry(Direction::Up, 2),
                entry(Direction::Up, 1),
                entry(Direction::Standard, 0),
                entry(Direction::Down, 1),
            ],
            shield: 0,
            scatter: 12,
            step: 1,
            fragment: 1,
            toggle: Toggle::No,
            burst: vec![],
            unintended: vec![],
            wrench: None,
            corner: String::new(),
        }
    }

    /// Builder for tests: set cause cells of one column, from row 1 down.
    pub fn with_cause(mut self, die: Die, rows: &[CauseCell]) -> Card {
        for (r, cell) in rows.iter().enumerate() {
            self.cause[r][die.column()] = *cell;
        }
        self
    }

    /// Builder for tests: set the effect cells of one column from row 1 down, as
    /// (value, increased) pairs.
    pub fn with_effect(mut self, die: Die, rows: &[(u32, bool)]) -> Card {
        for (r, (value, increased)) in rows.iter().enumerate() {
            self.effect[r][die.column()] = EffectCell {
                value: *value,
                increased: *increased,
            };
        }
        self
    }
}

/// Shorthand for tests and pins: a numeric cause cell.
pub const fn v(n: u32) -> CauseCell {
    CauseCell::Value(n)
}

/// Shorthand: the calamity cell.
pub const C: CauseCell = CauseCell::Calamity;
