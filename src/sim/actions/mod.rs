//! What a command costs now, or why it is not legal; declaring it on the action track.

use super::*;
use crate::game::battle::{
    Battle, BehindCover, Cover, Facing, Hero, HexPos, Mount, MountedOn, Prone, Track, Weapons,
};
use crate::rules::action_time::{Declared, TrackError, skill_cost};
use crate::rules::hexmap::MovePlan;
use crate::rules::movement::{
    DROP_PRONE_AP, DUCK_BEHIND_COVER_AP, EMERGE_FROM_COVER_AP, Gait, STAND_UP_AP,
    facing_cost_standing, hexsides_between,
};
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::HashMap;

/// The moves a hero can make with the AP given, priced by the Movement AP table.
pub fn move_options(
    battle: &Battle,
    from: Hex,
    facing: u8,
    hero: &Hero,
    ap: u32,
    gait: Gait,
    occupied: &[Hex],
) -> HashMap<Hex, MovePlan> {
    battle
        .map
        .reachable(from, facing, gait, (hero.move_paces, hero.run), ap, |h| {
            occupied.contains(&h)
        })
}

/// Hexes where figures stand (heroes and mounts), but for `except` and its mount.
pub fn occupied_hexes(world: &mut World, except: Entity) -> Vec<Hex> {
    let mount = world.get::<MountedOn>(except).map(|m| m.0);
    let mut q = world.query::<(Entity, &HexPos, Option<&Hero>, Option<&Mount>)>();
    q.iter(world)
        .filter(|(e, _, hero, mount_c)| {
            *e != except && Some(*e) != mount && (hero.is_some() || mount_c.is_some())
        })
        .map(|(_, at, _, _)| at.0)
        .collect()
}

