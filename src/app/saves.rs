//! Keeping a match, the window's side (issue 12): a save is the match file (`sim::saves`), a
//! load replays it. The quick save and quick load keys, the Esc menu's Save, an autosave at the
//! start of every round and when a match is left unfinished, the finished match kept to be
//! watched again, and Undo: the desk side's declarations of the segment taken back by replaying
//! the journal without them. What happened is said in a toast at the top of the window.

use super::hotseat::HotSeat;
use super::input::{BattleAction, BattleInput, Bindings, QueuedPlan, Selection};
use super::layout::{BANNER_H, palette};
use super::state::{Pause, Screen};
use super::widgets::label;
use crate::data::saves::{now_secs, saves_dir};
use crate::sim::journal::MatchFile;
use crate::sim::model::{Battle, BattleOver, Journal, RoundState};
use crate::sim::saves;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Where saves and finished matches are written. `tarnation play` writes in the user's data
/// folder for the game; tests give a folder of their own; without it nothing is written.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct SaveFolders {
    /// Saved matches (the Load screen and Continue).
    pub saves: PathBuf,
    /// Finished matches, kept to be watched again (the Replays screen lists these and the saves).
    pub replays: PathBuf,
}

impl SaveFolders {
    /// `saves` and, beside it, `replays`.
    pub fn new(saves: PathBuf) -> Self {
        let replays = saves
            .parent()
            .map_or_else(|| PathBuf::from("replays"), |p| p.join("replays"));
        SaveFolders { saves, replays }
    }

    /// The user's data folder for the game (`~/.local/share/tarnation/saves` and `replays`).
    pub fn user() -> Self {
        SaveFolders::new(saves_dir())
    }
}

/// How many autosaves are kept (the oldest go).
pub const AUTOSAVES_KEPT: usize = 5;

/// Kinds of saves, the last word of the file's name.
pub const QUICK: &str = "quick";
pub const AUTO: &str = "auto";
pub const SAVE: &str = "save";
pub const FINAL: &str = "final";

/// What a save's file name says it is: "quick", "auto", "save", "final" (empty otherwise).
pub fn kind_of(path: &Path) -> &str {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".match.ron"))
        .and_then(|n| n.rsplit('-').next())
        .filter(|k| [QUICK, AUTO, SAVE, FINAL].contains(k))
        .unwrap_or("")
}

/// A few words at the top of the window: a save written, a load refused, an undo.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Toast {
    pub text: String,
    /// Seconds it stays.
    pub left: f32,
}

impl Toast {
    pub fn say(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.left = 5.0;
    }
}

/// The toast's box and its words (a test finds the box by it).
#[derive(Component)]
pub struct ToastBox;

/// A match file to open as the battle (a load), and the seats to keep (a match resumed from
/// the Esc menu's Settings or Load keeps its hot-seat as it was).
#[derive(Resource, Clone, Debug)]
pub struct PendingLoad {
    pub file: MatchFile,
    pub seat: Option<HotSeat>,
}

/// The battle set aside while the Esc menu's Settings or Load screen is shown: it is resumed
/// (replayed) when the player comes back.
#[derive(Resource, Clone, Debug)]
pub struct Suspended {
    pub file: MatchFile,
    pub seat: HotSeat,
}

/// Back from a screen the Esc menu opened (Settings, Load): to the battle set aside, resumed
/// from its file with its seat, or to the main menu when none was.
pub fn back_from_menu(
    suspended: Option<&Suspended>,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    match suspended {
        Some(s) => {
            commands.insert_resource(PendingLoad {
                file: s.file.clone(),
                seat: Some(s.seat.clone()),
            });
            commands.remove_resource::<Suspended>();
            next.set(Screen::Battle);
        }
        None => next.set(Screen::MainMenu),
    }
}

/// A match was loaded into this battle: the hot-seat as it was, if it is to be kept (else the
/// blindfold shows before the first declaration).
#[derive(Resource, Clone, Debug)]
pub struct Loaded {
    pub seat: Option<HotSeat>,
}

/// What the player asked of the match this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Save(&'static str),
    QuickLoad,
    Undo,
}

#[derive(Resource, Debug, Clone, Default)]
pub struct Requests(pub Vec<Request>);

/// The file the match just finished was kept in (the result screen offers to watch it).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct FinishedMatch(pub PathBuf);

