//! The level's counters in play (issue 23, counters.txt): fed as the level declares, their d10s
//! from a stream of their own, each addition a `counter` event, a full one doing what the level
//! says.

use super::table::*;
use tarnation::data::level::{CounterDef, Feed, Level, Trigger, WhenFull};
use tarnation::rules::counter::CounterKind;
use tarnation::sim::model::LogEvent;
use tarnation::sim::run;

fn counter(
    name: &str,
    kind: CounterKind,
    slots: u32,
    points: u32,
    fed_by: Vec<Feed>,
) -> CounterDef {
    CounterDef {
        name: name.into(),
        kind,
        slots,
        points,
        temporary: 0,
        fed_by,
        when_full: None,
        about: None,
        flames: Vec::new(),
    }
}

fn feed(on: Trigger, points: u32, d10: u32) -> Feed {
    Feed { on, points, d10 }
}

/// `level` played by the computer on both sides for `rounds` rounds.
fn played(file: &str, seed: u64, rounds: u32, tweak: impl FnOnce(&mut Level)) -> Vec<LogEvent> {
    let (level, gear) = level_file(file, tweak);
    run::run(level, gear, seed, cards(), rounds)
        .unwrap()
        .log
        .events
}

fn counter_events<'a>(log: &'a [LogEvent], name: &str) -> Vec<&'a LogEvent> {
    log.iter()
        .filter(|e| e.kind == "counter" && e.fields["counter"] == name)
        .collect()
}

