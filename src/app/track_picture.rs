//! The action track as a picture (issue 24): a row of 20 segments per hero, its tokens as
//! pips (gold in front, hollow to come, dark spent), the current segment's column lit, the
//! side's colour beside each name; a hero out of the fight greyed, a stunned one violet. The
//! row's tooltip says it in words. The initiative stack, when there is one, follows in text.

use super::layout::{Palette, palette};
use super::widgets::{Tip, label};
use crate::rules::action_time::{SEGMENTS, TrackMark};
use crate::sim::model::{Battle, Committed, Down, Hero, RoundState, Side, Track, Wounds};
use bevy::prelude::*;

/// The node the picture is drawn into (in the battle's track box).
#[derive(Component, Debug, Clone, Copy)]
pub struct TrackPicture;

/// The track's scrolled box of rows: it keeps the declaring hero's row in view.
#[derive(Component, Debug, Clone, Copy)]
pub struct TrackBox;

/// The track's header over its rows ("Segment 5 of 20" and the key of the pips): it does not
/// scroll.
#[derive(Component, Debug, Clone, Copy)]
pub struct TrackHeader;

/// The heights of the header and of a hero's row (layout pixels), and what the box of rows
/// shows of them while more rows lie out of view: the whole rows the track's height holds
/// less its padding, the header and the line under the rows (a play-test of the bench level
/// saw the sixth row cut in half over "+7 below").
const HEADER_H: f32 = 21.0;
const ROW_H: f32 = 19.0;
const SHOWN_H: f32 =
    ((crate::app::layout::TRACK_H - 8.0 - HEADER_H - MARK_H) / ROW_H) as u32 as f32 * ROW_H;
// The box shows five whole rows at least, and they fit over the line under them.
const _: () = assert!(SHOWN_H >= 5.0 * ROW_H);
const _: () = assert!(HEADER_H + SHOWN_H + MARK_H + 8.0 <= crate::app::layout::TRACK_H);

/// The line under the rows that says how many the scroll hides, high.
pub const MARK_H: f32 = 18.0;

/// One hero's row as drawn: enough to tell when it must be drawn again.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    name: String,
    initiative: u32,
    side: Color,
    marks: Vec<TrackMark>,
    out: bool,
    stunned: bool,
    words: String,
}

/// What the picture shows now; redrawn only when it changes.
#[derive(Default, Debug, Clone, PartialEq)]
pub struct Drawn {
    now: u32,
    rows: Vec<Row>,
    stack: String,
}

const CELL: f32 = 10.0;
const NAME_W: f32 = 76.0;
const IN_W: f32 = 18.0;

/// The colour of a pip.
fn pip(mark: TrackMark) -> (Color, Color) {
    // (fill, rim)
    match mark {
        TrackMark::InFront => (Color::srgb(0.98, 0.78, 0.3), Color::srgb(1.0, 0.9, 0.55)),
        TrackMark::ToCome => (Color::NONE, Color::srgb(0.85, 0.7, 0.45)),
        TrackMark::Spent => (Color::srgb(0.32, 0.26, 0.22), Color::srgb(0.32, 0.26, 0.22)),
        TrackMark::Empty => (Color::NONE, Color::NONE),
    }
}

/// The rows of the track, in the level's order.
fn rows(
    round: &RoundState,
    battle: &Battle,
    palette: &Palette,
    heroes: &Query<(&Hero, &Track, &Side, Option<&Committed>, &Down, &Wounds)>,
) -> Vec<Row> {
    let mut all: Vec<_> = heroes.iter().collect();
    all.sort_by_key(|r| r.0.order);
    all.into_iter()
        .map(|(hero, track, side, committed, down, wounds)| {
            let marks = (1..=SEGMENTS)
                .map(|s| mark_of(track.0.mark(s, round.segment), down.0))
                .collect();
            let paying = committed
                .zip(track.0.commitment.as_ref())
                .map(|(c, t)| format!("paying for {}: {} of {} AP", c.0.name(), t.paid, t.cost));
            let mut words = format!(
                "{}: initiative {}, {} AP in front, {} to come",
                hero.name, hero.initiative, track.0.in_front, track.0.pool
            );
            for extra in [
                paying,
                wounds.stunned.then(|| "stunned".to_string()),
                down.0.then(|| "out of the fight".to_string()),
            ]
            .into_iter()
            .flatten()
            {
                words.push_str("; ");
                words.push_str(&extra);
            }
            let colour = battle
                .level
                .sides
                .get(side.0)
                .map_or((0.6, 0.6, 0.6), |s| s.color);
            Row {
                name: hero.name.clone(),
                initiative: hero.initiative,
                side: palette.side(side.0, colour),
                marks,
                out: down.0,
                stunned: wounds.stunned,
                words,
            }
        })
        .collect()
}

