//! The frame of a battle's screen, in one place: the banner over the map, the action bar under
//! it, the panel column on the right (heroes, legend, action track, combat log), the hot-seat
//! blindfold and the label at the pointer. Sizes come from `layout` and scale with the window
//! (`UiScale`); the map gets what is left (`layout::frame`), so nothing covers its edge rows.
//! The features fill the parts they own (found by the marker components here).

use super::input::{ActionButton, BattleAction};
use super::layout::{BANNER_H, BAR_H, LOG_H, PANEL_W, SUMMARY_H, SUMMARY_MIN_H, TRACK_H, palette};
use super::state::{Screen, ScreenSystems};
use super::widgets::{Tip, button, label, label_in};
pub use scrolling::*;

mod scrolling;
use bevy::prelude::*;
use bevy::ui_widgets::ScrollArea;

/// The banner's text: round, segment, who declares.
#[derive(Component)]
pub struct Banner;

/// A second banner line: a notice (a hero who cannot act, a queued plan).
#[derive(Component)]
pub struct Notice;

/// A third banner line, free for what the match wants said (the resolution system in play).
#[derive(Component)]
pub struct BannerLine;

/// The row the action bar's buttons go in.
#[derive(Component)]
pub struct BarRow;

/// The hero panel's text.
#[derive(Component)]
pub struct Panel;

/// The hero cards at the top of the panel (drawn by `hud::cards`).
#[derive(Component, Debug, Clone, Copy)]
pub struct HeroCards;

/// The panel's top box: the hero cards and the panel's words under them (it keeps room for
/// [`super::layout::PANEL_LINES`] lines; the summary gives up its room first).
#[derive(Component, Debug, Clone, Copy)]
pub struct PanelTop;

/// A column of the legend of the map's marks (0, 1).
#[derive(Component)]
pub struct Legend(pub usize);

/// The banner's button that shows or hides the legend.
#[derive(Component)]
pub struct LegendButton;

/// The banner's button that hides or shows the hex grid.
#[derive(Component)]
pub struct GridButton;

/// The banner's button for the computer's next step, shown while one waits for it (the
/// step-by-step pace).
#[derive(Component)]
pub struct StepButton;

/// The legend's box over the map's corner (hidden until asked for).
#[derive(Component)]
pub struct LegendBox;

/// The card last drawn, beside the map.
#[derive(Component)]
pub struct CardView;

/// What happened since the player's last declaration, over the combat log.
#[derive(Component)]
pub struct Summary;

/// The combat log: its scrolling box and its text.
#[derive(Component)]
pub struct LogBox;
#[derive(Component)]
pub struct LogText;

/// The hot-seat blindfold and its words.
#[derive(Component)]
pub struct Handoff;

/// The AP and the chance at the pointer.
#[derive(Component)]
pub struct CursorLabel;

pub struct FramePlugin;

impl Plugin for FramePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(Screen::Battle),
            spawn_frame.after(ScreenSystems::LoadBattle),
        )
        .add_observer(scroll_by_lines)
        .add_systems(Update, show_more_below);
    }
}

fn boxed(color: Color) -> BackgroundColor {
    BackgroundColor(color)
}

/// The whole window of a screen with a map: the map column and the panel column side by side
/// (the battle and the replay viewer).
pub fn window_row(screen: Screen) -> impl Bundle {
    (
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Row,
            ..default()
        },
        Pickable::IGNORE,
        DespawnOnExit(screen),
    )
}