/// Each round's end adds 1d10 (a d10 is 1 to 10, the points their sum), each declaration one
/// point; the counters fill "until no points remain", a whole slot for a single point left.
#[test]
fn counters_fill_as_the_level_declares() {
    let log = played("street_duel.ron", 7, 3, |level| {
        level.counters = vec![
            counter(
                "Dusk",
                CounterKind::Timer,
                10,
                10,
                vec![feed(Trigger::EachRound, 0, 1)],
            ),
            counter(
                "Talk of the town",
                CounterKind::Danger,
                10,
                5,
                vec![feed(Trigger::EachAction, 1, 0)],
            ),
        ];
    });
    let rounds_ended = log.iter().filter(|e| e.kind == "round_end").count();
    let dusk = counter_events(&log, "Dusk");
    assert_eq!(dusk.len(), rounds_ended, "one a round");
    let mut filled = 0;
    let mut points = 0;
    for e in &dusk {
        let rolled: Vec<u64> = e.fields["rolled"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(rolled.len(), 1);
        assert!((1..=10).contains(&rolled[0]), "{rolled:?}");
        assert_eq!(e.fields["points"], rolled[0]);
        assert_eq!(e.fields["counter_kind"], "timer");
        // A slot is worth 10: any roll fills exactly one.
        filled += 1;
        points += rolled[0];
        assert_eq!(e.fields["filled"], filled);
        assert_eq!(e.fields["slots"], 10);
        // The words say how the points fill slots.
        assert!(
            e.text.contains(&format!(
                "+{} (1d10: {}) for the round's end, filling 1 slot (10 points a slot; a part \
                 fills one): {filled} of 10 slots filled",
                rolled[0], rolled[0]
            )),
            "{}",
            e.text
        );
    }
    assert!(points > 0);
    // Each declaration (a `declare` or a `commit`) adds one point: one slot each, up to 10.
    let declared = log
        .iter()
        .filter(|e| e.kind == "declare" || e.kind == "commit")
        .count();
    let talk = counter_events(&log, "Talk of the town");
    assert_eq!(talk.len(), declared.min(10));
    assert_eq!(talk.last().unwrap().fields["complete"], declared >= 10);
    // Each round's event comes right after its round's end.
    for (i, e) in log.iter().enumerate() {
        if e.kind == "round_end" {
            assert!(
                log[i + 1..]
                    .iter()
                    .take(3)
                    .any(|n| n.fields.get("counter") == Some(&"Dusk".into()))
            );
        }
    }
}

/// The counters roll their d10s from a stream of their own: the cards of the match are the
/// cards it had without them.
#[test]
fn the_counters_dice_never_change_the_deck() {
    let plain = played("street_duel.ron", 11, 3, |_| {});
    let with = played("street_duel.ron", 11, 3, |level| {
        level.counters = vec![counter(
            "Dusk",
            CounterKind::Timer,
            10,
            5,
            vec![
                feed(Trigger::EachRound, 2, 3),
                feed(Trigger::EachAction, 0, 1),
            ],
        )];
    });
    let without: Vec<String> = with
        .iter()
        .filter(|e| e.kind != "counter")
        .map(|e| e.line())
        .collect();
    let plain: Vec<String> = plain.iter().map(|e| e.line()).collect();
    assert_eq!(without, plain);
    assert!(with.iter().any(|e| e.kind == "counter"));
}

/// The marshal's Timer: two slots of a point, a point each action; full, the Laroqs win.
fn marshal_rides_in(level: &mut Level) {
    let mut marshal = counter(
        "The marshal rides in",
        CounterKind::Timer,
        2,
        1,
        vec![feed(Trigger::EachAction, 1, 0)],
    );
    marshal.when_full = Some(WhenFull::Wins(level.sides[1].name.clone()));
    level.counters = vec![marshal];
}

/// A full counter whose level says a side wins ends the match: the Laroqs win when the
/// marshal's Timer (two slots of a point, a point each action) fills.
#[test]
fn a_full_counter_wins_for_its_side() {
    let log = played("street_duel.ron", 3, 5, marshal_rides_in);
    let full = counter_events(&log, "The marshal rides in");
    assert_eq!(full.len(), 2);
    assert_eq!(full[1].fields["complete"], true);
    assert!(
        full[1].text.ends_with(": full: Laroq gang win"),
        "{}",
        full[1].text
    );
    let over = log.iter().find(|e| e.kind == "battle_over").unwrap();
    assert!(
        over.fields["why"]
            .as_str()
            .unwrap()
            .contains("'The marshal rides in' is full")
    );
    assert_eq!(over.fields["winner"], "Laroq gang");
    // Decided the moment the counter fills (decision 135), not at the round's end: nothing
    // is declared after it.
    assert_eq!((over.round, over.segment), (full[1].round, full[1].segment));
    assert!(over.segment < 20, "{over:?}");
    let after = log.iter().skip_while(|e| e.kind != "battle_over");
    assert!(
        after.clone().all(|e| e.kind != "declare"),
        "{:?}",
        after.collect::<Vec<_>>()
    );
}

/// The marshal's timer of `a_full_counter_wins_for_its_side`, played as a game before decision
/// 135 played it (decided only at the round's end), saved as a file of version 6: it replays
/// so; the same file marked version 7 is refused (its journal runs on past the counter).
#[test]
fn a_file_older_than_victory_at_once_is_decided_at_the_round_s_end() {
    use tarnation::sim::victory::VictoryAtRoundEnd;
    let (mut level, gear) = level_file("street_duel.ron", marshal_rides_in);
    for side in &mut level.sides {
        side.control = tarnation::data::level::Control::Computer;
    }
    let mut app = run::headless_app(level, gear, 3, cards());
    app.insert_resource(VictoryAtRoundEnd);
    run::play_out(&mut app, Some(5)).unwrap();
    let mut file = run::match_file(&app, Some(5));
    let log = &app
        .world()
        .resource::<tarnation::sim::model::MatchLog>()
        .events;
    let over = log.iter().find(|e| e.kind == "battle_over").unwrap();
    let full = counter_events(log, "The marshal rides in")[1];
    assert!(
        (over.round, over.segment) > (full.round, full.segment),
        "{full:?} then {over:?}"
    );
    file.version = 6;
    assert!(run::verify(&file).is_ok(), "{:?}", run::verify(&file));
    file.version = 7;
    let refused = run::replay(&file).end.unwrap_err();
    assert!(refused.contains("after the end of the match"), "{refused}");
}

/// A hero of the named side going down adds the points, once a hero: as many events as
/// Perkins down at the end.
#[test]
fn a_hero_down_feeds_its_counter_once() {
    let (mut level, gear) = level_file("saloon_brawl.ron", |level| {
        level.counters = vec![counter(
            "Black eyes",
            CounterKind::Progress,
            10,
            1,
            vec![feed(Trigger::HeroDown("Perkins brothers".into()), 1, 0)],
        )];
    });
    for side in &mut level.sides {
        side.control = tarnation::data::level::Control::Computer;
    }
    let mut app = run::headless_app(level, gear, 5, cards());
    run::play_out(&mut app, Some(10)).unwrap();
    let world = app.world();
    let perkins_down = tarnation::sim::query::heroes(world)
        .into_iter()
        .filter(|&e| tarnation::sim::query::side_of(world, e) == 1)
        .filter(|&e| tarnation::sim::query::is_down(world, e))
        .count();
    assert!(
        perkins_down > 0,
        "a match in which nobody falls tests nothing"
    );
    let log = &world.resource::<tarnation::sim::model::MatchLog>().events;
    let eyes = counter_events(log, "Black eyes");
    assert_eq!(eyes.len(), perkins_down);
    for (i, e) in eyes.iter().enumerate() {
        assert_eq!(e.fields["filled"], i + 1);
        assert_eq!(e.fields["why"], "a hero of Perkins brothers down");
    }
}

/// A full Resource counter of a side's ammunition: its heroes may no longer load, and say why.
#[test]
fn spent_ammunition_refuses_a_reload() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        let side = level.sides[0].name.clone();
        let mut box_ = counter(
            "Cartridge box",
            CounterKind::Resource,
            1,
            5,
            vec![feed(Trigger::Reloads(side.clone()), 5, 0)],
        );
        box_.when_full = Some(WhenFull::NoReloads(side));
        level.counters = vec![box_];
        level.heroes[0].holster = None;
    });
    let miranda = t.hero("Miranda Valentine");
    let m = t.e(miranda);
    let empty = |t: &mut Table| {
        let mut weapons = t
            .app
            .world_mut()
            .get_mut::<tarnation::sim::model::Weapons>(m)
            .unwrap();
        weapons.0[0].rounds = 0;
    };
    empty(&mut t);
    t.update();
    let first = t.act(Action::Reload { hero: miranda });
    assert!(matches!(first, Outcome::Reloaded { .. }), "{first:?}");
    t.update();
    let boxed = t
        .log()
        .of_kind("counter")
        .find(|e| e.fields["counter"] == "Cartridge box")
        .cloned()
        .expect("the reload spent the box");
    assert_eq!(boxed.fields["complete"], true);
    empty(&mut t);
    let price = tarnation::sim::actions::price(t.app.world(), &Action::Reload { hero: miranda });
    let reason = price.unwrap_err().to_string();
    assert!(reason.contains("'Cartridge box' is spent"), "{reason}");
}

