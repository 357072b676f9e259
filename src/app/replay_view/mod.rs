//! The replay viewer: a match file played back event by event on the battle map, with the
//! action track, the last initiative stack and its cards, the card last drawn and the combat
//! log. Space plays and pauses, Right / Left step one event, Up / Down change the speed,
//! Home / End jump to the start and the end, a number and Enter jump to that round; every key
//! is a button too.
//!
//! The match is replayed once (`sim::saves::record`): a frame of the map at every event. The
//! viewer spawns the level's figures and sets them to the frame shown, so the board draws them
//! as in a battle; the match itself does not run.

use super::board::BoardSystems;
use super::frame::{banner_box, map_column, panel_column, window_row};
use super::layout::{BAR_H, LOG_H, SUMMARY_H, palette};
use super::state::{Screen, ScreenSystems};
use super::widgets::{ButtonText, Lit, Tip, button, clicked, label};
use crate::sim::journal::MatchFile;
use crate::sim::model::{Frame, LogEvent};
use crate::sim::run::SimEnd;
use crate::sim::saves::{Recording, record};
use crate::sim::setup::{end_match, start_match};
use bevy::prelude::*;
use std::path::Path;

mod apply;
mod camera;
mod show;
use apply::apply_frame;
use show::show_view;

/// A match file to open in the viewer, replayed already.
#[derive(Resource, Clone, Debug)]
pub struct PendingReplay {
    pub file: MatchFile,
    pub recording: Recording,
    /// The file's name.
    pub name: String,
    /// Opened from the Replays screen (Esc goes back there), or from the command line.
    pub from_list: bool,
}

impl PendingReplay {
    /// Replay a match file for the viewer; Err when its journal does not fit its match.
    pub fn of(file: MatchFile, path: &Path) -> Result<PendingReplay, String> {
        let recording = record(&file);
        if let Err(why) = &recording.end {
            return Err(why.clone());
        }
        Ok(PendingReplay {
            file,
            recording,
            name: super::saves::file_name(path),
            from_list: true,
        })
    }
}

/// The most of an event's words the banner shows.
const EVENT_CHARS: usize = 80;

/// Events a second, slowest to fastest (Up and Down move along).
pub const SPEEDS: [f32; 7] = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0];

/// The viewer's state.
#[derive(Resource, Debug, Clone)]
pub struct Viewer {
    pub name: String,
    pub level: String,
    pub deck: Vec<crate::rules::card::Card>,
    /// The map before the first event, then as each event left it.
    pub states: Vec<Frame>,
    pub events: Vec<LogEvent>,
    /// How the match ended, in words.
    pub end: String,
    /// Shown now: 0 the start, n after the n-th event.
    pub at: usize,
    pub playing: bool,
    /// Into `SPEEDS`.
    pub speed: usize,
    /// A round number being typed.
    pub typed: String,
    /// A word about the last jump.
    pub note: String,
    pub from_list: bool,
    t: f32,
    shown: Option<usize>,
}

impl Viewer {
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The first event of round `r` (shown as that event left the map); past the last round,
    /// the end.
    pub fn round_start(&self, r: u32) -> usize {
        self.events
            .iter()
            .position(|e| e.round >= r)
            .map_or(self.len(), |i| i + 1)
    }

    fn step(&mut self, to: usize) {
        self.at = to.min(self.len());
        self.t = 0.0;
    }
}

/// What the viewer's keys and buttons do.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayAction {
    PlayPause,
    Forward,
    Back,
    Faster,
    Slower,
    Start,
    End,
    /// Jump to the round typed.
    Go,
    /// Leave the viewer.
    Leave,
}

