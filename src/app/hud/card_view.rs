//! The card of the newest check beside the map, with the cells the check read marked on its
//! cause grid: each cell read, the links of an exceptional chain, the calamity's cell and the
//! result used (the event's `read`, docs/json.md). With dice the dice decided and the card gave
//! the rest: no cell is marked, and the dice are named.

use crate::app::frame::CardView;
use crate::app::screens::MatchCards;
use crate::app::state::Screen;
use crate::app::widgets::{Lit, Tip, button, clicked, label};
use crate::rules::card::Card;
use crate::rules::die::Die;
use crate::sim::model::{LogEvent, MatchLog};
use bevy::prelude::*;
use serde_json::Value;

/// How a cell of the cause grid was read by the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Read for a result (a row of the skill's).
    Read,
    /// A link of an exceptional chain (on this card).
    Chain,
    /// The exact cell held C: a calamity.
    Calamity,
    /// The result used.
    Chosen,
}

impl Mark {
    pub fn color(self) -> Color {
        match self {
            Mark::Read => Color::srgb(0.42, 0.3, 0.16),
            Mark::Chain => Color::srgb(0.18, 0.34, 0.62),
            Mark::Calamity => Color::srgb(0.7, 0.14, 0.1),
            Mark::Chosen => Color::srgb(0.86, 0.64, 0.18),
        }
    }
}

/// A marked cell of the cause grid: row 1-5, the die's column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellMark {
    pub row: u8,
    pub die: Die,
    pub mark: Mark,
}

/// The card the panel shows and what the check read on it.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct CardRead {
    pub card: Option<u8>,
    /// The check in words (the event's text).
    pub check: String,
    pub marks: Vec<CellMark>,
    /// What was read on other cards (a chain's extensions), and the dice, in words.
    pub notes: Vec<String>,
}

impl CardRead {
    /// The strongest mark on a cell (the result used over a calamity over a chain over a read).
    pub fn mark(&self, row: u8, die: Die) -> Option<Mark> {
        self.marks
            .iter()
            .filter(|m| m.row == row && m.die == die)
            .map(|m| m.mark)
            .max()
    }
}

fn die_of(sides: u64) -> Option<Die> {
    Die::ALL.into_iter().find(|d| u64::from(d.sides()) == sides)
}

/// What a check event read on its resolution card (`card`), from its `read` steps.
pub fn card_read(event: &LogEvent) -> CardRead {
    let card = event
        .fields
        .get("card")
        .and_then(Value::as_u64)
        .map(|n| n as u8);
    let mut read = CardRead {
        card,
        check: event.text.clone(),
        ..default()
    };
    let steps = event.fields.get("read").and_then(Value::as_array);
    for step in steps.into_iter().flatten() {
        let kind = step.get("step").and_then(Value::as_str).unwrap_or("");
        let on = step.get("card").and_then(Value::as_u64).map(|n| n as u8);
        let row = step.get("row").and_then(Value::as_u64).unwrap_or(0) as u8;
        let Some(die) = step.get("die").and_then(Value::as_u64).and_then(die_of) else {
            continue;
        };
        let cell = step.get("cell").map(cell_words).unwrap_or_default();
        let mark = match kind {
            "read_cause" => Mark::Read,
            "exceptional_chain" => Mark::Chain,
            "calamity" => Mark::Calamity,
            "chose" => Mark::Chosen,
            _ => continue,
        };
        // "chose" names no card: the resolution card's cell the result came from.
        if on.is_none() || on == card {
            read.marks.push(CellMark { row, die, mark });
        }
        if kind == "exceptional_chain" {
            let total = step.get("total").and_then(Value::as_u64).unwrap_or(0);
            let on = on.map_or(String::new(), |c| format!("card {c} "));
            read.notes.push(format!(
                "chain: {on}row {row} d{}: {cell}, total {total}",
                die.sides()
            ));
        }
        if kind == "chose" {
            let value = step.get("value").map(cell_words).unwrap_or_default();
            read.notes
                .push(format!("result used: row {row} d{} = {value}", die.sides()));
        }
    }
    if let Some(dice) = event.fields.get("dice").and_then(Value::as_array) {
        let rolls: Vec<String> = dice.iter().map(cell_words).collect();
        let system = event
            .fields
            .get("system")
            .and_then(Value::as_str)
            .unwrap_or("");
        read.notes.push(format!(
            "{system}: the dice decided ({}); the card gives the rest",
            rolls.join(" ")
        ));
    }
    read
}

