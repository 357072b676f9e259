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

/// Why no hero of the desk may declare now, if so.
fn not_now(world: &World, seat: &HotSeat, hero: Option<Entity>) -> Option<String> {
    let declarer = world.resource::<RoundState>().declarer();
    // Whose turn: the selected hero's own declaration, by a human seat.
    let human_side = |e: Entity| {
        let side = world.get::<Side>(e).map(|s| s.0);
        let mut q = world.try_query::<&SideInfo>();
        q.as_mut().is_some_and(|q| {
            q.iter(world)
                .any(|i| Some(i.index) == side && i.control == Control::Human)
        })
    };
    match (declarer, hero) {
        _ if seat.awaiting_handoff => Some("The seat is being handed over".into()),
        (None, _) => Some("Nobody declares now: the segment's actions resolve".into()),
        (Some(d), _) if !human_side(d) => Some(format!(
            "It is {}'s declaration (the computer's)",
            query::hero_name(world, d)
        )),
        (Some(d), Some(h)) if d != h => Some(format!(
            "It is {}'s declaration: select that hero",
            query::hero_name(world, d)
        )),
        (_, None) => Some("No hero selected".into()),
        _ => None,
    }
}

/// Whom the bar's buttons are priced at: what is pointed at, else the nearest enemy, the
/// first foe within a pace, and each ally a revive or a backing up could be for.
struct Aims {
    pointed: Aim,
    nearest: Option<Entity>,
    engaged: Option<Entity>,
    fallen: Vec<Entity>,
    allies: Vec<Entity>,
}

impl Aims {
    fn of(world: &World, hero: Entity, hovered: Option<hexx::Hex>) -> Aims {
        let side = query::side_of(world, hero);
        let ally = hero_pointed(world, hovered, side, true).filter(|&a| a != hero);
        let allies: Vec<Entity> = query::heroes(world)
            .into_iter()
            .filter(|&a| a != hero && query::side_of(world, a) == side)
            .collect();
        Aims {
            pointed: Aim {
                enemy: hero_pointed(world, hovered, side, false),
                ally,
                hex: hovered,
            },
            nearest: query::position(world, hero).and_then(|at| {
                query::enemies_by_distance(world, side, at)
                    .first()
                    .map(|&(_, f)| f)
            }),
            engaged: query::engaged_foes(world, hero).first().copied(),
            fallen: allies
                .iter()
                .copied()
                .filter(|&a| crate::sim::actions::aid::revivable(world, a))
                .collect(),
            allies,
        }
    }

    /// The aims a button is priced at, in order: the first the simulation accepts is shown.
    fn for_action(&self, action: BattleAction) -> Vec<Aim> {
        let with_enemy = |enemy| Aim {
            enemy,
            ..self.pointed
        };
        let each_ally = |others: &[Entity]| -> Vec<Aim> {
            let allies: Vec<Entity> = match self.pointed.ally {
                Some(one) => vec![one],
                None => others.to_vec(),
            };
            let aims: Vec<Aim> = allies
                .into_iter()
                .map(|a| Aim {
                    ally: Some(a),
                    ..self.pointed
                })
                .collect();
            if aims.is_empty() {
                vec![self.pointed]
            } else {
                aims
            }
        };
        match action {
            BattleAction::ShootOffHand | BattleAction::Sabotage => {
                vec![with_enemy(self.pointed.enemy.or(self.nearest))]
            }
            BattleAction::MeleeAttack => vec![with_enemy(self.pointed.enemy.or(self.engaged))],
            BattleAction::Revive => each_ally(&self.fallen),
            BattleAction::BackUp => each_ally(&self.allies),
            _ => vec![self.pointed],
        }
    }
}

/// The button a toggle shows now: emerge when ducked, stand when prone.
fn shown_action(world: &World, hero: Entity, action: BattleAction) -> BattleAction {
    match action {
        BattleAction::DuckBehindCover if world.get::<BehindCover>(hero).is_some_and(|b| b.0) => {
            BattleAction::EmergeFromCover
        }
        BattleAction::DropProne if world.get::<Prone>(hero).is_some_and(|p| p.0) => {
            BattleAction::StandUp
        }
        other => other,
    }
}