/// A mark as the picture shows it: a hero out of the fight has no AP to act with, so its
/// tokens in front are drawn spent and those to come not at all (a play-test's killed Doc
/// Ambrose still showed yellow tokens in front).
fn mark_of(mark: TrackMark, out: bool) -> TrackMark {
    match (mark, out) {
        (TrackMark::InFront, true) => TrackMark::Spent,
        (TrackMark::ToCome, true) => TrackMark::Empty,
        (mark, _) => mark,
    }
}

/// Draws the track when what it shows changed.
pub fn draw_track(
    mut commands: Commands,
    round: Res<RoundState>,
    battle: Res<Battle>,
    palette: Res<Palette>,
    heroes: Query<(&Hero, &Track, &Side, Option<&Committed>, &Down, &Wounds)>,
    picture: Query<Entity, With<TrackPicture>>,
    headers: Query<Entity, With<TrackHeader>>,
    mut drawn: Local<(Option<Entity>, Drawn)>,
) {
    let (Ok(node), Ok(over)) = (picture.single(), headers.single()) else {
        return;
    };
    let stack = super::track_view::stack_line(&round);
    let now = Drawn {
        now: round.segment,
        rows: rows(&round, &battle, &palette, &heroes),
        stack,
    };
    // Drawn into this node (Continue builds the panel anew).
    if drawn.0 == Some(node) && drawn.1 == now {
        return;
    }
    commands.entity(over).despawn_children();
    commands.entity(over).with_children(|p| header(p, now.now));
    commands.entity(node).despawn_children();
    commands.entity(node).with_children(|p| {
        for row in &now.rows {
            hero_row(p, row, now.now);
        }
        if !now.stack.is_empty() {
            p.spawn(label(now.stack.clone(), 14.0, palette::STRIP_TEXT));
        }
    });
    *drawn = (Some(node), now);
}

/// Where the track's box of rows scrolls to show the row `row` when it stands at `scroll`:
/// unchanged when the row is in view.
pub fn scroll_to_row(scroll: f32, row: usize) -> f32 {
    let top = row as f32 * ROW_H;
    let bottom = top + ROW_H;
    // A row above the view comes in with the row before it.
    let above = (top - ROW_H).max(0.0);
    if above < scroll {
        above
    } else if bottom > scroll + SHOWN_H {
        bottom - SHOWN_H
    } else {
        scroll
    }
}

/// A new declarer: the track scrolls to keep its row in view (six a side is more rows than
/// the box shows; the wheel still scrolls it between declarers).
pub fn keep_declarer_in_view(
    round: Res<RoundState>,
    heroes: Query<&Hero>,
    mut boxes: Query<&mut ScrollPosition, With<TrackBox>>,
    mut last: Local<Option<Entity>>,
) {
    let declarer = round.declarer();
    if declarer == *last {
        return;
    }
    *last = declarer;
    let Some(order) = declarer.and_then(|e| heroes.get(e).ok()).map(|h| h.order) else {
        return;
    };
    let row = heroes.iter().filter(|h| h.order < order).count();
    for mut scroll in &mut boxes {
        let to = scroll_to_row(scroll.y, row);
        if to != scroll.y {
            scroll.y = to;
        }
    }
}

