//! Hand-to-hand combat on the battle: engagement (standing foes within one pace), defense
//! values, advantage, attacks through the action card (one pool for several attacks),
//! prepared blocks and dodges, dominance with its shoves, escapes and breaking away.

use super::battle::{Battle, Down, Facing, Hero, HexPos, MountedOn, MovedThisRound, Side, Weapons};
use super::combat::{self, UnderFire};
use super::commands::{CommandOutcome, occupied_hexes};
use super::log::{MatchLog, check_fields, check_words};
use super::round::{resolve_check, with_deck};
use crate::data::gear::{Weapon, WeaponKind};
use crate::rules::card::Location;
use crate::rules::check::{CheckRequest, Skill};
use crate::rules::damage::{DamageType, Fate};
use crate::rules::die::{Die, Pool};
use crate::rules::hexmap::{hexside_toward, offset_of, step};
use crate::rules::melee::{
    self, AdvantageFactors, AttackType, BlockOutcome, CAREFUL_AP, CAREFUL_BONUS, Dominance,
    Improvised, MeleeDamage,
};
use crate::rules::ranged::{Modifier, ShotTerms};
use crate::rules::shot::{self, Attack, CloseTerms, ShotOutcome, ShotWeapon, Volley};
use bevy::prelude::*;
use hexx::Hex;
use serde_json::{Map, Value, json};

/// How far a hero is dominated by the foes it is engaged with (0 none .. 3 full).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dominated(pub u32);

/// This round's close-combat state: prepared blocks, a dodge, whether it attacked, and how
/// many rounds in a row it has stood still while engaged.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CloseCombat {
    pub blocks: u32,
    pub dodge: Option<u8>,
    pub attacked: bool,
    pub rounds_still: u32,
}

/// The foes standing within one pace: "When two combatants are within one pace of one another,
/// either may choose to initiate hand to hand combat."
pub fn engaged_foes(world: &mut World, hero: Entity) -> Vec<Entity> {
    let Some(at) = world.get::<HexPos>(hero).map(|p| p.0) else {
        return vec![];
    };
    let side = world.get::<Side>(hero).map_or(usize::MAX, |s| s.0);
    let mut q = world.query::<(Entity, &HexPos, &Side, &Down)>();
    let mut foes: Vec<Entity> = q
        .iter(world)
        .filter(|(e, p, s, d)| {
            *e != hero && s.0 != side && !d.0 && p.0.unsigned_distance_to(at) <= 1
        })
        .map(|(e, ..)| e)
        .collect();
    foes.sort_by_key(|e| e.index());
    foes
}

/// The unarmed skill: Brawling (or Unarmed).
pub fn unarmed_level(hero: &Hero) -> u32 {
    ["Brawling", "Unarmed"]
        .iter()
        .filter_map(|s| hero.skills.get(*s).copied())
        .max()
        .unwrap_or(0)
}

/// What a hero fights with: a melee weapon in hand, a gun used as an improvised club ("the grip
/// of a pistol", "rifle butts"), or fists. Returns the weapon card, the skill used, the
/// improvised kind.
pub fn close_weapon(world: &World, hero: Entity) -> (Weapon, String, Option<Improvised>) {
    let gear = &world.resource::<Battle>().gear;
    let fists = gear.weapon("Fists").cloned().unwrap_or_else(|| Weapon {
        name: "Fists".into(),
        kind: WeaponKind::Melee,
        skill: "Brawling".into(),
        damage: "(1)6".into(),
        pen: 0,
        range_increment: 0,
        reliability: 1,
        rounds: 0,
        burst: vec![],
        deadly: false,
        cocked: false,
        size: 0,
        rd: None,
        snap_ap: 0,
        snap_penalty: 0,
        normal_ap: 0,
        aim_ap: 0,
        accurate: 0,
        double_action: false,
        two_handed: false,
        scatter: false,
        blast: 0,
        advantage: 0,
        improvised: None,
        initiative: 0,
    });
    let in_hand = world
        .get::<Weapons>(hero)
        .and_then(|w| w.0.iter().find(|w| w.ready).cloned())
        .and_then(|w| gear.weapon(&w.name).cloned());
    match in_hand {
        Some(w) if w.kind == WeaponKind::Melee => {
            let skill = w.skill.clone();
            let improvised = w.improvised;
            (w, skill, improvised)
        }
        Some(w) if w.kind != WeaponKind::Thrown => {
            let kind = if w.kind == WeaponKind::Pistol {
                Improvised::Small
            } else {
                Improvised::Large
            };
            (
                fists.clone(),
                "Brawling".into(),
                Some(kind).filter(|_| w.size > 0),
            )
        }
        _ => (fists.clone(), "Brawling".into(), None),
    }
}

