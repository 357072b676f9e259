//! The bonus counter in a battle (action resolution, "The Bonus Counter"): each side's pool,
//! the heroes who hold a counter, earning one by saving a bump ("a player can 'save' a bump
//! from one roll and use it later, when it counts"), and spending it on an attack or a check.
//! Every change is a `bonus` event.

use crate::rules::bonus::{BonusPool, Spend};

use crate::sim::events::BonusChange;
use crate::sim::model::{BonusArmed, BonusPools, Hero, Side};
use crate::sim::query::{hero_id, hero_name};
use bevy::prelude::*;

/// A new battle is a new session: each side's pool is its heroes less one, and nobody holds a
/// counter.
pub fn new_session(world: &mut World) {
    let mut q = world.query_filtered::<&Side, With<Hero>>();
    let mut players: Vec<u32> = Vec::new();
    for side in q.iter(world) {
        if players.len() <= side.0 {
            players.resize(side.0 + 1, 0);
        }
        players[side.0] += 1;
    }
    let pools = players.into_iter().map(BonusPool::for_session).collect();
    world.insert_resource(BonusPools(pools));
}

fn player(world: &World, hero: Entity) -> Option<(usize, u32)> {
    let side = world.get::<Side>(hero)?.0;
    Some((side, hero_id(world, hero).0))
}

/// The hero holds a bonus counter.
pub fn holds(world: &World, hero: Entity) -> bool {
    let Some((side, id)) = player(world, hero) else {
        return false;
    };
    world
        .get_resource::<BonusPools>()
        .and_then(|p| p.0.get(side))
        .is_some_and(|pool| pool.holds(id))
}

/// Counters left in the hero's side's pool.
pub fn in_pool(world: &World, hero: Entity) -> u32 {
    let Some((side, _)) = player(world, hero) else {
        return 0;
    };
    world
        .get_resource::<BonusPools>()
        .and_then(|p| p.0.get(side))
        .map_or(0, BonusPool::in_pool)
}

/// The hero could earn a counter now: it holds none and its side's pool has one.
pub fn can_earn(world: &World, hero: Entity) -> bool {
    !holds(world, hero) && in_pool(world, hero) > 0
}

/// The spend the hero's counter is set for, if it holds one.
pub fn armed(world: &World, hero: Entity) -> Option<Spend> {
    world
        .get::<BonusArmed>(hero)
        .map(|a| a.0)
        .filter(|_| holds(world, hero))
}

fn event(world: &mut World, hero: Entity, words: String, change: BonusChange) {
    let report = crate::sim::events::Bonus {
        words,
        change,
        held: holds(world, hero),
        pool: in_pool(world, hero),
    };
    let event = crate::sim::events::MatchEvent::Bonus(Box::new(report));
    crate::sim::events::record(world, Some(hero), event);
}

/// A bump saved: the hero earns a counter from its side's pool, if it may. `from` names the
/// check. True when it earned one.
pub fn earn(world: &mut World, hero: Entity, from: &str) -> bool {
    let Some((side, id)) = player(world, hero) else {
        return false;
    };
    let earned = world
        .get_resource_mut::<BonusPools>()
        .and_then(|mut p| p.0.get_mut(side).map(|pool| pool.earn(id).is_ok()))
        .unwrap_or(false);
    if earned {
        let who = hero_name(world, hero);
        event(
            world,
            hero,
            format!("{who} saves a bump from the {from}: a bonus counter"),
            BonusChange::Earned { from: from.into() },
        );
    }
    earned
}

/// The hero's counter spent ("Spent bonus counters are immediately placed back in the pool").
pub fn spend(world: &mut World, hero: Entity, spend: Spend, on: &str) {
    let Some((side, id)) = player(world, hero) else {
        return;
    };
    let spent = world
        .get_resource_mut::<BonusPools>()
        .and_then(|mut p| p.0.get_mut(side).map(|pool| pool.spend(id).is_ok()))
        .unwrap_or(false);
    world.entity_mut(hero).remove::<BonusArmed>();
    if spent {
        let who = hero_name(world, hero);
        let what = match spend {
            Spend::RightOn => "+2 on the cause, for bumps",
            Spend::Aces => "+2 on the effect",
            Spend::AsIPlanned { .. } => "+3 on the effect",
            Spend::IveGotYourBack => "",
        };
        event(
            world,
            hero,
            format!(
                "{who} spends the bonus counter on the {on}: {} ({what})",
                spend.name()
            ),
            BonusChange::Spent {
                spend: spend.name().into(),
                on: on.into(),
            },
        );
    }
}

/// "I've got your back!": the helper's counter goes to an ally on its side, who must hold none.
pub fn back_up(world: &mut World, helper: Entity, ally: Entity) -> Result<(), String> {
    let (Some((side, from)), Some((ally_side, to))) = (player(world, helper), player(world, ally))
    else {
        return Err("no such hero".into());
    };
    if side != ally_side {
        return Err("a bonus counter goes to an ally".into());
    }
    let result = world
        .get_resource_mut::<BonusPools>()
        .ok_or_else(|| "no bonus pool".to_string())
        .and_then(|mut p| {
            p.0.get_mut(side)
                .ok_or_else(|| "no bonus pool".to_string())
                .and_then(|pool| pool.back_up(from, to, false).map_err(|e| e.to_string()))
        });
    result?;
    world.entity_mut(helper).remove::<BonusArmed>();
    let (who, whom) = (hero_name(world, helper), hero_name(world, ally));
    event(
        world,
        ally,
        format!("I've got your back! {who} gives {whom} the bonus counter"),
        BonusChange::Backed { from: who },
    );
    Ok(())
}

/// The volley with the hero's bonus counter on its first attack, as set.
pub fn on_volley(
    world: &World,
    hero: Entity,
    volley: &crate::rules::shot::Volley,
) -> crate::rules::shot::Volley {
    let mut volley = volley.clone();
    volley.bonus = armed(world, hero);
    volley
}
