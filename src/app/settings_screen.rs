//! The settings screen: rebind an action by clicking it and pressing the key (a key another
//! action holds is refused), the computer's pace, the colour-blind-safe palette. Saved in the
//! settings file at once.

use super::input::{
    BattleAction, Binding, Bindings, MenuAction, MenuButton, MenuInput, Modifier, Pace,
    SettingsFile, persist,
};
use super::layout::palette;
use super::saves::Suspended;
use super::screens::{button_row, screen_root, title};
use super::state::Screen;
use super::widgets::{Lit, Tip, button, clicked, label};
use bevy::prelude::*;

pub struct SettingsScreenPlugin;

impl Plugin for SettingsScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Rebinding>()
            .add_systems(OnEnter(Screen::Settings), spawn_settings)
            .add_systems(
                Update,
                (settings_clicks, capture_key, show_settings)
                    .chain()
                    .run_if(in_state(Screen::Settings)),
            );
    }
}

/// The action waiting for its new key, and what the last attempt said.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Rebinding {
    pub waiting: Option<BattleAction>,
    pub message: String,
}

/// A row of the key list.
#[derive(Component, Debug, Clone, Copy)]
pub struct RebindButton(pub BattleAction);

#[derive(Component, Debug, Clone, Copy)]
pub struct PaceChoice(pub Pace);

#[derive(Component, Debug, Clone, Copy)]
pub struct PaletteToggle;

#[derive(Component)]
struct Body;

/// An action in words: "Turn left".
pub fn action_words(action: BattleAction) -> String {
    action.words()
}

fn spawn_settings(mut commands: Commands, mut rebinding: ResMut<Rebinding>) {
    *rebinding = Rebinding::default();
    screen_root(&mut commands, Screen::Settings).with_children(|p| {
        title(p, "SETTINGS", 40.0, palette::TITLE);
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(10),
                ..default()
            },
            Body,
        ));
    });
}

fn settings_clicks(
    rebind: Query<(&Interaction, &RebindButton), Changed<Interaction>>,
    pace: Query<(&Interaction, &PaceChoice), Changed<Interaction>>,
    palette_toggle: Query<&Interaction, (Changed<Interaction>, With<PaletteToggle>)>,
    mut rebinding: ResMut<Rebinding>,
    mut keys: ResMut<Bindings>,
    file: Option<Res<SettingsFile>>,
) {
    for (interaction, button) in &rebind {
        if clicked(interaction, false) {
            rebinding.waiting = Some(button.0);
            rebinding.message = format!(
                "Press the new key for {} (Esc: keep {})",
                action_words(button.0),
                keys.key(button.0)
            );
        }
    }
    for (interaction, choice) in &pace {
        if clicked(interaction, false) && keys.0.pace != choice.0 {
            keys.0.pace = choice.0;
            persist(&keys.0, file.is_some());
        }
    }
    if palette_toggle.iter().any(|i| clicked(i, false)) {
        keys.0.colorblind = !keys.0.colorblind;
        persist(&keys.0, file.is_some());
    }
}

/// The key pressed while an action waits for one: bound, or refused when another action holds
/// it; a key pressed while Ctrl, Shift or Alt is held makes a chord (Ctrl+Z). Esc keeps the old
/// key; without a wait, Esc goes back to the menu (or to the battle the Esc menu came from).
fn capture_key(
    pressed: Res<ButtonInput<KeyCode>>,
    input: MenuInput,
    mut rebinding: ResMut<Rebinding>,
    mut keys: ResMut<Bindings>,
    file: Option<Res<SettingsFile>>,
    mut next: ResMut<NextState<Screen>>,
    suspended: Option<Res<Suspended>>,
    mut commands: Commands,
) {
    let Some(action) = rebinding.waiting else {
        if input.pressed(MenuAction::Back) {
            super::saves::back_from_menu(suspended.as_deref(), &mut commands, &mut next);
        }
        return;
    };
    // A modifier alone waits for the key it is held with.
    let Some(key) = pressed
        .get_just_pressed()
        .find(|k| Modifier::of(**k).is_none())
        .copied()
    else {
        return;
    };
    let held = pressed.get_pressed().find_map(|k| Modifier::of(*k));
    rebinding.waiting = None;
    if key == KeyCode::Escape {
        rebinding.message = format!("{} stays on {}", action_words(action), keys.key(action));
        return;
    }
    let binding = match held {
        Some(modifier) => Binding::Chord(modifier, key),
        None => Binding::Key(key),
    };
    let mut settings = keys.0.clone();
    match settings.rebind(action, binding) {
        Ok(()) => {
            rebinding.message = format!("{} is now on {}", action_words(action), binding.name());
            keys.0 = settings;
            persist(&keys.0, file.is_some());
        }
        Err(why) => rebinding.message = format!("Refused: {why}"),
    }
}

