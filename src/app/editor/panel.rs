//! The editor's panel on the right: the level's name and the file buttons, four pages (the
//! map's tools, the figures and the selected one's form, sides with victory and rules, the
//! check with the files), and at its foot the first problem or "ready", and the last word.

use super::act::Act;
use super::forms::{COVERS, Number, TRAITS, skill_names};
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
        Some(Thing::Hero(i)) if i < level.heroes.len() => hero_form(p, state, typing, i),
        Some(Thing::Cover(i)) if i < level.cover.len() => cover_form(p, state, typing, i),
        Some(Thing::Mount(i)) if i < level.mounts.len() => mount_form(p, state, typing, i),
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

fn thing_buttons(p: &mut ChildSpawnerCommands) {
    p.spawn(row()).with_children(|r| {
        r.spawn((
            small("Turn (R)", Act::Turn),
            Tip("A hexside clockwise".into()),
        ));
        r.spawn((
            small("Copy", Act::Copy),
            Tip("A copy on a free hex beside it".into()),
        ));
        r.spawn((
            small("Delete", Act::Delete),
            Tip("Delete or Backspace".into()),
        ));
    });
}

fn hero_form(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing, i: usize) {
    let h = &state.level().heroes[i];
    heading(p, &format!("Hero at ({}, {})", h.at.0, h.at.1));
    field(p, "Name", &h.name, Field::Hero(i), typing);
    picker(
        p,
        format!("Side: {}", h.side),
        Act::HeroSide(-1),
        Act::HeroSide(1),
    );
    thing_buttons(p);
    p.spawn(row()).with_children(|r| {
        for n in Number::ALL {
            stepper(
                r,
                format!("{} {}", n.name(), n.get(h)),
                Act::HeroNumber(n, -1),
                Act::HeroNumber(n, 1),
            );
        }
    });
    heading(p, "Traits: rank and die");
    p.spawn(row()).with_children(|r| {
        for t in TRAITS {
            let now = h.traits.get(t).map_or("-".to_string(), |d| {
                format!("{}{:?}", d.rank(), d.die()).to_lowercase()
            });
            r.spawn(row()).with_children(|c| {
                c.spawn(text(format!("{t} {now}")));
                c.spawn(small("-", Act::TraitRank(t, -1)));
                c.spawn(small("+", Act::TraitRank(t, 1)));
                c.spawn((
                    small("d-", Act::TraitDie(t, -1)),
                    Tip("A smaller die".into()),
                ));
                c.spawn((small("d+", Act::TraitDie(t, 1)), Tip("A bigger die".into())));
            });
        }
    });
    heading(p, "Skills");
    p.spawn(row()).with_children(|r| {
        for (s, level) in &h.skills {
            stepper(
                r,
                format!("{s} {level}"),
                Act::Skill(s.clone(), -1),
                Act::Skill(s.clone(), 1),
            );
        }
    });
    let names = skill_names(state);
    p.spawn(row()).with_children(|r| {
        picker(
            r,
            names[state.skill_pick.min(names.len() - 1)].clone(),
            Act::SkillPick(-1),
            Act::SkillPick(1),
        );
        r.spawn(small("Add skill", Act::SkillAdd));
    });
    heading(p, "Weapons (the first in hand)");
    p.spawn(row()).with_children(|r| {
        for (k, w) in h.weapons.iter().enumerate() {
            r.spawn((
                small(format!("{w} x"), Act::WeaponRemove(k)),
                Tip("Take it away".into()),
            ));
        }
    });
    if let Some(w) = state.gear.weapons.get(state.weapon_pick) {
        p.spawn(row()).with_children(|r| {
            picker(r, w.name.clone(), Act::WeaponPick(-1), Act::WeaponPick(1));
            r.spawn(small("Add weapon", Act::WeaponAdd));
        });
    }
    p.spawn(row()).with_children(|r| {
        let holster = h.holster.clone().unwrap_or_else(|| "none".into());
        choice(
            r,
            format!("Holster: {holster}"),
            Act::Holster,
            h.holster.is_some(),
            "The first weapon worn in a holster: drawn for 1 AP",
        );
        choice(
            r,
            "Six chambers",
            Act::FullyLoaded,
            h.fully_loaded,
            "Pistols carried fully loaded",
        );
        let portrait = crate::data::portraits::of_hero(h.portrait.as_deref(), &h.weapons);
        picker(
            r,
            format!("Icon: {portrait}"),
            Act::Portrait(-1),
            Act::Portrait(1),
        );
    });
}

fn cover_form(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing, i: usize) {
    let c = &state.level().cover[i];
    heading(p, &format!("Cover at ({}, {})", c.at.0, c.at.1));
    field(p, "Name", &c.name, Field::Cover(i), typing);
    thing_buttons(p);
    picker(
        p,
        format!(
            "Material: {} (AV {})",
            c.material.name(),
            c.material.armor_value()
        ),
        Act::CoverMaterial(-1),
        Act::CoverMaterial(1),
    );
    let covers = COVERS
        .iter()
        .find(|(_, l)| *l == c.covers.as_slice())
        .map_or_else(|| format!("{:?}", c.covers), |(n, _)| n.to_string());
    picker(
        p,
        format!("Covers: {covers}"),
        Act::CoverCovers(-1),
        Act::CoverCovers(1),
    );
    heading(p, "Covers from the hexsides");
    p.spawn(row()).with_children(|r| {
        for (s, name) in ["E", "NE", "NW", "W", "SW", "SE"].iter().enumerate() {
            let s = s as u8;
            let _ = name;
            choice(
                r,
                format!("{s} {}", hexside_name(s)),
                Act::CoverFrom(s),
                c.from.contains(&s),
                "A shot from this side meets the cover",
            );
        }
    });
}

/// The compass word of a hexside (0 east, counting as the level format counts).
fn hexside_name(side: u8) -> &'static str {
    let n = crate::rules::hexmap::hex_at(4, 4)
        .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize % 6]);
    let (c, r) = crate::rules::hexmap::offset_of(n);
    let v = super::draw::center((c, r)) - super::draw::center((4, 4));
    let a = v.y.atan2(v.x).to_degrees().rem_euclid(360.0);
    match a as i32 {
        0..=15 | 345..=360 => "east",
        16..=89 => "north-east",
        90..=164 => "north-west",
        165..=195 => "west",
        196..=269 => "south-west",
        _ => "south-east",
    }
}

fn mount_form(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing, i: usize) {
    let m = &state.level().mounts[i];
    heading(p, &format!("Horse at ({}, {})", m.at.0, m.at.1));
    field(p, "Name", &m.name, Field::Mount(i), typing);
    thing_buttons(p);
    stepper(
        p,
        format!("Speed {} paces a segment", m.speed),
        Act::MountNumber(true, -1),
        Act::MountNumber(true, 1),
    );
    stepper(
        p,
        format!("Quickness {}", m.quickness),
        Act::MountNumber(false, -1),
        Act::MountNumber(false, 1),
    );
    let rider = m.rider.clone().unwrap_or_else(|| "none".into());
    picker(
        p,
        format!("Rider: {rider}"),
        Act::MountRider(-1),
        Act::MountRider(1),
    );
    p.spawn(label(
        "A rider stands on its horse's hex.",
        TEXT,
        palette::HINT,
    ));
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
