//! Hand to hand by the book (issue 14), continued: calamities of blows and escapes in every
//! system, a series of blows at several foes, and the computer's use of them.

use super::*;

/// "Calamities are results that lead to failure no matter the situation, and often can lead to
/// the most dramatic result possible": bare fists overreach and the foe gains a level of
/// dominance.
#[test]
fn a_calamity_with_bare_fists_gives_the_foe_dominance() {
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    with_tokens(&mut t, hank, 3);
    t.stack_any(&calamity_cards(3, Die::D10));
    let outcome = t.act(blow(hank, dave, AttackType::Standard));
    assert!(
        matches!(outcome, Outcome::Melee { hit: false, .. }),
        "{outcome:?}"
    );
    let event = &t.events("melee", "Hank Daggett")[0];
    assert_eq!(event.fields["calamity"], true);
    let calamity = &t.events("calamity", "Hank Daggett")[0];
    assert_eq!(calamity.fields["check"], "blow");
    assert_eq!(calamity.fields["consequence"], "dominance");
    assert_eq!(calamity.fields["foe"], "Dave Perkins");
    assert_eq!(dominated(&t, hank), 1, "{}", calamity.text);
}

/// A weapon's calamity: it breaks when the card's wrench is below its Rel, else it flies from
/// the hand; either way the fighter has bare fists until it readies another.
#[test]
fn a_calamity_with_a_knife_loses_the_knife() {
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    with_tokens(&mut t, dave, 3);
    let card = t.stack_any(&calamity_cards(2, Die::D8));
    t.act(blow(dave, hank, AttackType::Standard));
    let calamity = &t.events("calamity", "Dave Perkins")[0];
    assert_eq!(calamity.fields["weapon"], "Bowie knife");
    let broke = self::card(card).wrench.is_some_and(|w| w < 1);
    assert_eq!(
        calamity.fields["consequence"],
        if broke { "broken" } else { "dropped" }
    );
    let knife = &t.app.world().get::<Weapons>(t.e(dave)).unwrap().0[0];
    assert!(!knife.ready);
    assert!(!melee::close_weapon(t.app.world(), t.e(dave)).armed);
    assert_eq!(dominated(&t, dave), 0);
    // The computer picks a dropped knife up again; a broken one stays where it is.
    let dave_e = t.e(dave);
    let next = tarnation::sim::ai::decide(t.app.world_mut(), dave_e);
    if broke {
        assert!(
            !matches!(next, Some(Action::Ready { weapon: 0, .. })),
            "{next:?}"
        );
    } else {
        assert_eq!(
            next,
            Some(Action::Ready {
                hero: dave,
                weapon: 0
            })
        );
    }
}

/// An escape's calamity: the hold tightens a level.
#[test]
fn a_calamity_on_an_escape_tightens_the_hold() {
    let mut t = brawl(|_| {});
    let dave = t.hero("Dave Perkins");
    dominate(&mut t, dave, 1);
    with_tokens(&mut t, dave, 2);
    t.stack_any(&calamity_cards(2, Die::D8));
    let outcome = t.act(Action::Escape { hero: dave });
    assert!(
        matches!(outcome, Outcome::Escaped { free: false, .. }),
        "{outcome:?}"
    );
    let calamity = &t.events("calamity", "Dave Perkins")[0];
    assert_eq!(
        (&calamity.fields["check"], &calamity.fields["consequence"]),
        (
            &serde_json::json!("escape"),
            &serde_json::json!("dominance")
        )
    );
    assert_eq!(dominated(&t, dave), 2);
}

/// With cards, dice pools and d20 tests alike, every blow or escape that is a calamity has
/// its consequence in the log.
#[test]
fn every_calamity_has_its_consequence_in_every_system() {
    for system in [
        Resolution::ActionDeck,
        Resolution::DicePool,
        Resolution::D20,
    ] {
        let (mut level, gear) = level_file("saloon_brawl.ron", |_| {});
        level.resolution = Some(system);
        for side in &mut level.sides {
            side.control = Control::Computer;
        }
        let mut found = 0;
        for seed in 1..=12 {
            let played = run::run(level.clone(), gear.clone(), seed, cards(), 20).unwrap();
            let events = &played.log.events;
            for (i, e) in events.iter().enumerate() {
                if !(e.kind == "melee" || e.kind == "escape")
                    || e.fields.get("calamity") != Some(&serde_json::json!(true))
                {
                    continue;
                }
                found += 1;
                let consequence = events[i + 1..]
                    .iter()
                    .find(|c| c.kind == "calamity" && c.actor == e.actor);
                assert!(
                    consequence.is_some(),
                    "{system:?} seed {seed}: no consequence for {}",
                    e.text
                );
            }
        }
        assert!(found > 0, "{system:?}: no calamity in 12 brawls");
    }
}

