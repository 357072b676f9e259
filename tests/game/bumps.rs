//! The player spends the bumps (issue 14): "Bumps are in-game currency the player can use to
//! tailor the results". A human's shot that hits with bumps waits for the player's choice;
//! the computer (and "let the Judge choose") spends them the Judge's way. A hand-to-hand blow's
//! bumps may buy dominance; a shot whose aim a Bravery check lost may be forgone.

use super::table::*;
use tarnation::data::level::AiLevel;
use tarnation::rules::card::CauseCell;
use tarnation::rules::die::Die;
use tarnation::rules::melee::AttackType;
use tarnation::rules::ranged::ShotKind;
use tarnation::rules::shot::BumpSpend;
use tarnation::sim::model::{
    ActionDeck, Battle, Hero, PendingBumps, PendingSnap, UnderFire, Weapons,
};
use tarnation::sim::run;

/// Cards on which Miranda's Shooting: Pistol 3 in d10 reads a result of at least `least`:
/// the first card, and the one that ends its exceptional chains (no calamity, no chain longer
/// than two cards).
fn card_readings(least: u32) -> Vec<[u8; 2]> {
    let deck = cards();
    let mut pairs = Vec::new();
    for a in &deck {
        let cells: Vec<CauseCell> = (1..=3).map(|r| a.cause(r, Die::D10)).collect();
        if a.cause(3, Die::D10).is_calamity() {
            continue;
        }
        for b in &deck {
            if b.number == a.number {
                continue;
            }
            let mut best = 0;
            let mut closed = true;
            for (i, cell) in cells.iter().enumerate() {
                let mut total = cell.value();
                if cell.is_exceptional(Die::D10) {
                    let next = b.cause(i as u32 + 1, Die::D10);
                    closed &= !next.is_exceptional(Die::D10);
                    total += next.value();
                }
                best = best.max(total);
            }
            if closed && best >= least {
                pairs.push([a.number, b.number]);
            }
        }
    }
    pairs
}

/// Stack the first such pair still in the draw pile.
pub(super) fn stack_reading(t: &mut Table, least: u32) {
    let stacked = card_readings(least).into_iter().any(|pair| {
        t.app
            .world_mut()
            .resource_mut::<ActionDeck>()
            .deck
            .stack_top(&pair)
            .is_ok()
    });
    assert!(stacked, "two cards that read {least} are in the draw pile");
}

pub(super) fn ready_to_shoot() -> (Table, HeroId, HeroId) {
    ready_to_shoot_with(3)
}

fn ready_to_shoot_with(seed: u64) -> (Table, HeroId, HeroId) {
    let mut t = Table::new("street_duel.ron", seed, |level| {
        level.heroes[2].at = (7, 4);
    });
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    t.update();
    t.act(Action::Ready {
        hero: miranda,
        weapon: 0,
    });
    t.act(Action::Cock { hero: miranda });
    t.until_turn(miranda);
    (t, miranda, felicia)
}

/// Miranda's normal shot at Felicia on cards that read 13 (TN 5 at 4 paces: 2 bumps), held
/// where its bumps wait to be spent.
pub(super) fn shoots_with_bumps(t: &mut Table, miranda: HeroId, felicia: HeroId) -> Outcome {
    stack_reading(t, 13);
    t.act_holding(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    })
}

