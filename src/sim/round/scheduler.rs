//! The scheduler: the intents of the frame, then the round as far as it can go without a
//! human's declaration: initiative steps, segments, the seats asked in turn, resolution.

use super::declare::{accept, ask_computer, end_turn, may_declare, play_script};
use super::phases::{end_round, initiative_step, next_segment, round_ends};
use super::stack::resolve_due;
use crate::rules::shot::BumpSpend;
use crate::sim::intent::Intent;
use crate::sim::model::{BattleOver, Pacing, PendingBumps, RoundOptions, RoundState, Script};
use crate::sim::seats::{self, Seat};
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

/// The one exclusive system of action time: the intents sent since the last frame, then as far
/// as the round can go without a human's declaration (one round at most per frame).
pub fn run_round(world: &mut World, mut intents: Local<MessageCursor<Intent>>) {
    let new: Vec<Intent> = intents
        .read(world.resource::<Messages<Intent>>())
        .cloned()
        .collect();
    if !world.contains_resource::<crate::sim::model::Battle>() {
        return;
    }
    for intent in new {
        let _ = accept(world, intent);
    }
    advance(world);
}

/// Pacing in the window: true when it is time for the next step.
fn paced(world: &mut World) -> bool {
    let delta = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let Some(mut pacing) = world.get_resource_mut::<Pacing>() else {
        return true;
    };
    pacing.waited += delta;
    if pacing.waited >= pacing.delay {
        pacing.waited = 0.0;
        true
    } else {
        false
    }
}

fn over(world: &World) -> bool {
    world.contains_resource::<BattleOver>()
}

/// Run the round until a human must declare, or a round has ended.
pub fn advance(world: &mut World) {
    loop {
        if over(world) {
            return;
        }
        let (round, round_over) = {
            let s = world.resource::<RoundState>();
            (s.round, s.round_over)
        };
        if round_over {
            let limit = world.resource::<RoundOptions>().max_rounds;
            if limit.is_some_and(|l| round >= l) {
                return;
            }
            // One round per frame: the window and the tests see each end of round.
            world.resource_mut::<RoundState>().round_over = false;
            initiative_step(world);
            return;
        }
        if round == 0 {
            initiative_step(world);
            continue;
        }
        // An attack waits for its player's choice (its bumps, or the snap shot).
        if let Some(hero) = crate::sim::query::waiting_choice(world) {
            match seats::seat_of(world, hero) {
                Seat::Script => {
                    if !play_script(world) {
                        return;
                    }
                }
                Seat::Waiting | Seat::Human => return,
                // A computer seat (a side taken over): the Judge's choice, the snap shot made.
                Seat::Computer(_) => {
                    let id = crate::sim::query::hero_id(world, hero);
                    let answer = if world.contains_resource::<PendingBumps>() {
                        Intent::SpendBumps {
                            hero: id,
                            spend: BumpSpend::Judge,
                        }
                    } else {
                        Intent::Snap {
                            hero: id,
                            fire: true,
                        }
                    };
                    let _ = accept(world, answer);
                }
            }
            continue;
        }
        if let Some(front) = world.resource::<RoundState>().declarer() {
            if !may_declare(world, front) {
                end_turn(world);
                continue;
            }
            match seats::seat_of(world, front) {
                Seat::Script => {
                    if !play_script(world) {
                        return;
                    }
                }
                Seat::Waiting | Seat::Human => return,
                Seat::Computer(player) => {
                    if !paced(world) {
                        return;
                    }
                    ask_computer(world, front, player);
                }
            }
            continue;
        }
        // Everyone has declared: with rushing on, those who may rush are asked first.
        if super::rush::open_window(world) {
            continue;
        }
        // The segment's actions resolve (unless a player's choice holds them).
        if !resolve_due(world) {
            continue;
        }
        if over(world) {
            return;
        }
        if round_ends(world) {
            end_round(world);
            return;
        }
        let state = world.resource::<RoundState>();
        if world
            .resource::<RoundOptions>()
            .pause_at
            .is_some_and(|at| (state.round, state.segment) >= at)
        {
            return;
        }
        if !paced(world) {
            return;
        }
        next_segment(world);
    }
}

/// Is a recorded script still being played (a replay or a loaded match)?
pub fn scripted(world: &World) -> bool {
    world
        .get_resource::<Script>()
        .is_some_and(|s| !s.entries.is_empty())
}
