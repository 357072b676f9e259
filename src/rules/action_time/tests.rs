use super::*;
use crate::rules::card::Card;

fn outcome(success: bool, bumps: u32, calamity: bool) -> CheckOutcome {
    CheckOutcome {
        cards: vec![],
        tn: INITIATIVE_TN,
        result: 0,
        success,
        bumps,
        calamity,
        exceptional: false,
        magnitude: None,
        victories: None,
        increased: false,
        trace: vec![],
        resolution: None,
        pool: vec![],
        system: crate::rules::check::Resolution::ActionDeck,
        dice: vec![],
        will_spent: false,
        special: None,
        pool_dice: None,
    }
}

#[test]
fn initiative_test_moves_the_token() {
    // Success with 2 bumps: two slots left; failure: one right; calamity: Step + 1 right.
    assert_eq!(initiative_segment(4, &outcome(true, 0, false), 3), 4);
    assert_eq!(initiative_segment(4, &outcome(true, 2, false), 3), 2);
    assert_eq!(initiative_segment(4, &outcome(false, 0, false), 3), 5);
    assert_eq!(initiative_segment(4, &outcome(false, 0, true), 3), 8);
    assert_eq!(
        initiative_segment(2, &outcome(true, 5, false), 1),
        1,
        "never before segment 1"
    );
    // A slow hero's calamity (IN 12, Step 9) would go to segment 22: it comes at 20.
    assert_eq!(
        initiative_segment(12, &outcome(false, 0, true), 9),
        SEGMENTS
    );
}

/// Miranda: IN 4, draws (1 AP) at 4, cocks (1 AP) at 5, places at 6 and 7, and at 8
/// takes a normal shot (3 AP).
#[test]
fn mirandas_in_4_sequence() {
    let mut t = ActionTrack::new(4, 8, 0, None);
    let mut log = vec![];
    for s in 1..=SEGMENTS {
        t.place(s);
        let cost = match s {
            4 | 5 => 1,
            8 => 3,
            _ => continue,
        };
        assert_eq!(t.declare(cost, s, false), Ok(Declared::Paid { lost: 0 }));
        log.push(s);
    }
    assert_eq!(log, vec![4, 5, 8]);
    assert_eq!(t.spent, 5);
    // Tokens 9, 10 and 11 are in front; the pool is empty afterwards.
    assert_eq!((t.in_front, t.pool), (3, 0));
    assert_eq!(t.end_round(), (None, 3));
}

#[test]
fn the_track_shows_spent_tokens_in_front_and_to_come() {
    let mut t = ActionTrack::new(4, 6, 0, None);
    for s in 1..=5 {
        t.place(s);
    }
    t.declare(1, 5, false).unwrap();
    t.place(6);
    t.place(7);
    // 4 and 5 were spent by the declaration at 5; 6 and 7 are in front; 8 and 9 to come.
    let row: String = (1..=10).map(|s| t.mark(s, 7).symbol()).collect();
    assert_eq!(row, "...xxOOoo.");
}

#[test]
fn fewer_ap_than_counters_still_removes_them_all() {
    let mut t = ActionTrack::new(1, 8, 0, None);
    for s in 1..=3 {
        t.place(s);
    }
    assert_eq!(t.declare(1, 3, false), Ok(Declared::Paid { lost: 2 }));
    assert_eq!((t.in_front, t.spent, t.pool), (0, 3, 5));
}

