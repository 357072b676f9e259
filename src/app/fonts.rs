//! The game's type (issue 24): Open Sans for every text (it replaces bevy's default font, so
//! every label uses it), Old Standard TT for titles, DejaVu Sans Mono where columns must line
//! up. The fonts are built into the program from `assets/fonts/` (sources and licences in
//! `assets/CREDITS.md`), so the window needs no asset folder at run time.

use bevy::asset::AssetId;
use bevy::prelude::*;
use bevy::text::FontSource;

/// The text face: replaces bevy's default font (every `TextFont::default()`).
const TEXT: &[u8] = include_bytes!("../../assets/fonts/OpenSans-Regular.ttf");
/// The display face of titles.
const DISPLAY: &[u8] = include_bytes!("../../assets/fonts/OldStandard-Bold.ttf");
/// The monospaced face of what lines up in columns.
const MONO: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// The family names the fonts carry (looked up by name once registered).
pub const DISPLAY_FAMILY: &str = "Old Standard TT";
pub const MONO_FAMILY: &str = "DejaVu Sans Mono";

/// Loads the three faces. Without bevy's text (a headless test app) it does nothing.
pub struct FontsPlugin;

impl Plugin for FontsPlugin {
    fn build(&self, app: &mut App) {
        let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() else {
            return;
        };
        // The default handle is the font of every text that names none.
        let _ = fonts.insert(AssetId::default(), Font::from_bytes(TEXT.to_vec()));
        // Registered by their family names when bevy's text collects the font assets; the
        // handles are kept so the assets stay loaded.
        let display = fonts.add(Font::from_bytes(DISPLAY.to_vec()));
        let mono = fonts.add(Font::from_bytes(MONO.to_vec()));
        app.insert_resource(Faces { display, mono });
    }
}

/// The handles of the display and monospaced faces (kept alive for the window's life).
#[derive(Resource, Debug, Clone)]
pub struct Faces {
    pub display: Handle<Font>,
    pub mono: Handle<Font>,
}

/// A title's font at a size: the display face.
pub fn display(size: f32) -> TextFont {
    TextFont {
        font: FontSource::Family(DISPLAY_FAMILY.into()),
        font_size: FontSize::Px(size),
        ..default()
    }
}

/// Monospaced text at a size (columns that must line up).
pub fn mono(size: f32) -> TextFont {
    TextFont {
        font: FontSource::Family(MONO_FAMILY.into()),
        font_size: FontSize::Px(size),
        ..default()
    }
}
