//! Planning a shot from the map: weapon in hand, line of fire, cover, range,
//! speeds, modifiers, AP and the exact chance to hit.

use crate::data::gear::{Weapon, WeaponKind};
use crate::rules::card::Location;
use crate::rules::damage::DamageType;
use crate::rules::hexmap::{hexside_toward, offset_of};
use crate::rules::movement::EMERGE_FROM_COVER_AP;
use crate::rules::movement::Gait;
use crate::rules::ranged::{self, ShotKind, ShotSituation, ShotTerms, shot_ap, shot_terms};
use crate::rules::shot::{CoverView, ShotRequest, ShotWeapon};
use crate::rules::weapons::COCK_AP;
use crate::sim::deck::skill_pool;
use crate::sim::intent::{Refusal, Remedy};
use crate::sim::model::{
    AimLost, AppearedThisRound, Battle, BehindCover, Down, Facing, Hero, HexPos, Mount, MountedOn,
    MovedThisRound, Prone, Weapons,
};
use crate::sim::query::{weapon_in_hand, weapon_in_of};
use bevy::prelude::*;
use hexx::Hex;

/// A shot as it would be fired now: the AP, the TN and modifiers, the chance to hit.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotPlan {
    pub ap: u32,
    pub target: Entity,
    pub weapon: Weapon,
    pub weapon_index: usize,
    pub kind: ShotKind,
    pub distance: u32,
    pub terms: ShotTerms,
    pub request: ShotRequest,
    /// Exact, over the match deck.
    pub chance: f64,
    pub cover: Option<CoverView>,
    /// Dice pools: the firer's Venture tokens and Will on this shot.
    pub venture: u32,
    pub will: bool,
}

/// The heading and speed of a figure this round: its mount's, or its own walking or running.
pub fn velocity(world: &World, e: Entity) -> (u32, u8) {
    if let Some(mount) = world.get::<MountedOn>(e).map(|m| m.0)
        && let Some(m) = world.get::<Mount>(mount)
    {
        let heading = world.get::<Facing>(mount).map_or(0, |f| f.0);
        return (m.speed, heading);
    }
    let heading = world.get::<Facing>(e).map_or(0, |f| f.0);
    let hero = world.get::<Hero>(e);
    match (world.get::<MovedThisRound>(e).and_then(|m| m.0), hero) {
        (Some(Gait::Run), Some(h)) => (h.run, heading),
        (Some(Gait::Walk), Some(h)) => (h.move_paces, heading),
        _ => (0, heading),
    }
}

/// The cover standing in the target's hex between it and the firer, if any: a ducked target
/// is behind it whole; otherwise it covers its locations from its sides.
pub fn cover_between(world: &World, firer: Hex, target: Entity) -> Option<(Entity, CoverView)> {
    let at = world.get::<HexPos>(target)?.0;
    let ducked = world.get::<BehindCover>(target).is_some_and(|b| b.0);
    let side = hexside_toward(at, firer);
    crate::sim::query::cover_objects(world)
        .find(|(_, p, c)| *p == at && (ducked || c.from.contains(&side)))
        .map(|(e, _, c)| {
            let covers = if ducked {
                Location::ALL.to_vec()
            } else {
                c.covers.clone()
            };
            (
                e,
                CoverView {
                    name: c.name.clone(),
                    av: c.av,
                    covers,
                },
            )
        })
}

/// Plan a shot with the main or the off hand's weapon.
pub fn plan_hand(
    world: &World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    off_hand: bool,
) -> Result<ShotPlan, Refusal> {
    plan_with(world, hero, target, kind, false, off_hand, None)
}

/// The AP of a shot of `kind` with the weapon in the main hand, before a target is chosen
/// (the shot alone: no cocking, no stack fee); `None` with no weapon in hand.
pub fn kind_ap(world: &World, hero: Entity, kind: ShotKind) -> Option<u32> {
    let hands = world.get::<Weapons>(hero)?;
    let (_, _, weapon) = weapon_in_of(world, hands, false)?;
    let both_hands = weapon_in_of(world, hands, true).is_some();
    kind_ap_of(weapon, both_hands, kind).ok()
}

