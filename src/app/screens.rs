//! Screens: main menu -> level select -> battle, and Esc back to the menu.

use super::battle::{Battle, Cover, Hero, HexPos, Mount, SideInfo, spawn_level};
use super::input::{MenuAction, menu_pressed};
use crate::data::gear::{self, Gear};
use crate::data::level::{self, Control, Level};
use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;
use std::path::PathBuf;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    MainMenu,
    LevelSelect,
    Battle,
    Result,
}

/// Ordering of what happens on entering the battle.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum ScreenSystems {
    LoadBattle,
}

/// The level chosen for the next battle, already checked.
#[derive(Resource, Clone)]
pub struct PendingBattle(pub Level, pub Gear);

/// The level select screen's state.
#[derive(Resource, Default)]
pub struct LevelChoice {
    pub files: Vec<PathBuf>,
    pub index: usize,
    /// The selected level, loaded, with each side's control as the player sets it.
    pub preview: Option<Level>,
    /// The located error of the selected file, if it is bad.
    pub error: Option<String>,
}

pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LevelChoice>()
            .add_systems(OnEnter(Screen::MainMenu), main_menu)
            .add_systems(
                OnEnter(Screen::LevelSelect),
                (find_levels, level_select_ui).chain(),
            )
            .add_systems(
                OnEnter(Screen::Battle),
                load_battle.in_set(ScreenSystems::LoadBattle),
            )
            .add_systems(OnExit(Screen::Battle), leave_battle)
            .add_systems(OnEnter(Screen::Result), result_screen)
            .add_systems(Update, result_keys.run_if(in_state(Screen::Result)))
            .add_systems(
                Update,
                (battle_decided, pause_menu)
                    .after(super::battle::BattleSystems::Victory)
                    .run_if(in_state(Screen::Battle)),
            )
            .add_systems(Update, menu_keys.run_if(in_state(Screen::MainMenu)))
            .add_systems(
                Update,
                (level_select_keys, level_select_text)
                    .chain()
                    .run_if(in_state(Screen::LevelSelect)),
            );
    }
}

#[derive(Component)]
struct ChoiceText;

fn title(parent: &mut ChildSpawnerCommands, text: &str, size: f32, color: Color) {
    parent.spawn(super::widgets::label(text, size, color));
}

fn screen_root<'a>(commands: &'a mut Commands, screen: Screen) -> EntityCommands<'a> {
    commands.spawn((
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(16),
            ..default()
        },
        DespawnOnExit(screen),
    ))
}

fn main_menu(mut commands: Commands) {
    screen_root(&mut commands, Screen::MainMenu).with_children(|p| {
        title(p, "TARNATION", 72.0, Color::srgb(0.96, 0.8, 0.45));
        title(
            p,
            "The West That Wasn't, on a hex battle map",
            22.0,
            Color::srgb(0.9, 0.85, 0.75),
        );
        title(
            p,
            "Enter: choose a level      Esc: quit",
            20.0,
            Color::srgb(0.8, 0.75, 0.65),
        );
    });
}

fn menu_keys(
    keys: Query<&ActionState<MenuAction>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    if menu_pressed(&keys, MenuAction::Confirm) {
        next.set(Screen::LevelSelect);
    }
    if menu_pressed(&keys, MenuAction::Back) {
        exit.write(AppExit::Success);
    }
}

fn find_levels(mut choice: ResMut<LevelChoice>) {
    let mut files: Vec<PathBuf> = std::fs::read_dir("levels")
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    choice.files = files;
    choice.index = choice.index.min(choice.files.len().saturating_sub(1));
    load_choice(&mut choice);
}

fn load_choice(choice: &mut LevelChoice) {
    choice.preview = None;
    choice.error = None;
    let Some(path) = choice.files.get(choice.index).cloned() else {
        choice.error = Some("no level files in levels/".into());
        return;
    };
    match gear::load(std::path::Path::new(gear::GEAR_PATH)).and_then(|g| level::load(&path, &g)) {
        Ok(level) => choice.preview = Some(level),
        Err(e) => choice.error = Some(e.to_string()),
    }
}

fn level_select_ui(mut commands: Commands) {
    screen_root(&mut commands, Screen::LevelSelect).with_children(|p| {
        title(p, "CHOOSE A LEVEL", 40.0, Color::srgb(0.96, 0.8, 0.45));
        p.spawn((
            super::widgets::label("", 20.0, Color::srgb(0.95, 0.9, 0.8)),
            ChoiceText,
        ));
    });
}

