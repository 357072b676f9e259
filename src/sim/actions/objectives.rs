//! Skills toward the level's objectives: a complex check at 4/8 AP, paid over rounds if need
//! be, whose victories fill the objective's Progress counter.

use super::outcome::{Outcome, Priced};
use crate::rules::action_time::skill_cost;
use crate::rules::check::CheckRequest;
use crate::rules::hexmap::hex_at;
use crate::sim::deck::{resolve_check, skill_pool};
use crate::sim::events::{Consequence, MatchEvent, calamity, record};
use crate::sim::intent::Refusal;
use crate::sim::log::check_words;
use crate::sim::model::{Battle, Hero, HexPos, Objectives};
use crate::sim::query::hero_id;
use bevy::prelude::*;

pub fn price(world: &World, e: Entity, objective: usize) -> Result<Priced<usize>, Refusal> {
    let hero = world.get::<Hero>(e).ok_or("no such hero")?;
    let name = &hero.name;
    let pos = world.get::<HexPos>(e).map(|p| p.0).ok_or("no position")?;
    let battle = world.resource::<Battle>();
    let Some((title, task)) = battle.objective_task(objective) else {
        return Err("the level has no such objective to work on".into());
    };
    // The side first: the worker of another side is told it is not its work, not where to
    // stand for it.
    for_its_side(world, e, objective, title)?;
    let at = hex_at(task.at.0, task.at.1);
    if at.unsigned_distance_to(pos) > 1 {
        let (c, r) = task.at;
        return Err(format!("{name} must stand at or next to {c},{r} to work on '{title}'").into());
    }
    if !hero.skills.contains_key(&task.skill) && task.skill_required {
        return Err(format!("{name} has no {} skill", task.skill).into());
    }
    Ok(Priced::new(skill_cost(task.full_attention), objective))
}

/// Decision 140: an objective is worked by the side it wins for, and in a contest by its
/// rival too; a hero of another side would only bring the foe's victory nearer (a play-test's
/// hacienda gunman was offered the raiders' charges). A match file of version 10 or older
/// replays as it was played, any hero working any objective (`AnySideWorks`).
fn for_its_side(world: &World, e: Entity, objective: usize, title: &str) -> Result<(), Refusal> {
    if world.contains_resource::<AnySideWorks>() {
        return Ok(());
    }
    let battle = world.resource::<Battle>();
    let Some((winner, rival)) = sides_of_objective(battle, objective) else {
        return Ok(());
    };
    let side = crate::sim::query::side_of(world, e);
    let ours = battle.level.sides.get(side).map(|s| s.name.as_str());
    if ours == Some(winner) || (rival.is_some() && ours == rival) {
        return Ok(());
    }
    let name = crate::sim::query::hero_name(world, e);
    Err(format!("'{title}' wins for {winner}, not for {name}'s side: it is theirs to work").into())
}

/// A match file of version 10 or older replays as it was played: a hero of any side could
/// work any objective (decision 140). Set by `journal::rules_of_version`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnySideWorks;

/// A skill at 4/8 AP toward an objective: a complex check whose victories fill the
/// objective's Progress counter.
pub fn work(world: &mut World, e: Entity, objective: usize, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    let h = world.get::<Hero>(e).cloned().expect("priced");
    let battle = world.resource::<Battle>();
    let Some((title, task)) = battle.objective_task(objective) else {
        return Outcome::Refused {
            hero,
            reason: "no such objective".into(),
        };
    };
    let (title, task) = (title.to_string(), task.clone());
    let Ok(quality) = task.quality.parse() else {
        return Outcome::Refused {
            hero,
            reason: format!("objective '{title}': bad quality {}", task.quality).into(),
        };
    };
    let mut request = CheckRequest::complex(
        skill_pool(&h, &task.skill, &task.trait_name),
        task.tn,
        quality,
    );
    (request.venture, request.will) = crate::sim::deck::pool_choices(world, e);
    let outcome = match resolve_check(world, &request) {
        Ok(o) => o,
        Err(reason) => {
            return Outcome::Refused {
                hero,
                reason: reason.into(),
            };
        }
    };
    crate::sim::deck::spend_choices(world, e, &outcome);
    let won = outcome.victories.unwrap_or(0);
    // The victories feed any counter of the level that names the objective (decision 130).
    crate::sim::counters::victories_won(world, &title, won);
    // A contested objective: the rival side works it for its own victories.
    if let Some(done) = contest(world, e, objective, &outcome) {
        report_contest(world, e, (&h, &task), &title, &outcome, &done);
        return Outcome::Worked {
            hero,
            objective: title,
            victories: won,
            ap,
        };
    }
    let mut filled = 0;
    let mut complete = false;
    let mut setback = None;
    let mut added = None;
    if let Some(Some(counter)) = world.resource_mut::<Objectives>().0.get_mut(objective) {
        if won > 0 {
            added = counter
                .add_points(won)
                .ok()
                .map(|fill| (fill, counter.slots()));
        }
        // A calamity sets the work back by one slot (decision 96): a temporary slot the next
        // victory must fill first ("Temporary Counter slots are lost upon being filled"), or,
        // with no room for one, a victory undone or owed (decision 128).
        if outcome.calamity {
            setback = Some(counter.set_back());
        }
        filled = counter.filled();
        complete = counter.is_complete();
    }
    if let Some(how) = setback {
        let what = Consequence::Setback {
            objective: title.clone(),
            how,
        };
        calamity(world, e, what);
    }
    let tally = Tally {
        won,
        filled,
        complete,
        added,
        winner: objective_winner(world, objective),
    };
    report_work(world, e, (&h, &task), &title, &outcome, &tally);
    Outcome::Worked {
        hero,
        objective: title,
        victories: won,
        ap,
    }
}

