//! What happens in a match, typed: one variant for each `kind` of the match log
//! (docs/json.md), each built here once, its words (the combat log, `tarnation sim`) and its
//! JSON fields (`sim --json`) made from the same values. `record` writes it to the match log.
//!
//! The attacks' own events (`shot`, `melee`, `escape`, hits of strays and blasts, ...) and the
//! checks of some actions carry the words and fields their reports build, typed by their kind
//! (`Reported`): the next step is to type their contents as the rest are.

use super::log::{check_fields, check_words, fields, log_event};
use super::model::StackLine;
use crate::rules::check::CheckOutcome;
use bevy::prelude::*;
use serde_json::{Map, Value, json};

/// One event of the match log.
#[derive(Clone, Debug)]
pub enum MatchEvent {
    /// "Each combat round begins with an initiative step."
    RoundBegins { round: u32 },
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
    Paid { hero: String, action: String },
    /// The AP a hero pays to join the initiative stack.
    StackFee { hero: String, from_pool: bool },
    /// The parts of a hero's stack bonus.
    StackBonus {
        hero: String,
        gear: i32,
        wounds: i32,
        quick_draw: i32,
        bonus: i32,
    },
    /// The hero declares nothing more this round.
    Hold { hero: String },
    /// The initiative stack's order.
    Stack { order: Vec<StackLine> },
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
    DownBeforeResolving { hero: String, action: String },
    /// A mount's share of its movement this segment.
    ContinuousMove {
        mount: String,
        paces: u32,
        to: (i32, i32),
        speed: u32,
    },
    /// A mount stopped by a wall, the map's edge or another figure.
    MountHalted { mount: String, by: String },
    /// An unpaid commitment at the end of the round.
    Lapsed { hero: String, action: String },
    /// The round ends: each hero's unused AP are lost.
    RoundEnd {
        round: u32,
        segment: u32,
        lost: Vec<(String, u32)>,
    },
    /// A check that could not be resolved (a bad request: never in a well-formed match).
    Error { why: String },
    /// A human player forgoes the snap shot its lost aim left.
    Forgo {
        hero: String,
        target: String,
        weapon: String,
    },
    /// What a calamity did beyond failing.
    Calamity { hero: String, what: Consequence },
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
    StrayShatters { object: String },
    /// "If the character was hit by a melee attack of any kind, they may not aim".
    HitHandToHand { hero: String },
    /// A weapon broken on a block.
    Broken { hero: String, weapon: String },
    /// A foe broke away, or a pinned foe's escape was a calamity: a free quick attack.
    FreeAttack { why: String, hero: String, ap: u32 },
    /// The match is decided.
    BattleOver { winner: String, why: String },
    /// An event the action's own report builds, words and fields (see `Reported`).
    Report(Report),
}

/// The events whose words and fields the actions' reports build (the attacks with every
/// field of their cards, the checks of the actions): typed by kind, their contents as the
/// report made them (`actions::ranged::report`, the melee and action modules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    Shot,
    Melee,
    Escape,
    OutOfReach,
    StrayHit,
    Blast,
    Discharge,
    MeleeCalamity,
    Bonus,
    SpeedLoad,
    Medicine,
    Skill,
    Bravery,
}

impl Reported {
    pub fn kind(self) -> &'static str {
        match self {
            Reported::Shot => "shot",
            Reported::Melee => "melee",
            Reported::Escape => "escape",
            Reported::OutOfReach => "out_of_reach",
            Reported::StrayHit => "stray_hit",
            Reported::Blast => "blast",
            Reported::Discharge => "discharge",
            Reported::MeleeCalamity => "calamity",
            Reported::Bonus => "bonus",
            Reported::SpeedLoad => "speed_load",
            Reported::Medicine => "medicine",
            Reported::Skill => "skill",
            Reported::Bravery => "bravery",
        }
    }
}

/// A report: its kind, words and fields.
#[derive(Clone, Debug)]
pub struct Report {
    pub of: Reported,
    pub text: String,
    pub fields: Map<String, Value>,
}

