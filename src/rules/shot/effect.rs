//! Steps 2 to 5 of one attack once its cause (hit or miss) is known: the number of hits
//! (burst), a prepared block met, the hit location with its bumps, penetration and ablation
//! of cover, and the damage read from the card.

use super::*;

/// Steps 2 to 5 of one attack once its result is known.
pub(crate) fn after_cause(
    source: &mut dyn CardSource,
    weapon: &ShotWeapon,
    attack: &Attack,
    caused: Caused,
    cards: &check::ResolutionCards,
    options: &CheckOptions,
    (spend, effect_spend): (BumpSpend, Option<Spend>),
) -> Result<ShotOutcome, CheckError> {
    let Caused {
        check,
        mut drawn,
        allot,
    } = caused;
    let hit = check.success;
    // 2. Number of hits: the burst section of the cause card (or this target's share).
    let (fired, hits) = allot.unwrap_or_else(|| burst_of(weapon, &cards.cause, hit));
    let hit = hit && hits > 0;
    let strays = ranged::strays(fired, hits, weapon.scatter_band);
    let toggle = cards.cause.toggle;
    let close = attack.close.clone().unwrap_or_default();
    let reserve = match spend {
        BumpSpend::Dominance(n) if attack.close.is_some() => close.reserve.max(u32::from(n)),
        _ => close.reserve,
    };
    let reserved = reserve.min(check.bumps);
    let saved = u32::from(spend == BumpSpend::Save && check.bumps > reserved);
    let bumps = check.bumps - reserved - saved;
    let mut outcome = ShotOutcome {
        hit,
        fired,
        hits,
        strays,
        saved,
        reserved,
        ..ShotOutcome::of(check, weapon.damage, toggle)
    };
    if !hit {
        outcome.cards = drawn;
        return Ok(outcome);
    }

    // A prepared block: a check against the attack's result.
    let deflected = match close.block {
        Some(skill) => {
            match meet_block(source, skill, &close, &mut outcome, &mut drawn, options)? {
                Some(deflected) => deflected,
                None => {
                    outcome.cards = drawn;
                    return Ok(outcome);
                }
            }
        }
        None => false,
    };
    if close.no_damage {
        outcome.cards = drawn;
        return Ok(outcome);
    }

    // 3. Hit location: bumps move it along the stack at the triangles' cost.
    let card = &cards.location;
    let shield = card.shield;
    let stops = |location: Location| {
        attack.cover.as_ref().is_some_and(|c| {
            c.covers.contains(&location)
                && ranged::penetration(weapon.pen + shield, c.av) == Penetration::D
        })
    };
    // A deflecting block turns it onto the blocking arm; full dominance picks the location.
    let (location, cost) = match (deflected, close.pick) {
        (true, _) => (Location::LeftArm, 0),
        (false, Some(picked)) => (picked, 0),
        (false, None) => bumped_location(card, spend, bumps, &stops),
    };
    outcome.location = Some(location);
    outcome.location_bumps = cost;

    // 4. Penetration: a covered location hits the cover; EP = Pen + shield against its AV.
    let Some(column) = penetrate(attack, weapon, shield, location, &mut outcome) else {
        outcome.cards = drawn;
        return Ok(outcome);
    };

    // 5. Damage: DMG (RD when ablated), one row per damage bump.
    outcome.damage_bumps = (bumps - cost) + free_damage_rows(hits, location);
    let damage = deal_damage(
        source,
        (weapon, attack, &close),
        (&cards.effect, column),
        options,
        effect_spend,
        (&mut outcome, &mut drawn),
    );
    outcome.cards = drawn;
    damage.map(|()| outcome)
}

/// Step 5: the damage of a hit whose location and damage rows are known (`outcome`): a flat
/// damage takes its bumps one for one; else DMG (RD when ablated) read on the effect card,
/// one row per damage bump, in the column penetration left. "Aces!" and "As I planned!" on
/// the final effect (docs/rules-decisions.md, 11).
fn deal_damage(
    source: &mut dyn CardSource,
    (weapon, attack, close): (&ShotWeapon, &Attack, &CloseTerms),
    (card, column): (&crate::rules::card::Card, i32),
    options: &CheckOptions,
    effect_spend: Option<Spend>,
    (outcome, drawn): (&mut ShotOutcome, &mut Vec<u8>),
) -> Result<(), CheckError> {
    let damage_bumps = outcome.damage_bumps;
    if let Some(flat) = close.flat {
        let effect = (flat as i32 + damage_bumps as i32 + close.bonus).max(0) as u32;
        let effect = effect + effect_spend.map_or(0, Spend::value);
        outcome.bonus_used = outcome.bonus_used.or(effect_spend);
        outcome.effect = effect;
        outcome.dealt = damage::deal(weapon.damage, effect, attack.target_size);
        return Ok(());
    }
    let rows = (weapon.dmg.rows as i32 + damage_bumps as i32 + close.rows).max(1) as u32;
    let effect = read_damage(source, card, (weapon.dmg.die, rows, column), options, drawn)?;
    outcome.quality = Some(Pool {
        rows: rows.min(5),
        die: weapon.dmg.die.shifted(column).unwrap_or(weapon.dmg.die),
    });
    let effect = (effect as i32 + close.bonus).max(0) as u32 + effect_spend.map_or(0, Spend::value);
    outcome.bonus_used = outcome.bonus_used.or(effect_spend);
    outcome.effect = effect;
    outcome.dealt = damage::deal(weapon.damage, effect, attack.target_size);
    Ok(())
}

