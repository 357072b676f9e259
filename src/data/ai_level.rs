//! The computer's level of play for a side (issue 22), as a level file, a match file and the
//! command line name it.

use serde::{Deserialize, Serialize};

/// How well the computer plays a side it controls (issue 22): `Easy` keeps the fixed order of
/// habits of the first computer player; `Normal` weighs each declaration by the exact odds;
/// `Hard` also reads the declarations on the table (focus fire, a foe attacking its side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AiLevel {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl AiLevel {
    pub const ALL: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Normal, AiLevel::Hard];

    /// Its name on the command line and in the JSON: `easy`, `normal`, `hard`.
    pub fn key(self) -> &'static str {
        match self {
            AiLevel::Easy => "easy",
            AiLevel::Normal => "normal",
            AiLevel::Hard => "hard",
        }
    }

    pub fn from_key(key: &str) -> Option<AiLevel> {
        AiLevel::ALL
            .into_iter()
            .find(|l| l.key().eq_ignore_ascii_case(key.trim()))
    }
}
