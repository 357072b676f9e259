//! The worked examples of twtw-action-resolution.txt (and the card facts of the conflict
//! chapter's combat example), reproduced on the real deck where the text names a card, and
//! with hand-built cards where it does not.

use super::adjust::EffectAdjust;
use super::bonus::Spend;
use super::card::{C, Card, Location, v};
use super::check::{
    CardUse, CheckError, CheckOptions, CheckOutcome, CheckRequest, EffectRequest, Skill, resolve,
    victories,
};
use super::counter::Counter;
use super::deck::Deck;
use super::deck_gen::generate;
use super::die::{Die, Pool};
use super::difficulty::Difficulty;
use super::trace::Step;

fn skilled(level: u32, die: Die) -> Skill {
    Skill::Skilled { level, die }
}

fn pool(rows: u32, die: Die) -> Pool {
    Pool { rows, die }
}

/// Resolve on the real deck with the named cards dealt first.
fn on_deck(order: &[u8], request: &CheckRequest) -> CheckOutcome {
    on_deck_with(order, request, &CheckOptions::default())
}

fn on_deck_with(order: &[u8], request: &CheckRequest, options: &CheckOptions) -> CheckOutcome {
    let mut deck = Deck::with_order(generate(), 99, order).unwrap();
    resolve(&mut deck, request, options).unwrap()
}

/// Resolve with hand-built cards, dealt in the given order.
fn on_cards(cards: Vec<Card>, request: &CheckRequest) -> CheckOutcome {
    let order: Vec<u8> = cards.iter().map(|c| c.number).collect();
    let mut deck = Deck::with_order(cards, 0, &order).unwrap();
    resolve(&mut deck, request, &CheckOptions::default()).unwrap()
}

// --- Reading cards -----------------------------------------------------------------------

#[test]
fn card_34_reads_as_the_text_says() {
    let deck = generate();
    let c34 = &deck[34];
    // "Essence of 6, and a Bravery of 3, they may choose either 4, 7 ... or 1"
    let d6: Vec<u32> = (1..=3).map(|r| c34.cause(r, Die::D6).value()).collect();
    assert_eq!(d6, vec![4, 7, 1]);
    // "with 3d8 in the result set, the results are 11, 3 and 2"
    let mut d8: Vec<u32> = (1..=3).map(|r| c34.cause(r, Die::D8).value()).collect();
    d8.sort_unstable();
    assert_eq!(d8, vec![2, 3, 11]);
    assert!(c34.cause(3, Die::D8).is_exceptional(Die::D8));
    assert!(c34.cause(2, Die::D6).is_exceptional(Die::D6));
    // "the shot hits the right leg for 13 damage" with a Peacemaker, (3)6.
    assert_eq!(c34.standard_location(), Location::RightLeg);
    assert_eq!(c34.effect(3, Die::D6).value, 13);
}

#[test]
fn card_facts_of_the_combat_examples() {
    let deck = generate();
    // Miranda vs Miners: card 50, 3d10 gives 8, 1, 3; left leg; (5)8 = 14; no wrench.
    let c50 = &deck[50];
    let d10: Vec<u32> = (1..=3).map(|r| c50.cause(r, Die::D10).value()).collect();
    assert_eq!(d10, vec![8, 1, 3]);
    assert_eq!(c50.standard_location(), Location::LeftLeg);
    assert_eq!(c50.effect(5, Die::D8).value, 14);
    assert_eq!(c50.wrench, None);
    // Card 44 has a broken wrench; card 17 is blank.
    assert_eq!(deck[44].wrench, Some(3));
    assert_eq!(deck[17].wrench, None);
    // "in the 13 card ... the (4)6 effect grid result would generate one victory ... 9"
    assert_eq!(deck[13].effect(4, Die::D6).value, 9);
    assert_eq!(victories(9, 6), 1);
}

// --- Simple checks -----------------------------------------------------------------------

