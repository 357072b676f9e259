//! Commands on the battle: every intent (mouse, keyboard, computer, tests) is a
//! `BattleCommand`. A command is a declaration in action time: it is priced, checked and paid
//! on the action track (`declare`), and performed when fully paid (`perform`, called by the
//! round). Each gets a `CommandOutcome`, a refusal with its reason when not legal.

use super::battle::{
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

/// Player intent: the mouse, the keyboard, the computer and tests all send these.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleCommand {
    Move {
        hero: Entity,
        to: Hex,
        gait: Gait,
    },
    Face {
        hero: Entity,
        facing: u8,
    },
    DropProne {
        hero: Entity,
    },
    StandUp {
        hero: Entity,
    },
    DuckBehindCover {
        hero: Entity,
    },
    EmergeFromCover {
        hero: Entity,
    },
    /// Take a weapon in hand (index into the hero's weapons).
    Ready {
        hero: Entity,
        weapon: usize,
    },
    /// Cock the weapon in hand (the main hand's first, then the off hand's).
    Cock {
        hero: Entity,
    },
    /// Take a second weapon in the off hand.
    ReadyOffHand {
        hero: Entity,
        weapon: usize,
    },
    /// Shoot the weapon in the off hand.
    ShootOffHand {
        hero: Entity,
        target: Entity,
        kind: ShotKind,
    },
    /// Work on the level's objective (a skill at 4/8 AP, paid over rounds if need be).
    WorkObjective {
        hero: Entity,
        objective: usize,
    },
    /// A rider turns the mount (a maneuver of the continuous movement).
    Steer {
        hero: Entity,
        facing: u8,
    },
    /// A rider sets the mount's speed for the round (paces per round, up to its best).
    Rein {
        hero: Entity,
        speed: u32,
    },
    /// Shoot (or throw) the weapon in hand at a hero.
    Shoot {
        hero: Entity,
        target: Entity,
        kind: ShotKind,
    },
    /// Load the weapon in hand (1 AP a round), clearing a jam first (4 AP).
    Reload {
        hero: Entity,
    },
    /// Several shots from one pool, declared in order (targets and kinds), or a fan.
    Series {
        hero: Entity,
        shots: [Option<(Entity, ShotKind)>; crate::rules::ranged::MAX_SHOTS],
        fan: bool,
    },
}

/// The AP of a rider's maneuver that changes the mount's speed (docs/rules-decisions.md).
pub const REIN_AP: u32 = 1;

/// What came of a command.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Paid in full: it resolves at the end of this segment.
    Declared {
        hero: Entity,
        what: String,
        ap: u32,
        lost: u32,
    },
    /// Fewer tokens than the cost: they are spent toward it until it is paid.
    Committed {
        hero: Entity,
        what: String,
        ap: u32,
        paid: u32,
    },
    Moved {
        hero: Entity,
        path: Vec<Hex>,
        ap: u32,
    },
    Faced {
        hero: Entity,
        facing: u8,
        ap: u32,
    },
    WentProne {
        hero: Entity,
        ap: u32,
    },
    StoodUp {
        hero: Entity,
        ap: u32,
    },
    Ducked {
        hero: Entity,
        cover: String,
        ap: u32,
    },
    Emerged {
        hero: Entity,
        ap: u32,
    },
    Readied {
        hero: Entity,
        weapon: String,
        ap: u32,
    },
    Cocked {
        hero: Entity,
        weapon: String,
        ap: u32,
    },
    Worked {
        hero: Entity,
        objective: String,
        victories: u32,
        ap: u32,
    },
    Steered {
        hero: Entity,
        facing: u8,
        ap: u32,
    },
    Reined {
        hero: Entity,
        speed: u32,
        ap: u32,
    },
    Shot {
        hero: Entity,
        target: Entity,
        hit: bool,
        text: String,
    },
    Reloaded {
        hero: Entity,
        weapon: String,
        rounds: u32,
        ap: u32,
    },
    /// Not legal: the reason is for the player to see. At resolution, the AP are lost.
    Refused {
        hero: Entity,
        reason: String,
    },
}

