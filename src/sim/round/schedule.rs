//! The round as the rulebook tells it: Bevy schedules named for its parts, each a chain of
//! small systems, one for each step the text names. This file is the whole picture:
//!
//! ```text
//! RoundStart   begin_round -> initiative_tests
//!              "Each combat round begins with an initiative step": a Quickness test a hero
//!              (a stunned hero's recovery check instead), AP tokens placed.
//!
//! Segment      (once for each segment 1..20, and beyond 20 for actions paid past it)
//!              place_tokens -> move_mounts -> feed_counters -> check_victory -> declaration_order
//!              the next segment's token placed on every track (paid actions fall due), every
//!              mount moves its share of its speed ("continuous action movement occurs before
//!              other actions"), the level's counters fed with what happened, the match
//!              decided if a victory holds, the declaration order set (ascending Quickness).
//!
//! Declarations (as many times as the segment has declarations and answers)
//!              ask_seat: a pending choice answered, or the next hero in declaration order
//!              declares; stops the round where a human seat (or the pace) must answer.
//!
//! Resolution   open_rush_window -> stack_due_actions -> resolve_due -> feed_counters
//!              -> check_victory
//!              with rushing on, those who may rush are asked first; the segment's paid
//!              actions ordered by the initiative stack (its cards flipped) when more than one
//!              is due; then each resolves (shots, blows, dominance, wounds, stun); the
//!              counters fed with the declarations, heroes down, entries, shots and reloads;
//!              the match decided the moment a victory holds (decision 135).
//!
//! RoundEnd     mounts_finish_round -> close_tracks -> feed_counters -> feed_each_round
//!              "After the conclusion of the 20th segment, or when the last character has
//!              spent their last AP": the mounts cover the rest of their movement, unpaid
//!              actions lapse, unused AP are lost; the counters fed each round get their points.
//! ```
//!
//! Victory is checked as each segment opens and after its resolution (decision 135: the match
//! is decided the moment a victory holds), and once a frame after the round has gone as far as
//! it can (`SimSystems::Victory`: the round's end). The driver (`scheduler::advance`) runs these schedules in that order as far as the round can
//! go without a human, as bevy's own `FixedMain` is driven, and stops where a seat must answer.
//! Every system here is exclusive and the round is one story: the schedules run on the
//! single-threaded executor, so no thread is woken to run them.

use super::phases;
use super::scheduler;
use super::stack;
use crate::sim::actions::mounts;
use crate::sim::counters;
use crate::sim::victory;
use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// "Each combat round begins with an initiative step."
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoundStart;

/// The opening of a segment: tokens placed, mounts moving, the declaration order.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Segment;

/// One answer asked of a seat: a pending choice, or the next declaration.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Declarations;

/// The segment's paid actions resolve (after the rush window, when rushing is on).
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Resolution;

/// The end of the round.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoundEnd;

/// How the last schedule run left the round: where the driver goes on, or why it stops.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundFlow {
    /// A seat must answer first (a human, a script that no longer fits, or the computer's
    /// pace in the window): the round stops here until the next frame.
    pub halted: bool,
    /// The rush window opened: those who may rush declare before anything resolves.
    pub rush_opened: bool,
    /// The resolution waits for a player's choice (the rest wait in `RoundState::resolving`).
    pub held: bool,
}

/// The round's schedules, each a chain of exclusive systems on the single-threaded executor.
pub(crate) fn build(app: &mut App) {
    app.init_resource::<RoundFlow>();
    add(
        app,
        RoundStart,
        (phases::begin_round, phases::initiative_tests),
    );
    add(
        app,
        Segment,
        (
            phases::place_tokens,
            mounts::move_mounts_their_share,
            counters::feed_counters,
            // Decided the moment a victory holds (decision 135): a mount carrying loot out.
            victory::check_victory.run_if(decided_at_once),
            phases::declaration_order,
        ),
    );
    add(app, Declarations, scheduler::ask_seat);
    add(
        app,
        Resolution,
        (
            stack::open_rush_window,
            stack::stack_due_actions,
            stack::resolve_due,
            // Fed once the segment's resolution is done, not while a choice holds it.
            counters::feed_counters.run_if(resolution_not_held),
            // Decided the moment a victory holds (decision 135), not at the round's end: a
            // counter that fills for one side in segment 5 wins before its foes fall in 20.
            victory::check_victory
                .run_if(resolution_not_held)
                .run_if(decided_at_once),
        ),
    );
    // Each due action of the stack, resolved by its rule's system (`actions/resolve.rs`):
    // moving, postures, weapons, riding, objectives, shots, blows, defences, aid.
    app.add_schedule(crate::sim::actions::resolve::schedule());
    // Each shot of a volley lands through its rules' systems (`actions/ranged/lands.rs`).
    app.add_schedule(crate::sim::actions::ranged::lands::schedule());
    // Each blow of an attack lands through its rules' systems (`actions/melee/lands.rs`).
    app.add_schedule(crate::sim::actions::melee::lands::schedule());
    add(
        app,
        RoundEnd,
        (
            phases::mounts_finish_round,
            phases::close_tracks,
            counters::feed_counters,
            counters::feed_each_round,
        ),
    );
}

/// The match is decided the moment a victory holds (decision 135): not a replay of a file of
/// version 6 or older, decided at the round's end.
fn decided_at_once(late: Option<Res<victory::VictoryAtRoundEnd>>) -> bool {
    late.is_none()
}

/// The segment's resolution is not waiting for a seat's choice.
fn resolution_not_held(flow: Res<RoundFlow>) -> bool {
    !flow.held
}

fn add<M>(
    app: &mut App,
    label: impl ScheduleLabel + Clone,
    systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
) {
    let mut schedule = Schedule::new(label.clone());
    schedule.set_executor(SingleThreadedExecutor::new());
    app.add_schedule(schedule);
    app.add_systems(label, systems.chain());
}
