//! Bad input found by machine: property tests of the level loader (any bytes, any mutation of a
//! real level: a level or an error naming the file and the line, never a panic), the ranges
//! it refuses, and the rules core (odds are probabilities, the same seed the same match).

use proptest::prelude::*;
use std::path::Path;
use tarnation::data::{gear, level};

fn gear() -> gear::Gear {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    gear::load(&root.join(gear::GEAR_PATH)).unwrap()
}

fn level_text(name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(format!("levels/{name}.ron"))).unwrap()
}

/// A level or an error that starts with `file:line:column:`, the line within the file.
fn located_or_ok(text: &str, gear: &gear::Gear) {
    let path = Path::new("levels/fuzzed.ron");
    if let Err(e) = level::parse(path, text, gear) {
        let shown = e.to_string();
        let rest = shown
            .strip_prefix("levels/fuzzed.ron:")
            .unwrap_or_else(|| panic!("not located: {shown}"));
        let line: usize = rest
            .split(':')
            .next()
            .and_then(|l| l.parse().ok())
            .unwrap_or_else(|| panic!("no line: {shown}"));
        assert!(
            line >= 1 && line <= text.lines().count().max(1),
            "line {line} of {}: {shown}",
            text.lines().count()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_bytes_give_a_level_or_a_located_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        located_or_ok(&text, &gear());
    }

    /// A real level with a stretch replaced by other text: numbers, names, brackets.
    #[test]
    fn a_mutated_level_gives_a_level_or_a_located_error(
        which in 0usize..5,
        at in 0.0f64..1.0,
        len in 0usize..12,
        with in "[0-9a-zA-Z(),:\\[\\]\" .#~éٻ💥-]{0,12}",
    ) {
        let name = ["street_duel", "gulch_chase", "mine_raid", "saloon_brawl", "bench_6v6"][which];
        let text = level_text(name);
        let chars: Vec<char> = text.chars().collect();
        let start = ((chars.len() as f64) * at) as usize;
        let end = (start + len).min(chars.len());
        let mutated: String = chars[..start]
            .iter()
            .chain(with.chars().collect::<Vec<_>>().iter())
            .chain(chars[end..].iter())
            .collect();
        located_or_ok(&mutated, &gear());
    }

    /// A number of a hero, anything a u32 holds: in its range a level, out of it an error at
    /// the hero's line.
    #[test]
    fn a_hero_number_out_of_range_is_refused_where_it_is(
        field in 0usize..6,
        value in prop_oneof![0u32..50, Just(4_000_000_000u32), any::<u32>()],
    ) {
        let name = ["size", "ap", "quickness", "initiative", "move", "will"][field];
        let text = level_text("street_duel");
        let from = format!("{name}: ");
        let at = text.find("quickness: 6").unwrap();
        let field_at = at + text[at..].find(&from).unwrap() + from.len();
        let digits = text[field_at..].chars().take_while(|c| c.is_ascii_digit()).count();
        let mutated = format!("{}{value}{}", &text[..field_at], &text[field_at + digits..]);
        located_or_ok(&mutated, &gear());
        let range = level::HERO_RANGES.iter().find(|(n, _)| *n == name).unwrap().1.clone();
        let move_ok = name != "move" || value <= 8; // run is 8 in the file
        let parsed = level::parse(Path::new("x.ron"), &mutated, &gear());
        prop_assert_eq!(parsed.is_ok(), range.contains(&(value as i64)) && move_ok, "{} {}", name, value);
    }
}

/// Found by the level fuzzer (`fuzz/`): a trait's die with a letter of another alphabet in it
/// made the "no such die" message slice the line inside that letter, and panic.
#[test]
fn a_letter_of_any_alphabet_in_a_trait_is_located() {
    let text = level_text("street_duel").replacen("(2, D8)", "(2,\u{67b}8)", 1);
    assert_ne!(text, level_text("street_duel"));
    located_or_ok(&text, &gear());
    let text = level_text("street_duel").replacen("(2, D8)", "(2, D\u{e9}7)", 1);
    located_or_ok(&text, &gear());
}

#[test]
fn values_outside_the_rules_are_refused_with_a_location() {
    let gear = gear();
    let text = level_text("street_duel");
    let refused = |from: &str, to: &str, says: &str| {
        let mutated = text.replacen(from, to, 1);
        assert_ne!(mutated, text, "{from}");
        let err = level::parse(Path::new("levels/street_duel.ron"), &mutated, &gear)
            .expect_err(from)
            .to_string();
        assert!(err.starts_with("levels/street_duel.ron:"), "{err}");
        assert!(err.contains(says), "{err}");
    };
    refused(
        "size: 6",
        "size: 4000000000",
        "size is 4000000000, not 1 to 30",
    );
    refused("ap: 8", "ap: 4000000000", "ap is 4000000000, not 1 to 20");
    refused(
        "\"Shooting: Pistol\": 3",
        "\"Shooting: Pistol\": 9",
        "not 1 to 5",
    );
    // A map of a million hexes.
    let row = format!("\"{}\",\n", ".".repeat(1000));
    let big = text.replacen("rows: [\n", &format!("rows: [\n{}", row.repeat(1000)), 1);
    let err = level::parse(Path::new("levels/street_duel.ron"), &big, &gear)
        .expect_err("a million hexes")
        .to_string();
    assert!(err.contains("at most 256 a side"), "{err}");
    assert!(err.starts_with("levels/street_duel.ron:"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The odds of a check on the real deck are a probability, fall as the TN rises, and rise
    /// with the direct adjustment; a dice pool's distribution of Momentum sums to 1 (less
    /// what its explosions cut off).
    #[test]
    fn odds_are_probabilities(rows in 1u32..=5, die in 0usize..5, tn in 1u32..=16, direct in -3i32..=3) {
        use tarnation::rules::die::{Die, Pool};
        use tarnation::rules::odds::success_chance;
        let cards = tarnation::data::deck_file::load_match_deck().unwrap();
        let pool = Pool::new(rows, Die::ALL[die]).unwrap();
        let p = success_chance(&cards, pool, tn, direct, true);
        prop_assert!((0.0..=1.0).contains(&p), "{}", p);
        prop_assert!(success_chance(&cards, pool, tn + 1, direct, true) <= p + 1e-12);
        prop_assert!(success_chance(&cards, pool, tn, direct + 1, true) + 1e-12 >= p);
        let check = tarnation::rules::dice_pool::PoolCheck {
            dice: rows + die as u32,
            interference: (tn / 4).min(6),
            ..Default::default()
        };
        let odds = tarnation::rules::dice_pool::odds(&check).unwrap();
        let total: f64 = odds.momentum.iter().sum::<f64>() + odds.unaccounted;
        prop_assert!((total - 1.0).abs() < 1e-6, "{}", total);
    }
}

/// The same seed gives the same match, event for event.
#[test]
fn the_same_seed_gives_the_same_match() {
    let gear = gear();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level = level::load(&root.join("levels/mine_raid.ron"), &gear).unwrap();
    let cards = tarnation::data::deck_file::load_match_deck().unwrap();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(6));
    runner
        .run(&(1u64..1_000_000), |seed| {
            let a = tarnation::sim::run::run(level.clone(), gear.clone(), seed, cards.clone(), 4)
                .unwrap();
            let b = tarnation::sim::run::run(level.clone(), gear.clone(), seed, cards.clone(), 4)
                .unwrap();
            prop_assert_eq!(&a.log.events, &b.log.events);
            prop_assert_eq!(a.end, b.end);
            Ok(())
        })
        .unwrap();
}

/// A mutation of a file's lines: drop one, duplicate one, swap two, or change one digit.
fn mutate_lines(text: &str, kind: usize, a: f64, b: f64, digit: u8) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let n = lines.len().max(1);
    let (i, j) = (((n as f64) * a) as usize % n, ((n as f64) * b) as usize % n);
    match kind {
        0 => {
            lines.remove(i);
        }
        1 => {
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        2 => lines.swap(i, j),
        _ => {
            // The first digit on the line, or on the next line that has one.
            if let Some((k, at)) = (i..lines.len()).find_map(|k| {
                lines[k]
                    .find(|c: char| c.is_ascii_digit())
                    .map(|at| (k, at))
            }) {
                let d = (b'0' + digit % 10) as char;
                lines[k].replace_range(at..at + 1, &d.to_string());
            }
        }
    }
    lines.join("\n") + "\n"
}

/// A match file of a short street duel, as `sim --save` writes it.
fn match_text() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let g = gear();
    let level = level::load(&root.join("levels/street_duel.ron"), &g).unwrap();
    let cards = tarnation::data::deck_file::load_match_deck().unwrap();
    tarnation::sim::run::run(level, g, 5, cards, 2)
        .unwrap()
        .file
        .to_ron()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A shipped level with a line dropped, doubled, swapped or a digit changed (issue 21):
    /// refused with a located error, or accepted and then played two rounds without a panic.
    #[test]
    fn a_mutated_level_is_refused_or_plays(
        which in 0usize..4,
        kind in 0usize..4,
        a in 0.0f64..1.0,
        b in 0.0f64..1.0,
        digit in 0u8..10,
    ) {
        let name = ["street_duel", "gulch_chase", "mine_raid", "saloon_brawl"][which];
        let text = mutate_lines(&level_text(name), kind, a, b, digit);
        located_or_ok(&text, &gear());
        if let Ok(level) = level::parse(Path::new("levels/fuzzed.ron"), &text, &gear()) {
            let cards = tarnation::data::deck_file::load_match_deck().unwrap();
            // An error is a refusal; only a panic fails.
            let _ = tarnation::sim::run::run(level, gear(), 1, cards, 2);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A match file with a line dropped, doubled, swapped or a digit changed (issue 21):
    /// refused with an error naming the file, or loaded and replayed (and verified) without a
    /// panic.
    #[test]
    fn a_mutated_match_file_is_refused_or_replays(
        kind in 0usize..4,
        a in 0.0f64..1.0,
        b in 0.0f64..1.0,
        digit in 0u8..10,
    ) {
        use tarnation::sim::journal::MatchFile;
        let text = mutate_lines(&match_text(), kind, a, b, digit);
        let path = Path::new("saves/fuzzed.match.ron");
        match MatchFile::parse(path, &text) {
            Err(e) => prop_assert!(e.to_string().starts_with("saves/fuzzed.match.ron"), "{}", e),
            Ok(file) => {
                let _ = tarnation::sim::run::verify(&file);
            }
        }
    }
}