#[test]
fn miranda_finds_the_way_to_dodge_city() {
    // Standard TN 5; "results of 3, 7 and 8. Success!" (the text names no die: a 10 column).
    let card = Card::plain(0).with_cause(Die::D10, &[v(3), v(7), v(8)]);
    let o = on_cards(
        vec![card],
        &CheckRequest::simple(skilled(3, Die::D10), Difficulty::Standard.tn()),
    );
    assert_eq!((o.result, o.success, o.bumps), (8, true, 0));
}

#[test]
fn highest_result_is_chosen_and_exceptional_extends() {
    // 3, 7, 8 in the 8 column: the 8 is exceptional; the next card's 3-8 cell adds to it.
    let first = Card::plain(0).with_cause(Die::D8, &[v(3), v(7), v(8)]);
    let second = Card::plain(1).with_cause(Die::D8, &[v(5), v(5), v(2)]);
    let o = on_cards(
        vec![first, second],
        &CheckRequest::simple(skilled(3, Die::D8), 5),
    );
    assert_eq!(
        (o.result, o.success, o.bumps, o.exceptional),
        (10, true, 1, true)
    );
    assert_eq!(o.cards, vec![0, 1]);
}

#[test]
fn cyril_cannot_play_cards_he_does_not_know() {
    // 1d10, TN raised from 7 to 9: "an 8 will not do it".
    let card = Card::plain(0).with_cause(Die::D10, &[v(8)]);
    let o = on_cards(vec![card], &CheckRequest::simple(skilled(1, Die::D10), 9));
    assert!(!o.success);
    assert_eq!(o.bumps, 0);
}

#[test]
fn unskilled_miranda_reads_the_1_4_cell() {
    // No explosives skill, Knowledge rank 1: the 1-4 cell.
    let card = Card::plain(0).with_cause(Die::D4, &[v(2), v(3), v(3)]);
    let skill = Skill::Unskilled { trait_rank: 1 };
    let o = on_cards(vec![card.clone()], &CheckRequest::simple(skill, 3));
    assert_eq!((o.result, o.success), (2, false));
    // Rank 3 reads rows 1-3 of the 4 column.
    let o = on_cards(
        vec![card],
        &CheckRequest::simple(Skill::Unskilled { trait_rank: 3 }, 3),
    );
    assert_eq!((o.result, o.success), (3, true));
}

// --- Exceptional results -------------------------------------------------------------------

#[test]
fn hank_skedaddles_onto_the_stagecoach() {
    // 2d10, TN 11, card 14: 9 and 12 (exceptional); card 5: 2-10 = 9; total 21, 2 bumps.
    let o = on_deck(&[14, 5], &CheckRequest::simple(skilled(2, Die::D10), 11));
    assert_eq!(o.cards, vec![14, 5]);
    assert_eq!((o.result, o.success, o.bumps), (21, true, 2));
    assert!(o.exceptional && !o.calamity);
}

#[test]
fn cyril_saves_the_day() {
    // 4d10, TN 13, card 34: 9, 6, 10, 7; card 6: 3-10 = 10 again; card 5: 3-10 = 1. Total 21.
    let o = on_deck(&[34, 6, 5], &CheckRequest::simple(skilled(4, Die::D10), 13));
    assert_eq!(o.cards, vec![34, 6, 5]);
    assert_eq!((o.result, o.success, o.bumps), (21, true, 2));
    // Card 5 has C at 4-10, but chain cards never cause calamities.
    assert_eq!(generate()[5].cause(4, Die::D10), C);
    assert!(!o.calamity);
    // Only the 3-10 cell is read on the chain cards: the 9 at 2-10 of card 5 is not chosen.
    let chain_reads: Vec<u32> = o
        .trace
        .iter()
        .filter_map(|s| match s {
            Step::ExceptionalChain { row, .. } => Some(*row),
            _ => None,
        })
        .collect();
    assert_eq!(chain_reads, vec![3, 3]);
}

