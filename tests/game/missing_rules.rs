//! The rules issue 14 found missing (decisions 120 on): speed loading, Medicine reviving the
//! fallen, action sabotage. Rushing is in `rushing.rs`, contested objectives in `contests.rs`.

use super::table::*;
use tarnation::data::level::{Control, Level};
use tarnation::rules::card::{CauseCell, Location};
use tarnation::rules::check::{self, CheckOptions, CheckRequest, Resolution, Skill};
use tarnation::rules::damage::Fate;
use tarnation::rules::deck::Deck;
use tarnation::rules::die::Die;
use tarnation::rules::hexmap::hex_at;
use tarnation::rules::ranged::ShotKind;
use tarnation::sim::actions;
use tarnation::sim::model::{BeyondReviving, Down, HexPos, Prone, UnderFire, Weapons, Wounds};

/// Cards whose best of `rows` cells in `die` is a plain result from `lo` to `hi` (no
/// exceptional, no calamity), with a standard location that adds no damage bumps.
pub fn card_best(rows: u32, die: Die, lo: u32, hi: u32) -> Vec<u8> {
    cards()
        .iter()
        .filter(|c| {
            let cells: Vec<CauseCell> = (1..=rows).map(|r| c.cause(r, die)).collect();
            let plain = cells
                .iter()
                .all(|cell| matches!(cell, CauseCell::Value(v) if *v < die.sides()));
            let best = cells.iter().map(|c| c.value()).max().unwrap_or(0);
            plain
                && (lo..=hi).contains(&best)
                && !matches!(c.standard_location(), Location::Head | Location::Vitals)
        })
        .map(|c| c.number)
        .collect()
}

/// Cards on which a check of `level` rows in `die` is a calamity, drawing no other card.
pub fn calamity_cards(level: u32, die: Die) -> Vec<u8> {
    cards()
        .iter()
        .map(|c| c.number)
        .filter(|&n| {
            let mut deck = Deck::with_order(cards(), 0, &[n]).unwrap();
            let request = CheckRequest::simple(Skill::Skilled { level, die }, 5);
            let o = check::resolve(&mut deck, &request, &CheckOptions::default()).unwrap();
            o.calamity && o.cards == vec![n]
        })
        .collect()
}

fn card(n: u8) -> tarnation::rules::card::Card {
    cards().into_iter().find(|c| c.number == n).unwrap()
}

pub fn last(t: &Table, kind: &str, actor: &str) -> tarnation::sim::model::LogEvent {
    t.events(kind, actor)
        .pop()
        .unwrap_or_else(|| panic!("no {kind} event by {actor}"))
}

// --- Speed loading -----------------------------------------------------------------------

/// Hank at the mine with the double barrel in hand and both barrels empty.
fn hank_empty(system: Resolution) -> (Table, HeroId) {
    let mut t = Table::new("mine_raid.ron", 5, |level| {
        level.heroes[0].weapons = vec!["Double-barrel shotgun".into()];
        level.resolution = Some(system);
    });
    let hank = t.hero("Hank Daggett");
    t.update();
    let e = t.e(hank);
    t.app.world_mut().get_mut::<Weapons>(e).unwrap().0[0].rounds = 0;
    (t, hank)
}

fn rounds(t: &Table, hero: HeroId) -> u32 {
    t.app.world().get::<Weapons>(t.e(hero)).unwrap().0[0].rounds
}

