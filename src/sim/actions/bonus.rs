//! "I've got your back!": a bonus counter passed to an ally ("Instead of taking an action, the
//! player declares how they are helping another player ... This spend costs 1 AP").

use super::{Outcome, Priced};
use crate::sim::bonus;
use crate::sim::intent::Refusal;
use crate::sim::model::Side;
use crate::sim::query::{hero_id, hero_name, is_down};
use bevy::prelude::*;

/// "This spend costs 1 AP, or 0 at Judges discretion": 1 AP.
pub const BACK_UP_AP: u32 = 1;

/// The price of passing the hero's counter to `ally`, or why not.
pub fn price_back_up(world: &World, e: Entity, ally: Entity) -> Result<Priced<Entity>, Refusal> {
    let (who, whom) = (hero_name(world, e), hero_name(world, ally));
    if e == ally {
        return Err("a hero cannot back itself up".into());
    }
    if !bonus::holds(world, e) {
        return Err(format!("{who} holds no bonus counter").into());
    }
    if world.get::<Side>(e) != world.get::<Side>(ally) {
        return Err(format!("{whom} is not on {who}'s side").into());
    }
    if is_down(world, ally) {
        return Err(format!("{whom} is down").into());
    }
    if bonus::holds(world, ally) {
        return Err(format!(
            "{whom} already holds a bonus counter (\"No player may ever hold more than one\")"
        )
        .into());
    }
    Ok(Priced::new(BACK_UP_AP, ally))
}

/// The counter passed.
pub fn back_up(world: &mut World, e: Entity, ally: Entity, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    match bonus::back_up(world, e, ally) {
        Ok(()) => Outcome::Prepared {
            hero,
            what: format!(
                "I've got your back! The bonus counter goes to {}",
                hero_name(world, ally)
            ),
            ap,
        },
        Err(why) => Outcome::Refused {
            hero,
            reason: Refusal::new(why).lost(),
        },
    }
}
