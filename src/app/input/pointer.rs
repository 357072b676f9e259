//! The pointer and the camera: the hex under the cursor (or the one `--hover` names), panning
//! and zooming.

use super::bindings::BattleAction;
use super::selection::{ForcedHover, Selection};
use crate::app::board::MapGeometry;
use crate::app::state::Pause;
use crate::rules::hexmap::offset_of;
use crate::sim::model::Battle;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn hover(
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    geometry: Option<Res<MapGeometry>>,
    battle: Res<Battle>,
    mut selection: ResMut<Selection>,
    forced: Option<Res<ForcedHover>>,
) {
    if let Some(hex) = forced.as_ref().and_then(|f| f.0) {
        selection.hovered = Some(hex);
        return;
    }
    let (Ok(window), Ok((camera, at)), Some(geometry)) =
        (windows.single(), cameras.single(), geometry)
    else {
        return;
    };
    let Some(world) = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(at, p).ok())
    else {
        selection.hovered = None;
        return;
    };
    selection.hovered = battle
        .map
        .hexes()
        .map(|(h, _)| {
            let (c, r) = offset_of(h);
            (h, geometry.center(c, r).distance(world))
        })
        .filter(|(_, d)| *d < 30.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h);
}

pub(super) fn camera(
    actions: Single<&ActionState<BattleAction>>,
    pause: Res<State<Pause>>,
    time: Res<Time>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    if *pause.get() == Pause::Paused {
        return;
    }
    let Ok((mut at, mut projection)) = cameras.single_mut() else {
        return;
    };
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let speed = 600.0 * ortho.scale * time.delta_secs();
    for (action, dir) in [
        (BattleAction::PanLeft, Vec3::NEG_X),
        (BattleAction::PanRight, Vec3::X),
        (BattleAction::PanUp, Vec3::Y),
        (BattleAction::PanDown, Vec3::NEG_Y),
    ] {
        if actions.pressed(&action) {
            at.translation += dir * speed;
        }
    }
    if actions.just_pressed(&BattleAction::ZoomIn) {
        ortho.scale = (ortho.scale / 1.25).max(0.4);
    }
    if actions.just_pressed(&BattleAction::ZoomOut) {
        ortho.scale = (ortho.scale * 1.25).min(4.0);
    }
}