/// "he succeeds in reloading the gun with his action remaining (a success)": Hank's Speed Load
/// 2 in his Coordination d8 against TN 5, 1 AP, the card's burst value 2 giving the shells in.
#[test]
fn a_speed_load_leaves_the_action() {
    let (mut t, hank) = hank_empty(Resolution::ActionDeck);
    t.until_turn(hank);
    let n = t.stack_any(&card_best(2, Die::D8, 5, 8));
    let before = t.track(hank);
    let outcome = t.act(Action::SpeedLoad { hero: hank });
    let hits = card(n).burst_hits(2).unwrap();
    assert!(matches!(outcome, Outcome::Reloaded { rounds, ap: 1, .. } if rounds == hits));
    assert_eq!(rounds(&t, hank), hits);
    let e = last(&t, "speed_load", "Hank Daggett");
    assert_eq!(e.fields["card"], n);
    assert_eq!(e.fields["success"], true);
    assert_eq!(e.fields["loaded"], hits);
    assert_eq!(e.fields["burst"], serde_json::json!([2, hits]));
    assert_eq!(e.fields["extra_ap"], 0);
    // The action remains: only the tokens in front are spent on it.
    let after = t.track(hank);
    assert_eq!(after.spent, before.spent + before.in_front);
    assert_eq!(after.debt, 0);
}

/// "he successfully reloads, but it takes his action (a failure)": both shells in, at the
/// reload's 2 AP: the one beyond the speed load's comes from the pool.
#[test]
fn a_failed_speed_load_loads_at_the_reload_s_cost() {
    let (mut t, hank) = hank_empty(Resolution::ActionDeck);
    t.until_turn(hank);
    t.stack_any(&card_best(2, Die::D8, 1, 4));
    let before = t.track(hank);
    t.act(Action::SpeedLoad { hero: hank });
    assert_eq!(rounds(&t, hank), 2);
    let e = last(&t, "speed_load", "Hank Daggett");
    assert_eq!(e.fields["success"], false);
    assert_eq!(
        (e.fields["loaded"].clone(), e.fields["extra_ap"].clone()),
        (2.into(), 1.into())
    );
    assert_eq!(e.fields["from_pool"], 1);
    assert_eq!(t.track(hank).spent, before.spent + before.in_front + 1);
}

/// "A critical failure can also occur, causing no shell to be loaded and possible for it to be
/// dropped or lost."
#[test]
fn a_speed_load_calamity_loads_nothing() {
    let (mut t, hank) = hank_empty(Resolution::ActionDeck);
    t.until_turn(hank);
    t.stack_any(&calamity_cards(2, Die::D8));
    t.act(Action::SpeedLoad { hero: hank });
    assert_eq!(rounds(&t, hank), 0);
    assert_eq!(last(&t, "speed_load", "Hank Daggett").fields["loaded"], 0);
    let c = last(&t, "calamity", "Hank Daggett");
    assert_eq!(c.fields["consequence"], "dropped_shell");
}

/// Dice pools and d20 tests decide the speed load the same way: the dice for success, the
/// card for the burst.
#[test]
fn a_speed_load_in_every_system() {
    for system in Resolution::ALL {
        let mut seen = [false, false];
        for seed in 1..=12u64 {
            let mut t = Table::new("mine_raid.ron", seed, |level| {
                level.heroes[0].weapons = vec!["Double-barrel shotgun".into()];
                level.resolution = Some(system);
            });
            let hank = t.hero("Hank Daggett");
            t.update();
            let e = t.e(hank);
            t.app.world_mut().get_mut::<Weapons>(e).unwrap().0[0].rounds = 0;
            t.act(Action::SpeedLoad { hero: hank });
            let ev = last(&t, "speed_load", "Hank Daggett");
            assert_eq!(ev.fields["system"], system.key());
            let loaded = ev.fields["loaded"].as_u64().unwrap() as u32;
            assert_eq!(rounds(&t, hank), loaded);
            if ev.fields["calamity"] == true {
                assert_eq!(loaded, 0);
            } else if ev.fields["success"] == true {
                let n = ev.fields["card"].as_u64().unwrap() as u8;
                let hits = card(n).burst_hits(2).unwrap();
                let bumps = ev.fields["bumps"].as_u64().unwrap() as u32;
                assert_eq!(loaded, (hits + bumps).min(2), "{system:?} seed {seed}");
                assert_eq!(ev.fields["extra_ap"], 0);
                seen[0] = true;
            } else {
                assert_eq!((loaded, ev.fields["extra_ap"].clone()), (2, 1.into()));
                seen[1] = true;
            }
        }
        assert!(seen[0], "{system:?}: no success in 12 seeds");
    }
}

