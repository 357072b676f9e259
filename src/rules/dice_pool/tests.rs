use super::*;

fn dealt(check: &PoolCheck, dice: &[u32]) -> PoolResult {
    let mut source = FixedDice::new(dice.to_vec());
    let result = roll(check, &mut source).unwrap();
    assert_eq!(source.left(), &[] as &[u32], "every die dealt is used");
    assert_eq!(result.dice(), dice, "dealt in order");
    result
}

fn opposed(dice: u32, opposition: Opposition) -> PoolCheck {
    PoolCheck {
        opposition: Some(opposition),
        ..PoolCheck::new(dice)
    }
}

fn against(dice: u32) -> Opposition {
    Opposition {
        dice,
        ..Opposition::default()
    }
}

/// "Huang rolls her 3d and gets 1, 4, and 5, a success! Now a single die is rolled in
/// opposition due to the penalty, and comes up a 5. The 5 from Intereference is removed along
/// with her 4. That leaves a 5 in the pool, a success"
#[test]
fn huang_slips_under_the_door() {
    let check = PoolCheck {
        interference: 1,
        ..PoolCheck::new(3)
    };
    let r = dealt(&check, &[1, 4, 5, 5]);
    assert_eq!(r.check, [1, 4, 5]);
    assert_eq!(r.interference, [5]);
    assert!(r.steps.contains(&PoolStep::Interfered {
        pool: PoolName::Interference,
        against: PoolName::Check,
        die: 5,
        discarded: Some(4),
    }));
    assert_eq!(r.kept, [5]);
    assert_eq!((r.successes, r.success, r.momentum), (1, true, 0));
}

/// "She rolls 3d ... 2, 4, and 5--a success. He rolls 2d for his Lightness. ... He rolls a 1
/// and a 6, bonus die comes up a 2. His 6 is discarded along with her 4. She still has a 5 in
/// her pool, so the kick is a success despite his attempted dodge."
#[test]
fn huang_s_kick_lands_though_chen_dodges() {
    let r = dealt(&opposed(3, against(2)), &[2, 4, 5, 1, 6, 2]);
    assert_eq!(r.check, [2, 4, 5]);
    let chen = r.opposition.as_ref().unwrap();
    assert_eq!(chen.dice, [1, 6, 2], "the 6 exploded into a 2");
    assert!(r.steps.contains(&PoolStep::Opposed {
        die: 6,
        discarded: 4
    }));
    assert_eq!(r.kept, [5]);
    assert!(r.success);
    assert_eq!(chen.kept, [] as [u32; 0]);
}

/// The venture in the alley: the thug's punch is the check ("the thug's check"), Huang's guard
/// the Opposition with one Venture token. "The gang member rolls his 2d Technique and scores a
/// best of 4. Huang rolls her 4d Lightness and gets 1, 2, 4, 5, plus an Interference die that
/// comes up a 3...not affecting her pool. Her 4 eliminates the 4 from the thug's check, leaving
/// her 5, and now the venture token pairs with it to create another 5, giving her momentum".
/// The thug's other die is not given: any 1-3 (here 2).
#[test]
fn huang_s_venture_in_the_alley() {
    let guard = Opposition {
        dice: 4,
        venture: 1,
        ..Opposition::default()
    };
    let r = dealt(&opposed(2, guard), &[2, 4, 1, 2, 4, 5, 3]);
    let huang = r.opposition.as_ref().unwrap();
    assert_eq!(huang.dice, [1, 2, 4, 5]);
    assert_eq!(
        huang.interference,
        [3],
        "the Venture token's Interference die"
    );
    assert!(
        !r.steps
            .iter()
            .any(|s| matches!(s, PoolStep::Interfered { .. })),
        "a 3 does not affect her pool"
    );
    assert!(r.steps.contains(&PoolStep::Opposed {
        die: 4,
        discarded: 4
    }));
    assert!(r.steps.contains(&PoolStep::Ventured {
        pool: PoolName::Opposition,
        single: 5
    }));
    assert_eq!(huang.kept, [5, 5]);
    assert_eq!(huang.momentum, 1, "her momentum");
    assert!(!r.success, "the punch is stopped");
    assert_eq!((r.successes, r.momentum), (0, 0));
}

#[test]
fn sixes_explode_again_and_again_in_waves() {
    let r = dealt(&PoolCheck::new(2), &[6, 6, 6, 2, 4]);
    // Two 6s roll two more (6, 2); that 6 rolls one more (4).
    assert_eq!(r.kept, [4, 6, 6, 6]);
    assert_eq!(r.momentum, 1, "three 6s are one pair");
    assert!(matches!(r.steps[0], PoolStep::Rolled { explosions: 3, .. }));
    assert_eq!(
        r.steps[0].to_string(),
        "Rolled 2d for the check: 6, 6; the 6s explode: 6, 2, 4. Successes (4-6): 4, 6, 6, 6."
    );
}

