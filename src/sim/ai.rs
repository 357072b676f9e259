//! The computer player: when one of its heroes declares, it issues the same `BattleCommand`s
//! a human would, or passes (`None`).

use super::battle::{
    Battle, BehindCover, Down, Facing, Hero, HexPos, Mount, MountedOn, Prone, Side, Track, Weapons,
};
use super::combat;
use super::commands::{BattleCommand, move_options, occupied_hexes, price};
use super::melee;
use crate::rules::action_time::ActionTrack;
use crate::rules::hexmap::hexside_toward;
use crate::rules::hexmap::{hex_at, step};
use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use hexx::Hex;

/// The computer's declaration for `hero`, or `None` to pass this segment.
pub fn decide(world: &mut World, hero: Entity) -> Option<BattleCommand> {
    let h = world.get::<Hero>(hero)?.clone();
    // A quick-draw artist spends what AP it may to go first when actions clash.
    if let Some(&level) = h.skills.get("Quick Draw") {
        world
            .entity_mut(hero)
            .insert(super::round::StackSpend(level));
    }
    let track = world.get::<Track>(hero)?.0.clone();
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    let mounted = world.get::<MountedOn>(hero).map(|m| m.0);
    if let Some(mount) = mounted
        && let Some(command) = ride(world, hero, mount)
    {
        return Some(command);
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
    // A gun in hand, loaded and cocked; then the best shot at the nearest enemy in sight.
    if let Some(command) = arm(world, hero) {
        return Some(command);
    }
    if let Some(command) = shoot(world, hero, &track) {
        return Some(command);
    }
    if mounted.is_some() {
        return None;
    }
    // Within a pace of a foe with no shot to take: fight hand to hand, or get free.
    if let Some(command) = close_combat(world, hero, &track) {
        return Some(command);
    }
    let target = nearest_enemy(world, side, pos)?;
    if has_gun(world, hero)
        && let Some(command) = take_cover(world, hero, &h, &track, target)
    {
        return Some(command);
    }
    // No shot: close on the nearest enemy standing.
    if target.unsigned_distance_to(pos) <= 1 {
        return None;
    }
    approach(world, hero, &h, &track, target)
}

/// Ready the first ranged weapon with rounds, load an empty or jammed one, cock it.
fn arm(world: &mut World, hero: Entity) -> Option<BattleCommand> {
    let weapons = world.get::<Weapons>(hero)?.0.clone();
    let gear = world.resource::<Battle>().gear.clone();
    let ranged = |name: &str| gear.weapon(name).is_some_and(|w| w.is_ranged());
    if let Some(i) = weapons.iter().position(|w| w.ready)
        && ranged(&weapons[i].name)
    {
        let w = &weapons[i];
        let g = gear.weapon(&w.name)?;
        if w.jammed || w.rounds == 0 {
            let reload = BattleCommand::Reload { hero };
            if price(world, reload).is_ok() {
                return Some(reload);
            }
            // A thrown weapon gone, or nothing to load: take another gun.
        } else if g.needs_cocking() && !w.cocked {
            return Some(BattleCommand::Cock { hero });
        } else {
            return None;
        }
    }
    let next = weapons
        .iter()
        .position(|w| !w.ready && !w.jammed && w.rounds > 0 && ranged(&w.name))?;
    let ready = BattleCommand::Ready { hero, weapon: next };
    price(world, ready).is_ok().then_some(ready)
}

/// The shot with the best odds the round's AP can pay; a cheaper one when its odds are close.
fn shoot(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<BattleCommand> {
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    let mut q = world.query::<(Entity, &Side, &HexPos, &Down)>();
    let mut enemies: Vec<(u32, Entity)> = q
        .iter(world)
        .filter(|(_, s, _, d)| s.0 != side && !d.0)
        .map(|(e, _, p, _)| (p.0.unsigned_distance_to(pos), e))
        .collect();
    enemies.sort_by_key(|e| (e.0, super::battle::level_order(world, e.1)));
    for (_, target) in enemies {
        let mut options: Vec<(f64, u32, ShotKind)> = [
            ShotKind::Snap,
            ShotKind::Normal,
            ShotKind::Aimed(1),
            ShotKind::Aimed(2),
        ]
        .into_iter()
        .filter_map(|kind| combat::plan(world, hero, target, kind).ok())
        .filter(|p| p.ap <= track.left())
        .map(|p| (p.chance, p.ap, p.kind))
        .collect();
        if options.is_empty() {
            continue;
        }
        let best = options.iter().map(|o| o.0).fold(0.0, f64::max);
        options.retain(|o| o.0 >= best - CLOSE_ODDS);
        options.sort_by_key(|o| o.1);
        let kind = options[0].2;
        return Some(BattleCommand::Shoot { hero, target, kind });
    }
    None
}

/// A loaded gun to shoot with, in hand or to be readied.
fn has_gun(world: &World, hero: Entity) -> bool {
    let gear = &world.resource::<Battle>().gear;
    world.get::<Weapons>(hero).is_some_and(|w| {
        w.0.iter().any(|w| {
            !w.jammed && w.rounds > 0 && gear.weapon(&w.name).is_some_and(|g| g.is_ranged())
        })
    })
}

/// Hand to hand: escape dominance first; else the attack the round's AP allow, heaviest first
/// (a heavy attack's bump shoves the foe toward dominance), at the foe with the lowest defense.
fn close_combat(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<BattleCommand> {
    let foes = melee::engaged_foes(world, hero);
    if foes.is_empty() {
        return None;
    }
    if melee::dominated(world, hero) > 0 {
        let escape = BattleCommand::Escape { hero };
        if price(world, escape).is_ok_and(|ap| ap <= track.left()) {
            return Some(escape);
        }
        return None;
    }
    // A foe beside it is paying for a blow at it: a block first (one a blow).
    let incoming = foes
        .iter()
        .filter(|&&f| {
            matches!(
                world.get::<super::round::Committed>(f),
                Some(super::round::Committed(BattleCommand::Melee { target, .. })) if *target == hero
            )
        })
        .count() as u32;
    let ready = world
        .get::<melee::CloseCombat>(hero)
        .map_or(0, |c| c.blocks);
    let block = BattleCommand::Block { hero };
    if incoming > ready && price(world, block).is_ok_and(|ap| ap <= track.left()) {
        return Some(block);
    }
    let target = foes.iter().copied().min_by_key(|&f| {
        (
            melee::defense(world, f).0,
            super::battle::level_order(world, f),
        )
    })?;
    let held = melee::dominated(world, target) >= 2;
    // "His goal is to create a dominant position for his brother": with an ally on the same
    // foe, the one who is not yet pressing it grapples for dominance.
    let allies_on_it = melee::engaged_foes(world, target).len() > 1;
    let choices: &[AttackType] = if held {
        &[AttackType::Standard, AttackType::Quick]
    } else if allies_on_it && melee::dominated(world, target) == 0 {
        &[AttackType::Grapple, AttackType::Standard, AttackType::Quick]
    } else {
        &[AttackType::Heavy, AttackType::Standard, AttackType::Quick]
    };
    choices
        .iter()
        .map(|&attack| BattleCommand::Melee {
            hero,
            target,
            attack,
            careful: false,
            times: 1,
        })
        .find(|&command| price(world, command).is_ok_and(|ap| ap <= track.left()))
}

/// Odds within this of the best are worth the fewer AP.
const CLOSE_ODDS: f64 = 0.08;

/// Step into cover from `enemy` when a hex with it is in reach of the tokens in front.
fn take_cover(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
    enemy: Hex,
) -> Option<BattleCommand> {
    let pos = world.get::<HexPos>(hero)?.0;
    let facing = world.get::<Facing>(hero)?.0;
    let mut q = world.query::<(&super::battle::Cover, &HexPos)>();
    let covers: Vec<(Hex, Vec<u8>)> = q.iter(world).map(|(c, p)| (p.0, c.from.clone())).collect();
    let covered = |at: Hex| {
        covers
            .iter()
            .any(|(h, from)| *h == at && from.contains(&hexside_toward(at, enemy)))
    };
    if covered(pos) || track.in_front == 0 {
        return None;
    }
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    let options = move_options(
        battle,
        pos,
        facing,
        h,
        track.in_front,
        Gait::Walk,
        &occupied,
    );
    let to = options
        .iter()
        .filter(|(to, _)| covered(**to))
        .min_by_key(|(to, plan)| (plan.cost.total, to.x, to.y))?
        .0;
    Some(BattleCommand::Move {
        hero,
        to: *to,
        gait: Gait::Walk,
    })
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
    let mut q = world.query::<(&Side, &HexPos, &Down, &Hero)>();
    q.iter(world)
        .filter(|(s, _, d, _)| s.0 != side && !d.0)
        .min_by_key(|(_, p, _, h)| (p.0.unsigned_distance_to(from), h.order))
        .map(|(_, p, _, _)| p.0)
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
