//! The battle: a level's heroes, cover and mounts as entities on the hex map, and the commands
//! that move them. Headless: tests drive it without a window.

use crate::data::gear::Gear;
use crate::data::level::{Control, Level, ObjectiveTask, Victory};
use crate::rules::action_time::ActionTrack;
use crate::rules::card::Location;
use crate::rules::counter::Counter;
use crate::rules::damage::{Body, Fate};
use crate::rules::die::Die;
use crate::rules::hexmap::{HexMap, hex_at};
use crate::rules::movement::Gait;
use crate::rules::terrain::Material;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, HashMap};

pub use super::commands::{BattleCommand, CommandOutcome, move_options};
pub use super::round::{DeclarationPassed, SeatCommand};

/// The battle's map and data.
#[derive(Resource, Debug, Clone)]
pub struct Battle {
    pub level: Level,
    pub map: HexMap,
    pub gear: Gear,
}

/// Where a figure stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexPos(pub Hex);

/// Which hexside a figure faces (0..6).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facing(pub u8);

/// The side a figure belongs to (index into the level's sides).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side(pub usize);

/// A hero or henchman and the numbers the rules need.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Hero {
    pub name: String,
    pub traits: BTreeMap<String, Die>,
    pub skills: BTreeMap<String, u32>,
    pub quickness: u32,
    pub initiative: u32,
    pub ap: u32,
    pub move_paces: u32,
    pub run: u32,
    pub size: u32,
    pub db: i32,
    pub defense: u32,
    /// Its place in the level's list: the order of initiative tests and of ties.
    pub order: usize,
}

/// The hero's action track this round (rules::action_time).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Track(pub ActionTrack);

/// How the hero moved this round, for the ranged-combat rules ("Firer is moving", relative
/// speed): "Characters who use their Run characteristic are considered to have run for the
/// entire round."
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MovedThisRound(pub Option<Gait>);

/// Down on the ground.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prone(pub bool);

/// Damage taken: wounds per body part and concussion (rules::damage), and the stun.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Wounds {
    pub body: Body,
    pub stunned: bool,
    /// What the last hit did: a disabled limb, unconscious, killed.
    pub fate: Option<Fate>,
}

impl Wounds {
    /// The worst wound level, 0 to 5.
    pub fn worst(&self) -> u32 {
        self.body.worst()
    }
}

/// Ducked behind the cover object in the figure's hex.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BehindCover(pub bool);

/// Out of the fight (unconscious, dead or fled): no longer counts for its side.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Down(pub bool);

/// One weapon carried: readied, cocked, rounds loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeaponState {
    pub name: String,
    pub ready: bool,
    pub cocked: bool,
    pub rounds: u32,
    /// Worn in a holster: drawn for 1 AP.
    pub holstered: bool,
    /// Equipment failure: it will not fire until cleared.
    pub jammed: bool,
    /// Held in the off hand ("Two Weapons").
    pub off_hand: bool,
    /// A pistol with every chamber loaded, a round under the hammer.
    pub fully_loaded: bool,
    /// Rel raised by equal results of blocks made with it.
    pub rel_penalty: u32,
}

/// Weapons carried, by gear name. A level starts them loaded, the first one in hand.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Weapons(pub Vec<WeaponState>);

/// A hero riding a mount.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MountedOn(pub Entity);

/// A cover object.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Cover {
    pub name: String,
    pub material: Material,
    /// Armor Value left (ablation lowers it).
    pub av: u32,
    pub covers: Vec<Location>,
    pub from: Vec<u8>,
}

/// A mount, and its rider if any.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Mount {
    pub name: String,
    pub quickness: u32,
    /// Paces this round, spread over the 20 segments (continuous movement).
    pub speed: u32,
    /// The most it makes in a round.
    pub best_speed: u32,
    pub rider: Option<Entity>,
}

/// Whose side is human or computer.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct SideInfo {
    pub index: usize,
    pub name: String,
    pub color: (f32, f32, f32),
    pub control: Control,
}

/// Hot-seat: whose declaration it is, and whether the map is hidden for a handoff.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct HotSeat {
    /// Index of the side whose declaration is next.
    pub active: usize,
    /// The blindfold handoff screen is on.
    pub handoff_screen: bool,
    /// The map is hidden until the next player confirms.
    pub awaiting_handoff: bool,
    /// The human side that declared last (a handoff is due when another human side comes).
    pub last_human: Option<usize>,
}