/// What each button of the bar would send for `hero` (`desk_intent`, the door the keys use),
/// at each of its aims.
fn intents_of_bar(
    world: &mut World,
    selection: &Selection,
    keys: &Bindings,
    hero: Entity,
) -> Vec<Vec<Option<Result<Intent, Refusal>>>> {
    let aims = Aims::of(world, hero, selection.hovered);
    let mut desk = SystemState::<DeskView>::new(world);
    let Ok(view) = desk.get(world) else {
        return vec![Vec::new(); BAR.len()];
    };
    BAR.iter()
        .map(|&(action, ..)| {
            let action = shown_action(world, hero, action);
            aims.for_action(action)
                .into_iter()
                .map(|aim| desk_intent(&view, selection, keys, hero, action, aim))
                .collect()
        })
        .collect()
}

fn bar_view(world: &mut World) -> BarView {
    let keys = world.resource::<Bindings>().clone();
    let Some(selection) = world.get_resource::<Selection>().cloned() else {
        return BarView::default();
    };
    let seat = world.get_resource::<HotSeat>().cloned().unwrap_or_default();
    let options = world.resource::<RoundOptions>().clone();
    let not_now = not_now(world, &seat, selection.hero);
    let hero = selection.hero.filter(|&e| world.get::<HeroId>(e).is_some());
    let intents = match hero {
        Some(e) => intents_of_bar(world, &selection, &keys, e),
        None => vec![Vec::new(); BAR.len()],
    };
    let mut out = Vec::new();
    for ((action, name, tip, _), sent) in BAR.into_iter().zip(intents) {
        let mut state = BarState {
            action,
            name: name.to_string(),
            hint: key(&keys, action),
            tip: tip.to_string(),
            enabled: true,
            lit: selection.pick == Some(action),
            shown: match action {
                BattleAction::Venture | BattleAction::SpendWill => {
                    options.check.system == Resolution::DicePool
                }
                BattleAction::Rush => options.rushing,
                _ => true,
            },
            priced: None,
        };
        selection_choice(&selection, &mut state);
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
        if let Some(e) = hero {
            describe(world, e, &selection, &keys, &mut state);
            price_button(world, e, &keys, &mut state, sent);
        }
        let picking = selection.pick == Some(action);
        state.lit |= picking;
        // A button for a hero on the map: how to pick it (said last).
        if state.enabled
            && let Some(who) = wants_a_hero(action)
        {
            let hint = if picking {
                format!(
                    "Click {who} on the map ({}: let go).",
                    keys.key(BattleAction::MoveHere)
                )
            } else {
                format!(
                    "Point at {who} and press {} (or click here, then on the map).",
                    keys.key(action)
                )
            };
            state.tip = format!("{}\n{hint}", state.tip);
        }
        out.push(state);
    }
    BarView(out)
}

/// The choices kept in the selection: always usable, named and lit as they stand.
fn selection_choice(selection: &Selection, state: &mut BarState) {
    match state.action {
        BattleAction::ToggleRun => {
            state.name = match selection.gait {
                Gait::Walk => "Walk".into(),
                Gait::Run => "Run".into(),
            };
            state.lit = selection.gait == Gait::Run;
        }
        // Short enough for the button: "aimed (2 aims)" ran out of it.
        BattleAction::CycleShot => {
            state.name = match selection.shot {
                crate::rules::ranged::ShotKind::Aimed(n) if n > 1 => format!("aimed \u{d7}{n}"),
                kind => kind.name().replace(" shot", ""),
            }
        }
        BattleAction::ToggleFan => state.lit = selection.fan,
        BattleAction::CycleAttack => state.name = selection.attack.name().replace(" attack", ""),
        BattleAction::ToggleCareful => state.lit = selection.careful,
        _ => {}
    }
}

