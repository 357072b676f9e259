//! What the editor's buttons, keys and clicks on the map do: each a small change of the
//! editor's choices, or an edit of the level sent through the history.

use super::draw::Hover;
use super::forms::{COVERS, Number};
use super::typing::{Field, Typing};
use super::{BackToEditor, EditorState, Page, Tool};
use crate::app::state::Screen;
use crate::data::level::{CoverDef, HeroDef, MountDef};
use crate::editor::{self as ed, Edit, Slot, Thing};
use crate::rules::terrain::{Material, Terrain};
use bevy::prelude::*;

/// What a button of the editor does.
#[derive(Component, Clone, Debug, PartialEq)]
pub enum Act {
    Page(Page),
    Tool(Tool),
    Terrain(char),
    Height(u8),
    Brush(usize),
    Resize(i32, i32),
    Undo,
    Redo,
    Save,
    Play,
    Balance,
    Menu,
    New,
    OpenNext(i32),
    Open,
    Type(Field),
    /// The side new heroes join; the shipped hero they copy; the material of new cover.
    NewSide(i32),
    Template(i32),
    Material(i32),
    Select(Thing),
    Turn,
    Copy,
    Delete,
    HeroNumber(Number, i32),
    TraitRank(&'static str, i32),
    TraitDie(&'static str, i32),
    Skill(String, i32),
    SkillPick(i32),
    SkillAdd,
    WeaponRemove(usize),
    WeaponPick(i32),
    WeaponAdd,
    Holster,
    FullyLoaded,
    Cocked,
    Portrait(i32),
    HeroSide(i32),
    CoverMaterial(i32),
    CoverCovers(i32),
    CoverFrom(u8),
    MountNumber(bool, i32),
    MountRider(i32),
    SideControl(usize),
    SideAi(usize),
    SideColour(usize),
    SideRemove(usize),
    SideAdd,
    LastStanding,
    TimerAdd,
    ObjectiveAdd,
    VictoryCount(usize, i32),
    VictoryWinner(usize),
    VictoryRemove(usize),
    /// An objective's work: the next skill, the next trait, its TN, full attention.
    TaskSkill(usize),
    TaskTrait(usize),
    TaskTn(usize, i32),
    TaskFull(usize),
    CounterRemove(usize),
    /// A new counter; a counter's next kind, its slots, its next feed, what a full one does.
    CounterAdd,
    CounterKind(usize),
    CounterSlots(usize, i32),
    CounterFeed(usize),
    CounterFull(usize),
    /// An item at the picked hex.
    ItemAdd,
    Resolution,
    WeaponLength,
    Rushing,
    TotalMovement,
    Exceptional,
    IncreasedEffect,
    Threshold,
    CardUse,
    Blindfold,
    Problem(usize),
}

/// Step through `n` choices from `i` by `d` (wrapping).
pub fn step(i: usize, d: i32, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    (i as i64 + d as i64).rem_euclid(n as i64) as usize
}

/// Do what a button says (the Judge's choices, an edit, a file).
pub fn act(state: &mut EditorState, act: &Act, typing: &mut Typing) -> Option<Leave> {
    let sides = state.level().sides.len();
    match act {
        Act::Page(p) => {
            state.page = *p;
            state.scroll = 0.0;
            // The map's tools on the map's page, the figures' on theirs.
            let map_tool = matches!(state.tool, Tool::Terrain | Tool::Height | Tool::Fill);
            match p {
                Page::Map if !map_tool => state.tool = Tool::Terrain,
                Page::Figures if map_tool => state.tool = Tool::Select,
                _ => {}
            }
        }
        Act::Tool(t) => {
            state.tool = *t;
            state.page = match t {
                Tool::Terrain | Tool::Height | Tool::Fill => Page::Map,
                _ => Page::Figures,
            };
        }
        Act::Terrain(c) => {
            state.terrain = *c;
            if !matches!(state.tool, Tool::Terrain | Tool::Fill) {
                state.tool = Tool::Terrain;
            }
        }
        Act::Height(h) => {
            state.height = *h;
            state.tool = Tool::Height;
        }
        Act::Brush(b) => state.brush = *b,
        Act::Resize(dw, dh) => {
            let (w, h) = ed::size(state.level());
            let edit = Edit::Resize {
                width: (w as i32 + dw).max(1) as usize,
                height: (h as i32 + dh).max(1) as usize,
            };
            state.apply(edit);
        }
        Act::Undo
        | Act::Redo
        | Act::Save
        | Act::Play
        | Act::Balance
        | Act::Menu
        | Act::New
        | Act::OpenNext(_)
        | Act::Open => {
            if let Some(leave) = file_act(state, act) {
                return Some(leave);
            }
        }
        Act::Type(field) => typing.start(*field, state),
        Act::NewSide(d) => state.side = step(state.side, *d, sides),
        Act::Template(d) => state.template = step(state.template, *d, state.templates.len()),
        Act::Material(d) => {
            let i = Material::ALL
                .iter()
                .position(|m| *m == state.material)
                .unwrap_or(0);
            state.material = Material::ALL[step(i, *d, Material::ALL.len())];
        }
        Act::Select(t) => {
            state.selected = Some(*t);
            state.scroll = 0.0;
        }
        Act::Turn => {
            if let Some(t) = state.selected {
                let edit = ed::turn_thing(state.level(), t);
                state.apply(edit);
            }
        }
        Act::Copy => super::forms::copy_selected(state),
        Act::Delete => {
            if let Some(t) = state.selected.take() {
                let edit = ed::remove_thing(state.level(), t);
                state.apply(edit);
            }
        }
        _ => super::forms::form_act(state, act),
    }
    state.ui += 1;
    None
}

/// Undo, redo, save, play, balance, the menu, a new map, open a file.
fn file_act(state: &mut EditorState, act: &Act) -> Option<Leave> {
    match act {
        Act::Undo => {
            if !state.history.undo() {
                state.message = "Nothing to undo".into();
            }
            state.recheck();
        }
        Act::Redo => {
            if !state.history.redo() {
                state.message = "Nothing to redo".into();
            }
            state.recheck();
        }
        Act::Save => save(state),
        Act::Play => return play(state),
        Act::Balance => super::balance::start(state),
        Act::Menu => {
            if state.history.unsaved() && !state.message.starts_with("Unsaved") {
                state.message =
                    "Unsaved changes: Menu again leaves without saving them (Save keeps them)"
                        .into();
            } else {
                return Some(Leave::Menu);
            }
        }
        Act::New => {
            if state.history.unsaved() && !state.message.starts_with("Unsaved") {
                state.message = "Unsaved changes: New again starts over without saving them".into();
            } else {
                *state = EditorState::new(ed::blank(16, 10), None, false, state.gear.clone());
                state.fit = true;
            }
        }
        Act::OpenNext(d) => state.file = step(state.file, *d, state.files.len()),
        Act::Open => {
            if let Some(path) = state.files.get(state.file).cloned() {
                match ed::files::open(&path) {
                    Ok((level, draft)) => {
                        *state = EditorState::new(level, Some(path), draft, state.gear.clone());
                        state.fit = true;
                    }
                    Err(e) => state.message = format!("Could not open it: {e}"),
                }
            }
        }
        _ => {}
    }
    state.ui += 1;
    None
}

/// Where the level is saved: where it was opened or saved, unless that is a shipped level
/// (the game's own files are never written over), else the user's levels folder.
fn save_path(state: &EditorState) -> std::path::PathBuf {
    let shipped = crate::data::paths::find("levels").ok();
    match &state.path {
        Some(p) if !shipped.as_ref().is_some_and(|dir| p.starts_with(dir)) => p.clone(),
        _ => ed::files::user_levels_dir().join(ed::files::file_name(&state.level().name)),
    }
}

/// Save: a ready level as a level (listed in the level select), else as a draft.
pub fn save(state: &mut EditorState) {
    let path = save_path(state);
    let draft = !state.ready();
    match ed::files::save(&path, state.level(), draft) {
        Ok(()) => {
            state.history.saved();
            state.draft = draft;
            state.message = if draft {
                let n = state.problems.iter().filter(|p| !p.warning).count();
                format!(
                    "Saved as a draft ({n} problem to mend before it plays): {}",
                    path.display()
                )
            } else {
                format!("Saved: {} (in the level select)", path.display())
            };
            state.path = Some(path);
            state.files = super::open_list();
        }
        Err(e) => state.message = format!("Not saved: {e}"),
    }
}

/// What leaving the editor goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    Play,
}

/// "Play it": a ready level is saved and played; the editor comes back after the match.
fn play(state: &mut EditorState) -> Option<Leave> {
    if !state.ready() {
        let first = state.problems.iter().find(|p| !p.warning);
        state.message = format!(
            "It cannot be played yet: {}",
            first.map_or("a problem is left", |p| p.message.as_str())
        );
        return None;
    }
    save(state);
    Some(Leave::Play)
}

/// Clicks on the panel's buttons, and leaving for the menu or a match.
pub fn clicks(
    mut commands: Commands,
    buttons: Query<(&Interaction, &Act), Changed<Interaction>>,
    mut state: ResMut<EditorState>,
    mut typing: ResMut<Typing>,
    mut next: ResMut<NextState<Screen>>,
    mut seeds: ResMut<crate::app::screens::SeedSource>,
) {
    let acts: Vec<Act> = buttons
        .iter()
        .filter(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, a)| a.clone())
        .collect();
    for a in acts {
        if typing.field.is_some() && !matches!(a, Act::Type(_)) {
            typing.commit(&mut state);
        }
        if let Some(leave) = act(&mut state, &a, &mut typing) {
            leave_for(leave, &mut commands, &state, (&mut next, &mut seeds));
        }
    }
}

