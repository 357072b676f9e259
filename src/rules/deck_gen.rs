//! The deterministic generator of the 54-card action deck (docs/deck.md explains the scheme).
//!
//! SplitMix64 streams, one per section; multisets that model die rolls; pinned cells that make
//! the rulebook's worked examples come out on the real deck.

use super::card::{
    BurstResult, C, Card, CauseCell, Direction, EffectCell, Location, STANDARD_INDEX, StackEntry,
    Toggle, v,
};
use super::die::Die;

/// Cards in the deck.
pub const DECK_SIZE: usize = 54;

/// SplitMix64, as the design states it (all wrapping u64).
struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream of section `s`: seeded `0x54575457_00000000 | s` ("TWTW").
    fn stream(s: u64) -> SplitMix64 {
        SplitMix64(0x5457_5457_0000_0000 | s)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn uniform(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Fisher-Yates from the last index down.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.uniform(i + 1);
            items.swap(i, j);
        }
    }

    fn pick<T: Copy>(&mut self, list: &[T]) -> T {
        list[self.uniform(list.len())]
    }
}

/// `split(total, values)`: every value gets `total div k` copies, the first `total mod k` one more.
fn split(total: usize, values: &[u32]) -> Vec<u32> {
    let k = values.len();
    let mut out = Vec::with_capacity(total);
    for (i, &value) in values.iter().enumerate() {
        let copies = total / k + usize::from(i < total % k);
        out.extend(std::iter::repeat_n(value, copies));
    }
    out
}

/// `E(n, d) = floor(n/d + 1/2)`: how many of n cells are exceptional.
fn exceptional_count(n: usize, d: u32) -> usize {
    (2 * n + d as usize) / (2 * d as usize)
}

/// `multiset(n, d)`: n die results where a d explodes to d + U, U in 0..d-1.
fn die_multiset(n: usize, d: u32) -> Vec<u32> {
    let e = exceptional_count(n, d);
    let mut out = split(n - e, &(1..d).collect::<Vec<_>>());
    out.extend(split(e, &(d..2 * d).collect::<Vec<_>>()));
    out
}

/// Repeat each `(value, count)` in order.
fn counted<T: Copy>(spec: &[(T, usize)]) -> Vec<T> {
    spec.iter()
        .flat_map(|&(value, n)| std::iter::repeat_n(value, n))
        .collect()
}

/// Take one copy of each pinned value out of a multiset.
fn take_out<T: PartialEq + Copy + std::fmt::Debug>(multiset: &mut Vec<T>, pinned: &[T]) {
    for p in pinned {
        let at = multiset
            .iter()
            .position(|x| x == p)
            .unwrap_or_else(|| panic!("pinned value {p:?} is not in the section's multiset"));
        multiset.swap_remove(at);
    }
}

// ---------------------------------------------------------------------------------------------
// The pins: card values the rulebook's worked examples fix (deck-design §3.4).

/// (card, row, die, cell)
const CAUSE_PINS: &[(u8, u32, Die, CauseCell)] = &[
    (5, 2, Die::D10, v(9)),
    (5, 3, Die::D10, v(1)),
    (5, 4, Die::D10, C),
    (6, 3, Die::D10, v(10)),
    (7, 1, Die::D4, v(7)),
    (7, 2, Die::D4, v(6)),
    (7, 3, Die::D4, v(1)),
    (8, 1, Die::D4, v(2)),
    (8, 2, Die::D4, v(4)),
    (9, 2, Die::D4, C),
    (14, 1, Die::D10, v(9)),
    (14, 2, Die::D10, v(12)),
    (34, 1, Die::D6, v(4)),
    (34, 2, Die::D6, v(7)),
    (34, 3, Die::D6, v(1)),
    (34, 1, Die::D8, v(3)),
    (34, 2, Die::D8, v(2)),
    (34, 3, Die::D8, v(11)),
    (34, 1, Die::D10, v(9)),
    (34, 2, Die::D10, v(6)),
    (34, 3, Die::D10, v(10)),
    (34, 4, Die::D10, v(7)),
    (50, 1, Die::D10, v(8)),
    (50, 2, Die::D10, v(1)),
    (50, 3, Die::D10, v(3)),
];

