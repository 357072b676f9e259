//! The step-by-step record of a dice-pool check, as a Judge would say it at the table.

use serde::{Serialize, Serializer};
use std::fmt;

/// Which dice a step speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolName {
    /// The acting character's check.
    Check,
    /// The check's Interference (penalty and Venture dice).
    Interference,
    /// The 2 dice of 1 Will spent on the check.
    Will,
    /// Helper n (from 1) rolling to cooperate.
    Helper(u32),
    /// Helper n's Interference, as many dice as the primary's check.
    HelperInterference(u32),
    /// The opposed roll.
    Opposition,
    /// The opposed roll's own Interference.
    OppositionInterference,
    /// The 2 dice of 1 Will spent on the opposed roll.
    OppositionWill,
}

impl PoolName {
    /// The name in JSON: `check`, `interference`, `will`, `helper_1`,
    /// `helper_1_interference`, `opposition`, `opposition_interference`, `opposition_will`.
    pub fn key(self) -> String {
        match self {
            PoolName::Check => "check".into(),
            PoolName::Interference => "interference".into(),
            PoolName::Will => "will".into(),
            PoolName::Helper(n) => format!("helper_{n}"),
            PoolName::HelperInterference(n) => format!("helper_{n}_interference"),
            PoolName::Opposition => "opposition".into(),
            PoolName::OppositionInterference => "opposition_interference".into(),
            PoolName::OppositionWill => "opposition_will".into(),
        }
    }
}

impl fmt::Display for PoolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PoolName::Check => write!(f, "the check"),
            PoolName::Interference => write!(f, "the Interference"),
            PoolName::Will => write!(f, "the Will"),
            PoolName::Helper(n) => write!(f, "helper {n}"),
            PoolName::HelperInterference(n) => write!(f, "helper {n}'s Interference"),
            PoolName::Opposition => write!(f, "the Opposition"),
            PoolName::OppositionInterference => write!(f, "the Opposition's Interference"),
            PoolName::OppositionWill => write!(f, "the Opposition's Will"),
        }
    }
}

impl Serialize for PoolName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.key())
    }
}

/// One step of a dice-pool check. In JSON: `{"step": kind, ...fields}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum PoolStep {
    /// Dice rolled for a pool: `dice` in the order rolled, the last `explosions` of them
    /// rolled for 6s; `explode` false when Advantage or Disadvantage stops 6s exploding.
    Rolled {
        pool: PoolName,
        dice: Vec<u32>,
        explosions: usize,
        explode: bool,
        successes: Vec<u32>,
    },
    /// One Interference success against `against`'s lowest success: `discarded` is the
    /// success it took with it, none when every success left is higher.
    Interfered {
        pool: PoolName,
        against: PoolName,
        die: u32,
        discarded: Option<u32>,
    },
    /// Successes added to a pool: Will dice, or a helper's successes after Interference.
    Joined {
        pool: PoolName,
        into: PoolName,
        successes: Vec<u32>,
    },
    /// A Venture token turned the single `single` into a pair.
    Ventured { pool: PoolName, single: u32 },
    /// Venture tokens left with no single success to pair.
    VentureUnused { pool: PoolName, tokens: u32 },
    /// The check's result before any Opposition.
    Tallied { kept: Vec<u32>, success: bool },
    /// "Opposition isn't rolled if the original Check fails."
    OppositionNotRolled,
    /// The Opposition's success `die` discarded the check's `discarded`.
    Opposed { die: u32, discarded: u32 },
    /// The Opposition discards nothing: no successes, or all lower than the check's lowest.
    Unopposed { lowest: Option<u32> },
    /// Momentum: one per pair of equal successes left in a pool.
    Momentum {
        pool: PoolName,
        kept: Vec<u32>,
        momentum: u32,
    },
    /// The verdict.
    Result {
        kept: Vec<u32>,
        successes: u32,
        success: bool,
        momentum: u32,
    },
}

fn list(dice: &[u32]) -> String {
    if dice.is_empty() {
        "none".into()
    } else {
        dice.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn capital(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => s,
    }
}

impl PoolStep {
    /// The steps after the rolls in words: the tally, the Opposition, Momentum, the result.
    fn fmt_outcome(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PoolStep::Tallied { kept, success } => write!(
                f,
                "Before any Opposition the check keeps {}: {}.",
                list(kept),
                if *success { "a success" } else { "a failure" }
            ),
            PoolStep::OppositionNotRolled => {
                write!(f, "The check failed: the Opposition is not rolled.")
            }
            PoolStep::Opposed { die, discarded } => write!(
                f,
                "The Opposition's {die} is discarded with the check's {discarded} (equal or lesser)."
            ),
            PoolStep::Unopposed { lowest: None } => {
                write!(f, "The Opposition has no success: it discards nothing.")
            }
            PoolStep::Unopposed { lowest: Some(l) } => write!(
                f,
                "Every Opposition success is lower than the check's lowest, {l}: it discards nothing."
            ),
            PoolStep::Momentum {
                pool,
                kept,
                momentum,
            } => write!(
                f,
                "{} keeps {}: {momentum} Momentum (one per pair of equal successes).",
                capital(pool.to_string()),
                list(kept)
            ),
            PoolStep::Result {
                kept,
                successes,
                success,
                momentum,
            } => {
                if *success {
                    write!(
                        f,
                        "SUCCESS: {} left ({}), {momentum} Momentum.",
                        crate::rules::words::count(*successes, "success", "successes"),
                        list(kept)
                    )
                } else {
                    write!(f, "FAILURE: no success left.")
                }
            }
            _ => Ok(()),
        }
    }
}

impl fmt::Display for PoolStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PoolStep::Rolled {
                pool,
                dice,
                explosions,
                explode,
                successes,
            } => {
                let first = dice.len() - explosions;
                write!(f, "Rolled {first}d for {pool}: {}", list(&dice[..first]))?;
                if *explosions > 0 {
                    write!(f, "; the 6s explode: {}", list(&dice[first..]))?;
                } else if !explode && dice.contains(&6) {
                    write!(f, "; the 6s do not explode")?;
                }
                write!(f, ". Successes (4-6): {}.", list(successes))
            }
            PoolStep::Interfered {
                pool,
                against,
                die,
                discarded: Some(d),
            } => write!(
                f,
                "{}'s {die} takes {against}'s {d} (equal or lesser): both are discarded.",
                capital(pool.to_string())
            ),
            PoolStep::Interfered {
                pool,
                against,
                die,
                discarded: None,
            } => write!(
                f,
                "{}'s {die}: every success of {against} is higher, so the {die} alone is \
                 discarded.",
                capital(pool.to_string())
            ),
            PoolStep::Joined {
                pool,
                into,
                successes,
            } => {
                let what = if successes.is_empty() {
                    "nothing".to_string()
                } else {
                    list(successes)
                };
                write!(f, "{} adds {what} to {into}.", capital(pool.to_string()))
            }
            PoolStep::Ventured { pool, single } => write!(
                f,
                "A Venture token pairs {pool}'s single {single}: {single}, {single}."
            ),
            PoolStep::VentureUnused { pool, tokens } => write!(
                f,
                "{} of {pool} {} no single success to pair.",
                crate::rules::words::count(*tokens, "Venture token", "Venture tokens"),
                if *tokens == 1 { "finds" } else { "find" }
            ),
            outcome => outcome.fmt_outcome(f),
        }
    }
}
