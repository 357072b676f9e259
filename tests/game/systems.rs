//! The three resolution systems in play (issue 13): every level plays to the end with dice
//! pools and with d20 tests, the log keeps its fields and adds the system and the dice, Will
//! and Venture are the hero's to spend.

use super::table::*;
use tarnation::data::level::Control;
use tarnation::rules::check::Resolution;
use tarnation::sim::model::{Hero, PoolChoices};
use tarnation::sim::run::{self, SimEnd};

/// 20 seeds of every level in a system: no match breaks, every check event has its fields.
fn every_level_plays(system: Resolution) {
    for file in [
        "street_duel.ron",
        "gulch_chase.ron",
        "mine_raid.ron",
        "saloon_brawl.ron",
    ] {
        let (mut level, gear) = level_file(file, |_| {});
        level.resolution = Some(system);
        for side in &mut level.sides {
            side.control = Control::Computer;
        }
        let mut decided = 0;
        for seed in 1..=20 {
            let played = run::run(level.clone(), gear.clone(), seed, cards(), 15)
                .unwrap_or_else(|e| panic!("{file} seed {seed}: {e}"));
            if matches!(played.end, SimEnd::Decided(_)) {
                decided += 1;
            }
            let events = &played.log.events;
            assert!(
                events.iter().all(|e| e.kind != "error"),
                "{file} seed {seed}: an error event"
            );
            let checks: Vec<_> = events
                .iter()
                .filter(|e| e.fields.contains_key("tn"))
                .collect();
            assert!(!checks.is_empty());
            for e in checks {
                // Checks keep their fields; attacks (`shot`, `melee`) have `hit` for success.
                let keys: &[&str] = if e.fields.contains_key("hit") {
                    &["tn", "result", "hit", "bumps", "system", "dice"]
                } else {
                    &[
                        "tn", "result", "success", "bumps", "calamity", "system", "dice",
                    ]
                };
                for key in keys {
                    assert!(
                        e.fields.contains_key(*key),
                        "{file}: {key} missing in {e:?}"
                    );
                }
                assert_eq!(e.fields["system"], system.key());
                let dice = e.fields["dice"].as_array().unwrap();
                assert!(!dice.is_empty(), "{file}: no dice in {}", e.text);
                let sides = if system == Resolution::D20 { 20 } else { 6 };
                assert!(
                    dice.iter()
                        .all(|d| (1..=sides).contains(&d.as_u64().unwrap()))
                );
            }
        }
        assert!(
            decided >= 15,
            "{file} in {system:?}: {decided} of 20 decided"
        );
    }
}

#[test]
fn every_level_plays_with_dice_pools() {
    every_level_plays(Resolution::DicePool);
}

#[test]
fn every_level_plays_with_d20_tests() {
    every_level_plays(Resolution::D20);
}

/// A level names its system; the action deck is the default, and its events name it.
#[test]
fn a_level_names_its_system() {
    let mut t = Table::new("street_duel.ron", 3, |level| {
        level.resolution = Some(Resolution::D20)
    });
    t.update();
    let init = &t.events("initiative", "Miranda Valentine")[0];
    assert_eq!(init.fields["system"], "d20");
    assert!(init.text.contains("d20 rolled"), "{}", init.text);
    let mut t = Table::new("street_duel.ron", 3, |_| {});
    t.update();
    let init = &t.events("initiative", "Miranda Valentine")[0];
    assert_eq!(init.fields["system"], "action-deck");
    assert!(!init.fields.contains_key("dice"));
}

/// Will is the hero's to spend (refused without Will points), Venture is 0 to 3 tokens; a
/// spent Will point is gone and a Venture is used once.
#[test]
fn will_and_venture_are_the_heros_choices() {
    let mut t = Table::new("saloon_brawl.ron", 5, |level| {
        level.resolution = Some(Resolution::DicePool);
        level.heroes[2].at = (6, 4);
        level.heroes[1].will = 0;
    });
    let hank = t.hero("Hank Daggett");
    let dave = t.hero("Dave Perkins");
    let cyril = t.hero("Cyril Wellington");
    t.update();
    t.until_turn(cyril);
    let refused = t.intent(Intent::Will {
        hero: cyril,
        spend: true,
    });
    assert!(
        matches!(&refused[..], [Outcome::Refused { reason, .. }] if reason.to_string().contains("no Will")),
        "{refused:?}"
    );
    t.until_turn(hank);
    let will = t.app.world().get::<Hero>(t.e(hank)).unwrap().will;
    assert_eq!(will, 2);
    assert!(
        t.intent(Intent::Will {
            hero: hank,
            spend: true
        })
        .is_empty()
    );
    assert!(matches!(
        &t.intent(Intent::Venture {
            hero: hank,
            tokens: 4
        })[..],
        [Outcome::Refused { .. }]
    ));
    assert!(
        t.intent(Intent::Venture {
            hero: hank,
            tokens: 1
        })
        .is_empty()
    );
    let choices = *t.app.world().get::<PoolChoices>(t.e(hank)).unwrap();
    assert_eq!((choices.venture, choices.will), (1, true));
    // Hank's blow: the Venture die is rolled as Interference, then the token is used.
    let blow = t.act(Action::Melee {
        hero: hank,
        target: dave,
        attack: tarnation::rules::melee::AttackType::Standard,
        careful: false,
        times: 1,
    });
    assert!(matches!(blow, Outcome::Melee { .. }), "{blow:?}");
    let event = &t.events("melee", "Hank Daggett")[0];
    let choices = *t.app.world().get::<PoolChoices>(t.e(hank)).unwrap();
    assert_eq!(choices.venture, 0, "the Venture is used");
    let spent = event.fields.get("will_spent").is_some_and(|v| v == true);
    let will = t.app.world().get::<Hero>(t.e(hank)).unwrap().will;
    assert_eq!(will, if spent { 1 } else { 2 }, "{}", event.text);
}
