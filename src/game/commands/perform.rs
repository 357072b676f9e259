//! Performing a fully paid command: checked again, then the change it makes.

use super::*;
use crate::game::battle::{
    Battle, BehindCover, Facing, Hero, HexPos, Mount, MountedOn, Prone, Weapons,
};
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;

/// Perform a fully paid command. It is checked again: what changed since the declaration
/// (someone stepped into the path) makes it fail, and the AP are lost.
pub fn perform(world: &mut World, command: BattleCommand) -> CommandOutcome {
    let hero = command.hero();
    let refuse = |reason: String| CommandOutcome::Refused { hero, reason };
    let ap = match price(world, command) {
        Ok(ap) => ap,
        Err(why) => return refuse(format!("{why}; the AP are lost")),
    };
    match command {
        BattleCommand::Move { to, gait, .. } => walk(world, hero, to, gait, ap, false),
        BattleCommand::Disengage { to, .. } => walk(world, hero, to, Gait::Walk, ap, true),
        BattleCommand::Melee {
            target,
            attack,
            careful,
            times,
            ..
        } => match crate::game::melee::plan(world, hero, target, attack, careful, times as u32) {
            Ok(p) => crate::game::melee::execute(world, hero, p),
            Err(reason) => CommandOutcome::Refused {
                hero,
                reason: format!("{reason}; the AP are lost"),
            },
        },
        BattleCommand::Block { .. } => {
            let mut c = world
                .get::<crate::game::melee::CloseCombat>(hero)
                .copied()
                .unwrap_or_default();
            c.blocks += 1;
            world.entity_mut(hero).insert(c);
            CommandOutcome::Prepared {
                hero,
                what: format!("readies a block ({} ready)", c.blocks),
                ap,
            }
        }
        BattleCommand::Dodge { toward, .. } => {
            let mut c = world
                .get::<crate::game::melee::CloseCombat>(hero)
                .copied()
                .unwrap_or_default();
            c.dodge = Some(toward);
            world.entity_mut(hero).insert(c);
            CommandOutcome::Prepared {
                hero,
                what: format!(
                    "dodges the attacks from hexsides {toward} and {}",
                    (toward + 1) % 6
                ),
                ap,
            }
        }
        BattleCommand::Escape { .. } => crate::game::melee::escape(world, hero, ap),
        BattleCommand::Face { facing, .. } => {
            world.get_mut::<Facing>(hero).expect("priced").0 = facing;
            CommandOutcome::Faced { hero, facing, ap }
        }
        BattleCommand::DropProne { .. } => {
            world.get_mut::<Prone>(hero).expect("priced").0 = true;
            CommandOutcome::WentProne { hero, ap }
        }
        BattleCommand::StandUp { .. } => {
            world.get_mut::<Prone>(hero).expect("priced").0 = false;
            CommandOutcome::StoodUp { hero, ap }
        }
        BattleCommand::DuckBehindCover { .. } => {
            let pos = world.get::<HexPos>(hero).expect("priced").0;
            let cover = cover_in(world, pos).unwrap_or_default();
            world.get_mut::<BehindCover>(hero).expect("priced").0 = true;
            world
                .entity_mut(hero)
                .insert(crate::game::combat::AppearedThisRound(true));
            CommandOutcome::Ducked { hero, cover, ap }
        }
        BattleCommand::EmergeFromCover { .. } => {
            world.get_mut::<BehindCover>(hero).expect("priced").0 = false;
            world
                .entity_mut(hero)
                .insert(crate::game::combat::AppearedThisRound(true));
            CommandOutcome::Emerged { hero, ap }
        }
        BattleCommand::Ready { weapon, .. } => {
            let mut weapons = world.get_mut::<Weapons>(hero).expect("priced");
            for (i, w) in weapons.0.iter_mut().enumerate() {
                w.ready = i == weapon;
                if i == weapon {
                    w.off_hand = false;
                }
                if !w.ready && !w.off_hand {
                    w.cocked = false;
                }
            }
            let name = weapons.0[weapon].name.clone();
            CommandOutcome::Readied {
                hero,
                weapon: name,
                ap,
            }
        }
        BattleCommand::ReadyOffHand { weapon, .. } => {
            let mut weapons = world.get_mut::<Weapons>(hero).expect("priced");
            for (i, w) in weapons.0.iter_mut().enumerate() {
                w.off_hand = i == weapon;
                if !w.ready && !w.off_hand {
                    w.cocked = false;
                }
            }
            let name = weapons.0[weapon].name.clone();
            CommandOutcome::Readied {
                hero,
                weapon: format!("{name} (off hand)"),
                ap,
            }
        }
        BattleCommand::ShootOffHand { target, kind, .. } => {
            crate::game::combat::fire_hand(world, hero, target, kind, true)
        }
        BattleCommand::Cock { .. } => {
            let which = {
                let battle = world.resource::<Battle>();
                let weapons = world.get::<Weapons>(hero).expect("priced");
                to_cock(battle, weapons).expect("priced").0
            };
            let mut weapons = world.get_mut::<Weapons>(hero).expect("priced");
            let w = &mut weapons.0[which];
            w.cocked = true;
            CommandOutcome::Cocked {
                hero,
                weapon: w.name.clone(),
                ap,
            }
        }
        BattleCommand::WorkObjective { objective, .. } => {
            crate::game::round::work_objective(world, hero, objective, ap)
        }
        BattleCommand::Steer { facing, .. } => {
            let mount = world.get::<MountedOn>(hero).expect("priced").0;
            world.get_mut::<Facing>(mount).expect("a mount faces").0 = facing;
            CommandOutcome::Steered { hero, facing, ap }
        }
        BattleCommand::MountUp { .. } => {
            let Some(mount) = super::price::free_mount_beside(world, hero) else {
                return CommandOutcome::Refused {
                    hero,
                    reason: "the mount is gone; the AP are lost".into(),
                };
            };
            let at = world.get::<HexPos>(mount).expect("a mount stands").0;
            world.get_mut::<Mount>(mount).expect("a mount").rider = Some(hero);
            world.entity_mut(hero).insert(MountedOn(mount));
            world.get_mut::<HexPos>(hero).expect("priced").0 = at;
            let name = world
                .get::<Mount>(mount)
                .map(|m| m.name.clone())
                .unwrap_or_default();
            CommandOutcome::Prepared {
                hero,
                what: format!("mounts {name}"),
                ap,
            }
        }
        BattleCommand::Dismount { .. } => {
            let Some(to) = super::price::step_down_hex(world, hero) else {
                return CommandOutcome::Refused {
                    hero,
                    reason: "no open hex to step down into; the AP are lost".into(),
                };
            };
            let mount = world.get::<MountedOn>(hero).expect("priced").0;
            if let Some(mut m) = world.get_mut::<Mount>(mount) {
                m.rider = None;
                m.speed = 0;
            }
            world.entity_mut(hero).remove::<MountedOn>();
            world.get_mut::<HexPos>(hero).expect("priced").0 = to;
            let (c, r) = crate::rules::hexmap::offset_of(to);
            CommandOutcome::Prepared {
                hero,
                what: format!("steps down at {c},{r}; the mount stands"),
                ap,
            }
        }
        BattleCommand::Rein { speed, .. } => {
            let mount = world.get::<MountedOn>(hero).expect("priced").0;
            world.get_mut::<Mount>(mount).expect("priced").speed = speed;
            CommandOutcome::Reined { hero, speed, ap }
        }
        BattleCommand::Shoot { target, kind, .. } => {
            crate::game::combat::fire(world, hero, target, kind)
        }
        BattleCommand::Series { shots, fan, .. } => {
            let list: Vec<(Entity, ShotKind)> = shots.iter().flatten().copied().collect();
            match crate::game::combat::plan_series(world, hero, &list, fan) {
                Ok(series) => crate::game::combat::execute(world, hero, series),
                Err(reason) => CommandOutcome::Refused {
                    hero,
                    reason: format!("{reason}; the AP are lost"),
                },
            }
        }
        BattleCommand::Reload { .. } => {
            let capacity = {
                let weapons = world.get::<Weapons>(hero).expect("priced");
                let w = weapons.0.iter().find(|w| w.ready).expect("priced");
                world
                    .resource::<Battle>()
                    .gear
                    .weapon(&w.name)
                    .map_or(w.rounds, |g| g.rounds)
            };
            let mut weapons = world.get_mut::<Weapons>(hero).expect("priced");
            let w = weapons.0.iter_mut().find(|w| w.ready).expect("priced");
            w.rounds = capacity;
            w.jammed = false;
            CommandOutcome::Reloaded {
                hero,
                weapon: w.name.clone(),
                rounds: capacity,
                ap,
            }
        }
    }
}

