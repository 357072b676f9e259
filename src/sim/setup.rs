//! A level made into a match: its sides, heroes, cover and mounts spawned as entities, and the
//! per-match resources set up.

use super::intent::HeroId;
use super::model::*;
use crate::data::gear::Gear;
use crate::data::level::{Level, ObjectiveTask, Victory};
use crate::rules::card::Card;
use crate::rules::counter::Counter;
use crate::rules::deck::Deck;
use crate::rules::hexmap::hex_at;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::HashMap;

/// Start a match in this world: the level spawned, a fresh deck shuffled from `seed`, and every
/// per-match resource new (a second match in the same app starts clean).
pub fn start_match(world: &mut World, level: Level, gear: Gear, seed: u64, cards: Vec<Card>) {
    end_match(world);
    world.insert_resource(ActionDeck {
        seed,
        deck: Deck::new(cards, seed),
    });
    world.insert_resource(ChanceMemo::default());
    world.insert_resource(crate::sim::model::MatchId::new(seed));
    spawn_level(world, level, gear);
}

/// End the match in this world: its entities despawned, its resources removed.
pub fn end_match(world: &mut World) {
    let mut q = world.query_filtered::<Entity, With<MatchEntity>>();
    let entities: Vec<Entity> = q.iter(world).collect();
    for e in entities {
        world.despawn(e);
    }
    world.remove_resource::<Battle>();
    world.remove_resource::<BattleOver>();
    world.remove_resource::<Roster>();
    world.remove_resource::<Figures>();
    world.remove_resource::<Objectives>();
    world.remove_resource::<Contests>();
    world.remove_resource::<Script>();
    world.remove_resource::<super::victory::VictoryAtRoundEnd>();
    world.remove_resource::<super::actions::ranged::ThrownAtPointBlank>();
    world.remove_resource::<super::actions::movement::MovesThePriceNow>();
    world.remove_resource::<super::actions::ranged::ScatterBackToTarget>();
    world.remove_resource::<super::journal::LogOfVersion9>();
    world.remove_resource::<super::actions::objectives::AnySideWorks>();
    world.remove_resource::<FlippedCard>();
    world.remove_resource::<PendingBumps>();
    world.remove_resource::<PendingSnap>();
    world.remove_resource::<BonusPools>();
    world.remove_resource::<crate::sim::counters::LevelCounters>();
    world.remove_resource::<crate::sim::counters::CounterNews>();
    world.insert_resource(RoundState::default());
    world.insert_resource(MatchLog::default());
    world.insert_resource(Journal::default());
}

/// Spawn a level's sides, heroes, cover and mounts, and make it the battle.
pub fn spawn_level(world: &mut World, level: Level, gear: Gear) {
    let map = level.hex_map();
    for (index, side) in level.sides.iter().enumerate() {
        world.spawn((
            SideInfo {
                index,
                name: side.name.clone(),
                color: side.color,
                control: side.control,
            },
            MatchEntity,
        ));
    }
    let mut heroes = HashMap::new();
    let mut roster = Vec::new();
    for (order, h) in level.heroes.iter().enumerate() {
        // A hero who waits for a counter is not on the map until it fills (`counters.rs`).
        if h.arrives.is_some() {
            roster.push(Entity::PLACEHOLDER);
            continue;
        }
        let e = spawn_hero(world, &level, &gear, order, hex_at(h.at.0, h.at.1));
        heroes.insert(h.name.clone(), e);
        roster.push(e);
    }
    let figures = spawn_cover_and_mounts(world, &level, &heroes);
    world.insert_resource(figures);
    insert_objectives(world, &level);
    crate::sim::counters::insert(world, &level.counters, &level.items);
    world.insert_resource(RoundState::default());
    crate::sim::bonus::new_session(world);
    set_round_options(world, &level);
    world.insert_resource(MatchLog::default());
    world.insert_resource(Journal::default());
    // Searches of the last match's map answer nothing on this one.
    world.insert_resource(crate::sim::actions::movement::MoveSearches::default());
    world.insert_resource(Roster(roster));
    world.insert_resource(Battle { level, map, gear });
}

