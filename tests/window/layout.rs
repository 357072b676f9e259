//! The window at three sizes: the UI scales with it, and the map fits the room the panel,
//! banner and action bar leave it (nothing covers its edge rows).

use super::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use tarnation::app::board::MapGeometry;
use tarnation::app::input::{CameraFit, MapRect, readable_scale};
use tarnation::rules::hexmap::offset_of;
use tarnation::sim::model::{HexPos, Side};

/// The bench level's tokens' initials drawn larger at its zoom `s` (14 px on the screen); back
/// to the main menu.
fn bench_initials_read(app: &mut App, s: f32) {
    app.update();
    let mut labels = app
        .world_mut()
        .query_filtered::<&Transform, With<tarnation::app::board::marks::ReadableLabel>>();
    let scales: Vec<f32> = labels.iter(app.world()).map(|t| t.scale.x).collect();
    assert!(scales.len() >= 24, "{}", scales.len());
    assert!(scales.iter().all(|&x| x == s), "{scales:?}");
    // A hero ducks behind cover: the token's DUCKED tag grows with the zoom as one stack.
    let mut heroes = app
        .world_mut()
        .query_filtered::<Entity, With<tarnation::sim::model::Hero>>();
    let hero = heroes.iter(app.world()).next().expect("a hero");
    app.world_mut()
        .entity_mut(hero)
        .insert(tarnation::sim::model::BehindCover(true));
    app.update();
    app.update();
    let mut tags = app.world_mut().query::<(&Text2d, &ChildOf)>();
    let stacks: Vec<Entity> = tags
        .iter(app.world())
        .filter(|(t, _)| t.0 == "DUCKED")
        .map(|(_, parent)| parent.parent())
        .collect();
    assert_eq!(stacks.len(), 1);
    let stack = app.world().entity(stacks[0]);
    assert!(stack.contains::<tarnation::app::board::marks::ReadableLabel>());
    assert_eq!(stack.get::<Transform>().unwrap().scale.x, s);
    tap(app, KeyCode::Escape);
    tap(app, KeyCode::KeyM);
}

/// The bench level: six against six across a 48 x 32 town.
const BENCH: &str = "Six against six at Cottonwood Crossing";

#[test]
fn the_layout_follows_the_window_at_three_sizes() {
    for (w, h, scale) in [
        (1280u32, 720u32, 1.0f32),
        (1920, 1080, 1.5),
        (2560, 1440, 2.0),
    ] {
        let mut app = window_app(9);
        app.world_mut().spawn((
            Window {
                resolution: WindowResolution::new(w, h),
                ..default()
            },
            PrimaryWindow,
        ));
        app.update();
        assert_eq!(app.world().resource::<UiScale>().0, scale, "{w}x{h}");
        for (level, human) in [
            ("The Laroq Mine", 0),
            ("Hightailing through Diablo Gulch", 0),
            ("Hightailing through Diablo Gulch", 1),
            (BENCH, 0),
        ] {
            let controls = if human == 0 {
                [Control::Human, Control::Computer]
            } else {
                [Control::Computer, Control::Human]
            };
            start(&mut app, level, &controls);
            app.update();
            let frame = app.world().resource::<MapRect>().0;
            assert_eq!(frame.window, Vec2::new(w as f32, h as f32));
            let (at, s) = view(&mut app);
            let geometry = *app.world().resource::<MapGeometry>();
            let fit = *app.world().resource::<CameraFit>();
            let battle = app.world().resource::<Battle>().map.clone();
            let to_screen = |p: Vec2| {
                Vec2::new(
                    (p.x - at.x) / s + frame.window.x / 2.0,
                    frame.window.y / 2.0 - (p.y - at.y) / s,
                )
            };
            let half = Vec2::new(26.0, 30.0) / s;
            // The map reads at the UI's size: as far out as 1.5 world units a pixel at
            // 1280x720, 1 at 1920x1080.
            let readable = readable_scale(&frame);
            assert_eq!(readable, 1.5 / scale);
            if fit.fit <= readable {
                // Every hex, corners and all, lies inside the map's room.
                for (hex, _) in battle.hexes() {
                    let (c, r) = offset_of(hex);
                    let screen = to_screen(geometry.center(c, r));
                    assert!(
                        frame.map.contains(screen - half) && frame.map.contains(screen + half),
                        "{level} at {w}x{h}: hex {c},{r} at {screen} outside {:?}",
                        frame.map
                    );
                }
            } else {
                // Too long to read whole: a readable zoom on the human heroes (or as far out
                // as shows them all, never further than the whole map), the map's edges not
                // inside the room.
                assert!(s >= readable && s <= fit.fit, "{level} at {w}x{h}: {s}");
                // The human's heroes and the foe nearest them (whom they face); the bench
                // level's lines stand too far apart: its own heroes at a readable zoom.
                let bench = level == BENCH && s == readable;
                assert_eq!(bench, level == BENCH, "{level} at {w}x{h}: {s}");
                let mut q = app.world_mut().query::<(&HexPos, &Side)>();
                let (humans, foes): (Vec<_>, Vec<_>) =
                    q.iter(app.world()).partition(|(_, side)| side.0 == human);
                let humans: Vec<_> = humans.into_iter().map(|(p, _)| p.0).collect();
                let nearest = foes
                    .into_iter()
                    .map(|(p, _)| p.0)
                    .min_by_key(|f| humans.iter().map(|h| h.unsigned_distance_to(*f)).min())
                    .expect("a foe");
                for hex in humans.iter().copied().chain((!bench).then_some(nearest)) {
                    let (c, r) = offset_of(hex);
                    assert!(
                        frame.map.contains(to_screen(geometry.center(c, r))),
                        "{level} at {w}x{h}: {c},{r} in view"
                    );
                }
                if bench {
                    // Closer in than a world unit a pixel (2560x1440), the initials keep
                    // their own size.
                    bench_initials_read(&mut app, s.max(1.0));
                    continue;
                }
                let lo = fit.center - fit.map / 2.0;
                let hi = fit.center + fit.map / 2.0;
                let left = to_screen(lo);
                let right = to_screen(hi);
                assert!(
                    left.x <= frame.map.min.x + 13.0 * frame.scale
                        && right.x >= frame.map.max.x - 13.0 * frame.scale,
                    "{level} at {w}x{h}: {left} {right} {:?}",
                    frame.map
                );
            }
            tap(&mut app, KeyCode::Escape);
            tap(&mut app, KeyCode::KeyM);
        }
    }
}

