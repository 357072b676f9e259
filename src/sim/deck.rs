//! The match's action deck (`model::ActionDeck`, the one seeded source of randomness): checks
//! drawn from it, the initiative stack's flipped card first; and the card table's draws.

use super::model::{ActionDeck, FlippedCard, Hero, RoundOptions};
use crate::rules::card::Card;
use crate::rules::check::{self, CheckOptions, CheckOutcome, CheckRequest, Resolution, Skill};
use crate::rules::deck::{CardSource, Deck, DeckError};
use crate::rules::die::Die;
use bevy::prelude::*;

/// Command: draw the top card and show it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawCard;

/// Event: a card was drawn (and put on the discard pile once shown).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct CardDrawn {
    pub card: Card,
}

/// The card on the table, for the UI.
#[derive(Resource, Debug, Default, Clone)]
pub struct CardOnTable(pub Option<Card>);

/// Ordering of the deck's systems within a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeckSystems {
    Draw,
}

/// Owns the deck resource, its messages and systems.
pub struct DeckPlugin {
    pub seed: u64,
    /// The match's cards (`data::deck_file::load_match_deck`).
    pub cards: Vec<Card>,
}

impl Plugin for DeckPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ActionDeck {
            seed: self.seed,
            deck: Deck::new(self.cards.clone(), self.seed),
        })
        .init_resource::<CardOnTable>()
        .add_message::<DrawCard>()
        .add_message::<CardDrawn>()
        .add_systems(Update, draw_cards.in_set(DeckSystems::Draw));
    }
}

fn draw_cards(
    mut requests: MessageReader<DrawCard>,
    mut deck: ResMut<ActionDeck>,
    mut on_table: ResMut<CardOnTable>,
    mut drawn: MessageWriter<CardDrawn>,
) {
    for _ in requests.read() {
        if let Some(previous) = on_table.0.take() {
            deck.deck.discard(previous.number);
        }
        match deck.deck.draw() {
            Ok(card) => {
                on_table.0 = Some(card.clone());
                drawn.write(CardDrawn { card });
            }
            Err(err) => warn!("cannot draw: {err}"),
        }
    }
}

/// A card source that deals an already flipped card first (the initiative stack's card is
/// the action's resolution card), then draws from the deck.
struct Flipped<'a> {
    first: Option<Card>,
    deck: &'a mut crate::rules::deck::Deck,
}

impl CardSource for Flipped<'_> {
    fn draw(&mut self) -> Result<Card, DeckError> {
        match self.first.take() {
            Some(card) => Ok(card),
            None => self.deck.draw(),
        }
    }
    fn discard(&mut self, number: u8) {
        self.deck.discard(number)
    }
    fn dice(&mut self) -> Option<&mut dyn crate::rules::dice_pool::DiceSource> {
        self.deck.dice()
    }
}

/// Draw from the match deck for a resolution: the stack's flipped card first, if any.
pub fn with_deck<T>(
    world: &mut World,
    f: impl FnOnce(&mut dyn CardSource, &CheckOptions) -> T,
) -> T {
    let first = world
        .get_resource_mut::<FlippedCard>()
        .and_then(|mut f| f.0.take());
    let options = world.resource::<RoundOptions>().check;
    let mut deck = world.resource_mut::<ActionDeck>();
    let mut source = Flipped {
        first,
        deck: &mut deck.deck,
    };
    f(&mut source, &options)
}

/// What the match deck would give, without drawing from it: `f` runs on copies of the deck and
/// of the stack's flipped card (to show a player what each choice would do).
pub fn with_deck_copy<T>(
    world: &World,
    f: impl FnOnce(&mut dyn CardSource, &CheckOptions) -> T,
) -> T {
    let first = world
        .get_resource::<FlippedCard>()
        .and_then(|f| f.0.clone());
    let options = world.resource::<RoundOptions>().check;
    let mut deck = world.resource::<ActionDeck>().deck.clone();
    let mut source = Flipped {
        first,
        deck: &mut deck,
    };
    f(&mut source, &options)
}

/// Resolve a check with the match deck (using the stack's flipped card first, if any).
pub fn resolve_check(world: &mut World, request: &CheckRequest) -> Result<CheckOutcome, String> {
    with_deck(world, |source, options| {
        check::resolve(source, request, options).map_err(|e| e.to_string())
    })
}

