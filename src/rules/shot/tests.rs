use super::*;
use crate::rules::card::{Card, Direction, StackEntry, v};
use crate::rules::deck::Deck;
use crate::rules::die::Die;
use crate::rules::melee::BlockOutcome;
use crate::rules::ranged::{ShotKind, ShotSituation, shot_terms};

fn peacemaker() -> ShotWeapon {
    ShotWeapon {
        pen: 2,
        dmg: Pool::new(3, Die::D6).unwrap(),
        rd: Pool::new(3, Die::D4).unwrap(),
        damage: DamageType::Deadly,
        burst: None,
        scatter_band: None,
        reliability: 2,
    }
}

fn deck(first: &[u8]) -> Deck {
    Deck::with_order(crate::rules::deck_gen::generate(), 1, first).unwrap()
}

/// A TN with no parts or modifiers named.
fn bare_tn(tn: u32) -> ShotTerms {
    ShotTerms {
        tn,
        tn_parts: vec![],
        modifiers: vec![],
    }
}

/// An attack on a man-sized target in the open.
fn attack(tn: u32) -> Attack {
    Attack {
        terms: bare_tn(tn),
        target_size: 6,
        cover: None,
        close: None,
    }
}

fn terms(tn_distance: u32) -> ShotTerms {
    shot_terms(&ShotSituation {
        distance: tn_distance,
        range_increment: 10,
        kind: Some(ShotKind::Normal),
        target_size: 6,
        ..Default::default()
    })
}

/// "Miranda drops to a knee and points her Sharps ... The range is close ..., TN 5 ...
/// the movement penalty is -3 ... card (50) ... 3d10 in Shooting: Rifle. The results 8, 1,
/// 3 indicate a hit. ... her round hits the left leg ... deadly damage, it automatically
/// penetrates dealing full DMG: (5)8. ... the result is 14. The shot deals 2 wound and 2
/// concussion. ... Since nothing is present, there is no possibility of equipment
/// failure. ... Since there are no stray shots, no unintended targets are struck."
#[test]
fn miranda_shoots_the_lead_vaquero_with_her_sharps() {
    let mut t = shot_terms(&ShotSituation {
        distance: 20,
        range_increment: 40,
        target_size: 6,
        relative_speed: 18,
        ..Default::default()
    });
    assert_eq!((t.tn, t.direct()), (5, -3));
    // 8 - 3 = 5 meets TN 5 ("a hit").
    t.modifiers.retain(|m| m.name == "relative speed");
    let sharps = ShotWeapon {
        pen: 4,
        dmg: Pool::new(5, Die::D8).unwrap(),
        rd: Pool::new(5, Die::D6).unwrap(),
        damage: DamageType::Deadly,
        burst: None,
        scatter_band: None,
        reliability: 3,
    };
    let request = ShotRequest {
        skill: Skill::Skilled {
            level: 3,
            die: Die::D10,
        },
        terms: t,
        rows: 0,
        weapon: sharps,
        target_size: 6,
        cover: None,
    };
    let o = resolve(&mut deck(&[50]), &request, &CheckOptions::default()).unwrap();
    assert!(o.hit);
    assert_eq!(o.check.result, 5);
    assert_eq!(o.location, Some(Location::LeftLeg));
    assert_eq!(
        (o.penetration, o.cover_av),
        (None, None),
        "no cover: full DMG"
    );
    assert_eq!(o.effect, 14);
    assert_eq!(o.dealt, Dealt { wounds: 2, conc: 2 });
    assert!(!o.equipment_failure);
    assert_eq!((o.strays, o.unintended), (0, 0));
    assert_eq!(o.cards, vec![50]);
}

