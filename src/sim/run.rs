//! Whole matches without a window: `tarnation sim` plays a level with every side computer
//! controlled and can save it; `tarnation replay` rebuilds a match from its file by applying
//! the recorded intents (the computer is not asked again) and checks it against the digest.

use super::journal::{MatchFile, digests};
use super::model::{BattleOver, Journal, MatchLog, RoundOptions, RoundState, Script};
use super::{AiPlugin, DeckPlugin, SimPlugin, setup::spawn_level};
use crate::data::gear::Gear;
use crate::data::level::{Control, Level};
use crate::rules::card::Card;
use bevy::prelude::*;

/// The app of a match: the deck, the battle and action time, the computer player; no window.
pub fn headless_app(level: Level, gear: Gear, seed: u64, cards: Vec<Card>) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        DeckPlugin { seed, cards },
        SimPlugin,
        AiPlugin,
    ));
    one_thread(&mut app);
    spawn_level(app.world_mut(), level, gear);
    app
}

/// A headless match is one sequential story: every schedule of its app runs on the
/// single-threaded executor, so no frame hands work between threads (issue 20: with bevy's
/// multi-threaded executor, waking and parking threads took 40 % of a match's cycles).
/// The window keeps bevy's executors for its own systems.
pub fn one_thread(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

/// The app of a match file, its journal ready to be played. With `only`, it stops where the
/// journal ends (a replay); without, the seats take over from there (a loaded match).
pub fn app_of(file: &MatchFile, only: bool) -> App {
    let mut app = headless_app(
        file.level.clone(),
        file.gear.clone(),
        file.seed,
        file.deck.clone(),
    );
    app.world_mut().resource_mut::<RoundOptions>().max_rounds = file.rounds;
    crate::sim::journal::rules_of_version(app.world_mut(), file.version);
    app.insert_resource(Script {
        entries: file.journal.iter().cloned().collect(),
        only,
        broken: None,
        applied: 0,
    });
    app
}

/// Frames without progress after which a match is taken to be stuck.
const STUCK_AFTER: u32 = 10_000;

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimEnd {
    Decided(BattleOver),
    /// The round limit was reached first.
    RoundLimit(u32),
    /// A replay's journal is used up and the match waits for a seat (a match saved midway).
    JournalEnd,
}

/// A match played: how it ended, its log, and its file.
#[derive(Debug, Clone)]
pub struct Played {
    pub end: SimEnd,
    pub log: MatchLog,
    pub file: MatchFile,
}

/// Update the app until the match ends, the round limit is reached, or (a replay) the journal
/// is used up. Err when it breaks: a journal that does not fit, or no progress.
pub fn play_out(app: &mut App, rounds: Option<u32>) -> Result<SimEnd, String> {
    let mut idle = 0;
    let mut last = 0;
    loop {
        app.update();
        let world = app.world();
        if let Some(over) = world.get_resource::<BattleOver>() {
            return Ok(SimEnd::Decided(over.clone()));
        }
        let state = world.resource::<RoundState>();
        if let Some(limit) = rounds
            && state.completed >= limit
        {
            return Ok(SimEnd::RoundLimit(state.completed));
        }
        if let Some(script) = world.get_resource::<Script>() {
            if let Some((index, why)) = &script.broken {
                return Err(format!("journal entry {} does not fit: {why}", index + 1));
            }
            if script.only && script.entries.is_empty() && state.declarer().is_some() {
                return Ok(SimEnd::JournalEnd);
            }
        }
        let n = world.resource::<MatchLog>().events.len();
        idle = if n == last { idle + 1 } else { 0 };
        last = n;
        if idle > STUCK_AFTER {
            return Err(format!(
                "the match made no progress for {STUCK_AFTER} frames (round {})",
                state.round
            ));
        }
    }
}

/// The file of the match an app holds, as played so far.
pub fn match_file(app: &App, rounds: Option<u32>) -> MatchFile {
    let world = app.world();
    let battle = world.resource::<super::model::Battle>();
    let deck = world.resource::<super::model::ActionDeck>();
    MatchFile::new(
        battle.level.clone(),
        battle.gear.clone(),
        deck.deck.cards().to_vec(),
        deck.seed,
        rounds,
        world.resource::<Journal>().0.clone(),
        &world.resource::<MatchLog>().events,
    )
    .decided(world.get_resource::<super::model::BattleOver>())
}

/// Play `level` to the end (or `rounds` rounds) with every side computer-controlled.
pub fn run(
    mut level: Level,
    gear: Gear,
    seed: u64,
    cards: Vec<Card>,
    rounds: u32,
) -> Result<Played, String> {
    for side in &mut level.sides {
        side.control = Control::Computer;
    }
    let mut app = headless_app(level, gear, seed, cards);
    app.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(rounds);
    let end = play_out(&mut app, Some(rounds))?;
    Ok(Played {
        end,
        log: app.world().resource::<MatchLog>().clone(),
        file: match_file(&app, Some(rounds)),
    })
}

/// A match rebuilt from its file: how it ended, its log, and the first entry of the journal
/// that did not fit (the match stops there).
#[derive(Debug, Clone)]
pub struct Replayed {
    pub end: Result<SimEnd, String>,
    pub log: MatchLog,
}

impl Replayed {
    /// Why the replayed log is not the match the file recorded (its level, gear, deck or seed
    /// changed, or another log), if it is not: what plain `replay` says after printing it.
    pub fn differs_from(&self, file: &MatchFile) -> Option<String> {
        let events = &self.log.events;
        if !file.setup_unchanged() {
            Some("its level, gear, deck or seed is not the one the match was played with".into())
        } else if super::journal::digest(events) != file.digest || events.len() != file.events {
            Some(format!(
                "this is not the match the file recorded ({} events printed, {} recorded)",
                events.len(),
                file.events
            ))
        } else {
            None
        }
    }
}

/// Replay a match file: its intents applied in order, nobody asked.
pub fn replay(file: &MatchFile) -> Replayed {
    let mut app = app_of(file, true);
    let mut end = play_out(&mut app, file.rounds);
    // The match is over (or at its round limit) with intents still recorded: they were never
    // part of it.
    if end.is_ok()
        && let Some(script) = app.world().get_resource::<Script>()
        && !script.entries.is_empty()
    {
        end = Err(format!(
            "journal entry {} comes after the end of the match ({} more)",
            script.applied + 1,
            script.entries.len()
        ));
    }
    Replayed {
        end,
        log: app.world().resource::<MatchLog>().clone(),
    }
}

/// Where a replay departs from its file.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// The 1-based number of the first event that differs (one past the end for a log that
    /// stops short or runs on).
    pub event: usize,
    /// That event as replayed (none when the replay stopped before it).
    pub replayed: Option<String>,
    /// Why the replay stopped, if it did.
    pub why: Option<String>,
}

