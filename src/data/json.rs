//! The JSON interface (docs/json.md): the deck and check outcomes.

use crate::rules::card::{Card, CauseCell, Direction, Toggle};
use crate::rules::check::CheckOutcome;
use crate::rules::die::Die;
use serde_json::{Value, json};

fn cause_cell(cell: CauseCell, die: Die) -> Value {
    match cell {
        CauseCell::Calamity => json!("C"),
        CauseCell::Value(v) => json!({ "value": v, "exceptional": cell.is_exceptional(die) }),
    }
}

/// One card: `number`, `cause` and `effect` (5 rows, row 1 first, each 5 cells in column order
/// 4, 6, 8, 10, 12), and the other sections.
pub fn card(card: &Card) -> Value {
    let cause: Vec<Vec<Value>> = card
        .cause
        .iter()
        .map(|row| {
            Die::ALL
                .iter()
                .map(|&d| cause_cell(row[d.column()], d))
                .collect()
        })
        .collect();
    let effect: Vec<Vec<Value>> = card
        .effect
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| json!({ "value": c.value, "increased": c.increased }))
                .collect()
        })
        .collect();
    let location: Vec<Value> = card
        .location
        .iter()
        .map(|e| {
            let dir = match e.dir {
                Direction::Up => Value::from("up"),
                Direction::Down => Value::from("down"),
                Direction::Standard => Value::Null,
            };
            json!({ "loc": e.location.name(), "bumps": e.bumps, "dir": dir })
        })
        .collect();
    json!({
        "number": card.number,
        "cause": cause,
        "effect": effect,
        "location": location,
        "shield": card.shield,
        "scatter": card.scatter,
        "step": card.step,
        "fragment": card.fragment,
        "toggle": match card.toggle { Toggle::Yes => "YES", Toggle::No => "NO" },
        "burst": card.burst.iter().map(|b| json!({"value": b.value, "hits": b.hits})).collect::<Vec<_>>(),
        "unintended": card.unintended,
        "wrench": card.wrench,
        "corner": card.corner,
    })
}

pub fn deck(cards: &[Card]) -> Value {
    Value::Array(cards.iter().map(card).collect())
}

/// A check outcome: `cards`, `tn`, `result`, `success`, `bumps`, `calamity`, `exceptional`,
/// and for complex checks `magnitude` and `victories`; `trace` holds the steps.
pub fn outcome(o: &CheckOutcome) -> Value {
    let mut v = json!({
        "cards": o.cards,
        "tn": o.tn,
        "result": o.result,
        "success": o.success,
        "bumps": o.bumps,
        "calamity": o.calamity,
        "exceptional": o.exceptional,
        "trace": o.trace.iter().map(|s| {
            let mut step = serde_json::to_value(s).expect("steps serialize");
            step["text"] = Value::from(s.to_string());
            step
        }).collect::<Vec<_>>(),
    });
    if let (Some(m), Some(w)) = (o.magnitude, o.victories) {
        v["magnitude"] = json!(m);
        v["victories"] = json!(w);
        v["increased"] = json!(o.increased);
    }
    if let (Some(r), true) = (&o.resolution, o.magnitude.is_some()) {
        v["hit_location"] = json!(r.location.standard_location().name());
    }
    v
}
