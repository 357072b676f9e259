//! The window's sizes and palette, in one place.

use bevy::prelude::*;

/// The window at start, and the hero panel on its right.
pub const WINDOW_W: f32 = 1280.0;
pub const WINDOW_H: f32 = 800.0;
pub const PANEL_W: f32 = 330.0;

/// The combat log at the foot of the panel column.
pub const LOG_H: f32 = 215.0;
/// Events of the combat log shown.
pub const LOG_LINES: usize = 11;
/// The width of the track's column in the bottom strip.
pub const TRACK_W: f32 = 500.0;

/// Pixel size of a pointy hex tile.
pub const TILE_W: u32 = 52;
pub const TILE_H: u32 = 60;

/// The colours of the game.
pub mod palette {
    use super::*;

    /// Behind every screen.
    pub const BACKGROUND: Color = Color::srgb(0.16, 0.11, 0.07);
    /// Titles.
    pub const TITLE: Color = Color::srgb(0.96, 0.8, 0.45);
    /// Body text on the menus.
    pub const TEXT: Color = Color::srgb(0.9, 0.85, 0.75);
    /// Key hints on the menus.
    pub const HINT: Color = Color::srgb(0.8, 0.75, 0.65);
    /// Choices in the level select.
    pub const CHOICE: Color = Color::srgb(0.95, 0.9, 0.8);
    /// The hero panel.
    pub const PANEL: Color = Color::srgba(0.12, 0.08, 0.05, 0.92);
    pub const PANEL_TEXT: Color = Color::srgb(0.97, 0.92, 0.82);
    /// The banner over the map.
    pub const BANNER: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
    /// The hot-seat blindfold and the Esc menu.
    pub const BLINDFOLD: Color = Color::srgb(0.08, 0.05, 0.03);
    pub const SHADE: Color = Color::srgba(0.05, 0.03, 0.02, 0.85);
    /// The bottom strip and the combat log.
    pub const STRIP: Color = Color::srgba(0.05, 0.03, 0.02, 0.86);
    pub const STRIP_TEXT: Color = Color::srgb(0.95, 0.9, 0.78);
    pub const LOG_TEXT: Color = Color::srgb(0.92, 0.9, 0.84);
    /// The card table.
    pub const CARD_TITLE: Color = Color::srgb(0.96, 0.84, 0.55);
    pub const CARD_HINT: Color = Color::srgb(0.85, 0.8, 0.7);
    pub const CARD_TEXT: Color = Color::srgb(0.98, 0.95, 0.88);
    /// Map tints: the path, the hexes in reach, the line of fire and the wall that blocks it.
    pub const PATH: Color = Color::srgb(1.0, 0.85, 0.4);
    pub const REACH: Color = Color::srgb(0.8, 1.0, 0.8);
    pub const FIRE_LINE: Color = Color::srgb(1.0, 0.65, 0.45);
    pub const FIRE_BLOCKED: Color = Color::srgb(1.0, 0.3, 0.25);
}