/// What a button says of the hero as it stands: the toggles' sides, what is gathered, the
/// choices of the dice pool and the bonus counter, the stack spend and the rush.
fn describe(
    world: &World,
    e: Entity,
    selection: &Selection,
    keys: &Bindings,
    state: &mut BarState,
) {
    let action = state.action;
    let tip = state.tip.clone();
    let hero_name = query::hero_name(world, e);
    match action {
        BattleAction::DuckBehindCover | BattleAction::DropProne => {
            let shown = shown_action(world, e, action);
            if shown != action {
                state.action = shown;
                state.name = if shown == BattleAction::StandUp {
                    "Stand"
                } else {
                    "Emerge"
                }
                .into();
                state.hint = key(keys, shown);
            }
        }
        BattleAction::MountOrDismount if world.get::<MountedOn>(e).is_some() => {
            state.name = "Dismount".into();
        }
        BattleAction::Rein | BattleAction::ReadyWeapon => what_it_takes(world, e, state),
        // A jammed gun in hand: the button clears the jam, and says so (a play-test looked for
        // a way to clear it under "Load").
        BattleAction::Reload
            if query::weapon_in_hand(world, e).is_some_and(|(_, w, _)| w.jammed) =>
        {
            state.name = "Clear jam".into();
        }
        BattleAction::TakeOrDrop if !crate::sim::counters::carried(world, e).is_empty() => {
            state.name = "Drop".into();
        }
        BattleAction::AddToSeries | BattleAction::ToggleFan => {
            if action == BattleAction::AddToSeries {
                state.hint = format!("{}  {}", state.hint, selection.series.len());
            }
            // A series or a fan is fired from a gun in hand: with none, the button would
            // gather shots that Fire then refuses (a play-test's "Series declared ... (Z:
            // fire)" with Z grey).
            let gun = [false, true]
                .into_iter()
                .any(|off| query::weapon_in(world, e, off).is_some_and(|(_, _, w)| w.is_ranged()));
            if !gun
                && selection.series.is_empty()
                && !(action == BattleAction::ToggleFan && selection.fan)
            {
                state.enabled = false;
                state.tip = format!(
                    "{tip}.\n{hero_name} holds no gun: ready one first ({}).",
                    keys.key(BattleAction::ReadyWeapon)
                );
            }
        }
        BattleAction::AddBlow => {
            state.hint = format!("{}  {}", state.hint, selection.blows.len());
            if query::engaged_foes(world, e).is_empty() && selection.blows.is_empty() {
                state.enabled = false;
                state.tip = format!("{tip}.\nNo foe within a pace of {hero_name}.");
            } else if selection.blows.len() >= crate::rules::melee::MAX_ATTACKS as usize {
                state.enabled = false;
                state.tip = format!(
                    "{tip}.\nA series holds {} blows at most.",
                    crate::rules::melee::MAX_ATTACKS
                );
            }
        }
        BattleAction::Venture | BattleAction::SpendWill => dice_pool_choice(world, e, keys, state),
        BattleAction::BonusSpend => bonus_choice(world, e, keys, state),
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
        }
        BattleAction::Rush => state.lit = crate::sim::round::rush_window_open(world),
        _ => {}
    }
}

/// What Rein and Ready do, said before they are pressed: the pace the mount is reined or
/// spurred to, the weapon taken in hand.
fn what_it_takes(world: &World, e: Entity, state: &mut BarState) {
    match state.action {
        BattleAction::Rein => {
            if let Some(m) = world
                .get::<MountedOn>(e)
                .and_then(|m| world.get::<crate::sim::model::Mount>(m.0))
            {
                let to = crate::app::input::next_rein(m.speed, m.best_speed);
                state.name = if to > m.speed { "Spur on" } else { "Rein in" }.into();
                state.tip = format!(
                    "{} {}: {} to {to} paces a round (of {} at best)",
                    state.name, m.name, m.speed, m.best_speed
                );
            }
        }
        BattleAction::ReadyWeapon => {
            if let Some(w) = world.get::<crate::sim::model::Weapons>(e)
                && let Some(next) = w.0.get(crate::app::input::next_to_ready(&w.0))
            {
                state.tip = if next.ready {
                    format!("The {} is in hand already", next.name)
                } else if next.holstered {
                    format!("Draw the holstered {}", next.name)
                } else {
                    format!("Take the {} in hand", next.name)
                };
            }
        }
        _ => {}
    }
}

/// Venturing and spending Will (the dice pool): how many, how much is left.
fn dice_pool_choice(world: &World, e: Entity, keys: &Bindings, state: &mut BarState) {
    let tip = state.tip.clone();
    let hero_name = query::hero_name(world, e);
    if state.action == BattleAction::Venture {
        let n = world.get::<PoolChoices>(e).map_or(0, |c| c.venture);
        state.name = format!("Vent. {n}");
        state.lit = n > 0;
        state.tip = format!(
            "{tip}.\n{hero_name} ventures {n} on the next check ({} cycles 0-3).",
            keys.key(state.action)
        );
        return;
    }
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
}

/// The bonus counter: held or not, and what it is set for.
fn bonus_choice(world: &World, e: Entity, keys: &Bindings, state: &mut BarState) {
    let tip = state.tip.clone();
    let hero_name = query::hero_name(world, e);
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
            keys.key(state.action)
        );
    }
}

