//! Every match pinned (issue 20): a refactor of the round changes no match. The JSON lines and
//! the words of `tarnation sim` of every shipped level in each of the three systems, seeds 1-4,
//! and of the level options the level select switches (rushing, exceptional results, increased
//! effect, the victory threshold, card use, weapon length), are hashed and compared with
//! `tests/game/pinned_matches.txt`, written once from the code before the refactor began.
//!
//! The computer plays `easy` (issue 22), whose matches are those of the first computer player:
//! its declarations' new `reason` is left out of the hashes (`without_reason`).
//!
//! A change that is meant to alter matches rewrites the file on purpose:
//! `TARNATION_PIN=write cargo test --test game pinned` (and says so in its commit).

use tarnation::data::level::LevelOptions;
use tarnation::data::{deck_file, gear, level};
use tarnation::rules::check::{CardUse, Resolution};

const PIN_FILE: &str = "tests/game/pinned_matches.txt";

/// FNV-1a, 64 bits: stable across Rust versions (std's hasher is not promised to be).
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A level option switched.
type Tweak = fn(&mut level::Level);

/// One pinned match: a name, and the level as it is played.
struct Case {
    name: String,
    level: level::Level,
    seed: u64,
}

fn cases(gear: &gear::Gear) -> Vec<Case> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let names = [
        "street_duel",
        "gulch_chase",
        "mine_raid",
        "saloon_brawl",
        "bench_6v6",
    ];
    for name in names {
        let base = level::load(&root.join(format!("levels/{name}.ron")), gear).unwrap();
        for system in [
            Resolution::ActionDeck,
            Resolution::DicePool,
            Resolution::D20,
        ] {
            for seed in 1..=4 {
                let mut level = base.clone();
                level.resolution = Some(system);
                out.push(Case {
                    name: format!("{name} {system:?} default"),
                    level,
                    seed,
                });
            }
        }
        // The options of the level select, one at a time, under the action deck.
        let options: [(&str, Tweak); 7] = [
            ("rushing", |l| opts(l).rushing = true),
            ("no-exceptional", |l| opts(l).exceptional = false),
            ("no-increased-effect", |l| opts(l).increased_effect = false),
            ("victory-threshold-2", |l| opts(l).victory_threshold = 2),
            ("uncoupled", |l| {
                opts(l).card_use = CardUse::CauseEffectUncoupling
            }),
            ("hit-location-damage", |l| {
                opts(l).card_use = CardUse::HitLocationDamage
            }),
            ("weapon-length", |l| l.weapon_length = !l.weapon_length),
        ];
        for (option, set) in options {
            for seed in 1..=2 {
                let mut level = base.clone();
                set(&mut level);
                out.push(Case {
                    name: format!("{name} ActionDeck {option}"),
                    level,
                    seed,
                });
            }
        }
        // Rushing under the other two systems too.
        for system in [Resolution::DicePool, Resolution::D20] {
            let mut level = base.clone();
            level.resolution = Some(system);
            opts(&mut level).rushing = true;
            out.push(Case {
                name: format!("{name} {system:?} rushing"),
                level,
                seed: 1,
            });
        }
    }
    out
}

fn opts(level: &mut level::Level) -> &mut LevelOptions {
    level.options.get_or_insert_with(Default::default)
}

/// A line of the match log (its JSON or its words) without the computer's reason (issue 22:
/// `easy` plays as the computer played before the levels of play, its new `reason` aside): the
/// `reason` field of the JSON, and the ". Why: ..." its words (and the JSON's `text`) end with.
pub fn without_reason(line: &str) -> String {
    let mut out = line.to_string();
    // The end of a JSON string that starts before `from`: its closing quote (not escaped).
    let string_end = |s: &str, from: usize| {
        let bytes = s.as_bytes();
        let mut i = from;
        while i < bytes.len() && bytes[i] != b'"' {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        i.min(bytes.len())
    };
    if let Some(at) = out.find("\"reason\":\"") {
        let end = string_end(&out, at + "\"reason\":\"".len());
        // The field and the comma after it (or, last in the object, the comma before it).
        let (from, to) = if out[end + 1..].starts_with(',') {
            (at, end + 2)
        } else {
            (at - 1, end + 1)
        };
        out.replace_range(from..to, "");
    }
    if let Some(at) = out.find(". Why: ") {
        let end = if out.starts_with('{') {
            string_end(&out, at)
        } else {
            out.len()
        };
        out.replace_range(at..end, "");
    }
    out
}

#[test]
fn a_reason_is_taken_out_of_json_and_words() {
    let json = r#"{"action":"cock","actor":"F","ap":1,"kind":"declare","lost":0,"reason":"a gun \"cocked\" first","round":1,"segment":3,"text":"F declares cock (1 AP). Why: a gun \"cocked\" first"}"#;
    assert_eq!(
        without_reason(json),
        r#"{"action":"cock","actor":"F","ap":1,"kind":"declare","lost":0,"round":1,"segment":3,"text":"F declares cock (1 AP)"}"#
    );
    assert_eq!(
        without_reason("R1 S03  F declares cock (1 AP). Why: first"),
        "R1 S03  F declares cock (1 AP)"
    );
}

/// "name seed json-hash words-hash events" for one match, as `sim` prints it, the computer
/// playing `easy`.
fn pin(case: &Case, gear: &gear::Gear, cards: &[tarnation::rules::card::Card]) -> String {
    let mut level = case.level.clone();
    for side in &mut level.sides {
        side.ai = Some(level::AiLevel::Easy);
    }
    let played = tarnation::sim::run::run(level, gear.clone(), case.seed, cards.to_vec(), 10)
        .unwrap_or_else(|e| panic!("{} seed {}: {e}", case.name, case.seed));
    let mut json = String::new();
    let mut words = String::new();
    for event in &played.log.events {
        json.push_str(&without_reason(&event.json().to_string()));
        json.push('\n');
        words.push_str(&without_reason(&event.line()));
        words.push('\n');
    }
    format!(
        "{} seed={} json={:016x} words={:016x} events={} end={:?}",
        case.name.replace(' ', "/"),
        case.seed,
        fnv(json.as_bytes()),
        fnv(words.as_bytes()),
        played.log.events.len(),
        played.end,
    )
}

#[test]
fn pinned_matches_are_unchanged() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = gear::load(&root.join(gear::GEAR_PATH)).unwrap();
    let cards = deck_file::load_match_deck().unwrap();
    let lines: Vec<String> = cases(&gear).iter().map(|c| pin(c, &gear, &cards)).collect();
    let path = root.join(PIN_FILE);
    if std::env::var("TARNATION_PIN").as_deref() == Ok("write") {
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(&path).expect("tests/game/pinned_matches.txt");
    let pinned: Vec<&str> = pinned.lines().collect();
    assert_eq!(pinned.len(), lines.len(), "the number of pinned matches");
    let changed: Vec<String> = pinned
        .iter()
        .zip(&lines)
        .filter(|(a, b)| *a != b)
        .map(|(a, b)| format!("pinned: {a}\n   now: {b}"))
        .collect();
    assert!(
        changed.is_empty(),
        "{} of {} matches changed:\n{}",
        changed.len(),
        lines.len(),
        changed.join("\n")
    );
}
