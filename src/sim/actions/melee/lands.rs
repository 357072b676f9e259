//! A blow lands, one system per rule: the `BlowLands` schedule runs once for each blow of an
//! attack, after the action deck has given its cause, block, hit location and damage
//! (`rules::shot`, `rules::melee`). In turn: the attacker turns to its foe and a prepared
//! block is used up (`blow_meets`), its damage wounds the foe and the Stun check follows
//! (`blow_wounds`), dominance moves and the foe is shoved (`blow_dominance`), a weapon block
//! tells on the blocking weapon (`weapon_block`), a block's calamity has its consequence
//! (`block_calamity`), and the blow is reported (`report_blow`). Each system reads and writes
//! the blow in flight (`BlowInFlight`) and can be run alone on a world holding one.

use super::*;
use crate::rules::card::Location;
use crate::rules::damage::Fate;
use crate::rules::melee::BlockOutcome;
use crate::rules::shot::{CloseTerms, ShotOutcome};
use crate::sim::actions::ranged as combat;
use crate::sim::events::{MatchEvent, record};
use crate::sim::model::{Closed, MatchLog, MountedOn};
use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;

/// The schedule of a blow landing (run once for each blow of an attack).
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlowLands;

/// The blow landing now, while `BlowLands` runs, and the words of what it did.
#[derive(Resource, Debug, Default)]
pub struct BlowInFlight {
    pub blow: Option<Box<LandingBlow>>,
    pub words: Vec<String>,
}

/// A blow the deck has resolved, and what its landing has found so far.
#[derive(Debug, Clone)]
pub struct LandingBlow {
    pub hero: Entity,
    pub target: Entity,
    pub plan: MeleePlan,
    /// Which of the plan's blows (from 0).
    pub index: usize,
    pub outcome: ShotOutcome,
    /// The attack's close-combat terms (the block it meets).
    pub close: CloseTerms,
    /// It hit and was not blocked.
    pub landed: bool,
    pub fate: Fate,
    pub stunned: bool,
    /// Dominance levels (the attacker's, the foe's) before and after, and hexes shoved.
    pub dominance_before: (u32, u32),
    pub dominance_after: (u32, u32),
    pub shoved: u32,
    /// Where its report goes in the log: before the wounds' and dominance's events.
    pub mark: usize,
    /// The words of the block's calamity, told after the blow's.
    pub calamity: Option<String>,
}

impl LandingBlow {
    pub fn new(
        hero: Entity,
        plan: MeleePlan,
        index: usize,
        outcome: ShotOutcome,
        close: CloseTerms,
    ) -> Box<LandingBlow> {
        let landed = outcome.hit && !matches!(outcome.block, Some((BlockOutcome::Blocked, ..)));
        Box::new(LandingBlow {
            hero,
            target: plan.blows[index].target,
            plan,
            index,
            outcome,
            close,
            landed,
            fate: Fate::Standing,
            stunned: false,
            dominance_before: (0, 0),
            dominance_after: (0, 0),
            shoved: 0,
            mark: 0,
            calamity: None,
        })
    }
}

/// The rules' systems of a landing blow, in the order the schedule runs them.
const STEPS: [fn(&mut World); 6] = [
    blow_meets,
    blow_wounds,
    blow_dominance,
    weapon_block,
    block_calamity,
    report_blow,
];

/// The `BlowLands` schedule: every step, one after another.
pub fn schedule() -> Schedule {
    let mut schedule = Schedule::new(BlowLands);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.add_systems(
        (
            blow_meets,
            blow_wounds,
            blow_dominance,
            weapon_block,
            block_calamity,
            report_blow,
        )
            .chain(),
    );
    schedule
}

/// Land one blow through the steps' systems; the words of what it did.
pub fn land(world: &mut World, blow: Box<LandingBlow>) -> Vec<String> {
    match world.get_resource_mut::<BlowInFlight>() {
        Some(mut flight) => {
            flight.blow = Some(blow);
            flight.words.clear();
        }
        None => world.insert_resource(BlowInFlight {
            blow: Some(blow),
            words: Vec::new(),
        }),
    }
    // Outside a match's app (a bare world) the same systems run in the same order.
    if world.try_run_schedule(BlowLands).is_err() {
        for step in STEPS {
            step(world);
        }
    }
    let mut flight = world.resource_mut::<BlowInFlight>();
    flight.blow = None;
    std::mem::take(&mut flight.words)
}

/// Run `f` on the blow in flight, if there is one.
fn with_blow(world: &mut World, f: impl FnOnce(&mut World, &mut LandingBlow)) {
    let Some(mut blow) = world
        .get_resource_mut::<BlowInFlight>()
        .and_then(|mut s| s.blow.take())
    else {
        return;
    };
    f(world, &mut blow);
    world.resource_mut::<BlowInFlight>().blow = Some(blow);
}

