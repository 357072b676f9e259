//! What a hit on a foe is worth to `normal` and `hard`: more for a hurt foe, one with a loaded
//! gun, one working the objective or making for its area, less for a stunned one; `hard` also
//! by the chance the hit stuns it, its side's focus of fire and the foes paying for attacks.

use super::weigh::loaded_gun;
use super::*;
use crate::sim::model::{Committed, Wounds};

/// How much a hit on `target` is worth: more for a hurt foe (nearer to going down) and for a
/// foe with a loaded gun in hand (the threat), less for a stunned one (out of the fight this
/// round); `hard`, more for a foe its allies shoot at.
pub(super) fn target_worth(world: &World, hero: Entity, target: Entity, hard: bool) -> f64 {
    let stunned = out_this_round(world, target);
    let mut worth = hurt_worth(world, target);
    if loaded_gun(world, target) && !stunned {
        worth += 0.25;
    }
    // A foe working on the objective that wins for its side: stopping it saves the match.
    if matches!(
        world.get::<Committed>(target),
        Some(Committed(Action::WorkObjective { .. }))
    ) {
        worth += 1.0;
    }
    // A foe making for the area its side wins by reaching (a level's counter): stop it.
    if super::area_to_reach(world, target).is_some() {
        worth += 1.0;
    }
    // `hard`: a hit worth more on a foe it is likelier to stun (a weak Fortitude, a worse wound
    // already): a stunned foe is out of the fight for rounds. Measured against `normal`, the
    // bench level 50.8 to 57.3 % (seeds 1-1000 swapped) and 50.3 to 57.5 % (5001-6000); the
    // duels and the bank job within half a point.
    if hard {
        worth *= STUN_WORTH + stun_odds(world, target);
    }
    if hard {
        worth += 0.35 * f64::from(allies_on(world, hero, target).min(2));
        // A foe paying for an attack at its side: a hit (a stun) now takes that attack away.
        if !stunned && attacking(world, hero, target) {
            worth += 0.5;
        }
    }
    // A stunned foe is out of the fight this round: one who can shoot back comes first, focus
    // fire or not (an audit saw `hard` shoot at a stunned Felicia, an ally on her, while
    // Octavio readied the gun that killed it).
    if stunned {
        worth *= 0.4;
    }
    worth
}

/// A hero who shook a stun off at this round's start spends the round recovering ("stunned
/// characters use their action (Recover, all APs)"): no AP on its track, out of the fight
/// until the next round.
pub(super) fn recovering(world: &World, hero: Entity) -> bool {
    world
        .get::<crate::sim::model::Track>(hero)
        .is_some_and(|t| t.0.total == 0)
        && !query::is_down(world, hero)
        && !world.get::<Wounds>(hero).is_some_and(|w| w.stunned)
}

/// Stunned, or recovering from a stun this round: a hit on it takes no shot or blow of this
/// round away (a play-test saw seven shots go at Doc Ambrose while he spent the round
/// recovering, and two Regulators who could shoot back stood by). Measured with `hard`
/// against `normal`, 1 000 matches a level, seeds swapped: the bench 57.7 to 59.6 %, the rest
/// within a point.
pub(super) fn out_this_round(world: &World, hero: Entity) -> bool {
    world.get::<Wounds>(hero).is_some_and(|w| w.stunned) || recovering(world, hero)
}

/// Wounds the hero has taken, over every location.
pub(super) fn wounds_of(world: &World, hero: Entity) -> u32 {
    world
        .get::<Wounds>(hero)
        .map_or(0, |w| w.body.total_wounds())
}

/// A hurt foe is nearer to going down: worth 0.12 more a wound (up to 8), shot or struck.
pub(super) fn hurt_worth(world: &World, foe: Entity) -> f64 {
    1.0 + 0.12 * f64::from(wounds_of(world, foe).min(8))
}

/// `foe` pays for a shot or blows at `hero`'s side (its declaration, on the table).
pub(super) fn attacking(world: &World, hero: Entity, foe: Entity) -> bool {
    let side = query::side_of(world, hero);
    let ours =
        |id: &HeroId| query::entity(world, *id).is_some_and(|e| query::side_of(world, e) == side);
    match world.get::<Committed>(foe) {
        Some(Committed(
            Action::Shoot { target, .. }
            | Action::ShootOffHand { target, .. }
            | Action::Melee { target, .. },
        )) => ours(target),
        Some(Committed(Action::Series { shots, .. })) => shots.iter().any(|s| ours(&s.0)),
        Some(Committed(Action::MeleeSeries { blows, .. })) => blows.iter().any(|b| ours(&b.0)),
        _ => false,
    }
}

/// Allies of `hero` paying for a shot at `target` (declared: a player sees it on the table).
pub(super) fn allies_on(world: &World, hero: Entity, target: Entity) -> u32 {
    let side = query::side_of(world, hero);
    let target = hero_id(world, target);
    query::heroes(world)
        .into_iter()
        .filter(|&e| e != hero && query::side_of(world, e) == side)
        .filter(|&e| {
            matches!(world.get::<Committed>(e),
                Some(Committed(Action::Shoot { target: t, .. })) if *t == target)
        })
        .count() as u32
}

/// An ally of `hero` pays for a shot at `target` with a gun that strays on every shot (a
/// Gatling's burst, a shotgun): closing in on that foe walks into the strays (a play-test saw
/// Dave charge Miranda with Angus's burst at her on the table).
pub(super) fn sprayed_by_ally(world: &World, hero: Entity, target: Entity) -> bool {
    let side = query::side_of(world, hero);
    let target = hero_id(world, target);
    query::heroes(world)
        .into_iter()
        .filter(|&e| e != hero && query::side_of(world, e) == side && !query::is_down(world, e))
        .any(|e| {
            let at_target = match world.get::<Committed>(e) {
                Some(Committed(Action::Shoot { target: t, .. })) => *t == target,
                Some(Committed(Action::Series { shots, .. })) => {
                    shots.iter().any(|s| s.0 == target)
                }
                _ => false,
            };
            at_target
                && query::weapon_in_hand(world, e)
                    .is_some_and(|(_, _, w)| w.scatter || !w.burst.is_empty())
        })
}

/// What a hit on a foe it cannot stun is worth to `hard`, beside one it stuns for certain (1.6).
const STUN_WORTH: f64 = 0.6;

/// The chance a hit stuns `target`: its Stun check (Fortitude) failed against the TN of the
/// wound the hit leaves it with (a Heavy wound at least, one level worse than its worst).
pub(super) fn stun_odds(world: &World, target: Entity) -> f64 {
    let Some(h) = world.get::<Hero>(target) else {
        return 0.0;
    };
    // A stunned foe is stunned already: the hit adds no stun (it said "a hit stuns Tom
    // Pickett at 76 %; Tom Pickett is stunned").
    if world.get::<Wounds>(target).is_some_and(|w| w.stunned) {
        return 0.0;
    }
    let worst = world.get::<Wounds>(target).map_or(0, |w| w.worst());
    let request = combat::stun_request(h, (worst + 1).clamp(3, 5));
    1.0 - crate::sim::deck::success_chance(world, &request)
}
