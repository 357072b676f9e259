//! Ranged combat on the battle: a shot is planned from the map (line of fire, cover, range,
//! speeds) into the rules' `ShotRequest`, resolved through the action deck, and its outcome
//! applied: ammunition, cover ablation, wounds, stun, equipment failure, stray shots.

use super::battle::{
    Battle, BehindCover, Cover, Down, Facing, Hero, HexPos, Mount, MountedOn, MovedThisRound,
    Prone, Side, WeaponState, Weapons, Wounds,
};
use super::commands::CommandOutcome;
use super::deck::ActionDeck;
use super::log::MatchLog;
use super::log::check_fields;
use super::round::{RoundState, resolve_check, skill_pool, trait_skill, with_deck};
use crate::data::gear::{Weapon, WeaponKind};
use crate::rules::action_time::stun_tn;
use crate::rules::card::Location;
use crate::rules::check::CheckRequest;
use crate::rules::damage::{DamageType, Fate};
use crate::rules::hexmap::{hexside_toward, offset_of};
use crate::rules::movement::Gait;
use crate::rules::odds;
use crate::rules::ranged::{self, ShotKind, ShotSituation, ShotTerms, shot_ap, shot_terms};
use crate::rules::shot::{self, Attack, CoverView, ShotOutcome, ShotRequest, ShotWeapon, Volley};
use bevy::prelude::*;
use hexx::Hex;
use serde_json::{Map, Value, json};