/// "Changing targets during a series of attacks is 1 AP per switch": Hank's standard attack at
/// Dave and a quick one at Clem, 3 + 2 + 1 AP, from one pool.
#[test]
fn a_series_of_blows_at_two_foes_pays_the_switch() {
    for system in [
        Resolution::ActionDeck,
        Resolution::DicePool,
        Resolution::D20,
    ] {
        let mut t = brawl(|level| {
            level.heroes[3].at = (4, 4);
            level.resolution = Some(system);
        });
        let (hank, dave, clem) = (
            t.hero("Hank Daggett"),
            t.hero("Dave Perkins"),
            t.hero("Clem Perkins"),
        );
        let series = Action::MeleeSeries {
            hero: hank,
            blows: vec![
                (dave, AttackType::Standard, false),
                (clem, AttackType::Quick, false),
            ],
        };
        let priced = actions::price(t.app.world_mut(), &series).unwrap();
        assert_eq!(priced.ap, 6);
        with_tokens(&mut t, hank, 6);
        let spent = t.track(hank).spent;
        let outcome = t.act(series);
        assert!(matches!(outcome, Outcome::Melee { .. }), "{outcome:?}");
        assert_eq!(t.track(hank).spent, spent + 6);
        let blows = t.events("melee", "Hank Daggett");
        let targets: Vec<_> = blows.iter().map(|b| b.fields["target"].clone()).collect();
        assert_eq!(targets, vec!["Dave Perkins", "Clem Perkins"], "{system:?}");
        assert_eq!(blows[1].fields["series"], serde_json::json!([2, 2]));
        assert_eq!(blows[1].fields["attack"], "quick attack");
        assert_eq!(blows[0].fields["system"], system.key());
    }
    // Every foe must be within a pace.
    let mut t = brawl(|_| {});
    let (hank, dave, clem) = (
        t.hero("Hank Daggett"),
        t.hero("Dave Perkins"),
        t.hero("Clem Perkins"),
    );
    let why = actions::price(
        t.app.world_mut(),
        &Action::MeleeSeries {
            hero: hank,
            blows: vec![
                (dave, AttackType::Quick, false),
                (clem, AttackType::Quick, false),
            ],
        },
    )
    .unwrap_err();
    assert!(why.to_string().contains("not within one pace"), "{why}");
}

/// The computer with two foes on it and Brawling 3 declares a series at both; out of a hold
/// and outnumbered, it disengages carefully toward its ally.
#[test]
fn the_computer_spreads_its_blows_and_disengages_after_an_escape() {
    let mut t = brawl(|level| {
        level.heroes[3].at = (4, 4);
    });
    let (hank, dave, clem) = (
        t.hero("Hank Daggett"),
        t.hero("Dave Perkins"),
        t.hero("Clem Perkins"),
    );
    let hank_e = t.e(hank);
    match tarnation::sim::ai::decide(t.app.world_mut(), hank_e) {
        Some(Action::MeleeSeries { blows, .. }) => {
            let targets: Vec<HeroId> = blows.iter().map(|b| b.0).collect();
            assert!(
                targets.contains(&dave) && targets.contains(&clem),
                "{blows:?}"
            );
        }
        other => panic!("no series: {other:?}"),
    }
    // Under dominance: the escape (TN 5 + 1), then away toward Cyril.
    dominate(&mut t, hank, 2);
    assert_eq!(
        tarnation::sim::ai::decide(t.app.world_mut(), hank_e),
        Some(Action::Escape { hero: hank })
    );
    with_tokens(&mut t, hank, 2);
    t.stack_any(&card_best(3, Die::D10, 6, 9));
    let free = t.act(Action::Escape { hero: hank });
    assert!(
        matches!(free, Outcome::Escaped { free: true, .. }),
        "{free:?}"
    );
    // Clem steps up beside him again: two foes on Hank, his ally far off.
    let beside = at(&t, hank)
        .all_neighbors()
        .into_iter()
        .find(|n| {
            !tarnation::sim::query::occupied_hexes(t.app.world_mut(), hank_e).contains(n)
                && t.app
                    .world()
                    .resource::<tarnation::sim::model::Battle>()
                    .map
                    .tile(*n)
                    .is_some_and(|tile| tile.terrain.passable())
                && n.unsigned_distance_to(at(&t, dave)) > 1
        })
        .unwrap();
    let clem_e = t.e(clem);
    t.app.world_mut().get_mut::<HexPos>(clem_e).unwrap().0 = beside;
    let foes = engaged_foes(t.app.world(), hank_e);
    assert_eq!(foes.len(), 2);
    match tarnation::sim::ai::decide(t.app.world_mut(), hank_e) {
        Some(Action::Disengage { to, .. }) => {
            for f in foes {
                let p = t.app.world().get::<HexPos>(f).unwrap().0;
                assert!(p.unsigned_distance_to(to) > 1);
            }
        }
        other => panic!("no disengagement: {other:?}"),
    }
}

