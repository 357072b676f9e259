//! The ground's lie (issue 24): contour lines along every hexside where the height changes
//! (one line a pace of difference, up to three), and water that moves (ripples drifting back
//! and forth on every water hex). Drawing only: no rule reads it.

use super::MapGeometry;
use super::marks::hexside_ends;
use super::walls::quads_mesh;
use crate::rules::hexmap::{HexMap, offset_of};
use crate::rules::terrain::Terrain;
use bevy::prelude::*;

/// A contour line of the map (for the tests: what the map shows).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContourMark;

/// A ripple on a water hex: where it rests and when in its swing it starts.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Ripple {
    pub rest: Vec2,
    pub phase: f32,
}

/// A hexside where the ground falls: its ends, the unit vector downhill across it, and the
/// paces it falls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fall {
    pub from: Vec2,
    pub to: Vec2,
    pub downhill: Vec2,
    pub paces: i32,
}

const CONTOUR: Color = Color::srgba(0.3, 0.2, 0.1, 0.7);
const RIPPLE: Color = Color::srgba(0.82, 0.92, 1.0, 0.75);
/// How far a ripple swings either way (px) and how long a swing takes (s).
const SWING: f32 = 3.5;
const PERIOD: f32 = 3.0;

/// Every hexside where the ground falls from one hex to its neighbour, each once (from the
/// higher side); walls draw their own edges (`walls`).
pub fn falls(map: &HexMap, geometry: &MapGeometry) -> Vec<Fall> {
    let mut falls = Vec::new();
    for (hex, tile) in map.hexes() {
        if tile.terrain == Terrain::Wall {
            continue;
        }
        for side in 0..6u8 {
            let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize]);
            let Some(low) = map.tile(n) else { continue };
            if low.terrain == Terrain::Wall || low.height >= tile.height {
                continue;
            }
            let (from, to, downhill) = hexside_ends(geometry, hex, side);
            falls.push(Fall {
                from,
                to,
                downhill,
                paces: tile.height - low.height,
            });
        }
    }
    falls
}

/// Spawn the contour lines (one mesh) and the ripples on the water, despawned with the screen.
pub(super) fn spawn_ground(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    map: &HexMap,
    geometry: &MapGeometry,
    screen: crate::app::state::Screen,
) {
    // One line a pace of fall, 3 px apart, on the higher side (up to three).
    let lines: Vec<[Vec2; 4]> = falls(map, geometry)
        .iter()
        .flat_map(|f| {
            (0..f.paces.min(3)).map(move |k| {
                let back = -f.downhill * (1.0 + 3.0 * k as f32);
                let (a, b) = (f.from + back, f.to + back);
                let w = -f.downhill * 1.6;
                [a, b, b + w, a + w]
            })
        })
        .collect();
    if !lines.is_empty() {
        commands.spawn((
            ContourMark,
            Mesh2d(meshes.add(quads_mesh(&lines))),
            MeshMaterial2d(materials.add(CONTOUR)),
            Transform::from_xyz(0.0, 0.0, 0.25),
            DespawnOnExit(screen),
        ));
    }
    let line = meshes.add(Rectangle::new(12.0, 1.5));
    let paint = materials.add(RIPPLE);
    for (hex, tile) in map.hexes() {
        if tile.terrain != Terrain::Water {
            continue;
        }
        let (c, r) = offset_of(hex);
        let at = geometry.center(c, r);
        // Three ripples a hex, staggered, each on its own beat (from where it lies: no two
        // hexes swing together).
        for (k, (x, y)) in [(-6.0, 9.0), (5.0, 0.0), (-3.0, -9.0)]
            .into_iter()
            .enumerate()
        {
            let rest = at + Vec2::new(x, y);
            commands.spawn((
                Ripple {
                    rest,
                    phase: (c * 7 + r * 3 + k as i32 * 5) as f32 * 0.9,
                },
                Mesh2d(line.clone()),
                MeshMaterial2d(paint.clone()),
                Transform::from_translation(rest.extend(0.26)),
                DespawnOnExit(screen),
            ));
        }
    }
}

/// Where a ripple is `t` seconds in: swinging along the water around where it rests.
pub fn ripple_at(ripple: &Ripple, t: f32) -> Vec2 {
    let swing = (t * std::f32::consts::TAU / PERIOD + ripple.phase).sin() * SWING;
    ripple.rest + Vec2::new(swing, 0.0)
}

/// The water moves: each ripple swings gently back and forth.
pub fn move_water(time: Res<Time>, mut ripples: Query<(&Ripple, &mut Transform)>) {
    let t = time.elapsed_secs();
    for (ripple, mut at) in &mut ripples {
        let p = ripple_at(ripple, t);
        at.translation.x = p.x;
        at.translation.y = p.y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::board::walls::tests::{geometry, map};

    #[test]
    fn the_ground_falls_once_a_hexside_from_the_higher_hex() {
        // A hill of 2 in the middle of flat ground: its six sides fall 2 paces, outward; a wall
        // beside a rise draws no contour (the wall draws its edge).
        let m = map(&["...", ".2.", "..."]);
        let f = falls(&m, &geometry(3, 3));
        assert_eq!(f.len(), 6);
        assert!(f.iter().all(|f| f.paces == 2));
        let hill = geometry(3, 3).center(1, 1);
        assert!(
            f.iter()
                .all(|f| ((f.from + f.to) / 2.0 - hill).dot(f.downhill) > 0.0)
        );
        assert!(falls(&map(&["1#"]), &geometry(2, 1)).is_empty());
        assert_eq!(falls(&map(&["31"]), &geometry(2, 1))[0].paces, 2);
    }

    #[test]
    fn a_ripple_swings_around_where_it_rests() {
        let r = Ripple {
            rest: Vec2::new(10.0, 5.0),
            phase: 0.0,
        };
        assert_eq!(ripple_at(&r, 0.0), r.rest);
        let quarter = ripple_at(&r, PERIOD / 4.0);
        assert!((quarter.x - (10.0 + SWING)).abs() < 1e-3 && quarter.y == 5.0);
        for k in 0..40 {
            let p = ripple_at(&r, k as f32 * 0.1);
            assert!(p.distance(r.rest) <= SWING + 1e-3);
        }
    }
}