/// Entered or left cover this round ("Appearing/Disappearing").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AppearedThisRound(pub bool);

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
pub fn cover_between(world: &mut World, firer: Hex, target: Entity) -> Option<(Entity, CoverView)> {
    let at = world.get::<HexPos>(target)?.0;
    let ducked = world.get::<BehindCover>(target).is_some_and(|b| b.0);
    let side = hexside_toward(at, firer);
    let mut q = world.query_filtered::<(Entity, &Cover, &HexPos), Without<Hero>>();
    q.iter(world)
        .find(|(_, c, p)| p.0 == at && (ducked || c.from.contains(&side)))
        .map(|(e, c, _)| {
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

fn weapon_in_hand(world: &World, hero: Entity) -> Option<(usize, WeaponState, Weapon)> {
    weapon_in(world, hero, false)
}

/// The weapon in the main hand, or in the off hand.
fn weapon_in(world: &World, hero: Entity, off_hand: bool) -> Option<(usize, WeaponState, Weapon)> {
    let weapons = world.get::<Weapons>(hero)?;
    let (i, state) = weapons
        .0
        .iter()
        .enumerate()
        .find(|(_, w)| if off_hand { w.off_hand } else { w.ready })?;
    let gear = world.resource::<Battle>().gear.weapon(&state.name)?.clone();
    Some((i, state.clone(), gear))
}

/// Holding a weapon in each hand.
fn two_weapons(world: &World, hero: Entity) -> bool {
    weapon_in(world, hero, false).is_some() && weapon_in(world, hero, true).is_some()
}

/// Plan a shot with the main or the off hand's weapon.
pub fn plan_hand(
    world: &mut World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    off_hand: bool,
) -> Result<ShotPlan, String> {
    plan_with(world, hero, target, kind, false, off_hand)
}

/// Fire the main or the off hand's weapon.
pub fn fire_hand(
    world: &mut World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    off_hand: bool,
) -> CommandOutcome {
    match plan_hand(world, hero, target, kind, off_hand) {
        Ok(p) => {
            let ap = p.ap;
            execute(world, hero, SeriesPlan::single(p, ap))
        }
        Err(reason) => CommandOutcome::Refused {
            hero,
            reason: format!("{reason}; the AP are lost"),
        },
    }
}

/// Plan a shot, or say why it cannot be fired.
pub fn plan(
    world: &mut World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
) -> Result<ShotPlan, String> {
    plan_shot(world, hero, target, kind, false)
}

/// One shot's plan; `in_series`: the series pays the cocking, so the hammer may be down.
fn plan_shot(
    world: &mut World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    in_series: bool,
) -> Result<ShotPlan, String> {
    plan_with(world, hero, target, kind, in_series, false)
}

fn plan_with(
    world: &mut World,
    hero: Entity,
    target: Entity,
    kind: ShotKind,
    in_series: bool,
    off_hand: bool,
) -> Result<ShotPlan, String> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let name = h.name.clone();
    let t = world
        .get::<Hero>(target)
        .ok_or("there is nobody there to shoot at")?
        .clone();
    if hero == target {
        return Err(format!("{name} will not shoot {name}"));
    }
    if world.get::<Down>(target).is_some_and(|d| d.0) {
        return Err(format!("{} is already down", t.name));
    }
    let from = world.get::<HexPos>(hero).ok_or("no position")?.0;
    let to = world.get::<HexPos>(target).ok_or("no position")?.0;
    if let Err(wall) = world.resource::<Battle>().map.line_of_fire(from, to) {
        let (c, r) = offset_of(wall);
        return Err(format!("no line of fire to {}: a wall at {c},{r}", t.name));
    }
    if world.get::<BehindCover>(hero).is_some_and(|b| b.0) {
        return Err(format!(
            "{name} is ducked behind cover: emerge first (X, 1 AP)"
        ));
    }
    let Some((index, state, weapon)) = weapon_in(world, hero, off_hand) else {
        if off_hand {
            return Err(format!("{name} has no weapon in the off hand"));
        }
        return Err(format!("{name} has no weapon in hand: ready one first (G)"));
    };
    if !weapon.is_ranged() {
        return Err(format!("the {} is no ranged weapon", weapon.name));
    }
    if state.jammed {
        return Err(format!(
            "the {} is jammed: clear it first (reload)",
            weapon.name
        ));
    }
    if state.rounds == 0 {
        return Err(format!("the {} is empty: reload first", weapon.name));
    }
    if weapon.cocked && !weapon.double_action && !state.cocked && !in_series {
        return Err(format!(
            "the {} must be cocked first (K, 1 AP)",
            weapon.name
        ));
    }
    if matches!(kind, ShotKind::Aimed(_)) && world.get::<AimLost>(hero).is_some_and(|a| a.0) {
        return Err(format!(
            "{name} lost the aim to a Bravery check: no aiming again this round"
        ));
    }
    let both_hands = two_weapons(world, hero);
    // "Aiming two weapons ... takes concentration, so increase the AP cost of any aim action
    // by 2."
    let aim_ap = weapon.aim_ap + if both_hands { TWO_WEAPON_AIM_AP } else { 0 };
    let ap = shot_ap(kind, weapon.snap_ap, weapon.normal_ap, aim_ap)?;
    let distance = from.unsigned_distance_to(to);
    let cover = cover_between(world, from, target).map(|c| c.1);
    let firer_speed = velocity(world, hero);
    let target_speed = velocity(world, target);
    let mounted = world
        .get::<MountedOn>(hero)
        .and_then(|m| world.get::<Mount>(m.0))
        .is_some_and(|m| m.speed > 0);
    let situation = ShotSituation {
        distance,
        point_blank: distance <= 1,
        range_increment: weapon.range_increment,
        kind: Some(kind),
        snap_penalty: weapon.snap_penalty,
        accurate: weapon.accurate,
        firer_moved: world.get::<MovedThisRound>(hero).and_then(|m| m.0),
        firer_mounted: mounted,
        target_size: t.size,
        relative_speed: ranged::relative_speed(firer_speed, target_speed),
        earlier_targets: 0,
        appearing: world.get::<AppearedThisRound>(target).is_some_and(|a| a.0),
        target_prone: world.get::<Prone>(target).is_some_and(|p| p.0),
        target_unseen: world.get::<BehindCover>(target).is_some_and(|b| b.0),
        double_action: weapon.double_action && !state.cocked,
        two_weapons: both_hands,
        off_hand,
    };
    let terms = shot_terms(&situation);
    let dmg = weapon.damage_pool()?;
    let rd = weapon.rd_pool()?;
    let skill = skill_pool(&h, &weapon.skill, "Coordination");
    // "Apply a penalty of 2 downgrades to any two-handed ranged weapon being used with one
    // hand": the other hand holds a weapon.
    let one_handed = if weapon.two_handed && both_hands {
        -ONE_HANDED_DOWNGRADES
    } else {
        0
    };
    let request = ShotRequest {
        skill,
        terms: terms.clone(),
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
        target_size: t.size,
        cover: cover.clone(),
    };
    let pool = skill.pool().map_err(|e| e.to_string())?;
    let options = world.resource::<super::round::RoundOptions>().check;
    let chance = odds::success_chance(
        world.resource::<ActionDeck>().deck.cards(),
        pool,
        terms.tn,
        terms.direct(),
        options.exceptional,
    );
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
    })
}

/// Fire a paid shot and apply what the card says.
pub fn fire(world: &mut World, hero: Entity, target: Entity, kind: ShotKind) -> CommandOutcome {
    match plan(world, hero, target, kind) {
        Ok(p) => {
            let ap = p.ap;
            execute(world, hero, SeriesPlan::single(p, ap))
        }
        Err(reason) => CommandOutcome::Refused {
            hero,
            reason: format!("{reason}; the AP are lost"),
        },
    }
}

