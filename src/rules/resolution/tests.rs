use super::*;
use crate::rules::card::Card;
use crate::rules::check;
use crate::rules::d20::D20Outcome;
use crate::rules::deck::{Deck, DeckError};
use crate::rules::dice_pool::FixedDice;

/// Cards from a deck and dice from a list: a table's roll replayed.
struct Table {
    deck: Deck,
    dice: FixedDice,
}

impl CardSource for Table {
    fn draw(&mut self) -> Result<Card, DeckError> {
        self.deck.draw()
    }
    fn discard(&mut self, number: u8) {
        self.deck.discard(number)
    }
    fn dice(&mut self) -> Option<&mut dyn DiceSource> {
        Some(&mut self.dice)
    }
}

fn table(dice: &[u32]) -> Table {
    Table {
        deck: Deck::standard(1),
        dice: FixedDice::new(dice.to_vec()),
    }
}

fn request(level: u32, die: Die, tn: u32, direct: i32) -> CheckRequest {
    let mut r = CheckRequest::simple(Skill::Skilled { level, die }, tn);
    r.adjust.direct = direct;
    r
}

fn options(system: Resolution) -> CheckOptions {
    CheckOptions {
        system,
        ..CheckOptions::default()
    }
}

#[test]
fn a_skill_becomes_a_pool_and_the_tn_interference() {
    // Hank's Brawling 2 in a d10 against TN 11 with +1: 2 + 2 dice, 11 - 4 - 1 Interference.
    let check = pool_check(&request(2, Die::D10, 11, 1));
    assert_eq!((check.dice, check.interference), (4, 6));
    // Easy (TN 3) rolls no Interference; a bonus beyond that is a die per 2 points.
    assert_eq!(pool_check(&request(1, Die::D4, 3, 0)).interference, 0);
    let eased = pool_check(&request(1, Die::D4, 3, 3));
    assert_eq!((eased.dice, eased.interference), (3, 0));
    // Downgrades take dice; a pool never drops below one die.
    let mut down = request(1, Die::D6, 5, 0);
    down.adjust.row = -3;
    assert_eq!(pool_check(&down).dice, 1);
    // Unskilled: the trait's rank in the 4 column.
    let unskilled = pool_check(&CheckRequest::simple(Skill::Unskilled { trait_rank: 2 }, 5));
    assert_eq!((unskilled.dice, unskilled.interference), (2, 1));
}

#[test]
fn a_skill_becomes_a_rank_and_typed_modifiers() {
    let mut r = request(2, Die::D10, 7, -1);
    r.named = vec![
        ("range".into(), -2),
        ("firer is moving".into(), -1),
        ("aimed".into(), 2),
    ];
    r.adjust.direct = -1;
    let test = d20_test(&r);
    // 7 + 3 x 2 + 3 (d10).
    assert_eq!(test.rank, 16);
    // TN 7 is 4 over 3: -6 situation; range -3 and moving -1 are situation too, so only the
    // worst situation penalty counts: -6. Aimed +3 is fortune.
    assert_eq!(
        d20::totals(&test.modifiers).get(ModifierType::Situation),
        -6
    );
    assert_eq!(d20::totals(&test.modifiers).get(ModifierType::Fortune), 3);
    assert_eq!(test.tn(), 13);
    assert_eq!(modifier_type("accurate"), ModifierType::Item);
    assert_eq!(modifier_type("wounds"), ModifierType::Condition);
}

#[test]
fn a_pool_check_gives_successes_momentum_and_a_card() {
    // 2 dice in a d8 (1 level + 1) against TN 5 (1 Interference): 5, 5 against a 2.
    let mut t = table(&[5, 5, 2]);
    let o = check::resolve(
        &mut t,
        &request(1, Die::D8, 5, 0),
        &options(Resolution::DicePool),
    )
    .unwrap();
    assert_eq!(o.system, Resolution::DicePool);
    assert_eq!(
        (o.result, o.success, o.bumps, o.calamity),
        (2, true, 1, false)
    );
    assert_eq!(o.dice, vec![5, 5, 2]);
    assert_eq!(o.pool, vec![5, 5]);
    // The card for location, effect, burst and the rest is drawn after the dice.
    assert_eq!(o.cards.len(), 1);
    assert_eq!(o.resolution.as_ref().unwrap().cause.number, o.cards[0]);
}

