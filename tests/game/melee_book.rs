//! Hand to hand by the book (issue 14): the escape TN's half level rounded up, breaking away
//! and escaping as the text moves the hero, a dominated fighter's damage and the back of an
//! unaware foe, calamities of blows and escapes, a series of blows at several foes, and the
//! computer's use of them.

use super::table::*;
use tarnation::data::level::{Control, Level};
use tarnation::rules::card::{CauseCell, Location};
use tarnation::rules::check::{self, CheckOptions, CheckRequest, Resolution, Skill};
use tarnation::rules::deck::Deck;
use tarnation::rules::die::Die;
use tarnation::rules::hexmap::hexside_toward;
use tarnation::rules::melee::AttackType;
use tarnation::sim::actions::{self, melee};
use tarnation::sim::model::{Dominated, Facing, HexPos, Weapons};
use tarnation::sim::query::engaged_foes;
use tarnation::sim::run;

/// A card whose best of `rows` cells in `die` is a plain result from `lo` to `hi` (no
/// exceptional, no calamity), with a standard location that adds no damage bumps.
fn card_best(rows: u32, die: Die, lo: u32, hi: u32) -> Vec<u8> {
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

/// The cards on which a check of `level` rows in `die` is a calamity, drawing no other card
/// (the rules' own check decides).
fn calamity_cards(level: u32, die: Die) -> Vec<u8> {
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

/// Wait until `hero` declares with at least `ap` tokens in front.
fn with_tokens(t: &mut Table, hero: HeroId, ap: u32) {
    t.until_turn(hero);
    while t.track(hero).in_front < ap {
        t.pass();
        t.until_turn(hero);
    }
}

fn blow(hero: HeroId, target: HeroId, attack: AttackType) -> Action {
    Action::Melee {
        hero,
        target,
        attack,
        careful: false,
        times: 1,
    }
}

/// The Longhorn with 12 AP each and Dave squaring up to Hank a pace away (Hank at 5,4 facing
/// east, Dave at 6,4 facing west); Cyril and Clem out of reach.
fn brawl(tweak: impl FnOnce(&mut Level)) -> Table {
    let mut t = Table::new("saloon_brawl.ron", 70, |level| {
        for hero in &mut level.heroes {
            hero.ap = 12;
        }
        level.heroes[2].at = (6, 4);
        tweak(level);
    });
    t.update();
    t
}

fn at(t: &Table, hero: HeroId) -> hexx::Hex {
    t.app.world().get::<HexPos>(t.e(hero)).unwrap().0
}

fn dominate(t: &mut Table, hero: HeroId, level: u32) {
    let e = t.e(hero);
    t.app.world_mut().entity_mut(e).insert(Dominated(level));
}

fn dominated(t: &Table, hero: HeroId) -> u32 {
    t.app.world().get::<Dominated>(t.e(hero)).unwrap().0
}

/// "TN 3 + (half level of opponent)", "TN 5 + ...", "TN 7 + ...": against Hank's Brawling 3
/// the half is rounded up to 2, "rounded up" being the chapter's one rounding of a half level.
#[test]
fn the_escape_tn_rounds_the_half_level_up() {
    let mut t = brawl(|_| {});
    let dave = t.hero("Dave Perkins");
    for (level, tn) in [(1, 5), (2, 7), (3, 9)] {
        dominate(&mut t, dave, level);
        let plan = melee::escape_plan(t.app.world(), t.e(dave)).unwrap();
        assert_eq!(plan.tn, tn, "level {level}");
    }
}

/// "If successful, the combatant must move at least 1 hex (or scale pace) away from their foe
/// at normal AP cost": 1 AP for the attempt and 1 AP for the pace (Move 4), out of Hank's
/// reach, and no free attack; a failed attempt costs its 1 AP only.
#[test]
fn breaking_away_steps_a_hex_away_at_its_normal_cost() {
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    dominate(&mut t, dave, 1);
    let plan = melee::escape_plan(t.app.world(), t.e(dave)).unwrap();
    assert_eq!((plan.ap, plan.tn, plan.step_ap), (2, 5, 1));
    let to = plan.to.expect("a hex away");
    assert_eq!(to.unsigned_distance_to(at(&t, hank)), 2);
    // A failed attempt: still held, and the step's AP come back.
    with_tokens(&mut t, dave, 2);
    let spent = t.track(dave).spent;
    t.stack_any(&card_best(2, Die::D8, 1, 4));
    let failed = t.act(Action::Escape { hero: dave });
    assert!(
        matches!(failed, Outcome::Escaped { free: false, .. }),
        "{failed:?}"
    );
    assert_eq!(t.track(dave).spent, spent + 1, "only the attempt's AP");
    assert_eq!(
        (at(&t, dave), dominated(&t, dave)),
        (tarnation::rules::hexmap::hex_at(6, 4), 1)
    );
    // A success: free, a hex away, and no free attack for Hank.
    with_tokens(&mut t, dave, 2);
    t.stack_any(&card_best(2, Die::D8, 5, 7));
    let free = t.act(Action::Escape { hero: dave });
    assert!(
        matches!(free, Outcome::Escaped { free: true, .. }),
        "{free:?}"
    );
    assert_eq!(dominated(&t, dave), 0);
    assert_eq!(at(&t, dave), to);
    assert!(engaged_foes(t.app.world(), t.e(dave)).is_empty());
    assert_eq!(t.log().of_kind("free_attack").count(), 0);
    let event = t.events("escape", "Dave Perkins").pop().unwrap();
    assert_eq!(
        event.fields["to"],
        serde_json::json!([to_offset(to).0, to_offset(to).1])
    );
}

fn to_offset(h: hexx::Hex) -> (i32, i32) {
    tarnation::rules::hexmap::offset_of(h)
}

/// "If it is not possible to move away from the engagement, the combatant must move (see
/// maneuvering within an engagement, above) prior to making the break-away attempt."
#[test]
fn no_hex_away_and_the_break_away_waits_for_a_maneuver() {
    // Dave against the back wall, Hank above him; Cyril and Clem fill the floor beside him.
    let mut t = brawl(|level| {
        level.heroes[2].at = (6, 6);
        level.heroes[0].at = (6, 5);
    });
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    let hank_at = at(&t, hank);
    let map = t
        .app
        .world()
        .resource::<tarnation::sim::model::Battle>()
        .map
        .clone();
    let away: Vec<hexx::Hex> = at(&t, dave)
        .all_neighbors()
        .into_iter()
        .filter(|n| {
            map.tile(*n).is_some_and(|t| t.terrain.passable())
                && n.unsigned_distance_to(hank_at) > 1
        })
        .collect();
    assert!(
        !away.is_empty() && away.len() <= 2,
        "the wall leaves one or two hexes away: {away:?}"
    );
    for (hex, who) in away.iter().zip(["Cyril Wellington", "Clem Perkins"]) {
        let e = t.e(t.hero(who));
        t.app.world_mut().get_mut::<HexPos>(e).unwrap().0 = *hex;
    }
    dominate(&mut t, dave, 1);
    let why = melee::escape_plan(t.app.world(), t.e(dave)).unwrap_err();
    assert!(why.to_string().contains("maneuver"), "{why}");
}

/// "If successful, the combatant is placed in any adjacent, empty hex (or simply within 1
/// pace). The combatant may then break the engagement as above (pay 2 APs to carefully
/// disengage or disengage for 0 APs and be subject to attack)."
#[test]
fn escaping_dominance_places_the_hero_beside_the_foe_to_disengage() {
    let mut t = brawl(|level| {
        level.heroes[2].skills.insert("Brawling".into(), 4);
    });
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    let from = at(&t, dave);
    dominate(&mut t, dave, 2);
    let plan = melee::escape_plan(t.app.world(), t.e(dave)).unwrap();
    assert_eq!((plan.ap, plan.tn), (2, 7));
    with_tokens(&mut t, dave, 2);
    t.stack_any(&card_best(4, Die::D8, 7, 7));
    let free = t.act(Action::Escape { hero: dave });
    assert!(
        matches!(free, Outcome::Escaped { free: true, .. }),
        "{free:?}"
    );
    let now = at(&t, dave);
    assert_eq!(now.unsigned_distance_to(from), 1, "an adjacent hex");
    assert_eq!(
        now.unsigned_distance_to(at(&t, hank)),
        1,
        "still within a pace"
    );
    assert_eq!(dominated(&t, dave), 0);
    // Facing the foe it got free of.
    assert_eq!(
        t.app.world().get::<Facing>(t.e(dave)).unwrap().0,
        hexside_toward(now, at(&t, hank))
    );
    // Then the engagement is broken carefully: 2 AP more than the walk, and no free attack.
    let away = now
        .all_neighbors()
        .into_iter()
        .find(|n| {
            n.unsigned_distance_to(at(&t, hank)) == 2
                && t.app
                    .world()
                    .resource::<tarnation::sim::model::Battle>()
                    .map
                    .tile(*n)
                    .is_some_and(|tile| tile.terrain.passable())
        })
        .unwrap();
    let careful = actions::price(
        t.app.world_mut(),
        &Action::Disengage {
            hero: dave,
            to: away,
        },
    )
    .unwrap()
    .ap;
    let walk = actions::price(
        t.app.world_mut(),
        &Action::Move {
            hero: dave,
            to: away,
            gait: tarnation::rules::movement::Gait::Walk,
        },
    )
    .unwrap()
    .ap;
    assert_eq!(careful, walk + 2);
    t.act(Action::Disengage {
        hero: dave,
        to: away,
    });
    assert_eq!(at(&t, dave), away);
    assert_eq!(t.log().of_kind("free_attack").count(), 0);
}

/// "their attacks have their damage shifted up one row as well (the damage is reduced)": Hank
/// under dominance, his quick attack's 5 + DB 2 is 6, not 7.
#[test]
fn a_dominated_fighter_s_quick_attack_deals_one_less() {
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    dominate(&mut t, hank, 2);
    with_tokens(&mut t, hank, 2);
    // Dave's defense with the knife: 4 + half of Melee: Knife 2 = 5; 5 to 8 hits, no bump.
    t.stack_any(&card_best(3, Die::D10, 5, 8));
    let outcome = t.act(blow(hank, dave, AttackType::Quick));
    assert!(
        matches!(outcome, Outcome::Melee { hit: true, .. }),
        "{outcome:?}"
    );
    let event = &t.events("melee", "Hank Daggett")[0];
    assert_eq!(event.fields["bumps"], 0);
    assert_eq!(event.fields["effect"], 6, "{}", event.text);
}

/// A standard blow with fists, (1)6, has no row above its first: dominated, the same cell is
/// read and a point comes off it.
#[test]
fn a_dominated_fighter_s_one_row_blow_loses_a_point() {
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    dominate(&mut t, hank, 2);
    with_tokens(&mut t, hank, 3);
    // A hit without a bump whose (1)6 cell needs no other card.
    let plain: Vec<u8> = card_best(3, Die::D10, 5, 8)
        .into_iter()
        .filter(|&n| !card(n).effect(1, Die::D6).increased)
        .collect();
    let n = t.stack_any(&plain);
    t.act(blow(hank, dave, AttackType::Standard));
    let event = &t.events("melee", "Hank Daggett")[0];
    assert_eq!(event.fields["bumps"], 0);
    // Its (1)6 cell, + DB 2, - 1 for the row.
    let cell = card(n).effect(1, Die::D6).value;
    assert_eq!(event.fields["effect"], cell + 2 - 1, "{}", event.text);
}

fn card(n: u8) -> tarnation::rules::card::Card {
    cards().into_iter().find(|c| c.number == n).unwrap()
}

/// "Full dominance involves an opponent that is pinned or unaware (such as if being attacked
/// from behind ...), the attacker may ignore the hit location result on the Action Card and
/// instead choose where the target is hit": Clem at Hank's back; a blow turns the attacker to
/// its foe, so Hank striking Clem turns his back on Dave.
#[test]
fn an_attack_from_behind_picks_the_location() {
    let mut t = brawl(|level| {
        level.heroes[3].at = (4, 4); // Clem west of Hank, who faces east
    });
    let (hank, dave, clem) = (
        t.hero("Hank Daggett"),
        t.hero("Dave Perkins"),
        t.hero("Clem Perkins"),
    );
    let behind = |t: &mut Table, who: HeroId| {
        let (e, h) = (t.e(who), t.e(hank));
        melee::plan(t.app.world_mut(), e, h, AttackType::Standard, false, 1)
            .unwrap()
            .blows[0]
            .behind
    };
    assert!(behind(&mut t, clem));
    assert!(!behind(&mut t, dave));
    with_tokens(&mut t, hank, 3);
    t.act(blow(hank, clem, AttackType::Standard));
    assert_eq!(
        t.app.world().get::<Facing>(t.e(hank)).unwrap().0,
        hexside_toward(at(&t, hank), at(&t, clem)),
        "Hank turned to Clem"
    );
    assert!(!behind(&mut t, clem));
    assert!(behind(&mut t, dave), "Dave is at Hank's back now");
    // Dave's knife from behind: the head, whatever the card's location.
    with_tokens(&mut t, dave, 3);
    t.stack_any(&card_best(2, Die::D8, 1, 4));
    t.act(blow(dave, hank, AttackType::Standard));
    let event = &t.events("melee", "Dave Perkins")[0];
    assert_eq!(event.fields["from_behind"], true);
    assert_eq!(event.fields["hit"], true, "{}", event.text);
    assert_eq!(event.fields["location"], "head", "{}", event.text);
}

#[path = "melee_book_more.rs"]
mod more;

/// A free attack comes in the middle of the breaking-away hero's move: it is resolved at once,
/// its bumps spent the Judge's way unasked (as a series' are), and only then does the move go
/// on or stop. No choice is left waiting in the middle of a move, even for a player's hero
/// (decision 133).
#[test]
fn a_free_attack_is_resolved_at_once_within_the_move() {
    let mut with_bumps = 0;
    for card in 1..=54u8 {
        let mut t = brawl(|level| {
            for side in &mut level.sides {
                side.control = Control::Human;
            }
        });
        let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
        let battle = t
            .app
            .world()
            .resource::<tarnation::sim::model::Battle>()
            .clone();
        let taken: Vec<hexx::Hex> = ["Hank Daggett", "Cyril Wellington", "Clem Perkins"]
            .iter()
            .map(|who| at(&t, t.hero(who)))
            .collect();
        let to = at(&t, dave)
            .all_neighbors()
            .into_iter()
            .find(|n| {
                battle.map.tile(*n).is_some_and(|t| t.terrain.passable())
                    && n.unsigned_distance_to(at(&t, hank)) == 2
                    && !taken.contains(n)
            })
            .expect("a hex out of Hank's reach");
        t.until_turn(dave);
        let stacked = t
            .app
            .world_mut()
            .resource_mut::<tarnation::sim::model::ActionDeck>()
            .deck
            .stack_top(&[card]);
        if stacked.is_err() {
            continue;
        }
        let gait = tarnation::rules::movement::Gait::Walk;
        let outcome = t.act_holding(Action::Move {
            hero: dave,
            to,
            gait,
        });
        assert!(!matches!(outcome, Outcome::Pending { .. }), "{outcome:?}");
        assert!(
            !t.app
                .world()
                .contains_resource::<tarnation::sim::model::PendingBumps>(),
            "card {card}: nothing waits"
        );
        let events = &t.log().events;
        let blow = events
            .iter()
            .position(|e| e.kind == "melee" && e.actor.as_deref() == Some("Hank Daggett"))
            .expect("Hank's free attack");
        let the_move = events
            .iter()
            .position(|e| {
                matches!(e.kind.as_str(), "resolve" | "failed")
                    && e.actor.as_deref() == Some("Dave Perkins")
            })
            .expect("the move's end");
        assert!(blow < the_move, "card {card}: the blow first");
        if events[blow].fields["hit"] == true && events[blow].fields["bumps"].as_u64() > Some(0) {
            with_bumps += 1;
        }
    }
    assert!(with_bumps > 0, "some free attack hit with bumps");
}

/// A blow lands through systems of its own rules (`actions/melee/lands.rs`), each runnable
/// alone on a world holding the blow in flight: `blow_dominance` alone spends the bumps kept
/// for dominance (a grapple's success is one level more) and reports nothing;
/// `report_blow` then writes the `melee` event with the dominance before and after.
#[test]
fn a_landing_blow_s_rules_are_systems_run_alone() {
    use bevy::ecs::system::RunSystemOnce;
    use tarnation::sim::actions::melee::lands::{
        BlowInFlight, LandingBlow, blow_dominance, report_blow,
    };
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    let (hank_e, dave_e) = (t.e(hank), t.e(dave));
    let plan = melee::plan(t.app.world(), hank_e, dave_e, AttackType::Grapple, false, 1)
        .expect("Hank may grapple Dave");
    // The grapple, resolved on a copy of the deck until one lands (nothing is drawn).
    let mut outcome = None;
    for n in cards().iter().map(|c| c.number) {
        let world = t.app.world_mut();
        if world
            .resource_mut::<tarnation::sim::model::ActionDeck>()
            .deck
            .stack_top(&[n])
            .is_err()
        {
            continue;
        }
        let o = tarnation::sim::deck::with_deck_copy(world, |source, options| {
            tarnation::rules::shot::resolve_volley(source, &plan.volley, options)
        })
        .unwrap()
        .remove(0);
        if o.hit && o.block.is_none() {
            outcome = Some(o);
            break;
        }
    }
    let outcome = outcome.expect("a card on which the grapple lands");
    let close = plan.volley.attacks[0].close.clone().unwrap_or_default();
    let blow = LandingBlow::new(hank_e, plan, 0, outcome.clone(), close);
    assert!(blow.landed);
    let world = t.app.world_mut();
    world.insert_resource(BlowInFlight {
        blow: Some(blow),
        words: Vec::new(),
    });
    world.run_system_once(blow_dominance).unwrap();
    let expected = 1 + outcome.reserved.min(3);
    assert_eq!(dominated(&t, dave), expected.min(3));
    assert!(
        t.events("melee", "Hank Daggett").is_empty(),
        "not yet reported"
    );
    t.app.world_mut().run_system_once(report_blow).unwrap();
    let event = t
        .events("melee", "Hank Daggett")
        .pop()
        .expect("the blow reported");
    assert_eq!(event.fields["dominance_before"], serde_json::json!([0, 0]));
    assert_eq!(event.fields["dominance_after"][1], expected.min(3));
    let words = &t.app.world().resource::<BlowInFlight>().words;
    assert_eq!(words.first(), Some(&event.text));
}
