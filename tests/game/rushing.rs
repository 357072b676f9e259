//! Rushing actions, the conflict chapter's optional rule a level switches on (decision 35 and
//! 126): the rush window once a segment's declarations are made, the four stipulations, the
//! Rush Tax from the Step, the rushed AP on the initiative stack.

use super::table::*;
use tarnation::data::level::{Level, LevelOptions};
use tarnation::rules::action_time::Commitment;
use tarnation::rules::movement::Gait;
use tarnation::rules::ranged::ShotKind;
use tarnation::sim::actions;
use tarnation::sim::model::{Committed, RoundState, Track, Weapons};
use tarnation::sim::round::rush_window_open;

/// The North Star with rushing on; Miranda's Peacemaker in hand and cocked.
fn rushing(tweak: impl FnOnce(&mut Level)) -> Table {
    let mut t = Table::new("street_duel.ron", 8, |level| {
        level.options = Some(LevelOptions {
            rushing: true,
            ..Default::default()
        });
        level.heroes[0].holster = None;
        tweak(level);
    });
    t.update();
    let m = t.e(t.hero("Miranda Valentine"));
    t.app.world_mut().get_mut::<Weapons>(m).unwrap().0[0].cocked = true;
    t
}

/// Pass everyone until `hero` is asked in a rush window.
fn to_window(t: &mut Table, hero: HeroId) {
    let e = t.e(hero);
    for _ in 0..2000 {
        if rush_window_open(t.app.world()) && t.round().declarer() == Some(e) {
            return;
        }
        t.pass();
    }
    panic!("no rush window for {hero:?}");
}

/// A walk for `hero` that costs exactly `ap` AP by the Movement table.
fn walk_costing(t: &mut Table, hero: HeroId, ap: u32) -> Action {
    let (w, h) = (16, 10);
    (0..h)
        .flat_map(|r| (0..w).map(move |c| (c, r)))
        .map(|(c, r)| Action::Move {
            hero,
            to: tarnation::rules::hexmap::hex_at(c, r),
            gait: Gait::Walk,
        })
        .find(|m| actions::price(t.app.world_mut(), m).is_ok_and(|p| p.ap == ap))
        .expect("a walk of that cost")
}

/// Pass everyone until `done` (at most a few rounds).
fn play_until(t: &mut Table, done: impl Fn(&Table) -> bool) {
    for _ in 0..3000 {
        if done(t) {
            return;
        }
        // A human's hit waits for its bumps: the Judge's way.
        let waiting = t
            .app
            .world()
            .get_resource::<tarnation::sim::model::PendingBumps>()
            .map(|p| p.hero);
        match waiting {
            Some(e) => {
                let hero = tarnation::sim::query::hero_id(t.app.world(), e);
                let spend = tarnation::rules::shot::BumpSpend::Judge;
                t.intent(Intent::SpendBumps { hero, spend });
            }
            None => {
                t.pass();
            }
        }
    }
    let lines: Vec<String> = t
        .log()
        .events
        .iter()
        .rev()
        .take(30)
        .map(|e| e.line())
        .collect();
    panic!("never came:\n{}", lines.join("\n"));
}

fn rush(t: &mut Table, action: Action) -> Result<Vec<Outcome>, String> {
    let hero = action.hero();
    let outcomes = t.intent(Intent::Rush(action));
    match outcomes
        .iter()
        .find(|o| o.hero() == hero && matches!(o, Outcome::Refused { .. }))
    {
        Some(Outcome::Refused { reason, .. }) => Err(reason.to_string()),
        _ => Ok(outcomes),
    }
}

/// Off unless the level switches it on: no window, a rush refused.
#[test]
fn rushing_is_an_option_of_the_level() {
    let mut t = Table::new("street_duel.ron", 8, |_| {});
    let miranda = t.hero("Miranda Valentine");
    t.update();
    t.until_turn(miranda);
    let refused = rush(&mut t, Action::DropProne { hero: miranda }).unwrap_err();
    assert!(refused.contains("with rushing on"), "{refused}");
    for _ in 0..200 {
        assert!(!rush_window_open(t.app.world()));
        t.pass();
    }
}