#[test]
fn a_commitment_is_paid_token_by_token_and_resolves_when_paid() {
    let mut t = ActionTrack::new(4, 8, 0, None);
    t.place(4);
    assert_eq!(t.declare(3, 4, false), Ok(Declared::Committed { paid: 1 }));
    assert_eq!(t.place(5), Some(false));
    assert_eq!(t.place(6), Some(true), "the third AP pays it");
    assert!(t.take_paid().is_some());
    assert_eq!(t.commitment, None);
    // Not payable this round: refused; a skill may be paid over rounds.
    let mut t = ActionTrack::new(18, 3, 0, None);
    t.place(18);
    assert_eq!(
        t.declare(4, 18, false),
        Err(TrackError::NotEnoughAp { cost: 4, has: 3 })
    );
    assert_eq!(t.declare(8, 18, true), Ok(Declared::Committed { paid: 1 }));
    t.place(19);
    t.place(20);
    let (carried, lost) = t.end_round();
    assert_eq!((carried.map(|c| (c.paid, c.cost)), lost), (Some((3, 8)), 0));
}

/// Decision 134: a commitment given up as a segment is called. "Once spent, APs are lost,
/// even if the action never resolves": the AP paid before that segment stay spent; the token
/// placed in it goes in front, to declare with now.
#[test]
fn a_commitment_given_up_keeps_its_spent_ap_spent() {
    // IN 4, 8 AP: a 5-AP shot declared at 4 on one token, paid 2 more at 5 and 6.
    let mut t = ActionTrack::new(4, 8, 0, None);
    t.place(4);
    assert_eq!(t.declare(5, 4, false), Ok(Declared::Committed { paid: 1 }));
    t.place(5);
    t.place(6);
    assert!(t.placed_in(6) && !t.placed_in(5));
    let given_up = t.give_up(6).expect("the commitment");
    assert_eq!((given_up.paid, given_up.cost), (2, 5));
    assert_eq!(
        (t.spent, t.in_front, t.pool, t.commitment.is_none()),
        (2, 1, 5, true)
    );
    // The token in front pays a new 1-AP action now; the next ones go in front as usual.
    assert_eq!(t.declare(1, 6, false), Ok(Declared::Paid { lost: 0 }));
    assert_eq!(t.place(7), Some(false));
    assert_eq!((t.spent, t.in_front, t.pool), (3, 1, 4));
    // Given up in a segment with no token of its own (the pool was empty): nothing comes back.
    let mut t = ActionTrack::new(18, 2, 0, None);
    t.place(18);
    t.declare(4, 18, true).unwrap();
    t.place(19);
    t.place(20);
    assert!(!t.placed_in(21));
    assert_eq!(t.give_up(21).map(|c| c.paid), Some(2));
    assert_eq!((t.spent, t.in_front), (2, 0));
}

#[test]
fn paid_actions_finish_beyond_segment_20() {
    // IN 15, 8 AP: tokens at 15..20 are 6; a 7-AP action has 6 paid and 2 in the pool.
    let mut t = ActionTrack::new(15, 8, 0, None);
    t.place(15);
    t.declare(7, 15, false).unwrap();
    for s in 16..=20 {
        t.place(s);
    }
    assert!(t.can_finish_beyond_20());
    assert_eq!(t.place(21), Some(true));
    // Unpaid with nothing spent: it does not go on; and no declarations past 20.
    let mut idle = ActionTrack::new(19, 8, 0, None);
    idle.place(19);
    idle.place(20);
    assert!(!idle.can_finish_beyond_20());
    assert_eq!(idle.declare(1, 21, false), Err(TrackError::PastSegment20));
}

#[test]
fn the_stack_fee_comes_from_the_pool_or_the_next_round() {
    let mut t = ActionTrack::new(1, 2, 0, None);
    assert!(t.pay_stack_fee());
    assert_eq!(t.pool, 1);
    t.place(1);
    assert!(!t.pay_stack_fee());
    assert_eq!(t.debt, 1);
    let next = ActionTrack::new(3, 8, t.debt, None);
    assert_eq!(next.total, 7);
}

#[test]
fn quick_draw_spends_at_most_its_level() {
    let mut t = ActionTrack::new(1, 8, 0, None);
    assert_eq!(t.spend_for_bonus(5, 2), 2);
    assert_eq!(t.pool, 6);
    assert_eq!(quick_draw_bonus(&outcome(true, 1, false)), (2, true));
    assert_eq!(quick_draw_bonus(&outcome(false, 0, false)), (0, true));
    assert_eq!(quick_draw_bonus(&outcome(false, 0, true)), (0, false));
}