/// Speed loading needs something to load and a gun to load it in: a jam is cleared first.
#[test]
fn what_cannot_be_speed_loaded() {
    let (mut t, hank) = hank_empty(Resolution::ActionDeck);
    let e = t.e(hank);
    t.app.world_mut().get_mut::<Weapons>(e).unwrap().0[0].jammed = true;
    let refused = actions::price(t.app.world_mut(), &Action::SpeedLoad { hero: hank }).unwrap_err();
    assert!(refused.reason.contains("jammed"), "{}", refused.reason);
    {
        let mut w = t.app.world_mut().get_mut::<Weapons>(e).unwrap();
        w.0[0].jammed = false;
        w.0[0].rounds = 2;
    }
    let refused = actions::price(t.app.world_mut(), &Action::SpeedLoad { hero: hank }).unwrap_err();
    assert!(refused.reason.contains("is loaded"), "{}", refused.reason);
}

/// The computer speed loads when it has the skill and it pays: Hank's empty shotgun with a
/// token or none in front; with two tokens in front a plain reload loads both for the same AP.
/// The vaquero, without the skill, reloads.
#[test]
fn the_computer_speed_loads_when_it_pays() {
    let mut t = Table::new("gulch_chase.ron", 3, |_| {});
    let (hank, vaquero) = (t.hero("Hank Daggett"), t.hero("Vaquero"));
    t.update();
    for hero in [hank, vaquero] {
        let e = t.e(hero);
        t.app.world_mut().get_mut::<Weapons>(e).unwrap().0[0].rounds = 0;
    }
    let decide = |t: &mut Table, hero: HeroId| {
        let e = t.e(hero);
        tarnation::sim::ai::decide(t.app.world_mut(), e)
    };
    assert_eq!(decide(&mut t, hank), Some(Action::SpeedLoad { hero: hank }));
    assert_eq!(
        decide(&mut t, vaquero),
        Some(Action::Reload { hero: vaquero })
    );
    let e = t.e(hank);
    t.app
        .world_mut()
        .get_mut::<tarnation::sim::model::Track>(e)
        .unwrap()
        .0
        .in_front = 2;
    assert_eq!(decide(&mut t, hank), Some(Action::Reload { hero: hank }));
}

// --- Medicine ---------------------------------------------------------------------------

/// The North Star with Cyril beside Miranda.
fn duel(tweak: impl FnOnce(&mut Level)) -> (Table, HeroId, HeroId) {
    let t = Table::new("street_duel.ron", 4, |level| {
        level.heroes[1].at = (3, 5);
        tweak(level);
    });
    let (miranda, cyril) = (t.hero("Miranda Valentine"), t.hero("Cyril Wellington"));
    let at = |t: &Table, h| t.app.world().get::<HexPos>(t.e(h)).unwrap().0;
    assert_eq!(at(&t, miranda).unsigned_distance_to(at(&t, cyril)), 1);
    (t, miranda, cyril)
}

/// Knocked out: down, stunned, the last blow's fate.
fn knock_out(t: &mut Table, hero: HeroId, fate: Fate) {
    let e = t.e(hero);
    let world = t.app.world_mut();
    world.entity_mut(e).insert(Down(true));
    let mut w = world.get_mut::<Wounds>(e).unwrap();
    w.stunned = true;
    w.fate = Some(fate);
}

fn is_down(t: &Table, hero: HeroId) -> bool {
    t.app.world().get::<Down>(t.e(hero)).unwrap().0
}

