//! The window at three sizes: the UI scales with it, and the map fits the room the panel,
//! banner and action bar leave it (nothing covers its edge rows).

use super::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use tarnation::app::board::MapGeometry;
use tarnation::app::input::MapRect;
use tarnation::rules::hexmap::offset_of;

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
        for level in ["The Laroq Mine", "Hightailing through Diablo Gulch"] {
            start(&mut app, level, &[Control::Human, Control::Computer]);
            app.update();
            let frame = app.world().resource::<MapRect>().0;
            assert_eq!(frame.window, Vec2::new(w as f32, h as f32));
            let mut q = app
                .world_mut()
                .query_filtered::<(&Transform, &Projection), With<Camera2d>>();
            let (camera, projection) = q.single(app.world()).unwrap();
            let Projection::Orthographic(ortho) = projection else {
                panic!("a 2D camera")
            };
            let (at, s) = (camera.translation.truncate(), ortho.scale);
            let geometry = *app.world().resource::<MapGeometry>();
            let battle = app.world().resource::<Battle>().map.clone();
            // Every hex, corners and all, lies inside the map's room.
            for (hex, _) in battle.hexes() {
                let (c, r) = offset_of(hex);
                let p = geometry.center(c, r);
                let screen = Vec2::new(
                    (p.x - at.x) / s + frame.window.x / 2.0,
                    frame.window.y / 2.0 - (p.y - at.y) / s,
                );
                let half = Vec2::new(26.0, 30.0) / s;
                assert!(
                    frame.map.contains(screen - half) && frame.map.contains(screen + half),
                    "{level} at {w}x{h}: hex {c},{r} at {screen} outside {:?}",
                    frame.map
                );
            }
            tap(&mut app, KeyCode::Escape);
            tap(&mut app, KeyCode::KeyM);
        }
    }
}