/// A trait test: the trait's rank in rows, its die the column ("Hank has a Strength of
/// 2d10"); without the trait, the 4 column at rank 1 (docs/rules-decisions.md).
pub fn trait_skill(hero: &Hero, name: &str) -> Skill {
    match hero.traits.get(name) {
        Some(t) => Skill::Skilled {
            level: t.rank(),
            die: t.die(),
        },
        None => Skill::Unskilled { trait_rank: 1 },
    }
}

/// The rank of a trait (1 without it).
pub fn trait_rank(hero: &Hero, name: &str) -> u32 {
    hero.traits.get(name).map_or(1, |t| t.rank())
}

/// The die of a trait (the 4 column without it).
pub fn trait_die(hero: &Hero, name: &str) -> Die {
    hero.traits.get(name).map_or(Die::D4, |t| t.die())
}

/// A skill check: the skill's level in the governing trait's die; unskilled, the 4 column at
/// the rank of the governing trait ("The row is equal to the rank of the associated Trait").
pub fn skill_pool(hero: &Hero, skill: &str, trait_name: &str) -> Skill {
    match hero.skills.get(skill) {
        Some(&level) => Skill::Skilled {
            level,
            die: trait_die(hero, trait_name),
        },
        None => Skill::Unskilled {
            trait_rank: trait_rank(hero, trait_name),
        },
    }
}

/// Dice pools: the Venture tokens and Will the hero brings to its next attack or skill check
/// (nothing in the other systems, and no Will without Will points).
pub fn pool_choices(world: &World, hero: Entity) -> (u32, bool) {
    if world.resource::<RoundOptions>().check.system != Resolution::DicePool {
        return (0, false);
    }
    let choices = world
        .get::<crate::sim::model::PoolChoices>(hero)
        .copied()
        .unwrap_or_default();
    let will_left = world.get::<Hero>(hero).map_or(0, |h| h.will);
    (choices.venture, choices.will && will_left > 0)
}

/// After the hero's attack or skill check: its Venture tokens are used, the Will it spent is
/// gone (and with none left, it no longer means to spend any).
pub fn spend_choices(world: &mut World, hero: Entity, outcome: &CheckOutcome) {
    if outcome.system != Resolution::DicePool {
        return;
    }
    let mut left = None;
    if outcome.will_spent
        && let Some(mut h) = world.get_mut::<Hero>(hero)
    {
        h.will = h.will.saturating_sub(1);
        left = Some(h.will);
    }
    if let Some(mut c) = world.get_mut::<crate::sim::model::PoolChoices>(hero) {
        c.venture = 0;
        if left == Some(0) {
            c.will = false;
        }
    }
}

/// The exact chance a check succeeds, in the match's system: over the deck's cards (the
/// action deck), the pool's distribution, or the d20's twenty faces.
pub fn success_chance(world: &World, request: &CheckRequest) -> f64 {
    let options = world.resource::<RoundOptions>().check;
    let Some(memo) = world.get_resource::<crate::sim::model::ChanceMemo>() else {
        return work_out_chance(world, request, options);
    };
    if options.system == Resolution::ActionDeck {
        let Ok(pool) = request.skill.pool() else {
            return 0.0;
        };
        let key = (
            crate::rules::adjust::rows(pool, request.adjust.row),
            request.tn,
            request.adjust.direct,
        );
        if let Some(p) = memo.0.lock().ok().and_then(|m| m.deck.get(&key).copied()) {
            return p;
        }
        let p = work_out_chance(world, request, options);
        if let Ok(mut m) = memo.0.lock() {
            m.deck.insert(key, p);
        }
        return p;
    }
    let key = format!("{:?}|{:?}", options, request);
    if let Some(p) = memo.0.lock().ok().and_then(|m| m.other.get(&key).copied()) {
        return p;
    }
    let p = work_out_chance(world, request, options);
    if let Ok(mut m) = memo.0.lock() {
        m.other.insert(key, p);
    }
    p
}

fn work_out_chance(world: &World, request: &CheckRequest, options: CheckOptions) -> f64 {
    match options.system {
        Resolution::ActionDeck => {
            let Ok(pool) = request.skill.pool() else {
                return 0.0;
            };
            crate::rules::odds::success_chance(
                world.resource::<ActionDeck>().deck.cards(),
                crate::rules::adjust::rows(pool, request.adjust.row),
                request.tn,
                request.adjust.direct,
                options.exceptional,
            )
        }
        system => crate::rules::resolution::success_chance(system, request).unwrap_or(0.0),
    }
}
