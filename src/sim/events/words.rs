//! The events in words: the combat log and `tarnation sim` (the `text` of each event).

use super::{Consequence, MatchEvent, Recovered};
use crate::rules::counter::Setback;
use crate::sim::log::check_words;

impl MatchEvent {
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
                rider,
                paces,
                to: (c, r),
                ..
            } => format!(
                "{}{} moves {} to {c},{r}",
                mount,
                ridden_by(mount, rider.as_deref()),
                crate::rules::words::count(*paces, "pace", "paces")
            ),
            MatchEvent::MountHalted { mount, rider, by } => {
                let who = rider.as_deref().unwrap_or("the rider");
                format!(
                    "{mount}{} is halted by {by}: {who} must steer and spur it on",
                    ridden_by(mount, rider.as_deref())
                )
            }
            MatchEvent::GiveUp {
                hero,
                action,
                lost,
                why,
                reason,
            } => format!(
                "{hero} gives up {action} ({why}): the {} spent on it are lost{}",
                crate::rules::words::count(*lost, "AP", "AP"),
                why_words(reason)
            ),
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
            MatchEvent::StrayShatters { object, .. } => {
                format!("A stray shot shatters the {object}")
            }
            MatchEvent::HitHandToHand { hero } => {
                format!("{hero} was hit hand to hand: no aim, a snap shot")
            }
            MatchEvent::Broken { hero, weapon } => format!("{hero}'s {weapon} breaks on the block"),
            MatchEvent::FreeAttack { why, hero, ap } => {
                format!("{why}: {hero} gets a free quick attack ({ap} AP)")
            }
            MatchEvent::BattleOver { winner, why } => crate::rules::words::verdict(winner, why),
            MatchEvent::Counter(c) => counter_words(c),
            MatchEvent::Arrives {
                hero,
                at: (c, r),
                counter,
            } => format!("{hero} arrives at {c},{r}: '{counter}' is full"),
            MatchEvent::Shot(r) => r.words.clone(),
            MatchEvent::Blow(r) => r.words.clone(),
            MatchEvent::OutOfReach(r) => r.words(),
            MatchEvent::Bystander(r) => r.words.clone(),
            MatchEvent::Discharge(r) => r.words.clone(),
            MatchEvent::CloseCalamity(r) => r.words.clone(),
            MatchEvent::Escape(r) => r.words.clone(),
            MatchEvent::Bonus(r) => r.words.clone(),
            MatchEvent::SpeedLoad(r) => r.words.clone(),
            MatchEvent::Medicine(r) => r.words.clone(),
            MatchEvent::Skill(r) => r.words.clone(),
            MatchEvent::Bravery(r) => r.words.clone(),
            _ => unreachable!("action time's events are worded in text()"),
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
        Consequence::Setback { objective, how } => {
            let cost = match how {
                Setback::TemporarySlot => "one more victory to win back first",
                Setback::SlotEmptied => "a victory already won is undone",
                Setback::Owed => "the next victory won is lost",
            };
            format!("CALAMITY: {hero}'s work on '{objective}' goes wrong: a setback, {cost}")
        }
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

/// The computer's reason after a declaration's words: `. Why: ...`.
fn why_words(reason: &Option<String>) -> String {
    reason
        .as_ref()
        .map_or(String::new(), |r| format!(". Why: {r}"))
}

/// "; the 2 other AP in front are lost" when tokens in front beyond the cost are lost (an
/// action removes every token in front: a play-test asked what "(1 AP lost)" meant).
pub(crate) fn lost_words(lost: u32) -> String {
    match lost {
        0 => String::new(),
        1 => "; the 1 other AP in front is lost".to_string(),
        n => format!("; the {n} other AP in front are lost"),
    }
}

/// "Counter 'The fire' (defeat): +7 (1d10: 7) for the round's end: 2 of 6 slots filled".
fn counter_words(c: &super::CounterFilled) -> String {
    if c.counter_kind == crate::rules::counter::CounterKind::Inventory {
        let held = if c.items.is_empty() {
            "nothing".to_string()
        } else {
            c.items.join(", ")
        };
        return format!(
            "Counter '{}' (inventory): {}: {} of {} slots filled ({held})",
            c.counter, c.why, c.filled, c.slots
        );
    }
    let rolled = if c.rolled.is_empty() {
        String::new()
    } else {
        let dice: Vec<String> = c.rolled.iter().map(u32::to_string).collect();
        format!(" ({}d10: {})", c.rolled.len(), dice.join(", "))
    };
    let lost = if c.temporary_lost > 0 {
        format!(", {} temporary lost", c.temporary_lost)
    } else {
        String::new()
    };
    // How the points fill slots, where a slot holds more than one (a play-test read "+4"
    // beside "2 of 10" and "+5" beside "1 of 10", and could not tell points from slots).
    let filling = if c.per_slot > 1 && c.points > 0 {
        format!(
            ", filling {} ({} points a slot; a part fills one)",
            crate::rules::words::count(c.points.div_ceil(c.per_slot), "slot", "slots"),
            c.per_slot
        )
    } else {
        String::new()
    };
    let mut words = format!(
        "Counter '{}' ({}): +{}{rolled} for {}{filling}: {} of {} slots filled{lost}",
        c.counter,
        c.counter_kind.name(),
        c.points,
        c.why,
        c.filled,
        c.slots
    );
    if c.complete {
        words.push_str(": full");
        if let Some(full) = &c.full {
            words.push_str(&format!(": {full}"));
        }
    }
    words
}

/// ", Tom Pickett riding" after a mount's name, so a log line of the mount says whose it is;
/// nothing when the mount's name already names its rider ("Chucho's mustang") or it has none.
fn ridden_by(mount: &str, rider: Option<&str>) -> String {
    match rider {
        Some(rider) => {
            let first = rider.split_whitespace().next().unwrap_or(rider);
            if mount.contains(first) {
                String::new()
            } else {
                format!(" ({rider} riding)")
            }
        }
        None => String::new(),
    }
}
