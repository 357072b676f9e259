//! The door every intent comes through: the hero whose declaration it is declares (priced,
//! paid or committed on the action track, or refused), passes, holds for the round, or sets
//! the AP it spends on the stack. Accepted intents go into the journal; the computer's and a
//! script's come through the same door.

use crate::rules::action_time::Declared;
use crate::sim::actions::{Outcome, price};
use crate::sim::events::{MatchEvent, record};
use crate::sim::intent::Intent;
use crate::sim::intent::{Action, HeroId, Refusal};
use crate::sim::model::{
    CannotBeMade, Committed, DeclarationReason, Down, Entry, Holding, Journal, JournalMarks,
    MatchLog, PoolChoices, Script, StackSpend, Track, Wounds,
};
use crate::sim::model::{Hero, RoundState};
use crate::sim::query::hero_name as name_of;
use crate::sim::query::{self, hero_id, side_of};
use crate::sim::seats::ComputerPlayerFn;
use bevy::prelude::*;

/// Take an intent: legal now and from the hero whose declaration it is, it is carried out and
/// written in the journal; otherwise it is refused with the reason (an `Outcome::Refused`).
pub fn accept(world: &mut World, intent: Intent) -> Result<(), Refusal> {
    accept_because(world, intent, None)
}

/// `accept`, with the reason the computer sent it for (its declaration's `reason` in the log,
/// and kept in the journal).
pub fn accept_because(
    world: &mut World,
    intent: Intent,
    reason: Option<String>,
) -> Result<(), Refusal> {
    let log_before = world.resource::<MatchLog>().events.len();
    world.get_resource_or_init::<DeclarationReason>().0 = reason.clone();
    let result = carry_out(world, &intent);
    world.resource_mut::<DeclarationReason>().0 = None;
    match &result {
        Ok(()) => {
            let (round, segment) = world.resource::<RoundState>().now();
            let seat = seat_of_intent(world, &intent).unwrap_or(0);
            let entries = world.resource::<Journal>().0.len();
            world.resource_mut::<Journal>().0.push(Entry {
                round,
                segment,
                seat,
                intent,
                reason,
            });
            // A new match starts an empty journal: its marks start afresh with it.
            let mut marks = world.get_resource_or_init::<JournalMarks>();
            marks.0.resize(entries, log_before);
            marks.0.push(log_before);
        }
        Err(reason) => {
            world.write_message(Outcome::Refused {
                hero: intent.hero(),
                reason: reason.clone(),
            });
        }
    }
    result
}

/// The seat (side) an intent comes from: its hero's.
fn seat_of_intent(world: &World, intent: &Intent) -> Option<usize> {
    query::entity(world, intent.hero()).map(|e| side_of(world, e))
}

fn carry_out(world: &mut World, intent: &Intent) -> Result<(), Refusal> {
    // A waiting attack's choice: its own hero answers, whoever declares next.
    if let Some(answered) = answer_pending(world, intent) {
        return answered;
    }
    if let Some(waiting) = query::waiting_choice(world) {
        let who = name_of(world, waiting);
        return Err(format!("{who}'s attack waits for its player's choice").into());
    }
    let state = world.resource::<RoundState>();
    let segment = state.segment;
    let front = match state.declarer() {
        Some(e) => e,
        None => return Err("nobody declares now".into()),
    };
    let hero = query::entity(world, intent.hero()).ok_or("no such hero")?;
    if hero != front {
        let who = name_of(world, front);
        return Err(format!("it is {who}'s declaration in segment {segment}").into());
    }
    // Rushing: once the segment's declarations are made, only rushes (or a pass).
    let window = super::rush::window_open(world);
    match intent {
        _ if world.get::<CannotBeMade>(hero).is_some() => give_up_or_pay(world, hero, intent),
        Intent::GiveUp { .. } => Err(match world.get::<Committed>(hero) {
            Some(c) => format!(
                "{} can still be made: only an action that cannot be made now is given up",
                c.0.name()
            ),
            None => "nothing is being paid for".to_string(),
        }
        .into()),
        Intent::Declare(_) if window => {
            Err("the segment's declarations are made: rush an action, or pass".into())
        }
        Intent::Rush(action) if window => super::rush::rush(world, hero, action),
        Intent::Rush(_) => Err(
            "an action is rushed once every declaration of the segment is made (with rushing on)"
                .into(),
        ),
        Intent::Declare(action) => declare(world, hero, action, segment),
        Intent::SpendBumps { .. } | Intent::Snap { .. } => unreachable!("answered above"),
        Intent::Pass { .. } => {
            end_turn(world);
            Ok(())
        }
        Intent::Hold { .. } => {
            hold(world, hero);
            Ok(())
        }
        Intent::StackSpend { .. }
        | Intent::Venture { .. }
        | Intent::Bonus { .. }
        | Intent::Will { .. } => choose(world, hero, intent),
    }
}

