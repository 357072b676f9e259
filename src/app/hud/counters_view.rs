//! The level's counters on the map (issue 23): a box over the map's top right corner with one
//! row a counter, its name and tally and its slots drawn as boxes (filled in the colour of its
//! kind, temporary ones outlined in violet, empty ones dark), and a tooltip on each row saying
//! what the counter stands for, what fills it, what happens when it is full and who it brings.
//! A click on its title folds it to one line of tallies, to uncover the map beneath (a
//! longhorn's top right hexes, a mine's bluff); another click opens it again. It also folds
//! itself while a hero stands under it or a box of choices is open, and opens again after.

use crate::app::board::MapGeometry;
use crate::app::input::{camera_view, screen_at};
use crate::app::layout::{BANNER_H, PANEL_W, palette};
use crate::app::state::Screen;
use crate::app::widgets::{CoversMap, Tip, label};
use crate::data::level::{CounterDef, HeroDef, Trigger, WhenFull};
use crate::rules::counter::{Counter, CounterKind};
use crate::sim::counters::LevelCounters;
use crate::sim::model::Battle;
use bevy::prelude::*;

/// The box of counters over the map.
#[derive(Component)]
pub struct CounterStrip;

/// How far the box stands from the map area's top and right edges (layout pixels).
const STRIP_MARGIN: f32 = 8.0;

/// One slot's box: the counter's place in the level, and the slot's (temporary ones after the
/// permanent ones).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterSlot {
    pub counter: usize,
    pub slot: usize,
}

/// The strip's title line: a click folds the strip to it, or opens it again.
#[derive(Component)]
pub struct CounterFold;

/// A counter's row (its name and tally, its slots): hidden while the strip is folded.
#[derive(Component)]
pub struct CounterRow;

/// Whether the player folded the strip (kept from match to match in a session).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CountersFolded(pub bool);

/// Whether a hero stands under the open box now (it folds itself to uncover it), and where
/// the open box stands on the window (logical pixels), measured while it was open.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct CountersDucked {
    pub ducked: bool,
    pub open_rect: Option<Rect>,
    /// The player opened it over the hero anyway (a click on its folded line): it stays open
    /// until the hero leaves from under it or the player folds it.
    pub opened: bool,
}

/// Whether a token at `at` (window pixels) of radius `r` touches the box `rect`.
pub fn under_box(rect: Rect, at: Vec2, r: f32) -> bool {
    rect.inflate(r).contains(at)
}

/// The box folds itself while any standing hero's token is under where it stands open, a box
/// of choices is open, or the match is paused (the Esc menu).
#[allow(clippy::too_many_arguments)]
pub fn duck_counters(
    mut ducked: ResMut<CountersDucked>,
    folded: Res<CountersFolded>,
    rect: Res<crate::app::input::MapRect>,
    geometry: Option<Res<MapGeometry>>,
    strip: Query<&ComputedNode, With<CounterStrip>>,
    cameras: Query<(&Transform, &Projection), With<Camera2d>>,
    heroes: Query<(&crate::sim::model::HexPos, &crate::sim::model::Down)>,
    (fresh, choices, pause): (
        Query<(), Added<CounterStrip>>,
        Query<(), With<super::bumps::ChoiceAbout>>,
        Option<Res<State<crate::app::state::Pause>>>,
    ),
) {
    // A new box (a new match): measured anew.
    if !fresh.is_empty() {
        *ducked = CountersDucked::default();
    }
    let (Some(geometry), Ok(node), Some((camera, scale))) =
        (geometry, strip.single(), camera_view(&cameras))
    else {
        return;
    };
    let frame = rect.0;
    // Measured while open (not folded by anyone): its folded line is smaller.
    if !folded.0 && !ducked.ducked {
        let size = node.size() * node.inverse_scale_factor() * frame.scale;
        if size.x > 0.0 {
            let right = frame.window.x - (PANEL_W + STRIP_MARGIN) * frame.scale;
            let top = (BANNER_H + STRIP_MARGIN) * frame.scale;
            let open = Rect::new(right - size.x, top, right, top + size.y);
            if ducked.open_rect != Some(open) {
                ducked.open_rect = Some(open);
            }
        }
    }
    let Some(open) = ducked.open_rect else { return };
    let radius = 24.0 / scale;
    // A box of choices (bumps, a snap shot, a give-up) is read first: the counters fold from
    // under it (a play-test read their words through the bump box's title); so does the Esc
    // menu (its PAUSED ran over the open box).
    let paused = pause.is_some_and(|p| *p.get() == crate::app::state::Pause::Paused);
    let under = paused
        || !choices.is_empty()
        || heroes.iter().filter(|(_, down)| !down.0).any(|(at, _)| {
            let token = screen_at(&frame, scale, camera, geometry.hex_center(at.0));
            under_box(open, token, radius)
        });
    if ducked.ducked != under {
        ducked.ducked = under;
        ducked.opened = false;
    }
}

