//! The replay viewer (issue 12): the main menu's Replays lists the match files (the saves
//! too); the viewer steps forward and back to the same states as replaying the match to that
//! event; Home, End, a round's number and Enter; Space plays and pauses; Esc leaves.

use super::saves::{saving_app, until_human_declares};
use super::*;
use tarnation::app::replay_view::Viewer;
use tarnation::app::saves::SaveFolders;
use tarnation::app::saves_screen::{ListMode, SavesList};
use tarnation::sim::journal::MatchFile;
use tarnation::sim::model::Frame;
use tarnation::sim::{query, run, saves};

/// A finished match of the street duel, every side played by the computer, kept among the
/// replays.
fn a_match(folders: &SaveFolders, seed: u64) -> (MatchFile, std::path::PathBuf) {
    a_match_of(folders, "street_duel", seed, 4)
}

/// A finished match of the level `name`, every side played by the computer, kept among the
/// replays.
fn a_match_of(
    folders: &SaveFolders,
    name: &str,
    seed: u64,
    rounds: u32,
) -> (MatchFile, std::path::PathBuf) {
    let paths = tarnation::data::paths::find;
    let gear =
        tarnation::data::gear::load(&paths(tarnation::data::gear::GEAR_PATH).unwrap()).unwrap();
    let level = tarnation::data::level::load(
        &tarnation::data::paths::locate(std::path::Path::new(&format!("levels/{name}.ron")))
            .unwrap(),
        &gear,
    )
    .unwrap();
    let cards = tarnation::data::deck_file::load_match_deck().unwrap();
    let played = run::run(level, gear, seed, cards, rounds).unwrap();
    let path = folders
        .replays
        .join(format!("{name}-2026-01-01-000000-final.match.ron"));
    played.file.save(&path).unwrap();
    (played.file, path)
}

/// From the main menu, Replays, the file at `path` picked and opened in the viewer.
fn open_in_viewer(app: &mut App, path: &std::path::Path) {
    tap(app, KeyCode::KeyR);
    let list = app.world().resource::<SavesList>().clone();
    let i = list.entries.iter().position(|e| e.path == path).unwrap();
    while app.world().resource::<SavesList>().index != i {
        tap(app, KeyCode::ArrowDown);
    }
    tap(app, KeyCode::Enter);
    assert_eq!(screen(app), Screen::Replay);
}

fn viewer(app: &App) -> &Viewer {
    app.world().resource::<Viewer>()
}

/// The map and the log the viewer shows now.
fn shown(app: &mut App) -> (Frame, usize) {
    let frame = query::frame(app.world_mut());
    (frame, app.world().resource::<MatchLog>().events.len())
}

/// The match replayed from its file with only the first `entries` intents of its journal: the
/// map where it then waits, and its log's length.
fn replayed_to(file: &MatchFile, entries: usize) -> (Frame, usize) {
    let mut part = file.clone();
    part.journal.truncate(entries);
    let mut app = run::app_of(&part, true);
    // Where the next seat is asked (or, the whole journal, where the match ended).
    run::play_out(&mut app, part.rounds).unwrap();
    let n = app.world().resource::<MatchLog>().events.len();
    (query::frame(app.world_mut()), n)
}

/// Where every figure stands and how it is: hex, facing, prone, cover, down, stun, wounds,
/// dominance.
fn map_of(frame: &Frame) -> Vec<impl PartialEq + std::fmt::Debug> {
    frame
        .figures
        .iter()
        .map(|f| {
            (
                f.name.clone(),
                f.at,
                f.facing,
                (f.prone, f.behind_cover, f.down, f.stunned),
                f.body.clone(),
                f.dominated,
            )
        })
        .collect()
}