/// (card, die, die values D from row 1 down; (n)d is their running sum)
const EFFECT_PINS: &[(u8, Die, &[u32])] = &[
    (13, Die::D6, &[2, 3, 1, 3]),
    (17, Die::D8, &[5, 14]),
    (17, Die::D10, &[9, 7]),
    (34, Die::D6, &[4, 5, 4]),
    (39, Die::D6, &[8, 5, 5]),
    (39, Die::D4, &[3, 2, 6]),
    (45, Die::D4, &[1, 3, 5]),
    (50, Die::D8, &[3, 2, 4, 1, 4]),
];

/// (card, standard, second from the top, top)
const LOCATION_PINS: &[(u8, Location, Option<Location>, Option<Location>)] = &[
    (
        17,
        Location::LeftArm,
        Some(Location::LeftArm),
        Some(Location::RightArm),
    ),
    (34, Location::RightLeg, None, None),
    (39, Location::LeftArm, None, None),
    (50, Location::LeftLeg, None, None),
];

/// (card, wrench)
const WRENCH_PINS: &[(u8, Option<u32>)] = &[(17, None), (44, Some(3)), (50, None)];

fn cause_pin(card: usize, row: u32, die: Die) -> Option<CauseCell> {
    CAUSE_PINS
        .iter()
        .find(|p| p.0 as usize == card && p.1 == row && p.2 == die)
        .map(|p| p.3)
}

fn effect_pin(card: usize, row: u32, die: Die) -> Option<u32> {
    EFFECT_PINS
        .iter()
        .find(|p| p.0 as usize == card && p.1 == die)
        .and_then(|p| p.2.get(row as usize - 1).copied())
}

// ---------------------------------------------------------------------------------------------
// Hit-location neighbours.

fn up(loc: Location) -> &'static [Location] {
    use Location::*;
    match loc {
        LeftLeg => &[LeftLeg, RightLeg, Belly],
        RightLeg => &[RightLeg, LeftLeg, Belly],
        Belly => &[Vitals, Chest, Belly, LeftArm, RightArm],
        Vitals => &[Chest, Vitals, LeftArm, RightArm],
        Chest => &[Chest, Head, LeftArm, RightArm],
        LeftArm => &[LeftArm, Chest, Head, RightArm],
        RightArm => &[RightArm, Chest, Head, LeftArm],
        Head => &[Head],
    }
}

fn down(loc: Location) -> &'static [Location] {
    use Location::*;
    match loc {
        Head => &[Chest, Head, LeftArm, RightArm],
        Chest => &[Vitals, Belly, Chest, LeftArm, RightArm],
        Vitals => &[Belly, Vitals],
        Belly => &[LeftLeg, RightLeg, Belly],
        LeftArm => &[LeftArm, Chest, Vitals, RightArm],
        RightArm => &[RightArm, Chest, Vitals, LeftArm],
        LeftLeg => &[LeftLeg, RightLeg],
        RightLeg => &[RightLeg, LeftLeg],
    }
}

/// The burst values every card lists: double shotgun, 3-round burst, a revolver's speed load,
/// Gatling, long Gatling burst.
pub const BURST_VALUES: [u32; 5] = [2, 3, 6, 10, 20];

/// `hits(v) = 1 + floor(((v - 1) q + 4) / 8)` for a card's burst quality q in 0..=8.
fn burst_hits(value: u32, quality: u32) -> u32 {
    1 + ((value - 1) * quality + 4) / 8
}

/// Generate the deck. The same 54 cards on every call.
pub fn generate() -> Vec<Card> {
    let mut cards: Vec<Card> = (0..DECK_SIZE as u8).map(Card::plain).collect();
    calamities(&mut cards);
    cause_numbers(&mut cards);
    effect_grid(&mut cards);
    hit_location_stack(&mut cards);
    small_sections(&mut cards);
    cards
}