/// A level's counters are checked where they are written: an unknown side, cover, a slot too
/// many, a feed of nothing.
#[test]
fn a_bad_counter_is_refused_where_it_is_written() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = tarnation::data::gear::load(&root.join("assets/gear.ron")).unwrap();
    let path = root.join("levels/street_duel.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let with = |counter: &str| {
        text.replacen(
            "\n    victory:",
            &format!("\n    counters: [{counter}],\n    victory:"),
            1,
        )
    };
    let good = r#"(name: "Dusk", kind: Timer, slots: 4, fed_by: [(on: EachRound, d10: 1)], when_full: Some(Wins("Laroq gang")))"#;
    let level = tarnation::data::level::parse(&path, &with(good), &gear).unwrap();
    assert_eq!(level.counters[0].points, 5, "5 points a slot by default");
    for (bad, words) in [
        (
            good.replace("Wins(\"Laroq gang\")", "Wins(\"Posse\")"),
            "no side named 'Posse'",
        ),
        (good.replace("slots: 4", "slots: 11"), "1 to 10 slots"),
        (
            good.replace("slots: 4,", "slots: 9, temporary: 2,"),
            "including Temporary slots",
        ),
        (good.replace("d10: 1", "points: 0"), "adds nothing"),
        (
            good.replace("EachRound", "ShotAt(\"lamp\")"),
            "no cover object named 'lamp'",
        ),
        (good.replace("Timer", "Inventory"), "Inventory"),
    ] {
        let err = tarnation::data::level::parse(&path, &with(&bad), &gear)
            .unwrap_err()
            .to_string();
        assert!(err.contains(words), "{bad}: {err}");
        let line = with(&bad)
            .lines()
            .position(|l| l.contains("counters:"))
            .unwrap()
            + 1;
        assert!(err.contains(&format!("street_duel.ron:{line}:")), "{err}");
    }
    // A hero who arrives waits for a counter the level has.
    let waits = with(good).replacen(
        "side: \"Valentine posse\",",
        "side: \"Valentine posse\", arrives: Some(\"Nightfall\"),",
        1,
    );
    let err = tarnation::data::level::parse(&path, &waits, &gear)
        .unwrap_err()
        .to_string();
    let line = waits.lines().position(|l| l.contains("Nightfall")).unwrap() + 1;
    assert!(err.contains(&format!("street_duel.ron:{line}:")), "{err}");
    assert!(err.contains("no counter of that name"), "{err}");
    let waits = waits.replace("Nightfall", "Dusk");
    let level = tarnation::data::level::parse(&path, &waits, &gear).unwrap();
    assert_eq!(level.heroes[0].arrives.as_deref(), Some("Dusk"));
}

