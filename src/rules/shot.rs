//! One ranged attack through the action card, in the order of the resolution flow: 1 hit or
//! miss, 2 number of hits (burst), 3 hit location, 4 penetration/ablation, 5 damage,
//! 6 ancillary effects (equipment failure, stray shots and unintended targets).

use super::bonus::Spend;
use super::card::{Location, Toggle};
use super::check::{
    self, CheckError, CheckOptions, CheckOutcome, CheckRequest, EffectRequest, Resolution, Skill,
};
use super::damage::{self, DamageType, Dealt, location_damage_bumps};
use super::deck::CardSource;
use super::die::Pool;
use super::melee::BlockOutcome;
use super::ranged::{self, Penetration, ShotTerms};
use serde::{Deserialize, Serialize};

/// The weapon as the shot reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShotWeapon {
    pub pen: i32,
    /// DMG, e.g. (3)6.
    pub dmg: Pool,
    /// RD: the same rows, a column to the left or more, e.g. (3)4.
    pub rd: Pool,
    pub damage: DamageType,
    /// The burst value fired, for burst weapons.
    pub burst: Option<u32>,
    /// Shotgun scatter: the range band of the shot (0 for the first).
    pub scatter_band: Option<u32>,
    pub reliability: u32,
}

/// The cover between the firer and the target: its AV now and the locations it covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverView {
    pub name: String,
    pub av: u32,
    pub covers: Vec<Location>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShotRequest {
    pub skill: Skill,
    pub terms: ShotTerms,
    /// Downgrades as a row adjustment (negative).
    pub rows: i32,
    pub weapon: ShotWeapon,
    pub target_size: u32,
    pub cover: Option<CoverView>,
}

/// Everything the card said, for the log and the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShotOutcome {
    pub check: CheckOutcome,
    pub hit: bool,
    pub fired: u32,
    pub hits: u32,
    pub location: Option<Location>,
    /// Bumps spent to move the hit location.
    pub location_bumps: u32,
    /// Rows added to the damage: bumps left, hits after the first, head +2 / vitals +1.
    pub damage_bumps: u32,
    /// The covered location was hit: the cover's AV before the shot.
    pub cover_av: Option<u32>,
    pub ep: Option<i32>,
    pub penetration: Option<Penetration>,
    /// The damage pool read, e.g. (4)6, and its effect.
    pub quality: Option<Pool>,
    pub effect: u32,
    pub damage: DamageType,
    pub dealt: Dealt,
    pub strays: u32,
    pub unintended: u32,
    pub equipment_failure: bool,
    pub toggle: Toggle,
    /// Every card drawn, in order.
    pub cards: Vec<u8>,
    /// A block against it: its outcome, the block's result, and whether the blocking weapon
    /// broke.
    pub block: Option<(BlockOutcome, u32, bool)>,
    /// The block's check was a calamity (in any system).
    pub block_calamity: bool,
    /// The bonus counter spend that added to this attack (a "Right on!" on a success, an
    /// effect spend on an effect read), and the bump saved as a counter.
    pub bonus_used: Option<Spend>,
    pub saved: u32,
    /// Bumps kept for dominance.
    pub reserved: u32,
}

/// One attack of a volley: its TN and modifiers, its target's size and cover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub terms: ShotTerms,
    pub target_size: u32,
    pub cover: Option<CoverView>,
    /// Hand-to-hand terms (None for shots).
    pub close: Option<CloseTerms>,
}

