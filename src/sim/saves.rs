//! A match in play kept and brought back: its file (the journal and what it needs), loading a
//! file into a world by replaying its journal, the list of saves, and taking declarations
//! back (a replay without them, so exact by construction).

use super::intent::Refusal;
use super::journal::MatchFile;
use super::model::{
    ActionDeck, Battle, BattleOver, Journal, MatchLog, Pacing, RoundOptions, RoundState, Script,
};
use super::query;
use super::round::advance;
use super::setup::start_match;
use crate::data::DataError;
use crate::data::level::Control;
use crate::data::saves::now_secs;
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// The file of the match in a world, as played so far (None without a match).
pub fn match_file_of(world: &World) -> Option<MatchFile> {
    let battle = world.get_resource::<Battle>()?;
    let deck = world.get_resource::<ActionDeck>()?;
    let mut file = MatchFile::new(
        battle.level.clone(),
        battle.gear.clone(),
        deck.deck.cards().to_vec(),
        deck.seed,
        world.resource::<RoundOptions>().max_rounds,
        world.resource::<Journal>().0.clone(),
        &world.resource::<MatchLog>().events,
    );
    file.saved_at = Some(now_secs());
    file.at = Some(world.resource::<RoundState>().now());
    file.match_id = world
        .get_resource::<crate::sim::model::MatchId>()
        .map(|id| id.0.clone());
    Some(file.decided(world.get_resource::<BattleOver>()))
}

/// Save the match in a world to `path` (atomically).
pub fn save(world: &World, path: &Path) -> Result<(), DataError> {
    let file = match_file_of(world).ok_or_else(|| DataError::Invalid {
        path: path.to_path_buf(),
        message: "there is no match to save".into(),
    })?;
    file.save(path)
}

/// Replay a match file into a world: the match is started anew from the file's level, gear,
/// deck and seed, and its journal applied in order; then the seats play on. Err when the
/// journal does not fit the match (a damaged file).
pub fn load_into(world: &mut World, file: &MatchFile) -> Result<(), String> {
    start_match(
        world,
        file.level.clone(),
        file.gear.clone(),
        file.seed,
        file.deck.clone(),
    );
    // A loaded match is the same match: its saves keep its id.
    if let Some(id) = &file.match_id {
        world.insert_resource(crate::sim::model::MatchId(id.clone()));
    }
    world.resource_mut::<RoundOptions>().max_rounds = file.rounds;
    crate::sim::journal::rules_of_version(world, file.version);
    world.insert_resource(Script {
        entries: file.journal.iter().cloned().collect(),
        only: false,
        broken: None,
        applied: 0,
    });
    // No waiting between steps while the journal is replayed; and no further than where the
    // match stood when it was saved.
    let pacing = world.remove_resource::<Pacing>();
    let pause = world.resource::<RoundOptions>().pause_at;
    world.resource_mut::<RoundOptions>().pause_at = file.at.or(pause);
    let result = play_script(world);
    world.resource_mut::<RoundOptions>().pause_at = pause;
    if let Some(pacing) = pacing {
        world.insert_resource(pacing);
    }
    // The match's past is not news: the outcomes its replay sent are dropped, so a window
    // does not show them again (a play-test saw old shots' words over the figures after
    // Continue, and after an undo).
    if let Some(mut sent) = world.get_resource_mut::<Messages<super::Outcome>>() {
        sent.clear();
    }
    result
}

/// Run the match through its script, and on until it waits (for a seat, or at the pause).
fn play_script(world: &mut World) -> Result<(), String> {
    let mut idle = 0;
    loop {
        let script = world.resource::<Script>();
        if let Some((index, why)) = &script.broken {
            return Err(format!("journal entry {} does not fit: {why}", index + 1));
        }
        if world.contains_resource::<BattleOver>() {
            return Ok(());
        }
        let before = (script.applied, world.resource::<MatchLog>().events.len());
        advance(world);
        let _ = world.run_system_once(super::victory::check_victory);
        let script = world.resource::<Script>();
        let after = (script.applied, world.resource::<MatchLog>().events.len());
        idle = if after == before { idle + 1 } else { 0 };
        if idle > 2 {
            if script.entries.is_empty() {
                return Ok(());
            }
            return Err(format!(
                "the match stopped with {} journal entries left",
                script.entries.len()
            ));
        }
    }
}

/// Take back the declarations the side at `seat` made last (its run of intents in one
/// segment), and everything they paid: the match is rebuilt from its journal without them, so
/// it is exactly the match in which they were never made. The computer's answers made after
/// them go too: it is asked again, in the match without them (decision 126). A declaration can
/// be taken back until a card is drawn (or dice rolled) or a figure moves after it: an undo
/// never takes back what the player has seen come of it (issue 21). Another human side's
/// declarations are never taken back. The number of the side's own intents taken back.
pub fn undo(world: &mut World, seat: usize) -> Result<usize, Refusal> {
    let (keep, taken) = undo_reach(world, seat)?;
    let mut file = match_file_of(world).expect("a match to take back from");
    file.journal.truncate(keep);
    load_into(world, &file).map_err(Refusal::new)?;
    Ok(taken)
}

