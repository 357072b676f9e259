//! The computer player: when one of its heroes declares, it issues the same `BattleCommand`s
//! a human would, or passes (`None`).

use super::battle::{
    Battle, BehindCover, Down, Facing, Hero, HexPos, Mount, MountedOn, Prone, Side, Track,
};
use super::commands::{BattleCommand, move_options, occupied_hexes, price};
use crate::rules::hexmap::{hex_at, step};
use crate::rules::movement::Gait;
use bevy::prelude::*;
use hexx::Hex;

/// The computer's declaration for `hero`, or `None` to pass this segment.
pub fn decide(world: &mut World, hero: Entity) -> Option<BattleCommand> {
    let h = world.get::<Hero>(hero)?.clone();
    let track = world.get::<Track>(hero)?.0.clone();
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    if let Some(mount) = world.get::<MountedOn>(hero).map(|m| m.0) {
        return ride(world, hero, mount);
    }
    if world.get::<Prone>(hero).is_some_and(|p| p.0) {
        return Some(BattleCommand::StandUp { hero });
    }
    if world.get::<BehindCover>(hero).is_some_and(|b| b.0) {
        return Some(BattleCommand::EmergeFromCover { hero });
    }
    // An objective its side wins by, and a skill for it: go there and work on it.
    if let Some((objective, at)) = objective_for(world, &h, side) {
        if at.unsigned_distance_to(pos) <= 1 {
            let command = BattleCommand::WorkObjective { hero, objective };
            return price(world, command).is_ok().then_some(command);
        }
        return approach(world, hero, &h, &track, at);
    }
    // Otherwise close on the nearest enemy standing.
    let target = nearest_enemy(world, side, pos)?;
    if target.unsigned_distance_to(pos) <= 1 {
        return None;
    }
    approach(world, hero, &h, &track, target)
}

fn objective_for(world: &World, hero: &Hero, side: usize) -> Option<(usize, Hex)> {
    let battle = world.resource::<Battle>();
    let side_name = &battle.level.sides[side].name;
    let mut i = 0;
    for v in &battle.level.victory {
        if let crate::data::level::Victory::Objective { winner, task, .. } = v {
            if let Some(task) = task
                && winner == side_name
                && hero.skills.contains_key(&task.skill)
            {
                return Some((i, hex_at(task.at.0, task.at.1)));
            }
            i += 1;
        }
    }
    None
}

fn nearest_enemy(world: &mut World, side: usize, from: Hex) -> Option<Hex> {
    let mut q = world.query::<(&Side, &HexPos, &Down)>();
    q.iter(world)
        .filter(|(s, _, d)| s.0 != side && !d.0)
        .map(|(_, p, _)| p.0)
        .min_by_key(|h| h.unsigned_distance_to(from))
}

/// Walk toward `goal` with the tokens in front (one declaration a segment), as close as the
/// map allows.
fn approach(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &crate::rules::action_time::ActionTrack,
    goal: Hex,
) -> Option<BattleCommand> {
    let pos = world.get::<HexPos>(hero)?.0;
    let facing = world.get::<Facing>(hero)?.0;
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    let budget = track.in_front.max(1);
    let options = move_options(battle, pos, facing, h, budget, Gait::Walk, &occupied);
    let here = goal.unsigned_distance_to(pos);
    let best = options
        .iter()
        .filter(|(to, plan)| plan.cost.total <= budget && to.unsigned_distance_to(goal) < here)
        .min_by_key(|(to, plan)| (to.unsigned_distance_to(goal), plan.cost.total, to.x, to.y))?;
    Some(BattleCommand::Move {
        hero,
        to: *best.0,
        gait: Gait::Walk,
    })
}

/// A rider keeps the mount going: steer round what halts it, then spur it back to speed.
fn ride(world: &mut World, hero: Entity, mount: Entity) -> Option<BattleCommand> {
    let m = world.get::<Mount>(mount)?.clone();
    let at = world.get::<HexPos>(mount)?.0;
    let facing = world.get::<Facing>(mount)?.0;
    if m.speed > 0 {
        return None;
    }
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    let open = |f: u8| {
        let next = step(at, f);
        battle.map.tile(next).is_some_and(|t| t.terrain.passable()) && !occupied.contains(&next)
    };
    if !open(facing) {
        let turn = [1u8, 5, 2, 4, 3]
            .into_iter()
            .map(|d| (facing + d) % 6)
            .find(|&f| open(f))?;
        return Some(BattleCommand::Steer { hero, facing: turn });
    }
    Some(BattleCommand::Rein {
        hero,
        speed: m.best_speed,
    })
}
