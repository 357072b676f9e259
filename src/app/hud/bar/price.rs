//! Pricing the action bar: every button asked of the simulation for the selected hero (its AP,
//! or the refusal that greys it), with its key as bound.

use super::*;

/// The key of an action in words, short: "K", "Enter".
fn key(keys: &Bindings, action: BattleAction) -> String {
    keys.key(action)
}

/// Price every button for the selected hero (exclusive: pricing reads the whole match).
pub(in crate::app::hud) fn price_bar(world: &mut World, mut last: Local<String>) {
    // Priced again when the selection, the seat, the match, the journal (choices that log
    // nothing) or the keys change.
    let key = format!(
        "{:?}|{:?}|{}|{}|{:?}|{:?}|{}",
        world.get_resource::<Selection>(),
        world.get_resource::<HotSeat>(),
        world.resource::<crate::sim::model::MatchLog>().events.len(),
        world.resource::<Journal>().0.len(),
        world.resource::<RoundState>().now(),
        world.resource::<RoundState>().declarer(),
        world.resource::<Bindings>().0.bindings.len(),
    );
    let keys_changed = world.is_resource_changed::<Bindings>();
    if *last == key && !keys_changed {
        return;
    }
    *last = key;
    let view = bar_view(world);
    if world.get_resource::<BarView>() != Some(&view) {
        world.insert_resource(view);
    }
}

/// The hero pointed at, if it is on `side` (an ally) or not (a foe).
fn hero_pointed(world: &World, at: Option<hexx::Hex>, side: usize, ally: bool) -> Option<Entity> {
    let at = at?;
    query::heroes(world).into_iter().find(|&h| {
        query::position(world, h) == Some(at) && (query::side_of(world, h) == side) == ally
    })
}

