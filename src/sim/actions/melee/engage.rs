//! Who is engaged with whom, what each fights with, defense values and advantage.

use super::*;
use crate::data::gear::{Weapon, WeaponKind};
use crate::rules::check::Skill;
use crate::rules::melee::{self, AdvantageFactors, Dominance, Improvised};
use crate::rules::ranged::Modifier;
use crate::sim::model::{Battle, Closed, Hero, HexPos, MountedOn};
use crate::sim::query::{engaged_foes, occupied_hexes, weapon_in_hand};
use bevy::prelude::*;

/// The unarmed skill: Brawling (or Unarmed).
pub fn unarmed_level(hero: &Hero) -> u32 {
    ["Brawling", "Unarmed"]
        .iter()
        .filter_map(|s| hero.skills.get(*s).copied())
        .max()
        .unwrap_or(0)
}

/// What a hero fights with hand to hand.
#[derive(Clone, Debug, PartialEq)]
pub struct CloseWeapon {
    /// The weapon card read: the melee weapon in hand, or fists (bare hands, and a gun used as
    /// a club, whose improvised bonus is added).
    pub card: Weapon,
    /// The skill: the weapon's, or Brawling.
    pub skill: String,
    pub improvised: Option<Improvised>,
    /// Something in hand to fight with ("An armed combatant has advantage versus an unarmed
    /// one").
    pub armed: bool,
    /// The gun swung as a club ("the grip of a pistol", "rifle butts").
    pub club: Option<String>,
    /// Its Rel, raised by earlier equal blocks made with it.
    pub reliability: u32,
}

/// What a hero fights with: a melee weapon in hand, a gun used as an improvised club, or
/// fists.
pub fn close_weapon(world: &World, hero: Entity) -> CloseWeapon {
    let bare = || {
        let fists = world.resource::<Battle>().gear.fists();
        CloseWeapon {
            reliability: fists.reliability,
            card: fists,
            skill: "Brawling".into(),
            improvised: None,
            armed: false,
            club: None,
        }
    };
    match weapon_in_hand(world, hero) {
        // Broken (on a block or in a calamity): readied again, it is still no weapon.
        Some((_, state, w)) if w.kind == WeaponKind::Melee && state.jammed => bare(),
        Some((_, state, w)) if w.kind == WeaponKind::Melee => CloseWeapon {
            armed: w.name != "Fists" || w.improvised.is_some(),
            skill: w.skill.clone(),
            improvised: w.improvised,
            club: None,
            reliability: w.reliability + state.rel_penalty,
            card: w.clone(),
        },
        Some((_, _, w)) if w.kind != WeaponKind::Thrown && w.size > 0 => CloseWeapon {
            improvised: Some(if w.kind == WeaponKind::Pistol {
                Improvised::Small
            } else {
                Improvised::Large
            }),
            armed: true,
            club: Some(w.name.clone()),
            ..bare()
        },
        _ => bare(),
    }
}

pub(super) fn skill_level(hero: &Hero, skill: &str) -> u32 {
    if skill == "Brawling" {
        unarmed_level(hero)
    } else {
        hero.skills.get(skill).copied().unwrap_or(0)
    }
}

/// The pool of a hand-to-hand check: the skill in the Strength die (docs/rules-decisions.md);
/// unskilled, the 4 column at the rank of Strength.
pub fn close_skill(hero: &Hero, skill: &str) -> Skill {
    let level = skill_level(hero, skill);
    if level == 0 {
        Skill::Unskilled {
            trait_rank: crate::sim::deck::trait_rank(hero, "Strength"),
        }
    } else {
        Skill::Skilled {
            level,
            die: crate::sim::deck::trait_die(hero, "Strength"),
        }
    }
}

/// The defense value and what changed it: "4 + half of the level with the hand to hand skill
/// they are using, rounded up", less for dominance and for standing still two rounds.
pub fn defense(world: &World, hero: Entity) -> (u32, Vec<Modifier>) {
    let Some(h) = world.get::<Hero>(hero) else {
        return (4, vec![]);
    };
    let skill = close_weapon(world, hero).skill;
    let base = melee::defense_value(skill_level(h, &skill));
    let mut parts = vec![Modifier {
        name: format!("defense ({skill})").into(),
        value: base as i32,
    }];
    let dominated = Dominance::from_level(world.get::<Dominated>(hero).map_or(0, |d| d.0));
    if dominated.defense() != 0 {
        parts.push(Modifier {
            name: dominated.name().into(),
            value: dominated.defense(),
        });
    }
    let still = world.get::<CloseCombat>(hero).map_or(0, |c| c.rounds_still);
    let penalty = melee::standing_still_penalty(still);
    if penalty != 0 {
        parts.push(Modifier {
            name: "stood still two rounds".into(),
            value: penalty,
        });
    }
    let value = parts.iter().map(|p| p.value).sum::<i32>().max(1) as u32;
    (value, parts)
}

