//! Tarnation: a hex battle-map game of The West That Wasn't.
//!
//! `rules` is the rulebook as plain Rust; `data` loads the files; `sim` is the headless match
//! (feature `ecs`); `app` is the window (feature `gui`), which drives the match through the
//! same intents as the computer and the tests.

#[cfg(feature = "gui")]
pub mod app;
pub mod cli;
pub mod data;
pub mod editor;
pub mod rules;
#[cfg(feature = "ecs")]
pub mod sim;
