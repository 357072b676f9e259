//! Two bursts that say what a hit did without reading: sparks where a shot or a blow glanced
//! off (cover, a block), and a cloud of dust where a figure fell (knocked out or killed).

use super::{Effect, Fade};
use crate::app::state::Screen;
use bevy::prelude::*;

/// What a shot or blow from `a` at `b` did, seen: sparks where it glanced off (from the cover
/// or the block between), dust where the figure fell.
pub(super) fn after(
    commands: &mut Commands,
    assets: (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    (a, b): (Vec2, Vec2),
    struck: super::words::Struck,
    secs: f32,
) {
    let (meshes, materials) = assets;
    if struck.glanced {
        let sparks_at = b + (a - b).normalize_or_zero() * 16.0;
        spawn_sparks(commands, (meshes, materials), (sparks_at, a), secs);
    }
    if struck.fell {
        spawn_dust(commands, (meshes, materials), b, secs);
    }
}

/// Sparks flying from `at`, away from `from` (where the shot came from), fading.
fn spawn_sparks(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    (at, from): (Vec2, Vec2),
    secs: f32,
) {
    let back = (from - at).normalize_or(Vec2::Y);
    let base = back.y.atan2(back.x);
    for i in 0..7 {
        let angle = base + (i as f32 - 3.0) * 0.38;
        let dir = Vec2::from_angle(angle);
        commands.spawn((
            Mesh2d(meshes.add(Rectangle::new(9.0, 2.0))),
            MeshMaterial2d(materials.add(Color::srgb(1.0, 0.86, 0.35))),
            Transform::from_translation((at + dir * 8.0).extend(6.6))
                .with_rotation(Quat::from_rotation_z(angle)),
            Fade::growing(secs, 2.4),
            Effect::Sparks,
            DespawnOnExit(Screen::Battle),
        ));
    }
}

/// A cloud of dust under a figure that fell, spreading and fading.
fn spawn_dust(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    at: Vec2,
    secs: f32,
) {
    for (dx, dy, r) in [(0.0, -10.0, 18.0), (-14.0, -6.0, 11.0), (14.0, -6.0, 11.0)] {
        commands.spawn((
            Mesh2d(meshes.add(Circle::new(r))),
            MeshMaterial2d(materials.add(Color::srgba(0.78, 0.68, 0.52, 0.8))),
            Transform::from_translation((at + Vec2::new(dx, dy)).extend(2.9)),
            Fade {
                left: secs * 1.5,
                total: secs * 1.5,
                rise: 6.0,
                grow: 2.2,
            },
            Effect::Dust,
            DespawnOnExit(Screen::Battle),
        ));
    }
}
