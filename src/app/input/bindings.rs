//! The actions, their default bindings and the settings file that keeps them.
pub use super::pace::Pace;
use crate::sim::intent::{Refusal, Remedy};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect, Serialize, Deserialize)]
pub enum BattleAction {
    /// Select the hero under the cursor.
    Select,
    /// Move the selected hero to the hex under the cursor.
    MoveHere,
    NextHero,
    ToggleRun,
    TurnLeft,
    TurnRight,
    DropProne,
    StandUp,
    DuckBehindCover,
    EmergeFromCover,
    /// Ready the next weapon carried (a holstered pistol is drawn for 1 AP).
    ReadyWeapon,
    /// Cock the weapon in hand.
    Cock,
    /// Work on the level's objective (a skill at 4/8 AP).
    WorkObjective,
    /// A rider reins the mount in to a halt, or spurs it on to its best speed.
    Rein,
    /// Cycle the shot a right click on an enemy fires: normal, aimed, aimed twice, snap.
    CycleShot,
    /// Load the weapon in hand (and clear a jam).
    Reload,
    /// Take the next weapon in the off hand.
    ReadyOffHand,
    /// Shoot the enemy under the cursor with the off hand's weapon.
    ShootOffHand,
    /// Add the enemy under the cursor to the series being declared (with the shot kind).
    AddToSeries,
    /// Declare the series (or fan) of shots.
    FireSeries,
    /// Switch the series between several shots and fan firing.
    ToggleFan,
    /// Attack the foe under the cursor hand to hand (the attack type chosen with I).
    MeleeAttack,
    /// Cycle the hand-to-hand attack: quick, standard, heavy, grapple.
    CycleAttack,
    /// Make the next attacks careful (+2 AP, +1).
    ToggleCareful,
    /// Prepare a block (2 AP).
    Block,
    /// Dodge the attacks from the foe under the cursor's side (3 AP).
    Dodge,
    /// Break away from or escape dominance.
    Escape,
    /// Move away carefully to the hex under the cursor (2 AP more, no free attack).
    Disengage,
    /// Mount the riderless mount beside the hero, or step down from the saddle.
    MountOrDismount,
    /// The AP the hero spends from its pool to go first on the initiative stack (0 up to its
    /// Quick Draw level).
    StackSpend,
    /// Dice pools: the Venture tokens (0 to 3) on the hero's next check (cycles).
    Venture,
    /// Dice pools: spend Will when the hero's next check would fail (on or off).
    SpendWill,
    /// What the hero's bonus counter is set for on its next attack: none, "Right on!",
    /// "Aces!" (cycles).
    BonusSpend,
    /// "I've got your back!": the hero's bonus counter to the ally pointed at (1 AP).
    BackUp,
    /// Add the foe pointed at to a series of blows (with the attack type and care chosen).
    AddBlow,
    /// Declare the series of blows put together.
    StrikeBlows,
    /// Speed load the weapon in hand (the Speed Load skill).
    SpeedLoad,
    /// Revive the unconscious ally pointed at (Medicine, 4 AP).
    Revive,
    /// Take the item lying within a pace, or (carrying one) put it down (1 AP).
    TakeOrDrop,
    /// Fire at the enemy pointed at to miss (action sabotage).
    Sabotage,
    /// Rushing, when the level plays it: rush the action being paid for.
    Rush,
    /// End this side's declaration, or take the seat after a handoff.
    EndDeclaration,
    /// The declaring hero declares nothing more this round.
    HoldRound,
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    ZoomIn,
    ZoomOut,
    /// Open or close the Esc menu.
    Quit,
    /// From the Esc menu: leave the battle for the main menu.
    QuitToMenu,
    /// Save the match now (a quick save).
    QuickSave,
    /// Load the newest quick save.
    QuickLoad,
    /// Take back this side's declarations of the segment that have not resolved yet.
    Undo,
    /// Show or hide the hex grid's rims.
    ToggleGrid,
    /// At the step-by-step pace: the computer's next step.
    NextStep,
}

