//! `normal` and `hard` in the saddle: a rider steers before a wall rather than halt against
//! it, a rider holding out reins below a gallop to shoot steadier, and `hard` reins in to
//! fight rather than ride through the enemy.

use super::holdout::holds_out;
use super::weigh::loaded_gun;
use super::*;

/// A rider whose mount would run into a wall, the map's edge or a figure within the next
/// paces turns it, a hexside at a time, toward the longer open run: the habits steer only once
/// the mount has halted, and pay to spur it on again.
pub(super) fn steer_ahead(world: &mut World, hero: Entity) -> Option<(Action, String)> {
    let mount = world.get::<MountedOn>(hero)?.0;
    if world.get::<Mount>(mount)?.speed == 0 {
        return None;
    }
    let at = world.get::<HexPos>(mount)?.0;
    let facing = world.get::<Facing>(mount)?.0;
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    let run = |f: u8| {
        let mut h = at;
        let mut n = 0;
        while n < LOOK_AHEAD {
            h = step(h, f);
            if !open_to_ride(battle, &occupied, h) {
                break;
            }
            n += 1;
        }
        n
    };
    let ahead = run(facing);
    if ahead >= STEER_WITHIN {
        return None;
    }
    let (turn, open) = [1, 5]
        .into_iter()
        .map(|d| turned(facing, d))
        .map(|f| (f, run(f)))
        .max_by_key(|&(f, n)| (n, f == turned(facing, 1)))?;
    let steer = Action::Steer {
        hero: hero_id(world, hero),
        facing: turn,
    };
    (open > ahead && price(world, &steer).is_ok()).then(|| {
        (
            steer,
            format!("a wall {ahead} paces ahead: steers the mount toward open ground"),
        )
    })
}

/// How far ahead a rider looks, and how near a wall must be before it steers.
const LOOK_AHEAD: u32 = 6;
const STEER_WITHIN: u32 = 3;

/// A rider of a side that wins by holding out (a level's timer), a loaded gun in hand and a
/// foe in its line of fire, reins the mount below a gallop: a galloping firer shoots as a
/// running one (-4), a slower one as mounted (-2), and the distance it gives up costs it
/// nothing. A pursuer keeps the pace (measured: reining lost the riders ground and matches).
pub(super) fn steady_to_shoot(world: &mut World, hero: Entity) -> Option<(Action, String)> {
    let mount = world.get::<MountedOn>(hero)?.0;
    let speed = world.get::<Mount>(mount)?.speed;
    let gallop = crate::rules::ranged::GALLOP_PACES;
    if speed < gallop || !loaded_gun(world, hero) || !holds_out(world, hero) {
        return None;
    }
    let pos = world.get::<HexPos>(hero)?.0;
    let side = query::side_of(world, hero);
    let battle = world.resource::<Battle>();
    let sees = enemies_by_distance(world, side, pos)
        .into_iter()
        .filter_map(|(_, e)| query::position(world, e))
        .any(|at| battle.map.line_of_fire(pos, at).is_ok());
    let rein = Action::Rein {
        hero: hero_id(world, hero),
        speed: gallop - 1,
    };
    (sees && price(world, &rein).is_ok()).then(|| {
        (
            rein,
            "its side wins by holding out: reins below a gallop to shoot steadier (-2, not -4)"
                .into(),
        )
    })
}

/// How near a foe in its line of fire brings a rider with a gun, in a fight with no place to
/// be, to rein in (paces).
const REIN_IN_WITHIN: u32 = 12;

