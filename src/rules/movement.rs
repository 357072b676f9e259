//! Movement and its AP costs (conflict chapter, "Movement AP Cost").

use super::terrain::Terrain;
use serde::{Deserialize, Serialize};

/// Walking uses the Move characteristic, running the Run characteristic: paces per AP.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gait {
    #[default]
    Walk,
    /// "Characters who use their Run characteristic are considered to have run for the entire
    /// round."
    Run,
}

/// Fixed AP costs from the table.
pub const DROP_PRONE_AP: u32 = 1;
pub const STAND_UP_AP: u32 = 2;
pub const DUCK_BEHIND_COVER_AP: u32 = 1;
pub const EMERGE_FROM_COVER_AP: u32 = 1;

/// A rider's maneuver that changes the mount's speed (docs/rules-decisions.md).
pub const REIN_AP: u32 = 1;
/// Getting into the saddle and out of it (docs/rules-decisions.md 61-62).
pub const MOUNT_AP: u32 = 3;
pub const DISMOUNT_AP: u32 = 2;

/// The hexside `turns` sixths of a turn from `facing` (positive: the way hexsides are
/// numbered, clockwise as the map is drawn with its rows going down: 0 east, 1 south-east).
pub fn turned(facing: u8, turns: i32) -> u8 {
    (facing as i32 + turns).rem_euclid(6) as u8
}

/// The hexside a mount at `at`, heading `heading`, is steered to toward the hex `to`: the
/// hexside that faces it; `None` when it heads that way already (or `to` is its own hex).
pub fn steer_toward(at: hexx::Hex, heading: u8, to: hexx::Hex) -> Option<u8> {
    let facing = crate::rules::hexmap::hexside_toward(at, to);
    (at != to && facing != heading).then_some(facing)
}

/// Hexsides between two facings (0..=3): 1 is 60 degrees, 2 is 120, 3 is 180.
pub fn hexsides_between(from: u8, to: u8) -> u8 {
    let d = (to as i16 - from as i16).rem_euclid(6) as u8;
    d.min(6 - d)
}

/// "Change facing 60 degrees without moving: 1 AP; more than 60 degrees: 2 AP."
pub fn facing_cost_standing(hexsides: u8) -> u32 {
    match hexsides {
        0 => 0,
        1 => 1,
        _ => 2,
    }
}

/// During a move: "up to 60 degrees (one hexside) per pace of movement for free";
/// "Change facing 120 degrees during a move: 1 AP". A 180-degree turn is the free hexside plus
/// a 120-degree change: 2 AP (docs/rules-decisions.md).
pub fn facing_cost_moving(hexsides: u8) -> u32 {
    match hexsides {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    }
}

/// One pace of a path: the terrain entered and the change of height (paces, up positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pace {
    pub terrain: Terrain,
    pub rise: i32,
    /// Hexsides turned before this pace (0..=3).
    pub turn: u8,
}

/// The AP a path costs, item by item, as the preview shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoveCost {
    pub paces: u32,
    /// ceil(paces / Move) walking, ceil(paces / Run) running.
    pub maneuver: u32,
    /// Grades, rough ground and water.
    pub ground: u32,
    /// Ladders, stairs, walls and cliff faces.
    pub climbing: u32,
    pub facing: u32,
    pub total: u32,
}

/// What one pace adds to a path's price: (ground, climbing) in halves of an AP, and the AP of
/// turning before it. [`path_cost`] is these summed over the paces, then rounded up; a search
/// can sum them as it goes.
pub fn pace_parts(pace: &Pace) -> (u32, u32, u32) {
    let (g, c) = surcharge_halves(pace);
    (g, c, facing_cost_moving(pace.turn))
}

/// The price of a path from its sums: `paces` paces, ground and climbing in halves of an AP,
/// and the AP of turning (what [`path_cost`] computes from the paces themselves).
pub fn cost_of_sums(
    paces: u32,
    (ground_halves, climb_halves, facing): (u32, u32, u32),
    gait: Gait,
    move_paces: u32,
    run_paces: u32,
) -> MoveCost {
    let rate = match gait {
        Gait::Walk => move_paces,
        Gait::Run => run_paces,
    }
    .max(1);
    let maneuver = paces.div_ceil(rate);
    let ground = ground_halves.div_ceil(2);
    let climbing = climb_halves.div_ceil(2);
    MoveCost {
        paces,
        maneuver,
        ground,
        climbing,
        facing,
        total: maneuver + ground + climbing + facing,
    }
}

/// Half-AP surcharges per pace: (ground, climbing), in halves of an AP.
fn surcharge_halves(pace: &Pace) -> (u32, u32) {
    let up = pace.rise > 0;
    match pace.terrain {
        // "Maneuver up steep grade: +1 AP per pace"
        Terrain::SteepGrade if up => (2, 0),
        // "Maneuver up gentle grade: +1 AP per 2 paces"
        Terrain::GentleGrade if up => (1, 0),
        // Not in the table: rough ground is taken as a gentle grade, water as a steep one.
        Terrain::Rough => (1, 0),
        Terrain::Water => (2, 0),
        // "Climb ladder: +1 AP per pace" (up or down: both are climbing)
        Terrain::Ladder => (0, 2),
        // "Climb stairs: +1 AP per 2 paces" (going up)
        Terrain::Stairs if up => (0, 1),
        // "Climb wall/cliff face: +2 AP per pace"
        Terrain::CliffFace => (0, 4),
        _ => (0, 0),
    }
}

