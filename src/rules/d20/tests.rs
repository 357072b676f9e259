use super::*;
use crate::rules::dice_pool::{FixedDice, SeededDice};

fn m(kind: ModifierType, value: i32) -> Modifier {
    Modifier { kind, value }
}

fn test(rank: u32, modifiers: &[Modifier]) -> D20Test {
    D20Test {
        rank,
        modifiers: modifiers.to_vec(),
    }
}

/// "a +4 condition bonus from one effect, a +1 condition bonus from another effect, and a −2
/// condition penalty from a third effect. Your total condition modifier would be +2."
#[test]
fn the_text_s_condition_modifiers_come_to_plus_2() {
    use ModifierType::Condition;
    let mods = [m(Condition, 4), m(Condition, 1), m(Condition, -2)];
    assert_eq!(totals(&mods).get(Condition), 2);
    assert_eq!(totals(&mods).sum(), 2);
    let r = resolve(&test(8, &mods), 5).unwrap();
    assert_eq!(r.tn, 10);
    assert_eq!(r.modifiers.get(Condition), 2);
    assert_eq!(
        r.steps[0].to_string(),
        "Condition modifiers +4, +1, -2 do not stack: the best bonus and the worst penalty count: +2."
    );
}

#[test]
fn each_type_counts_its_best_bonus_and_worst_penalty_and_untyped_ones_stack() {
    use ModifierType::*;
    let mods = [
        m(Item, 2),
        m(Item, 3),
        m(Fortune, -1),
        m(Fortune, -3),
        m(Situation, 1),
        m(Untyped, 1),
        m(Untyped, 1),
        m(Untyped, -2),
        m(Untyped, 3),
    ];
    let t = totals(&mods);
    assert_eq!(
        [Item, Condition, Fortune, Situation, Untyped].map(|k| t.get(k)),
        [3, 0, -3, 1, 3]
    );
    assert_eq!(test(6, &mods).tn(), 6 + 3 - 3 + 1 + 3);
    // Two penalties of a type: only the worst; a zero is neither bonus nor penalty.
    assert_eq!(type_total(Item, &[-1, -4, 0]), -4);
    assert_eq!(type_total(Item, &[]), 0);
}

#[test]
fn the_tn_is_held_to_3_through_18() {
    use ModifierType::Untyped;
    assert_eq!(test(2, &[]).tn(), 3);
    assert_eq!(test(0, &[m(Untyped, -5)]).tn(), 3);
    assert_eq!(test(0, &[m(Untyped, -5)]).unlimited_tn(), -5);
    assert_eq!(test(3, &[]).tn(), 3);
    assert_eq!(test(18, &[]).tn(), 18);
    assert_eq!(test(15, &[m(Untyped, 6)]).tn(), 18);
    let r = resolve(&test(15, &[m(Untyped, 6)]), 19).unwrap();
    assert_eq!(
        (r.unlimited_tn, r.tn, r.outcome),
        (21, 18, D20Outcome::Failure)
    );
    assert!(r.steps.contains(&D20Step::Limited { from: 21, to: 18 }));
    // "there is always a chance for failure or success": 19 and 20 fail at TN 18; 1-3 succeed
    // at TN 3.
    assert!((odds(&test(30, &[])).failure - 0.1).abs() < 1e-12);
    assert!((odds(&test(0, &[])).success - 0.15).abs() < 1e-12);
}

#[test]
fn the_special_outcomes() {
    let t = test(10, &[]);
    let o = |roll| resolve(&t, roll).unwrap();
    assert_eq!(o(1).outcome, D20Outcome::Complication);
    assert!(o(1).success, "a Complication is a success");
    assert_eq!(o(10).outcome, D20Outcome::CriticalSuccess);
    assert!(o(10).success);
    assert_eq!(o(20).outcome, D20Outcome::CriticalFailure);
    assert!(!o(20).success);
    assert_eq!(o(9).outcome, D20Outcome::Success);
    assert_eq!(o(2).outcome, D20Outcome::Success);
    assert_eq!(o(11).outcome, D20Outcome::Failure);
    assert_eq!(o(19).outcome, D20Outcome::Failure);
    assert_eq!(
        o(10).steps.last().unwrap().to_string(),
        "The d20 rolls 10 against TN 10: Critical Success: a success, with an extra benefit."
    );
}

