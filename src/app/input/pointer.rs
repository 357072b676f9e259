//! The pointer and the camera: the hex under the cursor (or the one `--hover` names), panning
//! that stops at the map's edges, zooming at the pointer, and the frame of the window.

use super::bindings::BattleAction;
use super::clicks::BattleInput;
use super::selection::{ForcedHover, Selection};
use super::view::*;
use crate::app::board::MapGeometry;
use crate::app::layout::{Frame, WINDOW_H, WINDOW_W, frame};
use crate::app::state::Pause;
use crate::app::widgets::CoversMap;
use crate::rules::hexmap::offset_of;
use crate::sim::model::Battle;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The window pixels at the map area's top the counters' box covers: the view and the words
/// over the map keep clear of them.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct MapTopKept(pub f32);

/// The frame of the window now: where the map, the panel, the banner and the bar are.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct MapRect(pub Frame);

impl Default for MapRect {
    fn default() -> Self {
        MapRect(frame(WINDOW_W, WINDOW_H))
    }
}

/// A world point the view is asked to ease to (a click on a mark of heroes out of view).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct LookAt(pub Option<Vec2>);

/// Follow the window's size: the frame, and the UI scale.
pub(super) fn track_frame(
    windows: Query<&Window, With<PrimaryWindow>>,
    mut rect: ResMut<MapRect>,
    mut ui_scale: ResMut<UiScale>,
) {
    let Ok(window) = windows.single() else { return };
    let now = frame(window.width(), window.height());
    if rect.0 != now {
        rect.0 = now;
    }
    if ui_scale.0 != now.scale {
        ui_scale.0 = now.scale;
    }
}

/// The boxes drawn over the map (a choice to make, the legend): the pointer over one is not
/// on the map.
type MapBoxes<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
    ),
    With<CoversMap>,
>;

/// The pointer is over a box shown on the map.
fn over_a_box(window: &Window, boxes: &MapBoxes) -> bool {
    window.physical_cursor_position().is_some_and(|p| {
        boxes
            .iter()
            .any(|(node, at, shown)| shown.get() && node.contains_point(*at, p))
    })
}

pub(super) fn hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    geometry: Option<Res<MapGeometry>>,
    rect: Res<MapRect>,
    battle: Res<Battle>,
    mut selection: ResMut<Selection>,
    forced: Option<Res<ForcedHover>>,
    covers: (Option<Res<State<Pause>>>, MapBoxes),
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
    // Under the Esc menu, or over a box drawn on the map, the pointer is not on the map.
    let (pause, boxes) = covers;
    let covered = pause.is_some_and(|p| *p.get() == Pause::Paused) || over_a_box(window, &boxes);
    // Over the panel, the banner or the bar, the pointer is not on the map.
    let Some(world) = window
        .cursor_position()
        .filter(|_| !covered)
        .filter(|p| rect.0.map.contains(*p))
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

