//! Weapons in action time (conflict chapter, "Cocking and Readying").

/// "Weapons of up to size 5 cost 2 AP to ready. Larger weapons cost 1 extra AP for each unit
/// of size above 5." A pistol drawn from its holster takes 1 AP ("She then announces that she
/// is drawing her Peacemaker, which takes 1 AP"; docs/rules-decisions.md).
pub fn ready_cost(size: u32, holstered: bool) -> u32 {
    if holstered {
        HOLSTER_DRAW_AP
    } else {
        2 + size.saturating_sub(5)
    }
}

/// Drawing a holstered pistol.
pub const HOLSTER_DRAW_AP: u32 = 1;

/// "Cocking a weapon is a simple action, costing 1 AP for most."
pub const COCK_AP: u32 = 1;

/// "in the case of pistols, they generally carry only 5 loaded chambers instead of 6":
/// the rounds a weapon is carried with.
pub fn carried_rounds(capacity: u32, pistol: bool, fully_loaded: bool) -> u32 {
    if pistol && !fully_loaded {
        capacity.saturating_sub(1)
    } else {
        capacity
    }
}

/// Loading: 1 AP a round (docs/rules-decisions.md).
pub const LOAD_ROUND_AP: u32 = 1;

/// Clearing a jammed weapon after an equipment failure: a skill's 4 AP.
pub const CLEAR_JAM_AP: u32 = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyril_readies_the_schofield_and_the_winchester() {
        // "It costs 2 AP to ready the Schofield (size 5), or 5 AP to ready the rifle (size 8)."
        assert_eq!(ready_cost(5, false), 2);
        assert_eq!(ready_cost(8, false), 5);
        assert_eq!(ready_cost(3, false), 2);
        // Miranda draws her holstered Peacemaker for 1 AP.
        assert_eq!(ready_cost(5, true), 1);
        assert_eq!(COCK_AP, 1);
        assert_eq!(
            carried_rounds(6, true, false),
            5,
            "five chambers, for safety"
        );
        assert_eq!(carried_rounds(6, true, true), 6);
        assert_eq!(carried_rounds(15, false, false), 15);
    }
}
