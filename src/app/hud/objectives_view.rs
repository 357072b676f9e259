//! The level's objectives on the map: the hex where a task is worked (the mine's nook where
//! Hank sets the charges) ringed in gold with a flag, and over it the objective's name, its
//! side and its victories so far ("Set the charges (Raiders): 1 of 3"). A play-test found the
//! nook only in the Objective button's tooltip ("stand at or next to 4,1") and the progress
//! only in the log.

use crate::app::board::MapGeometry;
use crate::app::board::marks::ReadableLabel;
use crate::app::state::Screen;
use crate::data::level::{Level, Victory};
use crate::sim::model::{Battle, Contests, Objectives};
use bevy::prelude::*;

/// A mark of an objective on the map (its ring, flag and words), drawn again when its
/// progress changes.
#[derive(Component)]
pub struct ObjectiveMark;

/// The words over an objective's hex.
#[derive(Component)]
pub struct ObjectiveWords(pub usize);

/// The objective's words: its name, the side it wins for and its victories so far; a contest
/// gives both sides' tallies.
pub fn objective_words(
    level: &Level,
    index: usize,
    objectives: &Objectives,
    contests: &Contests,
) -> Option<String> {
    let (name, winner, rival, victories) = level
        .victory
        .iter()
        .filter_map(|v| match v {
            Victory::Objective {
                name,
                winner,
                rival,
                victories,
                ..
            } => Some((name, winner, rival, *victories)),
            _ => None,
        })
        .nth(index)?;
    if let Some(Some(contest)) = contests.0.get(index) {
        let rival = rival.as_deref().unwrap_or("rival");
        return Some(format!(
            "{name}: {winner} {}, {rival} {} of {}",
            contest.victories[0], contest.victories[1], contest.needed
        ));
    }
    let done = objectives
        .0
        .get(index)
        .and_then(|c| c.as_ref())
        .map_or(0, |c| c.filled());
    Some(format!("{name} ({winner}): {done} of {victories}"))
}

/// The hexes of the level's objectives with a task, by objective (in the level's order).
fn objective_hexes(level: &Level) -> Vec<(usize, (i32, i32))> {
    level
        .victory
        .iter()
        .filter(|v| matches!(v, Victory::Objective { .. }))
        .enumerate()
        .filter_map(|(i, v)| match v {
            Victory::Objective { task: Some(t), .. } => Some((i, t.at)),
            _ => None,
        })
        .collect()
}

/// The objectives ringed and flagged on the map (drawn again for a new board), their words
/// kept to their progress.
#[allow(clippy::too_many_arguments)]
pub fn mark_objectives(
    battle: Option<Res<Battle>>,
    geometry: Option<Res<MapGeometry>>,
    progress: (Option<Res<Objectives>>, Option<Res<Contests>>),
    marks: Query<Entity, With<ObjectiveMark>>,
    mut words: Query<(&ObjectiveWords, &mut Text2d)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
) {
    let (Some(battle), Some(geometry)) = (battle, geometry) else {
        return;
    };
    // Gone with the screen they are drawn on (a battle, or the replay viewer).
    let on_exit = DespawnOnExit(*screen.get());
    let (objectives, contests) = progress;
    let objectives = objectives.map(|o| o.clone()).unwrap_or_default();
    let contests = contests.map(|c| c.clone()).unwrap_or_default();
    let hexes = objective_hexes(&battle.level);
    let drawn = words.iter().count();
    if drawn == hexes.len() && !geometry.is_changed() && !battle.is_changed() {
        for (w, mut text) in &mut words {
            if let Some(s) = objective_words(&battle.level, w.0, &objectives, &contests)
                && text.0 != s
            {
                text.0 = s;
            }
        }
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let gold = GOAL_GOLD;
    let ring = meshes.add(super::cursor::hex_ring(0.62, 0.8));
    for (i, (c, r)) in hexes {
        let at = geometry.center(c, r);
        let Some(text) = objective_words(&battle.level, i, &objectives, &contests) else {
            continue;
        };
        commands.spawn((
            Mesh2d(ring.clone()),
            MeshMaterial2d(materials.add(gold.with_alpha(0.9))),
            Transform::from_translation(at.extend(0.95)),
            ObjectiveMark,
            on_exit.clone(),
        ));
        // A flag on the hex's upper right: a pole and its pennant, above the figures.
        let flag = Transform::from_translation((at + Vec2::new(13.0, 8.0)).extend(3.9));
        commands
            .spawn((flag, Visibility::default(), ObjectiveMark))
            .insert(on_exit.clone())
            .with_children(|p| {
                p.spawn((
                    Mesh2d(meshes.add(Rectangle::new(2.0, 20.0))),
                    MeshMaterial2d(materials.add(Color::srgb(0.2, 0.13, 0.07))),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    Mesh2d(meshes.add(Triangle2d::new(
                        Vec2::new(0.0, 10.0),
                        Vec2::new(0.0, 2.0),
                        Vec2::new(11.0, 6.0),
                    ))),
                    MeshMaterial2d(materials.add(gold)),
                    Transform::from_xyz(1.0, 0.0, 0.05),
                ));
            });
        // Its words over the hex, on a dark plate, grown with the zoom as the initials are.
        let parts = (&mut *meshes, &mut *materials);
        let place = (at, geometry.x_range());
        goal_words(
            &mut commands,
            parts,
            place,
            text,
            ((ObjectiveMark, on_exit.clone()), ObjectiveWords(i)),
        );
    }
}

/// The gold of the level's goals on the map: objectives, and the areas its counters count.
pub const GOAL_GOLD: Color = Color::srgb(1.0, 0.8, 0.2);

/// A goal's words over the hex at `at`, on a dark plate, grown with the zoom as the initials
/// are, kept within the map's edges `x_range` (a play-test saw the bank job's words over
/// its east end run off the map); `(mark, words)`: the components of the whole and of its
/// text.
pub fn goal_words(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    (at, x_range): (Vec2, (f32, f32)),
    text: String,
    (mark, words): (impl Bundle, impl Bundle),
) {
    let width = 7.2 * text.chars().count() as f32 + 10.0;
    // Near an edge of the map the words stand inside it; as the view pans and zooms they
    // move to stand whole in it (`StaysInView`).
    let x = if x_range.1 - x_range.0 < width {
        (x_range.0 + x_range.1) / 2.0
    } else {
        at.x.clamp(x_range.0 + width / 2.0, x_range.1 - width / 2.0)
    };
    commands
        .spawn((
            Transform::from_translation(Vec3::new(x, at.y + 36.0, 5.5)),
            Visibility::default(),
            mark,
            ReadableLabel,
            crate::app::board::runs_out::StaysInView {
                x,
                half: width / 2.0,
            },
        ))
        .with_children(|p| {
            p.spawn((
                Mesh2d(meshes.add(Rectangle::new(width, 18.0))),
                MeshMaterial2d(materials.add(Color::srgba(0.08, 0.05, 0.03, 0.82))),
                Transform::from_xyz(0.0, 0.0, -0.05),
            ));
            p.spawn((
                Text2d::new(text),
                TextFont {
                    font_size: FontSize::Px(14.0),
                    ..default()
                },
                TextColor(GOAL_GOLD),
                Transform::from_xyz(0.0, 0.0, 0.0),
                words,
            ));
        });
}
