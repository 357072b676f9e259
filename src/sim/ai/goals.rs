//! The computer and a level's counters: the loot its side wins by carrying out, the area its
//! side wins by reaching (issue 23).

use super::*;

/// The nearest free hex of an area whose entry wins for the hero's side (see
/// `winning_areas`), while the hero is not in it: a `CarriedOut` area only with loot in hand.
pub(super) fn area_to_reach(world: &World, hero: Entity) -> Option<Hex> {
    let pos = query::position(world, hero)?;
    let occupied = occupied_hexes(world, hero);
    let carrying = !crate::sim::counters::carried(world, hero).is_empty();
    crate::sim::counters::winning_areas(world, hero)
        .into_iter()
        .filter(|(carried_out, _)| !carried_out || carrying)
        .map(|(_, area)| area)
        .filter(|area| !area.iter().any(|&(c, r)| hex_at(c, r) == pos))
        .flat_map(|area| area.into_iter().map(|(c, r)| hex_at(c, r)))
        .filter(|h| !occupied.contains(h))
        .min_by_key(|h| (h.unsigned_distance_to(pos), h.x, h.y))
}

/// Loot its side wins by carrying out: with none in hand, take the item within a pace, or go
/// for the nearest one lying on the map at `gait`; `claimed` as `approach_avoiding`.
pub(super) fn go_for_loot(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
    (claimed, gait): (bool, Gait),
) -> Option<(Action, String)> {
    if !crate::sim::counters::winning_areas(world, hero)
        .iter()
        .any(|(carried_out, _)| *carried_out)
        || !crate::sim::counters::carried(world, hero).is_empty()
    {
        return None;
    }
    let id = hero_id(world, hero);
    let take = Action::TakeItem { hero: id };
    // `claimed` (`normal`, `hard`): an item another hero's take on the table will take is
    // left to it (a play-test saw Felicia declare a take in the segment Octavio took the same
    // strongbox first: her AP lost).
    let taken = if claimed {
        items_claimed(world, hero)
    } else {
        Vec::new()
    };
    let within = crate::sim::counters::item_within_reach(world, hero);
    if price(world, &take).is_ok() && !within.is_some_and(|i| taken.contains(&i)) {
        return Some((take, "takes the loot its side wins by carrying out".into()));
    }
    let pos = query::position(world, hero)?;
    let (_, at) = crate::sim::counters::lying_items(world)
        .into_iter()
        .filter(|(i, _)| !taken.contains(i))
        .min_by_key(|(i, at)| (at.unsigned_distance_to(pos), *i))?;
    approach_at(world, hero, h, track, (at, gait), claimed)
        .or_else(|| {
            // `normal` and `hard`: a turn about and a run cost more than the AP in front (the
            // last robber at the horses, her back to the strongbox El Chivo dropped two paces
            // off): the move is paid toward over the segments to come, not given up for a
            // 22 % shot (a play-test).
            let whole = ActionTrack {
                in_front: track.left(),
                ..track.clone()
            };
            claimed
                .then(|| approach_at(world, hero, h, &whole, (at, gait), claimed))
                .flatten()
        })
        .map(|c| {
            (
                c,
                format!("{} for the loot its side wins by carrying out", goes(gait)),
            )
        })
}

/// The items other heroes' takes declared this segment will take (due: on the table for
/// every player to see).
fn items_claimed(world: &World, hero: Entity) -> Vec<usize> {
    super::paths::others_due(world, hero)
        .filter_map(|a| match a {
            Action::TakeItem { hero: h } => query::entity(world, *h),
            _ => None,
        })
        .filter_map(|e| crate::sim::counters::item_within_reach(world, e))
        .collect()
}

/// Make for the area its side wins by reaching at `gait`; `claimed` as `approach_avoiding`.
pub(super) fn make_for_area(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
    (claimed, gait): (bool, Gait),
) -> Option<(Action, String)> {
    let goal = area_to_reach(world, hero)?;
    let why = match gait {
        Gait::Run => "runs for the area its side wins by reaching",
        _ => "makes for the area its side wins by reaching",
    };
    approach_at(world, hero, h, track, (goal, gait), claimed).map(|c| (c, why.into()))
}

/// How the hero goes at `gait`.
fn goes(gait: Gait) -> &'static str {
    match gait {
        Gait::Run => "runs",
        _ => "goes",
    }
}