impl MatchEvent {
    /// An event an action's report built.
    pub fn report(of: Reported, text: String, fields: Map<String, Value>) -> MatchEvent {
        MatchEvent::Report(Report { of, text, fields })
    }
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
    Setback { objective: String },
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
            MatchEvent::Report(r) => r.of.kind(),
        }
    }

    /// The event in words, as the combat log and `tarnation sim` show it.
    pub fn text(&self) -> String {
        match self {
            MatchEvent::RoundBegins { round } => {
                format!("Round {round} begins: the initiative step")
            }
            MatchEvent::Initiative {
                hero,
                check,
                initiative,
                first_segment,
                ap,
                ..
            } => format!(
                "{hero}: Quickness test, {}; IN {initiative} -> first token at segment \
                 {first_segment}, {ap} AP",
                check_words(check)
            ),
            MatchEvent::Recovery {
                hero,
                check,
                verdict,
            } => format!(
                "{hero} spends the round recovering: Fortitude, {}; {}",
                check_words(check),
                match verdict {
                    Recovered::Unconscious => "falls unconscious",
                    Recovered::ShakesOff => "shakes off the stun",
                    Recovered::StillStunned => "is still stunned",
                }
            ),
            MatchEvent::Declare {
                hero,
                action,
                ap,
                lost,
                reason,
            } => format!(
                "{hero} declares {action} ({ap} AP{}){}",
                lost_words(*lost),
                why_words(reason)
            ),
            MatchEvent::Commit {
                hero,
                action,
                ap,
                paid,
                reason,
            } => format!(
                "{hero} declares {action} ({ap} AP) and pays {paid} AP toward it{}",
                why_words(reason)
            ),
            MatchEvent::Paid { hero, action } => format!("{hero} has paid for {action}"),
            MatchEvent::StackFee { hero, from_pool } => {
                let whence = if *from_pool {
                    "from the pool"
                } else {
                    "from next round's AP"
                };
                format!("{hero} joins the initiative stack: 1 AP {whence}")
            }
            MatchEvent::StackBonus {
                hero,
                gear,
                wounds,
                quick_draw,
                bonus,
            } => format!(
                "{hero}: stack bonus {bonus:+} (gear {gear:+}, wounds {wounds:+}, Quick Draw \
                 {quick_draw:+})"
            ),
            MatchEvent::Hold { hero } => {
                format!("{hero} holds: no more declarations this round")
            }
            MatchEvent::Stack { order } => {
                let words: Vec<String> = order
                    .iter()
                    .map(|l| {
                        format!(
                            "{} (card {}, Fragment {} {:+} = {})",
                            l.actor, l.card, l.fragment, l.bonus, l.total
                        )
                    })
                    .collect();
                format!("Initiative stack: {}", words.join(", then "))
            }
            MatchEvent::QuickDraw {
                hero,
                check,
                bonus,
                spent,
            } => format!(
                "{hero}: Quick Draw, {}; bonus {bonus} + {spent} AP",
                check_words(check)
            ),
            other => other.segment_text(),
        }
    }

    /// The words of the segment's events: rushing, resolution, mounts, the round's end.
    fn segment_text(&self) -> String {
        match self {
            MatchEvent::Rush {
                hero,
                action,
                ap,
                words,
                ..
            } => format!("{hero} rushes the {action} ({ap} AP): {words}"),
            MatchEvent::RushTax {
                hero,
                step,
                tax,
                from_pool,
                owed,
            } => {
                let owed_words = if *owed > 0 {
                    format!(", {owed} from next round's AP")
                } else {
                    String::new()
                };
                format!(
                    "{hero} pays the Rush Tax: Step {step}, {tax} AP ({from_pool} from the \
                     pool{owed_words})"
                )
            }
            MatchEvent::Resolve { words, .. } => words.clone(),
            MatchEvent::DownBeforeResolving { hero, action } => {
                format!("{hero} is down before the {action} resolves")
            }
            MatchEvent::ContinuousMove {
                mount,
                paces,
                to: (c, r),
                ..
            } => format!(
                "{mount} moves {} to {c},{r}",
                crate::rules::words::count(*paces, "pace", "paces")
            ),
            MatchEvent::MountHalted { mount, by } => {
                format!("{mount} is halted by {by}: the rider must steer and spur it on")
            }
            MatchEvent::Lapsed { hero, action } => {
                format!("{hero}'s {action} lapses unpaid: the AP spent on it are lost")
            }
            MatchEvent::RoundEnd { round, segment, .. } => {
                format!("Round {round} ends after segment {segment}: unused AP are lost")
            }
            MatchEvent::Error { why } => why.clone(),
            // The events of the actions (attacks, calamities, the end of the battle).
            other => other.action_text(),
        }
    }

    /// The words of the actions' events (`text` has action time's).
    fn action_text(&self) -> String {
        match self {
            MatchEvent::Forgo { hero, target, .. } => {
                format!("{hero} holds fire at {target}: no snap shot (the AP are spent)")
            }
            MatchEvent::Calamity { hero, what } => calamity_words(hero, what),
            MatchEvent::Landed {
                weapon,
                clock,
                step,
                at: (c, r),
            } => format!("The {weapon} misses and lands at {c},{r}: clock {clock}, {step} paces"),
            MatchEvent::StunCheck {
                hero,
                check,
                stunned,
            } => format!(
                "{hero}: Stun check (Fortitude), {}; {}",
                check_words(check),
                if *stunned { "stunned" } else { "keeps going" }
            ),
            MatchEvent::StrayShatters { object } => format!("A stray shot shatters the {object}"),
            MatchEvent::HitHandToHand { hero } => {
                format!("{hero} was hit hand to hand: no aim, a snap shot")
            }
            MatchEvent::Broken { hero, weapon } => format!("{hero}'s {weapon} breaks on the block"),
            MatchEvent::FreeAttack { why, hero, ap } => {
                format!("{why}: {hero} gets a free quick attack ({ap} AP)")
            }
            MatchEvent::BattleOver { winner, why } => {
                format!("{}: {why}", crate::rules::words::wins(winner))
            }
            MatchEvent::Report(r) => r.text.clone(),
            _ => unreachable!("action time's events are worded in text()"),
        }
    }

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

    /// The fields of the segment's events: rushing, resolution, mounts, the round's end.
    fn segment_fields(&self) -> Map<String, Value> {
        match self {
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
            MatchEvent::StrayShatters { object } => fields(&[("object", json!(object))]),
            MatchEvent::HitHandToHand { .. } => fields(&[("aim_kept", json!(false))]),
            MatchEvent::Broken { weapon, .. } => fields(&[("weapon", json!(weapon))]),
            MatchEvent::FreeAttack { .. } => Map::new(),
            MatchEvent::BattleOver { winner, why } => {
                fields(&[("winner", json!(winner)), ("why", json!(why))])
            }
            MatchEvent::Report(r) => r.fields.clone(),
            _ => unreachable!("action time's events have their fields in fields()"),
        }
    }
}

