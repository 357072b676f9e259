//! The editor's panel on the right: the level's name and the file buttons, four pages (the
//! map's tools, the figures and the selected one's form, sides with victory and rules, the
//! check with the files), and at its foot the first problem or "ready", and the last word.

use super::act::Act;
use super::typing::{Field, Typing};
use super::{EditorState, PANEL_W, Page, Tool};
use crate::app::layout::palette;
use crate::app::state::Screen;
use crate::app::widgets::{ButtonText, Lit, Tip, label};
use crate::editor::{self as ed, Thing};
use crate::rules::terrain::Terrain;
use bevy::prelude::*;

/// The panel's node.
#[derive(Component)]
pub struct EditorPanel;

/// The page under the panel's header: it scrolls.
#[derive(Component)]
pub struct PageBody;

/// The wheel over the panel scrolls its page (the layout keeps it within the page).
pub fn scroll(
    wheel: Option<Res<bevy::input::mouse::AccumulatedMouseScroll>>,
    hover: Res<super::draw::Hover>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut state: ResMut<EditorState>,
    mut bodies: Query<&mut ScrollPosition, With<PageBody>>,
) {
    let Ok(mut at) = bodies.single_mut() else {
        return;
    };
    // What the layout made of the last scroll.
    if (state.scroll - at.0.y).abs() > 0.5 {
        state.scroll = at.0.y;
    }
    let over_panel = hover.0.is_none()
        && windows
            .single()
            .is_ok_and(|w| w.cursor_position().is_some());
    let Some(wheel) = wheel.filter(|w| w.delta.y != 0.0 && over_panel) else {
        return;
    };
    let lines = match wheel.unit {
        bevy::input::mouse::MouseScrollUnit::Line => wheel.delta.y * 40.0,
        bevy::input::mouse::MouseScrollUnit::Pixel => wheel.delta.y,
    };
    state.scroll = (state.scroll - lines).max(0.0);
    at.0.y = state.scroll;
}

pub(super) const TEXT: f32 = 14.0;
pub(super) const GOOD: Color = Color::srgb(0.55, 0.9, 0.5);
pub(super) const BAD: Color = Color::srgb(1.0, 0.5, 0.4);

pub fn spawn_frame(mut commands: Commands) {
    commands.spawn((
        EditorPanel,
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            top: px(0),
            width: px(PANEL_W),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(8)),
            row_gap: px(4),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        DespawnOnExit(Screen::Editor),
    ));
}

/// A small button of the panel.
pub(super) fn small(text: impl Into<String>, act: Act) -> impl Bundle {
    (
        Button,
        act,
        Node {
            padding: UiRect::axes(px(6), px(2)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(1)),
            ..default()
        },
        BorderColor::all(Color::srgba(1.0, 0.9, 0.7, 0.3)),
        BackgroundColor(palette::BUTTON),
        children![(label(text, TEXT, palette::BUTTON_TEXT), ButtonText)],
    )
}

pub(super) fn row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(4),
        row_gap: px(3),
        align_items: AlignItems::Center,
        ..default()
    }
}

pub(super) fn text(s: impl Into<String>) -> impl Bundle {
    label(s, TEXT, palette::PANEL_TEXT)
}

pub(super) fn heading(p: &mut ChildSpawnerCommands, s: &str) {
    p.spawn((
        label(s, 15.0, palette::TITLE),
        Node {
            margin: UiRect::top(px(4)),
            ..default()
        },
    ));
}

/// A choice button, lit when it is the one chosen.
pub(super) fn choice(
    p: &mut ChildSpawnerCommands,
    words: impl Into<String>,
    act: Act,
    on: bool,
    tip: &str,
) {
    let mut b = p.spawn((small(words, act), Tip(tip.into())));
    if on {
        b.insert(Lit);
    }
}

/// `words [-] [+]`.
pub(super) fn stepper(p: &mut ChildSpawnerCommands, words: String, less: Act, more: Act) {
    p.spawn(row()).with_children(|r| {
        r.spawn(text(words));
        r.spawn(small("-", less));
        r.spawn(small("+", more));
    });
}

