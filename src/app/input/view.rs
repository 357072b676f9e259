//! The map's view as geometry: where the camera stands and how far it zooms to show the map
//! or a part of it, window points to world points and back, and the camera kept at the map's
//! edges (no systems: `pointer` moves the camera with these).

use crate::app::layout::{Frame, MAP_MARGIN};
use bevy::prelude::*;

/// The map's bounds in the world (centre and size), the zoom that fits it into the frame, and
/// where the view starts when the whole map would be too small to read (a long gulch).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct CameraFit {
    pub center: Vec2,
    pub map: Vec2,
    pub fit: f32,
    /// The middle and the size of what the first view must show: the human sides' heroes (all
    /// heroes when the computer plays every side), with a margin.
    pub focus: Vec2,
    pub focus_size: Vec2,
}

/// The farthest the first view zooms out (world units a pixel) at 1280x720: figures stay
/// readable; the wheel may zoom out to the whole map.
pub const READABLE_SCALE: f32 = 1.5;

/// The farthest the first view zooms out in a frame: `READABLE_SCALE` over the frame's UI
/// scale, so the map reads at the size the panel and the bar read at (at 1920x1080 a
/// play-test's gulch stood in a thin band, its tokens and speed numbers a third the size of
/// the panel's words).
pub fn readable_scale(frame: &Frame) -> f32 {
    READABLE_SCALE / frame.scale
}

/// The first view of the map in a frame: the whole map when it is readable so, else the
/// focus at a readable zoom, or as far out as it takes to show the focus whole (never further
/// than the whole map), kept inside the map's edges.
pub fn first_view(frame: &Frame, fit: &CameraFit) -> (f32, Vec2) {
    let (scale, camera) = fit_camera(frame, fit.center, fit.map);
    let readable = readable_scale(frame);
    if scale <= readable {
        return (scale, camera);
    }
    let need = fit_camera(frame, fit.focus, fit.focus_size)
        .0
        .clamp(readable, scale);
    let camera = camera_for(frame, need, fit.focus);
    (need, clamp_camera(frame, need, camera, fit.center, fit.map))
}

/// The scale and the camera position that show the whole map (`map`, world units, centred on
/// `center`) inside the frame's map area.
pub fn fit_camera(frame: &Frame, center: Vec2, map: Vec2) -> (f32, Vec2) {
    let room = (frame.map.size() - Vec2::splat(2.0 * MAP_MARGIN * frame.scale)).max(Vec2::ONE);
    let scale = (map.x / room.x).max(map.y / room.y).max(0.25);
    (scale, camera_for(frame, scale, center))
}

/// The camera position that puts the world point `at` in the middle of the map area.
pub fn camera_for(frame: &Frame, scale: f32, at: Vec2) -> Vec2 {
    let d = frame.map.center() - frame.window / 2.0;
    Vec2::new(at.x - d.x * scale, at.y + d.y * scale)
}

/// The window point a world point shows at (the inverse of [`world_at`]).
pub fn screen_at(frame: &Frame, scale: f32, camera: Vec2, at: Vec2) -> Vec2 {
    let d = at - camera;
    frame.window / 2.0 + Vec2::new(d.x, -d.y) / scale
}

/// Where the battle's 2D camera stands and its zoom (world units a pixel).
pub fn camera_view(
    cameras: &Query<(&Transform, &Projection), With<Camera2d>>,
) -> Option<(Vec2, f32)> {
    let (at, projection) = cameras.single().ok()?;
    match projection {
        Projection::Orthographic(ortho) => Some((at.translation.truncate(), ortho.scale)),
        _ => None,
    }
}

/// The world point under a window point.
pub fn world_at(frame: &Frame, scale: f32, camera: Vec2, screen: Vec2) -> Vec2 {
    let d = screen - frame.window / 2.0;
    Vec2::new(camera.x + d.x * scale, camera.y - d.y * scale)
}

/// Keep the map in the map area: when the map is wider (taller) than the area, its edge may
/// not come inside the area's; when it is narrower, it stays in the middle.
pub fn clamp_camera(frame: &Frame, scale: f32, camera: Vec2, center: Vec2, map: Vec2) -> Vec2 {
    clamp_camera_below(frame, scale, camera, (center, map), 0.0)
}

/// As [`clamp_camera`], and a map shorter than the area keeps clear of the top `top` window
/// pixels as far as the room allows (the counters' box over the map's top right corner):
/// it is centred in what is left below them.
pub fn clamp_camera_below(
    frame: &Frame,
    scale: f32,
    camera: Vec2,
    (center, map): (Vec2, Vec2),
    top: f32,
) -> Vec2 {
    let corner = |x: f32, y: f32| world_at(frame, scale, camera, Vec2::new(x, y)) - center;
    let min = corner(frame.map.min.x, frame.map.max.y);
    let max = corner(frame.map.max.x, frame.map.min.y);
    let margin = MAP_MARGIN * frame.scale * scale;
    let half = map / 2.0 + Vec2::splat(margin);
    let mut out = camera;
    for axis in 0..2 {
        let (lo, hi) = (min[axis], max[axis]);
        if hi - lo >= 2.0 * half[axis] {
            // The top is world y's high end; the room to spare bounds what is kept clear.
            let clear = if axis == 1 {
                (top * scale).min(hi - lo - 2.0 * half[axis])
            } else {
                0.0
            };
            out[axis] += -(lo + hi - clear) / 2.0;
        } else if lo < -half[axis] {
            out[axis] += -half[axis] - lo;
        } else if hi > half[axis] {
            out[axis] -= hi - half[axis];
        }
    }
    out
}

/// The battle's 2D camera: where it stands and its projection.
pub type Cameras<'w, 's> = Query<'w, 's, (&'static Transform, &'static Projection), With<Camera2d>>;

/// The window and what of the map's top the counters' box covers: where words over the map
/// may stand.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MapView<'w, 's> {
    windows: Query<'w, 's, &'static Window>,
    kept_clear: Option<Res<'w, crate::app::input::MapTopKept>>,
}

/// The map's part of the window, in world units, as the camera shows it now, less the top the
/// counters' box covers (a play-test read "+1 AP: stack fee" half hidden under it).
pub fn map_view(view: &MapView, cameras: &Cameras) -> Option<Rect> {
    let window = view.windows.iter().next()?;
    let frame = crate::app::layout::frame(window.width(), window.height());
    let (camera, scale) = camera_view(cameras)?;
    let top = view.kept_clear.as_ref().map_or(0.0, |k| k.0);
    let top = top.min(frame.map.height() / 2.0);
    let a = world_at(&frame, scale, camera, frame.map.min + Vec2::Y * top);
    let b = world_at(&frame, scale, camera, frame.map.max);
    Some(Rect::from_corners(a, b))
}

/// Where something `half` wide each side of `at` stands whole between `lo` and `hi`: moved in
/// from an edge it would cross; `None` when it is wider than the span (each caller says where
/// it goes then).
pub fn stand_within(at: f32, half: f32, (lo, hi): (f32, f32)) -> Option<f32> {
    (hi - lo >= 2.0 * half).then(|| at.clamp(lo + half, hi - half))
}