impl BattleAction {
    /// The action in words, for the settings screen and refusals: "Turn left".
    pub fn words(self) -> String {
        match self {
            BattleAction::Select => return "Select a hero".into(),
            BattleAction::MoveHere => return "Move or shoot here".into(),
            BattleAction::Quit => return "Esc menu".into(),
            BattleAction::EndDeclaration => return "Pass (or take the seat)".into(),
            BattleAction::Undo => return "Undo (take back)".into(),
            BattleAction::SpendWill => return "Spend Will".into(),
            BattleAction::BonusSpend => return "Bonus counter".into(),
            // Named as the action bar names them, the book's words after (a play-test read
            // "Miss" on the bar and "Sabotage" in the settings).
            BattleAction::BackUp => return "Back up (I've got your back)".into(),
            BattleAction::Sabotage => return "Miss (sabotage)".into(),
            BattleAction::StackSpend => return "Stack (AP for the initiative stack)".into(),
            BattleAction::StrikeBlows => return "Strike the blows".into(),
            BattleAction::ToggleGrid => return "Show or hide the grid".into(),
            BattleAction::NextStep => return "Next step (step pace)".into(),
            BattleAction::HoldRound => return "Hero done (hold the round)".into(),
            _ => {}
        }
        let debug = format!("{self:?}");
        let mut out = String::new();
        for (i, c) in debug.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                out.push(' ');
                out.extend(c.to_lowercase());
            } else {
                out.push(c);
            }
        }
        out
    }
}

/// Menus and the card table.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect, Serialize, Deserialize)]
pub enum MenuAction {
    Up,
    Down,
    Confirm,
    Back,
    /// Switch side 1 (2, 3, 4) between human and computer in the level select.
    ToggleSide1,
    ToggleSide2,
    ToggleSide3,
    ToggleSide4,
    /// Draw the next card on the card table.
    DrawCard,
    /// Main menu: load the newest save.
    Continue,
    /// Main menu: the list of saves to load.
    Load,
    /// Main menu: the list of match files to watch again.
    Replays,
    /// Level select: the next resolution system for the match.
    CycleResolution,
    /// The level select: rushing actions (the conflict chapter's option) on or off.
    ToggleRushing,
    /// The level select: the action-resolution chapter's optional rules (exceptional results,
    /// increased effect, the victory threshold, card hacking) and the weapon-length rule.
    ToggleExceptional,
    ToggleIncreasedEffect,
    CycleVictoryThreshold,
    CycleCardUse,
    ToggleWeaponLength,
    /// The level select: total movement instead of relative movement for a moving target.
    ToggleTotalMovement,
}

impl MenuAction {
    pub const TOGGLE_SIDES: [MenuAction; 4] = [
        MenuAction::ToggleSide1,
        MenuAction::ToggleSide2,
        MenuAction::ToggleSide3,
        MenuAction::ToggleSide4,
    ];
}

/// The bindings in force: the settings file's, read once at start. Every word about keys in
/// the window comes from here, so a rebound key is named as it is.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Bindings(pub Settings);

impl Bindings {
    /// The key (or button) of a battle action, in words: "X", "Right click".
    pub fn key(&self, action: BattleAction) -> String {
        self.0
            .bindings
            .iter()
            .filter(|(a, _)| *a == action)
            .map(|(_, b)| b.name())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The key of a menu action.
    pub fn menu_key(&self, action: MenuAction) -> String {
        self.0
            .menu
            .iter()
            .filter(|(a, _)| *a == action)
            .map(|(_, b)| b.name())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The key that applies a remedy.
    pub fn remedy(&self, remedy: Remedy) -> String {
        let action = match remedy {
            Remedy::Emerge(_) => BattleAction::EmergeFromCover,
            Remedy::Ready => BattleAction::ReadyWeapon,
            Remedy::Cock(_) => BattleAction::Cock,
            Remedy::Reload => BattleAction::Reload,
            Remedy::BreakAway(_) | Remedy::Escape => BattleAction::Escape,
            Remedy::StandUp(_) => BattleAction::StandUp,
        };
        self.key(action)
    }

    /// A refusal with the key of its remedy: "... emerge first (X, 1 AP)".
    pub fn refusal(&self, refusal: &Refusal) -> String {
        match refusal.remedy {
            Some(remedy) => {
                let key = self.remedy(remedy);
                match remedy.ap() {
                    Some(ap) => format!("{} ({key}, {ap} AP)", refusal.reason),
                    None => format!("{} ({key})", refusal.reason),
                }
            }
            None => refusal.reason.clone(),
        }
    }
}

/// A key or a mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    Key(KeyCode),
    Mouse(MouseButton),
    /// A key pressed while a modifier is held: Ctrl+Z.
    Chord(Modifier, KeyCode),
}

/// A modifier key held for a chord (either of the pair: left or right Ctrl).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Modifier {
    Ctrl,
    Shift,
    Alt,
}