/// A hero of the side stepping into the area feeds the counter once; standing on in it adds
/// nothing more.
#[test]
fn a_hero_entering_the_area_feeds_its_counter() {
    use tarnation::rules::hexmap::hex_at;
    let mut t = Table::new("street_duel.ron", 3, |level| {
        level.counters = vec![counter(
            "Seen on Main Street",
            CounterKind::Danger,
            4,
            5,
            vec![
                feed(
                    Trigger::Enters {
                        side: "Valentine posse".into(),
                        area: vec![(4, 4), (4, 3), (5, 4)],
                    },
                    5,
                    0,
                ),
                feed(
                    Trigger::Leaves {
                        side: "Valentine posse".into(),
                        area: vec![(4, 4), (4, 3), (5, 4)],
                    },
                    5,
                    0,
                ),
            ],
        )];
    });
    let miranda = t.hero("Miranda Valentine");
    let walk = tarnation::rules::movement::Gait::Walk;
    let moved = t.act(Action::Move {
        hero: miranda,
        to: hex_at(4, 4),
        gait: walk,
    });
    assert!(matches!(moved, Outcome::Moved { .. }), "{moved:?}");
    t.update();
    let seen: Vec<_> = t.log().of_kind("counter").cloned().collect();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!(seen[0].fields["filled"], 1);
    assert_eq!(
        seen[0].fields["why"],
        "a hero of Valentine posse in the area"
    );
    // A step within the area: still in it, nothing more.
    t.act(Action::Move {
        hero: miranda,
        to: hex_at(5, 4),
        gait: walk,
    });
    t.update();
    assert_eq!(t.log().of_kind("counter").count(), 1);
    // Out of the area: the Leaves feed, once.
    t.act(Action::Move {
        hero: miranda,
        to: hex_at(7, 4),
        gait: walk,
    });
    t.update();
    let out: Vec<_> = t.log().of_kind("counter").cloned().collect();
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(
        out[1].fields["why"],
        "a hero of Valentine posse out of the area"
    );
}

