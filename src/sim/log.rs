//! The match log: every resolution and state change of action time, in order. The window
//! shows it as the combat log; `tarnation sim` prints it in words or as JSON lines.

use crate::rules::check::CheckOutcome;
use bevy::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value, json};

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

/// A hero's name (empty for an entity that is no hero).
pub fn hero_name(world: &World, e: Entity) -> String {
    world
        .get::<super::battle::Hero>(e)
        .map(|h| h.name.clone())
        .unwrap_or_default()
}

/// Record an event now (the round and segment of the match), by `actor` if any.
pub fn log_event(
    world: &mut World,
    actor: Option<Entity>,
    kind: &str,
    text: String,
    fields: Map<String, Value>,
) {
    let now = world
        .get_resource::<super::round::RoundState>()
        .map_or((0, 0), |r| r.now());
    let actor = actor.map(|e| hero_name(world, e));
    world
        .resource_mut::<MatchLog>()
        .push(now, actor.as_deref(), kind, text, fields);
}

/// Record an event by a hero.
pub fn log_by(
    world: &mut World,
    actor: Entity,
    kind: &str,
    text: String,
    fields: Map<String, Value>,
) {
    log_event(world, Some(actor), kind, text, fields);
}

/// The fields every check event carries: the resolution card, every card drawn, TN, chosen
/// result, success, bumps and calamity.
pub fn check_fields(outcome: &CheckOutcome) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("card".into(), json!(outcome.cards.first()));
    m.insert("cards".into(), json!(outcome.cards));
    m.insert("tn".into(), json!(outcome.tn));
    m.insert("result".into(), json!(outcome.result));
    m.insert("success".into(), json!(outcome.success));
    m.insert("bumps".into(), json!(outcome.bumps));
    m.insert("calamity".into(), json!(outcome.calamity));
    m
}

/// Words for a check: "card 14: 21 vs TN 11, success, 2 bumps".
pub fn check_words(outcome: &CheckOutcome) -> String {
    let cards: Vec<String> = outcome.cards.iter().map(|c| c.to_string()).collect();
    let verdict = if outcome.calamity {
        "CALAMITY".to_string()
    } else if outcome.success {
        match outcome.bumps {
            0 => "success".to_string(),
            1 => "success, 1 bump".to_string(),
            b => format!("success, {b} bumps"),
        }
    } else {
        "failure".to_string()
    };
    format!(
        "card {}: {} vs TN {}, {verdict}",
        cards.join("+"),
        outcome.result,
        outcome.tn
    )
}
