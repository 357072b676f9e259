//! Declarations: the hero whose turn it is declares (paid, committed or refused), the
//! seat follows the declaring hero, and a handoff hides the map between two humans.

use super::*;
use crate::data::level::Control;
use crate::game::battle::{Battle, Down, HotSeat, Side, Track, Wounds};
use crate::game::commands::{BattleCommand, CommandOutcome, declare};
use crate::rules::action_time::Declared;
use bevy::prelude::*;
use serde_json::json;

/// A declaration by the hero whose turn it is.
pub fn handle_command(world: &mut World, command: BattleCommand) {
    let hero = command.hero();
    let refuse = |world: &mut World, reason: String| {
        world.write_message(CommandOutcome::Refused { hero, reason });
    };
    if world.resource::<HotSeat>().awaiting_handoff {
        return refuse(
            world,
            "the map is hidden until the next player takes the seat".into(),
        );
    }
    let state = world.resource::<RoundState>();
    let segment = state.segment;
    match state.declarer() {
        Some(e) if e == hero => {}
        Some(e) => {
            let who = name_of(world, e);
            return refuse(
                world,
                format!("it is {who}'s declaration in segment {segment}"),
            );
        }
        None => return refuse(world, "nobody declares now".into()),
    }
    let name = name_of(world, hero);
    match declare(world, command, segment) {
        Err(reason) => refuse(world, reason),
        Ok((ap, Declared::Paid { lost })) => {
            // "Placing an action onto the stack in this manner costs 1 AP from the pool."
            if !world.resource::<RoundState>().due.is_empty() {
                let from_pool = world
                    .get_mut::<Track>(hero)
                    .map(|mut t| t.0.pay_stack_fee())
                    .unwrap_or(true);
                let whence = if from_pool {
                    "from the pool"
                } else {
                    "from next round's AP"
                };
                log(
                    world,
                    Some(hero),
                    "stack_fee",
                    format!("{name} joins the initiative stack: 1 AP {whence}"),
                    fields(&[("from_pool", json!(from_pool))]),
                );
            }
            let what = command.name().to_string();
            log(
                world,
                Some(hero),
                "declare",
                format!("{name} declares {what} ({ap} AP{})", lost_words(lost)),
                fields(&[
                    ("action", json!(what)),
                    ("ap", json!(ap)),
                    ("lost", json!(lost)),
                ]),
            );
            world.resource_mut::<RoundState>().due.push(command);
            world.write_message(CommandOutcome::Declared {
                hero,
                what,
                ap,
                lost,
            });
            end_turn(world);
        }
        Ok((ap, Declared::Committed { paid })) => {
            let what = command.name().to_string();
            log(
                world,
                Some(hero),
                "commit",
                format!("{name} declares {what} ({ap} AP) and pays {paid} AP toward it"),
                fields(&[
                    ("action", json!(what)),
                    ("ap", json!(ap)),
                    ("paid", json!(paid)),
                ]),
            );
            world.entity_mut(hero).insert(Committed(command));
            world.write_message(CommandOutcome::Committed {
                hero,
                what,
                ap,
                paid,
            });
            end_turn(world);
        }
    }
}

pub(super) fn lost_words(lost: u32) -> String {
    if lost > 0 {
        format!(", {lost} AP lost")
    } else {
        String::new()
    }
}

/// The declaring hero has declared: the next one declares.
pub(super) fn end_turn(world: &mut World) {
    world.resource_mut::<RoundState>().declaring.pop_front();
}

pub(super) fn pass_declaration(world: &mut World) {
    let state = world.resource::<RoundState>();
    if state.declarer().is_some() {
        end_turn(world);
    }
}

pub(super) fn control_of(world: &World, hero: Entity) -> Control {
    let side = world.get::<Side>(hero).map_or(0, |s| s.0);
    world
        .resource::<Battle>()
        .level
        .sides
        .get(side)
        .map_or(Control::Computer, |s| s.control)
}

pub(super) fn may_declare(world: &World, hero: Entity) -> bool {
    let down = world.get::<Down>(hero).is_some_and(|d| d.0);
    let stunned = world.get::<Wounds>(hero).is_some_and(|w| w.stunned);
    let track = world.get::<Track>(hero);
    !down
        && !stunned
        && track.is_some_and(|t| t.0.in_front > 0 && t.0.commitment.is_none())
        && world.get::<Committed>(hero).is_none()
        && world.get::<Holding>(hero).is_none()
}

/// The active side follows the declaring hero; a handoff hides the map between two humans.
pub(super) fn set_seat(world: &mut World, hero: Entity) {
    let side = world.get::<Side>(hero).map_or(0, |s| s.0);
    let human = control_of(world, hero) == Control::Human;
    let name = world.resource::<Battle>().level.sides[side].name.clone();
    let mut seat = world.resource_mut::<HotSeat>();
    if seat.active == side {
        return;
    }
    let from_human = seat.last_human;
    seat.active = side;
    if human {
        seat.awaiting_handoff = seat.handoff_screen && from_human.is_some_and(|h| h != side);
        seat.last_human = Some(side);
    }
    let handoff = seat.awaiting_handoff;
    world.write_message(DeclarationPassed {
        side,
        name,
        handoff,
    });
}
