//! The battle map in the window: terrain tiles on bevy_ecs_tilemap (a tileset made at start,
//! one tile per terrain), figures in side colours with a facing mark, and the hero panel.

use super::input::{CameraFit, MapRect, first_view, fit_camera};
use super::layout::{Palette, TILE_H, TILE_W};
use super::state::{Screen, ScreenSystems};
use crate::rules::hexmap::offset_of;
use crate::rules::terrain::Terrain;
use crate::sim::model::{
    Battle, Cover, Dominated, Down, Facing, Hero, HexPos, Mount, Prone, Side, SideInfo, Wounds,
};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;

pub struct BoardPlugin;

/// The map's systems in a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum BoardSystems {
    Figures,
}

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        // The replay viewer shows its match on the same map.
        app.add_systems(
            OnEnter(Screen::Battle),
            spawn_map.after(ScreenSystems::LoadBattle),
        )
        .add_systems(
            OnEnter(Screen::Replay),
            spawn_map.after(ScreenSystems::LoadBattle),
        )
        .add_systems(
            Update,
            (refresh_figures, place_figures, first_draw)
                .chain()
                .in_set(BoardSystems::Figures)
                .after(crate::sim::SimSystems::Round)
                .run_if(
                    in_state(Screen::Battle)
                        .or_else(in_state(Screen::Replay))
                        .and_then(resource_exists::<Battle>),
                ),
        );
    }
}

fn terrain_color(t: Terrain) -> [u8; 3] {
    match t {
        Terrain::Open => [196, 164, 110],
        Terrain::Rough => [160, 128, 84],
        Terrain::GentleGrade => [176, 150, 96],
        Terrain::SteepGrade => [140, 104, 70],
        Terrain::Water => [70, 120, 170],
        Terrain::Wall => [70, 52, 40],
        Terrain::Ladder => [150, 110, 60],
        Terrain::Stairs => [170, 140, 100],
        Terrain::CliffFace => [110, 84, 66],
    }
}

