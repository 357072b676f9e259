use super::*;
use crate::rules::die::Die;

#[test]
fn defense_values_and_standing_still() {
    // "4 + half of the level with the hand to hand skill they are using, rounded up"
    assert_eq!(
        (0..=5).map(defense_value).collect::<Vec<_>>(),
        vec![4, 5, 5, 6, 6, 7]
    );
    assert_eq!(
        (standing_still_penalty(1), standing_still_penalty(2)),
        (0, -1)
    );
}

/// "Hank achieves a bump on his first attack. He informs the Judge that he is maneuvering
/// Dave toward the piano" / "Dave ... performs a bull rush (heavy attack) at Hank, also
/// scoring a bump. He has successfully canceled the dominance Hank had asserted" / "Clem
/// Perkins shoves Hank into a chair ... If successful, Dave will achieve partial dominance ...
/// If he also achieves a bump, Hank will fall to the ground and Dave will be able to claim
/// dominance."
#[test]
fn the_saloon_brawl_s_dominance() {
    // Hank's bump: Dave partially dominated.
    let (hank, dave) = spend_dominance(0, 0, 1);
    assert_eq!((hank, dave), (0, 1));
    assert_eq!(Dominance::from_level(dave), Dominance::Partial);
    // Dave's bull rush bump cancels it.
    let (dave, hank) = spend_dominance(dave, hank, 1);
    assert_eq!((dave, hank), (0, 0));
    // Clem attacks only for dominance: a success is one bump; with a bump more, two.
    let (_, hank_one) = spend_dominance(0, hank, 1);
    assert_eq!(Dominance::from_level(hank_one), Dominance::Partial);
    let (_, hank_two) = spend_dominance(0, hank, 2);
    assert_eq!(Dominance::from_level(hank_two), Dominance::Dominance);
    assert_eq!(
        spend_dominance(0, 2, 5),
        (0, 3),
        "full dominance is the top"
    );
    assert_eq!(Dominance::Partial.defense(), -1);
    assert_eq!(Dominance::Dominance.defense(), -2);
    assert_eq!(Dominance::Dominance.damage_rows(), -1);
}

#[test]
fn escape_tns() {
    // Against Brawling 3: half of 3 rounded up is 2: TN 3 + 2 (1 AP), 5 + 2 (2 AP), 7 + 2 (3 AP).
    assert_eq!(escape_tn(Dominance::Partial, 3), Some((1, 5)));
    assert_eq!(escape_tn(Dominance::Dominance, 3), Some((2, 7)));
    assert_eq!(escape_tn(Dominance::Full, 3), Some((3, 9)));
    assert_eq!(escape_tn(Dominance::None, 3), None);
    // Even levels halve exactly; level 1 adds 1, level 0 nothing.
    assert_eq!(escape_tn(Dominance::Partial, 2), Some((1, 4)));
    assert_eq!(escape_tn(Dominance::Partial, 1), Some((1, 4)));
    assert_eq!(escape_tn(Dominance::Partial, 0), Some((1, 3)));
}

#[test]
fn attack_types_and_their_damage() {
    let fists = Pool::new(1, Die::D6).unwrap();
    assert_eq!(
        attack_damage(AttackType::Quick, fists),
        MeleeDamage::Flat(5)
    );
    assert_eq!(
        attack_damage(AttackType::Standard, fists),
        MeleeDamage::Grid(fists)
    );
    assert_eq!(
        attack_damage(AttackType::Heavy, fists),
        MeleeDamage::Grid(Pool::new(2, Die::D6).unwrap())
    );
    assert_eq!(attack_damage(AttackType::Grapple, fists), MeleeDamage::None);
    assert_eq!(AttackType::ALL.map(AttackType::ap), [2, 3, 5, 3]);
    assert_eq!(free_attack_ap(AttackType::Quick, false), 1);
    assert_eq!(attack_ap(AttackType::Standard, true, 2), 10);
    assert_eq!(free_attack_ap(AttackType::Standard, true), 4);
}

