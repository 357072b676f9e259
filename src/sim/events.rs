//! What happens in a match, typed: one variant for each `kind` of the match log
//! (docs/json.md), each built here once, its words (the combat log, `tarnation sim`) and its
//! JSON fields (`sim --json`) made from the same values (`words.rs`, `fields.rs`). `record`
//! writes it to the match log.
//!
//! The attacks' own events (`shot`, `melee`, hits of strays and blasts, ...) and the checks of
//! the actions are typed in `reports.rs`: each holds the values of its fields, and its words
//! as the action said them.

use super::log::log_event;
use super::model::StackLine;
use crate::rules::check::CheckOutcome;
use bevy::prelude::*;
use serde_json::{Map, Value};

mod fields;
mod reports;
mod words;
pub(crate) use words::lost_words;

pub use reports::*;

/// One event of the match log.
#[derive(Clone, Debug)]
pub enum MatchEvent {
    /// "Each combat round begins with an initiative step."
    RoundBegins {
        round: u32,
    },
    /// A hero's Quickness test of the initiative step.
    Initiative {
        hero: String,
        check: CheckOutcome,
        initiative: u32,
        first_segment: u32,
        ap: u32,
        step: u32,
    },
    /// A stunned hero's recovery check, the round spent on it.
    Recovery {
        hero: String,
        check: CheckOutcome,
        verdict: Recovered,
    },
    /// An action paid in full now, resolving at the end of the segment.
    Declare {
        hero: String,
        action: String,
        ap: u32,
        lost: u32,
        /// The computer's reason (`reason` in the JSON), when it says one.
        reason: Option<String>,
    },
    /// An action paid over several segments (or rounds): AP paid toward it so far.
    Commit {
        hero: String,
        action: String,
        ap: u32,
        paid: u32,
        reason: Option<String>,
    },
    /// A commitment fully paid: it resolves this segment.
    Paid {
        hero: String,
        action: String,
    },
    /// The AP a hero pays to join the initiative stack.
    StackFee {
        hero: String,
        from_pool: bool,
    },
    /// The parts of a hero's stack bonus.
    StackBonus {
        hero: String,
        gear: i32,
        wounds: i32,
        quick_draw: i32,
        bonus: i32,
    },
    /// The hero declares nothing more this round.
    Hold {
        hero: String,
    },
    /// The initiative stack's order.
    Stack {
        order: Vec<StackLine>,
    },
    /// A Quick Draw test on the stack.
    QuickDraw {
        hero: String,
        check: CheckOutcome,
        bonus: i32,
        spent: u32,
    },
    /// A rushed action (the optional rule).
    Rush {
        hero: String,
        action: String,
        ap: u32,
        from_track: u32,
        rushed: u32,
        words: String,
    },
    /// The Rush Tax paid after a rushed action.
    RushTax {
        hero: String,
        step: u32,
        tax: u32,
        from_pool: u32,
        owed: u32,
    },
    /// A paid action resolved (`resolve`), or could no longer be done when paid (`failed`):
    /// its words from its outcome; a move adds its paces, AP and end hex.
    Resolve {
        action: String,
        failed: bool,
        words: String,
        walk: Option<Walked>,
    },
    /// A hero went down before the action resolved.
    DownBeforeResolving {
        hero: String,
        action: String,
    },
    /// A mount's share of its movement this segment.
    ContinuousMove {
        mount: String,
        /// The rider's name, for the words (the JSON names it as the event's actor).
        rider: Option<String>,
        paces: u32,
        to: (i32, i32),
        speed: u32,
    },
    /// A mount stopped by a wall, the map's edge or another figure.
    MountHalted {
        mount: String,
        /// The rider's name, for the words (the JSON names it as the event's actor).
        rider: Option<String>,
        by: String,
    },
    /// A commitment given up as a segment is called (decision 134): `lost` AP were spent on
    /// it; `why` it could not be made then.
    GiveUp {
        hero: String,
        action: String,
        lost: u32,
        why: String,
        reason: Option<String>,
    },
    /// An unpaid commitment at the end of the round.
    Lapsed {
        hero: String,
        action: String,
    },
    /// The round ends: each hero's unused AP are lost.
    RoundEnd {
        round: u32,
        segment: u32,
        lost: Vec<(String, u32)>,
    },
    /// A check that could not be resolved (a bad request: never in a well-formed match).
    Error {
        why: String,
    },
    /// A human player forgoes the snap shot its lost aim left.
    Forgo {
        hero: String,
        target: String,
        weapon: String,
    },
    /// What a calamity did beyond failing.
    Calamity {
        hero: String,
        what: Consequence,
    },
    /// Where a missed throw lands.
    Landed {
        weapon: String,
        clock: u32,
        step: u32,
        at: (i32, i32),
    },
    /// A hero dealt damage checks Fortitude against the Stun column's TN.
    StunCheck {
        hero: String,
        check: CheckOutcome,
        stunned: bool,
    },
    /// A stray shot shatters a cover object.
    StrayShatters {
        object: String,
        /// The object's hex (column, row), where the map says so.
        at: (i32, i32),
    },
    /// "If the character was hit by a melee attack of any kind, they may not aim".
    HitHandToHand {
        hero: String,
    },
    /// A weapon broken on a block.
    Broken {
        hero: String,
        weapon: String,
    },
    /// A foe broke away, or a pinned foe's escape was a calamity: a free quick attack.
    FreeAttack {
        why: String,
        hero: String,
        ap: u32,
    },
    /// The match is decided.
    BattleOver {
        winner: String,
        why: String,
    },
    /// Points added to one of the level's counters (counters.txt), and why.
    Counter(CounterFilled),
    /// A hero who waited for a counter comes onto the map.
    Arrives {
        hero: String,
        at: (i32, i32),
        counter: String,
    },
    /// A shot of a volley.
    Shot(Box<ShotReport>),
    /// A blow of a hand-to-hand attack.
    Blow(Box<BlowReport>),
    /// A blow of a series that finds its foe shoved out of reach.
    OutOfReach(Box<OutOfReach>),
    /// A figure hit by a stray shot or a blast.
    Bystander(Box<BystanderHit>),
    /// A fully loaded pistol goes off.
    Discharge(Box<Discharge>),
    /// A calamity of a hand-to-hand check.
    CloseCalamity(Box<CloseCalamity>),
    /// An escape from dominance, or a break-away.
    Escape(Box<Escape>),
    /// A bonus counter earned, spent or given.
    Bonus(Box<Bonus>),
    SpeedLoad(Box<SpeedLoad>),
    Medicine(Box<Medicine>),
    /// A skill check on an objective.
    Skill(Box<Skill>),
    /// The Bravery check under fire.
    Bravery(Box<Bravery>),
}

