//! The five die types that name the columns of both grids: 4, 6, 8, 10 and 12.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A column of the cause and effect grids, named after the die it behaves like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Die {
    D4,
    D6,
    D8,
    D10,
    D12,
}

impl Die {
    /// Column order on the card, left to right.
    pub const ALL: [Die; 5] = [Die::D4, Die::D6, Die::D8, Die::D10, Die::D12];

    /// Number of sides: the column heading and the exceptional threshold.
    pub fn sides(self) -> u32 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
        }
    }

    /// Column index 0..5 on the card.
    pub fn column(self) -> usize {
        self as usize
    }

    pub fn from_sides(sides: u32) -> Option<Die> {
        Die::ALL.into_iter().find(|d| d.sides() == sides)
    }

    /// The die `by` columns to the right (positive) or left (negative), if it is on the card.
    pub fn shifted(self, by: i32) -> Option<Die> {
        let col = self.column() as i32 + by;
        (0..5).contains(&col).then(|| Die::ALL[col as usize])
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides())
    }
}

/// A pool written `[rows]d[die]` (cause grid, e.g. `3d8`) or `(rows)die` (effect grid, e.g.
/// `(3)10`): a number of rows 1..=5 in one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pool {
    pub rows: u32,
    pub die: Die,
}

impl Pool {
    pub fn new(rows: u32, die: Die) -> Result<Pool, PoolError> {
        if !(1..=5).contains(&rows) {
            return Err(PoolError::Rows(rows));
        }
        Ok(Pool { rows, die })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    #[error("a pool has 1 to 5 rows (dice), not {0}")]
    Rows(u32),
    #[error("the die must be one of 4, 6, 8, 10, 12, not {0}")]
    Die(String),
    #[error("'{0}' is not a pool: write it like 3d10 or (3)10")]
    Syntax(String),
}

impl std::str::FromStr for Pool {
    type Err = PoolError;
    /// Accepts `3d10`, `(3)10` and `3)10`-free forms; case-insensitive.
    fn from_str(s: &str) -> Result<Pool, PoolError> {
        let t = s.trim().to_ascii_lowercase();
        let (rows, die) = if let Some(rest) = t.strip_prefix('(') {
            rest.split_once(')')
                .ok_or_else(|| PoolError::Syntax(s.into()))?
        } else {
            t.split_once('d')
                .ok_or_else(|| PoolError::Syntax(s.into()))?
        };
        let rows: u32 = rows.parse().map_err(|_| PoolError::Syntax(s.into()))?;
        let sides: u32 = die.parse().map_err(|_| PoolError::Die(die.into()))?;
        let die = Die::from_sides(sides).ok_or_else(|| PoolError::Die(die.into()))?;
        Pool::new(rows, die)
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.rows, self.die.sides())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_parse_in_both_notations() {
        assert_eq!(
            "3d10".parse::<Pool>(),
            Ok(Pool {
                rows: 3,
                die: Die::D10
            })
        );
        assert_eq!(
            "(3)6".parse::<Pool>(),
            Ok(Pool {
                rows: 3,
                die: Die::D6
            })
        );
        assert_eq!("6d6".parse::<Pool>(), Err(PoolError::Rows(6)));
        assert!(matches!("3d7".parse::<Pool>(), Err(PoolError::Die(_))));
        assert!(matches!("hello".parse::<Pool>(), Err(PoolError::Syntax(_))));
    }

    #[test]
    fn shifting_stays_on_the_card() {
        assert_eq!(Die::D8.shifted(1), Some(Die::D10));
        assert_eq!(Die::D6.shifted(-1), Some(Die::D4));
        assert_eq!(Die::D4.shifted(-1), None);
        assert_eq!(Die::D12.shifted(1), None);
    }
}
