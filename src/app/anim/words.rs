//! The words over a figure a shot or a blow reached: where it hit and what it did, or what
//! stopped it.

mod room;
pub use room::*;

use crate::sim::model::{LogEvent, MatchLog};
use bevy::prelude::*;

/// "left arm: 7 wounds, 5 Conc" from a shot or blow's event in the log (`attack_at`), the wound
/// track it counts on beside a location of the torso ("belly (torso): 2 wounds", as the panel
/// counts it); a blow blocked or turned aside says so ("blocked", "deflected"), a shot that met
/// cover says what the cover did ("deflected off the cover", "... cover ablated"); "miss"
/// otherwise.
pub fn hit_words(event: Option<&LogEvent>, hit: bool) -> String {
    let (block, cover) = block_and_cover(event);
    if !hit {
        return match (block, cover) {
            (Some("blocked"), _) => "blocked".into(),
            (Some("deflected"), _) => "deflected".into(),
            (_, Some("D")) => "deflected off the cover".into(),
            _ => "miss".into(),
        };
    }
    let Some(e) = event else {
        return "hit".into();
    };
    if cover == Some("D") {
        return "deflected off the cover".into();
    }
    let field = |k: &str| e.fields.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
    let location = e
        .fields
        .get("location")
        .and_then(|v| v.as_str())
        .unwrap_or("hit");
    let mut words = location_and_track(location);
    let (wounds, conc) = (field("wounds"), field("conc"));
    if wounds > 0 {
        words.push_str(&format!(
            ": {wounds} wound{}",
            if wounds == 1 { "" } else { "s" }
        ));
        // More than a location's boxes hold: its track shows them full (a play-test read
        // "head: 7 wounds" over the figure and "head 5" on its card).
        let boxes = crate::rules::damage::DISABLING_WOUND;
        if u32::try_from(wounds).is_ok_and(|w| w > boxes) {
            words.push_str(&format!(" (its {boxes} boxes full)"));
        }
    }
    if conc > 0 {
        words.push_str(&format!(", {conc} Conc"));
    }
    if cover == Some("A") {
        words.push_str(" (through the cover, ablated)");
    }
    if block == Some("failed") {
        words.push_str(" (the block failed)");
    }
    if let Some(fate) = e.fields.get("fate").and_then(|v| v.as_str())
        && fate != "standing"
    {
        words.push_str(&format!("\n{}", fate.to_uppercase()));
    }
    words
}

/// What a shot or blow's event did beyond its words: it glanced off (cover, or a block that
/// turned it aside: the words say "deflected"), or it put the figure down (unconscious or
/// killed: the words say so in capitals).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Struck {
    pub glanced: bool,
    pub fell: bool,
}

/// The words over the target of a shot or a blow, and their colour: a hit names whom it hit
/// (words clamped inside the view can stand away from the figure: a play-test read "right
/// leg: 1 wound" with nobody under it), in the hit's colour; a miss in white. Live play's and
/// the replay viewer's.
pub fn over_the_target(
    event: Option<&LogEvent>,
    target: &str,
    hit: bool,
    palette: &crate::app::layout::Palette,
) -> (String, Color) {
    match hit_words(event, hit) {
        w if hit && !target.is_empty() => (format!("{target}, {w}"), palette.hit.lighter(0.15)),
        w if hit => (w, palette.hit.lighter(0.15)),
        w => (w, Color::WHITE),
    }
}

pub fn struck(event: Option<&LogEvent>, hit: bool) -> Struck {
    let (block, cover) = block_and_cover(event);
    let deflected = cover == Some("D");
    let fate = event
        .and_then(|e| e.fields.get("fate"))
        .and_then(|v| v.as_str());
    Struck {
        glanced: if hit {
            deflected
        } else {
            block == Some("deflected") || (block != Some("blocked") && deflected)
        },
        fell: hit
            && event.is_some()
            && !deflected
            && matches!(fate, Some("killed" | "unconscious")),
    }
}

/// Whether the newest shot or blow at `target` in the log met a block (blocked or deflected).
pub(super) fn met_a_block(log: &MatchLog, target: &str) -> bool {
    block_and_cover(attack_at(log, target, 0)).0.is_some()
}

