//! The level editor in the window (issue 25): the map under edit on the left, drawn from the
//! level model (`crate::editor`) after every edit; tools, forms, the live check and the files
//! in the panel on the right. The window only sends edits: every change is an
//! [`crate::editor::Edit`] applied through the history, so each can be undone.

pub mod act;
pub mod balance;
pub mod counters;
pub mod draw;
pub mod figure_forms;
pub mod forms;
pub mod pages;
pub mod panel;
pub mod rules_form;
pub mod typing;

use super::state::Screen;
use crate::data::gear::{self, Gear};
use crate::data::level::{HeroDef, Level};
use crate::editor::problems::{Problem, problems};
use crate::editor::{Cell, Edit, History, Thing};
use crate::rules::terrain::Material;
use bevy::prelude::*;
use std::path::PathBuf;

pub use act::Act;
pub use balance::BalanceRun;

/// The panel of the editor on the right (layout pixels).
pub const PANEL_W: f32 = 400.0;

/// What a click on the map does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Paint the chosen terrain with the brush.
    Terrain,
    /// Set the chosen height with the brush.
    Height,
    /// Fill the joined hexes of one terrain with the chosen terrain.
    Fill,
    /// Place a copy of the chosen hero for the chosen side.
    Hero,
    /// Place a cover object of the chosen material.
    Cover,
    /// Place a horse.
    Mount,
    /// Pick a thing to change in the form; a right click moves it.
    Select,
}

impl Tool {
    pub const ALL: [Tool; 7] = [
        Tool::Terrain,
        Tool::Height,
        Tool::Fill,
        Tool::Hero,
        Tool::Cover,
        Tool::Mount,
        Tool::Select,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Terrain => "Paint",
            Tool::Height => "Height",
            Tool::Fill => "Fill",
            Tool::Hero => "Hero",
            Tool::Cover => "Cover",
            Tool::Mount => "Horse",
            Tool::Select => "Select",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Tool::Terrain => "T",
            Tool::Height => "G",
            Tool::Fill => "F",
            Tool::Hero => "H",
            Tool::Cover => "C",
            Tool::Mount => "M",
            Tool::Select => "S",
        }
    }
}

/// The panel's page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Map,
    Figures,
    Sides,
    Check,
}

/// The level under edit and every choice of the editor's tools.
#[derive(Resource)]
pub struct EditorState {
    pub history: History,
    /// Where the level was opened from or saved to (none: not yet saved).
    pub path: Option<PathBuf>,
    /// Was the file a draft when opened, or saved as one last?
    pub draft: bool,
    pub gear: Gear,
    /// The heroes of the shipped levels, to copy from.
    pub templates: Vec<HeroDef>,
    pub tool: Tool,
    pub page: Page,
    pub terrain: char,
    pub height: u8,
    pub brush: usize,
    /// The side a new hero joins.
    pub side: usize,
    /// The shipped hero a new one copies.
    pub template: usize,
    pub material: Material,
    pub selected: Option<Thing>,
    /// The hex picked last (where a new objective goes).
    pub cell: Option<Cell>,
    pub problems: Vec<Problem>,
    /// The last thing said to the Judge (saved, refused, ...).
    pub message: String,
    /// Bumped on every change: the map and panel are drawn again.
    pub version: u64,
    /// The level files the Open list offers (shipped, the user's, drafts) and the one shown.
    pub files: Vec<PathBuf>,
    pub file: usize,
    pub balance: Option<BalanceRun>,
    /// The hex the camera should centre on (a problem's).
    pub look_at: Option<Cell>,
    /// Fit the map into the window again (a level opened, a new map).
    pub fit: bool,
    /// Bumped when only the panel changes (a page, a tool, a pick).
    pub ui: u64,
    /// The skill and the weapon the hero form's Add buttons give.
    pub skill_pick: usize,
    pub weapon_pick: usize,
    /// How far the panel's page is scrolled down (layout pixels).
    pub scroll: f32,
}

impl EditorState {
    pub fn new(level: Level, path: Option<PathBuf>, draft: bool, gear: Gear) -> EditorState {
        let templates = crate::editor::files::shipped_heroes(&gear);
        let mut state = EditorState {
            history: History::new(level),
            path,
            draft,
            gear,
            templates,
            tool: Tool::Terrain,
            page: Page::Map,
            terrain: '#',
            height: 1,
            brush: 1,
            side: 0,
            template: 0,
            material: Material::Adobe,
            selected: None,
            cell: None,
            problems: Vec::new(),
            message: String::new(),
            version: 0,
            files: Vec::new(),
            file: 0,
            balance: None,
            look_at: None,
            fit: true,
            ui: 0,
            skill_pick: 0,
            weapon_pick: 0,
            scroll: 0.0,
        };
        state.files = open_list();
        // The Open list starts at the file being edited.
        if let Some(path) = &state.path {
            state.file = state.files.iter().position(|f| f == path).unwrap_or(0);
        }
        state.recheck();
        state
    }

