//! The action deck in play: a seeded shuffle, draw, discard, and a reshuffle when the draw pile
//! is exhausted. One source of randomness per match: the deck's ChaCha8 generator.

use super::card::Card;
use super::dice_pool::{DiceError, DiceSource, SeededDice};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The dice stream's seed is the match seed with these bits flipped, so cards and dice are two
/// streams of one seeded source.
const DICE_STREAM: u64 = 0xD1CE_D1CE_D1CE_D1CE;

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
    /// Shared: a copy of the deck (the dry runs of a choice) does not copy the cards.
    cards: std::sync::Arc<[Card]>,
    /// Indices into `cards`; the top of the pile is the end of the vector.
    draw_pile: Vec<usize>,
    discard_pile: Vec<usize>,
    rng: ChaCha8Rng,
    reshuffles: u32,
    /// The dice of the match (dice pools, d20): a stream of its own from the same seed.
    dice: SeededDice,
}

/// The match's generator from its seed: the seed is spread over ChaCha8's 32-byte key by
/// SplitMix64 (written out here, so no library upgrade can change it).
pub fn seeded_rng(seed: u64) -> ChaCha8Rng {
    let mut state = seed;
    let mut key = [0u8; 32];
    for chunk in key.chunks_exact_mut(8) {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

/// A number below `n` (n >= 1), uniform: 32-bit words from the stream, those in the last
/// incomplete block of `n` rejected.
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    let limit = (u32::MAX / n) * n;
    loop {
        let x = rng.next_u32();
        if x < limit {
            return x % n;
        }
    }
}

/// Fisher-Yates over the ChaCha stream: the order a seed gives is fixed by this code alone
/// (`rand`'s `shuffle` may change between its versions, and with it every saved match).
pub fn shuffle<T>(pile: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..pile.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        pile.swap(i, j);
    }
}

impl Deck {
    /// A deck of these cards, shuffled from `seed`.
    pub fn new(cards: Vec<Card>, seed: u64) -> Deck {
        let mut deck = Deck {
            draw_pile: (0..cards.len()).rev().collect(),
            cards: cards.into(),
            discard_pile: Vec::new(),
            rng: seeded_rng(seed),
            reshuffles: 0,
            dice: SeededDice::new(seed ^ DICE_STREAM),
        };
        shuffle(&mut deck.draw_pile, &mut deck.rng);
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
            shuffle(&mut self.draw_pile, &mut self.rng);
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
    /// The dice that go with the cards (a match's deck has them; a hand of cards has none).
    fn dice(&mut self) -> Option<&mut dyn DiceSource> {
        None
    }
}

impl CardSource for Deck {
    fn draw(&mut self) -> Result<Card, DeckError> {
        Deck::draw(self)
    }
    fn discard(&mut self, number: u8) {
        Deck::discard(self, number)
    }
    fn dice(&mut self) -> Option<&mut dyn DiceSource> {
        Some(&mut self.dice)
    }
}

impl DiceSource for Deck {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.dice.roll(sides)
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

    /// The order of seed 7 is pinned: a change to the generator, its seeding or the shuffle
    /// would change every seeded match and saved replay, and fails here first.
    #[test]
    fn seed_7_deals_a_pinned_order() {
        let order = numbers(&mut Deck::standard(7), 54);
        assert_eq!(order, PINNED_SEED_7.to_vec());
    }

    const PINNED_SEED_7: [u8; 54] = [
        13, 36, 44, 15, 24, 14, 2, 47, 25, 18, 17, 37, 7, 5, 19, 31, 6, 8, 9, 35, 21, 41, 48, 50,
        46, 30, 3, 42, 22, 53, 29, 26, 49, 39, 43, 32, 11, 27, 12, 10, 0, 34, 4, 28, 51, 38, 45,
        33, 52, 1, 20, 16, 40, 23,
    ];

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
