//! The action track and the combat log in the window: segments 1-20 with the current one
//! marked, every hero's IN and tokens (spent, in front, to come), the action being paid, the
//! last initiative stack with its flipped cards, and the newest events of the match log.

use super::input::{BattleAction, Bindings};
use super::layout::{LOG_H, LOG_LINES, PANEL_W, TRACK_W, WINDOW_W, palette};
use super::state::{Screen, ScreenSystems};
use super::widgets::label;
use crate::rules::action_time::SEGMENTS;
use crate::sim::model::{Battle, Committed, Down, Hero, MatchLog, RoundState, Side, Track, Wounds};
use bevy::prelude::*;

/// The keys of a battle beside the track, in the bindings in force.
pub fn key_lines(keys: &Bindings) -> String {
    use BattleAction as A;
    let k = |a: A| keys.key(a);
    let pair = |a: A, b: A| format!("{}/{}", k(a), k(b));
    [
        format!(
            "{}: pass  {}: hold round  {}: next  {}: menu",
            k(A::EndDeclaration),
            k(A::HoldRound),
            k(A::NextHero),
            k(A::Quit)
        ),
        format!(
            "{}: move/shoot  {}: run  {}: turn  {}: stack AP",
            k(A::MoveHere),
            k(A::ToggleRun),
            pair(A::TurnLeft, A::TurnRight),
            k(A::StackSpend)
        ),
        format!(
            "{}: ready  {}: cock  {}: load  {}: off hand",
            k(A::ReadyWeapon),
            k(A::Cock),
            k(A::Reload),
            pair(A::ReadyOffHand, A::ShootOffHand)
        ),
        format!(
            "{}: shot kind  {}: add to series  {}: fire it  {}: fan",
            k(A::CycleShot),
            k(A::AddToSeries),
            k(A::FireSeries),
            k(A::ToggleFan)
        ),
        format!(
            "{}: hand to hand  {}: attack type  {}: careful",
            k(A::MeleeAttack),
            k(A::CycleAttack),
            k(A::ToggleCareful)
        ),
        format!(
            "{}: block  {}: dodge  {}: escape  {}: disengage",
            k(A::Block),
            k(A::Dodge),
            k(A::Escape),
            k(A::Disengage)
        ),
        format!(
            "{}: prone/stand  {}: duck/emerge  {}: objective  {}: mount",
            pair(A::DropProne, A::StandUp),
            pair(A::DuckBehindCover, A::EmergeFromCover),
            k(A::WorkObjective),
            k(A::MountOrDismount)
        ),
    ]
    .join("\n")
}

pub struct TrackViewPlugin;

impl Plugin for TrackViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(Screen::Battle),
            spawn_strip.after(ScreenSystems::LoadBattle),
        )
        .add_systems(
            Update,
            (show_track, show_log)
                .after(crate::sim::SimSystems::Round)
                .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
        );
    }
}

#[derive(Component)]
struct TrackText;

#[derive(Component)]
struct LogText;

fn spawn_strip(mut commands: Commands, keys: Res<Bindings>) {
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            bottom: px(0),
            width: px(WINDOW_W - PANEL_W),
            padding: UiRect::axes(px(10), px(6)),
            ..default()
        },
        BackgroundColor(palette::STRIP),
        DespawnOnExit(Screen::Battle),
        children![
            (
                label("", 12.0, palette::STRIP_TEXT),
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
                children![label(key_lines(&keys), 12.0, palette::HINT)],
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
        DespawnOnExit(Screen::Battle),
        children![(label("", 12.0, palette::LOG_TEXT), LogText,)],
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