/// A declared series of shots from the weapon in hand, or a fan.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesPlan {
    pub ap: u32,
    pub fan: bool,
    pub targets: Vec<Entity>,
    pub shots: Vec<ShotPlan>,
    pub volley: Volley,
}

impl SeriesPlan {
    fn single(p: ShotPlan, ap: u32) -> SeriesPlan {
        let volley = Volley {
            skill: p.request.skill,
            rows: p.request.rows,
            weapon: p.request.weapon.clone(),
            attacks: vec![Attack {
                terms: p.terms.clone(),
                target_size: p.request.target_size,
                cover: p.cover.clone(),
            }],
            limit: u32::MAX,
        };
        SeriesPlan {
            ap,
            fan: false,
            targets: vec![p.target],
            shots: vec![p],
            volley,
        }
    }
}

/// Plan a series: "The number and type of attacks that will be attempted must be clearly
/// declared, as well as the order and priority, before rolling." With `fan`, every shot is a
/// snap shot fanned from a single action revolver.
pub fn plan_series(
    world: &mut World,
    hero: Entity,
    shots: &[(Entity, ShotKind)],
    fan: bool,
) -> Result<SeriesPlan, String> {
    if shots.is_empty() || shots.len() > ranged::MAX_SHOTS {
        return Err(format!(
            "a series is 1 to {} shots, not {}",
            ranged::MAX_SHOTS,
            shots.len()
        ));
    }
    let mut order: Vec<Entity> = Vec::new();
    let mut indexed = Vec::new();
    let mut plans = Vec::new();
    for &(target, kind) in shots {
        let kind = if fan { ShotKind::Snap } else { kind };
        let mut p = plan_shot(world, hero, target, kind, true)?;
        let index = match order.iter().position(|&t| t == target) {
            Some(i) => i,
            None => {
                order.push(target);
                order.len() - 1
            }
        };
        // "Secondary targets: -1 for each target after the first, cumulative".
        if index > 0 {
            p.terms.modifiers.push(ranged::Modifier {
                name: "secondary target".into(),
                value: -(index as i32),
            });
        }
        indexed.push((index, kind));
        plans.push(p);
    }
    let first = &plans[0];
    let weapon = first.weapon.clone();
    let state = weapon_in_hand(world, hero)
        .map(|w| w.1)
        .ok_or("no weapon in hand")?;
    let burst = first.request.weapon.burst.is_some();
    if state.rounds < if burst { 1 } else { shots.len() as u32 } {
        return Err(format!(
            "the {} holds {} rounds, not {}",
            weapon.name,
            state.rounds,
            shots.len()
        ));
    }
    let mut shot_weapon = first.request.weapon.clone();
    let (ap, rows) = if fan {
        if weapon.kind != WeaponKind::Pistol || !weapon.cocked || weapon.double_action {
            return Err(format!(
                "only a single action revolver can be fanned, not the {}",
                weapon.name
            ));
        }
        shot_weapon.reliability += ranged::FAN_RELIABILITY;
        (
            ranged::fan_ap(&indexed),
            -(ranged::fan_downgrades(&indexed) as i32),
        )
    } else {
        let needs_cocking = weapon.cocked && !weapon.double_action;
        let ap = if burst {
            // One burst, spread over the targets: the shot's AP and the switches.
            first.ap + ranged::switches(&indexed)
        } else {
            ranged::series_ap(
                &indexed,
                (weapon.snap_ap, weapon.normal_ap, weapon.aim_ap),
                needs_cocking.then_some(crate::rules::weapons::COCK_AP),
                state.cocked,
            )?
        };
        (ap, 0)
    };
    // "All characters are limited to a number of attacks equal to their rank in the
    // appropriate skill, or their trait rank if attacking unskilled."
    let limit = first.request.skill.pool().map_or(1, |p| p.rows);
    let volley = Volley {
        skill: first.request.skill,
        rows,
        weapon: shot_weapon,
        attacks: plans
            .iter()
            .map(|p| Attack {
                terms: p.terms.clone(),
                target_size: p.request.target_size,
                cover: p.cover.clone(),
            })
            .collect(),
        limit,
    };
    Ok(SeriesPlan {
        ap,
        fan,
        targets: shots.iter().map(|s| s.0).collect(),
        shots: plans,
        volley,
    })
}