/// What a calamity did (docs/json.md: `calamity`'s `consequence`).
#[derive(Clone, Debug)]
pub enum Consequence {
    /// The gun jams: cleared by a reload.
    Jammed { weapon: String },
    /// A thrown weapon slips and lands at the thrower's feet.
    Slipped { weapon: String, at: (i32, i32) },
    /// Under fire, the hero throws itself prone.
    Prone,
    /// Work on an objective goes wrong: a victory to win back.
    Setback {
        objective: String,
        how: crate::rules::counter::Setback,
    },
    /// A speed load fumbled.
    DroppedShell { weapon: String },
    /// A medicine roll gone wrong.
    OutForHours { target: String },
    /// A shot fired to miss finds its target.
    TargetHit { weapon: String, target: String },
}

/// A move that resolved: paces, AP, and the hex it ended in (column, row).
#[derive(Clone, Copy, Debug)]
pub struct Walked {
    pub paces: usize,
    pub ap: u32,
    pub to: Option<(i32, i32)>,
}

/// How a recovery check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovered {
    /// A calamity: "immediately falls unconscious".
    Unconscious,
    ShakesOff,
    StillStunned,
}

impl MatchEvent {
    /// The event's `kind` in the log and the JSON (docs/json.md).
    pub fn kind(&self) -> &'static str {
        match self {
            MatchEvent::RoundBegins { .. } => "round",
            MatchEvent::Initiative { .. } => "initiative",
            MatchEvent::Recovery { .. } => "recovery",
            MatchEvent::Declare { .. } => "declare",
            MatchEvent::Commit { .. } => "commit",
            MatchEvent::Paid { .. } => "paid",
            MatchEvent::StackFee { .. } => "stack_fee",
            MatchEvent::StackBonus { .. } => "stack_bonus",
            MatchEvent::Hold { .. } => "hold",
            MatchEvent::Stack { .. } => "stack",
            MatchEvent::QuickDraw { .. } => "quick_draw",
            MatchEvent::Rush { .. } => "rush",
            MatchEvent::RushTax { .. } => "rush_tax",
            MatchEvent::Resolve { failed: true, .. } | MatchEvent::DownBeforeResolving { .. } => {
                "failed"
            }
            MatchEvent::Resolve { .. } => "resolve",
            MatchEvent::ContinuousMove { .. } => "continuous_move",
            MatchEvent::MountHalted { .. } => "mount_halted",
            MatchEvent::Lapsed { .. } => "lapsed",
            MatchEvent::GiveUp { .. } => "give_up",
            MatchEvent::RoundEnd { .. } => "round_end",
            MatchEvent::Error { .. } => "error",
            MatchEvent::Forgo { .. } => "forgo",
            MatchEvent::Calamity { .. } => "calamity",
            MatchEvent::Landed { .. } => "landed",
            MatchEvent::StunCheck { .. } => "stun_check",
            MatchEvent::StrayShatters { .. } => "stray_hit",
            MatchEvent::HitHandToHand { .. } => "bravery",
            MatchEvent::Broken { .. } => "broken",
            MatchEvent::FreeAttack { .. } => "free_attack",
            MatchEvent::BattleOver { .. } => "battle_over",
            MatchEvent::Counter(_) => "counter",
            MatchEvent::Arrives { .. } => "arrive",
            MatchEvent::Shot(_) => "shot",
            MatchEvent::Blow(_) => "melee",
            MatchEvent::OutOfReach(_) => "out_of_reach",
            MatchEvent::Bystander(b) => b.kind(),
            MatchEvent::Discharge(_) => "discharge",
            MatchEvent::CloseCalamity(_) => "calamity",
            MatchEvent::Escape(_) => "escape",
            MatchEvent::Bonus(_) => "bonus",
            MatchEvent::SpeedLoad(_) => "speed_load",
            MatchEvent::Medicine(_) => "medicine",
            MatchEvent::Skill(_) => "skill",
            MatchEvent::Bravery(_) => "bravery",
        }
    }
}

