//! The level's counters drawn on the map itself: the areas whose entry feeds a counter ringed
//! in the goals' gold and named (where the bank job's loot is carried out), and the items lying
//! in their hexes or carried on their carrier's token.

use crate::app::board::MapGeometry;
use crate::app::state::Screen;
use crate::data::level::Trigger;
use crate::sim::counters::LevelCounters;
use bevy::prelude::*;

/// A ring round a hex of a counter's area.
#[derive(Component)]
pub struct AreaMark;

/// The areas whose entry feeds a counter, ringed on the map in the counter's colour (drawn
/// again for a new match or a new board).
pub fn mark_areas(
    counters: Option<Res<LevelCounters>>,
    geometry: Option<Res<MapGeometry>>,
    marks: Query<Entity, With<AreaMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
) {
    // Gone with the screen they are drawn on (a battle, or the replay viewer).
    let on_exit = DespawnOnExit(*screen.get());
    let (Some(counters), Some(geometry)) = (counters, geometry) else {
        for e in &marks {
            commands.entity(e).despawn();
        }
        return;
    };
    // Each area with its words: the counter, the side it counts and what it counts there.
    let named: Vec<(String, &[(i32, i32)])> = counters
        .defs
        .iter()
        .flat_map(|d| {
            d.fed_by.iter().filter_map(move |f| match &f.on {
                Trigger::Enters { area, side } => Some((
                    format!("{} ({side}): come in here", d.name),
                    area.as_slice(),
                )),
                Trigger::CarriedOut { area, side } => Some((
                    format!("{} ({side}): carry the loot here", d.name),
                    area.as_slice(),
                )),
                _ => None,
            })
        })
        .collect();
    let areas: Vec<(i32, i32)> = named.iter().flat_map(|(_, a)| a.iter().copied()).collect();
    let gone = marks.is_empty() && !areas.is_empty();
    if !counters.is_added() && !geometry.is_changed() && !gone {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    // In the goals' gold, not a counter's colour: a play-test took the bank job's green rings
    // for hexes in reach.
    let ring = meshes.add(super::cursor::hex_ring(0.6, 0.76));
    let gold = materials.add(super::objectives_view::GOAL_GOLD.with_alpha(0.85));
    for (c, r) in areas {
        commands.spawn((
            Mesh2d(ring.clone()),
            MeshMaterial2d(gold.clone()),
            Transform::from_translation(geometry.center(c, r).extend(0.9)),
            AreaMark,
            on_exit.clone(),
        ));
    }
    // The words over the area's top hex.
    for (words, area) in named {
        let Some(&(c, r)) = area.iter().min_by_key(|(c, r)| (*r, *c)) else {
            continue;
        };
        let parts = (&mut *meshes, &mut *materials);
        let place = (geometry.center(c, r), geometry.x_range());
        super::objectives_view::goal_words(
            &mut commands,
            parts,
            place,
            words,
            ((AreaMark, on_exit.clone()), ()),
        );
    }
}

/// An item lying on the map (a strongbox): drawn as a small gold box in its hex.
#[derive(Component)]
pub struct ItemMark;

/// The level's items: those lying on the map in their hex, those carried on their carrier's
/// token (so a player sees who has the loot); drawn again when one is taken or put down.
pub fn mark_items(
    counters: Option<Res<LevelCounters>>,
    geometry: Option<Res<MapGeometry>>,
    marks: Query<Entity, With<ItemMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
) {
    let on_exit = DespawnOnExit(*screen.get());
    use crate::sim::counters::ItemState;
    let states: Vec<ItemState> = counters
        .as_ref()
        .map(|c| {
            c.items
                .iter()
                .copied()
                .filter(|s| *s != ItemState::Delivered)
                .collect()
        })
        .unwrap_or_default();
    let Some(geometry) = geometry else { return };
    let changed = counters.as_ref().is_some_and(|c| c.is_changed());
    if !changed && !geometry.is_changed() && marks.iter().count() == states.len() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let parts = strongbox(&mut meshes, &mut materials);
    for state in states {
        let (at, carrier) = match state {
            // Low in its hex and over a figure standing there (a dropped strongbox was lost
            // under the fallen carrier's token).
            ItemState::Lying(h) => {
                let (c, r) = crate::rules::hexmap::offset_of(h);
                let at = geometry.center(c, r) + Vec2::new(14.0, -14.0);
                (Transform::from_translation(at.extend(3.9)), None)
            }
            // Smaller, at the carrier's shoulder: the loot goes with its token.
            ItemState::Carried(hero) => (
                Transform::from_xyz(14.0, 14.0, 0.75).with_scale(Vec3::splat(0.7)),
                Some(hero),
            ),
            ItemState::Delivered => continue,
        };
        let parts = parts.clone();
        let mark = commands
            .spawn((at, Visibility::default(), ItemMark, on_exit.clone()))
            .with_children(move |p| {
                for (mesh, colour, offset) in parts {
                    p.spawn((
                        Mesh2d(mesh),
                        MeshMaterial2d(colour),
                        Transform::from_translation(offset),
                    ));
                }
            })
            .id();
        if let Some(hero) = carrier {
            commands.entity(hero).add_child(mark);
        }
    }
}

/// A strongbox drawn as one (a play-test took the small gold mark beside Felicia's initials
/// for part of her token): a dark rim, the gold box, its lid's seam and the lock, each part
/// with its place over the box's middle.
fn strongbox(
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> Vec<(Handle<Mesh>, Handle<ColorMaterial>, Vec3)> {
    [
        ((26.0, 19.0), (0.22, 0.13, 0.05), 0.0),
        ((22.0, 15.0), (0.9, 0.72, 0.2), 0.0),
        ((22.0, 2.0), (0.45, 0.3, 0.08), 3.0),
        ((5.0, 6.0), (0.25, 0.2, 0.15), -0.5),
    ]
    .into_iter()
    .enumerate()
    .map(|(k, ((w, h), (r, g, b), y))| {
        (
            meshes.add(Rectangle::new(w, h)),
            materials.add(Color::srgb(r, g, b)),
            Vec3::new(0.0, y, 0.01 * k as f32),
        )
    })
    .collect()
}