/// A button's AP and when its action resolves, priced by the simulation; greyed with the
/// refusal when it cannot be declared. Of several aims, the first the simulation accepts.
fn price_button(
    world: &mut World,
    e: Entity,
    keys: &Bindings,
    state: &mut BarState,
    sent: Vec<Option<Result<Intent, Refusal>>>,
) {
    let mut first_refusal = None;
    for intent in sent.into_iter().flatten() {
        let declared = match &intent {
            Ok(Intent::Declare(a) | Intent::Rush(a)) => a.clone(),
            // A choice, not a declaration: nothing to price.
            Ok(_) => return,
            Err(why) => {
                first_refusal.get_or_insert(why.clone());
                continue;
            }
        };
        match price(world, &declared) {
            Ok(p) => {
                state.priced = intent.ok();
                return show_price(world, e, keys, state, &declared, p.ap);
            }
            Err(why) => {
                first_refusal.get_or_insert(why);
            }
        }
    }
    if let Some(why) = first_refusal {
        state.enabled = false;
        state.tip = format!("{}.\n{}", state.tip, capitalised(&keys.refusal(&why)));
    }
}

/// The AP of a button and when it resolves (or, in the rush window, what rushing it costs).
fn show_price(
    world: &mut World,
    e: Entity,
    keys: &Bindings,
    state: &mut BarState,
    declared: &Action,
    ap: u32,
) {
    let track = world.get::<Track>(e).map(|t| t.0.clone());
    let left = track.as_ref().map_or(0, |t| t.left());
    let now = world.resource::<RoundState>().segment.max(1);
    state.hint = format!("{}  {ap} AP", state.hint);
    if crate::sim::round::rush_window_open(world) {
        // Rushed now: priced by the rush window's own rules.
        match crate::sim::round::price_rush(world, e, declared) {
            Ok((_, _, r)) => {
                state.tip = format!(
                    "{}: rushed now, {} AP from the track and {} from the pool (+{} on the stack; the Rush Tax is its card's Step).",
                    state.tip, r.from_track, r.rushed, r.rushed
                )
            }
            Err(why) => {
                state.enabled = false;
                state.tip = format!(
                    "{}.\nThe segment's declarations are made: only a rush now, and {}.",
                    state.tip,
                    keys.refusal(&why)
                );
            }
        }
        return;
    }
    match track
        .as_ref()
        .and_then(|t| resolves_in(t, ap, now, declared.over_rounds()))
    {
        Some(s) => {
            state.tip = format!("{}: {ap} AP, resolves in segment {s}.", state.tip);
            for words in defence_timing(world, declared, s) {
                state.tip = format!("{}\n{words}", state.tip);
            }
        }
        None if declared.over_rounds() => {}
        None => {
            state.enabled = false;
            state.tip = format!(
                "{}.\nNot enough AP: it costs {ap} AP, {left} are left this round.",
                state.tip
            );
        }
    }
}

/// A block's or a dodge's timing against the blows at the hero on the table: each foe's blow,
/// the segment it lands in, and whether the defence, resolving in `segment`, stands in time
/// ("Clem Perkins's blow lands in segment 6, before this: too late for it"). A dodge says too
/// of a blow from a side it does not cover.
fn defence_timing(world: &World, declared: &Action, segment: u32) -> Vec<String> {
    let (hero, dodging) = match declared {
        Action::Block { hero } => (*hero, None),
        Action::Dodge { hero, toward } => (*hero, Some(*toward)),
        _ => return Vec::new(),
    };
    let Some(e) = query::entity(world, hero) else {
        return Vec::new();
    };
    crate::sim::actions::melee::blows_on_the_table(world, e)
        .into_iter()
        .map(|(foe, lands, from)| {
            let name = query::hero_name(world, foe);
            let when = match lands.cmp(&segment) {
                std::cmp::Ordering::Less => "before this: too late for it",
                std::cmp::Ordering::Equal => "the same segment: the initiative stack decides",
                std::cmp::Ordering::Greater => "after this: in time",
            };
            let side = match dodging {
                Some(t) if from != t && from != crate::rules::movement::turned(t, 1) => format!(
                    "; it comes from the {}, a side this dodge does not cover",
                    crate::rules::hexmap::hexside_name(from)
                ),
                _ => String::new(),
            };
            format!("{name}'s blow lands in segment {lands}, {when}{side}")
        })
        .collect()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
