//! Dice-pool checks (dice-pool-checks.txt, whole text): pools of d6, 4-6 succeed, 6s explode,
//! Interference, Will, Venture, Opposition, Momentum, Advantage/Disadvantage and Cooperation.
//!
//! The order of a check, as the text gives it:
//! 1. Venture tokens add Interference dice "before you roll a check".
//! 2. The check pool is rolled; every 6 rolls another die (again for a 6 on that one).
//!    1-3 are discarded, 4-6 are kept.
//! 3. The Interference dice are rolled like a check; starting with the lowest Interference
//!    success, it and the lowest check success are discarded if that success is equal or
//!    lesser; if every check success is higher, the Interference die alone is discarded.
//! 4. Will: 2 more dice "after the initial results, including Interference".
//! 5. Cooperation: each helper rolls with Interference equal to the primary's dice; the
//!    successes left join the check pool.
//! 6. Venture: "after the result is calculated, but before any Opposition", each token turns
//!    the highest single success into a pair.
//! 7. The check succeeds with one success or more. Only then the Opposition is rolled: its
//!    own Interference and Will, then one of its successes discards an equal or lesser success
//!    of the check (the lowest), then its own Venture.
//! 8. Momentum: one per pair of equal successes left.
//!
//! Dice are dealt in that order (docs/rules-decisions.md, "Dice pools and d20").

use serde::Serialize;

mod odds;
mod source;
mod steps;

pub use odds::{PoolOdds, odds, success_chance};
pub use source::{DiceError, DiceSource, FixedDice, SeededDice, seed_bytes};
pub use steps::{PoolName, PoolStep};

/// The most dice any one pool may roll (before explosions): keeps the exact odds quick.
pub const MAX_DICE: u32 = 20;
/// The most helpers in one cooperation.
pub const MAX_HELPERS: usize = 6;
/// "you may add 1 to 3 Interference for an equal number of Venture tokens"
pub const MAX_VENTURE: u32 = 3;
/// 1 Will adds "another 2 dice to the roll".
pub const WILL_DICE: u32 = 2;

/// The opposed roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Opposition {
    pub dice: u32,
    /// Its own Interference ("may even have Interference to resolve").
    pub interference: u32,
    /// Its own Venture tokens (the venture in the alley is the defender's).
    pub venture: u32,
    /// "Opposition may likewise spend Will to add 2 dice after any results are tallied."
    pub will: bool,
}

/// A dice-pool check as the Judge declares it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PoolCheck {
    /// The score plus bonus dice.
    pub dice: u32,
    /// Penalty dice.
    pub interference: u32,
    /// Venture tokens 0..=3, each an extra Interference die.
    pub venture: u32,
    /// Spend 1 Will for 2 more dice.
    pub will: bool,
    pub advantage: bool,
    pub disadvantage: bool,
    /// The dice of each helper (Cooperation).
    pub helpers: Vec<u32>,
    pub opposition: Option<Opposition>,
}

/// Which pools' 6s explode, after Advantage and Disadvantage cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explosions {
    /// The check, its Will dice and the helpers' dice ("6's on the check").
    pub check: bool,
    /// Every Interference pool and the Opposition with its Will dice.
    pub interference_and_opposition: bool,
}

impl PoolCheck {
    /// A plain check of `dice` dice.
    pub fn new(dice: u32) -> PoolCheck {
        PoolCheck {
            dice,
            ..PoolCheck::default()
        }
    }

    /// "The two states cancel one another out if both are present in the same check."
    pub fn explosions(&self) -> Explosions {
        let advantage = self.advantage && !self.disadvantage;
        let disadvantage = self.disadvantage && !self.advantage;
        Explosions {
            check: !disadvantage,
            interference_and_opposition: !advantage,
        }
    }

