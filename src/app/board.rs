//! The battle map in the window: terrain tiles on bevy_ecs_tilemap (a tileset made at start,
//! one tile per terrain), figures in side colours with a facing mark, and the hero panel.

use super::input::{MapRect, first_view};
use super::layout::{Palette, TILE_H, TILE_W};
use super::state::{Screen, ScreenSystems};
use super::tokens::TokenIcons;
use crate::rules::hexmap::offset_of;
use crate::sim::model::{
    Battle, BehindCover, Cover, Dominated, Down, Facing, Hero, HexPos, Mount, Prone, Side,
    SideInfo, Weapons, Wounds,
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
        app.init_resource::<GridShown>()
            .add_systems(
                Update,
                (
                    toggle_grid,
                    ground::move_water,
                    flames::draw_flames,
                    flames::flicker,
                )
                    .run_if(in_state(Screen::Battle).or_else(in_state(Screen::Replay))),
            )
            .add_systems(
                OnEnter(Screen::Battle),
                spawn_map.after(ScreenSystems::LoadBattle),
            )
            .add_systems(
                OnEnter(Screen::Replay),
                spawn_map.after(ScreenSystems::LoadBattle),
            )
            .add_systems(
                Update,
                (
                    refresh_figures,
                    place_figures,
                    first_draw,
                    marks::keep_labels_readable,
                    engaged::mark_engaged,
                    runs_out::tag_runs_out,
                    cover::things_beside_figures,
                )
                    .chain()
                    .in_set(BoardSystems::Figures)
                    .after(crate::sim::SimSystems::Round)
                    .run_if(
                        in_state(Screen::Battle)
                            .or_else(in_state(Screen::Replay))
                            .and_then(resource_exists::<Battle>),
                    ),
            )
            // The bars between engaged foes stand where the tokens stand once this frame's
            // glides have moved them.
            .add_systems(
                PostUpdate,
                (
                    engaged::place_engaged,
                    runs_out::place_runs_out,
                    runs_out::keep_in_view,
                )
                    .before(bevy::transform::TransformSystems::Propagate)
                    .run_if(in_state(Screen::Battle).or_else(in_state(Screen::Replay))),
            );
    }
}

/// The tileset drawn in code (`tiles`): one pointy hex per terrain, with the grid's rims or
/// without.
pub(crate) fn tileset(rims: bool) -> Image {
    let (w, h, data) = super::tiles::tileset_pixels_with(rims);
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

    /// World position of a hex.
    pub fn hex_center(&self, hex: hexx::Hex) -> Vec2 {
        let (col, row) = crate::rules::hexmap::offset_of(hex);
        self.center(col, row)
    }

    /// The map's left and right edges in the world (the outer hexes' centres, half a tile out).
    pub fn x_range(&self) -> (f32, f32) {
        let last = self.size.x.saturating_sub(1) as i32;
        let half = self.tile.x / 2.0;
        let xs = [0, 1].map(|row| (self.center(0, row).x, self.center(last, row).x));
        let left = xs[0].0.min(xs[1].0) - half;
        let right = xs[0].1.max(xs[1].1) + half;
        (left, right)
    }

    /// The hex a tile shows.
    pub fn hex_of(&self, tile: TilePos) -> hexx::Hex {
        hex_of(self.size.y, tile)
    }
}

/// The two tilesets: hexes with their rims (the grid) and without.
#[derive(Resource, Clone)]
pub struct Tilesets {
    grid: Handle<Image>,
    plain: Handle<Image>,
}

impl Tilesets {
    pub fn shown(&self, grid: bool) -> Handle<Image> {
        if grid {
            self.grid.clone()
        } else {
            self.plain.clone()
        }
    }
}

/// Is the hex grid shown (F2 or the banner's Grid button hides it, and shows it again)?
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridShown(pub bool);

impl Default for GridShown {
    fn default() -> Self {
        GridShown(true)
    }
}

/// F2, or the banner's Grid button: the grid hidden or shown again.
fn toggle_grid(
    actions: super::input::BattleInput,
    button: Query<&Interaction, (Changed<Interaction>, With<super::frame::GridButton>)>,
    mut grid: ResMut<GridShown>,
    sets: Option<Res<Tilesets>>,
    mut maps: Query<&mut TilemapTexture>,
) {
    let clicked = button.iter().any(|i| super::widgets::clicked(i, false));
    if !(clicked || actions.just_pressed(super::input::BattleAction::ToggleGrid)) {
        return;
    }
    grid.0 = !grid.0;
    if let Some(sets) = sets {
        for mut texture in &mut maps {
            *texture = TilemapTexture::Single(sets.shown(grid.0));
        }
    }
}