/// The title line: "Counters (click to fold)" open, each tally on one line folded.
pub fn fold_words(counters: &LevelCounters, folded: bool) -> String {
    if !folded {
        return "- Counters (click to fold)".into();
    }
    let tallies: Vec<String> = counters
        .defs
        .iter()
        .zip(&counters.counters)
        .map(|(d, c)| {
            let warning = near_its_end(d, c).map_or(String::new(), |n| format!(" ({n} to go)"));
            format!("{} {}/{}{warning}", d.name, c.filled(), c.slots())
        })
        .collect();
    format!("+ {}", tallies.join(" | "))
}

/// A counter's row text: its name and tally.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterTally(pub usize);

/// What a slot shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotLook {
    Filled,
    Temporary,
    Empty,
}

/// The slots of a counter as the strip draws them: permanent ones filled then empty, then its
/// temporary ones.
pub fn slot_looks(c: &Counter) -> Vec<SlotLook> {
    let mut looks = vec![SlotLook::Filled; c.filled() as usize];
    looks.resize(c.slots() as usize, SlotLook::Empty);
    looks.extend(std::iter::repeat_n(
        SlotLook::Temporary,
        c.temporary() as usize,
    ));
    looks
}

/// Whom a counter works for, in words: the side a full one wins for or brings heroes to
/// ("for Hank and Cyril"), or the side whose cartridges it counts down ("against the Laroq
/// gang"). None for a counter that does neither. A play-test read "The town wakes (danger)"
/// on Hank's side as a danger to Hank, where it brings the marshal to his aid.
pub fn stake_words(def: &CounterDef, heroes: &[HeroDef]) -> Option<String> {
    match &def.when_full {
        Some(WhenFull::Wins(side)) => return Some(format!("for {side}")),
        Some(WhenFull::NoReloads(side)) => return Some(format!("against {side}")),
        None => {}
    }
    let mut sides: Vec<&str> = heroes
        .iter()
        .filter(|h| h.arrives.as_deref() == Some(def.name.as_str()))
        .map(|h| h.side.as_str())
        .collect();
    sides.dedup();
    match sides.as_slice() {
        [side] => Some(format!("for {side}")),
        _ => None,
    }
}

/// How many of the level's items that go into `def` were carried out.
fn delivered(
    counters: &crate::sim::counters::LevelCounters,
    level: &crate::data::level::Level,
    def: &CounterDef,
) -> usize {
    level
        .items
        .iter()
        .zip(&counters.items)
        .filter(|(item, at)| {
            item.counter == def.name && **at == crate::sim::counters::ItemState::Delivered
        })
        .count()
}

/// "The Longhorn burns (defeat, for Perkins brothers) 3/10": the name, the kind and whom it
/// works for (`stake_words`), the tally.
/// `delivered`: of an Inventory counter's items, how many were carried out (decision 132:
/// they stay in the counter; a play-test read "2/2 (strongbox, strongbox)" after one was out).
pub fn tally_words(def: &CounterDef, c: &Counter, stake: Option<&str>, delivered: usize) -> String {
    let mut words = format!(
        "{} ({}{}) {}/{}",
        def.name,
        def.kind.name(),
        stake.map_or(String::new(), |s| format!(", {s}")),
        c.filled(),
        c.slots()
    );
    if c.temporary() > 0 {
        words.push_str(&format!(" +{} temporary", c.temporary()));
    }
    if !c.items().is_empty() {
        let out = if delivered > 0 {
            format!("; {delivered} carried out")
        } else {
            String::new()
        };
        words.push_str(&format!(" ({}{out})", c.items().join(", ")));
    }
    if c.is_complete() && def.kind != CounterKind::Inventory {
        words.push_str(": full");
    } else if let (Some(full), Some(to_go)) = (&def.when_full, near_its_end(def, c)) {
        // Near its end, what a full one does: a player is warned before the fire wins.
        words.push_str(&format!(
            ": {to_go} slot{} to go, then {}",
            if to_go == 1 { "" } else { "s" },
            full.words()
        ));
    }
    words
}

