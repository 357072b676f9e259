//! The marks on the map's figures (issue 24): a hero's token (ring, portrait, facing, weapon
//! in hand, wound and Conc pips, stun ring, initials, tags), cover on the hexsides it covers
//! from, a mount's horse and speed.

use super::MapGeometry;
use crate::app::tokens::TokenIcons;
use crate::rules::hexmap::offset_of;
use crate::sim::model::{
    Battle, BehindCover, Dominated, Down, Hero, Mount, Prone, Weapons, Wounds,
};
use bevy::prelude::*;

/// The ring of a hero's token: a disc, squashed when prone.
pub(super) fn ring(prone: bool) -> Mesh {
    if prone {
        Ellipse::new(23.0, 13.0).into()
    } else {
        Circle::new(19.0).into()
    }
}

/// What a hero's token shows besides its name and facing.
pub(super) struct TokenState {
    pub(super) ring: Color,
    pub(super) prone: bool,
    out: bool,
    stunned: bool,
    /// Wounds over every location, and Conc.
    wounds: u32,
    conc: u32,
    /// Dominance over the hero: 0 none, 1 partial, 2 dominance, 3 full.
    dominance: u32,
    /// Ducked behind cover.
    ducked: bool,
    portrait: Option<Handle<Image>>,
    in_hand: Option<Handle<Image>>,
}

/// The marks on a hero's token: the face with its portrait, the facing wedge, the weapon in
/// hand, the initials under it, wound pips (red) and Conc pips (blue) round the rim, a yellow
/// ring when stunned, and tags for dominance and ducking.
pub(super) fn hero_marks(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    hero: &Hero,
    dir: Vec2,
    state: &TokenState,
) {
    let squash = if state.prone { 0.6 } else { 1.0 };
    // The face: dark leather under the portrait.
    let face: Mesh = if state.prone {
        Ellipse::new(19.0, 10.0).into()
    } else {
        Circle::new(15.5).into()
    };
    p.spawn((
        Mesh2d(meshes.add(face)),
        MeshMaterial2d(materials.add(Color::srgb(0.17, 0.12, 0.08))),
        Transform::from_xyz(0.0, 0.0, 0.2),
    ));
    let ink = if state.out {
        Color::srgb(0.55, 0.55, 0.55)
    } else {
        Color::srgb(0.97, 0.91, 0.78)
    };
    if let Some(image) = &state.portrait {
        p.spawn((
            Sprite {
                image: image.clone(),
                custom_size: Some(Vec2::new(24.0, 24.0 * squash)),
                color: ink,
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.4),
        ));
    }
    // The facing wedge, outside the ring.
    let tip = Triangle2d::new(
        Vec2::new(8.0, 0.0),
        Vec2::new(-3.0, 6.0),
        Vec2::new(-3.0, -6.0),
    );
    p.spawn((
        Mesh2d(meshes.add(tip)),
        MeshMaterial2d(materials.add(ink)),
        Transform::from_translation((Vec2::new(dir.x * 22.0, dir.y * 22.0 * squash)).extend(0.5))
            .with_rotation(Quat::from_rotation_z(dir.y.atan2(dir.x))),
    ));
    // The weapon in hand: a badge at the lower right.
    if let Some(image) = &state.in_hand
        && !state.out
    {
        p.spawn((
            Mesh2d(meshes.add(Circle::new(8.5))),
            MeshMaterial2d(materials.add(Color::srgb(0.1, 0.07, 0.05))),
            Transform::from_xyz(15.0, -13.0 * squash, 0.55),
        ));
        p.spawn((
            Sprite {
                image: image.clone(),
                custom_size: Some(Vec2::splat(13.0)),
                color: Color::srgb(1.0, 0.85, 0.45),
                ..default()
            },
            Transform::from_xyz(15.0, -13.0 * squash, 0.6),
        ));
    }
    if state.stunned {
        p.spawn((
            Mesh2d(meshes.add(Annulus::new(20.0, 23.5))),
            MeshMaterial2d(materials.add(Color::srgb(0.95, 0.85, 0.2))),
            Transform::from_xyz(0.0, 0.0, -0.1).with_scale(Vec3::new(1.0, squash, 1.0)),
        ));
    }
    if !state.out {
        wound_pips(p, (meshes, materials), state);
    }
    initials_plate(p, (meshes, materials), hero, ink, squash);
    token_tags(p, (meshes, materials), state);
}