fn calamity_words(hero: &str, what: &Consequence) -> String {
    match what {
        Consequence::Jammed { weapon } => {
            format!("CALAMITY: {hero}'s {weapon} jams; it must be cleared (reload) to fire again")
        }
        Consequence::Slipped { weapon, at: (c, r) } => format!(
            "CALAMITY: the {weapon} slips from the hand and lands at the thrower's feet, {c},{r}"
        ),
        Consequence::Prone => {
            format!("CALAMITY: {hero} loses their nerve and throws themselves prone")
        }
        Consequence::Setback { objective } => format!(
            "CALAMITY: {hero}'s work on '{objective}' goes wrong: a setback, one more victory to \
             win back first"
        ),
        Consequence::DroppedShell { .. } => {
            format!("CALAMITY: {hero} fumbles the speed load: the shell is dropped, nothing loaded")
        }
        Consequence::OutForHours { target } => {
            format!("CALAMITY: {hero}'s medicine goes wrong: {target} is out for hours")
        }
        Consequence::TargetHit { target, .. } => {
            format!("CALAMITY: {hero}'s shot fired to miss finds {target} after all")
        }
    }
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
        Consequence::Setback { objective } => fields(&[
            ("objective", json!(objective)),
            ("consequence", json!("setback")),
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

/// The computer's reason after a declaration's words: `. Why: ...`.
fn why_words(reason: &Option<String>) -> String {
    reason
        .as_ref()
        .map_or(String::new(), |r| format!(". Why: {r}"))
}

/// A declaration's fields, with the computer's `reason` when it says one.
fn with_reason(mut f: Map<String, Value>, reason: &Option<String>) -> Map<String, Value> {
    if let Some(r) = reason {
        f.insert("reason".into(), json!(r));
    }
    f
}

/// ", 2 AP lost" when tokens in front beyond the cost are lost.
fn lost_words(lost: u32) -> String {
    if lost > 0 {
        format!(", {lost} AP lost")
    } else {
        String::new()
    }
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
    /// Kind, words and fields, the event consumed (a report's are moved, not copied).
    pub fn into_parts(self) -> (&'static str, String, Map<String, Value>) {
        match self {
            MatchEvent::Report(r) => (r.of.kind(), r.text, r.fields),
            event => (event.kind(), event.text(), event.fields()),
        }
    }
}
