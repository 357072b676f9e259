//! The computer's choices within an action, registered as `seats::ComputerChoices`: how it
//! answers a choice an attack raises (a single hit's bumps, the snap shot after a lost aim or none),
//! sent as an intent through the same door as a player's and kept in the journal; and how its
//! heroes spend a series' bumps that nobody is asked about. The actions ask the seat; they
//! never know who is choosing.

use crate::rules::shot::{self, BumpSpend, ShotOutcome};
use crate::sim::bonus;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{BumpOption, PendingBumps};
use bevy::prelude::*;

/// How the computer spends a hit's bumps: the Judge's way, but one bump saved as a bonus
/// counter when the hero may earn one and the bump buys nothing (the same place, wounds, Conc
/// and dominance without it). Found on copies of the deck.
pub fn computer_spend(world: &World, hero: Entity, volley: &shot::Volley) -> BumpSpend {
    if !bonus::can_earn(world, hero) {
        return BumpSpend::Judge;
    }
    let volley = bonus::on_volley(world, hero, volley);
    let dry = |spend| {
        crate::sim::deck::with_deck_copy(world, |source, options| {
            shot::resolve_volley_spending(source, &volley, options, spend)
        })
        .ok()
        .and_then(|o| o.into_iter().next())
    };
    let (Some(judge), Some(saved)) = (dry(BumpSpend::Judge), dry(BumpSpend::Save)) else {
        return BumpSpend::Judge;
    };
    let same = |o: &ShotOutcome| (o.hit, o.location, o.dealt, o.reserved);
    if saved.saved > 0 && same(&saved) == same(&judge) {
        BumpSpend::Save
    } else {
        BumpSpend::Judge
    }
}

/// A waiting choice answered as the computer chooses: a hit's bumps spent as `computer_spend`
/// would spend them (the Judge's way, unless a saved bump buys the same place, wounds, Conc and
/// dominance), read from the options the choice already shows; the snap shot after a lost aim
/// made or forgone (`snaps`); at `hard`, a hit moved to where it leaves the foe worst off
/// (`worst_for_the_foe`).
pub fn answer_choice(world: &World, hero: HeroId) -> Intent {
    let Some(pending) = world.get_resource::<PendingBumps>() else {
        return Intent::Snap {
            hero,
            fire: snaps(world, hero),
        };
    };
    if let Some(spend) = worst_for_the_foe(world, hero, pending) {
        return Intent::SpendBumps { hero, spend };
    }
    let judge = &pending.options[0];
    let same = |o: &BumpOption| {
        (o.location, o.wounds, o.conc, o.dominance_bumps)
            == (
                judge.location,
                judge.wounds,
                judge.conc,
                judge.dominance_bumps,
            )
    };
    let saves = pending
        .options
        .iter()
        .any(|o| o.spend == BumpSpend::Save && same(o));
    Intent::SpendBumps {
        hero,
        spend: if saves {
            BumpSpend::Save
        } else {
            BumpSpend::Judge
        },
    }
}

/// `hard` moves a hit where it leaves the foe worst off, as the bump box shows each choice's
/// fate to a player (`query::bump_fate`): killed, knocked out, a limb disabled, then the
/// likelier stun, then more wounds. None when the Judge's way is as bad for the foe as any
/// (then a bump may be saved), and at `easy` and `normal`, which take the Judge's way.
/// Measured against `normal`, 1 000 matches a level, seeds swapped: the street duel 51.0 to
/// 53.7 %, the gulch 51.0 to 53.2, the mine 54.2 to 55.6, the saloon 49.9 to 51.9, the bank
/// 50.5 to 51.2, the Longhorn 55.6 to 59.0, the bench 53.9 to 57.7.
fn worst_for_the_foe(world: &World, hero: HeroId, pending: &PendingBumps) -> Option<BumpSpend> {
    let e = crate::sim::query::entity(world, hero)?;
    if super::level_of(world, e) != crate::data::level::AiLevel::Hard {
        return None;
    }
    let harm = |o: &BumpOption| {
        let (fate, stuns) = crate::sim::query::bump_fate(world, pending.target, o);
        crate::sim::query::fate_harm(fate, stuns)
            + 0.01 * f64::from(o.wounds)
            + 0.001 * f64::from(o.conc)
    };
    let judge = harm(&pending.options[0]);
    let (best, score) = pending
        .options
        .iter()
        .filter(|o| matches!(o.spend, BumpSpend::Location(_)))
        .map(|o| (o.spend, harm(o)))
        .fold(None, |b: Option<(BumpSpend, f64)>, (s, h)| match b {
            Some((_, bh)) if bh >= h => b,
            _ => Some((s, h)),
        })?;
    (score > judge + 1e-9).then_some(best)
}

/// What an AP buys in hits: the lower quartile of the hits an AP of the shots `hard` chose in
/// its match logs (median 0.20, 6 338 shots over every level and system).
const HITS_AN_AP: f64 = 0.16;

/// "They may choose to make the snap shot or forgo making a shot": the AP are spent either
/// way. A forgone shot keeps the round in the gun and the gun cocked, the cock's AP saved for
/// a better shot; so `normal` and `hard` forgo a snap shot whose chance to hit, weighed by what
/// its strays risk for an ally, buys less than that cock's AP would (`HITS_AN_AP`), or whose
/// spray would catch an ally beside the target. `easy` always snaps.
fn snaps(world: &World, hero: HeroId) -> bool {
    let (Some(e), Some(pending)) = (
        crate::sim::query::entity(world, hero),
        world.get_resource::<crate::sim::model::PendingSnap>(),
    ) else {
        return true;
    };
    if super::level_of(world, e) == crate::data::level::AiLevel::Easy {
        return true;
    }
    let target = pending.series.targets[0];
    let strays = super::answers::stray_risk(world, e, target);
    let cock = f64::from(super::weigh::cocking_ap(world, e));
    strays > 0.0 && pending.series.shots[0].chance * strays >= cock * HITS_AN_AP
}
