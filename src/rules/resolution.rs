//! The game's checks in the two other systems of the rules folder (docs/rules-decisions.md,
//! "The three systems in play"). A check of this game is a skill level (rows) in a trait die
//! (column) against a TN, with direct adjustments, row adjustments (downgrades) and bumps:
//!
//! - Dice pool: level + half the die's step dice (d4 0, d6 and d8 1, d10 and d12 2), one die
//!   more or less per row adjustment; TN - 4 - direct Interference dice (a TN of 3 with no
//!   penalty rolls none; a bonus beyond that is one die per 2 points); bumps are Momentum
//!   pairs; a failed check with two or more 1s among its dice is a calamity; Venture and Will
//!   as the hero chose them (Will spent only when the check would fail before Opposition).
//! - d20: Rank 7 + 3 per level + the die's step (d4 0 .. d12 4), 3 per row adjustment; the
//!   TN above 3 is a situation penalty of 1.5 a point, each direct adjustment 1.5 a point, typed
//!   by its name; bumps: one per 6 the roll is under the TN, one more for a Critical Success;
//!   a Critical Failure is a calamity; a Complication succeeds without bumps.
//!
//! Either way one action card is drawn after the dice: hit location, penetration, burst,
//! scatter, step, toggle, unintended targets, equipment failure and the effect grid still come
//! from the action deck (the rules' own card-hacking variant).

use super::check::{
    CheckError, CheckOptions, CheckOutcome, CheckRequest, PoolDice, Resolution, ResolutionCards,
    Skill, draw, resolve_effect, validate_spend,
};
use super::d20::{self, D20Outcome, D20Test, Modifier, ModifierType};
use super::deck::CardSource;
use super::dice_pool::{self, DiceError, DiceSource, PoolCheck, PoolResult};
use super::die::Die;
use super::trace::{Draw, Step};
use std::collections::VecDeque;

/// A die's step along the columns: d4 0, d6 1, d8 2, d10 3, d12 4.
pub fn die_step(die: Die) -> u32 {
    (die.sides() - 4) / 2
}

fn level_and_die(skill: Skill) -> (u32, Die) {
    match skill {
        Skill::Skilled { level, die } => (level, die),
        Skill::Unskilled { trait_rank } => (trait_rank, Die::D4),
    }
}

/// The dice pool of a check: its dice, Interference and bonus dice, Venture and Will.
pub fn pool_check(request: &CheckRequest) -> PoolCheck {
    let (level, die) = level_and_die(request.skill);
    let base = level as i32 + request.adjust.row + die_step(die).div_ceil(2) as i32;
    let against = request.tn as i32 - 4 - request.adjust.direct;
    let bonus = if against < 0 { -against / 2 } else { 0 };
    let venture = request.venture.min(dice_pool::MAX_VENTURE);
    let interference = against.max(0).min((dice_pool::MAX_DICE - venture) as i32) as u32;
    let mut check = PoolCheck::new((base + bonus).clamp(1, dice_pool::MAX_DICE as i32) as u32);
    check.interference = interference;
    check.venture = venture;
    check
}

/// The d20 test of a check: its Rank and typed modifiers.
pub fn d20_test(request: &CheckRequest) -> D20Test {
    let (level, die) = level_and_die(request.skill);
    let rank = (7 + 3 * level as i32 + die_step(die) as i32 + 3 * request.adjust.row).max(0);
    let mut modifiers = Vec::new();
    let difficulty = -(request.tn as i32 - 3) * 3 / 2;
    if difficulty != 0 {
        modifiers.push(Modifier {
            kind: ModifierType::Situation,
            value: difficulty,
        });
    }
    let named_total: i32 = request.named.iter().map(|(_, v)| v).sum();
    for (name, value) in &request.named {
        modifiers.push(Modifier {
            kind: modifier_type(name),
            value: value * 3 / 2,
        });
    }
    // Adjustments given only as a sum: untyped.
    let rest = request.adjust.direct - named_total;
    if rest != 0 {
        modifiers.push(Modifier {
            kind: ModifierType::Untyped,
            value: rest * 3 / 2,
        });
    }
    D20Test {
        rank: rank as u32,
        modifiers,
    }
}

