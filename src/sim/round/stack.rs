//! The segment's paid actions resolve: alone, or through the initiative stack.

use super::schedule::RoundFlow;
use crate::rules::action_time::{QUICK_DRAW_TN, StackEntry, quick_draw_bonus, stack_order};
use crate::rules::card::Card;
use crate::rules::check::{CheckRequest, Skill};
use crate::rules::shot::BumpSpend;
use crate::sim::actions::{Outcome, melee, perform, ranged};
use crate::sim::deck::resolve_check;
use crate::sim::events::{MatchEvent, Walked, record};
use crate::sim::intent::Action;
use crate::sim::model::{
    ActionDeck, Down, FlippedCard, StackLine, StackSpend, Track, UnderFire, Wounds,
};
use crate::sim::model::{Hero, PendingAttack, PendingBumps, PendingSnap, RoundState};
use crate::sim::query::{hero_name as name_of, is_down, waiting_choice};
use bevy::prelude::*;
use std::collections::VecDeque;

/// The rush window (the `Resolution` schedule's first step): with rushing on, once the
/// segment's declarations are done, those who may rush are asked before anything resolves.
pub(super) fn open_rush_window(world: &mut World) {
    let opened = super::rush::open_window(world);
    let mut flow = world.resource_mut::<RoundFlow>();
    flow.rush_opened = opened;
    flow.held = false;
}

/// "If more than one character has an action resolving in the same segment", the initiative
/// stack orders them (the `Resolution` schedule's second step): the segment's paid actions,
/// less those of heroes already down, in the order they resolve, each with its stack card.
/// Once a segment: while a player's choice holds the resolution, the order is kept.
pub(super) fn stack_due_actions(world: &mut World) {
    if world.resource::<RoundFlow>().rush_opened
        || world.resource::<RoundState>().resolving.is_some()
    {
        return;
    }
    let due: Vec<Action> = std::mem::take(&mut world.resource_mut::<RoundState>().due)
        .into_iter()
        .filter(|c| !entity(world, c).is_some_and(|e| is_down(world, e)))
        .collect();
    let order: VecDeque<(Action, Option<Card>)> = match due.len() {
        0 => VecDeque::new(),
        1 => [(due[0].clone(), None)].into(),
        _ => initiative_stack(world, &due)
            .into_iter()
            .map(|(action, card)| (action, Some(card)))
            .collect(),
    };
    world.resource_mut::<RoundState>().resolving = Some(order);
}

/// What is due resolves, one action after the other in the stack's order (the `Resolution`
/// schedule's last step). A player's choice holds the rest (`RoundFlow::held`) until answered.
pub(super) fn resolve_due(world: &mut World) {
    if world.resource::<RoundFlow>().rush_opened {
        return;
    }
    let held = loop {
        if waiting_choice(world).is_some() {
            break true;
        }
        let next = world
            .resource_mut::<RoundState>()
            .resolving
            .as_mut()
            .and_then(|q| q.pop_front());
        match next {
            Some((action, card)) => resolve_one(world, &action, card),
            None => {
                world.resource_mut::<RoundState>().resolving = None;
                break false;
            }
        }
    };
    world.resource_mut::<RoundFlow>().held = held;
}

/// What the waiting player answered.
#[derive(Clone, Copy, Debug)]
pub(super) enum Answer {
    Bumps(BumpSpend),
    /// After the Bravery check lost the aim: make the snap shot (true) or none.
    Snap(bool),
}

/// The player's choice made: the waiting attack is carried out and applied (or waits again, a
/// snap shot's bumps), and the segment's resolution goes on.
pub(super) fn finish_pending(world: &mut World, answer: Answer) {
    let (hero, action, outcome) = match answer {
        Answer::Bumps(spend) => {
            let Some(p) = world.remove_resource::<PendingBumps>() else {
                return;
            };
            let outcome = match p.attack {
                PendingAttack::Shot(series) => ranged::fire_series(world, p.hero, *series, spend),
                PendingAttack::Blow(plan) => melee::strike(world, p.hero, *plan, spend),
            };
            (p.hero, p.action, outcome)
        }
        Answer::Snap(fire) => {
            let Some(p) = world.remove_resource::<PendingSnap>() else {
                return;
            };
            let outcome = if fire {
                ranged::fire_or_wait(world, p.hero, *p.series)
            } else {
                ranged::forgo(world, p.hero, &p.series)
            };
            (p.hero, p.action, outcome)
        }
    };
    if matches!(outcome, Outcome::Pending { .. }) {
        if let Some(mut pending) = world.get_resource_mut::<PendingBumps>() {
            pending.action = action;
        }
        world.write_message(outcome);
        return;
    }
    if let Some(action) = action {
        after_perform(world, &action, hero, outcome);
    }
}

fn entity(world: &World, action: &Action) -> Option<Entity> {
    crate::sim::query::entity(world, action.hero())
}

pub(super) fn resolve_one(world: &mut World, command: &Action, card: Option<Card>) {
    let Some(hero) = entity(world, command) else {
        return;
    };
    // Struck down earlier on the stack: the action never happens.
    if world.get::<Down>(hero).is_some_and(|d| d.0) {
        if let Some(card) = card {
            world.resource_mut::<ActionDeck>().deck.discard(card.number);
        }
        let event = MatchEvent::DownBeforeResolving {
            hero: name_of(world, hero),
            action: command.name().to_string(),
        };
        record(world, Some(hero), event);
        return;
    }
    let card = super::rush::card_for(world, hero, card);
    // Kept in place, not inserted and removed each time: a resource is an entity in bevy 0.19.
    match world.get_resource_mut::<FlippedCard>() {
        Some(mut flipped) => flipped.0 = card,
        None => world.insert_resource(FlippedCard(card)),
    }
    let outcome = perform(world, command);
    // The player chooses (the bumps, or the snap shot): the flipped card stays for the attack.
    if matches!(outcome, Outcome::Pending { .. }) {
        if let Some(mut pending) = world.get_resource_mut::<PendingBumps>() {
            pending.action = Some(command.clone());
        }
        if let Some(mut pending) = world.get_resource_mut::<PendingSnap>() {
            pending.action = Some(command.clone());
        }
        world.write_message(outcome);
        return;
    }
    after_perform(world, command, hero, outcome);
}

