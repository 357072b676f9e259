//! A hand-to-hand declaration planned: one attack, several at one foe, or a series at several
//! foes ("Changing targets during a series of attacks is 1 AP per switch"), all from one pool.

use super::*;
use crate::data::gear::Weapon;
use crate::rules::card::Location;
use crate::rules::damage::DamageType;
use crate::rules::die::Pool;
use crate::rules::melee::{self, AttackType, CAREFUL_BONUS, Dominance, Improvised, MeleeDamage};
use crate::rules::movement::hexsides_between;
use crate::rules::ranged::{Modifier, ShotTerms};
use crate::rules::shot::{Attack, CloseTerms, ShotWeapon, Volley};
use crate::sim::model::{Down, Hero, HexPos, MountedOn};
use bevy::prelude::*;

/// One attack of a declaration: its foe, type and care, and what it reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Blow {
    pub target: Entity,
    pub attack: AttackType,
    pub careful: bool,
    /// What makes up the foe's defense (the attack's TN).
    pub tn_parts: Vec<Modifier>,
    /// (the attacker's side, the foe's side).
    pub advantage: (i32, i32),
    /// The attacker stands at the foe's back: the foe is unaware, fully dominated for this
    /// blow (the attacker picks the location).
    pub behind: bool,
}

/// A declared hand-to-hand attack (or several from one pool, at one foe or at several).
#[derive(Clone, Debug, PartialEq)]
pub struct MeleePlan {
    pub ap: u32,
    /// The first attack's foe, type and care.
    pub target: Entity,
    pub attack: AttackType,
    pub careful: bool,
    /// How many attacks.
    pub times: u32,
    pub weapon: Weapon,
    pub improvised: Option<Improvised>,
    /// The gun swung as a club, if that is it.
    pub club: Option<String>,
    /// The first attack's TN parts and advantage.
    pub tn_parts: Vec<Modifier>,
    pub volley: Volley,
    pub advantage: (i32, i32),
    pub chance: f64,
    /// Every attack, in the declared order.
    pub blows: Vec<Blow>,
}

impl MeleePlan {
    /// What the blow is struck with, as the log and the preview both say it: the weapon, or
    /// "the butt of a gun" swung as a club (a play-test's preview said Fists where the log
    /// said the butt of a gun).
    pub fn struck_with(&self) -> String {
        match self.club {
            Some(_) => "the butt of a gun".to_string(),
            None => self.weapon.name.to_lowercase(),
        }
    }
}

impl MeleePlan {
    /// The foes attacked, once each, in the declared order.
    pub fn foes(&self) -> Vec<Entity> {
        let mut foes = Vec::new();
        for b in &self.blows {
            if !foes.contains(&b.target) {
                foes.push(b.target);
            }
        }
        foes
    }
}

/// The price of `times` attacks of a type at an engaged foe.
pub fn price_attack(
    world: &World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    careful: bool,
    times: u32,
) -> Result<Priced<MeleePlan>, Refusal> {
    let p = plan(world, hero, target, attack, careful, times)?;
    Ok(Priced::new(p.ap, p))
}

/// The price of a series of attacks, each (foe, type, careful), in order.
pub fn price_series(
    world: &World,
    hero: Entity,
    blows: &[(Entity, AttackType, bool)],
) -> Result<Priced<MeleePlan>, Refusal> {
    let p = plan_series(world, hero, blows)?;
    Ok(Priced::new(p.ap, p))
}

/// Plan `times` attacks of a type at an engaged foe, or say why not.
pub fn plan(
    world: &World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    careful: bool,
    times: u32,
) -> Result<MeleePlan, Refusal> {
    if times == 0 || times > melee::MAX_ATTACKS {
        return Err(format!("1 to {} attacks in a declaration", melee::MAX_ATTACKS).into());
    }
    plan_series(
        world,
        hero,
        &vec![(target, attack, careful); times as usize],
    )
}

