//! Keep a match, take back a declaration (issue 12, the match's side): a save in the middle of
//! a round loads into the same match, undo gives exactly the match in which the intents were
//! never sent, the saves folder lists damaged files with their error.

use super::table::*;
use tarnation::data::level::Control;
use tarnation::rules::movement::Gait;
use tarnation::sim::journal::MatchFile;
use tarnation::sim::model::{Facing, HexPos, Journal, MatchLog, RoundOptions, Track};
use tarnation::sim::run;
use tarnation::sim::saves;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tarnation-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saved in the middle of round 2 (segment 7), loaded into another app, played on: the same
/// match as the one never stopped, event for event.
#[test]
fn a_save_in_the_middle_of_a_round_loads_into_the_same_match() {
    let (mut level, gear) = level_file("mine_raid.ron", |_| {});
    for side in &mut level.sides {
        side.control = Control::Computer;
    }
    let whole = run::run(level.clone(), gear.clone(), 6, cards(), 5).unwrap();

    let mut first = run::headless_app(level.clone(), gear.clone(), 6, cards());
    {
        let mut options = first.world_mut().resource_mut::<RoundOptions>();
        options.max_rounds = Some(5);
        options.pause_at = Some((2, 7));
    }
    for _ in 0..50 {
        first.update();
    }
    let at = first
        .world()
        .resource::<tarnation::sim::model::RoundState>()
        .now();
    assert_eq!(at, (2, 7), "paused mid-round");
    let dir = scratch("midround");
    let path = dir.join("raid.match.ron");
    saves::save(first.world(), &path).unwrap();
    let file = MatchFile::load(&path).unwrap();
    assert_eq!(file.at, Some((2, 7)));

    // Another app: the level it is loaded into does not matter, the file's content does.
    let mut again = run::headless_app(level, gear, 99, cards());
    saves::load_into(again.world_mut(), &file).unwrap();
    assert_eq!(
        again.world().resource::<MatchLog>().events,
        first.world().resource::<MatchLog>().events,
        "the same match up to the save"
    );
    // The match's past is not sent again as news: a window reading the outcomes after the
    // load sees none of the replayed shots (a play-test saw old hit words after Continue).
    let replayed = again
        .world()
        .resource::<bevy::ecs::message::Messages<tarnation::sim::Outcome>>()
        .get_cursor()
        .read(
            again
                .world()
                .resource::<bevy::ecs::message::Messages<tarnation::sim::Outcome>>(),
        )
        .count();
    assert_eq!(replayed, 0, "outcomes of the replay read after the load");
    again.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(5);
    let end = run::play_out(&mut again, Some(5)).unwrap();
    assert_eq!(end, whole.end);
    assert_eq!(
        again.world().resource::<MatchLog>().events,
        whole.log.events
    );
}

/// What a test compares of two matches: the log, the journal, every hero's track, hex and
/// facing.
fn state(t: &Table) -> impl PartialEq + std::fmt::Debug {
    let world = t.app.world();
    let heroes: Vec<_> = tarnation::sim::query::heroes(world)
        .into_iter()
        .map(|e| {
            (
                world.get::<Track>(e).unwrap().0.clone(),
                world.get::<HexPos>(e).unwrap().0,
                world.get::<Facing>(e).unwrap().0,
            )
        })
        .collect();
    (
        world.resource::<MatchLog>().events.clone(),
        world.resource::<Journal>().0.clone(),
        heroes,
    )
}

/// Undo takes back the declaring side's last declarations and all they paid: the
/// match is exactly the one in which they were never sent.
#[test]
fn undo_gives_the_match_in_which_the_intents_were_never_sent() {
    // Miranda's turn in a segment where another hero declares after her: her declaration
    // has not resolved yet.
    let start = || {
        let mut t = Table::new("street_duel.ron", 4, |_| {});
        let miranda = t.hero("Miranda Valentine");
        t.update();
        for _ in 0..200 {
            t.until_turn(miranda);
            if t.round().declaring.len() >= 2 {
                return (t, miranda);
            }
            t.pass();
        }
        panic!("no segment with a hero declaring after Miranda");
    };
    let (mut never, _) = start();
    let (mut t, miranda) = start();
    // Miranda sets AP for the stack and declares a move; then undo.
    t.intent(Intent::StackSpend {
        hero: miranda,
        ap: 1,
    });
    let to = {
        let e = t.e(miranda);
        let at = t.app.world().get::<HexPos>(e).unwrap().0;
        at.all_neighbors()[0]
    };
    let declared = t.send(Action::Move {
        hero: miranda,
        to,
        gait: Gait::Walk,
    });
    assert!(matches!(declared, Outcome::Declared { .. }), "{declared:?}");
    assert_ne!(state(&t), state(&never));
    let taken = saves::undo(t.app.world_mut(), 0).unwrap();
    assert_eq!(taken, 2);
    assert_eq!(state(&t), state(&never));
    // The match goes on from there as the other one does.
    t.pass();
    never.pass();
    assert_eq!(state(&t), state(&never));
}

