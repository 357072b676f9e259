//! Mounts: a rider steers and reins or spurs the mount, climbs into the saddle and steps down;
//! and the continuous movement of mounts through the segments.

use super::outcome::{Outcome, Priced};
use crate::rules::action_time::{self, continuous_paces};
use crate::rules::hexmap::{offset_of, step};
use crate::rules::movement::{
    DISMOUNT_AP, MOUNT_AP, REIN_AP, facing_cost_standing, hexsides_between, turned,
};
use crate::sim::events::{MatchEvent, record};
use crate::sim::intent::Refusal;
use crate::sim::model::{Battle, Facing, HexPos, Mount, MountedOn};
use crate::sim::query::{hero_id, hero_name, occupied_hexes};
use bevy::prelude::*;
use hexx::Hex;

/// A riderless mount in a hex beside the hero.
pub fn free_mount_beside(world: &World, hero: Entity) -> Option<Entity> {
    let at = world.get::<HexPos>(hero)?.0;
    crate::sim::query::mounts(world)
        .into_iter()
        .filter_map(|e| Some((e, world.get::<Mount>(e)?, world.get::<HexPos>(e)?.0)))
        .filter(|(_, m, p)| m.rider.is_none() && p.unsigned_distance_to(at) == 1)
        .map(|(e, _, p)| (e, p))
        .min_by_key(|(_, at)| (at.x, at.y))
        .map(|(e, _)| e)
}

/// The open hex a rider steps down into: beside the mount, the first free one clockwise from
/// its heading.
pub fn step_down_hex(world: &World, hero: Entity) -> Option<Hex> {
    let mount = world.get::<MountedOn>(hero)?.0;
    let at = world.get::<HexPos>(mount)?.0;
    let heading = world.get::<Facing>(mount).map_or(0, |f| f.0);
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    (1..=6).map(|d| step(at, turned(heading, d))).find(|h| {
        battle.map.tile(*h).is_some_and(|t| t.terrain.passable()) && !occupied.contains(h)
    })
}

fn mount_of(world: &World, e: Entity) -> Result<Entity, Refusal> {
    world
        .get::<MountedOn>(e)
        .map(|m| m.0)
        .ok_or_else(|| format!("{} rides no mount", hero_name(world, e)).into())
}

/// "Maneuvers" of a rider: turning the mount, priced like turning on foot.
pub fn price_steer(world: &World, e: Entity, to: u8) -> Result<Priced<u8>, Refusal> {
    let mount = mount_of(world, e)?;
    let from = world.get::<Facing>(mount).map_or(0, |f| f.0);
    if to > 5 {
        return Err("facing is a hexside 0 to 5".into());
    }
    match facing_cost_standing(hexsides_between(from, to)) {
        0 => Err("the mount already heads that way".into()),
        ap => Ok(Priced::new(ap, to)),
    }
}

pub fn price_rein(world: &World, e: Entity, speed: u32) -> Result<Priced<u32>, Refusal> {
    let mount = mount_of(world, e)?;
    let m = world.get::<Mount>(mount).cloned().ok_or("no mount")?;
    if speed > m.best_speed {
        return Err(format!("{} makes at most {} paces a round", m.name, m.best_speed).into());
    }
    if speed == m.speed {
        return Err(format!("{} already goes {speed} paces a round", m.name).into());
    }
    Ok(Priced::new(REIN_AP, speed))
}

pub fn price_mount_up(world: &World, e: Entity) -> Result<Priced<Entity>, Refusal> {
    let name = hero_name(world, e);
    if world.get::<MountedOn>(e).is_some() {
        return Err(format!("{name} is in the saddle already").into());
    }
    super::movement::not_prone(world, e, &name)?;
    free_mount_beside(world, e)
        .map(|mount| Priced::new(MOUNT_AP, mount))
        .ok_or_else(|| format!("no riderless mount stands beside {name}").into())
}

pub fn price_dismount(world: &World, e: Entity) -> Result<Priced<Hex>, Refusal> {
    let name = hero_name(world, e);
    mount_of(world, e)?;
    step_down_hex(world, e)
        .map(|to| Priced::new(DISMOUNT_AP, to))
        .ok_or_else(|| format!("no open hex beside {name} to step down into").into())
}

pub fn steer(world: &mut World, e: Entity, facing: u8, ap: u32) -> Outcome {
    let mount = world.get::<MountedOn>(e).expect("priced").0;
    world.get_mut::<Facing>(mount).expect("a mount faces").0 = facing;
    Outcome::Steered {
        hero: hero_id(world, e),
        facing,
        ap,
    }
}

pub fn rein(world: &mut World, e: Entity, speed: u32, ap: u32) -> Outcome {
    let mount = world.get::<MountedOn>(e).expect("priced").0;
    world.get_mut::<Mount>(mount).expect("priced").speed = speed;
    Outcome::Reined {
        hero: hero_id(world, e),
        speed,
        ap,
    }
}