    pub fn validate(&self) -> Result<(), PoolError> {
        if self.dice == 0 || self.dice > MAX_DICE {
            return Err(PoolError::Dice(self.dice));
        }
        if self.interference > MAX_DICE {
            return Err(PoolError::TooMany(
                PoolName::Interference,
                self.interference,
            ));
        }
        if self.venture > MAX_VENTURE {
            return Err(PoolError::Venture(self.venture));
        }
        if self.helpers.len() > MAX_HELPERS {
            return Err(PoolError::Helpers(self.helpers.len()));
        }
        if let Some(&h) = self.helpers.iter().find(|&&h| h == 0 || h > MAX_DICE) {
            return Err(PoolError::Helper(h));
        }
        if let Some(o) = &self.opposition {
            if o.dice == 0 || o.dice > MAX_DICE {
                return Err(PoolError::TooMany(PoolName::Opposition, o.dice));
            }
            if o.interference > MAX_DICE {
                return Err(PoolError::TooMany(
                    PoolName::OppositionInterference,
                    o.interference,
                ));
            }
            if o.venture > MAX_VENTURE {
                return Err(PoolError::Venture(o.venture));
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    #[error("a check rolls 1 to {MAX_DICE} dice, not {0}")]
    Dice(u32),
    #[error("{0} rolls 1 to {MAX_DICE} dice, not {1}")]
    TooMany(PoolName, u32),
    #[error("Venture is 1 to {MAX_VENTURE} tokens (0 for none), not {0}")]
    Venture(u32),
    #[error("a helper rolls 1 to {MAX_DICE} dice, not {0}")]
    Helper(u32),
    #[error("at most {MAX_HELPERS} helpers, not {0}")]
    Helpers(usize),
    #[error("rolling {pool}: {source}")]
    Roll { pool: PoolName, source: DiceError },
}

/// Successes counted by value: how many 4s, 5s and 6s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tally(pub [u32; 3]);

impl Tally {
    /// The successes among rolled dice (1-3 are discarded).
    pub fn of(dice: &[u32]) -> Tally {
        let mut t = Tally::default();
        for &d in dice.iter().filter(|&&d| (4..=6).contains(&d)) {
            t.add(d);
        }
        t
    }

    pub fn count(self) -> u32 {
        self.0.iter().sum()
    }

    pub fn is_empty(self) -> bool {
        self.count() == 0
    }

    pub fn lowest(self) -> Option<u32> {
        (0..3).find(|&i| self.0[i] > 0).map(|i| i as u32 + 4)
    }

    /// Add a success (4, 5 or 6).
    fn add(&mut self, value: u32) {
        self.0[value as usize - 4] += 1;
    }

    fn remove(&mut self, value: u32) {
        self.0[value as usize - 4] -= 1;
    }

    pub fn plus(self, other: Tally) -> Tally {
        Tally([
            self.0[0] + other.0[0],
            self.0[1] + other.0[1],
            self.0[2] + other.0[2],
        ])
    }

    /// The successes, lowest first.
    pub fn values(self) -> Vec<u32> {
        (0..3)
            .flat_map(|i| std::iter::repeat_n(i as u32 + 4, self.0[i] as usize))
            .collect()
    }

    /// "Every pair of successes in the roll generates Momentum": pairs of equal values.
    pub fn momentum(self) -> u32 {
        self.0.iter().map(|c| c / 2).sum()
    }
}

/// Interference against a pool, die by die from the lowest Interference success; `on` hears
/// each Interference die and the success it discarded, if any. Stops when the pool is empty.
pub fn interfere(pool: &mut Tally, interference: Tally, mut on: impl FnMut(u32, Option<u32>)) {
    for die in interference.values() {
        let Some(lowest) = pool.lowest() else { break };
        if lowest <= die {
            pool.remove(lowest);
            on(die, Some(lowest));
        } else {
            on(die, None);
        }
    }
}

/// The same as [`interfere`], counted without a step per die (for the exact odds).
pub fn interfere_counts(pool: Tally, interference: Tally) -> Tally {
    let [mut c4, mut c5, mut c6] = pool.0;
    let [i4, i5, i6] = interference.0;
    // A 4 only takes a 4: while 4s are left, the lowest is a 4; after, every success is higher.
    c4 -= i4.min(c4);
    // A 5 takes the lowest of the 4s and 5s left; above them only 6s, which are higher.
    let fives = i5.min(c4 + c5);
    let from4 = fives.min(c4);
    c4 -= from4;
    c5 -= fives - from4;
    // A 6 takes anything, lowest first.
    let mut sixes = i6;
    for c in [&mut c4, &mut c5, &mut c6] {
        let n = sixes.min(*c);
        *c -= n;
        sixes -= n;
    }
    Tally([c4, c5, c6])
}

/// The Opposition's one discard: its lowest success that is at least the check's lowest
/// success is discarded with it. None when either has no success or all of the Opposition's
/// are lower.
pub fn oppose(check: &mut Tally, opposition: &mut Tally) -> Option<(u32, u32)> {
    let lowest = check.lowest()?;
    let die = (lowest..=6).find(|&v| opposition.0[v as usize - 4] > 0)?;
    check.remove(lowest);
    opposition.remove(die);
    Some((die, lowest))
}

/// Venture: each token turns the highest single success (a value rolled once) into a pair.
/// Returns the tokens left unused.
pub fn venture(pool: &mut Tally, tokens: u32, mut on: impl FnMut(u32)) -> u32 {
    for used in 0..tokens {
        let Some(single) = (4..=6).rev().find(|&v| pool.0[v as usize - 4] == 1) else {
            return tokens - used;
        };
        pool.add(single);
        on(single);
    }
    0
}

/// A helper's dice: the rolls, its Interference, the successes it added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelperRoll {
    pub dice: Vec<u32>,
    pub interference: Vec<u32>,
    pub kept: Vec<u32>,
}

/// The Opposition's dice, when it was rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OppositionRoll {
    pub dice: Vec<u32>,
    pub interference: Vec<u32>,
    pub will: Vec<u32>,
    /// Its successes left after its discard and Venture.
    pub kept: Vec<u32>,
    /// "If the Opposed pool has doubles left over it may generate Momentum."
    pub momentum: u32,
}

/// Everything a dice-pool check rolled and kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PoolResult {
    /// The check's rolls, explosions after the first dice.
    pub check: Vec<u32>,
    /// The check's Interference rolls (penalty and Venture dice).
    pub interference: Vec<u32>,
    /// The Will dice, if Will was spent.
    pub will: Vec<u32>,
    pub helpers: Vec<HelperRoll>,
    /// None without an Opposition, or when the check failed before it.
    pub opposition: Option<OppositionRoll>,
    /// The check's successes left, lowest first.
    pub kept: Vec<u32>,
    pub successes: u32,
    pub success: bool,
    pub momentum: u32,
    pub steps: Vec<PoolStep>,
}