#[test]
fn the_viewer_steps_to_the_states_of_the_replayed_match() {
    let (mut app, folders) = saving_app(2, "viewer");
    let (file, path) = a_match(&folders, 21);
    // Another file, listed before it (the same time, a name first in order): the list comes
    // back to the one watched, not to its first row.
    std::fs::copy(
        &path,
        folders
            .replays
            .join("aaa-2026-01-01-000000-final.match.ron"),
    )
    .unwrap();
    let recording = saves::record(&file);
    let n = recording.events.len();
    assert!(n > 30, "{n} events");
    // Replays lists it; Enter opens it.
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(screen(&app), Screen::Saves);
    let list = app.world().resource::<SavesList>().clone();
    assert_eq!(list.mode, ListMode::Replays);
    let i = list.entries.iter().position(|e| e.path == path).unwrap();
    while app.world().resource::<SavesList>().index != i {
        tap(&mut app, KeyCode::ArrowDown);
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Replay);
    app.update();
    assert_eq!(viewer(&app).len(), n);
    assert_eq!(viewer(&app).at, 0);
    // The start: the level as it is set up, nothing logged.
    let start = {
        let mut fresh = run::app_of(&file, true);
        query::frame(fresh.world_mut())
    };
    assert_eq!(shown(&mut app), (start.clone(), 0));
    // Forward one event at a time, and back.
    for k in 1..=12 {
        tap(&mut app, KeyCode::ArrowRight);
        assert_eq!(viewer(&app).at, k);
        assert_eq!(shown(&mut app), (recording.frames[k - 1].clone(), k));
        assert_eq!(
            app.world().resource::<MatchLog>().events[..],
            recording.events[..k]
        );
    }
    for k in (8..12).rev() {
        tap(&mut app, KeyCode::ArrowLeft);
        assert_eq!(shown(&mut app), (recording.frames[k - 1].clone(), k));
    }
    // End and Home.
    tap(&mut app, KeyCode::End);
    assert_eq!(shown(&mut app), (recording.frames[n - 1].clone(), n));
    tap(&mut app, KeyCode::Home);
    assert_eq!(shown(&mut app), (start, 0));
    // A round's number and Enter: the first event of that round.
    tap(&mut app, KeyCode::Digit2);
    tap(&mut app, KeyCode::Enter);
    let first = recording.events.iter().position(|e| e.round == 2).unwrap();
    assert_eq!(viewer(&app).at, first + 1);
    assert_eq!(shown(&mut app).0.round, 2);
    // Space plays and pauses.
    tap(&mut app, KeyCode::Space);
    assert!(viewer(&app).playing);
    tap(&mut app, KeyCode::Space);
    assert!(!viewer(&app).playing);
    // Up and Down: the speed.
    let speed = viewer(&app).speed;
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(viewer(&app).speed, speed + 1);
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(viewer(&app).speed, speed - 1);
    // At the events where a replay of part of the journal stops, the viewer shows what that
    // replay has: the same figures as they stand after the same events. (The replay stops
    // where the next seat is asked, which may be segments on, the tokens placed meanwhile:
    // those belong to the next event's frame.)
    for entries in [
        1,
        file.journal.len() / 3,
        file.journal.len() / 2,
        file.journal.len(),
    ] {
        let (frame, events) = replayed_to(&file, entries);
        app.world_mut().resource_mut::<Viewer>().at = events;
        app.update();
        let (mine, logged) = shown(&mut app);
        assert_eq!(logged, events);
        assert_eq!(mine.round, frame.round, "after {entries} intents");
        assert_eq!(map_of(&mine), map_of(&frame), "after {entries} intents");
    }
    // Esc: back to the list, the match watched still chosen (a play-test came back to the
    // first row); the match's figures and map are gone.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Saves);
    app.update();
    assert_eq!(
        app.world().resource::<SavesList>().selected().unwrap().path,
        path
    );
    assert_eq!(count::<tarnation::sim::model::Hero>(&mut app), 0);
    assert_eq!(count::<bevy_ecs_tilemap::tiles::TilePos>(&mut app), 0);
    assert!(!app.world().contains_resource::<Viewer>());
}

/// A save in the middle of a match is a match file too: Replays lists it, and the viewer ends
/// where it was saved.
#[test]
fn a_save_is_watched_to_where_it_was_saved() {
    let (mut app, folders) = saving_app(6, "viewsave");
    start(
        &mut app,
        "Showdown at the North Star",
        &[Control::Human, Control::Computer],
    );
    for _ in 0..3 {
        until_human_declares(&mut app);
        tap(&mut app, KeyCode::Enter);
    }
    until_human_declares(&mut app);
    tap(&mut app, KeyCode::F5);
    let log = app.world().resource::<MatchLog>().events.clone();
    tap(&mut app, KeyCode::Escape);
    tap(&mut app, KeyCode::KeyM);
    tap(&mut app, KeyCode::KeyR);
    let list = app.world().resource::<SavesList>().clone();
    let i = list
        .entries
        .iter()
        .position(|e| e.path.to_string_lossy().ends_with("-quick.match.ron"))
        .unwrap();
    while app.world().resource::<SavesList>().index != i {
        tap(&mut app, KeyCode::ArrowDown);
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Replay);
    tap(&mut app, KeyCode::End);
    assert_eq!(app.world().resource::<MatchLog>().events, log);
    let _ = folders;
}