/// The blow meets its foe: the attacker turns to it, a prepared block is used up, a blow
/// inside a longer weapon closes in, and the foe has been attacked hand to hand ("If the
/// character was hit by a melee attack of any kind, they may not aim").
pub fn blow_meets(world: &mut World) {
    with_blow(world, |world, b| {
        let (hero, target) = (b.hero, b.target);
        if world.get::<MountedOn>(hero).is_none() {
            let facing = facing_toward(world, hero, target);
            if let Some(mut f) = world.get_mut::<Facing>(hero) {
                f.0 = facing;
            }
        }
        // A prepared block meets one attack: the one it was declared against.
        if b.close.block.is_some()
            && let Some(mut c) = world.get_mut::<CloseCombat>(target)
        {
            c.blocks = c.blocks.saturating_sub(1);
        }
        close_inside(world, b);
        super::strike::mark_attacked(world, target, b.landed);
        b.mark = world.resource::<MatchLog>().events.len();
    });
}

/// A blow that lands on the torso or head inside the foe's longer weapon: the attacker has
/// closed in on it.
fn close_inside(world: &mut World, b: &LandingBlow) {
    let theirs = close_weapon(world, b.target).card;
    if b.landed
        && b.outcome
            .location
            .is_some_and(|l| l.is_torso() || l == Location::Head)
        && b.plan.weapon.length < theirs.length
    {
        let mut closed = world.get::<Closed>(b.hero).cloned().unwrap_or_default();
        if !closed.0.contains(&b.target) {
            closed.0.push(b.target);
        }
        world.entity_mut(b.hero).insert(closed);
    }
}

/// The blow's wounds and Conc at its location, then the foe's Stun check.
pub fn blow_wounds(world: &mut World) {
    with_blow(world, |world, b| {
        let o = &b.outcome;
        if let Some(location) = o.location
            && o.dealt.wounds + o.dealt.conc > 0
        {
            (b.fate, b.stunned) =
                combat::wound(world, b.target, location, o.dealt, o.damage, o.toggle);
        }
    });
}

/// Dominance: the bumps kept for it (a grapple's success is one more), the foe shoved by
/// what it gained.
pub fn blow_dominance(world: &mut World) {
    with_blow(world, |world, b| {
        let attack = b.plan.blows[b.index].attack;
        let (before, after, shoved) =
            super::strike::dominance_of(world, b.hero, b.target, attack, &b.outcome, b.landed);
        b.dominance_before = before;
        b.dominance_after = after;
        b.shoved = shoved;
    });
}

/// A weapon block's equal result: "increase the Rel by 1"; a block that breaks the weapon.
pub fn weapon_block(world: &mut World) {
    with_blow(world, |world, b| {
        super::strike::weapon_blocked(world, b.target, &b.outcome);
    });
}

/// The block's calamity: its consequence after the blow.
pub fn block_calamity(world: &mut World) {
    with_blow(world, |world, b| {
        if b.outcome.block_calamity {
            let broke = b.outcome.block.is_some_and(|(_, _, broke)| broke);
            let weapon_block = b.close.weapon_block;
            b.calamity = Some(super::calamity::block_calamity(
                world,
                b.target,
                b.hero,
                weapon_block,
                broke,
            ));
        }
    });
}

/// The blow in the log, before the events its landing caused; its words, then the block
/// calamity's.
pub fn report_blow(world: &mut World) {
    let Some(b) = world
        .get_resource_mut::<BlowInFlight>()
        .and_then(|mut s| s.blow.take())
    else {
        return;
    };
    let words = super::strike::describe(
        world,
        b.hero,
        &b.plan,
        &b.outcome,
        b.index,
        b.dominance_before,
        b.dominance_after,
        b.shoved,
        b.fate,
        b.stunned,
    );
    let b = *b;
    let report = crate::sim::events::BlowReport {
        words: words.clone(),
        plan: b.plan,
        blow: b.index,
        outcome: b.outcome,
        fate: b.fate,
        stunned: b.stunned,
        target: name(world, b.target),
        dominance_before: b.dominance_before,
        dominance_after: b.dominance_after,
        shoved: b.shoved,
    };
    record(world, Some(b.hero), MatchEvent::Blow(Box::new(report)));
    world.resource_mut::<MatchLog>().move_last_to(b.mark);
    let mut flight = world.resource_mut::<BlowInFlight>();
    flight.words.push(words);
    flight.words.extend(b.calamity);
}