/// Arrows pan (stopping at the map's edges), +/- and the wheel zoom (the wheel at the
/// pointer); a new window size fits the map again.
pub(super) fn camera(
    actions: BattleInput,
    pause: Res<State<Pause>>,
    time: Res<Time>,
    rect: Res<MapRect>,
    fit: Option<Res<CameraFit>>,
    wheel: Option<Res<AccumulatedMouseScroll>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut last_frame: Local<Option<Frame>>,
    follow: (
        Res<crate::sim::model::RoundState>,
        Query<&crate::sim::model::HexPos>,
        Option<Res<MapGeometry>>,
        Local<Option<(Entity, hexx::Hex)>>,
        Local<Option<Vec2>>,
        Riders,
    ),
    mut acting: Acting,
    strip: Query<&ComputedNode, With<crate::app::hud::CounterStrip>>,
    (mut look, mut kept, counters): (ResMut<LookAt>, ResMut<MapTopKept>, CountersShut),
    boxes: MapBoxes,
) {
    let (round, positions, geometry, mut last_declarer, mut easing_to, riders) = follow;
    let (Ok((mut at, mut projection)), Some(fit)) = (cameras.single_mut(), fit) else {
        return;
    };
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let frame = rect.0;
    if *last_frame != Some(frame) || fit.is_changed() {
        *last_frame = Some(frame);
        // The view is fitted anew (a battle begins, a save is loaded): what the log held
        // before is read, and the view follows only who acts from now on (a bench test's
        // first view went to a Cowboy's start of the battle, off the player's heroes).
        *acting.2 = acting.0.events.len();
        let (scale, camera) = first_view(&frame, &fit);
        ortho.scale = scale;
        at.translation = camera.extend(at.translation.z);
        return;
    }
    if *pause.get() == Pause::Paused {
        return;
    }
    let (min_scale, max_scale) = (
        0.35,
        (fit_camera(&frame, fit.center, fit.map).0 * 1.15).max(1.0),
    );
    let mut camera = at.translation.truncate();
    let speed = 600.0 * ortho.scale * time.delta_secs();
    if let Some(by) = panned(&actions) {
        camera += by * speed;
        // The player pans: the view no longer eases anywhere on its own.
        *easing_to = None;
    }
    let wheel_at = wheel_on_the_map(wheel.as_deref(), &windows, &boxes, &frame);
    let view = (ortho.scale, camera);
    (ortho.scale, camera) = zoomed(&actions, wheel_at, &frame, view, (min_scale, max_scale));
    // The counters' box over the map's top: a map with room to spare goes below it.
    let top = kept_clear(&strip, &frame, &counters);
    if kept.0 != top {
        kept.0 = top;
    }
    // A hero acting out of sight: the view goes to it (a play-test of the bench level watched
    // one line while the other's shots resolved off the screen).
    if let Some(at) = actor_at(acting, geometry.as_deref()) {
        *easing_to = goal_for(&frame, (ortho.scale, camera), at, &fit, top).or(*easing_to);
    }
    // A new declarer, or the same one carried to a new hex, out of sight where the view is
    // going: the view goes to it. A play-test of the gulch began Hank's declaration with his
    // galloping token half off the map: the same hero declared again, so the view had not
    // moved. The declarer wins over a hero who acted before it declared.
    let declarer = round
        .declarer()
        .and_then(|e| positions.get(e).ok().map(|p| (e, p.0)));
    if declarer != *last_declarer {
        *last_declarer = declarer;
        let at = declarer
            .zip(geometry.as_deref())
            .map(|(d, g)| declarer_seen_at(&riders, g, d, frame.map.width() * ortho.scale));
        let view = (&frame, ortho.scale, &*fit, top);
        *easing_to = to_the_declarer(view, *easing_to, camera, at).or(*easing_to);
    }
    // Asked to look somewhere (a mark of heroes out of view clicked): the view eases there.
    if let Some(to) = look.0.take() {
        let goal = camera_for(&frame, ortho.scale, to);
        *easing_to = Some(kept_on_map(&frame, ortho.scale, goal, &fit, top));
    }
    let camera = eased(camera, &mut easing_to, time.delta_secs());
    let camera = kept_on_map(&frame, ortho.scale, camera, &fit, top);
    // Held at the map's edge (the player zoomed out meanwhile): the easing is over.
    if easing_to.is_some() && camera.distance(at.translation.truncate()) < 0.25 {
        *easing_to = None;
    }
    if at.translation.truncate() != camera {
        at.translation = camera.extend(at.translation.z);
    }
}

/// The wheel's turn and the pointer, when the pointer is on the map. The wheel over a box on
/// the map (a choice to make, the legend) is the box's, not the map's: a play-test's wheel
/// over the bumps' box zoomed the map behind it.
fn wheel_on_the_map(
    wheel: Option<&AccumulatedMouseScroll>,
    windows: &Query<&Window, With<PrimaryWindow>>,
    boxes: &MapBoxes,
    frame: &Frame,
) -> Option<(f32, Vec2)> {
    let pointer = windows
        .single()
        .ok()
        .filter(|w| !over_a_box(w, boxes))
        .and_then(|w| w.cursor_position())
        .filter(|p| frame.map.contains(*p));
    wheel.map(|w| w.delta.y).filter(|d| *d != 0.0).zip(pointer)
}

/// The view a frame of `dt` seconds nearer where it eases to (about a third of a second all
/// told, so a player sees where); there, the easing is over.
fn eased(camera: Vec2, easing_to: &mut Option<Vec2>, dt: f32) -> Vec2 {
    let Some(goal) = *easing_to else {
        return camera;
    };
    let moved = camera.lerp(goal, 1.0 - (-9.0 * dt).exp());
    if moved.distance(goal) < 1.0 {
        *easing_to = None;
        return goal;
    }
    moved
}