/// What a hand-to-hand attack adds to the card's flow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CloseTerms {
    /// Bumps kept for dominance, not spent on location or damage.
    pub reserve: u32,
    /// A flat damage instead of the effect grid ("5 + DB" for a quick attack).
    pub flat: Option<u32>,
    /// No damage at all (an attack only for dominance).
    pub no_damage: bool,
    /// Added to the effect: the attacker's Damage Bonus (and an improvised weapon).
    pub bonus: i32,
    /// Rows added to (or taken from) the damage read: a dominated attacker's -1.
    pub rows: i32,
    /// The defender blocks with this skill: "make an unarmed combat test against a TN equal to
    /// the result of the incoming attack".
    pub block: Option<Skill>,
    /// Full dominance: "the attacker may ignore the hit location result ... and instead choose".
    pub pick: Option<Location>,
    /// The block is made with a weapon: "On an equal result, increase the Rel by 1 instead of
    /// changing the hit location."
    pub weapon_block: bool,
    /// The blocking weapon's Rel: "do not forget to check for equipment breakage during the
    /// block attempt" (the block card's wrench below it breaks the weapon).
    pub block_reliability: u32,
}

/// Several attacks from one pool ("Multiple Attacks", fan firing): "use the highest result in
/// the pool for the first attack, the second highest for the second, etc." Attacks beyond
/// `limit` (the skill level) or beyond the pool's results miss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Volley {
    pub skill: Skill,
    /// Downgrades as a row adjustment (negative).
    pub rows: i32,
    pub weapon: ShotWeapon,
    pub attacks: Vec<Attack>,
    pub limit: u32,
    /// Dice pools: the firer's Venture tokens, and Will if the check would fail.
    pub venture: u32,
    pub will: bool,
    /// A bonus counter spent on the first attack: "Right on!" (+2 on the cause, for bumps
    /// only), "Aces!" (+2) or "As I planned!" (+3) on its effect.
    pub bonus: Option<Spend>,
}

impl Volley {
    /// The check that decides the volley: the first attack's TN and modifiers.
    pub fn cause(&self) -> CheckRequest {
        let first = self.attacks.first().expect("a volley has an attack");
        let mut cause = CheckRequest::simple(self.skill, first.terms.tn);
        cause.adjust.direct = first.terms.direct();
        cause.adjust.row = self.rows;
        cause.named = named(&first.terms);
        cause.venture = self.venture;
        cause.will = self.will;
        cause
    }
}

/// Resolve a shot with cards from `source` (all discarded at the end).
pub fn resolve(
    source: &mut dyn CardSource,
    request: &ShotRequest,
    options: &CheckOptions,
) -> Result<ShotOutcome, CheckError> {
    let volley = Volley {
        skill: request.skill,
        rows: request.rows,
        weapon: request.weapon.clone(),
        attacks: vec![Attack {
            terms: request.terms.clone(),
            target_size: request.target_size,
            cover: request.cover.clone(),
            close: None,
        }],
        limit: u32::MAX,
        venture: 0,
        will: false,
        bonus: None,
    };
    Ok(resolve_volley(source, &volley, options)?.remove(0))
}

/// How the player spends the first attack's bumps ("Bumps are in-game currency the player can
/// use to tailor the results"): as the Judge would, or on the hit location at this place of the
/// card's stack (its triangles paid), the rest on damage rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BumpSpend {
    #[default]
    Judge,
    /// An index into the card's hit location stack (0 is the top).
    Location(u8),
    /// Hand to hand: this many bumps toward dominance ("Each level of dominance costs one
    /// bump"), at least what the attack keeps for it anyway; the rest as the Judge would.
    Dominance(u8),
    /// One bump saved as a bonus counter ("a player can 'save' a bump from one roll and use it
    /// later"), the rest as the Judge would.
    Save,
}

/// The damage rows a hit adds of itself, no bump spent on them: one for each hit after the
/// first, and the location's ("Wounds dealt to the vitals add one damage bump. Those dealt to
/// the head add two.").
pub fn free_damage_rows(hits: u32, location: Location) -> u32 {
    hits.saturating_sub(1) + location_damage_bumps(location)
}

/// The places of a card's hit location stack that `bumps` can pay for, with their cost.
pub fn location_options(card: &super::card::Card, bumps: u32) -> Vec<(usize, u32)> {
    card.location
        .iter()
        .enumerate()
        .filter(|(_, e)| e.bumps <= bumps)
        .map(|(i, e)| (i, e.bumps))
        .collect()
}

