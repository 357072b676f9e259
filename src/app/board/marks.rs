//! The marks on the map's figures (issue 24): a hero's token (ring, portrait, facing, weapon
//! in hand, wound and Conc pips, stun ring, initials, tags), cover on the hexsides it covers
//! from, a mount's horse and speed.

use super::MapGeometry;
use crate::app::tokens::TokenIcons;
use crate::rules::hexmap::offset_of;
use crate::sim::model::{
    Battle, BehindCover, Cover, Dominated, Down, Hero, Mount, Prone, Weapons, Wounds,
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

/// Cover as the thing it is, on the hexsides it covers from (`sides`: the vectors toward
/// them): a player sees from where it protects. Worn down (ablation), it is drawn paler.
pub(super) fn cover_marks(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    shared: &mut super::shared::Shared,
    cover: &Cover,
    sides: &[Vec2],
) {
    let (fill, rim) = material_colours(cover.material);
    let worn = cover.av < cover.material.armor_value();
    let fill = if worn {
        Color::Srgba(bevy::color::Mix::mix(
            &fill.to_srgba(),
            &Srgba::gray(0.6),
            0.4,
        ))
    } else {
        fill
    };
    for v in sides {
        cover_bar(
            p,
            (meshes, materials),
            shared,
            *v,
            cover.material,
            (fill, rim),
        );
    }
}

/// The colours of a cover material: (fill, rim).
pub(crate) fn material_colours(material: crate::rules::terrain::Material) -> (Color, Color) {
    use crate::rules::terrain::Material;
    match material {
        Material::Glass => (
            Color::srgba(0.7, 0.9, 1.0, 0.75),
            Color::srgb(0.9, 0.97, 1.0),
        ),
        Material::ThinWood => (Color::srgb(0.78, 0.6, 0.38), Color::srgb(0.45, 0.32, 0.18)),
        Material::Hardwood => (Color::srgb(0.45, 0.27, 0.13), Color::srgb(0.25, 0.14, 0.06)),
        Material::Adobe => (Color::srgb(0.8, 0.5, 0.3), Color::srgb(0.5, 0.3, 0.17)),
        Material::ThinIron => (Color::srgb(0.52, 0.55, 0.58), Color::srgb(0.3, 0.32, 0.35)),
        Material::ThickIron => (Color::srgb(0.3, 0.32, 0.35), Color::srgb(0.12, 0.13, 0.15)),
    }
}

/// One piece of cover along the hexside toward `toward` (the vector to that neighbour's
/// centre), drawn as the thing it is: a window's pane in its frame with a mullion and a glint,
/// planks of thin wood (a crate, a door), a hardwood bar with its polished top, an adobe wall
/// in courses, an iron stove or plate with its rivets; thicker for heavier material.
fn cover_bar(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    shared: &mut super::shared::Shared,
    toward: Vec2,
    material: crate::rules::terrain::Material,
    (fill, rim): (Color, Color),
) {
    use crate::rules::terrain::Material;
    let thick = match material {
        Material::Glass => 4.0,
        Material::ThinWood | Material::ThinIron => 6.0,
        Material::Hardwood | Material::ThickIron => 8.0,
        Material::Adobe => 10.0,
    };
    let dir = toward.normalize_or_zero();
    let angle = dir.y.atan2(dir.x) + std::f32::consts::FRAC_PI_2;
    let mid = toward * 0.4;
    // Local x runs along the hexside, local y across it (toward the neighbour).
    let place =
        Transform::from_translation(mid.extend(0.0)).with_rotation(Quat::from_rotation_z(angle));
    let at = |x: f32, y: f32, z: f32| place * Transform::from_xyz(x, y, z);
    let mut part = |mesh: Mesh, colour: Color, t: Transform| {
        p.spawn((
            Mesh2d(shared.mesh(meshes, mesh)),
            MeshMaterial2d(shared.paint(materials, colour)),
            t,
        ));
    };
    let frame = if material == Material::Glass {
        Color::srgb(0.45, 0.32, 0.18)
    } else {
        rim
    };
    part(
        Rectangle::new(30.0, thick + 2.0).into(),
        frame,
        at(0.0, 0.0, 0.0),
    );
    part(Rectangle::new(28.0, thick).into(), fill, at(0.0, 0.0, 0.1));
    for (mesh, colour, x, y) in cover_details(material, thick, rim) {
        part(mesh, colour, at(x, y, 0.2));
    }
}

/// The marks that tell one material from another on its bar, in the bar's frame: (shape,
/// colour, x along, y across).
fn cover_details(
    material: crate::rules::terrain::Material,
    thick: f32,
    rim: Color,
) -> Vec<(Mesh, Color, f32, f32)> {
    use crate::rules::terrain::Material;
    let rivet = Color::srgb(0.72, 0.74, 0.76);
    match material {
        // The window's mullion across the pane, and a glint.
        Material::Glass => vec![
            (
                Rectangle::new(2.0, thick + 2.0).into(),
                Color::srgb(0.45, 0.32, 0.18),
                0.0,
                0.0,
            ),
            (Rectangle::new(6.0, 1.0).into(), Color::WHITE, -7.0, 0.5),
            (Rectangle::new(3.0, 1.0).into(), Color::WHITE, 8.0, 0.5),
        ],
        // Planks: a seam along the boards, the butt joints, and nails.
        Material::ThinWood => vec![
            (Rectangle::new(28.0, 1.0).into(), rim, 0.0, 0.0),
            (Rectangle::new(1.0, thick).into(), rim, -5.0, 0.0),
            (Rectangle::new(1.0, thick).into(), rim, 9.0, 0.0),
            (Circle::new(0.8).into(), rim, -12.0, 1.5),
            (Circle::new(0.8).into(), rim, 12.0, -1.5),
        ],
        // A bar's polished top along its length and the grain below.
        Material::Hardwood => vec![
            (
                Rectangle::new(28.0, 2.0).into(),
                Color::srgb(0.62, 0.4, 0.2),
                0.0,
                thick / 2.0 - 1.0,
            ),
            (Rectangle::new(20.0, 0.8).into(), rim, -2.0, -1.0),
            (Rectangle::new(12.0, 0.8).into(), rim, 6.0, -2.5),
        ],
        // Adobe laid in courses: a mortar line along and the joints across, staggered.
        Material::Adobe => {
            let mut v = vec![(Rectangle::new(28.0, 1.0).into(), rim, 0.0, 0.0)];
            for x in [-10.0, 0.0, 10.0] {
                v.push((Rectangle::new(1.0, thick / 2.0).into(), rim, x, thick / 4.0));
            }
            for x in [-5.0, 5.0] {
                v.push((
                    Rectangle::new(1.0, thick / 2.0).into(),
                    rim,
                    x,
                    -thick / 4.0,
                ));
            }
            v
        }
        // Iron: rivets along the plate (a stove, a boiler plate).
        Material::ThinIron | Material::ThickIron => [-11.0, -4.0, 4.0, 11.0]
            .into_iter()
            .map(|x| (Circle::new(thick / 6.0).into(), rivet, x, 0.0))
            .collect(),
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
    // One stack, scaled as a whole from its foot above the token (`ReadableLabel`): the tags
    // grow with the zoom without covering each other or the token.
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

/// Where a token's stack of tags stands on it: the foot of the first tag, above the ring.
const TAGS_FOOT: f32 = 23.0;

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
mod tests {
    use super::*;
    use crate::rules::terrain::Material;

    /// Each material's bar is told from the others by its marks (and the two irons by their
    /// thickness): no two pieces of cover look alike.
    #[test]
    fn every_material_is_drawn_as_its_own_thing() {
        let thick = |m: Material| match m {
            Material::Glass => 4.0,
            Material::ThinWood | Material::ThinIron => 6.0,
            Material::Hardwood | Material::ThickIron => 8.0,
            Material::Adobe => 10.0,
        };
        let looks: Vec<String> = Material::ALL
            .iter()
            .map(|&m| {
                let (_, rim) = material_colours(m);
                cover_details(m, thick(m), rim)
                    .iter()
                    .map(|(mesh, colour, x, y)| {
                        format!(
                            "{:?} {colour:?} {x} {y}",
                            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(";")
            })
            .collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!a.is_empty(), "{:?} has marks", Material::ALL[i]);
            for b in &looks[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // The window's mullion crosses its pane; iron shows its rivets.
        assert_eq!(cover_details(Material::Glass, 4.0, Color::WHITE).len(), 3);
        assert_eq!(
            cover_details(Material::ThickIron, 8.0, Color::WHITE).len(),
            4
        );
    }
}
