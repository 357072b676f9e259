//! Simple, unskilled and complex checks resolved by the action deck
//! (twtw-action-resolution.txt, whole chapter).

use super::adjust;
use super::bonus::Spend;
use super::card::{Card, EffectCell};
use super::deck::CardSource;
use super::die::{Die, Pool};
use super::trace::{Draw, Step};

/// "Victory has a target of 6."
pub const VICTORY_THRESHOLD: u32 = 6;
/// "when the TN is exceeded by 4, another success level is generated"
pub const BUMP_STEP: u32 = 4;

mod request;
pub use request::*;

/// Bumps for a result against a TN: one per full 4 over.
pub fn bumps(result: u32, tn: u32) -> u32 {
    result.saturating_sub(tn) / BUMP_STEP
}

/// Victories for a magnitude: "Partial victories are not possible".
pub fn victories(magnitude: u32, threshold: u32) -> u32 {
    magnitude / threshold.max(1)
}

/// One candidate result in the pool: a row, its value, and whether an exceptional chain fed it.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    row: u32,
    total: u32,
    exceptional: bool,
    open: bool,
}

/// Resolve a check with cards from `source`. All drawn cards are discarded at the end.
pub fn resolve(
    source: &mut dyn CardSource,
    request: &CheckRequest,
    options: &CheckOptions,
) -> Result<CheckOutcome, CheckError> {
    let mut drawn: Vec<u8> = Vec::new();
    let result = match options.system {
        Resolution::ActionDeck => resolve_inner(source, request, options, &mut drawn),
        Resolution::DicePool | Resolution::D20 => {
            super::resolution::resolve(source, request, options, &mut drawn)
        }
    };
    for &n in &drawn {
        source.discard(n);
    }
    result
}

pub(super) fn draw(
    source: &mut dyn CardSource,
    drawn: &mut Vec<u8>,
    trace: &mut Vec<Step>,
    purpose: Draw,
) -> Result<Card, CheckError> {
    let card = source.draw()?;
    drawn.push(card.number);
    trace.push(Step::Drew {
        card: card.number,
        purpose,
    });
    Ok(card)
}

fn resolve_inner(
    source: &mut dyn CardSource,
    request: &CheckRequest,
    options: &CheckOptions,
    drawn: &mut Vec<u8>,
) -> Result<CheckOutcome, CheckError> {
    if options.victory_threshold == 0 {
        return Err(CheckError::VictoryThreshold);
    }
    validate_spend(request)?;
    let base_pool = request.skill.pool()?;
    if let Some(effect) = &request.effect {
        let shift = effect.adjust.column;
        if effect.quality.die.shifted(shift).is_none() {
            return Err(CheckError::ColumnOffCard {
                die: effect.quality.die,
                shift,
            });
        }
    }
    let mut trace = Vec::new();

    // The resolution card(s).
    let resolution = resolution_cards(source, drawn, &mut trace, options.card_use)?;

    // The cause pool after a row adjustment.
    let pool = adjust::rows(base_pool, request.adjust.row);
    if pool != base_pool {
        trace.push(Step::RowAdjusted {
            from: base_pool,
            to: pool,
        });
    }
    let die = pool.die;
    let (mut candidates, calamity) = read_cause(&resolution.cause, pool, options, &mut trace);

    // Exceptional chains: one more card for every round of open chains; the exact cell only.
    if !calamity {
        follow_chains(source, drawn, &mut trace, &mut candidates, die)?;
    }

    // Choose: the highest result by default; the exact cell on a calamity.
    let (result, exceptional) = choose(&candidates, calamity, request, die, &mut trace);

    let success = !calamity && result >= request.tn;
    let bumps = compare(result, success, request, &mut trace);

    let mut outcome = CheckOutcome {
        result,
        success,
        bumps,
        calamity,
        exceptional,
        ..CheckOutcome::new(request.tn, Resolution::ActionDeck)
    };
    if !calamity {
        let mut totals: Vec<u32> = candidates.iter().map(|c| c.total).collect();
        totals.sort_unstable_by(|a, b| b.cmp(a));
        outcome.pool = totals;
    }

    if let Some(effect) = &request.effect {
        let (magnitude, increased) = if success {
            resolve_effect(
                source,
                drawn,
                &mut trace,
                &resolution.effect,
                effect,
                request,
                options,
            )?
        } else {
            trace.push(Step::NoMagnitude);
            (0, false)
        };
        set_magnitude(
            &mut outcome,
            &mut trace,
            (magnitude, increased),
            options.victory_threshold,
        );
    }

    outcome.cards = drawn.clone();
    outcome.trace = trace;
    outcome.resolution = Some(resolution);
    Ok(outcome)
}

