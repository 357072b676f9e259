//! The driver of the round: the intents of the frame, then the round's schedules
//! (`schedule.rs`) as far as the round can go without a human's declaration.

use super::declare::{accept, ask_computer, end_turn, may_declare, play_script};
use super::phases::round_ends;
use super::schedule::{Declarations, Resolution, RoundEnd, RoundFlow, RoundStart, Segment};
use crate::sim::intent::Intent;
use crate::sim::model::{BattleOver, CannotBeMade, Pacing, RoundOptions, RoundState, Script};
use crate::sim::query::hero_id;
use crate::sim::seats::{self, ComputerChoices, Seat};
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

/// Pacing in the window: true when it is time for the next step (`computer`: a step of the
/// computer, which at the step-by-step pace waits for the player's word).
fn paced(world: &mut World, computer: bool) -> bool {
    let delta = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let Some(mut pacing) = world.get_resource_mut::<Pacing>() else {
        return true;
    };
    // The window still shows the last step: the delay counts from its end.
    if pacing.busy {
        pacing.waited = 0.0;
        return false;
    }
    if computer && pacing.by_step {
        let go = pacing.step;
        pacing.step = false;
        pacing.waited = 0.0;
        return go;
    }
    pacing.waited += delta;
    let wait = if computer {
        pacing.declare_delay
    } else {
        pacing.delay
    };
    if pacing.waited >= wait {
        pacing.waited = 0.0;
        true
    } else {
        false
    }
}

fn over(world: &World) -> bool {
    world.contains_resource::<BattleOver>()
}

/// Run the round until a human must declare, or a round has ended: the schedules of
/// `schedule.rs` in the rulebook's order, as far as the round can go without a human. The
/// round's schedules are taken out of the world once for the whole run (as `World::
/// schedule_scope` does for one), then each is run as often as the round needs.
pub fn advance(world: &mut World) {
    let Some(mut round) = RoundSchedules::take(world) else {
        return;
    };
    drive(world, &mut round);
    round.put_back(world);
}

/// The round's five schedules, out of the world while the driver runs them.
struct RoundSchedules {
    start: Schedule,
    segment: Schedule,
    declarations: Schedule,
    resolution: Schedule,
    end: Schedule,
}

impl RoundSchedules {
    fn take(world: &mut World) -> Option<RoundSchedules> {
        let mut all = world.get_resource_mut::<Schedules>()?;
        if ![
            all.contains(RoundStart),
            all.contains(Segment),
            all.contains(Declarations),
            all.contains(Resolution),
            all.contains(RoundEnd),
        ]
        .iter()
        .all(|&c| c)
        {
            return None;
        }
        Some(RoundSchedules {
            start: all.remove_temporarily(RoundStart)?,
            segment: all.remove_temporarily(Segment)?,
            declarations: all.remove_temporarily(Declarations)?,
            resolution: all.remove_temporarily(Resolution)?,
            end: all.remove_temporarily(RoundEnd)?,
        })
    }

    fn put_back(self, world: &mut World) {
        let mut all = world.resource_mut::<Schedules>();
        for schedule in [
            self.start,
            self.segment,
            self.declarations,
            self.resolution,
            self.end,
        ] {
            all.reinsert(schedule);
        }
    }
}