/// Resolve every attack of a volley: one card for the pool; the first attack reads its
/// location and effect there, each later hit on a card of its own ("any successive shots
/// resolve hit locations on separate cards").
pub fn resolve_volley(
    source: &mut dyn CardSource,
    volley: &Volley,
    options: &CheckOptions,
) -> Result<Vec<ShotOutcome>, CheckError> {
    resolve_volley_spending(source, volley, options, BumpSpend::Judge)
}

/// Resolve a volley, the first attack's bumps spent as the player chose.
pub fn resolve_volley_spending(
    source: &mut dyn CardSource,
    volley: &Volley,
    options: &CheckOptions,
    spend: BumpSpend,
) -> Result<Vec<ShotOutcome>, CheckError> {
    // 1. Hit or miss: one pool; the first attack's modifiers decide the chosen result.
    let check = check::resolve(source, &volley.cause(), options)?;
    let pool_cards = check
        .resolution
        .clone()
        .expect("every system gives resolution cards");
    let weapon = &volley.weapon;
    let mut extra = Vec::new();
    let mut outcomes = Vec::new();
    let mut strays_so_far = 0;
    let mut causes = Vec::new();
    for (i, attack) in volley.attacks.iter().enumerate() {
        let available = !check.calamity && (i as u32) < volley.limit;
        causes.push(attack_cause(
            source,
            volley,
            (i, attack),
            &check,
            available,
        )?);
    }
    let results: Vec<(u32, bool)> = causes.iter().map(|c| (c.result, c.hit)).collect();
    let allotted = burst_spread(weapon, &pool_cards.cause, &results);
    for (i, attack) in volley.attacks.iter().enumerate() {
        let cause = &causes[i];
        let this = attack_check(&check, cause, i);
        let (drawn, cards) =
            attack_cards(source, (&check, &pool_cards), (i, cause.hit), &mut extra)?;
        let allot = allotted.as_ref().map(|a| a[i]);
        let caused = Caused {
            check: this,
            drawn,
            allot,
        };
        let spend = if i == 0 { spend } else { BumpSpend::Judge };
        let effect_spend = volley
            .bonus
            .filter(|b| i == 0 && matches!(b, Spend::Aces | Spend::AsIPlanned { .. }));
        let mut outcome = after_cause(
            source,
            weapon,
            attack,
            caused,
            &cards,
            options,
            (spend, effect_spend),
        )?;
        if i == 0 && volley.bonus == Some(Spend::RightOn) && outcome.hit {
            outcome.bonus_used = Some(Spend::RightOn);
        }
        if let Some(shares) = &allotted {
            // The burst's strays are what no target took, counted once.
            let landed: u32 = shares.iter().map(|s| s.1).sum();
            outcome.strays = if i == 0 {
                ranged::strays(shares[0].0, landed, weapon.scatter_band)
            } else {
                0
            };
        }
        // 6. Ancillary effects, from the pool's card: the wrench once; the strays of the
        // whole volley against its unintended-target numbers.
        outcome.equipment_failure =
            i == 0 && ranged::equipment_fails(&pool_cards.cause, weapon.reliability);
        let before = ranged::unintended_hits(&pool_cards.cause, strays_so_far);
        strays_so_far += outcome.strays;
        outcome.unintended = ranged::unintended_hits(&pool_cards.cause, strays_so_far) - before;
        outcomes.push(outcome);
    }
    for n in extra {
        source.discard(n);
    }
    Ok(outcomes)
}

/// The volley's check as the `i`th attack reads it: its own TN, result, hit and bumps; the
/// calamity the first attack's; each later d20 attack with its own test, a dice pool's sharing
/// its dice.
fn attack_check(check: &CheckOutcome, cause: &AttackCause, i: usize) -> CheckOutcome {
    let mut this = check.clone();
    this.tn = cause.tn;
    this.result = cause.result;
    this.success = cause.hit;
    this.bumps = cause.bumps;
    this.calamity = check.calamity && i == 0;
    if i > 0 && check.system != Resolution::ActionDeck {
        if check.system == Resolution::D20 {
            this.dice = cause.dice.clone();
        }
        this.special = None;
        this.will_spent = false;
    }
    this
}

