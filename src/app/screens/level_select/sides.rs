//! The level select's side switches: each side human or the computer at a level of play, in
//! words and as buttons, and the opponent's level of play kept in the settings over a restart.

use super::{LevelChoice, SideToggle};
use crate::app::input::{Bindings, MenuAction};
use crate::app::widgets::{Tip, button};
use crate::data::level::{AiLevel, Control, Level};
use bevy::prelude::*;

/// The opponent's level of play chosen is kept in the settings (and their file, when the
/// settings came from one), for the next start of the game.
pub(super) fn remember_opponent(
    choice: Res<LevelChoice>,
    mut keys: ResMut<crate::app::input::Bindings>,
    file: Option<Res<crate::app::input::SettingsFile>>,
) {
    if !choice.is_changed() || choice.computer_ai.is_none() || choice.computer_ai == keys.0.opponent
    {
        return;
    }
    keys.0.opponent = choice.computer_ai;
    crate::app::input::persist(&keys.0, file.is_some());
}

/// A side's switch cycles Human, Computer easy, normal, hard, and back to Human.
pub fn toggle_side(choice: &mut LevelChoice, i: usize) {
    let chosen = &mut choice.computer_ai;
    if let Some(side) = choice.preview.as_mut().and_then(|l| l.sides.get_mut(i)) {
        let (control, ai) = match (side.control, side.ai_level()) {
            (Control::Human, _) => (Control::Computer, AiLevel::Easy),
            (Control::Computer, AiLevel::Easy) => (Control::Computer, AiLevel::Normal),
            (Control::Computer, AiLevel::Normal) => (Control::Computer, AiLevel::Hard),
            (Control::Computer, AiLevel::Hard) => (Control::Human, AiLevel::Normal),
        };
        side.control = control;
        side.ai = Some(ai);
        if control == Control::Computer {
            *chosen = Some(ai);
        }
    }
}

/// A side as its switch shows it: "Human", "Computer (normal)".
pub fn side_words(side: &crate::data::level::SideDef) -> String {
    match side.control {
        Control::Human => "Human".into(),
        Control::Computer => format!("Computer ({})", side.ai_level().key()),
    }
}

/// A switch for each side: who plays it, and the computer's level of play.
pub(super) fn side_switches(info: &mut ChildSpawnerCommands, level: &Level, keys: &Bindings) {
    for (i, side) in level.sides.iter().enumerate() {
        let key = MenuAction::TOGGLE_SIDES
            .get(i)
            .map_or(String::new(), |a| format!(" ({})", keys.menu_key(*a)));
        info.spawn((
            button(format!("{}: {}{key}", side.name, side_words(side)), 18.0),
            SideToggle(i),
            Tip(
                "Click to cycle: a human player, the computer easy (fixed habits), normal \
                 (weighs the odds), hard (also weighs the declarations on the table, as a player sees them: focus fire)"
                    .into(),
            ),
        ));
    }
}