/// The row of the computer's pace and the colour-blind palette, the one lit that is on.
fn pace_and_palette(row: &mut ChildSpawnerCommands, keys: &Bindings) {
    row.spawn(label("Computer's pace:", 18.0, palette::TEXT));
    for pace in Pace::ALL {
        let mut b = row.spawn((
            button(pace.name(), 18.0),
            PaceChoice(pace),
            Tip(if pace.by_step() {
                format!(
                    "Each step of the computer waits for {} in the battle, shown at the slow \
                     pace; {:.1} s between empty segments",
                    keys.key(crate::app::input::BattleAction::NextStep),
                    pace.delay()
                )
            } else {
                format!(
                    "{:.1} s before each of the computer's declarations, {:.1} s between \
                     empty segments, after the figures have arrived; {:.2} s a hex",
                    pace.declare_delay(),
                    pace.delay(),
                    pace.step_secs()
                )
            }),
        ));
        if keys.0.pace == pace {
            b.insert(Lit);
        }
    }
    let mut b = row.spawn((
        button(
            format!(
                "Colour-blind palette: {}",
                if keys.0.colorblind { "on" } else { "off" }
            ),
            18.0,
        ),
        PaletteToggle,
        Tip("Sides and map overlays in Okabe and Ito's colours".into()),
    ));
    if keys.0.colorblind {
        b.insert(Lit);
    }
}

/// The body, rebuilt when the settings or the wait change.
fn show_settings(
    mut commands: Commands,
    keys: Res<Bindings>,
    rebinding: Res<Rebinding>,
    body: Query<Entity, With<Body>>,
    mut shown: Local<Option<(Vec<(BattleAction, Binding)>, Pace, bool, Rebinding)>>,
    suspended: Option<Res<Suspended>>,
) {
    let now = (
        keys.0.bindings.clone(),
        keys.0.pace,
        keys.0.colorblind,
        rebinding.clone(),
    );
    let Ok(body) = body.single() else { return };
    if shown.as_ref() == Some(&now) && !keys.is_added() {
        return;
    }
    *shown = Some(now);
    let back = keys.menu_key(MenuAction::Back);
    commands.entity(body).despawn_children().with_children(|p| {
        p.spawn(label(
            if rebinding.message.is_empty() {
                "Click an action, then press its new key.".to_string()
            } else {
                rebinding.message.clone()
            },
            18.0,
            palette::TEXT,
        ));
        // The keys, five columns: the whole screen reads at 1280x720.
        p.spawn(Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::px(5, 228.0),
            column_gap: px(8),
            row_gap: px(4),
            ..default()
        })
        .with_children(|grid| {
            for (action, _) in super::input::default_bindings() {
                let waiting = rebinding.waiting == Some(action);
                let key = if waiting {
                    "...".to_string()
                } else {
                    keys.key(action)
                };
                let mut b = grid.spawn((
                    button(format!("{}: {key}", action_words(action)), 14.0),
                    RebindButton(action),
                ));
                if waiting {
                    b.insert(Lit);
                }
            }
        });
        p.spawn(button_row())
            .with_children(|row| pace_and_palette(row, &keys));
        p.spawn(button_row()).with_children(|row| {
            row.spawn((
                button(
                    if suspended.is_some() {
                        format!("Back to the battle ({back})")
                    } else {
                        format!("Back ({back})")
                    },
                    18.0,
                ),
                MenuButton(MenuAction::Back),
            ));
        });
    });
}