/// A shot or blow at the target in the log: the newest with `later` newer ones at it after (two
/// blows at one figure resolved in one frame each say their own words, not the newest's twice).
pub fn attack_at<'a>(log: &'a MatchLog, target: &str, later: usize) -> Option<&'a LogEvent> {
    log.events
        .iter()
        .rev()
        .filter(|e| {
            (e.kind == "shot" || e.kind == "melee")
                && e.fields.get("target").and_then(|t| t.as_str()) == Some(target)
        })
        .nth(later)
}

/// What a block did to it, and what the cover did (`D`: deflected, `A`: ablated).
fn block_and_cover(event: Option<&LogEvent>) -> (Option<&str>, Option<&str>) {
    let block = event
        .and_then(|e| e.fields.get("block"))
        .and_then(|b| b.get("outcome"))
        .and_then(|o| o.as_str());
    let cover = event
        .and_then(|e| e.fields.get("penetration"))
        .and_then(|p| p.as_str());
    (block, cover)
}

/// A location hit and the wound track it counts on, when they differ: "belly (torso)".
pub fn location_and_track(location: &str) -> String {
    use crate::rules::card::Location;
    use crate::rules::damage::BodyPart;
    match Location::ALL.iter().find(|l| l.name() == location) {
        Some(l) if BodyPart::of(*l).name() != location => {
            format!("{location} ({})", BodyPart::of(*l).name())
        }
        _ => location.to_string(),
    }
}