/// The hero's initials on a dark plate at the token's top left (grown with the zoom), drawn
/// over the Conc pips of the rim (a play-test read "DP" as "D" under seven of them).
fn initials_plate(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    hero: &Hero,
    ink: Color,
    squash: f32,
) {
    let initials: String = hero
        .name
        .split_whitespace()
        .filter_map(|w| w.chars().next())
        .collect();
    p.spawn((
        Mesh2d(meshes.add(Rectangle::new(
            9.0 * initials.chars().count() as f32 + 6.0,
            15.0,
        ))),
        MeshMaterial2d(materials.add(Color::srgba(0.08, 0.05, 0.03, 0.8))),
        Transform::from_xyz(-17.0, 15.0 * squash, 0.72),
        ReadableLabel,
    ));
    p.spawn((
        Text2d::new(initials),
        TextFont {
            font_size: FontSize::Px(14.0),
            ..default()
        },
        TextColor(ink),
        Transform::from_xyz(-17.0, 15.0 * squash, 0.75),
        ReadableLabel,
    ));
}

/// A token's initials (and their dark plate), a mount's speed: drawn larger as the map zooms
/// out, so they stay 14 px on the screen up to `READABLE_LABEL` world units a pixel (the bench
/// level's first view is 1.5: its initials were 9 px).
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct ReadableLabel;

/// The most a token's initials grow as the map zooms out.
pub const READABLE_LABEL: f32 = 1.6;

/// Scale every token's initials by the camera's zoom (1 at 1 world unit a pixel or closer, up
/// to `READABLE_LABEL`), when the zoom changes or new tokens are drawn.
pub fn keep_labels_readable(
    cameras: Query<Ref<Projection>, With<Camera2d>>,
    mut labels: Query<&mut Transform, With<ReadableLabel>>,
    fresh: Query<(), Added<ReadableLabel>>,
) {
    let Some(projection) = cameras.iter().next() else {
        return;
    };
    if !projection.is_changed() && fresh.is_empty() {
        return;
    }
    let Projection::Orthographic(ortho) = &*projection else {
        return;
    };
    let scale = ortho.scale.clamp(1.0, READABLE_LABEL);
    for mut t in &mut labels {
        if t.scale.x != scale {
            t.scale = Vec3::new(scale, scale, 1.0);
        }
    }
}

/// The centre of the neighbour of `hex` across hexside `side` (0..6).
pub(crate) fn hexside_vector(geometry: &MapGeometry, hex: hexx::Hex, side: u8) -> Vec2 {
    let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize % 6]);
    let (nc, nr) = offset_of(n);
    geometry.center(nc, nr)
}

/// The six ways a hexside faces, from the east round by the north.
pub(crate) const COMPASS: [&str; 6] = [
    "east",
    "north-east",
    "north-west",
    "west",
    "south-west",
    "south-east",
];

/// Where a hexside faces on the map, as a player reads it: "east", "north-west", ...
/// (the map's hexes are pointy-topped: their sides face east, west and the four diagonals).
pub(crate) fn compass(geometry: &MapGeometry, side: u8) -> &'static str {
    // A side faces the same way from every hex: read it at the map's middle, whose neighbours
    // are all on the map (the map clamps a hex beyond its edge onto it).
    let middle =
        crate::rules::hexmap::hex_at(geometry.size.x as i32 / 2, geometry.size.y as i32 / 2);
    let v = hexside_vector(geometry, middle, side) - geometry.hex_center(middle);
    let sixth = (v.y.atan2(v.x).to_degrees() / 60.0).round() as i32;
    COMPASS[sixth.rem_euclid(6) as usize]
}

/// The hexsides a cover covers from, in words: "the north-east and east" (in the order of
/// the compass, from the east round by the north), "every side".
pub(crate) fn sides_in_words(geometry: &MapGeometry, sides: &[u8]) -> String {
    let mut named: Vec<&str> = sides.iter().map(|&s| compass(geometry, s)).collect();
    named.sort_by_key(|n| COMPASS.iter().position(|o| o == n));
    named.dedup();
    match named.as_slice() {
        [] => "no side".into(),
        [one] => format!("the {one}"),
        all if all.len() == 6 => "every side".into(),
        [rest @ .., last] => format!("the {} and {last}", rest.join(", ")),
    }
}