/// An answer to the choice a waiting attack asks of its hero (the bumps to spend, snap or
/// hold fire); `None` for any other intent.
fn answer_pending(world: &mut World, intent: &Intent) -> Option<Result<(), Refusal>> {
    if let Intent::SpendBumps { hero, spend } = intent {
        let Some(pending) = world.get_resource::<crate::sim::model::PendingBumps>() else {
            return Some(Err("no attack waits for its bumps to be spent".into()));
        };
        if query::entity(world, *hero) != Some(pending.hero) {
            let who = name_of(world, pending.hero);
            return Some(Err(format!(
                "it is {who}'s attack that waits for its bumps"
            )
            .into()));
        }
        if !pending.options.iter().any(|o| o.spend == *spend) {
            return Some(Err(
                format!("{} bumps cannot pay for that", pending.bumps).into()
            ));
        }
        super::stack::finish_pending(world, super::stack::Answer::Bumps(*spend));
        return Some(Ok(()));
    }
    if let Intent::Snap { hero, fire } = intent {
        let Some(pending) = world.get_resource::<crate::sim::model::PendingSnap>() else {
            return Some(Err("no shot waits for a snap-shot choice".into()));
        };
        if query::entity(world, *hero) != Some(pending.hero) {
            let who = name_of(world, pending.hero);
            return Some(Err(format!("it is {who}'s shot that waits").into()));
        }
        super::stack::finish_pending(world, super::stack::Answer::Snap(*fire));
        return Some(Ok(()));
    }
    None
}

/// The choices a declaring hero makes that are no declaration: the AP it spends on the stack,
/// its Venture and Will (dice pools), and what its bonus counter is set for.
fn choose(world: &mut World, hero: Entity, intent: &Intent) -> Result<(), Refusal> {
    match intent {
        Intent::StackSpend { ap, .. } => {
            let h = world.get::<Hero>(hero).cloned().ok_or("no such hero")?;
            let level = h.skills.get("Quick Draw").copied().unwrap_or(0);
            if *ap > level {
                return Err(format!(
                    "{} may spend up to {level} AP on the stack (the Quick Draw level)",
                    h.name
                )
                .into());
            }
            world.entity_mut(hero).insert(StackSpend(*ap));
            Ok(())
        }
        Intent::Venture { tokens, .. } => {
            let max = crate::rules::dice_pool::MAX_VENTURE;
            if *tokens > max {
                return Err(format!("Venture is 0 to {max} tokens").into());
            }
            let mut c = world.get::<PoolChoices>(hero).copied().unwrap_or_default();
            c.venture = *tokens;
            world.entity_mut(hero).insert(c);
            Ok(())
        }
        Intent::Bonus { spend, .. } => {
            use crate::rules::bonus::Spend;
            let who = name_of(world, hero);
            match spend {
            None => {
                world.entity_mut(hero).remove::<crate::sim::model::BonusArmed>();
                Ok(())
            }
            Some(_) if !crate::sim::bonus::holds(world, hero) => {
                Err(format!("{who} holds no bonus counter").into())
            }
            Some(s @ (Spend::RightOn | Spend::Aces)) => {
                world
                    .entity_mut(hero)
                    .insert(crate::sim::model::BonusArmed(*s));
                Ok(())
            }
            Some(Spend::AsIPlanned { .. }) => Err(
                "As I planned! needs an Impetus invoked on the action, and heroes invoke none in a battle"
                    .into(),
            ),
            Some(Spend::IveGotYourBack) => Err(
                "I've got your back! is an action: declare it toward an ally (1 AP)".into(),
            ),
        }
        }
        Intent::Will { spend, .. } => {
            let h = world.get::<Hero>(hero).cloned().ok_or("no such hero")?;
            if *spend && h.will == 0 {
                return Err(format!("{} has no Will left", h.name).into());
            }
            let mut c = world.get::<PoolChoices>(hero).copied().unwrap_or_default();
            c.will = *spend;
            world.entity_mut(hero).insert(c);
            Ok(())
        }
        _ => Err("not a choice of the declaring hero".into()),
    }
}

/// The hero declares nothing more this round (its tokens are lost at its end).
fn hold(world: &mut World, hero: Entity) {
    world.entity_mut(hero).insert(Holding);
    let hero_name = name_of(world, hero);
    record(world, Some(hero), MatchEvent::Hold { hero: hero_name });
    end_turn(world);
}

