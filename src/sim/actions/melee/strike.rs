//! A paid hand-to-hand declaration carried out: the volley through the action card, then each
//! blow applied (blocks, wounds, dominance and its shoves, the weapon-length switch, facing)
//! and reported; a calamity's consequence last.

use super::*;
use crate::rules::damage::{self, Fate};
use crate::rules::hexmap::{hexside_toward, step};
use crate::rules::melee::{self, AttackType, BlockOutcome, Dominance};
use crate::rules::shot::{self, BumpSpend, ShotOutcome};
use crate::sim::actions::ranged as combat;
use crate::sim::events::{MatchEvent, record};
use crate::sim::model::{
    Battle, BumpOption, Down, HexPos, PendingAttack, PendingBumps, UnderFire, Weapons,
};
use crate::sim::query::occupied_hexes;
use bevy::prelude::*;
use serde_json::{Map, Value, json};

/// Resolve a paid attack (or series) and apply what the card says. A single blow that lands
/// with bumps waits for the hero's seat to spend them (`PendingBumps`).
pub fn execute(world: &mut World, hero: Entity, p: MeleePlan) -> Outcome {
    if let Some(pending) = blow_choice(world, hero, &p) {
        world.insert_resource(pending);
        return Outcome::Pending {
            hero: hero_id(world, hero),
        };
    }
    let spend = crate::sim::seats::spend_bumps(world, hero, &p.volley);
    strike(world, hero, p, spend)
}

/// The choice the hero's seat gets before a single blow that lands with bumps is applied: the
/// Judge's way, each place on the card's hit location stack the bumps pay for, and each number
/// of bumps toward dominance that changes it (found on copies of the deck: nothing is drawn).
fn blow_choice(world: &World, hero: Entity, p: &MeleePlan) -> Option<PendingBumps> {
    if p.blows.len() != 1 {
        return None;
    }
    let volley = crate::sim::bonus::on_volley(world, hero, &p.volley);
    let dry = |spend: BumpSpend| {
        crate::sim::deck::with_deck_copy(world, |source, options| {
            shot::resolve_volley_spending(source, &volley, options, spend)
        })
        .ok()
        .and_then(|o| o.into_iter().next())
    };
    let judge = dry(BumpSpend::Judge)?;
    let blocked = matches!(judge.block, Some((BlockOutcome::Blocked, ..)));
    if !judge.hit || blocked || judge.check.bumps == 0 {
        return None;
    }
    let before = (dominated(world, hero), dominated(world, p.target));
    let level_after = |o: &ShotOutcome| {
        let toward = match p.attack {
            AttackType::Grapple => 1 + o.reserved.min(3),
            _ => o.reserved,
        };
        melee::spend_dominance(before.0, before.1, toward).1
    };
    let option = |spend, o: &ShotOutcome| combat::bump_option(spend, o, level_after(o));
    let mut options = vec![option(BumpSpend::Judge, &judge)];
    let bumps = judge.check.bumps;
    // The hit location: where the blow lands is the attacker's pick under full dominance.
    if judge.location.is_some()
        && p.volley.attacks[0]
            .close
            .as_ref()
            .is_some_and(|c| c.pick.is_none())
    {
        for spend in combat::location_spends(&judge, bumps - judge.reserved)? {
            options.push(option(spend, &dry(spend)?));
        }
    }
    // Dominance: each level costs one bump; more than lifts the fighter's own and fills the
    // foe's buys nothing.
    let useful = (before.0 + Dominance::Full.level() - before.1).min(bumps);
    for n in (judge.reserved + 1)..=useful {
        let spend = BumpSpend::Dominance(n as u8);
        options.push(option(spend, &dry(spend)?));
    }
    // "a player can 'save' a bump from one roll and use it later".
    if bumps > judge.reserved && crate::sim::bonus::can_earn(world, hero) {
        options.push(option(BumpSpend::Save, &dry(BumpSpend::Save)?));
    }
    let key = |o: &BumpOption| (o.location, o.effect, o.dominance, o.dominance_bumps);
    let distinct = options
        .iter()
        .skip(1)
        .any(|o| o.spend == BumpSpend::Save || key(o) != key(&options[0]));
    distinct.then(|| PendingBumps {
        hero,
        target: p.target,
        action: None,
        attack: PendingAttack::Blow(Box::new(p.clone())),
        bumps,
        options,
    })
}

/// A blow of a series whose foe an earlier blow shoved out of reach: it finds nobody.
fn out_of_reach(world: &mut World, hero: Entity, blow: &Blow, i: usize, n: usize) -> String {
    let report = crate::sim::events::OutOfReach {
        hero: name(world, hero),
        target: name(world, blow.target),
        attack: blow.attack,
        series: (i + 1, n),
    };
    let text = report.words();
    record(world, Some(hero), MatchEvent::OutOfReach(Box::new(report)));
    text
}

/// Dominance after a blow: the bumps kept for it (a grapple's success is one more), the foe
/// shoved by what it gained. (Before, after, paces shoved.)
pub(super) fn dominance_of(
    world: &mut World,
    hero: Entity,
    target: Entity,
    attack: AttackType,
    o: &ShotOutcome,
    landed: bool,
) -> ((u32, u32), (u32, u32), u32) {
    let toward = if landed {
        match attack {
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
    (before, (own, foe), shoved)
}

/// A weapon block: its equal result raises the blocking weapon's Rel; a block that breaks it
/// leaves the blocker with fists.
pub(super) fn weapon_blocked(world: &mut World, target: Entity, o: &ShotOutcome) {
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
            record(
                world,
                Some(target),
                MatchEvent::Broken { hero: who, weapon },
            );
        }
    }
}

