//! The battle: a level's heroes, cover and mounts as entities on the hex map, and the commands
//! that move them. Headless: tests drive it without a window.

use crate::data::gear::Gear;
use crate::data::level::{Control, Level};
use crate::rules::card::Location;
use crate::rules::die::Die;
use crate::rules::hexmap::{HexMap, MovePlan, hex_at};
use crate::rules::movement::{
    DROP_PRONE_AP, DUCK_BEHIND_COVER_AP, EMERGE_FROM_COVER_AP, Gait, STAND_UP_AP,
    facing_cost_standing, hexsides_between,
};
use crate::rules::terrain::Material;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, HashMap};

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

/// Player intent: the mouse, the keyboard, the computer and tests all send these.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleCommand {
    Move { hero: Entity, to: Hex, gait: Gait },
    Face { hero: Entity, facing: u8 },
    DropProne { hero: Entity },
    StandUp { hero: Entity },
    DuckBehindCover { hero: Entity },
    EmergeFromCover { hero: Entity },
}

/// What came of a command.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
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
    /// Not legal: the reason is for the player to see.
    Refused {
        hero: Entity,
        reason: String,
    },
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

/// The moves a hero can make with the AP left, priced by the Movement AP table.
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

fn apply_commands(
    mut commands: MessageReader<BattleCommand>,
    mut outcomes: MessageWriter<CommandOutcome>,
    battle: Option<Res<Battle>>,
    seat: Option<Res<HotSeat>>,
    sides: Query<&Side>,
    covers: Query<(&Cover, &HexPos), Without<Hero>>,
    mut heroes: HeroQuery,
) {
    let Some(battle) = battle else { return };
    let cover_at: Vec<(Hex, String)> = covers
        .iter()
        .map(|(c, at)| (at.0, c.name.clone()))
        .collect();
    for command in commands.read() {
        let hero = command.hero();
        if let (Some(seat), Ok(side)) = (&seat, sides.get(hero)) {
            if seat.awaiting_handoff {
                outcomes.write(CommandOutcome::Refused {
                    hero,
                    reason: "the map is hidden until the next player takes the seat".into(),
                });
                continue;
            }
            if side.0 != seat.active {
                let name = &battle.level.sides[seat.active].name;
                outcomes.write(CommandOutcome::Refused {
                    hero,
                    reason: format!("it is the declaration of {name}"),
                });
                continue;
            }
        }
        let outcome = apply(&battle, *command, &cover_at, &mut heroes);
        outcomes.write(outcome);
    }
}

impl BattleCommand {
    pub fn hero(&self) -> Entity {
        match *self {
            BattleCommand::Move { hero, .. }
            | BattleCommand::Face { hero, .. }
            | BattleCommand::DropProne { hero }
            | BattleCommand::StandUp { hero }
            | BattleCommand::DuckBehindCover { hero }
            | BattleCommand::EmergeFromCover { hero } => hero,
        }
    }
}

type HeroQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Hero,
        &'static mut HexPos,
        &'static mut Facing,
        &'static mut ApLeft,
        &'static mut Prone,
        &'static mut BehindCover,
    ),
>;