impl Modifier {
    /// The modifier a key is, if it is one.
    pub fn of(key: KeyCode) -> Option<Modifier> {
        match key {
            KeyCode::ControlLeft | KeyCode::ControlRight => Some(Modifier::Ctrl),
            KeyCode::ShiftLeft | KeyCode::ShiftRight => Some(Modifier::Shift),
            KeyCode::AltLeft | KeyCode::AltRight => Some(Modifier::Alt),
            _ => None,
        }
    }

    fn key(self) -> ModifierKey {
        match self {
            Modifier::Ctrl => ModifierKey::Control,
            Modifier::Shift => ModifierKey::Shift,
            Modifier::Alt => ModifierKey::Alt,
        }
    }
}

/// What the settings file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub bindings: Vec<(BattleAction, Binding)>,
    #[serde(default = "default_menu_bindings")]
    pub menu: Vec<(MenuAction, Binding)>,
    /// How fast the computer's declarations and empty segments follow each other.
    #[serde(default)]
    pub pace: Pace,
    /// The colour-blind-safe palette for the sides and the map's overlays.
    #[serde(default)]
    pub colorblind: bool,
    /// The computer's level of play last chosen in the level select, for the next start (a
    /// play-test's restart found its opponent back at normal).
    #[serde(default)]
    pub opponent: Option<crate::data::ai_level::AiLevel>,
}

impl Binding {
    /// The key in words, as a player reads it on the keyboard.
    pub fn name(&self) -> String {
        match self {
            Binding::Mouse(MouseButton::Left) => "Left click".into(),
            Binding::Mouse(MouseButton::Right) => "Right click".into(),
            Binding::Mouse(MouseButton::Middle) => "Middle click".into(),
            Binding::Mouse(other) => format!("{other:?} mouse button"),
            Binding::Key(key) => key_name(*key),
            Binding::Chord(modifier, key) => format!("{modifier:?}+{}", key_name(*key)),
        }
    }
}

fn key_name(key: KeyCode) -> String {
    let debug = format!("{key:?}");
    let named = match key {
        KeyCode::Escape => "Esc",
        KeyCode::Enter => "Enter",
        KeyCode::Backspace => "Backspace",
        KeyCode::Tab => "Tab",
        KeyCode::Space => "Space",
        KeyCode::ArrowLeft => "Left",
        KeyCode::ArrowRight => "Right",
        KeyCode::ArrowUp => "Up",
        KeyCode::ArrowDown => "Down",
        KeyCode::Equal => "+",
        KeyCode::Minus => "-",
        KeyCode::Comma => ",",
        KeyCode::Period => ".",
        KeyCode::Semicolon => ";",
        _ => "",
    };
    if !named.is_empty() {
        return named.into();
    }
    debug
        .strip_prefix("Key")
        .or_else(|| debug.strip_prefix("Digit"))
        .unwrap_or(&debug)
        .to_string()
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bindings: default_bindings(),
            menu: default_menu_bindings(),
            pace: Pace::default(),
            colorblind: false,
            opponent: None,
        }
    }
}

/// The menu bindings, in the same place.
pub fn default_menu_bindings() -> Vec<(MenuAction, Binding)> {
    use Binding::Key;
    vec![
        (MenuAction::Up, Key(KeyCode::ArrowUp)),
        (MenuAction::Down, Key(KeyCode::ArrowDown)),
        (MenuAction::Confirm, Key(KeyCode::Enter)),
        (MenuAction::Back, Key(KeyCode::Escape)),
        (MenuAction::ToggleSide1, Key(KeyCode::Digit1)),
        (MenuAction::ToggleSide2, Key(KeyCode::Digit2)),
        (MenuAction::ToggleSide3, Key(KeyCode::Digit3)),
        (MenuAction::ToggleSide4, Key(KeyCode::Digit4)),
        (MenuAction::DrawCard, Key(KeyCode::Space)),
        (MenuAction::Continue, Key(KeyCode::KeyC)),
        (MenuAction::Load, Key(KeyCode::KeyL)),
        (MenuAction::Replays, Key(KeyCode::KeyR)),
        (MenuAction::CycleResolution, Key(KeyCode::KeyS)),
        (MenuAction::ToggleRushing, Key(KeyCode::KeyU)),
        (MenuAction::ToggleExceptional, Key(KeyCode::KeyE)),
        (MenuAction::ToggleIncreasedEffect, Key(KeyCode::KeyI)),
        (MenuAction::CycleVictoryThreshold, Key(KeyCode::KeyV)),
        (MenuAction::CycleCardUse, Key(KeyCode::KeyH)),
        (MenuAction::ToggleWeaponLength, Key(KeyCode::KeyW)),
        (MenuAction::ToggleTotalMovement, Key(KeyCode::KeyT)),
    ]
}

