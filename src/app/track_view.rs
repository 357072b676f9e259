//! The action track and the combat log in the window: segments 1-20 with the current one
//! marked, every hero's IN and tokens (spent, in front, to come), the action being paid, the
//! last initiative stack with its flipped cards, and the newest events of the match log.

use super::battle::{Battle, Down, Hero, Side, Track, Wounds};
use super::log::MatchLog;
use super::map_view::{PANEL_W, WINDOW_W};
use super::round::{Committed, RoundState};
use crate::rules::action_time::SEGMENTS;
use bevy::prelude::*;

/// The keys of a battle, beside the track.
const KEYS: &str = "Enter: pass  Backspace: hold round  Tab: next  Esc: menu
Right click: move/shoot  R: run  Q/E: turn  0: stack AP
G: ready  K: cock  L: load  H/T: off hand
F: shot kind  A: add to series  Z: fire it  N: fan
J: hand to hand  I: attack type  Y: careful
B: block  D: dodge  W: escape  S: disengage
P/U: prone/stand  C/X: duck/emerge  O: objective  9: mount";

/// The width of the track's column in the strip.
const TRACK_W: f32 = 500.0;

/// Events of the combat log shown, and the height of its box.
const LOG_LINES: usize = 11;
pub const LOG_H: f32 = 215.0;

pub struct TrackViewPlugin;

impl Plugin for TrackViewPlugin {
    fn build(&self, app: &mut App) {
        use super::screens::{Screen, ScreenSystems};
        app.add_systems(
            OnEnter(Screen::Battle),
            spawn_strip.after(ScreenSystems::LoadBattle),
        )
        .add_systems(
            Update,
            (show_track, show_log)
                .after(super::battle::BattleSystems::Round)
                .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
        );
    }
}

#[derive(Component)]
struct TrackText;

#[derive(Component)]
struct LogText;

fn spawn_strip(mut commands: Commands) {
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            bottom: px(0),
            width: px(WINDOW_W - PANEL_W),
            padding: UiRect::axes(px(10), px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.03, 0.02, 0.86)),
        DespawnOnExit(super::screens::Screen::Battle),
        children![
            (
                super::widgets::label("", 12.0, Color::srgb(0.95, 0.9, 0.78)),
                TrackText,
                Node {
                    width: px(TRACK_W),
                    flex_shrink: 0.0,
                    ..default()
                },
            ),
            (
                Node {
                    margin: UiRect::left(px(12)),
                    ..default()
                },
                children![super::widgets::label(
                    KEYS,
                    12.0,
                    Color::srgb(0.8, 0.76, 0.66)
                )],
            )
        ],
    ));
    // The combat log, at the foot of the hero panel.
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            bottom: px(0),
            width: px(PANEL_W),
            height: px(LOG_H),
            padding: UiRect::all(px(10)),
            overflow: Overflow::clip(),
            // The newest line stays in sight; the oldest are clipped at the top.
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::FlexEnd,
            ..default()
        },
        BackgroundColor(Color::srgba(0.2, 0.13, 0.08, 0.97)),
        GlobalZIndex(2),
        DespawnOnExit(super::screens::Screen::Battle),
        children![(
            super::widgets::label("", 12.0, Color::srgb(0.92, 0.9, 0.84)),
            LogText,
        )],
    ));
}

/// The track as text: a header of segment numbers, the current segment marked, and a row per
/// hero ('x' spent, 'O' in front, 'o' to come).
pub fn track_lines(
    round: &RoundState,
    heroes: &[(String, u32, Track, Option<String>, bool)],
) -> String {
    let now = round.segment;
    let mut header = String::from("ACTION TRACK      IN ");
    let mut marker = " ".repeat(header.len());
    for s in 1..=SEGMENTS {
        header.push(char::from_digit(s % 10, 10).unwrap_or('0'));
        marker.push(if s == now { '^' } else { ' ' });
    }
    if now > SEGMENTS {
        marker.push_str(&format!(" {now}"));
    }
    let mut out = format!("{header}\n{marker}\n");
    for (name, initiative, track, paying, status) in heroes {
        let row: String = (1..=SEGMENTS)
            .map(|s| track.0.mark(s, now).symbol())
            .collect();
        let short: String = name.chars().take(16).collect();
        out.push_str(&format!("{short:<16} {initiative:>2}  {row}"));
        match (status, paying) {
            (true, _) => out.push_str("  OUT"),
            (false, Some(p)) => out.push_str(&format!("  {p}")),
            (false, None) => {}
        }
        out.push('\n');
    }
    if !round.stack.is_empty() {
        let lines: Vec<String> = round
            .stack
            .iter()
            .map(|l| {
                format!(
                    "{} card {} F{}{:+}={}",
                    l.actor, l.card, l.fragment, l.bonus, l.total
                )
            })
            .collect();
        out.push_str(&format!("Stack: {}\n", lines.join(" > ")));
    }
    out.push_str("x spent  O in front  o to come");
    out
}

fn show_track(
    round: Res<RoundState>,
    heroes: Query<(&Hero, &Track, &Side, Option<&Committed>, &Down, &Wounds)>,
    mut text: Query<&mut Text, With<TrackText>>,
) {
    let Ok(mut text) = text.single_mut() else {
        return;
    };
    let mut rows: Vec<_> = heroes.iter().collect();
    rows.sort_by_key(|r| r.0.order);
    let rows: Vec<(String, u32, Track, Option<String>, bool)> = rows
        .into_iter()
        .map(|(hero, track, _, committed, down, wounds)| {
            let paying = committed
                .zip(track.0.commitment.as_ref())
                .map(|(c, t)| format!("paying {} {}/{}", c.0.name(), t.paid, t.cost))
                .or_else(|| wounds.stunned.then(|| "stunned: recovering".to_string()));
            (
                hero.name.clone(),
                hero.initiative,
                track.clone(),
                paying,
                down.0,
            )
        })
        .collect();
    text.0 = track_lines(&round, &rows);
}

fn show_log(log: Res<MatchLog>, mut text: Query<&mut Text, With<LogText>>) {
    if !log.is_changed() {
        return;
    }
    let Ok(mut text) = text.single_mut() else {
        return;
    };
    let start = log.events.len().saturating_sub(LOG_LINES);
    let lines: Vec<String> = log.events[start..]
        .iter()
        .map(|e| match e.segment {
            0 => format!("init {}", e.text),
            s => format!("S{s:02} {}", e.text),
        })
        .collect();
    let round = log.events.last().map_or(0, |e| e.round);
    text.0 = format!("COMBAT LOG (round {round})\n{}", lines.join("\n"));
}