/// One row of pointy hexes, one per terrain, with a dark rim and a pattern per terrain.
fn tileset() -> Image {
    let n = Terrain::ALL.len() as u32;
    let (w, h) = (TILE_W * n, TILE_H);
    let mut data = vec![0u8; (w * h * 4) as usize];
    let (cx, cy) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
    let r = TILE_H as f32 / 2.0;
    for (i, t) in Terrain::ALL.iter().enumerate() {
        let base = terrain_color(*t);
        for y in 0..TILE_H {
            for x in 0..TILE_W {
                let (dx, dy) = ((x as f32 + 0.5 - cx).abs(), (y as f32 + 0.5 - cy).abs());
                // Inside a pointy hex of circumradius r: |dx| <= r*sqrt(3)/2 and the slanted edges.
                let inner = r * 3f32.sqrt() / 2.0;
                let edge = dx / inner.max(1.0) * 0.5 + dy / r;
                if dx > inner || edge > 1.0 {
                    continue;
                }
                let rim = dx > inner - 2.0 || edge > 0.95;
                let stripe = match t {
                    Terrain::Rough => (x * 7 + y * 3) % 11 == 0,
                    Terrain::GentleGrade => (x + y) % 12 < 2,
                    Terrain::SteepGrade => (x + y) % 6 < 2,
                    Terrain::Water => (y % 8) < 2 && (x + y / 8 * 3) % 10 < 6,
                    Terrain::Wall => (y % 10 == 0) || ((x + (y / 10) * 6) % 12 == 0),
                    Terrain::Ladder => x % 14 == 7 || y % 9 == 0,
                    Terrain::Stairs => y % 8 < 2,
                    Terrain::CliffFace => (x * 3 + y) % 9 < 2,
                    Terrain::Open => false,
                };
                let shade = |c: u8, f: f32| ((c as f32) * f).min(255.0) as u8;
                let f = if rim {
                    0.55
                } else if stripe {
                    0.8
                } else {
                    1.0
                };
                let p = (((y * w) + i as u32 * TILE_W + x) * 4) as usize;
                data[p..p + 4].copy_from_slice(&[
                    shade(base[0], f),
                    shade(base[1], f),
                    shade(base[2], f),
                    255,
                ]);
            }
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// The tilemap's geometry, to place figures on hexes.
#[derive(Resource, Clone, Copy)]
pub struct MapGeometry {
    size: TilemapSize,
    grid: TilemapGridSize,
    tile: TilemapTileSize,
    kind: TilemapType,
    anchor: TilemapAnchor,
}

/// The tile of the level file's (column, row): rows count down in the file and up in the
/// tilemap. Off-map rows and columns are clamped to the edge.
pub fn tile_pos(map_height: u32, col: i32, row: i32) -> TilePos {
    TilePos {
        x: col.max(0) as u32,
        y: (map_height as i32 - 1 - row).max(0) as u32,
    }
}

/// The hex of a tile: the inverse of [`tile_pos`].
pub fn hex_of(map_height: u32, tile: TilePos) -> hexx::Hex {
    crate::rules::hexmap::hex_at(tile.x as i32, map_height as i32 - 1 - tile.y as i32)
}

impl MapGeometry {
    /// World position of the hex at (column, row) of the level file.
    pub fn center(&self, col: i32, row: i32) -> Vec2 {
        tile_pos(self.size.y, col, row).center_in_world(
            &self.size,
            &self.grid,
            &self.tile,
            &self.kind,
            &self.anchor,
        )
    }

    /// The hex a tile shows.
    pub fn hex_of(&self, tile: TilePos) -> hexx::Hex {
        hex_of(self.size.y, tile)
    }
}

fn spawn_map(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    battle: Res<Battle>,
    mut images: ResMut<Assets<Image>>,
    rect: Res<MapRect>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let map = &battle.map;
    let size = TilemapSize {
        x: map.width,
        y: map.height,
    };
    // Rows count down in the level file and up in the tilemap: odd file rows are shoved right,
    // which is RowOdd when the flip keeps parity (odd height) and RowEven when it swaps it.
    let kind = if map.height % 2 == 1 {
        TilemapType::Hexagon(HexCoordSystem::RowOdd)
    } else {
        TilemapType::Hexagon(HexCoordSystem::RowEven)
    };
    let tile = TilemapTileSize {
        x: TILE_W as f32,
        y: TILE_H as f32,
    };
    let grid = TilemapGridSize {
        x: TILE_W as f32,
        y: TILE_H as f32,
    };
    let anchor = TilemapAnchor::Center;
    let mut storage = TileStorage::empty(size);
    let tilemap = commands.spawn_empty().id();
    for (hex, t) in map.hexes() {
        let (c, r) = offset_of(hex);
        let position = tile_pos(map.height, c, r);
        let index = Terrain::ALL
            .iter()
            .position(|x| *x == t.terrain)
            .unwrap_or(0) as u32;
        let id = commands
            .spawn(TileBundle {
                position,
                tilemap_id: TilemapId(tilemap),
                texture_index: TileTextureIndex(index),
                ..default()
            })
            .insert(DespawnOnExit(*screen.get()))
            .id();
        storage.set(&position, id);
    }
    commands.entity(tilemap).insert((
        DespawnOnExit(*screen.get()),
        TilemapBundle {
            grid_size: grid,
            size,
            storage,
            texture: TilemapTexture::Single(images.add(tileset())),
            tile_size: tile,
            map_type: kind,
            anchor,
            ..default()
        },
    ));
    let geometry = MapGeometry {
        size,
        grid,
        tile,
        kind,
        anchor,
    };
    let fit = first_fit(&battle, &geometry, &rect);
    let (scale, camera) = first_view(&rect.0, &fit);
    commands.insert_resource(fit);
    let projection = Projection::from(OrthographicProjection {
        scale,
        ..OrthographicProjection::default_2d()
    });
    let at = Transform::from_translation(camera.extend(0.0));
    if cameras.is_empty() {
        commands.spawn((Camera2d, projection.clone(), at));
    }
    for (mut t, mut p) in &mut cameras {
        *p = projection.clone();
        *t = at;
    }
    commands.insert_resource(geometry);
}

#[derive(Component)]
struct FigureMark;

/// Where a figure belongs on the map now; its `Transform` glides there (`anim`).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Goal(pub Vec3);

/// A figure that has been drawn (it glides from then on).
#[derive(Component, Debug, Clone, Copy)]
pub struct Placed;

/// A figure drawn for the first time stands at its goal at once.
fn first_draw(mut commands: Commands, figures: Query<(Entity, &Goal), Without<Placed>>) {
    for (e, goal) in &figures {
        commands
            .entity(e)
            .insert((Transform::from_translation(goal.0), Placed));
    }
}

fn place_figures(
    mut commands: Commands,
    geometry: Option<Res<MapGeometry>>,
    figures: Query<
        (
            Entity,
            &HexPos,
            Option<&Facing>,
            Option<&Side>,
            Option<&Hero>,
            Option<&Cover>,
            Option<&Mount>,
            Option<&Prone>,
            Option<&Wounds>,
            Option<&Down>,
            Option<&Dominated>,
        ),
        Without<FigureMark>,
    >,
    sides: Query<&SideInfo>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(geometry) = geometry else { return };
    let shift = Vec2::ZERO;
    for (e, pos, facing, side, hero, cover, mount, prone, wounds, down, dominated) in &figures {
        let (c, r) = offset_of(pos.0);
        let at = geometry.center(c, r) + shift;
        let facing_vec = facing.map(|f| {
            let n = pos
                .0
                .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[f.0 as usize]);
            let (nc, nr) = offset_of(n);
            let there = geometry.center(nc, nr) + shift;
            let v = there - at;
            if v.length() > 1.0 {
                v.normalize()
            } else {
                Vec2::X
            }
        });
        let mut marker = commands.entity(e);
        marker.insert(FigureMark);
        if let Some(hero) = hero {
            let color = side
                .and_then(|s| sides.iter().find(|i| i.index == s.0))
                .map_or(Color::WHITE, |i| palette.side(i.index, i.color));
            // Down: grey. Wounded: a red ring, stunned: a yellow one.
            let color = if down.is_some_and(|d| d.0) {
                Color::srgb(0.45, 0.45, 0.45)
            } else {
                color
            };
            let wounded = wounds.is_some_and(|w| w.worst() > 0 || w.body.conc > 0);
            // A hero who is down wears no stun ring: grey says it all.
            let stunned = wounds.is_some_and(|w| w.stunned) && !down.is_some_and(|d| d.0);
            if wounded || stunned {
                let ring = if stunned {
                    Color::srgb(0.95, 0.85, 0.2)
                } else {
                    Color::srgb(0.85, 0.1, 0.1)
                };
                marker.with_children(|p| {
                    p.spawn((
                        Mesh2d(meshes.add(Annulus::new(17.0, 21.0))),
                        MeshMaterial2d(materials.add(ring)),
                        Transform::from_xyz(0.0, 0.0, -0.1),
                    ));
                });
            }
            let prone = prone.is_some_and(|p| p.0);
            let body: Mesh = if prone {
                Ellipse::new(20.0, 10.0).into()
            } else {
                Circle::new(16.0).into()
            };
            marker.insert((
                Mesh2d(meshes.add(body)),
                MeshMaterial2d(materials.add(color)),
                Goal(at.extend(3.0)),
            ));
            let dir = facing_vec.unwrap_or(Vec2::X);
            let level = dominated.map_or(0, |d| d.0);
            let level = if down.is_some_and(|d| d.0) { 0 } else { level };
            marker
                .with_children(|p| hero_marks(p, (&mut meshes, &mut materials), hero, dir, level));
        } else if let Some(cover) = cover {
            let shade = 1.0 - cover.av as f32 * 0.13;
            marker.insert((
                Mesh2d(meshes.add(Rectangle::new(30.0, 12.0))),
                MeshMaterial2d(materials.add(Color::srgb(
                    0.55 * shade + 0.2,
                    0.45 * shade + 0.2,
                    0.35 * shade + 0.25,
                ))),
                Goal((at + Vec2::new(0.0, -18.0)).extend(2.0)),
            ));
        } else if mount.is_some() {
            marker.insert((
                Mesh2d(meshes.add(Ellipse::new(24.0, 12.0))),
                MeshMaterial2d(materials.add(Color::srgb(0.45, 0.28, 0.15))),
                Goal((at + Vec2::new(0.0, -6.0)).extend(2.5)),
            ));
        }
    }
}

/// Fit the map's bounds (every tile, whole) into the frame's map area, the first view on the
/// heroes of the human sides; the camera follows the window's size after.
fn first_fit(battle: &Battle, geometry: &MapGeometry, rect: &MapRect) -> CameraFit {
    let map = &battle.map;
    // Fit the map's bounds (every tile, whole) into the frame's map area; the camera follows
    // the window's size after.
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for (hex, _) in map.hexes() {
        let (c, r) = offset_of(hex);
        let p = geometry.center(c, r);
        lo = lo.min(p);
        hi = hi.max(p);
    }
    let half = Vec2::new(TILE_W as f32, TILE_H as f32) / 2.0;
    let (lo, hi) = (lo - half, hi + half);
    // The first view centres on the heroes of the human sides (all heroes when none is).
    let humans: Vec<Vec2> = battle
        .level
        .heroes
        .iter()
        .filter(|h| {
            battle
                .level
                .sides
                .iter()
                .any(|s| s.name == h.side && s.control == crate::data::level::Control::Human)
        })
        .map(|h| geometry.center(h.at.0, h.at.1))
        .collect();
    let everyone: Vec<Vec2> = battle
        .level
        .heroes
        .iter()
        .map(|h| geometry.center(h.at.0, h.at.1))
        .collect();
    let shown = if humans.is_empty() {
        &everyone
    } else {
        &humans
    };
    // The box round the heroes shown, two hexes to spare on every side.
    let (focus, focus_size) = if shown.is_empty() {
        ((lo + hi) / 2.0, Vec2::ZERO)
    } else {
        let min = shown.iter().copied().reduce(Vec2::min).unwrap_or_default();
        let max = shown.iter().copied().reduce(Vec2::max).unwrap_or_default();
        let step = geometry.center(1, 0).distance(geometry.center(0, 0));
        ((min + max) / 2.0, max - min + Vec2::splat(4.0 * step))
    };
    CameraFit {
        center: (lo + hi) / 2.0,
        map: hi - lo,
        fit: fit_camera(&rect.0, (lo + hi) / 2.0, hi - lo).0,
        focus,
        focus_size,
    }
}

/// The marks on a hero's figure: the facing tip, the initials and the dominance over it
/// (0 none, 1 partial, 2 dominance, 3 full).
fn hero_marks(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    hero: &Hero,
    dir: Vec2,
    level: u32,
) {
    let tip = Triangle2d::new(
        Vec2::new(9.0, 0.0),
        Vec2::new(-3.0, 6.0),
        Vec2::new(-3.0, -6.0),
    );
    p.spawn((
        Mesh2d(meshes.add(tip)),
        MeshMaterial2d(materials.add(Color::srgb(0.1, 0.08, 0.05))),
        Transform::from_translation((dir * 14.0).extend(0.5))
            .with_rotation(Quat::from_rotation_z(dir.y.atan2(dir.x))),
    ));
    let initials: String = hero
        .name
        .split_whitespace()
        .filter_map(|w| w.chars().next())
        .collect();
    p.spawn((
        Text2d::new(initials),
        TextFont {
            font_size: FontSize::Px(13.0),
            ..default()
        },
        TextColor(Color::WHITE),
        Transform::from_xyz(0.0, 0.0, 0.6),
    ));
    // Dominance over this hero: partial, dominance, full.
    if level > 0 {
        let tag = ["", "PARTIAL", "DOMINATED", "PINNED"][level.min(3) as usize];
        p.spawn((
            Mesh2d(meshes.add(Rectangle::new(8.0 * tag.len() as f32 + 6.0, 16.0))),
            MeshMaterial2d(materials.add(Color::srgba(0.1, 0.05, 0.0, 0.85))),
            Transform::from_xyz(0.0, 27.0, 0.65),
        ));
        p.spawn((
            Text2d::new(tag),
            TextFont {
                font_size: FontSize::Px(13.0),
                ..default()
            },
            TextColor(Color::srgb(1.0, 0.75, 0.2)),
            Transform::from_xyz(0.0, 27.0, 0.7),
        ));
    }
}

/// Drop the marks of figures that moved, turned or fell, so `place_figures` draws them anew.
fn refresh_figures(
    mut commands: Commands,
    palette: Res<Palette>,
    all: Query<Entity, With<FigureMark>>,
    changed: Query<
        Entity,
        (
            With<FigureMark>,
            Or<(
                Changed<HexPos>,
                Changed<Facing>,
                Changed<Prone>,
                Changed<Wounds>,
                Changed<Down>,
                Changed<Dominated>,
            )>,
        ),
    >,
) {
    let every = palette.is_changed();
    for e in changed.iter().chain(all.iter().filter(|_| every)) {
        commands
            .entity(e)
            .remove::<FigureMark>()
            .despawn_related::<Children>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hexmap::hex_at;

    #[test]
    fn tiles_and_level_rows_flip_both_ways() {
        for height in [9, 10] {
            for (c, r) in [(0, 0), (3, 1), (7, height as i32 - 1)] {
                let tile = tile_pos(height, c, r);
                assert_eq!(tile.y, height - 1 - r as u32);
                assert_eq!(hex_of(height, tile), hex_at(c, r));
            }
        }
    }
}