/// Where the view eases to show the declarer at `at`, judged where the view is going (the
/// `easing` goal, else the `camera`): `None` when it is in sight there.
fn to_the_declarer(
    (frame, scale, fit, top): (&Frame, f32, &CameraFit, f32),
    easing: Option<Vec2>,
    camera: Vec2,
    at: Option<Vec2>,
) -> Option<Vec2> {
    goal_for(frame, (scale, easing.unwrap_or(camera)), at?, fit, top)
}

/// The log, the heroes' names and hexes, and how far the log was read: who acted lately.
type Acting<'w, 's> = (
    Res<'w, crate::sim::model::MatchLog>,
    Query<
        'w,
        's,
        (
            &'static crate::sim::model::Hero,
            &'static crate::sim::model::HexPos,
        ),
    >,
    Local<'s, usize>,
);

/// The riders and their mounts: heading and speed.
type Riders<'w, 's> = (
    Query<'w, 's, &'static crate::sim::model::MountedOn>,
    Query<
        'w,
        's,
        (
            &'static crate::sim::model::Mount,
            &'static crate::sim::model::Facing,
        ),
    >,
);

/// How far ahead of a rider on a moving mount the view looks, as a part of the view's width,
/// along the mount's heading: the rider is shown with the ground it rides into. A play-test
/// of the gulch saw the view wait until Hank was at the map's right edge, then jump, the
/// ground ahead hidden until it did.
fn rider_lead(
    (mounted, mounts): &Riders,
    geometry: &MapGeometry,
    hero: Entity,
    at: hexx::Hex,
) -> Option<Vec2> {
    let (mount, heading) = mounts.get(mounted.get(hero).ok()?.0).ok()?;
    if mount.speed == 0 {
        return None;
    }
    let ahead =
        geometry.hex_center(crate::rules::hexmap::step(at, heading.0)) - geometry.hex_center(at);
    Some(ahead.try_normalize()? * RIDER_LEAD)
}

/// The point the view shows of the declarer standing at `at` in a view `width` world units
/// wide: its hex, or a rider's ground ahead of it (`rider_lead`).
fn declarer_seen_at(
    riders: &Riders,
    geometry: &MapGeometry,
    (hero, at): (Entity, hexx::Hex),
    width: f32,
) -> Vec2 {
    geometry.hex_center(at) + rider_lead(riders, geometry, hero, at).unwrap_or(Vec2::ZERO) * width
}

/// The part of the view's width a rider's view looks ahead (the rider then stands this far
/// behind the view's middle).
const RIDER_LEAD: f32 = 0.3;

/// Where the hero who acted since the log was last read stands (`seen`: the log's length
/// then), if one did.
fn actor_at((log, heroes, mut seen): Acting, geometry: Option<&MapGeometry>) -> Option<Vec2> {
    if log.events.len() < *seen {
        *seen = 0;
    }
    let actor = acting_hero(&log.events[*seen..]);
    *seen = log.events.len();
    let (_, at) = heroes
        .iter()
        .find(|(h, _)| Some(h.name.as_str()) == actor)?;
    geometry.map(|g| g.hex_center(at.0))
}

/// The hero who acted last among `new` log events where a player wants to see it: the firer
/// of a shot, the striker of a blow, a hero walking, one arriving. Not a load, a cock or a gun
/// drawn: the view jumping to each of those is the view jumping every segment.
fn acting_hero(new: &[crate::sim::model::LogEvent]) -> Option<&str> {
    const ACTS: [&str; 5] = ["shot", "melee", "free_attack", "escape", "arrive"];
    new.iter()
        .rev()
        .filter(|e| {
            ACTS.contains(&e.kind.as_str())
                || (e.kind == "resolve" && e.fields.contains_key("paces"))
        })
        .find_map(|e| e.actor.as_deref())
}

/// The way the arrows held pan the view, if any is held.
fn panned(actions: &BattleInput) -> Option<Vec2> {
    let held: Vec<Vec2> = [
        (BattleAction::PanLeft, Vec2::NEG_X),
        (BattleAction::PanRight, Vec2::X),
        (BattleAction::PanUp, Vec2::Y),
        (BattleAction::PanDown, Vec2::NEG_Y),
    ]
    .into_iter()
    .filter(|(action, _)| actions.pressed(*action))
    .map(|(_, dir)| dir)
    .collect();
    (!held.is_empty()).then(|| held.into_iter().sum())
}