/// Calamities: exactly 2 cards hold C at every (row, column).
fn calamities(cards: &mut [Card]) {
    for die in Die::ALL {
        let c = die.column() as u64;
        for row in 1..=5u32 {
            let mut rng = SplitMix64::stream(100 + 10 * c + row as u64);
            let pinned_c = (0..DECK_SIZE)
                .filter(|&k| cause_pin(k, row, die) == Some(C))
                .count();
            let mut free: Vec<usize> = (0..DECK_SIZE)
                .filter(|&k| cause_pin(k, row, die).is_none())
                .collect();
            rng.shuffle(&mut free);
            let (r, col) = (row as usize - 1, die.column());
            for (k, card) in cards.iter_mut().enumerate() {
                card.cause[r][col] = if cause_pin(k, row, die) == Some(C) {
                    C
                } else {
                    v(0)
                };
            }
            for &k in free.iter().take(2 - pinned_c) {
                cards[k].cause[r][col] = C;
            }
        }
    }
}

/// Cause numbers: each column is 260 die results, exceptional <=> value >= d.
fn cause_numbers(cards: &mut [Card]) {
    for die in Die::ALL {
        let mut rng = SplitMix64::stream(200 + die.column() as u64);
        let mut values = die_multiset(260, die.sides());
        let pinned: Vec<u32> = CAUSE_PINS
            .iter()
            .filter_map(|p| match p {
                (_, _, d, CauseCell::Value(n)) if *d == die => Some(*n),
                _ => None,
            })
            .collect();
        take_out(&mut values, &pinned);
        rng.shuffle(&mut values);
        let mut next = values.into_iter();
        for (k, card) in cards.iter_mut().enumerate() {
            for row in 1..=5u32 {
                let cell = &mut card.cause[row as usize - 1][die.column()];
                if cell.is_calamity() {
                    continue;
                }
                *cell = match cause_pin(k, row, die) {
                    Some(pinned) => pinned,
                    None => v(next.next().expect("the multiset fills every cell")),
                };
            }
        }
    }
}

/// Effect grid: die values D per (card, row); (n)d is the running sum, increased <=> Dn >= d.
fn effect_grid(cards: &mut [Card]) {
    for die in Die::ALL {
        let mut rng = SplitMix64::stream(300 + die.column() as u64);
        let mut values = die_multiset(270, die.sides());
        let pinned: Vec<u32> = EFFECT_PINS
            .iter()
            .filter(|p| p.1 == die)
            .flat_map(|p| p.2.iter().copied())
            .collect();
        take_out(&mut values, &pinned);
        rng.shuffle(&mut values);
        let mut next = values.into_iter();
        for (k, card) in cards.iter_mut().enumerate() {
            let mut sum = 0;
            for row in 1..=5u32 {
                let d = effect_pin(k, row, die)
                    .unwrap_or_else(|| next.next().expect("the multiset fills every cell"));
                sum += d;
                card.effect[row as usize - 1][die.column()] = EffectCell {
                    value: sum,
                    increased: d >= die.sides(),
                };
            }
        }
    }
}

/// Hit-location stack: the standard location and the bumps up and down.
fn hit_location_stack(cards: &mut [Card]) {
    use Location::*;
    let mut standard = counted(&[
        (Head, 4),
        (Chest, 10),
        (Vitals, 4),
        (Belly, 8),
        (LeftArm, 7),
        (RightArm, 7),
        (LeftLeg, 7),
        (RightLeg, 7),
    ]);
    let pinned: Vec<Location> = LOCATION_PINS.iter().map(|p| p.1).collect();
    take_out(&mut standard, &pinned);
    let mut rng = SplitMix64::stream(4);
    rng.shuffle(&mut standard);
    let mut next = standard.into_iter();
    let mut rng = SplitMix64::stream(5);
    for (k, card) in cards.iter_mut().enumerate() {
        let pin = LOCATION_PINS.iter().find(|p| p.0 as usize == k);
        let std_loc = match pin {
            Some(p) => p.1,
            None => next.next().expect("54 standard locations"),
        };
        let mut second = rng.pick(up(std_loc));
        let mut top = rng.pick(up(second));
        let bottom = rng.pick(down(std_loc));
        if let Some(p) = pin {
            second = p.2.unwrap_or(second);
            top = p.3.unwrap_or(top);
        }
        let entry = |location, bumps, dir| StackEntry {
            location,
            bumps,
            dir,
        };
        card.location = [
            entry(top, 2, Direction::Up),
            entry(second, 1, Direction::Up),
            entry(std_loc, 0, Direction::Standard),
            entry(bottom, 1, Direction::Down),
        ];
        debug_assert_eq!(card.location[STANDARD_INDEX].location, std_loc);
    }
}

