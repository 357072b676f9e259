//! Lookups everyone needs, one function each: heroes by id and in the level's order, who
//! stands where, cover in a hex, the foes within a pace, the weapon in hand.

use super::intent::HeroId;
use super::model::{
    Battle, BehindCover, Committed, Cover, Dominated, Down, Facing, FigureState, Figures, Frame,
    Hero, HexPos, ItemAt, Mount, MountedOn, Prone, Roster, RoundState, Side, Track, WeaponState,
    Weapons, Wounds,
};
use crate::data::gear::Weapon;
use crate::data::level::Control;
use bevy::prelude::*;
use hexx::Hex;

/// The entity of a hero.
pub fn entity(world: &World, id: HeroId) -> Option<Entity> {
    world.get_resource::<Roster>().and_then(|r| r.entity(id))
}

/// The id of a hero's entity (its place in the level).
pub fn hero_id(world: &World, e: Entity) -> HeroId {
    HeroId(level_order(world, e) as u32)
}

/// A hero's place in the level's list: the tie-break for every choice between heroes, so a
/// match does not depend on how the ECS stores them (same seed, same intents, same match).
pub fn level_order(world: &World, e: Entity) -> usize {
    world.get::<Hero>(e).map_or(usize::MAX, |h| h.order)
}

/// The heroes in the level's order.
pub fn heroes(world: &World) -> Vec<Entity> {
    world
        .get_resource::<Roster>()
        .map(|r| r.present().collect())
        .unwrap_or_default()
}

/// A hero's name (empty for an entity that is no hero).
pub fn hero_name(world: &World, e: Entity) -> String {
    world
        .get::<Hero>(e)
        .map(|h| h.name.clone())
        .unwrap_or_default()
}

pub fn side_of(world: &World, e: Entity) -> usize {
    world.get::<Side>(e).map_or(usize::MAX, |s| s.0)
}

pub fn is_down(world: &World, e: Entity) -> bool {
    world.get::<Down>(e).is_some_and(|d| d.0)
}

pub fn position(world: &World, e: Entity) -> Option<Hex> {
    world.get::<HexPos>(e).map(|p| p.0)
}

/// Who controls the hero's side.
pub fn control_of(world: &World, hero: Entity) -> Control {
    let side = side_of(world, hero);
    world
        .resource::<Battle>()
        .level
        .sides
        .get(side)
        .map_or(Control::Computer, |s| s.control)
}

/// Hexes where figures stand (heroes and mounts), but for `except` and its mount.
pub fn occupied_hexes(world: &World, except: Entity) -> Vec<Hex> {
    let mount = world.get::<MountedOn>(except).map(|m| m.0);
    let heroes = world.get_resource::<Roster>().map_or(&[][..], |r| &r.0[..]);
    let mounts = world
        .get_resource::<Figures>()
        .map_or(&[][..], |f| &f.mounts[..]);
    heroes
        .iter()
        .chain(mounts)
        .filter(|&&e| e != except && Some(e) != mount)
        .filter_map(|&e| world.get::<HexPos>(e).map(|at| at.0))
        .collect()
}

/// The mounts, in the level's order.
pub fn mounts(world: &World) -> Vec<Entity> {
    world
        .get_resource::<Figures>()
        .map(|f| f.mounts.clone())
        .unwrap_or_default()
}

/// The cover objects still standing: entity, hex, data, in the level's order.
pub fn cover_objects(world: &World) -> impl Iterator<Item = (Entity, Hex, &Cover)> {
    world
        .get_resource::<Figures>()
        .map_or(&[][..], |f| &f.covers[..])
        .iter()
        .filter_map(|&e| Some((e, world.get::<HexPos>(e)?.0, world.get::<Cover>(e)?)))
}

/// The hexes other heroes declared moves to this segment (due, on the table for every player
/// to see): the first to resolve takes the hex, and a later move there is refused with its AP
/// lost, so neither the computer nor the player's close-in picks one.
pub fn claimed_hexes(world: &World, hero: Entity) -> Vec<Hex> {
    let id = hero_id(world, hero);
    world
        .get_resource::<RoundState>()
        .map_or(&[][..], |r| &r.due[..])
        .iter()
        .filter(|a| a.hero() != id)
        .filter_map(|a| a.goes_to())
        .collect()
}

