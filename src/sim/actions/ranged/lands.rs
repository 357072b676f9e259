//! A fired shot lands, one system per rule: the `ShotLands` schedule runs once for each shot
//! of a volley, after the action deck has given its cause, hit location, penetration and
//! damage (`rules::shot`). In turn: the cover it strikes is penetrated or ablated
//! (`cover_struck`), its damage wounds the target and the Stun check follows (`shot_wounds`),
//! the target is under fire for its Bravery check (`target_under_fire`), its strays find whom
//! they find (`stray_shots`), a thrown weapon lands, scatters and goes off (`thrown_lands`),
//! and the shot is reported, in the log before the events its landing caused (`report_shot`).
//! Each system reads and writes the shot in flight (`ShotInFlight`) and can be run alone on a
//! world holding one.

use super::bravery::under_fire;
use super::strays::stray_hits;
use super::*;
use crate::data::gear::WeaponKind;
use crate::rules::damage::Fate;
use crate::rules::ranged;
use crate::rules::shot::ShotOutcome;
use crate::sim::events::{MatchEvent, record};
use crate::sim::model::{Cover, HexPos, MatchLog};
use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;

/// The schedule of a shot landing (run once for each shot of a volley).
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShotLands;

/// The shot landing now, while `ShotLands` runs, and its words once reported (kept in place
/// between shots: a resource is an entity in bevy 0.19).
#[derive(Resource, Debug, Default)]
pub struct ShotInFlight {
    pub shot: Option<Box<LandingShot>>,
    pub words: Option<String>,
}

/// A shot the deck has resolved, and what its landing has found so far.
#[derive(Debug, Clone)]
pub struct LandingShot {
    pub hero: Entity,
    pub target: Entity,
    pub plan: ShotPlan,
    pub outcome: ShotOutcome,
    /// Its place in the series: (number from 1, shots in the series).
    pub series: (usize, usize),
    pub fan: bool,
    /// The series' AP, told with its first shot.
    pub series_ap: Option<u32>,
    /// Fired to miss.
    pub sabotage: bool,
    /// What its wounds did to the target.
    pub fate: Fate,
    pub stunned: bool,
    /// Figures and glass its strays hit.
    pub strays_hit: u32,
    /// Where its report goes in the log: before the wounds' and the strays' events.
    pub mark: usize,
}

/// The rules' systems of a landing shot, in the order the schedule runs them.
const STEPS: [fn(&mut World); 6] = [
    cover_struck,
    shot_wounds,
    target_under_fire,
    stray_shots,
    thrown_lands,
    report_shot,
];

/// The `ShotLands` schedule: every step, one after another.
pub fn schedule() -> Schedule {
    let mut schedule = Schedule::new(ShotLands);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.add_systems(
        (
            cover_struck,
            shot_wounds,
            target_under_fire,
            stray_shots,
            thrown_lands,
            report_shot,
        )
            .chain(),
    );
    schedule
}

/// Land one shot through the steps' systems; its words.
pub fn land(world: &mut World, shot: Box<LandingShot>) -> String {
    match world.get_resource_mut::<ShotInFlight>() {
        Some(mut flight) => {
            flight.shot = Some(shot);
            flight.words = None;
        }
        None => world.insert_resource(ShotInFlight {
            shot: Some(shot),
            words: None,
        }),
    }
    // Outside a match's app (a bare world) the same systems run in the same order.
    if world.try_run_schedule(ShotLands).is_err() {
        for step in STEPS {
            step(world);
        }
    }
    let mut flight = world.resource_mut::<ShotInFlight>();
    flight.shot = None;
    flight.words.take().unwrap_or_default()
}

/// Run `f` on the shot in flight, if there is one.
fn with_shot(world: &mut World, f: impl FnOnce(&mut World, &mut LandingShot)) {
    let Some(mut shot) = world
        .get_resource_mut::<ShotInFlight>()
        .and_then(|mut s| s.shot.take())
    else {
        return;
    };
    f(world, &mut shot);
    world.resource_mut::<ShotInFlight>().shot = Some(shot);
}