/// The viewer's keys (fixed; named on its buttons).
pub const REPLAY_KEYS: [(ReplayAction, KeyCode); 9] = [
    (ReplayAction::PlayPause, KeyCode::Space),
    (ReplayAction::Forward, KeyCode::ArrowRight),
    (ReplayAction::Back, KeyCode::ArrowLeft),
    (ReplayAction::Faster, KeyCode::ArrowUp),
    (ReplayAction::Slower, KeyCode::ArrowDown),
    (ReplayAction::Start, KeyCode::Home),
    (ReplayAction::End, KeyCode::End),
    (ReplayAction::Go, KeyCode::Enter),
    (ReplayAction::Leave, KeyCode::Escape),
];

fn key_of(action: ReplayAction) -> &'static str {
    match action {
        ReplayAction::PlayPause => "Space",
        ReplayAction::Forward => "Right",
        ReplayAction::Back => "Left",
        ReplayAction::Faster => "Up",
        ReplayAction::Slower => "Down",
        ReplayAction::Start => "Home",
        ReplayAction::End => "End",
        ReplayAction::Go => "Enter",
        ReplayAction::Leave => "Esc",
    }
}

#[derive(Component)]
struct ViewBanner;
#[derive(Component)]
struct ViewEvent;
#[derive(Component)]
struct ViewStatus;
#[derive(Component)]
struct ViewPanel;
/// The play button's words (Play or Pause).
#[derive(Component)]
struct PlayWords;

pub struct ReplayViewPlugin;

impl Plugin for ReplayViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(Screen::Replay),
            (
                open_replay.in_set(ScreenSystems::LoadBattle),
                spawn_view.after(ScreenSystems::LoadBattle),
            ),
        )
        .add_systems(OnExit(Screen::Replay), close_replay)
        // Nothing of the match runs while it is watched: no verdict is logged over the
        // recording.
        .configure_sets(
            Update,
            crate::sim::SimSystems::Victory.run_if(not(in_state(Screen::Replay))),
        )
        .add_systems(
            Update,
            (
                replay_input,
                apply_frame,
                show_view,
                camera::follow_and_zoom,
            )
                .chain()
                .before(BoardSystems::Figures)
                .run_if(in_state(Screen::Replay).and_then(resource_exists::<Viewer>)),
        )
        // The battle's own cards, track and log, drawn from the frame shown.
        .add_systems(
            Update,
            (
                super::hud::cards::draw_cards,
                super::track_picture::draw_track,
                super::track_view::show_log,
                super::track_view::pin_log,
            )
                .chain()
                .after(show_view)
                .run_if(in_state(Screen::Replay).and_then(resource_exists::<Viewer>)),
        )
        // Its counters and objectives, as the frame shown has them.
        .add_systems(
            Update,
            super::hud::counters_and_goals()
                .after(BoardSystems::Figures)
                .run_if(in_state(Screen::Replay).and_then(resource_exists::<Viewer>)),
        );
    }
}

/// Spawn the level's figures and start at the beginning.
fn open_replay(world: &mut World) {
    let Some(pending) = world.remove_resource::<PendingReplay>() else {
        return;
    };
    let file = pending.file;
    start_match(
        world,
        file.level.clone(),
        file.gear.clone(),
        file.seed,
        file.deck.clone(),
    );
    let initial = crate::sim::query::frame(world);
    let mut states = vec![initial];
    states.extend(pending.recording.frames.iter().cloned());
    let end = match &pending.recording.end {
        Ok(SimEnd::Decided(over)) => over.words(),
        Ok(SimEnd::RoundLimit(r)) => format!("stopped at the round limit ({r})"),
        Ok(SimEnd::JournalEnd) => "a match saved midway: the file ends here".into(),
        Err(why) => format!("the replay broke: {why}"),
    };
    world.insert_resource(Viewer {
        name: pending.name,
        level: file.level.name.clone(),
        deck: file.deck.clone(),
        states,
        events: pending.recording.events,
        end,
        at: 0,
        playing: false,
        speed: 2,
        typed: String::new(),
        note: String::new(),
        from_list: pending.from_list,
        t: 0.0,
        shown: None,
    });
}