#[test]
fn advantage_adds_up() {
    let armed_on_a_hill = AdvantageFactors {
        weapon: 1,
        higher: true,
        armed_vs_unarmed: true,
        ..Default::default()
    };
    assert_eq!(advantage_value(&armed_on_a_hill), 3);
    // Angus (Size 7) against Hank (Size 6): a foot taller, +1 and +1 per unit.
    let big = AdvantageFactors {
        size_over: 1,
        ..Default::default()
    };
    assert_eq!(advantage_value(&big), 2);
    // Two brothers with 1 each against one: 1 + 1, and +1 each for the other: 4.
    assert_eq!(gang_advantage(&[1, 1]), 4);
    assert_eq!(gang_advantage(&[2]), 2);
    assert_eq!(advantage_bonus(4, 1), 3);
    assert_eq!(advantage_bonus(1, 4), 0);
}

#[test]
fn block_and_dodge() {
    assert_eq!(block(6, 7), BlockOutcome::Failed);
    assert_eq!(block(7, 7), BlockOutcome::Deflected);
    assert_eq!(block(8, 7), BlockOutcome::Blocked);
    assert_eq!(agility_downgrades(0), 1);
    assert_eq!(agility_downgrades(3), 3);
    // Toward hexside 0: attacks from hexsides 0 and 1 (120 degrees) are dodged.
    assert!(dodge_covers(0, 0) && dodge_covers(0, 1));
    assert!(!dodge_covers(0, 5) && !dodge_covers(0, 2) && !dodge_covers(0, 3));
    assert_eq!(
        (
            Improvised::Sharp.damage(),
            Improvised::Sharp.deadly(),
            Improvised::Large.pen()
        ),
        (3, true, 1)
    );
}

/// "their attacks have their damage shifted up one row as well (the damage is reduced)": the
/// quick attack's flat 5 becomes 4; a pool's row comes off with the bumps, and a row above
/// the first is a point off the effect.
#[test]
fn a_dominated_fighter_s_damage_is_one_row_less() {
    assert_eq!(
        dominated_damage(
            MeleeDamage::Flat(QUICK_DAMAGE),
            Dominance::Dominance.damage_rows()
        ),
        MeleeDamage::Flat(4)
    );
    assert_eq!(
        dominated_damage(MeleeDamage::Flat(5), Dominance::Partial.damage_rows()),
        MeleeDamage::Flat(5)
    );
    let fists = Pool::new(1, Die::D6).unwrap();
    assert_eq!(
        dominated_damage(MeleeDamage::Grid(fists), -1),
        MeleeDamage::Grid(fists)
    );
    // Fists (1)6, no bump, one row less: row 0, one point short; with a bump, (1)6 as drawn.
    assert_eq!(rows_short(1 - 1), 1);
    assert_eq!(rows_short(1 + 1 - 1), 0);
    assert_eq!(rows_short(3), 0);
}

/// "Changing targets during a series of attacks is 1 AP per switch": a standard attack on
/// one foe and a quick attack on another cost 3 + 2 + 1.
#[test]
fn a_series_of_blows_pays_each_switch() {
    assert_eq!(
        series_ap(&[
            (0, AttackType::Standard, false),
            (1, AttackType::Quick, false)
        ]),
        6
    );
    assert_eq!(
        series_ap(&[
            (0, AttackType::Quick, false),
            (0, AttackType::Quick, true),
            (1, AttackType::Quick, false),
            (0, AttackType::Grapple, false),
        ]),
        2 + 4 + 2 + 3 + 2
    );
    assert_eq!(series_ap(&[(0, AttackType::Heavy, false)]), 5);
}

/// "unaware (such as if being attacked from behind ...)": the three hexsides at the back.
#[test]
fn behind_is_the_three_hexsides_at_the_back() {
    assert_eq!(
        (0..=3).map(from_behind).collect::<Vec<_>>(),
        vec![false, false, true, true]
    );
}