/// Fire a paid series (a single shot is a series of one) and apply what the cards say.
pub fn execute(world: &mut World, hero: Entity, mut series: SeriesPlan) -> CommandOutcome {
    if !series.fan && matches!(series.shots[0].kind, ShotKind::Normal | ShotKind::Aimed(_)) {
        tactical_aim(world, hero, &mut series);
    }
    let result = with_deck(world, |source, options| {
        shot::resolve_volley(source, &series.volley, options)
    });
    let outcomes = match result {
        Ok(o) => o,
        Err(e) => {
            return CommandOutcome::Refused {
                hero,
                reason: e.to_string(),
            };
        }
    };
    // The weapon: the rounds fired, the hammer down, aim gone; a jam on equipment failure.
    let index = series.shots[0].weapon_index;
    if let Some(mut weapons) = world.get_mut::<Weapons>(hero) {
        let w = &mut weapons.0[index];
        for o in &outcomes {
            w.rounds = w.rounds.saturating_sub(o.fired.min(w.rounds));
            w.jammed |= o.equipment_failure;
        }
        w.cocked = false;
    }
    // "A Calamity result on an action involving any kind of movement leads to discharge of a
    // round. The same is true for any malfunction": a fully loaded pistol the firer carries.
    let moved = world
        .get::<MovedThisRound>(hero)
        .is_some_and(|m| m.0.is_some());
    if let Some(first) = outcomes.first()
        && ((first.check.calamity && moved) || first.equipment_failure)
    {
        discharge(world, hero, first);
    }
    let mut texts = Vec::new();
    let mut any_hit = false;
    let total = outcomes.len();
    for (i, (o, (target, p))) in outcomes
        .iter()
        .zip(series.targets.iter().zip(&series.shots))
        .enumerate()
    {
        any_hit |= o.hit;
        let target = *target;
        // The cover: penetrated or ablated, its AV drops by 1.
        let from = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
        if matches!(
            o.penetration,
            Some(ranged::Penetration::P | ranged::Penetration::A)
        ) && let Some((cover, _)) = cover_between(world, from, target)
            && let Some(mut c) = world.get_mut::<Cover>(cover)
        {
            c.av = c.av.saturating_sub(1);
        }
        let mut stunned = false;
        let mut fate = Fate::Standing;
        if let Some(location) = o.location
            && o.dealt.wounds + o.dealt.conc > 0
        {
            (fate, stunned) = wound(world, target, location, o.dealt, o.damage, o.toggle);
        }
        under_fire(world, target, o.hit);
        let strays = stray_hits(world, hero, target, p, o);
        let names = (name(world, hero), name(world, target));
        let mut text = describe(&names.0, &names.1, p, o, fate, stunned);
        if total > 1 {
            let what = if series.fan { "fan" } else { "series" };
            text = format!("[{what} {}/{total}] {text}", i + 1);
        }
        let mut f = shot_fields(p, o, stunned, fate);
        f.insert("target".into(), json!(names.1));
        f.insert("strays_hit".into(), json!(strays));
        f.insert("series".into(), json!([i + 1, total]));
        f.insert("fan".into(), json!(series.fan));
        if i == 0 {
            f.insert("series_ap".into(), json!(series.ap));
        }
        log(world, hero, "shot", text.clone(), f);
        texts.push(text);
        if p.weapon.kind == WeaponKind::Thrown {
            thrown(world, hero, target, p, o);
        }
    }
    // A thrown weapon is gone from the hand once thrown.
    if series.shots[0].weapon.kind == WeaponKind::Thrown
        && let Some(mut weapons) = world.get_mut::<Weapons>(hero)
        && weapons.0[index].rounds == 0
    {
        weapons.0[index].ready = false;
    }
    CommandOutcome::Shot {
        hero,
        target: series.targets[0],
        hit: any_hit,
        text: texts.join("\n"),
    }
}

/// Where a throw ends: on the target when it hits; else "use the scatter section of the
/// Action Card ... Orient the clock face with the 6 in the direction of the thrower and place
/// the thrown object a number of paces equal to the phase result". Dynamite bursts there.
fn thrown(world: &mut World, hero: Entity, target: Entity, p: &ShotPlan, o: &ShotOutcome) {
    let Some(card) = o
        .cards
        .first()
        .and_then(|&n| world.resource::<ActionDeck>().deck.card(n).cloned())
    else {
        return;
    };
    let from = world.get::<HexPos>(hero).map(|h| h.0).unwrap_or_default();
    let at = world.get::<HexPos>(target).map(|h| h.0).unwrap_or_default();
    let landing = if o.hit {
        at
    } else {
        let spot = ranged::landing_hex(from, at, card.scatter, card.step);
        let map = &world.resource::<Battle>().map;
        // Off the map or into a wall, it stops at the last open hex on the way.
        if map.tile(spot).is_some_and(|t| t.terrain.passable()) {
            spot
        } else {
            at
        }
    };
    let (c, r) = offset_of(landing);
    if !o.hit {
        log(
            world,
            hero,
            "landed",
            format!(
                "The {} misses and lands at {c},{r}: clock {}, {} paces",
                p.weapon.name, card.scatter, card.step
            ),
            [
                ("clock".to_string(), json!(card.scatter)),
                ("step".to_string(), json!(card.step)),
                ("at".to_string(), json!([c, r])),
            ]
            .into_iter()
            .collect(),
        );
    }
    if p.weapon.blast == 0 {
        return;
    }
    let radius = p.weapon.blast;
    let mut q = world.query::<(Entity, &HexPos, &Down, &Hero)>();
    let caught: Vec<(Entity, u32)> = q
        .iter(world)
        .filter(|(e, pos, down, _)| {
            !down.0 && pos.0.unsigned_distance_to(landing) <= radius && !(o.hit && *e == target)
        })
        .map(|(e, pos, _, _)| (e, pos.0.unsigned_distance_to(landing)))
        .collect();
    for (victim, distance) in caught {
        let what = format!(
            "The {} goes off at {c},{r}: {{victim}}, {distance} pace(s) off, is hit",
            p.weapon.name
        );
        let mut f = Map::new();
        f.insert("at".into(), json!([c, r]));
        f.insert("distance".into(), json!(distance));
        hit_bystander(world, victim, &card, p, distance, "blast", &what, f);
    }
}

