//! Firing: the volley through the action deck, then ammunition, cover, wounds, stun,
//! strays, thrown weapons, discharges and the Bravery check under fire.

use super::bravery::tactical_aim;
use super::*;
use crate::data::gear::WeaponKind;
use crate::rules::action_time::stun_tn;
use crate::rules::card::{Card, Location};
use crate::rules::check::CheckRequest;
use crate::rules::damage::{BodyPart, DamageType, Fate};
use crate::rules::hexmap::offset_of;
use crate::rules::ranged::{self, ShotKind};
use crate::rules::shot::{self, BumpSpend, ShotOutcome};
use crate::sim::actions::outcome::Outcome;
use crate::sim::bonus;
use crate::sim::deck::{resolve_check, trait_skill, with_deck};
use crate::sim::events::{Bystander, Consequence, MatchEvent, calamity, record};
use crate::sim::model::{
    ActionDeck, Battle, BumpOption, Down, Hero, HexPos, MovedThisRound, PendingAttack,
    PendingBumps, PendingSnap, TwoWeaponAim, Weapons, Wounds,
};
use crate::sim::query::hero_id;
use bevy::prelude::*;

/// Fire a paid series (a single shot is a series of one) and apply what the cards say. The
/// choices it raises stop the match until the hero's seat answers them (a person at the desk,
/// the computer, a recorded intent): a shot whose aim the Bravery check lost (`PendingSnap`:
/// the snap shot or none), a hit with bumps to spend (`PendingBumps`).
pub fn execute(world: &mut World, hero: Entity, mut series: SeriesPlan) -> Outcome {
    if !series.fan
        && matches!(series.shots[0].kind, ShotKind::Normal | ShotKind::Aimed(_))
        && tactical_aim(world, hero, &mut series)
    {
        world.insert_resource(PendingSnap {
            hero,
            action: None,
            series: Box::new(series),
        });
        return Outcome::Pending {
            hero: hero_id(world, hero),
        };
    }
    fire_or_wait(world, hero, series)
}

/// The shot as it stands after aiming: a single hit with bumps to spend waits for its seat to
/// spend them; anything else is fired now (a series' bumps spent as its seat spends them
/// unasked).
pub fn fire_or_wait(world: &mut World, hero: Entity, series: SeriesPlan) -> Outcome {
    if let Some(pending) = bump_choice(world, hero, &series) {
        world.insert_resource(pending);
        return Outcome::Pending {
            hero: hero_id(world, hero),
        };
    }
    let spend = crate::sim::seats::spend_bumps(world, hero, &series.volley);
    fire_series(world, hero, series, spend)
}

/// "They may choose to make the snap shot or forgo making a shot": none made, the AP spent,
/// the gun as it was.
pub fn forgo(world: &mut World, hero: Entity, series: &SeriesPlan) -> Outcome {
    let who = name(world, hero);
    let target = series.targets[0];
    let whom = name(world, target);
    let event = MatchEvent::Forgo {
        hero: who,
        target: whom,
        weapon: series.shots[0].weapon.name.clone(),
    };
    let text = event.text();
    record(world, Some(hero), event);
    Outcome::Forgone {
        hero: hero_id(world, hero),
        text,
    }
}

/// The places on the hit location stack of the card the hit read (the Judge's dry run of the
/// volley: nothing is drawn) that `bumps` can pay for, as spends.
pub fn location_spends(judge: &ShotOutcome, bumps: u32) -> Option<Vec<BumpSpend>> {
    let card = &judge.check.resolution.as_ref()?.location;
    Some(
        shot::location_options(card, bumps)
            .into_iter()
            .map(|(index, _)| BumpSpend::Location(index as u8))
            .collect(),
    )
}

/// One way to spend the bumps, as a dry run found it.
pub fn bump_option(spend: BumpSpend, o: &ShotOutcome, dominance: u32) -> BumpOption {
    let location = o.location.unwrap_or(crate::rules::card::Location::Chest);
    BumpOption {
        spend,
        location,
        location_bumps: o.location_bumps,
        damage_bumps: o.damage_bumps,
        free_rows: o.damage_bumps.min(shot::free_damage_rows(o.hits, location)),
        effect: o.effect,
        wounds: o.dealt.wounds,
        conc: o.dealt.conc,
        stopped: o.penetration == Some(ranged::Penetration::D),
        dominance_bumps: o.reserved,
        dominance,
        damage: o.damage,
        toggle: o.toggle,
    }
}

