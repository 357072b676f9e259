//! Exact odds of a check over the deck (not by sampling): the first card is any of the
//! cards, each extension card any of the cards left, as the resolver draws them.
//!
//! The search shares work between draws that cannot lead anywhere different. The chance that
//! a check still open ends in a success depends only on the chains still open (their rows and
//! totals) and on what the cards left read in those rows: cards alike in the open rows are one
//! kind, and a state is the open chains and how many of each kind are gone. Each such state is
//! settled once, so a long chain against a high TN costs a few hundred states, not every set
//! of cards it could have drawn. The result is the enumeration's ([`enumerate`] is kept to
//! show it), up to the rounding of the sums.

use super::adjust;
use super::card::Card;
use super::die::Pool;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// P(success) of a simple check: `pool` against `tn`, the chosen (highest) result adjusted
/// by `direct`, exceptional chains extended when `exceptional` is on. A calamity on the exact
/// cell fails.
pub fn success_chance(cards: &[Card], pool: Pool, tn: u32, direct: i32, exceptional: bool) -> f64 {
    if cards.is_empty() {
        return 0.0;
    }
    let die = pool.die;
    let rows = pool.rows as usize;
    // Cards that read alike in every row of the pool (and alike in the exact cell's C) are one
    // kind from the start.
    let mut kinds: Vec<Kind> = Vec::new();
    for card in cards {
        let mut cells = [(0, false); 5];
        for (r, cell) in cells.iter_mut().enumerate().take(rows) {
            let c = card.cause(r as u32 + 1, die);
            *cell = (c.value(), exceptional && c.is_exceptional(die));
        }
        let calamity = card.cause(pool.rows, die).is_calamity();
        match kinds
            .iter_mut()
            .find(|k| k.cells == cells && k.calamity == calamity)
        {
            Some(k) => k.count += 1,
            None => kinds.push(Kind {
                cells,
                calamity,
                count: 1,
            }),
        }
    }
    let mut search = Search {
        kinds: &kinds,
        rows,
        tn,
        direct,
        memo: HashMap::default(),
    };
    let mut gone = vec![0u32; kinds.len()];
    let mut total = 0.0;
    for (k, kind) in kinds.iter().enumerate() {
        if kind.calamity {
            continue;
        }
        let mut open = [CLOSED; 5];
        let mut best = 0;
        for (r, slot) in open.iter_mut().enumerate().take(rows) {
            let (value, exc) = kind.cells[r];
            best = best.max(value);
            if exc {
                *slot = value;
            }
        }
        gone[k] += 1;
        total += kind.count as f64 * search.settle(&mut gone, open, best);
        gone[k] -= 1;
    }
    total / cards.len() as f64
}

/// Cards alike in every row of the pool: their cells (value, exceptional), whether the exact
/// cell is C, and how many there are.
struct Kind {
    cells: [(u32, bool); 5],
    calamity: bool,
    count: u32,
}

/// A chain no longer open.
const CLOSED: u32 = u32::MAX;

/// A state: the open chains' totals by row, and how many cards of each kind (as the open rows
/// read them) are gone.
type State = ([u32; 5], Vec<(u64, u32)>);

struct Search<'a> {
    kinds: &'a [Kind],
    rows: usize,
    tn: u32,
    direct: i32,
    memo: HashMap<State, f64, BuildHasherDefault<FxHasher>>,
}

