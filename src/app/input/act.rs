//! What the keys and the mouse do in a battle: each becomes an `Intent` (or a choice kept in
//! the `Selection` until it is sent).

use super::bindings::BattleAction;
use super::clicks::BattleInput;
use super::selection::{PlanOffer, QueuedPlan, Selection, next_shot, wants_a_hero};
use crate::app::hotseat::HotSeat;
use crate::app::state::{Pause, Screen};
use crate::rules::bonus::Spend;
use crate::rules::movement::{Gait, turned};
use crate::sim::intent::{Action, HeroId, Intent};
use crate::sim::model::{
    BonusArmed, Committed, Down, Facing, Hero, HexPos, Mount, MountedOn, PoolChoices, RoundState,
    Side, Weapons,
};
use bevy::prelude::*;

/// Esc opens and closes the Esc menu; in it, M quits to the main menu.
pub(super) fn pause_keys(
    actions: BattleInput,
    pause: Res<State<Pause>>,
    mut next_pause: ResMut<NextState<Pause>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let paused = *pause.get() == Pause::Paused;
    if actions.just_pressed(BattleAction::Quit) {
        next_pause.set(if paused {
            Pause::Running
        } else {
            Pause::Paused
        });
    }
    if paused && actions.just_pressed(BattleAction::QuitToMenu) {
        screen.set(Screen::MainMenu);
    }
}