/// The battle is decided.
#[derive(Resource, Message, Debug, Clone, PartialEq, Eq)]
pub struct BattleOver {
    pub winner: usize,
    pub name: String,
    pub why: String,
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum BattleSystems {
    /// The computer player and the input write commands.
    Intent,
    /// Action time: declarations, segments, resolution (the round plugin).
    Round,
    Victory,
}

pub struct BattlePlugin;

impl Plugin for BattlePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<BattleCommand>()
            .add_message::<CommandOutcome>()
            .add_message::<BattleOver>()
            .add_plugins(super::round::RoundPlugin)
            .configure_sets(
                Update,
                (
                    BattleSystems::Intent,
                    BattleSystems::Round,
                    BattleSystems::Victory,
                )
                    .chain(),
            )
            .add_systems(Update, check_victory.in_set(BattleSystems::Victory));
    }
}

/// Spawn a level's sides, heroes, cover and mounts, and make it the battle.
pub fn spawn_level(world: &mut World, level: Level, gear: Gear) {
    let map = level.hex_map();
    for (index, side) in level.sides.iter().enumerate() {
        world.spawn(SideInfo {
            index,
            name: side.name.clone(),
            color: side.color,
            control: side.control,
        });
    }
    let mut heroes = HashMap::new();
    for (order, h) in level.heroes.iter().enumerate() {
        let side = level
            .sides
            .iter()
            .position(|s| s.name == h.side)
            .unwrap_or(0);
        let weapons = h
            .weapons
            .iter()
            .enumerate()
            .map(|(i, w)| WeaponState {
                name: w.clone(),
                // The first weapon starts in hand, unless it is worn in a holster.
                ready: i == 0 && h.holster.as_ref() != Some(w),
                cocked: false,
                rounds: gear.weapon(w).map_or(0, |g| {
                    crate::rules::weapons::carried_rounds(
                        g.rounds,
                        g.kind == crate::data::gear::WeaponKind::Pistol,
                        h.fully_loaded,
                    )
                }),
                holstered: h.holster.as_ref() == Some(w),
                jammed: false,
                off_hand: false,
                rel_penalty: 0,
                fully_loaded: h.fully_loaded
                    && gear
                        .weapon(w)
                        .is_some_and(|g| g.kind == crate::data::gear::WeaponKind::Pistol),
            })
            .collect();
        let e = world
            .spawn((
                Hero {
                    name: h.name.clone(),
                    traits: h.traits.clone(),
                    skills: h.skills.clone(),
                    quickness: h.quickness,
                    initiative: h.initiative,
                    ap: h.ap,
                    move_paces: h.move_paces,
                    run: h.run,
                    size: h.size,
                    db: h.db,
                    defense: h.defense,
                    order,
                },
                HexPos(hex_at(h.at.0, h.at.1)),
                Facing(h.facing),
                Side(side),
                Track::default(),
                MovedThisRound::default(),
                super::combat::AppearedThisRound::default(),
                super::melee::Dominated::default(),
                super::melee::CloseCombat::default(),
                Prone(false),
                Wounds::default(),
                Weapons(weapons),
                Down(false),
                BehindCover(false),
            ))
            .id();
        heroes.insert(h.name.clone(), e);
    }
    for c in &level.cover {
        world.spawn((
            Cover {
                name: c.name.clone(),
                material: c.material,
                av: c.material.armor_value(),
                covers: c.covers.clone(),
                from: c.from.clone(),
            },
            HexPos(hex_at(c.at.0, c.at.1)),
        ));
    }
    for m in &level.mounts {
        let rider = m.rider.as_ref().and_then(|r| heroes.get(r).copied());
        let mount = world
            .spawn((
                Mount {
                    name: m.name.clone(),
                    quickness: m.quickness,
                    speed: m.speed,
                    best_speed: m.speed,
                    rider,
                },
                HexPos(hex_at(m.at.0, m.at.1)),
                Facing(m.facing),
            ))
            .id();
        if let Some(rider) = rider {
            world.entity_mut(rider).insert(MountedOn(mount));
        }
    }
    let humans = level
        .sides
        .iter()
        .filter(|s| s.control == Control::Human)
        .count();
    world.insert_resource(HotSeat {
        active: 0,
        // On by default when the level hides information; a level may say so either way.
        handoff_screen: level.handoff_screen.unwrap_or(false) && humans > 1,
        awaiting_handoff: false,
        last_human: None,
    });
    let objectives = level
        .victory
        .iter()
        .filter_map(|v| match v {
            Victory::Objective {
                name, victories, ..
            } => Counter::victories(name.clone(), *victories).ok(),
            _ => None,
        })
        .collect();
    world.insert_resource(super::round::Objectives(objectives));
    world.insert_resource(super::round::RoundState::default());
    world
        .get_resource_or_insert_with(super::round::RoundOptions::default)
        .weapon_length = level.weapon_length;
    world.insert_resource(super::log::MatchLog::default());
    world.insert_resource(Battle { level, map, gear });
}