/// Plan a series: "The number and type of attacks that will be attempted must be clearly
/// declared, as well as the order and priority, before rolling", "The AP value for all attacks
/// and actions must be paid before any attacks are resolved", "A single dice pool is used".
pub fn plan_series(
    world: &World,
    hero: Entity,
    blows: &[(Entity, AttackType, bool)],
) -> Result<MeleePlan, Refusal> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    if blows.is_empty() || blows.len() > melee::MAX_ATTACKS as usize {
        return Err(format!("1 to {} attacks in a declaration", melee::MAX_ATTACKS).into());
    }
    if world
        .get::<CloseCombat>(hero)
        .is_some_and(|c| c.dodge.is_some())
    {
        return Err(format!(
            "{} is dodging this round: no attacks (\"Dodge ... may only be employed if no attacks are attempted\")",
            h.name
        )
        .into());
    }
    let CloseWeapon {
        card: weapon,
        skill: skill_name,
        improvised,
        club,
        ..
    } = close_weapon(world, hero);
    let skill = close_skill(&h, &skill_name);
    let level = skill.pool().map_or(1, |p| p.rows);
    let dmg = weapon.damage_pool()?;
    let deadly = weapon.deadly || improvised.is_some_and(|i| i.deadly());
    let mut planned = Vec::new();
    let mut attacks = Vec::new();
    let mut downgrades = 0;
    // "Block works against a single incoming attack": each block a foe has ready meets the
    // next attack declared at it.
    let mut blocks_left: Vec<(Entity, u32)> = Vec::new();
    let mut foes: Vec<Entity> = Vec::new();
    let mut indexed = Vec::new();
    for &(target, attack, careful) in blows {
        let (blow, spec, dodge) =
            plan_blow(world, hero, target, attack, careful, dmg, &mut blocks_left)?;
        let index = foes.iter().position(|&f| f == target).unwrap_or_else(|| {
            foes.push(target);
            foes.len() - 1
        });
        indexed.push((index, attack, careful));
        downgrades = downgrades.max(dodge);
        planned.push(blow);
        attacks.push(spec);
    }
    let (venture, will) = crate::sim::deck::pool_choices(world, hero);
    let volley = Volley {
        skill,
        // "The dice pool takes a number of downgrades equal to the AD of the defender": one
        // pool, so the most agile dodger's (docs/rules-decisions.md).
        rows: -(downgrades as i32),
        weapon: ShotWeapon {
            pen: weapon.pen as i32 + improvised.map_or(0, |i| i.pen() as i32),
            dmg: Pool {
                rows: dmg.rows,
                die: dmg.die,
            },
            rd: dmg,
            damage: if deadly {
                DamageType::Deadly
            } else {
                DamageType::Impact
            },
            burst: None,
            scatter_band: None,
            reliability: weapon.reliability,
        },
        attacks,
        // "Attacks in excess of the level of the appropriate skill miss automatically"
        limit: level,
        venture,
        will,
        bonus: None,
    };
    let chance = crate::sim::deck::success_chance(world, &volley.cause());
    let first = planned[0].clone();
    Ok(MeleePlan {
        ap: melee::series_ap(&indexed),
        target: first.target,
        attack: first.attack,
        careful: first.careful,
        times: planned.len() as u32,
        weapon,
        improvised,
        club,
        tn_parts: first.tn_parts.clone(),
        volley,
        advantage: first.advantage,
        chance,
        blows: planned,
    })
}

/// A block the foe has prepared meets this blow (one block a blow, in the order of the
/// series): the blocking skill, whether it is a weapon block, the weapon's Rel.
fn block_met(
    world: &World,
    target: Entity,
    blocks_left: &mut Vec<(Entity, u32)>,
) -> Option<(crate::rules::check::Skill, bool, u32)> {
    let slot = match blocks_left.iter().position(|(e, _)| *e == target) {
        Some(i) => i,
        None => {
            let ready = world.get::<CloseCombat>(target).map_or(0, |c| c.blocks);
            blocks_left.push((target, ready));
            blocks_left.len() - 1
        }
    };
    let blocked = blocks_left[slot].1 > 0;
    blocks_left[slot].1 = blocks_left[slot].1.saturating_sub(1);
    blocked.then(|| {
        // A weapon block: something in hand that is no gun swung as a club.
        let w = close_weapon(world, target);
        (
            close_skill(world.get::<Hero>(target).expect("a hero"), &w.skill),
            w.armed && w.club.is_none(),
            w.reliability,
        )
    })
}

