//! Aid to the fallen: a Medicine roll to revive an unconscious ally ("falls unconscious for 1d6
//! hours or until someone makes a Standard (5) medicine roll to revive").

use super::outcome::{Outcome, Priced};
use crate::rules::check::CheckRequest;
use crate::rules::damage::Fate;
use crate::rules::medicine::{self, MEDICINE_SKILL, MEDICINE_TRAIT, REVIVE_TN, Revival};
use crate::sim::deck::{pool_choices, resolve_check, skill_pool, spend_choices};
use crate::sim::events::{Consequence, MatchEvent, calamity, record};
use crate::sim::intent::Refusal;
use crate::sim::log::check_words;
use crate::sim::model::{BeyondReviving, Down, Hero, HexPos, MountedOn, Prone, Track, Wounds};
use crate::sim::query::{hero_id, hero_name, side_of};
use bevy::prelude::*;

/// Unconscious, not dead (down, and the last blow did not kill), and not out for the hours.
pub fn revivable(world: &World, e: Entity) -> bool {
    world.get::<Down>(e).is_some_and(|d| d.0)
        && world
            .get::<Wounds>(e)
            .is_none_or(|w| w.fate != Some(Fate::Killed))
        && world.get::<BeyondReviving>(e).is_none()
}

/// Reviving an ally: a skill at 4 AP, from a hex beside it, out of the saddle.
pub fn price_revive(world: &World, e: Entity, target: Entity) -> Result<Priced<Entity>, Refusal> {
    let name = hero_name(world, e);
    let whom = hero_name(world, target);
    if e == target {
        return Err(format!("{name} cannot revive {name}").into());
    }
    if side_of(world, target) != side_of(world, e) {
        return Err(format!("{whom} is no ally of {name}").into());
    }
    if !world.get::<Down>(target).is_some_and(|d| d.0) {
        return Err(format!("{whom} is not down").into());
    }
    if world
        .get::<Wounds>(target)
        .is_some_and(|w| w.fate == Some(Fate::Killed))
    {
        return Err(format!("{whom} is dead").into());
    }
    if world.get::<BeyondReviving>(target).is_some() {
        return Err(
            format!("{whom} is out for hours: no medicine will bring them round now").into(),
        );
    }
    if world.get::<MountedOn>(e).is_some() {
        return Err(format!("{name} must dismount to tend {whom}").into());
    }
    let at = |x: Entity| world.get::<HexPos>(x).map(|p| p.0);
    let (Some(here), Some(there)) = (at(e), at(target)) else {
        return Err("no position".into());
    };
    if here.unsigned_distance_to(there) > 1 {
        return Err(format!("{name} must stand beside {whom} to revive them").into());
    }
    Ok(Priced::new(medicine::revive_ap(), target))
}

/// The Medicine roll to revive: Standard (5), Medicine in the Knowledge die (the computer
/// weighs a revival by its odds).
pub fn revive_request(h: &Hero) -> CheckRequest {
    CheckRequest::simple(skill_pool(h, MEDICINE_SKILL, MEDICINE_TRAIT), REVIVE_TN)
}

/// The Medicine roll: revived, the ally comes round where it lies (prone, the stun shaken off,
/// its wounds and Conc as they were) and acts from the next round; a calamity leaves it out
/// for the hours.
pub fn revive(world: &mut World, e: Entity, target: Entity, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    let h = world.get::<Hero>(e).cloned().expect("priced");
    let whom = hero_name(world, target);
    let mut request = revive_request(&h);
    (request.venture, request.will) = pool_choices(world, e);
    let roll = match resolve_check(world, &request) {
        Ok(o) => o,
        Err(reason) => {
            return Outcome::Refused {
                hero,
                reason: reason.into(),
            };
        }
    };
    spend_choices(world, e, &roll);
    let revival = medicine::revive(&roll);
    match revival {
        Revival::Revived => {
            // No AP this round: it comes round after its initiative step was passed.
            let debt = world.get::<Track>(target).map_or(0, |t| t.0.debt);
            let mut idle = crate::rules::action_time::ActionTrack::idle();
            idle.debt = debt;
            world
                .entity_mut(target)
                .insert((Down(false), Prone(true), Track(idle)));
            if let Some(mut w) = world.get_mut::<Wounds>(target) {
                w.stunned = false;
                w.fate = None;
            }
        }
        Revival::OutForHours => {
            world.entity_mut(target).insert(BeyondReviving);
        }
        Revival::StillOut => {}
    }
    let verdict = match revival {
        Revival::Revived => format!("{whom} comes round, prone, and acts from the next round"),
        Revival::StillOut => format!("{whom} stays out"),
        Revival::OutForHours => format!("{whom} is out for hours"),
    };
    let text = format!(
        "{}: Medicine to revive {whom}, {}; {verdict}",
        h.name,
        check_words(&roll)
    );
    let report = crate::sim::events::Medicine {
        words: text,
        check: roll,
        target: whom.clone(),
        revived: revival == Revival::Revived,
        ap,
    };
    record(world, Some(e), MatchEvent::Medicine(Box::new(report)));
    if revival == Revival::OutForHours {
        let what = Consequence::OutForHours {
            target: whom.clone(),
        };
        calamity(world, e, what);
    }
    Outcome::Prepared {
        hero,
        what: format!("revive {whom}: {}", revival.name().replace('_', " ")),
        ap,
    }
}