/// A match played to its end in the window is kept, and the result screen's "Watch it again"
/// (R) opens it in the viewer at its start, with the whole match to step through; Esc goes
/// back to the main menu.
#[test]
fn the_result_screen_watches_the_finished_match_again() {
    let (mut app, folders) = saving_app(6, "watchagain");
    app.world_mut()
        .resource_mut::<tarnation::app::input::Bindings>()
        .0
        .pace = tarnation::app::input::Pace::Instant;
    start(
        &mut app,
        "Showdown at the North Star",
        &[Control::Computer, Control::Computer],
    );
    for _ in 0..20_000 {
        if screen(&app) == Screen::Result {
            break;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::Result);
    app.update();
    let mut q = app.world_mut().query::<&Text>();
    let words: Vec<String> = q.iter(app.world()).map(|t| t.0.clone()).collect();
    assert!(
        words
            .iter()
            .any(|w| w.ends_with("WINS") || w.ends_with(" WIN")),
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| w.starts_with("What decided it: ")),
        "{words:?}"
    );
    let kept = app
        .world()
        .resource::<tarnation::app::saves::FinishedMatch>()
        .0
        .clone();
    assert!(kept.starts_with(&folders.replays), "{kept:?}");
    // The match is over: none of its autosaves is left for Continue to bring back.
    let autos: Vec<_> = std::fs::read_dir(&folders.saves)
        .map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(
        autos
            .iter()
            .all(|p: &std::path::PathBuf| !p.to_string_lossy().ends_with("-auto.match.ron")),
        "{autos:?}"
    );
    let file = MatchFile::load(&kept).unwrap();
    let n = saves::record(&file).events.len();
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(screen(&app), Screen::Replay);
    app.update();
    assert_eq!(viewer(&app).len(), n);
    assert_eq!(viewer(&app).at, 0);
    assert!(viewer(&app).end.contains("win"), "{}", viewer(&app).end);
    tap(&mut app, KeyCode::End);
    assert_eq!(viewer(&app).at, n);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::MainMenu);
}

/// The viewer follows the figure of the event shown (issue 24): at the end of a gulch chase
/// the riders are far down the 64-hex gulch, out of the first view, and the view eases there;
/// every mount stands where the frame puts it, its rider on it, not at its start hex.
#[test]
fn the_viewer_follows_the_riders_down_the_gulch() {
    use tarnation::app::board::{Goal, MapGeometry};
    use tarnation::app::input::MapRect;
    use tarnation::sim::model::{HexPos, Mount};
    let (mut app, _folders) = gulch_in_viewer("follow");
    tap(&mut app, KeyCode::End);
    // The last event with a hero's name: where the view must go.
    let last_actor = viewer(&app)
        .events
        .iter()
        .rev()
        .find_map(|e| e.actor.clone())
        .expect("an actor");
    let in_view = |app: &mut App, name: &str, part: f32| {
        let geometry = *app.world().resource::<MapGeometry>();
        let frame = app.world().resource::<MapRect>().0;
        let mut heroes = app.world_mut().query::<(&Hero, &HexPos)>();
        let Some(at) = heroes
            .iter(app.world())
            .find(|(h, _)| h.name == name)
            .map(|(_, p)| p.0)
        else {
            return true;
        };
        let (c, r) = tarnation::rules::hexmap::offset_of(at);
        let p = geometry.center(c, r);
        let mut cameras = app
            .world_mut()
            .query_filtered::<(&Transform, &Projection), With<Camera2d>>();
        let (camera, projection) = cameras.single(app.world()).unwrap();
        let Projection::Orthographic(ortho) = projection else {
            return false;
        };
        let d = p - camera.translation.truncate();
        let screen = frame.window / 2.0 + Vec2::new(d.x, -d.y) / ortho.scale;
        Rect::from_center_size(frame.map.center(), frame.map.size() * part).contains(screen)
    };
    let on_screen = |app: &mut App| in_view(app, &last_actor, 1.0);
    let mut seen = false;
    for _ in 0..600 {
        app.update();
        if on_screen(&mut app) {
            seen = true;
            break;
        }
    }
    assert!(seen, "{last_actor} comes into view");
    // A jump back to round 2: the view goes to where the round begins, the figure of its
    // first event.
    let first_of_2 = viewer(&app)
        .events
        .iter()
        .filter(|e| e.round == 2)
        .find_map(|e| e.actor.clone())
        .expect("round 2 has an actor");
    tap(&mut app, KeyCode::Digit2);
    tap(&mut app, KeyCode::Enter);
    for _ in 0..120 {
        app.update();
    }
    assert!(in_view(&mut app, &first_of_2, 1.0), "{first_of_2} in view");
    // The mounts stand where the frame says (a rider's mount with its rider).
    let mut mounts = app
        .world_mut()
        .query_filtered::<(&Transform, &Goal), With<Mount>>();
    for (at, goal) in mounts.iter(app.world()) {
        assert_eq!(at.translation.truncate(), goal.0.truncate());
    }
}