/// The slots left to fill of a counter that does something when full, once two or fewer are
/// left (and it has more slots than that): the warning's count.
fn near_its_end(def: &CounterDef, c: &Counter) -> Option<u32> {
    let to_go = c.slots().saturating_sub(c.filled());
    (def.when_full.is_some() && (1..=2).contains(&to_go) && c.slots() > to_go).then_some(to_go)
}

/// The row's tooltip: what the counter stands for, what fills it, what a full one does, who
/// it brings.
pub fn tip_words(def: &CounterDef, arriving: &[String]) -> String {
    let mut lines = Vec::new();
    if let Some(about) = &def.about {
        lines.push(about.clone());
    }
    if def.kind == CounterKind::Inventory {
        lines.push(format!(
            "Inventory counter: {} slots, one item each, filled by taking the items on the map \
             (the gold boxes: Take, 1 AP, within a pace) and emptied when one is put down.",
            def.slots
        ));
    } else {
        lines.push(format!(
            "{} counter: {} slots of {} points (a slot fills whole, even for one point).",
            capitalised(def.kind.name()),
            def.slots,
            def.points
        ));
    }
    let feeds: Vec<String> = def
        .fed_by
        .iter()
        .map(|f| format!("{} for {}", f.amount_words(), f.on.words()))
        .collect();
    if !feeds.is_empty() {
        lines.push(format!("Filled by: {}.", feeds.join("; ")));
    }
    if def
        .fed_by
        .iter()
        .any(|f| matches!(f.on, Trigger::Enters { .. } | Trigger::CarriedOut { .. }))
    {
        lines.push("Its area is ringed on the map in the counter's colour.".into());
    }
    if !def.flames.is_empty() {
        lines.push("Its fire is drawn on the map, spreading as it fills.".into());
    }
    match &def.when_full {
        Some(full @ (WhenFull::Wins(_) | WhenFull::NoReloads(_))) => {
            lines.push(format!("When full: {}.", full.words()));
        }
        None if arriving.is_empty() && def.kind != CounterKind::Inventory => {
            lines.push("When full: nothing more happens.".into());
        }
        None => {}
    }
    if !arriving.is_empty() {
        lines.push(format!("When full, arriving: {}.", arriving.join(", ")));
    }
    lines.join("\n")
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

fn kind_color(kind: CounterKind) -> Color {
    match kind {
        CounterKind::Progress => Color::srgb(0.35, 0.75, 0.35),
        CounterKind::Danger => Color::srgb(0.95, 0.6, 0.15),
        CounterKind::Defeat => Color::srgb(0.85, 0.2, 0.15),
        CounterKind::Resource => Color::srgb(0.45, 0.6, 0.85),
        CounterKind::Timer => Color::srgb(0.95, 0.85, 0.3),
        CounterKind::Inventory => Color::srgb(0.7, 0.7, 0.7),
    }
}

const EMPTY: Color = Color::srgb(0.16, 0.13, 0.1);
const TEMPORARY: Color = Color::srgb(0.65, 0.45, 0.9);

/// Build the strip anew for each match (a level without counters: none).
pub fn spawn_counter_strip(
    mut commands: Commands,
    battle: Option<Res<Battle>>,
    counters: Option<Res<LevelCounters>>,
    folded: Option<Res<CountersFolded>>,
    strips: Query<Entity, With<CounterStrip>>,
    screen: Res<State<Screen>>,
) {
    let Some(battle) = battle else { return };
    // A new match (the battle replaced) builds it anew; so does a return to the battle screen.
    if !battle.is_changed() && (!strips.is_empty() || counters.is_none()) {
        return;
    }
    for e in &strips {
        commands.entity(e).despawn();
    }
    let Some(counters) = counters else { return };
    let folded = folded.is_some_and(|f| f.0);
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                right: px(PANEL_W + STRIP_MARGIN),
                top: px(BANNER_H + STRIP_MARGIN),
                padding: UiRect::all(px(8)),
                flex_direction: FlexDirection::Column,
                row_gap: px(5),
                ..default()
            },
            BackgroundColor(palette::TIP.with_alpha(0.88)),
            GlobalZIndex(3),
            CounterStrip,
            CoversMap,
            DespawnOnExit(*screen.get()),
        ))
        .with_children(|strip| {
            strip.spawn((
                label(
                    fold_words(&counters, folded),
                    14.0,
                    palette::TIP_TEXT.darker(0.2),
                ),
                Interaction::default(),
                Tip("Click to fold the counters to one line, or to open them again.".into()),
                CounterFold,
            ));
            for (i, (def, c)) in counters.defs.iter().zip(&counters.counters).enumerate() {
                let out = delivered(&counters, &battle.level, def);
                counter_row(strip, (i, def, c, out), &battle.level.heroes, folded);
            }
        });
}