/// The zoom asked this frame: +/- about the map area's middle, the wheel (its turn and the
/// pointer) about the pointer, each keeping the world point under it where it is. The new
/// scale and camera position, the scale within `(least, most)`.
fn zoomed(
    actions: &BattleInput,
    wheel: Option<(f32, Vec2)>,
    frame: &Frame,
    (mut scale, mut camera): (f32, Vec2),
    (least, most): (f32, f32),
) -> (f32, Vec2) {
    let mut zoom = |factor: f32, about: Vec2| {
        let before = world_at(frame, scale, camera, about);
        scale = (scale * factor).clamp(least, most);
        camera += before - world_at(frame, scale, camera, about);
    };
    let middle = frame.map.center();
    if actions.just_pressed(BattleAction::ZoomIn) {
        zoom(1.0 / 1.25, middle);
    }
    if actions.just_pressed(BattleAction::ZoomOut) {
        zoom(1.25, middle);
    }
    if let Some((turn, pointer)) = wheel {
        let steps = turn.signum() * turn.abs().clamp(0.5, 3.0);
        zoom(1.15f32.powf(-steps), pointer);
    }
    (scale, camera)
}

/// Whether the player folded the counters' box, and where it stands open.
pub(crate) type CountersShut<'w> = (
    Option<Res<'w, crate::app::hud::CountersDucked>>,
    Option<Res<'w, crate::app::hud::CountersFolded>>,
);

/// The window pixels to keep clear at the map's top: the counters' box over it, if any, as it
/// stands open unless the player folded it. The box folds itself from over a hero and a box of
/// choices: a play-test's map slid 70 px up and down with it between pointing at a foe and
/// clicking, and the right click walked to an empty hex.
pub(crate) fn kept_clear(
    strip: &Query<&ComputedNode, With<crate::app::hud::CounterStrip>>,
    frame: &Frame,
    (ducked, folded): &CountersShut,
) -> f32 {
    let now = strip
        .iter()
        .map(|n| n.size().y * n.inverse_scale_factor() * frame.scale)
        .reduce(f32::max);
    let open = ducked.as_ref().and_then(|d| d.open_rect);
    let player_folded = folded.as_ref().is_some_and(|f| f.0);
    kept_top(now, open, player_folded, frame.scale)
}

/// What the map keeps clear at its top (window pixels): the counters' box as it stands `now`
/// (none: no box) or, unless the player folded it, as it stands `open`, and a margin.
fn kept_top(now: Option<f32>, open: Option<Rect>, player_folded: bool, scale: f32) -> f32 {
    let Some(now) = now else { return 0.0 };
    let high = match open {
        Some(open) if !player_folded => open.height(),
        _ => now,
    };
    high + 8.0 * scale
}

/// Where the view eases to show the world point `at` when it lies outside the middle 80 %
/// of the map area (`None`: it is in sight).
fn goal_for(
    frame: &Frame,
    (scale, camera): (f32, Vec2),
    at: Vec2,
    fit: &CameraFit,
    top: f32,
) -> Option<Vec2> {
    let screen = screen_at(frame, scale, camera, at);
    let inner = Rect::from_center_size(frame.map.center(), frame.map.size() * 0.8);
    (!inner.contains(screen))
        .then(|| kept_on_map(frame, scale, camera_for(frame, scale, at), fit, top))
}

