//! Walls drawn as structures (issue 24): the `#` hexes of a map joined into walls. Wall tiles
//! have no grid rim between them, so a run of them reads as one wall; every hexside where a
//! wall meets open ground gets the wall's dark top edge, and the hexsides facing down the
//! screen get the wall's face and the shadow it casts, so a wall has thickness and its corners
//! join where two faces meet. Drawing only: no rule reads it.

use super::MapGeometry;
use super::marks::hexside_ends;
use crate::rules::hexmap::HexMap;
use crate::rules::terrain::Terrain;
use bevy::prelude::*;

/// A drawn part of the walls (for the tests: what the map shows).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallMark {
    /// The dark line along the top of every hexside where a wall meets the ground.
    Edge,
    /// The wall's face below the hexsides that face down the screen.
    Face,
    /// The shadow the face casts on the ground below it.
    Shadow,
}

/// One hexside where a wall hex meets a hex that is not a wall: its two ends and the unit
/// vector out of the wall, across it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallSide {
    pub from: Vec2,
    pub to: Vec2,
    pub outward: Vec2,
}

impl WallSide {
    /// A face shows on the hexsides that face down the screen (the view is from the south).
    pub fn shows_face(&self) -> bool {
        self.outward.y < -0.25
    }
}

/// How far down the screen a wall's face reaches below its top edge, and its shadow below that.
const FACE: f32 = 9.0;
const SHADOW: f32 = 7.0;
const EDGE: f32 = 2.5;

const EDGE_COLOUR: Color = Color::srgb(0.24, 0.15, 0.09);
const FACE_COLOUR: Color = Color::srgb(0.38, 0.25, 0.17);
const SHADOW_COLOUR: Color = Color::srgba(0.1, 0.06, 0.03, 0.3);

/// Every hexside of the map where a wall meets a hex inside the map that is not a wall.
pub fn wall_sides(map: &HexMap, geometry: &MapGeometry) -> Vec<WallSide> {
    let mut sides = Vec::new();
    for (hex, tile) in map.hexes() {
        if tile.terrain != Terrain::Wall {
            continue;
        }
        for side in 0..6u8 {
            let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize]);
            if map.tile(n).is_none_or(|t| t.terrain == Terrain::Wall) {
                continue;
            }
            let (from, to, outward) = hexside_ends(geometry, hex, side);
            sides.push(WallSide { from, to, outward });
        }
    }
    sides
}

/// Spawn the walls' edges, faces and shadows: one mesh each, over the tiles and under the
/// cover, scenery and figures, despawned with the screen.
pub(super) fn spawn_walls(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    map: &HexMap,
    geometry: &MapGeometry,
    screen: crate::app::state::Screen,
) {
    let sides = wall_sides(map, geometry);
    if sides.is_empty() {
        return;
    }
    let down = Vec2::new(0.0, -1.0);
    let faces: Vec<[Vec2; 4]> = sides
        .iter()
        .filter(|s| s.shows_face())
        .map(|s| [s.from, s.to, s.to + down * FACE, s.from + down * FACE])
        .collect();
    let shadows: Vec<[Vec2; 4]> = sides
        .iter()
        .filter(|s| s.shows_face())
        .map(|s| {
            let (a, b) = (s.from + down * FACE, s.to + down * FACE);
            [a, b, b + down * SHADOW, a + down * SHADOW]
        })
        .collect();
    // The top edge, inside the wall hex (the face hangs below it, outside).
    let edges: Vec<[Vec2; 4]> = sides
        .iter()
        .map(|s| {
            let inward = -s.outward * EDGE;
            [s.from, s.to, s.to + inward, s.from + inward]
        })
        .collect();
    for (mark, quads, colour, z) in [
        (WallMark::Shadow, shadows, SHADOW_COLOUR, 0.3),
        (WallMark::Face, faces, FACE_COLOUR, 0.32),
        (WallMark::Edge, edges, EDGE_COLOUR, 0.34),
    ] {
        commands.spawn((
            mark,
            Mesh2d(meshes.add(quads_mesh(&quads))),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_xyz(0.0, 0.0, z),
            DespawnOnExit(screen),
        ));
    }
}

/// One mesh of quadrilaterals, each given by its corners in order.
pub(super) fn quads_mesh(quads: &[[Vec2; 4]]) -> Mesh {
    let mut positions = Vec::with_capacity(quads.len() * 4);
    let mut indices = Vec::with_capacity(quads.len() * 6);
    for q in quads {
        let base = positions.len() as u32;
        positions.extend(q.iter().map(|p| [p.x, p.y, 0.0]));
        indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    crate::app::board::shared::triangles(positions, indices)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::hexmap::Tile;
    use bevy_ecs_tilemap::prelude::*;

    pub(in crate::app::board) fn geometry(w: u32, h: u32) -> MapGeometry {
        let tile = TilemapTileSize {
            x: crate::app::layout::TILE_W as f32,
            y: crate::app::layout::TILE_H as f32,
        };
        MapGeometry {
            size: TilemapSize { x: w, y: h },
            grid: TilemapGridSize {
                x: tile.x,
                y: tile.y,
            },
            tile,
            kind: if h % 2 == 1 {
                TilemapType::Hexagon(HexCoordSystem::RowOdd)
            } else {
                TilemapType::Hexagon(HexCoordSystem::RowEven)
            },
            anchor: TilemapAnchor::Center,
        }
    }

    /// A map from rows: `#` a wall, `.` open ground, a digit open ground that high.
    pub(in crate::app::board) fn map(rows: &[&str]) -> HexMap {
        let tiles = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| Tile {
                terrain: if c == '#' {
                    Terrain::Wall
                } else {
                    Terrain::Open
                },
                height: c.to_digit(10).map_or(0, |d| d as i32),
            })
            .collect();
        HexMap::new(rows[0].len() as u32, rows.len() as u32, tiles)
    }

    #[test]
    fn a_lone_wall_has_six_sides_and_two_faces_down_the_screen() {
        let m = map(&["...", ".#.", "..."]);
        let sides = wall_sides(&m, &geometry(3, 3));
        assert_eq!(sides.len(), 6);
        assert_eq!(sides.iter().filter(|s| s.shows_face()).count(), 2);
        for s in &sides {
            // Each side is a hexside: as long as the hex's circumradius, 30 px.
            assert!((s.from.distance(s.to) - 30.0).abs() < 0.5, "{s:?}");
        }
    }

    #[test]
    fn two_walls_side_by_side_join_into_one() {
        // No hexside between the two: ten outer sides, and their ends meet at the corners.
        let m = map(&["....", ".##.", "...."]);
        let sides = wall_sides(&m, &geometry(4, 3));
        assert_eq!(sides.len(), 10);
        for s in &sides {
            let joined = |p: Vec2| {
                sides
                    .iter()
                    .filter(|o| o.from.distance(p) < 0.5 || o.to.distance(p) < 0.5)
                    .count()
            };
            assert_eq!(joined(s.from), 2, "{s:?}");
            assert_eq!(joined(s.to), 2, "{s:?}");
        }
    }

    #[test]
    fn the_map_s_edge_draws_no_wall_side() {
        let m = map(&["##", "##"]);
        assert!(wall_sides(&m, &geometry(2, 2)).is_empty());
    }
}