fn cell_words(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The cause grid's cells on the panel: row 0 is the heading, column 0 the row's name.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardCell {
    pub row: u8,
    pub column: u8,
}

/// The mark a cell shows now (for the window and the tests).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Marked(pub Option<Mark>);

/// The grid's box, and the words under it.
#[derive(Component)]
pub struct CardGrid;
#[derive(Component)]
pub struct CardFoot;

/// The card's heading, grid and words together: at the foot of the panel, or, when the
/// banner's Card button is on, in a box over the map's top right corner.
#[derive(Component)]
pub struct CardBox;

/// The box over the map the card goes in when asked for, and the banner's button for it.
#[derive(Component)]
pub struct CardOverMap;
#[derive(Component)]
pub struct CardButton;

/// The card is shown over the map (the banner's Card button).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CardShown(pub bool);

/// The playing-card corner of the card shown (top left, and upside down bottom right).
#[derive(Component)]
pub struct CardCorner;

/// The card's face, its edge and its ink.
const CARD_FACE: Color = Color::srgb(0.96, 0.93, 0.85);
const CARD_EDGE: Color = Color::srgb(0.36, 0.24, 0.12);
const INK: Color = Color::srgb(0.12, 0.08, 0.05);
const INK_SOFT: Color = Color::srgb(0.38, 0.3, 0.22);
const INK_RED: Color = Color::srgb(0.72, 0.1, 0.08);

/// A card's corner as a player reads it: "AS" is "A♠", "TH" is "10♥", in red for hearts and
/// diamonds; a joker as it is written.
pub fn corner_face(corner: &str) -> (String, bool) {
    let mut chars = corner.chars();
    let (Some(rank), Some(suit), None) = (chars.next(), chars.next(), chars.next()) else {
        return (corner.to_string(), corner.to_lowercase().contains("red"));
    };
    let rank = if rank == 'T' {
        "10".to_string()
    } else {
        rank.to_string()
    };
    match suit {
        'S' => (format!("{rank}\u{2660}"), false),
        'H' => (format!("{rank}\u{2665}"), true),
        'D' => (format!("{rank}\u{2666}"), true),
        'C' => (format!("{rank}\u{2663}"), false),
        _ => (corner.to_string(), false),
    }
}

const CELL_W: f32 = 38.0;
const LABEL_W: f32 = 50.0;

/// The card's box in the panel (the heading the frame made, the grid, the words), the box
/// over the map it moves to, and the banner's button (once the frame is there).
pub(super) fn spawn_card_grid(
    mut commands: Commands,
    view: Query<(Entity, &ChildOf), With<CardView>>,
    grids: Query<(), With<CardGrid>>,
    banner: Query<&ChildOf, With<crate::app::frame::Banner>>,
    mut shown: ResMut<CardShown>,
) {
    if !grids.is_empty() {
        return;
    }
    shown.0 = false;
    let Ok((heading, parent)) = view.single() else {
        return;
    };
    let card_box = spawn_card_face(&mut commands, heading, parent.parent());
    commands.entity(card_box).with_children(|p| {
        p.spawn((
            Node {
                display: Display::Grid,
                grid_template_columns: vec![
                    RepeatedGridTrack::px(1, LABEL_W),
                    RepeatedGridTrack::px(5, CELL_W),
                ],
                column_gap: px(2),
                row_gap: px(2),
                margin: UiRect::vertical(px(3)),
                ..default()
            },
            CardGrid,
            Visibility::Hidden,
        ))
        .with_children(|g| {
            for row in 0..=5u8 {
                for column in 0..=5u8 {
                    g.spawn((
                        Node {
                            justify_content: JustifyContent::Center,
                            ..default()
                        },
                        BackgroundColor(Color::NONE),
                        CardCell { row, column },
                        Marked::default(),
                        children![label("", 14.0, INK)],
                    ));
                }
            }
        });
        p.spawn((label("", 14.0, INK_SOFT), CardFoot));
        p.spawn((
            Node {
                align_self: AlignSelf::FlexEnd,
                ..default()
            },
            Text::new(""),
            crate::app::fonts::mono(20.0),
            TextColor(INK),
            UiTransform::from_rotation(Rot2::degrees(180.0)),
            CardCorner,
        ));
    });
    // The box over the map, hidden until asked for.
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            right: px(crate::app::layout::PANEL_W + 8.0),
            top: px(crate::app::layout::BANNER_H + 8.0),
            max_width: px(470),
            ..default()
        },
        Visibility::Hidden,
        GlobalZIndex(4),
        CardOverMap,
        DespawnOnExit(Screen::Battle),
    ));
    // The banner's Card button, at its left end (the words are in the middle, the Legend
    // button at the right).
    if let Ok(banner) = banner.single() {
        commands.entity(banner.parent()).with_children(|b| {
            b.spawn((
                button("Card", 14.0),
                CardButton,
                Tip("The card of the newest check, with the cells it read, over the map (again: back to the panel)".into()),
            ))
            .insert(crate::app::frame::banner_button(
                crate::app::frame::left_at(6.0),
                6.0,
            ));
        });
    }
}

