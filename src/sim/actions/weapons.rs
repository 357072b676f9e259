//! Weapons in hand: readying (a holstered pistol is drawn), a second weapon in the off hand,
//! cocking, loading and clearing a jam.

use super::outcome::{Outcome, Priced};
use crate::data::gear::WeaponKind;
use crate::sim::events::{Consequence, MatchEvent, calamity, record};
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
    readied(&mut weapons, weapon, off_hand);
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
    let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
    price_cock_of(world, e, &weapons)
}

/// Cocking priced as if the hero's weapons were `weapons` (a preview's plan: the match is only
/// read).
pub fn price_cock_of(
    world: &World,
    e: Entity,
    weapons: &Weapons,
) -> Result<Priced<usize>, Refusal> {
    let name = hero_name(world, e);
    let Some(w) = weapons.0.iter().find(|w| w.ready) else {
        return Err(Refusal::with(
            format!("{name} has no weapon in hand: ready one first"),
            crate::sim::intent::Remedy::Ready,
        ));
    };
    let battle = world.resource::<Battle>();
    match to_cock(battle, weapons) {
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
    cocked(&mut weapons, weapon);
    Outcome::Cocked {
        hero,
        weapon: weapons.0[weapon].name.clone(),
        ap,
    }
}

/// The weapons after readying `weapon` (in the off hand, or the main hand): the other hand's
/// weapon stays; a weapon no longer in either hand is no longer cocked. Plain values, so a
/// preview works out a plan's weapons the way the action will.
pub fn readied(weapons: &mut Weapons, weapon: usize, off_hand: bool) {
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
}

/// The weapons after cocking `weapon`.
pub fn cocked(weapons: &mut Weapons, weapon: usize) {
    weapons.0[weapon].cocked = true;
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
    if missing > 0 {
        ammunition_left(world, e)?;
    }
    Ok(Priced::new(
        crate::rules::weapons::reload_cost(missing, w.jammed),
        (weapon, gear.rounds),
    ))
}

/// A side whose ammunition a full Resource counter says is spent may not load (a level's
/// `NoReloads`).
fn ammunition_left(world: &World, e: Entity) -> Result<(), Refusal> {
    let side = crate::sim::query::side_of(world, e);
    match crate::sim::counters::no_reloads(world, side) {
        Some(counter) => Err(format!("'{counter}' is spent: no rounds left to load").into()),
        None => Ok(()),
    }
}

pub fn reload(world: &mut World, e: Entity, weapon: usize, rounds: u32, ap: u32) -> Outcome {
    let hero = hero_id(world, e);
    let mut weapons = world.get_mut::<Weapons>(e).expect("priced");
    let w = &mut weapons.0[weapon];
    let loaded = rounds > w.rounds;
    let cleared = w.jammed;
    w.rounds = rounds;
    w.jammed = false;
    let weapon = w.name.clone();
    if loaded {
        let side = crate::sim::query::side_of(world, e);
        crate::sim::counters::reloaded(world, side);
    }
    let old_words = world.contains_resource::<crate::sim::journal::LogOfVersion9>();
    Outcome::Reloaded {
        hero,
        weapon,
        rounds,
        ap,
        cleared: cleared && !old_words,
    }
}

/// Speed load the weapon in hand: the rounds missing, for the Speed Load skill's simple check
/// (1 AP). A jammed gun must be cleared first, and a Gatling is fed by its magazine.
pub fn price_speed_load(world: &World, e: Entity) -> Result<Priced<(usize, u32)>, Refusal> {
    let name = hero_name(world, e);
    let weapons = world.get::<Weapons>(e).cloned().unwrap_or_default();
    let Some((weapon, w)) = weapons.0.iter().enumerate().find(|(_, w)| w.ready) else {
        return Err(format!("{name} has no weapon in hand").into());
    };
    let battle = world.resource::<Battle>();
    let gear = battle.gear.weapon(&w.name).ok_or("no such weapon")?;
    if matches!(
        gear.kind,
        WeaponKind::Melee | WeaponKind::Thrown | WeaponKind::Gatling
    ) {
        return Err(format!("the {} cannot be speed loaded", w.name).into());
    }
    if w.jammed {
        return Err(Refusal::with(
            format!("the {} is jammed: clear it first", w.name),
            crate::sim::intent::Remedy::Reload,
        ));
    }
    let missing = gear.rounds.saturating_sub(w.rounds);
    if missing == 0 {
        return Err(format!("the {} is loaded", w.name).into());
    }
    ammunition_left(world, e)?;
    Ok(Priced::new(
        crate::rules::weapons::SPEED_LOAD_AP,
        (weapon, missing),
    ))
}

/// "Hank Daggett wishes to reload his shotgun using his speed load skill so that he still has
/// an action": the simple check, the card's burst section for the rounds loaded on a success,
/// the rest of a normal reload's AP on a failure (from the pool, then next round's AP), nothing
/// loaded on a calamity.
pub fn speed_load(world: &mut World, e: Entity, weapon: usize, missing: u32, ap: u32) -> Outcome {
    use crate::rules::weapons::{SPEED_LOAD_SKILL, SPEED_LOAD_TN, SPEED_LOAD_TRAIT};
    use crate::sim::log::check_words;
    let hero = hero_id(world, e);
    let h = world
        .get::<crate::sim::model::Hero>(e)
        .cloned()
        .expect("priced");
    let mut request = crate::rules::check::CheckRequest::simple(
        crate::sim::deck::skill_pool(&h, SPEED_LOAD_SKILL, SPEED_LOAD_TRAIT),
        SPEED_LOAD_TN,
    );
    (request.venture, request.will) = crate::sim::deck::pool_choices(world, e);
    let roll = match crate::sim::deck::resolve_check(world, &request) {
        Ok(o) => o,
        Err(reason) => {
            return Outcome::Refused {
                hero,
                reason: reason.into(),
            };
        }
    };
    crate::sim::deck::spend_choices(world, e, &roll);
    let card = roll.resolution.as_ref().map(|r| r.cause.clone());
    let load = match &card {
        Some(card) => crate::rules::weapons::speed_load(&roll, card, missing),
        None => {
            crate::rules::weapons::speed_load(&roll, &crate::rules::card::Card::plain(0), missing)
        }
    };
    let (from_pool, owed) = match world.get_mut::<crate::sim::model::Track>(e) {
        Some(mut t) if load.extra_ap > 0 => t.0.pay_penalty(load.extra_ap),
        _ => (0, 0),
    };
    let (name, rounds) = {
        let mut weapons = world.get_mut::<Weapons>(e).expect("priced");
        let w = &mut weapons.0[weapon];
        w.rounds += load.loaded;
        (w.name.clone(), w.rounds)
    };
    if load.loaded > 0 {
        let side = crate::sim::query::side_of(world, e);
        crate::sim::counters::reloaded(world, side);
    }
    let verdict = if load.dropped {
        "no shell loaded".to_string()
    } else if roll.success {
        let burst = load
            .burst
            .map(|(value, hits)| format!(" (burst {value}: {hits})"))
            .unwrap_or_default();
        format!(
            "{} loaded{burst}, the action remains",
            crate::rules::words::count(load.loaded, "round", "rounds")
        )
    } else {
        format!(
            "{} loaded, but it takes the action: {} AP more",
            crate::rules::words::count(load.loaded, "round", "rounds"),
            load.extra_ap
        )
    };
    let text = format!("{}: Speed Load, {}; {verdict}", h.name, check_words(&roll));
    let report = crate::sim::events::SpeedLoad {
        words: text,
        check: roll,
        weapon: name.clone(),
        missing,
        load,
        rounds,
        from_pool,
        owed,
    };
    record(world, Some(e), MatchEvent::SpeedLoad(Box::new(report)));
    if load.dropped {
        let what = Consequence::DroppedShell {
            weapon: name.clone(),
        };
        calamity(world, e, what);
    }
    Outcome::Reloaded {
        hero,
        weapon: name,
        rounds,
        ap,
        cleared: false,
    }
}
