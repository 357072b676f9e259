//! "Setting Difficulty": the five named TNs.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    Standard,
    Challenging,
    Difficult,
    Incredible,
}

impl Difficulty {
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Standard,
        Difficulty::Challenging,
        Difficulty::Difficult,
        Difficulty::Incredible,
    ];

    pub fn tn(self) -> u32 {
        match self {
            Difficulty::Easy => 3,
            Difficulty::Standard => 5,
            Difficulty::Challenging => 7,
            Difficulty::Difficult => 9,
            Difficulty::Incredible => 11,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Standard => "standard",
            Difficulty::Challenging => "challenging",
            Difficulty::Difficult => "difficult",
            Difficulty::Incredible => "incredible",
        }
    }

    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difficulty_table() {
        let tns: Vec<u32> = Difficulty::ALL.iter().map(|d| d.tn()).collect();
        assert_eq!(tns, vec![3, 5, 7, 9, 11]);
        assert_eq!(
            Difficulty::from_name("Standard"),
            Some(Difficulty::Standard)
        );
    }
}
