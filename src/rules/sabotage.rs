//! Action sabotage (conflict chapter, "Action Sabotage"): "when trying to fail intentionally,
//! the attempt fails unless one of two things occurs: a calamity is generated, or the
//! unintended targets icon shows a possible target that exists. One example is firing a weapon
//! toward a target, with no intention of actually hitting it. In such a case, a calamity
//! indicates the target is hit, while the unintended target could be a bystander or important
//! piece of scenery."

use super::check::{self, CheckError, CheckOptions};
use super::deck::CardSource;
use super::ranged;
use super::shot::{BumpSpend, Caused, ShotOutcome, Volley, after_cause};

/// A shot fired to miss: the resolution card is drawn as for the shot (the same TN, the same
/// modifiers, in every system), but the result does not matter. A calamity hits the target, as
/// a hit without bumps reads the card (location, cover, damage). Anything else misses: its
/// stray shot (and a shotgun's scatter) goes against the card's unintended-target numbers,
/// where the firer's table finds the bystanders and scenery that exist. The wrench is read as
/// for any shot: the gun was fired.
pub fn resolve_shot(
    source: &mut dyn CardSource,
    volley: &Volley,
    options: &CheckOptions,
) -> Result<ShotOutcome, CheckError> {
    let mut roll = check::resolve(source, &volley.cause(), options)?;
    let cards = roll
        .resolution
        .clone()
        .expect("every system gives resolution cards");
    let attack = volley.attacks.first().expect("a shot");
    // The firer aims off: only the calamity finds the target.
    roll.success = roll.calamity;
    roll.bumps = 0;
    let drawn = roll.cards.clone();
    let caused = Caused {
        check: roll,
        drawn,
        allot: None,
    };
    let mut outcome = after_cause(
        source,
        &volley.weapon,
        attack,
        caused,
        &cards,
        options,
        // Nothing to tailor on a shot meant to miss: no bumps, no bonus counter.
        (BumpSpend::Judge, None),
    )?;
    outcome.equipment_failure = ranged::equipment_fails(&cards.cause, volley.weapon.reliability);
    outcome.unintended = ranged::unintended_hits(&cards.cause, outcome.strays);
    Ok(outcome)
}

/// Whether an attempt to fail failed, as meant: no calamity, and no unintended target shown
/// that exists (`unintended_present`: the targets the icon shows that are there).
pub fn failed_as_meant(calamity: bool, unintended_present: u32) -> bool {
    !calamity && unintended_present == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::{C, CauseCell};
    use crate::rules::check::Skill;
    use crate::rules::damage::DamageType;
    use crate::rules::deck::Deck;
    use crate::rules::die::{Die, Pool};
    use crate::rules::ranged::ShotTerms;
    use crate::rules::shot::{Attack, ShotWeapon};

    fn volley() -> Volley {
        Volley {
            // Miranda's 3d10 with the Peacemaker, TN 5 at ten paces.
            skill: Skill::Skilled {
                level: 3,
                die: Die::D10,
            },
            rows: 0,
            weapon: ShotWeapon {
                pen: 2,
                dmg: Pool::new(3, Die::D6).unwrap(),
                rd: Pool::new(3, Die::D4).unwrap(),
                damage: DamageType::Deadly,
                burst: None,
                scatter_band: None,
                reliability: 2,
            },
            attacks: vec![Attack {
                terms: ShotTerms {
                    tn: 5,
                    tn_parts: vec![],
                    modifiers: vec![],
                },
                target_size: 6,
                cover: None,
                close: None,
            }],
            limit: u32::MAX,
            venture: 0,
            will: false,
            bonus: None,
        }
    }

    fn fire(card: u8) -> ShotOutcome {
        let mut deck = Deck::with_order(crate::rules::deck_gen::generate(), 1, &[card]).unwrap();
        resolve_shot(&mut deck, &volley(), &CheckOptions::default()).unwrap()
    }

    /// "the attempt fails unless ... a calamity is generated, or the unintended targets icon
    /// shows a possible target that exists": card 34 gives Miranda's 3d10 a 9 and a 10 (Cyril's
    /// "9, 6, 10") against TN 5, a sure hit, yet the shot fired to miss misses; its one stray is
    /// read against the icon.
    #[test]
    fn a_shot_fired_to_miss_misses_whatever_the_result() {
        let deck = crate::rules::deck_gen::generate();
        let o = fire(34);
        assert_eq!(deck[34].cause(1, Die::D10), CauseCell::Value(9));
        assert!(!o.hit && !o.check.calamity && o.location.is_none());
        assert_eq!((o.effect, o.strays), (0, 1));
        let shown = u32::from(deck[34].unintended.first() == Some(&1));
        assert_eq!(o.unintended, shown);
        assert!(failed_as_meant(o.check.calamity, 0));
        // Every card: misses unless its 3-10 cell is C; a stray hits a bystander exactly when
        // the card's first unintended number is 1.
        for card in &deck {
            let o = fire(card.number);
            let calamity = card.cause(3, Die::D10) == C;
            assert_eq!(o.hit, calamity, "card {}", card.number);
            if !calamity {
                assert_eq!(
                    o.unintended,
                    u32::from(card.unintended.first() == Some(&1)),
                    "card {}",
                    card.number
                );
            }
        }
    }

    /// "a calamity indicates the target is hit": as a hit with no bumps, the card's standard
    /// location and the Peacemaker's (3)6 cell.
    #[test]
    fn a_calamity_hits_the_target_after_all() {
        let deck = crate::rules::deck_gen::generate();
        let card = deck
            .iter()
            .find(|c| c.cause(3, Die::D10) == C)
            .expect("two cards hold C at 3-10");
        let o = fire(card.number);
        assert!(o.check.calamity && o.hit);
        assert_eq!(o.check.bumps, 0);
        let location = card.standard_location();
        assert_eq!(o.location, Some(location));
        // No bumps: the DMG rows, and the head's or the vitals' own damage bumps.
        let rows = 3 + crate::rules::damage::location_damage_bumps(location);
        assert_eq!(o.quality, Some(Pool::new(rows, Die::D6).unwrap()));
        assert!(o.effect >= card.effect(rows, Die::D6).value);
        assert!(!failed_as_meant(true, 0));
        assert!(!failed_as_meant(false, 1), "a bystander there");
    }
}
