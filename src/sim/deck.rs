//! The match's action deck as an ECS resource: the one seeded source of randomness.

use crate::rules::card::Card;
use crate::rules::deck::Deck;
use bevy::prelude::*;

/// The match's deck.
#[derive(Resource, Debug, Clone)]
pub struct ActionDeck {
    pub seed: u64,
    pub deck: Deck,
}

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