fn skill_level(hero: &Hero, skill: &str) -> u32 {
    if skill == "Brawling" {
        unarmed_level(hero)
    } else {
        hero.skills.get(skill).copied().unwrap_or(0)
    }
}

/// The pool of a hand-to-hand check: the skill in the Strength die (docs/rules-decisions.md);
/// unskilled, the 4 column at rank 1.
pub fn close_skill(hero: &Hero, skill: &str) -> Skill {
    let level = skill_level(hero, skill);
    let die = hero.traits.get("Strength").copied().unwrap_or(Die::D4);
    if level == 0 {
        Skill::Unskilled { trait_rank: 1 }
    } else {
        Skill::Skilled { level, die }
    }
}

/// The defense value and what changed it: "4 + half of the level with the hand to hand skill
/// they are using, rounded up", less for dominance and for standing still two rounds.
pub fn defense(world: &World, hero: Entity) -> (u32, Vec<Modifier>) {
    let Some(h) = world.get::<Hero>(hero) else {
        return (4, vec![]);
    };
    let (_, skill, _) = close_weapon(world, hero);
    let base = melee::defense_value(skill_level(h, &skill));
    let mut parts = vec![Modifier {
        name: format!("defense ({skill})"),
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

/// One fighter's advantage value against a foe.
fn advantage_of(world: &mut World, hero: Entity, foe: Entity) -> i32 {
    let (weapon, _, improvised) = close_weapon(world, hero);
    let (foe_weapon, _, foe_improvised) = close_weapon(world, foe);
    let armed = weapon.name != "Fists" || improvised.is_some();
    let foe_armed = foe_weapon.name != "Fists" || foe_improvised.is_some();
    let size = |e: Entity| world.get::<Hero>(e).map_or(6, |h| h.size);
    let battle = world.resource::<Battle>();
    let height = |e: Entity| {
        world
            .get::<HexPos>(e)
            .and_then(|p| battle.map.tile(p.0))
            .map_or(0, |t| t.height)
    };
    let mounted = |e: Entity| world.get::<MountedOn>(e).is_some();
    let factors = AdvantageFactors {
        weapon: weapon.advantage,
        size_over: size(hero).saturating_sub(size(foe)),
        higher: height(hero) > height(foe) || (mounted(hero) && !mounted(foe)),
        position: cornered(world, foe),
        armed_vs_unarmed: armed && !foe_armed,
    };
    melee::advantage_value(&factors)
}

/// "trapping an opponent in a corner": at most two open hexes around it.
fn cornered(world: &mut World, hero: Entity) -> bool {
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
pub fn advantage(world: &mut World, hero: Entity, foe: Entity) -> (i32, i32) {
    let ours: Vec<Entity> = engaged_foes(world, foe);
    let theirs: Vec<Entity> = engaged_foes(world, hero);
    let our_values: Vec<i32> = ours.iter().map(|&e| advantage_of(world, e, foe)).collect();
    let their_values: Vec<i32> = theirs
        .iter()
        .map(|&e| advantage_of(world, e, hero))
        .collect();
    (
        melee::gang_advantage(&our_values),
        melee::gang_advantage(&their_values),
    )
}

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
    pub tn_parts: Vec<Modifier>,
    pub volley: Volley,
    pub advantage: (i32, i32),
    pub chance: f64,
}

/// Plan `times` attacks of a type at an engaged foe, or say why not.
pub fn plan(
    world: &mut World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    careful: bool,
    times: u32,
) -> Result<MeleePlan, String> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let t = world.get::<Hero>(target).ok_or("nobody there")?.clone();
    if world.get::<Down>(target).is_some_and(|d| d.0) {
        return Err(format!("{} is already down", t.name));
    }
    if !engaged_foes(world, hero).contains(&target) {
        return Err(format!(
            "{} is not within one pace of {}: close in first",
            t.name, h.name
        ));
    }
    if world
        .get::<CloseCombat>(hero)
        .is_some_and(|c| c.dodge.is_some())
    {
        return Err(format!(
            "{} is dodging this round: no attacks (\"Dodge ... may only be employed if no attacks are attempted\")",
            h.name
        ));
    }
    let (weapon, skill_name, improvised) = close_weapon(world, hero);
    let skill = close_skill(&h, &skill_name);
    let level = skill.pool().map_or(1, |p| p.rows);
    if times == 0 || times > 4 {
        return Err("1 to 4 attacks in a declaration".into());
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
            let (w, s, _) = close_weapon(world, target);
            let penalty = world
                .get::<Weapons>(target)
                .and_then(|ws| ws.0.iter().find(|x| x.ready).map(|x| x.rel_penalty))
                .unwrap_or(0);
            (
                close_skill(&t, &s),
                w.kind == WeaponKind::Melee && w.name != "Fists",
                w.reliability + penalty,
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
    };
    let pool = skill.pool().map_err(|e| e.to_string())?;
    let pool = crate::rules::adjust::rows(pool, rows);
    let chance = crate::rules::odds::success_chance(
        world.resource::<super::deck::ActionDeck>().deck.cards(),
        pool,
        tn,
        terms.direct(),
        world
            .resource::<super::round::RoundOptions>()
            .check
            .exceptional,
    );
    let ap = (attack.ap() + if careful { CAREFUL_AP } else { 0 }) * times;
    Ok(MeleePlan {
        ap,
        target,
        attack,
        careful,
        times,
        weapon,
        improvised,
        tn_parts,
        volley,
        advantage: (ours, theirs),
        chance,
    })
}

use super::log::hero_name as name;

fn log(world: &mut World, actor: Entity, kind: &str, text: String, fields: Map<String, Value>) {
    super::log::log_event(world, Some(actor), kind, text, fields);
}

/// Resolve a paid attack (or series) and apply what the card says.
pub fn execute(world: &mut World, hero: Entity, p: MeleePlan) -> CommandOutcome {
    let target = p.target;
    let result = with_deck(world, |source, options| {
        shot::resolve_volley(source, &p.volley, options)
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
    CommandOutcome::Melee {
        hero,
        target,
        hit: any_hit,
        text: texts.join("\n"),
    }
}

fn mark_attacked(world: &mut World, target: Entity, hit: bool) {
    let mut u = world.get::<UnderFire>(target).copied().unwrap_or_default();
    u.melee += 1;
    u.melee_hit |= hit;
    world.entity_mut(target).insert(u);
}

pub fn dominated(world: &World, e: Entity) -> u32 {
    world.get::<Dominated>(e).map_or(0, |d| d.0)
}

fn set_dominated(world: &mut World, e: Entity, level: u32) {
    world.entity_mut(e).insert(Dominated(level));
}

/// "Each bump spent to increase dominance may include up to 2 hexes (or paces) of movement in
/// the direction of the winning combatant's choice": the foe is shoved straight away (toward a
/// wall or corner), the winner following to stay engaged. Returns the hexes moved.
fn shove(world: &mut World, hero: Entity, target: Entity, levels: u32) -> u32 {
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
fn describe(
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
    let cards: Vec<String> = o.cards.iter().map(|c| c.to_string()).collect();
    let careful = if p.careful { "careful " } else { "" };
    let nth = if p.times > 1 {
        format!(" [{}/{}]", i + 1, p.times)
    } else {
        String::new()
    };
    let mut s = format!(
        "{who}: {careful}{} at {foe}{nth} with {}: card {}: {} vs defense {}",
        p.attack.name(),
        match p.improvised {
            Some(_) if p.weapon.name == "Fists" => "the butt of a gun".to_string(),
            _ => p.weapon.name.to_lowercase(),
        },
        cards.join("+"),
        o.check.result,
        o.check.tn
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
            ": a hit in the {location}; {} damage {}: {} wound(s) and {} Conc",
            o.damage.name(),
            o.effect,
            o.dealt.wounds,
            o.dealt.conc
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
        s.push_str(&format!(", shoved {shoved} hex(es)"));
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
fn fields(p: &MeleePlan, o: &ShotOutcome, stunned: bool, fate: Fate) -> Map<String, Value> {
    let modifiers: Map<String, Value> = p.volley.attacks[0]
        .terms
        .modifiers
        .iter()
        .map(|m| (m.name.clone(), json!(m.value)))
        .collect();
    let mut f = Map::new();
    f.insert("attack".into(), json!(p.attack.name()));
    f.insert("careful".into(), json!(p.careful));
    f.insert("weapon".into(), json!(p.weapon.name));
    f.insert(
        "improvised".into(),
        json!(p.improvised.map(|i| format!("{i:?}").to_lowercase())),
    );
    f.insert("ap".into(), json!(p.ap));
    f.insert("tn".into(), json!(o.check.tn));
    f.insert(
        "tn_parts".into(),
        Value::Object(
            p.tn_parts
                .iter()
                .map(|m| (m.name.clone(), json!(m.value)))
                .collect(),
        ),
    );
    f.insert("modifiers".into(), Value::Object(modifiers));
    f.insert("advantage".into(), json!([p.advantage.0, p.advantage.1]));
    f.insert("chance".into(), json!((p.chance * 1000.0).round() / 1000.0));
    f.insert("card".into(), json!(o.cards.first()));
    f.insert("cards".into(), json!(o.cards));
    f.insert("result".into(), json!(o.check.result));
    f.insert("hit".into(), json!(o.hit));
    f.insert("bumps".into(), json!(o.check.bumps));
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
    f.insert("location".into(), json!(o.location.map(|l| l.name())));
    f.insert("effect".into(), json!(o.effect));
    f.insert("damage".into(), json!(o.effect));
    f.insert("damage_type".into(), json!(o.damage.name()));
    f.insert("wounds".into(), json!(o.dealt.wounds));
    f.insert("conc".into(), json!(o.dealt.conc));
    f.insert("stunned".into(), json!(stunned));
    f.insert("fate".into(), json!(fate.name()));
    f
}

/// Getting out from under dominance: "TN 3 + (half level of opponent) ... 1 AP" (partial),
/// "2 AP and is TN 5 + (half level of opponent) ... placed in any adjacent, empty hex"
/// (dominance), "3 AP and the TN is 7 + (half ...)" (full). The AP and TN now, or why not.
pub fn escape_plan(world: &mut World, hero: Entity) -> Result<(u32, u32, Entity), String> {
    let h = world.get::<Hero>(hero).ok_or("no such hero")?.clone();
    let level = dominated(world, hero);
    let foes = engaged_foes(world, hero);
    let Some(&foe) = foes.first() else {
        return Err(format!("{} is engaged with nobody", h.name));
    };
    let foe_level = foes
        .iter()
        .filter_map(|&f| world.get::<Hero>(f).map(unarmed_level))
        .max()
        .unwrap_or(0);
    let Some((ap, tn)) = melee::escape_tn(Dominance::from_level(level), foe_level) else {
        return Err(format!(
            "{} is not dominated: just move (or disengage carefully)",
            h.name
        ));
    };
    Ok((ap, tn, foe))
}

pub fn escape(world: &mut World, hero: Entity, ap: u32) -> CommandOutcome {
    let (_, tn, foe) = match escape_plan(world, hero) {
        Ok(p) => p,
        Err(reason) => return CommandOutcome::Refused { hero, reason },
    };
    let h = world.get::<Hero>(hero).cloned().expect("planned");
    let level = dominated(world, hero);
    let request = CheckRequest::simple(close_skill(&h, "Brawling"), tn);
    let Ok(check) = resolve_check(world, &request) else {
        return CommandOutcome::Refused {
            hero,
            reason: "no card".into(),
        };
    };
    let mut moved_to = None;
    if check.success {
        set_dominated(world, hero, 0);
        if level >= Dominance::Dominance.level() {
            // "placed in any adjacent, empty hex": the one farthest from the foe.
            let at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
            let foe_at = world.get::<HexPos>(foe).map(|p| p.0).unwrap_or_default();
            let occupied = occupied_hexes(world, hero);
            let battle = world.resource::<Battle>();
            let spot = at
                .all_neighbors()
                .into_iter()
                .filter(|n| {
                    battle.map.tile(*n).is_some_and(|t| t.terrain.passable())
                        && !occupied.contains(n)
                })
                .max_by_key(|n| (n.unsigned_distance_to(foe_at), n.x, n.y));
            if let Some(spot) = spot {
                world.get_mut::<HexPos>(hero).expect("a hero").0 = spot;
                moved_to = Some(offset_of(spot));
            }
        }
    }
    let what = Dominance::from_level(level).name();
    let text = format!(
        "{}: escape from {what} (Brawling, TN {tn}), {}; {}",
        h.name,
        check_words(&check),
        if check.success {
            match moved_to {
                Some((c, r)) => format!("free, and out to {c},{r}"),
                None => "free".to_string(),
            }
        } else {
            "still held".to_string()
        }
    );
    let mut f = check_fields(&check);
    f.insert("from".into(), json!(what));
    f.insert("escaped".into(), json!(check.success));
    f.insert("ap".into(), json!(ap));
    log(world, hero, "escape", text.clone(), f);
    CommandOutcome::Escaped {
        hero,
        free: check.success,
        text,
    }
}

/// The free attack of a foe the mover breaks away from: "the other combatant may immediately
/// make a hand-to-hand attack for one fewer AP (minimum 0)" — a quick attack for 1 AP from
/// the foe's track, when it has one.
pub fn free_attacks(world: &mut World, mover: Entity, to: Hex) {
    for foe in engaged_foes(world, mover) {
        let foe_at = world.get::<HexPos>(foe).map(|p| p.0).unwrap_or_default();
        if foe_at.unsigned_distance_to(to) <= 1 {
            continue;
        }
        let cost = melee::free_attack_ap(AttackType::Quick, false);
        let paid = world
            .get_mut::<super::battle::Track>(foe)
            .is_some_and(|mut t| {
                let left = t.0.in_front + t.0.pool;
                if left < cost {
                    return false;
                }
                let from_front = t.0.in_front.min(cost);
                t.0.in_front -= from_front;
                t.0.pool -= cost - from_front;
                t.0.spent += cost;
                true
            });
        if !paid {
            continue;
        }
        if let Ok(p) = plan(world, foe, mover, AttackType::Quick, false, 1) {
            let who = name(world, foe);
            let mover_name = name(world, mover);
            log(
                world,
                foe,
                "free_attack",
                format!("{mover_name} breaks away: {who} gets a free quick attack ({cost} AP)"),
                Map::new(),
            );
            execute(world, foe, p);
        }
    }
}

/// The engaged hero's move: "Maneuvering while remaining adjacent to their opponent ... costs
/// 1 AP per hex ... No more than one hex". Some(AP) for such a maneuver, None for any other
/// move; Err when dominance forbids moving.
pub fn engaged_move(world: &mut World, hero: Entity, to: Hex) -> Result<Option<u32>, String> {
    let foes = engaged_foes(world, hero);
    if foes.is_empty() {
        return Ok(None);
    }
    let h = world
        .get::<Hero>(hero)
        .map(|h| h.name.clone())
        .unwrap_or_default();
    let level = Dominance::from_level(dominated(world, hero));
    let at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
    let stays = foes.iter().all(|&f| {
        world
            .get::<HexPos>(f)
            .is_some_and(|p| p.0.unsigned_distance_to(to) <= 1)
    });
    if level >= Dominance::Dominance {
        return Err(format!("{h} is under {}: escape first (W)", level.name()));
    }
    if stays && at.unsigned_distance_to(to) == 1 {
        return Ok(Some(melee::MANEUVER_AP));
    }
    if level == Dominance::Partial {
        return Err(format!(
            "{h} is under partial dominance: break away first (W, 1 AP)"
        ));
    }
    Ok(None)
}

/// At each initiative step: blocks and dodges are spent, and a hero engaged that did not move
/// last round counts another round standing still.
pub fn new_round(world: &mut World, hero: Entity) {
    let moved = world
        .get::<MovedThisRound>(hero)
        .is_some_and(|m| m.0.is_some());
    let engaged = !engaged_foes(world, hero).is_empty();
    let mut c = world.get::<CloseCombat>(hero).copied().unwrap_or_default();
    c.rounds_still = if engaged && !moved {
        c.rounds_still + 1
    } else {
        0
    };
    c.blocks = 0;
    c.dodge = None;
    c.attacked = false;
    world.entity_mut(hero).insert(c);
    if !engaged {
        world.entity_mut(hero).insert(Dominated(0));
    }
}

/// Make this hero's facing the hexside toward a foe (for the dodge's direction).
pub fn facing_toward(world: &World, hero: Entity, foe: Entity) -> u8 {
    let (Some(a), Some(b)) = (
        world.get::<HexPos>(hero).map(|p| p.0),
        world.get::<HexPos>(foe).map(|p| p.0),
    ) else {
        return world.get::<Facing>(hero).map_or(0, |f| f.0);
    };
    hexside_toward(a, b)
}