fn close_replay(world: &mut World) {
    world.remove_resource::<Viewer>();
    end_match(world);
    let mut cameras = world.query_filtered::<(&mut Transform, &mut Projection), With<Camera2d>>();
    for (mut at, mut projection) in cameras.iter_mut(world) {
        *at = Transform::default();
        *projection = Projection::from(OrthographicProjection::default_2d());
    }
}

/// The frame of the viewer: banner over the map, the buttons under it, the panel column.
fn spawn_view(mut commands: Commands) {
    commands
        .spawn(window_row(Screen::Replay))
        .with_children(|root| {
            root.spawn(map_column()).with_children(|col| {
                col.spawn(banner_box()).with_children(|b| {
                    // One line each: a long event is cut at the banner's sides (the log
                    // beside the map has it whole), never wrapped over the map.
                    b.spawn((
                        label("", 18.0, palette::TITLE),
                        TextLayout::no_wrap(),
                        ViewBanner,
                    ));
                    b.spawn((
                        label("", 14.0, Color::WHITE),
                        TextLayout::no_wrap(),
                        ViewEvent,
                    ));
                    b.spawn((
                        label("", 14.0, palette::HINT),
                        TextLayout::no_wrap(),
                        ViewStatus,
                    ));
                });
                col.spawn((
                    Node {
                        height: px(BAR_H),
                        padding: UiRect::axes(px(8), px(8)),
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        align_content: AlignContent::FlexStart,
                        align_items: AlignItems::Center,
                        column_gap: px(6),
                        row_gap: px(6),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    BackgroundColor(palette::STRIP),
                ))
                .with_children(viewer_buttons);
            });
            // The panel as in a battle: the heroes' cards as they stood, the track as a
            // picture, the log with its icons and colours; the viewer's words under the cards.
            root.spawn(panel_column()).with_children(|col| {
                col.spawn((
                    Node {
                        flex_basis: px(0),
                        flex_grow: 1.0,
                        min_height: px(0),
                        padding: UiRect::all(px(10)),
                        flex_direction: FlexDirection::Column,
                        overflow: Overflow::scroll_y(),
                        ..default()
                    },
                    bevy::ui_widgets::ScrollArea,
                    super::frame::PanelTop,
                ))
                .with_children(|p| {
                    p.spawn((
                        Node {
                            flex_direction: FlexDirection::Column,
                            ..default()
                        },
                        super::frame::HeroCards,
                    ));
                    p.spawn((label("", 14.0, palette::PANEL_TEXT), ViewPanel));
                });
                super::frame::track_boxes(col);
                super::frame::log_box(col, LOG_H + SUMMARY_H);
            });
        });
}

/// The viewer's buttons, each with its key, and how to go to a round.
fn viewer_buttons(bar: &mut ChildSpawnerCommands) {
    for (action, words, tip) in [
        (
            ReplayAction::Start,
            "|< Start",
            "The level before the first event",
        ),
        (ReplayAction::Back, "< Back", "One event back"),
        (
            ReplayAction::PlayPause,
            "Play",
            "Play the events one after another",
        ),
        (ReplayAction::Forward, "Forward >", "One event on"),
        (ReplayAction::End, "End >|", "The end of the file"),
        (ReplayAction::Slower, "Slower", "Fewer events a second"),
        (ReplayAction::Faster, "Faster", "More events a second"),
        (
            ReplayAction::Leave,
            "Leave",
            "Back to the list of match files",
        ),
    ] {
        let mut b = bar.spawn((
            button(format!("{words} ({})", key_of(action)), 15.0),
            action,
            Tip(tip.into()),
        ));
        if action == ReplayAction::PlayPause {
            b.insert(PlayWords);
        }
    }
    bar.spawn(label(
        "Type a round's number and press Enter to go to it.",
        14.0,
        palette::STRIP_TEXT,
    ));
}

/// Keys and buttons move the viewer; playing steps at the speed chosen.
fn replay_input(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(&Interaction, &ReplayAction), Changed<Interaction>>,
    time: Res<Time>,
    mut viewer: ResMut<Viewer>,
    mut next: ResMut<NextState<Screen>>,
    mut list: ResMut<super::saves_screen::SavesList>,
) {
    let mut actions: Vec<ReplayAction> = REPLAY_KEYS
        .iter()
        .filter(|(_, k)| keys.just_pressed(*k))
        .map(|(a, _)| *a)
        .collect();
    actions.extend(
        buttons
            .iter()
            .filter(|(i, _)| clicked(i, false))
            .map(|(_, a)| *a),
    );
    // A round's number, typed.
    for key in keys.get_just_pressed() {
        if let Some(d) = digit(*key)
            && viewer.typed.len() < 4
        {
            viewer.typed.push(d);
        }
        if *key == KeyCode::Backspace {
            viewer.typed.pop();
        }
    }
    let n = viewer.len();
    for action in actions {
        match action {
            ReplayAction::PlayPause => {
                if viewer.at >= n {
                    viewer.step(0);
                }
                viewer.playing = !viewer.playing;
                viewer.note.clear();
            }
            ReplayAction::Forward => {
                let to = viewer.at + 1;
                viewer.step(to);
                viewer.playing = false;
            }
            ReplayAction::Back => {
                let to = viewer.at.saturating_sub(1);
                viewer.step(to);
                viewer.playing = false;
            }
            ReplayAction::Faster => viewer.speed = (viewer.speed + 1).min(SPEEDS.len() - 1),
            ReplayAction::Slower => viewer.speed = viewer.speed.saturating_sub(1),
            ReplayAction::Start => {
                viewer.step(0);
                viewer.playing = false;
            }
            ReplayAction::End => {
                viewer.step(n);
                viewer.playing = false;
            }
            ReplayAction::Go => {
                if let Ok(r) = viewer.typed.parse::<u32>() {
                    let to = viewer.round_start(r);
                    let last = viewer.events.last().map_or(0, |e| e.round);
                    viewer.note = if r > last {
                        format!("There is no round {r}: the file ends in round {last}")
                    } else {
                        format!("Round {r}")
                    };
                    viewer.step(to);
                    viewer.playing = false;
                }
                viewer.typed.clear();
            }
            ReplayAction::Leave => {
                if viewer.typed.is_empty() {
                    if viewer.from_list {
                        list.mode = super::saves_screen::ListMode::Replays;
                        next.set(Screen::Saves);
                    } else {
                        next.set(Screen::MainMenu);
                    }
                } else {
                    viewer.typed.clear();
                }
            }
        }
    }
    if viewer.playing {
        viewer.t += time.delta_secs() * SPEEDS[viewer.speed];
        while viewer.t >= 1.0 && viewer.at < n {
            viewer.t -= 1.0;
            viewer.at += 1;
        }
        if viewer.at >= n {
            viewer.playing = false;
        }
    }
}

fn digit(key: KeyCode) -> Option<char> {
    let keys = [
        (KeyCode::Digit0, KeyCode::Numpad0),
        (KeyCode::Digit1, KeyCode::Numpad1),
        (KeyCode::Digit2, KeyCode::Numpad2),
        (KeyCode::Digit3, KeyCode::Numpad3),
        (KeyCode::Digit4, KeyCode::Numpad4),
        (KeyCode::Digit5, KeyCode::Numpad5),
        (KeyCode::Digit6, KeyCode::Numpad6),
        (KeyCode::Digit7, KeyCode::Numpad7),
        (KeyCode::Digit8, KeyCode::Numpad8),
        (KeyCode::Digit9, KeyCode::Numpad9),
    ];
    keys.iter()
        .position(|(a, b)| *a == key || *b == key)
        .and_then(|i| char::from_digit(i as u32, 10))
}