/// What advantage needs of the weapon a fighter holds, read in place: its reach and advantage
/// (the card's), and whether it is armed. The same reading as `close_weapon`.
struct Reach {
    length: u32,
    advantage: i32,
    armed: bool,
}

fn reach_of(world: &World, hero: Entity) -> Reach {
    let gear = &world.resource::<Battle>().gear;
    let fists = |armed: bool| {
        let f = gear.weapon("Fists");
        Reach {
            length: f.map_or(0, |w| w.length),
            advantage: f.map_or(0, |w| w.advantage),
            armed,
        }
    };
    let held = world
        .get::<crate::sim::model::Weapons>(hero)
        .and_then(|w| w.0.iter().find(|w| w.ready))
        .and_then(|state| gear.weapon(&state.name).map(|w| (state, w)));
    match held {
        Some((state, w)) if w.kind == WeaponKind::Melee && state.jammed => fists(false),
        Some((_, w)) if w.kind == WeaponKind::Melee => Reach {
            length: w.length,
            advantage: w.advantage,
            armed: w.name != "Fists" || w.improvised.is_some(),
        },
        Some((_, w)) if w.kind != WeaponKind::Thrown && w.size > 0 => fists(true),
        _ => fists(false),
    }
}

/// One fighter's advantage value against a foe; `foe_cornered` is `cornered(world, foe)`, read
/// once for all the fighters on that foe.
pub(super) fn advantage_of(world: &World, hero: Entity, foe: Entity, foe_cornered: bool) -> i32 {
    let (mine, theirs) = (reach_of(world, hero), reach_of(world, foe));
    let size = |e: Entity| world.get::<Hero>(e).map_or(6, |h| h.size);
    let battle = world.resource::<Battle>();
    let height = |e: Entity| {
        world
            .get::<HexPos>(e)
            .and_then(|p| battle.map.tile(p.0))
            .map_or(0, |t| t.height)
    };
    let mounted = |e: Entity| world.get::<MountedOn>(e).is_some();
    // "The longer weapon has the advantage at the beginning of any combat ... This advantage
    // switches if the combatant with the shorter weapon is able to successfully attack the
    // torso or head of the wielder of the longer weapon".
    let reach = if world
        .get_resource::<crate::sim::model::RoundOptions>()
        .is_some_and(|o| o.weapon_length)
    {
        let closed =
            |a: Entity, b: Entity| world.get::<Closed>(a).is_some_and(|c| c.0.contains(&b));
        match mine.length.cmp(&theirs.length) {
            std::cmp::Ordering::Greater if !closed(foe, hero) => 1,
            std::cmp::Ordering::Less if closed(hero, foe) => 1,
            _ => 0,
        }
    } else {
        0
    };
    let factors = AdvantageFactors {
        weapon: mine.advantage + reach,
        size_over: size(hero).saturating_sub(size(foe)),
        higher: height(hero) > height(foe) || (mounted(hero) && !mounted(foe)),
        position: foe_cornered,
        armed_vs_unarmed: mine.armed && !theirs.armed,
    };
    melee::advantage_value(&factors)
}

/// "trapping an opponent in a corner": at most two open hexes around it.
pub(super) fn cornered(world: &World, hero: Entity) -> bool {
    let Some(at) = world.get::<HexPos>(hero).map(|p| p.0) else {
        return false;
    };
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    at.all_neighbors()
        .iter()
        .filter(|n| {
            battle.map.tile(**n).is_some_and(|t| t.terrain.passable()) && !occupied.contains(n)
        })
        .count()
        <= 2
}

/// The net advantage of `hero` attacking `foe`: each side's engaged fighters' values added
/// together, +1 each for every other fighter on their side; the side ahead gets the difference
/// on its attacks.
pub fn advantage(world: &World, hero: Entity, foe: Entity) -> (i32, i32) {
    let ours: Vec<Entity> = engaged_foes(world, foe);
    let theirs: Vec<Entity> = engaged_foes(world, hero);
    let foe_cornered = !ours.is_empty() && cornered(world, foe);
    let hero_cornered = !theirs.is_empty() && cornered(world, hero);
    let our_values: Vec<i32> = ours
        .iter()
        .map(|&e| advantage_of(world, e, foe, foe_cornered))
        .collect();
    let their_values: Vec<i32> = theirs
        .iter()
        .map(|&e| advantage_of(world, e, hero, hero_cornered))
        .collect();
    (
        melee::gang_advantage(&our_values),
        melee::gang_advantage(&their_values),
    )
}
