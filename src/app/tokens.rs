//! The icons of the map's tokens (issue 24): a hero's portrait, the weapon in its hand, a
//! mount's horse. The PNGs in `assets/icons/` (made by `scripts/icons` from the npm package of
//! game-icons.net, CC BY 3.0, credited in `assets/CREDITS.md`) are built into the program.

use crate::data::portraits::PORTRAITS;
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;

/// The PNG bytes of every portrait, in `PORTRAITS`' order.
const ICONS: [&[u8]; 15] = [
    include_bytes!("../../assets/icons/revolver.png"),
    include_bytes!("../../assets/icons/winchester-rifle.png"),
    include_bytes!("../../assets/icons/shotgun.png"),
    include_bytes!("../../assets/icons/chaingun.png"),
    include_bytes!("../../assets/icons/thrown-knife.png"),
    include_bytes!("../../assets/icons/dynamite.png"),
    include_bytes!("../../assets/icons/bowie-knife.png"),
    include_bytes!("../../assets/icons/whip.png"),
    include_bytes!("../../assets/icons/lasso.png"),
    include_bytes!("../../assets/icons/fist.png"),
    include_bytes!("../../assets/icons/cooking-pot.png"),
    include_bytes!("../../assets/icons/wooden-chair.png"),
    include_bytes!("../../assets/icons/broken-bottle.png"),
    include_bytes!("../../assets/icons/horse-head.png"),
    include_bytes!("../../assets/icons/person.png"),
];

/// The PNG bytes of every thing cover is drawn as (`cover::picture`), by name.
pub const THINGS: [(&str, &[u8]); 20] = [
    (
        "grand-piano",
        include_bytes!("../../assets/icons/grand-piano.png"),
    ),
    (
        "round-table",
        include_bytes!("../../assets/icons/round-table.png"),
    ),
    (
        "old-wagon",
        include_bytes!("../../assets/icons/old-wagon.png"),
    ),
    (
        "mine-wagon",
        include_bytes!("../../assets/icons/mine-wagon.png"),
    ),
    (
        "round-straw-bale",
        include_bytes!("../../assets/icons/round-straw-bale.png"),
    ),
    (
        "old-lantern",
        include_bytes!("../../assets/icons/old-lantern.png"),
    ),
    ("well", include_bytes!("../../assets/icons/well.png")),
    ("rock", include_bytes!("../../assets/icons/rock.png")),
    (
        "wood-pile",
        include_bytes!("../../assets/icons/wood-pile.png"),
    ),
    (
        "wood-beam",
        include_bytes!("../../assets/icons/wood-beam.png"),
    ),
    (
        "wooden-fence",
        include_bytes!("../../assets/icons/wooden-fence.png"),
    ),
    ("window", include_bytes!("../../assets/icons/window.png")),
    ("doorway", include_bytes!("../../assets/icons/doorway.png")),
    ("stairs", include_bytes!("../../assets/icons/stairs.png")),
    (
        "brick-wall",
        include_bytes!("../../assets/icons/brick-wall.png"),
    ),
    (
        "wooden-crate",
        include_bytes!("../../assets/icons/wooden-crate.png"),
    ),
    ("furnace", include_bytes!("../../assets/icons/furnace.png")),
    (
        "metal-plate",
        include_bytes!("../../assets/icons/metal-plate.png"),
    ),
    (
        "beer-stein",
        include_bytes!("../../assets/icons/beer-stein.png"),
    ),
    ("desk", include_bytes!("../../assets/icons/desk.png")),
];

/// The icons as images, by portrait name (and the cover's things, by theirs).
#[derive(Resource, Debug, Clone, Default)]
pub struct TokenIcons(pub Vec<(&'static str, Handle<Image>)>);

impl TokenIcons {
    /// The icon of a portrait name (`person` for an unknown one).
    pub fn get(&self, name: &str) -> Option<Handle<Image>> {
        self.exactly(name).or_else(|| self.exactly("person"))
    }

    /// The icon of exactly that name (a thing cover is drawn as), if there is one.
    pub fn exactly(&self, name: &str) -> Option<Handle<Image>> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, h)| h.clone())
    }
}

/// An icon's PNG as an image.
fn decode(bytes: &[u8]) -> Result<Image, bevy::image::TextureError> {
    Image::from_buffer(
        bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        RenderAssetUsages::default(),
    )
}

/// Decodes the icons once. Without images (a headless test app) the set stays empty and
/// tokens are drawn without icons.
pub struct TokensPlugin;

impl Plugin for TokensPlugin {
    fn build(&self, app: &mut App) {
        let mut icons = TokenIcons::default();
        if let Some(mut images) = app.world_mut().get_resource_mut::<Assets<Image>>() {
            for (name, bytes) in PORTRAITS.iter().copied().zip(ICONS).chain(THINGS) {
                let Ok(image) = decode(bytes) else {
                    continue;
                };
                icons.0.push((name, images.add(image)));
            }
        }
        app.insert_resource(icons);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_decodes() {
        assert_eq!(ICONS.len(), PORTRAITS.len());
        for (name, bytes) in PORTRAITS.iter().zip(ICONS) {
            let image = decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(image.width(), 64, "{name}");
        }
        for (name, bytes) in THINGS {
            let image = decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(image.width(), 64, "{name}");
        }
    }
}
