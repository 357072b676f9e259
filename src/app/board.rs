//! The battle map in the window: terrain tiles on bevy_ecs_tilemap (a tileset made at start,
//! one tile per terrain), figures in side colours with a facing mark, and the hero panel.

use super::input::{CameraFit, MapRect, first_view, fit_camera};
use super::layout::{Palette, TILE_H, TILE_W};
use super::state::{Screen, ScreenSystems};
use super::tokens::TokenIcons;
use crate::rules::hexmap::offset_of;
use crate::rules::terrain::Terrain;
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

/// The tileset drawn in code (`tiles`): one pointy hex per terrain.
fn tileset() -> Image {
    let (w, h, data) = super::tiles::tileset_pixels();
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
                // Higher ground lighter: heights read at a glance.
                color: TileColor(Color::srgb(
                    super::tiles::height_tint(t.height),
                    super::tiles::height_tint(t.height),
                    super::tiles::height_tint(t.height),
                )),
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
) {
    let Some(geometry) = geometry else { return };
    let shift = Vec2::ZERO;
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
            let out = down.is_some_and(|d| d.0);
            // Down: grey. The ring is the side's colour.
            let color = if out {
                Color::srgb(0.45, 0.45, 0.45)
            } else {
                color
            };
            let prone = prone.is_some_and(|p| p.0);
            let ring: Mesh = if prone {
                Ellipse::new(23.0, 13.0).into()
            } else {
                Circle::new(19.0).into()
            };
            marker.insert((
                Mesh2d(meshes.add(ring)),
                MeshMaterial2d(materials.add(color)),
                Goal(at.extend(3.0)),
            ));
            let dir = facing_vec.unwrap_or(Vec2::X);
            let state = token_state(
                &battle,
                &icons,
                hero,
                prone,
                out,
                (wounds, dominated, weapons, ducked),
            );
            marker
                .with_children(|p| hero_marks(p, (&mut meshes, &mut materials), hero, dir, &state));
        } else if let Some(cover) = cover {
            marker.insert((
                Transform::from_translation(at.extend(2.0)),
                Visibility::default(),
                Goal(at.extend(2.0)),
            ));
            let sides: Vec<Vec2> = cover
                .from
                .iter()
                .map(|&f| hexside_vector(&geometry, pos.0, f) - at)
                .collect();
            marker.with_children(|p| cover_marks(p, (&mut meshes, &mut materials), cover, &sides));
        } else if let Some(mount) = mount {
            marker.insert((
                Mesh2d(meshes.add(Ellipse::new(40.0, 15.0))),
                MeshMaterial2d(materials.add(Color::srgb(0.45, 0.28, 0.15))),
                Goal((at + Vec2::new(0.0, -8.0)).extend(2.5)),
            ));
            let dir = facing_vec.unwrap_or(Vec2::X);
            marker.with_children(|p| {
                mount_marks(p, (&mut meshes, &mut materials), &icons, mount, dir)
            });
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

/// What a hero's token shows besides its name and facing.
struct TokenState {
    prone: bool,
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
fn hero_marks(
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
        Transform::from_xyz(-17.0, 15.0 * squash, 0.62),
    ));
    p.spawn((
        Text2d::new(initials),
        TextFont {
            font_size: FontSize::Px(14.0),
            ..default()
        },
        TextColor(ink),
        Transform::from_xyz(-17.0, 15.0 * squash, 0.65),
    ));
    token_tags(p, (meshes, materials), state);
}

/// The centre of the neighbour of `hex` across hexside `side` (0..6).
fn hexside_vector(geometry: &MapGeometry, hex: hexx::Hex, side: u8) -> Vec2 {
    let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize % 6]);
    let (nc, nr) = offset_of(n);
    geometry.center(nc, nr)
}

/// What a hero's token shows: its portrait (the level's, or its first weapon's icon), the
/// weapon in hand, wounds, Conc, stun, dominance, ducking.
fn token_state(
    battle: &Battle,
    icons: &TokenIcons,
    hero: &Hero,
    prone: bool,
    out: bool,
    (wounds, dominated, weapons, ducked): (
        Option<&Wounds>,
        Option<&Dominated>,
        Option<&Weapons>,
        Option<&BehindCover>,
    ),
) -> TokenState {
    let portrait = battle
        .level
        .heroes
        .iter()
        .find(|h| h.name == hero.name)
        .map_or("person", |h| {
            crate::data::portraits::of_hero(h.portrait.as_deref(), &h.weapons)
        });
    let in_hand = weapons.and_then(|w| w.0.iter().find(|w| w.ready && !w.off_hand));
    TokenState {
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
fn cover_marks(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
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
        cover_bar(p, (meshes, materials), *v, cover.material, (fill, rim));
    }
}

/// The colours of a cover material: (fill, rim).
fn material_colours(material: crate::rules::terrain::Material) -> (Color, Color) {
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

/// One bar of cover along the hexside toward `toward` (the vector to that neighbour's
/// centre): thicker for heavier material, a glass pane thin with a glint.
fn cover_bar(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
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
    let at = |z: f32| {
        Transform::from_translation(mid.extend(z)).with_rotation(Quat::from_rotation_z(angle))
    };
    p.spawn((
        Mesh2d(meshes.add(Rectangle::new(30.0, thick + 2.0))),
        MeshMaterial2d(materials.add(rim)),
        at(0.0),
    ));
    p.spawn((
        Mesh2d(meshes.add(Rectangle::new(28.0, thick))),
        MeshMaterial2d(materials.add(fill)),
        at(0.1),
    ));
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
    for (i, tag) in tags.into_iter().enumerate() {
        let y = 31.0 + 17.0 * i as f32;
        p.spawn((
            Mesh2d(meshes.add(Rectangle::new(9.0 * tag.len() as f32 + 6.0, 16.0))),
            MeshMaterial2d(materials.add(Color::srgba(0.1, 0.05, 0.0, 0.85))),
            Transform::from_xyz(0.0, y, 0.65),
        ));
        p.spawn((
            Text2d::new(tag),
            TextFont {
                font_size: FontSize::Px(14.0),
                ..default()
            },
            TextColor(Color::srgb(1.0, 0.75, 0.2)),
            Transform::from_xyz(0.0, y, 0.7),
        ));
    }
}

/// A mount's marks: the horse's head, its facing, its speed this round in paces.
fn mount_marks(
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
        Transform::from_xyz(-dir.x.signum() * 30.0, -1.0, 0.35),
    ));
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
                Changed<Weapons>,
                Changed<BehindCover>,
                Changed<Mount>,
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
