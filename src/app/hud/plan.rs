//! When an action would resolve, and "draw, cock and shoot" as one plan. Both ask the
//! simulation: the segment comes from the hero's own action track (`ActionTrack::declare` and
//! `place`, the rules' token counting), the plan's steps are priced by `sim::actions::price`
//! and tried out with the simulation's own `execute` on the weapons, which are put back.

use crate::rules::action_time::{ActionTrack, Declared};
use crate::rules::ranged::ShotKind;
use crate::sim::actions::{Plan, Priced, execute, price};
use crate::sim::intent::{Action, HeroId, Remedy};
use crate::sim::model::{Battle, Weapons};
use bevy::prelude::*;

/// The last segment a round's tokens can reach (beyond 20, paid actions may still finish).
const LAST: u32 = 40;

/// The segment an action of `ap` declared at `now` resolves in: this one when the tokens in
/// front pay it, else the segment its last token is placed. `None`: it cannot be paid.
pub fn resolves_in(track: &ActionTrack, ap: u32, now: u32, over_rounds: bool) -> Option<u32> {
    resolves_losing(track, ap, now, over_rounds).map(|(segment, _)| segment)
}

/// The segment, as `resolves_in`, and the tokens in front the declaration loses (the track's
/// own count: "they still must remove all of their counters").
pub fn resolves_losing(
    track: &ActionTrack,
    ap: u32,
    now: u32,
    over_rounds: bool,
) -> Option<(u32, u32)> {
    let mut t = track.clone();
    match t.declare(ap, now, over_rounds).ok()? {
        Declared::Paid { lost } => Some((now, lost)),
        Declared::Committed { .. } => paid_at(&mut t, now).map(|s| (s, 0)),
    }
}

/// The segment the commitment on the track is paid in, counting on from `now`.
pub fn paid_at(t: &mut ActionTrack, now: u32) -> Option<u32> {
    for s in now + 1..=LAST {
        match t.place(s) {
            Some(true) => {
                t.take_paid();
                return Some(s);
            }
            None if t.pool == 0 => return None,
            _ => {}
        }
    }
    None
}

/// The segment the last of several declarations resolves in, each declared as soon as the
/// hero has a token in front again after the one before.
pub fn chain_resolves_in(track: &ActionTrack, aps: &[u32], now: u32) -> Option<u32> {
    let mut t = track.clone();
    let mut seg = now;
    let mut last = None;
    for (i, ap) in aps.iter().enumerate() {
        if i > 0 {
            loop {
                seg += 1;
                if seg > LAST || t.pool == 0 && t.in_front == 0 {
                    return None;
                }
                t.place(seg);
                if t.in_front > 0 {
                    break;
                }
            }
        }
        match t.declare(*ap, seg, false).ok()? {
            Declared::Paid { .. } => last = Some(seg),
            Declared::Committed { .. } => {
                seg = paid_at(&mut t, seg)?;
                last = Some(seg);
            }
        }
    }
    last
}

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
    let mut step = |world: &mut World, action: Action| -> Option<()> {
        let priced = price(world, &action).ok()?;
        steps.push((action, priced.ap));
        execute(world, e, priced);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_resolves_when_its_last_token_is_placed() {
        // Tokens from segment 4, 6 AP: at segment 4 one token is in front.
        let mut t = ActionTrack::new(4, 6, 0, None);
        t.place(4);
        assert_eq!(resolves_in(&t, 1, 4, false), Some(4));
        assert_eq!(resolves_in(&t, 3, 4, false), Some(6));
        assert_eq!(resolves_in(&t, 9, 4, false), None);
        // Draw (1), cock (1), shoot (3): 4, then 5, then paid at 8.
        assert_eq!(chain_resolves_in(&t, &[1, 1, 3], 4), Some(8));
    }
}