fn spawn_map(
    mut commands: Commands,
    shown_grid: Res<GridShown>,
    screen: Res<State<Screen>>,
    battle: Res<Battle>,
    mut images: ResMut<Assets<Image>>,
    rect: Res<MapRect>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let sets = Tilesets {
        grid: images.add(tileset(true)),
        plain: images.add(tileset(false)),
    };
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
    let tilemap = commands.spawn_empty().id();
    let ground = (map, battle.level.floor);
    let storage = spawn_tiles(&mut commands, ground, tilemap, *screen.get());
    commands.entity(tilemap).insert((
        DespawnOnExit(*screen.get()),
        TilemapBundle {
            grid_size: grid,
            size,
            storage,
            texture: TilemapTexture::Single(sets.shown(shown_grid.0)),
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
    ground::spawn_ground(
        &mut commands,
        (&mut meshes, &mut materials),
        map,
        &geometry,
        *screen.get(),
    );
    walls::spawn_walls(
        &mut commands,
        (&mut meshes, &mut materials),
        map,
        &geometry,
        *screen.get(),
    );
    scenery::spawn_scenery(
        &mut commands,
        (&mut meshes, &mut materials),
        &geometry,
        &battle.level.scenery,
        *screen.get(),
    );
    let fit = fitting::first_fit(&battle, &geometry, &rect);
    commands.insert_resource(sets);
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

/// One tile a hex of the map, its terrain's picture, higher ground lighter (heights read at a
/// glance), in the tilemap `tilemap`.
fn spawn_tiles(
    commands: &mut Commands,
    (map, floor): (
        &crate::rules::hexmap::HexMap,
        Option<crate::data::level::Floor>,
    ),
    tilemap: Entity,
    screen: Screen,
) -> TileStorage {
    let size = TilemapSize {
        x: map.width,
        y: map.height,
    };
    let mut storage = TileStorage::empty(size);
    for (hex, t) in map.hexes() {
        let (c, r) = offset_of(hex);
        let position = tile_pos(map.height, c, r);
        let index = super::tiles::tile_index(t.terrain, floor);
        let id = commands
            .spawn(TileBundle {
                position,
                tilemap_id: TilemapId(tilemap),
                texture_index: TileTextureIndex(index),
                // Higher ground lighter: heights read at a glance.
                color: TileColor(Color::srgb(
                    super::tiles::height_tint(t.height),
                    super::tiles::height_tint(t.height),
                    super::tiles::height_tint(t.height),
                )),
                ..default()
            })
            .insert(DespawnOnExit(screen))
            .id();
        storage.set(&position, id);
    }
    storage
}

pub mod cover;
pub mod engaged;
mod fitting;
pub mod flames;
pub mod ground;
pub mod marks;
pub mod runs_out;
pub mod scenery;
pub mod shared;
pub mod walls;
use marks::{hero_marks, hexside_vector, mount_marks, token_state};

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
            Option<&Weapons>,
            Option<&BehindCover>,
        ),
        Without<FigureMark>,
    >,
    sides: Query<&SideInfo>,
    battle: Res<Battle>,
    icons: Res<TokenIcons>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut shared: Local<shared::Shared>,
) {
    let Some(geometry) = geometry else { return };
    for (
        e,
        pos,
        facing,
        side,
        hero,
        cover,
        mount,
        prone,
        wounds,
        down,
        dominated,
        weapons,
        ducked,
    ) in &figures
    {
        let (c, r) = offset_of(pos.0);
        let at = geometry.center(c, r);
        let dir = facing
            .map(|f| hexside_vector(&geometry, pos.0, f.0) - at)
            .and_then(|v| v.try_normalize())
            .unwrap_or(Vec2::X);
        let mut marker = commands.entity(e);
        marker.insert(FigureMark);
        if let Some(hero) = hero {
            let ring = side
                .and_then(|s| sides.iter().find(|i| i.index == s.0))
                .map_or(Color::WHITE, |i| palette.side(i.index, i.color));
            let state = token_state(
                &battle,
                &icons,
                hero,
                ring,
                (prone, down, wounds, dominated, weapons, ducked),
            );
            marker.insert((
                Mesh2d(meshes.add(marks::ring(state.prone))),
                MeshMaterial2d(materials.add(state.ring)),
                Goal(at.extend(3.0)),
            ));
            marker
                .with_children(|p| hero_marks(p, (&mut meshes, &mut materials), hero, dir, &state));
        } else if let Some(cover) = cover {
            cover::place_cover(
                &mut marker,
                (&mut meshes, &mut materials),
                (&mut shared, &icons),
                (&geometry, &battle.level.scenery),
                pos.0,
                cover,
            );
        } else if let Some(mount) = mount {
            marker.insert((
                Mesh2d(meshes.add(Ellipse::new(40.0, 15.0))),
                MeshMaterial2d(materials.add(Color::srgb(0.45, 0.28, 0.15))),
                Goal((at + Vec2::new(0.0, -8.0)).extend(2.5)),
            ));
            marker.with_children(|p| {
                mount_marks(p, (&mut meshes, &mut materials), &icons, mount, dir)
            });
        }
    }
}

/// Drop the marks of figures that moved, turned or fell (and of cover shot down), so
/// `place_figures` draws them anew.
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
                Changed<Weapons>,
                Changed<BehindCover>,
                Changed<Mount>,
                Changed<Cover>,
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