/// One counter's row in the strip: its tally (with whom it works for), its slots as boxes,
/// and its tooltip; hidden while the strip is folded.
fn counter_row(
    strip: &mut ChildSpawnerCommands,
    (i, def, c, out): (usize, &CounterDef, &Counter, usize),
    heroes: &[HeroDef],
    folded: bool,
) {
    let arriving: Vec<String> = heroes
        .iter()
        .filter(|h| h.arrives.as_deref() == Some(def.name.as_str()))
        .map(|h| h.name.clone())
        .collect();
    let stake = stake_words(def, heroes);
    strip
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(2),
                display: if folded { Display::None } else { Display::Flex },
                ..default()
            },
            Interaction::default(),
            Tip(tip_words(def, &arriving)),
            CounterRow,
        ))
        .with_children(|row| {
            row.spawn((
                label(
                    tally_words(def, c, stake.as_deref(), out),
                    14.0,
                    palette::TIP_TEXT,
                ),
                CounterTally(i),
            ));
            row.spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(3),
                ..default()
            })
            .with_children(|slots| {
                for slot in 0..slot_looks(c).len() {
                    slots.spawn((
                        Node {
                            width: px(14),
                            height: px(14),
                            border: UiRect::all(px(2)),
                            ..default()
                        },
                        BackgroundColor(EMPTY),
                        BorderColor::all(Color::srgb(0.55, 0.5, 0.42)),
                        CounterSlot { counter: i, slot },
                    ));
                }
            });
        });
}

/// A click on the strip's title folds it to one line of tallies, or opens it again.
pub fn fold_counters(
    counters: Option<Res<LevelCounters>>,
    mut folded: ResMut<CountersFolded>,
    mut ducked: ResMut<CountersDucked>,
    title: Query<&Interaction, (Changed<Interaction>, With<CounterFold>)>,
    mut rows: Query<&mut Node, With<CounterRow>>,
    mut words: Query<&mut Text, With<CounterFold>>,
    fresh: Query<(), Added<CounterRow>>,
) {
    // A click opens a shut strip, even one folded over a hero (a play-test clicked it and
    // nothing opened), and folds an open one.
    if title.iter().any(|i| crate::app::widgets::clicked(i, false)) {
        if folded.0 || (ducked.ducked && !ducked.opened) {
            folded.0 = false;
            ducked.opened = ducked.ducked;
        } else {
            folded.0 = true;
            ducked.opened = false;
        }
    }
    let Some(counters) = counters else { return };
    if !folded.is_changed() && !counters.is_changed() && !ducked.is_changed() && fresh.is_empty() {
        return;
    }
    let shut = folded.0 || (ducked.ducked && !ducked.opened);
    let display = if shut { Display::None } else { Display::Flex };
    for mut node in &mut rows {
        if node.display != display {
            node.display = display;
        }
    }
    for mut text in &mut words {
        let line = fold_words(&counters, shut);
        if text.0 != line {
            text.0 = line;
        }
    }
}