#[test]
fn a_human_s_hit_waits_for_the_bumps_to_be_spent() {
    let (mut t, miranda, felicia) = ready_to_shoot();
    let waiting = shoots_with_bumps(&mut t, miranda, felicia);
    assert!(matches!(waiting, Outcome::Pending { .. }), "{waiting:?}");
    let pending = t.app.world().resource::<PendingBumps>().clone();
    assert!(pending.bumps >= 2);
    assert!(pending.options.len() >= 2);
    assert_eq!(pending.options[0].spend, BumpSpend::Judge);
    // The match stands still: nobody declares, nothing resolves.
    let log = t.log().events.len();
    t.update();
    t.update();
    assert_eq!(t.log().events.len(), log);
    // A declaration waits too.
    let refused = t.intent(Intent::Pass { hero: felicia });
    assert!(
        matches!(&refused[..], [Outcome::Refused { .. }]),
        "{refused:?}"
    );
    // The player puts the hit where another option says: the shot lands there.
    let chosen = pending
        .options
        .iter()
        .find(|o| o.spend != BumpSpend::Judge && o.location != pending.options[0].location)
        .unwrap_or(&pending.options[1])
        .clone();
    let done = t.intent(Intent::SpendBumps {
        hero: miranda,
        spend: chosen.spend,
    });
    let shot = done
        .iter()
        .find(|o| matches!(o, Outcome::Shot { .. }))
        .expect("the shot resolves");
    assert!(matches!(shot, Outcome::Shot { hit: true, .. }));
    let event = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(event.fields["location"], chosen.location.name());
    assert_eq!(event.fields["effect"], chosen.effect);
    assert!(!t.app.world().contains_resource::<PendingBumps>());
}

/// The choice is in the journal: a replay makes the same match, and asks nobody. (The shot
/// comes from the shuffled deck here, not a stacked one, so that the replay draws the same
/// cards: the first seed whose shot hits with bumps to spend.)
#[test]
fn the_choice_replays_from_the_journal() {
    let (mut t, miranda, chosen) = (1..60)
        .find_map(|seed| {
            let (mut t, miranda, felicia) = ready_to_shoot_with(seed);
            let waiting = t.act_holding(Action::Shoot {
                hero: miranda,
                target: felicia,
                kind: ShotKind::Normal,
            });
            if !matches!(waiting, Outcome::Pending { .. }) {
                return None;
            }
            let pending = t.app.world().resource::<PendingBumps>().clone();
            let judge = pending.options[0].clone();
            let other = pending
                .options
                .into_iter()
                .find(|o| o.location != judge.location)?;
            Some((t, miranda, other))
        })
        .expect("a seed whose first shot hits with bumps");
    t.intent(Intent::SpendBumps {
        hero: miranda,
        spend: chosen.spend,
    });
    let event = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(event.fields["location"], chosen.location.name());
    let file = run::match_file(&t.app, None);
    assert!(
        file.journal
            .iter()
            .any(|e| matches!(e.intent, Intent::SpendBumps { .. }))
    );
    let replayed = run::replay(&file);
    assert_eq!(replayed.end, Ok(run::SimEnd::JournalEnd));
    assert_eq!(replayed.log.events, t.log().events);
}

/// "Let the Judge choose": the same as the computer's way.
#[test]
fn the_judge_s_way_is_the_computer_s() {
    let (mut t, miranda, felicia) = ready_to_shoot();
    shoots_with_bumps(&mut t, miranda, felicia);
    let judge = t.app.world().resource::<PendingBumps>().options[0].clone();
    t.intent(Intent::SpendBumps {
        hero: miranda,
        spend: BumpSpend::Judge,
    });
    let event = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(event.fields["location"], judge.location.name());
    assert_eq!(event.fields["effect"], judge.effect);
}

