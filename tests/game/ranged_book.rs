//! Ranged combat by the book (issue 14): departures from the text fixed, each with its test,
//! and the calamities of shots, throws, Bravery and objectives.

use super::table::*;
use tarnation::rules::card::CauseCell;
use tarnation::rules::damage::BodyPart;
use tarnation::rules::die::Die;
use tarnation::rules::ranged::ShotKind;
use tarnation::sim::actions::ranged;
use tarnation::sim::model::{Hero, Mount, MountedOn, Prone, Weapons, Wounds};

/// The weapons in hand cocked, as after a Cock declaration (the tests price shots directly).
fn cocked(t: &mut Table, hero: bevy::prelude::Entity) {
    let mut weapons = t.app.world_mut().get_mut::<Weapons>(hero).unwrap();
    for w in &mut weapons.0 {
        w.cocked = true;
    }
}

fn modifiers(p: &ranged::ShotPlan) -> Vec<(String, i32)> {
    p.terms
        .modifiers
        .iter()
        .map(|m| (m.name.to_string(), m.value))
        .collect()
}

/// "It is never possible to aim at two different targets, at least one of the shots must be
/// attempted as a snap shot."
#[test]
fn two_weapons_never_aim_at_two_targets() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        let miranda = &mut level.heroes[0];
        miranda.weapons = vec!["Peacemaker".into(), "Peacemaker".into()];
        miranda.holster = None;
        level.heroes[2].at = (8, 4);
        level.heroes[3].at = (8, 6);
    });
    let miranda = t.hero("Miranda Valentine");
    let (felicia, octavio) = (t.hero("Felicia Laroq"), t.hero("Octavio"));
    t.update();
    for action in [
        Action::ReadyOffHand {
            hero: miranda,
            weapon: 1,
        },
        Action::Cock { hero: miranda },
        Action::Cock { hero: miranda },
        Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Normal,
        },
    ] {
        let outcome = t.act(action.clone());
        assert!(
            !matches!(outcome, Outcome::Refused { .. }),
            "{action:?}: {outcome:?}"
        );
    }
    let price = |t: &mut Table, target, kind| {
        tarnation::sim::actions::price(
            t.app.world_mut(),
            &Action::ShootOffHand {
                hero: miranda,
                target,
                kind,
            },
        )
    };
    let refused = price(&mut t, octavio, ShotKind::Normal).unwrap_err();
    assert!(
        refused.reason.contains("must be a snap shot"),
        "{}",
        refused.reason
    );
    assert!(price(&mut t, octavio, ShotKind::Snap).is_ok());
    assert!(
        price(&mut t, felicia, ShotKind::Normal).is_ok(),
        "the same target"
    );
}

/// "Firer is mounted -2 ... used only if it is worse than the movement penalty": in the saddle
/// of a halted mount too; a galloping mount moves its rider as running does (-4).
#[test]
fn a_rider_shoots_at_the_mounted_penalty_or_as_a_runner() {
    let plan_at = |speed: u32| {
        let mut t = Table::new("gulch_chase.ron", 2, |level| {
            level.mounts[0].speed = speed;
            level.heroes[1].at = (12, 5);
            level.mounts[1].at = (12, 5);
        });
        let (hank, vaquero) = (t.hero("Hank Daggett"), t.hero("Vaquero"));
        let (h, v) = (t.e(hank), t.e(vaquero));
        let nags = t.app.world().get::<MountedOn>(h).unwrap().0;
        assert_eq!(t.app.world().get::<Mount>(nags).unwrap().speed, speed);
        cocked(&mut t, h);
        let p = ranged::plan(t.app.world_mut(), h, v, ShotKind::Snap).unwrap();
        modifiers(&p)
    };
    let halted = plan_at(0);
    assert!(halted.contains(&("firer mounted".into(), -2)), "{halted:?}");
    let trotting = plan_at(6);
    assert!(
        trotting.contains(&("firer mounted".into(), -2)),
        "{trotting:?}"
    );
    let galloping = plan_at(14);
    assert!(
        galloping.contains(&("firer running".into(), -4)),
        "{galloping:?}"
    );
    assert!(!galloping.iter().any(|m| m.0 == "firer mounted"));
}