/// The d20 type of one of the game's modifiers, by its name: the weapon's are item
/// modifiers, wounds and dominance conditions, careful aim and bravery fortune; the ground,
/// range, speed, cover, size and the like are the situation.
pub fn modifier_type(name: &str) -> ModifierType {
    let n = name.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| n.contains(w));
    if has(&[
        "accurate",
        "snap",
        "double action",
        "two weapons",
        "off hand",
        "weapon",
    ]) {
        ModifierType::Item
    } else if has(&["wound", "stun", "dominance", "dominated", "prone"]) {
        ModifierType::Condition
    } else if has(&["careful", "aim", "bravery", "advantage"]) {
        ModifierType::Fortune
    } else {
        ModifierType::Situation
    }
}

/// Bumps of a d20 success: one per 6 under the TN, one more for a Critical Success; none on a
/// Complication.
pub fn d20_bumps(roll: u32, tn: u32, outcome: D20Outcome) -> u32 {
    match outcome {
        D20Outcome::CriticalSuccess => 1,
        D20Outcome::Success => (tn - roll) / 6,
        _ => 0,
    }
}

/// A calamity on a pool: the check failed with two or more 1s among its own dice.
pub fn pool_calamity(result: &PoolResult) -> bool {
    !result.success && result.check.iter().filter(|&&d| d == 1).count() >= 2
}

/// The exact chance of success of a check in a system other than the action deck.
pub fn success_chance(system: Resolution, request: &CheckRequest) -> Option<f64> {
    match system {
        Resolution::ActionDeck => None,
        Resolution::DicePool => {
            let mut check = pool_check(request);
            // Will, when the hero would spend it, is two more dice for a check that fails.
            check.will = request.will;
            dice_pool::success_chance(&check).ok()
        }
        Resolution::D20 => Some(d20::success_chance(&d20_test(request))),
    }
}

/// Dice dealt from a list first, then from a source: a check rolled again with Will replays
/// the dice it already rolled.
struct Replayed<'a> {
    first: VecDeque<u32>,
    rest: &'a mut dyn DiceSource,
}

impl DiceSource for Replayed<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match self.first.pop_front() {
            Some(d) => Ok(d),
            None => self.rest.roll(sides),
        }
    }
}

/// Dice taken from a source, and kept.
struct Recorded<'a> {
    dealt: Vec<u32>,
    source: &'a mut dyn DiceSource,
}

impl DiceSource for Recorded<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let d = self.source.roll(sides)?;
        self.dealt.push(d);
        Ok(d)
    }
}

/// Roll a pool; with Will allowed, spend it only when the check fails before Opposition
/// (the same dice again, then the 2 Will dice).
pub fn roll_pool(
    check: &PoolCheck,
    will: bool,
    dice: &mut dyn DiceSource,
) -> Result<(PoolResult, bool), CheckError> {
    let mut recorded = Recorded {
        dealt: Vec::new(),
        source: dice,
    };
    let first = dice_pool::roll(check, &mut recorded)?;
    if first.success || !will {
        return Ok((first, false));
    }
    let mut with_will = check.clone();
    with_will.will = true;
    let mut again = Replayed {
        first: recorded.dealt.into(),
        rest: recorded.source,
    };
    Ok((dice_pool::roll(&with_will, &mut again)?, true))
}

/// A check resolved by dice (the pool or the d20 of `options.system`), then one action card
/// A dice-pool check: its successes, Momentum for bumps, a calamity of the pool, Will spent.
fn roll_the_pool(
    request: &CheckRequest,
    dice: &mut dyn DiceSource,
    outcome: &mut CheckOutcome,
    trace: &mut Vec<Step>,
) -> Result<(), CheckError> {
    let check = pool_check(request);
    let (rolled, will_spent) = roll_pool(&check, request.will, dice)?;
    for step in &rolled.steps {
        trace.push(Step::Dice(step.to_string()));
    }
    outcome.tn = 1;
    outcome.result = rolled.successes;
    outcome.calamity = pool_calamity(&rolled);
    outcome.success = rolled.success && !outcome.calamity;
    outcome.bumps = if outcome.success { rolled.momentum } else { 0 };
    let mut kept = rolled.kept.clone();
    kept.sort_unstable_by(|a, b| b.cmp(a));
    outcome.pool = kept;
    outcome.dice = rolled.dice();
    outcome.will_spent = will_spent;
    outcome.pool_dice = Some(PoolDice {
        check: rolled.check.clone(),
        interference: rolled.interference.clone(),
        will: rolled.will.clone(),
    });
    Ok(())
}

