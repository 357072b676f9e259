//! The journal of intents: a match is level + gear + deck + seed + journal. Saved midway and
//! rebuilt from its file, a match plays on exactly as if it had never stopped; the move
//! preview shows exactly what a move is charged.

use super::table::*;
use tarnation::data::level::{AiLevel, Control};
use tarnation::rules::movement::Gait;
use tarnation::sim::actions::movement;
use tarnation::sim::journal::MatchFile;
use tarnation::sim::model::{HexPos, LogEvent, MatchLog, RoundOptions, Track};
use tarnation::sim::run::{self, SimEnd};
use tarnation::sim::{Action, HeroId, Intent, Outcome};

/// Play `level` 2 rounds, save the match to a file and load it, rebuild the match from it and
/// play on to round 6: the log is the uninterrupted match's, event for event.
fn midway(file: &str, seed: u64) {
    midway_at(file, seed, None);
}

/// `midway`, the computer playing at `ai` (`None`: as a level file without one, `easy`).
fn midway_at(file: &str, seed: u64, ai: Option<AiLevel>) {
    let (mut level, gear) = level_file(file, |_| {});
    for side in &mut level.sides {
        side.control = Control::Computer;
        side.ai = ai;
    }
    let whole = run::run(level.clone(), gear.clone(), seed, cards(), 6).unwrap();

    let mut first = run::headless_app(level, gear, seed, cards());
    first.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(2);
    let end = run::play_out(&mut first, Some(2)).unwrap();
    if let SimEnd::Decided(_) = end {
        panic!("{file} seed {seed} is decided within 2 rounds: pick a longer match");
    }
    let saved = run::match_file(&first, Some(2));
    assert!(!saved.journal.is_empty());
    // A file of its own for each level of play: tests run side by side.
    let path = std::env::temp_dir().join(format!(
        "tarnation-midway-{file}-{seed}-{ai:?}-{}.match.ron",
        std::process::id()
    ));
    saved.save(&path).unwrap();
    let loaded = MatchFile::load(&path).unwrap();
    assert_eq!(loaded, saved, "the file round-trips");

    let mut again = run::app_of(&loaded, false);
    again.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(6);
    let end = run::play_out(&mut again, Some(6)).unwrap();
    assert_eq!(end, whole.end);
    let log = &again.world().resource::<MatchLog>().events;
    assert_eq!(log.len(), whole.log.events.len());
    for (i, (a, b)) in log.iter().zip(&whole.log.events).enumerate() {
        assert_eq!(a, b, "{file} seed {seed}: event {i} differs");
    }
}

#[test]
fn a_street_duel_saved_midway_plays_on_as_the_uninterrupted_match() {
    midway("street_duel.ron", 2);
}

#[test]
fn a_mine_raid_saved_midway_plays_on_as_the_uninterrupted_match() {
    midway("mine_raid.ron", 9);
}

#[test]
fn a_brawl_saved_midway_plays_on_as_the_uninterrupted_match() {
    midway("saloon_brawl.ron", 4);
}

/// Issue 22: the computer's reasons are kept in the journal, so a match of `normal` and `hard`
/// saved midway plays on as the uninterrupted match, reasons and all.
#[test]
fn a_match_of_the_weighing_levels_saved_midway_plays_on_as_the_uninterrupted_match() {
    midway_at("street_duel.ron", 2, Some(AiLevel::Normal));
    midway_at("mine_raid.ron", 9, Some(AiLevel::Hard));
}

/// The log as the game wrote it before version 10: a jam cleared logged as a load, an item
/// carried out with no actor.
fn in_words_of_version_9(events: &[LogEvent]) -> Vec<LogEvent> {
    events
        .iter()
        .cloned()
        .map(|mut e| {
            e.text = e.text.replace("clears the jam and loads", "loads");
            let carried_out = e
                .fields
                .get("why")
                .and_then(|w| w.as_str())
                .is_some_and(|w| w.contains("carried out"));
            if e.kind == "counter" && carried_out {
                e.actor = None;
            }
            e
        })
        .collect()
}

/// The log as the game wrote it before the computer gave reasons (match files of version 2),
/// in the words of version 9 and before.
fn without_reasons(events: &[LogEvent]) -> Vec<LogEvent> {
    in_words_of_version_9(events)
        .into_iter()
        .map(|mut e| {
            e.fields.remove("reason");
            if let Some(at) = e.text.find(". Why: ") {
                e.text.truncate(at);
            }
            e
        })
        .collect()
}

