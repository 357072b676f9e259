//! The question a hero paying toward an action that cannot be made now is asked (decision
//! 134): give it up, or go on paying. `easy` pays on, as it always did. `normal` and `hard`
//! give up what cannot come right by waiting: an attack whose every target is down, an attack
//! refused for the hero's own sake (its gun knocked away, knocked down), or an action at nobody
//! (a reload with the gun knocked away, a walk to a hex taken). An attack refused because of
//! where a foe still standing is (out of sight or reach) is paid on: the foe may come back.

use super::Decision;
use crate::data::level::AiLevel;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{CannotBeMade, Committed, Down};
use crate::sim::query;
use bevy::prelude::*;

/// The computer's answer for `hero`, when it is asked whether to give up its commitment.
pub(super) fn answer(world: &World, hero: Entity, id: HeroId, level: AiLevel) -> Option<Decision> {
    let why = world.get::<CannotBeMade>(hero)?;
    let Committed(action) = world.get::<Committed>(hero)?;
    if level == AiLevel::Easy {
        return Some(Decision::bare(Intent::Pass { hero: id }));
    }
    // A foe still standing whom the refusal names: it may come back in sight or reach.
    let waits_on_a_foe = action.targets().iter().any(|&t| {
        query::entity(world, t).is_some_and(|e| {
            !world.get::<Down>(e).is_some_and(|d| d.0)
                && world
                    .get::<crate::sim::model::Hero>(e)
                    .is_some_and(|h| why.0.contains(&h.name))
        })
    });
    Some(if waits_on_a_foe {
        Decision::new(
            Intent::Pass { hero: id },
            format!(
                "pays on toward {}: {}, but the foe may come back in reach",
                action.name(),
                why.0
            ),
        )
    } else {
        Decision::new(
            Intent::GiveUp { hero: id },
            "nothing comes of paying on: its token goes to what can be done now",
        )
    })
}