fn drive(world: &mut World, round: &mut RoundSchedules) {
    loop {
        if over(world) {
            return;
        }
        let (count, round_over) = {
            let s = world.resource::<RoundState>();
            (s.round, s.round_over)
        };
        if round_over {
            let limit = world.resource::<RoundOptions>().max_rounds;
            if limit.is_some_and(|l| count >= l) {
                return;
            }
            // One round per frame: the window and the tests see each end of round.
            world.resource_mut::<RoundState>().round_over = false;
            round.start.run(world);
            return;
        }
        if count == 0 {
            round.start.run(world);
            continue;
        }
        // A choice to answer (an attack's bumps, a snap shot) or a declaration to make.
        if crate::sim::query::waiting_choice(world).is_some()
            || world.resource::<RoundState>().declarer().is_some()
        {
            world.resource_mut::<RoundFlow>().halted = false;
            round.declarations.run(world);
            if world.resource::<RoundFlow>().halted {
                return;
            }
            continue;
        }
        // Everyone has declared: the rush window, then what is due (a segment with nothing
        // due and no rush window to open has nothing to resolve).
        if something_to_resolve(world) {
            round.resolution.run(world);
            let flow = *world.resource::<RoundFlow>();
            if flow.rush_opened || flow.held {
                continue;
            }
        }
        if over(world) {
            return;
        }
        if round_ends(world) {
            round.end.run(world);
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
        if !paced(world, false) {
            return;
        }
        round.segment.run(world);
    }
}

/// The segment has actions due, a resolution under way, or (rushing on) a rush window to ask.
fn something_to_resolve(world: &World) -> bool {
    let state = world.resource::<RoundState>();
    !state.due.is_empty() || state.resolving.is_some() || world.resource::<RoundOptions>().rushing
}

/// The `Declarations` schedule's one system: the seat of the waiting choice answers it, or the
/// hero whose declaration it is declares (a hero who may no longer declare passes on). Where
/// a human (or the pace of the window) must answer first, the round halts.
pub(super) fn ask_seat(world: &mut World) {
    let halted = if let Some(hero) = crate::sim::query::waiting_choice(world) {
        !answer_choice(world, hero)
    } else if let Some(front) = world.resource::<RoundState>().declarer() {
        !declare_next(world, front)
    } else {
        false
    };
    world.resource_mut::<RoundFlow>().halted = halted;
}

/// The seat of a hero whose attack waits for a choice answers it. False: nobody may yet.
fn answer_choice(world: &mut World, hero: Entity) -> bool {
    if computer_answer_unrecorded(world, hero) {
        return computer_answers(world, hero);
    }
    match seats::seat_of(world, hero) {
        Seat::Script => play_script(world),
        Seat::Waiting | Seat::Human => false,
        Seat::Computer(_) => computer_answers(world, hero),
    }
}

/// The computer answers the choice its hero's attack waits on, through the same door as a
/// player's answer (so it is kept in the journal).
fn computer_answers(world: &mut World, hero: Entity) -> bool {
    let id = crate::sim::query::hero_id(world, hero);
    let Some(choices) = world.get_resource::<ComputerChoices>().copied() else {
        return false;
    };
    let answer = (choices.answer_choice)(world, id);
    let _ = accept(world, answer);
    true
}

/// A match file of version 4 or older kept no answer of the computer's to a choice its
/// attack raised (the computer chose on the spot then): where a computer hero's choice waits
/// and the recorded script does not answer it next, the computer answers as it did.
fn computer_answer_unrecorded(world: &World, hero: Entity) -> bool {
    let Some(script) = world.get_resource::<Script>() else {
        return false;
    };
    if script.broken.is_some()
        || crate::sim::query::control_of(world, hero) != crate::data::level::Control::Computer
    {
        return false;
    }
    !script.entries.front().is_some_and(|entry| {
        matches!(
            entry.intent,
            Intent::SpendBumps { .. } | Intent::Snap { .. }
        )
    })
}

/// The hero at the front of the declaration order declares, through its seat. False: nobody
/// may yet (a human's turn, a broken script, or the window's pace).
fn declare_next(world: &mut World, front: Entity) -> bool {
    let asked_to_give_up = world.get::<CannotBeMade>(front).is_some();
    if !may_declare(world, front) && !asked_to_give_up {
        end_turn(world);
        return true;
    }
    if asked_to_give_up && !script_answers(world, front) {
        // A match file older than the question (version 5 or before): the hero paid on.
        world.entity_mut(front).remove::<CannotBeMade>();
        end_turn(world);
        return true;
    }
    match seats::seat_of(world, front) {
        Seat::Script => play_script(world),
        Seat::Waiting | Seat::Human => false,
        Seat::Computer(player) => {
            // The question of a commitment that cannot be made is answered without a pause. A
            // hero who passed already this round waits only an empty segment's time: its
            // passes after the first are not said again on the map, and a play-test watched
            // "Pete Perkins declares" for a declaration's time in five segments, nothing shown.
            let computer = !passed_this_round(world, front);
            if !asked_to_give_up && !paced(world, computer) {
                return false;
            }
            ask_computer(world, front, player);
            true
        }
    }
}

/// Whether the hero's last intent this round was a pass or a hold.
fn passed_this_round(world: &World, hero: Entity) -> bool {
    let id = hero_id(world, hero);
    let round = world.resource::<RoundState>().round;
    world
        .get_resource::<crate::sim::model::Journal>()
        .and_then(|j| {
            j.0.iter()
                .rev()
                .take_while(|e| e.round == round)
                .find(|e| e.intent.hero() == id)
        })
        .is_some_and(|e| matches!(e.intent, Intent::Pass { .. } | Intent::Hold { .. }))
}

/// Where a recorded script is played: whether its next intent answers `hero`'s question
/// (decision 134), as a file of version 6 on records the answer, a pass included. True when
/// no script is played.
fn script_answers(world: &World, hero: Entity) -> bool {
    let Some(script) = world.get_resource::<Script>() else {
        return true;
    };
    if script.entries.is_empty() || script.broken.is_some() {
        return true;
    }
    let id = hero_id(world, hero);
    let now = world.resource::<RoundState>().now();
    script.entries.front().is_some_and(|entry| {
        entry.intent.hero() == id
            && (entry.round, entry.segment) == now
            && matches!(
                entry.intent,
                Intent::GiveUp { .. } | Intent::Pass { .. } | Intent::Hold { .. }
            )
    })
}

/// Is a recorded script still being played (a replay or a loaded match)?
pub fn scripted(world: &World) -> bool {
    world
        .get_resource::<Script>()
        .is_some_and(|s| !s.entries.is_empty())
}