/// Rolling the TN at the limits: 18 is a Critical Success, 19 and 20 fail; at TN 3 a 3 is a
/// Critical Success and 1 stays a Complication. No roll is two special outcomes.
#[test]
fn special_outcomes_never_coincide_within_the_limits() {
    assert_eq!(outcome(18, 18), D20Outcome::CriticalSuccess);
    assert_eq!(outcome(20, 18), D20Outcome::CriticalFailure);
    assert_eq!(outcome(3, 3), D20Outcome::CriticalSuccess);
    assert_eq!(outcome(1, 3), D20Outcome::Complication);
    for tn in TN_MIN..=TN_MAX {
        let specials: Vec<u32> = (1..=20)
            .filter(|&r| !matches!(outcome(r, tn), D20Outcome::Success | D20Outcome::Failure))
            .collect();
        assert_eq!(specials, vec![1, tn, 20], "TN {tn}");
        let o = odds(&test(tn, &[]));
        assert!((o.complication - 0.05).abs() < 1e-12);
        assert!((o.critical_success - 0.05).abs() < 1e-12);
        assert!((o.critical_failure - 0.05).abs() < 1e-12);
        assert!((o.success + o.failure - 1.0).abs() < 1e-12);
    }
}

/// Enumerated: TN 10 succeeds on 1-10, the Complication included.
#[test]
fn the_odds_are_the_tn_in_twenty() {
    assert!((success_chance(&test(10, &[])) - 0.5).abs() < 1e-12);
    for tn in TN_MIN..=TN_MAX {
        let p = success_chance(&test(tn, &[]));
        assert!((p - f64::from(tn) / 20.0).abs() < 1e-12, "TN {tn}: {p}");
    }
    // Against a seeded run of 200 000 rolls.
    let t = test(
        7,
        &[m(ModifierType::Item, 2), m(ModifierType::Condition, -1)],
    );
    let mut dice = SeededDice::new(20);
    let n = 200_000;
    let wins = (0..n)
        .filter(|_| roll(&t, &mut dice).unwrap().success)
        .count();
    let counted = wins as f64 / f64::from(n);
    assert!((counted - 0.4).abs() < 0.005, "{counted}");
}

#[test]
fn modifiers_parse_from_the_command_line_form() {
    assert_eq!(
        "condition:+4".parse::<Modifier>(),
        Ok(m(ModifierType::Condition, 4))
    );
    assert_eq!("Item:-2".parse::<Modifier>(), Ok(m(ModifierType::Item, -2)));
    assert_eq!(
        "untyped:3".parse::<Modifier>(),
        Ok(m(ModifierType::Untyped, 3))
    );
    for bad in ["luck:+1", "item", "item:+x", "item:++1", ":+1"] {
        assert!(
            matches!(bad.parse::<Modifier>(), Err(D20Error::Modifier(_))),
            "{bad}"
        );
    }
}

#[test]
fn rolls_come_from_the_source_and_must_be_1_to_20() {
    let mut dice = FixedDice::new(vec![7, 21]);
    assert_eq!(
        roll(&test(7, &[]), &mut dice).unwrap().outcome,
        D20Outcome::CriticalSuccess
    );
    assert!(matches!(
        roll(&test(7, &[]), &mut dice),
        Err(D20Error::Dice(_))
    ));
    assert_eq!(resolve(&test(7, &[]), 0), Err(D20Error::Roll(0)));
    assert_eq!(resolve(&test(7, &[]), 21), Err(D20Error::Roll(21)));
}