/// The words in the track box's corner when rows lie out of its view: "+5 below (wheel)"
/// (a play-test of the bench level saw 6 of 12 heroes with no sign that the box scrolls).
#[derive(Component, Debug, Clone, Copy)]
pub struct RowsOutOfView;

/// What the corner says of the rows above and below the view: `rows` in all, the box
/// scrolled to `scroll` and showing `shown` pixels of them.
pub fn out_of_view_words(rows: usize, scroll: f32, shown: f32) -> String {
    let above = (scroll / ROW_H).floor().max(0.0) as usize;
    let in_view = ((shown + scroll) / ROW_H).floor().max(0.0) as usize;
    let below = rows.saturating_sub(in_view.max(above));
    match (above, below) {
        (0, 0) => String::new(),
        (0, b) => format!("+{b} below (wheel)"),
        (a, 0) => format!("+{a} above (wheel)"),
        (a, b) => format!("+{a} above, +{b} below"),
    }
}

/// Says on a line under the track's rows how many heroes' rows the scroll hides; the line
/// stands only while the rows are more than the box holds without it (so showing it never
/// hides it again).
pub fn say_rows_out_of_view(
    heroes: Query<(), With<Hero>>,
    mut boxes: Query<(&ScrollPosition, &ComputedNode, &mut Node), With<TrackBox>>,
    mut marks: Query<
        (&mut Text, &mut Node, &ComputedNode),
        (With<RowsOutOfView>, Without<TrackBox>),
    >,
) {
    let Ok((scroll, node, mut rows_box)) = boxes.single_mut() else {
        return;
    };
    let shown = node.size().y * node.inverse_scale_factor();
    let shown = if shown > 0.0 { shown } else { SHOWN_H };
    let rows = heroes.iter().count();
    for (mut text, mut mark, drawn) in &mut marks {
        let whole = shown + drawn.size().y * drawn.inverse_scale_factor();
        let overflows = rows as f32 * ROW_H > whole + 0.5;
        let words = if overflows {
            out_of_view_words(rows, scroll.y, shown)
        } else {
            String::new()
        };
        if text.0 != words {
            text.0.clone_from(&words);
        }
        let display = if overflows {
            Display::Flex
        } else {
            Display::None
        };
        if mark.display != display {
            mark.display = display;
        }
        // While rows lie out of view the box shows whole rows only.
        let most = if overflows { px(SHOWN_H) } else { Val::Auto };
        if rows_box.max_height != most {
            rows_box.max_height = most;
        }
    }
}

/// "Segment 5 of 20" and the key of the pips.
fn header(p: &mut ChildSpawnerCommands, now: u32) {
    p.spawn(Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(6),
        height: px(HEADER_H - 2.0),
        margin: UiRect::bottom(px(2)),
        ..default()
    })
    .with_children(|h| {
        let words = if now == 0 {
            "Initiative".to_string()
        } else if now > SEGMENTS {
            format!("Segment {now} (after 20)")
        } else {
            format!("Segment {now} of {SEGMENTS}")
        };
        h.spawn(label(words, 14.0, palette::TITLE));
        for (mark, what) in [
            (TrackMark::InFront, "in front"),
            (TrackMark::ToCome, "to come"),
            (TrackMark::Spent, "spent"),
        ] {
            h.spawn(pip_node(mark, false));
            h.spawn(label(what, 14.0, palette::STRIP_TEXT));
        }
    });
}

/// A pip of the track (`now`: in the current segment's column).
fn pip_node(mark: TrackMark, now: bool) -> impl Bundle {
    let (fill, rim) = pip(mark);
    (
        Node {
            width: px(CELL),
            height: px(CELL),
            border: UiRect::all(px(if mark == TrackMark::ToCome { 1.5 } else { 1.0 })),
            border_radius: BorderRadius::all(percent(50)),
            ..default()
        },
        BackgroundColor(fill),
        BorderColor::all(if now && mark == TrackMark::Empty {
            Color::srgba(1.0, 1.0, 1.0, 0.25)
        } else {
            rim
        }),
    )
}

