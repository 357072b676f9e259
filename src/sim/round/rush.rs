//! Rushing actions, an optional rule a level switches on (docs/rules-decisions.md 35): "Once
//! all actions are declared for a segment, any character may declare they are attempting to
//! rush their action." The rules are in `rules::rush`; this is the window in the segment, the
//! rush declared through the door, and the Rush Tax when the action resolves.

use super::declare::end_turn;
use crate::rules::action_time::SEGMENTS;
use crate::rules::card::Card;
use crate::rules::melee::AttackType;
use crate::sim::actions::price;
use crate::sim::events::{MatchEvent, record};
use crate::sim::intent::{Action, Refusal};
use crate::sim::model::{
    ActionDeck, Committed, Down, Holding, RoundOptions, RoundState, Rushed, Track, Wounds,
};
use crate::sim::query::hero_name as name_of;
use bevy::prelude::*;

/// The rush window of this segment is open: the heroes who may rush are asked.
pub fn window_open(world: &World) -> bool {
    let state = world.resource::<RoundState>();
    state.rush_window == Some(state.now())
}

/// Once the segment's declarations are done, open its rush window (once): the heroes who may
/// rush, in ascending Quickness like declarations. True when somebody is to be asked.
pub(super) fn open_window(world: &mut World) -> bool {
    if !world.resource::<RoundOptions>().rushing {
        return false;
    }
    let state = world.resource::<RoundState>();
    let now = state.now();
    if state.rush_window == Some(now) || state.resolving.is_some() || now.1 == 0 || now.1 > SEGMENTS
    {
        return false;
    }
    world.resource_mut::<RoundState>().rush_window = Some(now);
    let queue = super::phases::by_quickness(world, may_rush);
    let any = !queue.is_empty();
    world.resource_mut::<RoundState>().declaring = queue;
    any
}

/// "To rush an action, a character must have at least 1 AP in front of them on the action
/// track": tokens in front, or AP already paid toward a commitment.
pub fn may_rush(world: &World, hero: Entity) -> bool {
    let down = world.get::<Down>(hero).is_some_and(|d| d.0);
    let stunned = world.get::<Wounds>(hero).is_some_and(|w| w.stunned);
    let on_track = world
        .get::<Track>(hero)
        .is_some_and(|t| t.0.in_front > 0 || t.0.commitment.as_ref().is_some_and(|c| c.paid > 0));
    !down && !stunned && on_track && world.get::<Holding>(hero).is_none()
}

/// The action being paid for, or a quicker one of its kind at the same target: "a character
/// using a Henry rifle who has paid 6 AP toward an aimed shot may perform a normal shot".
fn same_action(paying: &Action, rushed: &Action) -> bool {
    match (paying, rushed) {
        (Action::Shoot { target: a, .. }, Action::Shoot { target: b, .. })
        | (Action::ShootOffHand { target: a, .. }, Action::ShootOffHand { target: b, .. })
        | (Action::Sabotage { target: a, .. }, Action::Sabotage { target: b, .. }) => a == b,
        (
            Action::Melee {
                target: a,
                attack: x,
                ..
            },
            Action::Melee {
                target: b,
                attack: y,
                ..
            },
        ) => a == b && (x == y || *y == AttackType::Quick),
        _ => paying == rushed,
    }
}

/// A rush declared in the window: priced now, paid from the track and the pool, and due in
/// this segment on the initiative stack, its Rush Tax to pay when it resolves.
pub(super) fn rush(world: &mut World, hero: Entity, action: &Action) -> Result<(), Refusal> {
    let (cost, on_track, rush) = price_rush(world, hero, action)?;
    if let Some(mut t) = world.get_mut::<Track>(hero) {
        t.0.rush(rush.rushed);
    }
    perform_rush(world, hero, action, cost, on_track, rush);
    Ok(())
}