/// `< words >`.
pub(super) fn picker(p: &mut ChildSpawnerCommands, words: String, prev: Act, next: Act) {
    p.spawn(row()).with_children(|r| {
        r.spawn(small("<", prev));
        r.spawn(text(words));
        r.spawn(small(">", next));
    });
}

/// A field to type into: its words, or the words being typed with a caret.
pub(super) fn field(
    p: &mut ChildSpawnerCommands,
    what: &str,
    now: &str,
    f: Field,
    typing: &Typing,
) {
    let typed = typing.field == Some(f);
    let words = if typed {
        format!("{}|  (Enter keeps it, Esc drops it)", typing.text)
    } else {
        now.to_string()
    };
    let shown = if what.is_empty() {
        words
    } else {
        format!("{what}: {words}")
    };
    let mut b = p.spawn(small(shown, Act::Type(f)));
    if typed {
        b.insert(Lit);
    }
}

pub fn rebuild(
    mut commands: Commands,
    state: Res<EditorState>,
    typing: Res<Typing>,
    panels: Query<Entity, With<EditorPanel>>,
    mut last: Local<Option<(u64, u64, Entity)>>,
) {
    let Ok(panel) = panels.single() else { return };
    let key = (state.version, state.ui, panel);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    commands
        .entity(panel)
        .despawn_children()
        .with_children(|p| {
            header(p, &state, &typing);
            // The page scrolls under the wheel; where it was scrolled to is kept when the panel
            // is drawn again.
            p.spawn((
                PageBody,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    flex_grow: 1.0,
                    flex_basis: px(0),
                    min_height: px(0),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollPosition(Vec2::new(0.0, state.scroll)),
            ))
            .with_children(|p| match state.page {
                Page::Map => map_page(p, &state, &typing),
                Page::Figures => figures_page(p, &state, &typing),
                Page::Sides => super::pages::sides_page(p, &state, &typing),
                Page::Check => super::pages::check_page(p, &state),
            });
            footer(p, &state);
        });
}

fn header(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing) {
    p.spawn(crate::app::widgets::label_in(
        "Level editor",
        crate::app::fonts::display(22.0),
        palette::TITLE,
    ));
    let file = match &state.path {
        Some(path) => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        None => "not saved yet".into(),
    };
    let mark = match (state.draft, state.history.unsaved()) {
        (_, true) => " (changed)",
        (true, false) => " (draft)",
        _ => "",
    };
    p.spawn(label(format!("{file}{mark}"), TEXT, palette::HINT));
    field(p, "Name", &state.level().name, Field::LevelName, typing);
    p.spawn(row()).with_children(|r| {
        r.spawn((small("Undo", Act::Undo), Tip("Ctrl+Z".into())));
        r.spawn((small("Redo", Act::Redo), Tip("Ctrl+Y".into())));
        r.spawn((
            small("Save", Act::Save),
            Tip("Ctrl+S: into your levels folder; with problems left, as a draft".into()),
        ));
        r.spawn((
            small("Play it", Act::Play),
            Tip("F5: a match of this level; the editor comes back after".into()),
        ));
        r.spawn((
            small("Balance it", Act::Balance),
            Tip("200 matches in the background, every side by the computer".into()),
        ));
        r.spawn((small("Menu", Act::Menu), Tip("Esc".into())));
    });
    p.spawn(row()).with_children(|r| {
        let errors = state.problems.iter().filter(|p| !p.warning).count();
        for (page, words) in [
            (Page::Map, "Map".to_string()),
            (Page::Figures, "Figures".to_string()),
            (Page::Sides, "Sides and victory".to_string()),
            (Page::Check, format!("Check ({errors})")),
        ] {
            choice(r, words, Act::Page(page), state.page == page, "");
        }
    });
}

fn tools(p: &mut ChildSpawnerCommands, state: &EditorState, which: &[Tool]) {
    p.spawn(row()).with_children(|r| {
        for &t in which {
            choice(
                r,
                format!("{} ({})", t.name(), t.key()),
                Act::Tool(t),
                state.tool == t,
                tool_tip(t),
            );
        }
    });
}