#[test]
fn miranda_delivers_with_two_exceptional_cells() {
    // 3d4, TN 5, card 7: 7 and 6 exceptional; 7+2 vs 6+4: she chooses 10, one bump.
    let o = on_deck(&[7, 8, 9], &CheckRequest::simple(skilled(3, Die::D4), 5));
    assert_eq!((o.result, o.success, o.bumps), (10, true, 1));
    assert_eq!(o.cards, vec![7, 8, 9]);
    let totals: Vec<(u32, u32)> = o
        .trace
        .iter()
        .filter_map(|s| match s {
            Step::ExceptionalChain { row, total, .. } => Some((*row, *total)),
            _ => None,
        })
        .collect();
    // 7+2 = 9 ends; 6+4 = 10 is exceptional again (4 in the 4 column); card 9's C adds 0.
    assert_eq!(totals, vec![(1, 9), (2, 10), (2, 10)]);
}

#[test]
fn exceptional_results_are_optional() {
    let options = CheckOptions {
        exceptional: false,
        ..CheckOptions::default()
    };
    let o = on_deck_with(
        &[14, 5],
        &CheckRequest::simple(skilled(2, Die::D10), 11),
        &options,
    );
    assert_eq!((o.result, o.success, o.cards.len()), (12, true, 1));
}

// --- Calamities ----------------------------------------------------------------------------

#[test]
fn angus_cannot_lift_the_trunk() {
    // 4d12 with C in the exact 4-12 cell: a calamity, whatever else is in the pool.
    let card = Card::plain(0).with_cause(Die::D12, &[v(11), v(9), v(10), C]);
    let o = on_cards(vec![card], &CheckRequest::simple(skilled(4, Die::D12), 3));
    assert!(o.calamity && !o.success);
    assert_eq!((o.result, o.bumps), (0, 0));
}

#[test]
fn a_c_off_the_exact_cell_counts_zero() {
    let card = Card::plain(0).with_cause(Die::D12, &[C, v(9), v(10), v(4)]);
    let o = on_cards(vec![card], &CheckRequest::simple(skilled(4, Die::D12), 7));
    assert!(!o.calamity && o.success);
    assert_eq!(o.result, 10);
    let card = Card::plain(0).with_cause(Die::D12, &[C, v(3)]);
    let o = on_cards(vec![card], &CheckRequest::simple(skilled(1, Die::D12), 1));
    assert!(o.calamity);
}

#[test]
fn calamity_on_the_real_deck() {
    // Card 5 holds C at 4-10: resolving 4d10 with it is a calamity.
    let o = on_deck(&[5], &CheckRequest::simple(skilled(4, Die::D10), 3));
    assert!(o.calamity && !o.success);
}

// --- Complex checks ------------------------------------------------------------------------

#[test]
fn hank_prepares_the_dynamite() {
    // TN 7, draws 8: success, no bump; the effect grid shows 13: two victories of three.
    let card = Card::plain(0).with_cause(Die::D10, &[v(8)]).with_effect(
        Die::D10,
        &[
            (13, true),
            (20, false),
            (25, false),
            (30, false),
            (35, false),
        ],
    );
    let request = CheckRequest::complex(skilled(1, Die::D10), 7, pool(1, Die::D10));
    let options = CheckOptions {
        increased_effect: false,
        ..Default::default()
    };
    let mut deck = Deck::with_order(vec![card], 0, &[0]).unwrap();
    let o = resolve(&mut deck, &request, &options).unwrap();
    assert_eq!(
        (o.success, o.bumps, o.magnitude, o.victories),
        (true, 0, Some(13), Some(2))
    );
    let mut progress = Counter::victories("dynamite device", 3).unwrap();
    assert!(!progress.add_points(o.victories.unwrap()).unwrap().completed);
    assert_eq!(progress.filled(), 2);
}

