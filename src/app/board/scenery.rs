//! What a map draws that no rule reads (a level's `scenery`, issue 24): a roof over a
//! building's floor, doors in its walls, the planks of a boardwalk, hitching rails, water
//! troughs and barrels, drawn in code, under the figures.

use super::MapGeometry;
use super::marks::hexside_vector;
use crate::data::level::{Scenery, SceneryDef};
use crate::rules::hexmap::hex_at;
use bevy::prelude::*;

/// A drawn thing of the level's scenery (for the tests: what the map shows).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SceneryMark(pub Scenery);

/// The colours of the scenery.
const PLANK: Color = Color::srgb(0.55, 0.38, 0.22);
const PLANK_GAP: Color = Color::srgb(0.33, 0.21, 0.11);
const ROOF: Color = Color::srgba(0.62, 0.26, 0.16, 0.45);
const RIDGE: Color = Color::srgba(0.32, 0.1, 0.05, 0.7);
const DOOR: Color = Color::srgb(0.42, 0.25, 0.12);
const BRASS: Color = Color::srgb(0.9, 0.75, 0.3);
const RAIL: Color = Color::srgb(0.36, 0.24, 0.13);
const WATER: Color = Color::srgb(0.3, 0.55, 0.8);
const HOOP: Color = Color::srgb(0.25, 0.25, 0.27);

/// Spawn every thing of the level's scenery at its hex (and hexside), each despawned with the
/// screen it was drawn on.
pub(super) fn spawn_scenery(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    geometry: &MapGeometry,
    scenery: &[SceneryDef],
    screen: crate::app::state::Screen,
) {
    let mut shared = super::shared::Shared::default();
    for thing in scenery {
        let (c, r) = thing.at;
        let at = geometry.center(c, r);
        let toward = thing
            .side
            .map(|s| hexside_vector(geometry, hex_at(c, r), s) - at)
            .unwrap_or(Vec2::ZERO);
        let z = match thing.kind {
            Scenery::Boardwalk => 0.4,
            Scenery::Roof => 1.2,
            _ => 1.6,
        };
        let parent = commands
            .spawn((
                SceneryMark(thing.kind),
                Transform::from_translation(at.extend(z)),
                Visibility::default(),
                DespawnOnExit(screen),
            ))
            .id();
        let mut part = |mesh: Mesh, color: Color, t: Transform| {
            let mesh = shared.mesh(meshes, mesh);
            let material = shared.paint(materials, color);
            commands.spawn((Mesh2d(mesh), MeshMaterial2d(material), t, ChildOf(parent)));
        };
        draw(&mut part, thing.kind, toward);
    }
}

/// The parts of one thing: meshes, colours and places relative to its hex's centre (`toward`:
/// the vector to the neighbour across its hexside, zero for a thing on the hex).
pub(super) fn draw(part: &mut impl FnMut(Mesh, Color, Transform), kind: Scenery, toward: Vec2) {
    let along = |offset: f32, z: f32| {
        let dir = toward.normalize_or_zero();
        let angle = dir.y.atan2(dir.x) + std::f32::consts::FRAC_PI_2;
        Transform::from_translation((toward * offset).extend(z))
            .with_rotation(Quat::from_rotation_z(angle))
    };
    let at = |x: f32, y: f32, z: f32| Transform::from_xyz(x, y, z);
    match kind {
        Scenery::Boardwalk => {
            part(
                RegularPolygon::new(29.0, 6).into(),
                PLANK,
                at(0.0, 0.0, 0.0),
            );
            for y in [-14.0, -5.0, 4.0, 13.0] {
                part(Rectangle::new(44.0, 1.5).into(), PLANK_GAP, at(0.0, y, 0.1));
            }
        }
        // A roof seen from above: its courses of shingles run on from one roof hex to the
        // next (`roof_courses`), so a building's roof reads as one roof, not as hexes.
        Scenery::Roof => {
            part(RegularPolygon::new(30.0, 6).into(), ROOF, at(0.0, 0.0, 0.0));
            for (y, width) in roof_courses() {
                part(Rectangle::new(width, 1.5).into(), RIDGE, at(0.0, y, 0.1));
            }
        }
        Scenery::Door => {
            part(Rectangle::new(22.0, 7.0).into(), DOOR, along(0.45, 0.0));
            let knob = along(0.45, 0.1).transform_point(Vec3::new(7.0, 0.0, 0.0));
            part(
                Circle::new(2.0).into(),
                BRASS,
                Transform::from_translation(knob),
            );
        }
        Scenery::HitchingRail => {
            part(Rectangle::new(30.0, 3.0).into(), RAIL, along(0.3, 0.0));
            for x in [-14.0, 14.0] {
                let post = along(0.3, 0.1).transform_point(Vec3::new(x, 0.0, 0.0));
                part(
                    Rectangle::new(5.0, 5.0).into(),
                    RAIL,
                    Transform::from_translation(post),
                );
            }
        }
        Scenery::Trough => {
            part(Rectangle::new(34.0, 16.0).into(), RAIL, at(0.0, 0.0, 0.0));
            part(Rectangle::new(29.0, 10.0).into(), WATER, at(0.0, 0.0, 0.1));
        }
        Scenery::Barrel => {
            part(Circle::new(10.0).into(), HOOP, at(0.0, 0.0, 0.0));
            part(Circle::new(8.5).into(), PLANK, at(0.0, 0.0, 0.1));
            part(Annulus::new(4.0, 5.0).into(), HOOP, at(0.0, 0.0, 0.2));
        }
    }
}

/// A course of shingles every 7.5 px down a roof hex, none on its rim: a row of hexes is 45 px
/// down (six courses), so the courses of neighbouring roof hexes meet. Each is the hex's chord
/// at its height (a pointy hex 60 px high and 52 wide): (height, width).
pub(super) fn roof_courses() -> Vec<(f32, f32)> {
    const COURSE: f32 = 7.5;
    const HALF_H: f32 = 30.0;
    const HALF_W: f32 = 26.0;
    (0..8)
        .map(|k| -HALF_H + COURSE / 2.0 + COURSE * k as f32)
        .map(|y: f32| {
            let slope = ((HALF_H - y.abs()) / (HALF_H / 2.0)).min(1.0);
            (y, 2.0 * HALF_W * slope)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The courses of a roof hex and of its neighbour on the next row (26 px across, 45 down)
    /// fall on the same lines, and each course spans the hex at its height.
    #[test]
    fn roof_courses_run_on_from_hex_to_hex() {
        let courses = roof_courses();
        assert_eq!(courses.len(), 8);
        for &(y, width) in &courses {
            let below = y - 45.0;
            let on_a_line = courses.iter().any(|&(o, _)| (o - below).abs() < 1e-4) || below < -30.0;
            assert!(on_a_line, "{y} has no course 45 px down");
            // Within the hex: a full chord across the middle, narrowing to the points.
            assert!(width > 0.0 && width <= 52.0, "{y}: {width}");
            let expected = if y.abs() <= 15.0 {
                52.0
            } else {
                52.0 * (30.0 - y.abs()) / 15.0
            };
            assert!(
                (width - expected).abs() < 1e-3,
                "{y}: {width} against {expected}"
            );
        }
    }
}
