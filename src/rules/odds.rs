//! Exact odds of a check over the deck (not by sampling): the first card is any of the
//! cards, each extension card any of the cards left, as the resolver draws them.

use super::adjust;
use super::card::Card;
use super::die::Pool;

/// P(success) of a simple check: `pool` against `tn`, the chosen (highest) result adjusted
/// by `direct`, exceptional chains extended when `exceptional` is on. A calamity on the exact
/// cell fails. The recursion stops as soon as the outcome is settled (a chain's total never
/// falls), so its depth is about TN / die.
pub fn success_chance(cards: &[Card], pool: Pool, tn: u32, direct: i32, exceptional: bool) -> f64 {
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