#[test]
fn hank_sets_some_dynamite() {
    // 4d8: 5, 5, 7, 3 vs TN 7; quality (3)10 gives 25: four victories of five.
    let card = Card::plain(0)
        .with_cause(Die::D8, &[v(5), v(5), v(7), v(3)])
        .with_effect(
            Die::D10,
            &[
                (9, false),
                (17, false),
                (25, false),
                (30, false),
                (36, false),
            ],
        );
    let request = CheckRequest::complex(skilled(4, Die::D8), 7, pool(3, Die::D10));
    let o = on_cards(vec![card], &request);
    assert_eq!((o.result, o.success, o.bumps), (7, true, 0));
    assert_eq!((o.magnitude, o.victories), (Some(25), Some(4)));
    let mut progress = Counter::victories("bury the shaft", 5).unwrap();
    let fill = progress.add_points(4).unwrap();
    assert!(!fill.completed, "one more to go");
}

#[test]
fn cyril_knows_the_locks() {
    // 3d10 gets 8 vs TN 7; tools (3)6 show increased effect; the next card adds: 27, 4 victories.
    let first = Card::plain(0)
        .with_cause(Die::D10, &[v(8), v(2), v(5)])
        .with_effect(
            Die::D6,
            &[(3, false), (8, false), (15, true), (18, false), (20, false)],
        );
    let second = Card::plain(1).with_effect(
        Die::D6,
        &[
            (4, false),
            (8, false),
            (12, false),
            (13, false),
            (14, false),
        ],
    );
    let request = CheckRequest::complex(skilled(3, Die::D10), 7, pool(3, Die::D6));
    let o = on_cards(vec![first, second], &request);
    assert_eq!((o.result, o.success), (8, true));
    assert_eq!(
        (o.magnitude, o.victories, o.increased),
        (Some(27), Some(4), true)
    );
    let mut progress = Counter::victories("drawbridge locks", 6).unwrap();
    progress.add_points(4).unwrap();
    assert_eq!(progress.filled(), 4);
}

#[test]
fn no_success_no_magnitude() {
    let card = Card::plain(0).with_cause(Die::D6, &[v(2)]);
    let o = on_cards(
        vec![card],
        &CheckRequest::complex(skilled(1, Die::D6), 7, pool(3, Die::D6)),
    );
    assert_eq!(
        (o.success, o.magnitude, o.victories),
        (false, Some(0), Some(0))
    );
}

#[test]
fn victories_truncate_and_the_threshold_is_an_option() {
    assert_eq!(victories(25, 6), 4);
    assert_eq!(victories(27, 6), 4);
    assert_eq!(victories(5, 6), 0);
    assert_eq!(victories(25, 5), 5);
}

#[test]
fn sharps_deals_five_d8_on_card_50() {
    // Miranda vs Miners: TN 5 with a -3 movement penalty (TN 8): 8, 1, 3 hits; (5)8 = 14.
    let request = CheckRequest::complex(skilled(3, Die::D10), 8, pool(5, Die::D8));
    let o = on_deck(&[50], &request);
    assert_eq!((o.result, o.success), (8, true));
    assert_eq!(o.magnitude, Some(14));
    assert_eq!(
        o.resolution.unwrap().location.standard_location(),
        Location::LeftLeg
    );
}

// --- Adjustments ---------------------------------------------------------------------------

fn shifted(quality: Pool, column: i32) -> CheckRequest {
    CheckRequest {
        effect: Some(EffectRequest {
            quality,
            adjust: EffectAdjust {
                column,
                ..Default::default()
            },
        }),
        ..CheckRequest::simple(skilled(5, Die::D12), 1)
    }
}