/// The moves on the table, for every player to see: each hero with a move paid and due this
/// segment, or being paid for token by token, and the hex it goes to.
pub fn moves_on_the_table(world: &World) -> Vec<(Entity, Hex)> {
    let goes_to = |a: &super::intent::Action| a.goes_to().map(|to| (a.hero(), to));
    let due = world
        .get_resource::<RoundState>()
        .map_or(&[][..], |r| &r.due[..])
        .iter()
        .filter_map(goes_to);
    let paying = heroes(world)
        .into_iter()
        .filter_map(|e| world.get::<crate::sim::model::Committed>(e))
        .filter_map(|c| goes_to(&c.0));
    due.chain(paying)
        .filter_map(|(id, to)| Some((entity(world, id)?, to)))
        .collect()
}

/// The hero standing in a hex (the first in the level's order: a rider and no one else).
pub fn hero_at(world: &World, hex: Hex) -> Option<Entity> {
    heroes(world)
        .into_iter()
        .find(|&e| position(world, e) == Some(hex))
}

/// A hero of another side than `side`, standing and in the hex.
pub fn enemy_at(world: &World, side: usize, hex: Hex) -> Option<Entity> {
    heroes(world)
        .into_iter()
        .find(|&e| position(world, e) == Some(hex) && side_of(world, e) != side)
}

/// The cover object standing in a hex: its entity and data.
pub fn cover_in(world: &World, hex: Hex) -> Option<(Entity, Cover)> {
    cover_objects(world)
        .filter(|(_, at, _)| *at == hex)
        .min_by(|a, b| a.2.name.cmp(&b.2.name))
        .map(|(e, _, c)| (e, c.clone()))
}

/// Every cover object: entity, hex, data (in the level's order of hexes and names).
pub fn covers(world: &World) -> Vec<(Entity, Hex, Cover)> {
    let mut all: Vec<(Entity, Hex, Cover)> = cover_objects(world)
        .map(|(e, at, c)| (e, at, c.clone()))
        .collect();
    all.sort_by(|a, b| (a.1.x, a.1.y, &a.2.name).cmp(&(b.1.x, b.1.y, &b.2.name)));
    all
}

/// The standing foes within one pace: "When two combatants are within one pace of one another,
/// either may choose to initiate hand to hand combat." In the level's order.
pub fn engaged_foes(world: &World, hero: Entity) -> Vec<Entity> {
    let Some(at) = position(world, hero) else {
        return vec![];
    };
    let side = side_of(world, hero);
    let Some(roster) = world.get_resource::<Roster>() else {
        return vec![];
    };
    roster
        .0
        .iter()
        .copied()
        .filter(|&e| {
            // The distance first: most figures are not beside the hero (one lookup, not three).
            e != hero
                && position(world, e).is_some_and(|p| p.unsigned_distance_to(at) <= 1)
                && side_of(world, e) != side
                && !is_down(world, e)
        })
        .collect()
}

/// The standing enemies of a side, nearest to `from` first (ties by the level's order).
pub fn enemies_by_distance(world: &World, side: usize, from: Hex) -> Vec<(u32, Entity)> {
    let mut list: Vec<(u32, Entity)> = heroes(world)
        .into_iter()
        .filter(|&e| side_of(world, e) != side && !is_down(world, e))
        .filter_map(|e| position(world, e).map(|p| (p.unsigned_distance_to(from), e)))
        .collect();
    list.sort_by_key(|&(d, e)| (d, level_order(world, e)));
    list
}

/// The weapon in the main hand: its index, its state, its gear (read in place).
pub fn weapon_in_hand(world: &World, hero: Entity) -> Option<(usize, &WeaponState, &Weapon)> {
    weapon_in(world, hero, false)
}

