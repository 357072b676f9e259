//! The Judge's counters and the items on the map, in the editor: a counter added of a kind,
//! its slots, what feeds it and what a full one does; an item laid at the picked hex, into an
//! Inventory counter (one is made when the level has none).

use super::EditorState;
use super::act::{Act, step};
use crate::data::level::{CounterDef, Feed, ItemDef, Trigger, WhenFull};
use crate::editor::{self as ed, Edit, Slot};
use crate::rules::counter::CounterKind;

/// The kinds a new counter cycles through (an Inventory counter comes with an item).
pub const KINDS: [CounterKind; 5] = [
    CounterKind::Danger,
    CounterKind::Progress,
    CounterKind::Defeat,
    CounterKind::Resource,
    CounterKind::Timer,
];

/// What feeds a counter, as the presets a Judge picks from: the round's end (1d10), each
/// action declared (1 point), a hero of a side down (5 points a slot's worth).
pub fn feeds(sides: &[String]) -> Vec<Feed> {
    let mut out = vec![
        Feed {
            on: Trigger::EachRound,
            points: 0,
            d10: 1,
        },
        Feed {
            on: Trigger::EachAction,
            points: 1,
            d10: 0,
        },
    ];
    out.extend(sides.iter().map(|s| Feed {
        on: Trigger::HeroDown(s.clone()),
        points: 5,
        d10: 0,
    }));
    out
}

/// A feed in words: "the round's end: 1d10".
pub fn feed_words(f: &Feed) -> String {
    let mut amount = Vec::new();
    if f.points > 0 {
        amount.push(format!("{} points", f.points));
    }
    if f.d10 > 0 {
        amount.push(format!("{}d10", f.d10));
    }
    format!("{}: {}", f.on.words(), amount.join(" + "))
}

fn counter_change(state: &mut EditorState, i: usize, change: impl FnOnce(&mut CounterDef)) {
    super::forms::set_at(state, i, (|l| &l.counters, Edit::Counter), change);
}

/// The counter and item buttons.
pub fn counter_act(state: &mut EditorState, act: &Act) {
    let sides: Vec<String> = state.level().sides.iter().map(|s| s.name.clone()).collect();
    match act {
        Act::CounterAdd => {
            let level = state.level();
            let name = ed::fresh_name("Trouble", level.counters.iter().map(|c| c.name.as_str()));
            let counter = CounterDef {
                name,
                kind: CounterKind::Danger,
                slots: 4,
                points: 5,
                temporary: 0,
                fed_by: vec![feeds(&sides)[0].clone()],
                when_full: sides.first().cloned().map(WhenFull::Wins),
                about: None,
                flames: Vec::new(),
            };
            let n = level.counters.len();
            state.apply(Edit::Counter(Slot::Add(n, counter)));
        }
        Act::CounterKind(i) => counter_change(state, *i, |c| {
            let now = KINDS.iter().position(|k| *k == c.kind).unwrap_or(0);
            c.kind = KINDS[step(now, 1, KINDS.len())];
        }),
        Act::CounterSlots(i, d) => counter_change(state, *i, |c| {
            c.slots = (c.slots as i32 + d).clamp(1, 10) as u32;
        }),
        Act::CounterFeed(i) => counter_change(state, *i, |c| {
            let all = feeds(&sides);
            let now = c
                .fed_by
                .first()
                .and_then(|f| all.iter().position(|x| x == f))
                .map_or(0, |p| p + 1);
            c.fed_by = vec![all[now % all.len()].clone()];
        }),
        Act::CounterFull(i) => counter_change(state, *i, |c| {
            // Nothing, then each side winning in turn.
            let now = match &c.when_full {
                Some(WhenFull::Wins(s)) => sides.iter().position(|x| x == s).map_or(0, |p| p + 1),
                _ => 0,
            };
            let next = step(now, 1, sides.len() + 1);
            c.when_full = (next > 0).then(|| WhenFull::Wins(sides[next - 1].clone()));
        }),
        Act::CounterRemove(i) => state.apply(Edit::Counter(Slot::Remove(*i))),
        Act::ItemAdd => add_item(state),
        _ => {}
    }
}

/// An item at the picked hex, into the level's first Inventory counter (a new one of two
/// slots, "The loot", when it has none): one step.
fn add_item(state: &mut EditorState) {
    let Some(at) = state.cell else {
        state.message = "Pick the item's hex first (Select, then click the hex)".into();
        return;
    };
    let level = state.level();
    let mut edits = Vec::new();
    let counter = match level
        .counters
        .iter()
        .find(|c| c.kind == CounterKind::Inventory)
    {
        Some(c) => c.name.clone(),
        None => {
            let name = ed::fresh_name("The loot", level.counters.iter().map(|c| c.name.as_str()));
            edits.push(Edit::Counter(Slot::Add(
                level.counters.len(),
                CounterDef {
                    name: name.clone(),
                    kind: CounterKind::Inventory,
                    slots: 2,
                    points: 5,
                    temporary: 0,
                    fed_by: Vec::new(),
                    when_full: None,
                    about: Some("What the heroes carry off".into()),
                    flames: Vec::new(),
                },
            )));
            name
        }
    };
    let item = ItemDef {
        name: ed::fresh_name("strongbox", level.items.iter().map(|i| i.name.as_str())),
        at,
        counter,
    };
    edits.push(Edit::Item(Slot::Add(level.items.len(), item)));
    let n = level.items.len();
    state.apply(Edit::Batch(edits));
    state.selected = Some(ed::Thing::Item(n));
}