/// A name short enough for the track: "Miranda V." for Miranda Valentine; the row's
/// tooltip has it whole.
pub fn short_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [first, .., last] if name.chars().count() > 9 => {
            let initial: String = last.chars().take(1).collect();
            format!("{first} {initial}.")
        }
        _ => name.to_string(),
    }
}

/// A hero's row: the side's colour, the name, the initiative, 20 segments.
fn hero_row(p: &mut ChildSpawnerCommands, row: &Row, now: u32) {
    let text_colour = if row.out {
        Color::srgb(0.5, 0.47, 0.44)
    } else if row.stunned {
        Color::srgb(0.8, 0.6, 1.0)
    } else {
        palette::STRIP_TEXT
    };
    p.spawn((
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            height: px(ROW_H),
            ..default()
        },
        Interaction::default(),
        Tip(row.words.clone()),
    ))
    .with_children(|r| {
        r.spawn((
            Node {
                width: px(4),
                height: px(14),
                margin: UiRect::right(px(4)),
                ..default()
            },
            BackgroundColor(row.side),
        ));
        r.spawn((
            Node {
                width: px(NAME_W),
                overflow: Overflow::clip(),
                ..default()
            },
            children![(
                label(short_name(&row.name), 14.0, text_colour),
                TextLayout::linebreak(LineBreak::NoWrap),
            )],
        ));
        r.spawn((
            Node {
                width: px(IN_W),
                ..default()
            },
            children![label(row.initiative.to_string(), 14.0, palette::HINT)],
        ));
        for (i, mark) in row.marks.iter().enumerate() {
            let segment = i as u32 + 1;
            let lit = segment == now;
            r.spawn((
                Node {
                    width: px(CELL + 1.0),
                    height: px(18),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    // A thin gap after every fifth segment, as on a ruler.
                    margin: UiRect::right(px(if segment.is_multiple_of(5) { 3.0 } else { 0.0 })),
                    ..default()
                },
                BackgroundColor(if lit {
                    Color::srgba(1.0, 0.95, 0.7, 0.22)
                } else {
                    Color::NONE
                }),
                children![pip_node(*mark, lit)],
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench level's twelve rows in a box that shows about seven: a declarer below the
    /// view brings its row to the box's foot, one above brings it in under the row before it,
    /// one in view leaves the box where the player scrolled it.
    #[test]
    fn the_track_scrolls_to_the_declarer_s_row() {
        assert_eq!(scroll_to_row(0.0, 2), 0.0);
        let eleventh = scroll_to_row(0.0, 10);
        assert_eq!(eleventh, 11.0 * ROW_H - SHOWN_H);
        assert!(eleventh > 0.0);
        assert_eq!(scroll_to_row(eleventh, 9), eleventh, "in view: stays");
        assert_eq!(scroll_to_row(eleventh, 2), ROW_H, "with the row before it");
        assert_eq!(scroll_to_row(eleventh, 0), 0.0);
    }

    /// The corner counts the rows the scroll hides: none for a duel's four rows; the bench
    /// level's twelve in a box of seven, "+5 below" at the top and "+5 above" at the foot.
    #[test]
    fn the_corner_counts_the_rows_out_of_view() {
        let shown = 7.0 * ROW_H;
        assert_eq!(out_of_view_words(4, 0.0, shown), "");
        assert_eq!(out_of_view_words(12, 0.0, shown), "+5 below (wheel)");
        assert_eq!(
            out_of_view_words(12, 5.0 * ROW_H, shown),
            "+5 above (wheel)"
        );
        assert_eq!(
            out_of_view_words(12, 2.0 * ROW_H, shown),
            "+2 above, +3 below"
        );
    }

    #[test]
    fn long_names_are_cut_to_a_first_name_and_an_initial() {
        assert_eq!(short_name("Miranda Valentine"), "Miranda V.");
        assert_eq!(short_name("Octavio"), "Octavio");
        assert_eq!(short_name("Pete Perkins"), "Pete P.");
        assert_eq!(short_name("Al Roy"), "Al Roy");
    }
}