/// Leave the editor: for the main menu, or for a match of the level (the editor comes back
/// after it).
fn leave_for(
    leave: Leave,
    commands: &mut Commands,
    state: &EditorState,
    (next, seeds): (&mut NextState<Screen>, &mut crate::app::screens::SeedSource),
) {
    match leave {
        Leave::Menu => next.set(Screen::MainMenu),
        Leave::Play => {
            leave_to_play(commands, state, seeds.take());
            next.set(Screen::Battle);
        }
    }
}

fn leave_to_play(commands: &mut Commands, state: &EditorState, seed: u64) {
    let mut level = state.level().clone();
    // Every computer side plays `normal` unless the level names a level of play.
    for side in &mut level.sides {
        side.ai.get_or_insert_default();
    }
    commands.insert_resource(crate::app::screens::PendingBattle {
        level,
        gear: state.gear.clone(),
        seed,
    });
    commands.insert_resource(BackToEditor);
}

/// The keys: a tool each, a terrain 1-9, brush B, height + and -, turn R, delete, undo and
/// redo (Ctrl+Z, Ctrl+Y), save (Ctrl+S), play (F5). None while a name is typed.
pub fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut state: ResMut<EditorState>,
    mut typing: ResMut<Typing>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut seeds: ResMut<crate::app::screens::SeedSource>,
) {
    if typing.field.is_some() {
        return;
    }
    // Ctrl held, or let go in this very frame with the key (a quick chord).
    let ctrls = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let ctrl = keys.any_pressed(ctrls) || keys.any_just_released(ctrls);
    let mut todo = Vec::new();
    let tools = [
        (KeyCode::KeyT, Tool::Terrain),
        (KeyCode::KeyG, Tool::Height),
        (KeyCode::KeyF, Tool::Fill),
        (KeyCode::KeyH, Tool::Hero),
        (KeyCode::KeyC, Tool::Cover),
        (KeyCode::KeyM, Tool::Mount),
        (KeyCode::KeyS, Tool::Select),
    ];
    if ctrl {
        for (key, a) in [
            (KeyCode::KeyZ, Act::Undo),
            (KeyCode::KeyY, Act::Redo),
            (KeyCode::KeyS, Act::Save),
        ] {
            if keys.just_pressed(key) {
                todo.push(a);
            }
        }
    } else {
        for (key, tool) in tools {
            if keys.just_pressed(key) {
                todo.push(Act::Tool(tool));
            }
        }
        let digits = [
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
            KeyCode::Digit4,
            KeyCode::Digit5,
            KeyCode::Digit6,
            KeyCode::Digit7,
            KeyCode::Digit8,
            KeyCode::Digit9,
        ];
        for (i, key) in digits.iter().enumerate() {
            if keys.just_pressed(*key) {
                todo.push(Act::Terrain(Terrain::ALL[i].symbol()));
            }
        }
        if keys.just_pressed(KeyCode::KeyB) {
            let next = match state.brush {
                1 => 7,
                7 => 19,
                _ => 1,
            };
            todo.push(Act::Brush(next));
        }
        if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
            todo.push(Act::Height((state.height + 1).min(9)));
        }
        if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
            todo.push(Act::Height(state.height.saturating_sub(1)));
        }
        if keys.just_pressed(KeyCode::KeyR) {
            todo.push(Act::Turn);
        }
        if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace]) {
            todo.push(Act::Delete);
        }
        if keys.just_pressed(KeyCode::F5) {
            todo.push(Act::Play);
        }
        if keys.just_pressed(KeyCode::Escape) {
            todo.push(Act::Menu);
        }
    }
    for a in todo {
        if let Some(leave) = act(&mut state, &a, &mut typing) {
            leave_for(leave, &mut commands, &state, (&mut next, &mut seeds));
        }
    }
}