/// The resolution card(s) the card use draws: one card for all, cause and effect apart, or
/// cause, location and effect apart.
fn resolution_cards(
    source: &mut dyn CardSource,
    drawn: &mut Vec<u8>,
    trace: &mut Vec<Step>,
    card_use: CardUse,
) -> Result<ResolutionCards, CheckError> {
    Ok(match card_use {
        CardUse::OneCard => {
            let card = draw(source, drawn, trace, Draw::Resolution)?;
            ResolutionCards {
                cause: card.clone(),
                location: card.clone(),
                effect: card,
            }
        }
        CardUse::CauseEffectUncoupling => {
            let cause = draw(source, drawn, trace, Draw::Cause)?;
            let effect = draw(source, drawn, trace, Draw::Effect)?;
            ResolutionCards {
                cause,
                location: effect.clone(),
                effect,
            }
        }
        CardUse::HitLocationDamage => {
            let cause = draw(source, drawn, trace, Draw::Cause)?;
            let location = draw(source, drawn, trace, Draw::Location)?;
            let effect = draw(source, drawn, trace, Draw::Effect)?;
            ResolutionCards {
                cause,
                location,
                effect,
            }
        }
    })
}

/// The cause grid read at the pool's rows (each a candidate result, an exceptional one open to
/// a chain), and whether the exact cell is a calamity.
fn read_cause(
    card: &Card,
    pool: Pool,
    options: &CheckOptions,
    trace: &mut Vec<Step>,
) -> (Vec<Candidate>, bool) {
    let die = pool.die;
    let mut candidates = Vec::new();
    for row in 1..=pool.rows {
        let cell = card.cause(row, die);
        trace.push(Step::ReadCause {
            card: card.number,
            row,
            die,
            cell,
        });
        let exceptional = options.exceptional && cell.is_exceptional(die);
        candidates.push(Candidate {
            row,
            total: cell.value(),
            exceptional,
            open: exceptional,
        });
    }
    // "a critical fail only occurs if the exact box directed by the attribute/skill combination
    // on the resolution card contains C."
    let calamity = card.cause(pool.rows, die).is_calamity();
    if calamity {
        trace.push(Step::Calamity {
            card: card.number,
            row: pool.rows,
            die,
        });
    }
    (candidates, calamity)
}

/// Exceptional chains: one more card for every round of open chains; the exact cell only.
fn follow_chains(
    source: &mut dyn CardSource,
    drawn: &mut Vec<u8>,
    trace: &mut Vec<Step>,
    candidates: &mut [Candidate],
    die: Die,
) -> Result<(), CheckError> {
    while candidates.iter().any(|c| c.open) {
        let extra = draw(source, drawn, trace, Draw::Exceptional)?;
        for c in candidates.iter_mut().filter(|c| c.open) {
            let cell = extra.cause(c.row, die);
            c.total += cell.value();
            c.open = cell.is_exceptional(die);
            trace.push(Step::ExceptionalChain {
                card: extra.number,
                row: c.row,
                die,
                cell,
                total: c.total,
                continues: c.open,
            });
        }
    }
    Ok(())
}

/// The result chosen: the highest by default, then directly adjusted; 0 on a calamity.
fn choose(
    candidates: &[Candidate],
    calamity: bool,
    request: &CheckRequest,
    die: Die,
    trace: &mut Vec<Step>,
) -> (u32, bool) {
    if calamity {
        (0, false)
    } else {
        let best = candidates
            .iter()
            .max_by_key(|c| (c.total, c.exceptional))
            .expect("a pool has at least one row");
        trace.push(Step::Chose {
            row: best.row,
            die,
            value: best.total,
        });
        let adjusted = adjust::direct_cause(best.total, request.adjust.direct);
        if adjusted != best.total {
            trace.push(Step::DirectAdjusted {
                from: best.total,
                to: adjusted,
            });
        }
        (adjusted, best.exceptional)
    }
}

