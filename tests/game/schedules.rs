//! The round as schedules (issue 20): each schedule run alone on a headless app, its systems
//! doing the step of the round they are named for, and nothing else.

use super::table::*;
use bevy::prelude::*;
use tarnation::rules::action_time::{SEGMENTS, continuous_paces};
use tarnation::rules::hexmap::hex_at;
use tarnation::sim::model::{HexPos, MatchLog, Mount, RoundState, Track};
use tarnation::sim::round::{RoundEnd, RoundStart, Segment};
use tarnation::sim::run::headless_app;

fn gulch() -> App {
    let (level, gear) = level_file("gulch_chase.ron", |_| {});
    headless_app(level, gear, 2, cards())
}

fn mount_at(app: &mut App, name: &str) -> (Entity, hexx::Hex) {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &Mount, &HexPos)>();
    q.iter(world)
        .find(|(_, m, _)| m.name == name)
        .map(|(e, _, p)| (e, p.0))
        .expect("the mount")
}

fn kinds(app: &App) -> Vec<String> {
    app.world()
        .resource::<MatchLog>()
        .events
        .iter()
        .map(|e| e.kind.clone())
        .collect()
}

/// "divide the total movement into equal (or roughly equal) parts and spread them between the
/// 20 segments": the `Segment` schedule alone (no declaration, no resolution) moves each mount
/// its share in every segment, its rider with it, the whole speed over the round; past the
/// 20th segment no mount moves.
#[test]
fn the_segment_schedule_moves_every_mount_its_share() {
    let mut app = gulch();
    let (_, start) = mount_at(&mut app, "Vaquero's pony");
    assert_eq!(start, hex_at(2, 4));
    for segment in 1..=SEGMENTS {
        let before = mount_at(&mut app, "Vaquero's pony").1;
        app.world_mut().run_schedule(Segment);
        assert_eq!(app.world().resource::<RoundState>().segment, segment);
        let after = mount_at(&mut app, "Vaquero's pony").1;
        assert_eq!(
            before.unsigned_distance_to(after),
            continuous_paces(16, segment),
            "segment {segment}"
        );
    }
    // 16 paces east for the pony (and Chucho's mustang), 14 for the nags, in the 20 segments
    // of a round.
    assert_eq!(mount_at(&mut app, "Vaquero's pony").1, hex_at(18, 4));
    assert_eq!(mount_at(&mut app, "Hank's nags").1, hex_at(22, 3));
    let moves = kinds(&app)
        .iter()
        .filter(|k| *k == "continuous_move")
        .count();
    let expected = (1..=SEGMENTS)
        .map(|s| {
            2 * (continuous_paces(16, s) > 0) as usize + (continuous_paces(14, s) > 0) as usize
        })
        .sum::<usize>();
    assert_eq!(moves, expected);
    // A 21st segment (a paid action finishing past the 20th): nobody moves.
    app.world_mut().run_schedule(Segment);
    assert_eq!(mount_at(&mut app, "Vaquero's pony").1, hex_at(18, 4));
}

/// "Each combat round begins with an initiative step": the `RoundStart` schedule counts the
/// round, logs it, and gives every standing hero a track from a Quickness test, hero by hero.
#[test]
fn the_round_start_schedule_is_the_initiative_step() {
    let mut app = gulch();
    app.world_mut().run_schedule(RoundStart);
    let state = app.world().resource::<RoundState>();
    assert_eq!((state.round, state.segment), (1, 0));
    let kinds = kinds(&app);
    assert_eq!(kinds[0], "round");
    let heroes = app
        .world()
        .resource::<tarnation::sim::model::Roster>()
        .0
        .len();
    assert_eq!(
        kinds[1..].iter().filter(|k| *k == "initiative").count(),
        heroes
    );
    let world = app.world_mut();
    let mut tracks = world.query::<&Track>();
    assert_eq!(tracks.iter(world).count(), heroes);
    assert!(tracks.iter(world).all(|t| t.0.total > 0));
}