/// "the Peacemaker deals reduced damage because of the wall. The original damage result
/// (3d6) is 18. The reduced damage result is 11, but with increased effect. ... Even if she
/// were to draw card 45, which also shows an increased effect, the final value is still
/// limited to 17."
#[test]
fn miranda_ablates_felicias_adobe_corner_for_reduced_damage() {
    let card39 = crate::rules::deck_gen::generate()[39].clone();
    assert_eq!(card39.standard_location(), Location::LeftArm);
    // Card 39 reads 1, 1, 3 in 3d8: a hit at TN 3 without a bump. Its shield is -1, so the
    // Peacemaker's Pen 2 makes EP 1: against glass (AV 1) it ablates.
    assert_eq!(card39.shield, -1);
    let cover = CoverView {
        name: "saloon window".into(),
        av: 1,
        covers: vec![Location::LeftArm, Location::LeftLeg],
    };
    let mut t = terms(5);
    t.tn = 3;
    let request = ShotRequest {
        skill: Skill::Skilled {
            level: 3,
            die: Die::D8,
        },
        terms: t,
        rows: 0,
        weapon: peacemaker(),
        target_size: 6,
        cover: Some(cover),
    };
    let o = resolve(&mut deck(&[39, 45]), &request, &CheckOptions::default()).unwrap();
    assert!(o.hit);
    assert_eq!((o.check.result, o.check.bumps), (3, 0));
    assert_eq!(o.location, Some(Location::LeftArm));
    assert_eq!((o.cover_av, o.ep), (Some(1), Some(1)));
    assert_eq!(o.penetration, Some(Penetration::A));
    assert_eq!(
        o.effect, 17,
        "11 + card 45's increased effect, capped at 18 - 1"
    );
    assert_eq!(o.cards, vec![39, 45]);
    assert_eq!(o.dealt, Dealt { wounds: 2, conc: 5 });
}

/// "He declares that he will fire two shots with his Schofield ... He has 2d10 ... use
/// the highest result in the pool for the first attack, the second highest for the
/// second". Card 14 reads 9 and 12 in 2d10 (12 is exceptional: card 5 adds 9, so 21).
#[test]
fn cyril_fires_twice_from_one_pool() {
    let volley = Volley {
        skill: Skill::Skilled {
            level: 2,
            die: Die::D10,
        },
        rows: 0,
        weapon: peacemaker(),
        attacks: vec![attack(5), attack(10)],
        limit: 2,
        venture: 0,
        will: false,
        bonus: None,
    };
    let shots = resolve_volley(&mut deck(&[14, 5]), &volley, &CheckOptions::default()).unwrap();
    assert_eq!(shots.len(), 2);
    assert_eq!((shots[0].check.result, shots[0].hit), (21, true));
    assert_eq!(shots[0].check.bumps, 4);
    assert_eq!(
        (shots[1].check.result, shots[1].hit),
        (9, false),
        "9 < TN 10"
    );
    assert_eq!(shots[1].strays, 1);
    // A third attack with a skill of 2 misses automatically.
    let mut three = volley.clone();
    three.attacks.push(attack(1));
    three.limit = 2;
    let shots = resolve_volley(&mut deck(&[14, 5]), &three, &CheckOptions::default()).unwrap();
    assert!(!shots[2].hit);
    assert_eq!(shots[2].check.result, 0);
}

/// Dice pools: "one pool" for a series, so every attack reports the pool's own dice; with d20
/// each later attack rolls its own test and reports that roll alone.
#[test]
fn a_series_reports_the_dice_it_was_read_from() {
    let volley = Volley {
        skill: Skill::Skilled {
            level: 3,
            die: Die::D10,
        },
        rows: 0,
        weapon: peacemaker(),
        attacks: vec![attack(3), attack(3)],
        limit: 3,
        venture: 0,
        will: false,
        bonus: None,
    };
    let pool = CheckOptions {
        system: Resolution::DicePool,
        ..CheckOptions::default()
    };
    let shots = resolve_volley(&mut deck(&[]), &volley, &pool).unwrap();
    assert!(!shots[0].check.dice.is_empty());
    assert_eq!(shots[1].check.dice, shots[0].check.dice);
    let d20 = CheckOptions {
        system: Resolution::D20,
        ..CheckOptions::default()
    };
    let shots = resolve_volley(&mut deck(&[]), &volley, &d20).unwrap();
    assert_eq!(shots[0].check.dice.len(), 1);
    assert_eq!(shots[1].check.dice.len(), 1);
    assert_eq!(shots[1].check.result, shots[1].check.dice[0]);
}