/// A gulch chase played by the computer, saved and open in the viewer at its start.
fn gulch_in_viewer(name: &str) -> (App, SaveFolders) {
    let (mut app, folders) = saving_app(2, name);
    let paths = tarnation::data::paths::find;
    let gear =
        tarnation::data::gear::load(&paths(tarnation::data::gear::GEAR_PATH).unwrap()).unwrap();
    let level = tarnation::data::level::load(
        &tarnation::data::paths::locate(std::path::Path::new("levels/gulch_chase.ron")).unwrap(),
        &gear,
    )
    .unwrap();
    let cards = tarnation::data::deck_file::load_match_deck().unwrap();
    let played = run::run(level, gear, 2, cards, 6).unwrap();
    let path = folders
        .replays
        .join("hightailing-2026-01-01-000000-final.match.ron");
    played.file.save(&path).unwrap();
    open_in_viewer(&mut app, &path);
    (app, folders)
}

/// Every mount at the speed the frame shown had it: reined in or halted, not at its first
/// speed (a play-test's replay showed 14 and 16 where the battle had shown 7 and 0). The last
/// frame here is made to have Chucho's mustang halted; the viewer steps there.
#[test]
fn the_viewer_shows_each_mount_at_its_speed_then() {
    use tarnation::sim::model::Mount;
    let (mut app, _folders) = gulch_in_viewer("speeds");
    let speeds = |frame: &tarnation::sim::model::Frame| -> Vec<(String, u32)> {
        let mut s: Vec<(String, u32)> = frame
            .figures
            .iter()
            .filter(|f| f.side.is_none())
            .map(|f| (f.name.clone(), f.speed))
            .collect();
        s.sort();
        s
    };
    let last = viewer(&app).states.len() - 1;
    {
        let mut v = app
            .world_mut()
            .resource_mut::<tarnation::app::replay_view::Viewer>();
        let halted = v.states[last]
            .figures
            .iter_mut()
            .find(|f| f.name == "Chucho's mustang")
            .expect("Chucho's mustang");
        halted.speed = 0;
        v.at = last - 1;
    }
    app.update();
    tap(&mut app, KeyCode::End);
    app.update();
    let want = speeds(&viewer(&app).states[last]);
    assert!(want.contains(&("Chucho's mustang".to_string(), 0)));
    let mut shown = app.world_mut().query::<&Mount>();
    let mut shown: Vec<(String, u32)> = shown
        .iter(app.world())
        .map(|m| (m.name.clone(), m.speed))
        .collect();
    shown.sort();
    assert_eq!(shown, want);
}

/// The viewer's panel is the battle's (issue 24: "the replay viewer shows what live play
/// showed"): a card for every hero as it stood at the event shown (its rounds, OUT or KILLED),
/// the track as a picture with a row for every hero, and the log with its icons, a line an
/// event, up to the event shown.
#[test]
fn the_viewer_shows_the_battle_s_cards_track_and_log() {
    use tarnation::app::frame::{HeroCards, LogText};
    use tarnation::app::track_picture::TrackPicture;
    let (mut app, folders) = saving_app(2, "viewcards");
    let (file, path) = a_match(&folders, 21);
    let recording = saves::record(&file);
    let n = recording.events.len();
    open_in_viewer(&mut app, &path);
    let log_lines = |app: &mut App| {
        let (log, _) = the_one::<LogText>(app);
        // Two spans a line: its icon and its words.
        app.world().get::<Children>(log).map_or(0, |c| c.len()) / 2
    };
    for k in [10, n] {
        app.world_mut().resource_mut::<Viewer>().at = k;
        app.update();
        app.update();
        let frame = &recording.frames[k - 1];
        let heroes: Vec<_> = frame.figures.iter().filter(|f| f.side.is_some()).collect();
        // Every hero's card; the hero's weapons as they were.
        let (cards, children) = the_one::<HeroCards>(&mut app);
        assert_eq!(children.len(), heroes.len());
        let words = texts_under(&app, cards).join("|");
        for f in &heroes {
            assert!(words.contains(&f.name), "{} has no card: {words}", f.name);
            let mut q = app.world_mut().query::<(
                &tarnation::sim::model::Hero,
                &tarnation::sim::model::Weapons,
            )>();
            let weapons = q
                .iter(app.world())
                .find(|(h, _)| h.name == f.name)
                .map(|(_, w)| w.0.clone())
                .unwrap();
            assert_eq!(weapons, f.weapons, "{} at event {k}", f.name);
        }
        let out = heroes.iter().filter(|f| f.down).count();
        let marked = words.matches("OUT").count() + words.matches("KILLED").count();
        assert_eq!(marked, out, "at event {k}: {words}");
        // A row of the track for every hero.
        let (track, _) = the_one::<TrackPicture>(&mut app);
        let rows = texts_under(&app, track).join("|");
        for f in &heroes {
            let short = tarnation::app::track_picture::short_name(&f.name);
            assert!(rows.contains(&short), "{short} has no row: {rows}");
        }
        assert_eq!(log_lines(&mut app), k, "the log up to event {k}");
    }
    // At the end, somebody is down and it says so.
    assert!(recording.frames[n - 1].figures.iter().any(|f| f.down));
}