/// "To rush an action, a character must have at least 1 AP in front of them ... The AP spent
/// from the pool (not from the track) is the amount the action is rushed ... If the action
/// does not normally require a card to resolve, draw a card and consult the Step to determine
/// the tax." A 2-AP walk with 1 AP in front: rushed by 1, resolved this segment; the card drawn
/// for it gives the Step, and the tax is paid from the pool.
#[test]
fn a_rushed_walk_draws_a_card_for_its_tax() {
    let mut t = rushing(|_| {});
    let miranda = t.hero("Miranda Valentine");
    to_window(&mut t, miranda);
    assert_eq!(t.track(miranda).in_front, 1);
    let walk = walk_costing(&mut t, miranda, 2);
    let before = t.track(miranda);
    let segment = t.round().segment;
    let tax_card = tarnation::sim::model::ActionDeck::clone(
        t.app
            .world()
            .resource::<tarnation::sim::model::ActionDeck>(),
    )
    .deck
    .draw()
    .unwrap();
    rush(&mut t, walk.clone()).unwrap();
    play_until(&mut t, |t| {
        !t.events("resolve", "Miranda Valentine").is_empty()
    });
    let r = t.events("rush", "Miranda Valentine").pop().unwrap();
    assert_eq!(
        (r.fields["from_track"].clone(), r.fields["rushed"].clone()),
        (1.into(), 1.into())
    );
    let moved = t.events("resolve", "Miranda Valentine").pop().unwrap();
    assert_eq!(moved.segment, segment, "this segment, not when paid");
    let tax = t.events("rush_tax", "Miranda Valentine").pop().unwrap();
    assert_eq!(tax.fields["step"], tax_card.step);
    assert_eq!(tax.fields["tax"], tax_card.step);
    let after = t.track(miranda);
    assert_eq!(
        after.spent + after.debt,
        before.spent + 1 + 1 + tax_card.step,
        "the token in front, the AP rushed, the tax"
    );
}

/// "1. Aiming cannot be rushed." "4. No action may be rushed by more than half of its AP
/// cost, rounded down." And what the tokens in front pay needs no rush.
#[test]
fn what_cannot_be_rushed() {
    let mut t = rushing(|_| {});
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    to_window(&mut t, miranda);
    assert_eq!(t.track(miranda).in_front, 1);
    let shot = |kind| Action::Shoot {
        hero: miranda,
        target: felicia,
        kind,
    };
    let aimed = rush(&mut t, shot(ShotKind::Normal)).unwrap_err();
    assert!(aimed.contains("aiming cannot be rushed"), "{aimed}");
    let walk = walk_costing(&mut t, miranda, 3);
    let half = rush(&mut t, walk).unwrap_err();
    assert!(half.contains("more than half"), "{half}");
    let paid = rush(&mut t, shot(ShotKind::Snap)).unwrap_err();
    assert!(paid.contains("nothing to rush"), "{paid}");
    let declared = t.intent(Intent::Declare(shot(ShotKind::Snap)));
    assert!(declared.iter().any(|o| matches!(o, Outcome::Refused { reason, .. } if reason.reason.contains("declarations are made"))));
}

/// "3. Actions that are fully paid can be rushed for no Rush Tax. For example, a character
/// using a Henry rifle who has paid 6 AP toward an aimed shot may perform a normal shot (5 AP
/// cost). If they were in the midst of a second aim action (8 or more AP paid), however, they
/// could keep the first aim ... and lose the second. As usual, in both cases all AP are still
/// used."
#[test]
fn the_henry_cuts_its_aim_short_for_no_tax() {
    for (aims, paid, rushed_to) in [(1, 6, ShotKind::Normal), (2, 8, ShotKind::Aimed(1))] {
        let mut t = rushing(|level| {
            level.heroes[0].weapons = vec!["Henry rifle".into()];
            level.heroes[0].ap = 12;
        });
        let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
        let m = t.e(miranda);
        t.app.world_mut().get_mut::<Weapons>(m).unwrap().0[0].cocked = true;
        t.until_turn(miranda);
        let aimed = Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Aimed(aims),
        };
        assert!(matches!(t.send(aimed), Outcome::Committed { .. }));
        for _ in 0..20 {
            to_window(&mut t, miranda);
            if t.track(miranda).commitment.as_ref().unwrap().paid == paid {
                break;
            }
            t.pass();
        }
        rush(
            &mut t,
            Action::Shoot {
                hero: miranda,
                target: felicia,
                kind: rushed_to,
            },
        )
        .unwrap();
        play_until(&mut t, |t| {
            !t.events("shot", "Miranda Valentine").is_empty()
        });
        let r = t.events("rush", "Miranda Valentine").pop().unwrap();
        assert_eq!(r.fields["rushed"], 0);
        assert!(t.events("rush_tax", "Miranda Valentine").is_empty());
        let shot = t.events("shot", "Miranda Valentine").pop().unwrap();
        assert_eq!(shot.fields["shot"], rushed_to.name());
        let track = t.track(miranda);
        assert!(track.commitment.is_none());
        assert!(t.app.world().get::<Committed>(m).is_none());
        assert!(track.spent >= paid, "all AP are still used");
    }
}

/// "moving the action up higher into the initiative stack": the AP rushed count +1 each on the
/// stack, beside Octavio's action due in the same segment.
#[test]
fn the_rushed_ap_move_the_action_up_the_stack() {
    let mut t = rushing(|_| {});
    let (felicia, octavio) = (t.hero("Felicia Laroq"), t.hero("Octavio"));
    // A segment where both have a token: Octavio turns, Felicia passes, then rushes a walk.
    loop {
        t.until_turn(octavio);
        if t.track(felicia).in_front > 0 {
            break;
        }
        t.pass();
    }
    t.send(Action::Face {
        hero: octavio,
        facing: 2,
    });
    to_window(&mut t, felicia);
    let k = t.track(felicia).in_front;
    let walk = walk_costing(&mut t, felicia, k + 1);
    rush(&mut t, walk).unwrap();
    play_until(&mut t, |t| t.log().of_kind("stack").next().is_some());
    let stack = t.log().of_kind("stack").next().unwrap().clone();
    let line = stack.fields["order"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["actor"] == "Felicia Laroq")
        .unwrap()
        .clone();
    assert_eq!(line["bonus"], 1, "+1 for the AP rushed");
}