/// The `order`th hero of the level as an entity at `at`, with everything a hero of the match
/// has: its numbers, its side, an empty track, its weapons as it carries them.
pub fn spawn_hero(world: &mut World, level: &Level, gear: &Gear, order: usize, at: Hex) -> Entity {
    let h = &level.heroes[order];
    let side = level
        .sides
        .iter()
        .position(|s| s.name == h.side)
        .unwrap_or(0);
    let weapons = weapons_carried(h, gear);
    world
        .spawn((
            Hero {
                name: h.name.clone(),
                traits: std::sync::Arc::new(h.traits.clone()),
                skills: std::sync::Arc::new(h.skills.clone()),
                quickness: h.quickness,
                initiative: h.initiative,
                ap: h.ap,
                move_paces: h.move_paces,
                run: h.run,
                size: h.size,
                db: h.db,
                defense: h.defense,
                order,
                will: h.will,
            },
            PoolChoices::default(),
            HexPos(at),
            Facing(h.facing),
            Side(side),
            (Track::default(), MovedThisRound::default()),
            AppearedThisRound::default(),
            Dominated::default(),
            CloseCombat::default(),
            (Prone(false), Wounds::default(), Weapons(weapons)),
            (
                Down(false),
                BehindCover(false),
                HeroId(order as u32),
                MatchEntity,
            ),
        ))
        .id()
}

/// The weapons a hero of the level carries at the start: the first in hand unless it is worn
/// in a holster (and cocked when the hero stands ready), each loaded as the hero carries it.
fn weapons_carried(h: &crate::data::level::HeroDef, gear: &Gear) -> Vec<WeaponState> {
    h.weapons
        .iter()
        .enumerate()
        .map(|(i, w)| WeaponState {
            name: w.clone(),
            // The first weapon starts in hand, unless it is worn in a holster.
            ready: i == 0 && h.holster.as_ref() != Some(w),
            // A hero who stands ready starts with it cocked (a gun that cocks).
            cocked: i == 0
                && h.cocked
                && h.holster.as_ref() != Some(w)
                && gear.weapon(w).is_some_and(|g| g.cock_ap().is_some()),
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
        .collect()
}

/// The cover and the mounts of the level (riders in the saddle).
fn spawn_cover_and_mounts(
    world: &mut World,
    level: &Level,
    heroes: &HashMap<String, Entity>,
) -> Figures {
    let mut figures = Figures::default();
    for c in &level.cover {
        let cover = world.spawn((
            Cover {
                name: c.name.clone(),
                material: c.material,
                av: c.material.armor_value(),
                covers: c.covers.clone(),
                from: c.from.clone(),
            },
            HexPos(hex_at(c.at.0, c.at.1)),
            MatchEntity,
        ));
        figures.covers.push(cover.id());
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
                MatchEntity,
            ))
            .id();
        figures.mounts.push(mount);
        if let Some(rider) = rider {
            world.entity_mut(rider).insert(MountedOn(mount));
        }
    }
    figures
}

/// The level's objectives and, for a contested one, its contest.
fn insert_objectives(world: &mut World, level: &Level) {
    let objectives = level
        .victory
        .iter()
        .filter_map(|v| match v {
            // One entry for each objective, so that the i-th objective's victories fill the
            // i-th counter; a contest counts them in its `Contest`.
            Victory::Objective {
                name,
                victories,
                rival,
                ..
            } => Some(
                rival
                    .is_none()
                    .then(|| Counter::victories(name.clone(), *victories).ok())
                    .flatten(),
            ),
            _ => None,
        })
        .collect();
    world.insert_resource(Objectives(objectives));
    let contests = level
        .victory
        .iter()
        .filter_map(|v| match v {
            Victory::Objective {
                victories, rival, ..
            } => Some(
                rival
                    .as_ref()
                    .map(|_| crate::rules::contest::Contest::new(*victories)),
            ),
            _ => None,
        })
        .collect();
    world.insert_resource(Contests(contests));
}

/// The round's options as the level sets them: weapon length, the resolution system, the
/// chapter's optional rules.
fn set_round_options(world: &mut World, level: &Level) {
    let mut options = world.get_resource_or_insert_with(RoundOptions::default);
    options.weapon_length = level.weapon_length;
    options.check.system = level.resolution.unwrap_or_default();
    let rules = level.options.unwrap_or_default();
    options.check.exceptional = rules.exceptional;
    options.check.increased_effect = rules.increased_effect;
    options.check.victory_threshold = rules.victory_threshold;
    options.check.card_use = rules.card_use;
    options.rushing = rules.rushing;
    options.total_movement = rules.total_movement;
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
