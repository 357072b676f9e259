//! "Draw, cock and shoot" as one plan: its steps priced by `sim::actions::price`, each step's
//! weapons worked out by the simulation's own rules for readying and cocking
//! (`sim::actions::weapons::{readied, cocked}`) on a copy, which is put back. When an action
//! would resolve is the rules' own token counting (`rules::action_time::resolves_in` and the
//! rest, re-exported here for the window).

pub use crate::rules::action_time::{chain_resolves_in, paid_at, resolves_in, resolves_losing};
use crate::rules::ranged::ShotKind;
use crate::sim::actions::{Plan, Priced, price, weapons};
use crate::sim::intent::{Action, HeroId, Remedy};
use crate::sim::model::{Battle, Weapons};
use bevy::prelude::*;

/// "Draw, cock and shoot": the declarations a shot at `target` needs when the weapon is
/// holstered or uncocked, each priced, with the chance to hit of the shot at the end.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotChain {
    pub steps: Vec<(Action, u32)>,
    pub chance: f64,
}

impl ShotChain {
    pub fn ap(&self) -> u32 {
        self.steps.iter().map(|s| s.1).sum()
    }

    /// "draw, cock and shoot".
    pub fn words(&self) -> String {
        let names: Vec<&str> = self
            .steps
            .iter()
            .map(|(a, _)| match a {
                Action::Ready { .. } => "draw",
                Action::Cock { .. } => "cock",
                _ => "shoot",
            })
            .collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// The chain for a shot that is refused now only for want of a drawn or cocked weapon.
pub fn shot_chain(
    world: &mut World,
    e: Entity,
    hero: HeroId,
    target: HeroId,
    kind: ShotKind,
) -> Option<ShotChain> {
    let shoot = Action::Shoot { hero, target, kind };
    let remedy = match price(world, &shoot) {
        Ok(_) => return None,
        Err(why) => why.remedy?,
    };
    if !matches!(remedy, Remedy::Ready | Remedy::Cock(_)) {
        return None;
    }
    let saved = world.get::<Weapons>(e)?.clone();
    let chain = try_chain(world, e, hero, &shoot, remedy, &saved);
    world.entity_mut(e).insert(saved);
    chain
}

fn try_chain(
    world: &mut World,
    e: Entity,
    hero: HeroId,
    shoot: &Action,
    remedy: Remedy,
    weapons: &Weapons,
) -> Option<ShotChain> {
    let mut steps = Vec::new();
    // Each step priced, then its weapons worked out as the action will leave them (nothing
    // else of the match is touched; the caller puts the weapons back).
    let mut step = |world: &mut World, action: Action| -> Option<()> {
        let priced = price(world, &action).ok()?;
        steps.push((action, priced.ap));
        let mut hands = world.get::<Weapons>(e)?.clone();
        match priced.plan {
            Plan::Ready { weapon, off_hand } => weapons::readied(&mut hands, weapon, off_hand),
            Plan::Cock { weapon } => weapons::cocked(&mut hands, weapon),
            _ => return None,
        }
        world.entity_mut(e).insert(hands);
        Some(())
    };
    if remedy == Remedy::Ready {
        // The first ranged weapon carried that is not in hand.
        let battle = world.resource::<Battle>();
        let weapon = weapons
            .0
            .iter()
            .position(|w| !w.ready && battle.gear.weapon(&w.name).is_some_and(|g| g.is_ranged()))?;
        step(world, Action::Ready { hero, weapon })?;
    }
    if let Err(why) = price(world, shoot)
        && matches!(why.remedy, Some(Remedy::Cock(_)))
    {
        step(world, Action::Cock { hero })?;
    }
    let Priced { ap, plan } = price(world, shoot).ok()?;
    let chance = match &plan {
        Plan::Shots(series) => series.shots.first().map_or(0.0, |s| s.chance),
        _ => 0.0,
    };
    steps.push((shoot.clone(), ap));
    Some(ShotChain { steps, chance })
}