/// "a character using a Henry rifle who has paid 6 AP toward an aimed shot may perform a normal
/// shot (5 AP cost). If they were in the midst of a second aim action (8 or more AP paid) ...
/// they could keep the first aim": one aim is 2 AP, so the first aim is done at 7.
#[test]
fn the_henry_aims_for_2_ap() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        let miranda = &mut level.heroes[0];
        miranda.weapons = vec!["Henry rifle".into()];
        miranda.holster = None;
    });
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    let (m, f) = (t.e(miranda), t.e(felicia));
    cocked(&mut t, m);
    let ap = |t: &mut Table, kind| ranged::plan(t.app.world_mut(), m, f, kind).unwrap().ap;
    assert_eq!(ap(&mut t, ShotKind::Normal), 5);
    assert_eq!(ap(&mut t, ShotKind::Aimed(1)), 7);
    assert_eq!(ap(&mut t, ShotKind::Aimed(2)), 9);
}

/// "Any malfunction result that is within the malfunction range of the weapon": the fully
/// loaded pistol's own (the Peacemaker's Rel 2: a wrench of 1), not the rifle's just fired.
#[test]
fn a_loaded_pistol_goes_off_on_its_own_malfunction_range() {
    let run = |wrench: u32| {
        let mut t = Table::new("street_duel.ron", 3, |level| {
            let miranda = &mut level.heroes[0];
            miranda.weapons = vec!["Henry rifle".into(), "Peacemaker".into()];
            miranda.holster = None;
            miranda.fully_loaded = true;
        });
        let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
        t.update();
        let cock = t.act(Action::Cock { hero: miranda });
        assert!(matches!(cock, Outcome::Cocked { .. }), "{cock:?}");
        t.until_turn(miranda);
        let card = cards()
            .into_iter()
            .find(|c| c.wrench == Some(wrench))
            .expect("a card with that wrench");
        t.stack(&[card.number]);
        let shot = t.act(Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Snap,
        });
        assert!(matches!(shot, Outcome::Shot { .. }), "{shot:?}");
        let weapons = t
            .app
            .world()
            .get::<Weapons>(t.e(miranda))
            .unwrap()
            .0
            .clone();
        (
            weapons[0].jammed,
            t.events("discharge", "Miranda Valentine").len(),
            weapons[1].fully_loaded,
        )
    };
    // A wrench of 3: the Henry (Rel 4) jams, the Peacemaker (Rel 2) stays put.
    assert_eq!(run(3), (true, 0, true));
    // A wrench of 1: within the Peacemaker's range too: it goes off.
    assert_eq!(run(1), (true, 1, false));
}

/// A disabled leg cannot carry: half Move, no running; a disabled arm cannot hold: a two-handed
/// gun fires one-handed (2 downgrades) and no second weapon is taken up.
#[test]
fn a_disabled_limb_slows_and_weakens() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        let miranda = &mut level.heroes[0];
        miranda.weapons = vec!["Henry rifle".into(), "Peacemaker".into()];
        miranda.holster = None;
    });
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    let (m, f) = (t.e(miranda), t.e(felicia));
    cocked(&mut t, m);
    let before = ranged::plan(t.app.world_mut(), m, f, ShotKind::Snap).unwrap();
    assert_eq!(before.request.rows, 0);
    // Five wounds to the left leg, dealt by a hit: the leg is disabled.
    let dealt = tarnation::rules::damage::Dealt { wounds: 5, conc: 0 };
    ranged::wound(
        t.app.world_mut(),
        m,
        tarnation::rules::card::Location::LeftLeg,
        dealt,
        tarnation::rules::damage::DamageType::Deadly,
        tarnation::rules::card::Toggle::No,
    );
    let hero = t.app.world().get::<Hero>(m).unwrap().clone();
    assert_eq!(
        (hero.move_paces, hero.run),
        (2, 2),
        "Move 4 halved, no running"
    );
    // Five to the left arm: the Henry needs its second hand.
    ranged::wound(
        t.app.world_mut(),
        m,
        tarnation::rules::card::Location::LeftArm,
        dealt,
        tarnation::rules::damage::DamageType::Deadly,
        tarnation::rules::card::Toggle::No,
    );
    assert!(
        t.app
            .world()
            .get::<Wounds>(m)
            .unwrap()
            .body
            .disabled(BodyPart::LeftArm)
    );
    let after = ranged::plan(t.app.world_mut(), m, f, ShotKind::Snap).unwrap();
    assert_eq!(after.request.rows, -2, "fired with one hand");
    let off = tarnation::sim::actions::price(
        t.app.world_mut(),
        &Action::ReadyOffHand {
            hero: miranda,
            weapon: 1,
        },
    );
    assert!(off.is_err(), "no hand free for a second weapon");
}

