//! No shot now: where `normal` and `hard` go to fight from next (a line of fire, cover from
//! the guns that see it, the foe working the objective first).

use super::weigh::{NO_GUN, NO_SHOT, threats};
use super::worth::sprayed_by_ally;
use super::*;
use crate::sim::model::Committed;

/// Where an enemy of `side` works on an objective (its commitment on the table).
fn worker(world: &World, side: usize) -> Option<Hex> {
    query::heroes(world)
        .into_iter()
        .filter(|&e| query::side_of(world, e) != side && !query::is_down(world, e))
        .filter(|&e| {
            matches!(
                world.get::<Committed>(e),
                Some(Committed(Action::WorkObjective { .. }))
            )
        })
        .find_map(|e| query::position(world, e))
}

/// No shot now: the hex in reach of the tokens in front that is best to fight from next,
/// closer to the enemy, with a line of fire to one, covered from the enemy guns that see it.
pub(super) fn position(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
    hard: bool,
) -> Option<(Action, String)> {
    let id = hero_id(world, hero);
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    let facing = world.get::<Facing>(hero)?.0;
    let nearest = nearest_enemy(world, side, pos)?;
    if nearest.unsigned_distance_to(pos) <= 1 {
        return None;
    }
    // The foe working the objective its side wins by is the one to get a line of fire to.
    let target = worker(world, side).unwrap_or(nearest);
    let gun = has_gun(world, hero);
    // No gun: it waits out an ally's burst at that foe rather than walk into its strays.
    if !gun && query::hero_at(world, target).is_some_and(|foe| sprayed_by_ally(world, hero, foe)) {
        return None;
    }
    let mut occupied = occupied_hexes(world, hero);
    occupied.extend(claimed_hexes(world, hero));
    let budget = track.in_front.max(1);
    let reach = movement::search_within(world, pos, facing, h, Gait::Walk, &occupied, budget);
    let here = hex_worth(world, hero, pos, target, gun, hard);
    let mut best: Option<(f64, u32, Hex)> = None;
    for (to, cost) in reach.hexes() {
        if cost.total > budget || to == pos {
            continue;
        }
        let worth = hex_worth(world, hero, to, target, gun, hard);
        let better = best.is_none_or(|(w, c, b)| {
            worth > w + 1e-9 || (worth > w - 1e-9 && (cost.total, to.x, to.y) < (c, b.x, b.y))
        });
        if better {
            best = Some((worth, cost.total, to));
        }
    }
    let whom = if target == nearest {
        "the nearest enemy"
    } else {
        "the foe working the objective"
    };
    let Some((_, _, to)) = best.filter(|b| b.0 > here) else {
        // Nowhere better: close in as the habits do, lest both sides wait for ever.
        return approach_avoiding(world, hero, h, track, target, true)
            .map(|c| (c, format!("{NO_SHOT} from here: closes on {whom}")));
    };
    let t = threats(world, hero, to);
    let why = match (t.covered_from_all, gun) {
        (Some(true), _) => {
            format!("{NO_SHOT}: toward {whom}, to a hex covered from the guns that see it")
        }
        (None, true) => format!("{NO_SHOT}: toward {whom}, out of the enemy's sight"),
        (_, true) => format!("{NO_SHOT}: toward {whom}, to where it has a line of fire"),
        (_, false) => format!("{NO_GUN}: closes on {whom}"),
    };
    Some((
        Action::Move {
            hero: id,
            to,
            gait: Gait::Walk,
        },
        why,
    ))
}

/// How good a hex is to fight from next: near the enemy (a gun within range of it, a brawler
/// beside it), a line of fire to an enemy for a gun, covered from the guns that see it; `hard`
/// also counts every gun that sees it uncovered.
fn hex_worth(world: &World, hero: Entity, at: Hex, enemy: Hex, gun: bool, hard: bool) -> f64 {
    let distance = f64::from(at.unsigned_distance_to(enemy));
    if !gun {
        return -distance;
    }
    let t = threats(world, hero, at);
    let mut worth = -0.5 * distance;
    if t.seen_by > 0 {
        worth += 2.0;
    }
    match t.covered_from_all {
        Some(true) => worth += 2.0,
        Some(false) if hard => worth -= 0.75 * f64::from(t.guns),
        _ => {}
    }
    worth
}
