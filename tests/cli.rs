//! The command-line interface, as a Judge and the independent checks use it.

use serde_json::Value;
use std::process::Command;

fn tarnation(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tarnation"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = tarnation(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("valid JSON")
}

#[test]
fn deck_json_is_54_cards_with_grids_in_column_order() {
    let deck = json(&["deck", "--json"]);
    let cards = deck.as_array().unwrap();
    assert_eq!(cards.len(), 54);
    for (i, card) in cards.iter().enumerate() {
        assert_eq!(card["number"], i);
        for grid in ["cause", "effect"] {
            let rows = card[grid].as_array().unwrap();
            assert_eq!(rows.len(), 5);
            assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 5));
        }
    }
    // Card 14, 2-10 is an exceptional 12; card 5, 4-10 is C; card 34's (3)6 is 13.
    assert_eq!(
        cards[14]["cause"][1][3],
        serde_json::json!({"value": 12, "exceptional": true})
    );
    assert_eq!(cards[5]["cause"][3][3], "C");
    assert_eq!(cards[34]["effect"][2][1]["value"], 13);
    assert_eq!(
        cards[39]["effect"][2][0],
        serde_json::json!({"value": 11, "increased": true})
    );
    assert_eq!(cards[44]["wrench"], 3);
    assert_eq!(cards[17]["wrench"], Value::Null);
    assert_eq!(cards[50]["location"][2]["loc"], "left leg");
}