/// The weapon in the main hand, or in the off hand.
pub fn weapon_in(
    world: &World,
    hero: Entity,
    off_hand: bool,
) -> Option<(usize, &WeaponState, &Weapon)> {
    weapon_in_of(world, world.get::<Weapons>(hero)?, off_hand)
}

/// The weapon in the main hand, or in the off hand, of the weapons given (as a hero carries
/// them, or as a plan would leave them).
pub fn weapon_in_of<'w>(
    world: &'w World,
    weapons: &'w Weapons,
    off_hand: bool,
) -> Option<(usize, &'w WeaponState, &'w Weapon)> {
    let (i, state) = weapons
        .0
        .iter()
        .enumerate()
        .find(|(_, w)| if off_hand { w.off_hand } else { w.ready })?;
    let gear = world.resource::<Battle>().gear.weapon(&state.name)?;
    Some((i, state, gear))
}

/// Holding a weapon in each hand.
pub fn two_weapons(world: &World, hero: Entity) -> bool {
    weapon_in(world, hero, false).is_some() && weapon_in(world, hero, true).is_some()
}

/// The map as it stands: every hero (in the level's order), then every mount (by name).
pub fn frame(world: &mut World) -> Frame {
    let (round, segment) = world
        .get_resource::<RoundState>()
        .map_or((0, 0), |r| r.now());
    let mut figures: Vec<FigureState> = heroes(world)
        .into_iter()
        .filter_map(|e| {
            let wounds = world.get::<Wounds>(e)?;
            Some(FigureState {
                name: hero_name(world, e),
                side: Some(side_of(world, e)),
                at: position(world, e)?,
                facing: world.get::<Facing>(e).map_or(0, |f| f.0),
                prone: world.get::<Prone>(e).is_some_and(|p| p.0),
                behind_cover: world.get::<BehindCover>(e).is_some_and(|b| b.0),
                down: is_down(world, e),
                stunned: wounds.stunned,
                wound: wounds.worst(),
                conc: wounds.body.conc,
                body: wounds.body.clone(),
                dominated: world.get::<Dominated>(e).map_or(0, |d| d.0),
                track: world
                    .get::<Track>(e)
                    .map(|t| t.0.clone())
                    .unwrap_or_default(),
                paying: world.get::<Committed>(e).map(|c| c.0.clone()),
                weapons: world
                    .get::<Weapons>(e)
                    .map(|w| w.0.clone())
                    .unwrap_or_default(),
                fate: wounds.fate,
                speed: 0,
            })
        })
        .collect();
    let mut q = world.query::<(&Mount, &HexPos, &Facing)>();
    let mut mounts: Vec<FigureState> = q
        .iter(world)
        .map(|(m, at, f)| FigureState {
            name: m.name.clone(),
            side: None,
            at: at.0,
            facing: f.0,
            prone: false,
            behind_cover: false,
            down: false,
            stunned: false,
            wound: 0,
            conc: 0,
            body: Default::default(),
            dominated: 0,
            track: Default::default(),
            paying: None,
            weapons: Vec::new(),
            fate: None,
            speed: m.speed,
        })
        .collect();
    mounts.sort_by(|a, b| a.name.cmp(&b.name));
    figures.extend(mounts);
    let stack = world
        .get_resource::<RoundState>()
        .map(|r| r.stack.clone())
        .unwrap_or_default();
    let roster = world.get_resource::<Roster>().map_or(&[][..], |r| &r.0[..]);
    let counters = world.get_resource::<crate::sim::counters::LevelCounters>();
    let items = counters.map_or_else(Vec::new, |c| {
        c.items
            .iter()
            .map(|&item| ItemAt::of(item, roster))
            .collect()
    });
    Frame {
        round,
        segment,
        figures,
        stack,
        counters: counters.map_or_else(Vec::new, |c| c.counters.clone()),
        items,
        objectives: world
            .get_resource::<crate::sim::model::Objectives>()
            .map_or_else(Vec::new, |o| o.0.clone()),
        contests: world
            .get_resource::<crate::sim::model::Contests>()
            .map_or_else(Vec::new, |c| c.0.clone()),
        cover_av: cover_objects(world).map(|(_, _, c)| c.av).collect(),
    }
}

