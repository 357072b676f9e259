//! The events' own JSON fields (`tarnation sim --json`, docs/json.md).

use super::{Consequence, MatchEvent, Recovered};
use crate::rules::counter::{CounterKind, Setback};
use crate::sim::log::{check_fields, fields};
use serde_json::{Map, Value, json};

impl MatchEvent {
    /// The event's own JSON fields (beside `round`, `segment`, `actor`, `kind`, `text`).
    pub fn fields(&self) -> Map<String, Value> {
        match self {
            MatchEvent::RoundBegins { .. } | MatchEvent::Hold { .. } | MatchEvent::Error { .. } => {
                Map::new()
            }
            MatchEvent::Initiative {
                check,
                initiative,
                first_segment,
                ap,
                step,
                ..
            } => {
                let mut f = check_fields(check);
                f.insert("in".into(), json!(initiative));
                f.insert("first_segment".into(), json!(first_segment));
                f.insert("ap".into(), json!(ap));
                f.insert("step".into(), json!(step));
                f
            }
            MatchEvent::Recovery { check, verdict, .. } => {
                let mut f = check_fields(check);
                f.insert("recovered".into(), json!(*verdict == Recovered::ShakesOff));
                f
            }
            MatchEvent::Declare {
                action,
                ap,
                lost,
                reason,
                ..
            } => with_reason(
                fields(&[
                    ("action", json!(action)),
                    ("ap", json!(ap)),
                    ("lost", json!(lost)),
                ]),
                reason,
            ),
            MatchEvent::Commit {
                action,
                ap,
                paid,
                reason,
                ..
            } => with_reason(
                fields(&[
                    ("action", json!(action)),
                    ("ap", json!(ap)),
                    ("paid", json!(paid)),
                ]),
                reason,
            ),
            MatchEvent::Resolve { action, walk, .. } => {
                let mut f = fields(&[("action", json!(action))]);
                if let Some(w) = walk {
                    f.insert("paces".into(), json!(w.paces));
                    f.insert("ap".into(), json!(w.ap));
                    f.insert("to".into(), json!(w.to));
                }
                f
            }
            MatchEvent::Paid { action, .. }
            | MatchEvent::DownBeforeResolving { action, .. }
            | MatchEvent::Lapsed { action, .. } => fields(&[("action", json!(action))]),
            MatchEvent::StackFee { from_pool, .. } => fields(&[("from_pool", json!(from_pool))]),
            MatchEvent::StackBonus {
                gear,
                wounds,
                quick_draw,
                bonus,
                ..
            } => fields(&[
                ("gear", json!(gear)),
                ("wounds", json!(wounds)),
                ("quick_draw", json!(quick_draw)),
                ("bonus", json!(bonus)),
            ]),
            MatchEvent::Stack { order } => {
                fields(&[("order", serde_json::to_value(order).expect("lines"))])
            }
            MatchEvent::QuickDraw {
                check,
                bonus,
                spent,
                ..
            } => {
                let mut f = check_fields(check);
                f.insert("bonus".into(), json!(bonus + *spent as i32));
                f.insert("ap_spent".into(), json!(spent));
                f
            }
            other => other.segment_fields(),
        }
    }

    /// The fields of the segment's events: a commitment given up, rushing, resolution, mounts, the round's end.
    fn segment_fields(&self) -> Map<String, Value> {
        match self {
            MatchEvent::GiveUp {
                action,
                lost,
                why,
                reason,
                ..
            } => with_reason(
                fields(&[
                    ("action", json!(action)),
                    ("lost", json!(lost)),
                    ("why", json!(why)),
                ]),
                reason,
            ),
            MatchEvent::Rush {
                action,
                ap,
                from_track,
                rushed,
                ..
            } => fields(&[
                ("action", json!(action)),
                ("ap", json!(ap)),
                ("from_track", json!(from_track)),
                ("rushed", json!(rushed)),
            ]),
            MatchEvent::RushTax {
                step,
                tax,
                from_pool,
                owed,
                ..
            } => fields(&[
                ("step", json!(step)),
                ("tax", json!(tax)),
                ("from_pool", json!(from_pool)),
                ("owed", json!(owed)),
            ]),
            MatchEvent::ContinuousMove {
                mount,
                paces,
                to,
                speed,
                ..
            } => fields(&[
                ("mount", json!(mount)),
                ("paces", json!(paces)),
                ("to", json!(to)),
                ("speed", json!(speed)),
            ]),
            MatchEvent::MountHalted { mount, .. } => fields(&[("mount", json!(mount))]),
            MatchEvent::RoundEnd { lost, .. } => {
                let lost: Map<String, Value> = lost
                    .iter()
                    .map(|(name, ap)| (name.clone(), json!(ap)))
                    .collect();
                fields(&[("lost", Value::Object(lost))])
            }
            // The events of the actions (attacks, calamities, the end of the battle).
            other => other.action_fields(),
        }
    }