/// The cards the `i`th attack reads after its cause: the pool's for the first (its drawn
/// cards the check's), a card of its own for the location and effect of a later hit (drawn,
/// and kept in `extra` to discard when the volley is done).
fn attack_cards(
    source: &mut dyn CardSource,
    (check, pool_cards): (&CheckOutcome, &check::ResolutionCards),
    (i, hit): (usize, bool),
    extra: &mut Vec<u8>,
) -> Result<(Vec<u8>, check::ResolutionCards), CheckError> {
    let mut drawn = if i == 0 {
        check.cards.clone()
    } else {
        Vec::new()
    };
    let cards = if i > 0 && hit {
        let card = source.draw()?;
        drawn.push(card.number);
        extra.push(card.number);
        check::ResolutionCards {
            cause: pool_cards.cause.clone(),
            location: card.clone(),
            effect: card,
        }
    } else {
        pool_cards.clone()
    };
    Ok((drawn, cards))
}

/// The cause of one attack of a volley: its TN, result, hit and bumps (and, for a later d20
/// attack, its own die).
struct AttackCause {
    tn: u32,
    result: u32,
    hit: bool,
    bumps: u32,
    dice: Vec<u32>,
}

/// The cause of one attack of a volley, by the system that resolved the volley's check: its
/// own result against its TN on the action deck, the next success of the dice pool, its own
/// d20 test after the first.
fn attack_cause(
    source: &mut dyn CardSource,
    volley: &Volley,
    (i, attack): (usize, &Attack),
    check: &CheckOutcome,
    available: bool,
) -> Result<AttackCause, CheckError> {
    Ok(match check.system {
        Resolution::ActionDeck => {
            let available = available && i < check.pool.len();
            let result = if available {
                super::adjust::direct_cause(check.pool[i], attack.terms.direct())
            } else {
                0
            };
            let hit = available && result >= attack.terms.tn;
            // "Right on!": +2 on the cause grid, only ever for bumps.
            let right_on = if i == 0 && volley.bonus == Some(Spend::RightOn) {
                Spend::RightOn.value()
            } else {
                0
            };
            let bumps = if hit {
                check::bumps(result + right_on, attack.terms.tn)
            } else {
                0
            };
            AttackCause {
                tn: attack.terms.tn,
                result,
                hit,
                bumps,
                dice: Vec::new(),
            }
        }
        // One pool: the first attack takes the first success, the next the second.
        Resolution::DicePool => AttackCause {
            tn: check.tn,
            result: check.result,
            hit: available && check.success && i < check.pool.len(),
            // "Right on!" is one more Momentum (docs/rules-decisions.md).
            bumps: match (i, volley.bonus) {
                (0, Some(Spend::RightOn)) if check.success => check.bumps + 1,
                (0, _) => check.bumps,
                _ => 0,
            },
            dice: Vec::new(),
        },
        // A d20 test for every attack: the first is the check, each later one its own.
        // "Right on!" is 2 more of margin under the TN (docs/rules-decisions.md).
        Resolution::D20 if i == 0 => AttackCause {
            tn: check.tn,
            result: check.result,
            hit: check.success,
            bumps: match (volley.bonus, check.special) {
                (Some(Spend::RightOn), None) if check.success => {
                    (check.tn + Spend::RightOn.value()).saturating_sub(check.result) / 6
                }
                _ => check.bumps,
            },
            dice: Vec::new(),
        },
        Resolution::D20 => {
            let mut request = CheckRequest::simple(volley.skill, attack.terms.tn);
            request.adjust.direct = attack.terms.direct();
            request.adjust.row = volley.rows;
            request.named = named(&attack.terms);
            let test = super::resolution::d20_test(&request);
            let dice = source.dice().ok_or(CheckError::NoDice)?;
            let rolled = super::d20::roll(&test, dice)?;
            AttackCause {
                tn: rolled.tn,
                result: rolled.roll,
                hit: available && rolled.success,
                bumps: super::resolution::d20_bumps(rolled.roll, rolled.tn, rolled.outcome),
                dice: vec![rolled.roll],
            }
        }
    })
}