/// The victories a check wins at an objective feed any counter that names it, one feed a
/// victory (the objective's work, generalised).
#[test]
fn an_objective_s_victories_feed_a_counter() {
    for seed in 1..=12 {
        let mut t = Table::new("mine_raid.ron", seed, |level| {
            super::ranged_book::charges_at_hand(level);
            level.counters = vec![counter(
                "Noise in the mine",
                CounterKind::Danger,
                10,
                5,
                vec![feed(Trigger::Victories("Set the charges".into()), 1, 0)],
            )];
        });
        let hank = t.hero("Hank Daggett");
        t.update();
        let worked = t.act(Action::WorkObjective {
            hero: hank,
            objective: 0,
        });
        let Outcome::Worked { victories, .. } = worked else {
            panic!("{worked:?}")
        };
        t.update();
        let noise = t
            .log()
            .of_kind("counter")
            .filter(|e| e.fields["counter"] == "Noise in the mine")
            .count();
        assert_eq!(noise as u32, victories.min(10), "seed {seed}");
        if victories > 0 {
            return;
        }
    }
    panic!("no seed won a victory: the test tests nothing");
}

/// A shot whose hit location a named cover object covers strikes it, and so does a stray shot
/// that shatters it: one point each, as many counter events as shots whose `penetration` says
/// the cover was met and strays that shattered it (up to the ten slots).
#[test]
fn a_shot_striking_marked_cover_feeds_its_counter() {
    let mut struck_somewhere = false;
    for seed in 1..=6 {
        let log = played("street_duel.ron", seed, 6, |level| {
            // The boardwalk rail covers Felicia whole, from every side.
            level.cover[1].covers = tarnation::rules::card::Location::ALL.to_vec();
            level.cover[1].from = (0..6).collect();
            let rail = level.cover[1].at;
            let felicia = level
                .heroes
                .iter_mut()
                .find(|h| h.name == "Felicia Laroq")
                .unwrap();
            felicia.at = rail;
            level.counters = level
                .cover
                .iter()
                .map(|c| {
                    counter(
                        &c.name,
                        CounterKind::Defeat,
                        10,
                        1000,
                        vec![feed(Trigger::ShotAt(c.name.clone()), 1, 0)],
                    )
                })
                .collect();
        });
        let met = log
            .iter()
            .filter(|e| {
                (e.kind == "shot" && !e.fields["penetration"].is_null())
                    || (e.kind == "stray_hit" && e.fields.contains_key("object"))
            })
            .count();
        let fed = log.iter().filter(|e| e.kind == "counter").count();
        assert_eq!(fed, met, "seed {seed}");
        struck_somewhere |= met > 0;
    }
    assert!(
        struck_somewhere,
        "no shot met cover in six matches: the test tests nothing"
    );
}

/// A hero who waits for a counter is off the map until it fills, then arrives at its hex or
/// the nearest free one, and plays from then on like any other.
#[test]
fn reinforcements_arrive_when_their_counter_fills() {
    let (mut level, gear) = level_file("street_duel.ron", |level| {
        level.counters = vec![counter(
            "Shots heard at the jail",
            CounterKind::Danger,
            3,
            1,
            vec![feed(Trigger::EachAction, 1, 0)],
        )];
        let mut sheriff = level.heroes[0].clone();
        sheriff.name = "Sheriff Cobb".into();
        sheriff.arrives = Some("Shots heard at the jail".into());
        level.heroes.push(sheriff);
    });
    for side in &mut level.sides {
        side.control = tarnation::data::level::Control::Computer;
    }
    let miranda_at = level.heroes[0].at;
    let mut app = run::headless_app(level, gear, 4, cards());
    let present = |app: &bevy::prelude::App| tarnation::sim::query::heroes(app.world()).len();
    assert_eq!(present(&app), 4, "the sheriff waits off the map");
    run::play_out(&mut app, Some(3)).unwrap();
    let world = app.world();
    let log = &world.resource::<tarnation::sim::model::MatchLog>().events;
    let full = log
        .iter()
        .position(|e| e.kind == "counter" && e.fields["complete"] == true)
        .expect("three declarations fill it");
    let arrived = log
        .iter()
        .position(|e| e.kind == "arrive")
        .expect("the sheriff arrives");
    assert_eq!(arrived, full + 1, "right after the counter fills");
    let event = &log[arrived];
    assert_eq!(event.actor.as_deref(), Some("Sheriff Cobb"));
    assert_eq!(event.fields["counter"], "Shots heard at the jail");
    assert_eq!(present(&app), 5);
    // Miranda's hex was taken when he came (if she had not moved, the next free hex).
    let at = event.fields["at"].as_array().unwrap();
    let at = (
        at[0].as_i64().unwrap() as i32,
        at[1].as_i64().unwrap() as i32,
    );
    let hex = |(c, r): (i32, i32)| tarnation::rules::hexmap::hex_at(c, r);
    assert!(hex(at).unsigned_distance_to(hex(miranda_at)) <= 1);
    // He declares in a later round, as any hero does.
    assert!(
        log[arrived..]
            .iter()
            .any(|e| e.actor.as_deref() == Some("Sheriff Cobb") && e.kind == "initiative"),
        "the sheriff takes part in the next initiative step"
    );
}

