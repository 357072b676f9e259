//! The match log's events, typed (issue 20): each kind built in one place, its words and its
//! JSON fields from the same values, as docs/json.md documents them.

use serde_json::json;
use tarnation::sim::events::{Consequence, MatchEvent};

#[test]
fn an_event_gives_its_kind_words_and_fields_from_the_same_values() {
    let declare = MatchEvent::Declare {
        hero: "Miranda Valentine".into(),
        action: "Shoot".into(),
        ap: 3,
        lost: 2,
        reason: None,
    };
    assert_eq!(declare.kind(), "declare");
    assert_eq!(
        declare.text(),
        "Miranda Valentine declares Shoot (3 AP; the 2 other AP in front are lost)"
    );
    assert_eq!(
        serde_json::Value::Object(declare.fields()),
        json!({"action": "Shoot", "ap": 3, "lost": 2})
    );
    // The computer's declaration says why (issue 22): in its words and as `reason`.
    let computer = MatchEvent::Declare {
        hero: "Felicia Laroq".into(),
        action: "aimed shot".into(),
        ap: 5,
        lost: 0,
        reason: Some("aims at Miranda Valentine: 64 % to hit".into()),
    };
    assert_eq!(
        computer.text(),
        "Felicia Laroq declares aimed shot (5 AP). Why: aims at Miranda Valentine: 64 % to hit"
    );
    assert_eq!(
        computer.fields()["reason"],
        json!("aims at Miranda Valentine: 64 % to hit")
    );
    // "Any unused APs are lost": a hero's name to the AP it lost.
    let end = MatchEvent::RoundEnd {
        round: 2,
        segment: 17,
        lost: vec![("Hank".into(), 0), ("Clem".into(), 3)],
    };
    assert_eq!(end.kind(), "round_end");
    assert_eq!(
        end.text(),
        "Round 2 ends after segment 17: unused AP are lost"
    );
    assert_eq!(end.fields()["lost"], json!({"Clem": 3, "Hank": 0}));
}

/// docs/json.md: a calamity's `consequence` names what it did beyond failing.
#[test]
fn every_calamity_names_its_consequence() {
    let cases = [
        (
            Consequence::Jammed {
                weapon: "Colt".into(),
            },
            "jammed",
        ),
        (
            Consequence::Slipped {
                weapon: "Dynamite".into(),
                at: (3, 4),
            },
            "slipped",
        ),
        (Consequence::Prone, "prone"),
        (
            Consequence::Setback {
                objective: "the safe".into(),
                how: tarnation::rules::counter::Setback::TemporarySlot,
            },
            "setback",
        ),
        (
            Consequence::DroppedShell {
                weapon: "Shotgun".into(),
            },
            "dropped_shell",
        ),
        (
            Consequence::OutForHours {
                target: "Clem".into(),
            },
            "out_for_hours",
        ),
        (
            Consequence::TargetHit {
                weapon: "Colt".into(),
                target: "Clem".into(),
            },
            "target_hit",
        ),
    ];
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    for (what, name) in cases {
        let event = MatchEvent::Calamity {
            hero: "Hank".into(),
            what,
        };
        assert_eq!(event.kind(), "calamity");
        assert!(event.text().starts_with("CALAMITY: "), "{}", event.text());
        assert_eq!(event.fields()["consequence"], json!(name));
        assert!(
            docs.contains(&format!("`{name}`")),
            "{name} is in docs/json.md"
        );
    }
}