/// The card that is a calamity for a pool.
fn calamity_card(rows: u32, die: Die) -> u8 {
    cards()
        .into_iter()
        .find(|c| c.cause(rows, die) == CauseCell::Calamity)
        .map(|c| c.number)
        .expect("a calamity cell")
}

/// A calamity on a shot jams the gun whatever its Rel, and the log says so.
#[test]
fn a_calamity_jams_the_gun() {
    let mut t = Table::new("street_duel.ron", 3, |_| {});
    let (cyril, felicia) = (t.hero("Cyril Wellington"), t.hero("Felicia Laroq"));
    t.update();
    t.act(Action::Cock { hero: cyril });
    t.until_turn(cyril);
    // Cyril's Shooting: Pistol 2 in Coordination d8.
    t.stack(&[calamity_card(2, Die::D8)]);
    let shot = t.act(Action::Shoot {
        hero: cyril,
        target: felicia,
        kind: ShotKind::Snap,
    });
    assert!(matches!(shot, Outcome::Shot { hit: false, .. }), "{shot:?}");
    let schofield = &t.app.world().get::<Weapons>(t.e(cyril)).unwrap().0[0];
    assert!(schofield.jammed);
    let calamity = &t.events("calamity", "Cyril Wellington")[0];
    assert_eq!(calamity.fields["consequence"], "jammed");
}

/// A calamity on a throw: it slips and lands at the thrower's feet, and dynamite goes off there.
#[test]
fn a_calamity_drops_the_dynamite_at_the_thrower_s_feet() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        level.heroes[1].weapons = vec!["Dynamite".into()];
        level.heroes[1].skills.insert("Throwing".into(), 2);
        level.heroes[2].at = (7, 6);
    });
    let (cyril, felicia) = (t.hero("Cyril Wellington"), t.hero("Felicia Laroq"));
    t.update();
    t.until_turn(cyril);
    t.stack(&[calamity_card(2, Die::D8)]);
    t.act(Action::Shoot {
        hero: cyril,
        target: felicia,
        kind: ShotKind::Snap,
    });
    let calamity = &t.events("calamity", "Cyril Wellington")[0];
    assert_eq!(calamity.fields["consequence"], "slipped");
    assert_eq!(calamity.fields["at"], serde_json::json!([2, 6]));
    let blasted: Vec<String> = t
        .log()
        .of_kind("blast")
        .filter_map(|e| e.actor.clone())
        .collect();
    assert!(
        blasted.contains(&"Cyril Wellington".to_string()),
        "{blasted:?}"
    );
}

