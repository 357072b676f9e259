//! What a check asks and what it gives back: the skill brought, the options of the table, the
//! request (cause and effect), the errors, and the outcome with the cards or dice read.

use super::VICTORY_THRESHOLD;
use crate::rules::adjust::{CauseAdjust, EffectAdjust};
use crate::rules::bonus::Spend;
use crate::rules::card::Card;
use crate::rules::deck::DeckError;
use crate::rules::die::{Die, Pool};
use crate::rules::trace::Step;
use serde::{Deserialize, Serialize};

/// What the acting character brings to the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Skill {
    /// A skill level (rows) in the governing trait's die (column).
    Skilled { level: u32, die: Die },
    /// "the leftmost column, 4, is used. The row is equal to the rank of the associated Trait."
    Unskilled { trait_rank: u32 },
}

impl Skill {
    /// The cause pool read on the card.
    pub fn pool(self) -> Result<Pool, CheckError> {
        match self {
            Skill::Skilled { level, die } => {
                Pool::new(level, die).map_err(|_| CheckError::SkillLevel(level))
            }
            Skill::Unskilled { trait_rank } => {
                Pool::new(trait_rank, Die::D4).map_err(|_| CheckError::TraitRank(trait_rank))
            }
        }
    }
}

/// The Judge's choice of how the deck is used (conflict chapter, "Action Card Hacking").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardUse {
    /// One card, one resolution.
    #[default]
    OneCard,
    /// Two cards: the first for the cause section (and outer edge), the second for the effect
    /// (and the rest of the lower results).
    CauseEffectUncoupling,
    /// Three cards: cause; hit location and penetration; effect.
    HitLocationDamage,
}

/// Which system resolves a check: the action deck, a dice pool or a d20 test (the rules
/// folder's three). A level names it (`resolution: DicePool`), a match may override it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Resolution {
    #[default]
    ActionDeck,
    DicePool,
    D20,
}

impl Resolution {
    pub const ALL: [Resolution; 3] = [
        Resolution::ActionDeck,
        Resolution::DicePool,
        Resolution::D20,
    ];

    /// The name in the log and on screen.
    pub fn name(self) -> &'static str {
        match self {
            Resolution::ActionDeck => "action deck",
            Resolution::DicePool => "dice pool",
            Resolution::D20 => "d20",
        }
    }

    /// The name on the command line and in JSON: `action-deck`, `dice-pool`, `d20`.
    pub fn key(self) -> &'static str {
        match self {
            Resolution::ActionDeck => "action-deck",
            Resolution::DicePool => "dice-pool",
            Resolution::D20 => "d20",
        }
    }

    pub fn from_key(key: &str) -> Option<Resolution> {
        Resolution::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The next system (the level select cycles them).
    pub fn next(self) -> Resolution {
        match self {
            Resolution::ActionDeck => Resolution::DicePool,
            Resolution::DicePool => Resolution::D20,
            Resolution::D20 => Resolution::ActionDeck,
        }
    }
}

/// The options a match sets once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckOptions {
    /// "Exceptional results are optional."
    pub exceptional: bool,
    /// Increased effect draws another card for the effect ("optional effects, like increased
    /// effect").
    pub increased_effect: bool,
    /// Magnitude per victory.
    pub victory_threshold: u32,
    pub card_use: CardUse,
    /// The system that decides success, bumps and calamity (the other card sections are
    /// always read from the action deck).
    #[serde(default)]
    pub system: Resolution,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            exceptional: true,
            increased_effect: true,
            victory_threshold: VICTORY_THRESHOLD,
            card_use: CardUse::OneCard,
            system: Resolution::ActionDeck,
        }
    }
}

/// The effect half of a complex check: equipment quality `(n)d` and its adjustments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectRequest {
    pub quality: Pool,
    pub adjust: EffectAdjust,
}

