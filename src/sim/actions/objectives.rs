//! Skills toward the level's objectives: a complex check at 4/8 AP, paid over rounds if need
//! be, whose victories fill the objective's Progress counter.

use super::outcome::{Outcome, Priced};
use crate::rules::action_time::skill_cost;
use crate::rules::check::CheckRequest;
use crate::rules::hexmap::hex_at;
use crate::sim::deck::{resolve_check, skill_pool};
use crate::sim::intent::Refusal;
use crate::sim::log::{check_fields, check_words, log_by};
use crate::sim::model::{Battle, Hero, HexPos, Objectives};
use crate::sim::query::hero_id;
use bevy::prelude::*;
use serde_json::json;

pub fn price(world: &World, e: Entity, objective: usize) -> Result<Priced<usize>, Refusal> {
    let hero = world.get::<Hero>(e).ok_or("no such hero")?;
    let name = &hero.name;
    let pos = world.get::<HexPos>(e).map(|p| p.0).ok_or("no position")?;
    let battle = world.resource::<Battle>();
    let Some((title, task)) = battle.objective_task(objective) else {
        return Err("the level has no such objective to work on".into());
    };
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
    let mut filled = 0;
    let mut complete = false;
    let mut setback = false;
    if let Some(counter) = world.resource_mut::<Objectives>().0.get_mut(objective) {
        if won > 0 {
            let _ = counter.add_points(won);
        }
        // A calamity sets the work back: a temporary slot the next victory must fill first
        // ("Temporary Counter slots are lost upon being filled").
        if outcome.calamity {
            setback = counter.add_temporary(1).is_ok();
        }
        filled = counter.filled();
        complete = counter.is_complete();
    }
    if setback {
        log_by(
            world,
            e,
            "calamity",
            format!(
                "CALAMITY: {}'s work on '{title}' goes wrong: a setback, one more victory to win back first",
                h.name
            ),
            [
                ("objective".to_string(), json!(title)),
                ("consequence".to_string(), json!("setback")),
            ]
            .into_iter()
            .collect(),
        );
    }
    let mut f = check_fields(&outcome);
    f.insert("objective".into(), json!(title));
    f.insert("magnitude".into(), json!(outcome.magnitude));
    f.insert("victories".into(), json!(won));
    f.insert("filled".into(), json!(filled));
    f.insert("complete".into(), json!(complete));
    log_by(
        world,
        e,
        "skill",
        format!(
            "{}: {} for '{title}', {}; effect {} = {won} victories ({filled} filled)",
            h.name,
            task.skill,
            check_words(&outcome),
            outcome.magnitude.unwrap_or(0)
        ),
        f,
    );
    Outcome::Worked {
        hero,
        objective: title,
        victories: won,
        ap,
    }
}