/// "Any character that critically fails a recovery check immediately falls unconscious for 1d6
/// hours or until someone makes a Standard (5) medicine roll to revive": Miranda, stunned,
/// fails her recovery with a calamity; Cyril's Medicine 2 in his Knowledge d10 brings her round
/// for 4 AP: prone, the stun gone, her wounds as they were; she acts from the next round.
#[test]
fn a_medicine_roll_revives_the_fallen() {
    let (mut t, miranda, cyril) = duel(|_| {});
    let m = t.e(miranda);
    {
        let mut w = t.app.world_mut().get_mut::<Wounds>(m).unwrap();
        w.stunned = true;
        w.body.conc = 3;
    }
    // Miranda is the first to test in the initiative step: her recovery reads her Fortitude 2d8.
    t.stack(&[calamity_cards(2, Die::D8)[0]]);
    t.update();
    let recovery = last(&t, "recovery", "Miranda Valentine");
    assert_eq!(recovery.fields["calamity"], true);
    assert!(is_down(&t, miranda), "{}", recovery.text);
    t.until_turn(cyril);
    let n = t.stack_any(&card_best(2, Die::D10, 5, 9));
    let outcome = t.act(Action::Revive {
        hero: cyril,
        target: miranda,
    });
    assert!(
        matches!(outcome, Outcome::Prepared { ap: 4, .. }),
        "{outcome:?}"
    );
    let e = last(&t, "medicine", "Cyril Wellington");
    assert_eq!(
        (e.fields["card"].clone(), e.fields["tn"].clone()),
        (n.into(), 5.into())
    );
    assert_eq!(e.fields["revived"], true);
    assert!(!is_down(&t, miranda));
    let world = t.app.world();
    assert!(world.get::<Prone>(m).unwrap().0);
    let w = world.get::<Wounds>(m).unwrap();
    assert!(!w.stunned && w.body.conc == 3);
    assert_eq!(t.track(miranda).left(), 0, "she acts from the next round");
    // The next round she tests for initiative and has her AP.
    while t.round().round < 2 {
        t.pass();
    }
    assert_eq!(t.events("initiative", "Miranda Valentine").len(), 1);
    assert!(t.track(miranda).total > 0);
}

/// A failed roll leaves the fallen out (another may be tried); a calamity leaves them out for
/// the hours, past any roll in this fight.
#[test]
fn a_failed_or_calamitous_medicine_roll() {
    let (mut t, miranda, cyril) = duel(|_| {});
    t.update();
    knock_out(&mut t, miranda, Fate::Unconscious);
    let revive = Action::Revive {
        hero: cyril,
        target: miranda,
    };
    t.until_turn(cyril);
    t.stack_any(&card_best(2, Die::D10, 1, 4));
    t.act(revive.clone());
    assert_eq!(
        last(&t, "medicine", "Cyril Wellington").fields["revived"],
        false
    );
    assert!(is_down(&t, miranda));
    assert!(
        actions::price(t.app.world_mut(), &revive).is_ok(),
        "another try"
    );
    // The next round, with the AP for it.
    while t.round().round < 2 {
        t.pass();
    }
    t.until_turn(cyril);
    t.stack_any(&calamity_cards(2, Die::D10));
    t.act(revive.clone());
    assert_eq!(
        last(&t, "calamity", "Cyril Wellington").fields["consequence"],
        "out_for_hours"
    );
    assert!(t.app.world().get::<BeyondReviving>(t.e(miranda)).is_some());
    let refused = actions::price(t.app.world_mut(), &revive).unwrap_err();
    assert!(
        refused.reason.contains("out for hours"),
        "{}",
        refused.reason
    );
}

/// Without the skill, the 4 column at the rank of Knowledge: Miranda's "measly 1" reads the
/// 1-4 cell to revive Cyril.
#[test]
fn an_unskilled_medicine_roll_reads_the_knowledge_rank() {
    let (mut t, miranda, cyril) = duel(|_| {});
    t.update();
    knock_out(&mut t, cyril, Fate::Unconscious);
    t.until_turn(miranda);
    let n = t.stack_any(&card_best(1, Die::D4, 1, 3));
    t.act(Action::Revive {
        hero: miranda,
        target: cyril,
    });
    let e = last(&t, "medicine", "Miranda Valentine");
    assert_eq!(e.fields["result"], card(n).cause(1, Die::D4).value());
    assert_eq!(e.fields["revived"], false, "3 at most against 5");
}

