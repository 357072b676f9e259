//! Any bytes as a level file: refused with an error that names the file and a line within it,
//! or loaded and played for a round without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;
use tarnation::data::{deck_file, gear, level};

fn gear() -> &'static gear::Gear {
    static GEAR: OnceLock<gear::Gear> = OnceLock::new();
    GEAR.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        gear::load(&root.join(gear::GEAR_PATH)).expect("the shipped gear file loads")
    })
}

fn cards() -> &'static Vec<tarnation::rules::card::Card> {
    static CARDS: OnceLock<Vec<tarnation::rules::card::Card>> = OnceLock::new();
    CARDS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        deck_file::load(&root.join(deck_file::DECK_PATH)).expect("the shipped deck loads")
    })
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let path = Path::new("levels/fuzzed.ron");
    match level::parse(path, text, gear()) {
        Ok(level) => {
            let _ = tarnation::sim::run::run(level, gear().clone(), 1, cards().clone(), 1);
        }
        Err(e) => {
            let shown = e.to_string();
            let rest = shown
                .strip_prefix("levels/fuzzed.ron:")
                .unwrap_or_else(|| panic!("an error that does not name the file: {shown}"));
            let line: usize = rest
                .split(':')
                .next()
                .and_then(|l| l.parse().ok())
                .unwrap_or_else(|| panic!("an error without a line: {shown}"));
            assert!(
                line >= 1 && line <= text.lines().count().max(1) + 1,
                "line {line} of {}: {shown}",
                text.lines().count()
            );
        }
    }
});
