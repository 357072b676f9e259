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
    /// The action's button was clicked this frame (not its key pressed).
    pub fn clicked(&self, action: MenuAction) -> bool {
        self.clicks.menu.contains(&action)
    }

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

/// A press and its release in one frame never shows in leafwing's action state, which reads
/// only the buttons held as the frame is made; bevy's `just_pressed` keeps it. On a slow frame
/// (software rendering draws one in a tenth of a second) a quick click on the map or a quick
/// tap of a key fell in that gap: a play-test's clicks to move, to shoot and to pick a target
/// did nothing unless held. Such a press counts as its action pressed this frame.
pub(super) fn catch_quick_presses(
    keys: Res<super::Bindings>,
    (mouse, keyboard): (Res<ButtonInput<MouseButton>>, Res<ButtonInput<KeyCode>>),
    mut battle: Query<&mut ActionState<BattleAction>>,
    mut menu: Query<&mut ActionState<MenuAction>>,
) {
    let quick = |binding: &super::Binding| quick_press(binding, &mouse, &keyboard);
    for mut state in &mut battle {
        for (action, _) in keys.0.bindings.iter().filter(|(_, b)| quick(b)) {
            if !state.just_pressed(action) {
                state.press(action);
            }
        }
    }
    for mut state in &mut menu {
        for (action, _) in keys.0.menu.iter().filter(|(_, b)| quick(b)) {
            if !state.just_pressed(action) {
                state.press(action);
            }
        }
    }
}

/// The binding was pressed and let go within this frame (with its modifier held, for a chord).
fn quick_press(
    binding: &super::Binding,
    mouse: &ButtonInput<MouseButton>,
    keyboard: &ButtonInput<KeyCode>,
) -> bool {
    use super::{Binding, Modifier};
    let tapped = |k: KeyCode| keyboard.just_pressed(k) && !keyboard.pressed(k);
    // A modifier held at any time in the frame: held still, or let go in it (a whole chord
    // pressed and let go within one slow frame).
    let held_in_frame = || {
        keyboard
            .get_pressed()
            .chain(keyboard.get_just_released())
            .filter_map(|key| Modifier::of(*key))
    };
    match binding {
        // A key tapped with Ctrl held is its chord's (Ctrl+Z: undo, not Z: fire).
        Binding::Key(k) => tapped(*k) && held_in_frame().next().is_none(),
        Binding::Mouse(m) => mouse.just_pressed(*m) && !mouse.pressed(*m),
        Binding::Chord(held, k) => tapped(*k) && held_in_frame().any(|m| m == *held),
    }
}