/// Shield, clock, step, fragment, toggle, burst quality, unintended targets, wrench, corner.
fn small_sections(cards: &mut [Card]) {
    let mut shields = counted(&[(-2, 6), (-1, 12), (0, 18), (1, 12), (2, 6)]);
    SplitMix64::stream(6).shuffle(&mut shields);
    let mut clock: Vec<u32> = (1..=12u32).flat_map(|h| [h, h, h, h]).collect();
    clock.extend([2, 4, 6, 8, 10, 12]);
    clock.sort_unstable();
    SplitMix64::stream(7).shuffle(&mut clock);
    let mut steps = counted(&[(1u32, 9), (2, 9), (3, 9), (4, 9), (5, 9), (6, 9)]);
    SplitMix64::stream(8).shuffle(&mut steps);
    let mut fragments: Vec<u32> = (1..=9u32).flat_map(|f| [f; 6]).collect();
    SplitMix64::stream(9).shuffle(&mut fragments);
    let mut toggles = counted(&[(Toggle::Yes, 27), (Toggle::No, 27)]);
    SplitMix64::stream(10).shuffle(&mut toggles);

    // 8. Burst quality.
    let mut quality: Vec<u32> = (0..=8u32).flat_map(|q| [q; 6]).collect();
    SplitMix64::stream(11).shuffle(&mut quality);

    // 9. Unintended targets.
    let mut first = counted(&[(1u32, 9), (2, 15), (3, 15), (4, 15)]);
    SplitMix64::stream(12).shuffle(&mut first);
    let mut gap_rng = SplitMix64::stream(13);
    let mut gap2 = counted(&[(1u32, 18), (2, 18), (3, 18)]);
    gap_rng.shuffle(&mut gap2);
    let mut gap3 = gap2.clone();
    gap3.sort_unstable();
    gap_rng.shuffle(&mut gap3);

    // 10. Wrench: 1..6 twice and 42 blanks over the cards not pinned.
    let mut wrenches: Vec<Option<u32>> = (1..=6u32).flat_map(|n| [Some(n), Some(n)]).collect();
    wrenches.extend(std::iter::repeat_n(None, 42));
    let pinned: Vec<Option<u32>> = WRENCH_PINS.iter().map(|p| p.1).collect();
    take_out(&mut wrenches, &pinned);
    SplitMix64::stream(14).shuffle(&mut wrenches);
    let mut next_wrench = wrenches.into_iter();

    for (k, card) in cards.iter_mut().enumerate() {
        card.shield = shields[k];
        card.scatter = clock[k];
        card.step = steps[k];
        card.fragment = fragments[k];
        card.toggle = toggles[k];
        card.burst = BURST_VALUES
            .iter()
            .map(|&value| BurstResult {
                value,
                hits: burst_hits(value, quality[k]),
            })
            .collect();
        let n1 = first[k];
        card.unintended = vec![n1, n1 + gap2[k], n1 + gap2[k] + gap3[k]];
        card.wrench = match WRENCH_PINS.iter().find(|p| p.0 as usize == k) {
            Some(p) => p.1,
            None => next_wrench.next().expect("51 wrenches for 51 cards"),
        };
        // 11. Corner: a playing-card face.
        card.corner = match k {
            52 => "red joker".to_string(),
            53 => "black joker".to_string(),
            _ => {
                let rank = b"A23456789TJQK"[k % 13] as char;
                let suit = b"SHDC"[k / 13] as char;
                format!("{rank}{suit}")
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // SplitMix64 seeded 0: the published first output.
        let mut r = SplitMix64(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn multisets_model_die_rolls() {
        let d4 = die_multiset(260, 4);
        assert_eq!(d4.len(), 260);
        let count = |n| d4.iter().filter(|&&x| x == n).count();
        assert_eq!(
            [count(1), count(2), count(3), count(4), count(5)],
            [65, 65, 65, 17, 16]
        );
        assert_eq!(exceptional_count(260, 12), 22);
        assert_eq!(exceptional_count(270, 4), 68);
    }

    #[test]
    fn burst_hits_fit_the_gatling() {
        assert_eq!(burst_hits(10, 6), 8);
        for q in 0..=8 {
            for v in BURST_VALUES {
                assert!((1..=v).contains(&burst_hits(v, q)));
            }
        }
    }
}