/// A rider with a gun whose side wins by putting its foes down, and who has no place to be
/// (no area its side makes for, no foe making for one, no clock for either side), reins in
/// with a foe in its line of fire within `REIN_IN_WITHIN` paces, and stays halted while one
/// is: a horse at the gallop carried a play-test's Ike Clanton through the Regulators' line
/// and on to the map's edge while he cleared a jam. `Some(None)`: halted already, it fights
/// from the saddle (no spur). `hard` only, as it looks at where the segments to come carry
/// it; `normal` weighs the declaration before it, and the mount goes on undeclared. Measured
/// against `normal`, 1 000 matches swapped: the bench 61.2 to 63.8 %; the gulch chase, where
/// Hank holds out against the clock, unchanged (53.1 %).
pub(super) fn rein_in_to_fight(world: &World, hero: Entity) -> Option<Option<(Action, String)>> {
    if super::level_of(world, hero) != crate::data::level::AiLevel::Hard {
        return None;
    }
    let mount = world.get::<MountedOn>(hero)?.0;
    let speed = world.get::<Mount>(mount)?.speed;
    if !query::carries_ranged(world, hero) {
        return None;
    }
    if holds_out(world, hero) || super::area_to_reach(world, hero).is_some() {
        return None;
    }
    let pos = world.get::<HexPos>(hero)?.0;
    let side = query::side_of(world, hero);
    let foes = enemies_by_distance(world, side, pos);
    if foes
        .iter()
        .any(|&(_, e)| super::area_to_reach(world, e).is_some() || holds_out(world, e))
    {
        return None;
    }
    let battle = world.resource::<Battle>();
    let in_sight = foes.iter().any(|&(d, e)| {
        d <= REIN_IN_WITHIN
            && query::position(world, e).is_some_and(|at| battle.map.line_of_fire(pos, at).is_ok())
    });
    if !in_sight {
        return None;
    }
    if speed == 0 {
        return Some(None);
    }
    let rein = Action::Rein {
        hero: hero_id(world, hero),
        speed: 0,
    };
    price(world, &rein).is_ok().then(|| {
        Some((
            rein,
            "a foe in its line of fire, no place to be: reins in to fight rather than ride through the enemy"
                .into(),
        ))
    })
}

/// A pursuer in the saddle with a loaded gun keeps pace with the mounted foe it hunts, a foe
/// whose side wins by holding out (the gulch chase): beside or behind him within
/// `ALONGSIDE` paces it reins to his speed, and ahead of him it drops back, rather than ride
/// on past him and shoot back over a widening gap (a play-test's vaquero overtook Hank and
/// snapped his shotgun backwards at 18 %). Far behind, a rider reined below its best spurs
/// on again.
pub(super) fn keep_pace(world: &mut World, hero: Entity) -> Option<(Action, String)> {
    let mount = world.get::<MountedOn>(hero)?.0;
    let m = world.get::<Mount>(mount)?.clone();
    if !loaded_gun(world, hero) || holds_out(world, hero) {
        return None;
    }
    let at = world.get::<HexPos>(mount)?.0;
    let side = query::side_of(world, hero);
    let (distance, foe) = enemies_by_distance(world, side, at)
        .into_iter()
        .find(|&(_, e)| world.get::<MountedOn>(e).is_some())?;
    if !holds_out(world, foe) {
        return None;
    }
    let foe_mount = world.get::<MountedOn>(foe)?.0;
    let pace = world.get::<Mount>(foe_mount)?.speed;
    let there = world.get::<HexPos>(foe_mount)?.0;
    let heading = world.get::<Facing>(foe_mount)?.0;
    let ahead = paces_ahead(at, there, heading);
    let (want, why) = if ahead > 1.0 {
        (
            pace.saturating_sub(DROP_BACK),
            format!(
                "ahead of {}: reins in to let him come up",
                query::hero_name(world, foe)
            ),
        )
    } else if distance <= ALONGSIDE {
        (
            pace,
            format!(
                "beside {}: keeps his pace, the range short",
                query::hero_name(world, foe)
            ),
        )
    } else if m.speed < m.best_speed {
        (
            m.best_speed,
            format!("behind {}: spurs on to close", query::hero_name(world, foe)),
        )
    } else {
        return None;
    };
    let want = want.min(m.best_speed);
    if want == m.speed {
        return None;
    }
    let rein = Action::Rein {
        hero: hero_id(world, hero),
        speed: want,
    };
    price(world, &rein).is_ok().then_some((rein, why))
}

/// How near a pursuer rides to its foe before it keeps his pace (paces).
const ALONGSIDE: u32 = 3;
/// How far below its foe's pace a pursuer ahead of him drops.
const DROP_BACK: u32 = 4;

/// How far `at` lies ahead of `there` along the hexside `heading` (paces; behind: below 0).
fn paces_ahead(at: Hex, there: Hex, heading: u8) -> f32 {
    let layout = hexx::HexLayout::new(hexx::HexOrientation::Pointy);
    let (from, to) = (layout.hex_to_world_pos(there), layout.hex_to_world_pos(at));
    let ahead = layout.hex_to_world_pos(step(there, heading)) - from;
    (to - from).dot(ahead.normalize_or_zero()) / ahead.length().max(1e-3)
}