/// "Point-blank range is used when one character is holding a weapon in contact with another
/// character": Felicia's Schofield at a pace is at TN 3, Cyril's stick of dynamite thrown at her
/// from the same pace is not held, so it is at short range (Standard, 5); a match file of
/// version 7 replays its throws at a pace at TN 3, as they were played (decision 137).
#[test]
fn a_throw_at_a_pace_is_not_point_blank() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        level.heroes[1].weapons = vec!["Dynamite".into()];
        level.heroes[1].skills.insert("Throwing".into(), 2);
        level.heroes[2].at = (3, 6);
        level.heroes[2].weapons = vec![".44 Schofield".into()];
    });
    let (cyril, felicia) = (t.hero("Cyril Wellington"), t.hero("Felicia Laroq"));
    let (c, f) = (t.e(cyril), t.e(felicia));
    t.update();
    t.app.world_mut().get_mut::<Weapons>(f).unwrap().0[0].cocked = true;
    let tn = |t: &mut Table, from, at| {
        let p = ranged::plan(t.app.world_mut(), from, at, ShotKind::Snap).unwrap();
        assert_eq!(p.distance, 1);
        (p.terms.tn, p.terms.tn_parts[0].name.to_string())
    };
    assert_eq!(tn(&mut t, c, f), (5, "standard".to_string()));
    assert_eq!(tn(&mut t, f, c), (3, "point blank".to_string()));
    tarnation::sim::journal::rules_of_version(t.app.world_mut(), 7);
    assert_eq!(tn(&mut t, c, f), (3, "point blank".to_string()));
    tarnation::sim::journal::rules_of_version(t.app.world_mut(), 8);
    assert_eq!(tn(&mut t, c, f).0, 5);
}

/// The mine raid's charges set where Hank stands, with 4 AP of work.
pub fn charges_at_hand(level: &mut tarnation::data::level::Level) {
    if let tarnation::data::level::Victory::Objective {
        task: Some(task), ..
    } = &mut level.victory[1]
    {
        task.at = (2, 2);
        task.full_attention = false;
    }
}

/// A calamity on an objective sets the work back: a temporary slot to fill first.
#[test]
fn a_calamity_sets_an_objective_back() {
    let mut t = Table::new("mine_raid.ron", 3, charges_at_hand);
    let hank = t.hero("Hank Daggett");
    t.update();
    t.until_turn(hank);
    // Hank's Demolitions 4 in Coordination d8.
    t.stack(&[calamity_card(4, Die::D8)]);
    t.act(Action::WorkObjective {
        hero: hank,
        objective: 0,
    });
    let calamity = &t.events("calamity", "Hank Daggett")[0];
    assert_eq!(calamity.fields["consequence"], "setback");
    let objectives = t
        .app
        .world()
        .resource::<tarnation::sim::model::Objectives>();
    assert_eq!(objectives.0[0].as_ref().unwrap().temporary(), 1);
}

/// Decision 129: under total movement a moving target's penalty reads its own speed. Miranda
/// and Felicia both running the same way: relative movement sees no speed between them, total
/// movement sees Felicia's 8 paces, for -1.
#[test]
fn total_movement_reads_the_target_s_own_speed() {
    use tarnation::rules::movement::Gait;
    use tarnation::sim::model::{Facing, MovedThisRound};
    let speed = |total: bool| {
        let mut t = Table::new("street_duel.ron", 3, |level| {
            level.options = Some(tarnation::data::level::LevelOptions {
                total_movement: total,
                ..Default::default()
            });
            level.heroes[0].holster = None;
        });
        let (m, f) = (
            t.e(t.hero("Miranda Valentine")),
            t.e(t.hero("Felicia Laroq")),
        );
        cocked(&mut t, m);
        for e in [m, f] {
            t.app
                .world_mut()
                .entity_mut(e)
                .insert((MovedThisRound(Some(Gait::Run)), Facing(1)));
        }
        let p = ranged::plan(t.app.world_mut(), m, f, ShotKind::Snap).unwrap();
        modifiers(&p)
            .into_iter()
            .find(|(name, _)| name == "relative speed")
    };
    assert_eq!(speed(false), None);
    assert_eq!(speed(true), Some(("relative speed".to_string(), -1)));
}

