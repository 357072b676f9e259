//! The match file (`*.match.ron`): a match is its level and gear (their content, so a changed
//! level file cannot silently change a replay), the deck, the seed, the round limit it was
//! played with and the journal of every accepted intent. The number of events and a digest of
//! the match log (and of each event) let a replay prove it is the same match.

use super::model::{Entry, LogEvent};
use crate::data::DataError;
use crate::data::gear::Gear;
use crate::data::level::Level;
use crate::rules::card::Card;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The version of the match file this game writes. Version 2 adds `setup_digest`; a file of
/// version 1 still loads and plays (its log is checked, its level, gear, deck and seed cannot be).
/// Version 3 (issue 22) adds the computer's level of play per side (`ai` of the level's sides)
/// and its reasons: the `reason` of its declarations in the log, kept with its intents in the
/// journal. A file of version 1 or 2 has neither: its computer played `easy` (the only player
/// there was), and it replays and plays on so. Version 4 (issue 23) adds the level's counters,
/// items and arriving heroes (`counter` and `arrive` events, the `TakeItem` and `DropItem`
/// intents); a file of version 3 has none of them and plays on unchanged. Version 5 (issue 20)
/// keeps the computer's answers to the choices its attacks raise (`SpendBumps`, `Snap`) in the
/// journal, as a player's always were; a file of version 4 or older has none, and where its
/// computer's choice waits unanswered by the script the computer answers as it did then.
/// Version 6 (decision 134) asks a hero paying toward an action that cannot be made now
/// whether to give it up: its answer (`GiveUp`, or a pass) is in the journal and a `give_up`
/// event in the log; a file of version 5 or older has no answer, and its heroes pay on.
/// Version 7 (decision 135) decides the match the moment a victory holds, not at the round's
/// end; a file of version 6 or older replays as it was played, decided at the round's end.
/// Version 8 (decision 137) throws at a pace at short range, not point blank; a file of
/// version 7 or older replays as it was played, its throws at a pace at TN 3.
/// Version 9 (decision 138) moves a hero whose move costs more as it resolves than was paid
/// only as far as the AP paid carry it, and a throw scattered past a wall or off the map stops
/// at the last open hex on the way (not back on the target's hex); a file of version 8 or older
/// replays as it was played.
/// Version 10 logs a jam cleared ("clears the jam and loads the Peacemaker") and names the
/// carrier of an item carried out as the actor of its counter's event; a file of version 9 or
/// older replays with the log it was saved with, so it still verifies.
/// Version 11 (decision 140) lets only the side an objective wins for (and a contest's rival)
/// work it; a file of version 10 or older replays as it was played.
pub const MATCH_VERSION: u32 = 11;

/// The first version whose objectives are worked by their own side only (decision 140).
pub const OBJECTIVES_OF_THEIR_SIDE_SINCE: u32 = 11;

/// The first version whose log says a jam was cleared and who carried an item out.
pub const WORDS_OF_JAMS_AND_LOOT_SINCE: u32 = 10;

/// The first version whose moves go only as far as the AP paid carry them (decision 138).
pub const MOVES_AS_FAR_AS_PAID_SINCE: u32 = 9;

/// The first version whose throws scattered into a wall stop before it (decision 139).
pub const SCATTER_STOPS_AT_WALLS_SINCE: u32 = 9;

/// The first version whose throws at a pace are not point blank (decision 137).
pub const THROWN_AT_SHORT_RANGE_SINCE: u32 = 8;

/// The rules a match file of `version` was played by, set for its replay: what later versions
/// changed is played as that version played it.
pub fn rules_of_version(world: &mut bevy::prelude::World, version: u32) {
    use crate::sim::{actions::ranged::ThrownAtPointBlank, victory::VictoryAtRoundEnd};
    played_before::<VictoryAtRoundEnd>(world, version, DECIDED_AT_ONCE_SINCE);
    played_before::<ThrownAtPointBlank>(world, version, THROWN_AT_SHORT_RANGE_SINCE);
    played_before::<crate::sim::actions::movement::MovesThePriceNow>(
        world,
        version,
        MOVES_AS_FAR_AS_PAID_SINCE,
    );
    played_before::<crate::sim::actions::ranged::ScatterBackToTarget>(
        world,
        version,
        SCATTER_STOPS_AT_WALLS_SINCE,
    );
    played_before::<LogOfVersion9>(world, version, WORDS_OF_JAMS_AND_LOOT_SINCE);
    played_before::<crate::sim::actions::objectives::AnySideWorks>(
        world,
        version,
        OBJECTIVES_OF_THEIR_SIDE_SINCE,
    );
}