pub(super) fn act(
    actions: BattleInput,
    pause: Res<State<Pause>>,
    mut selection: ResMut<Selection>,
    mut seat: ResMut<HotSeat>,
    heroes: Query<(Entity, &Hero, &HexPos, &Side, &Facing, &HeroId)>,
    mut intents: MessageWriter<Intent>,
    round: Res<RoundState>,
    weapons: Query<&Weapons>,
    riders: Query<&MountedOn>,
    stack_spend: Query<&crate::sim::model::StackSpend>,
    mounts: Query<(&Mount, &Facing)>,
    offer: Res<PlanOffer>,
    mut plan: ResMut<QueuedPlan>,
    pending: (
        Option<Res<crate::sim::model::PendingBumps>>,
        Option<Res<crate::sim::model::PendingSnap>>,
    ),
    battle: Res<crate::sim::model::Battle>,
    choices: (
        Query<&PoolChoices>,
        Query<&BonusArmed>,
        Query<&Committed>,
        Query<&Down>,
    ),
) {
    // A hit waits for its bumps to be spent (the HUD's box takes that choice).
    if *pause.get() == Pause::Paused || pending.0.is_some() || pending.1.is_some() {
        return;
    }
    // A button that wants a hero on the map was clicked: this left click on the map picks it
    // (a right click lets it go).
    let picked = match selection.pick {
        Some(p) if actions.just_pressed(BattleAction::Select) && selection.hovered.is_some() => {
            selection.pick = None;
            Some(p)
        }
        Some(_) if actions.just_pressed(BattleAction::MoveHere) => {
            selection.pick = None;
            return;
        }
        _ => None,
    };
    let pressed = |a: BattleAction| actions.just_pressed(a) || picked == Some(a);
    let declarer = round
        .declarer()
        .and_then(|e| heroes.get(e).ok().map(|h| *h.5));
    if actions.just_pressed(BattleAction::EndDeclaration) {
        if seat.awaiting_handoff {
            seat.awaiting_handoff = false;
        } else if let Some(hero) = declarer {
            intents.write(Intent::Pass { hero });
            plan.drop_hero(hero);
            selection.note = None;
        }
        selection.hero = None;
        selection.pick = None;
        selection.blows.clear();
    }
    if seat.awaiting_handoff {
        return;
    }
    if actions.just_pressed(BattleAction::HoldRound)
        && let Some(hero) = declarer
    {
        intents.write(Intent::Hold { hero });
        plan.drop_hero(hero);
    }
    let Some(active) = seat.desk_side(&battle.level) else {
        return;
    };
    let mut own: Vec<_> = heroes.iter().filter(|h| h.3.0 == active).collect();
    own.sort_by(|a, b| a.1.name.cmp(&b.1.name));
    // While a hero of the desk declares, it is the selected hero: the bar, the previews and
    // every click are for it. Between its declarations the player may select another.
    let own_declarer = round.declarer().filter(|e| own.iter().any(|h| h.0 == *e));
    if let Some(e) = own_declarer {
        selection.hero = Some(e);
        // Another hero of the side clicked (or Tab) while this one declares: say why the
        // selection stays.
        let other = actions.just_pressed(BattleAction::Select)
            && picked.is_none()
            && selection.pick.is_none()
            && selection
                .hovered
                .and_then(|hex| own.iter().find(|x| x.2.0 == hex))
                .is_some_and(|h| h.0 != e);
        if other || actions.just_pressed(BattleAction::NextHero) {
            let name = heroes.get(e).map_or(String::new(), |h| h.1.name.clone());
            selection.note = Some((
                e,
                format!(
                    "It is {name}'s declaration now: your other heroes declare in their turn, by Quickness"
                ),
            ));
        }
    } else if selection.hero.is_none_or(|e| !own.iter().any(|h| h.0 == e)) {
        selection.hero = own.first().map(|h| h.0);
    }
    if own_declarer.is_none()
        && picked.is_none()
        && selection.pick.is_none()
        && actions.just_pressed(BattleAction::Select)
        && let Some(h) = selection
            .hovered
            .and_then(|hex| own.iter().find(|x| x.2.0 == hex))
    {
        selection.hero = Some(h.0);
    }
    if own_declarer.is_none() && actions.just_pressed(BattleAction::NextHero) && !own.is_empty() {
        let i = own
            .iter()
            .position(|h| Some(h.0) == selection.hero)
            .map_or(0, |i| (i + 1) % own.len());
        selection.hero = Some(own[i].0);
    }
    if actions.just_pressed(BattleAction::ToggleRun) {
        selection.gait = if selection.gait == Gait::Walk {
            Gait::Run
        } else {
            Gait::Walk
        };
    }
    let Some(entity) = selection.hero else { return };
    let Ok((_, h, at, _, facing, &hero)) = heroes.get(entity) else {
        return;
    };
    let (at, facing) = (at.0, facing.0);
    let id_of = |e: Entity| heroes.get(e).ok().map(|h| *h.5);
    let mut out: Vec<Intent> = Vec::new();
    if actions.just_pressed(BattleAction::CycleShot) {
        selection.shot = next_shot(selection.shot);
    }
    if actions.just_pressed(BattleAction::Reload) {
        out.push(Intent::Declare(Action::Reload { hero }));
    }
    let enemy_under_cursor = selection.hovered.and_then(|to| {
        heroes
            .iter()
            .find(|h| h.2.0 == to && h.3.0 != active)
            .map(|h| *h.5)
    });
    let ally_under_cursor = selection.hovered.and_then(|to| {
        heroes
            .iter()
            .find(|h| h.2.0 == to && h.3.0 == active && h.0 != entity)
            .map(|h| (h.0, *h.5))
    });
    // A button for a hero on the map, clicked (or its key pressed) with nobody fitting
    // pointed at: the next click on the map picks the hero.
    for action in [
        BattleAction::MeleeAttack,
        BattleAction::AddBlow,
        BattleAction::ShootOffHand,
        BattleAction::AddToSeries,
        BattleAction::Sabotage,
        BattleAction::BackUp,
        BattleAction::Revive,
    ] {
        if !actions.just_pressed(action) || wants_a_hero(action).is_none() {
            continue;
        }
        let ally = matches!(action, BattleAction::BackUp | BattleAction::Revive);
        let fits = if ally {
            ally_under_cursor.is_some()
        } else {
            enemy_under_cursor.is_some()
        };
        if !fits {
            selection.pick = if selection.pick == Some(action) {
                None
            } else {
                Some(action)
            };
        }
    }
    let (pool_choices, armed, committed, down) = choices;
    if pressed(BattleAction::Venture) {
        let now = pool_choices.get(entity).map_or(0, |c| c.venture);
        let tokens = (now + 1) % (crate::rules::dice_pool::MAX_VENTURE + 1);
        out.push(Intent::Venture { hero, tokens });
    }
    if pressed(BattleAction::SpendWill) {
        let now = pool_choices.get(entity).is_ok_and(|c| c.will);
        out.push(Intent::Will { hero, spend: !now });
    }
    if pressed(BattleAction::BonusSpend) {
        let spend = match armed.get(entity).ok().map(|a| a.0) {
            None => Some(Spend::RightOn),
            Some(Spend::RightOn) => Some(Spend::Aces),
            Some(_) => None,
        };
        out.push(Intent::Bonus { hero, spend });
    }
    if pressed(BattleAction::BackUp)
        && let Some((_, ally)) = ally_under_cursor
    {
        out.push(Intent::Declare(Action::BackUp { hero, ally }));
    }
    if pressed(BattleAction::Revive)
        && let Some((e, target)) = ally_under_cursor
        && down.get(e).is_ok_and(|d| d.0)
    {
        out.push(Intent::Declare(Action::Revive { hero, target }));
    }
    if pressed(BattleAction::Sabotage)
        && let Some(target) = enemy_under_cursor
    {
        out.push(Intent::Declare(Action::Sabotage {
            hero,
            target,
            kind: selection.shot,
        }));
    }
    if pressed(BattleAction::SpeedLoad) {
        out.push(Intent::Declare(Action::SpeedLoad { hero }));
    }
    if pressed(BattleAction::AddBlow)
        && let Some(target) = enemy_under_cursor
        && selection.blows.len() < crate::rules::melee::MAX_ATTACKS as usize
        && let Some(e) = heroes.iter().find(|x| *x.5 == target).map(|x| x.0)
    {
        let (attack, careful) = (selection.attack, selection.careful);
        selection.blows.push((e, attack, careful));
    }
    if pressed(BattleAction::StrikeBlows) && !selection.blows.is_empty() {
        let blows = selection
            .blows
            .drain(..)
            .filter_map(|(e, attack, careful)| id_of(e).map(|t| (t, attack, careful)))
            .collect();
        out.push(Intent::Declare(Action::MeleeSeries { hero, blows }));
    }
    if pressed(BattleAction::Rush)
        && let Ok(c) = committed.get(entity)
    {
        out.push(Intent::Rush(c.0.clone()));
    }
    if actions.just_pressed(BattleAction::ReadyOffHand)
        && let Ok(carried) = weapons.get(entity)
    {
        let n = carried.0.len().max(1);
        let from = carried
            .0
            .iter()
            .position(|w| w.off_hand)
            .map_or(0, |i| i + 1);
        if let Some(next) = (0..n)
            .map(|k| (from + k) % n)
            .find(|&i| carried.0.get(i).is_some_and(|w| !w.ready))
        {
            out.push(Intent::Declare(Action::ReadyOffHand { hero, weapon: next }));
        }
    }
    if pressed(BattleAction::ShootOffHand)
        && let Some(target) = enemy_under_cursor
    {
        out.push(Intent::Declare(Action::ShootOffHand {
            hero,
            target,
            kind: selection.shot,
        }));
    }
    if actions.just_pressed(BattleAction::ToggleFan) {
        selection.fan = !selection.fan;
    }
    if actions.just_pressed(BattleAction::CycleAttack) {
        selection.attack = selection.attack.next();
    }
    if actions.just_pressed(BattleAction::ToggleCareful) {
        selection.careful = !selection.careful;
    }
    if pressed(BattleAction::MeleeAttack)
        && let Some(target) = enemy_under_cursor
    {
        out.push(Intent::Declare(Action::Melee {
            hero,
            target,
            attack: selection.attack,
            careful: selection.careful,
            times: 1,
        }));
    }
    if actions.just_pressed(BattleAction::Block) {
        out.push(Intent::Declare(Action::Block { hero }));
    }
    if actions.just_pressed(BattleAction::Dodge) {
        let toward = match selection.hovered {
            Some(b) if b != at => crate::rules::hexmap::hexside_toward(at, b),
            _ => facing,
        };
        out.push(Intent::Declare(Action::Dodge { hero, toward }));
    }
    if actions.just_pressed(BattleAction::StackSpend) {
        let level = h.skills.get("Quick Draw").copied().unwrap_or(0);
        let now = stack_spend.get(entity).map_or(0, |s| s.0);
        let ap = if now >= level { 0 } else { now + 1 };
        out.push(Intent::StackSpend { hero, ap });
    }
    if actions.just_pressed(BattleAction::MountOrDismount) {
        out.push(Intent::Declare(if riders.get(entity).is_ok() {
            Action::Dismount { hero }
        } else {
            Action::MountUp { hero }
        }));
    }
    if actions.just_pressed(BattleAction::Escape) {
        out.push(Intent::Declare(Action::Escape { hero }));
    }
    if actions.just_pressed(BattleAction::Disengage)
        && let Some(to) = selection.hovered
    {
        out.push(Intent::Declare(Action::Disengage { hero, to }));
    }
    if pressed(BattleAction::AddToSeries)
        && let Some(target) = enemy_under_cursor
        && selection.series.len() < crate::rules::ranged::MAX_SHOTS
    {
        let kind = selection.shot;
        if let Some(e) = heroes.iter().find(|x| *x.5 == target).map(|x| x.0) {
            selection.series.push((e, kind));
        }
    }
    if actions.just_pressed(BattleAction::FireSeries) && !selection.series.is_empty() {
        let shots = selection
            .series
            .drain(..)
            .filter_map(|(e, kind)| id_of(e).map(|t| (t, kind)))
            .collect();
        out.push(Intent::Declare(Action::Series {
            hero,
            shots,
            fan: selection.fan,
        }));
    }
    // Right click: shoot the enemy under the cursor (drawing and cocking first, as one queued
    // plan, when the weapon is not ready), or move there.
    let queue = offer.target.is_some() && offer.target == selection.hovered;
    if actions.just_pressed(BattleAction::MoveHere)
        && queue
        && enemy_under_cursor.is_some()
        && offer.steps.first().is_some_and(|s| s.hero() == hero)
    {
        if offer.fires_in.is_some() {
            plan.queue(hero, offer.steps.iter().cloned(), offer.what.clone());
        } else {
            // A plan its own hero cannot pay this round is not started: its first steps would
            // spend AP for a shot that never comes.
            selection.note = Some((
                entity,
                format!(
                    "Not queued: {} ({} AP) cannot be paid this round",
                    offer.what, offer.ap
                ),
            ));
        }
    } else if actions.just_pressed(BattleAction::MoveHere)
        && let Some(to) = selection.hovered
    {
        out.push(Intent::Declare(match enemy_under_cursor {
            Some(target) => Action::Shoot {
                hero,
                target,
                kind: selection.shot,
            },
            None => Action::Move {
                hero,
                to,
                gait: selection.gait,
            },
        }));
    }
    // A rider's turns steer the mount.
    let mount = riders.get(entity).ok().and_then(|m| mounts.get(m.0).ok());
    for (action, by) in [(BattleAction::TurnLeft, 1), (BattleAction::TurnRight, -1)] {
        if !actions.just_pressed(action) {
            continue;
        }
        out.push(Intent::Declare(match mount {
            Some((_, heading)) => Action::Steer {
                hero,
                facing: turned(heading.0, by),
            },
            None => Action::Face {
                hero,
                facing: turned(facing, by),
            },
        }));
    }
    if actions.just_pressed(BattleAction::Rein)
        && let Some((m, _)) = mount
    {
        let speed = if m.speed > 0 { 0 } else { m.best_speed };
        out.push(Intent::Declare(Action::Rein { hero, speed }));
    }
    if actions.just_pressed(BattleAction::DropProne) {
        out.push(Intent::Declare(Action::DropProne { hero }));
    }
    if actions.just_pressed(BattleAction::StandUp) {
        out.push(Intent::Declare(Action::StandUp { hero }));
    }
    if actions.just_pressed(BattleAction::DuckBehindCover) {
        out.push(Intent::Declare(Action::DuckBehindCover { hero }));
    }
    if actions.just_pressed(BattleAction::EmergeFromCover) {
        out.push(Intent::Declare(Action::EmergeFromCover { hero }));
    }
    if actions.just_pressed(BattleAction::ReadyWeapon)
        && let Ok(carried) = weapons.get(entity)
    {
        let n = carried.0.len().max(1);
        let next = carried
            .0
            .iter()
            .position(|w| w.ready)
            .map_or(0, |i| (i + 1) % n);
        out.push(Intent::Declare(Action::Ready { hero, weapon: next }));
    }
    if actions.just_pressed(BattleAction::Cock) {
        out.push(Intent::Declare(Action::Cock { hero }));
    }
    if actions.just_pressed(BattleAction::WorkObjective) {
        out.push(Intent::Declare(Action::WorkObjective {
            hero,
            objective: 0,
        }));
    }
    // Rushing: once the segment's declarations are made, an action's key rushes it.
    if round.rush_window == Some(round.now()) {
        for intent in &mut out {
            if let Intent::Declare(action) = intent {
                *intent = Intent::Rush(action.clone());
            }
        }
    }
    if out
        .iter()
        .any(|i| matches!(i, Intent::Declare(_) | Intent::Rush(_)))
    {
        selection.pick = None;
    }
    // A declaration of the hero's own takes the place of its plan, and of any word about it.
    for intent in &out {
        plan.drop_hero(intent.hero());
    }
    if !out.is_empty() {
        selection.note = None;
    }
    intents.write_batch(out);
}

/// The queued plan's next step, when its hero declares (one declaration each time).
pub(super) fn send_plan(
    pause: Res<State<Pause>>,
    seat: Res<HotSeat>,
    round: Res<RoundState>,
    ids: Query<&HeroId>,
    mut plan: ResMut<QueuedPlan>,
    mut outcomes: MessageReader<crate::sim::Outcome>,
    mut intents: MessageWriter<Intent>,
) {
    // A step refused: that hero's plan is off (the panel says why).
    for outcome in outcomes.read() {
        if let crate::sim::Outcome::Refused { hero, .. } = outcome {
            plan.drop_hero(*hero);
        }
    }
    if plan.0.is_empty() || *pause.get() == Pause::Paused || seat.awaiting_handoff {
        return;
    }
    let Some(hero) = round.declarer().and_then(|e| ids.get(e).ok()).copied() else {
        return;
    };
    if let Some(step) = plan.next_step(hero) {
        intents.write(Intent::Declare(step));
    }
}