/// Angus's vaquero sprays two soldiers: 8 hits on the card; the second cell also hits, so
/// the second soldier takes one hit and the first keeps 7.
#[test]
fn a_burst_spreads_its_hits_over_several_targets() {
    let mut card = Card::plain(3).with_cause(Die::D8, &[v(6), v(5)]);
    card.burst = vec![crate::rules::card::BurstResult { value: 10, hits: 8 }];
    let gatling = ShotWeapon {
        pen: 3,
        dmg: Pool::new(4, Die::D8).unwrap(),
        rd: Pool::new(4, Die::D6).unwrap(),
        damage: DamageType::Deadly,
        burst: Some(10),
        scatter_band: None,
        reliability: 5,
    };
    let volley = Volley {
        skill: Skill::Skilled {
            level: 2,
            die: Die::D8,
        },
        rows: 0,
        weapon: gatling,
        attacks: vec![attack(5), attack(5)],
        limit: 2,
        venture: 0,
        will: false,
        bonus: None,
    };
    let mut deck = Deck::new(vec![card.clone(), Card::plain(9)], 1);
    deck.stack_top(&[3]).unwrap();
    let shots = resolve_volley(&mut deck, &volley, &CheckOptions::default()).unwrap();
    assert_eq!((shots[0].hits, shots[1].hits), (7, 1));
    assert_eq!((shots[0].fired, shots[0].strays), (10, 2));
    assert_eq!((shots[1].fired, shots[1].strays), (0, 0));
    assert_eq!(shots[0].damage_bumps, 6, "7 hits: 6 burst bumps");
}

#[test]
fn a_deflected_shot_does_nothing_and_a_miss_strays() {
    let mut card = Card::plain(7).with_cause(Die::D8, &[v(7), v(1), v(1)]);
    card.shield = 0;
    card.location[2] = StackEntry {
        location: Location::Belly,
        bumps: 0,
        dir: Direction::Standard,
    };
    card.unintended = vec![1, 3];
    let cover = CoverView {
        name: "ore cart".into(),
        av: 4,
        covers: vec![Location::Chest, Location::Belly],
    };
    let request = |tn| ShotRequest {
        skill: Skill::Skilled {
            level: 3,
            die: Die::D8,
        },
        terms: bare_tn(tn),
        rows: 0,
        weapon: peacemaker(),
        target_size: 6,
        cover: Some(cover.clone()),
    };
    let mut one = Deck::new(vec![card.clone()], 1);
    let o = resolve(&mut one, &request(5), &CheckOptions::default()).unwrap();
    assert!(o.hit);
    assert_eq!((o.ep, o.penetration), (Some(2), Some(Penetration::D)));
    assert_eq!((o.effect, o.dealt), (0, Dealt::default()));
    let mut one = Deck::new(vec![card], 1);
    let o = resolve(&mut one, &request(9), &CheckOptions::default()).unwrap();
    assert!(!o.hit);
    assert_eq!((o.strays, o.unintended), (1, 1));
}

