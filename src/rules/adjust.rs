//! Adjustments: direct, row and column ("Applying Bonuses and Penalties").

use super::die::Pool;
use serde::{Deserialize, Serialize};

/// Adjustments to the cause grid. There is no column field: "Never apply column adjustments
/// to cause grid results."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CauseAdjust {
    /// Added to the chosen result.
    pub direct: i32,
    /// Added to the number of rows (dice) that may be chosen from.
    pub row: i32,
}

/// Adjustments to the effect grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectAdjust {
    pub direct: i32,
    pub row: i32,
    /// Columns right (positive, a larger "die type") or left (negative).
    pub column: i32,
}

/// A row adjustment "just changes the size of the dice pool": rows stay on the card, 1..=5.
pub fn rows(pool: Pool, adjust: i32) -> Pool {
    Pool {
        rows: (pool.rows as i32 + adjust).clamp(1, 5) as u32,
        die: pool.die,
    }
}

/// A direct adjustment to a cause result: "If a direct adjustment takes a result to 0 or less,
/// the result is 1 if it is a cause". It never creates (or removes) a calamity: calamities are
/// decided on the cell, before any adjustment.
pub fn direct_cause(value: u32, adjust: i32) -> u32 {
    if adjust == 0 {
        return value;
    }
    (value as i64 + adjust as i64).max(1) as u32
}

/// A direct adjustment to an effect result: "... 0 if it is effect".
pub fn direct_effect(value: u32, adjust: i32) -> u32 {
    (value as i64 + adjust as i64).max(0) as u32
}

/// The bound a column shift puts on the shifted result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    None,
    /// Left shift: "the value in the new result must be less than the original result. This
    /// includes increased effect."
    AtMost(u32),
    /// Right shift: "the new value must be greater than the previous value".
    AtLeast(u32),
}

/// The limit of a column shift of `shift` from an original value.
pub fn column_limit(original: u32, shift: i32) -> Limit {
    match shift {
        0 => Limit::None,
        s if s < 0 => Limit::AtMost(original.saturating_sub(1)),
        _ => Limit::AtLeast(original + 1),
    }
}

/// A left shift stops drawing for increased effect once the cap is met: more cannot count.
pub fn limit_reached(total: u32, limit: Limit) -> bool {
    matches!(limit, Limit::AtMost(max) if total >= max)
}

pub fn apply_limit(total: u32, limit: Limit) -> u32 {
    match limit {
        Limit::None => total,
        Limit::AtMost(max) => total.min(max),
        Limit::AtLeast(min) => total.max(min),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::die::Die;

    #[test]
    fn direct_adjustments_floor_at_one_for_cause_and_zero_for_effect() {
        assert_eq!(direct_cause(3, -5), 1);
        assert_eq!(direct_cause(3, 2), 5);
        assert_eq!(direct_effect(3, -5), 0);
        assert_eq!(direct_effect(3, -1), 2);
    }

    #[test]
    fn row_adjustments_stay_on_the_card() {
        let p = Pool {
            rows: 4,
            die: Die::D8,
        };
        assert_eq!(rows(p, 3).rows, 5);
        assert_eq!(rows(p, -6).rows, 1);
        assert_eq!(rows(p, -1).rows, 3);
    }

    #[test]
    fn column_limits_keep_the_shift_honest() {
        // Miranda's card 39: 18 at (3)6, shifted left: at most 17.
        assert_eq!(column_limit(18, -1), Limit::AtMost(17));
        assert_eq!(apply_limit(11 + 9, Limit::AtMost(17)), 17);
        // Octavio's card 17: 19 at (2)8, shifted right: at least 20.
        assert_eq!(column_limit(19, 1), Limit::AtLeast(20));
        assert_eq!(apply_limit(16 + 3, Limit::AtLeast(20)), 20);
        assert_eq!(apply_limit(16 + 9, Limit::AtLeast(20)), 25);
    }
}