/// Points added to a counter: how many (a fixed part and the d10s rolled), from what, and the
/// counter after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterFilled {
    pub counter: String,
    pub counter_kind: crate::rules::counter::CounterKind,
    pub points: u32,
    /// The points a slot holds (5 unless the level says): the words say how the points
    /// fill slots ("a part fills one").
    pub per_slot: u32,
    /// The d10s rolled toward `points` (empty when the feed adds fixed points only).
    pub rolled: Vec<u32>,
    /// Slots filled after (permanent ones), of `slots`.
    pub filled: u32,
    pub slots: u32,
    /// Temporary slots this addition filled, and so lost.
    pub temporary_lost: u32,
    pub complete: bool,
    /// What fed it, in words ("each round", "a shot striking the lamp").
    pub why: String,
    /// What the full counter did, in words (the moment it completes).
    pub full: Option<String>,
    /// An Inventory counter: the items it holds after.
    pub items: Vec<String>,
}

/// A calamity's consequence, by the hero whose check it was.
pub fn calamity(world: &mut World, hero: Entity, what: Consequence) {
    let name = super::query::hero_name(world, hero);
    record(world, Some(hero), MatchEvent::Calamity { hero: name, what });
}

/// Write an event to the match log, now (the round and segment of the match), by `actor`.
pub fn record(world: &mut World, actor: Option<Entity>, event: MatchEvent) {
    let (kind, text, fields) = event.into_parts();
    log_event(world, actor, kind, text, fields);
}

impl MatchEvent {
    /// Kind, words and fields, the event consumed (a report's words are moved, not copied).
    pub fn into_parts(self) -> (&'static str, String, Map<String, Value>) {
        let (kind, fields) = (self.kind(), self.fields());
        let words = match self {
            MatchEvent::Shot(r) => r.words,
            MatchEvent::Blow(r) => r.words,
            MatchEvent::Bystander(r) => r.words,
            MatchEvent::Discharge(r) => r.words,
            MatchEvent::CloseCalamity(r) => r.words,
            MatchEvent::Escape(r) => r.words,
            MatchEvent::Bonus(r) => r.words,
            MatchEvent::SpeedLoad(r) => r.words,
            MatchEvent::Medicine(r) => r.words,
            MatchEvent::Skill(r) => r.words,
            MatchEvent::Bravery(r) => r.words,
            event => event.text(),
        };
        (kind, words, fields)
    }
}