/// A round that ends early: the `RoundEnd` schedule has the mounts cover the rest of their
/// movement, then closes the round (unused AP lost, the next step an initiative step).
#[test]
fn the_round_end_schedule_finishes_the_mounts_movement_and_closes_the_round() {
    let mut app = gulch();
    app.world_mut().run_schedule(RoundStart);
    for _ in 0..5 {
        app.world_mut().run_schedule(Segment);
    }
    app.world_mut().run_schedule(RoundEnd);
    assert_eq!(mount_at(&mut app, "Vaquero's pony").1, hex_at(18, 4));
    let state = app.world().resource::<RoundState>();
    assert!(state.round_over);
    assert_eq!(state.completed, 1);
    assert_eq!(kinds(&app).last().map(String::as_str), Some("round_end"));
}

/// Each due action resolves through its rule's system (`actions/resolve.rs`): given a hero's
/// priced plan in `Resolving`, the system of another rule leaves it be, and its own rule's
/// system carries it out alone and leaves the outcome.
#[test]
fn each_rule_s_system_resolves_its_own_plans_alone() {
    use bevy::ecs::system::RunSystemOnce;
    use tarnation::sim::actions::resolve::{Resolving, resolve_movement, resolve_shots};
    use tarnation::sim::actions::{Outcome, price};
    use tarnation::sim::model::Facing;
    use tarnation::sim::{Action, HeroId};
    let (level, gear) = level_file("street_duel.ron", |_| {});
    let mut app = headless_app(level, gear, 2, cards());
    let world = app.world_mut();
    let miranda = tarnation::sim::query::heroes(world)
        .into_iter()
        .find(|&e| tarnation::sim::query::hero_name(world, e) == "Miranda Valentine")
        .expect("Miranda");
    let id = *world.get::<HeroId>(miranda).unwrap();
    let turned_to = (world.get::<Facing>(miranda).unwrap().0 + 1) % 6;
    let plan = price(
        world,
        &Action::Face {
            hero: id,
            facing: turned_to,
        },
    )
    .expect("a turn is priced");
    world.insert_resource(Resolving {
        hero: miranda,
        plan: Some(plan),
        outcome: None,
    });
    world.run_system_once(resolve_shots).unwrap();
    let resolving = world.resource::<Resolving>();
    assert!(resolving.plan.is_some() && resolving.outcome.is_none());
    world.run_system_once(resolve_movement).unwrap();
    let resolving = world.resource::<Resolving>();
    assert!(resolving.plan.is_none());
    assert!(
        resolving
            .outcome
            .as_ref()
            .is_some_and(|o| !matches!(o, Outcome::Refused { .. })),
        "{:?}",
        resolving.outcome
    );
    assert_eq!(world.get::<Facing>(miranda).unwrap().0, turned_to);
}

/// The street duel with the computer on both sides, paced as the window paces it.
fn computer_duel(pacing: tarnation::sim::model::Pacing) -> App {
    use tarnation::data::level::Control;
    let (level, gear) = level_file("street_duel.ron", |level| {
        for side in &mut level.sides {
            side.control = Control::Computer;
        }
    });
    let mut app = headless_app(level, gear, 2, cards());
    app.world_mut().insert_resource(pacing);
    app
}

/// The step-by-step pace (issue 24): each step of the computer waits for the player's word;
/// one word lets one step go (its intent in the journal, with any choice it asks on the spot),
/// and is taken by it.
#[test]
fn at_the_step_by_step_pace_each_computer_step_waits_for_the_player() {
    use tarnation::sim::model::{Journal, Pacing};
    let mut app = computer_duel(Pacing {
        by_step: true,
        ..Pacing::default()
    });
    for _ in 0..5 {
        app.update();
    }
    let journal = |app: &App| app.world().resource::<Journal>().0.len();
    assert_eq!(journal(&app), 0, "no step without the player's word");
    for _ in 0..3 {
        let before = journal(&app);
        app.world_mut().resource_mut::<Pacing>().step = true;
        app.update();
        // The step, with any choice it asks on the spot (the bumps of its hit).
        let after = journal(&app);
        assert!(after > before, "the word lets a step go");
        assert!(!app.world().resource::<Pacing>().step, "the word is taken");
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(journal(&app), after, "one word, one step");
    }
}