/// The bindings, in one place.
pub fn default_bindings() -> Vec<(BattleAction, Binding)> {
    use Binding::{Key, Mouse};
    vec![
        (BattleAction::Select, Mouse(MouseButton::Left)),
        (BattleAction::MoveHere, Mouse(MouseButton::Right)),
        (BattleAction::NextHero, Key(KeyCode::Tab)),
        (BattleAction::ToggleRun, Key(KeyCode::KeyR)),
        (BattleAction::TurnLeft, Key(KeyCode::KeyQ)),
        (BattleAction::TurnRight, Key(KeyCode::KeyE)),
        (BattleAction::DropProne, Key(KeyCode::KeyP)),
        (BattleAction::StandUp, Key(KeyCode::KeyU)),
        (BattleAction::DuckBehindCover, Key(KeyCode::KeyC)),
        (BattleAction::EmergeFromCover, Key(KeyCode::KeyX)),
        (BattleAction::ReadyWeapon, Key(KeyCode::KeyG)),
        (BattleAction::Cock, Key(KeyCode::KeyK)),
        (BattleAction::WorkObjective, Key(KeyCode::KeyO)),
        (BattleAction::Rein, Key(KeyCode::KeyV)),
        (BattleAction::CycleShot, Key(KeyCode::KeyF)),
        (BattleAction::Reload, Key(KeyCode::KeyL)),
        (BattleAction::ReadyOffHand, Key(KeyCode::KeyH)),
        (BattleAction::ShootOffHand, Key(KeyCode::KeyT)),
        (BattleAction::AddToSeries, Key(KeyCode::KeyA)),
        (BattleAction::FireSeries, Key(KeyCode::KeyZ)),
        (BattleAction::ToggleFan, Key(KeyCode::KeyN)),
        (BattleAction::MeleeAttack, Key(KeyCode::KeyJ)),
        (BattleAction::CycleAttack, Key(KeyCode::KeyI)),
        (BattleAction::ToggleCareful, Key(KeyCode::KeyY)),
        (BattleAction::Block, Key(KeyCode::KeyB)),
        (BattleAction::Dodge, Key(KeyCode::KeyD)),
        (BattleAction::Escape, Key(KeyCode::KeyW)),
        (BattleAction::Disengage, Key(KeyCode::KeyS)),
        (BattleAction::MountOrDismount, Key(KeyCode::Digit9)),
        (BattleAction::StackSpend, Key(KeyCode::Digit0)),
        (BattleAction::Venture, Key(KeyCode::Digit1)),
        (BattleAction::SpendWill, Key(KeyCode::Digit2)),
        (BattleAction::BonusSpend, Key(KeyCode::Digit3)),
        (BattleAction::BackUp, Key(KeyCode::Digit4)),
        (BattleAction::Sabotage, Key(KeyCode::Digit5)),
        (BattleAction::Revive, Key(KeyCode::Digit6)),
        (BattleAction::TakeOrDrop, Key(KeyCode::Digit8)),
        (BattleAction::Rush, Key(KeyCode::Digit7)),
        (BattleAction::SpeedLoad, Key(KeyCode::Semicolon)),
        (BattleAction::AddBlow, Key(KeyCode::Comma)),
        (BattleAction::StrikeBlows, Key(KeyCode::Period)),
        (BattleAction::EndDeclaration, Key(KeyCode::Enter)),
        (BattleAction::HoldRound, Key(KeyCode::Backspace)),
        (BattleAction::PanLeft, Key(KeyCode::ArrowLeft)),
        (BattleAction::PanRight, Key(KeyCode::ArrowRight)),
        (BattleAction::PanUp, Key(KeyCode::ArrowUp)),
        (BattleAction::PanDown, Key(KeyCode::ArrowDown)),
        (BattleAction::ZoomIn, Key(KeyCode::Equal)),
        (BattleAction::ZoomOut, Key(KeyCode::Minus)),
        (BattleAction::Quit, Key(KeyCode::Escape)),
        (BattleAction::QuitToMenu, Key(KeyCode::KeyM)),
        (BattleAction::QuickSave, Key(KeyCode::F5)),
        (BattleAction::QuickLoad, Key(KeyCode::F9)),
        (BattleAction::ToggleGrid, Key(KeyCode::F2)),
        (BattleAction::NextStep, Key(KeyCode::Space)),
        (
            BattleAction::Undo,
            Binding::Chord(Modifier::Ctrl, KeyCode::KeyZ),
        ),
    ]
}

