//! The map under edit: hexes from the tileset drawn in code, lighter where higher; cover bars
//! on the hexsides they cover from, horses, heroes as tokens in their side's colour, items;
//! the brush under the pointer, the selection and the problem's hex drawn over it. Drawn
//! again whenever the level changes.

use super::{EditorState, PANEL_W, Tool};
use crate::app::layout::{TILE_H, TILE_W};
use crate::app::tokens::TokenIcons;
use crate::editor::{Cell, Thing, brush, height_at, on_map, size, symbol_at};
use crate::rules::hexmap::{hex_at, offset_of};
use crate::rules::terrain::Terrain;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

const W: f32 = TILE_W as f32;
const H: f32 = TILE_H as f32;

/// The centre of a hex in the world (row 0 at the top, odd rows shoved half a hex right).
pub fn center((c, r): Cell) -> Vec2 {
    let shove = if r.rem_euclid(2) == 1 { W / 2.0 } else { 0.0 };
    Vec2::new(c as f32 * W + shove, -(r as f32) * H * 0.75)
}

/// The hex under a point of the world (the nearest centre).
pub fn cell_at(p: Vec2) -> Cell {
    let r0 = (-p.y / (H * 0.75)).round() as i32;
    let mut best = (0, 0);
    let mut dist = f32::MAX;
    for r in r0 - 1..=r0 + 1 {
        let shove = if r.rem_euclid(2) == 1 { W / 2.0 } else { 0.0 };
        let c0 = ((p.x - shove) / W).round() as i32;
        for c in c0 - 1..=c0 + 1 {
            let d = center((c, r)).distance(p);
            if d < dist {
                dist = d;
                best = (c, r);
            }
        }
    }
    best
}

/// The hex under the pointer, when it is over the map (not the panel).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct Hover(pub Option<Cell>);

/// Everything drawn of the level (despawned and drawn again on a change).
#[derive(Component)]
pub struct Drawn;

/// The tileset as an atlas: one pointy hex per terrain.
#[derive(Resource, Clone)]
pub struct Tileset {
    image: Handle<Image>,
    layout: Handle<TextureAtlasLayout>,
}

fn tileset(images: &mut Assets<Image>, layouts: &mut Assets<TextureAtlasLayout>) -> Tileset {
    let image = crate::app::board::tileset(true);
    let layout = TextureAtlasLayout::from_grid(
        UVec2::new(TILE_W, TILE_H),
        Terrain::ALL.len() as u32,
        1,
        None,
        None,
    );
    Tileset {
        image: images.add(image),
        layout: layouts.add(layout),
    }
}

/// Draw the level again when it changed.
pub fn redraw(
    mut commands: Commands,
    state: Res<EditorState>,
    drawn: Query<Entity, With<Drawn>>,
    mut last: Local<Option<(u64, Tool)>>,
    mut assets: (
        ResMut<Assets<Image>>,
        ResMut<Assets<TextureAtlasLayout>>,
        ResMut<Assets<Mesh>>,
        ResMut<Assets<ColorMaterial>>,
    ),
    tiles: Option<Res<Tileset>>,
    icons: Option<Res<TokenIcons>>,
) {
    if *last == Some((state.version, state.tool)) && tiles.is_some() {
        return;
    }
    *last = Some((state.version, state.tool));
    let (images, layouts, meshes, materials) = &mut assets;
    let tiles = match tiles {
        Some(t) => t.clone(),
        None => {
            let t = tileset(images, layouts);
            commands.insert_resource(t.clone());
            t
        }
    };
    for e in &drawn {
        commands.entity(e).despawn();
    }
    let level = state.level();
    let (w, h) = size(level);
    for r in 0..h as i32 {
        for c in 0..w as i32 {
            let terrain = Terrain::from_symbol(symbol_at(level, (c, r))).unwrap_or(Terrain::Open);
            let index = Terrain::ALL.iter().position(|t| *t == terrain).unwrap_or(0);
            let height = height_at(level, (c, r));
            let tint = crate::app::tiles::height_tint(height as i32);
            commands.spawn((
                Drawn,
                Sprite {
                    image: tiles.image.clone(),
                    texture_atlas: Some(TextureAtlas {
                        layout: tiles.layout.clone(),
                        index,
                    }),
                    color: Color::srgb(tint, tint, tint),
                    ..default()
                },
                Transform::from_translation(center((c, r)).extend(0.0)),
            ));
            if state.tool == Tool::Height && height > 0 {
                commands.spawn((
                    Drawn,
                    Text2d::new(height.to_string()),
                    crate::app::fonts::mono(16.0),
                    TextColor(Color::srgb(0.1, 0.08, 0.05)),
                    Transform::from_translation(center((c, r)).extend(0.5)),
                ));
            }
        }
    }
    draw_cover(&mut commands, level);
    draw_figures(&mut commands, &state, (meshes, materials), icons.as_deref());
}

