//! Contests and opposed complex checks (action resolution, "Complex Checks"): "These types of
//! checks could be due to extended actions, where success is achieved over time (such as
//! digging a well), contests (where two characters compete at a task) ...". What the text fixes:
//! a contest is a complex check for each competitor, "both a TN for successful progress, but
//! also some number of victories for completion", the victories told before anyone draws;
//! "All necessary successes need not be accrued in a single action". The rest is decided in
//! docs/rules-decisions.md.

use super::check::CheckOutcome;
use std::cmp::Ordering;

/// Two competitors at one task: the Judge's number of victories to complete it, and what each
/// has so far. The first to complete it wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contest {
    pub needed: u32,
    pub victories: [u32; 2],
    /// A calamity's setback: victories lost to it, won back first (as an objective's
    /// temporary slot).
    pub setbacks: [u32; 2],
    pub winner: Option<usize>,
}

impl Contest {
    pub fn new(needed: u32) -> Contest {
        Contest {
            needed: needed.max(1),
            victories: [0, 0],
            setbacks: [0, 0],
            winner: None,
        }
    }

    /// Victories still to win for a side.
    pub fn left(&self, side: usize) -> u32 {
        (self.needed + self.setbacks[side]).saturating_sub(self.victories[side])
    }

    /// One competitor's complex check on its own action: its victories count toward the task
    /// (a calamity sets it back one). Returns the winner once a side has completed it; after
    /// that the contest is decided and nothing more counts.
    pub fn record(&mut self, side: usize, roll: &CheckOutcome) -> Option<usize> {
        if self.winner.is_some() {
            return self.winner;
        }
        self.add(side, roll);
        if self.left(side) == 0 {
            self.winner = Some(side);
        }
        self.winner
    }

    /// Both competitors' checks at once (an exchange): both completing it in the same exchange
    /// go by the opposed check (`opposed`); a tie leaves it open.
    pub fn exchange(&mut self, a: &CheckOutcome, b: &CheckOutcome) -> Option<usize> {
        if self.winner.is_some() {
            return self.winner;
        }
        self.add(0, a);
        self.add(1, b);
        self.winner = match (self.left(0) == 0, self.left(1) == 0) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            (true, true) => opposed(a, b),
            (false, false) => None,
        };
        self.winner
    }

    fn add(&mut self, side: usize, roll: &CheckOutcome) {
        if roll.calamity {
            self.setbacks[side] += 1;
        }
        self.victories[side] += roll.victories.unwrap_or(0);
    }
}

/// An opposed complex check, both drawing for the same task: the one with more victories wins;
/// then the greater magnitude; then the higher result. A failure has neither. None is a tie.
pub fn opposed(a: &CheckOutcome, b: &CheckOutcome) -> Option<usize> {
    let key = |o: &CheckOutcome| {
        let (v, m) = if o.success {
            (o.victories.unwrap_or(0), o.magnitude.unwrap_or(0))
        } else {
            (0, 0)
        };
        (v, m, if o.calamity { 0 } else { o.result })
    };
    match key(a).cmp(&key(b)) {
        Ordering::Greater => Some(0),
        Ordering::Less => Some(1),
        Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::{C, Card, CauseCell, v};
    use crate::rules::check::{CheckOptions, CheckRequest, Skill, resolve};
    use crate::rules::deck::Deck;
    use crate::rules::die::{Die, Pool};

    /// A TN 7 complex check on a hand-built card: the cause cell, and the effect of the
    /// 1-row quality in the d10 column.
    fn roll(cause: CauseCell, effect: u32) -> CheckOutcome {
        let card = Card::plain(0)
            .with_cause(Die::D10, &[cause])
            .with_effect(Die::D10, &[(effect, false)]);
        let mut deck = Deck::with_order(vec![card], 0, &[0]).unwrap();
        let request = CheckRequest::complex(
            Skill::Skilled {
                level: 1,
                die: Die::D10,
            },
            7,
            Pool::new(1, Die::D10).unwrap(),
        );
        resolve(&mut deck, &request, &CheckOptions::default()).unwrap()
    }

    /// Hank's dynamite as a contest: "a TN 7 ... check, with 3 victories required. He flips his
    /// card and generates an 8 ... he finds a 13. Two victories are generated, leaving one more
    /// necessary." His rival's 9 is one victory ("the magnitude is 9"); Hank's next victory
    /// completes it first.
    #[test]
    fn the_first_to_complete_the_task_wins() {
        let mut contest = Contest::new(3);
        let hank = roll(v(8), 13);
        assert_eq!((hank.success, hank.victories), (true, Some(2)));
        assert_eq!(contest.record(0, &hank), None);
        assert_eq!(contest.left(0), 1, "leaving one more necessary");
        assert_eq!(contest.record(1, &roll(v(9), 9)), None);
        assert_eq!(
            contest.record(1, &roll(v(6), 30)),
            None,
            "a failure: no magnitude"
        );
        assert_eq!(contest.victories, [2, 1]);
        assert_eq!(contest.record(0, &roll(v(7), 6)), Some(0));
        // Decided: the rival's 18 no longer counts.
        assert_eq!(contest.record(1, &roll(v(9), 18)), Some(0));
        assert_eq!(contest.victories, [3, 1]);
    }

    /// A calamity sets the competitor back one victory, won back first.
    #[test]
    fn a_calamity_sets_the_competitor_back() {
        let mut contest = Contest::new(2);
        assert_eq!(contest.record(0, &roll(C, 30)), None);
        assert_eq!(contest.left(0), 3);
        assert_eq!(contest.record(0, &roll(v(8), 12)), None);
        assert_eq!(contest.record(0, &roll(v(8), 6)), Some(0));
    }

    /// Both at once: more victories wins the opposed check, then the magnitude, then the
    /// result; the same on all three leaves it a tie (the contest goes on).
    #[test]
    fn opposed_checks_go_by_victories_then_magnitude_then_result() {
        assert_eq!(opposed(&roll(v(8), 13), &roll(v(9), 9)), Some(0));
        assert_eq!(
            opposed(&roll(v(8), 13), &roll(v(9), 17)),
            Some(1),
            "17 over 13"
        );
        assert_eq!(
            opposed(&roll(v(8), 13), &roll(v(9), 13)),
            Some(1),
            "9 over 8"
        );
        assert_eq!(opposed(&roll(v(8), 13), &roll(v(8), 13)), None);
        assert_eq!(
            opposed(&roll(v(6), 30), &roll(v(7), 1)),
            Some(1),
            "a failure has none"
        );
        let mut contest = Contest::new(2);
        assert_eq!(contest.exchange(&roll(v(8), 13), &roll(v(9), 13)), Some(1));
        let mut tie = Contest::new(2);
        assert_eq!(tie.exchange(&roll(v(8), 13), &roll(v(8), 13)), None);
        assert_eq!(tie.victories, [2, 2]);
    }
}