/// The card drawn, as a card: a cream face with a rounded border, its playing-card corner
/// (rank and suit) at the top left beside the check (`heading`), in `home`; the grid and the
/// words go under.
fn spawn_card_face(commands: &mut Commands, heading: Entity, home: Entity) -> Entity {
    let card_box = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                padding: UiRect::axes(px(10), px(6)),
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(CARD_FACE),
            BorderColor::all(CARD_EDGE),
            CardBox,
            DespawnOnExit(Screen::Battle),
            ChildOf(home),
        ))
        .id();
    let top = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(10),
                align_items: AlignItems::Center,
                ..default()
            },
            ChildOf(card_box),
        ))
        .id();
    commands.spawn((
        Text::new(""),
        crate::app::fonts::mono(26.0),
        TextColor(INK),
        CardCorner,
        ChildOf(top),
    ));
    commands
        .entity(heading)
        .insert((ChildOf(top), TextColor(INK)));
    card_box
}

/// The Card button: the card's box goes over the map, or back to the panel.
pub(super) fn toggle_card(
    mut commands: Commands,
    mut shown: ResMut<CardShown>,
    button: Query<(Entity, &Interaction), (Changed<Interaction>, With<CardButton>)>,
    card_box: Query<(Entity, &ChildOf), With<CardBox>>,
    mut over_map: Query<(Entity, &mut Visibility), With<CardOverMap>>,
    mut home: Local<Option<Entity>>,
) {
    let Ok((card, parent)) = card_box.single() else {
        return;
    };
    let Ok((over, mut visibility)) = over_map.single_mut() else {
        return;
    };
    // Its place in the panel (a new battle's panel is a new place).
    if parent.parent() != over {
        *home = Some(parent.parent());
    }
    let Some((e, _)) = button.iter().find(|(_, i)| clicked(i, false)) else {
        return;
    };
    shown.0 = !shown.0;
    if shown.0 {
        commands.entity(card).insert(ChildOf(over));
        *visibility = Visibility::Visible;
        commands.entity(e).insert(Lit);
    } else {
        if let Some(h) = *home {
            commands.entity(card).insert(ChildOf(h));
        }
        *visibility = Visibility::Hidden;
        commands.entity(e).remove::<Lit>();
    }
}