#[test]
fn two_ones_in_a_failed_pool_are_a_calamity() {
    let mut t = table(&[1, 1, 3]);
    let o = check::resolve(
        &mut t,
        &request(2, Die::D6, 3, 0),
        &options(Resolution::DicePool),
    )
    .unwrap();
    assert!(!o.success && o.calamity);
    let mut t = table(&[1, 3, 2]);
    let o = check::resolve(
        &mut t,
        &request(2, Die::D6, 3, 0),
        &options(Resolution::DicePool),
    )
    .unwrap();
    assert!(!o.success && !o.calamity, "one 1 is a plain failure");
}

#[test]
fn will_is_spent_only_on_a_check_that_would_fail() {
    let mut r = request(1, Die::D4, 3, 0);
    r.will = true;
    // A success keeps its Will.
    let mut t = table(&[4]);
    let o = check::resolve(&mut t, &r, &options(Resolution::DicePool)).unwrap();
    assert!(o.success && !o.will_spent);
    // A failure spends it: the same die again, then two Will dice (a 5 succeeds).
    let mut t = table(&[2, 5, 1]);
    let o = check::resolve(&mut t, &r, &options(Resolution::DicePool)).unwrap();
    assert!(o.success && o.will_spent);
    assert_eq!(o.pool_dice.as_ref().unwrap().will, vec![5, 1]);
    assert_eq!(o.dice, vec![2, 5, 1]);
}

#[test]
fn a_d20_test_gives_bumps_by_the_margin_and_crits() {
    // Rank 10 (level 1, d4) against TN 3: TN 10.
    let r = request(1, Die::D4, 3, 0);
    let roll = |d: u32| {
        let mut t = table(&[d]);
        check::resolve(&mut t, &r, &options(Resolution::D20)).unwrap()
    };
    let o = roll(3);
    assert_eq!((o.tn, o.result, o.success, o.bumps), (10, 3, true, 1));
    let o = roll(10);
    assert_eq!(
        (o.success, o.bumps, o.special),
        (true, 1, Some("critical_success"))
    );
    let o = roll(1);
    assert_eq!(
        (o.success, o.bumps, o.special),
        (true, 0, Some("complication"))
    );
    let o = roll(20);
    assert!(!o.success && o.calamity);
    assert_eq!(o.special, Some("critical_failure"));
    let o = roll(11);
    assert!(!o.success && !o.calamity && o.special.is_none());
    assert_eq!(d20_bumps(4, 16, D20Outcome::Success), 2);
}

#[test]
fn the_odds_are_the_systems_own() {
    let r = request(2, Die::D10, 7, 0);
    let d20 = success_chance(Resolution::D20, &r).unwrap();
    assert!((d20 - d20::success_chance(&d20_test(&r))).abs() < 1e-12);
    assert!((d20 - d20_test(&r).tn() as f64 / 20.0).abs() < 1e-12);
    let pool = success_chance(Resolution::DicePool, &r).unwrap();
    let exact = dice_pool::success_chance(&pool_check(&r)).unwrap();
    assert!((pool - exact).abs() < 1e-12);
    assert!(success_chance(Resolution::ActionDeck, &r).is_none());
}

/// The mapping keeps the game's balance: for the checks heroes make (levels 1-4, every die,
/// TN 3 to 11), the pool's and the d20's chance stay near the action deck's.
#[test]
fn the_three_systems_give_similar_odds() {
    let cards = crate::rules::deck_gen::generate();
    let mut worst: (f64, f64) = (0.0, 0.0);
    let mut total = (0.0, 0.0);
    let mut n = 0.0;
    for level in 1..=4 {
        for die in Die::ALL {
            for tn in [3, 5, 7, 9, 11] {
                let r = request(level, die, tn, 0);
                let deck = crate::rules::odds::success_chance(
                    &cards,
                    r.skill.pool().unwrap(),
                    tn,
                    0,
                    true,
                );
                let pool = success_chance(Resolution::DicePool, &r).unwrap();
                let d20 = success_chance(Resolution::D20, &r).unwrap();
                worst = (
                    worst.0.max((pool - deck).abs()),
                    worst.1.max((d20 - deck).abs()),
                );
                total = (total.0 + (pool - deck).abs(), total.1 + (d20 - deck).abs());
                n += 1.0;
            }
        }
    }
    let mean = (total.0 / n, total.1 / n);
    assert!(mean.0 < 0.12 && mean.1 < 0.12, "mean gaps {mean:?}");
    assert!(worst.0 < 0.35 && worst.1 < 0.35, "worst gaps {worst:?}");
}