#[test]
fn miranda_shoots_felicia_behind_the_wall() {
    // Card 39: (3)6 = 18; left shift to (3)4 = 11 with increased effect; even card 45 (another
    // increased effect) leaves the total at 17.
    let deck = generate();
    assert_eq!(deck[39].effect(3, Die::D6).value, 18);
    assert!(!deck[39].effect(3, Die::D6).increased);
    assert_eq!(deck[39].effect(3, Die::D4).value, 11);
    assert!(deck[39].effect(3, Die::D4).increased);
    assert_eq!(deck[39].standard_location(), Location::LeftArm);
    assert_eq!(deck[45].effect(3, Die::D4).value, 9);
    assert!(deck[45].effect(3, Die::D4).increased);
    let o = on_deck(&[39, 45], &shifted(pool(3, Die::D6), -1));
    assert_eq!(o.magnitude, Some(17));
    assert_eq!(
        o.cards,
        vec![39, 45],
        "no card is drawn once the limit is met"
    );
    // A small second card adds in full: any (3)4 of 6 or less stays under the limit.
    let small = (0..54u8)
        .find(|&n| n != 39 && deck[n as usize].effect(3, Die::D4).value <= 6)
        .expect("a card with a small (3)4");
    let extra = deck[small as usize].effect(3, Die::D4);
    let o = on_deck(&[39, small], &shifted(pool(3, Die::D6), -1));
    let expected = (11 + extra.value).min(17);
    assert!(o.magnitude.unwrap() >= expected.min(17) && o.magnitude.unwrap() <= 17);
    if !extra.increased {
        assert_eq!(o.magnitude, Some(11 + extra.value));
    }
}

#[test]
fn octavio_lassoes_the_peacemaker() {
    // Card 17: (2)8 = 19 with increased effect; shifted right, (2)10 = 16, still increased;
    // the next card's (2)10 adds, and the final result is at least 20.
    let deck = generate();
    assert_eq!(deck[17].effect(2, Die::D8).value, 19);
    assert!(deck[17].effect(2, Die::D8).increased);
    assert_eq!(deck[17].effect(2, Die::D10).value, 16);
    assert!(!deck[17].effect(2, Die::D10).increased);
    // Hand-built second cards: a 3 becomes 4 (total 20), a 9 counts in full (total 25).
    for (extra, total) in [(3, 20), (9, 25)] {
        let second = Card::plain(60).with_effect(Die::D10, &[(1, false), (extra, false)]);
        let mut cards = vec![deck[17].clone(), second];
        cards.extend(deck.iter().filter(|c| c.number != 17).cloned());
        let mut d = Deck::with_order(cards, 0, &[17, 60]).unwrap();
        let o = resolve(
            &mut d,
            &shifted(pool(2, Die::D8), 1),
            &CheckOptions::default(),
        )
        .unwrap();
        assert_eq!(o.magnitude, Some(total), "second card (2)10 = {extra}");
        assert_eq!(o.cards, vec![17, 60]);
    }
    // Card 17's hit stack: left arm standard; two bumps reach the right arm at the top.
    let stack = &deck[17].location;
    assert_eq!(
        (stack[2].location, stack[1].location),
        (Location::LeftArm, Location::LeftArm)
    );
    assert_eq!((stack[0].location, stack[0].bumps), (Location::RightArm, 2));
}

#[test]
fn column_shift_off_the_card_is_refused() {
    let mut deck = Deck::standard(1);
    let err = resolve(
        &mut deck,
        &shifted(pool(2, Die::D12), 1),
        &CheckOptions::default(),
    );
    assert!(matches!(err, Err(CheckError::ColumnOffCard { .. })));
    assert_eq!(deck.draw_pile_len(), 54, "a refused check draws nothing");
}

#[test]
fn direct_adjustments_never_create_calamities() {
    let card = Card::plain(0).with_cause(Die::D6, &[v(2)]);
    let mut request = CheckRequest::simple(skilled(1, Die::D6), 1);
    request.adjust.direct = -5;
    let o = on_cards(vec![card], &request);
    assert_eq!((o.result, o.calamity, o.success), (1, false, true));
}