pub fn mount_up(world: &mut World, e: Entity, mount: Entity, ap: u32) -> Outcome {
    let at = world.get::<HexPos>(mount).expect("a mount stands").0;
    world.get_mut::<Mount>(mount).expect("a mount").rider = Some(e);
    world.entity_mut(e).insert(MountedOn(mount));
    world.get_mut::<HexPos>(e).expect("priced").0 = at;
    let name = world
        .get::<Mount>(mount)
        .map(|m| m.name.clone())
        .unwrap_or_default();
    Outcome::Prepared {
        hero: hero_id(world, e),
        what: format!("mounts {name}"),
        ap,
    }
}

pub fn dismount(world: &mut World, e: Entity, to: Hex, ap: u32) -> Outcome {
    let mount = world.get::<MountedOn>(e).expect("priced").0;
    if let Some(mut m) = world.get_mut::<Mount>(mount) {
        m.rider = None;
        m.speed = 0;
    }
    world.entity_mut(e).remove::<MountedOn>();
    world.get_mut::<HexPos>(e).expect("priced").0 = to;
    let (c, r) = offset_of(to);
    Outcome::Prepared {
        hero: hero_id(world, e),
        what: format!("steps down at {c},{r}; the mount stands"),
        ap,
    }
}

/// The mounts' step of each segment (the `Segment` schedule, after the tokens are placed):
/// every mount moves its share of its speed in this segment, `continuous_paces` of it, so a
/// mount covers its whole speed over the 20 segments. Past the 20th segment nobody moves.
pub fn move_mounts_their_share(world: &mut World) {
    let segment = world.resource::<crate::sim::model::RoundState>().segment;
    if segment <= action_time::SEGMENTS {
        move_mounts(world, segment);
    }
}

/// "Continuous action movement occurs before other actions, and proceeds from slowest to
/// fastest, based on Quickness value."
pub fn move_mounts(world: &mut World, segment: u32) {
    let mut movers: Vec<(Entity, u32)> = crate::sim::query::mounts(world)
        .into_iter()
        .filter_map(|e| world.get::<Mount>(e).map(|m| (e, m)))
        .filter(|(_, m)| m.speed > 0)
        .map(|(e, m)| (e, m.quickness))
        .collect();
    // Equal Quickness: by name, whatever order the ECS keeps them in.
    movers.sort_by_key(|(e, _)| world.get::<Mount>(*e).map(|m| m.name.clone()));
    for mount in action_time::continuous_order(&movers) {
        let m = world.get::<Mount>(mount).cloned().expect("a mount");
        let paces = continuous_paces(m.speed, segment);
        if paces == 0 {
            continue;
        }
        let facing = world.get::<Facing>(mount).map_or(0, |f| f.0);
        let blocked_by_rider = m.rider.unwrap_or(mount);
        let occupied = occupied_hexes(world, blocked_by_rider);
        let mut at = world.get::<HexPos>(mount).expect("a mount stands").0;
        let mut moved = 0;
        let mut blocked = None;
        for _ in 0..paces {
            let next = step(at, facing);
            let battle = world.resource::<Battle>();
            let passable = battle.map.tile(next).is_some_and(|t| t.terrain.passable());
            if !passable || occupied.contains(&next) {
                blocked = Some(if passable {
                    "another figure"
                } else {
                    "the edge of the map or a wall"
                });
                break;
            }
            at = next;
            moved += 1;
        }
        if moved > 0 {
            world.get_mut::<HexPos>(mount).expect("a mount stands").0 = at;
            if let Some(rider) = m.rider {
                world.get_mut::<HexPos>(rider).expect("a rider stands").0 = at;
                if let Some(mut f) = world.get_mut::<Facing>(rider) {
                    f.0 = facing;
                }
            }
            let (c, r) = offset_of(at);
            let event = MatchEvent::ContinuousMove {
                mount: m.name.clone(),
                rider: m.rider.map(|r| crate::sim::query::hero_name(world, r)),
                paces: moved,
                to: (c, r),
                speed: m.speed,
            };
            record(world, m.rider, event);
        }
        if let Some(why) = blocked {
            world.get_mut::<Mount>(mount).expect("a mount").speed = 0;
            let event = MatchEvent::MountHalted {
                mount: m.name.clone(),
                rider: m.rider.map(|r| crate::sim::query::hero_name(world, r)),
                by: why.to_string(),
            };
            record(world, m.rider, event);
        }
    }
    // Riders keep their mount's hex (a rider moved by another rule stays in the saddle).
    let pairs: Vec<(Entity, Entity)> = crate::sim::query::heroes(world)
        .into_iter()
        .filter_map(|e| world.get::<MountedOn>(e).map(|m| (e, m.0)))
        .collect();
    for (rider, mount) in pairs {
        if let Some(at) = world.get::<HexPos>(mount).map(|p| p.0)
            && let Some(mut pos) = world.get_mut::<HexPos>(rider)
        {
            pos.0 = at;
        }
    }
}
