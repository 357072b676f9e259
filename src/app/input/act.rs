//! What the keys and the mouse do in a battle: each becomes a command.

use super::*;
use crate::game::battle::{BattleCommand, Hero, HexPos, HotSeat, SeatCommand, Side};
use crate::rules::movement::Gait;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn act(
    actions: Single<&ActionState<Action>>,
    mut selection: ResMut<Selection>,
    seat: Res<HotSeat>,
    heroes: Query<(Entity, &Hero, &HexPos, &Side, &crate::game::battle::Facing)>,
    mut battle_commands: MessageWriter<BattleCommand>,
    mut seat_commands: MessageWriter<SeatCommand>,
    mut screen: ResMut<NextState<crate::game::screens::Screen>>,
    mut paused: ResMut<crate::game::screens::Paused>,
    round: Res<crate::game::round::RoundState>,
    weapons: Query<&crate::game::battle::Weapons>,
    riders: Query<&crate::game::battle::MountedOn>,
    stack_spend: Query<&crate::game::round::StackSpend>,
    mut commands: Commands,
    mounts: Query<(&crate::game::battle::Mount, &crate::game::battle::Facing)>,
    mut last_declarer: Local<Option<Entity>>,
) {
    // The Esc menu: Esc opens and closes it; M in it quits to the main menu.
    if actions.just_pressed(&Action::Quit) {
        paused.0 = !paused.0;
    }
    if paused.0 {
        if actions.just_pressed(&Action::QuitToMenu) {
            paused.0 = false;
            screen.set(crate::game::screens::Screen::MainMenu);
        }
        return;
    }
    if actions.just_pressed(&Action::EndDeclaration) {
        seat_commands.write(if seat.awaiting_handoff {
            SeatCommand::ConfirmHandoff
        } else {
            SeatCommand::EndDeclaration
        });
        selection.hero = None;
    }
    if seat.awaiting_handoff {
        return;
    }
    if actions.just_pressed(&Action::HoldRound) {
        seat_commands.write(SeatCommand::HoldRound);
    }
    let mut own: Vec<_> = heroes.iter().filter(|h| h.3.0 == seat.active).collect();
    own.sort_by(|a, b| a.1.name.cmp(&b.1.name));
    // The hero whose declaration it is comes selected.
    if round.declarer() != *last_declarer {
        *last_declarer = round.declarer();
        if let Some(e) = round.declarer().filter(|e| own.iter().any(|h| h.0 == *e)) {
            selection.hero = Some(e);
        }
    }
    if selection.hero.is_none_or(|e| !own.iter().any(|h| h.0 == e)) {
        selection.hero = own.first().map(|h| h.0);
    }
    if actions.just_pressed(&Action::Select)
        && let Some(h) = selection
            .hovered
            .and_then(|hex| own.iter().find(|x| x.2.0 == hex))
    {
        selection.hero = Some(h.0);
    }
    if actions.just_pressed(&Action::NextHero) && !own.is_empty() {
        let i = own
            .iter()
            .position(|h| Some(h.0) == selection.hero)
            .map_or(0, |i| (i + 1) % own.len());
        selection.hero = Some(own[i].0);
    }
    if actions.just_pressed(&Action::ToggleRun) {
        selection.gait = if selection.gait == Gait::Walk {
            Gait::Run
        } else {
            Gait::Walk
        };
    }
    let Some(hero) = selection.hero else { return };
    let facing = heroes.get(hero).map(|h| h.4.0).unwrap_or(0);
    if actions.just_pressed(&Action::CycleShot) {
        selection.shot = next_shot(selection.shot);
    }
    if actions.just_pressed(&Action::Reload) {
        battle_commands.write(BattleCommand::Reload { hero });
    }
    let enemy_under_cursor = selection.hovered.and_then(|to| {
        heroes
            .iter()
            .find(|h| h.2.0 == to && h.3.0 != seat.active)
            .map(|h| h.0)
    });
    if actions.just_pressed(&Action::ReadyOffHand)
        && let Ok(carried) = weapons.get(hero)
    {
        let n = carried.0.len().max(1);
        let from = carried
            .0
            .iter()
            .position(|w| w.off_hand)
            .map_or(0, |i| i + 1);
        if let Some(next) = (0..n)
            .map(|k| (from + k) % n)
            .find(|&i| !carried.0[i].ready)
        {
            battle_commands.write(BattleCommand::ReadyOffHand { hero, weapon: next });
        }
    }
    if actions.just_pressed(&Action::ShootOffHand)
        && let Some(target) = enemy_under_cursor
    {
        battle_commands.write(BattleCommand::ShootOffHand {
            hero,
            target,
            kind: selection.shot,
        });
    }
    if actions.just_pressed(&Action::ToggleFan) {
        selection.fan = !selection.fan;
    }
    if actions.just_pressed(&Action::CycleAttack) {
        selection.attack = selection.attack.next();
    }
    if actions.just_pressed(&Action::ToggleCareful) {
        selection.careful = !selection.careful;
    }
    if actions.just_pressed(&Action::MeleeAttack)
        && let Some(target) = enemy_under_cursor
    {
        battle_commands.write(BattleCommand::Melee {
            hero,
            target,
            attack: selection.attack,
            careful: selection.careful,
            times: 1,
        });
    }
    if actions.just_pressed(&Action::Block) {
        battle_commands.write(BattleCommand::Block { hero });
    }
    if actions.just_pressed(&Action::Dodge) {
        let at = heroes.get(hero).map(|h| h.2.0).ok();
        let toward = match (at, selection.hovered) {
            (Some(a), Some(b)) if a != b => crate::rules::hexmap::hexside_toward(a, b),
            _ => facing,
        };
        battle_commands.write(BattleCommand::Dodge { hero, toward });
    }
    if actions.just_pressed(&Action::StackSpend)
        && let Ok((_, h, ..)) = heroes.get(hero)
    {
        let level = h.skills.get("Quick Draw").copied().unwrap_or(0);
        let now = stack_spend.get(hero).map_or(0, |s| s.0);
        let next = if now >= level { 0 } else { now + 1 };
        commands
            .entity(hero)
            .insert(crate::game::round::StackSpend(next));
    }
    if actions.just_pressed(&Action::MountOrDismount) {
        battle_commands.write(if riders.get(hero).is_ok() {
            BattleCommand::Dismount { hero }
        } else {
            BattleCommand::MountUp { hero }
        });
    }
    if actions.just_pressed(&Action::Escape) {
        battle_commands.write(BattleCommand::Escape { hero });
    }
    if actions.just_pressed(&Action::Disengage)
        && let Some(to) = selection.hovered
    {
        battle_commands.write(BattleCommand::Disengage { hero, to });
    }
    if actions.just_pressed(&Action::AddToSeries)
        && let Some(target) = enemy_under_cursor
        && selection.series.len() < crate::rules::ranged::MAX_SHOTS
    {
        let kind = selection.shot;
        selection.series.push((target, kind));
    }
    if actions.just_pressed(&Action::FireSeries) && !selection.series.is_empty() {
        let mut shots = [None; crate::rules::ranged::MAX_SHOTS];
        for (i, s) in selection.series.drain(..).enumerate() {
            shots[i] = Some(s);
        }
        battle_commands.write(BattleCommand::Series {
            hero,
            shots,
            fan: selection.fan,
        });
    }
    // Right click: shoot the enemy under the cursor, or move there.
    if actions.just_pressed(&Action::MoveHere)
        && let Some(to) = selection.hovered
    {
        let enemy = heroes
            .iter()
            .find(|h| h.2.0 == to && h.3.0 != seat.active)
            .map(|h| h.0);
        battle_commands.write(match enemy {
            Some(target) => BattleCommand::Shoot {
                hero,
                target,
                kind: selection.shot,
            },
            None => BattleCommand::Move {
                hero,
                to,
                gait: selection.gait,
            },
        });
    }
    // A rider's turns steer the mount.
    let mount = riders.get(hero).ok().and_then(|m| mounts.get(m.0).ok());
    for (action, by) in [(Action::TurnLeft, 1), (Action::TurnRight, 5)] {
        if !actions.just_pressed(&action) {
            continue;
        }
        battle_commands.write(match mount {
            Some((_, heading)) => BattleCommand::Steer {
                hero,
                facing: (heading.0 + by) % 6,
            },
            None => BattleCommand::Face {
                hero,
                facing: (facing + by) % 6,
            },
        });
    }
    if actions.just_pressed(&Action::Rein)
        && let Some((m, _)) = mount
    {
        let speed = if m.speed > 0 { 0 } else { m.best_speed };
        battle_commands.write(BattleCommand::Rein { hero, speed });
    }
    if actions.just_pressed(&Action::DropProne) {
        battle_commands.write(BattleCommand::DropProne { hero });
    }
    if actions.just_pressed(&Action::StandUp) {
        battle_commands.write(BattleCommand::StandUp { hero });
    }
    if actions.just_pressed(&Action::DuckBehindCover) {
        battle_commands.write(BattleCommand::DuckBehindCover { hero });
    }
    if actions.just_pressed(&Action::EmergeFromCover) {
        battle_commands.write(BattleCommand::EmergeFromCover { hero });
    }
    if actions.just_pressed(&Action::ReadyWeapon)
        && let Ok(carried) = weapons.get(hero)
    {
        let n = carried.0.len().max(1);
        let next = carried
            .0
            .iter()
            .position(|w| w.ready)
            .map_or(0, |i| (i + 1) % n);
        battle_commands.write(BattleCommand::Ready { hero, weapon: next });
    }
    if actions.just_pressed(&Action::Cock) {
        battle_commands.write(BattleCommand::Cock { hero });
    }
    if actions.just_pressed(&Action::WorkObjective) {
        battle_commands.write(BattleCommand::WorkObjective { hero, objective: 0 });
    }
}