/// The map column: the banner on top, the map (nothing drawn) and the strip at the foot.
pub fn map_column() -> impl Bundle {
    (
        Node {
            flex_grow: 1.0,
            // Never wider than the window leaves it: a long line in the banner is clipped,
            // it does not push the panel off the screen.
            min_width: px(0),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// The banner over the map: its lines centred.
pub fn banner_box() -> impl Bundle {
    (
        Node {
            height: px(BANNER_H),
            min_width: px(0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            overflow: Overflow::clip(),
            ..default()
        },
        boxed(palette::BANNER),
    )
}

/// The panel column at the right.
pub fn panel_column() -> impl Bundle {
    (
        Node {
            width: px(PANEL_W),
            height: percent(100),
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Column,
            ..default()
        },
        boxed(palette::PANEL),
    )
}

/// Where a small button of the banner stands: `across` from one of its ends (`left_at`,
/// `right_at`), `top` down from its top.
pub fn banner_button(across: (Val, Val), top: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: across.0,
        right: across.1,
        top: px(top),
        padding: UiRect::axes(px(8), px(3)),
        border: UiRect::all(px(1)),
        ..default()
    }
}

/// This far from the banner's left end.
pub fn left_at(x: f32) -> (Val, Val) {
    (px(x), Val::Auto)
}

/// This far from the banner's right end.
pub fn right_at(x: f32) -> (Val, Val) {
    (Val::Auto, px(x))
}

pub fn spawn_frame(mut commands: Commands) {
    commands
        .spawn(window_row(Screen::Battle))
        .with_children(|root| {
            // The map column: banner, the map (nothing drawn), the action bar.
            root.spawn(map_column()).with_children(|col| {
                col.spawn(banner_box()).with_children(|b| {
                    b.spawn((
                        // 19 px: "Round 1, segment 6: Miranda Valentine declares
                        // (Valentine posse, Human)" clears the Grid and Legend buttons.
                        label_in("", super::fonts::display(19.0), Color::WHITE),
                        Banner,
                    ));
                    b.spawn((
                        label("", 14.0, palette::TITLE),
                        TextLayout::no_wrap(),
                        Notice,
                    ));
                    b.spawn((label("", 14.0, palette::HINT), BannerLine));
                    b.spawn((
                        button("Grid", 14.0),
                        GridButton,
                        Tip("Hide or show the hex grid (F2)".into()),
                    ))
                    .insert(banner_button(left_at(66.0), 6.0));
                    b.spawn((
                        button("Next step", 14.0),
                        StepButton,
                        Visibility::Hidden,
                        Tip("The computer's next step (Space), at the step-by-step pace".into()),
                    ))
                    .insert(banner_button(right_at(6.0), 34.0));
                    b.spawn((
                        button("Legend", 14.0),
                        LegendButton,
                        Tip("What the map's outlines, rings and marks mean".into()),
                    ))
                    .insert(banner_button(right_at(6.0), 6.0));
                });
                col.spawn((
                    Node {
                        height: px(BAR_H),
                        padding: UiRect::axes(px(6), px(5)),
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        align_content: AlignContent::FlexStart,
                        column_gap: px(3),
                        row_gap: px(4),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    boxed(palette::STRIP),
                    BarRow,
                ));
            });
            // The panel column.
            root.spawn(panel_column()).with_children(panel_boxes);
        });
    spawn_overlays(&mut commands);
    // The label at the pointer.
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::axes(px(6), px(3)),
            ..default()
        },
        BackgroundColor(palette::TIP),
        Visibility::Hidden,
        GlobalZIndex(5),
        Pickable::IGNORE,
        CursorLabel,
        DespawnOnExit(Screen::Battle),
        children![(label("", 14.0, palette::TIP_TEXT), CursorLabel)],
    ));
}

/// The panel column's boxes: the panel and card view (scrolled), the action track, the
/// summary and the log.
fn panel_boxes(col: &mut ChildSpawnerCommands) {
    col.spawn((
        Node {
            // It takes the room the boxes under it leave (its words scroll), down to the
            // least `hud::cards` sets for the cards and four lines; only then the summary
            // gives up its room.
            flex_basis: px(0),
            flex_grow: 1.0,
            min_height: px(0),
            ..default()
        },
        PanelTop,
    ))
    .with_children(|frame| {
        let scroll = frame
            .spawn((
                Node {
                    width: percent(100),
                    height: percent(100),
                    padding: UiRect::all(px(10)),
                    flex_direction: FlexDirection::Column,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollArea,
            ))
            .with_children(|p| {
                p.spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        ..default()
                    },
                    HeroCards,
                ));
                p.spawn((label("", 14.0, palette::PANEL_TEXT), Panel));
                p.spawn((label("", 14.0, palette::HINT), CardView));
            })
            .id();
        // Its foot fades into the panel: the line the box cuts reads as scrolled on, not as
        // text clipped (a play-test read half a line under the bench level's cards).
        frame.spawn(fade(palette::PANEL, false, 4.0));
        frame.spawn(more_below(scroll, palette::PANEL));
    });
    track_boxes(col);
    // Every event of note since the declaration: the wheel scrolls what does not fit. Read
    // from the top: the line the box cuts is at its foot.
    faded_scroll_box(
        col,
        Node {
            height: px(SUMMARY_H),
            min_height: px(SUMMARY_MIN_H),
            flex_shrink: 1.0,
            ..default()
        },
        (Vec2::new(8.0, 4.0), Color::srgba(0.26, 0.17, 0.1, 0.98)),
        false,
        children![(label("", 14.0, palette::TITLE), Summary)],
    );
    log_box(col, LOG_H);
}

/// A scrolling box's edge fading into its colour (`top`: its top edge, else its foot), solid
/// over its `padding`, then fading over a line's height; over the box and let through by the
/// pointer: the line the scroll cuts there reads as scrolled away, not as broken.
fn fade(colour: Color, top: bool, padding: f32) -> impl Bundle {
    let (edge, inside) = (colour.with_alpha(1.0), colour.with_alpha(0.0));
    let stops = vec![
        ColorStop::new(edge, px(0)),
        ColorStop::new(edge, px(padding)),
        ColorStop::new(inside, percent(100)),
    ];
    (
        Node {
            position_type: PositionType::Absolute,
            top: if top { px(0) } else { Val::Auto },
            bottom: if top { Val::Auto } else { px(0) },
            left: px(0),
            right: px(0),
            height: px(padding + LINE),
            ..default()
        },
        BackgroundGradient::from(if top {
            LinearGradient::to_bottom(stops)
        } else {
            LinearGradient::to_top(stops)
        }),
        bevy::ui::FocusPolicy::Pass,
        Pickable::IGNORE,
    )
}

