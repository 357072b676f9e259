//! A hand-to-hand attack: planned, resolved through the action card, applied (wounds,
//! blocks, dominance and its shoves), and reported.

use super::*;
use crate::data::gear::Weapon;
use crate::rules::card::Location;
use crate::rules::damage::{DamageType, Fate};
use crate::rules::die::Pool;
use crate::rules::hexmap::{hexside_toward, step};
use crate::rules::melee::{
    self, AttackType, BlockOutcome, CAREFUL_BONUS, Dominance, Improvised, MeleeDamage,
};
use crate::rules::ranged::{Modifier, ShotTerms};
use crate::rules::shot::{Attack, CloseTerms, ShotOutcome, ShotWeapon, Volley};
use crate::sim::actions::ranged as combat;
use crate::sim::model::{Battle, Closed, Down, Hero, HexPos, MatchLog, UnderFire, Weapons};
use crate::sim::query::occupied_hexes;
use bevy::prelude::*;
use serde_json::{Map, Value, json};

/// A declared hand-to-hand attack (or several from one pool at one foe).
#[derive(Clone, Debug, PartialEq)]
pub struct MeleePlan {
    pub ap: u32,
    pub target: Entity,
    pub attack: AttackType,
    pub careful: bool,
    pub times: u32,
    pub weapon: Weapon,
    pub improvised: Option<Improvised>,
    /// The gun swung as a club, if that is it.
    pub club: Option<String>,
    pub tn_parts: Vec<Modifier>,
    pub volley: Volley,
    pub advantage: (i32, i32),
    pub chance: f64,
}

/// The price of `times` attacks of a type at an engaged foe.
pub fn price_attack(
    world: &mut World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    careful: bool,
    times: u32,
) -> Result<Priced<MeleePlan>, Refusal> {
    let p = plan(world, hero, target, attack, careful, times)?;
    Ok(Priced::new(p.ap, p))
}

