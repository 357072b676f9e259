//! Statistics of the generated deck against what the text promises (deck-design §3.5), with
//! the numbers stated.

use super::card::{Card, Direction, Location, STANDARD_INDEX, Toggle};
use super::deck_gen::generate;
use super::die::Die;

fn column_cells(deck: &[Card], die: Die) -> Vec<super::card::CauseCell> {
    deck.iter()
        .flat_map(|c| (1..=5).map(move |r| c.cause(r, die)))
        .collect()
}

#[test]
fn fifty_four_distinct_cards_every_run() {
    let a = generate();
    assert_eq!(a.len(), 54);
    let numbers: Vec<u8> = a.iter().map(|c| c.number).collect();
    assert_eq!(numbers, (0..54).collect::<Vec<u8>>());
    assert_eq!(a, generate());
}

#[test]
fn the_deck_file_is_the_generator_output() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/deck.ron");
    let text = std::fs::read_to_string(path).expect("assets/deck.ron exists");
    assert_eq!(
        text,
        crate::data::deck_file::to_ron(&generate()),
        "assets/deck.ron is stale: run `cargo run -- deck --generate`"
    );
}

#[test]
fn calamities_two_per_cell_ten_per_column() {
    let deck = generate();
    for die in Die::ALL {
        for row in 1..=5 {
            let n = deck
                .iter()
                .filter(|c| c.cause(row, die).is_calamity())
                .count();
            assert_eq!(n, 2, "C at {row}-{die}");
        }
        let cells = column_cells(&deck, die);
        let c = cells.iter().filter(|c| c.is_calamity()).count();
        // 10 of 270 cells: 3.7 % per column; P(calamity) for any row and die = 2/54.
        assert_eq!(c, 10);
        assert!((c as f64 / 270.0 - 0.037).abs() < 0.001);
    }
}

#[test]
fn cause_columns_behave_like_their_die() {
    let deck = generate();
    // Expected: share <= d of 81.5 / 86.5 / 89.2 / 91.2 / 92.3 %; exceptional 65/43/33/26/22.
    let expected_exceptional = [65, 43, 33, 26, 22];
    for die in Die::ALL {
        let d = die.sides();
        let values: Vec<u32> = column_cells(&deck, die)
            .into_iter()
            .filter(|c| !c.is_calamity())
            .map(|c| c.value())
            .collect();
        assert_eq!(values.len(), 260);
        assert!(values.iter().all(|&x| x >= 1));
        let within = values.iter().filter(|&&x| x <= d).count() as f64 / 260.0;
        assert!(within >= 0.80, "{die}: {within}");
        let exceptional = values.iter().filter(|&&x| x >= d).count();
        assert_eq!(exceptional, expected_exceptional[die.column()], "{die}");
        let share = exceptional as f64 / 260.0;
        assert!(share >= 0.5 / d as f64 && share <= 2.0 / d as f64);
        let mean = values.iter().sum::<u32>() as f64 / 260.0;
        let ratio = mean / ((d as f64 + 1.0) / 2.0);
        assert!((0.9..=1.3).contains(&ratio), "{die}: mean ratio {ratio}");
        for face in 1..d {
            assert!(values.contains(&face), "{die} lacks {face}");
        }
        assert!(values.iter().any(|&x| x > d), "{die} is open-ended");
        // Exceptional <=> value >= d, by construction of the cell type.
        assert!(
            column_cells(&deck, die)
                .iter()
                .all(|c| c.is_exceptional(die) == (!c.is_calamity() && c.value() >= d))
        );
    }
}

#[test]
fn cause_rows_are_not_sorted() {
    let deck = generate();
    let sorted = deck
        .iter()
        .flat_map(|c| Die::ALL.map(|d| (c, d)))
        .filter(|(c, d)| (1..5).all(|r| c.cause(r, *d).value() <= c.cause(r + 1, *d).value()))
        .count();
    assert!(sorted < 27, "{sorted} of 270 columns sorted");
}