/// A check as the Judge declares it, before the card is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRequest {
    pub skill: Skill,
    pub tn: u32,
    pub adjust: CauseAdjust,
    /// Present for a complex check.
    pub effect: Option<EffectRequest>,
    /// A bonus counter spent on this check.
    pub spend: Option<Spend>,
    /// The direct adjustments by name (their sum is `adjust.direct`): a d20 test types them.
    #[serde(default)]
    pub named: Vec<(std::borrow::Cow<'static, str>, i32)>,
    /// Dice pools: Venture tokens (0 to 3) and whether Will may be spent if the check would
    /// fail before Opposition.
    #[serde(default)]
    pub venture: u32,
    #[serde(default)]
    pub will: bool,
}

impl CheckRequest {
    pub fn simple(skill: Skill, tn: u32) -> CheckRequest {
        CheckRequest {
            skill,
            tn,
            adjust: CauseAdjust::default(),
            effect: None,
            spend: None,
            named: Vec::new(),
            venture: 0,
            will: false,
        }
    }

    pub fn complex(skill: Skill, tn: u32, quality: Pool) -> CheckRequest {
        CheckRequest {
            effect: Some(EffectRequest {
                quality,
                adjust: EffectAdjust::default(),
            }),
            ..CheckRequest::simple(skill, tn)
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error("a skill level is 1 to 5 rows, not {0}")]
    SkillLevel(u32),
    #[error("a trait rank is 1 to 5, not {0}")]
    TraitRank(u32),
    #[error("a column shift of {shift} moves {die} off the card (columns 4, 6, 8, 10, 12)")]
    ColumnOffCard { die: Die, shift: i32 },
    #[error("the victory threshold must be at least 1")]
    VictoryThreshold,
    #[error("'{0}' spends on the effect grid: it needs a complex check")]
    SpendNeedsEffect(&'static str),
    #[error("'As I planned!' needs the player to invoke an Impetus on this action")]
    NoImpetus,
    #[error("'I've got your back!' is a spend on another player's action, not on a check")]
    NotACheckSpend,
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error("this check needs dice, and the deck in use rolls none")]
    NoDice,
    #[error("dice pool: {0}")]
    Pool(#[from] crate::rules::dice_pool::PoolError),
    #[error("d20: {0}")]
    D20(#[from] crate::rules::d20::D20Error),
}

/// The cards a resolution uses, by section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolutionCards {
    /// Cause grid and the upper results (equipment failure, scatter, burst) and outer edge.
    pub cause: Card,
    /// Hit location and penetration.
    pub location: Card,
    /// Effect grid.
    pub effect: Card,
}

/// Everything a check produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOutcome {
    /// Card numbers in draw order.
    pub cards: Vec<u8>,
    pub tn: u32,
    /// The chosen (and adjusted) result; C counts 0.
    pub result: u32,
    pub success: bool,
    pub bumps: u32,
    pub calamity: bool,
    /// The chosen result came through an exceptional chain.
    pub exceptional: bool,
    /// Complex checks: the effect magnitude (0 without success).
    pub magnitude: Option<u32>,
    /// Complex checks: magnitude div victory threshold.
    pub victories: Option<u32>,
    /// The effect had increased effect (and, with the option on, drew for it).
    pub increased: bool,
    pub trace: Vec<Step>,
    /// The resolution card(s) for the sections combat reads next. None only for systems
    /// without cards.
    pub resolution: Option<ResolutionCards>,
    /// Every row's result after its exceptional chain, highest first, before direct
    /// adjustments (empty on a calamity): multiple attacks use them in turn. Dice pools: the
    /// successes kept, highest first.
    pub pool: Vec<u32>,
    /// The system that resolved it.
    pub system: Resolution,
    /// Dice pools and d20: every die rolled, in the order dealt (empty for the action deck).
    pub dice: Vec<u32>,
    /// Dice pools: Will spent on this check.
    pub will_spent: bool,
    /// d20: the special outcome's name (`complication`, `critical_success`, ...).
    pub special: Option<&'static str>,
    /// Dice pools: the check's dice (with explosions), its Interference and its Will dice.
    pub pool_dice: Option<PoolDice>,
}

/// The dice of a pool check by what they were for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PoolDice {
    pub check: Vec<u32>,
    pub interference: Vec<u32>,
    pub will: Vec<u32>,
}
