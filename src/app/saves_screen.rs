//! The Load screen and the Replays screen: saved matches (Replays: the finished matches kept
//! and the saves) newest first, each with its level, round, sides and date. A damaged or
//! foreign file is listed with its error and cannot be opened; it never stops the game. Up/Down
//! and Enter, or a click on a row (a second click opens it). Back returns to the battle set
//! aside by the Esc menu, or to the main menu.

use super::input::{Bindings, MenuAction, MenuButton, MenuInput};
use super::layout::palette;
use super::replay_view::PendingReplay;
use super::saves::{
    FINAL, PendingLoad, SaveFolders, Suspended, Toast, check, file_name, kind_of, write_file,
};
use super::screens::{button_row, screen_root, title};
use super::state::Screen;
use super::widgets::{Greyed, Lit, Tip, button, label};
use crate::data::level::Control;
use crate::data::saves::date_time;
use crate::sim::journal::MatchFile;
use crate::sim::saves::{self, SaveEntry};
use bevy::prelude::*;

/// Which list the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ListMode {
    /// Saves, to load and play on.
    #[default]
    Load,
    /// Match files, to watch in the replay viewer.
    Replays,
}

/// The list on screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct SavesList {
    pub mode: ListMode,
    pub entries: Vec<SaveEntry>,
    pub index: usize,
    /// Why the file chosen last could not be opened.
    pub message: Option<String>,
}

impl SavesList {
    pub fn selected(&self) -> Option<&SaveEntry> {
        self.entries.get(self.index)
    }
}

/// A row of the list (the entry's place).
#[derive(Component, Debug, Clone, Copy)]
pub struct SaveRow(pub usize);

#[derive(Component)]
struct Body;

/// Rows shown at once (each may take two lines: eight fit a 720-pixel window); the list pages
/// with the selection.
const ROWS: usize = 8;

pub struct SavesScreenPlugin;

impl Plugin for SavesScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SavesList>()
            .init_resource::<OpenRequest>()
            .add_systems(OnEnter(Screen::Saves), (find_saves, spawn_list).chain())
            .add_systems(
                Update,
                (list_input, show_list)
                    .chain()
                    .run_if(in_state(Screen::Saves)),
            )
            // Exclusive: a save is checked, a match file replayed, in an app of its own, which
            // must not wait for the task pool the systems of this app run on.
            .add_systems(Update, open_requested.after(list_input));
    }
}

/// Every match file of a folder and, for the Replays, the saves too; newest first.
pub fn entries(folders: &SaveFolders, mode: ListMode) -> Vec<SaveEntry> {
    let mut all = saves::list(&folders.saves);
    if mode == ListMode::Replays {
        all.extend(saves::list(&folders.replays));
        all.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.path.cmp(&b.path)));
    }
    all
}

/// The files listed anew; the row chosen last stays chosen where its file is still listed (a
/// play-test came back from the viewer to the list's first row).
fn find_saves(mut list: ResMut<SavesList>, folders: Option<Res<SaveFolders>>) {
    let was = list.selected().map(|e| e.path.clone());
    list.entries = folders.map_or_else(Vec::new, |f| entries(&f, list.mode));
    list.index = was
        .and_then(|path| list.entries.iter().position(|e| e.path == path))
        .unwrap_or(0);
    list.message = None;
}

fn spawn_list(mut commands: Commands, list: Res<SavesList>) {
    let heading = match list.mode {
        ListMode::Load => "LOAD A SAVED MATCH",
        ListMode::Replays => "WATCH A MATCH AGAIN",
    };
    screen_root(&mut commands, Screen::Saves).with_children(|p| {
        title(p, heading, 40.0, palette::TITLE);
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Stretch,
                row_gap: px(6),
                width: px(1140),
                ..default()
            },
            Body,
        ));
    });
}

/// "round 2, segment 7" (the initiative step is segment 0).
fn when(at: Option<(u32, u32)>) -> String {
    match at {
        Some((r, 0)) => format!("round {r}, initiative"),
        Some((r, s)) => format!("round {r}, segment {s}"),
        None => "not started".into(),
    }
}