/// A fully loaded pistol goes off: "Check the toggle result on the Action Card. A YES value
/// means the shot misses the character, a NO means it did not. Apply a hit to the closest
/// body part (usually the leg)": the right leg, where the holster hangs, for the pistol's DMG
/// cell on the card.
fn discharge(world: &mut World, hero: Entity, o: &ShotOutcome) {
    let Some(card) = o
        .cards
        .first()
        .and_then(|&n| world.resource::<ActionDeck>().deck.card(n).cloned())
    else {
        return;
    };
    let gear = world.resource::<Battle>().gear.clone();
    let Some((index, pistol)) = world.get::<Weapons>(hero).and_then(|w| {
        w.0.iter()
            .enumerate()
            .find(|(_, w)| w.fully_loaded && w.rounds > 0)
            .and_then(|(i, w)| gear.weapon(&w.name).map(|g| (i, g.clone())))
    }) else {
        return;
    };
    if let Some(mut weapons) = world.get_mut::<Weapons>(hero) {
        let w = &mut weapons.0[index];
        w.rounds -= 1;
        w.fully_loaded = false;
    }
    let who = name(world, hero);
    let misses = card.toggle == crate::rules::card::Toggle::Yes;
    let (effect, dealt, fate, stunned) = if misses {
        (
            0,
            crate::rules::damage::Dealt::default(),
            Fate::Standing,
            false,
        )
    } else {
        let size = world.get::<Hero>(hero).map_or(6, |h| h.size);
        let dmg = pistol.damage_pool().unwrap_or(crate::rules::die::Pool {
            rows: 1,
            die: crate::rules::die::Die::D6,
        });
        let effect = card.effect(dmg.rows, dmg.die).value;
        let dealt = crate::rules::damage::deadly(effect, size);
        let (fate, stunned) = wound(
            world,
            hero,
            Location::RightLeg,
            dealt,
            DamageType::Deadly,
            card.toggle,
        );
        (effect, dealt, fate, stunned)
    };
    log(
        world,
        hero,
        "discharge",
        format!(
            "{who}'s fully loaded {} goes off: {}",
            pistol.name,
            if misses {
                "the toggle says YES, the round misses".to_string()
            } else {
                format!(
                    "the toggle says NO, the right leg is hit: effect {effect}, {} wound(s) and {} Conc{}",
                    dealt.wounds,
                    dealt.conc,
                    fate_words(fate, stunned)
                )
            }
        ),
        [
            ("weapon".to_string(), json!(pistol.name)),
            (
                "toggle".to_string(),
                json!(if misses { "YES" } else { "NO" }),
            ),
            ("effect".to_string(), json!(effect)),
            ("wounds".to_string(), json!(dealt.wounds)),
            ("conc".to_string(), json!(dealt.conc)),
        ]
        .into_iter()
        .collect(),
    );
}