impl BattleCommand {
    pub fn hero(&self) -> Entity {
        match *self {
            BattleCommand::Move { hero, .. }
            | BattleCommand::Face { hero, .. }
            | BattleCommand::DropProne { hero }
            | BattleCommand::StandUp { hero }
            | BattleCommand::DuckBehindCover { hero }
            | BattleCommand::EmergeFromCover { hero }
            | BattleCommand::Ready { hero, .. }
            | BattleCommand::Cock { hero }
            | BattleCommand::WorkObjective { hero, .. }
            | BattleCommand::Steer { hero, .. }
            | BattleCommand::Rein { hero, .. }
            | BattleCommand::Shoot { hero, .. }
            | BattleCommand::Reload { hero }
            | BattleCommand::Series { hero, .. }
            | BattleCommand::ReadyOffHand { hero, .. }
            | BattleCommand::ShootOffHand { hero, .. } => hero,
        }
    }

    /// Skills may be paid over several rounds ("Skills During Action Time").
    pub fn over_rounds(&self) -> bool {
        matches!(
            self,
            BattleCommand::WorkObjective { .. } | BattleCommand::Reload { .. }
        )
    }

    /// What the log calls it.
    pub fn name(&self) -> &'static str {
        match self {
            BattleCommand::Move {
                gait: Gait::Run, ..
            } => "run",
            BattleCommand::Move { .. } => "move",
            BattleCommand::Face { .. } => "turn",
            BattleCommand::DropProne { .. } => "drop prone",
            BattleCommand::StandUp { .. } => "stand up",
            BattleCommand::DuckBehindCover { .. } => "duck behind cover",
            BattleCommand::EmergeFromCover { .. } => "emerge from cover",
            BattleCommand::Ready { .. } => "ready a weapon",
            BattleCommand::Cock { .. } => "cock",
            BattleCommand::WorkObjective { .. } => "work the objective",
            BattleCommand::Steer { .. } => "steer the mount",
            BattleCommand::Rein { .. } => "rein or spur the mount",
            BattleCommand::Shoot {
                kind: ShotKind::Snap,
                ..
            } => "snap shot",
            BattleCommand::Shoot {
                kind: ShotKind::Normal,
                ..
            } => "normal shot",
            BattleCommand::Shoot { .. } => "aimed shot",
            BattleCommand::Reload { .. } => "reload",
            BattleCommand::ReadyOffHand { .. } => "ready a weapon in the off hand",
            BattleCommand::ShootOffHand { .. } => "off-hand shot",
            BattleCommand::Series { fan: true, .. } => "fan firing",
            BattleCommand::Series { .. } => "series of shots",
        }
    }
}

impl CommandOutcome {
    pub fn hero(&self) -> Entity {
        match self {
            CommandOutcome::Declared { hero, .. }
            | CommandOutcome::Committed { hero, .. }
            | CommandOutcome::Moved { hero, .. }
            | CommandOutcome::Faced { hero, .. }
            | CommandOutcome::WentProne { hero, .. }
            | CommandOutcome::StoodUp { hero, .. }
            | CommandOutcome::Ducked { hero, .. }
            | CommandOutcome::Emerged { hero, .. }
            | CommandOutcome::Readied { hero, .. }
            | CommandOutcome::Cocked { hero, .. }
            | CommandOutcome::Worked { hero, .. }
            | CommandOutcome::Steered { hero, .. }
            | CommandOutcome::Reined { hero, .. }
            | CommandOutcome::Shot { hero, .. }
            | CommandOutcome::Reloaded { hero, .. }
            | CommandOutcome::Refused { hero, .. } => *hero,
        }
    }