    /// The fields of the actions' events (`fields` has action time's).
    fn action_fields(&self) -> Map<String, Value> {
        match self {
            MatchEvent::Forgo { target, weapon, .. } => {
                fields(&[("target", json!(target)), ("weapon", json!(weapon))])
            }
            MatchEvent::Calamity { what, .. } => calamity_fields(what),
            MatchEvent::Landed {
                clock, step, at, ..
            } => fields(&[
                ("clock", json!(clock)),
                ("step", json!(step)),
                ("at", json!([at.0, at.1])),
            ]),
            MatchEvent::StunCheck { check, stunned, .. } => {
                let mut f = check_fields(check);
                f.insert("stunned".into(), json!(stunned));
                f
            }
            MatchEvent::StrayShatters { object, at } => {
                fields(&[("object", json!(object)), ("at", json!([at.0, at.1]))])
            }
            MatchEvent::HitHandToHand { .. } => fields(&[("aim_kept", json!(false))]),
            MatchEvent::Broken { weapon, .. } => fields(&[("weapon", json!(weapon))]),
            MatchEvent::FreeAttack { .. } => Map::new(),
            MatchEvent::BattleOver { winner, why } => {
                fields(&[("winner", json!(winner)), ("why", json!(why))])
            }
            MatchEvent::Arrives {
                at: (c, r),
                counter,
                ..
            } => fields(&[("at", json!([c, r])), ("counter", json!(counter))]),
            MatchEvent::Counter(c) => counter_fields(c),
            MatchEvent::Shot(r) => r.fields(),
            MatchEvent::Blow(r) => r.fields(),
            MatchEvent::OutOfReach(r) => r.fields(),
            MatchEvent::Bystander(r) => r.fields(),
            MatchEvent::Discharge(r) => r.fields(),
            MatchEvent::CloseCalamity(r) => r.fields(),
            MatchEvent::Escape(r) => r.fields(),
            MatchEvent::Bonus(r) => r.fields(),
            MatchEvent::SpeedLoad(r) => r.fields(),
            MatchEvent::Medicine(r) => r.fields(),
            MatchEvent::Skill(r) => r.fields(),
            MatchEvent::Bravery(r) => r.fields(),
            _ => unreachable!("action time's events have their fields in fields()"),
        }
    }
}

/// A counter's fields: its tally and why; an Inventory's items, another's dice and what a
/// full one did.
fn counter_fields(c: &super::CounterFilled) -> Map<String, Value> {
    let mut f = fields(&[
        ("counter", json!(c.counter)),
        ("counter_kind", json!(c.counter_kind.name())),
        ("points", json!(c.points)),
        ("filled", json!(c.filled)),
        ("slots", json!(c.slots)),
        ("complete", json!(c.complete)),
        ("why", json!(c.why)),
    ]);
    let more = if c.counter_kind == CounterKind::Inventory {
        fields(&[("items", json!(c.items))])
    } else {
        fields(&[
            ("rolled", json!(c.rolled)),
            ("temporary_lost", json!(c.temporary_lost)),
            ("full", json!(c.full)),
        ])
    };
    f.extend(more);
    f
}

fn calamity_fields(what: &Consequence) -> Map<String, Value> {
    match what {
        Consequence::Jammed { weapon } => {
            fields(&[("weapon", json!(weapon)), ("consequence", json!("jammed"))])
        }
        Consequence::Slipped { weapon, at } => fields(&[
            ("weapon", json!(weapon)),
            ("consequence", json!("slipped")),
            ("at", json!([at.0, at.1])),
        ]),
        Consequence::Prone => fields(&[("consequence", json!("prone"))]),
        Consequence::Setback {
            objective,
            how: Setback::TemporarySlot,
        } => fields(&[
            ("objective", json!(objective)),
            ("consequence", json!("setback")),
        ]),
        // No room for a temporary slot (decision 128): how the setback was taken.
        Consequence::Setback { objective, how } => fields(&[
            ("objective", json!(objective)),
            ("consequence", json!("setback")),
            (
                "setback",
                json!(match how {
                    Setback::SlotEmptied => "slot_emptied",
                    _ => "owed",
                }),
            ),
        ]),
        Consequence::DroppedShell { weapon } => fields(&[
            ("weapon", json!(weapon)),
            ("consequence", json!("dropped_shell")),
        ]),
        Consequence::OutForHours { target } => fields(&[
            ("consequence", json!("out_for_hours")),
            ("target", json!(target)),
        ]),
        Consequence::TargetHit { weapon, target } => fields(&[
            ("weapon", json!(weapon)),
            ("consequence", json!("target_hit")),
            ("target", json!(target)),
        ]),
    }
}

/// A declaration's fields, with the computer's `reason` when it says one.
fn with_reason(mut f: Map<String, Value>, reason: &Option<String>) -> Map<String, Value> {
    if let Some(r) = reason {
        f.insert("reason".into(), json!(r));
    }
    f
}