/// The AP a command costs now, or why it is not legal.
pub fn price(world: &mut World, command: BattleCommand) -> Result<u32, String> {
    let e = command.hero();
    let Some(hero) = world.get::<Hero>(e).cloned() else {
        return Err("no such hero".into());
    };
    let name = hero.name.as_str();
    let prone = world.get::<Prone>(e).is_some_and(|p| p.0);
    let behind = world.get::<BehindCover>(e).is_some_and(|b| b.0);
    let mounted = world.get::<MountedOn>(e).map(|m| m.0);
    let pos = world.get::<HexPos>(e).map(|p| p.0).ok_or("no position")?;
    let facing = world.get::<Facing>(e).map_or(0, |f| f.0);
    match command {
        BattleCommand::Move { to, gait, .. } => {
            if let Some(mount) = mounted {
                let m = world.get::<Mount>(mount).map_or("", |m| m.name.as_str());
                return Err(format!(
                    "{name} rides {m}: steer it or rein it in instead ({REIN_AP} AP)"
                ));
            }
            if prone {
                return Err(format!(
                    "{name} is prone: stand up first ({STAND_UP_AP} AP)"
                ));
            }
            if behind {
                return Err(format!(
                    "{name} is behind cover: emerge first ({EMERGE_FROM_COVER_AP} AP)"
                ));
            }
            let occupied = occupied_hexes(world, e);
            let battle = world.resource::<Battle>();
            let Some(tile) = battle.map.tile(to) else {
                return Err("that hex is off the map".into());
            };
            if !tile.terrain.passable() {
                return Err(format!("{name} cannot enter a {}", tile.terrain.name()));
            }
            if occupied.contains(&to) {
                return Err("another figure stands there".into());
            }
            if to == pos {
                return Err(format!("{name} is already there"));
            }
            let all = move_options(battle, pos, facing, &hero, u32::MAX / 1024, gait, &occupied);
            let walk = all
                .get(&to)
                .map(|plan| plan.cost.total)
                .ok_or_else(|| format!("{name} has no way there"));
            // Engaged: a one-hex maneuver beside the foe is 1 AP; dominance holds the hero.
            match crate::game::melee::engaged_move(world, e, to)? {
                Some(ap) => Ok(ap),
                None => walk,
            }
        }
        BattleCommand::Melee {
            target,
            attack,
            careful,
            times,
            ..
        } => {
            crate::game::melee::plan(world, e, target, attack, careful, times as u32).map(|p| p.ap)
        }
        BattleCommand::Block { .. } => {
            if crate::game::melee::engaged_foes(world, e).is_empty() {
                return Err(format!("{name} has no foe within one pace to block"));
            }
            Ok(crate::rules::melee::BLOCK_AP)
        }
        BattleCommand::Dodge { toward, .. } => {
            let close = world
                .get::<crate::game::melee::CloseCombat>(e)
                .copied()
                .unwrap_or_default();
            if close.attacked {
                return Err(format!(
                    "{name} has attacked this round: dodging is only for those who do not"
                ));
            }
            if close.dodge.is_some() {
                return Err(format!("{name} is dodging already"));
            }
            if toward > 5 {
                return Err("a dodge faces a hexside 0 to 5".into());
            }
            Ok(crate::rules::melee::DODGE_AP)
        }
        BattleCommand::Escape { .. } => crate::game::melee::escape_plan(world, e).map(|p| p.0),
        BattleCommand::Disengage { to, .. } => {
            if crate::game::melee::engaged_foes(world, e).is_empty() {
                return Err(format!("{name} is engaged with nobody: just move"));
            }
            let level = crate::game::melee::dominated(world, e);
            if level > 0 {
                return Err(format!(
                    "{name} is under {}: break away or escape first (W)",
                    crate::rules::melee::Dominance::from_level(level).name()
                ));
            }
            let walk = price(
                world,
                BattleCommand::Move {
                    hero: e,
                    to,
                    gait: Gait::Walk,
                },
            )?;
            Ok(walk + crate::rules::melee::CAREFUL_DISENGAGE_AP)
        }
        BattleCommand::Face { facing: to, .. } => {
            if to > 5 {
                return Err("facing is a hexside 0 to 5".into());
            }
            match facing_cost_standing(hexsides_between(facing, to)) {
                0 => Err(format!("{name} already faces that way")),
                cost => Ok(cost),
            }
        }
        BattleCommand::DropProne { .. } => match prone {
            true => Err(format!("{name} is already prone")),
            false if mounted.is_some() => Err(format!("{name} is in the saddle")),
            false => Ok(DROP_PRONE_AP),
        },
        BattleCommand::StandUp { .. } => match prone {
            true => Ok(STAND_UP_AP),
            false => Err(format!("{name} is already standing")),
        },
        BattleCommand::DuckBehindCover { .. } => {
            if behind {
                return Err(format!("{name} is already behind cover"));
            }
            if cover_in(world, pos).is_none() {
                return Err(format!("there is no cover in {name}'s hex to duck behind"));
            }
            Ok(DUCK_BEHIND_COVER_AP)
        }
        BattleCommand::EmergeFromCover { .. } => match behind {
            true => Ok(EMERGE_FROM_COVER_AP),
            false => Err(format!("{name} is not behind cover")),
        },
        BattleCommand::Ready { weapon, .. } => {
            let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
            let Some(w) = weapons.0.get(weapon) else {
                return Err(format!("{name} carries no weapon number {}", weapon + 1));
            };
            if w.ready {
                return Err(format!("the {} is already in hand", w.name));
            }
            let battle = world.resource::<Battle>();
            let size = battle.gear.weapon(&w.name).map_or(1, |g| g.size);
            Ok(crate::rules::weapons::ready_cost(size, w.holstered))
        }
        BattleCommand::ReadyOffHand { weapon, .. } => {
            let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
            let Some(w) = weapons.0.get(weapon) else {
                return Err(format!("{name} carries no weapon number {}", weapon + 1));
            };
            if w.ready || w.off_hand {
                return Err(format!("the {} is already in hand", w.name));
            }
            let battle = world.resource::<Battle>();
            let size = battle.gear.weapon(&w.name).map_or(1, |g| g.size);
            Ok(crate::rules::weapons::ready_cost(size, w.holstered))
        }
        BattleCommand::ShootOffHand { target, kind, .. } => {
            crate::game::combat::plan_hand(world, e, target, kind, true).map(|p| p.ap)
        }
        BattleCommand::Cock { .. } => {
            let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
            let Some(w) = weapons.0.iter().find(|w| w.ready) else {
                return Err(format!("{name} has no weapon in hand: ready one first"));
            };
            let battle = world.resource::<Battle>();
            match to_cock(battle, &weapons) {
                Some((_, ap)) => Ok(ap),
                None if battle
                    .gear
                    .weapon(&w.name)
                    .is_some_and(|g| g.cock_ap().is_some()) =>
                {
                    Err(format!("the {} is already cocked", w.name))
                }
                None => Err(format!("the {} needs no cocking", w.name)),
            }
        }
        BattleCommand::WorkObjective { objective, .. } => {
            let battle = world.resource::<Battle>();
            let Some((title, task)) = battle.objective_task(objective) else {
                return Err("the level has no such objective to work on".into());
            };
            let at = crate::rules::hexmap::hex_at(task.at.0, task.at.1);
            if at.unsigned_distance_to(pos) > 1 {
                let (c, r) = task.at;
                return Err(format!(
                    "{name} must stand at or next to {c},{r} to work on '{title}'"
                ));
            }
            if !hero.skills.contains_key(&task.skill) && task.skill_required {
                return Err(format!("{name} has no {} skill", task.skill));
            }
            Ok(skill_cost(task.full_attention))
        }
        BattleCommand::Steer { facing: to, .. } => {
            let Some(mount) = mounted else {
                return Err(format!("{name} rides no mount"));
            };
            let from = world.get::<Facing>(mount).map_or(0, |f| f.0);
            if to > 5 {
                return Err("facing is a hexside 0 to 5".into());
            }
            match facing_cost_standing(hexsides_between(from, to)) {
                0 => Err("the mount already heads that way".into()),
                cost => Ok(cost),
            }
        }
        BattleCommand::Shoot { target, kind, .. } => {
            if mounted.is_none() && (prone || behind) && matches!(kind, ShotKind::Aimed(_)) {
                // Prone or ducked heroes may still fire; nothing to refuse.
            }
            crate::game::combat::plan(world, e, target, kind).map(|p| p.ap)
        }
        BattleCommand::Series { shots, fan, .. } => {
            let list: Vec<(Entity, ShotKind)> = shots.iter().flatten().copied().collect();
            crate::game::combat::plan_series(world, e, &list, fan).map(|p| p.ap)
        }
        BattleCommand::Reload { .. } => {
            let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
            let Some(w) = weapons.0.iter().find(|w| w.ready) else {
                return Err(format!("{name} has no weapon in hand"));
            };
            let battle = world.resource::<Battle>();
            let gear = battle.gear.weapon(&w.name).ok_or("no such weapon")?;
            if gear.kind == crate::data::gear::WeaponKind::Melee
                || gear.kind == crate::data::gear::WeaponKind::Thrown
            {
                return Err(format!("the {} takes no loading", w.name));
            }
            let missing = gear.rounds.saturating_sub(w.rounds);
            if missing == 0 && !w.jammed {
                return Err(format!("the {} is loaded", w.name));
            }
            Ok(crate::rules::weapons::reload_cost(missing, w.jammed))
        }
        BattleCommand::MountUp { .. } => {
            if mounted.is_some() {
                return Err(format!("{name} is in the saddle already"));
            }
            if prone {
                return Err(format!(
                    "{name} is prone: stand up first ({STAND_UP_AP} AP)"
                ));
            }
            free_mount_beside(world, e)
                .map(|_| MOUNT_AP)
                .ok_or_else(|| format!("no riderless mount stands beside {name}"))
        }
        BattleCommand::Dismount { .. } => {
            if mounted.is_none() {
                return Err(format!("{name} rides no mount"));
            }
            step_down_hex(world, e)
                .map(|_| DISMOUNT_AP)
                .ok_or_else(|| format!("no open hex beside {name} to step down into"))
        }
        BattleCommand::Rein { speed, .. } => {
            let Some(mount) = mounted else {
                return Err(format!("{name} rides no mount"));
            };
            let m = world.get::<Mount>(mount).cloned().ok_or("no mount")?;
            if speed > m.best_speed {
                return Err(format!(
                    "{} makes at most {} paces a round",
                    m.name, m.best_speed
                ));
            }
            if speed == m.speed {
                return Err(format!("{} already goes {speed} paces a round", m.name));
            }
            Ok(REIN_AP)
        }
    }
}