/// What follows an action's resolution: the card it did not read discarded, the shock of
/// being shot at since its last action gone, its event and its outcome.
fn after_perform(world: &mut World, command: &Action, hero: Entity, outcome: Outcome) {
    super::rush::pay_tax(world, hero);
    // A card the action did not read (a move) is discarded after ordering the stack.
    if let Some(card) = world
        .get_resource_mut::<FlippedCard>()
        .and_then(|mut f| f.0.take())
    {
        world.resource_mut::<ActionDeck>().deck.discard(card.number);
    }
    // "since their last action": being shot at before it no longer shakes the next aim.
    world.entity_mut(hero).remove::<UnderFire>();
    let name = name_of(world, hero);
    let walk = match &outcome {
        Outcome::Moved { path, ap, .. } => Some(Walked {
            paces: path.len(),
            ap: *ap,
            to: path.last().map(|h| crate::rules::hexmap::offset_of(*h)),
        }),
        _ => None,
    };
    // A shot writes its own event, with every field of the card; so does a shot forgone
    // (`forgo`: a play-test read its line twice in the log).
    if !matches!(
        outcome,
        Outcome::Shot { .. }
            | Outcome::Melee { .. }
            | Outcome::Escaped { .. }
            | Outcome::Forgone { .. }
    ) {
        let event = MatchEvent::Resolve {
            action: command.name().to_string(),
            failed: matches!(outcome, Outcome::Refused { .. }),
            words: outcome.describe(&name),
            walk,
        };
        record(world, Some(hero), event);
    }
    world.write_message(outcome);
}

/// "Each character determines their bonus and once all are declared, all cards are flipped."
pub(super) fn initiative_stack(world: &mut World, due: &[Action]) -> Vec<(Action, Card)> {
    let mut entries = Vec::new();
    let mut cards = Vec::new();
    for (i, command) in due.iter().enumerate() {
        let Some(hero) = entity(world, command) else {
            continue;
        };
        let bonus = stack_bonus(world, hero);
        let card = match world.resource_mut::<ActionDeck>().deck.draw() {
            Ok(card) => card,
            Err(_) => Card::plain(0),
        };
        let ties = command.is_shot() && ranged::single_action(world, hero);
        entries.push(StackEntry::new(i, &card, bonus, ties));
        cards.push(card);
    }
    let ordered = stack_order(&entries);
    let lines: Vec<StackLine> = ordered
        .iter()
        .map(|e| StackLine {
            actor: entity(world, &due[e.actor])
                .map(|h| name_of(world, h))
                .unwrap_or_default(),
            action: due[e.actor].name().to_string(),
            card: e.number,
            fragment: e.fragment,
            bonus: e.bonus,
            total: e.total(),
        })
        .collect();
    let order = lines.clone();
    record(world, None, MatchEvent::Stack { order });
    world.resource_mut::<RoundState>().stack = lines;
    ordered
        .into_iter()
        .map(|e| (due[e.actor].clone(), cards[e.actor].clone()))
        .collect()
}

/// "Determine Bonus": Quick Draw check (TN 5) and AP spent from the pool up to its level.
/// Gear and wound bonuses come with ranged combat.
pub(super) fn stack_bonus(world: &mut World, hero: Entity) -> i32 {
    let Some(h) = world.get::<Hero>(hero).cloned() else {
        return 0;
    };
    // "1. Any bonuses or penalties from gear. 2. Any bonuses or penalties from wounds".
    let gear = ranged::stack_gear_bonus(world, hero);
    let wounds = -(world
        .get::<Wounds>(hero)
        .map_or(0, |w| crate::rules::action_time::wound_penalty(w.worst()))
        as i32);
    let quick = quick_draw(world, hero, &h);
    let total = gear + wounds + quick + super::rush::stack_bonus(world, hero);
    if gear != 0 || wounds != 0 {
        let event = MatchEvent::StackBonus {
            hero: h.name.clone(),
            gear,
            wounds,
            quick_draw: quick,
            bonus: total,
        };
        record(world, Some(hero), event);
    }
    total
}

/// "3. Bonuses from the Quick Draw skill. 4. Each AP spent from the pool grants the character
/// +1": the TN 5 Quick Draw check, then the AP the hero set aside for it.
fn quick_draw(world: &mut World, hero: Entity, h: &Hero) -> i32 {
    let Some(&level) = h.skills.get("Quick Draw") else {
        return 0;
    };
    let die = crate::sim::deck::trait_die(h, "Quickness");
    let request = CheckRequest::simple(Skill::Skilled { level, die }, QUICK_DRAW_TN);
    let Ok(outcome) = resolve_check(world, &request) else {
        return 0;
    };
    let (bonus, may_spend) = quick_draw_bonus(&outcome);
    let wanted = world.get::<StackSpend>(hero).map_or(0, |s| s.0);
    let spent = if may_spend {
        world
            .get_mut::<Track>(hero)
            .map_or(0, |mut t| t.0.spend_for_bonus(wanted, level))
    } else {
        0
    };
    let event = MatchEvent::QuickDraw {
        hero: h.name.clone(),
        check: outcome,
        bonus,
        spent,
    };
    record(world, Some(hero), event);
    bonus + spent as i32
}