fn draw_cover(commands: &mut Commands, level: &crate::data::level::Level) {
    for cover in &level.cover {
        let (fill, _) = crate::app::board::cover::material_colours(cover.material);
        let here = center(cover.at);
        let thick = match cover.material {
            crate::rules::terrain::Material::Glass => 5.0,
            crate::rules::terrain::Material::ThinWood
            | crate::rules::terrain::Material::ThinIron => 7.0,
            _ => 10.0,
        };
        for &side in &cover.from {
            let n = hex_at(cover.at.0, cover.at.1)
                .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize % 6]);
            let toward = center(offset_of(n)) - here;
            let angle = toward.y.atan2(toward.x);
            commands.spawn((
                Drawn,
                Sprite::from_color(fill, Vec2::new(thick, W * 0.6)),
                Transform::from_translation((here + toward * 0.36).extend(1.0))
                    .with_rotation(Quat::from_rotation_z(angle)),
            ));
        }
    }
}

fn draw_figures(
    commands: &mut Commands,
    state: &EditorState,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    icons: Option<&TokenIcons>,
) {
    let level = state.level();
    let ink = Color::srgb(0.97, 0.91, 0.78);
    for mount in &level.mounts {
        let at = center(mount.at).extend(2.0);
        commands.spawn((
            Drawn,
            Mesh2d(meshes.add(Ellipse::new(22.0, 14.0))),
            MeshMaterial2d(materials.add(Color::srgb(0.45, 0.3, 0.16))),
            Transform::from_translation(at),
        ));
        if let Some(image) = icons.and_then(|i| i.get("horse-head")) {
            commands.spawn((
                Drawn,
                Sprite {
                    image,
                    custom_size: Some(Vec2::splat(22.0)),
                    color: ink,
                    ..default()
                },
                Transform::from_translation(at + Vec3::new(0.0, 0.0, 0.1)),
            ));
        }
    }
    for item in &level.items {
        commands.spawn((
            Drawn,
            Sprite::from_color(Color::srgb(0.85, 0.68, 0.2), Vec2::new(16.0, 12.0)),
            Transform::from_translation(center(item.at).extend(2.5)),
        ));
    }
    for hero in &level.heroes {
        let side = level.sides.iter().position(|s| s.name == hero.side);
        let colour = side.map_or(Color::srgb(0.6, 0.6, 0.6), |i| {
            let (r, g, b) = level.sides[i].color;
            Color::srgb(r, g, b)
        });
        // A hero who arrives later is drawn faint where it will come on.
        let alpha = if hero.arrives.is_some() { 0.45 } else { 1.0 };
        let at = center(hero.at).extend(3.0);
        commands.spawn((
            Drawn,
            Mesh2d(meshes.add(Circle::new(19.0))),
            MeshMaterial2d(materials.add(colour.with_alpha(alpha))),
            Transform::from_translation(at),
        ));
        commands.spawn((
            Drawn,
            Mesh2d(meshes.add(Circle::new(15.0))),
            MeshMaterial2d(materials.add(Color::srgba(0.17, 0.12, 0.08, alpha))),
            Transform::from_translation(at + Vec3::new(0.0, 0.0, 0.1)),
        ));
        let portrait = crate::data::portraits::of_hero(hero.portrait.as_deref(), &hero.weapons);
        if let Some(image) = icons.and_then(|i| i.get(portrait)) {
            commands.spawn((
                Drawn,
                Sprite {
                    image,
                    custom_size: Some(Vec2::splat(22.0)),
                    color: ink.with_alpha(alpha),
                    ..default()
                },
                Transform::from_translation(at + Vec3::new(0.0, 0.0, 0.2)),
            ));
        }
        let n = hex_at(hero.at.0, hero.at.1)
            .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[hero.facing as usize % 6]);
        let dir = (center(offset_of(n)) - center(hero.at)).normalize_or_zero();
        commands.spawn((
            Drawn,
            Mesh2d(meshes.add(Triangle2d::new(
                Vec2::new(7.0, 0.0),
                Vec2::new(-3.0, 6.0),
                Vec2::new(-3.0, -6.0),
            ))),
            MeshMaterial2d(materials.add(ink)),
            Transform::from_translation(at + (dir * 23.0).extend(0.3))
                .with_rotation(Quat::from_rotation_z(dir.y.atan2(dir.x))),
        ));
        commands.spawn((
            Drawn,
            Text2d::new(crate::app::track_picture::short_name(&hero.name)),
            crate::app::fonts::mono(14.0),
            TextColor(Color::srgb(1.0, 0.97, 0.9)),
            Transform::from_translation(at + Vec3::new(0.0, -27.0, 0.4)),
        ));
    }
    let _ = state;
}