/// `hard` moves a hit to where it leaves the foe worst off, as the bump box shows each choice's
/// fate to a player: with Felicia's body part that another place of the stack reaches one
/// wound short of disabled (or killed), `hard` spends the bumps there; `normal` and `easy`
/// take the Judge's way.
#[test]
fn hard_moves_a_hit_where_it_leaves_the_foe_worst_off() {
    use tarnation::rules::damage::{BodyPart, DISABLING_WOUND, Fate};
    let (mut t, miranda, felicia) = ready_to_shoot();
    shoots_with_bumps(&mut t, miranda, felicia);
    let pending = t.app.world().resource::<PendingBumps>().clone();
    let judge = pending.options[0].clone();
    let other = pending
        .options
        .iter()
        .find(|o| {
            matches!(o.spend, BumpSpend::Location(_))
                && BodyPart::of(o.location) != BodyPart::of(judge.location)
                && o.wounds >= 1
        })
        .expect("another place on the stack that wounds")
        .clone();
    let fe = t.e(felicia);
    t.app
        .world_mut()
        .get_mut::<tarnation::sim::model::Wounds>(fe)
        .unwrap()
        .body
        .wounds
        .insert(BodyPart::of(other.location), DISABLING_WOUND - 1);
    let (fate, _) = tarnation::sim::query::bump_fate(t.app.world(), fe, &other);
    assert_ne!(fate, Fate::Standing, "{other:?}");
    assert_eq!(
        tarnation::sim::query::bump_fate(t.app.world(), fe, &judge).0,
        Fate::Standing
    );
    let mut answer = |ai: AiLevel| {
        t.app.world_mut().resource_mut::<Battle>().level.sides[0].ai = Some(ai);
        tarnation::sim::ai::answer_choice(t.app.world(), miranda)
    };
    assert_eq!(
        answer(AiLevel::Hard),
        Intent::SpendBumps {
            hero: miranda,
            spend: other.spend
        }
    );
    for ai in [AiLevel::Normal, AiLevel::Easy] {
        assert!(
            matches!(
                answer(ai),
                Intent::SpendBumps {
                    spend: BumpSpend::Judge | BumpSpend::Save,
                    ..
                }
            ),
            "{ai:?}"
        );
    }
}

/// Hand to hand: "Each level of dominance costs one bump": Hank's blow that lands with bumps
/// offers dominance for them, and the choice presses Dave.
#[test]
fn a_blow_s_bumps_buy_dominance_when_the_player_says() {
    let mut t = Table::new("saloon_brawl.ron", 70, |level| {
        for hero in &mut level.heroes {
            hero.ap = 12;
        }
        level.heroes[2].at = (6, 4);
    });
    t.update();
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    t.until_turn(hank);
    while t.track(hank).in_front < 3 {
        t.pass();
        t.until_turn(hank);
    }
    let (hank_e, dave_e) = (t.e(hank), t.e(dave));
    let plan = tarnation::sim::actions::melee::plan(
        t.app.world_mut(),
        hank_e,
        dave_e,
        AttackType::Standard,
        false,
        1,
    )
    .unwrap();
    // A plain result (no chain, no calamity) of at least the TN + 4 in Hank's Brawling 3 d10.
    let tn = plan.volley.attacks[0].terms.tn;
    let stacked = cards().iter().any(|c| {
        let cells: Vec<CauseCell> = (1..=3).map(|r| c.cause(r, Die::D10)).collect();
        let plain = cells
            .iter()
            .all(|cell| !cell.is_exceptional(Die::D10) && !cell.is_calamity());
        let best = cells.iter().map(|c| c.value()).max().unwrap();
        plain
            && best >= tn + 4
            && t.app
                .world_mut()
                .resource_mut::<ActionDeck>()
                .deck
                .stack_top(&[c.number])
                .is_ok()
    });
    assert!(stacked, "a card reading TN {tn} + 4 is in the draw pile");
    let waiting = t.act_holding(Action::Melee {
        hero: hank,
        target: dave,
        attack: AttackType::Standard,
        careful: false,
        times: 1,
    });
    assert!(matches!(waiting, Outcome::Pending { .. }), "{waiting:?}");
    let pending = t.app.world().resource::<PendingBumps>().clone();
    let judge = pending.options[0].clone();
    assert_eq!((judge.dominance_bumps, judge.dominance), (0, 0));
    let press = pending
        .options
        .iter()
        .find(|o| o.spend == BumpSpend::Dominance(1))
        .expect("a bump toward dominance is offered")
        .clone();
    assert_eq!((press.dominance_bumps, press.dominance), (1, 1));
    assert_eq!(press.damage_bumps + 1, judge.damage_bumps);
    t.intent(Intent::SpendBumps {
        hero: hank,
        spend: press.spend,
    });
    let blow = t.events("melee", "Hank Daggett").pop().unwrap();
    assert_eq!(blow.fields["reserved_bumps"], 1);
    assert_eq!(blow.fields["damage"], press.effect);
    assert_eq!(
        t.app
            .world()
            .get::<tarnation::sim::model::Dominated>(dave_e)
            .unwrap()
            .0,
        1
    );
}