/// "In TWTW, normal or aimed shots may require a bravery check if the character is under
/// fire": a Standard (5) Bravery check, -1 for each shot after the first that targeted the
/// firer, -2 for each that hit, plus the AV of the cover in the firer's hex. On a failure the
/// aim is lost, the shot goes off as a snap shot, and no aiming is allowed this round.
fn tactical_aim(world: &mut World, hero: Entity, series: &mut SeriesPlan) {
    let Some(fire) = world
        .get::<UnderFire>(hero)
        .copied()
        .filter(|u| u.shots > 0)
    else {
        return;
    };
    let Some(h) = world.get::<Hero>(hero).cloned() else {
        return;
    };
    let at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
    let mut covers = world.query_filtered::<(&Cover, &HexPos), Without<Hero>>();
    let cover_av = covers
        .iter(world)
        .filter(|(_, p)| p.0 == at)
        .map(|(c, _)| c.av)
        .min()
        .unwrap_or(0);
    let mut request = CheckRequest::simple(skill_pool(&h, "Bravery", "Essence"), BRAVERY_TN);
    request.adjust.direct =
        -(fire.shots.saturating_sub(1) as i32) - 2 * fire.hits as i32 + cover_av as i32;
    let Ok(check) = resolve_check(world, &request) else {
        return;
    };
    let kept = check.success;
    let mut f = check_fields(&check);
    f.insert("shots".into(), json!(fire.shots));
    f.insert("hits".into(), json!(fire.hits));
    f.insert("cover_av".into(), json!(cover_av));
    f.insert("aim_kept".into(), json!(kept));
    log(
        world,
        hero,
        "bravery",
        format!(
            "{} under fire ({} shot(s), {} hit(s)): Bravery, {}; {}",
            h.name,
            fire.shots,
            fire.hits,
            super::log::check_words(&check),
            if kept {
                "the aim holds"
            } else {
                "the aim is lost: a snap shot"
            }
        ),
        f,
    );
    if kept {
        return;
    }
    world.entity_mut(hero).insert(AimLost(true));
    let target = series.targets[0];
    if let Ok(snap) = plan_shot(world, hero, target, ShotKind::Snap, true) {
        series.volley.attacks[0].terms = snap.terms.clone();
        series.shots[0] = snap;
    }
}

/// "increase the AP cost of any aim action by 2" with two weapons.
pub const TWO_WEAPON_AIM_AP: u32 = 2;
/// A two-handed weapon fired with one hand.
pub const ONE_HANDED_DOWNGRADES: i32 = 2;

/// "Standard (5) Bravery check".
pub const BRAVERY_TN: u32 = 5;

/// A failed Bravery check: "Aiming may not be attempted again this round."
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AimLost(pub bool);

/// Shots at a hero since its last action shake its aim ("Tactical Aiming").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnderFire {
    pub shots: u32,
    pub hits: u32,
}

fn under_fire(world: &mut World, target: Entity, hit: bool) {
    if let Some(mut u) = world.get_mut::<UnderFire>(target) {
        u.shots += 1;
        u.hits += u32::from(hit);
    } else {
        world.entity_mut(target).insert(UnderFire {
            shots: 1,
            hits: u32::from(hit),
        });
    }
}

fn name(world: &World, e: Entity) -> String {
    world
        .get::<Hero>(e)
        .map(|h| h.name.clone())
        .unwrap_or_default()
}

fn log(world: &mut World, actor: Entity, kind: &str, text: String, fields: Map<String, Value>) {
    let now = world.resource::<RoundState>().now();
    let who = name(world, actor);
    world
        .resource_mut::<MatchLog>()
        .push(now, Some(&who), kind, text, fields);
}

/// Apply wounds and concussion at a location, then the Stun check: "Whenever a character is
/// dealt damage they must check Fortitude ... The TN is listed in the Stun column".
fn wound(
    world: &mut World,
    target: Entity,
    location: Location,
    dealt: crate::rules::damage::Dealt,
    kind: DamageType,
    toggle: crate::rules::card::Toggle,
) -> (Fate, bool) {
    let Some(t) = world.get::<Hero>(target).cloned() else {
        return (Fate::Standing, false);
    };
    let Some(mut w) = world.get_mut::<Wounds>(target) else {
        return (Fate::Standing, false);
    };
    let fate = w.body.take(location, dealt, kind, toggle, t.size);
    if fate != Fate::Standing {
        w.fate = Some(fate);
    }
    let worst = w.worst().max(1);
    if matches!(fate, Fate::Unconscious | Fate::Killed) {
        if let Some(mut d) = world.get_mut::<Down>(target) {
            d.0 = true;
        }
        return (fate, false);
    }
    let request = CheckRequest::simple(trait_skill(&t, "Fortitude"), stun_tn(worst));
    let Ok(check) = resolve_check(world, &request) else {
        return (fate, false);
    };
    let stunned = !check.success;
    if stunned && let Some(mut w) = world.get_mut::<Wounds>(target) {
        w.stunned = true;
    }
    let mut f = check_fields(&check);
    f.insert("stunned".into(), json!(stunned));
    log(
        world,
        target,
        "stun_check",
        format!(
            "{}: Stun check (Fortitude), {}; {}",
            t.name,
            super::log::check_words(&check),
            if stunned { "stunned" } else { "keeps going" }
        ),
        f,
    );
    (fate, stunned)
}