/// The computers' duel with a declaration's delay too long to pass: thirty frames on, the
/// first computer's declaration waits, nothing declared yet.
fn waiting_for_the_computer() -> App {
    use tarnation::sim::model::{Journal, Pacing};
    let mut app = computer_duel(Pacing {
        declare_delay: 1.0e6,
        ..Pacing::default()
    });
    for _ in 0..30 {
        app.update();
    }
    assert!(
        app.world().resource::<Journal>().0.is_empty(),
        "no declaration before its delay"
    );
    app
}

/// The computer's declarations wait their own delay (`Pacing::declare_delay`), longer than an
/// empty segment's at the normal pace, so each can be read: with it long and the segments'
/// none, the segments pass up to the first computer's declaration, which waits.
#[test]
fn the_computer_declares_after_its_own_delay() {
    use tarnation::sim::model::{Journal, Pacing};
    let mut app = waiting_for_the_computer();
    let journal = |app: &App| app.world().resource::<Journal>().0.len();
    let now = app.world().resource::<RoundState>().now();
    assert!(now.1 >= 1, "the empty segments went by: {now:?}");
    app.world_mut().resource_mut::<Pacing>().declare_delay = 0.0;
    app.update();
    assert!(journal(&app) > 0, "the delay over, the computer declares");
}

/// A computer's hero that passed already this round is asked again after an empty segment's
/// delay, not a declaration's: its passes after the first are not said on the map (a
/// play-test watched "Pete Perkins declares" for a declaration's time in five segments).
#[test]
fn a_computer_s_hero_that_passed_this_round_is_asked_without_the_declaration_s_delay() {
    use tarnation::sim::Intent;
    use tarnation::sim::model::{Entry, Journal};
    let mut app = waiting_for_the_computer();
    let journal = |app: &App| app.world().resource::<Journal>().0.len();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(journal(&app), 0, "still waiting");
    // The hero asked had passed earlier this round.
    let state = app.world().resource::<RoundState>();
    let (front, (round, segment)) = (state.declarer().expect("a declarer"), state.now());
    let hero = tarnation::sim::query::hero_id(app.world(), front);
    app.world_mut().resource_mut::<Journal>().0.push(Entry {
        round,
        segment,
        seat: 1,
        intent: Intent::Pass { hero },
        reason: None,
    });
    app.update();
    assert!(journal(&app) > 1, "asked at an empty segment's pace");
}

/// The window's pace (issue 24): while the map still shows the last step (`Pacing::busy`: a
/// figure gliding along its path, a shot's tracer), the computer's next declaration and an
/// empty segment wait, frame after frame; once it is shown, the round goes on.
#[test]
fn the_computer_waits_while_the_window_shows_the_last_step() {
    use tarnation::sim::model::Pacing;
    let mut app = computer_duel(Pacing {
        busy: true,
        ..Pacing::default()
    });
    app.update();
    let shown = app.world().resource::<MatchLog>().events.len();
    let now = app.world().resource::<RoundState>().now();
    assert!(kinds(&app).contains(&"initiative".to_string()));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<MatchLog>().events.len(), shown);
    assert_eq!(app.world().resource::<RoundState>().now(), now);
    app.world_mut().resource_mut::<Pacing>().busy = false;
    app.update();
    assert!(app.world().resource::<MatchLog>().events.len() > shown);
    assert!(
        kinds(&app).contains(&"declare".to_string()) || kinds(&app).contains(&"commit".to_string())
    );
}