/// The round last autosaved, and whether the finished match was kept.
#[derive(Resource, Debug, Clone, Default)]
struct Kept {
    round: u32,
    finished: bool,
    /// The journal's length when the match was last written or loaded: a file holds it as it
    /// is while nothing more has been declared.
    written: Option<usize>,
}

/// Is the match as a save already holds it (nothing declared since it was written or loaded)?
pub fn kept_as_is(world: &World) -> bool {
    let len = world.get_resource::<Journal>().map(|j| j.0.len());
    world
        .get_resource::<Kept>()
        .is_some_and(|k| k.written.is_some() && k.written == len)
}

pub struct SavesPlugin;

impl Plugin for SavesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Toast>()
            .init_resource::<Requests>()
            .init_resource::<Kept>()
            .add_systems(Startup, spawn_toast)
            .add_systems(Update, show_toast)
            .add_systems(OnExit(Screen::MainMenu), forget_the_menu_s_toast)
            .add_systems(
                OnEnter(Screen::Battle),
                start_keeping.after(super::state::ScreenSystems::LoadBattle),
            )
            .add_systems(
                Update,
                (
                    keep_keys.in_set(crate::sim::SimSystems::Intent),
                    keep.after(crate::sim::SimSystems::Victory),
                )
                    .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
            );
    }
}

/// A toast said on the main menu speaks of it ("Continue (C) plays on"): it goes with the
/// menu (a play-test read it on the Replays screen, where there is no Continue).
fn forget_the_menu_s_toast(mut toast: ResMut<Toast>) {
    toast.left = 0.0;
}

fn spawn_toast(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(BANNER_H + 10.0),
                left: px(0),
                right: px(0),
                justify_content: JustifyContent::Center,
                ..default()
            },
            GlobalZIndex(40),
            Pickable::IGNORE,
            Visibility::Hidden,
            ToastBox,
        ))
        .with_children(|p| {
            p.spawn((
                Node {
                    padding: UiRect::axes(px(14), px(8)),
                    max_width: px(760),
                    ..default()
                },
                BackgroundColor(palette::TIP),
                children![(label("", 16.0, palette::TIP_TEXT), ToastBox)],
            ));
        });
}