/// Unintended targets: figures within one pace of the line of fire, nearest the firer first
/// ("the closest or most obvious unintended target is hit first").
fn stray_hits(
    world: &mut World,
    hero: Entity,
    target: Entity,
    p: &ShotPlan,
    o: &ShotOutcome,
) -> u32 {
    if o.unintended == 0 {
        return 0;
    }
    let from = world.get::<HexPos>(hero).map(|h| h.0).unwrap_or_default();
    let to = world.get::<HexPos>(target).map(|h| h.0).unwrap_or_default();
    let line = world
        .resource::<Battle>()
        .map
        .line_of_fire(from, to)
        .unwrap_or_default();
    let near = |h: Hex| {
        line.iter()
            .chain([&to])
            .any(|l| l.unsigned_distance_to(h) <= 1)
    };
    let mut q = world.query::<(Entity, &HexPos, &Down, &Hero)>();
    let mut candidates: Vec<(u32, Entity)> = q
        .iter(world)
        .filter(|(e, pos, down, _)| *e != hero && *e != target && !down.0 && near(pos.0))
        .map(|(e, pos, _, _)| (from.unsigned_distance_to(pos.0), e))
        .collect();
    candidates.sort_by_key(|c| (c.0, c.1.index()));
    let Some(card_number) = o.cards.first().copied() else {
        return 0;
    };
    let Some(card) = world
        .resource::<ActionDeck>()
        .deck
        .card(card_number)
        .cloned()
    else {
        return 0;
    };
    let mut hit = 0;
    for (_, victim) in candidates.into_iter().take(o.unintended as usize) {
        let what = "A stray shot hits {victim}".to_string();
        hit_bystander(world, victim, &card, p, 0, "stray_hit", &what, Map::new());
        hit += 1;
    }
    hit
}

/// A figure the shot was not aimed at is hit (a stray, a blast): the card's standard location
/// and the weapon's DMG cell, `rows_less` rows lower; its wounds, stun and a log event whose
/// text is `what` (with `{victim}` for its name) and the hit.
fn hit_bystander(
    world: &mut World,
    victim: Entity,
    card: &crate::rules::card::Card,
    p: &ShotPlan,
    rows_less: u32,
    kind: &str,
    what: &str,
    mut fields: Map<String, Value>,
) {
    let size = world.get::<Hero>(victim).map_or(6, |h| h.size);
    let weapon = &p.request.weapon;
    let (location, effect, dealt) = shot::card_hit(card, weapon, rows_less, size);
    let (fate, stunned) = wound(world, victim, location, dealt, weapon.damage, card.toggle);
    let victim_name = name(world, victim);
    let text = format!(
        "{} in the {location}: effect {effect}, {} wound(s) and {} Conc{}",
        what.replace("{victim}", &victim_name),
        dealt.wounds,
        dealt.conc,
        fate_words(fate, stunned)
    );
    fields.insert("location".into(), json!(location.name()));
    fields.insert("effect".into(), json!(effect));
    fields.insert("wounds".into(), json!(dealt.wounds));
    fields.insert("conc".into(), json!(dealt.conc));
    fields.insert("stunned".into(), json!(stunned));
    log(world, victim, kind, text, fields);
}

fn fate_words(fate: Fate, stunned: bool) -> String {
    match fate {
        Fate::Killed => ": killed".into(),
        Fate::Unconscious => ": unconscious".into(),
        Fate::LimbDisabled(part) => format!(": the {} is disabled", part.name()),
        Fate::Standing if stunned => ": stunned".into(),
        Fate::Standing => String::new(),
    }
}

/// The shot in words, as the log and panel say it.
pub fn describe(
    firer: &str,
    target: &str,
    p: &ShotPlan,
    o: &ShotOutcome,
    fate: Fate,
    stunned: bool,
) -> String {
    let cards: Vec<String> = o.cards.iter().map(|c| c.to_string()).collect();
    let head = format!(
        "{firer} fires the {} at {target} ({}, {} AP): card {}: {} vs TN {}",
        p.weapon.name,
        p.kind.name(),
        p.ap,
        cards.join("+"),
        o.check.result,
        o.check.tn
    );
    if !o.hit {
        let mut s = format!("{head}, a miss");
        if o.check.calamity {
            s.push_str(" (CALAMITY)");
        }
        if o.strays > 0 {
            s.push_str(&format!(", {} stray shot(s)", o.strays));
        }
        return s;
    }
    let location = o.location.map_or("-", |l| l.name());
    let mut s = format!("{head}, a hit in the {location}");
    if o.hits > 1 {
        s.push_str(&format!(" ({} hits)", o.hits));
    }
    if let (Some(av), Some(ep), Some(pen)) = (o.cover_av, o.ep, o.penetration) {
        let cover = p.cover.as_ref().map_or("cover", |c| c.name.as_str());
        s.push_str(&format!(
            "; the {cover} (AV {av}) is hit, EP {ep}: {}",
            match pen {
                ranged::Penetration::P => "penetrates",
                ranged::Penetration::A => "ablates (RD)",
                ranged::Penetration::D => "deflects",
            }
        ));
    }
    if o.effect > 0 {
        s.push_str(&format!(
            "; {} damage {}: {} wound(s) and {} Conc",
            o.damage.name(),
            o.effect,
            o.dealt.wounds,
            o.dealt.conc
        ));
    }
    s.push_str(&fate_words(fate, stunned));
    if o.equipment_failure {
        s.push_str(&format!("; the {} jams", p.weapon.name));
    }
    s
}

