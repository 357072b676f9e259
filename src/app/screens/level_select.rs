//! The level select: the levels by title, the chosen level's story and sides (each human or
//! computer), the system that resolves the match's checks (the level's, or another for this
//! match), the hot-seat blindfold, and Play. Keys and clicks alike.

use super::{PendingBattle, SeedSource, button, button_row, game_gear, screen_root, title};
use crate::app::input::{Bindings, MenuAction, MenuButton, MenuInput};
use crate::app::layout::palette;
use crate::app::state::Screen;
use crate::app::widgets::{Lit, Tip, clicked, label, label_in};
use crate::data::level::{self, AiLevel, Control, Level};
use crate::data::paths;
use crate::rules::check::Resolution;
use bevy::prelude::*;
use std::path::PathBuf;

mod rules;
mod sides;
pub use rules::{RULE_TOGGLES, RuleToggle};
use rules::{rule_tip, rule_words, switch_rule};
use sides::{remember_opponent, side_switches};
pub use sides::{side_words, toggle_side};

/// The level select screen's state.
#[derive(Resource, Default)]
pub struct LevelChoice {
    pub files: Vec<PathBuf>,
    /// Each file's level title, or why it cannot be played.
    pub titles: Vec<Result<String, String>>,
    pub index: usize,
    /// The selected level, loaded, with each side's control as the player sets it.
    pub preview: Option<Level>,
    /// The located error of the selected file, if it is bad.
    pub error: Option<String>,
    /// Where the level files were looked for, when none were found.
    pub missing: Option<String>,
    /// The hot-seat blindfold as the player set it; `None`: on with two or more human sides.
    pub blindfold: Option<bool>,
    /// The resolution system chosen for the match; `None`: the level's own.
    pub resolution: Option<Resolution>,
    /// `play --ai ...`: the levels of play each level's sides start with.
    pub ai: Vec<crate::cli::AiChoice>,
    /// The level of play last chosen for a computer side: the computer sides of the next level
    /// chosen start at it (a play-test set `hard`, chose another level and got `normal`).
    pub computer_ai: Option<AiLevel>,
}

impl LevelChoice {
    /// The level's own resolution system.
    pub fn level_resolution(&self) -> Resolution {
        self.preview
            .as_ref()
            .and_then(|l| l.resolution)
            .unwrap_or_default()
    }

    /// The system the match will be played in.
    pub fn resolution_on(&self) -> Resolution {
        self.resolution.unwrap_or_else(|| self.level_resolution())
    }

    /// Is the blindfold on for the level as set now?
    pub fn blindfold_on(&self) -> bool {
        self.blindfold.unwrap_or_else(|| {
            self.preview.as_ref().is_some_and(|l| {
                l.sides
                    .iter()
                    .filter(|s| s.control == Control::Human)
                    .count()
                    > 1
            })
        })
    }
}

/// A level's row in the list.
#[derive(Component, Debug, Clone, Copy)]
pub struct LevelRow(pub usize);

/// A side's switch between human and computer.
#[derive(Component, Debug, Clone, Copy)]
pub struct SideToggle(pub usize);

/// The blindfold switch.
#[derive(Component, Debug, Clone, Copy)]
pub struct BlindfoldToggle;

/// The switch of the resolution system (action deck, dice pool, d20).
#[derive(Component, Debug, Clone, Copy)]
pub struct ResolutionToggle;

/// The switch of rushing actions (the conflict chapter's option, off unless a level sets it).
#[derive(Component, Debug, Clone, Copy)]
pub struct RushingToggle;

/// The screen's body, rebuilt when the choice changes.
#[derive(Component)]
struct Body;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LevelChoice>()
        .add_systems(
            OnEnter(Screen::LevelSelect),
            (find_levels, level_select_ui).chain(),
        )
        .add_systems(
            Update,
            (
                level_select_keys,
                level_select_clicks,
                remember_opponent,
                show_choice,
            )
                .chain()
                .run_if(in_state(Screen::LevelSelect)),
        );
}

/// The level the list opens on the first time: the duel, a first fight against the computer.
pub const FIRST_LEVEL: &str = "street_duel.ron";

