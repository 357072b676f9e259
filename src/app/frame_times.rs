//! `play --frame-times SECONDS` (issue 24): the rendered frame time of the screen shown, as a
//! player's machine renders it (`FrameTimeDiagnosticsPlugin`), measured after the first frames
//! have settled, printed, then the game quits.

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;

/// Seconds the first frames (loading, the first layout) have to settle.
const SETTLE: f32 = 3.0;

/// What is measured: for how long, and each frame's time (ms) once settled.
#[derive(Resource, Debug, Default)]
struct FrameTimes {
    seconds: f32,
    samples: Vec<f64>,
}

pub fn measure_then_quit(app: &mut App, seconds: f32) {
    app.add_plugins(FrameTimeDiagnosticsPlugin::default())
        .insert_resource(FrameTimes {
            seconds: seconds.max(1.0),
            samples: Vec::new(),
        })
        .add_systems(Last, record);
}

/// Summary of frame times in milliseconds: (median, mean, 95th percentile).
pub fn summary(samples: &[f64]) -> Option<(f64, f64, f64)> {
    if samples.is_empty() {
        return None;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
    Some((at(0.5), mean, at(0.95)))
}

fn record(
    time: Res<Time<Real>>,
    store: Res<DiagnosticsStore>,
    mut times: ResMut<FrameTimes>,
    mut exit: MessageWriter<AppExit>,
) {
    let elapsed = time.elapsed_secs();
    if elapsed < SETTLE {
        return;
    }
    if let Some(ms) = store
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|d| d.value())
    {
        times.samples.push(ms);
    }
    if elapsed >= SETTLE + times.seconds {
        if let Some((median, mean, p95)) = summary(&times.samples) {
            println!(
                "frame time over {} frames: median {median:.1} ms, mean {mean:.1} ms, 95th \
                 percentile {p95:.1} ms ({:.1} frames a second)",
                times.samples.len(),
                1000.0 / mean
            );
        }
        exit.write(AppExit::Success);
    }
}
