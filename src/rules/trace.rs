//! The step-by-step record of a resolution: what a Judge would say aloud at the table.

use super::adjust::Limit;
use super::bonus::Spend;
use super::card::{CauseCell, EffectCell};
use super::die::{Die, Pool};
use serde::Serialize;
use std::fmt;

/// Why a card was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Draw {
    /// The one resolution card.
    Resolution,
    /// Card hacking: the card for the cause section.
    Cause,
    /// Card hacking: the card for hit location and penetration.
    Location,
    /// Card hacking: the card for the effect section.
    Effect,
    /// Extends an exceptional result.
    Exceptional,
    /// Extends an increased effect.
    IncreasedEffect,
}

fn ser_cause<S: serde::Serializer>(cell: &CauseCell, s: S) -> Result<S::Ok, S::Error> {
    match cell {
        CauseCell::Value(v) => s.serialize_u32(*v),
        CauseCell::Calamity => s.serialize_str("C"),
    }
}

fn ser_die<S: serde::Serializer>(die: &Die, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(die.sides())
}

/// One step of a resolution. In JSON, dice are their number of sides and cause cells a
/// number or "C".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    Drew {
        card: u8,
        purpose: Draw,
    },
    RowAdjusted {
        from: Pool,
        to: Pool,
    },
    ReadCause {
        card: u8,
        row: u32,
        #[serde(serialize_with = "ser_die")]
        die: Die,
        #[serde(serialize_with = "ser_cause")]
        cell: CauseCell,
    },
    Calamity {
        card: u8,
        row: u32,
        #[serde(serialize_with = "ser_die")]
        die: Die,
    },
    ExceptionalChain {
        card: u8,
        row: u32,
        #[serde(serialize_with = "ser_die")]
        die: Die,
        #[serde(serialize_with = "ser_cause")]
        cell: CauseCell,
        total: u32,
        continues: bool,
    },
    Chose {
        row: u32,
        #[serde(serialize_with = "ser_die")]
        die: Die,
        value: u32,
    },
    DirectAdjusted {
        from: u32,
        to: u32,
    },
    Compared {
        result: u32,
        tn: u32,
        success: bool,
        bumps: u32,
    },
    Spent {
        spend: Spend,
        note: String,
    },
    NoMagnitude,
    ReadEffect {
        card: u8,
        rows: u32,
        #[serde(serialize_with = "ser_die")]
        die: Die,
        cell: EffectCell,
    },
    ColumnShifted {
        #[serde(serialize_with = "ser_die")]
        from: Die,
        #[serde(serialize_with = "ser_die")]
        to: Die,
        original: u32,
        shifted: EffectCell,
        limit: Limit,
    },
    IncreasedEffect {
        card: u8,
        rows: u32,
        #[serde(serialize_with = "ser_die")]
        die: Die,
        cell: EffectCell,
        total: u32,
        continues: bool,
    },
    Limited {
        from: u32,
        to: u32,
    },
    Victories {
        magnitude: u32,
        threshold: u32,
        victories: u32,
    },
    /// A step of a dice pool or a d20 test, in words.
    Dice(String),
}

fn mark(increased: bool) -> &'static str {
    if increased { " (increased effect)" } else { "" }
}

impl Step {
    /// The steps of the effect grid in words.
    fn fmt_effect(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |d: &Die| d.sides();
        match self {
            Step::ReadEffect {
                card,
                rows,
                die,
                cell,
            } => write!(
                f,
                "Effect grid of card {card}, ({rows}){}: {}{}.",
                s(die),
                cell.value,
                mark(cell.increased)
            ),
            Step::ColumnShifted {
                from,
                to,
                original,
                shifted,
                limit,
            } => {
                let bound = match limit {
                    Limit::AtMost(m) => format!("must stay below {original}: at most {m}"),
                    Limit::AtLeast(m) => format!("must beat {original}: at least {m}"),
                    Limit::None => String::new(),
                };
                write!(
                    f,
                    "Column shift {} to {}: {}{}; {bound}.",
                    s(from),
                    s(to),
                    shifted.value,
                    mark(shifted.increased)
                )
            }
            Step::IncreasedEffect {
                card,
                rows,
                die,
                cell,
                total,
                continues,
            } => write!(
                f,
                "Card {card}, ({rows}){} only: {}, total {total}{}.",
                s(die),
                cell.value,
                if *continues {
                    "; increased again, draw another"
                } else {
                    ""
                }
            ),
            Step::Limited { from, to } => write!(f, "The column shift limits {from} to {to}."),
            Step::Victories {
                magnitude,
                threshold,
                victories,
            } => write!(
                f,
                "Magnitude {magnitude}: {} at {threshold} each, {} lost.",
                super::words::count(*victories, "victory", "victories"),
                magnitude - victories * threshold
            ),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |d: &Die| d.sides();
        match self {
            Step::Drew { card, purpose } => {
                let why = match purpose {
                    Draw::Resolution => "the resolution card",
                    Draw::Cause => "the cause card",
                    Draw::Location => "the hit-location card",
                    Draw::Effect => "the effect card",
                    Draw::Exceptional => "to extend the exceptional result",
                    Draw::IncreasedEffect => "for the increased effect",
                };
                write!(f, "Drew card {card}: {why}.")
            }
            Step::RowAdjusted { from, to } => write!(f, "Row adjustment: {from} becomes {to}."),
            Step::ReadCause {
                card,
                row,
                die,
                cell,
            } => {
                let ex = if cell.is_exceptional(*die) {
                    " (exceptional)"
                } else {
                    ""
                };
                write!(f, "Card {card}, cell {row}-{}: {cell}{ex}.", s(die))
            }
            Step::Calamity { card, row, die } => write!(
                f,
                "Calamity! The exact cell {row}-{} of resolution card {card} is C: the check fails.",
                s(die)
            ),
            Step::ExceptionalChain {
                card,
                row,
                die,
                cell,
                total,
                continues,
            } => write!(
                f,
                "Card {card}, cell {row}-{} only: {cell}, total {total}{}.",
                s(die),
                if *continues {
                    "; exceptional again, draw another"
                } else if cell.is_calamity() {
                    " (C counts 0 and ends the chain; it is no calamity off the resolution card)"
                } else {
                    ""
                }
            ),
            Step::Chose { row, die, value } => {
                write!(f, "Chose {value}, from the {row}-{} cell.", s(die))
            }
            Step::DirectAdjusted { from, to } => {
                write!(f, "Direct adjustment: {from} becomes {to}.")
            }
            Step::Compared {
                result,
                tn,
                success,
                bumps,
            } => {
                if *success {
                    write!(
                        f,
                        "{result} against TN {tn}: success, {}.",
                        super::words::count(*bumps, "bump", "bumps")
                    )
                } else {
                    write!(f, "{result} against TN {tn}: failure.")
                }
            }
            Step::Spent { spend, note } => {
                write!(f, "Bonus counter spent, {}: {note}.", spend.name())
            }
            Step::NoMagnitude => write!(f, "Without a success, no magnitude is generated."),
            Step::Dice(words) => write!(f, "{words}"),
            effect => effect.fmt_effect(f),
        }
    }
}