/// The hexside of `hex` toward `side` as drawn: its two ends and the unit vector out of `hex`
/// across it. A regular hex's side is as long as its circumradius: half the distance between
/// centres over cos 30°, so half a side is that over sqrt(3).
pub(super) fn hexside_ends(geometry: &MapGeometry, hex: hexx::Hex, side: u8) -> (Vec2, Vec2, Vec2) {
    let at = geometry.hex_center(hex);
    let across = hexside_vector(geometry, hex, side) - at;
    let outward = across.normalize_or_zero();
    let mid = at + across / 2.0;
    let along = outward.perp() * across.length() / 3f32.sqrt() / 2.0;
    (mid - along, mid + along, outward)
}

/// What a hero's token shows: its portrait (the level's, or its first weapon's icon), the
/// weapon in hand, wounds, Conc, stun, dominance, ducking.
pub(super) fn token_state(
    battle: &Battle,
    icons: &TokenIcons,
    hero: &Hero,
    side_colour: Color,
    (prone, down, wounds, dominated, weapons, ducked): (
        Option<&Prone>,
        Option<&Down>,
        Option<&Wounds>,
        Option<&Dominated>,
        Option<&Weapons>,
        Option<&BehindCover>,
    ),
) -> TokenState {
    let prone = prone.is_some_and(|p| p.0);
    let out = down.is_some_and(|d| d.0);
    let portrait = crate::data::portraits::of_level_hero(&battle.level, &hero.name);
    let in_hand = weapons.and_then(|w| w.0.iter().find(|w| w.ready && !w.off_hand));
    TokenState {
        // The ring is the side's colour; grey when out of the fight.
        ring: if out {
            Color::srgb(0.45, 0.45, 0.45)
        } else {
            side_colour
        },
        prone,
        out,
        stunned: wounds.is_some_and(|w| w.stunned) && !out,
        wounds: wounds.map_or(0, |w| w.body.total_wounds()),
        conc: wounds.map_or(0, |w| w.body.conc),
        dominance: if out { 0 } else { dominated.map_or(0, |d| d.0) },
        ducked: ducked.is_some_and(|d| d.0) && !out,
        portrait: icons.get(portrait),
        in_hand: in_hand.and_then(|w| icons.get(crate::data::portraits::for_weapon(&w.name))),
    }
}

/// Wound pips (red) along the lower rim of a token, Conc pips (blue) along the upper: one a
/// point, up to 12 each.
fn wound_pips(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    state: &TokenState,
) {
    let squash = if state.prone { 0.6 } else { 1.0 };
    let mut arc = |n: u32, middle: f32, colour: Color| {
        let mesh = meshes.add(Circle::new(2.6));
        let material = materials.add(colour);
        let n = n.min(12);
        let from = middle - 7.5 * (n as f32 - 1.0);
        for i in 0..n {
            let a = (from + 15.0 * i as f32).to_radians();
            p.spawn((
                Mesh2d(mesh.clone()),
                MeshMaterial2d(material.clone()),
                Transform::from_xyz(a.cos() * 21.5, a.sin() * 21.5 * squash, 0.7),
            ));
        }
    };
    arc(state.wounds, -90.0, Color::srgb(0.9, 0.12, 0.1));
    arc(state.conc, 90.0, Color::srgb(0.35, 0.6, 1.0));
}

/// Tags over a token: dominance over the hero, ducked behind cover.
fn token_tags(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    state: &TokenState,
) {
    let mut tags: Vec<&str> = Vec::new();
    if state.dominance > 0 {
        tags.push(["", "PARTIAL", "DOMINATED", "PINNED"][state.dominance.min(3) as usize]);
    }
    if state.ducked {
        tags.push("DUCKED");
    }
    if tags.is_empty() {
        return;
    }
    // One stack, scaled as a whole from its foot on the token (`ReadableLabel`): the tags grow
    // with the zoom without covering each other.
    p.spawn((
        Transform::from_xyz(0.0, TAGS_FOOT, 0.65),
        Visibility::default(),
        ReadableLabel,
    ))
    .with_children(|stack| {
        for (i, tag) in tags.into_iter().enumerate() {
            let y = 8.0 + 17.0 * i as f32;
            stack.spawn((
                Mesh2d(meshes.add(Rectangle::new(9.0 * tag.len() as f32 + 6.0, 16.0))),
                MeshMaterial2d(materials.add(Color::srgba(0.1, 0.05, 0.0, 0.85))),
                Transform::from_xyz(0.0, y, 0.0),
            ));
            stack.spawn((
                Text2d::new(tag),
                TextFont {
                    font_size: FontSize::Px(14.0),
                    ..default()
                },
                TextColor(Color::srgb(1.0, 0.75, 0.2)),
                Transform::from_xyz(0.0, y, 0.05),
            ));
        }
    });
}