impl Search<'_> {
    /// What a kind reads in the open rows, as one number.
    fn seen(&self, k: usize, open: &[u32; 5]) -> u64 {
        let mut key = 0u64;
        for (r, &chain) in open.iter().enumerate().take(self.rows) {
            if chain != CLOSED {
                let (value, exc) = self.kinds[k].cells[r];
                key |= (((value.min(255) as u64) << 1) | exc as u64) << (9 * r);
            }
        }
        key
    }

    /// The chance that a check ends in a success, with `gone[k]` cards of each kind drawn, the
    /// chains of `open` still open (CLOSED for the others) and `best` the highest total of any.
    fn settle(&mut self, gone: &mut [u32], open: [u32; 5], best: u32) -> f64 {
        if adjust::direct_cause(best, self.direct) >= self.tn {
            return 1.0;
        }
        // Closed chains below the TN never matter again: the state is the open ones.
        if open.iter().all(|&s| s == CLOSED) {
            return 0.0;
        }
        let seen: Vec<u64> = (0..self.kinds.len()).map(|k| self.seen(k, &open)).collect();
        let mut seen_gone: Vec<(u64, u32)> = Vec::new();
        for (k, &n) in gone.iter().enumerate().filter(|(_, n)| **n > 0) {
            match seen_gone.iter_mut().find(|g| g.0 == seen[k]) {
                Some(g) => g.1 += n,
                None => seen_gone.push((seen[k], n)),
            }
        }
        seen_gone.sort_unstable();
        let key = (open, seen_gone);
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        // The cards left, by what they read in the open rows: how many, and one kind of them.
        let mut left_by_seen: Vec<(u64, u32, usize)> = Vec::new();
        for k in 0..self.kinds.len() {
            let left = self.kinds[k].count - gone[k];
            if left > 0 {
                match left_by_seen.iter_mut().find(|g| g.0 == seen[k]) {
                    Some(g) => g.1 += left,
                    None => left_by_seen.push((seen[k], left, k)),
                }
            }
        }
        let left: u32 = left_by_seen.iter().map(|g| g.1).sum();
        let mut total = 0.0;
        for &(_, many, k) in &left_by_seen {
            let mut next = [CLOSED; 5];
            let mut best = 0;
            for r in 0..self.rows {
                if open[r] == CLOSED {
                    continue;
                }
                let (value, exc) = self.kinds[k].cells[r];
                let sum = open[r] + value;
                best = best.max(sum);
                if exc {
                    next[r] = sum;
                }
            }
            gone[k] += 1;
            total += many as f64 * self.settle(gone, next, best);
            gone[k] -= 1;
        }
        let p = if left == 0 { 0.0 } else { total / left as f64 };
        self.memo.insert(key, p);
        p
    }
}

/// The multiply-rotate hash of rustc (FxHash): the memo's keys are plain integers.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The same chance by walking every order of the cards, one at a time (the search before
/// states were shared): for decks too large for [`success_chance`]'s bit set, and for the test
/// that holds the two equal. The recursion stops as soon as the outcome is settled (a chain's
/// total never falls), so its depth is about TN / die.
pub fn enumerate(cards: &[Card], pool: Pool, tn: u32, direct: i32, exceptional: bool) -> f64 {
    if cards.is_empty() {
        return 0.0;
    }
    let die = pool.die;
    let mut total = 0.0;
    let mut used = vec![false; cards.len()];
    for (i, card) in cards.iter().enumerate() {
        if card.cause(pool.rows, die).is_calamity() {
            continue;
        }
        let chains: Vec<(u32, u32, bool)> = (1..=pool.rows)
            .map(|row| {
                let cell = card.cause(row, die);
                (row, cell.value(), exceptional && cell.is_exceptional(die))
            })
            .collect();
        used[i] = true;
        total += settle(cards, &mut used, &chains, pool, tn, direct);
        used[i] = false;
    }
    total / cards.len() as f64
}

fn succeeds(chains: &[(u32, u32, bool)], tn: u32, direct: i32) -> bool {
    let best = chains.iter().map(|c| c.1).max().unwrap_or(0);
    adjust::direct_cause(best, direct) >= tn
}