/// `$XDG_CONFIG_HOME/tarnation/settings.ron`, or `~/.config/tarnation/settings.ron`.
pub fn settings_path() -> PathBuf {
    std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tarnation/settings.ron")
}

/// Read the settings, writing the defaults when there are none. A bad file is reported (with
/// its line) and the defaults are used: the game still starts.
pub fn load_settings() -> Settings {
    let path = settings_path();
    let defaults = Settings::default();
    match std::fs::read_to_string(&path) {
        Ok(text) => match crate::data::parse_ron::<Settings>(&path, &text) {
            Ok(mut s) => {
                // Actions added since the file was written keep their default binding.
                fill_missing(&mut s.bindings, defaults.bindings);
                fill_missing(&mut s.menu, defaults.menu);
                s
            }
            Err(e) => {
                warn!("{e}; using the default bindings");
                defaults
            }
        },
        Err(_) => {
            if let Err(e) = save_settings(&defaults) {
                warn!("{e}");
            }
            defaults
        }
    }
}

/// Write the settings file (atomically: a temporary file, then a rename).
pub fn save_settings(settings: &Settings) -> Result<(), String> {
    let path = settings_path();
    let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
    let text = ron::ser::to_string_pretty(settings, pretty).map_err(|e| e.to_string())?;
    let dir = path.parent().unwrap_or(std::path::Path::new("."));
    let tmp = path.with_extension("ron.tmp");
    std::fs::create_dir_all(dir)
        .and_then(|_| std::fs::write(&tmp, text))
        .and_then(|_| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A battle action that may not be rebound (it has no key of its own to clash over).
fn rebindable(action: BattleAction) -> bool {
    !matches!(action, BattleAction::Select | BattleAction::MoveHere)
}

impl Settings {
    /// Bind `action` to `binding`, unless another battle action holds it already: then the
    /// refusal names that action. Mouse buttons stay with selecting and moving.
    pub fn rebind(&mut self, action: BattleAction, binding: Binding) -> Result<(), String> {
        if !rebindable(action) {
            return Err(format!("{} stays on its mouse button", action.words()));
        }
        if let Some((other, _)) = self
            .bindings
            .iter()
            .find(|(a, b)| *b == binding && *a != action)
        {
            return Err(format!(
                "{} is already bound to {}: rebind that first",
                binding.name(),
                other.words()
            ));
        }
        if matches!(binding, Binding::Mouse(_)) {
            return Err("the mouse buttons select and move".into());
        }
        self.bindings.retain(|(a, _)| *a != action);
        self.bindings.push((action, binding));
        Ok(())
    }
}

pub(super) fn fill_missing<A: PartialEq>(
    bindings: &mut Vec<(A, Binding)>,
    defaults: Vec<(A, Binding)>,
) {
    for (action, binding) in defaults {
        if !bindings.iter().any(|(a, _)| *a == action) {
            bindings.push((action, binding));
        }
    }
}

pub fn input_map<A: Actionlike>(bindings: &[(A, Binding)]) -> InputMap<A> {
    let mut map = InputMap::default();
    for (action, binding) in bindings {
        match binding {
            Binding::Key(k) => map.insert(action.clone(), *k),
            Binding::Mouse(m) => map.insert(action.clone(), *m),
            Binding::Chord(modifier, k) => map.insert(
                action.clone(),
                ButtonlikeChord::modified(modifier.key(), *k),
            ),
        };
    }
    map
}

/// The menu actions pressed this frame, if the input entity is there.
pub fn menu_pressed(actions: &Query<&ActionState<MenuAction>>, action: MenuAction) -> bool {
    actions.single().is_ok_and(|a| a.just_pressed(&action))
}