/// A prepared block met: a check against the attack's result (the defender's pool against the
/// attacker's successes with dice, the d20 tests' margins compared). `None`: blocked; else
/// whether it deflects the blow onto the blocking arm.
fn meet_block(
    source: &mut dyn CardSource,
    skill: Skill,
    close: &CloseTerms,
    outcome: &mut ShotOutcome,
    drawn: &mut Vec<u8>,
    options: &CheckOptions,
) -> Result<Option<bool>, CheckError> {
    let (blocking, attack_result) = match outcome.check.system {
        // "a TN equal to the result of the incoming attack"
        Resolution::ActionDeck => {
            let request = CheckRequest::simple(skill, outcome.check.result.max(1));
            (
                check::resolve(source, &request, options)?,
                outcome.check.result,
            )
        }
        // The block opposes the blow: the defender's pool against the attacker's
        // successes as Interference; the d20 test of the block's skill, margins compared.
        Resolution::DicePool | Resolution::D20 => {
            crate::rules::resolution::block(source, skill, &outcome.check, options)?
        }
    };
    drawn.extend(blocking.cards.iter().copied());
    let result = if blocking.calamity {
        0
    } else {
        blocking.result
    };
    let how = crate::rules::melee::block(result, attack_result);
    let broke = close.weapon_block
        && blocking
            .resolution
            .as_ref()
            .is_some_and(|r| ranged::equipment_fails(&r.cause, close.block_reliability));
    outcome.block = Some((how, result, broke));
    outcome.block_calamity = blocking.calamity;
    Ok(match how {
        BlockOutcome::Blocked => None,
        BlockOutcome::Deflected => Some(!close.weapon_block),
        BlockOutcome::Failed => Some(false),
    })
}

/// Hit location: bumps move it along the location card's stack at the triangles' cost (the
/// one spent for, when it can be paid), past cover that would stop the shot.
fn bumped_location(
    card: &crate::rules::card::Card,
    spend: BumpSpend,
    bumps: u32,
    stops: &impl Fn(Location) -> bool,
) -> (Location, u32) {
    let (index, cost) = match spend {
        BumpSpend::Location(i)
            if card
                .location
                .get(i as usize)
                .is_some_and(|e| e.bumps <= bumps) =>
        {
            (i as usize, card.location[i as usize].bumps)
        }
        _ => ranged::choose_location(card, bumps, &stops),
    };
    (card.location[index].location, cost)
}

/// Penetration of the cover covering the location hit: EP = Pen + shield against its AV.
/// The effect's column shift (RD when ablated); `None` when the cover stops the shot.
fn penetrate(
    attack: &Attack,
    weapon: &ShotWeapon,
    shield: i32,
    location: Location,
    outcome: &mut ShotOutcome,
) -> Option<i32> {
    let mut column = 0;
    if let Some(cover) = attack
        .cover
        .as_ref()
        .filter(|c| c.covers.contains(&location))
    {
        let ep = weapon.pen + shield;
        let pen = ranged::penetration(ep, cover.av);
        outcome.cover_av = Some(cover.av);
        outcome.ep = Some(ep);
        outcome.penetration = Some(pen);
        match pen {
            Penetration::D => return None,
            Penetration::A => {
                column = weapon.rd.die.column() as i32 - weapon.dmg.die.column() as i32;
            }
            Penetration::P => {}
        }
    }
    Some(column)
}

/// The damage grid read at `rows` rows of the die's column (shifted): past the fifth row the
/// rows go on as another read of the same column, (7)8 is (5)8 + (2)8.
fn read_damage(
    source: &mut dyn CardSource,
    card: &crate::rules::card::Card,
    (die, rows, column): (crate::rules::die::Die, u32, i32),
    options: &CheckOptions,
    drawn: &mut Vec<u8>,
) -> Result<u32, CheckError> {
    let mut effect = 0;
    // Past the fifth row, the rows go on as another read of the same column: (7)8 is
    // (5)8 + (2)8 (docs/rules-decisions.md).
    let mut left = rows;
    while left > 0 {
        let take = left.min(5);
        let quality = Pool::new(take, die).expect("1 to 5 rows");
        let mut request = EffectRequest {
            quality,
            adjust: Default::default(),
        };
        request.adjust.column = column;
        let (magnitude, _, more, _) = check::read_effect(source, card, &request, options)?;
        drawn.extend(more);
        effect += magnitude;
        left -= take;
    }
    Ok(effect)
}

/// Rounds fired and hits of a shot of its own: one, or the burst section of the cause card
/// read at the weapon's burst (at least one hit on a hit).
fn burst_of(weapon: &ShotWeapon, cause: &crate::rules::card::Card, hit: bool) -> (u32, u32) {
    let fired = weapon.burst.unwrap_or(1);
    let hits = match (hit, weapon.burst) {
        (false, _) => 0,
        (true, Some(value)) => cause.burst_hits(value).unwrap_or(1).clamp(1, value),
        (true, None) => 1,
    };
    (fired, hits)
}