/// The toast for its time, over the map in battle (a play-test's "Undo refused" ran over the
/// hero cards of the panel), over the middle of the window elsewhere.
fn show_toast(
    time: Res<Time>,
    screen: Option<Res<State<Screen>>>,
    mut toast: ResMut<Toast>,
    mut boxes: Query<(&mut Visibility, &mut Node), (With<ToastBox>, Without<Text>)>,
    mut texts: Query<&mut Text, With<ToastBox>>,
) {
    if toast.left > 0.0 {
        toast.left -= time.delta_secs();
    }
    let shown = toast.left > 0.0 && !toast.text.is_empty();
    let battle = screen.is_some_and(|s| *s.get() == Screen::Battle);
    let right = px(if battle { super::layout::PANEL_W } else { 0.0 });
    for (mut v, mut node) in &mut boxes {
        let want = if shown {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if *v != want {
            *v = want;
        }
        if node.right != right {
            node.right = right;
        }
    }
    if toast.is_changed() {
        for mut t in &mut texts {
            t.0 = toast.text.clone();
        }
    }
}

/// A battle begins (new or loaded): the round it stands at is kept, so the next autosave is at
/// the start of the next round.
fn start_keeping(
    mut kept: ResMut<Kept>,
    round: Res<RoundState>,
    journal: Res<Journal>,
    loaded: Option<Res<Loaded>>,
) {
    // A match loaded from a file is held by that file; one resumed from the Esc menu's
    // Settings or Load (its seat kept) is held by no file.
    let from_file = loaded.as_ref().is_some_and(|l| l.seat.is_none());
    *kept = Kept {
        round: if loaded.is_some() { round.round } else { 0 },
        finished: false,
        written: from_file.then_some(journal.0.len()),
    };
}

/// F5, F9 and Ctrl+Z (as bound): a request for `keep`.
fn keep_keys(
    actions: BattleInput,
    pause: Res<State<Pause>>,
    seat: Res<HotSeat>,
    keys: Res<Bindings>,
    mut requests: ResMut<Requests>,
    mut toast: ResMut<Toast>,
) {
    if actions.just_pressed(BattleAction::QuickSave) {
        requests.0.push(Request::Save(QUICK));
    }
    if actions.just_pressed(BattleAction::QuickLoad) {
        requests.0.push(Request::QuickLoad);
    }
    if actions.just_pressed(BattleAction::Undo) {
        if *pause.get() == Pause::Paused {
            toast.say(format!(
                "Undo: close the Esc menu first ({})",
                keys.key(BattleAction::Quit)
            ));
        } else if seat.awaiting_handoff {
            toast.say(format!(
                "Undo: take the seat first ({}); a side takes back only its own declarations",
                keys.key(BattleAction::EndDeclaration)
            ));
        } else {
            requests.0.push(Request::Undo);
        }
    }
}

/// Saves, loads and undos asked for, the autosave at the start of every round, and the finished
/// match kept for the Replays screen.
fn keep(world: &mut World) {
    let requests = std::mem::take(&mut world.resource_mut::<Requests>().0);
    for request in requests {
        match request {
            Request::Save(kind) => {
                let said = match write(world, kind) {
                    Ok(path) => {
                        written(world);
                        format!("Saved: {}", file_name(&path))
                    }
                    Err(e) => format!("Not saved: {e}"),
                };
                world.resource_mut::<Toast>().say(said);
            }
            Request::QuickLoad => quick_load(world),
            Request::Undo => undo(world),
        }
    }
    // The autosave at the start of every round (the start of the first is the level itself).
    let round = world.resource::<RoundState>().round;
    if round > world.resource::<Kept>().round {
        world.resource_mut::<Kept>().round = round;
        if round > 1
            && !world.resource::<Journal>().0.is_empty()
            && world.contains_resource::<SaveFolders>()
        {
            match write(world, AUTO) {
                Ok(_) => written(world),
                Err(e) => world
                    .resource_mut::<Toast>()
                    .say(format!("The autosave failed: {e}")),
            }
        }
    }
    // A finished match is kept to be watched again.
    if world.contains_resource::<BattleOver>() && !world.resource::<Kept>().finished {
        world.resource_mut::<Kept>().finished = true;
        world.remove_resource::<FinishedMatch>();
        if world.contains_resource::<SaveFolders>() {
            match write(world, FINAL) {
                Ok(path) => {
                    drop_autosaves_of_the_match(world);
                    world.insert_resource(FinishedMatch(path));
                }
                Err(e) => warn!("the finished match was not kept: {e}"),
            }
        }
    }
}

/// The match as it is now is in a file.
fn written(world: &mut World) {
    let len = world.resource::<Journal>().0.len();
    world.resource_mut::<Kept>().written = Some(len);
}

pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// Save the match in the world as a save of `kind` (a finished one among the replays).
pub fn write(world: &World, kind: &str) -> Result<PathBuf, String> {
    let folders = world
        .get_resource::<SaveFolders>()
        .ok_or("saving is off in this session")?;
    let file = saves::match_file_of(world).ok_or("there is no match to save")?;
    write_file(&file, folders, kind)
}

/// Write a match file as a save of `kind`; autosaves past the newest few go.
pub fn write_file(file: &MatchFile, folders: &SaveFolders, kind: &str) -> Result<PathBuf, String> {
    let dir = if kind == FINAL {
        &folders.replays
    } else {
        &folders.saves
    };
    let path = dir.join(crate::data::saves::save_name_of_match(
        &file.level.name,
        file.match_id.as_deref(),
        file.saved_at.unwrap_or_else(now_secs),
        kind,
    ));
    file.save(&path).map_err(|e| e.to_string())?;
    if kind == AUTO {
        prune_autosaves(dir);
    }
    Ok(path)
}

/// A match played to its end is kept among the replays: its own autosaves (the same level and
/// seed, a journal the finished one goes on from) go, so Continue does not bring back a match
/// that is over. The player's own saves stay.
fn drop_autosaves_of_the_match(world: &World) {
    let (Some(folders), Some(done)) = (
        world.get_resource::<SaveFolders>(),
        saves::match_file_of(world),
    ) else {
        return;
    };
    let Ok(read) = std::fs::read_dir(&folders.saves) else {
        return;
    };
    for path in read.filter_map(|e| e.ok()).map(|e| e.path()) {
        if kind_of(&path) != AUTO {
            continue;
        }
        let Ok(file) = MatchFile::load(&path) else {
            continue;
        };
        if file.seed == done.seed
            && file.level.name == done.level.name
            && done.journal.starts_with(&file.journal)
        {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Only the newest `AUTOSAVES_KEPT` autosaves of each match stay (issue 21: playing a second
/// match used to delete the only save of the first). A match is told by the id in its file
/// names; autosaves of before the ids count as one match, as they did.
fn prune_autosaves(dir: &Path) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut autos: Vec<(Option<String>, std::time::SystemTime, PathBuf)> = read
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| kind_of(p) == AUTO)
        .filter_map(|p| {
            let id = crate::data::saves::match_id_of_name(&file_name(&p)).map(str::to_string);
            Some((id, std::fs::metadata(&p).ok()?.modified().ok()?, p))
        })
        .collect();
    autos.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(b.2.cmp(&a.2)));
    let mut kept: Option<(&Option<String>, usize)> = None;
    for (id, _, path) in &autos {
        let n = match kept {
            Some((last, n)) if last == id => n + 1,
            _ => 1,
        };
        kept = Some((id, n));
        if n > AUTOSAVES_KEPT {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The newest quick save, by the time it was written.
pub fn newest_quick_save(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| kind_of(p) == QUICK)
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, p)| p)
}

fn quick_load(world: &mut World) {
    let Some(folders) = world.get_resource::<SaveFolders>().cloned() else {
        world
            .resource_mut::<Toast>()
            .say("Quick load: saving is off in this session");
        return;
    };
    let Some(path) = newest_quick_save(&folders.saves) else {
        let key = world.resource::<Bindings>().key(BattleAction::QuickSave);
        world
            .resource_mut::<Toast>()
            .say(format!("Quick load: no quick save yet ({key} makes one)"));
        return;
    };
    match MatchFile::load(&path) {
        Ok(file) => {
            if let Err(why) = open_save(world, file) {
                world
                    .resource_mut::<Toast>()
                    .say(format!("Cannot load {}: {why}", file_name(&path)));
            } else {
                world
                    .resource_mut::<Toast>()
                    .say(format!("Loaded: {}", file_name(&path)));
            }
        }
        Err(e) => world
            .resource_mut::<Toast>()
            .say(format!("Cannot load: {e}")),
    }
}

/// Does the file's journal fit its match? (Err: why not, where.) A save that does not is
/// damaged or of another version of the rules, and is not loaded.
pub fn check(file: &MatchFile) -> Result<(), String> {
    crate::sim::run::replay(file).end.map(|_| ())
}

/// Open a saved match as the battle (leaving the one there is, which is autosaved): checked
/// first, so a file that does not fit never replaces the match in play.
pub fn open_save(world: &mut World, file: MatchFile) -> Result<(), String> {
    check(&file)?;
    world.remove_resource::<Suspended>();
    world.insert_resource(PendingLoad { file, seat: None });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
    Ok(())
}

/// The side at the desk: the human side that held the seat last, else the level's first human
/// side.
pub fn desk_side(world: &World) -> Option<usize> {
    let battle = world.get_resource::<Battle>()?;
    world
        .get_resource::<HotSeat>()
        .cloned()
        .unwrap_or_default()
        .desk_side(&battle.level)
}

fn undo(world: &mut World) {
    let Some(side) = desk_side(world) else {
        world
            .resource_mut::<Toast>()
            .say("Undo: no side here is played by a human");
        return;
    };
    let name = world.resource::<Battle>().level.sides[side].name.clone();
    let said = match saves::undo(world, side) {
        Ok(n) => {
            // The match was rebuilt: nothing chosen refers to its old figures.
            if let Some(mut selection) = world.get_resource_mut::<Selection>() {
                selection.hero = None;
                selection.series.clear();
            }
            if let Some(mut plan) = world.get_resource_mut::<QueuedPlan>() {
                plan.clear();
            }
            format!(
                "Undo: {name} took back {n} declaration{}",
                if n == 1 { "" } else { "s" }
            )
        }
        Err(refusal) => format!(
            "Undo refused: {}",
            world.resource::<Bindings>().refusal(&refusal)
        ),
    };
    world.resource_mut::<Toast>().say(said);
}