/// The hex under the pointer, over the map part of the window.
pub fn pointer(
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    ui_scale: Option<Res<UiScale>>,
    mut hover: ResMut<Hover>,
) {
    let scale = ui_scale.map_or(1.0, |s| s.0);
    let (Ok(window), Ok((camera, at))) = (windows.single(), cameras.single()) else {
        return;
    };
    let over_map = window
        .cursor_position()
        .filter(|p| p.x < window.width() - PANEL_W * scale);
    let cell = over_map
        .and_then(|p| camera.viewport_to_world_2d(at, p).ok())
        .map(cell_at);
    if hover.0 != cell {
        hover.0 = cell;
    }
}

/// The camera: the map fitted into the space left of the panel when the editor opens or the
/// map is resized; the wheel zooms, the arrows pan; a problem's hex is brought to the middle.
pub fn camera(
    mut state: ResMut<EditorState>,
    windows: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Option<Res<UiScale>>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    wheel: Option<Res<AccumulatedMouseScroll>>,
    keys: Res<ButtonInput<KeyCode>>,
    typing: Res<super::typing::Typing>,
    hover: Res<Hover>,
    time: Res<Time>,
    mut fitted: Local<Option<(usize, usize)>>,
) {
    let (Ok(window), Ok((mut at, mut projection))) = (windows.single(), cameras.single_mut())
    else {
        return;
    };
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let scale = ui_scale.map_or(1.0, |s| s.0);
    let area = Vec2::new(window.width() - PANEL_W * scale, window.height());
    let dims = size(state.level());
    if *fitted != Some(dims) || state.fit {
        *fitted = Some(dims);
        state.fit = false;
        let far = center((dims.0 as i32 - 1, dims.1 as i32 - 1)) + Vec2::new(W / 2.0, 0.0);
        let map = Vec2::new(far.x + W, -far.y + H);
        ortho.scale = (map.x / (area.x - 40.0))
            .max(map.y / (area.y - 40.0))
            .clamp(0.4, 6.0);
        let mid = Vec2::new((far.x) / 2.0, far.y / 2.0);
        // The map's middle in the middle of the area left of the panel.
        let shift = PANEL_W * scale / 2.0 * ortho.scale;
        at.translation = (mid + Vec2::new(shift, 0.0)).extend(at.translation.z);
    }
    if let Some(cell) = state.look_at.take() {
        let shift = PANEL_W * scale / 2.0 * ortho.scale;
        at.translation = (center(cell) + Vec2::new(shift, 0.0)).extend(at.translation.z);
    }
    // The wheel zooms over the map (over the panel it scrolls the page).
    if let Some(wheel) = wheel
        && wheel.delta.y != 0.0
        && hover.0.is_some()
    {
        ortho.scale = (ortho.scale * (1.0 - wheel.delta.y.signum() * 0.1)).clamp(0.3, 6.0);
    }
    if typing.field.is_none() {
        let mut pan = Vec2::ZERO;
        for (key, v) in [
            (KeyCode::ArrowLeft, Vec2::NEG_X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::ArrowDown, Vec2::NEG_Y),
        ] {
            if keys.pressed(key) {
                pan += v;
            }
        }
        at.translation += (pan * 500.0 * ortho.scale * time.delta_secs()).extend(0.0);
    }
}