/// The choice the hero's seat gets before a single shot that hits with bumps is applied: what
/// each affordable place on the card's hit location stack would do (found on copies of the
/// deck: nothing is drawn). None when there is nothing to choose.
fn bump_choice(world: &World, hero: Entity, series: &SeriesPlan) -> Option<PendingBumps> {
    if series.fan || series.shots.len() != 1 {
        return None;
    }
    let volley = bonus::on_volley(world, hero, &series.volley);
    let judge = crate::sim::deck::with_deck_copy(world, |source, options| {
        shot::resolve_volley(source, &volley, options)
    })
    .ok()?
    .into_iter()
    .next()?;
    if !judge.hit || judge.check.bumps == 0 || judge.location.is_none() {
        return None;
    }
    let bumps = judge.check.bumps - judge.reserved;
    let mut options = vec![bump_option(BumpSpend::Judge, &judge, 0)];
    let mut spends = location_spends(&judge, bumps)?;
    // "a player can 'save' a bump from one roll and use it later".
    if bonus::can_earn(world, hero) {
        spends.push(BumpSpend::Save);
    }
    for spend in spends {
        let o = crate::sim::deck::with_deck_copy(world, |source, opts| {
            shot::resolve_volley_spending(source, &volley, opts, spend)
        })
        .ok()?
        .into_iter()
        .next()?;
        options.push(bump_option(spend, &o, 0));
    }
    let distinct = options.iter().skip(1).any(|o| {
        o.spend == BumpSpend::Save
            || (o.location, o.effect) != (options[0].location, options[0].effect)
    });
    distinct.then(|| PendingBumps {
        hero,
        target: series.targets[0],
        action: None,
        attack: PendingAttack::Shot(Box::new(series.clone())),
        bumps,
        options,
    })
}

/// After a volley: the weapon's rounds fired, the hammer down, a jam on equipment failure or a
/// calamity; the two-weapon aim; a discharge of a carried pistol.
fn after_the_volley(
    world: &mut World,
    hero: Entity,
    series: &SeriesPlan,
    outcomes: &[ShotOutcome],
) {
    // The weapon: the rounds fired, the hammer down, aim gone; a jam on equipment failure.
    let index = series.shots[0].weapon_index;
    let thrown_weapon = series.shots[0].weapon.kind == WeaponKind::Thrown;
    let calamity = outcomes.first().is_some_and(|o| o.check.calamity);
    if let Some(mut weapons) = world.get_mut::<Weapons>(hero) {
        let w = &mut weapons.0[index];
        for o in outcomes {
            w.rounds = w.rounds.saturating_sub(o.fired.min(w.rounds));
            w.jammed |= o.equipment_failure;
        }
        // A calamity jams a gun whatever its Rel ("Calamities are results that lead to failure
        // no matter the situation"): it must be cleared before it fires again.
        w.jammed |= calamity && !thrown_weapon && !series.sabotage;
        w.cocked = false;
    }
    if calamity && series.sabotage {
        super::calamity_hits_the_target(world, hero, series);
    } else if calamity && !thrown_weapon {
        let weapon = series.shots[0].weapon.name.clone();
        crate::sim::events::calamity(world, hero, Consequence::Jammed { weapon });
    }
    // Two weapons: the target it aimed at (any shot but a snap shot) this round.
    if crate::sim::query::two_weapons(world, hero)
        && let Some(aimed) = series
            .shots
            .iter()
            .find(|s| s.kind != ShotKind::Snap)
            .map(|s| s.target)
    {
        world.entity_mut(hero).insert(TwoWeaponAim(Some(aimed)));
    }
    // "A Calamity result on an action involving any kind of movement leads to discharge of a
    // round. The same is true for any malfunction result that is within the malfunction range
    // of the weapon": a fully loaded pistol the firer carries, read against its own Rel.
    let moved = world
        .get::<MovedThisRound>(hero)
        .is_some_and(|m| m.0.is_some());
    if let Some(first) = outcomes.first() {
        discharge(world, hero, first, calamity && moved);
    }
}

