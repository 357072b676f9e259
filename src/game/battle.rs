//! The battle: a level's heroes, cover and mounts as entities on the hex map, and the commands
//! that move them. Headless: tests drive it without a window.

use crate::data::gear::Gear;
use crate::data::level::{Control, Level};
use crate::rules::card::Location;
use crate::rules::die::Die;
use crate::rules::hexmap::{HexMap, hex_at};
use crate::rules::terrain::Material;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, HashMap};

use super::commands::apply_commands;
pub use super::commands::{BattleCommand, CommandOutcome, move_options};

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
}

/// AP left this round.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApLeft(pub u32);

/// Down on the ground.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prone(pub bool);

/// Damage taken: concussion and wounds per location.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Wounds {
    pub concussion: u32,
    pub by_location: BTreeMap<Location, u32>,
    pub stunned: bool,
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
    pub speed: u32,
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
}

/// Seat commands: pass the declaration on, or confirm a handoff.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatCommand {
    EndDeclaration,
    ConfirmHandoff,
}

/// The declaration passed to a side; `handoff` when the map is hidden for another human.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct DeclarationPassed {
    pub side: usize,
    pub name: String,
    pub handoff: bool,
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
    Seats,
    Commands,
    Victory,
}

pub struct BattlePlugin;

impl Plugin for BattlePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<BattleCommand>()
            .add_message::<CommandOutcome>()
            .add_message::<SeatCommand>()
            .add_message::<DeclarationPassed>()
            .add_message::<BattleOver>()
            .configure_sets(
                Update,
                (
                    BattleSystems::Seats,
                    BattleSystems::Commands,
                    BattleSystems::Victory,
                )
                    .chain(),
            )
            .add_systems(Update, check_victory.in_set(BattleSystems::Victory))
            .add_systems(Update, apply_seat_commands.in_set(BattleSystems::Seats))
            .add_systems(Update, apply_commands.in_set(BattleSystems::Commands));
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
    for h in &level.heroes {
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
                ready: i == 0,
                cocked: false,
                rounds: gear.weapon(w).map_or(0, |g| g.rounds),
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
                },
                HexPos(hex_at(h.at.0, h.at.1)),
                Facing(h.facing),
                Side(side),
                ApLeft(h.ap),
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
    });
    world.insert_resource(Battle { level, map, gear });
}

fn apply_seat_commands(
    mut commands: MessageReader<SeatCommand>,
    mut passed: MessageWriter<DeclarationPassed>,
    battle: Option<Res<Battle>>,
    seat: Option<ResMut<HotSeat>>,
) {
    let (Some(battle), Some(mut seat)) = (battle, seat) else {
        return;
    };
    for command in commands.read() {
        match command {
            SeatCommand::EndDeclaration => {
                let sides = &battle.level.sides;
                let from = seat.active;
                seat.active = (seat.active + 1) % sides.len();
                let to_other_human = sides[seat.active].control == Control::Human
                    && sides[from].control == Control::Human
                    && seat.active != from;
                seat.awaiting_handoff = seat.handoff_screen && to_other_human;
                passed.write(DeclarationPassed {
                    side: seat.active,
                    name: sides[seat.active].name.clone(),
                    handoff: seat.awaiting_handoff,
                });
            }
            SeatCommand::ConfirmHandoff => seat.awaiting_handoff = false,
        }
    }
}

/// "A side down": when the heroes of every side but one are down, that side wins.
fn check_victory(
    mut commands: Commands,
    battle: Option<Res<Battle>>,
    over: Option<Res<BattleOver>>,
    heroes: Query<(&Side, &Down)>,
    mut decided: MessageWriter<BattleOver>,
) {
    let Some(battle) = battle else { return };
    let last_side_standing = crate::data::level::Victory::LastSideStanding;
    if over.is_some() || !battle.level.victory.contains(&last_side_standing) {
        return;
    }
    let standing: Vec<usize> = (0..battle.level.sides.len())
        .filter(|&s| heroes.iter().any(|(side, down)| side.0 == s && !down.0))
        .collect();
    if let [winner] = standing[..] {
        let result = BattleOver {
            winner,
            name: battle.level.sides[winner].name.clone(),
            why: "the last side standing".into(),
        };
        decided.write(result.clone());
        commands.insert_resource(result);
    }
}