/// Each slot coloured as the counter stands now, each tally in words.
pub fn show_counters(
    counters: Option<Res<LevelCounters>>,
    battle: Option<Res<Battle>>,
    mut slots: Query<(&CounterSlot, &mut BackgroundColor, &mut BorderColor)>,
    mut tallies: Query<(&CounterTally, &mut Text)>,
    fresh: Query<(), Added<CounterSlot>>,
) {
    let (Some(counters), Some(battle)) = (counters, battle) else {
        return;
    };
    if !counters.is_changed() && fresh.is_empty() {
        return;
    }
    for (slot, mut background, mut border) in &mut slots {
        let (Some(def), Some(c)) = (
            counters.defs.get(slot.counter),
            counters.counters.get(slot.counter),
        ) else {
            continue;
        };
        let look = slot_looks(c).get(slot.slot).copied();
        let (fill, edge) = match look {
            Some(SlotLook::Filled) => (kind_color(def.kind), kind_color(def.kind).darker(0.2)),
            Some(SlotLook::Temporary) => (EMPTY, TEMPORARY),
            // A temporary slot filled is lost: its box stays, drawn empty and dim.
            Some(SlotLook::Empty) | None => (EMPTY, Color::srgb(0.55, 0.5, 0.42)),
        };
        background.0 = fill;
        *border = BorderColor::all(edge);
    }
    for (tally, mut text) in &mut tallies {
        if let (Some(def), Some(c)) = (counters.defs.get(tally.0), counters.counters.get(tally.0)) {
            let stake = stake_words(def, &battle.level.heroes);
            let out = delivered(&counters, &battle.level, def);
            let words = tally_words(def, c, stake.as_deref(), out);
            if text.0 != words {
                text.0 = words;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{stake_words, tally_words};
    use crate::data::level::{CounterDef, WhenFull};
    use crate::rules::counter::{Counter, CounterKind};

    /// Two slots from its end, a counter that wins says so: the player is warned before the
    /// fire takes the Longhorn, not told after.
    #[test]
    fn a_counter_near_its_end_says_what_comes() {
        let def = CounterDef {
            when_full: Some(WhenFull::Wins("Perkins brothers".into())),
            ..CounterDef::plain("The Longhorn burns", CounterKind::Defeat, 10)
        };
        let stake = stake_words(&def, &[]);
        assert_eq!(stake.as_deref(), Some("for Perkins brothers"));
        let tally = |c: &Counter| tally_words(&def, c, stake.as_deref(), 0);
        let mut c = Counter::new(&def.name, def.kind, 10, 5).unwrap();
        c.add_points(35).unwrap();
        assert_eq!(
            tally(&c),
            "The Longhorn burns (defeat, for Perkins brothers) 7/10"
        );
        c.add_points(5).unwrap();
        assert_eq!(
            tally(&c),
            "The Longhorn burns (defeat, for Perkins brothers) 8/10: 2 slots to go, then \
             Perkins brothers win"
        );
        c.add_points(5).unwrap();
        assert!(tally(&c).ends_with(": 1 slot to go, then Perkins brothers win"));
        c.add_points(5).unwrap();
        assert_eq!(
            tally(&c),
            "The Longhorn burns (defeat, for Perkins brothers) 10/10: full"
        );
        let quiet = CounterDef {
            when_full: None,
            ..def.clone()
        };
        let mut c = Counter::new(&quiet.name, quiet.kind, 10, 5).unwrap();
        c.add_points(45).unwrap();
        assert_eq!(stake_words(&quiet, &[]), None);
        assert_eq!(
            tally_words(&quiet, &c, None, 0),
            "The Longhorn burns (defeat) 9/10"
        );
    }

    /// An Inventory counter names its items, and how many of them were carried out.
    #[test]
    fn the_takings_say_how_many_went_out() {
        let def = CounterDef::plain("The takings", CounterKind::Inventory, 2);
        let mut c = Counter::new(&def.name, def.kind, 2, 1).unwrap();
        c.add_item("strongbox").unwrap();
        c.add_item("strongbox").unwrap();
        assert_eq!(
            tally_words(&def, &c, None, 0),
            "The takings (inventory) 2/2 (strongbox, strongbox)"
        );
        assert_eq!(
            tally_words(&def, &c, None, 1),
            "The takings (inventory) 2/2 (strongbox, strongbox; 1 carried out)"
        );
    }
}