/// The viewer's map pans by a drag with the left button over it (issue 24: "pans and zooms"),
/// as far as the map goes; a drag over the panel does not move it.
#[test]
fn a_drag_pans_the_viewer_s_map() {
    use bevy::input::mouse::MouseMotion;
    use bevy::window::PrimaryWindow;
    use tarnation::app::input::MapRect;
    let (mut app, folders) = saving_app(2, "drag");
    let (_, path) = a_match(&folders, 21);
    open_in_viewer(&mut app, &path);
    for _ in 0..5 {
        app.update();
    }
    let frame = app.world().resource::<MapRect>().0;
    let mut window = Window::default();
    window.resolution.set(frame.window.x, frame.window.y);
    app.world_mut().spawn((window, PrimaryWindow));
    let camera = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<&Transform, With<Camera2d>>();
        q.single(app.world()).unwrap().translation.truncate()
    };
    // Zoomed in first (the whole street fits the first view: nowhere to pan to).
    {
        let mut q = app
            .world_mut()
            .query_filtered::<&mut Projection, With<Camera2d>>();
        if let Projection::Orthographic(o) = &mut *q.single_mut(app.world_mut()).unwrap() {
            o.scale = 0.5;
        }
    }
    app.update();
    let drag = |app: &mut App, at: Vec2, by: Vec2| {
        let mut q = app.world_mut().query::<&mut Window>();
        q.single_mut(app.world_mut())
            .unwrap()
            .set_cursor_position(Some(at));
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.world_mut().write_message(MouseMotion { delta: by });
        app.update();
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .release(MouseButton::Left);
        app.update();
    };
    let before = camera(&mut app);
    // Dragged 40 pixels right over the map: the view moves 20 world units left (at 0.5).
    drag(&mut app, frame.map.center(), Vec2::new(40.0, 0.0));
    let after = camera(&mut app);
    assert!(
        (after.x - (before.x - 20.0)).abs() < 0.01 && (after.y - before.y).abs() < 0.01,
        "{before} -> {after}"
    );
    // Over the panel: nothing moves.
    drag(
        &mut app,
        Vec2::new(frame.panel.center().x, frame.panel.center().y),
        Vec2::new(40.0, 0.0),
    );
    assert_eq!(camera(&mut app), after);
}

/// Stepping forward through a recording, a shot draws its tracer, its flash and the words
/// over its target, as live play drew them (a play-test saw each shot only in the log);
/// leaving the viewer takes what it drew with it.
#[test]
fn the_viewer_draws_each_shot_it_steps_through() {
    use tarnation::app::anim::Effect;
    let (mut app, folders) = saving_app(2, "viewer-shots");
    let (file, path) = a_match(&folders, 21);
    let recording = saves::record(&file);
    let first_shot = recording
        .events
        .iter()
        .position(|e| e.kind == "shot")
        .expect("a shot in the duel");
    open_in_viewer(&mut app, &path);
    app.update();
    let effects = |app: &mut App, which: Effect| {
        let mut q = app.world_mut().query::<&Effect>();
        q.iter(app.world()).filter(|e| **e == which).count()
    };
    while viewer(&app).at < first_shot {
        tap(&mut app, KeyCode::ArrowRight);
    }
    assert_eq!(effects(&mut app, Effect::Tracer), 0, "no shot shown yet");
    tap(&mut app, KeyCode::ArrowRight);
    app.update();
    assert_eq!(viewer(&app).at, first_shot + 1);
    assert!(effects(&mut app, Effect::Tracer) >= 1, "the shot's tracer");
    assert!(effects(&mut app, Effect::Flash) >= 1, "its flash");
    assert!(
        effects(&mut app, Effect::Words) >= 1,
        "the words over its target"
    );
    tap(&mut app, KeyCode::Escape);
    app.update();
    assert_ne!(screen(&app), Screen::Replay);
    assert_eq!(effects(&mut app, Effect::Tracer), 0, "gone with the viewer");
}

