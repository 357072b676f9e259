//! Where a hero walks or runs: toward a goal with the tokens in front, round the hexes other
//! figures' moves of this segment end in.

use super::*;

/// Walk toward `goal` with the tokens in front (one declaration a segment), as close as the
/// map allows.
pub(super) fn approach(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &crate::rules::action_time::ActionTrack,
    goal: Hex,
) -> Option<Action> {
    approach_avoiding(world, hero, h, track, goal, false)
}

/// `approach`; `claimed`: also round the hexes other figures' moves of this segment end in
/// (two allies walking into one hex: the second loses its AP).
pub(super) fn approach_avoiding(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &crate::rules::action_time::ActionTrack,
    goal: Hex,
    claimed: bool,
) -> Option<Action> {
    approach_at(world, hero, h, track, (goal, Gait::Walk), claimed)
}

/// `approach_avoiding` at a gait: a runner to the area its side wins by runs (8 paces an AP,
/// not 4).
pub(super) fn approach_at(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &crate::rules::action_time::ActionTrack,
    (goal, gait): (Hex, Gait),
    claimed: bool,
) -> Option<Action> {
    let id = hero_id(world, hero);
    let pos = world.get::<HexPos>(hero)?.0;
    let facing = world.get::<Facing>(hero)?.0;
    let mut occupied = occupied_hexes(world, hero);
    if claimed {
        occupied.extend(claimed_hexes(world, hero));
    }
    let budget = track.in_front.max(1);
    let reach = movement::search_within(world, pos, facing, h, gait, &occupied, budget);
    let here = goal.unsigned_distance_to(pos);
    let best = reach
        .hexes()
        .filter(|(to, cost)| cost.total <= budget && to.unsigned_distance_to(goal) < here)
        .min_by_key(|(to, cost)| (to.unsigned_distance_to(goal), cost.total, to.x, to.y))?;
    Some(Action::Move {
        hero: id,
        to: best.0,
        gait,
    })
}

/// The hexes the moves declared this segment by other heroes end in.
pub(super) use crate::sim::query::claimed_hexes;

/// The actions other heroes declared this segment, due (on the table for every player to see).
pub(super) fn others_due(world: &World, hero: Entity) -> impl Iterator<Item = &Action> {
    let id = hero_id(world, hero);
    world
        .resource::<crate::sim::model::RoundState>()
        .due
        .iter()
        .filter(move |a| a.hero() != id)
}