#[test]
fn check_json_reproduces_hank_and_cyril() {
    let hank = json(&[
        "check", "--skill", "2", "--die", "10", "--tn", "11", "--cards", "14,5", "--json",
    ]);
    assert_eq!(hank["cards"], serde_json::json!([14, 5]));
    assert_eq!(
        (hank["result"].as_u64(), hank["bumps"].as_u64()),
        (Some(21), Some(2))
    );
    assert_eq!(
        (hank["success"].as_bool(), hank["exceptional"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(hank["calamity"], false);
    assert_eq!(hank["tn"], 11);
    assert!(
        hank.get("magnitude").is_none(),
        "simple checks have no magnitude"
    );

    let cyril = json(&[
        "check", "--skill", "4", "--die", "10", "--tn", "13", "--cards", "34,6,5", "--json",
    ]);
    assert_eq!(
        (cyril["result"].as_u64(), cyril["bumps"].as_u64()),
        (Some(21), Some(2))
    );
}

#[test]
fn complex_check_json_has_magnitude_and_victories() {
    let sharps = json(&[
        "check",
        "--skill",
        "3",
        "--die",
        "10",
        "--tn",
        "8",
        "--quality",
        "5d8",
        "--cards",
        "50",
        "--json",
    ]);
    assert_eq!(sharps["magnitude"], 14);
    assert_eq!(sharps["victories"], 2);
    assert_eq!(sharps["hit_location"], "left leg");
    let felicia = json(&[
        "check",
        "--skill",
        "5",
        "--die",
        "12",
        "--tn",
        "1",
        "--quality",
        "(3)6",
        "--column-shift",
        "-1",
        "--cards",
        "39,45",
        "--json",
    ]);
    assert_eq!(felicia["magnitude"], 17);
}

#[test]
fn words_trace_every_step() {
    let (code, out, _) = tarnation(&[
        "check", "--skill", "3", "--die", "4", "--tn", "5", "--cards", "7,8,9",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("Card 7, cell 1-4: 7 (exceptional)."), "{out}");
    assert!(out.contains("Chose 10, from the 2-4 cell."), "{out}");
    assert!(out.contains("SUCCESS: 10 against TN 5, 1 bump(s)"), "{out}");
}

#[test]
fn same_seed_same_draw() {
    let args = [
        "check", "--skill", "3", "--die", "8", "--tn", "7", "--seed", "42", "--json",
    ];
    assert_eq!(json(&args)["cards"], json(&args)["cards"]);
    assert_eq!(json(&args)["seed"], 42);
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        &["check", "--skill", "9", "--die", "8", "--tn", "7"][..],
        &["check", "--skill", "3", "--die", "7", "--tn", "7"],
        &["check", "--skill", "3", "--die", "8"],
        &[
            "check", "--skill", "3", "--die", "8", "--tn", "7", "--cards", "5,5",
        ],
        &[
            "check", "--skill", "3", "--die", "8", "--tn", "7", "--cards", "77",
        ],
        &[
            "check",
            "--skill",
            "3",
            "--die",
            "8",
            "--tn",
            "7",
            "--quality",
            "9d9",
        ],
        &[
            "check",
            "--skill",
            "3",
            "--die",
            "8",
            "--tn",
            "7",
            "--quality",
            "2d12",
            "--column-shift",
            "1",
        ],
        &[
            "check", "--skill", "3", "--die", "8", "--tn", "7", "--spend", "aces",
        ],
        &["deck", "--card", "99"],
    ] {
        let (code, out, err) = tarnation(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!err.trim().is_empty(), "{args:?} says why");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn the_three_levels_check_out() {
    let (code, out, err) = tarnation(&[
        "levels",
        "check",
        "levels/street_duel.ron",
        "levels/gulch_chase.ron",
        "levels/mine_raid.ron",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.contains(": ok: ")).count(),
        3,
        "{out}"
    );
}

#[test]
fn broken_level_files_are_located() {
    let dir = std::env::temp_dir().join(format!("tarnation-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/street_duel.ron"),
    )
    .unwrap();
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let cases = [
        // (broken text, the text that must be on the reported line, what the message says)
        (
            good.replacen("weapons: [\"Peacemaker\"]", "weapons: [\"Peacemakr\"]", 1),
            "Peacemakr",
            "no weapon 'Peacemakr'",
        ),
        (
            good.replacen("\"#......##......#\",", "\"#......##.....#\",", 1),
            "\"#......##.....#\"",
            "hexes",
        ),
        (
            good.replacen("at: (12, 4)", "at: (40, 4)", 1),
            "Felicia Laroq",
            "off the map",
        ),
        (
            good.replacen("control: Computer", "control: Robot", 1),
            "Robot",
            "",
        ),
        (
            good.replacen("facing: 3,", "facing: 3,,", 1),
            "facing: 3,,",
            "",
        ),
        (
            good.replacen("\"#..=...##......#\"", "\"#..=...##.....X#\"", 1),
            "X#",
            "no terrain",
        ),
    ];
    for (i, (text, needle, message)) in cases.iter().enumerate() {
        let path = dir.join(format!("broken{i}.ron"));
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = tarnation(&["levels", "check", path.to_str().unwrap()]);
        assert_eq!(code, 2, "case {i}: {err}");
        let located = format!("{}:{}:", path.display(), line_of(text, needle));
        assert!(
            err.contains(&located),
            "case {i}: expected {located} in {err}"
        );
        assert!(err.contains(message), "case {i}: {err}");
        assert!(!err.contains("panicked"));
    }
}

/// `tarnation sim LEVEL --seed N --rounds R --json`: one object per event, with round,
/// segment, actor and kind; checks carry card, TN, result and bumps. Same seed, same log.
#[cfg(feature = "ecs")]
#[test]
fn sim_prints_the_match_log_as_json_lines() {
    let args = [
        "sim",
        "levels/street_duel.ron",
        "--seed",
        "3",
        "--rounds",
        "2",
        "--json",
    ];
    let (code, out, err) = tarnation(&args);
    assert_eq!(code, 0, "{err}");
    let events: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert!(events.len() > 10);
    for e in &events {
        for key in ["round", "segment", "actor", "kind", "text"] {
            assert!(e.get(key).is_some(), "{key} missing in {e}");
        }
    }
    let initiative: Vec<&Value> = events
        .iter()
        .filter(|e| e["kind"] == "initiative")
        .collect();
    let first_round = initiative.iter().filter(|e| e["round"] == 1).count();
    assert_eq!(first_round, 4, "four heroes test in round 1");
    // In round 2 every hero still standing and not stunned tests again.
    let second = initiative.iter().filter(|e| e["round"] == 2).count();
    let out_or_stunned = events
        .iter()
        .filter(|e| e["round"] == 2 && e["kind"] == "recovery")
        .count();
    assert!(second + out_or_stunned <= 4 && second >= 1, "{second}");
    for e in &initiative {
        assert_eq!(e["tn"], 3, "the Easy (3) Quickness test");
        for key in ["card", "result", "bumps", "first_segment"] {
            assert!(e.get(key).is_some(), "{key} missing in {e}");
        }
    }
    assert!(events.iter().all(|e| e["round"].as_u64().unwrap() <= 2));
    let (_, again, _) = tarnation(&args);
    assert_eq!(out, again, "same seed, same match");
    let mut other = args;
    other[3] = "4";
    let (_, different, _) = tarnation(&other);
    assert_ne!(out, different);
    // In words, it ends with the outcome.
    let (code, words, _) = tarnation(&args[..6]);
    assert_eq!(code, 0);
    assert!(words.contains("R1 init"), "{words}");
    assert!(
        words
            .trim_end()
            .ends_with("No side has won after 2 rounds."),
        "{words}"
    );
}

#[cfg(feature = "ecs")]
#[test]
fn sim_refuses_a_bad_level_with_its_location() {
    let dir = std::env::temp_dir().join("tarnation-sim-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "Level(\n  name: 3,\n)").unwrap();
    let (code, _, err) = tarnation(&["sim", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.ron:2:"), "{err}");
}

/// `sim --json` shot events carry the fields the JSON interface names, and the street duel
/// is fought to a side down.
#[cfg(feature = "ecs")]
#[test]
fn sim_shot_events_carry_the_card_in_combat() {
    let (code, out, err) = tarnation(&[
        "sim",
        "levels/street_duel.ron",
        "--seed",
        "1",
        "--rounds",
        "20",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let events: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let shots: Vec<&Value> = events.iter().filter(|e| e["kind"] == "shot").collect();
    assert!(!shots.is_empty());
    for shot in &shots {
        for key in tarnation::game::combat::SHOT_FIELDS {
            assert!(shot.get(key).is_some(), "{key} missing in {shot}");
        }
        assert!(shot["modifiers"].is_object());
        let pen = &shot["penetration"];
        assert!(pen.is_null() || ["P", "A", "D"].contains(&pen.as_str().unwrap()));
        assert!(shot["cover_av"].is_null() == pen.is_null());
        if shot["hit"] == false {
            assert_eq!(shot["effect"], 0);
            assert!(shot["location"].is_null());
        }
    }
    assert_eq!(events.last().unwrap()["kind"], "battle_over");
}