/// Decision 128: a calamity at a 10-victory objective (no room for a temporary slot) still
/// sets the work back: with nothing filled yet, the next victory won is lost.
#[test]
fn a_calamity_sets_a_ten_victory_objective_back_too() {
    let mut t = Table::new("mine_raid.ron", 3, |level| {
        charges_at_hand(level);
        if let tarnation::data::level::Victory::Objective { victories, .. } = &mut level.victory[1]
        {
            *victories = 10;
        }
    });
    let hank = t.hero("Hank Daggett");
    t.update();
    t.until_turn(hank);
    t.stack(&[calamity_card(4, Die::D8)]);
    t.act(Action::WorkObjective {
        hero: hank,
        objective: 0,
    });
    let calamity = &t.events("calamity", "Hank Daggett")[0];
    assert_eq!(calamity.fields["consequence"], "setback");
    assert_eq!(calamity.fields["setback"], "owed");
    assert!(calamity.text.contains("the next victory won is lost"));
    let objectives = t
        .app
        .world()
        .resource::<tarnation::sim::model::Objectives>();
    let counter = objectives.0[0].as_ref().unwrap();
    assert_eq!(
        (counter.slots(), counter.owed(), counter.filled()),
        (10, 1, 0)
    );
}

/// Each objective fills its own counter: with a contest listed first (it counts its victories
/// in its own contest), the charges' victories still go to the charges' counter.
#[test]
fn each_objective_fills_its_own_counter() {
    use tarnation::data::level::Victory;
    let mut t = Table::new("mine_raid.ron", 3, |level| {
        charges_at_hand(level);
        let mut contest = level.victory[1].clone();
        if let Victory::Objective {
            name,
            victories,
            rival,
            ..
        } = &mut contest
        {
            *name = "The long count".into();
            *victories = 12;
            *rival = Some("Laroq hacienda".into());
        }
        level.victory.insert(1, contest);
    });
    let hank = t.hero("Hank Daggett");
    t.update();
    t.until_turn(hank);
    let won = t.act(Action::WorkObjective {
        hero: hank,
        objective: 1,
    });
    let tarnation::sim::actions::Outcome::Worked { victories, .. } = won else {
        panic!("{won:?}")
    };
    let objectives = t
        .app
        .world()
        .resource::<tarnation::sim::model::Objectives>();
    assert!(objectives.0[0].is_none(), "the contest has no counter");
    let charges = objectives.0[1].as_ref().unwrap();
    assert_eq!(charges.name, "Set the charges");
    assert_eq!(charges.filled(), victories.min(5));
    let skill = &t.events("skill", "Hank Daggett")[0];
    assert_eq!(skill.fields["objective"], "Set the charges");
    assert_eq!(skill.fields["filled"], charges.filled());
}

/// A hero's Bravery calamity under fire: it throws itself prone.
#[test]
fn a_bravery_calamity_throws_the_hero_prone() {
    let mut t = Table::new("street_duel.ron", 3, |_| {});
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    let m = t.e(miranda);
    // Shot at once since her last action: the Bravery check comes before her aim.
    t.app
        .world_mut()
        .entity_mut(m)
        .insert(tarnation::sim::model::UnderFire {
            shots: 1,
            hits: 0,
            melee: 0,
            melee_hit: false,
        });
    t.update();
    t.act(Action::Ready {
        hero: miranda,
        weapon: 0,
    });
    t.act(Action::Cock { hero: miranda });
    t.app
        .world_mut()
        .entity_mut(m)
        .insert(tarnation::sim::model::UnderFire {
            shots: 1,
            hits: 0,
            melee: 0,
            melee_hit: false,
        });
    t.until_turn(miranda);
    // Bravery is unskilled for Miranda: the 4 column at her Essence rank (2).
    t.stack(&[calamity_card(2, Die::D4)]);
    t.act(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    });
    assert!(t.app.world().get::<Prone>(m).unwrap().0);
    let calamity = &t.events("calamity", "Miranda Valentine")[0];
    assert_eq!(calamity.fields["consequence"], "prone");
}