/// The camera position clamped to the battle's map, clear of the top `top` window pixels.
fn kept_on_map(frame: &Frame, scale: f32, camera: Vec2, fit: &CameraFit, top: f32) -> Vec2 {
    clamp_camera_below(frame, scale, camera, (fit.center, fit.map), top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::MAP_MARGIN;

    /// The map keeps clear of the counters' box as it stands open while the box folds itself
    /// (from over a hero, under a box of choices), so the map does not slide with it; folded
    /// by the player, the box's line is all it keeps clear of; no box, nothing.
    #[test]
    fn the_map_keeps_clear_of_the_box_as_it_stands_open() {
        let open = Some(Rect::new(500.0, 66.0, 900.0, 190.0));
        assert_eq!(kept_top(Some(124.0), open, false, 1.0), 132.0);
        assert_eq!(
            kept_top(Some(30.0), open, false, 1.0),
            132.0,
            "folded itself"
        );
        assert_eq!(
            kept_top(Some(30.0), open, true, 1.0),
            38.0,
            "the player folded it"
        );
        assert_eq!(
            kept_top(Some(30.0), None, false, 1.5),
            42.0,
            "never seen open"
        );
        assert_eq!(kept_top(None, open, false, 1.0), 0.0);
    }

    /// The view follows the hero who acted last: the firer of the newest shot, not the hero
    /// declaring or paying meanwhile, nor a mount's own move.
    #[test]
    fn the_view_follows_the_hero_who_acted_last() {
        let event = |kind: &str, actor: &str| crate::sim::model::LogEvent {
            round: 1,
            segment: 5,
            actor: Some(actor.into()),
            kind: kind.into(),
            text: String::new(),
            fields: Default::default(),
        };
        let mut walk = event("resolve", "Ada Thorne");
        walk.fields.insert("paces".into(), 3.into());
        let new = vec![
            walk,
            event("shot", "Curly Bill"),
            event("declare", "Ike Clanton"),
            event("resolve", "Tom McLaury"),
        ];
        assert_eq!(acting_hero(&new), Some("Curly Bill"));
        // A load or a cock (a resolve with no walk) is not followed; a walk is.
        assert_eq!(acting_hero(&new[2..]), None);
        assert_eq!(acting_hero(&new[..1]), Some("Ada Thorne"));
    }

    /// The fitted map lies inside the map area, and panning cannot take it out.
    #[test]
    fn the_map_fits_and_panning_stops_at_its_edges() {
        let map = Vec2::new(900.0, 700.0);
        for (w, h) in [(1280.0, 720.0), (1920.0, 1080.0), (2560.0, 1440.0)] {
            let f = frame(w, h);
            let (scale, camera) = fit_camera(&f, Vec2::ZERO, map);
            let lo = world_at(&f, scale, camera, Vec2::new(f.map.min.x, f.map.max.y));
            let hi = world_at(&f, scale, camera, Vec2::new(f.map.max.x, f.map.min.y));
            assert!(lo.x <= -map.x / 2.0 && lo.y <= -map.y / 2.0, "{w}x{h}");
            assert!(hi.x >= map.x / 2.0 && hi.y >= map.y / 2.0, "{w}x{h}");
            // Zoomed in and pushed far off: the edge of the map stops at the area's edge.
            let zoomed = scale / 3.0;
            let pushed = clamp_camera(&f, zoomed, Vec2::new(5000.0, -5000.0), Vec2::ZERO, map);
            let hi = world_at(&f, zoomed, pushed, Vec2::new(f.map.max.x, f.map.min.y));
            let lo = world_at(&f, zoomed, pushed, Vec2::new(f.map.min.x, f.map.max.y));
            let margin = MAP_MARGIN * f.scale * zoomed + 0.01;
            assert!(hi.x <= map.x / 2.0 + margin, "{w}x{h}: {hi}");
            assert!(lo.y >= -map.y / 2.0 - margin, "{w}x{h}: {lo}");
        }
    }

    /// A wide map (the bank job's) with room to spare under the counters' box goes below it;
    /// with more box than room, it stays whole in the area.
    #[test]
    fn a_short_map_keeps_clear_of_the_counters() {
        let f = frame(1280.0, 720.0);
        let map = Vec2::new(1560.0, 500.0);
        let (scale, camera) = fit_camera(&f, Vec2::ZERO, map);
        // The map's top edge on the screen (window y grows down).
        let top_edge = |camera: Vec2| f.window.y / 2.0 - (map.y / 2.0 - camera.y) / scale;
        let centred = clamp_camera(&f, scale, camera, Vec2::ZERO, map);
        assert!(top_edge(centred) < f.map.min.y + 120.0, "centred, not low");
        let below = clamp_camera_below(&f, scale, camera, (Vec2::ZERO, map), 170.0);
        assert!(
            top_edge(below) >= f.map.min.y + 170.0 - 0.5,
            "{} under {}",
            top_edge(below),
            f.map.min.y + 170.0
        );
        let bottom_edge = top_edge(below) + map.y / scale;
        assert!(bottom_edge <= f.map.max.y + 0.5, "{bottom_edge}");
        let most = clamp_camera_below(&f, scale, camera, (Vec2::ZERO, map), 5000.0);
        let bottom_edge = top_edge(most) + map.y / scale;
        assert!(
            bottom_edge <= f.map.max.y - MAP_MARGIN + 0.5,
            "{bottom_edge}"
        );
    }
}