/// Where a token's stack of tags stands on it: the foot of the first tag, on the token's lower
/// half, so the tag is read as its own. Above the ring, a play-test read DOMINATED on Dave's
/// token as Hank's: Hank's ring, up a row beside him, touched the tag.
const TAGS_FOOT: f32 = -14.0;

/// A mount's marks: the horse's head, its facing, its speed this round in paces.
pub(super) fn mount_marks(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    icons: &TokenIcons,
    mount: &Mount,
    dir: Vec2,
) {
    if let Some(image) = icons.get("horse-head") {
        // The head looks where the mount faces (left or right).
        p.spawn((
            Sprite {
                image,
                custom_size: Some(Vec2::splat(22.0)),
                color: Color::srgb(0.95, 0.85, 0.7),
                flip_x: dir.x < 0.0,
                ..default()
            },
            Transform::from_xyz(dir.x.signum() * 30.0, 2.0, 0.3),
        ));
    }
    let tip = Triangle2d::new(
        Vec2::new(7.0, 0.0),
        Vec2::new(-3.0, 5.0),
        Vec2::new(-3.0, -5.0),
    );
    p.spawn((
        Mesh2d(meshes.add(tip)),
        MeshMaterial2d(materials.add(Color::srgb(0.95, 0.85, 0.7))),
        Transform::from_translation((Vec2::new(dir.x * 44.0, dir.y * 17.0)).extend(0.3))
            .with_rotation(Quat::from_rotation_z(dir.y.atan2(dir.x))),
    ));
    p.spawn((
        Text2d::new(mount.speed.to_string()),
        TextFont {
            font_size: FontSize::Px(14.0),
            ..default()
        },
        TextColor(Color::srgb(1.0, 0.92, 0.7)),
        // Below the rider's ring, on the side away from the head (beside it, the ring hid
        // half of "14").
        Transform::from_xyz(-dir.x.signum() * 24.0, -31.0, 0.35),
        ReadableLabel,
    ));
}

#[cfg(test)]
mod compass_tests {
    use super::*;

    /// The six hexsides face the six ways of a pointy-topped hex, each once, opposite sides
    /// opposite ways, and each the way its neighbour lies from a hex of either row parity; a
    /// cover's sides read in words, from the east round by the north.
    #[test]
    fn a_hexside_is_named_by_where_it_faces() {
        let g = super::super::walls::tests::geometry(8, 7);
        let mut names: Vec<&str> = (0..6).map(|s| compass(&g, s)).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 6, "{names:?}");
        let way = |n: &str| {
            let k = COMPASS.iter().position(|o| *o == n).unwrap();
            Vec2::from_angle((k as f32 * 60.0).to_radians())
        };
        for s in 0..6u8 {
            assert!(way(compass(&g, s)).dot(-way(compass(&g, (s + 3) % 6))) > 0.99);
            for (c, r) in [(3, 2), (3, 3), (4, 4)] {
                let hex = crate::rules::hexmap::hex_at(c, r);
                let toward = (hexside_vector(&g, hex, s) - g.hex_center(hex)).normalize();
                assert!(toward.dot(way(compass(&g, s))) > 0.99, "{c},{r} side {s}");
            }
        }
        let east = (0..6u8).find(|&s| compass(&g, s) == "east").unwrap();
        let ne = (0..6u8).find(|&s| compass(&g, s) == "north-east").unwrap();
        let w = (0..6u8).find(|&s| compass(&g, s) == "west").unwrap();
        assert_eq!(sides_in_words(&g, &[ne, east]), "the east and north-east");
        assert_eq!(sides_in_words(&g, &[w]), "the west");
        assert_eq!(
            sides_in_words(&g, &[w, ne, east]),
            "the east, north-east and west"
        );
        assert_eq!(sides_in_words(&g, &[0, 1, 2, 3, 4, 5]), "every side");
    }
}
