//! The words over a figure a shot or a blow reached: where it hit and what it did, or what
//! stopped it.

use super::{Effect, Fade};
use crate::app::state::Screen;
use crate::sim::model::{LogEvent, MatchLog};
use bevy::prelude::*;

/// "left arm: 7 wounds, 5 Conc" from the newest shot or blow at the target, the wound track it
/// counts on beside a location of the torso ("belly (torso): 2 wounds", as the panel counts
/// it); a blow blocked or turned aside says so ("blocked", "deflected"), a shot that met cover
/// says what the cover did ("deflected off the cover", "... cover ablated"); "miss" otherwise.
pub fn hit_words(log: &MatchLog, target: &str, hit: bool) -> String {
    let event = newest_attack(log, target);
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

/// What the newest shot or blow at the target did beyond its words: it glanced off (cover,
/// or a block that turned it aside: the words say "deflected"), or it put the figure down
/// (unconscious or killed: the words say so in capitals).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Struck {
    pub glanced: bool,
    pub fell: bool,
}

pub fn struck(log: &MatchLog, target: &str, hit: bool) -> Struck {
    let event = newest_attack(log, target);
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

/// The newest shot or blow at the target in the log.
fn newest_attack<'a>(log: &'a MatchLog, target: &str) -> Option<&'a LogEvent> {
    log.events.iter().rev().find(|e| {
        (e.kind == "shot" || e.kind == "melee")
            && e.fields.get("target").and_then(|t| t.as_str()) == Some(target)
    })
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

/// The words of a hit over a figure, rising and fading, on a dark shadow that keeps them
/// readable on any ground.
pub(super) fn spawn(commands: &mut Commands, words: String, above: Vec2, colour: Color, secs: f32) {
    // A slow rise (a few pixels over the whole time), so the words stay over their figure
    // and do not drift onto the next one.
    let fade = || Fade {
        left: secs,
        total: secs,
        rise: 6.0,
        grow: 1.0,
    };
    // A dark outline all round (four offset copies), readable on sand, planks or a flash.
    for offset in [
        Vec2::new(1.5, -1.5),
        Vec2::new(-1.5, 1.5),
        Vec2::new(1.5, 1.5),
        Vec2::new(-1.5, -1.5),
    ] {
        commands.spawn((
            Text2d::new(words.clone()),
            TextFont {
                font_size: FontSize::Px(16.0),
                ..default()
            },
            TextColor(Color::srgba(0.0, 0.0, 0.0, 0.9)),
            Transform::from_translation((above + offset).extend(6.9)),
            fade(),
            Effect::Words,
            DespawnOnExit(Screen::Battle),
        ));
    }
    commands.spawn((
        Text2d::new(words),
        TextFont {
            font_size: FontSize::Px(16.0),
            ..default()
        },
        TextColor(colour),
        Transform::from_translation(above.extend(7.0)),
        fade(),
        Effect::Words,
        DespawnOnExit(Screen::Battle),
    ));
}

#[cfg(test)]
mod tests {
    use super::{hit_words, location_and_track};
    use crate::sim::model::{LogEvent, MatchLog};

    fn log_of(kind: &str, fields: serde_json::Value) -> MatchLog {
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
        assert_eq!(hit_words(&blocked, "Dave Perkins", false), "blocked");
        let turned = log_of(
            "melee",
            json!({"hit": false, "block": {"outcome": "deflected"}}),
        );
        assert_eq!(hit_words(&turned, "Dave Perkins", false), "deflected");
        let missed = log_of("melee", json!({"hit": false, "block": null}));
        assert_eq!(hit_words(&missed, "Dave Perkins", false), "miss");
        let cover = log_of(
            "shot",
            json!({"hit": true, "penetration": "D", "location": "chest"}),
        );
        assert_eq!(
            hit_words(&cover, "Dave Perkins", true),
            "deflected off the cover"
        );
        let through = log_of(
            "shot",
            json!({"hit": true, "penetration": "A", "location": "left leg", "wounds": 2}),
        );
        assert_eq!(
            hit_words(&through, "Dave Perkins", true),
            "left leg: 2 wounds (through the cover, ablated)"
        );
        let failed = log_of(
            "melee",
            json!({"hit": true, "block": {"outcome": "failed"}, "location": "head", "conc": 3, "fate": "stunned"}),
        );
        assert_eq!(
            hit_words(&failed, "Dave Perkins", true),
            "head, 3 Conc (the block failed)\nSTUNNED"
        );
    }

    /// The same wound reads alike on the map and on the panel: a hit in the belly counts on
    /// the torso's track (issue 24).
    #[test]
    fn a_location_names_the_wound_track_it_counts_on() {
        assert_eq!(location_and_track("belly"), "belly (torso)");
        assert_eq!(location_and_track("vitals"), "vitals (torso)");
        assert_eq!(location_and_track("chest"), "chest (torso)");
        assert_eq!(location_and_track("left arm"), "left arm");
        assert_eq!(location_and_track("head"), "head");
    }
}
