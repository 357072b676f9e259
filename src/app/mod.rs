#![allow(clippy::type_complexity, clippy::too_many_arguments)]
//! The window (feature `gui`): menus, the battle map, the hero panel, the action track and the
//! combat log, the card table. It holds no rules: it shows the headless match (`crate::sim`)
//! and sends it the player's `Intent`s.
//!
//! Layered, each module importing only those above it: `layout` (sizes, palette, the frame of
//! a battle's screen) -> `state` (the `Screen` state and the `Pause` sub-state) -> `widgets`
//! (labels, buttons, tooltips) -> `input` (keys, clicks and the pointer to intents; the
//! camera) -> `screens` (menus, level select, result, Esc menu) -> `settings_screen` ->
//! `hotseat` -> `frame` (where the battle's panels go) -> `board` (the map) -> `anim` (gliding
//! figures, shots) -> `hud` (panel, banner, previews, the action bar, the legend) ->
//! `track_view` (track and combat log) -> `saves` (save, load, undo, autosave),
//! `saves_screen` (the Load and Replays lists), `replay_view` (the replay viewer) -> `table`
//! (the card table, scripted screenshots) -> this `AppPlugin` and `run`.

pub mod anim;
pub mod board;
pub mod editor;
pub mod fonts;
pub mod frame;
pub mod frame_times;
pub mod hotseat;
pub mod hud;
pub mod input;
pub mod layout;
pub mod replay_view;
pub mod saves;
pub mod saves_screen;
pub mod screens;
pub mod settings_screen;
pub mod state;
pub mod table;
pub mod tiles;
pub mod tokens;
pub mod track_picture;
pub mod track_view;
pub mod widgets;

use crate::cli::PlayArgs;
use crate::sim::{AiPlugin, DeckPlugin, SimPlugin, SimSystems};
use bevy::prelude::*;
use screens::{MatchCards, PendingBattle, SeedSource};
use state::{Pause, Screen, ScreenSystems};

/// Every window plugin, once: screens, input, hot-seat, the board, the HUD and the track.
/// The match runs only while the battle is not paused. (The tilemap renderer is added by
/// `run`, so tests can build this without a GPU.)
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_plugins((
                fonts::FontsPlugin,
                tokens::TokensPlugin,
                widgets::WidgetsPlugin,
                screens::ScreensPlugin,
                settings_screen::SettingsScreenPlugin,
                input::InputPlugin,
                hotseat::HotSeatPlugin,
                frame::FramePlugin,
                board::BoardPlugin,
                anim::AnimPlugin,
                hud::HudPlugin,
                track_view::TrackViewPlugin,
                saves::SavesPlugin,
                saves_screen::SavesScreenPlugin,
                replay_view::ReplayViewPlugin,
            ))
            .add_plugins(editor::EditorPlugin)
            .configure_sets(Update, SimSystems::Round.run_if(in_state(Pause::Running)))
            .add_systems(
                Startup,
                |mut commands: Commands, cameras: Query<(), With<Camera2d>>| {
                    // The battle may have made it already (a level's OnEnter runs before
                    // Startup).
                    if cameras.is_empty() {
                        commands.spawn(Camera2d);
                    }
                },
            );
    }
}

/// The headless part of the window's app: the match and its deck, with the computer seat.
pub fn match_plugins(app: &mut App, seed: u64, cards: Vec<crate::rules::card::Card>) {
    app.add_plugins((
        DeckPlugin {
            seed,
            cards: cards.clone(),
        },
        SimPlugin,
        AiPlugin,
    ))
    .insert_resource(MatchCards(cards))
    .insert_resource(SeedSource(seed));
}

/// `tarnation play`: the window.
/// On Linux and the BSDs a window needs an X or Wayland display: without one, say so plainly
/// (and how to play headless) instead of letting the windowing library panic.
fn no_display_is_an_error() -> Result<(), crate::cli::CliError> {
    let unix_desktop = cfg!(all(unix, not(target_os = "macos")));
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if unix_desktop && !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
        return Err(crate::cli::CliError::Usage(
            "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set): play \
             in a desktop session, or under `xvfb-run`; `tarnation sim` plays a match without one"
                .into(),
        ));
    }
    Ok(())
}

/// A level named on the command line, checked before any window opens: a bad file is refused
/// with its location and exit code 2. Without one (or with `--deck`), the main menu opens.
fn command_line_battle(
    args: &PlayArgs,
) -> Result<Option<(crate::data::level::Level, crate::data::gear::Gear)>, crate::cli::CliError> {
    let (Some(path), false) = (&args.level, args.deck) else {
        return Ok(None);
    };
    let gear_path = crate::data::paths::find(crate::data::gear::GEAR_PATH)?;
    let gear = crate::data::gear::load(&gear_path)?;
    let mut level = crate::data::level::load(&crate::data::paths::locate(path)?, &gear)?;
    crate::cli::apply_ai(&mut level, &args.ai, true)?;
    if args.watch {
        for side in &mut level.sides {
            side.control = crate::data::level::Control::Computer;
        }
    }
    Ok(Some((level, gear)))
}

pub fn run(args: PlayArgs) -> Result<(), crate::cli::CliError> {
    run_with(args, None)
}

