//! The action deck in play: a seeded shuffle, draw, discard, and a reshuffle when the draw pile
//! is exhausted. One source of randomness per match: the deck's ChaCha8 generator.

use super::card::Card;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("card {0} is not in the draw pile: cards are numbered 0 to 53")]
    NotInDrawPile(u8),
    #[error("card {0} is named twice: each card is in the deck once")]
    NamedTwice(u8),
    #[error("the deck is empty: every card is in play")]
    Empty,
}

/// Draw and discard piles over a fixed set of cards.
#[derive(Debug, Clone)]
pub struct Deck {
    cards: Vec<Card>,
    /// Indices into `cards`; the top of the pile is the end of the vector.
    draw_pile: Vec<usize>,
    discard_pile: Vec<usize>,
    rng: ChaCha8Rng,
    reshuffles: u32,
}

impl Deck {
    /// A deck of these cards, shuffled from `seed`.
    pub fn new(cards: Vec<Card>, seed: u64) -> Deck {
        let mut deck = Deck {
            draw_pile: (0..cards.len()).rev().collect(),
            cards,
            discard_pile: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            reshuffles: 0,
        };
        deck.draw_pile.shuffle(&mut deck.rng);
        deck
    }

    /// The game's 54-card deck, shuffled from `seed`.
    pub fn standard(seed: u64) -> Deck {
        Deck::new(super::deck_gen::generate(), seed)
    }

    /// A deck that deals these cards in this order first (for reproducing a table's draw),
    /// then the rest in seeded order.
    pub fn with_order(cards: Vec<Card>, seed: u64, order: &[u8]) -> Result<Deck, DeckError> {
        let mut deck = Deck::new(cards, seed);
        deck.stack_top(order)?;
        Ok(deck)
    }

    /// Move the named cards to the top of the draw pile, the first named on top.
    pub fn stack_top(&mut self, order: &[u8]) -> Result<(), DeckError> {
        for (i, n) in order.iter().enumerate() {
            if order[..i].contains(n) {
                return Err(DeckError::NamedTwice(*n));
            }
        }
        for &number in order.iter().rev() {
            let at = self
                .draw_pile
                .iter()
                .position(|&i| self.cards[i].number == number)
                .ok_or(DeckError::NotInDrawPile(number))?;
            let index = self.draw_pile.remove(at);
            self.draw_pile.push(index);
        }
        Ok(())
    }

    /// Draw the top card. An exhausted draw pile is first made anew from the discards.
    pub fn draw(&mut self) -> Result<Card, DeckError> {
        if self.draw_pile.is_empty() {
            if self.discard_pile.is_empty() {
                return Err(DeckError::Empty);
            }
            self.draw_pile.append(&mut self.discard_pile);
            self.draw_pile.shuffle(&mut self.rng);
            self.reshuffles += 1;
        }
        let index = self.draw_pile.pop().ok_or(DeckError::Empty)?;
        Ok(self.cards[index].clone())
    }

    /// Put a drawn card on the discard pile.
    pub fn discard(&mut self, number: u8) {
        if let Some(index) = self.cards.iter().position(|c| c.number == number) {
            debug_assert!(!self.discard_pile.contains(&index) && !self.draw_pile.contains(&index));
            self.discard_pile.push(index);
        }
    }

    pub fn card(&self, number: u8) -> Option<&Card> {
        self.cards.iter().find(|c| c.number == number)
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn draw_pile_len(&self) -> usize {
        self.draw_pile.len()
    }

    pub fn discard_pile_len(&self) -> usize {
        self.discard_pile.len()
    }

    /// How many times the discards were shuffled back in.
    pub fn reshuffles(&self) -> u32 {
        self.reshuffles
    }
}

/// Where a check gets its cards: the deck, or anything that deals like one.
pub trait CardSource {
    fn draw(&mut self) -> Result<Card, DeckError>;
    fn discard(&mut self, number: u8);
}

impl CardSource for Deck {
    fn draw(&mut self) -> Result<Card, DeckError> {
        Deck::draw(self)
    }
    fn discard(&mut self, number: u8) {
        Deck::discard(self, number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(deck: &mut Deck, n: usize) -> Vec<u8> {
        (0..n).map(|_| deck.draw().unwrap().number).collect()
    }

    #[test]
    fn same_seed_same_order_other_seed_other_order() {
        let a = numbers(&mut Deck::standard(7), 54);
        let b = numbers(&mut Deck::standard(7), 54);
        let c = numbers(&mut Deck::standard(8), 54);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..54).collect::<Vec<u8>>());
    }

    #[test]
    fn forced_order_comes_first() {
        let mut deck = Deck::with_order(super::super::deck_gen::generate(), 1, &[34, 5]).unwrap();
        assert_eq!(numbers(&mut deck, 2), vec![34, 5]);
        assert_eq!(deck.draw_pile_len(), 52);
        let err = Deck::with_order(super::super::deck_gen::generate(), 1, &[5, 5]).unwrap_err();
        assert_eq!(err, DeckError::NamedTwice(5));
        let err = Deck::with_order(super::super::deck_gen::generate(), 1, &[60]).unwrap_err();
        assert_eq!(err, DeckError::NotInDrawPile(60));
    }

    #[test]
    fn exhausted_pile_reshuffles_the_discards() {
        let cards: Vec<Card> = (0..3).map(Card::plain).collect();
        let mut deck = Deck::new(cards, 3);
        let drawn = numbers(&mut deck, 3);
        assert_eq!(deck.draw(), Err(DeckError::Empty));
        for n in &drawn {
            deck.discard(*n);
        }
        assert_eq!(deck.discard_pile_len(), 3);
        let again = numbers(&mut deck, 3);
        assert_eq!(deck.reshuffles(), 1);
        let mut sorted = again.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 2]);
    }
}
