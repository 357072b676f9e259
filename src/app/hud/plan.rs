//! "Draw, cock and shoot" as one plan: its steps priced by `sim::actions::price`, each step's
//! weapons worked out by the simulation's own rules for readying and cocking
//! (`sim::actions::weapons::{readied, cocked}`) on a copy the later steps are priced with; the
//! match is only read. When an action
//! would resolve is the rules' own token counting (`rules::action_time::resolves_in` and the
//! rest, re-exported here for the window).

pub use crate::rules::action_time::{chain_resolves_in, paid_at, resolves_in, resolves_losing};
use crate::rules::ranged::ShotKind;
use crate::sim::actions::{Plan, Priced, price, ranged, weapons};
use crate::sim::intent::{Action, HeroId, Remedy};
use crate::sim::model::{Battle, Weapons};
use crate::sim::query;
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

/// The chain for a shot that is refused now only for want of a drawn or cocked weapon. Each
/// step is priced on the match as the steps before it would leave the hero's weapons
/// (`weapons::readied`, `weapons::cocked` on a copy): the match itself is only read.
pub fn shot_chain(
    world: &World,
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
    let target_e = query::entity(world, target)?;
    let mut hands = world.get::<Weapons>(e)?.clone();
    let mut steps = Vec::new();
    if remedy == Remedy::Ready {
        // The first ranged weapon carried that is not in hand.
        let battle = world.resource::<Battle>();
        let weapon = hands
            .0
            .iter()
            .position(|w| !w.ready && battle.gear.weapon(&w.name).is_some_and(|g| g.is_ranged()))?;
        let ready = Action::Ready { hero, weapon };
        let Priced { ap, plan } = price(world, &ready).ok()?;
        let Plan::Ready { weapon, off_hand } = plan else {
            return None;
        };
        weapons::readied(&mut hands, weapon, off_hand);
        steps.push((ready, ap));
    }
    if let Err(why) = ranged::plan_as_if(world, e, target_e, kind, &hands)
        && matches!(why.remedy, Some(Remedy::Cock(_)))
    {
        let Priced { ap, plan: weapon } = weapons::price_cock_of(world, e, &hands).ok()?;
        weapons::cocked(&mut hands, weapon);
        steps.push((Action::Cock { hero }, ap));
    }
    let shot = ranged::plan_as_if(world, e, target_e, kind, &hands).ok()?;
    steps.push((shoot, shot.ap));
    Some(ShotChain {
        steps,
        chance: shot.chance,
    })
}