/// The AP of a shot of `kind` with `weapon`: "Aiming two weapons ... takes concentration, so
/// increase the AP cost of any aim action by 2."
fn kind_ap_of(weapon: &Weapon, both_hands: bool, kind: ShotKind) -> Result<u32, String> {
    let aim_ap = weapon.aim_ap
        + if both_hands {
            ranged::TWO_WEAPON_AIM_AP
        } else {
            0
        };
    shot_ap(kind, weapon.snap_ap, weapon.normal_ap, aim_ap)
}

/// Plan a shot, or say why it cannot be fired.
pub fn plan(
    world: &World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
) -> Result<ShotPlan, Refusal> {
    plan_with(world, hero, target, kind, false, false, None)
}

/// Plan a shot as if the hero's weapons were `hands` (a preview pricing a plan's later steps:
/// the match is only read).
pub fn plan_as_if(
    world: &World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    hands: &Weapons,
) -> Result<ShotPlan, Refusal> {
    plan_with(world, hero, target, kind, false, false, Some(hands))
}

/// One shot's plan; `in_series`: the series pays the cocking, so the hammer may be down;
/// `as_if`: the weapons to plan with instead of those the hero carries now.
pub(super) fn plan_with(
    world: &World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    in_series: bool,
    off_hand: bool,
    as_if: Option<&Weapons>,
) -> Result<ShotPlan, Refusal> {
    let hands = as_if.or_else(|| world.get::<Weapons>(hero));
    let hand = |off_hand| hands.and_then(|h| weapon_in_of(world, h, off_hand));
    let (h, t, from, to) = who_fires(world, hero, target)?;
    let name = h.name.clone();
    let Some((index, state, weapon)) = hand(off_hand).map(|(i, s, w)| (i, s.clone(), w.clone()))
    else {
        if off_hand {
            return Err(format!("{name} has no weapon in the off hand").into());
        }
        return Err(Refusal::with(
            format!("{name} has no weapon in hand: ready one first"),
            Remedy::Ready,
        ));
    };
    weapon_fires(&state, &weapon, in_series)?;
    if matches!(kind, ShotKind::Aimed(_)) && world.get::<AimLost>(hero).is_some_and(|a| a.0) {
        return Err(
            format!("{name} lost the aim to a Bravery check: no aiming again this round").into(),
        );
    }
    let both_hands = hand(false).is_some() && hand(true).is_some();
    if both_hands && kind != ShotKind::Snap {
        aims_at_one(world, hero, target)?;
    }
    let arms = disabled_arms(world, hero);
    if arms >= 2 {
        return Err(format!("{name} cannot hold a weapon: both arms are disabled").into());
    }
    // "Aiming two weapons ... takes concentration, so increase the AP cost of any aim action
    // by 2."
    let ap = kind_ap_of(&weapon, both_hands, kind)?;
    let distance = from.unsigned_distance_to(to);
    if weapon.kind == WeaponKind::Thrown {
        within_a_throw(&h, &weapon, distance)?;
    }
    let cover = cover_between(world, from, target).map(|c| c.1);
    let situation = situation_of(
        world,
        (hero, target),
        (&weapon, &state),
        kind,
        distance,
        (both_hands, off_hand),
    );
    let terms = shot_terms(&situation);
    let dmg = weapon.damage_pool()?;
    let rd = weapon.rd_pool()?;
    let skill = skill_pool(&h, &weapon.skill, "Coordination");
    // "Apply a penalty of 2 downgrades to any two-handed ranged weapon being used with one
    // hand": the other hand holds a weapon, or its arm is disabled ("cannot hold").
    let one_handed = if weapon.two_handed && (both_hands || arms == 1) {
        -ranged::ONE_HANDED_DOWNGRADES
    } else {
        0
    };
    let request = shot_request(
        skill,
        terms.clone(),
        one_handed,
        &weapon,
        (dmg, rd),
        distance,
        t.size,
        cover.clone(),
    );
    skill.pool().map_err(|e| e.to_string())?;
    let (venture, will) = crate::sim::deck::pool_choices(world, hero);
    let chance = chance_to_hit(world, skill, &terms, one_handed, (venture, will));
    Ok(ShotPlan {
        ap,
        target,
        weapon,
        weapon_index: index,
        kind,
        distance,
        terms,
        request,
        chance,
        cover,
        venture,
        will,
    })
}