#[test]
fn advantage_and_disadvantage_stop_explosions_and_cancel() {
    let interfered = |advantage, disadvantage| PoolCheck {
        interference: 1,
        advantage,
        disadvantage,
        ..PoolCheck::new(1)
    };
    // Disadvantage: the check's 6 does not explode; the Interference's does.
    let r = dealt(&interfered(false, true), &[6, 6, 5]);
    assert_eq!(
        (r.check.as_slice(), r.interference.as_slice()),
        (&[6][..], &[6, 5][..])
    );
    assert!(!r.success);
    // Advantage: the check's 6 explodes; the Interference's does not.
    let r = dealt(&interfered(true, false), &[6, 1, 6]);
    assert_eq!(
        (r.check.as_slice(), r.interference.as_slice()),
        (&[6, 1][..], &[6][..])
    );
    assert!(!r.success);
    // Both: they cancel, every 6 explodes.
    let r = dealt(&interfered(true, true), &[6, 4, 6, 1]);
    assert_eq!(r.kept, [6], "the Interference 6 takes the 4");
    // Advantage: the Opposition's 6 does not explode either.
    let check = PoolCheck {
        advantage: true,
        ..opposed(1, against(1))
    };
    let r = dealt(&check, &[5, 6]);
    assert!(!r.success);
    assert_eq!(r.opposition.unwrap().dice, [6]);
}

/// "Starting with the lowest success in the Interference pool, discard it and the lowest
/// success from the Check pool so long as that die is equal or lesser in value. If all the
/// Check pool's dice are a higher value, discard the Interference die and move to the next one."
#[test]
fn interference_takes_the_lowest_equal_or_lesser_success() {
    let check = PoolCheck {
        interference: 3,
        disadvantage: true,
        ..PoolCheck::new(3)
    };
    // Check 5, 6, 6; Interference 2, 4, 6 (and 1): the 4 finds every success higher, the 6
    // takes the 5.
    let r = dealt(&check, &[5, 6, 6, 2, 4, 6, 1]);
    let interfered: Vec<(u32, Option<u32>)> = r
        .steps
        .iter()
        .filter_map(|s| match s {
            PoolStep::Interfered { die, discarded, .. } => Some((*die, *discarded)),
            _ => None,
        })
        .collect();
    assert_eq!(interfered, [(4, None), (6, Some(5))]);
    assert_eq!(r.kept, [6, 6]);
    assert_eq!(r.momentum, 1);
    // "Continue ... until no successes remain in the Check pool": the 6 is never used.
    let r = dealt(&check, &[4, 1, 1, 5, 5, 6, 3]);
    let used = r
        .steps
        .iter()
        .filter(|s| matches!(s, PoolStep::Interfered { .. }))
        .count();
    assert_eq!(used, 1);
    assert!(!r.success);
}

#[test]
fn interference_counted_equals_interference_die_by_die() {
    let range = 0..4u32;
    for a in range.clone() {
        for b in range.clone() {
            for c in range.clone() {
                for x in range.clone() {
                    for y in range.clone() {
                        for z in range.clone() {
                            let (pool, i) = (Tally([a, b, c]), Tally([x, y, z]));
                            let mut by_die = pool;
                            interfere(&mut by_die, i, |_, _| {});
                            assert_eq!(interfere_counts(pool, i), by_die, "{pool:?} {i:?}");
                        }
                    }
                }
            }
        }
    }
}

/// Will: "After the initial results, including Interference, but before any Opposition":
/// the 2 dice face no Interference.
#[test]
fn will_adds_two_dice_after_interference() {
    let check = PoolCheck {
        interference: 1,
        will: true,
        ..PoolCheck::new(1)
    };
    let r = dealt(&check, &[4, 5, 5, 2]);
    assert_eq!(r.will, [5, 2]);
    assert_eq!(r.kept, [5]);
    assert!(r.success);
    // The Opposition spends Will too: 2 dice after its results, before its discard.
    let guard = Opposition {
        dice: 1,
        will: true,
        ..Opposition::default()
    };
    let r = dealt(&opposed(1, guard), &[5, 2, 6, 3, 1]);
    let o = r.opposition.unwrap();
    assert_eq!(o.will, [6, 3, 1]);
    assert!(!r.success, "the Will 6 takes the 5");
}

