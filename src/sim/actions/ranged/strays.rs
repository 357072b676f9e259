//! Stray shots: what a shot's strays may strike (standing figures and whole glass near the line
//! of fire), and the strays of a miss or a scatter striking them, nearest the firer first.

use super::fire::{cause_card, hit_bystander};
use super::*;
use crate::rules::shot::ShotOutcome;
use crate::sim::events::{Bystander, MatchEvent, record};
use crate::sim::model::{Battle, Cover, HexPos};
use hexx::Hex;

/// What a stray of a shot from `hero` at `target` may strike, with its distance from the
/// firer, in no order: standing figures within one pace of the line of fire or of the target,
/// and ("Unintended targets may be living or otherwise, such as windows, breakable objects")
/// glass still whole there. The computer reads the same list before it shoots.
pub fn stray_candidates(world: &World, hero: Entity, target: Entity) -> Vec<(u32, Entity)> {
    use crate::sim::query;
    let Some(zone) = StrayZone::of(world, hero, target) else {
        return Vec::new();
    };
    let figures = query::heroes(world)
        .into_iter()
        .filter(|&e| e != hero && e != target && !query::is_down(world, e))
        .filter_map(|e| Some((query::position(world, e)?, e)));
    let glass = query::cover_objects(world)
        .filter(|(_, _, c)| c.material == crate::rules::terrain::Material::Glass && c.av > 0)
        .map(|(e, at, _)| (at, e));
    figures
        .chain(glass)
        .filter_map(|(at, e)| Some((zone.reaches(at)?, e)))
        .collect()
}

/// The firer's allies whose move on the table takes them where a stray of its shot at `target`
/// may strike, with their distance from the firer there: they stand there when a shot paid
/// over the coming segments flies (stop 53's Gatling fired past an ally moving into the line).
pub fn allies_going_near_the_line(
    world: &World,
    hero: Entity,
    target: Entity,
) -> Vec<(u32, Entity)> {
    let side = crate::sim::query::side_of(world, hero);
    let Some(zone) = StrayZone::of(world, hero, target) else {
        return Vec::new();
    };
    crate::sim::query::moves_on_the_table(world)
        .into_iter()
        .filter(|&(e, _)| e != hero && e != target && crate::sim::query::side_of(world, e) == side)
        .filter_map(|(e, to)| Some((zone.reaches(to)?, e)))
        .collect()
}

/// Where the strays of a shot from a firer at a target may strike: within one pace of the line
/// of fire or of the target.
pub struct StrayZone {
    from: Hex,
    to: Hex,
    line: Vec<Hex>,
}

impl StrayZone {
    /// The zone of a shot from `hero` at `target` where they stand.
    pub fn of(world: &World, hero: Entity, target: Entity) -> Option<Self> {
        let from = crate::sim::query::position(world, hero)?;
        let to = crate::sim::query::position(world, target)?;
        let line = world
            .resource::<Battle>()
            .map
            .line_of_fire(from, to)
            .unwrap_or_default();
        Some(StrayZone { from, to, line })
    }

    /// How far from the firer a figure at `at` stands, when a stray may strike it there.
    pub fn reaches(&self, at: Hex) -> Option<u32> {
        self.line
            .iter()
            .chain([&self.to])
            .any(|l| l.unsigned_distance_to(at) <= 1)
            .then(|| self.from.unsigned_distance_to(at))
    }
}

/// Unintended targets: figures within one pace of the line of fire, nearest the firer first
/// ("the closest or most obvious unintended target is hit first").
pub(super) fn stray_hits(
    world: &mut World,
    hero: Entity,
    target: Entity,
    p: &ShotPlan,
    o: &ShotOutcome,
) -> u32 {
    if o.unintended == 0 {
        return 0;
    }
    let mut candidates = stray_candidates(world, hero, target);
    // Nearest first; ties by the level's order (figures), then by hex (objects).
    let key = |world: &World, e: Entity| {
        let at = world.get::<HexPos>(e).map(|p| p.0).unwrap_or_default();
        (crate::sim::query::level_order(world, e), at.x, at.y)
    };
    candidates.sort_by_key(|c| (c.0, key(world, c.1)));
    let Some(card) = cause_card(world, o) else {
        return 0;
    };
    let mut hit = 0;
    for (_, victim) in candidates.into_iter().take(o.unintended as usize) {
        if let Some(mut cover) = world.get_mut::<Cover>(victim) {
            cover.av = 0;
            let name = cover.name.clone();
            let at = world
                .get::<HexPos>(victim)
                .map_or((0, 0), |p| crate::rules::hexmap::offset_of(p.0));
            crate::sim::counters::shot_struck(world, &name);
            record(
                world,
                Some(hero),
                MatchEvent::StrayShatters { object: name, at },
            );
        } else {
            let what = "A stray shot hits {victim}";
            hit_bystander(world, victim, &card, p, 0, Bystander::Stray, what);
        }
        hit += 1;
    }
    hit
}

/// The glass a miss may shatter (an oil lamp, a window), by name: a stray candidate that is
/// a cover object (a play-test's line of fire passed an oil lamp with no word of it).
pub fn glass_near_the_line(world: &World, hero: Entity, target: Entity) -> Vec<String> {
    let mut near: Vec<(u32, Entity)> = stray_candidates(world, hero, target)
        .into_iter()
        .filter(|&(_, e)| world.get::<Cover>(e).is_some())
        .collect();
    near.sort_by_key(|&(d, e)| (d, e));
    near.into_iter()
        .filter_map(|(_, e)| world.get::<Cover>(e).map(|c| format!("the {}", c.name)))
        .collect()
}

/// The firer's allies a stray of its shot at `target` may strike (`stray_candidates` of its
/// side, and those whose move on the table takes them near the line), nearest the firer first:
/// the pointer warns of them before the shot.
pub fn allies_near_the_line(world: &World, hero: Entity, target: Entity) -> Vec<Entity> {
    let side = crate::sim::query::side_of(world, hero);
    let ally = |e: Entity| {
        e != hero
            && e != target
            && world.get::<crate::sim::model::Hero>(e).is_some()
            && crate::sim::query::side_of(world, e) == side
    };
    let mut near: Vec<(u32, Entity)> = stray_candidates(world, hero, target)
        .into_iter()
        .filter(|&(_, e)| ally(e))
        .chain(allies_going_near_the_line(world, hero, target))
        .collect();
    near.sort_by_key(|&(d, e)| (d, e));
    let mut allies: Vec<Entity> = Vec::new();
    for (_, e) in near {
        if !allies.contains(&e) {
            allies.push(e);
        }
    }
    allies
}