fn find_levels(mut choice: ResMut<LevelChoice>, keys: Res<crate::app::input::Bindings>) {
    let first_visit = choice.files.is_empty();
    // The opponent's level of play last chosen, kept in the settings over a restart.
    if first_visit && choice.computer_ai.is_none() {
        choice.computer_ai = keys.0.opponent;
    }
    match paths::level_files() {
        Ok(mut files) => {
            // The user's own levels (the editor's, drafts left out) after the shipped ones.
            files.extend(crate::editor::files::user_level_files());
            choice.files = files;
            choice.missing = None;
        }
        Err(e) => {
            choice.files = Vec::new();
            choice.missing = Some(e.to_string());
        }
    }
    let gear = game_gear();
    choice.titles = choice
        .files
        .iter()
        .map(|f| {
            let gear = gear.as_ref().map_err(Clone::clone)?;
            level::load(f, gear)
                .map(|l| l.name)
                .map_err(|e| e.to_string())
        })
        .collect();
    if first_visit {
        choice.index = choice
            .files
            .iter()
            .position(|f| f.file_name().is_some_and(|n| n == FIRST_LEVEL))
            .unwrap_or(0);
    }
    choice.index = choice.index.min(choice.files.len().saturating_sub(1));
    load_choice(&mut choice);
}

fn load_choice(choice: &mut LevelChoice) {
    choice.preview = None;
    choice.error = None;
    choice.blindfold = None;
    // The system chosen stays chosen from level to level (a group that plays dice plays every
    // level with them), until it is switched back.
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
        Ok(mut level) => {
            // Every computer side plays `normal`, or the level of play last chosen, unless
            // the level names one.
            for side in &mut level.sides {
                side.ai
                    .get_or_insert(choice.computer_ai.unwrap_or_default());
            }
            // `play --ai SIDE=LEVEL` names a side some levels do not have: left as it is there.
            for ai in &choice.ai {
                let _ = crate::cli::apply_ai(&mut level, std::slice::from_ref(ai), true);
            }
            choice.preview = Some(level);
        }
        Err(e) => choice.error = Some(e),
    }
}

/// The level select's list and chosen level, under the title (layout pixels).
const BODY_H: f32 = 580.0;

fn level_select_ui(mut commands: Commands) {
    screen_root(&mut commands, Screen::LevelSelect).with_children(|p| {
        title(p, "CHOOSE A LEVEL", 40.0, palette::TITLE);
        p.spawn((
            // A fixed height: a longer or shorter story does not move the title, the list
            // or the Play button (kept at the foot) when another level is chosen.
            Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(36),
                max_width: px(1180),
                height: px(BODY_H),
                ..default()
            },
            Body,
        ));
    });
}

