#![allow(clippy::type_complexity, clippy::too_many_arguments)]
//! The game as Bevy plugins. `deck` is headless (tests run it without a window); `table` is
//! the window.

pub mod ai;
pub mod battle;
pub mod combat;
pub mod commands;
pub mod deck;
#[cfg(feature = "gui")]
pub mod hud;
#[cfg(feature = "gui")]
pub mod input;
pub mod log;
#[cfg(feature = "gui")]
pub mod map_view;
pub mod melee;
pub mod round;
#[cfg(feature = "gui")]
pub mod screens;
pub mod sim;
#[cfg(feature = "gui")]
pub mod table;
#[cfg(feature = "gui")]
pub mod track_view;
#[cfg(feature = "gui")]
pub mod widgets;

#[cfg(feature = "gui")]
pub use table::run;