/// The two counter levels play their counters: over a few matches of each, every counter is fed
/// as declared (the posse and the marshal arrive, the gang's cartridges run out, the fire and the
/// escape end matches), never past its slots.
#[test]
fn the_counter_levels_fill_their_counters() {
    let mut seen: std::collections::BTreeMap<String, (usize, bool)> = Default::default();
    let mut arrivals = 0;
    let mut refused_reloads = 0;
    // The bank job's matches are short since the gang runs its strongboxes out (stop 34): its
    // cartridges run dry in a few seeds of 40.
    for (file, seeds) in [("bank_job.ron", 40), ("longhorn_fire.ron", 12)] {
        for seed in 1..=seeds {
            let log = played(file, seed, 10, |_| {});
            for e in log.iter().filter(|e| e.kind == "counter") {
                let slots = e.fields["slots"].as_u64().unwrap();
                assert!(e.fields["filled"].as_u64().unwrap() <= slots);
                let entry = seen
                    .entry(e.fields["counter"].as_str().unwrap().to_string())
                    .or_default();
                entry.0 += 1;
                entry.1 |= e.fields["complete"] == true;
            }
            arrivals += log.iter().filter(|e| e.kind == "arrive").count();
            refused_reloads += log
                .iter()
                .filter(|e| e.text.contains("can no longer reload"))
                .count();
        }
    }
    for name in [
        "Out of Red Rock",
        "The marshal's posse",
        "Gang's cartridges",
        "The Longhorn burns",
        "The town wakes",
    ] {
        let (fed, full) = seen.get(name).copied().unwrap_or_default();
        assert!(fed > 0 && full, "{name}: fed {fed} times, full {full}");
    }
    assert!(arrivals > 0 && refused_reloads > 0);
}