/// Strike with the first blow's bumps spent as chosen, and apply what the card says.
pub fn strike(world: &mut World, hero: Entity, p: MeleePlan, spend: BumpSpend) -> Outcome {
    let outcomes = match combat::volley_now_spending(world, hero, &p.volley, spend) {
        Ok(o) => o,
        Err(refused) => return refused,
    };
    if let Some(mut c) = world.get_mut::<CloseCombat>(hero) {
        c.attacked = true;
    }
    let mut texts = Vec::new();
    let mut any_hit = false;
    for (i, o) in outcomes.iter().enumerate() {
        let blow = &p.blows[i];
        let target = blow.target;
        if world.get::<Down>(target).is_some_and(|d| d.0) {
            continue;
        }
        let close = p.volley.attacks[i].close.clone().unwrap_or_default();
        let o = short_rows(o, &p, i);
        // Shoved out of reach by an earlier blow of the series: this one finds nobody.
        if i > 0 && !engaged_foes(world, target).contains(&hero) {
            texts.push(out_of_reach(world, hero, blow, i, outcomes.len()));
            continue;
        }
        // The blow lands through the rules' systems (`lands.rs`).
        let blow = super::lands::LandingBlow::new(hero, p.clone(), i, o, close);
        any_hit |= blow.landed;
        texts.extend(super::lands::land(world, blow));
    }
    if let Some(first) = outcomes.first()
        && first.check.calamity
        && let Some(text) = super::calamity::blow_calamity(world, hero, &p, first)
    {
        texts.push(text);
    }
    Outcome::Melee {
        hero: hero_id(world, hero),
        target: hero_id(world, p.target),
        hit: any_hit,
        text: texts.join("\n"),
    }
}

/// A dominated fighter's pool that would read above its first row: "shifted up one row ... (the
/// damage is reduced)", a point off the effect for each row the grid does not have.
fn short_rows(o: &ShotOutcome, p: &MeleePlan, i: usize) -> ShotOutcome {
    let mut o = o.clone();
    let close = p.volley.attacks[i].close.clone().unwrap_or_default();
    if o.quality.is_none() || close.flat.is_some() || close.no_damage {
        return o;
    }
    let rows = p.volley.weapon.dmg.rows as i32 + o.damage_bumps as i32 + close.rows;
    let short = melee::rows_short(rows);
    if short > 0 {
        o.effect = o.effect.saturating_sub(short);
        o.dealt = damage::deal(o.damage, o.effect, p.volley.attacks[i].target_size);
    }
    o
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
    p: &MeleePlan,
    o: &ShotOutcome,
    i: usize,
    before: (u32, u32),
    after: (u32, u32),
    shoved: u32,
    fate: Fate,
    stunned: bool,
) -> String {
    let blow = &p.blows[i];
    let who = name(world, hero);
    let foe = name(world, blow.target);
    let careful = if blow.careful { "careful " } else { "" };
    let nth = if p.times > 1 {
        format!(" [{}/{}]", i + 1, p.times)
    } else {
        String::new()
    };
    let back = if blow.behind { " from behind" } else { "" };
    let mut s = format!(
        "{who}: {careful}{} at {foe}{back}{nth} with {}: {}",
        blow.attack.name(),
        p.struck_with(),
        crate::sim::log::roll_words(&o.check, &o.cards, "defense")
    );
    // The block's result against the blow's (a play-test asked what "block fails (5)" meant).
    let blow_result = o.check.result;
    match o.block {
        Some((BlockOutcome::Blocked, r, _)) => {
            return format!("{s}: hit, but {foe} blocks it ({r} beats the blow's {blow_result})");
        }
        Some((BlockOutcome::Deflected, r, _)) => s.push_str(&format!(
            ", {foe} half-blocks it ({r} equals the blow's {blow_result})"
        )),
        Some((BlockOutcome::Failed, r, _)) => s.push_str(&format!(
            ", {foe}'s block fails ({r}, under the blow's {blow_result})"
        )),
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
pub fn fields(
    p: &MeleePlan,
    o: &ShotOutcome,
    i: usize,
    stunned: bool,
    fate: Fate,
) -> Map<String, Value> {
    let blow = &p.blows[i];
    let mut f = Map::new();
    combat::outcome_fields(&mut f, o, stunned, fate);
    f.insert("attack".into(), json!(blow.attack.name()));
    f.insert("careful".into(), json!(blow.careful));
    f.insert("weapon".into(), json!(p.weapon.name));
    f.insert(
        "improvised".into(),
        json!(p.improvised.map(|i| format!("{i:?}").to_lowercase())),
    );
    f.insert("ap".into(), json!(p.ap));
    f.insert("tn_parts".into(), combat::named_values(&blow.tn_parts));
    f.insert(
        "modifiers".into(),
        combat::named_values(&p.volley.attacks[i].terms.modifiers),
    );
    f.insert(
        "advantage".into(),
        json!([blow.advantage.0, blow.advantage.1]),
    );
    f.insert("chance".into(), json!((p.chance * 1000.0).round() / 1000.0));
    f.insert("calamity".into(), json!(o.check.calamity));
    f.insert("reserved_bumps".into(), json!(o.reserved));
    f.insert("from_behind".into(), json!(blow.behind));
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