#[test]
fn the_stack_resolves_by_fragment_plus_bonus_then_card_number() {
    let card = |number, fragment| Card {
        fragment,
        ..Card::plain(number)
    };
    let entries = vec![
        StackEntry::new(0, &card(10, 4), 0, false),
        StackEntry::new(1, &card(30, 3), 1, false),
        StackEntry::new(2, &card(20, 7), 0, false),
        StackEntry::new(3, &card(5, 2), 0, false),
    ];
    let order: Vec<usize> = stack_order(&entries).iter().map(|e| e.actor).collect();
    // 7; then 4 and 3+1 tie, card 30 beats card 10; then 2.
    assert_eq!(order, vec![2, 1, 0, 3]);
    let mut tied = entries.clone();
    tied[0].wins_ties = true;
    let order: Vec<usize> = stack_order(&tied).iter().map(|e| e.actor).collect();
    assert_eq!(order, vec![2, 0, 1, 3], "single action wins the tie");
}

#[test]
fn continuous_movement_is_spread_within_one_pace() {
    for total in [0, 1, 8, 18, 20, 26, 47] {
        let per: Vec<u32> = (1..=SEGMENTS).map(|s| continuous_paces(total, s)).collect();
        assert_eq!(per.iter().sum::<u32>(), total);
        let (lo, hi) = (per.iter().min().unwrap(), per.iter().max().unwrap());
        assert!(hi - lo <= 1, "{total}: {per:?}");
    }
    // Hank's nags at 18: 18 segments of one pace, 2 of none.
    let moves = (1..=SEGMENTS)
        .filter(|&s| continuous_paces(18, s) == 1)
        .count();
    assert_eq!(moves, 18);
    assert_eq!(
        continuous_order(&[("nags", 6), ("pony", 5)]),
        ["pony", "nags"]
    );
}

#[test]
fn wounds_cost_ap_and_set_the_stun_tn() {
    assert_eq!(
        (1..=5).map(stun_tn).collect::<Vec<_>>(),
        vec![3, 5, 7, 9, 11]
    );
    assert_eq!(round_ap(8, 0), 8);
    assert_eq!(round_ap(8, 4), 4);
    assert_eq!(round_ap(3, 5), 0);
    assert_eq!((skill_cost(false), skill_cost(true)), (4, 8));
}

#[test]
fn a_track_is_finished_when_nothing_is_left() {
    let mut t = ActionTrack::new(19, 2, 0, None);
    assert!(!t.finished());
    t.place(19);
    t.place(20);
    assert!(!t.finished(), "two tokens in front");
    t.declare(2, 20, false).unwrap();
    assert!(t.finished());
    assert!(ActionTrack::idle().finished());
}

#[test]
fn an_action_resolves_when_its_last_token_is_placed() {
    // Tokens from segment 4, 6 AP: at segment 4 one token is in front.
    let mut t = ActionTrack::new(4, 6, 0, None);
    t.place(4);
    assert_eq!(resolves_in(&t, 1, 4, false), Some(4));
    assert_eq!(resolves_in(&t, 3, 4, false), Some(6));
    assert_eq!(resolves_in(&t, 9, 4, false), None);
    // Draw (1), cock (1), shoot (3): 4, then 5, then paid at 8.
    assert_eq!(chain_resolves_in(&t, &[1, 1, 3], 4), Some(8));
    // Paid over the track: the commitment of 3 AP declared at 4 is paid in segment 6.
    let mut paying = t.clone();
    assert!(matches!(
        paying.declare(3, 4, false),
        Ok(Declared::Committed { .. })
    ));
    assert_eq!(paid_at(&mut paying, 4), Some(6));
}