/// Fire the series with the first shot's bumps spent as chosen, and apply what the cards say.
pub fn fire_series(
    world: &mut World,
    hero: Entity,
    series: SeriesPlan,
    spend: BumpSpend,
) -> Outcome {
    let resolved = if series.sabotage {
        super::fire_to_miss(world, hero, &series.volley)
    } else {
        volley_now_spending(world, hero, &series.volley, spend)
    };
    let outcomes = match resolved {
        Ok(o) => o,
        Err(refused) => return refused,
    };
    let index = series.shots[0].weapon_index;
    let thrown_weapon = series.shots[0].weapon.kind == WeaponKind::Thrown;
    let first_target = series.targets[0];
    after_the_volley(world, hero, &series, &outcomes);
    let mut texts = Vec::new();
    let mut any_hit = false;
    let total = outcomes.len();
    // Each shot lands through the rules' systems (`lands.rs`), in the order fired.
    let shots = series.targets.into_iter().zip(series.shots);
    for (i, (outcome, (target, plan))) in outcomes.into_iter().zip(shots).enumerate() {
        any_hit |= outcome.hit;
        let shot = Box::new(super::lands::LandingShot {
            hero,
            target,
            plan,
            outcome,
            series: (i + 1, total),
            fan: series.fan,
            series_ap: (i == 0).then_some(series.ap),
            sabotage: series.sabotage,
            fate: Fate::Standing,
            stunned: false,
            strays_hit: 0,
            mark: 0,
        });
        texts.push(super::lands::land(world, shot));
    }
    // A thrown weapon is gone from the hand once thrown.
    if thrown_weapon
        && let Some(mut weapons) = world.get_mut::<Weapons>(hero)
        && weapons.0[index].rounds == 0
    {
        weapons.0[index].ready = false;
    }
    Outcome::Shot {
        hero: hero_id(world, hero),
        target: hero_id(world, first_target),
        hit: any_hit,
        text: texts.join("\n"),
    }
}

/// Resolve a volley (shots or blows) with the match deck, or the refusal to give.
pub fn volley_now(
    world: &mut World,
    hero: Entity,
    volley: &shot::Volley,
) -> Result<Vec<ShotOutcome>, Outcome> {
    volley_now_spending(world, hero, volley, BumpSpend::Judge)
}

/// Resolve a volley with the first attack's bumps spent as chosen.
pub fn volley_now_spending(
    world: &mut World,
    hero: Entity,
    volley: &shot::Volley,
    spend: BumpSpend,
) -> Result<Vec<ShotOutcome>, Outcome> {
    let volley = bonus::on_volley(world, hero, volley);
    let outcomes = with_deck(world, |source, options| {
        shot::resolve_volley_spending(source, &volley, options, spend)
    })
    .map_err(|e| Outcome::Refused {
        hero: hero_id(world, hero),
        reason: e.to_string().into(),
    })?;
    if let Some(first) = outcomes.first() {
        crate::sim::deck::spend_choices(world, hero, &first.check);
        // The bonus counter: spent when it added something, earned from a bump saved.
        if let Some(used) = first.bonus_used {
            bonus::spend(world, hero, used, "attack");
        }
        if first.saved > 0 {
            bonus::earn(world, hero, "hit");
        }
    }
    Ok(outcomes)
}

/// The shot's cause card (the first drawn): its scatter, step, toggle and unintended targets
/// decide what happens around the shot.
pub(super) fn cause_card(world: &World, o: &ShotOutcome) -> Option<Card> {
    let n = *o.cards.first()?;
    world.resource::<ActionDeck>().deck.card(n).cloned()
}