/// Plan `times` attacks of a type at an engaged foe, or say why not.
pub fn plan(
    world: &mut World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    careful: bool,
    times: u32,
) -> Result<MeleePlan, Refusal> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let t = world.get::<Hero>(target).ok_or("nobody there")?.clone();
    if world.get::<Down>(target).is_some_and(|d| d.0) {
        return Err(format!("{} is already down", t.name).into());
    }
    if !engaged_foes(world, hero).contains(&target) {
        return Err(format!(
            "{} is not within one pace of {}: close in first",
            t.name, h.name
        )
        .into());
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
    if times == 0 || times > melee::MAX_ATTACKS {
        return Err(format!("1 to {} attacks in a declaration", melee::MAX_ATTACKS).into());
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
    // "The dice pool takes a number of downgrades equal to the AD of the defender."
    let from = world.get::<HexPos>(target).map(|p| p.0).unwrap_or_default();
    let attacker_at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
    let dodged = world
        .get::<CloseCombat>(target)
        .and_then(|c| c.dodge)
        .is_some_and(|toward| melee::dodge_covers(toward, hexside_toward(from, attacker_at)));
    let rows = if dodged {
        -(melee::agility_downgrades(t.skills.get("Dodge").copied().unwrap_or(0)) as i32)
    } else {
        0
    };
    let terms = ShotTerms {
        tn,
        tn_parts: tn_parts.clone(),
        modifiers,
    };
    let dmg = weapon.damage_pool()?;
    let own = Dominance::from_level(world.get::<Dominated>(hero).map_or(0, |d| d.0));
    let (flat, no_damage, grid) = match melee::attack_damage(attack, dmg) {
        MeleeDamage::Flat(n) => (Some(n), false, dmg),
        MeleeDamage::Grid(p) => (None, false, p),
        MeleeDamage::None => (None, true, dmg),
    };
    let deadly = weapon.deadly || improvised.is_some_and(|i| i.deadly());
    let bonus_damage = h.db + improvised.map_or(0, |i| i.damage() as i32);
    let target_dominance = Dominance::from_level(world.get::<Dominated>(target).map_or(0, |d| d.0));
    let block = world
        .get::<CloseCombat>(target)
        .is_some_and(|c| c.blocks > 0)
        .then(|| {
            // A weapon block: something in hand that is no gun swung as a club.
            let w = close_weapon(world, target);
            (
                close_skill(&t, &w.skill),
                w.armed && w.club.is_none(),
                w.reliability,
            )
        });
    let close = CloseTerms {
        // A grapple's bumps all go to dominance; a heavy attack's first bump shoves.
        reserve: match attack {
            AttackType::Grapple => u32::MAX,
            AttackType::Heavy => 1,
            _ => 0,
        },
        flat,
        no_damage,
        bonus: bonus_damage,
        rows: (grid.rows as i32 - dmg.rows as i32) + own.damage_rows(),
        block: block.map(|b| b.0),
        pick: (target_dominance == Dominance::Full).then_some(Location::Head),
        weapon_block: block.is_some_and(|b| b.1),
        block_reliability: block.map_or(0, |b| b.2),
    };
    let attack_spec = Attack {
        terms: terms.clone(),
        target_size: t.size,
        cover: None,
        close: Some(close),
    };
    let (venture, will) = crate::sim::deck::pool_choices(world, hero);
    let volley = Volley {
        skill,
        rows,
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
        attacks: vec![attack_spec; times as usize],
        // "Attacks in excess of the level of the appropriate skill miss automatically"
        limit: level,
        venture,
        will,
    };
    let chance = crate::sim::deck::success_chance(world, &volley.cause());
    let ap = melee::attack_ap(attack, careful, times);
    Ok(MeleePlan {
        ap,
        target,
        attack,
        careful,
        times,
        weapon,
        improvised,
        club,
        tn_parts,
        volley,
        advantage: (ours, theirs),
        chance,
    })
}

/// Resolve a paid attack (or series) and apply what the card says.
pub fn execute(world: &mut World, hero: Entity, p: MeleePlan) -> Outcome {
    let target = p.target;
    let outcomes = match crate::sim::actions::ranged::volley_now(world, hero, &p.volley) {
        Ok(o) => o,
        Err(refused) => return refused,
    };
    if let Some(mut c) = world.get_mut::<CloseCombat>(hero) {
        c.attacked = true;
    }
    let mut texts = Vec::new();
    let mut any_hit = false;
    for (i, o) in outcomes.iter().enumerate() {
        if world.get::<Down>(target).is_some_and(|d| d.0) {
            break;
        }
        // A prepared block meets one attack.
        let blocked_with = o.block;
        if blocked_with.is_some()
            && let Some(mut c) = world.get_mut::<CloseCombat>(target)
        {
            c.blocks = c.blocks.saturating_sub(1);
        }
        let landed = o.hit && !matches!(o.block, Some((BlockOutcome::Blocked, ..)));
        any_hit |= landed;
        // Inside the longer weapon: a blow to the torso or head.
        let theirs = close_weapon(world, target).card;
        if landed
            && o.location
                .is_some_and(|l| l.is_torso() || l == crate::rules::card::Location::Head)
            && p.weapon.length < theirs.length
        {
            let mut closed = world.get::<Closed>(hero).cloned().unwrap_or_default();
            if !closed.0.contains(&target) {
                closed.0.push(target);
            }
            world.entity_mut(hero).insert(closed);
        }
        // Shaken aim: "If the character was hit by a melee attack of any kind, they may not aim".
        mark_attacked(world, target, landed);
        let mark = world.resource::<MatchLog>().events.len();
        let mut fate = Fate::Standing;
        let mut stunned = false;
        if let Some(location) = o.location
            && o.dealt.wounds + o.dealt.conc > 0
        {
            (fate, stunned) = combat::wound(world, target, location, o.dealt, o.damage, o.toggle);
        }
        // Dominance: bumps kept for it, and a grapple's success is one more.
        let toward = if landed {
            match p.attack {
                AttackType::Grapple => 1 + o.reserved.min(3),
                _ => o.reserved,
            }
        } else {
            0
        };
        let before = (dominated(world, hero), dominated(world, target));
        let (own, foe) = melee::spend_dominance(before.0, before.1, toward);
        set_dominated(world, hero, own);
        set_dominated(world, target, foe);
        let shoved = if foe > before.1 {
            shove(world, hero, target, foe - before.1)
        } else {
            0
        };
        // A weapon block's equal result: "increase the Rel by 1".
        if let Some((how, _, broke)) = o.block
            && let Some(mut w) = world.get_mut::<Weapons>(target)
            && let Some(w) = w.0.iter_mut().find(|w| w.ready)
        {
            if how == BlockOutcome::Deflected {
                w.rel_penalty += 1;
            }
            if broke {
                // Broken in the block: out of the fight, fists from now on.
                w.ready = false;
                w.jammed = true;
                let weapon = w.name.clone();
                let who = name(world, target);
                log(
                    world,
                    target,
                    "broken",
                    format!("{who}'s {weapon} breaks on the block"),
                    [("weapon".to_string(), json!(weapon))]
                        .into_iter()
                        .collect(),
                );
            }
        }
        let text = describe(
            world,
            hero,
            target,
            &p,
            o,
            i,
            before,
            (own, foe),
            shoved,
            fate,
            stunned,
        );
        let mut f = fields(&p, o, stunned, fate);
        f.insert("target".into(), json!(name(world, target)));
        f.insert("dominance_before".into(), json!([before.0, before.1]));
        f.insert("dominance_after".into(), json!([own, foe]));
        f.insert("dominance".into(), json!(Dominance::from_level(foe).name()));
        f.insert("shoved".into(), json!(shoved));
        f.insert("series".into(), json!([i + 1, outcomes.len()]));
        log(world, hero, "melee", text.clone(), f);
        world.resource_mut::<MatchLog>().move_last_to(mark);
        texts.push(text);
    }
    Outcome::Melee {
        hero: hero_id(world, hero),
        target: hero_id(world, target),
        hit: any_hit,
        text: texts.join("\n"),
    }
}

pub(super) fn mark_attacked(world: &mut World, target: Entity, hit: bool) {
    let mut u = world.get::<UnderFire>(target).copied().unwrap_or_default();
    u.melee += 1;
    u.melee_hit |= hit;
    world.entity_mut(target).insert(u);
}

/// "Each bump spent to increase dominance may include up to 2 hexes (or paces) of movement in
/// the direction of the winning combatant's choice": the foe is shoved straight away (toward a
/// wall or corner), the winner following to stay engaged. Returns the hexes moved.
pub(super) fn shove(world: &mut World, hero: Entity, target: Entity, levels: u32) -> u32 {
    let mut moved = 0;
    for _ in 0..levels.min(1) * melee::PUSH_HEXES {
        let (Some(from), Some(at)) = (
            world.get::<HexPos>(hero).map(|p| p.0),
            world.get::<HexPos>(target).map(|p| p.0),
        ) else {
            break;
        };
        let next = step(at, hexside_toward(from, at));
        let occupied = occupied_hexes(world, target);
        let open = world
            .resource::<Battle>()
            .map
            .tile(next)
            .is_some_and(|t| t.terrain.passable());
        if !open || occupied.contains(&next) {
            break;
        }
        world.get_mut::<HexPos>(target).expect("a hero stands").0 = next;
        world.get_mut::<HexPos>(hero).expect("a hero stands").0 = at;
        moved += 1;
    }
    moved
}

#[allow(clippy::too_many_arguments)]
pub(super) fn describe(
    world: &World,
    hero: Entity,
    target: Entity,
    p: &MeleePlan,
    o: &ShotOutcome,
    i: usize,
    before: (u32, u32),
    after: (u32, u32),
    shoved: u32,
    fate: Fate,
    stunned: bool,
) -> String {
    let who = name(world, hero);
    let foe = name(world, target);
    let careful = if p.careful { "careful " } else { "" };
    let nth = if p.times > 1 {
        format!(" [{}/{}]", i + 1, p.times)
    } else {
        String::new()
    };
    let mut s = format!(
        "{who}: {careful}{} at {foe}{nth} with {}: {}",
        p.attack.name(),
        match p.club {
            Some(_) => "the butt of a gun".to_string(),
            None => p.weapon.name.to_lowercase(),
        },
        crate::sim::log::roll_words(&o.check, &o.cards, "defense")
    );
    match o.block {
        Some((BlockOutcome::Blocked, r, _)) => {
            return format!("{s}: hit, but {foe} blocks it ({r})");
        }
        Some((BlockOutcome::Deflected, r, _)) => {
            s.push_str(&format!(", {foe} half-blocks it ({r})"))
        }
        Some((BlockOutcome::Failed, r, _)) => s.push_str(&format!(", {foe}'s block fails ({r})")),
        None => {}
    }
    if !o.hit {
        return format!("{s}: a miss");
    }
    if let Some(location) = o.location {
        s.push_str(&format!(
            ": a hit in the {location}; {}",
            combat::damage_words(o)
        ));
    } else {
        s.push_str(": a hit");
    }
    if after != before {
        s.push_str(&format!(
            "; {foe} is under {}",
            Dominance::from_level(after.1).name()
        ));
        if after.0 < before.0 {
            s.push_str(&format!(
                " and {who} is free of {}",
                Dominance::from_level(before.0).name()
            ));
        }
    }
    if shoved > 0 {
        s.push_str(&format!(
            ", shoved {}",
            crate::rules::words::count(shoved, "hex", "hexes")
        ));
    }
    match fate {
        Fate::Killed => s.push_str(": killed"),
        Fate::Unconscious => s.push_str(": knocked out"),
        Fate::LimbDisabled(part) => s.push_str(&format!(": the {} is disabled", part.name())),
        Fate::Standing if stunned => s.push_str(": stunned"),
        Fate::Standing => {}
    }
    s
}

/// The `melee` event's fields (docs/json.md).
pub(super) fn fields(
    p: &MeleePlan,
    o: &ShotOutcome,
    stunned: bool,
    fate: Fate,
) -> Map<String, Value> {
    let mut f = Map::new();
    combat::outcome_fields(&mut f, o, stunned, fate);
    f.insert("attack".into(), json!(p.attack.name()));
    f.insert("careful".into(), json!(p.careful));
    f.insert("weapon".into(), json!(p.weapon.name));
    f.insert(
        "improvised".into(),
        json!(p.improvised.map(|i| format!("{i:?}").to_lowercase())),
    );
    f.insert("ap".into(), json!(p.ap));
    f.insert("tn_parts".into(), combat::named_values(&p.tn_parts));
    f.insert(
        "modifiers".into(),
        combat::named_values(&p.volley.attacks[0].terms.modifiers),
    );
    f.insert("advantage".into(), json!([p.advantage.0, p.advantage.1]));
    f.insert("chance".into(), json!((p.chance * 1000.0).round() / 1000.0));
    f.insert("reserved_bumps".into(), json!(o.reserved));
    f.insert(
        "block".into(),
        json!(o.block.map(|(b, r, broke)| {
            json!({
                "outcome": format!("{b:?}").to_lowercase(),
                "result": r,
                "weapon_broke": broke,
            })
        })),
    );
    f.insert("damage".into(), json!(o.effect));
    f
}
