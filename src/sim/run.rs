//! The headless match: the game's plugins without a window. `tarnation sim` plays a level
//! with every side computer-controlled; the tests build the same app.

use super::battle::{BattleOver, BattlePlugin, spawn_level};
use super::deck::DeckPlugin;
use super::log::MatchLog;
use super::round::{RoundOptions, RoundState};
use crate::data::gear::Gear;
use crate::data::level::{Control, Level};
use crate::rules::card::Card;
use bevy::prelude::*;

/// The app of a match: the deck, the battle and action time, no rendering.
pub fn headless_app(level: Level, gear: Gear, seed: u64, cards: Vec<Card>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, DeckPlugin { seed, cards }, BattlePlugin));
    spawn_level(app.world_mut(), level, gear);
    app
}

/// Frames without progress after which a match is taken to be stuck.
const STUCK_AFTER: u32 = 10_000;

/// How a simulated match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimEnd {
    Decided(BattleOver),
    /// The round limit was reached first.
    RoundLimit(u32),
}

/// Play `level` to the end (or `rounds` rounds) with every side computer-controlled.
pub fn run(
    mut level: Level,
    gear: Gear,
    seed: u64,
    cards: Vec<Card>,
    rounds: u32,
) -> Result<(SimEnd, MatchLog), String> {
    for side in &mut level.sides {
        side.control = Control::Computer;
    }
    let mut app = headless_app(level, gear, seed, cards);
    app.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(rounds);
    let mut idle = 0;
    let mut last = 0;
    loop {
        app.update();
        let world = app.world();
        if let Some(over) = world.get_resource::<BattleOver>() {
            return Ok((
                SimEnd::Decided(over.clone()),
                world.resource::<MatchLog>().clone(),
            ));
        }
        let completed = world.resource::<RoundState>().completed;
        if completed >= rounds {
            return Ok((
                SimEnd::RoundLimit(completed),
                world.resource::<MatchLog>().clone(),
            ));
        }
        let n = world.resource::<MatchLog>().events.len();
        idle = if n == last { idle + 1 } else { 0 };
        last = n;
        if idle > STUCK_AFTER {
            return Err(format!(
                "the match made no progress for {STUCK_AFTER} frames (round {})",
                world.resource::<RoundState>().round
            ));
        }
    }
}
