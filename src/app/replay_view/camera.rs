//! The replay's view (issue 24): it follows the figure of the event shown, easing there when
//! it is out of sight (on the 64-hex gulch the riders leave the first view), the wheel zooms
//! at the pointer, as in a battle, and a drag with the left button pans it (the arrow keys
//! step the events here).

use super::Viewer;
use crate::app::board::MapGeometry;
use crate::app::input::{CameraFit, MapRect, camera_for, fit_camera, world_at};
use crate::rules::hexmap::offset_of;
use crate::sim::model::{Hero, HexPos};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::Hex;

/// Where the view is easing to, and the event it last looked at.
#[derive(Default)]
pub(super) struct Follow {
    goal: Option<Vec2>,
    event: Option<usize>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn follow_and_zoom(
    viewer: Res<Viewer>,
    rect: Res<MapRect>,
    fit: Option<Res<CameraFit>>,
    geometry: Option<Res<MapGeometry>>,
    (wheel, motion, buttons): (
        Option<Res<AccumulatedMouseScroll>>,
        Option<Res<AccumulatedMouseMotion>>,
        Res<ButtonInput<MouseButton>>,
    ),
    time: Res<Time>,
    windows: Query<&Window, With<PrimaryWindow>>,
    heroes: Query<(&Hero, &HexPos)>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut follow: Local<Follow>,
    (strip, counters): (
        Query<&ComputedNode, With<crate::app::hud::CounterStrip>>,
        crate::app::input::CountersShut,
    ),
) {
    let (Ok((mut at, mut projection)), Some(fit), Some(geometry)) =
        (cameras.single_mut(), fit, geometry)
    else {
        return;
    };
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let frame = rect.0;
    let mut camera = at.translation.truncate();
    // The counters' box over the map's top: a map with room to spare goes below it, as in a
    // battle (a play-test's replay of the bank job had the box over the east end, the goal's
    // words under it).
    let top = crate::app::input::kept_clear(&strip, &frame, &counters);
    let kept = |scale: f32, camera: Vec2| {
        crate::app::input::clamp_camera_below(&frame, scale, camera, (fit.center, fit.map), top)
    };
    // The wheel zooms about the pointer: the world point under it stays under it.
    let pointer = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position())
        .filter(|p| frame.map.contains(*p));
    if let (Some(wheel), Some(pointer)) = (wheel, pointer)
        && wheel.delta.y != 0.0
    {
        let steps = wheel.delta.y.signum() * wheel.delta.y.abs().clamp(0.5, 3.0);
        let max_scale = (fit_camera(&frame, fit.center, fit.map).0 * 1.15).max(1.0);
        let before = world_at(&frame, ortho.scale, camera, pointer);
        ortho.scale = (ortho.scale * 1.15f32.powf(-steps)).clamp(0.35, max_scale);
        camera += before - world_at(&frame, ortho.scale, camera, pointer);
        follow.goal = None;
    }
    // A drag over the map pans it: the world point under the pointer goes with it.
    if let (Some(motion), Some(_)) = (motion, pointer)
        && buttons.pressed(MouseButton::Left)
        && motion.delta != Vec2::ZERO
    {
        camera += Vec2::new(-motion.delta.x, motion.delta.y) * ortho.scale;
        follow.goal = None;
    }
    // A new event: its figure, when out of sight, is where the view goes.
    if follow.event != Some(viewer.at) {
        // A jump (to a round, the start, the end): the view goes to the figure of the first
        // event to come that names a hero, where the round jumped to begins (a play-test's
        // jump left the view on the last round's end); a step: to the newest event's.
        let jumped = follow.event.is_some_and(|e| e.abs_diff(viewer.at) > 1);
        follow.event = Some(viewer.at);
        let actor = figure_to_show(&viewer, &heroes, jumped);
        if let Some(pos) = actor {
            let (c, r) = offset_of(pos);
            let p = geometry.center(c, r);
            let d = p - camera;
            let screen = frame.window / 2.0 + Vec2::new(d.x, -d.y) / ortho.scale;
            let inner = Rect::from_center_size(frame.map.center(), frame.map.size() * 0.8);
            // After a jump the view centres there even when it is in sight: the eye starts
            // the round from that figure.
            if jumped || !inner.contains(screen) {
                let goal = camera_for(&frame, ortho.scale, p);
                follow.goal = Some(kept(ortho.scale, goal));
            }
        }
    }
    if let Some(goal) = follow.goal {
        camera = camera.lerp(goal, 1.0 - (-9.0 * time.delta_secs()).exp());
        if camera.distance(goal) < 1.0 {
            camera = goal;
            follow.goal = None;
        }
    }
    let camera = kept(ortho.scale, camera);
    if follow.goal.is_some() && camera.distance(at.translation.truncate()) < 0.25 {
        follow.goal = None;
    }
    if at.translation.truncate() != camera {
        at.translation = camera.extend(at.translation.z);
    }
}

/// Where the view looks for the event shown: the hex of the figure of the newest event shown
/// that names a hero (a round's end, a verdict name nobody); after a jump, of the first event
/// to come that does.
fn figure_to_show(viewer: &Viewer, heroes: &Query<(&Hero, &HexPos)>, jumped: bool) -> Option<Hex> {
    let at = viewer.at.min(viewer.events.len());
    let (shown, to_come) = viewer.events.split_at(at);
    let hex_of = |e: &crate::sim::model::LogEvent| {
        let name = e.actor.as_deref()?;
        heroes
            .iter()
            .find(|(h, _)| h.name == name)
            .map(|(_, p)| p.0)
    };
    let newest = || shown.iter().rev().find_map(hex_of);
    if jumped {
        to_come.iter().find_map(hex_of).or_else(newest)
    } else {
        newest()
    }
}
