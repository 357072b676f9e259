//! The bonus counter in a battle (issue 14; action resolution, "The Bonus Counter"): each
//! side's pool, a bump saved as a counter, "Right on!" and "Aces!" on an attack, "I've got
//! your back!", and the computer's use of them.

use super::bumps::{ready_to_shoot, shoots_with_bumps};
use super::table::*;
use tarnation::rules::bonus::Spend;
use tarnation::rules::shot::{self, BumpSpend};
use tarnation::sim::model::{BonusPools, PendingAttack, PendingBumps};
use tarnation::sim::run;

fn pools(t: &Table) -> Vec<(u32, bool, bool)> {
    let p = &t.app.world().resource::<BonusPools>().0;
    // (in the pool, Miranda holds, Cyril holds) for the posse; (in the pool, Felicia, Octavio).
    vec![
        (p[0].in_pool(), p[0].holds(0), p[0].holds(1)),
        (p[1].in_pool(), p[1].holds(2), p[1].holds(3)),
    ]
}

/// "a number of bonus counters equal to one less than the number of players": two heroes a
/// side, one counter each side, nobody holding one.
#[test]
fn each_side_s_pool_is_its_heroes_less_one() {
    let t = Table::new("street_duel.ron", 3, |_| {});
    assert_eq!(pools(&t), vec![(1, false, false), (1, false, false)]);
}

/// "a player can 'save' a bump from one roll and use it later": the player's hit with bumps
/// offers to save one; saved, it is a counter from the side's pool and a damage row less.
#[test]
fn a_bump_saved_is_a_bonus_counter() {
    let (mut t, miranda, felicia) = ready_to_shoot();
    let waiting = shoots_with_bumps(&mut t, miranda, felicia);
    assert!(matches!(waiting, Outcome::Pending { .. }), "{waiting:?}");
    let pending = t.app.world().resource::<PendingBumps>().clone();
    let judge = pending.options[0].clone();
    let save = pending
        .options
        .iter()
        .find(|o| o.spend == BumpSpend::Save)
        .expect("saving a bump is offered")
        .clone();
    assert_eq!(save.damage_bumps + 1, judge.damage_bumps);
    t.intent(Intent::SpendBumps {
        hero: miranda,
        spend: BumpSpend::Save,
    });
    let shot = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(shot.fields["damage_bumps"], save.damage_bumps);
    let earned = t.events("bonus", "Miranda Valentine").pop().unwrap();
    assert_eq!(earned.fields["what"], "earned");
    assert_eq!(earned.fields["pool"], 0);
    assert_eq!(pools(&t)[0], (0, true, false));
}

/// "Aces! This spend adds +2 to an effect grid result": set before the shot, spent on the hit,
/// and the counter goes back to the pool ("Spent bonus counters are immediately placed back").
#[test]
fn aces_adds_two_to_the_hit_s_effect() {
    let (mut t, miranda, felicia) = ready_to_shoot();
    t.app.world_mut().resource_mut::<BonusPools>().0[0]
        .earn(0)
        .unwrap();
    let armed = t.intent(Intent::Bonus {
        hero: miranda,
        spend: Some(Spend::Aces),
    });
    assert!(armed.is_empty(), "{armed:?}");
    shoots_with_bumps(&mut t, miranda, felicia);
    // The choice shows the effect with the +2; the same shot without the counter reads 2 less.
    let pending = t.app.world().resource::<PendingBumps>().clone();
    let PendingAttack::Shot(series) = &pending.attack else {
        panic!("a shot waits");
    };
    let plain = tarnation::sim::deck::with_deck_copy(t.app.world(), |source, options| {
        shot::resolve_volley(source, &series.volley, options)
    })
    .unwrap()
    .remove(0);
    assert_eq!(pending.options[0].effect, plain.effect + 2);
    t.intent(Intent::SpendBumps {
        hero: miranda,
        spend: BumpSpend::Judge,
    });
    let hit = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(hit.fields["effect"], plain.effect + 2);
    let spent = t.events("bonus", "Miranda Valentine").pop().unwrap();
    assert_eq!(spent.fields["what"], "spent");
    assert_eq!(spent.fields["spend"], "Aces!");
    assert_eq!(pools(&t)[0], (1, false, false));
}

