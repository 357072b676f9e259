//! The record of the match: its log of events, the journal of intents that replays it, the
//! frames the viewer steps through.

use super::{StackLine, WeaponState};
use crate::rules::action_time::ActionTrack;
use crate::rules::damage::Body;
use crate::sim::intent::{Action, Intent};
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::VecDeque;

/// One event: when, who, what kind, in words, and the numbers behind it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogEvent {
    pub round: u32,
    /// 0 in the initiative step; above 20 for actions finished beyond segment 20.
    pub segment: u32,
    pub actor: Option<String>,
    pub kind: String,
    pub text: String,
    /// Kind-specific fields (for checks: `card`, `tn`, `result`, `bumps`, ...).
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

impl LogEvent {
    /// The JSON line of `tarnation sim --json`.
    pub fn json(&self) -> Value {
        serde_json::to_value(self).expect("log events serialize")
    }

    /// "R2 S08 Miranda Valentine: ..." for the window and `sim`.
    pub fn line(&self) -> String {
        let when = if self.segment == 0 {
            format!("R{} init", self.round)
        } else {
            format!("R{} S{:02}", self.round, self.segment)
        };
        format!("{when}  {}", self.text)
    }
}

#[derive(Resource, Debug, Default, Clone)]
pub struct MatchLog {
    pub events: Vec<LogEvent>,
}

impl MatchLog {
    pub fn push(
        &mut self,
        (round, segment): (u32, u32),
        actor: Option<&str>,
        kind: &str,
        text: String,
        fields: Map<String, Value>,
    ) {
        self.events.push(LogEvent {
            round,
            segment,
            actor: actor.map(str::to_string),
            kind: kind.to_string(),
            text,
            fields,
        });
    }

    /// Move the last event to `index`: an action's own event goes before the consequences it
    /// caused (a Stun check, a stray hit) that were logged while it was applied.
    pub fn move_last_to(&mut self, index: usize) {
        if let Some(event) = self.events.pop() {
            let at = index.min(self.events.len());
            self.events.insert(at, event);
        }
    }

    pub fn of_kind<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a LogEvent> + 'a {
        self.events.iter().filter(move |e| e.kind == kind)
    }
}

/// One accepted intent: when, from which seat (side), what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub round: u32,
    pub segment: u32,
    pub seat: usize,
    pub intent: Intent,
    /// Why the computer sent it (its declarations: the `reason` of the log), kept so that a
    /// replay, which asks nobody, writes the same log (match files of version 3 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Why the intent now coming through the door was sent (the computer's reason), for the
/// declaration's event; `None` for a person's.
#[derive(Resource, Debug, Clone, Default)]
pub struct DeclarationReason(pub Option<String>);

/// The match's own id, kept in its files and their names (issue 21: the autosaves of one match
/// are pruned apart from another's). No rule reads it; a loaded match keeps its file's.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchId(pub String);

impl MatchId {
    /// A new id: eight hex digits from the clock and the seed.
    pub fn new(seed: u64) -> MatchId {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        MatchId(format!("{:08x}", (nanos ^ seed.rotate_left(32)) as u32))
    }
}

/// For each journal entry, the number of match-log events before it was accepted: what undo
/// reads to know whether a card was drawn or a figure moved since (issue 21). Kept by
/// `round::accept` beside the journal, never saved (a loaded match is replayed through it).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct JournalMarks(pub Vec<usize>);

/// Every accepted intent in order, the computer's too: with the level, gear, deck and seed,
/// the whole of a match.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Journal(pub Vec<Entry>);

/// Recorded intents to apply, in order, before any seat is asked (a replay, a loaded match).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Script {
    pub entries: VecDeque<Entry>,
    /// A replay: when the script is done, stop where the match next waits for a seat, instead
    /// of asking the seats (the computer is never asked again).
    pub only: bool,
    /// The script does not fit the match: the entry that was not accepted, and why.
    pub broken: Option<(usize, String)>,
    /// Entries applied so far.
    pub applied: usize,
}

/// What the map showed when an event was logged: for the replay viewer, which steps through a
/// recorded match event by event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    pub round: u32,
    pub segment: u32,
    /// Heroes in the level's order, then mounts.
    pub figures: Vec<FigureState>,
    /// The last initiative stack (the cards flipped for it).
    pub stack: Vec<StackLine>,
    /// The level's counters as they stood (none on a level without).
    pub counters: Vec<crate::rules::counter::Counter>,
    /// Where each of the level's items was.
    pub items: Vec<ItemAt>,
    /// The objectives' victories so far (`Objectives`) and the contests' (`Contests`).
    pub objectives: Vec<Option<crate::rules::counter::Counter>>,
    pub contests: Vec<Option<crate::rules::contest::Contest>>,
    /// The Armor Value left to each cover object, in the level's order (`Figures::covers`):
    /// shot down, a lamp or a window is drawn shattered.
    pub cover_av: Vec<u32>,
}

/// Where an item of the level was (`counters::ItemState`, its carrier named by its place in
/// the level's heroes, as a frame outlives the world it was taken in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemAt {
    Lying(Hex),
    Carried(usize),
    Delivered,
}

impl ItemAt {
    /// An item's state in a frame: its carrier by its place in `roster` (the level's heroes).
    pub fn of(state: crate::sim::counters::ItemState, roster: &[Entity]) -> ItemAt {
        use crate::sim::counters::ItemState;
        match state {
            ItemState::Lying(at) => ItemAt::Lying(at),
            ItemState::Carried(e) => roster
                .iter()
                .position(|&h| h == e)
                .map_or(ItemAt::Delivered, ItemAt::Carried),
            ItemState::Delivered => ItemAt::Delivered,
        }
    }

    /// The item's state in a world whose heroes are `roster`: the inverse of `of`.
    pub fn state(self, roster: &[Entity]) -> crate::sim::counters::ItemState {
        use crate::sim::counters::ItemState;
        match self {
            ItemAt::Lying(at) => ItemState::Lying(at),
            ItemAt::Carried(order) => roster
                .get(order)
                .map_or(ItemState::Delivered, |&e| ItemState::Carried(e)),
            ItemAt::Delivered => ItemState::Delivered,
        }
    }
}

/// A figure as it stood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureState {
    pub name: String,
    /// The hero's side (None for a mount).
    pub side: Option<usize>,
    pub at: Hex,
    pub facing: u8,
    pub prone: bool,
    pub behind_cover: bool,
    pub down: bool,
    pub stunned: bool,
    /// The worst wound (0-5) and the concussion taken.
    pub wound: u32,
    pub conc: u32,
    /// The wounds per body part.
    pub body: Body,
    /// How far it is dominated (0 none .. 3 full).
    pub dominated: u32,
    /// The hero's action track this round (a mount's is empty).
    pub track: ActionTrack,
    /// The action it is paying for token by token.
    pub paying: Option<Action>,
    /// The weapons it carries: in hand or not, cocked, the rounds loaded (a mount's: none).
    pub weapons: Vec<WeaponState>,
    /// What the last hit did to it (killed, unconscious, a limb disabled).
    pub fate: Option<crate::rules::damage::Fate>,
    /// A mount's speed this round in paces (a hero's: 0).
    pub speed: u32,
}

/// Present while a match is recorded for the viewer: a frame as each event is logged.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorder(pub Vec<Frame>);
