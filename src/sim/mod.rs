#![allow(clippy::type_complexity, clippy::too_many_arguments)]
//! The headless match (feature `ecs`): the level's heroes, cover and mounts as entities, action
//! time, the actions, the computer player, the match log and the journal. It never imports the
//! window (`src/app/`); tests and `tarnation sim` run it without one.
//!
//! Layered, each module importing only those above it in this list:
//! `intent` (what a seat can say: plain data) -> `model` (every component and per-match
//! resource) -> `query` (lookups everyone needs) -> `log`, `events` (the typed match events:
//! each kind's words and fields built in one place) -> `deck` (the one RNG, checks) ->
//! `bonus` (the bonus counters) -> `counters` (the level's
//! counters, fed by what happens) -> `setup`, `journal` -> `seats` (who answers for a hero: the
//! actions ask it who makes a choice) -> `actions` (one family per module: pricing and
//! performing side by side) -> `victory` -> `round` (the round's schedules and their driver) ->
//! `ai` (registers itself as a seat and its choices) -> this plugin, `run` (whole matches for
//! the command line) and `saves` (a match in play saved, loaded, taken back).

pub mod actions;
pub mod ai;
pub mod bonus;
pub mod counters;
pub mod deck;
pub mod events;
pub mod intent;
pub mod invariants;
pub mod journal;
pub mod log;
pub mod model;
pub mod query;
pub mod round;
pub mod run;
pub mod saves;
pub mod seats;
pub mod setup;
pub mod victory;

pub use actions::Outcome;
pub use ai::AiPlugin;
pub use deck::DeckPlugin;
pub use intent::{Action, HeroId, Intent, Refusal, Remedy};
pub use run::headless_app;

use bevy::prelude::*;
use model::{BattleOver, Journal, MatchLog, RoundOptions, RoundState};

/// The order of a frame of the match, chained once: intents are sent (the window, tests),
/// action time runs, victory is checked.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum SimSystems {
    /// The window and tests write intents.
    Intent,
    /// Action time: intents accepted, declarations, segments, resolution.
    Round,
    Victory,
}

/// The headless match: its messages, resources and systems. The deck comes from `DeckPlugin`,
/// the computer seat from `AiPlugin`, the battle from `setup::spawn_level`.
pub struct SimPlugin;

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Intent>()
            .add_message::<Outcome>()
            .add_message::<BattleOver>()
            .init_resource::<RoundState>()
            .init_resource::<MatchLog>()
            .init_resource::<Journal>()
            .init_resource::<RoundOptions>()
            .configure_sets(
                Update,
                (SimSystems::Intent, SimSystems::Round, SimSystems::Victory).chain(),
            )
            .add_systems(Update, round::run_round.in_set(SimSystems::Round))
            .add_systems(Update, victory::check_victory.in_set(SimSystems::Victory));
        round::build_schedules(app);
    }
}