/// A genuine match file of version 2 (its level names no level of play, its journal keeps no
/// reasons, its digests are of a log without them) loads, verifies, and plays on as the
/// computer then played (`easy`): the uninterrupted match, reasons aside.
#[test]
fn a_match_file_of_version_2_plays_on_as_its_computer_played() {
    let (mut level, gear) = level_file("street_duel.ron", |_| {});
    for side in &mut level.sides {
        side.control = Control::Computer;
        side.ai = None;
    }
    let whole = run::run(level.clone(), gear.clone(), 5, cards(), 6).unwrap();
    let mut first = run::headless_app(level, gear, 5, cards());
    first.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(2);
    run::play_out(&mut first, Some(2)).unwrap();
    let mut old = run::match_file(&first, Some(2));
    old.version = 2;
    for entry in &mut old.journal {
        entry.reason = None;
    }
    let log = without_reasons(&first.world().resource::<MatchLog>().events);
    old.event_digests = tarnation::sim::journal::digests(&log);
    old.digest = tarnation::sim::journal::digest(&log);
    let path = std::env::temp_dir().join(format!("tarnation-v2-{}.match.ron", std::process::id()));
    old.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("reason") && !text.contains("ai:"), "{text}");
    let loaded = MatchFile::load(&path).unwrap();
    assert_eq!(run::verify(&loaded).ok(), Some(log.len()));
    let mut again = run::app_of(&loaded, false);
    again.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(6);
    let end = run::play_out(&mut again, Some(6)).unwrap();
    assert_eq!(end, whole.end);
    let played = &again.world().resource::<MatchLog>().events;
    assert_eq!(without_reasons(played), without_reasons(&whole.log.events));
    // After the journal, the computer plays on and says why again.
    assert!(
        played[log.len()..]
            .iter()
            .any(|e| e.fields.contains_key("reason"))
    );
}

/// A replay applies the recorded intents and asks nobody: a computer player that would now
/// play otherwise cannot change it.
#[test]
fn a_replay_does_not_ask_the_computer_again() {
    let (mut level, gear) = level_file("street_duel.ron", |_| {});
    for side in &mut level.sides {
        side.control = Control::Computer;
    }
    let played = run::run(level, gear, 11, cards(), 4).unwrap();
    let mut app = run::app_of(&played.file, true);
    // A computer that only passes, in place of the real one.
    app.insert_resource(tarnation::sim::seats::ComputerPlayer(|_, hero| {
        tarnation::sim::seats::Decision::bare(Intent::Pass { hero })
    }));
    let end = run::play_out(&mut app, played.file.rounds).unwrap();
    assert_eq!(end, played.end);
    assert_eq!(app.world().resource::<MatchLog>().events, played.log.events);
}

/// For every hex the preview shows in reach, the AP it shows are the AP the declaration is
/// charged: a plain walk and a run in the street, a brawler engaged at the Longhorn (a one-hex
/// maneuver beside the foe is 1 AP), and a hero ducked behind cover, who must emerge first.
#[test]
fn the_move_preview_shows_what_a_move_is_charged() {
    type Tweak = fn(&mut tarnation::data::level::Level);
    type Prepare = fn(&mut Table, HeroId);
    let no_tweak: Tweak = |_| {};
    let no_prep: Prepare = |_, _| {};
    let cases: [(&str, &str, Gait, Tweak, Prepare); 4] = [
        (
            "street_duel.ron",
            "Miranda Valentine",
            Gait::Walk,
            no_tweak,
            no_prep,
        ),
        (
            "street_duel.ron",
            "Miranda Valentine",
            Gait::Run,
            no_tweak,
            no_prep,
        ),
        (
            "saloon_brawl.ron",
            "Hank Daggett",
            Gait::Walk,
            // Dave Perkins starts beside Hank: they are engaged.
            |level| level.heroes[2].at = (6, 4),
            no_prep,
        ),
        (
            "street_duel.ron",
            "Cyril Wellington",
            Gait::Walk,
            // Cyril starts at the boardwalk rail and ducks behind it.
            |level| level.heroes[1].at = (10, 3),
            |t, hero| {
                let ducked = t.act(Action::DuckBehindCover { hero });
                assert!(matches!(ducked, Outcome::Ducked { .. }), "{ducked:?}");
            },
        ),
    ];
    let mut compared = 0;
    for (file, name, gait, tweak, prepare) in cases {
        let fresh = || {
            let mut t = Table::new(file, 5, tweak);
            let hero = t.hero(name);
            t.update();
            prepare(&mut t, hero);
            t.until_turn(hero);
            (t, hero)
        };
        let (mut t, hero) = fresh();
        let e = t.e(hero);
        let reach = movement::reach(t.app.world_mut(), e, gait);
        let in_front = t.app.world().get::<Track>(e).unwrap().0.in_front;
        let shown: Vec<(hexx::Hex, u32)> = match reach {
            Ok(r) => r.into_iter().map(|(h, p)| (h, p.ap)).collect(),
            Err(why) => {
                // No move at all: a declaration is refused for the same reason.
                let at = t.app.world().get::<HexPos>(e).unwrap().0;
                let to = at.all_neighbors()[0];
                match t.send(Action::Move { hero, to, gait }) {
                    Outcome::Refused { reason, .. } => assert_eq!(reason, why),
                    other => panic!("{name}: the preview says {why}, the move gave {other:?}"),
                }
                compared += 1;
                continue;
            }
        };
        assert!(!shown.is_empty(), "{name} can move somewhere");
        // Every hex the hero can pay for with the tokens in front, declared in a fresh match.
        let payable: Vec<(hexx::Hex, u32)> = shown
            .into_iter()
            .filter(|(_, ap)| *ap <= in_front)
            .collect();
        assert!(!payable.is_empty(), "{name} can pay for some move now");
        for (to, ap) in payable {
            let (mut t, hero) = fresh();
            match t.send(Action::Move { hero, to, gait }) {
                Outcome::Declared { ap: charged, .. } => {
                    assert_eq!(charged, ap, "{name} to {to:?}")
                }
                other => panic!("{name} to {to:?}: shown {ap} AP, declared {other:?}"),
            }
            compared += 1;
        }
    }
    assert!(compared > 30, "only {compared} moves compared");
}

