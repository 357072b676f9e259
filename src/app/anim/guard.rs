//! A block and a dodge, seen (issue 24): a hero that readies a block raises a guard (a bright
//! arc on the side it faces), and a blow met by a block shows the guard between the two; a
//! hero that dodges sways aside, and sways away from a blow that comes while its dodge holds.

use super::{Effect, Fade, Glide};
use crate::app::board::{MapGeometry, Placed};
use crate::app::input::Bindings;
use crate::app::state::Screen;
use crate::sim::Outcome;
use crate::sim::model::{CloseCombat, Facing, Hero, HexPos, MatchLog, Roster};
use bevy::prelude::*;
use std::collections::VecDeque;

/// The guard's colour: steel.
const GUARD: Color = Color::srgba(0.85, 0.9, 1.0, 0.95);
/// How far a dodging figure sways aside (px).
const SWAY: f32 = 14.0;

/// Blocks readied and met, dodges made and used, on the map.
#[allow(clippy::too_many_arguments)]
pub(super) fn guard_and_dodge(
    keys: Res<Bindings>,
    mut outcomes: MessageReader<Outcome>,
    roster: Option<Res<Roster>>,
    geometry: Option<Res<MapGeometry>>,
    log: Res<MatchLog>,
    figures: Query<(&Transform, Has<Glide>, &HexPos, Option<&Facing>), With<Placed>>,
    fighters: Query<(&Hero, Option<&CloseCombat>)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
) {
    let (Some(roster), Some(geometry)) = (roster, geometry) else {
        outcomes.clear();
        return;
    };
    let secs = keys.0.pace.shot_secs();
    let facing_of = |e: Entity| {
        let (at, _, pos, facing) = figures.get(e).ok()?;
        let toward = crate::app::board::marks::hexside_vector(&geometry, pos.0, facing?.0);
        Some((
            at.translation.truncate(),
            toward - geometry.hex_center(pos.0),
        ))
    };
    for outcome in outcomes.read() {
        match outcome {
            Outcome::Prepared { hero, what, .. } => {
                let Some(e) = roster.entity(*hero) else {
                    continue;
                };
                let Some((at, dir)) = facing_of(e) else {
                    continue;
                };
                if what.starts_with("readies a block") {
                    spawn_guard(&mut commands, (&mut meshes, &mut materials), at, dir, secs);
                } else if what.starts_with("dodges") {
                    sway(&mut commands, e, figures.get(e).ok(), dir);
                }
            }
            Outcome::Melee { hero, target, .. } => {
                let (Some(a), Some(t)) = (roster.entity(*hero), roster.entity(*target)) else {
                    continue;
                };
                let (Ok((from, ..)), Ok((to, ..))) = (figures.get(a), figures.get(t)) else {
                    continue;
                };
                let (a_at, t_at) = (from.translation.truncate(), to.translation.truncate());
                let toward = a_at - t_at;
                let name = fighters.get(t).map(|(h, _)| h.name.as_str()).unwrap_or("");
                if super::words::met_a_block(&log, name) {
                    spawn_guard(
                        &mut commands,
                        (&mut meshes, &mut materials),
                        t_at,
                        toward,
                        secs,
                    );
                }
                if fighters
                    .get(t)
                    .is_ok_and(|(_, c)| c.is_some_and(|c| c.dodge.is_some()))
                {
                    sway(&mut commands, t, figures.get(t).ok(), toward);
                }
            }
            _ => {}
        }
    }
}

/// The guard: a bright arc on the side of the figure at `at` toward `toward`, fading.
fn spawn_guard(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    at: Vec2,
    toward: Vec2,
    secs: f32,
) {
    let dir = toward.normalize_or(Vec2::Y);
    commands.spawn((
        Mesh2d(meshes.add(arc_mesh(27.0, 5.0, 0.9))),
        MeshMaterial2d(materials.add(GUARD)),
        Transform::from_translation(at.extend(6.4))
            .with_rotation(Quat::from_rotation_z(dir.y.atan2(dir.x))),
        Fade::growing(secs, 1.15),
        Effect::Guard,
        DespawnOnExit(Screen::Battle),
    ));
}

/// A figure sways aside (across `from`, the way the blow comes) and back, unless it is on its
/// way somewhere.
fn sway(
    commands: &mut Commands,
    e: Entity,
    at: Option<(&Transform, bool, &HexPos, Option<&Facing>)>,
    from: Vec2,
) {
    let Some((at, false, ..)) = at else { return };
    let aside = from.normalize_or(Vec2::Y).perp() * SWAY;
    commands.entity(e).insert(Glide {
        from: at.translation,
        points: VecDeque::from([at.translation + aside.extend(0.0)]),
        t: 0.0,
    });
}

/// An arc of a ring around the origin, centred on the +x axis: `radius` to its outer edge,
/// `width` thick, `half` radians either side.
pub fn arc_mesh(radius: f32, width: f32, half: f32) -> Mesh {
    let steps = 12;
    let mut positions = Vec::with_capacity((steps + 1) * 2);
    for i in 0..=steps {
        let a = -half + 2.0 * half * i as f32 / steps as f32;
        let (s, c) = a.sin_cos();
        positions.push([c * radius, s * radius, 0.0]);
        positions.push([c * (radius - width), s * (radius - width), 0.0]);
    }
    let mut indices = Vec::with_capacity(steps * 6);
    for i in 0..steps as u32 {
        let (o, n) = (2 * i, 2 * i + 2);
        indices.extend([o, n, o + 1, o + 1, n, n + 1]);
    }
    crate::app::board::shared::triangles(positions, indices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_is_an_arc_on_the_side_it_faces() {
        let mesh = arc_mesh(27.0, 5.0, 0.9);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(points)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        for p in points {
            let v = Vec2::new(p[0], p[1]);
            assert!(v.x > 0.0, "every point on the facing side: {v}");
            assert!(v.length() >= 21.9 && v.length() <= 27.1, "{v}");
        }
    }
}