/// Replay a file and hold its log against the stored digests: the number of events that
/// match, or the first that does not.
pub fn verify(file: &MatchFile) -> Result<usize, Mismatch> {
    if !file.setup_unchanged() {
        return Err(Mismatch {
            event: 0,
            replayed: None,
            why: Some(
                "its level, gear, deck or seed is not the one the match was played with (or \
                 the digest of them is damaged)"
                    .into(),
            ),
        });
    }
    let replayed = replay(file);
    let mine = digests(&replayed.log.events);
    let mut why = replayed.end.clone().err();
    let first =
        (0..mine.len().max(file.events)).find(|&i| mine.get(i) != file.event_digests.get(i));
    match first {
        None if why.is_none() && mine.len() == file.events => Ok(mine.len()),
        found => {
            let i = found.unwrap_or(mine.len());
            // The replay agrees with the whole log's digest: the file's own digest of this
            // event is what was damaged, not the match.
            if why.is_none() && mine.len() == file.events && mine.last() == Some(&file.digest) {
                why = Some(format!(
                    "the file's stored digest of event {} is damaged: the replay agrees with \
                     its digest of the whole log",
                    i + 1
                ));
            }
            Err(Mismatch {
                event: i + 1,
                replayed: replayed.log.events.get(i).map(|e| e.line()),
                why,
            })
        }
    }
}

/// What one hero did in a match: for the balance report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeroRecord {
    pub down: bool,
    /// Wound levels taken, every body part added.
    pub wounds: u32,
    pub shots: u32,
    pub shots_landed: u32,
    pub blows: u32,
    pub blows_landed: u32,
}