/// Only an ally, unconscious and not dead, in a hex beside the medic.
#[test]
fn who_can_be_revived() {
    let (mut t, miranda, cyril) = duel(|_| {});
    let felicia = t.hero("Felicia Laroq");
    t.update();
    let price = |t: &mut Table, hero, target| {
        actions::price(t.app.world_mut(), &Action::Revive { hero, target })
            .map(|p| p.ap)
            .map_err(|r| r.reason)
    };
    assert!(
        price(&mut t, cyril, miranda)
            .unwrap_err()
            .contains("not down")
    );
    knock_out(&mut t, felicia, Fate::Unconscious);
    assert!(
        price(&mut t, cyril, felicia)
            .unwrap_err()
            .contains("no ally")
    );
    knock_out(&mut t, miranda, Fate::Killed);
    assert!(price(&mut t, cyril, miranda).unwrap_err().contains("dead"));
    knock_out(&mut t, miranda, Fate::Unconscious);
    assert_eq!(price(&mut t, cyril, miranda), Ok(4));
    let c = t.e(cyril);
    t.app.world_mut().get_mut::<HexPos>(c).unwrap().0 = hex_at(6, 6);
    assert!(
        price(&mut t, cyril, miranda)
            .unwrap_err()
            .contains("beside")
    );
}

/// The computer revives a fallen ally beside it, unless a foe is on it hand to hand; a fallen
/// ally a few paces off, it goes to.
#[test]
fn the_computer_revives_a_fallen_ally() {
    let (mut t, miranda, cyril) = duel(|level| {
        level.sides[0].control = Control::Computer;
    });
    t.update();
    knock_out(&mut t, miranda, Fate::Unconscious);
    let c = t.e(cyril);
    let decide = |t: &mut Table| tarnation::sim::ai::decide(t.app.world_mut(), c);
    assert_eq!(
        decide(&mut t),
        Some(Action::Revive {
            hero: cyril,
            target: miranda
        })
    );
    // Two paces off, his gun cocked, with no shot to take (Felicia down, Octavio behind the
    // saloon's wall): it walks to her.
    t.app.world_mut().get_mut::<HexPos>(c).unwrap().0 = hex_at(3, 6);
    t.app.world_mut().get_mut::<Weapons>(c).unwrap().0[0].cocked = true;
    let felicia = t.e(t.hero("Felicia Laroq"));
    t.app.world_mut().entity_mut(felicia).insert(Down(true));
    let octavio = t.e(t.hero("Octavio"));
    t.app.world_mut().get_mut::<HexPos>(octavio).unwrap().0 = hex_at(14, 8);
    let walk = decide(&mut t);
    let Some(Action::Move { to, .. }) = walk else {
        panic!("{walk:?}");
    };
    assert_eq!(to.unsigned_distance_to(hex_at(3, 4)), 1, "beside her");
    // A foe within a pace: no time for medicine.
    t.app.world_mut().get_mut::<HexPos>(c).unwrap().0 = hex_at(3, 5);
    t.app.world_mut().get_mut::<HexPos>(octavio).unwrap().0 = hex_at(4, 5);
    let busy = decide(&mut t);
    assert!(!matches!(busy, Some(Action::Revive { .. })), "{busy:?}");
}

// --- Action sabotage --------------------------------------------------------------------

/// Miranda with her Peacemaker in hand and cocked, Felicia down Front Street.
fn sabotage_table(tweak: impl FnOnce(&mut Level)) -> (Table, HeroId, HeroId) {
    let mut t = Table::new("street_duel.ron", 6, |level| {
        level.heroes[0].holster = None;
        tweak(level);
    });
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    t.update();
    let m = t.e(miranda);
    t.app.world_mut().get_mut::<Weapons>(m).unwrap().0[0].cocked = true;
    (t, miranda, felicia)
}

