//! Posture: dropping prone, standing up, ducking behind the cover in the hex and emerging.

use super::outcome::{Outcome, Priced};
use crate::rules::movement::{
    DROP_PRONE_AP, DUCK_BEHIND_COVER_AP, EMERGE_FROM_COVER_AP, STAND_UP_AP,
};
use crate::sim::intent::Refusal;
use crate::sim::model::{AppearedThisRound, BehindCover, HexPos, MountedOn, Prone};
use crate::sim::query::{cover_in, hero_id, hero_name};
use bevy::prelude::*;

/// A change of posture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posture {
    DropProne,
    StandUp,
    Duck,
    Emerge,
}

pub fn price(world: &World, e: Entity, posture: Posture) -> Result<Priced<Posture>, Refusal> {
    let name = hero_name(world, e);
    let prone = world.get::<Prone>(e).is_some_and(|p| p.0);
    let behind = world.get::<BehindCover>(e).is_some_and(|b| b.0);
    let mounted = world.get::<MountedOn>(e).is_some();
    let ap = match posture {
        Posture::DropProne => match prone {
            true => return Err(format!("{name} is already prone").into()),
            false if mounted => return Err(format!("{name} is in the saddle").into()),
            false => DROP_PRONE_AP,
        },
        Posture::StandUp => match prone {
            true => STAND_UP_AP,
            false => return Err(format!("{name} is already standing").into()),
        },
        Posture::Duck => {
            if behind {
                return Err(format!("{name} is already behind cover").into());
            }
            let pos = world.get::<HexPos>(e).map(|p| p.0).ok_or("no position")?;
            if cover_in(world, pos).is_none() {
                return Err(format!("there is no cover in {name}'s hex to duck behind").into());
            }
            DUCK_BEHIND_COVER_AP
        }
        Posture::Emerge => match behind {
            true => EMERGE_FROM_COVER_AP,
            false => return Err(format!("{name} is not behind cover").into()),
        },
    };
    Ok(Priced::new(ap, posture))
}

pub fn perform(world: &mut World, e: Entity, posture: Posture, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    match posture {
        Posture::DropProne | Posture::StandUp => {
            let down = posture == Posture::DropProne;
            world.entity_mut(e).insert(Prone(down));
            if down {
                Outcome::WentProne { hero, ap }
            } else {
                Outcome::StoodUp { hero, ap }
            }
        }
        Posture::Duck | Posture::Emerge => {
            let duck = posture == Posture::Duck;
            let pos = world.get::<HexPos>(e).map(|p| p.0).unwrap_or_default();
            let cover = cover_in(world, pos).map(|c| c.1.name).unwrap_or_default();
            // "Appearing/Disappearing": entering or leaving cover this round.
            world
                .entity_mut(e)
                .insert((BehindCover(duck), AppearedThisRound(true)));
            if duck {
                Outcome::Ducked { hero, cover, ap }
            } else {
                Outcome::Emerged { hero, ap }
            }
        }
    }
}