/// The chance that these chains end in a success, drawing from the unused cards.
fn settle(
    cards: &[Card],
    used: &mut [bool],
    chains: &[(u32, u32, bool)],
    pool: Pool,
    tn: u32,
    direct: i32,
) -> f64 {
    if succeeds(chains, tn, direct) {
        return 1.0;
    }
    if !chains.iter().any(|c| c.2) {
        return 0.0;
    }
    let left: Vec<usize> = (0..cards.len()).filter(|&i| !used[i]).collect();
    if left.is_empty() {
        return 0.0;
    }
    let mut total = 0.0;
    for &i in &left {
        let next: Vec<(u32, u32, bool)> = chains
            .iter()
            .map(|&(row, sum, open)| {
                if open {
                    let cell = cards[i].cause(row, pool.die);
                    (row, sum + cell.value(), cell.is_exceptional(pool.die))
                } else {
                    (row, sum, false)
                }
            })
            .collect();
        used[i] = true;
        total += settle(cards, used, &next, pool, tn, direct);
        used[i] = false;
    }
    total / left.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::{C, Card, v};
    use crate::rules::check::{CheckOptions, CheckRequest, Skill, resolve};
    use crate::rules::deck::Deck;
    use crate::rules::die::Die;

    fn permutations(n: usize) -> Vec<Vec<u8>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for at in 0..=p.len() {
                let mut q = p.clone();
                q.insert(at, (n - 1) as u8);
                out.push(q);
            }
        }
        out
    }

    /// Against the real resolver over every order of a small deck with chains and calamities.
    #[test]
    fn the_odds_equal_a_count_over_every_order_of_the_deck() {
        let cards = vec![
            Card::plain(0).with_cause(Die::D4, &[v(4), v(1), v(2)]),
            Card::plain(1).with_cause(Die::D4, &[v(2), v(5), C]),
            Card::plain(2).with_cause(Die::D4, &[v(6), v(4), v(1)]),
            Card::plain(3).with_cause(Die::D4, &[C, v(3), v(3)]),
            Card::plain(4).with_cause(Die::D4, &[v(1), v(2), v(4)]),
        ];
        let orders = permutations(cards.len());
        for rows in 1..=3 {
            for tn in 1..=12 {
                for direct in [-2, 0, 1] {
                    let pool = Pool::new(rows, Die::D4).unwrap();
                    let mut request = CheckRequest::simple(
                        Skill::Skilled {
                            level: rows,
                            die: Die::D4,
                        },
                        tn,
                    );
                    request.adjust.direct = direct;
                    let wins = orders
                        .iter()
                        .filter(|order| {
                            let mut deck = Deck::with_order(cards.clone(), 0, order).unwrap();
                            resolve(&mut deck, &request, &CheckOptions::default())
                                .unwrap()
                                .success
                        })
                        .count();
                    let counted = wins as f64 / orders.len() as f64;
                    let exact = success_chance(&cards, pool, tn, direct, true);
                    assert!(
                        (counted - exact).abs() < 1e-9,
                        "{rows}d4 TN {tn} {direct:+}: {counted} vs {exact}"
                    );
                }
            }
        }
    }

    /// The shared search gives the enumeration's number (to 1e-12) on the real deck:
    /// every die and pool size, exceptional chains on and off, direct adjustments, at the TNs
    /// the enumeration settles quickly.
    #[test]
    fn the_shared_search_is_the_enumeration() {
        let deck = crate::rules::deck_gen::generate();
        for die in Die::ALL {
            for rows in 1..=5 {
                let pool = Pool::new(rows, die).unwrap();
                let top = (die.sides() + 3).min(12 - rows);
                for tn in 1..=top {
                    for direct in [-2, 0, 3] {
                        for exceptional in [true, false] {
                            let old = enumerate(&deck, pool, tn, direct, exceptional);
                            let new = success_chance(&deck, pool, tn, direct, exceptional);
                            assert!(
                                (old - new).abs() < 1e-12,
                                "{rows}{die:?} TN {tn} {direct:+} {exceptional}: {old} vs {new}"
                            );
                        }
                    }
                }
            }
        }
    }

    mod properties {
        use super::*;
        use crate::rules::card::CauseCell;
        use proptest::prelude::*;

        fn cell() -> impl Strategy<Value = CauseCell> {
            prop_oneof![1 => Just(C), 8 => (1u32..9).prop_map(v)]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            /// Any small deck, any check: the shared search is the enumeration (to 1e-12), and
            /// a probability.
            #[test]
            fn any_deck_the_search_is_the_enumeration(
                cells in proptest::collection::vec(proptest::collection::vec(cell(), 5), 1..7),
                rows in 1u32..=5,
                tn in 1u32..20,
                direct in -3i32..4,
                exceptional in any::<bool>(),
            ) {
                let cards: Vec<Card> = cells
                    .iter()
                    .enumerate()
                    .map(|(i, column)| Card::plain(i as u8).with_cause(Die::D4, column))
                    .collect();
                let pool = Pool::new(rows, Die::D4).unwrap();
                let old = enumerate(&cards, pool, tn, direct, exceptional);
                let new = success_chance(&cards, pool, tn, direct, exceptional);
                prop_assert!((old - new).abs() < 1e-12, "{} vs {}", old, new);
                prop_assert!((0.0..=1.0).contains(&new));
            }
        }
    }

    #[test]
    fn on_the_real_deck_the_odds_fall_as_the_tn_rises() {
        let deck = crate::rules::deck_gen::generate();
        let pool = Pool::new(2, Die::D10).unwrap();
        let odds: Vec<f64> = (3..=13)
            .map(|tn| success_chance(&deck, pool, tn, 0, true))
            .collect();
        assert!(odds.windows(2).all(|w| w[0] >= w[1]), "{odds:?}");
        // A calamity always fails: 2 of 54 cards hold C at 2-10.
        assert!(success_chance(&deck, pool, 1, 0, true) <= 52.0 / 54.0 + 1e-9);
    }
}