/// Against the computer (decision 126): a human's declaration, the computer's answer after it,
/// and the next human hero to declare; undo takes back the human's declaration and the
/// computer's answer, and the computer is asked again in the match without them.
#[test]
fn undo_takes_the_computer_s_answers_back_with_the_declaration() {
    let start = || {
        let mut t = Table::new("street_duel.ron", 4, |l| {
            l.sides[1].control = Control::Computer;
        });
        t.update();
        // A segment where a hero of the desk's side declares, then one of the computer's, then
        // one of the desk's again.
        for _ in 0..500 {
            let world = t.app.world();
            let order: Vec<usize> = t
                .round()
                .declaring
                .iter()
                .map(|&e| tarnation::sim::query::side_of(world, e))
                .collect();
            if order.len() >= 3 && order[0] == 0 && order[1] == 1 && order[2] == 0 {
                let first = tarnation::sim::query::hero_id(world, t.round().declarer().unwrap());
                return (t, first);
            }
            t.pass();
        }
        panic!("no segment with the desk's side, the computer, the desk's side declaring");
    };
    let (mut never, _) = start();
    let (mut t, first) = start();
    let journal = t.app.world().resource::<Journal>().0.len();
    // The first hero turns; the computer answers; the next hero of the desk's side declares.
    let facing = t.app.world().get::<Facing>(t.e(first)).unwrap().0;
    let declared = t.send(Action::Face {
        hero: first,
        facing: (facing + 1) % 6,
    });
    assert!(!matches!(declared, Outcome::Refused { .. }), "{declared:?}");
    for _ in 0..5 {
        let declarer = t.round().declarer();
        if declarer.is_some_and(|e| tarnation::sim::query::side_of(t.app.world(), e) == 0) {
            break;
        }
        t.update();
    }
    let entries = t.app.world().resource::<Journal>().0.clone();
    assert_eq!(entries.len(), journal + 2, "{entries:?}");
    assert_eq!(entries[journal].seat, 0);
    assert_eq!(entries[journal + 1].seat, 1, "the computer answered");
    // The old refusal is gone: the last entry is the computer's, and it goes back too.
    let taken = saves::undo(t.app.world_mut(), 0).unwrap();
    assert_eq!(taken, 1);
    assert_eq!(t.app.world().resource::<Journal>().0.len(), journal);
    assert_eq!(state(&t), state(&never));
    // The computer is asked again, as in the match where the turn was never declared.
    t.pass();
    never.pass();
    for _ in 0..3 {
        t.update();
        never.update();
    }
    assert_eq!(state(&t), state(&never));
}

/// A side takes back only its own declarations; once the segment resolves there is nothing
/// to take back.
#[test]
fn undo_is_refused_for_another_side_and_after_resolution() {
    let mut t = Table::new("street_duel.ron", 4, |_| {});
    t.update();
    // Pass until a hero of the Laroq gang (side 1) has just passed and this segment's
    // declarations go on.
    let mut found = false;
    for _ in 0..500 {
        let last = t.app.world().resource::<Journal>().0.last().cloned();
        if last.is_some_and(|e| e.seat == 1 && (e.round, e.segment) == t.round().now())
            && t.round().declarer().is_some()
        {
            found = true;
            break;
        }
        if t.round().declarer().is_some() {
            t.pass();
        } else {
            t.update();
        }
    }
    assert!(
        found,
        "a segment where the Laroq gang declares before another hero"
    );
    let refused = saves::undo(t.app.world_mut(), 0).unwrap_err();
    assert!(
        refused.reason.contains("another side's"),
        "{}",
        refused.reason
    );
    let before = t.app.world().resource::<Journal>().0.len();
    let taken = saves::undo(t.app.world_mut(), 1).unwrap();
    assert!(taken >= 1);
    assert_eq!(t.app.world().resource::<Journal>().0.len(), before - taken);
    // Nothing of this segment yet: an earlier segment has resolved.
    let mut fresh = Table::new("street_duel.ron", 4, |_| {});
    let miranda = fresh.hero("Miranda Valentine");
    fresh.update();
    fresh.until_turn(miranda);
    let refused = saves::undo(fresh.app.world_mut(), 0).unwrap_err();
    assert!(
        refused.reason.contains("nothing to take back"),
        "{}",
        refused.reason
    );
}

