//! Medicine reviving the fallen (conflict chapter, "Wound Effects"): "Any character that
//! critically fails a recovery check immediately falls unconscious for 1d6 hours or until
//! someone makes a Standard (5) medicine roll to revive."

use super::action_time::skill_cost;
use super::check::CheckOutcome;

/// The skill, and the trait whose die it reads (unskilled: the 4 column at its rank).
pub const MEDICINE_SKILL: &str = "Medicine";
pub const MEDICINE_TRAIT: &str = "Knowledge";
/// "a Standard (5) medicine roll"
pub const REVIVE_TN: u32 = 5;

/// The AP of reviving: a skill that does not need full attention ("otherwise the skill costs
/// 4"; docs/rules-decisions.md).
pub fn revive_ap() -> u32 {
    skill_cost(false)
}

/// What the medicine roll did for the fallen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revival {
    /// Brought round.
    Revived,
    /// Still out: another roll may be tried.
    StillOut,
    /// A calamity: out for the "1d6 hours", past any roll in this fight.
    OutForHours,
}

impl Revival {
    pub fn name(self) -> &'static str {
        match self {
            Revival::Revived => "revived",
            Revival::StillOut => "still_out",
            Revival::OutForHours => "out_for_hours",
        }
    }
}

/// The roll's verdict.
pub fn revive(roll: &CheckOutcome) -> Revival {
    if roll.calamity {
        Revival::OutForHours
    } else if roll.success {
        Revival::Revived
    } else {
        Revival::StillOut
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::{C, Card, v};
    use crate::rules::check::{CheckOptions, CheckRequest, Skill, resolve};
    use crate::rules::deck::Deck;
    use crate::rules::die::Die;

    fn roll(skill: Skill, die: Die, cells: &[crate::rules::card::CauseCell]) -> CheckOutcome {
        // A second card extends an exceptional cell by 1.
        let card = Card::plain(0).with_cause(die, cells);
        let mut deck = Deck::with_order(vec![card, Card::plain(1)], 0, &[0, 1]).unwrap();
        let request = CheckRequest::simple(skill, REVIVE_TN);
        resolve(&mut deck, &request, &CheckOptions::default()).unwrap()
    }

    /// "a Standard (5) medicine roll to revive": 5 revives, 4 does not; a C keeps the fallen
    /// out for the hours; without the skill, the 4 column at the Knowledge rank.
    #[test]
    fn a_standard_medicine_roll_revives() {
        let skilled = Skill::Skilled {
            level: 1,
            die: Die::D8,
        };
        assert_eq!(revive(&roll(skilled, Die::D8, &[v(5)])), Revival::Revived);
        assert_eq!(revive(&roll(skilled, Die::D8, &[v(4)])), Revival::StillOut);
        assert_eq!(revive(&roll(skilled, Die::D8, &[C])), Revival::OutForHours);
        // Miranda's "measly 1" of Knowledge, unskilled: the 1-4 cell only.
        let unskilled = Skill::Unskilled { trait_rank: 1 };
        let out = roll(unskilled, Die::D4, &[v(3), v(4)]);
        assert_eq!((out.result, revive(&out)), (3, Revival::StillOut));
        // A Knowledge of 2: the 2-4 cell too, exceptional, 4 + 1 on the next card.
        let two = Skill::Unskilled { trait_rank: 2 };
        let out = roll(two, Die::D4, &[v(3), v(4)]);
        assert_eq!((out.result, revive(&out)), (5, Revival::Revived));
        assert_eq!(revive_ap(), 4);
    }
}