fn level_select_keys(
    input: MenuInput,
    mut seed: ResMut<SeedSource>,
    mut choice: ResMut<LevelChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let n = choice.files.len();
    if n > 0 && input.pressed(MenuAction::Down) {
        choice.index = (choice.index + 1) % n;
        load_choice(&mut choice);
    }
    if n > 0 && input.pressed(MenuAction::Up) {
        choice.index = (choice.index + n - 1) % n;
        load_choice(&mut choice);
    }
    for (i, toggle) in MenuAction::TOGGLE_SIDES.into_iter().enumerate() {
        if input.pressed(toggle) {
            toggle_side(&mut choice, i);
        }
    }
    if input.pressed(MenuAction::CycleResolution) {
        cycle_resolution(&mut choice);
    }
    if input.pressed(MenuAction::ToggleRushing) {
        toggle_rushing(&mut choice);
    }
    for action in RULE_TOGGLES {
        if input.pressed(action) {
            switch_rule(&mut choice, action);
        }
    }
    if input.pressed(MenuAction::Confirm)
        && let Some(mut level) = choice.preview.clone()
    {
        level.handoff_screen = Some(choice.blindfold_on());
        // The match file holds the level as played: the system chosen goes with it.
        level.resolution = Some(choice.resolution_on());
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
    if input.pressed(MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
}

/// The next system for the match (the level's own is one of the three).
fn cycle_resolution(choice: &mut LevelChoice) {
    if choice.preview.is_none() {
        return;
    }
    let next = choice.resolution_on().next();
    choice.resolution = (next != choice.level_resolution()).then_some(next);
}

/// Rushing actions on or off for the match: the level as played carries the option, so the
/// match file and its replays have it too.
fn toggle_rushing(choice: &mut LevelChoice) {
    if let Some(level) = choice.preview.as_mut() {
        let options = level.options.get_or_insert_with(Default::default);
        options.rushing = !options.rushing;
    }
}

fn level_select_clicks(
    rows: Query<(&Interaction, &LevelRow), Changed<Interaction>>,
    resolution: Query<&Interaction, (Changed<Interaction>, With<ResolutionToggle>)>,
    sides: Query<(&Interaction, &SideToggle), Changed<Interaction>>,
    blindfold: Query<&Interaction, (Changed<Interaction>, With<BlindfoldToggle>)>,
    rushing: Query<&Interaction, (Changed<Interaction>, With<RushingToggle>)>,
    rules: Query<(&Interaction, &RuleToggle), Changed<Interaction>>,
    mut choice: ResMut<LevelChoice>,
) {
    for (interaction, row) in &rows {
        if clicked(interaction, false) && row.0 != choice.index {
            choice.index = row.0;
            load_choice(&mut choice);
        }
    }
    for (interaction, side) in &sides {
        if clicked(interaction, false) {
            toggle_side(&mut choice, side.0);
        }
    }
    if blindfold.iter().any(|i| clicked(i, false)) {
        let on = choice.blindfold_on();
        choice.blindfold = Some(!on);
    }
    if resolution.iter().any(|i| clicked(i, false)) {
        cycle_resolution(&mut choice);
    }
    if rushing.iter().any(|i| clicked(i, false)) {
        toggle_rushing(&mut choice);
    }
    for (interaction, rule) in &rules {
        if clicked(interaction, false) {
            switch_rule(&mut choice, rule.0);
        }
    }
}

/// The body of the screen, rebuilt when the choice changes.
fn show_choice(
    mut commands: Commands,
    choice: Res<LevelChoice>,
    keys: Res<Bindings>,
    body: Query<Entity, With<Body>>,
) {
    if !choice.is_changed() {
        return;
    }
    let Ok(body) = body.single() else { return };
    let k = |a: MenuAction| keys.menu_key(a);
    commands.entity(body).despawn_children().with_children(|p| {
        // The levels, by title.
        p.spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            width: px(380),
            flex_shrink: 0.0,
            ..default()
        })
        .with_children(|list| level_list(list, &choice, &keys));
        // The chosen level.
        p.spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(10),
            width: px(640),
            ..default()
        })
        .with_children(|info| match (&choice.preview, &choice.error) {
            (Some(level), _) => chosen_level(info, &choice, level, &keys),
            (None, Some(e)) => {
                info.spawn(label(
                    format!("This level cannot be played:\n{e}"),
                    17.0,
                    palette::TEXT,
                ));
                info.spawn((
                    button(format!("Back ({})", k(MenuAction::Back)), 22.0),
                    MenuButton(MenuAction::Back),
                ));
            }
            _ => {}
        });
    });
}

/// The levels, by title; the one chosen lit.
fn level_list(list: &mut ChildSpawnerCommands, choice: &LevelChoice, keys: &Bindings) {
    let k = |a: MenuAction| keys.menu_key(a);
    for (i, t) in choice.titles.iter().enumerate() {
        let name = match t {
            Ok(name) => name.clone(),
            Err(_) => format!(
                "{} (cannot be played)",
                choice.files[i]
                    .file_name()
                    .map_or(String::new(), |f| f.to_string_lossy().into_owned())
            ),
        };
        let mut row = list.spawn((button(name, 20.0), LevelRow(i)));
        if i == choice.index {
            row.insert(Lit);
        }
    }
    list.spawn(label(
        format!("{}/{}: level", k(MenuAction::Up), k(MenuAction::Down)),
        16.0,
        palette::HINT,
    ));
}

