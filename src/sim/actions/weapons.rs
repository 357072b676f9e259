//! Weapons in hand: readying (a holstered pistol is drawn), a second weapon in the off hand,
//! cocking, loading and clearing a jam.

use super::outcome::{Outcome, Priced};
use crate::data::gear::WeaponKind;
use crate::sim::intent::Refusal;
use crate::sim::model::{Battle, Weapons};
use crate::sim::query::{hero_id, hero_name};
use bevy::prelude::*;

/// Take weapon `weapon` in the main hand, or in the off hand.
pub fn price_ready(
    world: &World,
    e: Entity,
    weapon: usize,
    off_hand: bool,
) -> Result<Priced<(usize, bool)>, Refusal> {
    let name = hero_name(world, e);
    let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
    let Some(w) = weapons.0.get(weapon) else {
        return Err(format!("{name} carries no weapon number {}", weapon + 1).into());
    };
    if w.ready || (off_hand && w.off_hand) {
        return Err(format!("the {} is already in hand", w.name).into());
    }
    let arms = crate::sim::actions::ranged::disabled_arms(world, e);
    if arms >= 2 || (off_hand && arms == 1) {
        return Err(format!("{name} has no hand free to hold it: an arm is disabled").into());
    }
    let size = world
        .resource::<Battle>()
        .gear
        .weapon(&w.name)
        .map_or(1, |g| g.size);
    Ok(Priced::new(
        crate::rules::weapons::ready_cost(size, w.holstered),
        (weapon, off_hand),
    ))
}

pub fn ready(world: &mut World, e: Entity, weapon: usize, off_hand: bool, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    let Some(mut weapons) = world.get_mut::<Weapons>(e) else {
        return Outcome::Refused {
            hero,
            reason: "no weapons".into(),
        };
    };
    for (i, w) in weapons.0.iter_mut().enumerate() {
        if off_hand {
            w.off_hand = i == weapon;
        } else {
            w.ready = i == weapon;
            if i == weapon {
                w.off_hand = false;
            }
        }
        if !w.ready && !w.off_hand {
            w.cocked = false;
        }
    }
    let name = weapons.0[weapon].name.clone();
    Outcome::Readied {
        hero,
        weapon: if off_hand {
            format!("{name} (off hand)")
        } else {
            name
        },
        ap,
    }
}

/// The weapon in hand to cock next (main hand first, then the off hand) and its AP.
pub fn to_cock(battle: &Battle, weapons: &Weapons) -> Option<(usize, u32)> {
    let hands = weapons
        .0
        .iter()
        .enumerate()
        .filter(|(_, w)| w.ready)
        .chain(weapons.0.iter().enumerate().filter(|(_, w)| w.off_hand));
    for (i, w) in hands {
        if let Some(ap) = battle.gear.weapon(&w.name).and_then(|g| g.cock_ap())
            && !w.cocked
        {
            return Some((i, ap));
        }
    }
    None
}

pub fn price_cock(world: &World, e: Entity) -> Result<Priced<usize>, Refusal> {
    let name = hero_name(world, e);
    let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
    let Some(w) = weapons.0.iter().find(|w| w.ready) else {
        return Err(Refusal::with(
            format!("{name} has no weapon in hand: ready one first"),
            crate::sim::intent::Remedy::Ready,
        ));
    };
    let battle = world.resource::<Battle>();
    match to_cock(battle, &weapons) {
        Some((weapon, ap)) => Ok(Priced::new(ap, weapon)),
        None if battle
            .gear
            .weapon(&w.name)
            .is_some_and(|g| g.cock_ap().is_some()) =>
        {
            Err(format!("the {} is already cocked", w.name).into())
        }
        None => Err(format!("the {} needs no cocking", w.name).into()),
    }
}

pub fn cock(world: &mut World, e: Entity, weapon: usize, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    let mut weapons = world.get_mut::<Weapons>(e).expect("priced");
    let w = &mut weapons.0[weapon];
    w.cocked = true;
    Outcome::Cocked {
        hero,
        weapon: w.name.clone(),
        ap,
    }
}

/// Load the weapon in hand to capacity (1 AP a round), clearing a jam first (4 AP).
pub fn price_reload(world: &World, e: Entity) -> Result<Priced<(usize, u32)>, Refusal> {
    let name = hero_name(world, e);
    let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
    let Some((weapon, w)) = weapons.0.iter().enumerate().find(|(_, w)| w.ready) else {
        return Err(format!("{name} has no weapon in hand").into());
    };
    let battle = world.resource::<Battle>();
    let gear = battle.gear.weapon(&w.name).ok_or("no such weapon")?;
    if gear.kind == WeaponKind::Melee || gear.kind == WeaponKind::Thrown {
        return Err(format!("the {} takes no loading", w.name).into());
    }
    let missing = gear.rounds.saturating_sub(w.rounds);
    if missing == 0 && !w.jammed {
        return Err(format!("the {} is loaded", w.name).into());
    }
    Ok(Priced::new(
        crate::rules::weapons::reload_cost(missing, w.jammed),
        (weapon, gear.rounds),
    ))
}

pub fn reload(world: &mut World, e: Entity, weapon: usize, rounds: u32, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    let mut weapons = world.get_mut::<Weapons>(e).expect("priced");
    let w = &mut weapons.0[weapon];
    w.rounds = rounds;
    w.jammed = false;
    Outcome::Reloaded {
        hero,
        weapon: w.name.clone(),
        rounds,
        ap,
    }
}
