//! d20 roll-under tests (d20-tests.txt, whole text): TN = Rank + Modifiers; typed modifiers
//! count only the best bonus and the worst penalty of each type, untyped ones stack; the TN is
//! held to 3..=18; a 1 is a Complication (a success), the TN exactly a Critical Success, a 20
//! a Critical Failure.

use super::dice_pool::{DiceError, DiceSource};
use serde::{Serialize, Serializer};
use std::fmt;

/// "The TN can never be lower than 3 or higher than 18."
pub const TN_MIN: u32 = 3;
pub const TN_MAX: u32 = 18;
pub const SIDES: u32 = 20;

/// "There are four main types of modifiers in the game: item, condition, fortune &
/// misfortune, and situation", and untyped modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierType {
    Item,
    Condition,
    Fortune,
    Situation,
    Untyped,
}

impl ModifierType {
    pub const ALL: [ModifierType; 5] = [
        ModifierType::Item,
        ModifierType::Condition,
        ModifierType::Fortune,
        ModifierType::Situation,
        ModifierType::Untyped,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ModifierType::Item => "item",
            ModifierType::Condition => "condition",
            ModifierType::Fortune => "fortune",
            ModifierType::Situation => "situation",
            ModifierType::Untyped => "untyped",
        }
    }

    pub fn from_name(name: &str) -> Option<ModifierType> {
        let name = name.trim().to_ascii_lowercase();
        ModifierType::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// One modifier to the TN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub kind: ModifierType,
    pub value: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum D20Error {
    #[error(
        "'{0}' is not a modifier: write TYPE:+N or TYPE:-N, TYPE one of item, condition, fortune, situation, untyped"
    )]
    Modifier(String),
    #[error("a d20 rolls 1 to 20, not {0}")]
    Roll(u32),
    #[error("rolling the d20: {0}")]
    Dice(#[from] DiceError),
}

impl std::str::FromStr for Modifier {
    type Err = D20Error;
    /// `condition:+4`, `item:-1`, `untyped:2`.
    fn from_str(s: &str) -> Result<Modifier, D20Error> {
        let bad = || D20Error::Modifier(s.into());
        let (kind, value) = s.split_once(':').ok_or_else(bad)?;
        let kind = ModifierType::from_name(kind).ok_or_else(bad)?;
        let value: i32 = value.trim().parse().map_err(|_| bad())?;
        Ok(Modifier { kind, value })
    }
}

/// The modifier each type contributes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModifierTotals([i64; 5]);

impl ModifierTotals {
    pub fn get(self, kind: ModifierType) -> i64 {
        self.0[kind as usize]
    }

    pub fn sum(self) -> i64 {
        self.0.iter().sum()
    }
}

/// In JSON: `{"item": n, "condition": n, "fortune": n, "situation": n, "untyped": n}`.
impl Serialize for ModifierTotals {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(5))?;
        for kind in ModifierType::ALL {
            map.serialize_entry(kind.name(), &self.get(kind))?;
        }
        map.end()
    }
}

/// "You only apply the sum of the best and worst modifier of each type": the best bonus
/// (none: 0) plus the worst penalty (none: 0). Untyped modifiers all add up.
pub fn type_total(kind: ModifierType, values: &[i32]) -> i64 {
    let values = values.iter().map(|&v| i64::from(v));
    if kind == ModifierType::Untyped {
        return values.sum();
    }
    let best = values.clone().filter(|&v| v > 0).max().unwrap_or(0);
    let worst = values.filter(|&v| v < 0).min().unwrap_or(0);
    best + worst
}

pub fn totals(modifiers: &[Modifier]) -> ModifierTotals {
    let mut t = ModifierTotals::default();
    for kind in ModifierType::ALL {
        let values: Vec<i32> = of_type(modifiers, kind);
        t.0[kind as usize] = type_total(kind, &values);
    }
    t
}

fn of_type(modifiers: &[Modifier], kind: ModifierType) -> Vec<i32> {
    modifiers
        .iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.value)
        .collect()
}

/// A test as the Judge declares it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct D20Test {
    pub rank: u32,
    pub modifiers: Vec<Modifier>,
}

impl D20Test {
    /// Rank + Modifiers, before the limits.
    pub fn unlimited_tn(&self) -> i64 {
        i64::from(self.rank) + totals(&self.modifiers).sum()
    }

    /// The TN, held to 3..=18.
    pub fn tn(&self) -> u32 {
        self.unlimited_tn()
            .clamp(i64::from(TN_MIN), i64::from(TN_MAX)) as u32
    }
}

/// The outcome of a roll: one of the three special outcomes, or a plain success or failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum D20Outcome {
    /// A 1: "usually a Success, however, there is a special complication".
    Complication,
    /// The TN exactly: "a type of success".
    CriticalSuccess,
    /// A 20: a failure with "an additional negative outcome".
    CriticalFailure,
    Success,
    Failure,
}

impl D20Outcome {
    pub fn is_success(self) -> bool {
        matches!(
            self,
            D20Outcome::Complication | D20Outcome::CriticalSuccess | D20Outcome::Success
        )
    }

    /// As in JSON: `complication`, `critical_success`, `critical_failure`, `success`,
    /// `failure`.
    pub fn key(self) -> &'static str {
        match self {
            D20Outcome::Complication => "complication",
            D20Outcome::CriticalSuccess => "critical_success",
            D20Outcome::CriticalFailure => "critical_failure",
            D20Outcome::Success => "success",
            D20Outcome::Failure => "failure",
        }
    }
}