    pub fn level(&self) -> &Level {
        &self.history.level
    }

    /// Check the level again and have it drawn again.
    pub fn recheck(&mut self) {
        let name = self
            .path
            .clone()
            .unwrap_or_else(|| PathBuf::from(crate::editor::files::file_name(&self.level().name)));
        self.problems = problems(&self.history.level, &self.gear, &name);
        // A selection the edit removed is dropped.
        let l = &self.history.level;
        let keep = match self.selected {
            Some(Thing::Hero(i)) => i < l.heroes.len(),
            Some(Thing::Mount(i)) => i < l.mounts.len(),
            Some(Thing::Cover(i)) => i < l.cover.len(),
            Some(Thing::Item(i)) => i < l.items.len(),
            None => true,
        };
        if !keep {
            self.selected = None;
        }
        self.side = self.side.min(l.sides.len().saturating_sub(1));
        self.version += 1;
    }

    /// Apply an edit as one step; a refused edit is said, not applied.
    pub fn apply(&mut self, edit: Edit) {
        match self.history.apply(edit) {
            Ok(()) => self.message.clear(),
            Err(e) => self.message = format!("Not done: {e}"),
        }
        self.recheck();
    }

    pub fn ready(&self) -> bool {
        crate::editor::problems::ready(&self.problems)
    }
}

/// The level files to open: the shipped ones, then the user's (drafts too).
pub fn open_list() -> Vec<PathBuf> {
    let mut files = crate::data::paths::level_files().unwrap_or_default();
    files.extend(crate::editor::files::user_files(true));
    files
}

/// What the editor opens with when it is entered: a new map, or a level file.
#[derive(Resource, Clone, Debug)]
pub enum EditorStart {
    New {
        width: usize,
        height: usize,
    },
    /// A new map to be saved at a path of the Judge's (`tarnation edit NEW.ron`).
    Create {
        path: PathBuf,
        width: usize,
        height: usize,
    },
    Open(PathBuf),
}

/// A match started with "Play it": the window comes back to the editor after it.
#[derive(Resource, Clone, Copy, Debug)]
pub struct BackToEditor;

pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<typing::Typing>()
            .init_resource::<draw::Hover>()
            .add_systems(OnEnter(Screen::Editor), (enter, panel::spawn_frame).chain())
            .add_systems(OnExit(Screen::Editor), draw::leave)
            .add_systems(OnEnter(Screen::MainMenu), back_to_editor)
            .add_systems(
                Update,
                (
                    typing::type_text,
                    act::keys,
                    act::clicks,
                    draw::pointer,
                    act::map_clicks,
                    balance::poll,
                    draw::redraw,
                    panel::rebuild,
                    panel::scroll,
                    draw::camera,
                )
                    .chain()
                    .run_if(in_state(Screen::Editor).and_then(resource_exists::<EditorState>)),
            );
    }
}

/// What the editor draws over the map each frame (the brush, the selection, the problem's
/// hex) with gizmos: added with the renderer (the headless tests have none).
pub struct EditorOverlayPlugin;

impl Plugin for EditorOverlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            draw::overlay
                .after(draw::camera)
                .run_if(in_state(Screen::Editor).and_then(resource_exists::<EditorState>)),
        );
    }
}

/// Enter the editor: keep the level under edit when coming back from "Play it" or the menu,
/// else open what `EditorStart` asks (a new map by default).
fn enter(world: &mut World) {
    let start = world.remove_resource::<EditorStart>();
    if start.is_none() && world.contains_resource::<EditorState>() {
        let mut state = world.resource_mut::<EditorState>();
        state.files = open_list();
        state.fit = true;
        state.recheck();
        return;
    }
    let gear = crate::data::paths::find(gear::GEAR_PATH)
        .and_then(|p| gear::load(&p))
        .unwrap_or(Gear {
            weapons: Vec::new(),
        });
    let state = match start.unwrap_or(EditorStart::New {
        width: 16,
        height: 10,
    }) {
        EditorStart::New { width, height } => {
            EditorState::new(crate::editor::blank(width, height), None, false, gear)
        }
        EditorStart::Create {
            path,
            width,
            height,
        } => EditorState::new(crate::editor::blank(width, height), Some(path), false, gear),
        EditorStart::Open(path) => match crate::editor::files::open(&path) {
            Ok((level, draft)) => EditorState::new(level, Some(path), draft, gear),
            Err(e) => {
                let mut s = EditorState::new(crate::editor::blank(16, 10), None, false, gear);
                s.message = format!("Could not open it: {e}");
                s
            }
        },
    };
    world.insert_resource(state);
}

/// After a match started with "Play it", the main menu hands back to the editor.
fn back_to_editor(
    mut commands: Commands,
    back: Option<Res<BackToEditor>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if back.is_some() {
        commands.remove_resource::<BackToEditor>();
        next.set(Screen::Editor);
    }
}