fn fire_to_miss(t: &mut Table, hero: HeroId, target: HeroId) -> Outcome {
    t.act(Action::Sabotage {
        hero,
        target,
        kind: ShotKind::Snap,
    })
}

/// "when trying to fail intentionally, the attempt fails unless ... a calamity is generated, or
/// the unintended targets icon shows a possible target that exists": a sure hit misses, and
/// Felicia is under fire all the same (her aim is shaken).
#[test]
fn a_shot_fired_to_miss_misses() {
    let (mut t, miranda, felicia) = sabotage_table(|_| {});
    t.until_turn(miranda);
    let sure: Vec<u8> = card_best(3, Die::D10, 8, 9)
        .into_iter()
        .filter(|&n| card(n).unintended.first() != Some(&1))
        .collect();
    let n = t.stack_any(&sure);
    let outcome = fire_to_miss(&mut t, miranda, felicia);
    assert!(
        matches!(outcome, Outcome::Shot { hit: false, .. }),
        "{outcome:?}"
    );
    let shot = last(&t, "shot", "Miranda Valentine");
    assert_eq!(shot.fields["card"], n);
    assert!(shot.fields["result"].as_u64().unwrap() >= shot.fields["tn"].as_u64().unwrap());
    assert_eq!(
        (shot.fields["hit"].clone(), shot.fields["sabotage"].clone()),
        (false.into(), true.into())
    );
    assert!(shot.text.starts_with("[fired to miss]"), "{}", shot.text);
    let f = t.e(felicia);
    assert_eq!(t.app.world().get::<Wounds>(f).unwrap().body.worst(), 0);
    assert_eq!(t.app.world().get::<UnderFire>(f).map(|u| u.shots), Some(1));
    assert_eq!(rounds(&t, miranda), 4, "a round fired");
}

/// "a calamity indicates the target is hit": the card's standard location, the Peacemaker's
/// damage; the gun does not jam for it.
#[test]
fn a_calamity_on_a_shot_fired_to_miss_hits_the_target() {
    let (mut t, miranda, felicia) = sabotage_table(|_| {});
    t.until_turn(miranda);
    let n = t.stack_any(&calamity_cards(3, Die::D10));
    fire_to_miss(&mut t, miranda, felicia);
    let c = last(&t, "calamity", "Miranda Valentine");
    assert_eq!(c.fields["consequence"], "target_hit");
    let shot = last(&t, "shot", "Miranda Valentine");
    assert_eq!(
        (shot.fields["hit"].clone(), shot.fields["calamity"].clone()),
        (true.into(), true.into())
    );
    assert_eq!(shot.fields["location"], card(n).standard_location().name());
    assert!(shot.fields["effect"].as_u64().unwrap() > 0);
    let m = t.e(miranda);
    assert!(!t.app.world().get::<Weapons>(m).unwrap().0[0].jammed);
}

/// "the unintended target could be a bystander": Octavio beside the line of fire is hit when
/// the card's icon shows 1 for the shot's one stray.
#[test]
fn a_stray_of_a_shot_fired_to_miss_finds_a_bystander() {
    let (mut t, miranda, felicia) = sabotage_table(|level| level.heroes[3].at = (8, 4));
    t.until_turn(miranda);
    let strays: Vec<u8> = cards()
        .iter()
        .filter(|c| c.unintended.first() == Some(&1))
        .map(|c| c.number)
        .filter(|n| !calamity_cards(3, Die::D10).contains(n))
        .collect();
    t.stack_any(&strays);
    fire_to_miss(&mut t, miranda, felicia);
    let shot = last(&t, "shot", "Miranda Valentine");
    assert_eq!(
        (
            shot.fields["hit"].clone(),
            shot.fields["strays_hit"].clone()
        ),
        (false.into(), 1.into())
    );
    assert_eq!(t.events("stray_hit", "Octavio").len(), 1);
    // The hit is said before the Stun check it brings (a play-test read a stunned Pete before
    // the stray that hit him).
    let log = &t.log().events;
    let octavio = |kind: &str| {
        log.iter()
            .position(|e| e.kind == kind && e.actor.as_deref() == Some("Octavio"))
    };
    let (hit, stun) = (octavio("stray_hit").unwrap(), octavio("stun_check"));
    assert!(stun.is_some_and(|stun| hit < stun), "{hit} {stun:?}");
}