/// The bank job's strongboxes: taken within a pace (1 AP) into the Inventory counter, put down
/// where the hero stands, dropped where a carrier falls, and carried out into the area, where
/// each feeds the escape and stays in the Inventory counter.
#[test]
fn loot_is_taken_put_down_dropped_and_carried_out() {
    use tarnation::rules::hexmap::hex_at;
    use tarnation::sim::counters::{Carrying, ItemState, LevelCounters};
    use tarnation::sim::model::{Down, HexPos};
    let mut t = Table::new("bank_job.ron", 3, |_| {});
    let felicia = t.hero("Felicia Laroq");
    let f = t.e(felicia);
    let inventory = |t: &Table| {
        let c = &t.app.world().resource::<LevelCounters>().counters[0];
        (c.filled(), c.items().to_vec())
    };
    let taken = t.act(Action::TakeItem { hero: felicia });
    assert!(
        matches!(&taken, Outcome::Prepared { what, ap: 1, .. } if what == "takes the strongbox"),
        "{taken:?}"
    );
    assert_eq!(inventory(&t), (1, vec!["strongbox".to_string()]));
    assert_eq!(t.app.world().get::<Carrying>(f).unwrap().0, vec![0]);
    let event = t.log().of_kind("counter").last().cloned().unwrap();
    assert_eq!(event.fields["counter_kind"], "inventory");
    assert_eq!(event.fields["items"], serde_json::json!(["strongbox"]));
    // The other strongbox is four hexes away: nothing within a pace now.
    let refused =
        tarnation::sim::actions::price(t.app.world(), &Action::TakeItem { hero: felicia });
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("no item lies within a pace")
    );
    // Put down where she stands; taken again.
    let at = t.app.world().get::<HexPos>(f).unwrap().0;
    t.act(Action::DropItem { hero: felicia });
    assert_eq!(inventory(&t), (0, vec![]));
    assert_eq!(
        t.app.world().resource::<LevelCounters>().items[0],
        ItemState::Lying(at)
    );
    t.act(Action::TakeItem { hero: felicia });
    // Carried into the area by the horses: delivered, one slot of the escape.
    t.app
        .world_mut()
        .entity_mut(f)
        .insert(HexPos(hex_at(25, 4)));
    let delivered =
        |t: &Table| t.app.world().resource::<LevelCounters>().items[0] == ItemState::Delivered;
    for _ in 0..40 {
        if delivered(&t) {
            break;
        }
        t.pass();
    }
    let world = t.app.world();
    let counters = world.resource::<LevelCounters>();
    assert_eq!(counters.items[0], ItemState::Delivered);
    assert_eq!(counters.counters[1].filled(), 1, "Out of Red Rock");
    assert_eq!(counters.counters[0].items(), ["strongbox".to_string()]);
    assert!(world.get::<Carrying>(f).unwrap().0.is_empty());
    // El Chivo takes the second and falls with it: it lies where he fell.
    let chivo = t.hero("El Chivo");
    let c = t.e(chivo);
    t.app.world_mut().entity_mut(c).insert(HexPos(hex_at(2, 6)));
    t.act(Action::TakeItem { hero: chivo });
    assert_eq!(inventory(&t).0, 2);
    t.app.world_mut().entity_mut(c).insert(Down(true));
    for _ in 0..40 {
        if inventory(&t).0 == 1 {
            break;
        }
        t.pass();
    }
    assert_eq!(
        t.app.world().resource::<LevelCounters>().items[1],
        ItemState::Lying(hex_at(2, 6))
    );
    assert_eq!(inventory(&t).0, 1);
    let fell = t.log().of_kind("counter").last().cloned().unwrap();
    assert!(
        fell.text.contains("dropped in the fall by El Chivo"),
        "{}",
        fell.text
    );
}

/// The bank job's law stands ready: its guns start in hand and cocked (`cocked` in the level),
/// so its first declaration can be the shot; the gang's are not. A holstered first weapon is
/// not cocked: it is not in hand.
#[test]
fn the_bank_job_s_law_starts_with_its_guns_cocked() {
    use tarnation::sim::model::Weapons;
    let t = Table::new("bank_job.ron", 1, |_| {});
    let first = |name: &str| t.app.world().get::<Weapons>(t.e(t.hero(name))).unwrap().0[0].clone();
    for law in ["Sheriff Cobb", "Deputy Pike"] {
        let w = first(law);
        assert!(w.ready && w.cocked, "{law}: {w:?}");
    }
    let w = first("Felicia Laroq");
    assert!(w.ready && !w.cocked, "{w:?}");
    let t = Table::new("bank_job.ron", 1, |level| {
        let cobb = level
            .heroes
            .iter_mut()
            .find(|h| h.name == "Sheriff Cobb")
            .unwrap();
        cobb.holster = Some(cobb.weapons[0].clone());
    });
    let w = t
        .app
        .world()
        .get::<Weapons>(t.e(t.hero("Sheriff Cobb")))
        .unwrap()
        .0[0]
        .clone();
    assert!(!w.ready && !w.cocked, "holstered: {w:?}");
}
