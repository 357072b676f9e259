//! The banner over the map: whose declaration it is (the title in the side's colour), the
//! notice under it (heroes who cannot act, queued plans, a computer step waiting for the
//! player's word) and the hot-seat handoff.

use crate::app::frame::{Banner, Handoff, Notice, StepButton};
use crate::app::hotseat::HotSeat;
use crate::app::input::{BattleAction, Bindings};
use crate::data::level::{Control, SideDef};
use crate::sim::model::{Battle, Down, Hero, RoundState, Side, Wounds};
use bevy::prelude::*;

pub(super) fn update_banner(
    battle: Res<Battle>,
    seat: Res<HotSeat>,
    keys: Res<Bindings>,
    round: Res<RoundState>,
    palette: Res<crate::app::layout::Palette>,
    plan: Res<crate::app::input::QueuedPlan>,
    ids: Query<&crate::sim::HeroId>,
    plan_sides: Query<(&crate::sim::HeroId, &Side)>,
    names: Query<&Hero>,
    out_of_action: Query<(Entity, &Hero, &Side, &Wounds, &Down)>,
    stun: Res<super::stun::StunOdds>,
    mut notice: Query<&mut Text, (With<Notice>, Without<Banner>, Without<Handoff>)>,
    mut banner: Query<(&mut Text, &mut TextColor), (With<Banner>, Without<Handoff>)>,
    mut handoff: Query<
        (Option<&mut Text>, Option<&mut Visibility>),
        (With<Handoff>, Without<Banner>),
    >,
    mut step_button: Query<&mut Visibility, (With<StepButton>, Without<Handoff>)>,
    choice: (
        Option<Res<crate::sim::model::PendingBumps>>,
        Option<Res<crate::sim::model::PendingSnap>>,
    ),
) {
    // The side of the hero who chooses (a hit's bumps, a lost aim's shot) while the match
    // waits on it (a play-test's "Pete Perkins chooses ..." stood in the other side's colour),
    // else the declaring hero's (a computer's too); between declarations, the seat's.
    let chooser = (choice.0.as_ref().map(|b| b.hero)).or(choice.1.as_ref().map(|s| s.hero));
    let index = chooser
        .or(round.declarer())
        .and_then(|e| out_of_action.get(e).ok().map(|h| h.2.0))
        .or(seat.active)
        .unwrap_or(0);
    let Some(side) = battle.level.sides.get(index) else {
        return;
    };
    // At the step-by-step pace, a computer's hero waits for the player's word.
    let waits =
        keys.0.pace.by_step() && side.control == Control::Computer && round.declarer().is_some();
    for mut v in &mut step_button {
        v.set_if_neq(if waits {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    // Heroes of human sides who cannot act, and the plans queued: said, not passed over.
    if let Ok(mut text) = notice.single_mut() {
        let line = if waits {
            format!(
                "Step by step: {} shows the computer's next step",
                keys.key(BattleAction::NextStep)
            )
        } else {
            // The hero asked to choose is not said to declare nothing: its shot, declared
            // before the stun, goes off (a play-test read "Stunned, declares nothing: Hank"
            // over "Hank chooses whether to shoot").
            let chooser = (choice.0.as_ref().map(|b| b.hero)).or(choice.1.as_ref().map(|s| s.hero));
            notice_line(
                &battle,
                &round,
                &plan,
                &ids,
                &plan_sides,
                &names,
                (&out_of_action, &stun, chooser),
            )
        };
        // One line under the title, between the banner's buttons: cut, never wrapped over
        // the map.
        text.set_if_neq(Text(one_line(&line, NOTICE_CHARS)));
    }
    if let Ok((mut text, mut text_color)) = banner.single_mut() {
        text.0 = title_now(&round, &names, &choice, side);
        text_color.0 = palette.side(index, side.color).lighter(0.2);
    }
    let seat_side = battle
        .level
        .sides
        .get(seat.active.unwrap_or(0))
        .map_or(side.name.as_str(), |s| s.name.as_str());
    for (text, visibility) in &mut handoff {
        if let Some(mut v) = visibility {
            *v = if seat.awaiting_handoff {
                Visibility::Visible
            } else {
                Visibility::Hidden
            };
        }
        if let Some(mut t) = text {
            t.0 = format!(
                "Pass the seat to {}.\nThe map is hidden. Press {} when ready.",
                seat_side,
                keys.key(BattleAction::EndDeclaration)
            );
        }
    }
}

/// The banner's title now: who chooses what while the match waits on a choice (a hit's bumps,
/// a lost aim's snap shot), said rather than "actions resolve" (a play-test read that as the
/// game running on); else whose declaration it is.
fn title_now(
    round: &RoundState,
    names: &Query<&Hero>,
    choice: &(
        Option<Res<crate::sim::model::PendingBumps>>,
        Option<Res<crate::sim::model::PendingSnap>>,
    ),
    side: &SideDef,
) -> String {
    let chooser = match choice {
        (Some(b), _) => names
            .get(b.hero)
            .ok()
            .map(|h| (h, "where the bumps of the hit go")),
        (None, Some(s)) => names
            .get(s.hero)
            .ok()
            .map(|h| (h, "whether to shoot, the aim lost")),
        _ => None,
    };
    match chooser {
        Some((hero, what)) => choosing_title(round, &hero.name, what),
        None => title(
            round,
            round.declarer().and_then(|e| names.get(e).ok()),
            side,
        ),
    }
}

/// The banner's title: the round and segment, and who declares (or that actions resolve).
fn title(round: &RoundState, who: Option<&Hero>, side: &SideDef) -> String {
    let when = match round.segment {
        0 => format!("Round {}, initiative", round.round),
        s if s > crate::rules::action_time::SEGMENTS => {
            format!("Round {}, beyond segment 20 ({s})", round.round)
        }
        s => format!("Round {}, segment {s}", round.round),
    };
    match who {
        Some(hero) => format!(
            "{when}: {} declares ({}, {:?})",
            hero.name, side.name, side.control
        ),
        None => format!("{when}: actions resolve."),
    }
}

/// The banner's title while the match waits on a choice: who chooses what, short enough for
/// the banner between its buttons at 1280x720 (a play-test saw "waiting for Hank Daggett's
/// choice: whether to shoot anyway, its aim lost" cut at both ends).
fn choosing_title(round: &RoundState, name: &str, what: &str) -> String {
    format!(
        "Round {}, segment {}: {name} chooses {what}",
        round.round, round.segment
    )
}

/// The characters the banner's notice holds at 14 px between its buttons (1280x720).
pub const NOTICE_CHARS: usize = 100;

/// `words` cut to `max` characters, an ellipsis at the cut.
pub fn one_line(words: &str, max: usize) -> String {
    if words.chars().count() <= max {
        return words.to_string();
    }
    let cut: String = words.chars().take(max.saturating_sub(1)).collect();
    format!("{}\u{2026}", cut.trim_end())
}

/// The notice under the banner: heroes of human sides who cannot act (stunned), the declaring
/// hero's queued plan, and how many more its side has queued.
fn notice_line(
    battle: &Battle,
    round: &RoundState,
    plan: &crate::app::input::QueuedPlan,
    ids: &Query<&crate::sim::HeroId>,
    plan_sides: &Query<(&crate::sim::HeroId, &Side)>,
    names: &Query<&Hero>,
    (out_of_action, stun, chooser): (
        &Query<(Entity, &Hero, &Side, &Wounds, &Down)>,
        &super::stun::StunOdds,
        Option<Entity>,
    ),
) -> String {
    // The stunned heroes of human sides, in one item with the odds of the check that brings
    // each back (two "is stunned: declares nothing until recovered" were cut off the line).
    let stunned: Vec<String> = out_of_action
        .iter()
        .filter(|(_, _, s, _, _)| battle.level.human_side(s.0))
        .filter(|(e, _, _, w, d)| w.stunned && !d.0 && Some(*e) != chooser)
        .map(|(e, h, ..)| super::stun::stunned_short(&h.name, Some(round), stun.0.get(&e).copied()))
        .collect();
    let mut words: Vec<String> = Vec::new();
    if !stunned.is_empty() {
        words.push(format!("Stunned, declares nothing: {}", stunned.join(", ")));
    }
    // The declaring hero's plan, named (each hero has its own); the others counted.
    let declaring = round.declarer().and_then(|e| ids.get(e).ok()).copied();
    if let Some(p) = plan.0.iter().find(|p| Some(p.hero) == declaring) {
        let next = p.steps.front().map_or("", |a| a.name());
        let who = round
            .declarer()
            .and_then(|e| names.get(e).ok())
            .map_or(String::new(), |h| format!(" for {}", h.name));
        words.push(format!("Queued{who}: {} (next: {next})", p.what));
    }
    // Only the declaring side's own plans are counted: in hot-seat the other side's are
    // theirs to know.
    let side_of =
        |id: crate::sim::HeroId| plan_sides.iter().find(|(h, _)| **h == id).map(|(_, s)| s.0);
    let declaring_side = declaring.and_then(side_of);
    let others = plan
        .0
        .iter()
        .filter(|p| Some(p.hero) != declaring && side_of(p.hero) == declaring_side)
        .count();
    if others > 0 {
        words.push(format!(
            "{} more plan{} queued",
            others,
            if others == 1 { "" } else { "s" }
        ));
    }
    words.join("  |  ")
}