/// The fields every `shot` event carries under these names (docs/json.md): independent checks
/// read them.
pub const SHOT_FIELDS: [&str; 16] = [
    "tn",
    "modifiers",
    "card",
    "result",
    "hit",
    "bumps",
    "location",
    "cover_av",
    "ep",
    "penetration",
    "effect",
    "damage_type",
    "target_size",
    "wounds",
    "conc",
    "stunned",
];

/// The `shot` event's fields (docs/json.md).
pub fn shot_fields(p: &ShotPlan, o: &ShotOutcome, stunned: bool, fate: Fate) -> Map<String, Value> {
    let modifiers: Map<String, Value> = p
        .terms
        .modifiers
        .iter()
        .map(|m| (m.name.clone(), json!(m.value)))
        .collect();
    let tn_parts: Map<String, Value> = p
        .terms
        .tn_parts
        .iter()
        .map(|m| (m.name.clone(), json!(m.value)))
        .collect();
    let mut f = Map::new();
    f.insert("weapon".into(), json!(p.weapon.name));
    f.insert("shot".into(), json!(p.kind.name()));
    f.insert("ap".into(), json!(p.ap));
    f.insert("distance".into(), json!(p.distance));
    f.insert("tn".into(), json!(o.check.tn));
    f.insert("tn_parts".into(), Value::Object(tn_parts));
    f.insert("modifiers".into(), Value::Object(modifiers));
    f.insert("chance".into(), json!((p.chance * 1000.0).round() / 1000.0));
    f.insert("card".into(), json!(o.cards.first()));
    f.insert("cards".into(), json!(o.cards));
    f.insert("result".into(), json!(o.check.result));
    f.insert("calamity".into(), json!(o.check.calamity));
    f.insert("hit".into(), json!(o.hit));
    f.insert("bumps".into(), json!(o.check.bumps));
    f.insert("hits".into(), json!(o.hits));
    f.insert("location".into(), json!(o.location.map(|l| l.name())));
    f.insert("location_bumps".into(), json!(o.location_bumps));
    f.insert("damage_bumps".into(), json!(o.damage_bumps));
    f.insert("cover_av".into(), json!(o.cover_av));
    f.insert("ep".into(), json!(o.ep));
    f.insert(
        "penetration".into(),
        json!(o.penetration.map(|p| p.letter())),
    );
    f.insert("effect".into(), json!(o.effect));
    f.insert("damage_type".into(), json!(o.damage.name()));
    f.insert("target_size".into(), json!(p.request.target_size));
    f.insert("wounds".into(), json!(o.dealt.wounds));
    f.insert("conc".into(), json!(o.dealt.conc));
    f.insert("stunned".into(), json!(stunned));
    f.insert(
        "fate".into(),
        json!(match fate {
            Fate::Standing => "standing".to_string(),
            Fate::LimbDisabled(part) => format!("{} disabled", part.name()),
            Fate::Unconscious => "unconscious".to_string(),
            Fate::Killed => "killed".to_string(),
        }),
    );
    f.insert("strays".into(), json!(o.strays));
    f.insert("unintended".into(), json!(o.unintended));
    f.insert("equipment_failure".into(), json!(o.equipment_failure));
    f
}

/// The single action trait, "wins initiative-based ties": a single action revolver in hand,
/// or a double action one that is cocked for the shot.
pub fn single_action(world: &World, hero: Entity) -> bool {
    weapon_in_hand(world, hero).is_some_and(|(_, state, w)| {
        w.kind == WeaponKind::Pistol
            && ((w.cocked && !w.double_action) || (w.double_action && state.cocked))
    })
}

/// The side of a hero.
pub fn side_of(world: &World, e: Entity) -> usize {
    world.get::<Side>(e).map_or(0, |s| s.0)
}