/// The cost of walking or running these paces with these Move and Run values.
pub fn path_cost(paces: &[Pace], gait: Gait, move_paces: u32, run_paces: u32) -> MoveCost {
    let sums = paces
        .iter()
        .map(pace_parts)
        .fold((0, 0, 0), |(g, c, f), (dg, dc, df)| {
            (g + dg, c + dc, f + df)
        });
    cost_of_sums(paces.len() as u32, sums, gait, move_paces, run_paces)
}

/// A per-pace weight that orders paths the way [`path_cost`] prices them (for path-finding):
/// in units of 1 / (2 * rate) AP.
pub fn pace_weight(pace: &Pace, rate: u32) -> u32 {
    let (g, c) = surcharge_halves(pace);
    2 + (g + c) * rate.max(1) + facing_cost_moving(pace.turn) * 2 * rate.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mount heading east (hexside 0) is steered to the hexside facing the hex pointed at,
    /// and not at all toward a hex it heads for already, or its own.
    #[test]
    fn a_mount_is_steered_toward_the_hex() {
        let at = hexx::Hex::new(0, 0);
        let east = hexx::Hex::new(3, 0);
        let facing_east = crate::rules::hexmap::hexside_toward(at, east);
        assert_eq!(steer_toward(at, facing_east, east), None);
        assert_eq!(steer_toward(at, facing_east, at), None);
        let west = hexx::Hex::new(-3, 0);
        assert_eq!(
            steer_toward(at, facing_east, west),
            Some(crate::rules::hexmap::hexside_toward(at, west))
        );
        assert_ne!(steer_toward(at, facing_east, west), Some(facing_east));
    }

    fn flat(n: usize) -> Vec<Pace> {
        vec![
            Pace {
                terrain: Terrain::Open,
                rise: 0,
                turn: 0
            };
            n
        ]
    }

    #[test]
    fn move_paces_for_one_ap_run_paces_for_one_ap() {
        // Move 5, Run 10: 5 paces walking is 1 AP, 6 is 2; 10 running is 1 AP.
        assert_eq!(path_cost(&flat(5), Gait::Walk, 5, 10).total, 1);
        assert_eq!(path_cost(&flat(6), Gait::Walk, 5, 10).total, 2);
        assert_eq!(path_cost(&flat(10), Gait::Run, 5, 10).total, 1);
        assert_eq!(path_cost(&flat(0), Gait::Walk, 5, 10).total, 0);
    }

    #[test]
    fn grades_and_climbing_follow_the_table() {
        let up = |terrain, n| {
            vec![
                Pace {
                    terrain,
                    rise: 1,
                    turn: 0
                };
                n
            ]
        };
        // Steep grade: +1 per pace. 3 paces up: 1 (maneuver) + 3.
        assert_eq!(
            path_cost(&up(Terrain::SteepGrade, 3), Gait::Walk, 5, 10).total,
            4
        );
        // Gentle grade: +1 per 2 paces. 3 paces up: 1 + 2.
        assert_eq!(
            path_cost(&up(Terrain::GentleGrade, 3), Gait::Walk, 5, 10).total,
            3
        );
        assert_eq!(
            path_cost(&up(Terrain::GentleGrade, 4), Gait::Walk, 5, 10).total,
            3
        );
        // Down a grade costs nothing extra.
        let down = vec![
            Pace {
                terrain: Terrain::SteepGrade,
                rise: -1,
                turn: 0
            };
            3
        ];
        assert_eq!(path_cost(&down, Gait::Walk, 5, 10).total, 1);
        // Ladder +1 per pace, stairs +1 per 2 paces, cliff face +2 per pace.
        assert_eq!(
            path_cost(&up(Terrain::Ladder, 3), Gait::Walk, 5, 10).climbing,
            3
        );
        assert_eq!(
            path_cost(&up(Terrain::Stairs, 3), Gait::Walk, 5, 10).climbing,
            2
        );
        assert_eq!(
            path_cost(&up(Terrain::CliffFace, 2), Gait::Walk, 5, 10).climbing,
            4
        );
    }

    #[test]
    fn facing_costs() {
        assert_eq!(hexsides_between(0, 5), 1);
        assert_eq!(hexsides_between(1, 4), 3);
        assert_eq!(hexsides_between(4, 0), 2);
        assert_eq!([0, 1, 2, 3].map(facing_cost_standing), [0, 1, 2, 2]);
        assert_eq!([0, 1, 2, 3].map(facing_cost_moving), [0, 0, 1, 2]);
        let mut paces = flat(3);
        paces[1].turn = 2;
        assert_eq!(path_cost(&paces, Gait::Walk, 5, 10).facing, 1);
        assert_eq!(
            (
                DROP_PRONE_AP,
                STAND_UP_AP,
                DUCK_BEHIND_COVER_AP,
                EMERGE_FROM_COVER_AP
            ),
            (1, 2, 1, 1)
        );
    }
}