fn apply(
    battle: &Battle,
    command: BattleCommand,
    cover_at: &[(Hex, String)],
    heroes: &mut HeroQuery,
) -> CommandOutcome {
    let hero_entity = command.hero();
    let refuse = |reason: String| CommandOutcome::Refused {
        hero: hero_entity,
        reason,
    };
    let occupied: Vec<Hex> = heroes
        .iter()
        .filter(|h| h.0 != hero_entity)
        .map(|h| h.2.0)
        .collect();
    let Ok((_, hero, mut pos, mut facing, mut ap, mut prone, mut behind)) =
        heroes.get_mut(hero_entity)
    else {
        return refuse("no such hero".into());
    };
    let name = hero.name.clone();
    match command {
        BattleCommand::Move { to, gait, .. } => {
            if prone.0 {
                return refuse(format!(
                    "{name} is prone: stand up first ({STAND_UP_AP} AP)"
                ));
            }
            if behind.0 {
                return refuse(format!(
                    "{name} is behind cover: emerge first ({EMERGE_FROM_COVER_AP} AP)"
                ));
            }
            let Some(tile) = battle.map.tile(to) else {
                return refuse("that hex is off the map".into());
            };
            if !tile.terrain.passable() {
                return refuse(format!("{name} cannot enter a {}", tile.terrain.name()));
            }
            if occupied.contains(&to) {
                return refuse("another figure stands there".into());
            }
            let all = move_options(
                battle,
                pos.0,
                facing.0,
                hero,
                u32::MAX / 1024,
                gait,
                &occupied,
            );
            let Some(plan) = all.get(&to) else {
                return refuse(format!("{name} has no way there"));
            };
            if let Err(why) = pay(&mut ap.0, plan.cost.total, "the move", &name) {
                return refuse(why);
            }
            pos.0 = to;
            facing.0 = plan.final_facing;
            CommandOutcome::Moved {
                hero: hero_entity,
                path: plan.hexes.clone(),
                ap: plan.cost.total,
            }
        }
        BattleCommand::Face { facing: to, .. } => {
            if to > 5 {
                return refuse("facing is a hexside 0 to 5".into());
            }
            let cost = facing_cost_standing(hexsides_between(facing.0, to));
            if let Err(why) = pay(&mut ap.0, cost, "turning", &name) {
                return refuse(why);
            }
            facing.0 = to;
            CommandOutcome::Faced {
                hero: hero_entity,
                facing: to,
                ap: cost,
            }
        }
        BattleCommand::DropProne { .. } => {
            if prone.0 {
                return refuse(format!("{name} is already prone"));
            }
            if let Err(why) = pay(&mut ap.0, DROP_PRONE_AP, "dropping prone", &name) {
                return refuse(why);
            }
            prone.0 = true;
            CommandOutcome::WentProne {
                hero: hero_entity,
                ap: DROP_PRONE_AP,
            }
        }
        BattleCommand::StandUp { .. } => {
            if !prone.0 {
                return refuse(format!("{name} is already standing"));
            }
            if let Err(why) = pay(&mut ap.0, STAND_UP_AP, "standing up", &name) {
                return refuse(why);
            }
            prone.0 = false;
            CommandOutcome::StoodUp {
                hero: hero_entity,
                ap: STAND_UP_AP,
            }
        }
        BattleCommand::DuckBehindCover { .. } => {
            if behind.0 {
                return refuse(format!("{name} is already behind cover"));
            }
            let Some((_, cover)) = cover_at.iter().find(|(at, _)| *at == pos.0) else {
                return refuse(format!("there is no cover in {name}'s hex to duck behind"));
            };
            if let Err(why) = pay(
                &mut ap.0,
                DUCK_BEHIND_COVER_AP,
                "ducking behind cover",
                &name,
            ) {
                return refuse(why);
            }
            behind.0 = true;
            CommandOutcome::Ducked {
                hero: hero_entity,
                cover: cover.clone(),
                ap: DUCK_BEHIND_COVER_AP,
            }
        }
        BattleCommand::EmergeFromCover { .. } => {
            if !behind.0 {
                return refuse(format!("{name} is not behind cover"));
            }
            if let Err(why) = pay(
                &mut ap.0,
                EMERGE_FROM_COVER_AP,
                "emerging from cover",
                &name,
            ) {
                return refuse(why);
            }
            behind.0 = false;
            CommandOutcome::Emerged {
                hero: hero_entity,
                ap: EMERGE_FROM_COVER_AP,
            }
        }
    }
}

/// Spend `cost` AP on `what`, or say why not.
fn pay(ap: &mut u32, cost: u32, what: &str, name: &str) -> Result<(), String> {
    if cost > *ap {
        return Err(format!(
            "not enough AP: {what} costs {cost} AP, {name} has {ap} left"
        ));
    }
    *ap -= cost;
    Ok(())
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