/// A throw is no shot fired to miss.
#[test]
fn a_throw_is_not_sabotaged() {
    let (mut t, _, felicia) = sabotage_table(|level| {
        level.heroes[0].weapons = vec!["Throwing knife".into()];
    });
    let miranda = t.hero("Miranda Valentine");
    let refused = actions::price(
        t.app.world_mut(),
        &Action::Sabotage {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Snap,
        },
    )
    .unwrap_err();
    assert!(refused.reason.contains("thrown"), "{}", refused.reason);
}

/// Decision 138: Felicia declares an 8-pace run for 1 AP, paid with her next token; before it
/// resolves her run falls to 2
/// paces an AP (as a disabled leg's would). She goes as far along her way as the 1 AP paid
/// carries her, not the whole way for AP she never paid (a play-test's El Chivo ran 8 paces
/// "(4 AP)" on a leg disabled after his declaration). A match file of version 8 replays as it
/// was played: the whole way.
#[test]
fn a_move_that_costs_more_as_it_resolves_goes_as_far_as_the_ap_paid() {
    use tarnation::rules::movement::Gait;
    for old_file in [false, true] {
        let mut t = Table::new("street_duel.ron", 1, |l| {
            for side in &mut l.sides {
                side.control = Control::Human;
            }
        });
        let felicia = t.hero("Felicia Laroq");
        t.until_turn(felicia);
        let e = t.e(felicia);
        if old_file {
            tarnation::sim::journal::rules_of_version(t.app.world_mut(), 8);
        }
        t.app
            .world_mut()
            .get_mut::<tarnation::sim::model::Track>(e)
            .unwrap()
            .0
            .in_front = 0;
        let from = t.app.world().get::<HexPos>(e).unwrap().0;
        // A run of 8 paces for 1 AP.
        let (to, way) = (0..20)
            .flat_map(|c| (0..12).map(move |r| hex_at(c, r)))
            .filter(|h| h.unsigned_distance_to(from) == 8)
            .find_map(|to| {
                let run = Action::Move {
                    hero: felicia,
                    to,
                    gait: Gait::Run,
                };
                match actions::price(t.app.world(), &run) {
                    Ok(p) if p.ap == 1 => match p.plan {
                        actions::Plan::Move(w) => Some((to, w.hexes)),
                        _ => None,
                    },
                    _ => None,
                }
            })
            .expect("an 8-pace run for 1 AP");
        let run = Action::Move {
            hero: felicia,
            to,
            gait: Gait::Run,
        };
        // No AP in front: the run is paid with the next segment's token.
        let declared = t.send(run);
        assert!(
            matches!(declared, Outcome::Committed { .. }),
            "{declared:?}"
        );
        t.app
            .world_mut()
            .get_mut::<tarnation::sim::model::Hero>(e)
            .unwrap()
            .run = 2;
        let moved = (0..200)
            .find_map(|_| {
                let outcomes = if t.round().declarer().is_some() {
                    t.pass()
                } else {
                    t.update()
                };
                outcomes.into_iter().find(|o| o.hero() == felicia)
            })
            .expect("the run resolves");
        let Outcome::Moved { path, ap, .. } = moved else {
            panic!("{moved:?}");
        };
        let at = t.app.world().get::<HexPos>(e).unwrap().0;
        if old_file {
            assert_eq!(path, way, "a file of version 8: the whole way");
            assert_eq!(at, to);
        } else {
            assert!(ap <= 1, "{ap} AP");
            assert!(!path.is_empty() && path.len() <= 2, "{path:?}");
            assert_eq!(path[..], way[..path.len()], "along the way declared");
            assert_eq!(at, *path.last().unwrap());
        }
    }
}
