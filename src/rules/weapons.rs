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

/// The AP of loading `missing` rounds, clearing a jam first (docs/rules-decisions.md).
pub fn reload_cost(missing: u32, jammed: bool) -> u32 {
    missing * LOAD_ROUND_AP + if jammed { CLEAR_JAM_AP } else { 0 }
}

/// A weapon's bonus on the initiative stack: its gear value, and the double action revolver's
/// slower pull (-1) when not cocked ("affected both accuracy and speed").
pub fn stack_bonus(initiative: i32, double_action: bool, cocked: bool) -> i32 {
    initiative - i32::from(double_action && !cocked)
}

/// The single action trait, "wins initiative-based ties": a single action revolver, or a
/// double action one cocked for the shot.
pub fn single_action(pistol: bool, needs_cocking: bool, double_action: bool, cocked: bool) -> bool {
    pistol && (needs_cocking || (double_action && cocked))
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
        assert_eq!(
            (
                reload_cost(3, false),
                reload_cost(3, true),
                reload_cost(0, true)
            ),
            (3, 7, 4)
        );
        assert_eq!(
            (
                stack_bonus(0, true, false),
                stack_bonus(0, true, true),
                stack_bonus(-1, false, false)
            ),
            (-1, 0, -1)
        );
        assert!(single_action(true, true, false, false));
        assert!(!single_action(true, false, true, false) && single_action(true, false, true, true));
        assert!(
            !single_action(false, true, false, true),
            "a rifle is no revolver"
        );
    }
}