/// The mouse on the map: the tool's left click (a drag paints a stroke, undone whole), a
/// right click moves the selected thing there, or removes what stands there.
pub fn map_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    mut state: ResMut<EditorState>,
    mut stroke: Local<(usize, Option<ed::Cell>)>,
) {
    let Some(cell) = hover.0 else {
        if !mouse.pressed(MouseButton::Left) {
            end_stroke(&mut state, &mut stroke);
        }
        return;
    };
    let on = ed::on_map(state.level(), cell);
    if mouse.pressed(MouseButton::Left) && on {
        let dragging = stroke.1.is_some();
        if stroke.1 != Some(cell) && (mouse.just_pressed(MouseButton::Left) || dragging) {
            stroke.1 = Some(cell);
            let depth = state.history.depth();
            left_click(&mut state, cell, mouse.just_pressed(MouseButton::Left));
            // Count the steps the stroke made (to merge them into one).
            stroke.0 += state.history.depth().saturating_sub(depth);
        }
    } else if !mouse.pressed(MouseButton::Left) {
        end_stroke(&mut state, &mut stroke);
    }
    if mouse.just_pressed(MouseButton::Right) && on {
        right_click(&mut state, cell);
    }
}

fn end_stroke(state: &mut EditorState, stroke: &mut (usize, Option<ed::Cell>)) {
    if stroke.0 > 1 {
        state.history.merge_last(stroke.0);
    }
    *stroke = (0, None);
}

