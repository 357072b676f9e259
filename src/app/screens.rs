//! Screens: main menu -> level select -> battle -> result, the Esc menu of a battle (the
//! `Pause` sub-state: paused, the match stands still), and back to the menu.

use super::input::{MenuAction, menu_pressed};
use super::layout::palette;
use super::state::{Pause, Screen, ScreenSystems};
use super::widgets::label;
use crate::data::gear::{self, Gear};
use crate::data::level::{self, Control, Level};
use crate::data::paths;
use crate::sim::model::BattleOver;
use crate::sim::setup::{end_match, start_match};
use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;
use std::path::PathBuf;

/// The level chosen for the next battle, already checked, and the seed of its deck.
#[derive(Resource, Clone)]
pub struct PendingBattle {
    pub level: Level,
    pub gear: Gear,
    pub seed: u64,
}

/// Where the game's files could not be found, for the level select to say.
fn game_gear() -> Result<Gear, String> {
    paths::find(gear::GEAR_PATH)
        .and_then(|p| gear::load(&p))
        .map_err(|e| e.to_string())
}

/// The level select screen's state.
#[derive(Resource, Default)]
pub struct LevelChoice {
    pub files: Vec<PathBuf>,
    pub index: usize,
    /// The selected level, loaded, with each side's control as the player sets it.
    pub preview: Option<Level>,
    /// The located error of the selected file, if it is bad.
    pub error: Option<String>,
    /// Where the level files were looked for, when none were found.
    pub missing: Option<String>,
}

pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<Pause>()
            .init_resource::<LevelChoice>()
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
            .add_systems(OnEnter(Pause::Paused), pause_menu)
            .add_systems(OnEnter(Screen::Result), result_screen)
            .add_systems(Update, result_keys.run_if(in_state(Screen::Result)))
            .add_systems(
                Update,
                battle_decided
                    .after(crate::sim::SimSystems::Victory)
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
    parent.spawn(label(text, size, color));
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
        title(p, "TARNATION", 72.0, palette::TITLE);
        title(
            p,
            "The West That Wasn't, on a hex battle map",
            22.0,
            palette::TEXT,
        );
        title(
            p,
            "Enter: choose a level      Esc: quit",
            20.0,
            palette::HINT,
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
    match paths::level_files() {
        Ok(files) => {
            choice.files = files;
            choice.missing = None;
        }
        Err(e) => {
            choice.files = Vec::new();
            choice.missing = Some(e.to_string());
        }
    }
    choice.index = choice.index.min(choice.files.len().saturating_sub(1));
    load_choice(&mut choice);
}

fn load_choice(choice: &mut LevelChoice) {
    choice.preview = None;
    choice.error = None;
    let Some(path) = choice.files.get(choice.index).cloned() else {
        choice.error = Some(
            choice
                .missing
                .clone()
                .unwrap_or_else(|| "no level files in levels/".into()),
        );
        return;
    };
    match game_gear().and_then(|g| level::load(&path, &g).map_err(|e| e.to_string())) {
        Ok(level) => choice.preview = Some(level),
        Err(e) => choice.error = Some(e),
    }
}

fn level_select_ui(mut commands: Commands) {
    screen_root(&mut commands, Screen::LevelSelect).with_children(|p| {
        title(p, "CHOOSE A LEVEL", 40.0, palette::TITLE);
        p.spawn((label("", 20.0, palette::CHOICE), ChoiceText));
    });
}

fn level_select_keys(
    keys: Query<&ActionState<MenuAction>>,
    mut seed: ResMut<SeedSource>,
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
        match game_gear() {
            Ok(gear) => {
                commands.insert_resource(PendingBattle {
                    level,
                    gear,
                    seed: seed.take(),
                });
                next.set(Screen::Battle);
            }
            Err(e) => choice.error = Some(e),
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

/// Start the pending battle (exclusive: it builds the world of the match).
fn load_battle(world: &mut World) {
    if let Some(PendingBattle { level, gear, seed }) = world.remove_resource::<PendingBattle>() {
        let cards = world.resource::<MatchCards>().0.clone();
        start_match(world, level, gear, seed, cards);
    }
}

/// The action deck's cards for every match of this session.
#[derive(Resource, Clone, Debug)]
pub struct MatchCards(pub Vec<crate::rules::card::Card>);

/// The seed of the next battle: the one given on the command line, then one after another.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SeedSource(pub u64);

impl SeedSource {
    pub fn take(&mut self) -> u64 {
        let seed = self.0;
        self.0 = self.0.wrapping_add(1);
        seed
    }
}

/// Everything of the battle goes when it is left: the match's entities and resources, and the
/// camera back where it was. (The battle's windows go by their `DespawnOnExit`.)
fn leave_battle(world: &mut World) {
    end_match(world);
    let mut cameras = world.query_filtered::<(&mut Transform, &mut Projection), With<Camera2d>>();
    for (mut at, mut projection) in cameras.iter_mut(world) {
        *at = Transform::default();
        *projection = Projection::from(OrthographicProjection::default_2d());
    }
}

/// The last battle's result, for the result screen.
#[derive(Resource, Clone)]
struct LastResult(BattleOver);

fn battle_decided(
    mut commands: Commands,
    over: Option<Res<BattleOver>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(over) = over {
        commands.insert_resource(LastResult(over.clone()));
        next.set(Screen::Result);
    }
}

fn result_screen(mut commands: Commands, result: Option<Res<LastResult>>) {
    let (name, why) = result.map_or(("nobody".into(), String::new()), |r| {
        (r.0.name.clone(), r.0.why.clone())
    });
    screen_root(&mut commands, Screen::Result).with_children(|p| {
        title(p, &format!("{name} WIN"), 56.0, palette::TITLE);
        title(p, &why, 22.0, palette::TEXT);
        title(p, "Enter: back to the menu", 20.0, palette::HINT);
    });
}

fn result_keys(keys: Query<&ActionState<MenuAction>>, mut next: ResMut<NextState<Screen>>) {
    if menu_pressed(&keys, MenuAction::Confirm) || menu_pressed(&keys, MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
}

/// The Esc menu: it goes when the battle resumes (or is left).
fn pause_menu(mut commands: Commands, keys: Res<super::input::Bindings>) {
    let resume = keys.key(super::input::BattleAction::Quit);
    let quit = keys.key(super::input::BattleAction::QuitToMenu);
    commands
        .spawn((
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: px(16),
                ..default()
            },
            DespawnOnExit(Pause::Paused),
            BackgroundColor(palette::SHADE),
            GlobalZIndex(20),
        ))
        .with_children(|p| {
            title(p, "PAUSED", 48.0, palette::TITLE);
            title(
                p,
                "The match stands still: no declaration, no segment passes.",
                20.0,
                palette::TEXT,
            );
            title(
                p,
                &format!("{resume}: back to the battle      {quit}: quit to the menu"),
                22.0,
                palette::TEXT,
            );
        });
}