/// Miranda under heavy fire: a Bravery pool she cannot pass (-1 for each shot after the first,
/// -2 for each hit) on a card with no exceptional cell, then her shot.
fn shaken(seed: u64) -> (Table, HeroId, HeroId) {
    let (mut t, miranda, felicia) = ready_to_shoot_with(seed);
    let e = t.e(miranda);
    t.app.world_mut().entity_mut(e).insert(UnderFire {
        shots: 5,
        hits: 4,
        melee: 0,
        melee_hit: false,
    });
    let hero = t.app.world().get::<Hero>(e).unwrap().clone();
    let pool = tarnation::sim::deck::skill_pool(&hero, "Bravery", "Essence")
        .pool()
        .unwrap();
    let (level, die) = (pool.rows, pool.die);
    let stacked = cards().iter().any(|c| {
        (1..=level).all(|r| {
            let cell = c.cause(r, die);
            !cell.is_exceptional(die) && !cell.is_calamity()
        }) && t
            .app
            .world_mut()
            .resource_mut::<ActionDeck>()
            .deck
            .stack_top(&[c.number])
            .is_ok()
    });
    assert!(stacked);
    (t, miranda, felicia)
}

/// "If the check fails, the AP are spent, but all previous aim is lost and any shot is a snap
/// shot ... They may choose to make the snap shot or forgo making a shot."
#[test]
fn a_shaken_player_may_forgo_the_snap_shot() {
    let (mut t, miranda, felicia) = shaken(3);
    let e = t.e(miranda);
    let before = t.app.world().get::<Weapons>(e).unwrap().0[0].clone();
    let waiting = t.act_holding(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    });
    assert!(matches!(waiting, Outcome::Pending { .. }), "{waiting:?}");
    assert!(t.app.world().contains_resource::<PendingSnap>());
    let bravery = t.events("bravery", "Miranda Valentine").pop().unwrap();
    assert_eq!(bravery.fields["aim_kept"], false);
    // Nothing else happens while she makes up her mind.
    let log = t.log().events.len();
    t.update();
    assert_eq!(t.log().events.len(), log);
    // Bumps are not the question.
    let refused = t.intent(Intent::SpendBumps {
        hero: miranda,
        spend: BumpSpend::Judge,
    });
    assert!(
        matches!(&refused[..], [Outcome::Refused { .. }]),
        "{refused:?}"
    );
    let done = t.intent(Intent::Snap {
        hero: miranda,
        fire: false,
    });
    assert!(
        done.iter().any(|o| matches!(o, Outcome::Forgone { .. })),
        "{done:?}"
    );
    assert!(t.events("shot", "Miranda Valentine").is_empty());
    assert_eq!(t.events("forgo", "Miranda Valentine").len(), 1);
    // Said once in the log (a play-test read the line twice: the forgo and a resolve).
    let said = t
        .log()
        .events
        .iter()
        .filter(|e| e.text.contains("holds fire"))
        .count();
    assert_eq!(said, 1);
    let after = t.app.world().get::<Weapons>(e).unwrap().0[0].clone();
    assert_eq!((after.rounds, after.cocked), (before.rounds, before.cocked));
    assert!(!t.app.world().contains_resource::<PendingSnap>());
    // The journal holds the choice (a replay applies it as the bumps' choice is applied).
    let file = run::match_file(&t.app, None);
    assert!(file.journal.iter().any(|e| e.intent
        == Intent::Snap {
            hero: miranda,
            fire: false
        }));
}

