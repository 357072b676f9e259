//! Small UI pieces every screen uses: labels, buttons that light up under the pointer and grey
//! out when they cannot be used, and tooltips (a `Tip` on any node with an `Interaction`).

use super::layout::palette;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// A line of UI text in the game's font at a size and colour.
pub fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// A line of UI text in a given font (a title's display face, the mono face of columns).
pub fn label_in(text: impl Into<String>, font: TextFont, color: Color) -> impl Bundle {
    (Text::new(text), font, TextColor(color))
}

/// A button of the menus: its words, at a size. Put the component saying what it does beside
/// it; a click is `Interaction::Pressed` (the mouse, or a test setting it).
pub fn button(text: impl Into<String>, size: f32) -> impl Bundle {
    (
        Button,
        Node {
            padding: UiRect::axes(px(16), px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(1)),
            ..default()
        },
        BorderColor::all(Color::srgba(1.0, 0.9, 0.7, 0.35)),
        BackgroundColor(palette::BUTTON),
        // A name that wraps (the bench level's in the level list) stays centred like the rest.
        children![(
            label(text, size, palette::BUTTON_TEXT),
            TextLayout::justify(Justify::Center),
            ButtonText
        )],
    )
}

/// The words of a button.
#[derive(Component, Debug, Clone, Copy)]
pub struct ButtonText;

/// A button that cannot be used now: it is drawn grey and does nothing; its `Tip` says why.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Greyed;

/// A button that is switched on (a toggle, the option chosen).
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Lit;

/// A box drawn over the map (a box of choices, the legend): the pointer over it is not on the
/// map, so the map under it neither highlights nor takes clicks.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct CoversMap;

/// The tooltip of a node: shown beside the pointer while it rests on the node.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Tip(pub String);

/// The tooltip shown now (for the window and the tests).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ShownTip(pub Option<String>);

/// Was this button clicked this frame? (Not greyed, and its interaction just became pressed.)
pub fn clicked(interaction: &Interaction, greyed: bool) -> bool {
    *interaction == Interaction::Pressed && !greyed
}

#[derive(Component)]
struct TooltipBox;

pub struct WidgetsPlugin;

impl Plugin for WidgetsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ShownTip>()
            .add_systems(Startup, spawn_tooltip)
            .add_systems(PostUpdate, (button_colors, show_tooltip));
    }
}

fn spawn_tooltip(mut commands: Commands) {
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            max_width: px(420),
            padding: UiRect::axes(px(8), px(5)),
            ..default()
        },
        BackgroundColor(palette::TIP),
        GlobalZIndex(100),
        Visibility::Hidden,
        TooltipBox,
        children![(label("", 14.0, palette::TIP_TEXT), TooltipBox)],
    ));
}

/// Buttons light up under the pointer, darken when pressed, grey out when they cannot be used.
fn button_colors(
    mut buttons: Query<
        (
            &Interaction,
            Has<Greyed>,
            Has<Lit>,
            &mut BackgroundColor,
            Option<&Children>,
        ),
        With<Button>,
    >,
    mut texts: Query<&mut TextColor, With<ButtonText>>,
) {
    for (interaction, greyed, lit, mut background, children) in &mut buttons {
        let want = match (greyed, interaction) {
            (true, _) => palette::BUTTON_OFF,
            (false, Interaction::Pressed) => palette::BUTTON_PRESSED,
            (false, Interaction::Hovered) => palette::BUTTON_HOVER,
            (false, Interaction::None) if lit => palette::BUTTON_ON,
            (false, Interaction::None) => palette::BUTTON,
        };
        if background.0 != want {
            background.0 = want;
        }
        let text = if greyed {
            palette::BUTTON_TEXT_OFF
        } else {
            palette::BUTTON_TEXT
        };
        for child in children.into_iter().flatten() {
            if let Ok(mut color) = texts.get_mut(*child)
                && color.0 != text
            {
                color.0 = text;
            }
        }
    }
}

/// The tip of the node the pointer rests on, beside the pointer. A new screen shows none under
/// a pointer that has not moved since it came (after "Quit to the menu" the Replays button's
/// tip stood over the main menu's buttons).
#[allow(clippy::too_many_arguments)]
fn show_tooltip(
    tips: Query<(&Interaction, &Tip)>,
    windows: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Option<Res<UiScale>>,
    screen: Option<Res<State<crate::app::state::Screen>>>,
    mut still: Local<Option<Vec2>>,
    mut shown: ResMut<ShownTip>,
    mut boxes: Query<(&mut Node, &mut Visibility), (With<TooltipBox>, Without<Text>)>,
    mut text: Query<&mut Text, With<TooltipBox>>,
) {
    let cursor = windows.single().ok().and_then(|w| w.cursor_position());
    if screen.as_ref().is_some_and(|s| s.is_changed()) {
        *still = cursor;
    } else if cursor != *still {
        *still = None;
    }
    let resting = still.is_some() && cursor == *still;
    let tip = tips
        .iter()
        .find(|(i, t)| **i != Interaction::None && !t.0.is_empty() && !resting)
        .map(|(_, t)| t.0.clone());
    if shown.0 != tip {
        shown.0 = tip.clone();
    }
    let Ok((mut node, mut visibility)) = boxes.single_mut() else {
        return;
    };
    let want = if tip.is_some() {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
    if *visibility != want {
        *visibility = want;
    }
    let Some(tip) = tip else { return };
    if let Ok(mut t) = text.single_mut()
        && t.0 != tip
    {
        t.0 = tip;
    }
    // Beside the pointer, kept inside the window (in layout pixels).
    let scale = ui_scale.map_or(1.0, |s| s.0);
    if let Some((cursor, size)) = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position().map(|c| (c, w.size())))
    {
        let at = cursor / scale;
        let size = size / scale;
        let left = (at.x + 16.0).min(size.x - 430.0).max(0.0);
        node.left = px(left);
        // In the lower half (the action bar), the tip stands above the pointer, whatever its
        // height, so it never covers the bar's lines under the button pointed at.
        if at.y > size.y / 2.0 {
            node.top = Val::Auto;
            node.bottom = px(size.y - at.y + 12.0);
        } else {
            node.top = px(at.y + 20.0);
            node.bottom = Val::Auto;
        }
    }
}