/// A d20 test: the roll against its TN, the margin's bumps, a critical or a complication.
fn roll_the_d20(
    request: &CheckRequest,
    dice: &mut dyn DiceSource,
    outcome: &mut CheckOutcome,
    trace: &mut Vec<Step>,
) -> Result<(), CheckError> {
    let test = d20_test(request);
    let rolled = d20::roll(&test, dice)?;
    for step in &rolled.steps {
        trace.push(Step::Dice(step.to_string()));
    }
    outcome.tn = rolled.tn;
    outcome.result = rolled.roll;
    outcome.success = rolled.success;
    outcome.calamity = rolled.outcome == D20Outcome::CriticalFailure;
    outcome.bumps = d20_bumps(rolled.roll, rolled.tn, rolled.outcome);
    outcome.pool = vec![rolled.roll];
    outcome.dice = vec![rolled.roll];
    outcome.special = match rolled.outcome {
        D20Outcome::Success | D20Outcome::Failure => None,
        other => Some(other.key()),
    };
    Ok(())
}

/// for the sections the dice do not give.
pub fn resolve(
    source: &mut dyn CardSource,
    request: &CheckRequest,
    options: &CheckOptions,
    drawn: &mut Vec<u8>,
) -> Result<CheckOutcome, CheckError> {
    if options.victory_threshold == 0 {
        return Err(CheckError::VictoryThreshold);
    }
    validate_spend(request)?;
    request.skill.pool()?;
    let mut trace = Vec::new();
    let mut outcome = CheckOutcome::new(request.tn, options.system);
    {
        let dice = source.dice().ok_or(CheckError::NoDice)?;
        match options.system {
            Resolution::DicePool => roll_the_pool(request, dice, &mut outcome, &mut trace)?,
            Resolution::D20 => roll_the_d20(request, dice, &mut outcome, &mut trace)?,
            Resolution::ActionDeck => unreachable!("the action deck resolves its own checks"),
        }
    }
    trace.push(Step::Compared {
        result: outcome.result,
        tn: outcome.tn,
        success: outcome.success,
        bumps: outcome.bumps,
    });
    // The action card for the other sections: location, shield, effect, burst, scatter, step.
    let card = draw(source, drawn, &mut trace, Draw::Resolution)?;
    if let Some(effect) = &request.effect {
        let (magnitude, increased) = if outcome.success {
            resolve_effect(source, drawn, &mut trace, &card, effect, request, options)?
        } else {
            trace.push(Step::NoMagnitude);
            (0, false)
        };
        super::check::set_magnitude(
            &mut outcome,
            &mut trace,
            (magnitude, increased),
            options.victory_threshold,
        );
    }
    outcome.resolution = Some(ResolutionCards {
        cause: card.clone(),
        location: card.clone(),
        effect: card,
    });
    outcome.cards = drawn.clone();
    outcome.trace = trace;
    Ok(outcome)
}

/// A prepared block against a blow resolved by dice, and the attack's number to beat: the
/// defender's pool opposes the blow (its successes against the blow's), or its d20 test of
/// the block's skill at the standard TN (its margin under the TN against the blow's).
pub fn block(
    source: &mut dyn CardSource,
    skill: Skill,
    attack: &CheckOutcome,
    options: &CheckOptions,
) -> Result<(CheckOutcome, u32), CheckError> {
    match attack.system {
        Resolution::DicePool => {
            // "It's rolled just like a check": the pool of the skill, nothing against it.
            let request = CheckRequest::simple(skill, 3);
            let blocking = super::check::resolve(source, &request, options)?;
            Ok((blocking, attack.result))
        }
        _ => {
            let request = CheckRequest::simple(skill, super::difficulty::Difficulty::Standard.tn());
            let mut blocking = super::check::resolve(source, &request, options)?;
            let margin = |o: &CheckOutcome| {
                if o.success {
                    o.tn.saturating_sub(o.result) + 1
                } else {
                    0
                }
            };
            let attack_margin = margin(attack);
            blocking.result = margin(&blocking);
            Ok((blocking, attack_margin))
        }
    }
}

#[cfg(test)]
mod tests;