/// "Consulting the burst results, he finds 8 rounds hit the target. This causes 7(!)
/// damage bumps. There are 2 stray shots ... The result is 3, so no unintended targets."
#[test]
fn angus_s_gatling_hits_eight_times() {
    let mut card = Card::plain(3).with_cause(Die::D8, &[v(6), v(2)]);
    card.burst = vec![crate::rules::card::BurstResult { value: 10, hits: 8 }];
    card.unintended = vec![3];
    let gatling = ShotWeapon {
        pen: 3,
        dmg: Pool::new(4, Die::D8).unwrap(),
        rd: Pool::new(4, Die::D6).unwrap(),
        damage: DamageType::Deadly,
        burst: Some(10),
        scatter_band: None,
        reliability: 5,
    };
    let request = ShotRequest {
        skill: Skill::Skilled {
            level: 2,
            die: Die::D8,
        },
        terms: bare_tn(5),
        rows: 0,
        weapon: gatling,
        target_size: 6,
        cover: None,
    };
    let o = resolve(
        &mut Deck::new(vec![card], 1),
        &request,
        &CheckOptions::default(),
    )
    .unwrap();
    assert_eq!((o.hits, o.damage_bumps), (8, 7));
    assert_eq!((o.strays, o.unintended), (2, 0));
    // (4)8 plus 7 rows: (5)8 + (5)8 + (1)8 on the plain card, whose rows read 1..5.
    assert_eq!(o.effect, 5 + 5 + 1);
}

/// "Blocking may also be performed with a weapon ... do not forget to check for equipment
/// breakage during the block attempt."
#[test]
fn a_weapon_block_stops_the_blow_and_may_break_the_weapon() {
    let attack_card = Card::plain(1).with_cause(Die::D8, &[v(6)]);
    let mut block_card = Card::plain(2).with_cause(Die::D8, &[v(7)]);
    block_card.wrench = Some(1);
    let close = CloseTerms {
        block: Some(Skill::Skilled {
            level: 1,
            die: Die::D8,
        }),
        weapon_block: true,
        block_reliability: 5,
        ..Default::default()
    };
    let volley = Volley {
        skill: Skill::Skilled {
            level: 1,
            die: Die::D8,
        },
        rows: 0,
        weapon: peacemaker(),
        attacks: vec![Attack {
            terms: bare_tn(5),
            target_size: 6,
            cover: None,
            close: Some(close),
        }],
        limit: 1,
        venture: 0,
        will: false,
        bonus: None,
    };
    let mut deck = Deck::new(vec![attack_card, block_card], 1);
    deck.stack_top(&[1, 2]).unwrap();
    let o = resolve_volley(&mut deck, &volley, &CheckOptions::default())
        .unwrap()
        .remove(0);
    assert_eq!(o.block, Some((BlockOutcome::Blocked, 7, true)));
    assert_eq!((o.effect, o.location), (0, None));
}

/// "Bumps are in-game currency the player can use to tailor the results": the player puts the
/// hit where the bumps can pay for it, and the rest go to damage rows; the Judge's choice stays
/// as it was.
#[test]
fn the_player_spends_bumps_on_the_hit_location() {
    // Hank's 2d10 on card 14 then 5: 21 against TN 11, 2 bumps.
    let volley = Volley {
        skill: Skill::Skilled {
            level: 2,
            die: Die::D10,
        },
        rows: 0,
        weapon: peacemaker(),
        attacks: vec![attack(11)],
        limit: 1,
        venture: 0,
        will: false,
        bonus: None,
    };
    let card = crate::rules::deck_gen::generate()[14].clone();
    let judge = resolve_volley(&mut deck(&[14, 5]), &volley, &CheckOptions::default()).unwrap();
    assert_eq!(judge[0].check.bumps, 2);
    let options = location_options(&card, 2);
    assert!(options.len() >= 2, "{options:?}");
    for (index, cost) in options {
        let chosen = resolve_volley_spending(
            &mut deck(&[14, 5]),
            &volley,
            &CheckOptions::default(),
            BumpSpend::Location(index as u8),
        )
        .unwrap();
        let o = &chosen[0];
        assert_eq!(o.location, Some(card.location[index].location));
        assert_eq!(o.location_bumps, cost);
        assert_eq!(
            o.damage_bumps,
            2 - cost + crate::rules::damage::location_damage_bumps(card.location[index].location)
        );
    }
    // A place the card does not have falls back to the Judge's choice.
    let o = resolve_volley_spending(
        &mut deck(&[14, 5]),
        &volley,
        &CheckOptions::default(),
        BumpSpend::Location(9),
    )
    .unwrap();
    assert_eq!(o[0].location, judge[0].location);
}

