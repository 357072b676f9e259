//! The frame shown, set on the viewer's world: the figures (a hero who arrived by then
//! brought onto the map, one who had not yet taken off it), the round, the log, the counters,
//! the items, the cover shot down and the objectives, so the board and the battle's own views draw them.

use super::Viewer;
use crate::sim::counters::{ItemState, LevelCounters};
use crate::sim::model::{
    Battle, BehindCover, Committed, Contests, Dominated, Down, Facing, Frame, Hero, HexPos,
    MatchLog, Mount, Objectives, Prone, Roster, RoundState, Track, Weapons, Wounds,
};
use bevy::prelude::*;

/// Set the figures, the round and the log to the frame shown (only what changed, so the board
/// redraws only those figures).
pub(super) fn apply_frame(world: &mut World) {
    let viewer = world.resource::<Viewer>();
    let at = viewer.at;
    if viewer.shown == Some(at) {
        return;
    }
    let Some(frame) = viewer.states.get(at).cloned() else {
        return;
    };
    let events = viewer.events[..at.min(viewer.len())].to_vec();
    world.resource_mut::<Viewer>().shown = Some(at);
    arrivals(world, &frame);
    figures(world, &frame);
    let mut round = world.resource_mut::<RoundState>();
    round.round = frame.round;
    round.segment = frame.segment;
    round.stack = frame.stack.clone();
    round.declaring.clear();
    world.resource_mut::<MatchLog>().events = events;
    counters_and_objectives(world, &frame);
}

/// A hero who had arrived by the frame (a counter brought it) stands on the map; one who had
/// not is taken off it again (a step back from the marshal's arrival).
fn arrivals(world: &mut World, frame: &Frame) {
    let Some(battle) = world.get_resource::<Battle>() else {
        return;
    };
    let (level, gear) = (battle.level.clone(), battle.gear.clone());
    for (order, hero) in level.heroes.iter().enumerate() {
        if hero.arrives.is_none() {
            continue;
        }
        let shown = frame
            .figures
            .iter()
            .find(|f| f.side.is_some() && f.name == hero.name);
        let present = world.resource::<Roster>().0[order];
        match (shown, present == Entity::PLACEHOLDER) {
            (Some(f), true) => {
                let e = crate::sim::setup::spawn_hero(world, &level, &gear, order, f.at);
                world.resource_mut::<Roster>().0[order] = e;
            }
            (None, false) => {
                world.despawn(present);
                world.resource_mut::<Roster>().0[order] = Entity::PLACEHOLDER;
            }
            _ => {}
        }
    }
}

/// Each figure set as the frame has it, found by its name (heroes) or its mount's.
fn figures(world: &mut World, frame: &Frame) {
    let mut heroes = world.query::<(Entity, &Hero)>();
    let heroes: Vec<(String, Entity)> = heroes
        .iter(world)
        .map(|(e, h)| (h.name.clone(), e))
        .collect();
    let mut mounts = world.query::<(Entity, &Mount)>();
    let mounts: Vec<(String, Entity)> = mounts
        .iter(world)
        .map(|(e, m)| (m.name.clone(), e))
        .collect();
    for f in &frame.figures {
        let among = if f.side.is_some() { &heroes } else { &mounts };
        let Some(&(_, e)) = among.iter().find(|(name, _)| *name == f.name) else {
            continue;
        };
        let Ok(mut entity) = world.get_entity_mut(e) else {
            continue;
        };
        set(&mut entity, HexPos(f.at));
        set(&mut entity, Facing(f.facing));
        // Figures stand where they are at once (the battle's glide is not run here): a mount
        // too, with its rider on it.
        entity.remove::<crate::app::board::Placed>();
        if f.side.is_none() {
            // Its speed as it went (a play-test's replay showed the gulch's horses at their
            // first speeds, reined in and halted as they were).
            if let Some(mut mount) = entity.get_mut::<Mount>()
                && mount.speed != f.speed
            {
                mount.speed = f.speed;
            }
            continue;
        }
        set(&mut entity, Prone(f.prone));
        set(&mut entity, BehindCover(f.behind_cover));
        set(&mut entity, Down(f.down));
        set(&mut entity, Track(f.track.clone()));
        set(&mut entity, Dominated(f.dominated));
        set(&mut entity, Weapons(f.weapons.clone()));
        set(
            &mut entity,
            Wounds {
                body: f.body.clone(),
                stunned: f.stunned,
                fate: f.fate,
            },
        );
        match &f.paying {
            Some(action) => set(&mut entity, Committed(action.clone())),
            None => {
                entity.remove::<Committed>();
            }
        }
    }
}

/// The counters' slots, the items (lying, carried, carried out), the cover's Armor Value (a
/// lamp shot out) and the objectives' victories as the frame has them, changed only where they differ (the strip and the marks redraw on
/// a change).
fn counters_and_objectives(world: &mut World, frame: &Frame) {
    let roster = world.resource::<Roster>().0.clone();
    let items: Vec<ItemState> = frame.items.iter().map(|i| i.state(&roster)).collect();
    if let Some(mut counters) = world.get_resource_mut::<LevelCounters>()
        && (counters.counters != frame.counters || counters.items != items)
    {
        counters.counters = frame.counters.clone();
        counters.items = items;
    }
    let covers: Vec<Entity> = world
        .get_resource::<crate::sim::model::Figures>()
        .map_or_else(Vec::new, |f| f.covers.clone());
    for (e, &av) in covers.iter().zip(&frame.cover_av) {
        if let Some(mut cover) = world.get_mut::<crate::sim::model::Cover>(*e)
            && cover.av != av
        {
            cover.av = av;
        }
    }
    if let Some(mut objectives) = world.get_resource_mut::<Objectives>()
        && objectives.0 != frame.objectives
    {
        objectives.0 = frame.objectives.clone();
    }
    if let Some(mut contests) = world.get_resource_mut::<Contests>()
        && contests.0 != frame.contests
    {
        contests.0 = frame.contests.clone();
    }
}

/// Insert a component, or set it when it differs (so `Changed` marks only what changed).
fn set<C: Component<Mutability = bevy::ecs::component::Mutable> + PartialEq>(
    entity: &mut EntityWorldMut,
    value: C,
) {
    match entity.get_mut::<C>() {
        Some(mut c) => {
            if *c != value {
                *c = value;
            }
        }
        None => {
            entity.insert(value);
        }
    }
}
