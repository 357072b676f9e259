use super::*;
use crate::rules::card::{Direction, StackEntry};

#[test]
fn cyril_s_schofield_range() {
    // "The range increment for this weapon is 10. The TN to hit the villain up to 9 paces
    // away is 5, up to 19 it is 6".
    assert_eq!(range_tn(9, 10), 5);
    assert_eq!(range_tn(10, 10), 6);
    assert_eq!(range_tn(19, 10), 6);
    assert_eq!(range_tn(20, 10), 7);
    let terms = shot_terms(&ShotSituation {
        distance: 1,
        point_blank: true,
        range_increment: 10,
        target_size: 6,
        ..Default::default()
    });
    assert_eq!(terms.tn, 3);
}

#[test]
fn relative_speed_in_the_gulch() {
    // "Hank is pushing his nags to 18 paces Speed, while the vaquero is going only 8 ...
    // opposite directions, the relative speed is 26, for -5"
    let rel = relative_speed((18, 0), (8, 3));
    assert_eq!(rel, 26);
    assert_eq!(speed_penalty(rel), -5);
    // "She has a Move of 8, he has a Move of 8. The relative speed is 0"
    assert_eq!(relative_speed((8, 1), (8, 1)), 0);
    // Miranda, stationary, and the vaquero at 18: -3.
    assert_eq!(speed_penalty(relative_speed((0, 0), (18, 2))), -3);
}

#[test]
fn total_movement_reads_the_target_s_own_speed() {
    // Miranda chasing the bandit down Main, both at 8: relative 0, but total movement counts
    // his 8 paces, for -1.
    assert_eq!(speed_penalty(total_speed((8, 1))), -1);
    // The vaquero at 8 down the trail: -1, whatever Hank's wagon does.
    assert_eq!(speed_penalty(total_speed((8, 3))), -1);
    assert_eq!(speed_penalty(total_speed((0, 0))), 0);
}

#[test]
fn the_sharps_aimed_shot_costs_11_ap_at_plus_3() {
    // Sharps: snap 3 AP (SP 3), normal 7, aim 4, Accurate(2).
    assert_eq!(shot_ap(ShotKind::Snap, 3, 7, 4), Ok(3));
    assert_eq!(shot_ap(ShotKind::Normal, 3, 7, 4), Ok(7));
    assert_eq!(shot_ap(ShotKind::Aimed(1), 3, 7, 4), Ok(11));
    let aimed = shot_terms(&ShotSituation {
        kind: Some(ShotKind::Aimed(1)),
        accurate: 2,
        range_increment: 40,
        target_size: 6,
        ..Default::default()
    });
    assert_eq!(aimed.direct(), 3);
    let snap = shot_terms(&ShotSituation {
        kind: Some(ShotKind::Snap),
        snap_penalty: 3,
        range_increment: 40,
        target_size: 6,
        ..Default::default()
    });
    assert_eq!(snap.direct(), -3);
    // Cyril: "3 AP for a normal shot, then 4 more AP to aim twice, ... a total bonus of 2
    // on his shot, and costing 7 AP" (Schofield: aim 2 AP).
    assert_eq!(shot_ap(ShotKind::Aimed(2), 1, 3, 2), Ok(7));
    let cyril = shot_terms(&ShotSituation {
        kind: Some(ShotKind::Aimed(2)),
        range_increment: 10,
        target_size: 6,
        ..Default::default()
    });
    assert_eq!(cyril.direct(), 2);
    assert!(shot_ap(ShotKind::Aimed(3), 1, 3, 2).is_err());
}

/// "Spending 2 AP to cock twice, 3 AP for a normal shot on Pete, 1 AP for a snap shot on
/// Clem, and 1 AP to switch targets to the Clem. ... He declares that he will spend 7 AP."
#[test]
fn cyril_declares_two_shots_for_7_ap() {
    let shots = [(0, ShotKind::Normal), (1, ShotKind::Snap)];
    assert_eq!(series_ap(&shots, (1, 3, 2), Some(1), false), Ok(7));
    assert_eq!(
        series_ap(&shots, (1, 3, 2), Some(1), true),
        Ok(6),
        "cocked already"
    );
    assert_eq!(
        series_ap(&shots, (1, 3, 2), None, false),
        Ok(5),
        "double action"
    );
    let aimed_second = [(0, ShotKind::Snap), (0, ShotKind::Aimed(1))];
    assert!(series_ap(&aimed_second, (1, 3, 2), Some(1), false).is_err());
    // Fanning three shots at two targets: 3 + 1 switch AP; 3 + 1 downgrades.
    let fan = [
        (0, ShotKind::Snap),
        (0, ShotKind::Snap),
        (1, ShotKind::Snap),
    ];
    assert_eq!((fan_ap(&fan), fan_downgrades(&fan)), (4, 4));
}

