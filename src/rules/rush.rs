//! Rushing actions (conflict chapter, "Rushing Actions"), an optional rule a level switches on
//! (docs/rules-decisions.md 35): "If a character is willing to sacrifice some precision, well,
//! then they can get them self a little more speed."

use serde::{Deserialize, Serialize};

/// How an action is rushed: "spend the appropriate AP from the action track and available
/// pool. The AP spent from the pool (not from the track) is the amount the action is rushed."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rush {
    /// AP from the action track: the tokens in front, or those already paid toward it.
    pub from_track: u32,
    /// AP from the pool: the amount rushed (0 for an action already fully paid).
    pub rushed: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RushError {
    #[error("a rush needs at least 1 AP in front on the action track")]
    NothingOnTrack,
    #[error("no action may be rushed by more than half of its AP cost: {rushed} of {cost} AP")]
    MoreThanHalf { rushed: u32, cost: u32 },
    #[error("the pool cannot pay it: {need} AP to rush, {has} left in the pool")]
    PoolShort { need: u32, has: u32 },
    #[error("aiming cannot be rushed: a rushed shot is a snap shot")]
    Aiming,
}

/// "No action may be rushed by more than half of its AP cost, rounded down."
pub fn max_rush(cost: u32) -> u32 {
    cost / 2
}

/// Rush an action costing `cost` AP with `on_track` AP in front of the character (or already
/// paid toward it) and `pool` AP still in the pool. `aims`: the action aims (an aimed or normal
/// shot, a careful blow), which cannot be rushed.
///
/// "To rush an action, a character must have at least 1 AP in front of them on the action track
/// as well as enough AP left in their pool to fully pay for the action." / "1. Aiming cannot be
/// rushed." / "3. Actions that are fully paid can be rushed for no Rush Tax." / "4. No action
/// may be rushed by more than half of its AP cost, rounded down."
pub fn plan(cost: u32, on_track: u32, pool: u32, aims: bool) -> Result<Rush, RushError> {
    if on_track == 0 {
        return Err(RushError::NothingOnTrack);
    }
    if on_track >= cost {
        return Ok(Rush {
            from_track: on_track,
            rushed: 0,
        });
    }
    let rushed = cost - on_track;
    if aims {
        return Err(RushError::Aiming);
    }
    if rushed > max_rush(cost) {
        return Err(RushError::MoreThanHalf { rushed, cost });
    }
    if rushed > pool {
        return Err(RushError::PoolShort {
            need: rushed,
            has: pool,
        });
    }
    Ok(Rush {
        from_track: on_track,
        rushed,
    })
}

/// "When the action resolves the character will pay Rush Tax based on the Step number of the
/// card drawn to resolve the action": the Step, for an action rushed by any AP; nothing for one
/// that was fully paid.
pub fn tax(rush: &Rush, step: u32) -> u32 {
    if rush.rushed == 0 { 0 } else { step }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The four stipulations, in the text's numbers.
    #[test]
    fn the_four_stipulations() {
        // A Sharps snap shot (3 AP) with 2 AP in front: rushed by 1, half of 3 rounded down.
        assert_eq!(
            plan(3, 2, 5, false),
            Ok(Rush {
                from_track: 2,
                rushed: 1
            })
        );
        // With 1 AP in front it would be rushed by 2: more than half.
        assert_eq!(
            plan(3, 1, 5, false),
            Err(RushError::MoreThanHalf { rushed: 2, cost: 3 })
        );
        // "must have at least 1 AP in front of them".
        assert_eq!(plan(1, 0, 5, false), Err(RushError::NothingOnTrack));
        // "enough AP left in their pool to fully pay for the action".
        assert_eq!(
            plan(8, 4, 3, false),
            Err(RushError::PoolShort { need: 4, has: 3 })
        );
        // 1. "Aiming cannot be rushed": an aimed shot not fully paid.
        assert_eq!(plan(7, 5, 5, true), Err(RushError::Aiming));
        // 3. "a character using a Henry rifle who has paid 6 AP toward an aimed shot may
        // perform a normal shot (5 AP cost)": fully paid, no Rush Tax, aim or not; "in the
        // midst of a second aim action (8 or more AP paid) ... they could keep the first aim"
        // (7 AP).
        let normal = plan(5, 6, 0, false).unwrap();
        let first_aim = plan(7, 8, 0, true).unwrap();
        assert_eq!((normal.rushed, first_aim.rushed), (0, 0));
        assert_eq!((tax(&normal, 6), tax(&first_aim, 6)), (0, 0));
        // 2. The tax is the Step of the card (paid from next round's AP when the pool is dry).
        assert_eq!(tax(&plan(3, 2, 5, false).unwrap(), 4), 4);
        assert_eq!(max_rush(7), 3);
    }

    /// "2. Any penalty AP that are paid (Rush Tax) may be paid from next rounds AP once the
    /// current pool is exhausted."
    #[test]
    fn the_tax_comes_from_the_pool_then_from_next_round() {
        use crate::rules::action_time::ActionTrack;
        let mut track = ActionTrack::new(4, 8, 0, None);
        track.pool = 2;
        assert_eq!(track.pay_penalty(5), (2, 3));
        assert_eq!((track.pool, track.debt), (0, 3));
        assert_eq!(ActionTrack::new(4, 8, track.debt, None).total, 5);
    }
}
