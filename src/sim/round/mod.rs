//! Action time as a schedule: the initiative step, segments 1 to 20 (and beyond for paid
//! actions), declarations in ascending Quickness, the initiative stack, continuous movement
//! of mounts, and the end of the round. The rules are in `rules::action_time`; this plugin
//! only drives them and records every event in the match log.

mod checks;
mod declare;
mod phases;
mod resolve;

pub use checks::*;
pub use declare::*;
use phases::*;
pub use resolve::*;

use crate::data::level::Control;
use crate::game::ai;
use crate::game::battle::{Battle, BattleOver, Hero, HotSeat};
use crate::game::commands::BattleCommand;
use crate::game::log::MatchLog;
use crate::rules::check::CheckOptions;
use crate::rules::counter::Counter;
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use serde_json::{Map, Value};
use std::collections::VecDeque;

/// Where the round stands.
#[derive(Resource, Debug, Clone, Default)]
pub struct RoundState {
    /// 0 before the first initiative step.
    pub round: u32,
    /// 0 in the initiative step; 21 and on beyond segment 20.
    pub segment: u32,
    /// Heroes still to declare in this segment, in ascending Quickness.
    pub declaring: VecDeque<Entity>,
    /// Actions fully paid that resolve at the end of this segment.
    pub due: Vec<BattleCommand>,
    /// The last initiative stack, for the window.
    pub stack: Vec<StackLine>,
    /// The round is over; the next step is an initiative step.
    pub round_over: bool,
    /// Rounds fully played.
    pub completed: u32,
}

impl RoundState {
    pub fn now(&self) -> (u32, u32) {
        (self.round, self.segment)
    }

    /// The hero whose declaration it is.
    pub fn declarer(&self) -> Option<Entity> {
        self.declaring.front().copied()
    }
}

/// One line of an initiative stack: who, the card flipped, its Fragment, the bonus.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StackLine {
    pub actor: String,
    pub action: String,
    pub card: u8,
    pub fragment: u32,
    pub bonus: i32,
    pub total: i32,
}

/// An action being paid token by token.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Committed(pub BattleCommand);

/// AP a hero spends from the pool for the initiative stack (up to its Quick Draw level).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StackSpend(pub u32);

/// The match's options.
#[derive(Resource, Debug, Clone, Default)]
pub struct RoundOptions {
    /// Stop after this many rounds (`tarnation sim --rounds`).
    pub max_rounds: Option<u32>,
    /// Pause when this (round, segment) is reached (`tarnation play --until`).
    pub pause_at: Option<(u32, u32)>,
    pub check: CheckOptions,
    /// "Optional Rule: Weapon Length" (a level switches it on).
    pub weapon_length: bool,
}

/// In the window: wait this long between computer declarations and empty segments, so a
/// player can follow the track. Absent headless.
#[derive(Resource, Debug, Clone)]
pub struct Pacing {
    pub delay: f32,
    pub waited: f32,
}

/// Progress counters of the level's objectives (victories from complex checks).
#[derive(Resource, Debug, Clone, Default)]
pub struct Objectives(pub Vec<Counter>);

/// Seat commands: pass the declaration, or confirm a handoff.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatCommand {
    /// The declaring hero declares nothing (more) this segment.
    EndDeclaration,
    /// The declaring hero declares nothing more this round (its tokens are lost at its end).
    HoldRound,
    ConfirmHandoff,
}

/// A hero holding its declarations until the next round.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holding;

/// The declaration passed to another side; `handoff` when the map is hidden for another human.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct DeclarationPassed {
    pub side: usize,
    pub name: String,
    pub handoff: bool,
}

pub struct RoundPlugin;

impl Plugin for RoundPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RoundState>()
            .init_resource::<MatchLog>()
            .init_resource::<RoundOptions>()
            .add_message::<SeatCommand>()
            .add_message::<DeclarationPassed>()
            .add_systems(
                Update,
                run_round.in_set(crate::game::battle::BattleSystems::Round),
            );
    }
}

/// The one exclusive system of action time: commands, passes, then as far as the round can go
/// without a human's declaration (one round at most per frame).
pub(super) fn run_round(
    world: &mut World,
    mut commands: Local<MessageCursor<BattleCommand>>,
    mut seats: Local<MessageCursor<SeatCommand>>,
) {
    let new: Vec<BattleCommand> = commands
        .read(world.resource::<Messages<BattleCommand>>())
        .copied()
        .collect();
    let passes: Vec<SeatCommand> = seats
        .read(world.resource::<Messages<SeatCommand>>())
        .copied()
        .collect();
    if !world.contains_resource::<Battle>() {
        return;
    }
    for command in new {
        handle_command(world, command);
    }
    for pass in passes {
        match pass {
            SeatCommand::ConfirmHandoff => {
                if let Some(mut seat) = world.get_resource_mut::<HotSeat>() {
                    seat.awaiting_handoff = false;
                }
            }
            SeatCommand::EndDeclaration => {
                if world.resource::<HotSeat>().awaiting_handoff {
                    continue;
                }
                pass_declaration(world);
            }
            SeatCommand::HoldRound => {
                if world.resource::<HotSeat>().awaiting_handoff {
                    continue;
                }
                if let Some(hero) = world.resource::<RoundState>().declarer() {
                    world.entity_mut(hero).insert(Holding);
                    let name = name_of(world, hero);
                    log(
                        world,
                        Some(hero),
                        "hold",
                        format!("{name} holds: no more declarations this round"),
                        fields(&[]),
                    );
                }
                pass_declaration(world);
            }
        }
    }
    advance(world);
}

pub(super) use crate::game::log::{hero_name as name_of, log_event as log};

pub(super) fn fields(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// Pacing in the window: true when it is time for the next step.
pub(super) fn paced(world: &mut World) -> bool {
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

pub(super) fn over(world: &World) -> bool {
    world.contains_resource::<BattleOver>()
}

/// Run the round until a human must declare, or a round has ended.
pub(super) fn advance(world: &mut World) {
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
        if let Some(front) = world.resource::<RoundState>().declarer() {
            if !may_declare(world, front) {
                end_turn(world);
                continue;
            }
            set_seat(world, front);
            if world.resource::<HotSeat>().awaiting_handoff {
                return;
            }
            match control_of(world, front) {
                Control::Human => return,
                Control::Computer => {
                    if !paced(world) {
                        return;
                    }
                    match ai::decide(world, front) {
                        Some(command) => {
                            handle_command(world, command);
                            // A refused command (it should not happen) is a pass.
                            if world.resource::<RoundState>().declarer() == Some(front) {
                                end_turn(world);
                            }
                        }
                        None => end_turn(world),
                    }
                    continue;
                }
            }
        }
        // Everyone has declared: the segment's actions resolve.
        resolve_due(world);
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

/// The heroes in level order.
pub(super) fn heroes(world: &mut World) -> Vec<Entity> {
    let mut q = world.query::<(Entity, &Hero)>();
    let mut list: Vec<(Entity, usize)> = q.iter(world).map(|(e, h)| (e, h.order)).collect();
    list.sort_by_key(|h| h.1);
    list.into_iter().map(|h| h.0).collect()
}