    /// The outcome in words, for the panel and the log.
    pub fn describe(&self, name: &str) -> String {
        match self {
            CommandOutcome::Declared { what, ap, lost, .. } => {
                let lost = if *lost > 0 {
                    format!(", {lost} AP lost")
                } else {
                    String::new()
                };
                format!("{name} declares: {what} ({ap} AP{lost})")
            }
            CommandOutcome::Committed { what, ap, paid, .. } => {
                format!("{name} declares: {what} ({ap} AP), paying {paid} of {ap} so far")
            }
            CommandOutcome::Moved { path, ap, .. } => {
                format!("{name} moves {} paces ({ap} AP)", path.len())
            }
            CommandOutcome::Faced { facing, ap, .. } => {
                format!("{name} turns to hexside {facing} ({ap} AP)")
            }
            CommandOutcome::WentProne { ap, .. } => format!("{name} drops prone ({ap} AP)"),
            CommandOutcome::StoodUp { ap, .. } => format!("{name} stands up ({ap} AP)"),
            CommandOutcome::Ducked { cover, ap, .. } => {
                format!("{name} ducks behind the {cover} ({ap} AP)")
            }
            CommandOutcome::Emerged { ap, .. } => format!("{name} emerges from cover ({ap} AP)"),
            CommandOutcome::Readied { weapon, ap, .. } => {
                format!("{name} readies the {weapon} ({ap} AP)")
            }
            CommandOutcome::Cocked { weapon, ap, .. } => {
                format!("{name} cocks the {weapon} ({ap} AP)")
            }
            CommandOutcome::Worked {
                objective,
                victories,
                ap,
                ..
            } => format!("{name} works on '{objective}': {victories} victories ({ap} AP)"),
            CommandOutcome::Steered { facing, ap, .. } => {
                format!("{name} steers the mount to hexside {facing} ({ap} AP)")
            }
            CommandOutcome::Reined { speed, ap, .. } => {
                format!("{name} sets the mount's speed to {speed} paces a round ({ap} AP)")
            }
            CommandOutcome::Shot { text, .. } => text.clone(),
            CommandOutcome::Reloaded {
                weapon, rounds, ap, ..
            } => format!("{name} loads the {weapon}: {rounds} rounds ({ap} AP)"),
            CommandOutcome::Refused { reason, .. } => format!("Refused: {reason}"),
        }
    }
}

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
            all.get(&to)
                .map(|plan| plan.cost.total)
                .ok_or_else(|| format!("{name} has no way there"))
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
            super::combat::plan_hand(world, e, target, kind, true).map(|p| p.ap)
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
            super::combat::plan(world, e, target, kind).map(|p| p.ap)
        }
        BattleCommand::Series { shots, fan, .. } => {
            let list: Vec<(Entity, ShotKind)> = shots.iter().flatten().copied().collect();
            super::combat::plan_series(world, e, &list, fan).map(|p| p.ap)
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
            let clear = if w.jammed {
                crate::rules::weapons::CLEAR_JAM_AP
            } else {
                0
            };
            if missing == 0 && clear == 0 {
                return Err(format!("the {} is loaded", w.name));
            }
            Ok(clear + missing * crate::rules::weapons::LOAD_ROUND_AP)
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
fn to_cock(battle: &Battle, weapons: &Weapons) -> Option<(usize, u32)> {
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
        BattleCommand::Move { to, gait, .. } => {
            let occupied = occupied_hexes(world, hero);
            let hero_c = world.get::<Hero>(hero).cloned().expect("priced");
            let (from, facing) = (
                world.get::<HexPos>(hero).expect("priced").0,
                world.get::<Facing>(hero).map_or(0, |f| f.0),
            );
            let battle = world.resource::<Battle>();
            let all = move_options(battle, from, facing, &hero_c, ap, gait, &occupied);
            let plan = all.get(&to).cloned().expect("priced");
            world.get_mut::<HexPos>(hero).expect("priced").0 = to;
            world.get_mut::<Facing>(hero).expect("priced").0 = plan.final_facing;
            let mut moved = world.get_mut::<super::battle::MovedThisRound>(hero);
            if let Some(m) = moved.as_mut() {
                m.0 = Some(match (m.0, gait) {
                    (Some(Gait::Run), _) | (_, Gait::Run) => Gait::Run,
                    _ => Gait::Walk,
                });
            }
            CommandOutcome::Moved {
                hero,
                path: plan.hexes,
                ap,
            }
        }
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
                .insert(super::combat::AppearedThisRound(true));
            CommandOutcome::Ducked { hero, cover, ap }
        }
        BattleCommand::EmergeFromCover { .. } => {
            world.get_mut::<BehindCover>(hero).expect("priced").0 = false;
            world
                .entity_mut(hero)
                .insert(super::combat::AppearedThisRound(true));
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
            super::combat::fire_hand(world, hero, target, kind, true)
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
            super::round::work_objective(world, hero, objective, ap)
        }
        BattleCommand::Steer { facing, .. } => {
            let mount = world.get::<MountedOn>(hero).expect("priced").0;
            world.get_mut::<Facing>(mount).expect("a mount faces").0 = facing;
            CommandOutcome::Steered { hero, facing, ap }
        }
        BattleCommand::Rein { speed, .. } => {
            let mount = world.get::<MountedOn>(hero).expect("priced").0;
            world.get_mut::<Mount>(mount).expect("priced").speed = speed;
            CommandOutcome::Reined { hero, speed, ap }
        }
        BattleCommand::Shoot { target, kind, .. } => super::combat::fire(world, hero, target, kind),
        BattleCommand::Series { shots, fan, .. } => {
            let list: Vec<(Entity, ShotKind)> = shots.iter().flatten().copied().collect();
            match super::combat::plan_series(world, hero, &list, fan) {
                Ok(series) => super::combat::execute(world, hero, series),
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
