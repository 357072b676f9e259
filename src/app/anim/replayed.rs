//! The replay viewer shows what live play showed (issue 24): stepping forward through a
//! recording, each shot draws its tracer, each blow and shot its flash, and the words of the
//! hit stand over the figure hit, at the player's pace. A play-test stepped through a mine
//! raid and saw each shot only in the log. Nothing is simulated: the events are the
//! recording's, read as the viewer shows them.

use super::words;
use super::{Fade, Palette, Placed, spawn_flash, spawn_tracer};
use crate::app::input::Bindings;
use crate::sim::model::{Hero, MatchLog};
use bevy::prelude::*;

/// More events than this shown at once is a jump (to a round, to the end), not a step: it is
/// shown as it stands, with nothing drawn.
const STEP_MOST: usize = 40;

/// The attacks among the events the viewer has just shown, stepping forward, drawn as live
/// play drew them.
pub(super) fn replayed_attacks(
    log: Res<MatchLog>,
    mut seen: Local<usize>,
    (keys, palette): (Res<Bindings>, Res<Palette>),
    figures: Query<(&Transform, &Hero), With<Placed>>,
    shown: words::Shown,
    (mut meshes, mut materials): (ResMut<Assets<Mesh>>, ResMut<Assets<ColorMaterial>>),
    mut commands: Commands,
    (cameras, windows): (words::Cameras, words::MapView),
) {
    let len = log.events.len();
    let from = std::mem::replace(&mut *seen, len);
    if len <= from || len - from > STEP_MOST {
        return;
    }
    let pace = keys.0.pace;
    let at = |name: &str| {
        figures
            .iter()
            .find(|(_, h)| h.name == name)
            .map(|(t, _)| t.translation.truncate())
    };
    let tokens = figures.iter().map(|(t, _)| t.translation.truncate());
    let mut room = words::Room::now(&shown, &cameras, &windows, tokens);
    for event in &log.events[from..] {
        let Some((a, b, target, hit)) = attack(event, &at) else {
            continue;
        };
        if event.kind == "shot" && a.distance(b) > 1.0 {
            spawn_tracer(
                &mut commands,
                (&mut meshes, &mut materials),
                (a, b),
                (palette.tracer, pace.shot_secs()),
            );
        }
        spawn_flash(
            &mut commands,
            (&mut meshes, &mut materials),
            b,
            hit,
            (&palette, pace.shot_secs()),
        );
        let (said, colour) = words::over_the_target(Some(event), target, hit, &palette);
        room.say(&mut commands, said, (b, 30.0), (colour, pace.words_secs()));
    }
}

/// A shot or a blow of the log: where its attacker and its target stand, the target's name,
/// and whether it hit.
fn attack<'a>(
    event: &'a crate::sim::model::LogEvent,
    at: &impl Fn(&str) -> Option<Vec2>,
) -> Option<(Vec2, Vec2, &'a str, bool)> {
    if !matches!(event.kind.as_str(), "shot" | "melee") {
        return None;
    }
    let target = event.fields.get("target")?.as_str()?;
    let hit = event
        .fields
        .get("hit")
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    Some((at(event.actor.as_deref()?)?, at(target)?, target, hit))
}

/// Leaving the viewer, what it drew and has not yet faded goes with it.
pub(super) fn clear_replayed(mut commands: Commands, fading: Query<Entity, With<Fade>>) {
    for e in &fading {
        commands.entity(e).despawn();
    }
}