/// The direct adjustments of an attack by name (a d20 test types them).
fn named(terms: &ShotTerms) -> Vec<(std::borrow::Cow<'static, str>, i32)> {
    terms
        .modifiers
        .iter()
        .map(|m| (m.name.clone(), m.value))
        .collect()
}

/// A burst at several targets: "Each cell that would have been a successful hit after the
/// first can optionally hit another target instead of the first. The number of total hits
/// between all targets is limited by the appropriate burst result value." Each later target
/// whose cell hits takes one of the burst's hits; the first target keeps the rest. The burst
/// is fired once: its rounds and strays count on the first attack. None for other volleys.
pub fn burst_spread(
    weapon: &ShotWeapon,
    cause: &super::card::Card,
    results: &[(u32, bool)],
) -> Option<Vec<(u32, u32)>> {
    let value = weapon.burst?;
    if results.len() < 2 {
        return None;
    }
    let total = if results[0].1 {
        cause.burst_hits(value).unwrap_or(1).clamp(1, value)
    } else {
        0
    };
    let mut left = total.saturating_sub(1);
    let mut shares: Vec<(u32, u32)> = results.iter().map(|_| (0, 0)).collect();
    for (i, &(_, hit)) in results.iter().enumerate().skip(1) {
        if hit && left > 0 {
            shares[i] = (0, 1);
            left -= 1;
        }
    }
    shares[0] = (value, left + u32::from(total > 0));
    Some(shares)
}

/// One attack's result: its check, the cards it drew so far, its share of a spread burst.
pub(crate) struct Caused {
    pub(crate) check: CheckOutcome,
    pub(crate) drawn: Vec<u8>,
    pub(crate) allot: Option<(u32, u32)>,
}

impl ShotOutcome {
    /// A shot's outcome before anything past its cause is known: no hit, no location, no
    /// damage yet.
    fn of(check: CheckOutcome, damage: DamageType, toggle: super::card::Toggle) -> ShotOutcome {
        ShotOutcome {
            check,
            hit: false,
            fired: 0,
            hits: 0,
            location: None,
            location_bumps: 0,
            damage_bumps: 0,
            cover_av: None,
            ep: None,
            penetration: None,
            quality: None,
            effect: 0,
            damage,
            dealt: Dealt::default(),
            strays: 0,
            unintended: 0,
            equipment_failure: false,
            toggle,
            cards: Vec::new(),
            block: None,
            block_calamity: false,
            bonus_used: None,
            saved: 0,
            reserved: 0,
        }
    }
}

/// A figure the shot was not aimed at, hit by a stray shot or a blast `rows_less` paces from
/// where it went off: the card's standard location and the weapon's DMG cell as printed, one
/// row lower per pace (at least one row) (docs/rules-decisions.md).
pub fn card_hit(
    card: &super::card::Card,
    weapon: &ShotWeapon,
    rows_less: u32,
    size: u32,
) -> (Location, u32, Dealt) {
    let (effect, dealt) = card_damage(card, weapon.dmg, rows_less, weapon.damage, size);
    (card.standard_location(), effect, dealt)
}

/// A damage pool's cell as printed on a card, `rows_less` rows lower (at least one row), and
/// what it deals to a Size.
pub fn card_damage(
    card: &super::card::Card,
    dmg: Pool,
    rows_less: u32,
    kind: DamageType,
    size: u32,
) -> (u32, Dealt) {
    let rows = dmg.rows.saturating_sub(rows_less).max(1);
    let effect = card.effect(rows, dmg.die).value;
    (effect, damage::deal(kind, effect, size))
}

mod effect;
pub(crate) use effect::after_cause;

#[cfg(test)]
mod tests;