/// Only what the text allows: no counter, no spend; "As I planned!" needs an Impetus.
#[test]
fn a_spend_needs_a_counter_and_the_text_s_conditions() {
    let (mut t, miranda, _) = ready_to_shoot();
    let refused = t.intent(Intent::Bonus {
        hero: miranda,
        spend: Some(Spend::Aces),
    });
    assert!(
        matches!(&refused[..], [Outcome::Refused { reason, .. }] if reason.to_string().contains("holds no bonus counter")),
        "{refused:?}"
    );
    t.app.world_mut().resource_mut::<BonusPools>().0[0]
        .earn(0)
        .unwrap();
    let refused = t.intent(Intent::Bonus {
        hero: miranda,
        spend: Some(Spend::AsIPlanned { impetus: true }),
    });
    assert!(
        matches!(&refused[..], [Outcome::Refused { reason, .. }] if reason.to_string().contains("Impetus")),
        "{refused:?}"
    );
}

/// "I've got your back! ... The target player may not be already holding a bonus counter ...
/// This spend costs 1 AP": Miranda's counter goes to Cyril.
#[test]
fn i_ve_got_your_back_passes_the_counter_for_one_ap() {
    let (mut t, miranda, _) = ready_to_shoot();
    let cyril = t.hero("Cyril Wellington");
    t.app.world_mut().resource_mut::<BonusPools>().0[0]
        .earn(0)
        .unwrap();
    let outcome = t.act(Action::BackUp {
        hero: miranda,
        ally: cyril,
    });
    assert!(
        matches!(outcome, Outcome::Prepared { ap: 1, .. }),
        "{outcome:?}"
    );
    let declared = t.events("declare", "Miranda Valentine").pop().unwrap();
    assert_eq!(declared.fields["action"], "I've got your back");
    assert_eq!(declared.fields["ap"], 1);
    assert_eq!(pools(&t)[0], (0, false, true));
    let backed = t.events("bonus", "Cyril Wellington").pop().unwrap();
    assert_eq!(backed.fields["what"], "backed");
    // Cyril holds one now: he can take no other.
    let price = tarnation::sim::actions::price(
        t.app.world_mut(),
        &Action::BackUp {
            hero: miranda,
            ally: cyril,
        },
    );
    assert!(price.is_err());
}

/// The computer earns counters from spare bumps and spends them on "Aces!": over a few
/// matches each side's counters add up (never more held than the pool gave) and some are
/// spent on hits.
#[test]
fn the_computer_saves_and_spends_counters() {
    let (level, gear) = level_file("street_duel.ron", |_| {});
    let (mut earned, mut spent) = (0, 0);
    for seed in 1..=12 {
        let played = run::run(level.clone(), gear.clone(), seed, cards(), 12).unwrap();
        let mut holding = std::collections::BTreeSet::new();
        for e in played.log.events.iter().filter(|e| e.kind == "bonus") {
            let who = e.actor.clone().unwrap();
            match e.fields["what"].as_str().unwrap() {
                "earned" => {
                    assert!(holding.insert(who), "one counter at a time: {}", e.text);
                    earned += 1;
                }
                "backed" => {
                    let from = e.fields["from"].as_str().unwrap().to_string();
                    assert!(
                        holding.remove(&from),
                        "passed a counter not held: {}",
                        e.text
                    );
                    assert!(holding.insert(who), "one counter at a time: {}", e.text);
                }
                "spent" => {
                    assert!(holding.remove(&who), "spent a counter not held: {}", e.text);
                    assert_eq!(e.fields["spend"], "Aces!");
                    spent += 1;
                }
                other => panic!("{other}"),
            }
        }
    }
    assert!(earned > 0 && spent > 0, "earned {earned}, spent {spent}");
}