/// A row in words: the level, where the match stood, the sides and who played them, the date.
pub fn row_words(entry: &SaveEntry) -> String {
    let date = entry.saved_at.map_or_else(
        || "no date".into(),
        |s| format!("{} UTC", &date_time(s)[..16]),
    );
    let kind = kind_of(&entry.path);
    match (&entry.error, &entry.level) {
        (Some(error), _) => {
            let short: String = error.chars().take(150).collect();
            let more = if short.len() < error.len() { "..." } else { "" };
            format!(
                "{}  DAMAGED, cannot be loaded: {short}{more}",
                file_name(&entry.path)
            )
        }
        (None, level) => {
            let sides: Vec<String> = entry
                .sides
                .iter()
                .map(|(name, control)| {
                    let who = match control {
                        Control::Human => "human",
                        Control::Computer => "computer",
                    };
                    format!("{name} ({who})")
                })
                .collect();
            let kind = match kind {
                FINAL => "  [finished]".to_string(),
                "" => String::new(),
                k => format!("  [{k}]"),
            };
            let outcome = entry
                .outcome
                .as_ref()
                .map_or(String::new(), |o| format!("  |  {o}"));
            format!(
                "{}  |  {}  |  {}{outcome}  |  {date}{kind}",
                level.as_deref().unwrap_or("?"),
                when(entry.at),
                sides.join(" v ")
            )
        }
    }
}

/// The rows around the selection, and the selected file in full.
fn show_list(
    mut commands: Commands,
    list: Res<SavesList>,
    keys: Res<Bindings>,
    suspended: Option<Res<Suspended>>,
    body: Query<Entity, With<Body>>,
) {
    if !list.is_changed() {
        return;
    }
    let Ok(body) = body.single() else { return };
    let k = |a: MenuAction| keys.menu_key(a);
    let open = match list.mode {
        ListMode::Load => "Load",
        ListMode::Replays => "Watch",
    };
    let back = if suspended.is_some() {
        "Back to the battle"
    } else {
        "Back"
    };
    commands.entity(body).despawn_children().with_children(|p| {
        if list.entries.is_empty() {
            p.spawn(label(
                match list.mode {
                    ListMode::Load => "No saved matches yet: F5 in a battle saves one, and every round is autosaved.",
                    ListMode::Replays => "No match files yet: a finished match is kept here, and so is every save.",
                },
                18.0,
                palette::TEXT,
            ));
        }
        let first = list.index.saturating_sub(ROWS / 2).min(list.entries.len().saturating_sub(ROWS));
        if first > 0 {
            p.spawn(label(format!("... {first} newer above"), 14.0, palette::HINT));
        }
        for (i, entry) in list.entries.iter().enumerate().skip(first).take(ROWS) {
            let mut row = p.spawn((button(row_words(entry), 15.0), SaveRow(i)));
            row.insert(Node {
                padding: UiRect::axes(px(12), px(5)),
                justify_content: JustifyContent::FlexStart,
                border: UiRect::all(px(1)),
                ..default()
            });
            if let Some(error) = &entry.error {
                row.insert((Greyed, Tip(error.clone())));
            }
            if i == list.index {
                row.insert(Lit);
            }
        }
        let below = list.entries.len().saturating_sub(first + ROWS);
        if below > 0 {
            p.spawn(label(format!("... {below} older below"), 14.0, palette::HINT));
        }
        // The selected file, in full.
        if let Some(entry) = list.selected() {
            let detail = match &entry.error {
                Some(e) => format!("{}\nThis file cannot be loaded: {e}", entry.path.display()),
                None => entry.path.display().to_string(),
            };
            p.spawn(label(detail, 14.0, palette::HINT));
        }
        if let Some(message) = &list.message {
            p.spawn(label(message.clone(), 17.0, palette::TITLE));
        }
        p.spawn(button_row()).with_children(|row| {
            let mut b = row.spawn((
                button(format!("{open} ({})", k(MenuAction::Confirm)), 22.0),
                MenuButton(MenuAction::Confirm),
            ));
            if list.selected().is_none_or(|e| e.error.is_some()) {
                b.insert((Greyed, Tip("Choose a file that is not damaged".into())));
            }
            row.spawn((
                button(format!("{back} ({})", k(MenuAction::Back)), 22.0),
                MenuButton(MenuAction::Back),
            ));
            row.spawn(label(
                format!("{}/{}: choose", k(MenuAction::Up), k(MenuAction::Down)),
                16.0,
                palette::HINT,
            ));
        });
    });
}