/// A match file of version 9 or older replays with the log it was saved with: a jam cleared
/// logged as a load, an item carried out with no actor. Set by `rules_of_version`.
#[derive(bevy::prelude::Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogOfVersion9;

/// The marker `R` of a rule as it was played before version `since`: set for a file older than
/// that, taken away for a newer one.
fn played_before<R: bevy::prelude::Resource + Default>(
    world: &mut bevy::prelude::World,
    version: u32,
    since: u32,
) {
    if version < since {
        world.insert_resource(R::default());
    } else {
        world.remove_resource::<R>();
    }
}

/// The first version whose matches are decided the moment a victory holds (decision 135).
pub const DECIDED_AT_ONCE_SINCE: u32 = 7;

/// The oldest version this game reads.
pub const OLDEST_MATCH_VERSION: u32 = 1;

/// The file extension of a match.
pub const MATCH_EXTENSION: &str = "match.ron";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchFile {
    pub version: u32,
    pub level: Level,
    pub gear: Gear,
    pub deck: Vec<Card>,
    pub seed: u64,
    /// The round limit the match was played with (a match stopped there ends there again).
    pub rounds: Option<u32>,
    pub journal: Vec<Entry>,
    /// Events in the match log.
    pub events: usize,
    /// FNV-1a (64 bits, hex) of the match log's JSON lines.
    pub digest: String,
    /// The same digest after each event: a replay that differs is caught at its first event.
    pub event_digests: Vec<String>,
    /// A save: when it was written (seconds since 1970, UTC) and the round and segment the
    /// match stood at.
    #[serde(default)]
    pub saved_at: Option<u64>,
    #[serde(default)]
    pub at: Option<(u32, u32)>,
    /// FNV-1a (64 bits, hex) of the level, gear, deck and seed the match was played with:
    /// `replay --verify` refuses a file whose setup was changed (version 2 on).
    #[serde(default)]
    pub setup_digest: Option<String>,
    /// The match's id (the window's saves: autosaves are kept per match). No rule reads it.
    #[serde(default)]
    pub match_id: Option<String>,
    /// A decided match: who won and why ("Laroq gang win: the last side standing"), for the
    /// list of replays (a play-test's list did not say who won). No rule reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

/// A save killed between writing and renaming leaves `.NAME.PID.tmp` beside the file: those of
/// processes that no longer run are removed when the folder is next written to.
fn remove_stale_temporaries(dir: &Path) {
    // Whether a process still runs is read from /proc: without it, nothing is removed.
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix('.')
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.rsplit_once('.'))
            .and_then(|(_, pid)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if !alive {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The digest of a match's setup: its level, gear, deck and seed, as RON.
pub fn setup_digest(level: &Level, gear: &Gear, deck: &[Card], seed: u64) -> String {
    let text = ron::to_string(&(level, gear, deck, seed)).expect("a setup serializes");
    format!("{:016x}", fnv1a(FNV_OFFSET, text.as_bytes()))
}

/// FNV-1a over bytes, continuing from `hash`.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The running digest of a log after each event (its JSON line and a newline).
pub fn digests(events: &[LogEvent]) -> Vec<String> {
    let mut hash = FNV_OFFSET;
    events
        .iter()
        .map(|e| {
            hash = fnv1a(hash, e.json().to_string().as_bytes());
            hash = fnv1a(hash, b"\n");
            format!("{hash:016x}")
        })
        .collect()
}

/// The digest of a whole log.
pub fn digest(events: &[LogEvent]) -> String {
    digests(events)
        .last()
        .cloned()
        .unwrap_or_else(|| format!("{FNV_OFFSET:016x}"))
}

impl MatchFile {
    /// The file of a match played so far.
    pub fn new(
        level: Level,
        gear: Gear,
        deck: Vec<Card>,
        seed: u64,
        rounds: Option<u32>,
        journal: Vec<Entry>,
        log: &[LogEvent],
    ) -> MatchFile {
        let event_digests = digests(log);
        let setup = setup_digest(&level, &gear, &deck, seed);
        MatchFile {
            version: MATCH_VERSION,
            level,
            gear,
            deck,
            seed,
            rounds,
            journal,
            events: log.len(),
            digest: digest(log),
            event_digests,
            saved_at: None,
            at: None,
            setup_digest: Some(setup),
            match_id: None,
            outcome: None,
        }
    }

    /// The file with the outcome of a decided match (`BattleOver`), if it is decided.
    pub fn decided(mut self, over: Option<&super::model::BattleOver>) -> MatchFile {
        self.outcome = over.map(super::model::BattleOver::words);
        self
    }

    /// The file's level, gear, deck and seed are those it recorded (true for a file of
    /// version 1, which recorded no digest of them: see `setup_checked`).
    pub fn setup_unchanged(&self) -> bool {
        self.setup_digest
            .as_ref()
            .is_none_or(|d| *d == setup_digest(&self.level, &self.gear, &self.deck, self.seed))
    }

    /// Whether the file carries a digest of its setup (version 2 on).
    pub fn setup_checked(&self) -> bool {
        self.setup_digest.is_some()
    }

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(true);
        let mut text =
            String::from("// A Tarnation match: replay it with `tarnation replay FILE`.\n");
        text.push_str(&ron::ser::to_string_pretty(self, config).expect("a match serializes"));
        text.push('\n');
        text
    }

    /// Write the file atomically: a temporary file beside it, then a rename, so a crash while
    /// saving leaves any older file whole.
    pub fn save(&self, path: &Path) -> Result<(), DataError> {
        let io = |source| DataError::Write {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        remove_stale_temporaries(path.parent().unwrap_or(Path::new(".")));
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "match".into());
        let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let written = (|| {
            let mut file = std::fs::File::create(&temp)?;
            file.write_all(self.to_ron().as_bytes())?;
            file.sync_all()?;
            std::fs::rename(&temp, path)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        written.map_err(io)
    }

    /// Is the file at `path` a match file (one this game wrote: `--save` may replace it)?
    pub fn is_match_file(path: &Path) -> bool {
        std::fs::read_to_string(path).is_ok_and(|text| {
            text.starts_with("// A Tarnation match") || MatchFile::parse(path, &text).is_ok()
        })
    }

    /// Read a match file: a file of another version, a bad or a truncated one is an error
    /// naming the file and what is wrong.
    pub fn load(path: &Path) -> Result<MatchFile, DataError> {
        let text = crate::data::read(path)?;
        MatchFile::parse(path, &text)
    }

    pub fn parse(path: &Path, text: &str) -> Result<MatchFile, DataError> {
        /// Only the version, read first: a newer file is named as such, not as a parse error.
        #[derive(Deserialize)]
        #[serde(rename = "MatchFile")]
        struct Version {
            version: u32,
        }
        let invalid = |message: String| DataError::Invalid {
            path: PathBuf::from(path),
            message,
        };
        let readable = OLDEST_MATCH_VERSION..=MATCH_VERSION;
        let unreadable = |version: u32| {
            invalid(format!(
                "a match file of version {version}; this game reads versions \
                 {OLDEST_MATCH_VERSION} to {MATCH_VERSION}"
            ))
        };
        match ron::from_str::<Version>(text) {
            Ok(v) if !readable.contains(&v.version) => return Err(unreadable(v.version)),
            _ => {}
        }
        let file: MatchFile = crate::data::parse_ron(path, text)?;
        if !readable.contains(&file.version) {
            return Err(unreadable(file.version));
        }
        if file.version >= 2 && file.setup_digest.is_none() {
            return Err(invalid(
                "it has no digest of its level, gear, deck and seed (damaged)".into(),
            ));
        }
        if file.event_digests.len() != file.events
            || file.event_digests.last().is_some_and(|d| *d != file.digest)
        {
            return Err(invalid(
                "its digests do not agree with its number of events (damaged)".into(),
            ));
        }
        crate::data::deck_file::validate(&file.deck)
            .map_err(|e| invalid(format!("its deck: {e}")))?;
        // The level and gear it carries, checked as `levels check` checks a level file: an
        // edited match file is refused with the line of what is wrong, never played.
        let in_file = |e: DataError| match e {
            DataError::Parse {
                path,
                line,
                column,
                message,
            } => DataError::Parse {
                path,
                line,
                column,
                message: format!("the level or gear it carries: {message}"),
            },
            other => other,
        };
        let mut file = file;
        file.gear = crate::data::gear::check(path, text, file.gear).map_err(in_file)?;
        file.level =
            crate::data::level::check(path, text, file.level, &file.gear).map_err(in_file)?;
        Ok(file)
    }
}