/// A move, or an engaged hero's: a one-hex maneuver beside the foe; a careful disengagement;
/// or breaking away, which gives each foe left behind a free attack first.
fn walk(
    world: &mut World,
    hero: Entity,
    to: Hex,
    gait: Gait,
    ap: u32,
    careful: bool,
) -> CommandOutcome {
    let from = world.get::<HexPos>(hero).expect("priced").0;
    let maneuver = crate::game::melee::engaged_move(world, hero, to)
        .ok()
        .flatten()
        .is_some()
        && !careful;
    if !maneuver && !careful {
        crate::game::melee::free_attacks(world, hero, to);
        if world
            .get::<crate::game::battle::Down>(hero)
            .is_some_and(|d| d.0)
        {
            return CommandOutcome::Refused {
                hero,
                reason: "struck down breaking away".into(),
            };
        }
    }
    let (path, facing) = if maneuver {
        let facing = crate::rules::hexmap::facing_to(from, to)
            .unwrap_or_else(|| world.get::<Facing>(hero).map_or(0, |f| f.0));
        (vec![to], facing)
    } else {
        let occupied = occupied_hexes(world, hero);
        let hero_c = world.get::<Hero>(hero).cloned().expect("priced");
        let facing = world.get::<Facing>(hero).map_or(0, |f| f.0);
        let battle = world.resource::<Battle>();
        let all = move_options(battle, from, facing, &hero_c, ap, gait, &occupied);
        let Some(plan) = all.get(&to).cloned() else {
            return CommandOutcome::Refused {
                hero,
                reason: "the way is blocked now; the AP are lost".into(),
            };
        };
        (plan.hexes, plan.final_facing)
    };
    world.get_mut::<HexPos>(hero).expect("priced").0 = to;
    world.get_mut::<Facing>(hero).expect("priced").0 = facing;
    if let Some(mut m) = world.get_mut::<crate::game::battle::MovedThisRound>(hero) {
        m.0 = Some(match (m.0, gait) {
            (Some(Gait::Run), _) | (_, Gait::Run) => Gait::Run,
            _ => Gait::Walk,
        });
    }
    CommandOutcome::Moved { hero, path, ap }
}