/// A file to open, asked for this frame (opened by `open_requested`, on the main thread: it
/// replays the match in an app of its own).
#[derive(Resource, Debug, Clone, Default)]
pub struct OpenRequest(pub Option<(std::path::PathBuf, ListMode)>);

fn list_input(
    input: MenuInput,
    rows: Query<(&Interaction, &SaveRow), Changed<Interaction>>,
    mut list: ResMut<SavesList>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    suspended: Option<Res<Suspended>>,
    mut request: ResMut<OpenRequest>,
) {
    let n = list.entries.len();
    if n > 0 && input.pressed(MenuAction::Down) {
        list.index = (list.index + 1) % n;
        list.message = None;
    }
    if n > 0 && input.pressed(MenuAction::Up) {
        list.index = (list.index + n - 1) % n;
        list.message = None;
    }
    let mut open = input.pressed(MenuAction::Confirm);
    for (interaction, row) in &rows {
        // Damaged rows are greyed: a click selects them (to read the error) but cannot open.
        if *interaction == Interaction::Pressed {
            if row.0 == list.index {
                open = true;
            } else {
                list.index = row.0;
                list.message = None;
            }
        }
    }
    if input.pressed(MenuAction::Back) {
        super::saves::back_from_menu(suspended.as_deref(), &mut commands, &mut next);
        return;
    }
    if !open {
        return;
    }
    let Some(entry) = list.selected().cloned() else {
        return;
    };
    match &entry.error {
        Some(e) => list.message = Some(format!("This file cannot be loaded: {e}")),
        None => request.0 = Some((entry.path, list.mode)),
    }
}

/// Open the file asked for: a save is checked (its journal replayed) and loaded as the battle;
/// a match file is replayed for the viewer. A file that does not fit says why and stays listed.
pub fn open_requested(world: &mut World) {
    let Some((path, mode)) = world.resource_mut::<OpenRequest>().0.take() else {
        return;
    };
    let said = |world: &mut World, why: String| {
        if world.resource::<State<Screen>>().get() == &Screen::Saves {
            world.resource_mut::<SavesList>().message = Some(why);
        } else {
            world.resource_mut::<Toast>().say(why);
        }
    };
    let file = match MatchFile::load(&path) {
        Ok(file) => file,
        Err(e) => return said(world, format!("This file cannot be loaded: {e}")),
    };
    match mode {
        ListMode::Load => {
            if let Err(why) = check(&file) {
                return said(
                    world,
                    format!("{} cannot be loaded: {why}", file_name(&path)),
                );
            }
            // The battle set aside by the Esc menu is kept as an autosave.
            if let Some(s) = world.remove_resource::<Suspended>()
                && let Some(folders) = world.get_resource::<SaveFolders>()
                && let Err(e) = write_file(&s.file, folders, super::saves::AUTO)
            {
                warn!("the battle left was not kept: {e}");
            }
            world
                .resource_mut::<Toast>()
                .say(format!("Loaded: {}", file_name(&path)));
            world.insert_resource(PendingLoad { file, seat: None });
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Battle);
        }
        ListMode::Replays => match PendingReplay::of(file, &path) {
            Ok(replay) => {
                world.insert_resource(replay);
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Replay);
            }
            Err(why) => said(
                world,
                format!("{} cannot be watched: {why}", file_name(&path)),
            ),
        },
    }
}