#[test]
fn row_adjustments_change_the_pool() {
    let card = Card::plain(0).with_cause(Die::D6, &[v(2), v(5), v(3)]);
    let mut request = CheckRequest::simple(skilled(1, Die::D6), 4);
    request.adjust.row = 1;
    let o = on_cards(vec![card.clone()], &request);
    assert_eq!((o.result, o.success), (5, true));
    // The calamity cell moves with the row: 3 rows down to 2 reads the 2-6 cell.
    let card = card.with_cause(Die::D6, &[v(2), C, v(3)]);
    let mut request = CheckRequest::simple(skilled(3, Die::D6), 1);
    request.adjust.row = -1;
    assert!(on_cards(vec![card], &request).calamity);
}

// --- Bonus counter spends ------------------------------------------------------------------

#[test]
fn right_on_only_adds_bumps() {
    let card = Card::plain(0).with_cause(Die::D6, &[v(5)]);
    let mut request = CheckRequest::simple(skilled(1, Die::D6), 3);
    request.spend = Some(Spend::RightOn);
    let o = on_cards(vec![card.clone()], &request);
    assert_eq!((o.result, o.success, o.bumps), (5, true, 1));
    request.tn = 6;
    let o = on_cards(vec![card], &request);
    assert_eq!(
        (o.success, o.bumps),
        (false, 0),
        "never turns a failure into a success"
    );
}

#[test]
fn aces_and_as_i_planned_add_to_the_effect() {
    let card = Card::plain(0).with_cause(Die::D6, &[v(5)]);
    let mut request = CheckRequest::complex(skilled(1, Die::D6), 3, pool(1, Die::D6));
    request.spend = Some(Spend::Aces);
    assert_eq!(
        on_cards(vec![card.clone()], &request).magnitude,
        Some(1 + 2)
    );
    request.spend = Some(Spend::AsIPlanned { impetus: true });
    assert_eq!(
        on_cards(vec![card.clone()], &request).magnitude,
        Some(1 + 3)
    );
    request.spend = Some(Spend::AsIPlanned { impetus: false });
    let mut deck = Deck::new(vec![card], 0);
    assert_eq!(
        resolve(&mut deck, &request, &CheckOptions::default()),
        Err(CheckError::NoImpetus)
    );
}

// --- Card hacking ----------------------------------------------------------------------------

#[test]
fn cause_effect_uncoupling_reads_two_cards() {
    let options = CheckOptions {
        card_use: CardUse::CauseEffectUncoupling,
        ..Default::default()
    };
    let request = CheckRequest::complex(skilled(1, Die::D4), 1, pool(3, Die::D6));
    let o = on_deck_with(&[17, 28], &request, &options);
    let deck = generate();
    assert_eq!(&o.cards[..2], &[17, 28]);
    let r = o.resolution.unwrap();
    assert_eq!((r.cause.number, r.effect.number), (17, 28));
    let e = deck[28].effect(3, Die::D6);
    if !e.increased {
        assert_eq!(o.magnitude, Some(e.value));
    }
}

#[test]
fn hit_location_damage_draw_reads_three_cards() {
    // Cause on 17 (its blank wrench is the one used), location on 34, damage on 44.
    let options = CheckOptions {
        card_use: CardUse::HitLocationDamage,
        ..Default::default()
    };
    let request = CheckRequest::complex(skilled(1, Die::D4), 1, pool(1, Die::D4));
    let o = on_deck_with(&[17, 34, 44], &request, &options);
    let r = o.resolution.unwrap();
    assert_eq!(r.cause.wrench, None);
    assert_eq!(r.location.standard_location(), Location::RightLeg);
    assert_eq!(r.effect.number, 44);
}

#[test]
fn every_drawn_card_is_discarded() {
    let mut deck = Deck::with_order(generate(), 5, &[34, 6, 5]).unwrap();
    let o = resolve(
        &mut deck,
        &CheckRequest::simple(skilled(4, Die::D10), 13),
        &CheckOptions::default(),
    )
    .unwrap();
    assert_eq!(deck.discard_pile_len(), o.cards.len());
    assert_eq!(deck.draw_pile_len(), 54 - o.cards.len());
}
