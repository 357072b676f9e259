//! Resolving a due action, one system per rule: the action priced again now is put in
//! `Resolving`, and the `ResolveAction` schedule runs its rules' systems in turn; the one whose
//! rule the plan is carries it out (moving, postures, weapons, riding, objectives, shots, blows,
//! defences, aid to an ally) and leaves the outcome. Each system can be run alone on a world
//! with a `Resolving` in it.

use super::outcome::{Outcome, Priced};
use super::{Plan, aid, bonus, melee, mounts, movement, objectives, posture, ranged, weapons};
use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;

/// The schedule that resolves one due action (run once for each, in the stack's order).
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResolveAction;

/// The action being resolved: its hero and its plan, until a rule's system takes it; then
/// the outcome.
#[derive(Resource, Debug)]
pub struct Resolving {
    pub hero: Entity,
    pub plan: Option<Priced<Plan>>,
    pub outcome: Option<Outcome>,
}

/// The rules' systems, in the order the schedule runs them.
const RULES: [fn(&mut World); 10] = [
    resolve_movement,
    resolve_posture,
    resolve_weapon_work,
    resolve_riding,
    resolve_objective_work,
    resolve_shots,
    resolve_blows,
    resolve_defences,
    resolve_aid,
    resolve_items,
];

/// The `ResolveAction` schedule: every rule's system, one after another.
pub fn schedule() -> Schedule {
    let mut schedule = Schedule::new(ResolveAction);
    schedule.set_executor(SingleThreadedExecutor::new());
    for rule in RULES {
        schedule.add_systems(rule);
    }
    schedule
}

/// Resolve a priced plan of hero `e` through the rules' systems; its outcome.
pub fn resolve(world: &mut World, e: Entity, priced: Priced<Plan>) -> Outcome {
    let hero = super::super::query::hero_id(world, e);
    // Kept in place, not inserted and removed each time: a resource is an entity in bevy 0.19.
    match world.get_resource_mut::<Resolving>() {
        Some(mut resolving) => {
            resolving.hero = e;
            resolving.plan = Some(priced);
            resolving.outcome = None;
        }
        None => world.insert_resource(Resolving {
            hero: e,
            plan: Some(priced),
            outcome: None,
        }),
    }
    // Outside a match's app (a bare world) the same systems run in the same order, called
    // one after another.
    if world.try_run_schedule(ResolveAction).is_err() {
        for rule in RULES {
            rule(world);
        }
    }
    let mut resolving = world.resource_mut::<Resolving>();
    resolving.plan = None;
    resolving
        .outcome
        .take()
        .unwrap_or_else(|| Outcome::Refused {
            hero,
            reason: "no rule resolves that plan".into(),
        })
}

/// The plan being resolved, if it is `rule`'s: taken, with its hero.
fn take_plan(world: &mut World, rule: fn(&Plan) -> bool) -> Option<(Entity, Priced<Plan>)> {
    let mut resolving = world.get_resource_mut::<Resolving>()?;
    if !resolving.plan.as_ref().is_some_and(|p| rule(&p.plan)) {
        return None;
    }
    let plan = resolving.plan.take()?;
    Some((resolving.hero, plan))
}

fn resolved(world: &mut World, outcome: Outcome) {
    if let Some(mut resolving) = world.get_resource_mut::<Resolving>() {
        resolving.outcome = Some(outcome);
    }
}

/// Moving and turning.
pub fn resolve_movement(world: &mut World) {
    let Some((e, Priced { ap, plan })) =
        take_plan(world, |p| matches!(p, Plan::Move(_) | Plan::Face(_)))
    else {
        return;
    };
    let outcome = match plan {
        Plan::Move(walk) => movement::walk(world, e, walk, ap),
        Plan::Face(facing) => movement::face(world, e, facing, ap),
        _ => return,
    };
    resolved(world, outcome);
}

/// Dropping prone, standing, ducking behind cover and emerging.
pub fn resolve_posture(world: &mut World) {
    let Some((
        e,
        Priced {
            ap,
            plan: Plan::Posture(p),
        },
    )) = take_plan(world, |p| matches!(p, Plan::Posture(_)))
    else {
        return;
    };
    let outcome = posture::perform(world, e, p, ap);
    resolved(world, outcome);
}