#[test]
fn effect_grid_rises_and_sums_dice() {
    let deck = generate();
    let expected_increased = [68, 45, 34, 27, 23];
    for die in Die::ALL {
        let d = die.sides();
        let mut increased = 0;
        for card in &deck {
            let mut prev = 0;
            for n in 1..=5 {
                let cell = card.effect(n, die);
                assert!(cell.value > prev, "card {} ({n}){d} must rise", card.number);
                assert!(cell.value >= n);
                assert_eq!(cell.increased, cell.value - prev >= d);
                increased += usize::from(cell.increased);
                prev = cell.value;
            }
        }
        assert_eq!(increased, expected_increased[die.column()], "{die}");
        let rate = increased as f64 / 270.0;
        assert!(rate >= 0.5 / d as f64 && rate <= 2.0 / d as f64);
        for n in 1..=5u32 {
            let mean = deck.iter().map(|c| c.effect(n, die).value).sum::<u32>() as f64 / 54.0;
            let ratio = mean / (n as f64 * (d as f64 + 1.0) / 2.0);
            assert!((0.9..=1.35).contains(&ratio), "({n}){d}: {ratio}");
        }
        let sd = |n: u32| {
            let xs: Vec<f64> = deck.iter().map(|c| c.effect(n, die).value as f64).collect();
            let m = xs.iter().sum::<f64>() / 54.0;
            (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / 54.0).sqrt()
        };
        assert!(sd(5) > sd(1));
    }
    // S10: neighbouring columns are not ordered.
    assert!(deck.iter().any(|c| (0..4).any(|col| {
        (1..=5).any(|n| c.effect(n, Die::ALL[col]).value > c.effect(n, Die::ALL[col + 1]).value)
    })));
}

#[test]
fn hit_location_stacks() {
    let deck = generate();
    let mut standard = std::collections::BTreeMap::new();
    for card in &deck {
        let s = &card.location;
        assert_eq!(s.map(|e| e.bumps), [2, 1, 0, 1]);
        assert_eq!(
            s.map(|e| e.dir),
            [
                Direction::Up,
                Direction::Up,
                Direction::Standard,
                Direction::Down
            ]
        );
        for w in s.windows(2) {
            assert!(
                w[0].location.height() >= w[1].location.height(),
                "card {}",
                card.number
            );
        }
        *standard.entry(s[STANDARD_INDEX].location).or_insert(0) += 1;
    }
    let count = |l| standard.get(&l).copied().unwrap_or(0);
    use Location::*;
    // 4 / 10 / 4 / 8 / 7 / 7 / 7 / 7.
    assert_eq!(
        [
            Head, Chest, Vitals, Belly, LeftArm, RightArm, LeftLeg, RightLeg
        ]
        .map(count),
        [4, 10, 4, 8, 7, 7, 7, 7]
    );
    let torso = count(Chest) + count(Vitals) + count(Belly);
    assert!((0.25..=0.5).contains(&(torso as f64 / 54.0)));
}

#[test]
fn the_small_sections() {
    let deck = generate();
    let count = |f: &dyn Fn(&Card) -> bool| deck.iter().filter(|c| f(c)).count();
    // Shield 6 / 12 / 18 / 12 / 6.
    let shields: Vec<usize> = (-2..=2).map(|s| count(&|c| c.shield == s)).collect();
    assert_eq!(shields, vec![6, 12, 18, 12, 6]);
    // Clock: 4 each, 5 on even hours.
    for h in 1..=12 {
        assert_eq!(count(&|c| c.scatter == h), if h % 2 == 0 { 5 } else { 4 });
    }
    for s in 1..=6 {
        assert_eq!(count(&|c| c.step == s), 9);
    }
    for f in 1..=9 {
        assert_eq!(count(&|c| c.fragment == f), 6);
    }
    assert_eq!(count(&|c| c.toggle == Toggle::Yes), 27);
    // Wrench: 42 blank, two each of 1..6; with Rel r, failure odds 2(r-1)/54.
    assert_eq!(count(&|c| c.wrench.is_none()), 42);
    for w in 1..=6 {
        assert_eq!(count(&|c| c.wrench == Some(w)), 2);
    }
    let rel = 4;
    assert_eq!(
        count(&|c| c.wrench.is_some_and(|w| w < rel)),
        2 * (rel as usize - 1)
    );
    // Unintended: ascending, first number 1 on 9 cards (1/6 of the deck).
    assert!(
        deck.iter()
            .all(|c| c.unintended.windows(2).all(|w| w[0] < w[1]))
    );
    assert_eq!(count(&|c| c.unintended[0] == 1), 9);
    // Corners: 52 faces and two jokers, all distinct.
    let mut corners: Vec<&str> = deck.iter().map(|c| c.corner.as_str()).collect();
    corners.sort_unstable();
    corners.dedup();
    assert_eq!(corners.len(), 54);
}

#[test]
fn burst_results() {
    let deck = generate();
    for card in &deck {
        assert!(card.burst.windows(2).all(|w| w[0].hits <= w[1].hits));
        assert!(card.burst.iter().all(|b| (1..=b.value).contains(&b.hits)));
    }
    for v in [3u32, 6, 10, 20] {
        let mean = deck
            .iter()
            .map(|c| (c.burst_hits(v).unwrap() - 1) as f64 / (v - 1) as f64)
            .sum::<f64>()
            / 54.0;
        assert!((0.35..=0.65).contains(&mean), "burst {v}: {mean}");
    }
    // A Gatling card exists with 10 -> 8 (Angus's vaquero).
    assert!(deck.iter().any(|c| c.burst_hits(10) == Some(8)));
}