/// Venture: 1 Interference die per token, then the highest single becomes a pair, working
/// down; a value already paired is no single.
#[test]
fn venture_pairs_the_highest_singles() {
    let check = PoolCheck {
        venture: 2,
        ..PoolCheck::new(3)
    };
    let r = dealt(&check, &[4, 5, 6, 1, 1, 2]);
    assert_eq!(r.interference, [1, 2]);
    assert_eq!(r.kept, [4, 5, 5, 6, 6]);
    assert_eq!(r.momentum, 2);
    let check = PoolCheck {
        venture: 3,
        ..PoolCheck::new(3)
    };
    let r = dealt(&check, &[5, 5, 4, 1, 1, 1]);
    assert_eq!(r.kept, [4, 4, 5, 5]);
    assert!(r.steps.contains(&PoolStep::VentureUnused {
        pool: PoolName::Check,
        tokens: 2
    }));
    // Before the Opposition: the pair survives its one discard of the lowest.
    let check = PoolCheck {
        venture: 1,
        ..opposed(2, against(1))
    };
    let r = dealt(&check, &[4, 5, 1, 6, 3]);
    assert_eq!(r.kept, [5, 5]);
    assert_eq!(r.momentum, 1);
}

#[test]
fn the_opposition_discards_one_success_and_only_if_it_can() {
    // Two 5s against 4, 5: one discard (the check's lowest), the second 5 stays unused.
    let r = dealt(&opposed(2, against(2)), &[4, 5, 5, 5]);
    assert_eq!(r.kept, [5]);
    assert!(r.success);
    let o = r.opposition.unwrap();
    assert_eq!(o.kept, [5]);
    // Every opposing success lower than the check's lowest: nothing is discarded.
    let r = dealt(&opposed(1, against(1)), &[5, 4]);
    assert!(r.steps.contains(&PoolStep::Unopposed { lowest: Some(5) }));
    assert!(r.success);
    // Doubles left over are the Opposition's Momentum.
    let r = dealt(&opposed(1, against(3)), &[4, 4, 5, 5]);
    assert!(!r.success);
    assert_eq!(r.opposition.unwrap().momentum, 1);
}

#[test]
fn a_failed_check_is_not_opposed() {
    let r = dealt(&opposed(2, against(3)), &[1, 3]);
    assert!(r.steps.contains(&PoolStep::OppositionNotRolled));
    assert!(r.opposition.is_none());
    assert!(!r.success);
}

/// "Everyone else attempting to help rolls an appropriate check, but has Interference equal to
/// the primary roller's dice. Any successes that remain after Interference are added directly
/// to the primary roller's Check pool."
#[test]
fn helpers_roll_against_the_primary_s_dice_and_add_what_is_left() {
    let check = PoolCheck {
        helpers: vec![3],
        ..PoolCheck::new(2)
    };
    // Primary 1, 2 fails alone; the helper's 4, 6, 1 meet 2 Interference dice 5, 1.
    let r = dealt(&check, &[1, 2, 4, 6, 1, 3, 5, 1]);
    let h = &r.helpers[0];
    assert_eq!(h.dice, [4, 6, 1, 3], "the 6 exploded into a 3");
    assert_eq!(h.interference, [5, 1], "as many dice as the primary");
    assert_eq!(h.kept, [6]);
    assert_eq!(r.kept, [6]);
    assert!(r.success);
}

/// The dealing order: check and explosions, Interference (Venture dice included), Will,
/// helpers (each: dice, Interference), Opposition (dice, Interference, Will).
#[test]
fn dice_are_dealt_in_the_documented_order() {
    let check = PoolCheck {
        dice: 2,
        interference: 1,
        venture: 1,
        will: true,
        helpers: vec![1],
        opposition: Some(Opposition {
            dice: 1,
            interference: 1,
            venture: 0,
            will: true,
        }),
        ..PoolCheck::default()
    };
    let dice = [5, 6, 3, 1, 2, 4, 4, 2, 1, 6, 2, 1, 1, 5, 3];
    let r = dealt(&check, &dice);
    assert_eq!(r.check, [5, 6, 3]);
    assert_eq!(r.interference, [1, 2]);
    assert_eq!(r.will, [4, 4]);
    assert_eq!(r.helpers[0].dice, [2]);
    assert_eq!(r.helpers[0].interference, [1, 6, 2]);
    let o = r.opposition.as_ref().unwrap();
    assert_eq!(
        (o.dice.as_slice(), o.interference.as_slice()),
        (&[1][..], &[1][..])
    );
    assert_eq!(o.will, [5, 3]);
}

#[test]
fn bad_checks_and_short_rolls_are_refused() {
    let refuse = |check: PoolCheck| roll(&check, &mut FixedDice::new(vec![4; 60])).unwrap_err();
    assert_eq!(refuse(PoolCheck::new(0)), PoolError::Dice(0));
    assert_eq!(refuse(PoolCheck::new(MAX_DICE + 1)), PoolError::Dice(21));
    let venture = PoolCheck {
        venture: 4,
        ..PoolCheck::new(2)
    };
    assert_eq!(refuse(venture), PoolError::Venture(4));
    let helper = PoolCheck {
        helpers: vec![2, 0],
        ..PoolCheck::new(2)
    };
    assert_eq!(refuse(helper), PoolError::Helper(0));
    assert_eq!(
        refuse(opposed(1, against(0))),
        PoolError::TooMany(PoolName::Opposition, 0)
    );
    let short = roll(&opposed(2, against(2)), &mut FixedDice::new(vec![4, 5, 6]));
    assert_eq!(
        short.unwrap_err().to_string(),
        "rolling the Opposition: the given rolls ran out after 3 dice"
    );
}