/// The exact chance the shot's check succeeds: its TN, modifiers and one-handed downgrade, and
/// the hero's Venture and Will under dice pools.
fn chance_to_hit(
    world: &World,
    skill: crate::rules::check::Skill,
    terms: &ShotTerms,
    one_handed: i32,
    (venture, will): (u32, bool),
) -> f64 {
    let mut check = crate::rules::check::CheckRequest::simple(skill, terms.tn);
    check.adjust.direct = terms.direct();
    check.adjust.row = one_handed;
    check.named = terms
        .modifiers
        .iter()
        .map(|m| (m.name.clone(), m.value))
        .collect();
    check.venture = venture;
    check.will = will;
    crate::sim::deck::success_chance(world, &check)
}

/// A thrown weapon reaches as far as the thrower's Strength throws it.
fn within_a_throw(h: &Hero, weapon: &Weapon, distance: u32) -> Result<(), Refusal> {
    let reach = ranged::max_throw(crate::sim::deck::trait_rank(h, "Strength"));
    if distance > reach {
        return Err(format!(
            "{} can throw the {} at most {reach} paces, not {distance}",
            h.name, weapon.name
        )
        .into());
    }
    Ok(())
}

/// Two weapons aimed (any shot but a snap shot) stay on the target of the round's first such
/// shot.
fn aims_at_one(world: &World, hero: Entity, target: Entity) -> Result<(), Refusal> {
    let name = crate::sim::query::hero_name(world, hero);
    if let Some(aimed) = world
        .get::<crate::sim::model::TwoWeaponAim>(hero)
        .and_then(|a| a.0)
        && aimed != target
    {
        let other = world
            .get::<Hero>(aimed)
            .map_or(String::new(), |h| h.name.clone());
        return Err(format!(
            "{name} shot at {other} with two weapons this round: a shot at another target must be a snap shot"
        )
        .into());
    }
    Ok(())
}

/// Who fires at whom, from where to where: refused when the target is the firer, down or out
/// of the line of fire, or the firer is ducked behind cover.
fn who_fires(
    world: &World,
    hero: Entity,
    target: Entity,
) -> Result<(Hero, Hero, Hex, Hex), Refusal> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let name = h.name.clone();
    let t = world
        .get::<Hero>(target)
        .ok_or("there is nobody there to shoot at")?
        .clone();
    if hero == target {
        return Err(format!("{name} will not shoot {name}").into());
    }
    if world.get::<Down>(target).is_some_and(|d| d.0) {
        return Err(format!("{} is already down", t.name).into());
    }
    let from = world.get::<HexPos>(hero).ok_or("no position")?.0;
    let to = world.get::<HexPos>(target).ok_or("no position")?.0;
    if let Err(wall) = world.resource::<Battle>().map.line_of_fire(from, to) {
        let (c, r) = offset_of(wall);
        return Err(format!("no line of fire to {}: a wall at {c},{r}", t.name).into());
    }
    if world.get::<BehindCover>(hero).is_some_and(|b| b.0) {
        return Err(Refusal::with(
            format!("{name} is ducked behind cover: emerge first"),
            Remedy::Emerge(EMERGE_FROM_COVER_AP),
        ));
    }
    Ok((h, t, from, to))
}

/// The weapon in hand can fire: ranged, not jammed, loaded, cocked (unless a series pays the
/// cocking).
fn weapon_fires(
    state: &crate::sim::model::WeaponState,
    weapon: &Weapon,
    in_series: bool,
) -> Result<(), Refusal> {
    if !weapon.is_ranged() {
        return Err(format!(
            "{} no ranged weapon",
            crate::rules::words::the_is(&weapon.name)
        )
        .into());
    }
    if state.jammed {
        return Err(Refusal::with(
            format!("the {} is jammed: clear it first", weapon.name),
            Remedy::Reload,
        ));
    }
    if state.rounds == 0 {
        return Err(Refusal::with(
            format!("the {} is empty: reload first", weapon.name),
            Remedy::Reload,
        ));
    }
    if weapon.needs_cocking() && !state.cocked && !in_series {
        return Err(Refusal::with(
            format!("the {} must be cocked first", weapon.name),
            Remedy::Cock(COCK_AP),
        ));
    }
    Ok(())
}

/// A match file of version 7 or older replays as it was played: a throw at a pace took point
/// blank's TN 3 (decision 137). Set by `journal::rules_of_version`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ThrownAtPointBlank;