/// What undo would take back for the side at `seat` now, without taking it: the journal
/// entries it keeps and the number of the side's own it takes back; or why nothing.
pub fn undo_reach(world: &World, seat: usize) -> Result<(usize, usize), Refusal> {
    // An attack waiting for its player's choice has drawn its card (the choice shows it).
    if let Some(hero) = query::waiting_choice(world) {
        return Err(Refusal::new(format!(
            "nothing to take back: a card has been drawn for {}'s attack, which waits for its choice",
            query::hero_name(world, hero)
        )));
    }
    let journal = &world.resource::<Journal>().0;
    let sides = &world.resource::<super::model::Battle>().level.sides;
    let computer = |s: usize| sides.get(s).is_some_and(|s| s.control == Control::Computer);
    // The computer's answers since the side's last declaration...
    let mut keep = journal.len();
    while keep > 0 && journal[keep - 1].seat != seat && computer(journal[keep - 1].seat) {
        keep -= 1;
    }
    let answers = journal.len() - keep;
    let Some(last) = keep.checked_sub(1).map(|i| journal[i].clone()) else {
        return Err(Refusal::new(
            "nothing to take back: this side has declared nothing yet",
        ));
    };
    if last.seat != seat {
        return Err(Refusal::new(
            "the last declaration is another side's: a side takes back only its own",
        ));
    }
    // ... then the side's own run of declarations in that segment.
    let when = (last.round, last.segment);
    while keep > 0
        && journal[keep - 1].seat == seat
        && (journal[keep - 1].round, journal[keep - 1].segment) == when
    {
        keep -= 1;
    }
    let taken = journal.len() - keep - answers;
    let marks = world.get_resource::<super::model::JournalMarks>();
    let since = marks.and_then(|m| m.0.get(keep)).copied().unwrap_or(0);
    let log = &world.resource::<MatchLog>().events;
    if let Some(why) = log.iter().skip(since).find_map(revealed) {
        let who = query::entity(world, last.intent.hero())
            .map_or("the side".to_string(), |e| query::hero_name(world, e));
        return Err(Refusal::new(format!(
            "nothing to take back: {why} since {who}'s last declaration (R{} S{:02})",
            last.round, last.segment
        )));
    }
    Ok((keep, taken))
}

/// What an event shows that an undo must not take back: a card drawn or dice rolled (a
/// check, the initiative stack), or a figure moved.
fn revealed(event: &super::model::LogEvent) -> Option<&'static str> {
    let drawn = ["cards", "card", "dice"]
        .iter()
        .any(|k| event.fields.contains_key(*k));
    if drawn || event.kind == "stack" {
        return Some("a card has been drawn");
    }
    let moved = event.kind == "continuous_move"
        || (event.kind == "resolve" && event.fields.contains_key("paces"));
    moved.then_some("a figure has moved")
}

/// One saved match in the saves folder, as the Load screen lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// The level's name, the round and segment, the sides and who played them, when saved.
    pub level: Option<String>,
    pub at: Option<(u32, u32)>,
    pub sides: Vec<(String, Control)>,
    pub saved_at: Option<u64>,
    /// A decided match: who won and why.
    pub outcome: Option<String>,
    /// A damaged or foreign file: why it cannot be loaded.
    pub error: Option<String>,
}

/// Every match file in a folder, newest first; a file that cannot be read is listed with its
/// error.
pub fn list(dir: &Path) -> Vec<SaveEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<SaveEntry> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".match.ron") && !n.starts_with('.'))
        })
        .map(|path| match MatchFile::load(&path) {
            Ok(file) => SaveEntry {
                level: Some(file.level.name.clone()),
                // A file saved on the command line (`sim --save`) says not where it stood:
                // its last intent's round and segment do (it read "not started").
                at: file
                    .at
                    .or_else(|| file.journal.last().map(|e| (e.round, e.segment))),
                sides: file
                    .level
                    .sides
                    .iter()
                    .map(|s| (s.name.clone(), s.control))
                    .collect(),
                saved_at: file.saved_at.or_else(|| modified(&path)),
                outcome: file.outcome.clone(),
                error: None,
                path,
            },
            Err(e) => SaveEntry {
                level: None,
                at: None,
                sides: Vec::new(),
                saved_at: modified(&path),
                outcome: None,
                error: Some(e.to_string()),
                path,
            },
        })
        .collect();
    entries.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.path.cmp(&b.path)));
    entries
}

fn modified(path: &Path) -> Option<u64> {
    let time = std::fs::metadata(path).ok()?.modified().ok()?;
    time.duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs())
}

/// A match replayed for the viewer: its events and, for each, the map as that event left it.
#[derive(Clone, Debug)]
pub struct Recording {
    pub events: Vec<super::model::LogEvent>,
    pub frames: Vec<super::model::Frame>,
    /// How the replay ended (Err: the journal did not fit the match).
    pub end: Result<super::run::SimEnd, String>,
}

/// Replay a match file, recording a frame at every event (asking nobody).
pub fn record(file: &MatchFile) -> Recording {
    let mut app = super::run::app_of(file, true);
    app.insert_resource(super::model::Recorder::default());
    let end = super::run::play_out(&mut app, file.rounds);
    let events = app.world().resource::<MatchLog>().events.clone();
    let mut frames = app
        .world_mut()
        .remove_resource::<super::model::Recorder>()
        .unwrap_or_default()
        .0;
    // The verdict of a battle is logged by its own system: it changes nothing on the map.
    while frames.len() < events.len() {
        let last = frames.last().cloned().unwrap_or_default();
        frames.push(last);
    }
    frames.truncate(events.len());
    Recording {
        events,
        frames,
        end,
    }
}