fn tool_tip(t: Tool) -> &'static str {
    match t {
        Tool::Terrain => "Click or drag on the map to paint the terrain chosen below",
        Tool::Height => "Click or drag to set the height chosen below (paces)",
        Tool::Fill => "Click a hex: it and every hex of its terrain joined to it",
        Tool::Hero => "Click a hex: a copy of the hero chosen below, for the side chosen",
        Tool::Cover => "Click a hex: a cover object of the material chosen below",
        Tool::Mount => "Click a hex: a horse (choose its rider in its form)",
        Tool::Select => "Click a figure or cover to change it; right-click moves it there",
    }
}

fn map_page(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing) {
    tools(p, state, &[Tool::Terrain, Tool::Height, Tool::Fill]);
    heading(p, "Terrain (keys 1-9)");
    p.spawn(row()).with_children(|r| {
        for (i, t) in Terrain::ALL.iter().enumerate() {
            choice(
                r,
                format!("{} {}", t.symbol(), t.name()),
                Act::Terrain(t.symbol()),
                state.terrain == t.symbol(),
                &format!("key {}", i + 1),
            );
        }
    });
    heading(p, "Brush (B)");
    p.spawn(row()).with_children(|r| {
        for b in [1, 7, 19] {
            choice(r, format!("{b} hex"), Act::Brush(b), state.brush == b, "");
        }
    });
    heading(p, "Height in paces (+ and -)");
    p.spawn(row()).with_children(|r| {
        for h in 0..=9u8 {
            choice(r, h.to_string(), Act::Height(h), state.height == h, "");
        }
    });
    heading(p, "Map size");
    let (w, h) = ed::size(state.level());
    p.spawn(row()).with_children(|r| {
        stepper(
            r,
            format!("{w} wide"),
            Act::Resize(-1, 0),
            Act::Resize(1, 0),
        );
        stepper(
            r,
            format!("{h} high"),
            Act::Resize(0, -1),
            Act::Resize(0, 1),
        );
    });
    heading(p, "The story");
    field(
        p,
        "Description",
        &state.level().description,
        Field::Description,
        typing,
    );
}

fn figures_page(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing) {
    tools(
        p,
        state,
        &[Tool::Hero, Tool::Cover, Tool::Mount, Tool::Select],
    );
    let level = state.level();
    match state.tool {
        Tool::Hero => {
            let name = state
                .templates
                .get(state.template)
                .map_or("a gunman".to_string(), |h| h.name.clone());
            picker(
                p,
                format!("Copy of {name}"),
                Act::Template(-1),
                Act::Template(1),
            );
            let side = level.sides.get(state.side).map_or("", |s| s.name.as_str());
            picker(p, format!("for {side}"), Act::NewSide(-1), Act::NewSide(1));
        }
        Tool::Cover => picker(
            p,
            format!("New cover of {}", state.material.name()),
            Act::Material(-1),
            Act::Material(1),
        ),
        _ => {}
    }
    match state.selected {
        Some(Thing::Hero(i)) if i < level.heroes.len() => {
            super::figure_forms::hero_form(p, state, typing, i)
        }
        Some(Thing::Cover(i)) if i < level.cover.len() => {
            super::figure_forms::cover_form(p, state, typing, i)
        }
        Some(Thing::Mount(i)) if i < level.mounts.len() => {
            super::figure_forms::mount_form(p, state, typing, i)
        }
        Some(Thing::Item(i)) if i < level.items.len() => {
            heading(p, &format!("Item: {}", level.items[i].name));
            p.spawn(small("Delete", Act::Delete));
        }
        _ => {
            p.spawn(label(
                "Select (S) a figure or cover on the map to change it here.",
                TEXT,
                palette::HINT,
            ));
        }
    }
}

fn footer(p: &mut ChildSpawnerCommands, state: &EditorState) {
    let first = state.problems.iter().position(|p| !p.warning);
    match first {
        Some(i) => {
            let problem = &state.problems[i];
            p.spawn((
                small(format!("Problem: {}", problem.message), Act::Problem(i)),
                Tip("Click: show its hex".into()),
            ));
        }
        None => {
            p.spawn(label("Ready: it passes levels check", TEXT, GOOD));
        }
    }
    if !state.message.is_empty() {
        p.spawn(label(state.message.clone(), TEXT, palette::CHOICE));
    }
}