/// The weapon in hand to cock next (main hand first, then the off hand) and its AP.
pub(super) fn to_cock(battle: &Battle, weapons: &Weapons) -> Option<(usize, u32)> {
    let hands = weapons
        .0
        .iter()
        .enumerate()
        .filter(|(_, w)| w.ready)
        .chain(weapons.0.iter().enumerate().filter(|(_, w)| w.off_hand));
    for (i, w) in hands {
        if let Some(ap) = battle.gear.weapon(&w.name).and_then(|g| g.cock_ap())
            && !w.cocked
        {
            return Some((i, ap));
        }
    }
    None
}

/// A riderless mount in a hex beside the hero.
pub fn free_mount_beside(world: &mut World, hero: Entity) -> Option<Entity> {
    let at = world.get::<HexPos>(hero)?.0;
    let mut q = world.query::<(Entity, &Mount, &HexPos)>();
    q.iter(world)
        .filter(|(_, m, p)| m.rider.is_none() && p.0.unsigned_distance_to(at) == 1)
        .map(|(e, ..)| e)
        .min_by_key(|&e| {
            let at = world.get::<HexPos>(e).map(|p| p.0).unwrap_or_default();
            (at.x, at.y)
        })
}

/// The open hex a rider steps down into: beside the mount, the first free one clockwise from
/// its heading.
pub fn step_down_hex(world: &mut World, hero: Entity) -> Option<Hex> {
    let mount = world.get::<MountedOn>(hero)?.0;
    let at = world.get::<HexPos>(mount)?.0;
    let heading = world.get::<Facing>(mount).map_or(0, |f| f.0);
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    (1..=6u8)
        .map(|d| crate::rules::hexmap::step(at, (heading + d) % 6))
        .find(|h| {
            battle.map.tile(*h).is_some_and(|t| t.terrain.passable()) && !occupied.contains(h)
        })
}

/// The cover object standing in a hex, if any.
pub fn cover_in(world: &mut World, hex: Hex) -> Option<String> {
    let mut q = world.query_filtered::<(&Cover, &HexPos), Without<Hero>>();
    q.iter(world)
        .find(|(_, at)| at.0 == hex)
        .map(|(c, _)| c.name.clone())
}

/// Declare a command: price it and pay it on the hero's track.
pub fn declare(
    world: &mut World,
    command: BattleCommand,
    segment: u32,
) -> Result<(u32, Declared), String> {
    let e = command.hero();
    let cost = price(world, command)?;
    let name = world
        .get::<Hero>(e)
        .map(|h| h.name.clone())
        .unwrap_or_default();
    let mut track = world.get_mut::<Track>(e).ok_or("no action track")?;
    track
        .0
        .declare(cost, segment, command.over_rounds())
        .map(|d| (cost, d))
        .map_err(|err| match err {
            TrackError::NotEnoughAp { cost, has } => format!(
                "not enough AP: {} costs {cost} AP, {name} has {has} left this round",
                command.name()
            ),
            other => format!("{name}: {other}"),
        })
}
