//! The phases of a round: the initiative step (and recovery), each segment's tokens and
//! continuous movement, and the end of the round.

use super::declare::may_declare;
use crate::rules::action_time::{
    self, ActionTrack, INITIATIVE_TN, SEGMENTS, initiative_segment, round_ap,
};
use crate::rules::check::CheckRequest;
use crate::sim::actions::melee;
use crate::sim::actions::mounts::move_mounts;
use crate::sim::deck::{resolve_check, trait_skill};
use crate::sim::events::{MatchEvent, Recovered, record};
use crate::sim::model::RoundState;
use crate::sim::model::{
    AimLost, AppearedThisRound, CannotBeMade, Committed, Down, Hero, Holding, MovedThisRound,
    Track, Wounds,
};
use crate::sim::query::{hero_name as name_of, heroes};
use bevy::prelude::*;

/// "Each combat round begins with an initiative step." The round's count goes on, and what
/// the last round left on the track is cleared.
pub(super) fn begin_round(world: &mut World) {
    {
        let mut s = world.resource_mut::<RoundState>();
        s.round += 1;
        s.segment = 0;
        s.declaring.clear();
        s.due.clear();
        s.stack.clear();
        s.resolving = None;
    }
    let round = world.resource::<RoundState>().round;
    record(world, None, MatchEvent::RoundBegins { round });
}

/// What lasts one round ends with it: moves made, figures appeared, the aim lost, the two
/// weapons' aim, blocks and dodges, holding. (Hero by hero, just before the hero's own test:
/// a hero who falls unconscious at his recovery check no longer engages those after him.)
fn reset_round_marks(world: &mut World, e: Entity) {
    if let Some(mut moved) = world.get_mut::<MovedThisRound>(e) {
        moved.0 = None;
    }
    if let Some(mut appeared) = world.get_mut::<AppearedThisRound>(e) {
        appeared.0 = false;
    }
    world.entity_mut(e).remove::<AimLost>();
    world
        .entity_mut(e)
        .remove::<crate::sim::model::TwoWeaponAim>();
    melee::new_round(world, e);
    world.entity_mut(e).remove::<Holding>();
}

/// Each hero in turn: the marks of the last round cleared; down, no tokens; stunned, the
/// recovery check; else the Quickness test that places the first AP token.
pub(super) fn initiative_tests(world: &mut World) {
    for e in heroes(world) {
        reset_round_marks(world, e);
        let hero = world.get::<Hero>(e).cloned().expect("a hero");
        let down = world.get::<Down>(e).is_some_and(|d| d.0);
        let wounds = world.get::<Wounds>(e).cloned().unwrap_or_default();
        if down {
            world.entity_mut(e).insert(Track(ActionTrack::idle()));
            continue;
        }
        if wounds.stunned {
            recovery(world, e, &hero, &wounds);
            continue;
        }
        initiative_test(world, e, &hero, &wounds);
    }
}

/// "Characters make a Quickness test ... the step of the card places the first AP token."
fn initiative_test(world: &mut World, e: Entity, hero: &Hero, wounds: &Wounds) {
    let debt = world.get::<Track>(e).map_or(0, |t| t.0.debt);
    let request = CheckRequest::simple(trait_skill(hero, "Quickness"), INITIATIVE_TN);
    let outcome = match resolve_check(world, &request) {
        Ok(o) => o,
        Err(why) => {
            record(world, Some(e), MatchEvent::Error { why });
            return;
        }
    };
    let step = outcome.resolution.as_ref().map_or(1, |r| r.cause.step);
    let start = initiative_segment(hero.initiative, &outcome, step);
    let ap = round_ap(hero.ap, wounds.worst());
    let carried = world
        .get::<Committed>(e)
        .map(|_| ())
        .and_then(|_| world.get::<Track>(e).and_then(|t| t.0.commitment.clone()));
    let track = ActionTrack::new(start, ap, debt, carried);
    let event = MatchEvent::Initiative {
        hero: hero.name.clone(),
        check: outcome,
        initiative: hero.initiative,
        first_segment: start,
        ap: track.total,
        step,
    };
    record(world, Some(e), event);
    world.entity_mut(e).insert(Track(track));
}

/// "Each round, stunned characters use their action (Recover, all APs) to attempt a recovery
/// check ... Any character that critically fails a recovery check immediately falls
/// unconscious."
fn recovery(world: &mut World, e: Entity, hero: &Hero, wounds: &Wounds) {
    world.entity_mut(e).insert(Track(ActionTrack::idle()));
    let request = crate::sim::query::recovery_request(hero, wounds);
    let Ok(outcome) = resolve_check(world, &request) else {
        return;
    };
    let verdict = if outcome.calamity {
        if let Some(mut d) = world.get_mut::<Down>(e) {
            d.0 = true;
        }
        Recovered::Unconscious
    } else if outcome.success {
        if let Some(mut w) = world.get_mut::<Wounds>(e) {
            w.stunned = false;
        }
        Recovered::ShakesOff
    } else {
        Recovered::StillStunned
    };
    let (success, bumps) = (outcome.success, outcome.bumps);
    let event = MatchEvent::Recovery {
        hero: hero.name.clone(),
        check: outcome,
        verdict,
    };
    record(world, Some(e), event);
    // Bumps a recovery check has no use for: one saved as a bonus counter.
    if success && bumps > 0 {
        crate::sim::bonus::earn(world, e, "recovery check");
    }
}