/// The result against the TN: the bumps ("Right on!" counts +2 for bumps only).
fn compare(result: u32, success: bool, request: &CheckRequest, trace: &mut Vec<Step>) -> u32 {
    // "Right on!": +2 on the cause grid, only ever to increase bumps.
    let bump_result = match request.spend {
        Some(Spend::RightOn) if success => result + Spend::RightOn.value(),
        _ => result,
    };
    let bumps = if success {
        bumps(bump_result, request.tn)
    } else {
        0
    };
    trace.push(Step::Compared {
        result,
        tn: request.tn,
        success,
        bumps,
    });
    if let Some(Spend::RightOn) = request.spend {
        trace.push(Step::Spent {
            spend: Spend::RightOn,
            note: if success {
                format!("{result} counts as {bump_result} for bumps")
            } else {
                "no effect: it never turns a failure into a success".into()
            },
        });
    }
    bumps
}

/// A complex check's magnitude on its outcome: its victories at the threshold (traced on a
/// success) and whether the effect was increased.
pub(in crate::rules) fn set_magnitude(
    outcome: &mut CheckOutcome,
    trace: &mut Vec<Step>,
    (magnitude, increased): (u32, bool),
    threshold: u32,
) {
    let won = victories(magnitude, threshold);
    if outcome.success {
        trace.push(Step::Victories {
            magnitude,
            threshold,
            victories: won,
        });
    }
    outcome.magnitude = Some(magnitude);
    outcome.victories = Some(won);
    outcome.increased = increased;
}

impl CheckOutcome {
    /// A check's outcome before anything is read: no result, no success, no card.
    pub fn new(tn: u32, system: Resolution) -> CheckOutcome {
        CheckOutcome {
            cards: Vec::new(),
            tn,
            result: 0,
            success: false,
            bumps: 0,
            calamity: false,
            exceptional: false,
            magnitude: None,
            victories: None,
            increased: false,
            trace: Vec::new(),
            resolution: None,
            pool: Vec::new(),
            system,
            dice: Vec::new(),
            will_spent: false,
            special: None,
            pool_dice: None,
        }
    }
}

pub(super) fn validate_spend(request: &CheckRequest) -> Result<(), CheckError> {
    match request.spend {
        Some(Spend::IveGotYourBack) => Err(CheckError::NotACheckSpend),
        Some(s @ (Spend::Aces | Spend::AsIPlanned { .. })) if request.effect.is_none() => {
            Err(CheckError::SpendNeedsEffect(s.name()))
        }
        Some(Spend::AsIPlanned { impetus: false }) => Err(CheckError::NoImpetus),
        _ => Ok(()),
    }
}

mod effect;

pub use effect::read_effect;
pub(in crate::rules) use effect::resolve_effect;

/// The one resolution interface: the action deck now; dice pools and d20 later slot in here.
pub trait Resolver {
    /// A short name for the system ("action deck").
    fn system(&self) -> &'static str;
    fn resolve(&mut self, request: &CheckRequest) -> Result<CheckOutcome, CheckError>;
}

/// Checks resolved by drawing from the action deck.
#[derive(Debug, Clone)]
pub struct ActionDeckResolver {
    pub deck: super::deck::Deck,
    pub options: CheckOptions,
}

impl ActionDeckResolver {
    pub fn new(deck: super::deck::Deck, options: CheckOptions) -> Self {
        ActionDeckResolver { deck, options }
    }
}

impl Resolver for ActionDeckResolver {
    fn system(&self) -> &'static str {
        "action deck"
    }

    fn resolve(&mut self, request: &CheckRequest) -> Result<CheckOutcome, CheckError> {
        resolve(&mut self.deck, request, &self.options)
    }
}