/// Readying, cocking, reloading and speed loading a weapon.
pub fn resolve_weapon_work(world: &mut World) {
    let Some((e, Priced { ap, plan })) = take_plan(world, |p| {
        matches!(
            p,
            Plan::Ready { .. } | Plan::Cock { .. } | Plan::Reload { .. } | Plan::SpeedLoad { .. }
        )
    }) else {
        return;
    };
    let outcome = match plan {
        Plan::Ready { weapon, off_hand } => weapons::ready(world, e, weapon, off_hand, ap),
        Plan::Cock { weapon } => weapons::cock(world, e, weapon, ap),
        Plan::Reload { weapon, rounds } => weapons::reload(world, e, weapon, rounds, ap),
        Plan::SpeedLoad { weapon, missing } => weapons::speed_load(world, e, weapon, missing, ap),
        _ => return,
    };
    resolved(world, outcome);
}

/// Steering, reining, mounting and dismounting.
pub fn resolve_riding(world: &mut World) {
    let Some((e, Priced { ap, plan })) = take_plan(world, |p| {
        matches!(
            p,
            Plan::Steer(_) | Plan::Rein(_) | Plan::MountUp(_) | Plan::Dismount(_)
        )
    }) else {
        return;
    };
    let outcome = match plan {
        Plan::Steer(facing) => mounts::steer(world, e, facing, ap),
        Plan::Rein(speed) => mounts::rein(world, e, speed, ap),
        Plan::MountUp(mount) => mounts::mount_up(world, e, mount, ap),
        Plan::Dismount(to) => mounts::dismount(world, e, to, ap),
        _ => return,
    };
    resolved(world, outcome);
}

/// Working toward an objective (a skill check of its task).
pub fn resolve_objective_work(world: &mut World) {
    let Some((
        e,
        Priced {
            ap,
            plan: Plan::Objective(objective),
        },
    )) = take_plan(world, |p| matches!(p, Plan::Objective(_)))
    else {
        return;
    };
    let outcome = objectives::work(world, e, objective, ap);
    resolved(world, outcome);
}

/// Shots: a shot, a series or a fan (its cause, hit location, penetration, damage and strays),
/// and a shot fired to miss.
pub fn resolve_shots(world: &mut World) {
    let Some((e, Priced { plan, .. })) =
        take_plan(world, |p| matches!(p, Plan::Shots(_) | Plan::Sabotage(_)))
    else {
        return;
    };
    let outcome = match plan {
        Plan::Shots(series) => ranged::execute(world, e, *series),
        Plan::Sabotage(series) => {
            ranged::fire_series(world, e, *series, crate::rules::shot::BumpSpend::Judge)
        }
        _ => return,
    };
    resolved(world, outcome);
}

/// Blows: an attack or a series of blows (blocks met, dominance, shoves).
pub fn resolve_blows(world: &mut World) {
    let Some((
        e,
        Priced {
            plan: Plan::Melee(plan),
            ..
        },
    )) = take_plan(world, |p| matches!(p, Plan::Melee(_)))
    else {
        return;
    };
    let outcome = melee::execute(world, e, *plan);
    resolved(world, outcome);
}

/// Defences: a block prepared, a dodge, an escape from dominance.
pub fn resolve_defences(world: &mut World) {
    let Some((e, Priced { ap, plan })) = take_plan(world, |p| {
        matches!(p, Plan::Block | Plan::Dodge(_) | Plan::Escape(_))
    }) else {
        return;
    };
    let outcome = match plan {
        Plan::Block => melee::block(world, e, ap),
        Plan::Dodge(toward) => melee::dodge(world, e, toward, ap),
        Plan::Escape(plan) => melee::escape(world, e, plan, ap),
        _ => return,
    };
    resolved(world, outcome);
}

/// Aid to an ally: backing up with the bonus counter, reviving.
pub fn resolve_aid(world: &mut World) {
    let Some((e, Priced { ap, plan })) =
        take_plan(world, |p| matches!(p, Plan::BackUp(_) | Plan::Revive(_)))
    else {
        return;
    };
    let outcome = match plan {
        Plan::BackUp(ally) => bonus::back_up(world, e, ally, ap),
        Plan::Revive(target) => aid::revive(world, e, target, ap),
        _ => return,
    };
    resolved(world, outcome);
}

/// Items taken into an Inventory counter or put down.
pub fn resolve_items(world: &mut World) {
    let Some((e, Priced { ap, plan })) =
        take_plan(world, |p| matches!(p, Plan::Take(_) | Plan::Drop(_)))
    else {
        return;
    };
    let hero = super::super::query::hero_id(world, e);
    let done = match plan {
        Plan::Take(item) => crate::sim::counters::take(world, e, item),
        Plan::Drop(item) => crate::sim::counters::put_down(world, e, item, "put down"),
        _ => return,
    };
    let outcome = match done {
        Some(what) => Outcome::Prepared { hero, what, ap },
        None => Outcome::Refused {
            hero,
            reason: "the item is no longer there".into(),
        },
    };
    resolved(world, outcome);
}