/// Drawn over the map each frame: the hexes the brush would change, the selection, the hex of
/// the problem listed first, objectives' hexes.
pub fn overlay(mut gizmos: Gizmos, state: Res<EditorState>, hover: Res<Hover>) {
    let outline = |gizmos: &mut Gizmos, cell: Cell, colour: Color, r: f32| {
        let c = center(cell);
        let corners: Vec<Vec2> = (0..=6)
            .map(|k| {
                let a = std::f32::consts::PI / 6.0 + k as f32 * std::f32::consts::PI / 3.0;
                c + Vec2::new(a.cos(), a.sin()) * r
            })
            .collect();
        gizmos.linestrip_2d(corners, colour);
    };
    let level = state.level();
    if let Some(cell) = hover.0 {
        let hexes = match state.tool {
            Tool::Terrain | Tool::Height => brush(cell, state.brush),
            _ => vec![cell],
        };
        for h in hexes.into_iter().filter(|h| on_map(level, *h)) {
            outline(&mut gizmos, h, Color::srgb(1.0, 0.9, 0.4), H / 2.0 - 2.0);
        }
    }
    let selected = match state.selected {
        Some(Thing::Hero(i)) => level.heroes.get(i).map(|h| h.at),
        Some(Thing::Mount(i)) => level.mounts.get(i).map(|m| m.at),
        Some(Thing::Cover(i)) => level.cover.get(i).map(|c| c.at),
        Some(Thing::Item(i)) => level.items.get(i).map(|c| c.at),
        None => state.cell,
    };
    if let Some(cell) = selected {
        outline(&mut gizmos, cell, Color::srgb(0.3, 1.0, 0.5), H / 2.0 - 1.0);
        outline(&mut gizmos, cell, Color::srgb(0.3, 1.0, 0.5), H / 2.0 - 4.0);
    }
    if let Some(cell) = state
        .problems
        .iter()
        .find(|p| !p.warning)
        .and_then(|p| p.at)
    {
        outline(
            &mut gizmos,
            cell,
            Color::srgb(1.0, 0.2, 0.15),
            H / 2.0 - 1.0,
        );
        outline(
            &mut gizmos,
            cell,
            Color::srgb(1.0, 0.2, 0.15),
            H / 2.0 - 3.0,
        );
    }
    for v in &level.victory {
        if let crate::data::level::Victory::Objective { task: Some(t), .. } = v {
            gizmos.circle_2d(center(t.at), 12.0, Color::srgb(1.0, 0.8, 0.2));
        }
    }
}

/// Leaving the editor: what it drew goes (it is drawn again on coming back), and the camera is
/// as the other screens expect it.
pub fn leave(
    mut commands: Commands,
    drawn: Query<Entity, With<Drawn>>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    for e in &drawn {
        commands.entity(e).despawn();
    }
    commands.remove_resource::<Tileset>();
    for (mut at, mut projection) in &mut cameras {
        *at = Transform::default();
        *projection = Projection::from(OrthographicProjection::default_2d());
    }
}
