//! `normal` and `hard` when the clock plays for their side: a level's timer that makes it win,
//! or a counter fed every round that wins for it when it fills (the Longhorn's fire for the
//! Perkins brothers). Where the foes win only by putting the side down (no objective, no
//! counter of their own), a hero in the open under a loaded enemy gun walks out of its sight,
//! or to cover from it, and one out of sight stays there rather than come out to close in:
//! the fire works for it. A foe who comes round the corner is shot at as before.

use super::weigh::{foes_eyes, threats, threats_from};
use super::*;
use crate::data::level::{Trigger, Victory, WhenFull};

/// The hero's side wins when a level's timer runs out, or when a counter fed each round fills.
pub(super) fn holds_out(world: &World, hero: Entity) -> bool {
    clock_for(world, hero).is_some()
}

/// The clock that plays for the hero's side: the name of a level's timer that makes it win,
/// or of a counter fed each round that wins for it when it fills.
pub(super) fn clock_for(world: &World, hero: Entity) -> Option<String> {
    let battle = world.resource::<Battle>();
    let side = battle.level.sides.get(query::side_of(world, hero))?;
    let timer = battle.level.victory.iter().find_map(|v| match v {
        Victory::Timer { name, winner, .. } if *winner == side.name => Some(name.clone()),
        _ => None,
    });
    let wins = Some(WhenFull::Wins(side.name.clone()));
    let counter = battle.level.counters.iter().find(|c| {
        c.when_full == wins && c.fed_by.iter().any(|f| matches!(f.on, Trigger::EachRound))
    });
    timer.or_else(|| counter.map(|c| c.name.clone()))
}

/// The hero's foes win only by putting its side down: no objective of theirs, no counter that
/// wins for them. (On the mine raid the hacienda holds out for six rounds, but the raiders win
/// by setting the charges: hiding would hand them the nook.)
fn foes_only_fight(world: &World, hero: Entity) -> bool {
    let battle = world.resource::<Battle>();
    let Some(side) = battle.level.sides.get(query::side_of(world, hero)) else {
        return false;
    };
    let objective = battle.level.victory.iter().any(|v| match v {
        Victory::Objective { winner, .. } | Victory::Timer { winner, .. } => *winner != side.name,
        Victory::LastSideStanding => false,
    });
    let counter = battle
        .level
        .counters
        .iter()
        .any(|c| matches!(&c.when_full, Some(WhenFull::Wins(winner)) if *winner != side.name));
    !objective && !counter
}

/// The clock plays for the hero's side and its foes must come to it (see the module).
pub(super) fn lets_the_clock_work(world: &World, hero: Entity) -> bool {
    world.get::<MountedOn>(hero).is_none()
        && engaged_foes(world, hero).is_empty()
        && holds_out(world, hero)
        && foes_only_fight(world, hero)
}

/// The most AP a hero letting the clock work walks at a time to get out of sight.
const HIDING_WALK: u32 = 2;

/// A hero letting the clock work, in the open under a loaded enemy gun: it walks, with the
/// tokens in front (`HIDING_WALK` at most), to the nearest hex out of every enemy's sight (or
/// covered from every gun that sees it).
pub(super) fn lie_low(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
) -> Option<(Action, String)> {
    if !lets_the_clock_work(world, hero) {
        return None;
    }
    let pos = world.get::<HexPos>(hero)?.0;
    if !threats(world, hero, pos).in_the_open() {
        return None;
    }
    let facing = world.get::<Facing>(hero)?.0;
    let mut occupied = occupied_hexes(world, hero);
    occupied.extend(claimed_hexes(world, hero));
    let budget = track.in_front.min(HIDING_WALK);
    if budget == 0 {
        return None;
    }
    let reach = movement::search_within(world, pos, facing, h, Gait::Walk, &occupied, budget);
    let mut steps: Vec<(u32, Hex)> = reach
        .hexes()
        .filter(|(to, cost)| cost.total <= budget && *to != pos)
        .map(|(to, cost)| (cost.total, to))
        .collect();
    steps.sort_by_key(|&(cost, to)| (cost, to.x, to.y));
    // The nearest such hexes (the fewest AP), and of them the one the fewest foes see.
    let pick = |eyes: &[(Hex, bool)]| {
        let mut best: Option<(u32, u32, Hex, bool)> = None;
        for &(cost, to) in &steps {
            if best.is_some_and(|b| cost > b.0) {
                break;
            }
            let Some((seen, covered)) = hidden_from(world, eyes, to) else {
                continue;
            };
            if best.is_none_or(|b| seen < b.1) {
                best = Some((cost, seen, to, covered));
            }
        }
        best
    };
    // Out of the sight of every foe's gun, loaded or not, first: an empty gun loads in a few
    // AP (a play-test's Pete walked into the sight of Hank's empty shotgun, and Hank loaded
    // and killed him); else out of the loaded guns' sight.
    // Measured, 1 000 matches of the Longhorn swapped: `normal` against `easy` 65.9 % and
    // `hard` against `normal` 57.7 %, before and after.
    let (_, _, to, covered) =
        pick(&armed_eyes(world, hero)).or_else(|| pick(&foes_eyes(world, hero)))?;
    let clock = clock_for(world, hero).unwrap_or_default();
    let why = if covered {
        format!("'{clock}' wins for its side: to cover from the guns that see it while it fills")
    } else {
        format!("'{clock}' wins for its side: out of the enemy's sight while it fills")
    };
    Some((
        Action::Move {
            hero: hero_id(world, hero),
            to,
            gait: Gait::Walk,
        },
        why,
    ))
}

/// Every standing foe with a gun in its kit, loaded or not, as a loaded one (`foes_eyes`).
fn armed_eyes(world: &World, hero: Entity) -> Vec<(Hex, bool)> {
    let side = query::side_of(world, hero);
    query::heroes(world)
        .into_iter()
        .filter(|&e| query::side_of(world, e) != side && !query::is_down(world, e))
        .filter(|&e| query::carries_ranged(world, e))
        .filter_map(|e| Some((query::position(world, e)?, true)))
        .collect()
}

/// A hex no loaded foe's gun sees in the open: how many foes see it (one more when cover is
/// what keeps the guns off), and whether it is covered (`None`: a loaded gun sees it in the
/// open).
fn hidden_from(world: &World, eyes: &[(Hex, bool)], at: Hex) -> Option<(u32, bool)> {
    let t = threats_from(world, eyes, at);
    match (t.guns, t.covered_from_all) {
        (0, _) => Some((t.seen_by, false)),
        (_, Some(true)) => Some((t.seen_by + 1, true)),
        _ => None,
    }
}