fn level_select_keys(
    keys: Query<&ActionState<MenuAction>>,
    mut choice: ResMut<LevelChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let n = choice.files.len();
    if n > 0 && menu_pressed(&keys, MenuAction::Down) {
        choice.index = (choice.index + 1) % n;
        load_choice(&mut choice);
    }
    if n > 0 && menu_pressed(&keys, MenuAction::Up) {
        choice.index = (choice.index + n - 1) % n;
        load_choice(&mut choice);
    }
    if let Some(level) = choice.preview.as_mut() {
        for (i, toggle) in MenuAction::TOGGLE_SIDES.into_iter().enumerate() {
            if menu_pressed(&keys, toggle)
                && let Some(side) = level.sides.get_mut(i)
            {
                side.control = match side.control {
                    Control::Human => Control::Computer,
                    Control::Computer => Control::Human,
                };
            }
        }
    }
    if menu_pressed(&keys, MenuAction::Confirm)
        && let Some(level) = choice.preview.clone()
    {
        match gear::load(std::path::Path::new(gear::GEAR_PATH)) {
            Ok(g) => {
                commands.insert_resource(PendingBattle(level, g));
                next.set(Screen::Battle);
            }
            Err(e) => choice.error = Some(e.to_string()),
        }
    }
    if menu_pressed(&keys, MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
}

fn level_select_text(choice: Res<LevelChoice>, mut text: Query<&mut Text, With<ChoiceText>>) {
    let Ok(mut text) = text.single_mut() else {
        return;
    };
    let mut s = String::new();
    for (i, f) in choice.files.iter().enumerate() {
        s.push_str(&format!(
            "{} {}\n",
            if i == choice.index { ">" } else { " " },
            f.display()
        ));
    }
    s.push('\n');
    match (&choice.preview, &choice.error) {
        (Some(level), _) => {
            s.push_str(&format!("{}\n{}\n\n", level.name, level.description));
            for (i, side) in level.sides.iter().enumerate() {
                s.push_str(&format!(
                    "  {}: {} - {:?}\n",
                    i + 1,
                    side.name,
                    side.control
                ));
            }
            s.push_str("\nUp/Down: level   1-4: human/computer   Enter: play   Esc: back");
        }
        (None, Some(e)) => s.push_str(&format!(
            "This level cannot be played:\n{e}\n\nUp/Down: another level   Esc: back"
        )),
        _ => {}
    }
    text.0 = s;
}

/// Spawn the pending level (exclusive: it builds the world of the battle).
fn load_battle(world: &mut World) {
    if let Some(PendingBattle(level, gear)) = world.remove_resource::<PendingBattle>() {
        spawn_level(world, level, gear);
    }
}

/// Everything of the battle goes when it is left.
fn leave_battle(
    mut commands: Commands,
    figures: Query<
        Entity,
        Or<(
            With<Hero>,
            With<Cover>,
            With<Mount>,
            With<SideInfo>,
            With<HexPos>,
        )>,
    >,
    tilemaps: Query<
        Entity,
        Or<(
            With<bevy_ecs_tilemap::map::TilemapSize>,
            With<bevy_ecs_tilemap::tiles::TilePos>,
        )>,
    >,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    for e in figures.iter().chain(tilemaps.iter()) {
        commands.entity(e).despawn();
    }
    for (mut at, mut projection) in &mut cameras {
        *at = Transform::default();
        *projection = Projection::from(OrthographicProjection::default_2d());
    }
    commands.remove_resource::<Battle>();
    commands.insert_resource(Paused(false));
    commands.remove_resource::<super::battle::HotSeat>();
    commands.remove_resource::<super::round::RoundState>();
    commands.remove_resource::<super::round::Objectives>();
    commands.remove_resource::<super::map_view::MapGeometry>();
}

/// The last battle's result, for the result screen.
#[derive(Resource, Clone)]
struct LastResult(super::battle::BattleOver);

fn battle_decided(
    mut commands: Commands,
    over: Option<Res<super::battle::BattleOver>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(over) = over {
        commands.insert_resource(LastResult(over.clone()));
        commands.remove_resource::<super::battle::BattleOver>();
        next.set(Screen::Result);
    }
}

fn result_screen(mut commands: Commands, result: Option<Res<LastResult>>) {
    let (name, why) = result.map_or(("nobody".into(), String::new()), |r| {
        (r.0.name.clone(), r.0.why.clone())
    });
    screen_root(&mut commands, Screen::Result).with_children(|p| {
        title(
            p,
            &format!("{name} WIN"),
            56.0,
            Color::srgb(0.96, 0.8, 0.45),
        );
        title(p, &why, 22.0, Color::srgb(0.9, 0.85, 0.75));
        title(
            p,
            "Enter: back to the menu",
            20.0,
            Color::srgb(0.8, 0.75, 0.65),
        );
    });
}

fn result_keys(keys: Query<&ActionState<MenuAction>>, mut next: ResMut<NextState<Screen>>) {
    if menu_pressed(&keys, MenuAction::Confirm) || menu_pressed(&keys, MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
}

/// The Esc menu of a battle: while it is open, the battle takes no input.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Paused(pub bool);

#[derive(Component)]
struct PauseMenu;

fn pause_menu(
    mut commands: Commands,
    paused: Option<Res<Paused>>,
    menu: Query<Entity, With<PauseMenu>>,
) {
    let open = paused.is_some_and(|p| p.0);
    match (open, menu.iter().next()) {
        (true, None) => {
            screen_root(&mut commands, Screen::Battle)
                .insert((
                    PauseMenu,
                    BackgroundColor(Color::srgba(0.05, 0.03, 0.02, 0.85)),
                    GlobalZIndex(20),
                ))
                .with_children(|p| {
                    title(p, "PAUSED", 48.0, Color::srgb(0.96, 0.8, 0.45));
                    title(
                        p,
                        "Esc: back to the battle      M: quit to the menu",
                        22.0,
                        Color::srgb(0.9, 0.85, 0.75),
                    );
                });
        }
        (false, Some(e)) => commands.entity(e).despawn(),
        _ => {}
    }
}
