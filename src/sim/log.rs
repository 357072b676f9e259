//! Writing the match log (`model::MatchLog`): every resolution and state change of action time, in order. The window
//! shows it as the combat log; `tarnation sim` prints it in words or as JSON lines.

use super::model::{MatchLog, RoundState};
use super::query::hero_name;
use crate::rules::check::CheckOutcome;
use bevy::prelude::*;
use serde_json::{Map, Value, json};

/// Record an event now (the round and segment of the match), by `actor` if any.
pub fn log_event(
    world: &mut World,
    actor: Option<Entity>,
    kind: &str,
    text: String,
    fields: Map<String, Value>,
) {
    let now = world
        .get_resource::<RoundState>()
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

/// Kind-specific fields from pairs.
pub fn fields(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}