impl PoolResult {
    /// Every die rolled, in the order dealt.
    pub fn dice(&self) -> Vec<u32> {
        let mut all = self.check.clone();
        all.extend(&self.interference);
        all.extend(&self.will);
        for h in &self.helpers {
            all.extend(&h.dice);
            all.extend(&h.interference);
        }
        if let Some(o) = &self.opposition {
            all.extend(&o.dice);
            all.extend(&o.interference);
            all.extend(&o.will);
        }
        all
    }
}

/// Roll `n` dice and, if `explode`, one more for every 6, wave after wave.
fn roll_pool(
    source: &mut dyn DiceSource,
    n: u32,
    explode: bool,
    pool: PoolName,
    steps: &mut Vec<PoolStep>,
) -> Result<Vec<u32>, PoolError> {
    let mut dice = Vec::new();
    let mut wave = n;
    while wave > 0 {
        let mut sixes = 0;
        for _ in 0..wave {
            let d = source
                .roll(6)
                .map_err(|source| PoolError::Roll { pool, source })?;
            sixes += u32::from(d == 6);
            dice.push(d);
        }
        wave = if explode { sixes } else { 0 };
    }
    steps.push(PoolStep::Rolled {
        pool,
        explosions: dice.len() - n as usize,
        explode,
        successes: Tally::of(&dice).values(),
        dice: dice.clone(),
    });
    Ok(dice)
}

/// Roll an Interference pool (if any dice) and resolve it against `pool`.
fn roll_interference(
    source: &mut dyn DiceSource,
    n: u32,
    explode: bool,
    names: (PoolName, PoolName),
    pool: &mut Tally,
    steps: &mut Vec<PoolStep>,
) -> Result<Vec<u32>, PoolError> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let (name, against) = names;
    let dice = roll_pool(source, n, explode, name, steps)?;
    interfere(pool, Tally::of(&dice), |die, discarded| {
        steps.push(PoolStep::Interfered {
            pool: name,
            against,
            die,
            discarded,
        })
    });
    Ok(dice)
}

/// Roll 2 Will dice and add their successes to `pool`.
fn roll_will(
    source: &mut dyn DiceSource,
    explode: bool,
    names: (PoolName, PoolName),
    pool: &mut Tally,
    steps: &mut Vec<PoolStep>,
) -> Result<Vec<u32>, PoolError> {
    let (name, into) = names;
    let dice = roll_pool(source, WILL_DICE, explode, name, steps)?;
    let t = Tally::of(&dice);
    *pool = pool.plus(t);
    steps.push(PoolStep::Joined {
        pool: name,
        into,
        successes: t.values(),
    });
    Ok(dice)
}