/// The next segment: each track's token placed; an action whose last AP this pays falls due.
pub(super) fn place_tokens(world: &mut World) {
    let segment = {
        let mut s = world.resource_mut::<RoundState>();
        s.segment += 1;
        s.segment
    };
    for e in heroes(world) {
        if world.get::<Down>(e).is_some_and(|d| d.0) {
            continue;
        }
        let beyond = segment > SEGMENTS;
        let Some(mut track) = world.get_mut::<Track>(e) else {
            continue;
        };
        if beyond && !track.0.can_finish_beyond_20() {
            continue;
        }
        if track.0.place(segment) == Some(true) {
            let paid = track.0.take_paid().map(|c| c.cost);
            if let Some(Committed(command)) = world.entity_mut(e).take::<Committed>() {
                let hero = name_of(world, e);
                let action = command.name().to_string();
                record(world, Some(e), MatchEvent::Paid { hero, action });
                if let Some(ap) = paid {
                    crate::sim::model::PaidForDue::record(world, e, &command, ap);
                }
                world.resource_mut::<RoundState>().due.push(command);
            }
        }
    }
}

/// "Characters declare their actions in ascending order of Quickness" (segments 1 to 20; past
/// the 20th only paid actions finish, nobody declares).
pub(super) fn declaration_order(world: &mut World) {
    if world.resource::<RoundState>().segment > SEGMENTS {
        return;
    }
    // Decision 134: who pays toward an action that cannot be made now is asked too.
    for e in heroes(world) {
        if world.get::<CannotBeMade>(e).is_some() {
            world.entity_mut(e).remove::<CannotBeMade>();
        }
        if let Some(why) = super::declare::cannot_be_made(world, e) {
            world.entity_mut(e).insert(CannotBeMade(why));
        }
    }
    let order = by_quickness(world, |world, e| {
        may_declare(world, e) || world.get::<CannotBeMade>(e).is_some()
    });
    world.resource_mut::<RoundState>().declaring = order;
}

/// The heroes `asked` picks out, in the order they declare: "ascending order of Quickness".
pub(super) fn by_quickness(
    world: &World,
    asked: impl Fn(&World, Entity) -> bool,
) -> std::collections::VecDeque<Entity> {
    let mut order: Vec<(Entity, u32)> = heroes(world)
        .into_iter()
        .filter(|&e| asked(world, e))
        .map(|e| (e, world.get::<Hero>(e).map_or(0, |h| h.quickness)))
        .collect();
    order.sort_by_key(|o| o.1);
    action_time::declaration_order(&order).into()
}

/// "After the conclusion of the 20th segment, or when the last character has spent their
/// last AP (whichever comes first), the round ends."
pub(super) fn round_ends(world: &mut World) -> bool {
    let segment = world.resource::<RoundState>().segment;
    let list = heroes(world);
    let tracks: Vec<ActionTrack> = list
        .iter()
        .filter(|&&e| !world.get::<Down>(e).is_some_and(|d| d.0))
        .filter_map(|&e| world.get::<Track>(e).map(|t| t.0.clone()))
        .collect();
    if segment >= SEGMENTS {
        return !tracks.iter().any(|t| t.can_finish_beyond_20());
    }
    segment > 0 && tracks.iter().all(|t| t.finished())
}

/// A round ended early: the mounts still cover the rest of their round's movement.
pub(super) fn mounts_finish_round(world: &mut World) {
    let segment = world.resource::<RoundState>().segment;
    for s in segment + 1..=SEGMENTS {
        move_mounts(world, s);
    }
}

/// "Any unused APs are lost": unpaid actions that cannot carry over lapse, and the round is
/// over (the next step is an initiative step).
pub(super) fn close_tracks(world: &mut World) {
    let segment = world.resource::<RoundState>().segment;
    let mut lost_by: Vec<(String, u32)> = Vec::new();
    for e in heroes(world) {
        let Some(mut track) = world.get_mut::<Track>(e) else {
            continue;
        };
        let (carried, lost) = track.0.end_round();
        if let Some(c) = &carried {
            track.0.commitment = Some(c.clone());
        }
        let name = name_of(world, e);
        if carried.is_none()
            && let Some(Committed(command)) = world.entity_mut(e).take::<Committed>()
        {
            let event = MatchEvent::Lapsed {
                hero: name.clone(),
                action: command.name().to_string(),
            };
            record(world, Some(e), event);
        }
        lost_by.push((name, lost));
    }
    let round = world.resource::<RoundState>().round;
    let event = MatchEvent::RoundEnd {
        round,
        segment,
        lost: lost_by,
    };
    record(world, None, event);
    let mut s = world.resource_mut::<RoundState>();
    s.round_over = true;
    s.completed = round;
    s.declaring.clear();
}