/// The cover between firer and target, struck: a counter fed by shots at it is told, and
/// penetrated or ablated, its AV drops by 1.
pub fn cover_struck(world: &mut World) {
    with_shot(world, |world, shot| {
        let o = &shot.outcome;
        let from = world
            .get::<HexPos>(shot.hero)
            .map(|p| p.0)
            .unwrap_or_default();
        if o.penetration.is_some()
            && let Some((cover, _)) = cover_between(world, from, shot.target)
            && let Some(name) = world.get::<Cover>(cover).map(|c| c.name.clone())
        {
            crate::sim::counters::shot_struck(world, &name);
        }
        if matches!(
            o.penetration,
            Some(ranged::Penetration::P | ranged::Penetration::A)
        ) && let Some((cover, _)) = cover_between(world, from, shot.target)
            && let Some(mut c) = world.get_mut::<Cover>(cover)
        {
            c.av = c.av.saturating_sub(1);
        }
        shot.mark = world.resource::<MatchLog>().events.len();
    });
}

/// The hit's wounds and Conc at its location, then the target's Stun check.
pub fn shot_wounds(world: &mut World) {
    with_shot(world, |world, shot| {
        let o = &shot.outcome;
        if let Some(location) = o.location
            && o.dealt.wounds + o.dealt.conc > 0
        {
            (shot.fate, shot.stunned) =
                wound(world, shot.target, location, o.dealt, o.damage, o.toggle);
        }
    });
}

/// The target has been shot at (and maybe hit) this round: its Bravery check reads it.
pub fn target_under_fire(world: &mut World) {
    with_shot(world, |world, shot| {
        under_fire(world, shot.target, shot.outcome.hit);
    });
}

/// The card's unintended targets: figures and glass near the line of fire.
pub fn stray_shots(world: &mut World) {
    with_shot(world, |world, shot| {
        shot.strays_hit = stray_hits(world, shot.hero, shot.target, &shot.plan, &shot.outcome);
    });
}

/// A thrown weapon lands where it hit or scattered to, and a blast goes off there.
pub fn thrown_lands(world: &mut World) {
    with_shot(world, |world, shot| {
        if shot.plan.weapon.kind == WeaponKind::Thrown {
            thrown(world, shot.hero, shot.target, &shot.plan, &shot.outcome);
        }
    });
}

/// The shot in the log, before the events its landing caused; its words.
pub fn report_shot(world: &mut World) {
    let Some(shot) = world
        .get_resource_mut::<ShotInFlight>()
        .and_then(|mut s| s.shot.take())
    else {
        return;
    };
    let shot = *shot;
    let (firer, target) = (name(world, shot.hero), name(world, shot.target));
    let mut words = describe(
        &firer,
        &target,
        &shot.plan,
        &shot.outcome,
        shot.fate,
        shot.stunned,
    );
    let (number, total) = shot.series;
    if total > 1 {
        let what = if shot.fan { "fan" } else { "series" };
        words = format!("[{what} {number}/{total}] {words}");
    }
    if shot.sabotage {
        words = format!("[fired to miss] {words}");
    }
    let report = crate::sim::events::ShotReport {
        words: words.clone(),
        plan: shot.plan,
        outcome: shot.outcome,
        fate: shot.fate,
        stunned: shot.stunned,
        target,
        strays_hit: shot.strays_hit,
        series: shot.series,
        fan: shot.fan,
        series_ap: shot.series_ap,
        sabotage: shot.sabotage,
    };
    record(world, Some(shot.hero), MatchEvent::Shot(Box::new(report)));
    world.resource_mut::<MatchLog>().move_last_to(shot.mark);
    world.resource_mut::<ShotInFlight>().words = Some(words);
}