/// Against the computer, the desk's last hero of a segment declares and the segment resolves
/// at once; the declaration can still be taken back, since no card has been drawn and no figure
/// has moved after it (issue 21): the match is the one in which it was never made.
#[test]
fn undo_reaches_past_a_resolved_segment_while_nothing_is_revealed() {
    // Everyone passes until a hero of side 0 is the last to declare in a segment.
    let start = || {
        let mut t = Table::new("street_duel.ron", 4, |_| {});
        t.update();
        for _ in 0..500 {
            if let Some(d) = t.round().declarer()
                && tarnation::sim::query::side_of(t.app.world(), d) == 0
                && t.round().declaring.len() == 1
            {
                let id = tarnation::sim::query::hero_id(t.app.world(), d);
                return (t, id);
            }
            t.pass();
        }
        panic!("no segment whose last declarer is of side 0");
    };
    let (never, _) = start();
    let (mut t, last) = start();
    let segment = t.round().now();
    let facing = t.app.world().get::<Facing>(t.e(last)).unwrap().0;
    let declared = t.send(Action::Face {
        hero: last,
        facing: (facing + 1) % 6,
    });
    assert!(matches!(declared, Outcome::Declared { .. }), "{declared:?}");
    t.update();
    assert_ne!(t.round().now(), segment, "the segment has resolved");
    assert_eq!(saves::undo_reach(t.app.world(), 0).unwrap().1, 1);
    // A loaded match is replayed through the same door: undo reaches as far there.
    let file = tarnation::sim::saves::match_file_of(t.app.world()).unwrap();
    let (mut level, gear) = level_file("street_duel.ron", |_| {});
    level.name = "another".into();
    let mut loaded = run::headless_app(level, gear, 99, cards());
    saves::load_into(loaded.world_mut(), &file).unwrap();
    assert_eq!(
        saves::undo_reach(loaded.world(), 0).unwrap(),
        saves::undo_reach(t.app.world(), 0).unwrap()
    );
    let taken = saves::undo(t.app.world_mut(), 0).unwrap();
    assert_eq!(taken, 1);
    assert_eq!(state(&t), state(&never));
}

/// Once a card has been drawn after a side's last declaration (here the next round's
/// initiative test), undo is refused and says why; the match stays as it was.
#[test]
fn undo_is_refused_once_a_card_is_drawn_after_the_declaration() {
    let mut t = Table::new("street_duel.ron", 4, |_| {});
    t.update();
    // Side 1 holds at once; side 0 passes until side 1 has held, then holds: the last intent
    // of round 1 is side 0's.
    for _ in 0..2000 {
        if t.round().round == 2 && t.round().declarer().is_some() {
            break;
        }
        let Some(d) = t.round().declarer() else {
            t.update();
            continue;
        };
        let world = t.app.world();
        let hero = tarnation::sim::query::hero_id(world, d);
        let side_1_left = t
            .round()
            .declaring
            .iter()
            .any(|&e| tarnation::sim::query::side_of(world, e) == 1);
        if tarnation::sim::query::side_of(world, d) == 1 || !side_1_left {
            t.intent(Intent::Hold { hero });
        } else {
            t.pass();
        }
    }
    assert_eq!(t.round().round, 2);
    let last = t
        .app
        .world()
        .resource::<Journal>()
        .0
        .last()
        .cloned()
        .unwrap();
    assert_eq!((last.round, last.seat), (1, 0), "{last:?}");
    let before = format!("{:?}", state(&t));
    let refused = saves::undo(t.app.world_mut(), 0).unwrap_err();
    assert!(
        refused
            .reason
            .starts_with("nothing to take back: a card has been drawn since"),
        "{}",
        refused.reason
    );
    assert!(
        refused.reason.contains("last declaration (R1 S"),
        "{}",
        refused.reason
    );
    assert_eq!(format!("{:?}", state(&t)), before);
}