/// The viewer shows the level's counters, its objectives and the heroes a counter brings
/// (stop 47: it drew none of them, and the marshal who came in at the Longhorn's door was
/// missing from the map, the lamps shot out drawn whole): at every step the map is the
/// replayed match's, the marshal on it from his arrival and off it before, the counters'
/// tallies in their box, a shattered lamp shattered.
#[test]
fn the_viewer_shows_counters_and_the_heroes_they_bring() {
    use tarnation::app::hud::{CounterStrip, CounterTally};
    let (mut app, folders) = saving_app(2, "arrivals");
    let (file, path) = a_match_of(&folders, "longhorn_fire", 1, 6);
    let recording = saves::record(&file);
    // The file says who won, and the list of replays shows it (a play-test's list did not).
    let Ok(run::SimEnd::Decided(over)) = &recording.end else {
        panic!("decided: {:?}", recording.end);
    };
    let outcome = format!(
        "{}: {}",
        tarnation::rules::words::wins(&over.name),
        over.why
    );
    assert_eq!(file.outcome.as_deref(), Some(outcome.as_str()));
    let listed = saves::list(&folders.replays);
    let row = tarnation::app::saves_screen::row_words(&listed[0]);
    assert!(row.contains(&outcome), "{row}");
    let arrival = recording
        .events
        .iter()
        .position(|e| e.kind == "arrive")
        .expect("the town wakes and the marshal comes in");
    let marshal_on_map = |app: &mut App| {
        let mut q = app.world_mut().query::<&Hero>();
        q.iter(app.world()).any(|h| h.name == "Marshal Tate")
    };
    open_in_viewer(&mut app, &path);
    app.update();
    assert_eq!(count::<CounterStrip>(&mut app), 1, "the counters' box");
    assert!(!marshal_on_map(&mut app));
    // Every step from the start to past the arrival: the map as the recording has it.
    for k in 1..=arrival + 3 {
        tap(&mut app, KeyCode::ArrowRight);
        assert_eq!(
            shown(&mut app),
            (recording.frames[k - 1].clone(), k),
            "event {k}"
        );
        assert_eq!(marshal_on_map(&mut app), k > arrival, "event {k}");
    }
    let full = &recording.frames[arrival].counters[1];
    assert!(full.is_complete(), "{full:?}");
    let mut q = app.world_mut().query::<(&CounterTally, &Text)>();
    let tally = q
        .iter(app.world())
        .find(|(t, _)| t.0 == 1)
        .map(|(_, t)| t.0.clone())
        .unwrap();
    assert_eq!(
        tally,
        "The town wakes (danger, for Hank and Cyril) 4/4: full"
    );
    // The end, and back to the start: the marshal is taken off the map again.
    tap(&mut app, KeyCode::End);
    let n = recording.events.len();
    assert_eq!(shown(&mut app), (recording.frames[n - 1].clone(), n));
    // The lamp a stray shattered in round 1 is drawn shattered (the play-test saw both lamps
    // whole all match in the viewer), and whole again at the start.
    let lamps = |app: &mut App| {
        let mut q = app.world_mut().query::<&tarnation::sim::model::Cover>();
        q.iter(app.world())
            .filter(|c| c.name == "oil lamp")
            .map(|c| c.av)
            .collect::<Vec<u32>>()
    };
    assert!(lamps(&mut app).contains(&0), "{:?}", lamps(&mut app));
    tap(&mut app, KeyCode::Home);
    assert!(!lamps(&mut app).contains(&0), "{:?}", lamps(&mut app));
    assert!(!marshal_on_map(&mut app));
    assert!(shown(&mut app).0.counters.iter().all(|c| c.filled() == 0));
    // Leaving the viewer takes the box away with the map.
    tap(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(count::<CounterStrip>(&mut app), 0);
}