/// A line of the panel's 14 px text, high.
const LINE: f32 = 20.0;

/// The action track's box: its header stands still, its rows scroll (six a side is more than
/// it shows); the battle's and the replay viewer's.
pub fn track_boxes(col: &mut ChildSpawnerCommands) {
    col.spawn((
        Node {
            height: px(TRACK_H),
            flex_shrink: 0.0,
            padding: UiRect::axes(px(8), px(4)),
            flex_direction: FlexDirection::Column,
            ..default()
        },
        boxed(palette::STRIP),
        children![
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 0.0,
                    ..default()
                },
                super::track_picture::TrackHeader
            ),
            (
                Node {
                    flex_grow: 1.0,
                    min_height: px(0),
                    flex_direction: FlexDirection::Column,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollArea,
                super::track_picture::TrackBox,
                children![(
                    Node {
                        flex_direction: FlexDirection::Column,
                        ..default()
                    },
                    super::track_picture::TrackPicture
                )],
            ),
            (
                // Its own line under the rows, shown while rows lie out of view: laid over
                // the box's corner it hid the last row's pips.
                Node {
                    align_self: AlignSelf::FlexEnd,
                    flex_shrink: 0.0,
                    height: px(super::track_picture::MARK_H),
                    padding: UiRect::axes(px(4), px(0)),
                    display: Display::None,
                    ..default()
                },
                BackgroundColor(palette::STRIP),
                super::widgets::label("", 14.0, palette::TITLE),
                super::track_picture::RowsOutOfView,
            )
        ],
    ));
}

/// The combat log's box, `height` high (the wheel scrolls it); the battle's and the replay
/// viewer's. Its top edge fades into the box's colour, so the line the scroll cuts there
/// reads as scrolled away, not as broken.
pub fn log_box(col: &mut ChildSpawnerCommands, height: f32) {
    faded_scroll_box(
        col,
        Node {
            height: px(height),
            flex_shrink: 0.0,
            ..default()
        },
        (Vec2::splat(8.0), Color::srgba(0.2, 0.13, 0.08, 0.98)),
        true,
        (
            LogBox,
            children![(label("", 14.0, palette::LOG_TEXT), LogText)],
        ),
    );
}

/// A box that scrolls in the `outer` node's room, padded (across, down) in its colour, with
/// `inside` (its marker and text): the edge the scroll cuts (`top`, else its foot) fades into
/// the box's colour.
fn faded_scroll_box(
    col: &mut ChildSpawnerCommands,
    outer: Node,
    (pad, colour): (Vec2, Color),
    top: bool,
    inside: impl Bundle,
) {
    col.spawn(outer).with_children(|frame| {
        let scroll = frame
            .spawn((
                Node {
                    width: percent(100),
                    height: percent(100),
                    padding: UiRect::axes(px(pad.x), px(pad.y)),
                    flex_direction: FlexDirection::Column,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollByLines(NOTCH_PX),
                boxed(colour),
                inside,
            ))
            .id();
        frame.spawn(fade(colour, top, pad.y));
        // Read from the top, its foot says when more lies below (the log, read from its
        // foot, shows its last line whole).
        if !top {
            frame.spawn(more_below(scroll, colour));
        }
    });
}

/// What lies over the map when asked for: the legend and the blindfold of the hot seat.
fn spawn_overlays(commands: &mut Commands) {
    // The legend, over the map's top left corner when asked for.
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            left: px(8),
            top: px(BANNER_H + 8.0),
            padding: UiRect::all(px(10)),
            column_gap: px(18),
            flex_direction: FlexDirection::Row,
            ..default()
        },
        BackgroundColor(palette::TIP),
        Visibility::Hidden,
        GlobalZIndex(4),
        LegendBox,
        super::widgets::CoversMap,
        bevy::ui::FocusPolicy::Block,
        DespawnOnExit(Screen::Battle),
        children![
            (label("", 14.0, palette::TIP_TEXT), Legend(0)),
            (label("", 14.0, palette::TIP_TEXT), Legend(1)),
        ],
    ));
    // The blindfold over everything while the seat passes.
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(palette::BLINDFOLD),
            Visibility::Hidden,
            GlobalZIndex(10),
            // Nothing under the blindfold is hovered or clicked (no tooltip shows through).
            bevy::ui::FocusPolicy::Block,
            Handoff,
            DespawnOnExit(Screen::Battle),
        ))
        .with_children(|p| {
            p.spawn(Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(24),
                ..default()
            })
            .with_children(|p| {
                p.spawn((label("", 30.0, Color::WHITE), Handoff));
                p.spawn((
                    button("Take the seat", 24.0),
                    ActionButton(BattleAction::EndDeclaration),
                ));
            });
        });
}