/// The chosen level: its sides, the rules it plays by (each a switch), Play and Back.
fn chosen_level(
    info: &mut ChildSpawnerCommands,
    choice: &LevelChoice,
    level: &Level,
    keys: &Bindings,
) {
    let k = |a: MenuAction| keys.menu_key(a);
    info.spawn(label_in(
        level.name.clone(),
        crate::app::fonts::display(28.0),
        palette::TITLE,
    ));
    // The switches first, where they stay whatever the level's story (a play-test's click
    // meant for the second side's switch landed on the first's of a longer story).
    side_switches(info, level, keys);
    let system = choice.resolution_on();
    let words = if choice.resolution.is_some() {
        format!(
            "Checks: {} (the level plays {})",
            system.name(),
            choice.level_resolution().name()
        )
    } else {
        format!("Checks: {} (the level's)", system.name())
    };
    let mut resolve = info.spawn((
        button(
            format!("{words} ({})", k(MenuAction::CycleResolution)),
            18.0,
        ),
        ResolutionToggle,
        Tip(
            "Click to resolve the match's checks by the action deck, dice pools or d20 tests"
                .into(),
        ),
    ));
    if choice.resolution.is_some() {
        resolve.insert(Lit);
    }
    let rush = level.options.is_some_and(|o| o.rushing);
    let mut rushing = info.spawn((
        button(
            format!(
                "Rushing actions: {} ({})",
                if rush { "on" } else { "off" },
                k(MenuAction::ToggleRushing)
            ),
            18.0,
        ),
        RushingToggle,
        Tip("The conflict chapter's option: once every declaration of a segment is made, a hero with AP on the track may rush an action into this segment, paying the rest from its pool and a Rush Tax (the Step of its card). Off by the book's standard".into()),
    ));
    if rush {
        rushing.insert(Lit);
    }
    // The chapter's optional rules and the weapon-length rule, lit when off the
    // book's standard.
    info.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(6),
        row_gap: px(6),
        ..default()
    })
    .with_children(|row| {
        for action in RULE_TOGGLES {
            let (words, changed) = rule_words(level, action);
            let mut b = row.spawn((
                button(format!("{words} ({})", k(action)), 14.0),
                RuleToggle(action),
                Tip(rule_tip(action).into()),
            ));
            if changed {
                b.insert(Lit);
            }
        }
    });
    let on = choice.blindfold_on();
    let mut blind = info.spawn((
        button(
            format!("Hot-seat blindfold: {}", if on { "on" } else { "off" }),
            18.0,
        ),
        BlindfoldToggle,
        Tip("Hide the map while the seat passes between two human players".into()),
    ));
    if on {
        blind.insert(Lit);
    }
    info.spawn(label(level.description.clone(), 16.0, palette::TEXT));
    info.spawn(label(how_to_win(level, keys), 14.0, palette::HINT));
    play_and_back(info, keys);
}

/// How each side wins, and where the computer's pace is set when a side is the computer's
/// (a play-test found the step-by-step pace only late, in the Esc menu).
fn how_to_win(level: &Level, keys: &Bindings) -> String {
    let mut win = String::from("How to win:");
    for line in level.how_to_win() {
        win.push_str(&format!("\n  {line}"));
    }
    if level.sides.iter().any(|s| s.control == Control::Computer) {
        win.push_str(&format!(
            "\nComputer's pace: {} (Settings, Esc menu); 'step' shows each action on {}",
            keys.0.pace.name(),
            keys.key(crate::app::input::BattleAction::NextStep)
        ));
    }
    win
}

/// Play and Back, at the foot of the chosen level (where they stay whatever its story).
fn play_and_back(info: &mut ChildSpawnerCommands, keys: &Bindings) {
    let k = |a: MenuAction| keys.menu_key(a);
    info.spawn(Node {
        margin: UiRect::top(auto()),
        ..button_row()
    })
    .with_children(|row| {
        row.spawn((
            button(format!("Play ({})", k(MenuAction::Confirm)), 22.0),
            MenuButton(MenuAction::Confirm),
        ));
        row.spawn((
            button(format!("Back ({})", k(MenuAction::Back)), 22.0),
            MenuButton(MenuAction::Back),
        ));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The level of play set for the opponent stays for the next level chosen: `hard` set on
    /// the street duel's computer side is the bank job's computer side's too.
    #[test]
    fn the_opponent_s_level_of_play_stays_from_level_to_level() {
        let mut choice = LevelChoice {
            files: vec![
                PathBuf::from("levels/street_duel.ron"),
                PathBuf::from("levels/bank_job.ron"),
            ],
            ..Default::default()
        };
        load_choice(&mut choice);
        let computer = |choice: &LevelChoice| {
            let level = choice.preview.as_ref().expect("a level");
            let i = level
                .sides
                .iter()
                .position(|s| s.control == Control::Computer)
                .expect("a computer side");
            (i, level.sides[i].ai_level())
        };
        let (i, ai) = computer(&choice);
        assert_eq!(ai, AiLevel::Normal);
        toggle_side(&mut choice, i);
        assert_eq!(computer(&choice).1, AiLevel::Hard);
        choice.index = 1;
        load_choice(&mut choice);
        assert_eq!(computer(&choice).1, AiLevel::Hard);
    }
}
