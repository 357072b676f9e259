//! Tarnation: a hex battle-map game of The West That Wasn't.

pub mod cli;
pub mod data;
pub mod rules;