/// A match played for the balance report: how it ended, in which round, what each hero did (in
/// the level's order) and the rules it broke (`invariants`).
#[derive(Debug, Clone)]
pub struct Checked {
    pub end: SimEnd,
    pub rounds: u32,
    pub heroes: Vec<HeroRecord>,
    pub breaks: Vec<super::invariants::Break>,
}

/// What each hero of a finished match did: down or not, wounds, shots and blows, landed.
fn hero_records(world: &World) -> Vec<HeroRecord> {
    use super::model::{Down, Roster, Wounds};
    let roster = world.resource::<Roster>().0.clone();
    let log = &world.resource::<MatchLog>().events;
    let mut heroes: Vec<HeroRecord> = roster
        .iter()
        .map(|&e| HeroRecord {
            down: world.get::<Down>(e).is_some_and(|d| d.0),
            wounds: world.get::<Wounds>(e).map_or(0, |w| w.body.total_wounds()),
            ..HeroRecord::default()
        })
        .collect();
    let names: Vec<String> = roster
        .iter()
        .map(|&e| super::query::hero_name(world, e))
        .collect();
    for event in log {
        let Some(i) = event
            .actor
            .as_deref()
            .and_then(|a| names.iter().position(|n| n == a))
        else {
            continue;
        };
        let hit = event.fields.get("hit").and_then(|h| h.as_bool()) == Some(true);
        let h = &mut heroes[i];
        match event.kind.as_str() {
            "shot" => {
                h.shots += 1;
                h.shots_landed += hit as u32;
            }
            "melee" => {
                h.blows += 1;
                h.blows_landed += hit as u32;
            }
            _ => {}
        }
    }
    heroes
}

/// Play `level` to the end (or `rounds` rounds) with every side computer-controlled, checking
/// the rules at every declaration and after every frame. Err when the match gets stuck.
pub fn play_checked(
    level: &Level,
    gear: &Gear,
    seed: u64,
    cards: &[Card],
    rounds: u32,
) -> Result<Checked, String> {
    use super::invariants::{Watch, check, checked_player};
    let mut level = level.clone();
    for side in &mut level.sides {
        side.control = Control::Computer;
    }
    // One app a thread, a new match started in it each time (as the window starts a second
    // battle): building the app is a tenth of a short match.
    let mut app = SPARE_APP
        .with(|spare| spare.borrow_mut().take())
        .unwrap_or_else(|| {
            let mut app = App::new();
            app.add_plugins((
                MinimalPlugins,
                DeckPlugin {
                    seed,
                    cards: cards.to_vec(),
                },
                SimPlugin,
                AiPlugin,
            ));
            one_thread(&mut app);
            app
        });
    super::setup::start_match(app.world_mut(), level, gear.clone(), seed, cards.to_vec());
    app.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(rounds);
    app.insert_resource(super::seats::ComputerPlayer(checked_player));
    app.world_mut().remove_resource::<Watch>();
    app.init_resource::<Watch>();
    let mut last = 0;
    let mut idle = 0;
    let end = loop {
        app.update();
        let world = app.world_mut();
        check(world);
        if let Some(over) = world.get_resource::<BattleOver>() {
            break SimEnd::Decided(over.clone());
        }
        let state = world.resource::<RoundState>();
        if state.completed >= rounds {
            break SimEnd::RoundLimit(state.completed);
        }
        let n = world.resource::<MatchLog>().events.len();
        idle = if n == last { idle + 1 } else { 0 };
        last = n;
        if idle > STUCK_AFTER {
            return Err(format!(
                "the match made no progress for {STUCK_AFTER} frames (round {})",
                state.round
            ));
        }
    };
    let world = app.world_mut();
    let rounds = world.resource::<RoundState>().round;
    let heroes = hero_records(world);
    let breaks = world
        .remove_resource::<Watch>()
        .map(|w| w.breaks)
        .unwrap_or_default();
    SPARE_APP.with(|spare| *spare.borrow_mut() = Some(app));
    Ok(Checked {
        end,
        rounds,
        heroes,
        breaks,
    })
}

thread_local! {
    /// The app of this thread's last checked match, for the next one.
    static SPARE_APP: std::cell::RefCell<Option<App>> = const { std::cell::RefCell::new(None) };
}
