//! Buttons in the same door as keys: a click on a button that stands for an action counts as
//! that action pressed this frame, so the mouse, the keyboard and the tests go through the same
//! systems.

use super::bindings::{BattleAction, MenuAction};
use crate::app::widgets::{Greyed, clicked};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

/// A button standing for a battle action (the action bar).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionButton(pub BattleAction);

/// A button standing for a menu action (menus, level select, result).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuButton(pub MenuAction);

/// The actions clicked this frame.
#[derive(Resource, Debug, Clone, Default)]
pub struct UiClicks {
    pub battle: Vec<BattleAction>,
    pub menu: Vec<MenuAction>,
}

/// Collect the clicks of the frame (after bevy_ui has read the pointer).
pub(super) fn collect_clicks(
    mut clicks: ResMut<UiClicks>,
    battle: Query<(&Interaction, &ActionButton, Has<Greyed>), Changed<Interaction>>,
    menu: Query<(&Interaction, &MenuButton, Has<Greyed>), Changed<Interaction>>,
) {
    clicks.battle.clear();
    clicks.menu.clear();
    for (interaction, button, greyed) in &battle {
        if clicked(interaction, greyed) {
            clicks.battle.push(button.0);
        }
    }
    for (interaction, button, greyed) in &menu {
        if clicked(interaction, greyed) {
            clicks.menu.push(button.0);
        }
    }
}

/// The menu actions of this frame: keys and clicks.
#[derive(SystemParam)]
pub struct MenuInput<'w, 's> {
    keys: Query<'w, 's, &'static ActionState<MenuAction>>,
    clicks: Res<'w, UiClicks>,
}

impl MenuInput<'_, '_> {
    pub fn pressed(&self, action: MenuAction) -> bool {
        self.clicks.menu.contains(&action)
            || self.keys.single().is_ok_and(|a| a.just_pressed(&action))
    }
}

/// The battle actions of this frame: keys, mouse buttons and clicks.
#[derive(SystemParam)]
pub struct BattleInput<'w, 's> {
    keys: Single<'w, 's, &'static ActionState<BattleAction>>,
    clicks: Res<'w, UiClicks>,
}

impl BattleInput<'_, '_> {
    pub fn just_pressed(&self, action: BattleAction) -> bool {
        self.clicks.battle.contains(&action) || self.keys.just_pressed(&action)
    }

    /// Held down (panning): keys only.
    pub fn pressed(&self, action: BattleAction) -> bool {
        self.keys.pressed(&action)
    }
}