fn pair_singles(pool: &mut Tally, tokens: u32, name: PoolName, steps: &mut Vec<PoolStep>) {
    if tokens == 0 {
        return;
    }
    let unused = venture(pool, tokens, |single| {
        steps.push(PoolStep::Ventured { pool: name, single })
    });
    if unused > 0 {
        steps.push(PoolStep::VentureUnused {
            pool: name,
            tokens: unused,
        });
    }
}

/// Resolve a dice-pool check with dice from `source`, in the text's order.
pub fn roll(check: &PoolCheck, source: &mut dyn DiceSource) -> Result<PoolResult, PoolError> {
    check.validate()?;
    let explode = check.explosions();
    let (for_check, against) = (explode.check, explode.interference_and_opposition);
    let mut steps = Vec::new();

    let check_dice = roll_pool(source, check.dice, for_check, PoolName::Check, &mut steps)?;
    let mut kept = Tally::of(&check_dice);
    let interference = roll_interference(
        source,
        check.interference + check.venture,
        against,
        (PoolName::Interference, PoolName::Check),
        &mut kept,
        &mut steps,
    )?;
    let will = if check.will {
        let names = (PoolName::Will, PoolName::Check);
        roll_will(source, for_check, names, &mut kept, &mut steps)?
    } else {
        Vec::new()
    };
    let mut helpers = Vec::new();
    for (i, &n) in check.helpers.iter().enumerate() {
        let name = PoolName::Helper(i as u32 + 1);
        let dice = roll_pool(source, n, for_check, name, &mut steps)?;
        let mut help = Tally::of(&dice);
        let interference = roll_interference(
            source,
            check.dice,
            against,
            (PoolName::HelperInterference(i as u32 + 1), name),
            &mut help,
            &mut steps,
        )?;
        kept = kept.plus(help);
        steps.push(PoolStep::Joined {
            pool: name,
            into: PoolName::Check,
            successes: help.values(),
        });
        helpers.push(HelperRoll {
            dice,
            interference,
            kept: help.values(),
        });
    }
    pair_singles(&mut kept, check.venture, PoolName::Check, &mut steps);
    let before = !kept.is_empty();
    steps.push(PoolStep::Tallied {
        kept: kept.values(),
        success: before,
    });

    let opposition = match &check.opposition {
        Some(o) if before => Some(roll_opposition(source, o, against, &mut kept, &mut steps)?),
        Some(_) => {
            steps.push(PoolStep::OppositionNotRolled);
            None
        }
        None => None,
    };

    let success = !kept.is_empty();
    let momentum = kept.momentum();
    if success {
        steps.push(PoolStep::Momentum {
            pool: PoolName::Check,
            kept: kept.values(),
            momentum,
        });
    }
    steps.push(PoolStep::Result {
        kept: kept.values(),
        successes: kept.count(),
        success,
        momentum,
    });
    Ok(PoolResult {
        check: check_dice,
        interference,
        will,
        helpers,
        opposition,
        kept: kept.values(),
        successes: kept.count(),
        success,
        momentum,
        steps,
    })
}

fn roll_opposition(
    source: &mut dyn DiceSource,
    o: &Opposition,
    explode: bool,
    check: &mut Tally,
    steps: &mut Vec<PoolStep>,
) -> Result<OppositionRoll, PoolError> {
    let dice = roll_pool(source, o.dice, explode, PoolName::Opposition, steps)?;
    let mut pool = Tally::of(&dice);
    let interference = roll_interference(
        source,
        o.interference + o.venture,
        explode,
        (PoolName::OppositionInterference, PoolName::Opposition),
        &mut pool,
        steps,
    )?;
    let will = if o.will {
        let names = (PoolName::OppositionWill, PoolName::Opposition);
        roll_will(source, explode, names, &mut pool, steps)?
    } else {
        Vec::new()
    };
    let had = !pool.is_empty();
    match oppose(check, &mut pool) {
        Some((die, discarded)) => steps.push(PoolStep::Opposed { die, discarded }),
        None => steps.push(PoolStep::Unopposed {
            lowest: if had { check.lowest() } else { None },
        }),
    }
    pair_singles(&mut pool, o.venture, PoolName::Opposition, steps);
    let momentum = pool.momentum();
    if !pool.is_empty() {
        steps.push(PoolStep::Momentum {
            pool: PoolName::Opposition,
            kept: pool.values(),
            momentum,
        });
    }
    Ok(OppositionRoll {
        dice,
        interference,
        will,
        kept: pool.values(),
        momentum,
    })
}

#[cfg(test)]
mod tests;