/// The newest check's card: its heading, the grid with the cells read, the card's other
/// sections and the notes under it.
pub(super) fn show_card(
    log: Res<MatchLog>,
    cards: Option<Res<MatchCards>>,
    mut read: ResMut<CardRead>,
    mut heading: Query<&mut Text, With<CardView>>,
    mut foot: Query<&mut Text, (With<CardFoot>, Without<CardView>)>,
    mut grid: Query<&mut Visibility, With<CardGrid>>,
    mut cells: Query<(&CardCell, &mut Marked, &mut BackgroundColor, &Children)>,
    mut texts: Query<
        (&mut Text, &mut TextColor),
        (Without<CardView>, Without<CardFoot>, Without<CardCorner>),
    >,
    mut corners: Query<
        (&mut Text, &mut TextColor),
        (With<CardCorner>, Without<CardView>, Without<CardFoot>),
    >,
    fresh: Query<(), Added<CardView>>,
    mut shown: Local<Option<(usize, bool)>>,
) {
    let seen = (log.events.len(), !grid.is_empty());
    // A new battle's box (Continue, a second battle) is filled whatever the last one showed: a
    // match continued with as many events as the one left had its box left empty.
    if *shown == Some(seen) && fresh.is_empty() && !log.is_added() {
        return;
    }
    *shown = Some(seen);
    // The newest check whose card the match's deck holds (a check read from no single card
    // of it is passed over: the box stood empty after Continue, a play-test found).
    let Some((now, card)) = log
        .events
        .iter()
        .rev()
        .filter(|e| e.fields.contains_key("card"))
        .find_map(|event| {
            let now = card_read(event);
            let card = now.card.and_then(|n| {
                cards
                    .as_ref()
                    .and_then(|c| c.0.iter().find(|c| c.number == n))
            })?;
            Some((now, card))
        })
    else {
        return;
    };
    if *read != now {
        *read = now.clone();
    }
    let (face, red) = corner_face(&card.corner);
    for (mut t, mut c) in &mut corners {
        if t.0 != face {
            t.0 = face.clone();
        }
        c.0 = if red { INK_RED } else { INK };
    }
    let check: String = now.check.chars().take(200).collect();
    for mut t in &mut heading {
        let words = format!("Card {} of the action deck\n{check}", card.number);
        if t.0 != words {
            t.0 = words;
        }
    }
    for mut v in &mut grid {
        *v = Visibility::Inherited;
    }
    for (cell, mut marked, mut background, children) in &mut cells {
        let (words, mark) = cell_text(card, &now, *cell);
        if marked.0 != mark {
            marked.0 = mark;
        }
        let color = mark.map_or(Color::NONE, Mark::color);
        if background.0 != color {
            background.0 = color;
        }
        for child in children {
            if let Ok((mut t, mut c)) = texts.get_mut(*child) {
                if t.0 != words {
                    t.0 = words.clone();
                }
                let ink = match mark {
                    Some(Mark::Chosen) => INK,
                    Some(_) => CARD_FACE,
                    None if cell.row == 0 || cell.column == 0 => INK_SOFT,
                    None => INK,
                };
                if c.0 != ink {
                    c.0 = ink;
                }
            }
        }
    }
    for mut t in &mut foot {
        let words = foot_words(card, &now);
        if t.0 != words {
            t.0 = words;
        }
    }
}

/// A cell's words and mark.
fn cell_text(card: &Card, read: &CardRead, cell: CardCell) -> (String, Option<Mark>) {
    match (cell.row, cell.column) {
        (0, 0) => ("cause".into(), None),
        (0, c) => (format!("d{}", Die::ALL[c as usize - 1].sides()), None),
        (r, 0) => (format!("row {r}"), None),
        (r, c) => {
            let die = Die::ALL[c as usize - 1];
            (
                card.cause[r as usize - 1][die.column()].to_string(),
                read.mark(r, die),
            )
        }
    }
}

/// The card's other sections and what was read beyond the grid.
fn foot_words(card: &Card, read: &CardRead) -> String {
    let locations: Vec<String> = card
        .location
        .iter()
        .map(|l| l.location.to_string())
        .collect();
    let mut s = format!(
        "hit locations: {}\nfragment {}  scatter {} o'clock",
        locations.join(", "),
        card.fragment,
        card.scatter
    );
    for note in &read.notes {
        s.push_str(&format!("\n{note}"));
    }
    if !read.marks.is_empty() {
        s.push_str("\ngold: the result used  brown: read  blue: chain  red: calamity");
    }
    s
}

/// A card as text (the card table and the log's words).
pub fn card_words(card: &Card, check: &str) -> String {
    let check: String = check.chars().take(110).collect();
    let mut s = format!(
        "LAST CARD: {} ({})\n{check}\n  cause  d4  d6  d8 d10 d12\n",
        card.number, card.corner
    );
    for (r, row) in card.cause.iter().enumerate() {
        s.push_str(&format!("  row {} ", r + 1));
        for d in Die::ALL {
            s.push_str(&format!("{:>4}", row[d.column()].to_string()));
        }
        s.push('\n');
    }
    let locations: Vec<String> = card
        .location
        .iter()
        .map(|l| l.location.to_string())
        .collect();
    s.push_str(&format!(
        "  hit locations: {}\n  fragment {}  scatter {} o'clock",
        locations.join(", "),
        card.fragment,
        card.scatter
    ));
    s
}