/// The question a hero paying toward an action that cannot be made now is asked as the
/// segment is called (decision 134): give it up, or go on paying (a pass, or a hold).
fn give_up_or_pay(world: &mut World, hero: Entity, intent: &Intent) -> Result<(), Refusal> {
    match intent {
        Intent::GiveUp { .. } => {
            give_up(world, hero);
            Ok(())
        }
        Intent::Pass { .. } | Intent::Hold { .. } => {
            world.entity_mut(hero).remove::<CannotBeMade>();
            if matches!(intent, Intent::Hold { .. }) {
                hold(world, hero);
            } else {
                end_turn(world);
            }
            Ok(())
        }
        _ => {
            let what = world
                .get::<Committed>(hero)
                .map_or("an action", |c| c.0.name());
            Err(format!(
                "{} is paying toward {what}, which cannot be made now: give it up, or go on paying (pass)",
                name_of(world, hero)
            )
            .into())
        }
    }
}

/// "Once spent, APs are lost, even if the action never resolves": the commitment goes, this
/// segment's token goes in front, and the hero declares on (it stays at the front).
fn give_up(world: &mut World, hero: Entity) {
    let segment = world.resource::<RoundState>().segment;
    let why = world
        .entity_mut(hero)
        .take::<CannotBeMade>()
        .map_or_else(String::new, |c| c.0);
    let action = world
        .entity_mut(hero)
        .take::<Committed>()
        .map_or_else(String::new, |c| c.0.name().to_string());
    let lost = world
        .get_mut::<Track>(hero)
        .and_then(|mut t| t.0.give_up(segment))
        .map_or(0, |c| c.paid);
    let event = MatchEvent::GiveUp {
        hero: name_of(world, hero),
        action,
        lost,
        why,
        reason: declaration_reason(world),
    };
    record(world, Some(hero), event);
    if !may_declare(world, hero) {
        end_turn(world);
    }
}

/// Why the action `hero` pays toward cannot be made now, when its player is asked whether to
/// give it up (decision 134): as a segment of declarations is called, with a token placed
/// toward it in this segment, not yet fully paid, and refused by its price now.
pub(super) fn cannot_be_made(world: &World, hero: Entity) -> Option<String> {
    let Committed(action) = world.get::<Committed>(hero)?;
    let segment = world.resource::<RoundState>().segment;
    if segment > crate::rules::action_time::SEGMENTS
        || super::rush::window_open(world)
        || world.get::<Down>(hero).is_some_and(|d| d.0)
        || world.get::<Wounds>(hero).is_some_and(|w| w.stunned)
        || world.get::<Holding>(hero).is_some()
    {
        return None;
    }
    let track = &world.get::<Track>(hero)?.0;
    let paying = track.commitment.as_ref()?;
    if paying.paid >= paying.cost || !track.placed_in(segment) {
        return None;
    }
    price(world, action).err().map(|why| why.to_string())
}

/// A declaration: priced and paid on the track (resolving at the end of the segment), or
/// committed to be paid token by token.
fn declare(world: &mut World, hero: Entity, action: &Action, segment: u32) -> Result<(), Refusal> {
    let name = name_of(world, hero);
    let ap = price(world, action)?.ap;
    let mut track = world.get_mut::<Track>(hero).ok_or("no action track")?;
    let declared = track
        .0
        .declare(ap, segment, action.over_rounds())
        .map_err(|err| match err {
            crate::rules::action_time::TrackError::NotEnoughAp { cost, has } => {
                Refusal::new(format!(
                    "not enough AP: {} costs {cost} AP, {name} has {has} left this round (only \
                     a reload, a revive or work on an objective is paid over rounds)",
                    action.name()
                ))
            }
            other => Refusal::new(format!("{name}: {other}")),
        })?;
    let id = hero_id(world, hero);
    let what = action.name().to_string();
    match declared {
        Declared::Paid { lost } => {
            // "Placing an action onto the stack in this manner costs 1 AP from the pool."
            if !world.resource::<RoundState>().due.is_empty() {
                let from_pool = world
                    .get_mut::<Track>(hero)
                    .map(|mut t| t.0.pay_stack_fee())
                    .unwrap_or(true);
                let event = MatchEvent::StackFee {
                    hero: name.clone(),
                    from_pool,
                };
                record(world, Some(hero), event);
            }
            let event = MatchEvent::Declare {
                hero: name.clone(),
                action: what.clone(),
                ap,
                lost,
                reason: declaration_reason(world),
            };
            record(world, Some(hero), event);
            crate::sim::model::PaidForDue::record(world, hero, action, ap);
            world.resource_mut::<RoundState>().due.push(action.clone());
            world.write_message(Outcome::Declared {
                hero: id,
                what,
                ap,
                lost,
            });
        }
        Declared::Committed { paid } => {
            let event = MatchEvent::Commit {
                hero: name.clone(),
                action: what.clone(),
                ap,
                paid,
                reason: declaration_reason(world),
            };
            record(world, Some(hero), event);
            world.entity_mut(hero).insert(Committed(action.clone()));
            world.write_message(Outcome::Committed {
                hero: id,
                what,
                ap,
                paid,
            });
        }
    }
    end_turn(world);
    Ok(())
}

