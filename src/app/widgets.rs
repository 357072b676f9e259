//! Small UI pieces every screen uses.

use bevy::prelude::*;

/// A line of UI text in the game's font at a size and colour.
pub fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}
