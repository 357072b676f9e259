//! Any bytes as a match file: refused with an error, or replayed (and verified) without a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use tarnation::sim::journal::MatchFile;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    if let Ok(file) = MatchFile::parse(Path::new("saves/fuzzed.match.ron"), text) {
        let replayed = tarnation::sim::run::replay(&file);
        let _ = replayed.differs_from(&file);
    }
});