/// A line of the log as the window shows it: each location hit named with the wound track it
/// counts on where they differ ("in the belly (torso)"), as the floating words and the cards
/// name it. The match log itself keeps the rulebook's location (its digests stay).
pub fn with_tracks(line: &str) -> String {
    use crate::rules::card::Location;
    let mut out = line.to_string();
    for l in Location::ALL {
        let named = location_and_track(l.name());
        if named == l.name() {
            continue;
        }
        let from = format!("in the {}", l.name());
        let mut at = 0;
        while let Some(found) = out[at..].find(&from) {
            let end = at + found + from.len();
            // The whole word ("in the chest", not "in the chestnut"), not named already.
            let rest = &out[end..];
            if rest.starts_with(|c: char| c.is_alphanumeric()) || rest.starts_with(" (") {
                at = end;
                continue;
            }
            let with = format!("in the {named}");
            out.replace_range(at + found..end, &with);
            at = at + found + with.len();
        }
    }
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::{attack_at, hit_words, location_and_track};
    use crate::sim::model::{LogEvent, MatchLog};

    /// A log of one event of `kind` by Hank at Dave, with these fields (also the steps' tests').
    pub(in crate::app::anim) fn log_of(kind: &str, fields: serde_json::Value) -> MatchLog {
        let mut fields = fields.as_object().unwrap().clone();
        fields.insert("target".into(), "Dave Perkins".into());
        MatchLog {
            events: vec![LogEvent {
                round: 1,
                segment: 5,
                actor: Some("Hank Daggett".into()),
                kind: kind.into(),
                text: String::new(),
                fields,
            }],
        }
    }

    /// The words over a target say what stopped a blow or a shot: a block, a block that
    /// turned it aside, cover that deflected it; a hit through cover says it was ablated.
    #[test]
    fn the_words_say_what_stopped_the_attack() {
        use serde_json::json;
        let blocked = log_of(
            "melee",
            json!({"hit": false, "block": {"outcome": "blocked"}}),
        );
        assert_eq!(
            hit_words(attack_at(&blocked, "Dave Perkins", 0), false),
            "blocked"
        );
        let turned = log_of(
            "melee",
            json!({"hit": false, "block": {"outcome": "deflected"}}),
        );
        assert_eq!(
            hit_words(attack_at(&turned, "Dave Perkins", 0), false),
            "deflected"
        );
        let missed = log_of("melee", json!({"hit": false, "block": null}));
        assert_eq!(
            hit_words(attack_at(&missed, "Dave Perkins", 0), false),
            "miss"
        );
        let cover = log_of(
            "shot",
            json!({"hit": true, "penetration": "D", "location": "chest"}),
        );
        assert_eq!(
            hit_words(attack_at(&cover, "Dave Perkins", 0), true),
            "deflected off the cover"
        );
        let through = log_of(
            "shot",
            json!({"hit": true, "penetration": "A", "location": "left leg", "wounds": 2}),
        );
        assert_eq!(
            hit_words(attack_at(&through, "Dave Perkins", 0), true),
            "left leg: 2 wounds (through the cover, ablated)"
        );
        let through_the_track = log_of(
            "shot",
            json!({"hit": true, "location": "head", "wounds": 7, "fate": "killed"}),
        );
        assert_eq!(
            hit_words(attack_at(&through_the_track, "Dave Perkins", 0), true),
            "head: 7 wounds (its 5 boxes full)\nKILLED"
        );
        let failed = log_of(
            "melee",
            json!({"hit": true, "block": {"outcome": "failed"}, "location": "head", "conc": 3, "fate": "stunned"}),
        );
        assert_eq!(
            hit_words(attack_at(&failed, "Dave Perkins", 0), true),
            "head, 3 Conc (the block failed)\nSTUNNED"
        );
    }

    #[test]
    fn the_stack_fee_says_why_over_its_hero() {
        let log = log_of("stack_fee", serde_json::json!({ "from_pool": true }));
        let words = crate::app::anim::step_words(&log.events[0]).unwrap();
        assert_eq!(words, "+1 AP: stack fee\n(actions already due)");
        let log = log_of("stack_fee", serde_json::json!({ "from_pool": false }));
        let words = crate::app::anim::step_words(&log.events[0]).unwrap();
        assert!(words.starts_with("+1 AP next round: stack fee"), "{words}");
        assert_eq!(
            crate::app::anim::step_words(&log_of("shot", serde_json::json!({})).events[0]),
            None
        );
    }

    /// An item carried out is said over its carrier, with the counter it fills; other
    /// counters' events say nothing over the map.
    #[test]
    fn the_loot_carried_out_is_said_over_its_carrier() {
        let step = |fields| crate::app::anim::step_words(&log_of("counter", fields).events[0]);
        let out = serde_json::json!({
            "why": "an item Laroq gang carried out", "counter": "Out of Red Rock",
            "filled": 1, "slots": 2,
        });
        assert_eq!(
            step(out).as_deref(),
            Some("Hank Daggett carries the loot out\nOut of Red Rock: 1 of 2")
        );
        let taken = serde_json::json!({
            "why": "the strongbox taken by Hank Daggett", "counter": "The takings",
            "filled": 1, "slots": 2,
        });
        assert_eq!(step(taken), None);
    }

    /// The same wound reads alike on the map and on the panel: a hit in the belly counts on
    /// the torso's track (issue 24).
    #[test]
    fn a_location_names_the_wound_track_it_counts_on() {
        assert_eq!(
            super::with_tracks("Cyril hits Miranda in the belly: effect 3; a stray in the chest"),
            "Cyril hits Miranda in the belly (torso): effect 3; a stray in the chest (torso)"
        );
        assert_eq!(
            super::with_tracks("in the vitals (torso), in the head, in the left arm"),
            "in the vitals (torso), in the head, in the left arm"
        );
        assert_eq!(location_and_track("belly"), "belly (torso)");
        assert_eq!(location_and_track("vitals"), "vitals (torso)");
        assert_eq!(location_and_track("chest"), "chest (torso)");
        assert_eq!(location_and_track("left arm"), "left arm");
        assert_eq!(location_and_track("head"), "head");
    }

    /// Two blows at one figure in one frame: the earlier says its own words, not the newest's.
    #[test]
    fn each_attack_of_a_frame_says_its_own_words() {
        use serde_json::json;
        let mut log = log_of("melee", json!({"hit": true, "location": "head", "conc": 3}));
        let newer = log_of("melee", json!({"hit": false, "block": null}));
        log.events.extend(newer.events);
        assert_eq!(hit_words(attack_at(&log, "Dave Perkins", 0), false), "miss");
        assert_eq!(
            hit_words(attack_at(&log, "Dave Perkins", 1), true),
            "head, 3 Conc"
        );
        assert_eq!(attack_at(&log, "Dave Perkins", 2), None);
        assert_eq!(attack_at(&log, "Hank Daggett", 0), None);
    }
}
