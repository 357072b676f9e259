//! A counter's fire on the map (a level's `flames`, drawing only): as "The Longhorn burns"
//! fills, flames take its hexes in the order the fire spreads, each slot filled lighting its
//! share, and they flicker. A play-test lost the Longhorn to the fire at 10 of 10 without
//! having seen it anywhere but in the folded counters box.

use super::MapGeometry;
use crate::sim::counters::LevelCounters;
use bevy::prelude::*;

/// A burning hex (its counter and its place in the counter's `flames`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlameMark {
    pub counter: usize,
    pub hex: (i32, i32),
}

/// A tongue of a flame, swaying at its own phase.
#[derive(Component, Debug, Clone, Copy)]
pub struct Flicker(pub f32);

const GLOW: Color = Color::srgba(0.95, 0.4, 0.08, 0.3);
const FLAME: Color = Color::srgba(0.95, 0.42, 0.08, 0.9);
const CORE: Color = Color::srgba(1.0, 0.86, 0.35, 0.95);

/// The hexes burning now, by counter: each counter's first `flames_lit` hexes.
pub fn burning(counters: &LevelCounters) -> Vec<(usize, (i32, i32))> {
    counters
        .defs
        .iter()
        .zip(&counters.counters)
        .enumerate()
        .flat_map(|(i, (def, c))| {
            def.flames
                .iter()
                .take(def.flames_lit(c.filled()))
                .map(move |&hex| (i, hex))
        })
        .collect()
}

/// Draw the burning hexes anew when the counters change (a slot filled, a step of the replay
/// viewer back or on), under the figures and over the floor.
#[allow(clippy::too_many_arguments)]
pub fn draw_flames(
    mut commands: Commands,
    counters: Option<Res<LevelCounters>>,
    geometry: Option<Res<MapGeometry>>,
    screen: Res<State<crate::app::state::Screen>>,
    marks: Query<(Entity, &FlameMark)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut shared: Local<super::shared::Shared>,
) {
    let (Some(counters), Some(geometry)) = (counters, geometry) else {
        return;
    };
    let mut now = burning(&counters);
    now.sort();
    // In no order of the query's: sorted, as `now` is.
    let mut drawn: Vec<(usize, (i32, i32))> =
        marks.iter().map(|(_, m)| (m.counter, m.hex)).collect();
    drawn.sort();
    if drawn == now && !geometry.is_changed() {
        return;
    }
    for (e, _) in &marks {
        commands.entity(e).despawn();
    }
    for (k, &(counter, (c, r))) in now.iter().enumerate() {
        let at = geometry.center(c, r);
        let parent = commands
            .spawn((
                FlameMark {
                    counter,
                    hex: (c, r),
                },
                Transform::from_translation(at.extend(2.2)),
                Visibility::default(),
                DespawnOnExit(*screen.get()),
            ))
            .id();
        let mut part = |mesh: Mesh, color: Color, t: Transform, sway: Option<f32>| {
            let mesh = shared.mesh(&mut meshes, mesh);
            let material = shared.paint(&mut materials, color);
            let mut e =
                commands.spawn((Mesh2d(mesh), MeshMaterial2d(material), t, ChildOf(parent)));
            if let Some(phase) = sway {
                e.insert(Flicker(phase));
            }
        };
        part(
            RegularPolygon::new(27.0, 6).into(),
            GLOW,
            Transform::from_xyz(0.0, 0.0, -0.05),
            None,
        );
        // Three tongues, the middle one tallest, each with a yellow core; phases apart so the
        // fire never sways as one.
        for (i, (x, h)) in [(-9.0, 16.0), (0.0, 24.0), (9.0, 14.0)]
            .into_iter()
            .enumerate()
        {
            let phase = k as f32 * 1.7 + i as f32 * 2.1;
            part(
                Triangle2d::new(Vec2::new(-6.0, 0.0), Vec2::new(6.0, 0.0), Vec2::new(0.0, h))
                    .into(),
                FLAME,
                Transform::from_xyz(x, -12.0, 0.0),
                Some(phase),
            );
            part(
                Triangle2d::new(
                    Vec2::new(-4.0, 0.0),
                    Vec2::new(4.0, 0.0),
                    Vec2::new(0.0, h * 0.55),
                )
                .into(),
                CORE,
                Transform::from_xyz(x, -12.0, 0.01),
                Some(phase),
            );
        }
    }
}

/// The tongues sway: each grows and shrinks a little at its own phase.
pub fn flicker(time: Res<Time>, mut tongues: Query<(&Flicker, &mut Transform)>) {
    let t = time.elapsed_secs();
    for (f, mut at) in &mut tongues {
        at.scale.y = 1.0 + 0.18 * (t * 7.0 + f.0).sin();
        at.scale.x = 1.0 - 0.06 * (t * 5.0 + f.0).cos();
    }
}

#[cfg(test)]
mod tests {
    use crate::data::level::CounterDef;
    use crate::rules::counter::CounterKind;

    /// Each slot filled lights its share of the hexes, rounded up; a full counter all.
    #[test]
    fn each_slot_lights_its_share_of_the_flames() {
        let def = CounterDef {
            flames: (0..20).map(|i| (i, 0)).collect(),
            ..CounterDef::plain("The Longhorn burns", CounterKind::Defeat, 10)
        };
        assert_eq!(def.flames_lit(0), 0);
        assert_eq!(def.flames_lit(1), 2);
        assert_eq!(def.flames_lit(7), 14);
        assert_eq!(def.flames_lit(10), 20);
        let few = CounterDef {
            flames: vec![(0, 0), (1, 0), (2, 0)],
            ..def
        };
        assert_eq!(few.flames_lit(1), 1);
        assert_eq!(few.flames_lit(4), 2);
        assert_eq!(few.flames_lit(10), 3);
    }
}