/// Decision 134 and match files of version 5 or older: the question of a commitment that
/// cannot be made was never asked then, so such a file has no answer to it. The bank job at
/// `easy` (seed 2) asks it (a shot at a foe who fell first): the computer's answers, passes,
/// are in the journal of a file of version 6. Without them, as version 5, the file replays to
/// the same log: the heroes pay on, unasked. (The bank job as it was then: its law's guns not
/// yet cocked at the start.)
#[test]
fn a_file_older_than_the_give_up_question_replays_unasked() {
    let (mut level, gear) = level_file("bank_job.ron", |level| {
        for hero in &mut level.heroes {
            hero.cocked = false;
        }
    });
    for side in &mut level.sides {
        side.ai = Some(AiLevel::Easy);
    }
    let played = run::run(level, gear, 2, cards(), 10).unwrap();
    // Each hero's commitments: from its `commit` event to the event that ends it. A hero
    // paying declares nothing, so its passes in between answered the question.
    // (hero, the round and segment it committed in, and those of the event that ended it)
    type Paying = (String, (u32, u32), (u32, u32));
    let mut paying: Vec<Paying> = Vec::new();
    for e in &played.log.events {
        let Some(actor) = e.actor.clone() else {
            continue;
        };
        let now = (e.round, e.segment);
        match e.kind.as_str() {
            "commit" => paying.push((actor, now, (u32::MAX, 0))),
            "paid" | "failed" | "lapsed" | "give_up" | "rush" => {
                if let Some(open) = paying
                    .iter_mut()
                    .rev()
                    .find(|p| p.0 == actor && p.2.0 == u32::MAX)
                {
                    open.2 = now;
                }
            }
            _ => {}
        }
    }
    let names: Vec<String> = played
        .file
        .level
        .heroes
        .iter()
        .map(|h| h.name.clone())
        .collect();
    let answers = |entry: &tarnation::sim::model::Entry| {
        let Intent::Pass { hero } = entry.intent else {
            return false;
        };
        let now = (entry.round, entry.segment);
        paying
            .iter()
            .any(|(who, from, to)| *who == names[hero.index()] && *from < now && now < *to)
    };
    let asked = played.file.journal.iter().filter(|e| answers(e)).count();
    assert!(asked >= 1, "the bank job at seed 2 asks the question");
    assert!(
        run::verify(&played.file).is_ok(),
        "a file of this version verifies"
    );
    let mut older = played.file.clone();
    older.version = 5;
    older.journal.retain(|e| !answers(e));
    assert_eq!(older.journal.len(), played.file.journal.len() - asked);
    let replayed = run::replay(&older);
    assert!(replayed.end.is_ok(), "{:?}", replayed.end);
    // The same match, event for event; a file older than version 7 is decided when the round
    // next stops, not the moment its foes fell (decision 135): the same winner, a segment on.
    let (last, rest) = replayed.log.events.split_last().unwrap();
    let as_written = in_words_of_version_9(&played.log.events);
    let (was, before) = as_written.split_last().unwrap();
    assert_eq!(rest, before);
    assert_eq!((&last.kind, &last.fields), (&was.kind, &was.fields));
    assert!((last.round, last.segment) >= (was.round, was.segment));
}
