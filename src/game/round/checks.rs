//! Checks drawn from the match deck, the initiative stack's flipped card first.

use super::*;
use crate::game::battle::Hero;
use crate::game::deck::ActionDeck;
use crate::rules::card::Card;
use crate::rules::check::{self, CheckOptions, CheckOutcome, CheckRequest, Skill};
use crate::rules::deck::{CardSource, DeckError};
use crate::rules::die::Die;
use bevy::prelude::*;

/// A card source that deals an already flipped card first (the initiative stack's card is
/// the action's resolution card), then draws from the deck.
pub(super) struct Flipped<'a> {
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
}

/// The card flipped for the action being resolved, if the stack flipped one.
#[derive(Resource, Debug, Clone, Default)]
pub(super) struct FlippedCard(pub(super) Option<Card>);

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

/// Resolve a check with the match deck (using the stack's flipped card first, if any).
pub fn resolve_check(world: &mut World, request: &CheckRequest) -> Result<CheckOutcome, String> {
    with_deck(world, |source, options| {
        check::resolve(source, request, options).map_err(|e| e.to_string())
    })
}

/// A trait test: one row of the trait's die; without the trait, the 4 column at rank 1
/// (docs/rules-decisions.md).
pub fn trait_skill(hero: &Hero, name: &str) -> Skill {
    match hero.traits.get(name) {
        Some(&die) => Skill::Skilled { level: 1, die },
        None => Skill::Unskilled { trait_rank: 1 },
    }
}

/// A skill check: the skill's level in the governing trait's die; unskilled, the 4 column at
/// rank 1.
pub fn skill_pool(hero: &Hero, skill: &str, trait_name: &str) -> Skill {
    match (hero.skills.get(skill), hero.traits.get(trait_name)) {
        (Some(&level), Some(&die)) => Skill::Skilled { level, die },
        (Some(&level), None) => Skill::Skilled {
            level,
            die: Die::D4,
        },
        (None, _) => Skill::Unskilled { trait_rank: 1 },
    }
}
