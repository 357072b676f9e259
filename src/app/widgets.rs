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
            max_width: px(TIP_MAX_WIDTH),
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

/// The tip of the node the pointer rests on, beside that node: right of it where the tip fits
/// there, else left of it, so it never covers what it explains (the log's lines, the bump
/// box's other options); above the pointer in the window's lower half (the action bar). A new
/// screen shows none under a pointer that has not moved since it came (after "Quit to the
/// menu" the Replays button's tip stood over the main menu's buttons).
#[allow(clippy::too_many_arguments)]
fn show_tooltip(
    tips: Query<(
        &Interaction,
        &Tip,
        Option<&ComputedNode>,
        Option<&UiGlobalTransform>,
        Option<&CalculatedClip>,
    )>,
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
    let pointed = tips
        .iter()
        .find(|(i, t, ..)| **i != Interaction::None && !t.0.is_empty() && !resting);
    let tip = pointed.map(|(_, t, ..)| t.0.clone());
    // The node's rectangle as seen (a scrolled text cut to its box), in layout pixels.
    let over = pointed.and_then(|(_, _, node, at, clip)| {
        let (node, at) = (node?, at?);
        let whole = Rect::from_center_size(at.translation, node.size());
        let seen = clip.map_or(whole, |c| whole.intersect(c.clip));
        let inverse = node.inverse_scale_factor();
        Some(Rect::from_corners(seen.min * inverse, seen.max * inverse))
    });
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
    let scale = ui_scale.map_or(1.0, |s| s.0);
    if let Some((cursor, size)) = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position().map(|c| (c, w.size())))
    {
        let place = tip_place(cursor / scale, over, size / scale);
        node.left = place.left.map_or(Val::Auto, px);
        node.right = place.right.map_or(Val::Auto, px);
        node.top = place.top.map_or(Val::Auto, px);
        node.bottom = place.bottom.map_or(Val::Auto, px);
    }
}

/// Where a tip stands in the window, in layout pixels from each edge (one of `left`/`right`
/// and one of `top`/`bottom` set).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TipPlace {
    pub left: Option<f32>,
    pub right: Option<f32>,
    pub top: Option<f32>,
    pub bottom: Option<f32>,
}

/// Where the tip of `node` stands with the pointer at `at` in a `window`. A node at the
/// window's right edge as low as the action bar (the log) has its tip above it, its right edge
/// at the node's: left of the log it stood over the action bar's GEAR and CHOICES buttons, in
/// a play-test. Otherwise across as `tip_across` says, above the pointer in the window's lower
/// half (the action bar) and below it in the upper half.
pub fn tip_place(at: Vec2, node: Option<Rect>, window: Vec2) -> TipPlace {
    if let Some(r) = node
        && r.max.x + TIP_GAP + TIP_WIDTH > window.x
        && r.min.y >= window.y - super::layout::BAR_H
    {
        return TipPlace {
            left: None,
            right: Some((window.x - r.max.x).max(0.0)),
            top: None,
            bottom: Some(window.y - r.min.y + TIP_GAP),
        };
    }
    let (left, right) = tip_across(at.x, node, window.x);
    let (top, bottom) = if at.y > window.y / 2.0 {
        (None, Some(window.y - at.y + 12.0))
    } else {
        (Some(at.y + 20.0), None)
    };
    TipPlace {
        left,
        right,
        top,
        bottom,
    }
}

/// The widest a tip's words run: narrow enough that a tip fits right of the bump box in the
/// middle of the map (a play-test's tip stood over the option it explained, "(Enter)" hidden).
const TIP_MAX_WIDTH: f32 = 380.0;
/// The widest a tip stands (its `max_width` and padding) and the gap beside its node.
const TIP_WIDTH: f32 = TIP_MAX_WIDTH + 16.0;
const TIP_GAP: f32 = 6.0;

/// Where a tip stands across the window (`width` wide): `(left, right)` in layout pixels, one
/// of them set. Right of the node pointed at where it fits, else left of it (its right edge at
/// the node's left edge), else beside the pointer (`x`) kept inside the window. A node wider
/// than a tip that has no room at its right has its tip beside the pointer, under or over it,
/// not left of it: a play-test's tip for the level select's side button stood over the level
/// list, far from the pointer.
pub fn tip_across(x: f32, node: Option<Rect>, width: f32) -> (Option<f32>, Option<f32>) {
    if let Some(r) = node {
        if r.max.x + TIP_GAP + TIP_WIDTH <= width {
            return (Some(r.max.x + TIP_GAP), None);
        }
        if r.width() <= TIP_WIDTH && r.min.x - TIP_GAP - TIP_WIDTH >= 0.0 {
            return (None, Some(width - r.min.x + TIP_GAP));
        }
    }
    (Some((x + 16.0).min(width - TIP_WIDTH).max(0.0)), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tip never covers the node it explains: right of it where it fits, else left of it.
    #[test]
    fn a_tip_stands_beside_its_node() {
        // A bar button at the left of a 1280 window: the tip right of it.
        let button = Rect::new(100.0, 600.0, 170.0, 630.0);
        assert_eq!(tip_across(130.0, Some(button), 1280.0), (Some(176.0), None));
        // The log at the window's right edge: the tip left of it, its right edge at the log's
        // left edge.
        let log = Rect::new(920.0, 400.0, 1280.0, 700.0);
        let (left, right) = tip_across(1100.0, Some(log), 1280.0);
        assert_eq!(left, None);
        assert_eq!(1280.0 - right.unwrap(), 914.0);
        // A node as wide as the window: beside the pointer, inside the window.
        let wide = Rect::new(0.0, 0.0, 1280.0, 40.0);
        assert_eq!(tip_across(1200.0, Some(wide), 1280.0), (Some(884.0), None));
        // The bump box in the middle of the map: its option's tip right of it.
        let option = Rect::new(414.0, 310.0, 866.0, 358.0);
        assert_eq!(tip_across(600.0, Some(option), 1280.0), (Some(872.0), None));
        // The level select's side button, 640 wide: beside the pointer, not over the list.
        let side = Rect::new(528.0, 192.0, 1168.0, 228.0);
        assert_eq!(tip_across(848.0, Some(side), 1280.0), (Some(864.0), None));
        assert_eq!(tip_across(50.0, None, 1280.0), (Some(66.0), None));
    }

    /// The log's tip (at the window's lower right) stands above the log, over the panel, not
    /// left of it over the action bar; a bar button's tip stays right of it, above the pointer.
    #[test]
    fn the_log_s_tip_stands_above_the_log() {
        let window = Vec2::new(1280.0, 720.0);
        let log = Rect::new(920.0, 568.0, 1280.0, 720.0);
        let place = tip_place(Vec2::new(1100.0, 650.0), Some(log), window);
        assert_eq!(
            place,
            TipPlace {
                left: None,
                right: Some(0.0),
                top: None,
                bottom: Some(720.0 - 568.0 + TIP_GAP),
            }
        );
        let button = Rect::new(100.0, 600.0, 170.0, 630.0);
        let place = tip_place(Vec2::new(130.0, 615.0), Some(button), window);
        assert_eq!(place.left, Some(176.0));
        assert_eq!(place.bottom, Some(720.0 - 615.0 + 12.0));
        // A hero card high in the panel keeps its tip beside it, under the pointer.
        let card = Rect::new(920.0, 10.0, 1280.0, 50.0);
        let place = tip_place(Vec2::new(1000.0, 30.0), Some(card), window);
        assert_eq!(place.top, Some(50.0));
        assert_eq!(place.right, Some(1280.0 - 920.0 + TIP_GAP));
    }
}
