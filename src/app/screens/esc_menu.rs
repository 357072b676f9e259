//! The Esc menu: the match stands still; Save, Load, Settings, Resume, the computer's pace and
//! Quit to the menu.

use super::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Pause::Paused), pause_menu)
        .add_systems(
            Update,
            (pace_button, esc_menu_buttons).run_if(in_state(Pause::Paused)),
        );
}

/// The Esc menu's button for the computer's pace.
#[derive(Component)]
struct PaceButton;

/// The Esc menu's Save, Load and Settings.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EscButton {
    Save,
    Load,
    Settings,
}

/// Save writes a save at once; Load and Settings set the battle aside (it is resumed, replayed
/// from its journal, when the player comes back).
fn esc_menu_buttons(
    buttons: Query<(&Interaction, &EscButton), Changed<Interaction>>,
    mut requests: ResMut<Requests>,
    mut list: ResMut<SavesList>,
    mut commands: Commands,
) {
    for (interaction, button) in &buttons {
        if !clicked(interaction, false) {
            continue;
        }
        match button {
            EscButton::Save => requests.0.push(Request::Save(crate::app::saves::SAVE)),
            EscButton::Load => {
                list.mode = ListMode::Load;
                commands.queue(|world: &mut World| set_aside(world, Screen::Saves));
            }
            EscButton::Settings => {
                commands.queue(|world: &mut World| set_aside(world, Screen::Settings));
            }
        }
    }
}

/// Set the battle aside (its file and seats kept) and go to another screen.
pub fn set_aside(world: &mut World, to: Screen) {
    let Some(file) = crate::sim::saves::match_file_of(world) else {
        return;
    };
    let seat = world
        .get_resource::<crate::app::hotseat::HotSeat>()
        .cloned()
        .unwrap_or_default();
    world.insert_resource(Suspended { file, seat });
    world.resource_mut::<NextState<Screen>>().set(to);
}

/// The Esc menu: it goes when the battle resumes (or is left).
fn pause_menu(mut commands: Commands, world: &World) {
    let keys = world.resource::<Bindings>();
    let undo_now = undo_words(world);
    let resume = keys.key(BattleAction::Quit);
    let quit = keys.key(BattleAction::QuitToMenu);
    commands
        .spawn((
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: px(16),
                // Centred over the map, clear of the panel column at the right.
                padding: UiRect::right(px(crate::app::layout::PANEL_W)),
                ..default()
            },
            DespawnOnExit(Pause::Paused),
            BackgroundColor(palette::SHADE),
            GlobalZIndex(20),
            // It takes the pointer: nothing under it lights up or shows a tooltip.
            Interaction::default(),
            bevy::ui::FocusPolicy::Block,
        ))
        .with_children(|p| {
            title(p, "PAUSED", 48.0, palette::TITLE);
            title(
                p,
                "The match stands still: no declaration, no segment passes.",
                20.0,
                palette::TEXT,
            );
            p.spawn(button_row()).with_children(|row| {
                row.spawn((
                    button(format!("Save ({})", keys.key(BattleAction::QuickSave)), 22.0),
                    EscButton::Save,
                    Tip("Save the match as it stands (the key makes a quick save)".into()),
                ));
                row.spawn((
                    button("Load", 22.0),
                    EscButton::Load,
                    Tip(format!(
                        "The saved matches; {} loads the newest quick save",
                        keys.key(BattleAction::QuickLoad)
                    )),
                ));
                row.spawn((
                    button("Settings", 22.0),
                    EscButton::Settings,
                    Tip("Keys, the computer's pace, the palette; then back to this battle".into()),
                ));
            });
            p.spawn(button_row()).with_children(|row| {
                row.spawn((
                    button(format!("Resume ({resume})"), 22.0),
                    ActionButton(BattleAction::Quit),
                ));
                row.spawn((
                    button(pace_words(keys), 22.0),
                    PaceButton,
                    Tip("How long the computer waits between its declarations".into()),
                ));
                row.spawn((
                    button(format!("Quit to the menu ({quit})"), 22.0),
                    ActionButton(BattleAction::QuitToMenu),
                ));
            });
            p.spawn(label(
                format!(
                    "{}: quick save   {}: quick load   {}: undo, taking back the side's last declarations (and the computer's answers after them) until a card is drawn or a figure moves after them\n{undo_now}",
                    keys.key(BattleAction::QuickSave),
                    keys.key(BattleAction::QuickLoad),
                    keys.key(BattleAction::Undo)
                ),
                16.0,
                palette::HINT,
            ));
        });
}

/// What undo would do now for the side at the desk, or why it would do nothing.
fn undo_words(world: &World) -> String {
    let Some(side) = crate::app::saves::desk_side(world) else {
        return "Undo now: no side here is played by a human".into();
    };
    let name = world
        .get_resource::<crate::sim::model::Battle>()
        .and_then(|b| b.level.sides.get(side).map(|s| s.name.clone()))
        .unwrap_or_default();
    match crate::sim::saves::undo_reach(world, side) {
        Ok((_, n)) => format!(
            "Undo now takes back {n} declaration{} of {name}",
            if n == 1 { "" } else { "s" }
        ),
        Err(why) => format!("Undo now: {}", why.reason),
    }
}

fn pace_words(keys: &Bindings) -> String {
    format!("Computer's pace: {}", keys.0.pace.name())
}

/// The pace button cycles slow, normal, fast, instant, and the settings file keeps it.
fn pace_button(
    buttons: Query<(&Interaction, &Children), (Changed<Interaction>, With<PaceButton>)>,
    mut texts: Query<&mut Text>,
    mut keys: ResMut<Bindings>,
    file: Option<Res<crate::app::input::SettingsFile>>,
) {
    for (interaction, children) in &buttons {
        if !clicked(interaction, false) {
            continue;
        }
        keys.0.pace = keys.0.pace.next();
        crate::app::input::persist(&keys.0, file.is_some());
        for child in children {
            if let Ok(mut text) = texts.get_mut(*child) {
                text.0 = pace_words(&keys);
            }
        }
    }
}