fn bar_view(world: &mut World) -> BarView {
    let keys = world.resource::<Bindings>().clone();
    let Some(selection) = world.get_resource::<Selection>().cloned() else {
        return BarView::default();
    };
    let seat = world.get_resource::<HotSeat>().cloned().unwrap_or_default();
    let declarer = world.resource::<RoundState>().declarer();
    let options = world.resource::<RoundOptions>().clone();
    let dice_pools = options.check.system == Resolution::DicePool;
    let rush_window = crate::sim::round::rush_window_open(world);
    let hero_e = selection.hero;
    let id = hero_e.and_then(|e| world.get::<HeroId>(e).copied());
    // Whose turn: the selected hero's own declaration, by a human seat.
    let human_side = |world: &World, e: Entity| {
        let side = world.get::<Side>(e).map(|s| s.0);
        let mut q = world.try_query::<&SideInfo>();
        q.as_mut().is_some_and(|q| {
            q.iter(world)
                .any(|i| Some(i.index) == side && i.control == Control::Human)
        })
    };
    let not_now: Option<String> = match (declarer, hero_e) {
        _ if seat.awaiting_handoff => Some("The seat is being handed over".into()),
        (None, _) => Some("Nobody declares now: the segment's actions resolve".into()),
        (Some(d), _) if !human_side(world, d) => Some(format!(
            "It is {}'s declaration (the computer's)",
            query::hero_name(world, d)
        )),
        (Some(d), Some(h)) if d != h => Some(format!(
            "It is {}'s declaration: select that hero",
            query::hero_name(world, d)
        )),
        (_, None) => Some("No hero selected".into()),
        _ => None,
    };
    let side = hero_e.map_or(usize::MAX, |e| query::side_of(world, e));
    let enemy = hero_pointed(world, selection.hovered, side, false);
    let enemy_id = enemy.and_then(|e| world.get::<HeroId>(e).copied());
    let ally = hero_pointed(world, selection.hovered, side, true).filter(|&a| Some(a) != hero_e);
    let ally_id = ally.and_then(|e| world.get::<HeroId>(e).copied());
    // Without anyone pointed at, a button for a foe is priced at the nearest one (a click
    // then picks the foe on the map).
    let nearest = hero_e.and_then(|e| {
        let at = query::position(world, e)?;
        query::enemies_by_distance(world, side, at)
            .first()
            .and_then(|&(_, f)| world.get::<HeroId>(f).copied())
    });
    let engaged: Vec<HeroId> = hero_e.map_or(Vec::new(), |e| {
        query::engaged_foes(world, e)
            .into_iter()
            .filter_map(|f| world.get::<HeroId>(f).copied())
            .collect()
    });
    let mut out = Vec::new();
    for (action, name, tip, _) in BAR {
        let mut state = BarState {
            action,
            name: name.to_string(),
            hint: key(&keys, action),
            tip: tip.to_string(),
            enabled: true,
            lit: selection.pick == Some(action),
            shown: match action {
                BattleAction::Venture | BattleAction::SpendWill => dice_pools,
                BattleAction::Rush => options.rushing,
                _ => true,
            },
        };
        // A button for a hero on the map: how to pick it (said last).
        let picking = selection.pick == Some(action);
        let pick_hint = match wants_a_hero(action) {
            Some(who) if picking => Some(format!(
                "Click {who} on the map ({}: let go).",
                keys.key(BattleAction::MoveHere)
            )),
            Some(who) => Some(format!(
                "Point at {who} and press {} (or click here, then on the map).",
                keys.key(action)
            )),
            None => None,
        };
        // Choices kept in the selection: always usable.
        match action {
            BattleAction::ToggleRun => {
                state.name = match selection.gait {
                    Gait::Walk => "Walk".into(),
                    Gait::Run => "Run".into(),
                };
                state.lit = selection.gait == Gait::Run;
            }
            BattleAction::CycleShot => state.name = selection.shot.name().replace(" shot", ""),
            BattleAction::ToggleFan => state.lit = selection.fan,
            BattleAction::CycleAttack => {
                state.name = selection.attack.name().replace(" attack", "")
            }
            BattleAction::ToggleCareful => state.lit = selection.careful,
            _ => {}
        }
        let declaration = !matches!(
            action,
            BattleAction::ToggleRun
                | BattleAction::CycleShot
                | BattleAction::ToggleFan
                | BattleAction::CycleAttack
                | BattleAction::ToggleCareful
                | BattleAction::Quit
                | BattleAction::AddToSeries
                | BattleAction::AddBlow
        );
        if declaration && let Some(why) = &not_now {
            state.enabled = false;
            state.tip = format!("{tip}.\n{why}.");
            out.push(state);
            continue;
        }
        let (Some(e), Some(hero)) = (hero_e, id) else {
            out.push(state);
            continue;
        };
        let hero_name = query::hero_name(world, e);
        let priced: Option<Result<Action, Refusal>> = match action {
            BattleAction::TurnLeft | BattleAction::TurnRight => {
                let by = if action == BattleAction::TurnLeft {
                    1
                } else {
                    -1
                };
                Some(Ok(match world.get::<MountedOn>(e).map(|m| m.0) {
                    Some(m) => Action::Steer {
                        hero,
                        facing: turned(world.get::<Facing>(m).map_or(0, |f| f.0), by),
                    },
                    None => Action::Face {
                        hero,
                        facing: turned(world.get::<Facing>(e).map_or(0, |f| f.0), by),
                    },
                }))
            }
            BattleAction::ReadyWeapon => Some(
                world
                    .get::<Weapons>(e)
                    .map(|w| {
                        let n = w.0.len().max(1);
                        let next = w.0.iter().position(|w| w.ready).map_or(0, |i| (i + 1) % n);
                        Action::Ready { hero, weapon: next }
                    })
                    .ok_or_else(|| Refusal::new("no weapons")),
            ),
            BattleAction::Cock => Some(Ok(Action::Cock { hero })),
            BattleAction::Reload => Some(Ok(Action::Reload { hero })),
            BattleAction::SpeedLoad => Some(Ok(Action::SpeedLoad { hero })),
            BattleAction::AddToSeries => {
                state.hint = format!("{}  {}", state.hint, selection.series.len());
                None
            }
            BattleAction::FireSeries => {
                if selection.series.is_empty() {
                    Some(Err(Refusal::new(format!(
                        "no series yet: point at enemies and add them ({})",
                        keys.key(BattleAction::AddToSeries)
                    ))))
                } else {
                    let shots = selection
                        .series
                        .iter()
                        .filter_map(|(t, k)| world.get::<HeroId>(*t).map(|id| (*id, *k)))
                        .collect();
                    Some(Ok(Action::Series {
                        hero,
                        shots,
                        fan: selection.fan,
                    }))
                }
            }
            BattleAction::ReadyOffHand => world.get::<Weapons>(e).map(|w| {
                let n = w.0.len().max(1);
                let from = w.0.iter().position(|w| w.off_hand).map_or(0, |i| i + 1);
                (0..n)
                    .map(|k| (from + k) % n)
                    .find(|&i| w.0.get(i).is_some_and(|w| !w.ready))
                    .map(|weapon| Action::ReadyOffHand { hero, weapon })
                    .ok_or_else(|| Refusal::new("no second weapon to take in the off hand"))
            }),
            BattleAction::ShootOffHand | BattleAction::Sabotage => {
                Some(match enemy_id.or(nearest) {
                    Some(target) if action == BattleAction::ShootOffHand => {
                        Ok(Action::ShootOffHand {
                            hero,
                            target,
                            kind: selection.shot,
                        })
                    }
                    Some(target) => Ok(Action::Sabotage {
                        hero,
                        target,
                        kind: selection.shot,
                    }),
                    None => Err(Refusal::new("no enemy is left standing")),
                })
            }
            BattleAction::MeleeAttack => {
                let target = enemy_id.or_else(|| engaged.first().copied());
                Some(match target {
                    Some(target) => Ok(Action::Melee {
                        hero,
                        target,
                        attack: selection.attack,
                        careful: selection.careful,
                        times: 1,
                    }),
                    None => Err(Refusal::new(format!("no foe within a pace of {hero_name}"))),
                })
            }
            BattleAction::AddBlow => {
                state.hint = format!("{}  {}", state.hint, selection.blows.len());
                if engaged.is_empty() && selection.blows.is_empty() {
                    state.enabled = false;
                    state.tip = format!("{tip}.\nNo foe within a pace of {hero_name}.");
                } else if selection.blows.len() >= crate::rules::melee::MAX_ATTACKS as usize {
                    state.enabled = false;
                    state.tip = format!(
                        "{tip}.\nA series holds {} blows at most.",
                        crate::rules::melee::MAX_ATTACKS
                    );
                }
                None
            }
            BattleAction::StrikeBlows => {
                if selection.blows.is_empty() {
                    Some(Err(Refusal::new(format!(
                        "no blows yet: point at foes within a pace and add them ({})",
                        keys.key(BattleAction::AddBlow)
                    ))))
                } else {
                    let blows = selection
                        .blows
                        .iter()
                        .filter_map(|(t, a, c)| world.get::<HeroId>(*t).map(|id| (*id, *a, *c)))
                        .collect();
                    Some(Ok(Action::MeleeSeries { hero, blows }))
                }
            }
            BattleAction::Block => Some(Ok(Action::Block { hero })),
            BattleAction::Dodge => {
                let at = world.get::<crate::sim::model::HexPos>(e).map(|p| p.0);
                let toward = match (selection.hovered, at) {
                    (Some(b), Some(a)) if a != b => crate::rules::hexmap::hexside_toward(a, b),
                    _ => world.get::<Facing>(e).map_or(0, |f| f.0),
                };
                Some(Ok(Action::Dodge { hero, toward }))
            }
            BattleAction::Escape => Some(Ok(Action::Escape { hero })),
            BattleAction::Disengage => Some(match selection.hovered {
                Some(to) => Ok(Action::Disengage { hero, to }),
                None => Err(Refusal::new("point at the hex to move away to first")),
            }),
            BattleAction::DuckBehindCover => {
                let ducked = world.get::<BehindCover>(e).is_some_and(|b| b.0);
                if ducked {
                    state.action = BattleAction::EmergeFromCover;
                    state.name = "Emerge".into();
                    state.hint = key(&keys, BattleAction::EmergeFromCover);
                    Some(Ok(Action::EmergeFromCover { hero }))
                } else {
                    Some(Ok(Action::DuckBehindCover { hero }))
                }
            }
            BattleAction::DropProne => {
                if world.get::<Prone>(e).is_some_and(|p| p.0) {
                    state.action = BattleAction::StandUp;
                    state.name = "Stand".into();
                    state.hint = key(&keys, BattleAction::StandUp);
                    Some(Ok(Action::StandUp { hero }))
                } else {
                    Some(Ok(Action::DropProne { hero }))
                }
            }
            BattleAction::MountOrDismount => {
                if world.get::<MountedOn>(e).is_some() {
                    state.name = "Dismount".into();
                    Some(Ok(Action::Dismount { hero }))
                } else {
                    Some(Ok(Action::MountUp { hero }))
                }
            }
            BattleAction::Rein => Some(
                world
                    .get::<MountedOn>(e)
                    .and_then(|m| world.get::<Mount>(m.0))
                    .map(|m| Action::Rein {
                        hero,
                        speed: if m.speed > 0 { 0 } else { m.best_speed },
                    })
                    .ok_or_else(|| Refusal::new("not riding a mount")),
            ),
            BattleAction::WorkObjective => Some(Ok(Action::WorkObjective { hero, objective: 0 })),
            BattleAction::Revive => {
                // The ally pointed at, else the first unconscious ally a revive could reach.
                let fallen: Vec<HeroId> = query::heroes(world)
                    .into_iter()
                    .filter(|&a| a != e && query::side_of(world, a) == side)
                    .filter(|&a| crate::sim::actions::aid::revivable(world, a))
                    .filter_map(|a| world.get::<HeroId>(a).copied())
                    .collect();
                let tried = first_priced(world, ally_id, fallen, |target| Action::Revive {
                    hero,
                    target,
                });
                Some(tried.unwrap_or_else(|| {
                    Err(Refusal::new(format!(
                        "no ally of {hero_name} is unconscious"
                    )))
                }))
            }
            BattleAction::BackUp => {
                // The ally pointed at, else any ally the counter could go to.
                let allies: Vec<HeroId> = query::heroes(world)
                    .into_iter()
                    .filter(|&a| a != e && query::side_of(world, a) == side)
                    .filter_map(|a| world.get::<HeroId>(a).copied())
                    .collect();
                let tried =
                    first_priced(world, ally_id, allies, |ally| Action::BackUp { hero, ally });
                Some(tried.unwrap_or_else(|| {
                    Err(Refusal::new(format!("{hero_name} has no ally to back up")))
                }))
            }
            BattleAction::Venture => {
                let n = world.get::<PoolChoices>(e).map_or(0, |c| c.venture);
                state.name = format!("Vent. {n}");
                state.lit = n > 0;
                state.tip = format!(
                    "{tip}.\n{hero_name} ventures {n} on the next check ({} cycles 0-3).",
                    keys.key(action)
                );
                None
            }
            BattleAction::SpendWill => {
                let will = world.get::<Hero>(e).map_or(0, |h| h.will);
                let on = world.get::<PoolChoices>(e).is_some_and(|c| c.will);
                state.lit = on;
                state.name = if on { "Will on" } else { "Will off" }.into();
                state.hint = format!("{}  {will} left", state.hint);
                if will == 0 && !on {
                    state.enabled = false;
                    state.tip = format!("{tip}.\n{hero_name} has no Will left.");
                } else {
                    state.tip = format!("{tip}.\n{hero_name} has {will} Will left.");
                }
                None
            }
            BattleAction::BonusSpend => {
                let armed = bonus::armed(world, e);
                // Short, to fit the button: "Right on", "Aces!".
                state.name = match armed {
                    None => "Bonus",
                    Some(crate::rules::bonus::Spend::RightOn) => "Right on",
                    Some(s) => s.name(),
                }
                .into();
                state.lit = armed.is_some();
                let pool = bonus::in_pool(world, e);
                if !bonus::holds(world, e) {
                    state.enabled = false;
                    state.tip = format!(
                        "{tip}.\n{hero_name} holds no bonus counter ({pool} in the side's pool: save a bump from a hit to earn one)."
                    );
                } else {
                    state.tip = format!(
                        "{tip}.\n{hero_name} holds a bonus counter, set for {} ({} cycles).",
                        armed.map_or("nothing yet", |s| s.name()),
                        keys.key(action)
                    );
                }
                None
            }
            BattleAction::StackSpend => {
                let level = world
                    .get::<Hero>(e)
                    .and_then(|h| h.skills.get("Quick Draw").copied())
                    .unwrap_or(0);
                let now = world.get::<StackSpend>(e).map_or(0, |s| s.0);
                state.name = format!("Stack {now}");
                if level == 0 {
                    state.enabled = false;
                    state.tip = format!("{tip}.\nOnly a hero with Quick Draw may.");
                }
                None
            }
            BattleAction::Rush => {
                state.lit = rush_window;
                match (rush_window, world.get::<Committed>(e).map(|c| c.0.clone())) {
                    (false, _) => {
                        state.enabled = false;
                        state.tip = format!(
                            "{tip}.\nAn action is rushed once every declaration of the segment is made."
                        );
                        None
                    }
                    (true, None) => {
                        state.enabled = false;
                        state.tip = format!(
                            "{tip}.\n{hero_name} is paying for nothing: press the key of the action to rush."
                        );
                        None
                    }
                    (true, Some(paying)) => Some(Ok(paying)),
                }
            }
            _ => None,
        };
        match priced {
            Some(Ok(declared)) => match price(world, &declared) {
                Ok(p) => {
                    let track = world.get::<Track>(e).map(|t| t.0.clone());
                    let left = track.as_ref().map_or(0, |t| t.left());
                    let now = world.resource::<RoundState>().segment.max(1);
                    let when = track
                        .as_ref()
                        .and_then(|t| resolves_in(t, p.ap, now, declared.over_rounds()));
                    state.hint = format!("{}  {} AP", state.hint, p.ap);
                    if rush_window {
                        // Rushed now: priced by the rush window's own rules.
                        let rush = crate::sim::round::price_rush(world, e, &declared)
                            .map(|(_, _, r)| r)
                            .map_err(|why| keys.refusal(&why));
                        match rush {
                            Ok(r) => {
                                state.tip = format!(
                                    "{}: rushed now, {} AP from the track and {} from the pool (+{} on the stack; the Rush Tax is its card's Step).",
                                    state.tip, r.from_track, r.rushed, r.rushed
                                )
                            }
                            Err(why) => {
                                state.enabled = false;
                                state.tip = format!(
                                    "{}.\nThe segment's declarations are made: only a rush now, and {why}.",
                                    state.tip
                                );
                            }
                        }
                    } else {
                        match when {
                            Some(s) => {
                                state.tip =
                                    format!("{}: {} AP, resolves in segment {s}.", state.tip, p.ap)
                            }
                            None if declared.over_rounds() => {}
                            None => {
                                state.enabled = false;
                                state.tip = format!(
                                    "{}.\nNot enough AP: it costs {} AP, {left} are left this round.",
                                    state.tip, p.ap
                                );
                            }
                        }
                    }
                }
                Err(why) => {
                    state.enabled = false;
                    state.tip = format!("{}.\n{}", state.tip, capitalised(&keys.refusal(&why)));
                }
            },
            Some(Err(why)) => {
                state.enabled = false;
                state.tip = format!("{}.\n{}", state.tip, capitalised(&keys.refusal(&why)));
            }
            None => {}
        }
        if picking {
            state.lit = true;
        }
        if let Some(hint) = pick_hint
            && state.enabled
        {
            state.tip = format!("{}\n{hint}", state.tip);
        }
        out.push(state);
    }
    BarView(out)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// An action for an ally: at the ally pointed at (only that one), else at the first of `others`
/// it can be done for; the first refusal when none. `None`: nobody to try.
fn first_priced(
    world: &mut World,
    pointed: Option<HeroId>,
    others: Vec<HeroId>,
    action: impl Fn(HeroId) -> Action,
) -> Option<Result<Action, Refusal>> {
    let mut tried: Option<Result<Action, Refusal>> = None;
    let candidates: Vec<HeroId> = match pointed {
        Some(one) => vec![one],
        None => others,
    };
    for ally in candidates {
        let command = action(ally);
        match price(world, &command) {
            Ok(_) => return Some(Ok(command)),
            Err(why) if tried.is_none() => tried = Some(Err(why)),
            Err(_) => {}
        }
    }
    tried
}