/// The computer's answer to a lost aim: `normal` and `hard` forgo a snap shot whose chance
/// buys less than the cock it costs (0.16 hits an AP: a forgone shot leaves the Peacemaker
/// cocked and loaded), and make it otherwise; `easy` always makes it.
#[test]
fn the_computer_forgoes_a_snap_shot_worth_less_than_its_cock() {
    let (mut t, miranda, felicia) = shaken(3);
    t.act_holding(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    });
    let mut answer = |ai: AiLevel, chance: f64| {
        let world = t.app.world_mut();
        world.resource_mut::<Battle>().level.sides[0].ai = Some(ai);
        world.resource_mut::<PendingSnap>().series.shots[0].chance = chance;
        tarnation::sim::ai::answer_choice(t.app.world(), miranda)
    };
    let fires = |fire| Intent::Snap {
        hero: miranda,
        fire,
    };
    assert_eq!(answer(AiLevel::Hard, 0.10), fires(false));
    assert_eq!(answer(AiLevel::Normal, 0.15), fires(false));
    assert_eq!(answer(AiLevel::Normal, 0.17), fires(true));
    assert_eq!(answer(AiLevel::Hard, 0.40), fires(true));
    assert_eq!(answer(AiLevel::Easy, 0.10), fires(true));
}

/// A shot forgone settles its declaration: the watch (`sim::invariants`, as `balance` plays
/// matches) counts no declaration left unresolved (a `hard` sheriff's forgone snap shot in the
/// bank job was reported as a broken rule).
#[test]
fn a_forgone_shot_settles_its_declaration() {
    use tarnation::sim::invariants::{Watch, check};
    let (mut t, miranda, felicia) = shaken(3);
    t.app.init_resource::<Watch>();
    check(t.app.world_mut());
    t.act_holding(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    });
    t.intent(Intent::Snap {
        hero: miranda,
        fire: false,
    });
    assert_eq!(t.events("forgo", "Miranda Valentine").len(), 1);
    let segment = |t: &Table| {
        t.app
            .world()
            .resource::<tarnation::sim::model::RoundState>()
            .now()
    };
    let then = segment(&t);
    // On to the next round: the events of the segments after say whether it was settled.
    for _ in 0..2000 {
        if segment(&t).0 > then.0 {
            break;
        }
        t.pass();
        check(t.app.world_mut());
    }
    assert!(segment(&t).0 > then.0, "{:?}", segment(&t));
    let breaks = &t.app.world().resource::<Watch>().breaks;
    assert!(breaks.is_empty(), "{breaks:#?}");
}

/// The other choice: the snap shot goes off.
#[test]
fn a_shaken_player_may_make_the_snap_shot() {
    let (mut t, miranda, felicia) = shaken(3);
    t.act_holding(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    });
    let mut outcomes = t.intent(Intent::Snap {
        hero: miranda,
        fire: true,
    });
    // A hit with bumps asks again.
    if t.app.world().contains_resource::<PendingBumps>() {
        outcomes = t.intent(Intent::SpendBumps {
            hero: miranda,
            spend: BumpSpend::Judge,
        });
    }
    assert!(
        outcomes.iter().any(|o| matches!(o, Outcome::Shot { .. })),
        "{outcomes:?}"
    );
    let shot = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(shot.fields["shot"], "snap shot");
}

/// The card view needs the cells a check read: every check and attack names them, the first
/// on the resolution card, and the row it chose among them.
#[test]
fn a_check_names_the_cells_it_read() {
    let (mut t, miranda, felicia) = ready_to_shoot();
    stack_reading(&mut t, 13);
    t.act(Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Normal,
    });
    let shot = t.events("shot", "Miranda Valentine").pop().unwrap();
    let read = shot.fields["read"].as_array().unwrap();
    assert_eq!(read[0]["step"], "read_cause");
    assert_eq!(read[0]["card"], shot.fields["card"]);
    let rows: Vec<u64> = read
        .iter()
        .filter(|s| s["step"] == "read_cause")
        .map(|s| s["row"].as_u64().unwrap())
        .collect();
    assert_eq!(rows, vec![1, 2, 3], "Shooting: Pistol 3 reads three rows");
    let chose = read.iter().find(|s| s["step"] == "chose").unwrap();
    assert!(rows.contains(&chose["row"].as_u64().unwrap()));
}