/// The foe's dodge toward the attacker's side (the downgrades of its Agility), and whether the
/// attacker comes at its back.
fn dodge_and_back(world: &World, hero: Entity, target: Entity, t_dodge: u32) -> (u32, bool) {
    // "The dice pool takes a number of downgrades equal to the AD of the defender."
    let from = world.get::<HexPos>(target).map(|p| p.0).unwrap_or_default();
    let attacker_at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
    let side = crate::rules::hexmap::hexside_toward(from, attacker_at);
    let dodged = world
        .get::<CloseCombat>(target)
        .and_then(|c| c.dodge)
        .is_some_and(|toward| melee::dodge_covers(toward, side));
    let downgrades = if dodged {
        melee::agility_downgrades(t_dodge)
    } else {
        0
    };
    // "unaware (such as if being attacked from behind ...)": the foe's back.
    let behind = world.get::<MountedOn>(target).is_none()
        && world
            .get::<Facing>(target)
            .is_some_and(|f| melee::from_behind(hexsides_between(f.0, side)));
    (downgrades, behind)
}

/// One attack at a foe: the blow, its terms for the card, and the downgrades of the foe's dodge.
fn plan_blow(
    world: &World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    careful: bool,
    dmg: Pool,
    blocks_left: &mut Vec<(Entity, u32)>,
) -> Result<(Blow, Attack, u32), Refusal> {
    // Copies of what is read of the two heroes (not the heroes: the planning runs often).
    let h_db = world.get::<Hero>(hero).ok_or("no such hero")?.db;
    let t = world.get::<Hero>(target).ok_or("nobody there")?;
    let (t_dodge, t_size) = (t.skills.get("Dodge").copied().unwrap_or(0), t.size);
    if world.get::<Down>(target).is_some_and(|d| d.0) {
        let t = crate::sim::query::hero_name(world, target);
        return Err(format!("{t} is already down").into());
    }
    if !engaged_foes(world, hero).contains(&target) {
        let (t, h) = (
            crate::sim::query::hero_name(world, target),
            crate::sim::query::hero_name(world, hero),
        );
        return Err(format!("{t} is not within one pace of {h}: close in first").into());
    }
    let (tn, tn_parts) = defense(world, target);
    let (ours, theirs) = advantage(world, hero, target);
    let mut modifiers = Vec::new();
    if careful {
        modifiers.push(Modifier {
            name: "careful".into(),
            value: CAREFUL_BONUS,
        });
    }
    let bonus = melee::advantage_bonus(ours, theirs);
    if bonus > 0 {
        modifiers.push(Modifier {
            name: "advantage".into(),
            value: bonus,
        });
    }
    let (downgrades, behind) = dodge_and_back(world, hero, target, t_dodge);
    let own = Dominance::from_level(dominated(world, hero));
    let improvised = close_weapon(world, hero).improvised;
    let (flat, no_damage, rows) =
        match melee::dominated_damage(melee::attack_damage(attack, dmg), own.damage_rows()) {
            MeleeDamage::Flat(n) => (Some(n), false, 0),
            MeleeDamage::Grid(p) => (
                None,
                false,
                p.rows as i32 - dmg.rows as i32 + own.damage_rows(),
            ),
            MeleeDamage::None => (None, true, 0),
        };
    let target_dominance = Dominance::from_level(dominated(world, target));
    let block = block_met(world, target, blocks_left);
    let close = CloseTerms {
        // A grapple's bumps all go to dominance; a heavy attack's first bump shoves.
        reserve: match attack {
            AttackType::Grapple => u32::MAX,
            AttackType::Heavy => 1,
            _ => 0,
        },
        flat,
        no_damage,
        bonus: h_db + improvised.map_or(0, |i| i.damage() as i32),
        rows,
        block: block.as_ref().map(|b| b.0),
        // Full dominance or the foe's back: the attacker picks the location (the head).
        pick: (target_dominance == Dominance::Full || behind).then_some(Location::Head),
        weapon_block: block.as_ref().is_some_and(|b| b.1),
        block_reliability: block.as_ref().map_or(0, |b| b.2),
    };
    let spec = Attack {
        terms: ShotTerms {
            tn,
            tn_parts: tn_parts.clone(),
            modifiers,
        },
        target_size: t_size,
        cover: None,
        close: Some(close),
    };
    let blow = Blow {
        target,
        attack,
        careful,
        tn_parts,
        advantage: (ours, theirs),
        behind,
    };
    Ok((blow, spec, downgrades))
}
