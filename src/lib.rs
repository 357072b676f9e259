//! Tarnation: a hex battle-map game of The West That Wasn't.

pub mod cli;
pub mod data;
#[cfg(feature = "ecs")]
pub mod game;
pub mod rules;
