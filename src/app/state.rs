//! The window's states: the `Screen` (main menu, level select, battle, result), the `Pause`
//! sub-state of a battle (the Esc menu), and the ordering of what happens on entering a battle.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    MainMenu,
    LevelSelect,
    Battle,
    Result,
    /// Rebinding the keys, the computer's pace, the palette.
    Settings,
    /// The saved matches to load, or the match files to watch again (`SavesList`).
    Saves,
    /// The replay viewer: a match file, event by event.
    Replay,
    /// The level editor.
    Editor,
    /// Where the fonts and icons come from, and their licences.
    Credits,
}

/// The Esc menu of a battle. While it is open the match stands still: no computer declares,
/// no segment passes.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Battle)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// Ordering of what happens on entering the battle.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum ScreenSystems {
    LoadBattle,
}
