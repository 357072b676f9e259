//! Weapons in action time (conflict chapter, "Cocking and Readying"), and speed loading
//! (action resolution, "Simple Checks").

use super::card::Card;
use super::check::CheckOutcome;

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

/// Speed loading ("Hank Daggett wishes to reload his shotgun using his speed load skill so that
/// he still has an action"): the skill, the trait whose die it reads, and the TN of the simple
/// check (Standard; docs/rules-decisions.md).
pub const SPEED_LOAD_SKILL: &str = "Speed Load";
pub const SPEED_LOAD_TRAIT: &str = "Coordination";
pub const SPEED_LOAD_TN: u32 = 5;
/// The AP of a speed load: a simple action, like cocking.
pub const SPEED_LOAD_AP: u32 = 1;

/// What a speed load did: "he succeeds in reloading the gun with his action remaining (a
/// success); he successfully reloads, but it takes his action (a failure) ... A critical
/// failure can also occur, causing no shell to be loaded".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeedLoad {
    /// Rounds loaded.
    pub loaded: u32,
    /// AP the load takes beyond the speed load's own: the rest of a normal reload on a failure.
    pub extra_ap: u32,
    /// The burst value read on the card (a success), and the hits it showed there.
    pub burst: Option<(u32, u32)>,
    /// A calamity: the shell is dropped, nothing loaded.
    pub dropped: bool,
}

/// The burst result a speed load of `missing` rounds reads ("The burst results section of the
/// card is used only for speed loading and the Gatling gun"): the smallest burst value on the
/// card that holds every round missing (the largest when none does).
pub fn speed_load_burst(card: &Card, missing: u32) -> Option<(u32, u32)> {
    card.burst
        .iter()
        .find(|b| b.value >= missing)
        .or(card.burst.last())
        .map(|b| (b.value, b.hits))
}

/// The speed load's outcome from its simple check and the check's card. A success loads the
/// card's burst hits for the rounds missing, one more per bump, all of them at most and one at
/// least, and the hero keeps its action; a failure loads every round, at the normal reload's
/// cost (the AP beyond the speed load's own are taken from the pool); a calamity loads nothing.
pub fn speed_load(check: &CheckOutcome, card: &Card, missing: u32) -> SpeedLoad {
    if check.calamity {
        return SpeedLoad {
            loaded: 0,
            extra_ap: 0,
            burst: None,
            dropped: true,
        };
    }
    if check.success {
        let burst = speed_load_burst(card, missing);
        let hits = burst.map_or(missing, |b| b.1);
        return SpeedLoad {
            loaded: (hits + check.bumps).clamp(1, missing.max(1)),
            extra_ap: 0,
            burst,
            dropped: false,
        };
    }
    SpeedLoad {
        loaded: missing,
        extra_ap: reload_cost(missing, false).saturating_sub(SPEED_LOAD_AP),
        burst: None,
        dropped: false,
    }
}

/// Whether a speed load pays against a plain reload, for a hero with `in_front` tokens in
/// front: the speed load's AP (every token in front is spent on a declaration) and, on a
/// failure (1 - `chance`), the rest of the reload, against the reload's own AP.
pub fn speed_load_pays(chance: f64, missing: u32, in_front: u32) -> bool {
    let reload = reload_cost(missing, false).max(in_front) as f64;
    let speed = SPEED_LOAD_AP.max(in_front) as f64
        + (1.0 - chance) * reload_cost(missing, false).saturating_sub(SPEED_LOAD_AP) as f64;
    speed < reload
}

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

    /// Hank's speed load, a simple check ("he succeeds in reloading the gun with his action
    /// remaining (a success); he successfully reloads, but it takes his action (a failure) ...
    /// no shell to be loaded" on a calamity), with the burst section giving the rounds loaded.
    #[test]
    fn hank_speed_loads_the_shotgun() {
        use crate::rules::card::{BurstResult, C, v};
        use crate::rules::check::{CheckOptions, CheckRequest, Skill, resolve};
        use crate::rules::deck::Deck;
        use crate::rules::die::Die;
        let burst = |hits: [u32; 5]| {
            [2, 3, 6, 10, 20]
                .into_iter()
                .zip(hits)
                .map(|(value, hits)| BurstResult { value, hits })
                .collect::<Vec<_>>()
        };
        // Speed Load 1 in a d10, TN 5, the double barrel empty (2 rounds).
        let check = |cell, hits| {
            let mut card = Card::plain(0).with_cause(Die::D10, &[cell]);
            card.burst = burst(hits);
            let request = CheckRequest::simple(
                Skill::Skilled {
                    level: 1,
                    die: Die::D10,
                },
                SPEED_LOAD_TN,
            );
            let mut deck = Deck::with_order(vec![card.clone()], 0, &[0]).unwrap();
            let outcome = resolve(&mut deck, &request, &CheckOptions::default()).unwrap();
            (outcome, card)
        };
        // A 6: success. The burst value 2 shows 1 hit: one shell in, the action remains.
        let (o, card) = check(v(6), [1, 2, 3, 5, 9]);
        assert_eq!(
            speed_load(&o, &card, 2),
            SpeedLoad {
                loaded: 1,
                extra_ap: 0,
                burst: Some((2, 1)),
                dropped: false
            }
        );
        // The same card, 2 hits at 2: both barrels.
        let (o, card) = check(v(6), [2, 2, 3, 5, 9]);
        assert_eq!(speed_load(&o, &card, 2).loaded, 2);
        // A 9 is a bump (4 over the TN): one more shell.
        let (o, card) = check(v(9), [1, 2, 3, 5, 9]);
        assert_eq!((o.bumps, speed_load(&o, &card, 2).loaded), (1, 2));
        // A 4: failure. Both shells in, but the load costs the reload's 2 AP: 1 more.
        let (o, card) = check(v(4), [1, 2, 3, 5, 9]);
        assert_eq!(
            speed_load(&o, &card, 2),
            SpeedLoad {
                loaded: 2,
                extra_ap: 1,
                burst: None,
                dropped: false
            }
        );
        // C: no shell loaded, dropped.
        let (o, card) = check(C, [2, 2, 3, 5, 9]);
        let calamity = speed_load(&o, &card, 2);
        assert_eq!((calamity.loaded, calamity.dropped), (0, true));
        // A revolver's five chambers read the burst value 6; sixteen rounds read 20.
        assert_eq!(speed_load_burst(&card, 5), Some((6, 3)));
        assert_eq!(speed_load_burst(&card, 16), Some((20, 9)));
        assert_eq!(speed_load_burst(&card, 40), Some((20, 9)), "the largest");
        // It pays with one token in front (1 AP, and 1 more on a failure, against 2) unless
        // the tokens in front would pay the whole reload anyway.
        assert!(speed_load_pays(0.5, 2, 1));
        assert!(
            !speed_load_pays(0.0, 2, 1),
            "a sure failure pays the reload and more"
        );
        assert!(
            !speed_load_pays(0.9, 2, 2),
            "two tokens in front load both shells"
        );
        assert!(
            speed_load_pays(0.5, 5, 1),
            "a revolver: 1 + 2 on average, against 5"
        );
    }
}