/// A fired shot lands through systems of its own rules (`actions/ranged/lands.rs`), each
/// runnable alone on a world holding the shot in flight: `shot_wounds` alone puts the hit's
/// wounds and Conc on the target and reports nothing; `report_shot` alone then writes the
/// `shot` event with what the wounds did; a shot left in flight is never applied twice.
#[test]
fn a_landing_shot_s_rules_are_systems_run_alone() {
    use bevy::ecs::system::RunSystemOnce;
    use tarnation::rules::damage::Fate;
    use tarnation::rules::shot;
    use tarnation::sim::actions::ranged::lands::{
        LandingShot, ShotInFlight, report_shot, shot_wounds,
    };
    use tarnation::sim::model::{PendingAttack, Wounds};
    let (mut t, miranda, felicia) = ready_to_shoot();
    shoots_with_bumps(&mut t, miranda, felicia);
    // Miranda's hit waits for her bumps: the shot, resolved on a copy of the deck, is landed
    // by hand instead.
    let pending = t.app.world_mut().remove_resource::<PendingBumps>().unwrap();
    let PendingAttack::Shot(series) = pending.attack else {
        panic!("a shot waits");
    };
    let outcome = tarnation::sim::deck::with_deck_copy(t.app.world(), |source, options| {
        shot::resolve_volley(source, &series.volley, options)
    })
    .unwrap()
    .remove(0);
    assert!(outcome.hit && outcome.dealt.wounds + outcome.dealt.conc > 0);
    let (hero, target) = (t.e(miranda), t.e(felicia));
    let shots_before = t.log().of_kind("shot").count();
    let body_before = t.app.world().get::<Wounds>(target).unwrap().body.clone();
    let world = t.app.world_mut();
    world.insert_resource(ShotInFlight {
        shot: Some(Box::new(LandingShot {
            hero,
            target,
            plan: series.shots[0].clone(),
            outcome: outcome.clone(),
            series: (1, 1),
            fan: false,
            series_ap: Some(series.ap),
            sabotage: false,
            fate: Fate::Standing,
            stunned: false,
            strays_hit: 0,
            mark: world
                .resource::<tarnation::sim::model::MatchLog>()
                .events
                .len(),
        })),
        words: None,
    });
    world.run_system_once(shot_wounds).unwrap();
    let body = world.get::<Wounds>(target).unwrap().body.clone();
    assert_eq!(
        body.total_wounds(),
        body_before.total_wounds() + outcome.dealt.wounds
    );
    assert_eq!(body.conc, body_before.conc + outcome.dealt.conc);
    assert_eq!(
        t.log().of_kind("shot").count(),
        shots_before,
        "not yet reported"
    );
    let world = t.app.world_mut();
    world.run_system_once(report_shot).unwrap();
    let words = world.resource::<ShotInFlight>().words.clone();
    let shot = t.events("shot", "Miranda Valentine").pop().unwrap();
    assert_eq!(Some(shot.text.clone()), words);
    assert_eq!(shot.fields["effect"], outcome.effect);
    assert_eq!(shot.fields["wounds"], outcome.dealt.wounds);
    // Reported, it is out of flight: nothing is landed twice.
    let world = t.app.world_mut();
    assert!(world.resource::<ShotInFlight>().shot.is_none());
    world.run_system_once(shot_wounds).unwrap();
    assert_eq!(world.get::<Wounds>(target).unwrap().body, body);
}
