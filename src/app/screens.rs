//! Screens: main menu -> level select -> battle -> result, the Esc menu of a battle (the
//! `Pause` sub-state: paused, the match stands still), and back to the menu. Every choice is a
//! key or a click on its button.

mod credits;
mod esc_menu;
mod level_select;
mod result;

pub use credits::{CreditsBody, OpenCredits};
pub use esc_menu::{EscButton, set_aside};
pub use result::DecidedBox;

pub use level_select::{
    BlindfoldToggle, LevelChoice, LevelRow, RULE_TOGGLES, ResolutionToggle, RuleToggle,
    RushingToggle, SideToggle, side_words, toggle_side,
};

use super::input::{ActionButton, BattleAction, Bindings, MenuAction, MenuButton, MenuInput};
use super::layout::palette;
use super::saves::{
    AUTO, Loaded, PendingLoad, Request, Requests, SaveFolders, Suspended, Toast, file_name,
};
use super::saves_screen::{ListMode, SavesList};
use super::state::{Pause, Screen, ScreenSystems};
use super::widgets::{Greyed, Tip, button, clicked, label};
use crate::data::gear::{self, Gear};
use crate::data::level::Level;
use crate::data::paths;
use crate::sim::model::{Battle, BattleOver, Journal};
use crate::sim::setup::{end_match, start_match};
use bevy::prelude::*;
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

pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<Pause>()
            .add_plugins((
                level_select::plugin,
                result::plugin,
                esc_menu::plugin,
                credits::plugin,
            ))
            .add_systems(OnEnter(Screen::MainMenu), main_menu)
            .add_systems(
                OnEnter(Screen::Battle),
                load_battle.in_set(ScreenSystems::LoadBattle),
            )
            .add_systems(OnExit(Screen::Battle), leave_battle)
            .add_systems(Update, menu_keys.run_if(in_state(Screen::MainMenu)));
    }
}

pub(crate) fn title(parent: &mut ChildSpawnerCommands, text: &str, size: f32, color: Color) {
    parent.spawn(super::widgets::label_in(
        text,
        super::fonts::display(size),
        color,
    ));
}

pub(crate) fn screen_root<'a>(commands: &'a mut Commands, screen: Screen) -> EntityCommands<'a> {
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

/// A row of buttons.
pub(crate) fn button_row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(14),
        margin: UiRect::top(px(12)),
        ..default()
    }
}

/// The settings screen's button on the main menu.
#[derive(Component)]
pub struct OpenSettings;

/// The level editor's button on the main menu.
#[derive(Component)]
pub struct OpenEditor;

/// The save the main menu's Continue loads: the newest that is not damaged.
#[derive(Resource, Debug, Clone, Default)]
pub struct ContinueTarget(pub Option<PathBuf>);

/// The newest save in the saves folder that can be read.
pub fn newest_save(folders: &SaveFolders) -> Option<PathBuf> {
    crate::sim::saves::list(&folders.saves)
        .into_iter()
        .find(|e| e.error.is_none())
        .map(|e| e.path)
}

fn main_menu(mut commands: Commands, keys: Res<Bindings>, folders: Option<Res<SaveFolders>>) {
    let confirm = keys.menu_key(MenuAction::Confirm);
    let back = keys.menu_key(MenuAction::Back);
    let newest = folders.as_deref().and_then(newest_save);
    let k = |a: MenuAction| keys.menu_key(a);
    screen_root(&mut commands, Screen::MainMenu).with_children(|p| {
        title(p, "TARNATION", 72.0, palette::TITLE);
        title(
            p,
            "The West That Wasn't, on a hex battle map",
            22.0,
            palette::TEXT,
        );
        p.spawn(button_row()).with_children(|row| {
            row.spawn((
                button(format!("Play ({confirm})"), 22.0),
                MenuButton(MenuAction::Confirm),
                Tip("Choose a level and who plays each side".into()),
            ));
            let mut resume = row.spawn((
                button(format!("Continue ({})", k(MenuAction::Continue)), 22.0),
                MenuButton(MenuAction::Continue),
            ));
            match &newest {
                Some(path) => {
                    resume.insert(Tip(format!("Load the newest save: {}", file_name(path))))
                }
                None => resume.insert((
                    Greyed,
                    Tip(
                        "No save yet: a battle saves at the start of every round, and F5 saves"
                            .into(),
                    ),
                )),
            };
            row.spawn((
                button(format!("Load ({})", k(MenuAction::Load)), 22.0),
                MenuButton(MenuAction::Load),
                Tip("The saved matches, newest first".into()),
            ));
            row.spawn((
                button(format!("Replays ({})", k(MenuAction::Replays)), 22.0),
                MenuButton(MenuAction::Replays),
                Tip("Watch a match again, event by event".into()),
            ));
            row.spawn((
                button("Settings", 22.0),
                OpenSettings,
                Tip("Keys, the computer's pace, the colour-blind palette".into()),
            ));
            row.spawn((
                button(format!("Quit ({back})"), 22.0),
                MenuButton(MenuAction::Back),
            ));
        });
        p.spawn(button_row()).with_children(|row| {
            row.spawn((
                button("Level editor", 22.0),
                OpenEditor,
                Tip("Build a battle map: paint the ground, place cover and heroes, play it".into()),
            ));
            row.spawn((
                button("Credits", 22.0),
                OpenCredits,
                Tip("Where the fonts and icons come from, and their licences".into()),
            ));
        });
    });
    commands.insert_resource(ContinueTarget(newest));
}