/// Where a throw ends: on the target when it hits; else "use the scatter section of the
/// Action Card ... Orient the clock face with the 6 in the direction of the thrower and place
/// the thrown object a number of paces equal to the phase result". Dynamite bursts there.
pub(super) fn thrown(
    world: &mut World,
    hero: Entity,
    target: Entity,
    p: &ShotPlan,
    o: &ShotOutcome,
) {
    let Some(card) = cause_card(world, o) else {
        return;
    };
    let from = world.get::<HexPos>(hero).map(|h| h.0).unwrap_or_default();
    let at = world.get::<HexPos>(target).map(|h| h.0).unwrap_or_default();
    // A calamity: it slips from the hand and lands at the thrower's feet (dynamite too).
    let slipped = o.check.calamity;
    let landing = if slipped {
        from
    } else if o.hit {
        at
    } else {
        let spot = ranged::landing_hex(from, at, card.scatter, card.step);
        // Off the map or into a wall, it stops at the last open hex on the way (it came down
        // on the target's own hex: a scatter past a wall still blew the target up).
        let map = &world.resource::<Battle>().map;
        if world.contains_resource::<ScatterBackToTarget>() {
            if map.tile(spot).is_some_and(|t| t.terrain.passable()) {
                spot
            } else {
                at
            }
        } else {
            map.last_open_on_the_way(at, spot)
        }
    };
    let (c, r) = offset_of(landing);
    if slipped {
        let what = Consequence::Slipped {
            weapon: p.weapon.name.clone(),
            at: (c, r),
        };
        calamity(world, hero, what);
    } else if !o.hit {
        let event = MatchEvent::Landed {
            weapon: p.weapon.name.clone(),
            clock: card.scatter,
            step: card.step,
            at: (c, r),
        };
        record(world, Some(hero), event);
    }
    if p.weapon.blast == 0 {
        return;
    }
    let radius = p.weapon.blast;
    let mut q = world.query::<(Entity, &HexPos, &Down, &Hero)>();
    let mut caught: Vec<(Entity, u32, usize)> = q
        .iter(world)
        .filter(|(e, pos, down, _)| {
            !down.0 && pos.0.unsigned_distance_to(landing) <= radius && !(o.hit && *e == target)
        })
        .map(|(e, pos, _, h)| (e, pos.0.unsigned_distance_to(landing), h.order))
        .collect();
    // Each victim's Stun check draws a card: a fixed order keeps the match replayable.
    caught.sort_by_key(|c| (c.1, c.2));
    let caught: Vec<(Entity, u32)> = caught.into_iter().map(|c| (c.0, c.1)).collect();
    for (victim, distance) in caught {
        let what = format!(
            "The {} goes off at {c},{r}: {{victim}}, {} off, is hit",
            p.weapon.name,
            crate::rules::words::count(distance, "pace", "paces")
        );
        let by = Bystander::Blast {
            at: (c, r),
            distance,
        };
        hit_bystander(world, victim, &card, p, distance, by, &what);
    }
}

/// A fully loaded pistol goes off: "Check the toggle result on the Action Card. A YES value
/// means the shot misses the character, a NO means it did not. Apply a hit to the closest
/// body part (usually the leg)": the right leg, where the holster hangs, for the pistol's DMG
/// cell on the card.
pub(super) fn discharge(world: &mut World, hero: Entity, o: &ShotOutcome, moving_calamity: bool) {
    let Some(card) = cause_card(world, o) else {
        return;
    };
    let gear = &world.resource::<Battle>().gear;
    let Some((index, pistol)) = world.get::<Weapons>(hero).and_then(|w| {
        w.0.iter()
            .enumerate()
            .find(|(_, w)| w.fully_loaded && w.rounds > 0)
            .and_then(|(i, w)| gear.weapon(&w.name).map(|g| (i, g.clone())))
    }) else {
        return;
    };
    // The pistol's own malfunction range, not the weapon just fired.
    if !moving_calamity && !ranged::equipment_fails(&card, pistol.reliability) {
        return;
    }
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
        let (effect, dealt) = shot::card_damage(&card, dmg, 0, DamageType::Deadly, size);
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
    let text = format!(
        "{who}'s fully loaded {} goes off: {}",
        pistol.name,
        if misses {
            "the toggle says YES, the round misses".to_string()
        } else {
            format!(
                "the toggle says NO, the right leg is hit: effect {effect}, {} and {} Conc{}",
                crate::rules::words::count(dealt.wounds, "wound", "wounds"),
                dealt.conc,
                fate_words(fate, stunned)
            )
        }
    );
    let report = crate::sim::events::Discharge {
        words: text,
        weapon: pistol.name.clone(),
        misses,
        effect,
        dealt,
    };
    record(world, Some(hero), MatchEvent::Discharge(Box::new(report)));
}