/// `tarnation edit [LEVEL]`: the window opens in the level editor. A file that is no level
/// at all is refused before any window opens (exit code 2); an unfinished one opens with its
/// problems listed.
pub fn edit(args: crate::cli::EditArgs) -> Result<(), crate::cli::CliError> {
    let start = match &args.level {
        // A file not there yet: a new map, saved to it.
        Some(path) if !crate::data::paths::locate(path).is_ok_and(|p| p.exists()) => {
            editor::EditorStart::Create {
                path: path.clone(),
                width: args.width.clamp(1, crate::editor::MAX_SIDE),
                height: args.height.clamp(1, crate::editor::MAX_SIDE),
            }
        }
        Some(path) => {
            let path = crate::data::paths::locate(path)?;
            crate::editor::files::open(&path)?;
            editor::EditorStart::Open(path)
        }
        None => editor::EditorStart::New {
            width: args.width.clamp(1, crate::editor::MAX_SIDE),
            height: args.height.clamp(1, crate::editor::MAX_SIDE),
        },
    };
    let play = PlayArgs {
        screenshot: args.screenshot,
        ..PlayArgs::default()
    };
    run_with(play, Some(start))
}

/// The screen the window opens on: the level editor (`tarnation edit`), the replay viewer (a
/// match file named), a battle (a level named: straight to it), else the main menu.
fn first_screen(
    app: &mut App,
    (editor_start, replay, battle): (
        Option<editor::EditorStart>,
        Option<replay_view::PendingReplay>,
        Option<(crate::data::level::Level, crate::data::gear::Gear)>,
    ),
    seed: u64,
    pass: u32,
) {
    if let Some(start) = editor_start {
        app.insert_resource(start).insert_state(Screen::Editor);
    }
    if let Some(replay) = replay {
        app.insert_resource(replay).insert_state(Screen::Replay);
    }
    if let Some((level, gear)) = battle {
        app.insert_resource(PendingBattle { level, gear, seed })
            .insert_state(Screen::Battle);
        table::auto_pass(app, pass);
    }
}

/// `--until R,S`: the match pauses at round R, segment S.
fn pause_at(app: &mut App, until: (u32, u32)) {
    app.add_systems(
        OnEnter(Screen::Battle),
        (move |mut options: ResMut<crate::sim::model::RoundOptions>| {
            options.pause_at = Some(until);
        })
        .after(ScreenSystems::LoadBattle),
    );
}

fn run_with(
    args: PlayArgs,
    editor_start: Option<editor::EditorStart>,
) -> Result<(), crate::cli::CliError> {
    let seed = args.seed.unwrap_or_else(crate::cli::fresh_seed);
    let battle = command_line_battle(&args)?;
    // A match file to watch is read and replayed before any window opens: a bad file is
    // refused with its location and exit code 2.
    let replay = match &args.replay {
        Some(path) => {
            let file = crate::sim::journal::MatchFile::load(path)?;
            Some(
                replay_view::PendingReplay::of(file, path)
                    .map(|mut r| {
                        r.from_list = false;
                        r
                    })
                    .map_err(|why| {
                        crate::cli::CliError::Usage(format!(
                            "{} cannot be watched: {why}",
                            path.display()
                        ))
                    })?,
            )
        }
        None => None,
    };
    let cards = crate::data::deck_file::load_match_deck()?;
    no_display_is_an_error()?;
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Tarnation".into(),
            resolution: (layout::WINDOW_W as u32, layout::WINDOW_H as u32).into(),
            resize_constraints: WindowResizeConstraints {
                min_width: layout::MIN_W,
                min_height: layout::MIN_H,
                ..default()
            },
            ..default()
        }),
        ..default()
    }))
    .insert_resource(ClearColor(layout::palette::BACKGROUND));
    if args.deck {
        app.add_plugins((
            DeckPlugin { seed, cards },
            input::InputPlugin,
            fonts::FontsPlugin,
        ));
        table::card_table(&mut app);
    } else {
        match_plugins(&mut app, seed, cards);
        // The tilemap's renderer (the headless window tests build the rest without it).
        app.add_plugins((
            bevy_ecs_tilemap::TilemapPlugin,
            AppPlugin,
            editor::EditorOverlayPlugin,
        ))
        .insert_resource(input::ForcedHover(
            args.hover.map(|(c, r)| crate::rules::hexmap::hex_at(c, r)),
        ));
        // Saves go to the user's data folder for the game.
        app.insert_resource(saves::SaveFolders::user());
        app.world_mut()
            .resource_mut::<screens::LevelChoice>()
            .ai
            .clone_from(&args.ai);
        first_screen(&mut app, (editor_start, replay, battle), seed, args.pass);
        // Computer declarations and empty segments follow each other at the pace of the
        // settings, so a player can follow them; a scripted screenshot does not wait.
        app.insert_resource(crate::sim::model::Pacing::default());
        if args.screenshot.is_some() {
            app.insert_resource(input::NoPacing);
        }
        if let Some((r, s)) = args.until {
            pause_at(&mut app, (r.max(0) as u32, s.max(0) as u32));
        }
    }
    if let Some(path) = args.screenshot {
        table::screenshot_then_quit(&mut app, path);
    }
    if let Some(seconds) = args.frame_times {
        frame_times::measure_then_quit(&mut app, seconds);
    }
    app.run();
    Ok(())
}