fn menu_keys(
    input: MenuInput,
    settings: Query<&Interaction, (Changed<Interaction>, With<OpenSettings>)>,
    editor: Query<&Interaction, (Changed<Interaction>, With<OpenEditor>)>,
    credits: Query<&Interaction, (Changed<Interaction>, With<OpenCredits>)>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    target: Option<Res<ContinueTarget>>,
    mut list: ResMut<SavesList>,
    mut toast: ResMut<Toast>,
    mut open: ResMut<super::saves_screen::OpenRequest>,
    quit: (Res<Time>, Res<Bindings>, Local<Option<f64>>),
) {
    let (time, keys, mut asked) = quit;
    if input.pressed(MenuAction::Confirm) {
        next.set(Screen::LevelSelect);
    }
    if input.pressed(MenuAction::Continue) {
        match target.and_then(|t| t.0.clone()) {
            Some(path) => open.0 = Some((path, ListMode::Load)),
            None => toast.say("Nothing to continue: no save yet"),
        }
    }
    for (action, mode) in [
        (MenuAction::Load, ListMode::Load),
        (MenuAction::Replays, ListMode::Replays),
    ] {
        if input.pressed(action) {
            list.mode = mode;
            next.set(Screen::Saves);
        }
    }
    if settings.iter().any(|i| clicked(i, false)) {
        next.set(Screen::Settings);
    }
    if editor.iter().any(|i| clicked(i, false)) {
        next.set(Screen::Editor);
    }
    if credits.iter().any(|i| clicked(i, false)) {
        next.set(Screen::Credits);
    }
    // A click on Quit quits. The key asks twice (a second Esc within a few seconds), so that
    // one Esc too many from the level select does not close the game (a play-test's click on
    // Quit was told to press Esc).
    if input.clicked(MenuAction::Back) {
        exit.write(AppExit::Success);
    } else if input.pressed(MenuAction::Back) {
        let now = time.elapsed_secs_f64();
        if asked.is_some_and(|t| now - t < QUIT_WINDOW) {
            exit.write(AppExit::Success);
        } else {
            *asked = Some(now);
            toast.say(format!(
                "{} again to leave the game",
                keys.menu_key(MenuAction::Back)
            ));
        }
    }
}

/// How long the second press that quits may wait, in seconds.
const QUIT_WINDOW: f64 = 3.0;

/// Start the pending battle, or load the pending save (exclusive: it builds the world of the
/// match). A loaded match stands where it was saved.
fn load_battle(world: &mut World) {
    world.remove_resource::<Loaded>();
    if let Some(PendingBattle { level, gear, seed }) = world.remove_resource::<PendingBattle>() {
        let cards = world.resource::<MatchCards>().0.clone();
        start_match(world, level, gear, seed, cards);
        // A new battle starts with the choices' defaults: walking, a normal shot, a standard
        // blow, nothing careful, no fan.
        world.insert_resource(super::input::Selection::default());
    } else if let Some(PendingLoad { file, seat }) = world.remove_resource::<PendingLoad>() {
        match crate::sim::saves::load_into(world, &file) {
            Ok(()) => {
                world.insert_resource(Loaded { seat });
            }
            Err(e) => {
                // Checked before: this is not expected. The match as far as it went stays.
                warn!("the save did not load whole: {e}");
                world
                    .resource_mut::<Toast>()
                    .say(format!("The save did not load whole: {e}"));
            }
        }
    }
    // A battle opens running (a load from the Esc menu comes from a paused one).
    if let Some(mut pause) = world.get_resource_mut::<NextState<Pause>>() {
        pause.set(Pause::Running);
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
    // A match left unfinished is kept as an autosave (Continue resumes it), unless it is only
    // set aside for the Esc menu's Settings or Load.
    let unfinished = world.contains_resource::<Battle>()
        && !world.contains_resource::<BattleOver>()
        && !world.resource::<Journal>().0.is_empty();
    if unfinished
        && !world.contains_resource::<Suspended>()
        && world.contains_resource::<SaveFolders>()
        && super::saves::kept_as_is(world)
    {
        // A save holds the match as it is (just loaded, or saved and nothing declared since):
        // no second file of the same match.
        let key = world.resource::<Bindings>().menu_key(MenuAction::Continue);
        if !world.contains_resource::<PendingLoad>() {
            world.resource_mut::<Toast>().say(format!(
                "The match is kept as it was saved: Continue ({key}) plays on"
            ));
        }
    } else if unfinished
        && !world.contains_resource::<Suspended>()
        && world.contains_resource::<SaveFolders>()
    {
        match super::saves::write(world, AUTO) {
            // Another match is loaded in its place: its toast says so.
            Ok(_) if world.contains_resource::<PendingLoad>() => {}
            Ok(path) => {
                let key = world.resource::<Bindings>().menu_key(MenuAction::Continue);
                world.resource_mut::<Toast>().say(format!(
                    "The match is kept ({}): Continue ({key}) plays on",
                    file_name(&path)
                ));
            }
            Err(e) => warn!("the match left was not kept: {e}"),
        }
    } else if world.contains_resource::<Battle>()
        && !world.contains_resource::<BattleOver>()
        && !world.contains_resource::<Suspended>()
        && !world.contains_resource::<PendingLoad>()
        && world.resource::<Journal>().0.is_empty()
    {
        // Left before anything was declared: nothing to keep, and the player is told so (a
        // play-test quit in round 1 and found Continue grey, unexplained).
        world
            .resource_mut::<Toast>()
            .say("Nothing was declared yet: the match is not kept".to_string());
    }
    crate::app::input::remember_where_plans_were_made(world);
    end_match(world);
    let mut cameras = world.query_filtered::<(&mut Transform, &mut Projection), With<Camera2d>>();
    for (mut at, mut projection) in cameras.iter_mut(world) {
        *at = Transform::default();
        *projection = Projection::from(OrthographicProjection::default_2d());
    }
}