fn left_click(state: &mut EditorState, cell: ed::Cell, first: bool) {
    let level = state.level();
    let edit = match state.tool {
        Tool::Terrain => ed::paint(level, cell, state.brush, state.terrain),
        Tool::Height => ed::raise(level, cell, state.brush, state.height),
        Tool::Fill if first => ed::fill(level, cell, state.terrain),
        Tool::Hero if first => return place_hero(state, cell),
        Tool::Cover if first => return place_cover(state, cell),
        Tool::Mount if first => return place_mount(state, cell),
        Tool::Select if first => {
            let things = ed::things_at(level, cell);
            // A second click on the hex picks the next thing standing there.
            let next = match state.selected {
                Some(t) if things.contains(&t) && things.len() > 1 => {
                    let i = things.iter().position(|x| *x == t).unwrap_or(0);
                    Some(things[(i + 1) % things.len()])
                }
                _ => things.first().copied(),
            };
            state.selected = next;
            state.cell = Some(cell);
            state.ui += 1;
            return;
        }
        _ => return,
    };
    state.apply(edit);
}

fn right_click(state: &mut EditorState, cell: ed::Cell) {
    match state.selected {
        Some(t) if state.tool == Tool::Select => {
            let edit = ed::move_thing(state.level(), t, cell);
            state.apply(edit);
        }
        _ => {
            if let Some(&t) = ed::things_at(state.level(), cell).first() {
                let edit = ed::remove_thing(state.level(), t);
                state.selected = None;
                state.apply(edit);
            }
        }
    }
}

fn place_hero(state: &mut EditorState, cell: ed::Cell) {
    let level = state.level();
    let Some(side) = level.sides.get(state.side) else {
        return;
    };
    let template = state
        .templates
        .get(state.template)
        .cloned()
        .unwrap_or_else(ed::fuzz::gunman);
    let name = ed::fresh_name(&template.name, level.heroes.iter().map(|h| h.name.as_str()));
    // Facing the middle of the map.
    let (w, _) = ed::size(level);
    let facing = if (cell.0 as usize) < w / 2 { 0 } else { 3 };
    let hero = HeroDef {
        name,
        side: side.name.clone(),
        at: cell,
        facing,
        arrives: None,
        ..template
    };
    let n = level.heroes.len();
    state.apply(Edit::Hero(Slot::Add(n, hero)));
    state.selected = Some(Thing::Hero(n));
}

fn place_cover(state: &mut EditorState, cell: ed::Cell) {
    let level = state.level();
    let name = ed::fresh_name(
        &format!("{} cover", state.material.name()),
        level.cover.iter().map(|c| c.name.as_str()),
    );
    let cover = CoverDef {
        name,
        at: cell,
        material: state.material,
        covers: COVERS[1].1.to_vec(),
        from: vec![0, 1, 5],
    };
    let n = level.cover.len();
    state.apply(Edit::Cover(Slot::Add(n, cover)));
    state.selected = Some(Thing::Cover(n));
}

fn place_mount(state: &mut EditorState, cell: ed::Cell) {
    let level = state.level();
    let name = ed::fresh_name("Horse", level.mounts.iter().map(|m| m.name.as_str()));
    let mount = MountDef {
        name,
        at: cell,
        facing: 0,
        quickness: 5,
        speed: 14,
        rider: None,
    };
    let n = level.mounts.len();
    state.apply(Edit::Mount(Slot::Add(n, mount)));
    state.selected = Some(Thing::Mount(n));
}