/// The bench level's two lines stand a map's width apart: at the start the Cowboys are out of
/// view, and a mark in their colour stands at the map area's right edge, pointing right and
/// counting them; the Regulators (in view) have none. A click on it eases the view to them:
/// then the Cowboys are in view, and the Regulators' mark points left.
#[test]
fn a_mark_at_the_edge_points_to_heroes_out_of_view() {
    use tarnation::app::hud::{OffscreenMark, offscreen_words};
    let mut app = window_app(9);
    // The computer's steps wait for the player's key. A Cowboy may have shot before the first
    // Regulator declares: the view stays with the declarer (it went to the shot, then, by the
    // time of the run, off every Regulator).
    app.world_mut()
        .resource_mut::<tarnation::app::input::Bindings>()
        .0
        .pace = tarnation::app::input::Pace::Step;
    start(&mut app, BENCH, &[Control::Human, Control::Computer]);
    app.update();
    let frame = app.world().resource::<MapRect>().0;
    let marks = |app: &mut App| -> Vec<(usize, String, Vec2)> {
        let mut q = app
            .world_mut()
            .query::<(Entity, &OffscreenMark, &Visibility, &Node)>();
        let shown: Vec<(Entity, usize, Vec2)> = q
            .iter(app.world())
            .filter(|(_, _, v, _)| **v != Visibility::Hidden)
            .map(|(e, m, _, n)| {
                let at = |v: Val| if let Val::Px(p) = v { p } else { f32::NAN };
                (e, m.0, Vec2::new(at(n.left), at(n.top)))
            })
            .collect();
        shown
            .into_iter()
            .map(|(e, side, at)| (side, offscreen_words(app.world(), e), at))
            .collect()
    };
    let first = marks(&mut app);
    assert_eq!(first.len(), 1, "{first:?}");
    let (side, words, at) = first[0].clone();
    assert_eq!((side, words.as_str()), (1, "\u{25B6} Cowboys 6"));
    assert!(
        at.x > frame.map.center().x / frame.scale,
        "at the right edge: {at}"
    );
    assert!(click::<OffscreenMark>(&mut app, |m| m.0 == 1));
    for _ in 0..60 {
        app.update();
    }
    let after = marks(&mut app);
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(
        (after[0].0, after[0].1.as_str()),
        (0, "\u{25C0} Regulators 6")
    );
    assert!(after[0].2.x < frame.map.center().x / frame.scale);
}

/// The settings screen: a key is rebound by clicking the action and pressing the key; a key
/// another action holds is refused; the pace and the palette are switched by clicks.
#[test]
fn settings_rebind_by_pressing_refuse_conflicts_and_set_the_pace() {
    use tarnation::app::input::{BattleAction, Pace};
    use tarnation::app::layout::Palette;
    use tarnation::app::settings_screen::{PaceChoice, PaletteToggle, RebindButton, Rebinding};
    let mut app = window_app(1);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Settings);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Settings);
    // Cock on F: F cycles the shot: refused, K stays.
    assert!(super::click::<RebindButton>(&mut app, |b| b.0 == BattleAction::Cock));
    tap(&mut app, KeyCode::KeyF);
    let keys = app.world().resource::<Bindings>().clone();
    assert_eq!(keys.key(BattleAction::Cock), "K");
    assert!(
        app.world()
            .resource::<Rebinding>()
            .message
            .starts_with("Refused")
    );
    // Cock on F12: bound, and the battle's keys follow.
    assert!(super::click::<RebindButton>(&mut app, |b| b.0 == BattleAction::Cock));
    tap(&mut app, KeyCode::F12);
    assert_eq!(
        app.world().resource::<Bindings>().key(BattleAction::Cock),
        "F12"
    );
    // The pace and the palette.
    assert!(super::click::<PaceChoice>(&mut app, |p| p.0 == Pace::Slow));
    assert_eq!(app.world().resource::<Bindings>().0.pace, Pace::Slow);
    assert!(super::click::<PaletteToggle>(&mut app, |_| true));
    assert!(app.world().resource::<Palette>().colorblind);
}