/// The computer cuts a shot it is paying for down to one already paid when a foe's attack at
/// it is due this segment; otherwise it passes in the window.
#[test]
fn the_computer_rushes_a_paid_shot_when_a_foe_fires() {
    let mut t = rushing(|level| {
        level.heroes[0].weapons = vec!["Henry rifle".into()];
        level.heroes[0].ap = 12;
    });
    let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
    let m = t.e(miranda);
    let aimed = Action::Shoot {
        hero: miranda,
        target: felicia,
        kind: ShotKind::Aimed(2),
    };
    let world = t.app.world_mut();
    world.entity_mut(m).insert(Committed(aimed));
    world.get_mut::<Track>(m).unwrap().0.commitment = Some(Commitment {
        cost: 9,
        paid: 8,
        over_rounds: false,
    });
    let now = world.resource::<RoundState>().now();
    world.resource_mut::<RoundState>().rush_window = Some(now);
    let ask = |t: &mut Table| tarnation::sim::ai::player(t.app.world_mut(), miranda).intent;
    assert_eq!(ask(&mut t), Intent::Pass { hero: miranda });
    t.app
        .world_mut()
        .resource_mut::<RoundState>()
        .due
        .push(Action::Shoot {
            hero: felicia,
            target: miranda,
            kind: ShotKind::Snap,
        });
    assert_eq!(
        ask(&mut t),
        Intent::Rush(Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Aimed(1)
        })
    );
}

/// Computer-played matches with rushing on, the rules checked at every declaration as
/// `tarnation balance` checks them (the rush window, the rushes and the taxes break none).
#[test]
fn matches_with_rushing_keep_the_rules() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = tarnation::data::gear::load(&root.join("assets/gear.ron")).unwrap();
    let cards = cards();
    for name in ["street_duel", "gulch_chase", "mine_raid"] {
        let mut level =
            tarnation::data::level::load(&root.join(format!("levels/{name}.ron")), &gear).unwrap();
        level.options = Some(LevelOptions {
            rushing: true,
            ..Default::default()
        });
        for seed in 1..=8 {
            let played =
                tarnation::sim::run::play_checked(&level, &gear, seed, &cards, 10).unwrap();
            assert!(
                played.breaks.is_empty(),
                "{name} seed {seed}: {:#?}",
                played.breaks
            );
        }
    }
}

/// The watch (`sim::invariants`): a commitment given up for a rush settles in its segment, not
/// at the end of the round; a hero a medicine roll revived acts again.
#[test]
fn the_watch_knows_rushes_and_revivals() {
    use serde_json::json;
    use tarnation::sim::invariants::{Watch, check};
    use tarnation::sim::log::fields;
    use tarnation::sim::model::{Down, MatchLog, Roster};
    let t = rushing(|_| {});
    let mut app = t.app;
    app.init_resource::<Watch>();
    let world = app.world_mut();
    let roster = world.resource::<Roster>().0.clone();
    let names: Vec<String> = roster
        .iter()
        .map(|&e| tarnation::sim::query::hero_name(world, e))
        .collect();
    let push = |world: &mut bevy::prelude::World, at, who: &str, kind: &str, f| {
        world
            .resource_mut::<MatchLog>()
            .push(at, Some(who), kind, "a test event".into(), f)
    };
    check(world);
    let action = fields(&[("action", json!("aimed shot"))]);
    push(world, (1, 5), &names[0], "commit", action.clone());
    push(world, (1, 9), &names[0], "rush", action.clone());
    push(world, (1, 9), &names[0], "shot", fields(&[]));
    push(world, (1, 20), &names[0], "round_end", fields(&[]));
    check(world);
    // Miranda down, revived by Cyril, then her initiative test.
    world.entity_mut(roster[0]).insert(Down(true));
    check(world);
    world.entity_mut(roster[0]).insert(Down(false));
    let revived = fields(&[("target", json!(names[0])), ("revived", json!(true))]);
    push(world, (2, 3), &names[1], "medicine", revived);
    push(world, (3, 0), &names[0], "initiative", fields(&[]));
    check(world);
    assert!(
        world.resource::<Watch>().breaks.is_empty(),
        "{:#?}",
        world.resource::<Watch>().breaks
    );
    // Without the revival it is a break.
    world.entity_mut(roster[0]).insert(Down(true));
    check(world);
    world.entity_mut(roster[0]).insert(Down(false));
    push(world, (4, 0), &names[0], "initiative", fields(&[]));
    check(world);
    let last = world.resource::<Watch>().breaks.last().cloned().unwrap();
    assert_eq!(last.rule, "a hero who is down never acts");
}