#[test]
fn modifiers_follow_the_table() {
    let terms = shot_terms(&ShotSituation {
        distance: 25,
        range_increment: 10,
        firer_moved: Some(Gait::Run),
        firer_mounted: true,
        target_size: 2,
        relative_speed: 26,
        earlier_targets: 1,
        appearing: true,
        target_prone: true,
        target_unseen: true,
        ..Default::default()
    });
    assert_eq!(terms.tn, 5 + 2 + 2);
    let value = |n: &str| {
        terms
            .modifiers
            .iter()
            .find(|m| m.name == n)
            .map(|m| m.value)
    };
    assert_eq!(
        value("firer running"),
        Some(-4),
        "running is worse than mounted"
    );
    assert_eq!(value("firer mounted"), None);
    assert_eq!(value("relative speed"), Some(-5));
    assert_eq!(value("secondary target"), Some(-1));
    assert_eq!(value("appearing/disappearing"), Some(-1));
    assert_eq!(value("prone target"), Some(1));
    assert_eq!(value("unseen target"), Some(-3));
    let walking_rider = shot_terms(&ShotSituation {
        firer_moved: Some(Gait::Walk),
        firer_mounted: true,
        range_increment: 10,
        target_size: 10,
        ..Default::default()
    });
    assert_eq!(
        walking_rider.modifiers,
        vec![
            Modifier {
                name: "firer mounted".into(),
                value: -2
            },
            Modifier {
                name: "large target".into(),
                value: 2
            }
        ]
    );
}

#[test]
fn penetration_by_effective_penetration_against_av() {
    // Adobe AV 4: EP 6 penetrates, 4 and 5 ablate, 3 deflects.
    assert_eq!(penetration(6, 4), Penetration::P);
    assert_eq!(penetration(5, 4), Penetration::A);
    assert_eq!(penetration(4, 4), Penetration::A);
    assert_eq!(penetration(3, 4), Penetration::D);
}

#[test]
fn bumps_move_the_hit_location_out_of_cover_or_up_to_the_head() {
    let entry = |location, bumps, dir| StackEntry {
        location,
        bumps,
        dir,
    };
    let mut card = Card::plain(1);
    card.location = [
        entry(Location::Head, 2, Direction::Up),
        entry(Location::Chest, 1, Direction::Up),
        entry(Location::LeftLeg, 0, Direction::Standard),
        entry(Location::RightLeg, 1, Direction::Down),
    ];
    let open = |_: Location| false;
    assert_eq!(choose_location(&card, 0, &open), (2, 0));
    assert_eq!(
        choose_location(&card, 1, &open),
        (2, 0),
        "a leg is as good as a chest"
    );
    assert_eq!(
        choose_location(&card, 2, &open),
        (0, 2),
        "the head's 2 bumps for 2"
    );
    let legs_covered = |l: Location| matches!(l, Location::LeftLeg | Location::RightLeg);
    assert_eq!(choose_location(&card, 1, &legs_covered), (1, 1));
    assert_eq!(
        choose_location(&card, 0, &legs_covered),
        (2, 0),
        "cannot pay"
    );
}

#[test]
fn strays_and_unintended_targets() {
    // "The Sharps is a single shot weapon, and because it hit there are no stray shots."
    assert_eq!(strays(1, 1, None), 0);
    assert_eq!(strays(1, 0, None), 1);
    // The Gatling: 10 fired, 8 hit, 2 strays.
    assert_eq!(strays(10, 8, None), 2);
    // A shotgun missing at long range (two bands beyond the first): up to 4.
    assert_eq!(strays(1, 0, Some(2)), 4);
    let mut card = Card::plain(1);
    card.unintended = vec![3];
    // "There are 2 stray shots ... The result is 3, so no unintended targets are hit."
    assert_eq!(unintended_hits(&card, 2), 0);
    card.unintended = vec![1, 3, 4];
    assert_eq!(unintended_hits(&card, 4), 3);
    card.wrench = Some(3);
    assert!(equipment_fails(&card, 5));
    assert!(!equipment_fails(&card, 3));
}

#[test]
fn a_missed_throw_lands_step_paces_off_by_the_clock() {
    use crate::rules::hexmap::{hex_at, offset_of};
    // Thrown east along row 4 at a target 6 paces off.
    let (thrower, target) = (hex_at(0, 4), hex_at(6, 4));
    assert_eq!(
        offset_of(landing_hex(thrower, target, 12, 2)),
        (8, 4),
        "on past"
    );
    assert_eq!(
        offset_of(landing_hex(thrower, target, 6, 3)),
        (3, 4),
        "back toward"
    );
    // 3 o'clock is the thrower's right: facing east, that is down the map (higher rows).
    let right = offset_of(landing_hex(thrower, target, 3, 2));
    assert_eq!(right.1, 6, "{right:?}");
    let left = offset_of(landing_hex(thrower, target, 9, 2));
    assert_eq!(left.1, 2, "{left:?}");
    assert_eq!(
        target.unsigned_distance_to(landing_hex(thrower, target, 4, 3)),
        3
    );
}

#[test]
fn hank_s_dynamite_lands_by_the_clock() {
    // "he finds a 9, with a 3 in the step": three paces to the thrower's left.
    let (on, right) = scatter_offset(9, 3);
    assert!(on.abs() < 1e-9 && (right + 3.0).abs() < 1e-9);
    // 12 o'clock carries on past the target; 6 comes back toward the thrower.
    assert!((scatter_offset(12, 2).0 - 2.0).abs() < 1e-9);
    assert!((scatter_offset(6, 2).0 + 2.0).abs() < 1e-9);
}

/// Point blank is a weapon held at a pace: a gun at one pace is, a throw at one pace is not,
/// nothing at two paces is.
#[test]
fn point_blank_is_a_weapon_held_at_a_pace() {
    assert!(point_blank(1, false));
    assert!(!point_blank(1, true));
    assert!(!point_blank(2, false));
}