/// A contested objective's check, as its side's victories in the contest.
fn report_contest(
    world: &mut World,
    e: Entity,
    (h, task): (&Hero, &crate::data::level::ObjectiveTask),
    title: &str,
    outcome: &crate::rules::check::CheckOutcome,
    done: &crate::rules::contest::Contest,
) {
    let tally = format!("{} to {}", done.victories[0], done.victories[1]);
    let text = format!(
        "{}: {} for '{title}' (contested), {}; effect {} = {} ({tally})",
        h.name,
        task.skill,
        check_words(outcome),
        outcome.magnitude.unwrap_or(0),
        crate::rules::words::count(outcome.victories.unwrap_or(0), "victory", "victories")
    );
    let report = crate::sim::events::Skill {
        words: text,
        check: outcome.clone(),
        objective: title.to_string(),
        work: crate::sim::events::Work::Contest {
            victories: done.victories,
            left: [done.left(0), done.left(1)],
            complete: done.winner.is_some(),
        },
    };
    record(world, Some(e), MatchEvent::Skill(Box::new(report)));
}

/// What the work did to the objective's Progress counter.
struct Tally {
    won: u32,
    filled: u32,
    complete: bool,
    /// The addition's fill and the counter's slots, when victories were added.
    added: Option<(crate::rules::counter::Fill, u32)>,
    /// The side the objective wins for.
    winner: String,
}

/// The skill check's event, and the counter's when victories filled it.
fn report_work(
    world: &mut World,
    e: Entity,
    (h, task): (&Hero, &crate::data::level::ObjectiveTask),
    title: &str,
    outcome: &crate::rules::check::CheckOutcome,
    tally: &Tally,
) {
    let Tally {
        won,
        filled,
        complete,
        added,
        ref winner,
    } = *tally;
    let text = format!(
        "{}: {} for '{title}', {}; effect {} = {} ({filled} filled)",
        h.name,
        task.skill,
        check_words(outcome),
        outcome.magnitude.unwrap_or(0),
        crate::rules::words::count(won, "victory", "victories")
    );
    let report = crate::sim::events::Skill {
        words: text,
        check: outcome.clone(),
        objective: title.to_string(),
        work: crate::sim::events::Work::Progress {
            victories: won,
            filled,
            complete,
        },
    };
    record(world, Some(e), MatchEvent::Skill(Box::new(report)));
    // The objective's Progress counter, as every counter's change is logged (issue 23).
    if let Some((fill, slots)) = added {
        let event = crate::sim::events::CounterFilled {
            counter: title.to_string(),
            counter_kind: crate::rules::counter::CounterKind::Progress,
            points: won,
            per_slot: 1,
            rolled: Vec::new(),
            filled,
            slots,
            temporary_lost: fill.temporary_lost,
            complete,
            why: format!("{}'s victories at {}", h.name, task.skill),
            full: complete.then(|| format!("{winner} win")),
            items: Vec::new(),
        };
        record(world, Some(e), MatchEvent::Counter(event));
    }
}

/// The side the `i`th objective of the level wins for, and its rival in a contest.
fn sides_of_objective(battle: &Battle, i: usize) -> Option<(&str, Option<&str>)> {
    battle
        .level
        .victory
        .iter()
        .filter_map(|v| match v {
            crate::data::level::Victory::Objective { winner, rival, .. } => {
                Some((winner.as_str(), rival.as_deref()))
            }
            _ => None,
        })
        .nth(i)
}

/// The side the `i`th objective of the level wins for.
fn objective_winner(world: &World, i: usize) -> String {
    sides_of_objective(world.resource::<Battle>(), i)
        .map_or(String::new(), |(winner, _)| winner.to_string())
}

/// A contested objective's check counted for the worker's side (the objective's winner 0, its
/// rival 1): the contest after it, or None when the objective is not contested.
fn contest(
    world: &mut World,
    e: Entity,
    objective: usize,
    outcome: &crate::rules::check::CheckOutcome,
) -> Option<crate::rules::contest::Contest> {
    let battle = world.resource::<Battle>();
    let rival = sides_of_objective(battle, objective)?.1?.to_string();
    let side = crate::sim::query::side_of(world, e);
    let of_rival = battle
        .level
        .sides
        .get(side)
        .is_some_and(|s| s.name == rival);
    let mut contests = world.get_resource_mut::<crate::sim::model::Contests>()?;
    let contest = contests.0.get_mut(objective)?.as_mut()?;
    contest.record(usize::from(of_rival), outcome);
    Some(contest.clone())
}