/// Hand to hand: "Each level of dominance costs one bump": the player may put a blow's bumps on
/// dominance instead of damage; a shot has no dominance to buy.
#[test]
fn the_player_spends_a_blow_s_bumps_on_dominance() {
    let blow = |close: Option<CloseTerms>| Volley {
        skill: Skill::Skilled {
            level: 2,
            die: Die::D10,
        },
        rows: 0,
        weapon: peacemaker(),
        attacks: vec![Attack {
            terms: bare_tn(11),
            target_size: 6,
            cover: None,
            close,
        }],
        limit: 1,
        venture: 0,
        will: false,
        bonus: None,
    };
    let fists = blow(Some(CloseTerms {
        flat: Some(5),
        ..Default::default()
    }));
    let spent = |spend| {
        resolve_volley_spending(&mut deck(&[14, 5]), &fists, &CheckOptions::default(), spend)
            .unwrap()
            .remove(0)
    };
    // 21 against TN 11: 2 bumps.
    let judge = spent(BumpSpend::Judge);
    assert_eq!((judge.check.bumps, judge.reserved), (2, 0));
    let one = spent(BumpSpend::Dominance(1));
    assert_eq!(one.reserved, 1);
    assert_eq!(one.damage_bumps + 1, judge.damage_bumps);
    assert_eq!(
        one.effect + 1,
        judge.effect,
        "flat damage: one point a bump"
    );
    // More than the bumps: all of them.
    assert_eq!(spent(BumpSpend::Dominance(3)).reserved, 2);
    // A shot keeps its bumps for damage.
    let shot = resolve_volley_spending(
        &mut deck(&[14, 5]),
        &blow(None),
        &CheckOptions::default(),
        BumpSpend::Dominance(2),
    )
    .unwrap()
    .remove(0);
    assert_eq!(shot.reserved, 0);
}

/// The bonus counter on an attack: "Right on!" adds 2 to the cause for bumps only, "Aces!" 2 to
/// the effect; a bump saved as a counter is a damage row less.
#[test]
fn a_bonus_counter_on_the_first_attack() {
    let volley = |bonus: Option<crate::rules::bonus::Spend>, tn: u32| Volley {
        skill: Skill::Skilled {
            level: 2,
            die: Die::D10,
        },
        rows: 0,
        weapon: peacemaker(),
        attacks: vec![attack(tn)],
        limit: 1,
        venture: 0,
        will: false,
        bonus,
    };
    let fire = |v: &Volley, spend| {
        resolve_volley_spending(&mut deck(&[14, 5]), v, &CheckOptions::default(), spend)
            .unwrap()
            .remove(0)
    };
    use crate::rules::bonus::Spend;
    // 21 against TN 11: 2 bumps; with "Right on!" 23: 3 bumps, the result still 21.
    let plain = fire(&volley(None, 11), BumpSpend::Judge);
    assert_eq!((plain.check.bumps, plain.bonus_used), (2, None));
    let right_on = fire(&volley(Some(Spend::RightOn), 11), BumpSpend::Judge);
    assert_eq!(right_on.check.result, 21);
    assert_eq!(right_on.check.bumps, 3);
    assert_eq!(right_on.bonus_used, Some(Spend::RightOn));
    // "It can never change a failure into a success": 21 against 22 stays a miss.
    let missed = fire(&volley(Some(Spend::RightOn), 22), BumpSpend::Judge);
    assert!(!missed.hit);
    assert_eq!(missed.bonus_used, None);
    // "Aces!": the effect read plus 2.
    let aces = fire(&volley(Some(Spend::Aces), 11), BumpSpend::Judge);
    assert_eq!(aces.effect, plain.effect + 2);
    assert_eq!(aces.bonus_used, Some(Spend::Aces));
    // A bump saved: one damage row less, the bump kept.
    let saved = fire(&volley(None, 11), BumpSpend::Save);
    assert_eq!(saved.saved, 1);
    assert_eq!(saved.damage_bumps + 1, plain.damage_bumps);
}