impl fmt::Display for D20Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            D20Outcome::Complication => "Complication: a success, with a complication",
            D20Outcome::CriticalSuccess => "Critical Success: a success, with an extra benefit",
            D20Outcome::CriticalFailure => {
                "Critical Failure: a failure, with an additional negative outcome"
            }
            D20Outcome::Success => "success",
            D20Outcome::Failure => "failure",
        })
    }
}

/// The outcome of `roll` against a TN within the limits. A 20 and a 1 are read first, then
/// the TN exactly; with the TN held to 3..=18 they can never be the same roll.
pub fn outcome(roll: u32, tn: u32) -> D20Outcome {
    match roll {
        20 => D20Outcome::CriticalFailure,
        1 => D20Outcome::Complication,
        r if r == tn => D20Outcome::CriticalSuccess,
        r if r < tn => D20Outcome::Success,
        _ => D20Outcome::Failure,
    }
}

/// One step of a test, as the Judge says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum D20Step {
    /// The modifiers of one type and what they come to.
    Modifiers {
        kind: ModifierType,
        values: Vec<i32>,
        total: i64,
    },
    /// TN = Rank + Modifiers.
    Target { rank: u32, modifiers: i64, tn: i64 },
    /// The TN held to 3..=18.
    Limited { from: i64, to: u32 },
    Rolled {
        roll: u32,
        tn: u32,
        outcome: D20Outcome,
    },
}

fn signed(values: &[i32]) -> String {
    values
        .iter()
        .map(|v| format!("{v:+}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for D20Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            D20Step::Modifiers { kind, values, .. } if values.len() == 1 => {
                write!(f, "The {} modifier: {:+}.", kind.name(), values[0])
            }
            D20Step::Modifiers {
                kind: ModifierType::Untyped,
                values,
                total,
            } => write!(f, "Untyped modifiers {} stack: {total:+}.", signed(values)),
            D20Step::Modifiers {
                kind,
                values,
                total,
            } => write!(
                f,
                "{} modifiers {} do not stack: the best bonus and the worst penalty count: \
                 {total:+}.",
                capital(kind.name()),
                signed(values)
            ),
            D20Step::Target {
                rank,
                modifiers,
                tn,
            } => {
                if *modifiers == 0 {
                    write!(f, "TN = rank {rank} = {tn}.")
                } else {
                    write!(f, "TN = rank {rank} + modifiers {modifiers:+} = {tn}.")
                }
            }
            D20Step::Limited { from, to } => write!(
                f,
                "TN {from} is held to {to}: the TN is never lower than {TN_MIN} or higher than \
                 {TN_MAX}."
            ),
            D20Step::Rolled { roll, tn, outcome } => {
                write!(f, "The d20 rolls {roll} against TN {tn}: {outcome}.")
            }
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|first| first.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Everything a test produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct D20Result {
    pub rank: u32,
    /// Rank + Modifiers before the limits.
    pub unlimited_tn: i64,
    /// The TN after the limits.
    pub tn: u32,
    pub roll: u32,
    pub outcome: D20Outcome,
    pub success: bool,
    /// The total each type contributes.
    pub modifiers: ModifierTotals,
    pub steps: Vec<D20Step>,
}

/// The test with a given roll (a table's d20).
pub fn resolve(test: &D20Test, roll: u32) -> Result<D20Result, D20Error> {
    if !(1..=SIDES).contains(&roll) {
        return Err(D20Error::Roll(roll));
    }
    let mods = totals(&test.modifiers);
    let mut steps = Vec::new();
    for kind in ModifierType::ALL {
        let values = of_type(&test.modifiers, kind);
        if !values.is_empty() {
            steps.push(D20Step::Modifiers {
                kind,
                values,
                total: mods.get(kind),
            });
        }
    }
    let unlimited_tn = test.unlimited_tn();
    steps.push(D20Step::Target {
        rank: test.rank,
        modifiers: mods.sum(),
        tn: unlimited_tn,
    });
    let tn = test.tn();
    if i64::from(tn) != unlimited_tn {
        steps.push(D20Step::Limited {
            from: unlimited_tn,
            to: tn,
        });
    }
    let outcome = outcome(roll, tn);
    steps.push(D20Step::Rolled { roll, tn, outcome });
    Ok(D20Result {
        rank: test.rank,
        unlimited_tn,
        tn,
        roll,
        outcome,
        success: outcome.is_success(),
        modifiers: mods,
        steps,
    })
}

/// The test with a d20 from `source`.
pub fn roll(test: &D20Test, source: &mut dyn DiceSource) -> Result<D20Result, D20Error> {
    let roll = source.roll(SIDES)?;
    resolve(test, roll)
}

/// The chance of each outcome, by enumerating the 20 faces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct D20Odds {
    /// Every kind of success: plain, Complication and Critical Success.
    pub success: f64,
    pub complication: f64,
    pub critical_success: f64,
    pub critical_failure: f64,
    /// Every kind of failure, Critical Failure included.
    pub failure: f64,
}

pub fn odds(test: &D20Test) -> D20Odds {
    let tn = test.tn();
    let faces: Vec<D20Outcome> = (1..=SIDES).map(|roll| outcome(roll, tn)).collect();
    let chance = |f: &dyn Fn(D20Outcome) -> bool| {
        faces.iter().filter(|&&o| f(o)).count() as f64 / f64::from(SIDES)
    };
    D20Odds {
        success: chance(&|o| o.is_success()),
        complication: chance(&|o| o == D20Outcome::Complication),
        critical_success: chance(&|o| o == D20Outcome::CriticalSuccess),
        critical_failure: chance(&|o| o == D20Outcome::CriticalFailure),
        failure: chance(&|o| !o.is_success()),
    }
}

/// P(success) of a test.
pub fn success_chance(test: &D20Test) -> f64 {
    odds(test).success
}

#[cfg(test)]
mod tests;