/// The hero whose player's choice holds the match (bumps to spend, a snap shot to make or
/// forgo), if any.
pub fn waiting_choice(world: &World) -> Option<Entity> {
    world
        .get_resource::<crate::sim::model::PendingBumps>()
        .map(|p| p.hero)
        .or_else(|| {
            world
                .get_resource::<crate::sim::model::PendingSnap>()
                .map(|p| p.hero)
        })
}

/// The recovery check a stunned hero makes at a round's start ("Each round, stunned
/// characters use their action (Recover, all APs) to attempt a recovery check to shake off
/// the stun"): Fortitude against the Stun TN of its worst wound, never under the initiative
/// step's TN.
pub fn recovery_request(hero: &Hero, wounds: &Wounds) -> crate::rules::check::CheckRequest {
    use crate::rules::action_time::{INITIATIVE_TN, stun_tn};
    let tn = stun_tn(wounds.worst()).max(INITIATIVE_TN);
    crate::rules::check::CheckRequest::simple(super::deck::trait_skill(hero, "Fortitude"), tn)
}

/// A stunned hero's recovery check at the next round's start: its TN and the chance it shakes
/// the stun off (None when the hero is not stunned, or is down).
pub fn recovery_odds(world: &World, e: Entity) -> Option<(u32, f64)> {
    let wounds = world.get::<Wounds>(e).filter(|w| w.stunned)?;
    if world.get::<Down>(e).is_some_and(|d| d.0) {
        return None;
    }
    let request = recovery_request(world.get::<Hero>(e)?, wounds);
    Some((request.tn, super::deck::success_chance(world, &request)))
}

/// What a way to spend a hit's bumps would leave its target (a play-test could not tell which
/// choice knocked the foe out): its fate, and when it stands, the chance the Stun check the
/// wound calls for stuns it (none for a hero already stunned). Worked out on a copy of its
/// wounds, as the hit would apply them.
pub fn bump_fate(
    world: &World,
    target: Entity,
    option: &super::model::BumpOption,
) -> (crate::rules::damage::Fate, Option<f64>) {
    use crate::rules::damage::{Dealt, Fate};
    let (Some(hero), Some(wounds)) = (world.get::<Hero>(target), world.get::<Wounds>(target))
    else {
        return (Fate::Standing, None);
    };
    let mut body = wounds.body.clone();
    let dealt = Dealt {
        wounds: option.wounds,
        conc: option.conc,
    };
    let fate = body.take(
        option.location,
        dealt,
        option.damage,
        option.toggle,
        hero.size,
    );
    if matches!(fate, Fate::Unconscious | Fate::Killed) || wounds.stunned {
        return (fate, None);
    }
    let request = super::actions::ranged::stun_request(hero, body.worst().max(1));
    (
        fate,
        Some(1.0 - super::deck::success_chance(world, &request)),
    )
}

/// How badly a choice of bumps leaves the foe, from its fate (`bump_fate`): killed 3, knocked
/// out 2.5, a limb disabled 1, standing 0, and the chance the hit stuns it added. The measure
/// `hard` spends its bumps by, and the bump box marks its hardest choice by.
pub fn fate_harm(fate: crate::rules::damage::Fate, stuns: Option<f64>) -> f64 {
    use crate::rules::damage::Fate;
    let down = match fate {
        Fate::Killed => 3.0,
        Fate::Unconscious => 2.5,
        Fate::LimbDisabled(_) => 1.0,
        Fate::Standing => 0.0,
    };
    down + stuns.unwrap_or(0.0)
}

/// The hero carries a gun or a throwing weapon (in hand or not, loaded or not).
pub fn carries_ranged(world: &World, e: Entity) -> bool {
    let gear = &world.resource::<Battle>().gear;
    world.get::<Weapons>(e).is_some_and(|w| {
        w.0.iter()
            .any(|w| gear.weapon(&w.name).is_some_and(|g| g.is_ranged()))
    })
}