/// The shot's situation as the table of modifiers reads it: distance, speeds, mount, size,
/// prone, unseen, appearing, two weapons.
fn situation_of(
    world: &World,
    (hero, target): (Entity, Entity),
    (weapon, state): (&Weapon, &crate::sim::model::WeaponState),
    kind: ShotKind,
    distance: u32,
    (both_hands, off_hand): (bool, bool),
) -> ShotSituation {
    let target_size = world.get::<Hero>(target).map_or(0, |t| t.size);
    let firer_speed = velocity(world, hero);
    let target_speed = velocity(world, target);
    // "Firer is mounted -2 ... used only if it is worse than the movement penalty": a rider
    // in the saddle, moving or not; a galloping mount moves its rider as running does.
    let mount_speed = world
        .get::<MountedOn>(hero)
        .and_then(|m| world.get::<Mount>(m.0))
        .map(|m| m.speed);
    let mounted = mount_speed.is_some();
    let firer_moved = match mount_speed {
        Some(speed) => ranged::mounted_movement(speed),
        None => world.get::<MovedThisRound>(hero).and_then(|m| m.0),
    };
    ShotSituation {
        distance,
        point_blank: ranged::point_blank(
            distance,
            weapon.kind == WeaponKind::Thrown && !world.contains_resource::<ThrownAtPointBlank>(),
        ),
        range_increment: weapon.range_increment,
        kind: Some(kind),
        snap_penalty: weapon.snap_penalty,
        accurate: weapon.accurate,
        firer_moved,
        firer_mounted: mounted,
        target_size,
        relative_speed: if world
            .get_resource::<crate::sim::model::RoundOptions>()
            .is_some_and(|o| o.total_movement)
        {
            ranged::total_speed(target_speed)
        } else {
            ranged::relative_speed(firer_speed, target_speed)
        },
        earlier_targets: 0,
        appearing: world.get::<AppearedThisRound>(target).is_some_and(|a| a.0),
        target_prone: world.get::<Prone>(target).is_some_and(|p| p.0),
        target_unseen: world.get::<BehindCover>(target).is_some_and(|b| b.0),
        double_action: weapon.double_action && !state.cocked,
        two_weapons: both_hands,
        off_hand,
    }
}

/// The rules' shot request: skill, terms, the one-handed downgrade, the weapon's pools.
#[allow(clippy::too_many_arguments)]
fn shot_request(
    skill: crate::rules::check::Skill,
    terms: ShotTerms,
    one_handed: i32,
    weapon: &Weapon,
    (dmg, rd): (crate::rules::die::Pool, crate::rules::die::Pool),
    distance: u32,
    target_size: u32,
    cover: Option<CoverView>,
) -> ShotRequest {
    ShotRequest {
        skill,
        terms,
        rows: one_handed,
        weapon: ShotWeapon {
            pen: weapon.pen as i32,
            dmg,
            rd,
            damage: if weapon.deadly {
                DamageType::Deadly
            } else {
                DamageType::Impact
            },
            burst: (weapon.kind == WeaponKind::Gatling)
                .then(|| weapon.burst.iter().copied().min())
                .flatten(),
            scatter_band: weapon
                .scatter
                .then(|| ranged::range_band(distance, weapon.range_increment)),
            reliability: weapon.reliability,
        },
        target_size,
        cover,
    }
}

/// The stack bonus of the weapon in hand: its gear value, and the double action revolver's
/// slower pull (-1) when not cocked ("affected both accuracy and speed").
pub fn stack_gear_bonus(world: &World, hero: Entity) -> i32 {
    weapon_in_hand(world, hero).map_or(0, |(_, state, w)| {
        crate::rules::weapons::stack_bonus(w.initiative, w.double_action, state.cocked)
    })
}

/// The single action trait, "wins initiative-based ties": a single action revolver in hand,
/// or a double action one that is cocked for the shot.
pub fn single_action(world: &World, hero: Entity) -> bool {
    weapon_in_hand(world, hero).is_some_and(|(_, state, w)| {
        crate::rules::weapons::single_action(
            w.kind == WeaponKind::Pistol,
            w.needs_cocking(),
            w.double_action,
            state.cocked,
        )
    })
}

/// The hero's disabled arms (a fifth wound on an arm: "severed or otherwise rendered useless").
pub fn disabled_arms(world: &World, hero: Entity) -> u32 {
    use crate::rules::damage::BodyPart;
    world.get::<crate::sim::model::Wounds>(hero).map_or(0, |w| {
        [BodyPart::LeftArm, BodyPart::RightArm]
            .into_iter()
            .filter(|p| w.body.disabled(*p))
            .count() as u32
    })
}