/// "The maximum range a character can throw ... is NEEDS WORK": two range increments (10 paces
/// each) and one more per rank of Strength.
#[test]
fn a_throw_reaches_as_far_as_the_arm() {
    let mut t = Table::new("gulch_chase.ron", 3, |level| {
        let hank = &mut level.heroes[0];
        hank.weapons = vec!["Dynamite".into()];
        level.heroes[1].at = (50, 4);
        level.mounts[1].at = (50, 4);
    });
    let (hank, vaquero) = (t.hero("Hank Daggett"), t.hero("Vaquero"));
    let (h, v) = (t.e(hank), t.e(vaquero));
    // Hank's Strength rank 2: 40 paces; the vaquero is 42 off.
    let far = ranged::plan(t.app.world_mut(), h, v, ShotKind::Snap).unwrap_err();
    assert!(
        far.reason.contains("at most 40 paces, not 42"),
        "{}",
        far.reason
    );
}

/// The optional rules of the action-resolution chapter, set by a level: exceptional results
/// off, a card's exceptional cell is read as it is printed.
#[test]
fn a_level_sets_the_optional_rules() {
    let exceptional = cards()
        .into_iter()
        .find(|c| {
            (1..=2).any(|row| {
                let cell = c.cause(row, Die::D8);
                cell.is_exceptional(Die::D8)
            })
        })
        .expect("a card with an exceptional d8 cell")
        .number;
    let cards_read = |exceptional_on: bool| {
        let mut t = Table::new("street_duel.ron", 3, |level| {
            level.options = Some(tarnation::data::level::LevelOptions {
                exceptional: exceptional_on,
                ..Default::default()
            });
        });
        // Miranda's Quickness (2, D8) test reads the card first.
        t.stack(&[exceptional]);
        t.update();
        let init = &t.events("initiative", "Miranda Valentine")[0];
        init.fields["cards"].as_array().unwrap().len()
    };
    assert_eq!(cards_read(false), 1, "no chain without exceptional results");
    assert!(cards_read(true) > 1, "the chain draws on with them");
}

/// The Longhorn with Hank at (7,5) and Clem at (13,5), an oil lamp beside the line between.
fn hank_across_from_clem() -> Table {
    Table::new("longhorn_fire.ron", 3, |level| {
        let at = |level: &tarnation::data::level::Level, name: &str| {
            level.heroes.iter().position(|h| h.name == name).unwrap()
        };
        let (hank, clem) = (at(level, "Hank Daggett"), at(level, "Clem Perkins"));
        level.heroes[hank].at = (7, 5);
        level.heroes[clem].at = (13, 5);
    })
}

/// The glass a miss may shatter is named before the shot (the oil lamp beside the line of
/// fire: a play-test's shot passed it with no word, and the stray fed the Longhorn's fire).
#[test]
fn the_glass_a_miss_may_shatter_is_named() {
    let t = hank_across_from_clem();
    let (hank, clem) = (t.hero("Hank Daggett"), t.hero("Clem Perkins"));
    let (hank, clem) = (t.e(hank), t.e(clem));
    let world = t.app.world();
    assert_eq!(
        ranged::glass_near_the_line(world, hank, clem),
        vec!["the oil lamp".to_string()]
    );
    assert!(ranged::allies_near_the_line(world, hank, clem).is_empty());
}

/// An ally whose move on the table takes it near the line of fire is warned of before the
/// shot, as the computer weighs it (a play-test's Gatling fired past an ally whose declared
/// move took it into the line).
#[test]
fn an_ally_moving_into_the_line_is_warned_of() {
    let t = hank_across_from_clem();
    let (hank, clem, cyril) = (
        t.hero("Hank Daggett"),
        t.hero("Clem Perkins"),
        t.hero("Cyril Wellington"),
    );
    let (hank, clem, cyril_e) = (t.e(hank), t.e(clem), t.e(cyril));
    let mut t = t;
    assert!(ranged::allies_near_the_line(t.app.world(), hank, clem).is_empty());
    t.app
        .world_mut()
        .resource_mut::<tarnation::sim::model::RoundState>()
        .due
        .push(tarnation::sim::intent::Action::Move {
            hero: cyril,
            to: tarnation::rules::hexmap::hex_at(9, 5),
            gait: tarnation::rules::movement::Gait::Walk,
        });
    assert_eq!(
        ranged::allies_near_the_line(t.app.world(), hank, clem),
        vec![cyril_e]
    );
}