/// Victory: "a side down" (every hero of the other sides down), a Timer counter filled one
/// slot per round, or an Objective's Progress counter filled with victories.
fn check_victory(
    mut commands: Commands,
    battle: Option<Res<Battle>>,
    over: Option<Res<BattleOver>>,
    round: Option<Res<super::round::RoundState>>,
    objectives: Option<Res<super::round::Objectives>>,
    heroes: Query<(&Side, &Down)>,
    mut decided: MessageWriter<BattleOver>,
    log: Option<ResMut<super::log::MatchLog>>,
) {
    let Some(battle) = battle else { return };
    if over.is_some() {
        return;
    }
    let side_named = |name: &str| battle.level.sides.iter().position(|s| s.name == name);
    let mut result = None;
    let mut objective = 0;
    for v in &battle.level.victory {
        let won = match v {
            Victory::LastSideStanding => {
                let standing: Vec<usize> = (0..battle.level.sides.len())
                    .filter(|&s| heroes.iter().any(|(side, down)| side.0 == s && !down.0))
                    .collect();
                match standing[..] {
                    [winner] => Some((winner, "the last side standing".to_string())),
                    _ => None,
                }
            }
            Victory::Timer {
                name,
                rounds,
                winner,
            } => round
                .as_ref()
                .filter(|r| r.completed >= *rounds)
                .and_then(|_| side_named(winner))
                .map(|w| (w, format!("'{name}': {rounds} rounds have passed"))),
            Victory::Objective { name, winner, .. } => {
                let i = objective;
                objective += 1;
                objectives
                    .as_ref()
                    .and_then(|o| o.0.get(i))
                    .filter(|c| c.is_complete())
                    .and_then(|_| side_named(winner))
                    .map(|w| (w, format!("'{name}' is done")))
            }
        };
        if won.is_some() {
            result = won;
            break;
        }
    }
    if let Some((winner, why)) = result {
        let result = BattleOver {
            winner,
            name: battle.level.sides[winner].name.clone(),
            why,
        };
        if let Some(mut log) = log {
            let now = round.as_ref().map_or((0, 0), |r| r.now());
            let mut fields = serde_json::Map::new();
            fields.insert("winner".into(), serde_json::json!(result.name));
            fields.insert("why".into(), serde_json::json!(result.why));
            log.push(
                now,
                None,
                "battle_over",
                format!("{} win: {}", result.name, result.why),
                fields,
            );
        }
        decided.write(result.clone());
        commands.insert_resource(result);
    }
}

/// A hero's place in the level's list: the tie-break for every choice between heroes, so a
/// match does not depend on how the ECS stores them (same seed, same commands, same match).
pub fn level_order(world: &World, e: Entity) -> usize {
    world.get::<Hero>(e).map_or(usize::MAX, |h| h.order)
}

impl Battle {
    /// The `i`th objective of the level and the task that works toward it.
    pub fn objective_task(&self, i: usize) -> Option<(&str, &ObjectiveTask)> {
        self.level
            .victory
            .iter()
            .filter_map(|v| match v {
                Victory::Objective { name, task, .. } => Some((name.as_str(), task.as_ref())),
                _ => None,
            })
            .nth(i)
            .and_then(|(name, task)| task.map(|t| (name, t)))
    }
}