/// What rushing `action` now would take, by the rules of the rush window: its cost, the AP on
/// the track that go toward it and the rush (`rules::rush::plan`); or why it cannot be rushed.
/// The window asks this too, to price its buttons.
pub fn price_rush(
    world: &mut World,
    hero: Entity,
    action: &Action,
) -> Result<(u32, u32, crate::rules::rush::Rush), Refusal> {
    let name = name_of(world, hero);
    let cost = price(world, action)?.ap;
    let track = world.get::<Track>(hero).ok_or("no action track")?.0.clone();
    let paying = world.get::<Committed>(hero).map(|c| c.0.clone());
    let on_track = match &paying {
        Some(committed) => {
            if !same_action(committed, action) {
                return Err(format!(
                    "{name} is paying for the {}: only it, or a quicker one at the same target, can be rushed",
                    committed.name()
                )
                .into());
            }
            track.commitment.as_ref().map_or(0, |c| c.paid)
        }
        None if track.in_front >= cost => {
            return Err(format!(
                "the tokens in front pay the {} ({cost} AP): nothing to rush",
                action.name()
            )
            .into());
        }
        None => track.in_front,
    };
    let rush = crate::rules::rush::plan(cost, on_track, track.pool, action.aims())
        .map_err(|e| Refusal::new(format!("{name} cannot rush the {}: {e}", action.name())))?;
    Ok((cost, on_track, rush))
}

/// The rush, priced: on the stack of this segment, logged.
fn perform_rush(
    world: &mut World,
    hero: Entity,
    action: &Action,
    cost: u32,
    on_track: u32,
    rush: crate::rules::rush::Rush,
) {
    let name = name_of(world, hero);
    world.entity_mut(hero).remove::<Committed>();
    let at = world.resource::<RoundState>().now();
    world.entity_mut(hero).insert(Rushed {
        rush,
        step: None,
        at,
    });
    let what = action.name();
    let words = if rush.rushed == 0 {
        format!("{on_track} AP paid toward it cover it: no Rush Tax")
    } else {
        format!(
            "{} from the track and {} from the pool (+{} on the stack); the Rush Tax is the Step of its card",
            on_track, rush.rushed, rush.rushed
        )
    };
    let event = MatchEvent::Rush {
        hero: name.clone(),
        action: what.to_string(),
        ap: cost,
        from_track: rush.from_track,
        rushed: rush.rushed,
        words,
    };
    record(world, Some(hero), event);
    crate::sim::model::PaidForDue::record(world, hero, action, cost);
    world.resource_mut::<RoundState>().due.push(action.clone());
    let id = crate::sim::query::hero_id(world, hero);
    world.write_message(crate::sim::actions::Outcome::Declared {
        hero: id,
        what: format!("rushed {what}"),
        ap: cost,
        lost: 0,
    });
    end_turn(world);
}

/// The rushed action's amount on the initiative stack: "moving the action up higher into the
/// initiative stack", +1 for each AP rushed.
pub(super) fn stack_bonus(world: &World, hero: Entity) -> i32 {
    rushed_now(world, hero).map_or(0, |r| r.rush.rushed as i32)
}

fn rushed_now(world: &World, hero: Entity) -> Option<Rushed> {
    let now = world.resource::<RoundState>().now();
    world.get::<Rushed>(hero).copied().filter(|r| r.at == now)
}

/// The card a rushed action resolves with: the stack's, or, resolving alone, one drawn for it
/// ("If the action does not normally require a card to resolve, draw a card and consult the
/// Step"): the action reads it as its resolution card; its Step is the tax.
pub(super) fn card_for(world: &mut World, hero: Entity, card: Option<Card>) -> Option<Card> {
    let Some(mut rushed) = rushed_now(world, hero) else {
        return card;
    };
    let card = card.or_else(|| world.resource_mut::<ActionDeck>().deck.draw().ok());
    rushed.step = card.as_ref().map(|c| c.step);
    world.entity_mut(hero).insert(rushed);
    card
}

/// "When the action resolves the character will pay Rush Tax based on the Step number of the
/// card drawn to resolve the action": from the pool, then from next round's AP.
pub(super) fn pay_tax(world: &mut World, hero: Entity) {
    let Some(rushed) = world.entity_mut(hero).take::<Rushed>() else {
        return;
    };
    let step = rushed.step.unwrap_or(0);
    let tax = crate::rules::rush::tax(&rushed.rush, step);
    if tax == 0 {
        return;
    }
    let (from_pool, owed) = world
        .get_mut::<Track>(hero)
        .map_or((0, 0), |mut t| t.0.pay_penalty(tax));
    let name = name_of(world, hero);
    let event = MatchEvent::RushTax {
        hero: name,
        step,
        tax,
        from_pool,
        owed,
    };
    record(world, Some(hero), event);
}