/// The declaring hero has declared: the next one declares.
pub(super) fn end_turn(world: &mut World) {
    world.resource_mut::<RoundState>().declaring.pop_front();
}

pub(super) fn may_declare(world: &World, hero: Entity) -> bool {
    if super::rush::window_open(world) {
        return super::rush::may_rush(world, hero);
    }
    let down = world.get::<Down>(hero).is_some_and(|d| d.0);
    let stunned = world.get::<Wounds>(hero).is_some_and(|w| w.stunned);
    let track = world.get::<Track>(hero);
    !down
        && !stunned
        && track.is_some_and(|t| t.0.in_front > 0 && t.0.commitment.is_none())
        && world.get::<Committed>(hero).is_none()
        && world.get::<Holding>(hero).is_none()
}

/// The computer's turn: it is asked until the declaration passes on (a Quick Draw spending
/// first, then a declaration or a pass). Anything refused is a pass.
pub(super) fn ask_computer(world: &mut World, hero: Entity, player: ComputerPlayerFn) {
    let id = hero_id(world, hero);
    // Four answers at most, besides giving up a commitment that cannot be made (decision 134).
    let mut answers = 0;
    while answers < 4 {
        let decision = player(world, id);
        let passes = matches!(decision.intent, Intent::Pass { .. } | Intent::Hold { .. });
        if !matches!(decision.intent, Intent::GiveUp { .. }) {
            answers += 1;
        }
        if accept_because(world, decision.intent, decision.reason).is_err() || passes {
            break;
        }
        if world.resource::<RoundState>().declarer() != Some(hero) {
            return;
        }
    }
    if world.resource::<RoundState>().declarer() == Some(hero) {
        let _ = accept(world, Intent::Pass { hero: id });
    }
}

/// The next recorded intent, through the same door. False when the script no longer fits the
/// match (its entry is for another hero, or is refused): the match stops there.
pub(super) fn play_script(world: &mut World) -> bool {
    let Some(entry) = world.resource_mut::<Script>().entries.pop_front() else {
        return false;
    };
    let index = world.resource::<Script>().applied;
    let now = world.resource::<RoundState>().now();
    let wrong_time = (entry.round, entry.segment) != now;
    // The seat that sent it: the side of the hero it is for, as `accept` records it.
    let seat = seat_of_intent(world, &entry.intent);
    let result = if wrong_time {
        Err(Refusal::new(format!(
            "recorded for round {} segment {}, but the match is at round {} segment {}",
            entry.round, entry.segment, now.0, now.1
        )))
    } else if seat != Some(entry.seat) {
        Err(Refusal::new(format!(
            "recorded from seat {}, but {}",
            entry.seat,
            seat.map_or("no hero of the match is named".to_string(), |s| format!(
                "the hero's side is seat {s}"
            ))
        )))
    } else {
        accept_because(world, entry.intent.clone(), entry.reason.clone())
    };
    let mut script = world.resource_mut::<Script>();
    match result {
        Ok(()) => {
            script.applied += 1;
            true
        }
        Err(why) => {
            script.entries.clear();
            script.broken = Some((index, format!("{:?}: {why}", entry.intent)));
            false
        }
    }
}

/// Why the declaration now made was sent (the computer's reason), if it says.
fn declaration_reason(world: &World) -> Option<String> {
    world
        .get_resource::<DeclarationReason>()
        .and_then(|r| r.0.clone())
}

/// The stack fee a declaration of `ap` by `hero` would pay now: "Placing an action onto the
/// stack in this manner costs 1 AP from the pool": an action paid at once (its AP in front)
/// in a segment where actions are already due joins their initiative stack. The window says
/// it before a plan is queued (`declare` takes it when the declaration is paid).
pub fn stack_fee_now(world: &World, hero: Entity, ap: u32) -> u32 {
    let round = world.resource::<RoundState>();
    let paid_now = world.get::<Track>(hero).is_some_and(|t| {
        crate::rules::action_time::resolves_in(&t.0, ap, round.segment, false)
            == Some(round.segment)
    });
    u32::from(paid_now && !round.due.is_empty())
}

/// The id of the hero whose declaration it is.
pub fn declarer(world: &World) -> Option<HeroId> {
    world
        .resource::<RoundState>()
        .declarer()
        .map(|e| hero_id(world, e))
}