/// A hit waiting for its bumps has drawn its card (the bump box shows it): nothing is taken
/// back while it waits, whatever the log says so far.
#[test]
fn undo_is_refused_while_a_hit_waits_for_its_bumps() {
    let (mut t, miranda, felicia) = super::bumps::ready_to_shoot();
    super::bumps::stack_reading(&mut t, 13);
    let waiting = t.act_holding(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: tarnation::rules::ranged::ShotKind::Normal,
    });
    assert!(matches!(waiting, Outcome::Pending { .. }), "{waiting:?}");
    let before = format!("{:?}", state(&t));
    let refused = saves::undo(t.app.world_mut(), 0).unwrap_err();
    assert!(
        refused.reason.starts_with(
            "nothing to take back: a card has been drawn for Miranda Valentine's attack"
        ),
        "{}",
        refused.reason
    );
    assert_eq!(format!("{:?}", state(&t)), before);
}

/// The saves folder lists every match file newest first, a damaged one with its error.
#[test]
fn the_saves_list_damaged_files_with_their_error() {
    let dir = scratch("list");
    let mut t = Table::new("saloon_brawl.ron", 2, |_| {});
    t.update();
    let hank = t.hero("Hank Daggett");
    t.until_turn(hank);
    let good = dir.join("brawl.match.ron");
    saves::save(t.app.world(), &good).unwrap();
    let text = std::fs::read_to_string(&good).unwrap();
    std::fs::write(dir.join("torn.match.ron"), &text[..text.len() / 3]).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a match").unwrap();
    let list = saves::list(&dir);
    assert_eq!(list.len(), 2, "{list:?}");
    let ok = list.iter().find(|e| e.path == good).unwrap();
    assert_eq!(ok.level.as_deref(), Some("Brawl at the Longhorn"));
    assert_eq!(ok.at.map(|a| a.0), Some(1));
    assert_eq!(ok.sides.len(), 2);
    let torn = list.iter().find(|e| e.path != good).unwrap();
    assert!(
        torn.error.as_ref().unwrap().contains("torn.match.ron"),
        "{torn:?}"
    );
    // A match played out on the command line (no place saved with it) is listed where its
    // last intent was, not "not started".
    let (level, gear) = level_file("street_duel.ron", |_| {});
    let played = run::run(level, gear, 3, cards(), 4).unwrap();
    assert!(played.file.at.is_none());
    let last = played.file.journal.last().map(|e| (e.round, e.segment));
    assert!(last.is_some());
    let cli = dir.join("cli.match.ron");
    played.file.save(&cli).unwrap();
    let listed = saves::list(&dir);
    let entry = listed.iter().find(|e| e.path == cli).unwrap();
    assert_eq!(entry.at, last);
}

/// The replay viewer's recording: a frame for every event, and each move's event shows the
/// hero where the log says it went; stepping back and forth is the same frames.
#[test]
fn a_recording_has_the_map_of_every_event() {
    let (mut level, gear) = level_file("mine_raid.ron", |_| {});
    for side in &mut level.sides {
        side.control = Control::Computer;
    }
    let played = run::run(level, gear, 8, cards(), 6).unwrap();
    let recording = saves::record(&played.file);
    assert_eq!(recording.end.as_ref().unwrap(), &played.end);
    assert_eq!(recording.events, played.log.events);
    assert_eq!(recording.frames.len(), recording.events.len());
    let mut moves = 0;
    for (event, frame) in recording.events.iter().zip(&recording.frames) {
        assert_eq!((frame.round, frame.segment), (event.round, event.segment));
        if event.kind == "resolve"
            && let Some(to) = event.fields.get("to").and_then(|t| t.as_array())
        {
            let hex = tarnation::rules::hexmap::hex_at(
                to[0].as_i64().unwrap() as i32,
                to[1].as_i64().unwrap() as i32,
            );
            let who = event.actor.as_deref().unwrap();
            let figure = frame.figures.iter().find(|f| f.name == who).unwrap();
            assert_eq!(figure.at, hex, "{}", event.text);
            moves += 1;
        }
    }
    assert!(moves > 3, "only {moves} moves");
    // Down once, down in every later frame.
    let downed: Vec<usize> = (0..recording.frames.len())
        .filter(|&i| recording.frames[i].figures.iter().any(|f| f.down))
        .collect();
    let first = *downed.first().expect("someone falls in this match");
    assert_eq!(downed.len(), recording.frames.len() - first);
}