/// A series' heavy attack shoves its foe two hexes and the attacker follows: the foe behind
/// him is out of reach of the next blow, which finds nobody.
#[test]
fn a_blow_of_a_series_finds_nobody_after_a_shove() {
    let mut t = brawl(|level| {
        level.heroes[3].at = (4, 4);
    });
    let (hank, dave, clem) = (
        t.hero("Hank Daggett"),
        t.hero("Dave Perkins"),
        t.hero("Clem Perkins"),
    );
    with_tokens(&mut t, hank, 8);
    // Dave defends at 5: 9 is a hit with its bump, kept for the bull rush's shove.
    t.stack_any(&card_best(3, Die::D10, 9, 9));
    t.act(Action::MeleeSeries {
        hero: hank,
        blows: vec![
            (dave, AttackType::Heavy, false),
            (clem, AttackType::Quick, false),
        ],
    });
    let rush = &t.events("melee", "Hank Daggett")[0];
    assert_eq!(rush.fields["shoved"], 2, "{}", rush.text);
    assert_eq!(t.events("melee", "Hank Daggett").len(), 1);
    let lost = &t.events("out_of_reach", "Hank Daggett")[0];
    assert_eq!(lost.fields["target"], "Clem Perkins");
    assert_eq!(lost.fields["series"], serde_json::json!([2, 2]));
}

/// A weapon broken on a block or in a calamity is no weapon, even in hand again: fists.
#[test]
fn a_broken_knife_in_hand_is_no_weapon() {
    let mut t = brawl(|_| {});
    let dave = t.e(t.hero("Dave Perkins"));
    assert!(melee::close_weapon(t.app.world(), dave).armed);
    let mut weapons = t.app.world_mut().get_mut::<Weapons>(dave).unwrap();
    weapons.0[0].jammed = true;
    let held = melee::close_weapon(t.app.world(), dave);
    assert!(!held.armed);
    assert_eq!((held.card.name.as_str(), held.club), ("Fists", None));
}

/// Hank's hit (a card of his own) and, under it, a card on which the block's check is a
/// calamity: both stacked, Hank's on top. The block's skill is the one its plan names.
fn a_hit_met_by_a_calamitous_block(t: &mut Table, hank: HeroId, dave: HeroId) {
    let (hank_e, dave_e) = (t.e(hank), t.e(dave));
    let plan = melee::plan(
        t.app.world_mut(),
        hank_e,
        dave_e,
        AttackType::Standard,
        false,
        1,
    )
    .unwrap();
    let Some(Skill::Skilled { level, die }) = plan.volley.attacks[0].close.as_ref().unwrap().block
    else {
        panic!("Dave's block is a skilled check: {plan:?}");
    };
    let hits = card_best(3, Die::D10, 6, 9);
    let calamities = calamity_cards(level, die);
    let stacked = hits.iter().any(|&a| {
        calamities.iter().any(|&b| {
            a != b
                && t.app
                    .world_mut()
                    .resource_mut::<tarnation::sim::model::ActionDeck>()
                    .deck
                    .stack_top(&[a, b])
                    .is_ok()
        })
    });
    assert!(stacked, "a hit and a calamitous block are in the draw pile");
}

/// A block's calamity is a blow's ("Calamities are results that lead to failure no matter the
/// situation"): the knife Dave blocks with flies from his hand (or breaks on the wrench), and
/// the blow lands.
#[test]
fn a_calamity_on_a_knife_block_loses_the_knife() {
    let mut t = brawl(|_| {});
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    t.act(Action::Block { hero: dave });
    with_tokens(&mut t, hank, 3);
    a_hit_met_by_a_calamitous_block(&mut t, hank, dave);
    t.act(blow(hank, dave, AttackType::Standard));
    let event = &t.events("melee", "Hank Daggett")[0];
    assert_eq!(event.fields["block"]["outcome"], "failed", "{}", event.text);
    let calamity = &t.events("calamity", "Dave Perkins")[0];
    assert_eq!(calamity.fields["check"], "block");
    assert_eq!(calamity.fields["weapon"], "Bowie knife");
    assert!(
        ["dropped", "broken"].contains(&calamity.fields["consequence"].as_str().unwrap()),
        "{}",
        calamity.text
    );
    assert!(!melee::close_weapon(t.app.world(), t.e(dave)).armed);
    // The melee event comes first, its consequences after.
    let log = &t.log().events;
    let at = |kind: &str| log.iter().position(|e| e.kind == kind).unwrap();
    assert!(at("melee") < at("calamity"));
}

/// A bare-handed block's calamity: the attacker gains a level of dominance over the blocker.
#[test]
fn a_calamity_on_a_bare_handed_block_gives_the_foe_dominance() {
    let mut t = brawl(|level| level.heroes[2].weapons = vec!["Fists".into()]);
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    t.act(Action::Block { hero: dave });
    with_tokens(&mut t, hank, 3);
    a_hit_met_by_a_calamitous_block(&mut t, hank, dave);
    t.act(blow(hank, dave, AttackType::Standard));
    // Whatever Hank's own bumps won, the calamity adds a level.
    let event = &t.events("melee", "Hank Daggett")[0];
    let after_blow = event.fields["dominance_after"][1].as_u64().unwrap() as u32;
    assert!(after_blow < 3, "{}", event.text);
    let calamity = &t.events("calamity", "Dave Perkins")[0];
    assert_eq!(calamity.fields["check"], "block");
    assert_eq!(calamity.fields["consequence"], "dominance");
    assert_eq!(calamity.fields["weapon"], serde_json::Value::Null);
    assert_eq!(dominated(&t, dave), after_blow + 1, "{}", calamity.text);
}