/// The Stun check of a hero whose worst wound is now `worst`: Fortitude against the Stun
/// column's TN (the computer weighs a hit by its odds too).
pub fn stun_request(hero: &Hero, worst: u32) -> CheckRequest {
    CheckRequest::simple(trait_skill(hero, "Fortitude"), stun_tn(worst))
}

/// Apply wounds and concussion at a location, then the Stun check: "Whenever a character is
/// dealt damage they must check Fortitude ... The TN is listed in the Stun column".
pub fn wound(
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
    // A leg that cannot carry: the hero walks on the legs left (one halves Move, none crawls).
    if let Fate::LimbDisabled(BodyPart::LeftLeg | BodyPart::RightLeg) = fate {
        let legs = [BodyPart::LeftLeg, BodyPart::RightLeg]
            .into_iter()
            .filter(|p| w.body.disabled(*p))
            .count() as u32;
        let (walk, run) = crate::rules::damage::on_legs(t.move_paces, t.run, legs.min(1));
        let (walk, run) = if legs >= 2 { (1, 1) } else { (walk, run) };
        if let Some(mut h) = world.get_mut::<Hero>(target) {
            h.move_paces = walk.min(h.move_paces);
            h.run = run.min(h.run);
        }
    }
    if matches!(fate, Fate::Unconscious | Fate::Killed) {
        if let Some(mut d) = world.get_mut::<Down>(target) {
            d.0 = true;
        }
        return (fate, false);
    }
    let request = stun_request(&t, worst);
    let Ok(check) = resolve_check(world, &request) else {
        return (fate, false);
    };
    let stunned = !check.success;
    if stunned && let Some(mut w) = world.get_mut::<Wounds>(target) {
        w.stunned = true;
    }
    let (success, bumps) = (check.success, check.bumps);
    let event = MatchEvent::StunCheck {
        hero: t.name.clone(),
        check,
        stunned,
    };
    record(world, Some(target), event);
    // Bumps a Stun check has no use for: one saved as a bonus counter.
    if success && bumps > 0 {
        bonus::earn(world, target, "Stun check");
    }
    (fate, stunned)
}

/// A figure the shot was not aimed at is hit (a stray, a blast): the card's standard location
/// and the weapon's DMG cell, `rows_less` rows lower; its wounds, stun and a log event whose
/// text is `what` (with `{victim}` for its name) and the hit.
pub(super) fn hit_bystander(
    world: &mut World,
    victim: Entity,
    card: &Card,
    p: &ShotPlan,
    rows_less: u32,
    by: Bystander,
    what: &str,
) {
    let size = world.get::<Hero>(victim).map_or(6, |h| h.size);
    let weapon = &p.request.weapon;
    let (location, effect, dealt) = shot::card_hit(card, weapon, rows_less, size);
    // The hit is said before the Stun check it brings, as a shot's own hit is.
    let mark = world.resource::<crate::sim::model::MatchLog>().events.len();
    let (fate, stunned) = wound(world, victim, location, dealt, weapon.damage, card.toggle);
    let victim_name = name(world, victim);
    let words = format!(
        "{} in the {location}: effect {effect}, {} and {} Conc{}",
        what.replace("{victim}", &victim_name),
        crate::rules::words::count(dealt.wounds, "wound", "wounds"),
        dealt.conc,
        fate_words(fate, stunned)
    );
    let report = crate::sim::events::BystanderHit {
        words,
        by,
        location,
        effect,
        dealt,
        stunned,
    };
    record(world, Some(victim), MatchEvent::Bystander(Box::new(report)));
    world
        .resource_mut::<crate::sim::model::MatchLog>()
        .move_last_to(mark);
}

/// A match file of version 8 or older replays as it was played: a throw scattered past a wall
/// or off the map came down on the target's hex. Set by `journal::rules_of_version`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScatterBackToTarget;