/// Hand-computed odds.
#[test]
fn the_odds_of_small_pools_by_hand() {
    let p = |check: PoolCheck| success_chance(&check).unwrap();
    // One die succeeds on 4-6, explosions or not.
    assert!((p(PoolCheck::new(1)) - 0.5).abs() < 1e-6);
    assert!((p(PoolCheck::new(2)) - 0.75).abs() < 1e-6);
    // One die that cannot explode against one Interference die: the check's c (4, 5, 6) is
    // lost when the Interference's highest success is c or more (1/2, 1/3, 1/6): 1/3.
    let interfered = PoolCheck {
        interference: 1,
        disadvantage: true,
        ..PoolCheck::new(1)
    };
    assert!((p(interfered) - 1.0 / 3.0).abs() < 1e-6);
    // The same against one opposing die.
    let dodged = PoolCheck {
        disadvantage: true,
        ..opposed(1, against(1))
    };
    assert!((p(dodged) - 1.0 / 3.0).abs() < 1e-6);
    // Two dice that cannot explode: Momentum when both show the same success, 3/36.
    let o = odds(&PoolCheck {
        disadvantage: true,
        ..PoolCheck::new(2)
    })
    .unwrap();
    assert!((o.momentum[1] - 1.0 / 12.0).abs() < 1e-12);
    assert!(o.unaccounted < 2e-6);
}

/// The exact odds against 300 000 seeded rolls of each check.
#[test]
fn the_odds_match_a_seeded_monte_carlo_run() {
    let checks = [
        PoolCheck {
            interference: 1,
            ..PoolCheck::new(3)
        },
        PoolCheck {
            interference: 2,
            venture: 1,
            will: true,
            ..PoolCheck::new(3)
        },
        PoolCheck {
            advantage: true,
            opposition: Some(Opposition {
                dice: 2,
                interference: 1,
                venture: 0,
                will: true,
            }),
            ..PoolCheck::new(2)
        },
        PoolCheck {
            disadvantage: true,
            helpers: vec![2, 3],
            ..opposed(2, against(3))
        },
        PoolCheck {
            venture: 2,
            opposition: Some(Opposition {
                dice: 3,
                venture: 1,
                ..Opposition::default()
            }),
            ..PoolCheck::new(4)
        },
    ];
    let runs = 300_000;
    let mut dice = SeededDice::new(13);
    for check in &checks {
        let exact = odds(check).unwrap();
        let mut wins = 0u32;
        let mut momentum = [0u32; 8];
        for _ in 0..runs {
            let r = roll(check, &mut dice).unwrap();
            wins += u32::from(r.success);
            momentum[(r.momentum as usize).min(7)] += 1;
        }
        let counted = f64::from(wins) / f64::from(runs);
        assert!(
            (counted - exact.success).abs() < 0.004,
            "{check:?}: {counted} vs {}",
            exact.success
        );
        for (k, &n) in momentum.iter().enumerate().take(3) {
            let counted = f64::from(n) / f64::from(runs);
            let exact = exact.momentum.get(k).copied().unwrap_or(0.0);
            assert!((counted - exact).abs() < 0.004, "{check:?} momentum {k}");
        }
    }
}

#[test]
fn the_largest_checks_are_computed_quickly_and_in_full() {
    for (advantage, disadvantage) in [(false, false), (true, false), (false, true)] {
        let check = PoolCheck {
            interference: MAX_DICE,
            venture: MAX_VENTURE,
            will: true,
            advantage,
            disadvantage,
            opposition: Some(Opposition {
                dice: MAX_DICE,
                interference: MAX_DICE,
                venture: MAX_VENTURE,
                will: true,
            }),
            ..PoolCheck::new(MAX_DICE)
        };
        let o = odds(&check).unwrap();
        // Failures before the Opposition keep their whole mass: at most 1, at least 1 less
        // the cut-off.
        let total: f64 = o.momentum.iter().sum();
        let (t, u) = (total, o.unaccounted);
        assert!(t <= 1.0 + 1e-9 && t + u >= 1.0 - 1e-9, "{check:?}: {t} {u}");
        assert!(o.unaccounted < 2e-6);
        assert!(o.success > 0.0 && o.success < o.before_opposition);
    }
}
