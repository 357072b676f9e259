//! Writing the match log (`model::MatchLog`): every resolution and state change of action time, in order. The window
//! shows it as the combat log; `tarnation sim` prints it in words or as JSON lines.

use super::model::{MatchLog, Recorder, RoundState};
use super::query::hero_name;
use crate::rules::check::{CheckOutcome, Resolution};
use crate::rules::trace::Step;
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
    // Recording for the replay viewer: the map as this event leaves it.
    if world.contains_resource::<Recorder>() {
        let frame = super::query::frame(world);
        world.resource_mut::<Recorder>().0.push(frame);
    }
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
    system_fields(&mut m, outcome);
    m
}

/// The system that resolved a check, and its dice: `system`; for dice pools and d20 `dice`
/// (every die, in the order dealt), `special` (a d20 special outcome) and `will_spent`.
pub fn system_fields(m: &mut Map<String, Value>, outcome: &CheckOutcome) {
    m.insert("system".into(), json!(outcome.system.key()));
    // The cells the check read on its cards, for the card view: each cause cell, each link of
    // an exceptional chain, a calamity's exact cell, and the row chosen.
    let read: Vec<Value> = outcome.trace.iter().filter_map(read_cell).collect();
    if !read.is_empty() {
        m.insert("read".into(), Value::Array(read));
    }
    if outcome.system != Resolution::ActionDeck {
        m.insert("dice".into(), json!(outcome.dice));
        if let Some(special) = outcome.special {
            m.insert("special".into(), json!(special));
        }
        if outcome.will_spent {
            m.insert("will_spent".into(), json!(true));
        }
    }
}

/// A cell the check read, as its trace step's JSON (`{"step": "read_cause", "card": 14, ...}`),
/// built directly: every check of every match writes these.
fn read_cell(step: &Step) -> Option<Value> {
    let cell = |c: &crate::rules::card::CauseCell| match c {
        crate::rules::card::CauseCell::Value(v) => json!(v),
        crate::rules::card::CauseCell::Calamity => json!("C"),
    };
    let mut m = Map::new();
    match step {
        Step::ReadCause {
            card,
            row,
            die,
            cell: c,
        } => {
            m.insert("step".into(), json!("read_cause"));
            m.insert("card".into(), json!(card));
            m.insert("row".into(), json!(row));
            m.insert("die".into(), json!(die.sides()));
            m.insert("cell".into(), cell(c));
        }
        Step::Calamity { card, row, die } => {
            m.insert("step".into(), json!("calamity"));
            m.insert("card".into(), json!(card));
            m.insert("row".into(), json!(row));
            m.insert("die".into(), json!(die.sides()));
        }
        Step::ExceptionalChain {
            card,
            row,
            die,
            cell: c,
            total,
            continues,
        } => {
            m.insert("step".into(), json!("exceptional_chain"));
            m.insert("card".into(), json!(card));
            m.insert("row".into(), json!(row));
            m.insert("die".into(), json!(die.sides()));
            m.insert("cell".into(), cell(c));
            m.insert("total".into(), json!(total));
            m.insert("continues".into(), json!(continues));
        }
        Step::Chose { row, die, value } => {
            m.insert("step".into(), json!("chose"));
            m.insert("row".into(), json!(row));
            m.insert("die".into(), json!(die.sides()));
            m.insert("value".into(), json!(value));
        }
        _ => return None,
    }
    Some(Value::Object(m))
}

/// Words for a check: "card 14: 21 vs TN 11, success, 2 bumps", "cards 14, 5: 21 vs TN 11,
/// success, 2 bumps" (the action deck), "dice
/// 5,6,2 against Interference 4: 1 success kept, success" (a pool), "d20 rolled 7 vs TN 12,
/// success" (d20).
pub fn check_words(outcome: &CheckOutcome) -> String {
    format!(
        "{}, {}",
        roll_words(outcome, &outcome.cards, "TN"),
        verdict(outcome)
    )
}

/// The roll of a check without its verdict, `cards` being the cards it drew and `against` what
/// the action deck's result is held against ("TN", "defense").
pub fn roll_words(outcome: &CheckOutcome, cards: &[u8], against: &str) -> String {
    let list = |v: &[u32]| {
        v.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    match outcome.system {
        // The cards by their numbers, listed, not summed: "cards 1, 10, 20, 38: 25 vs TN 6"
        // (a play-test read "card 1+10+20+38: 25" as a sum that did not add up).
        Resolution::ActionDeck => {
            let numbers: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
            let drawn = match cards.len() {
                // A later blow of a series reads the cards the first drew.
                0 => "the same cards".to_string(),
                1 => format!("card {}", numbers[0]),
                _ => format!("cards {}", numbers.join(", ")),
            };
            format!("{drawn}: {} vs {against} {}", outcome.result, outcome.tn)
        }
        Resolution::DicePool => {
            let n = outcome.result;
            let kept = format!("{n} success{} kept", if n == 1 { "" } else { "es" });
            match &outcome.pool_dice {
                Some(d) => {
                    let mut s = format!("dice {}", list(&d.check));
                    if !d.interference.is_empty() {
                        s.push_str(&format!(" against Interference {}", list(&d.interference)));
                    }
                    if !d.will.is_empty() {
                        s.push_str(&format!(", Will {}", list(&d.will)));
                    }
                    format!("{s}: {kept}")
                }
                None => format!("dice {}: {kept}", list(&outcome.dice)),
            }
        }
        Resolution::D20 => {
            let special = outcome
                .special
                .map_or(String::new(), |s| format!(" ({})", s.replace('_', " ")));
            format!(
                "d20 rolled {} vs TN {}{special}",
                outcome.result, outcome.tn
            )
        }
    }
}

fn verdict(outcome: &CheckOutcome) -> String {
    if outcome.calamity {
        "CALAMITY".to_string()
    } else if outcome.success {
        match outcome.bumps {
            0 => "success".to_string(),
            1 => "success, 1 bump".to_string(),
            b => format!("success, {b} bumps"),
        }
    } else {
        "failure".to_string()
    }
}

/// Kind-specific fields from pairs.
pub fn fields(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::CauseCell;
    use crate::rules::die::Die;

    /// The cells read, built by hand, are exactly the trace steps' own JSON.
    #[test]
    fn a_cell_read_is_its_step_s_json() {
        let steps = [
            Step::ReadCause {
                card: 14,
                row: 2,
                die: Die::D8,
                cell: CauseCell::Value(7),
            },
            Step::ReadCause {
                card: 3,
                row: 1,
                die: Die::D4,
                cell: CauseCell::Calamity,
            },
            Step::Calamity {
                card: 19,
                row: 3,
                die: Die::D6,
            },
            Step::ExceptionalChain {
                card: 25,
                row: 1,
                die: Die::D12,
                cell: CauseCell::Value(12),
                total: 24,
                continues: true,
            },
            Step::Chose {
                row: 2,
                die: Die::D10,
                value: 9,
            },
        ];
        for step in &steps {
            assert_eq!(
                read_cell(step),
                Some(serde_json::to_value(step).unwrap()),
                "{step:?}"
            );
        }
        assert_eq!(read_cell(&Step::NoMagnitude), None);
    }
}
