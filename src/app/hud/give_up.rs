//! The question a human's hero paying toward an action that cannot be made now is asked as the
//! segment is called (decision 134): give it up, or go on paying. A box over the map says what
//! is being paid for and why it cannot be made; "Give it up" sends `Intent::GiveUp`, "Go on
//! paying" (or the pass key) a pass.

use super::bumps::{choice_box, waiting_human};
use crate::app::hotseat::HotSeat;
use crate::app::input::{BattleAction, Bindings};
use crate::app::layout::palette;
use crate::app::state::Pause;
use crate::app::widgets::{button, clicked, label};
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{Battle, CannotBeMade, Committed, Hero, RoundState, Side, Track};
use bevy::prelude::*;

/// The question's box, for the hero asked.
#[derive(Component)]
pub struct GiveUpBox(Entity);

/// Give the commitment up (true), or go on paying.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GiveUpChoice(pub bool);

/// The question in words: "Miranda Valentine is paying toward an aimed shot: 3 of 5 AP.
/// It cannot be made now: Felicia Laroq is already down."
pub fn question(name: &str, action: &str, paid: u32, cost: u32, why: &str) -> String {
    format!("{name} is paying toward {action}: {paid} of {cost} AP.\nIt cannot be made now: {why}.")
}

/// The give-up button's words: the AP paid in the segments before are lost, this segment's
/// goes in front (a play-test read "2 of 5 AP" paid over "1 AP spent on it are lost").
fn give_up_words(spent: u32) -> String {
    match spent {
        0 => "Give it up: nothing is lost, this segment's AP goes in front".into(),
        1 => {
            "Give it up: the 1 AP paid before this segment is lost, this segment's AP goes in front"
                .into()
        }
        n => format!(
            "Give it up: the {n} AP paid before this segment are lost, this segment's AP goes in front"
        ),
    }
}

/// A human's hero asked whether to give up what it pays toward: the box, and the click.
#[allow(clippy::too_many_arguments)]
pub(super) fn give_up_or_pay(
    mut commands: Commands,
    round: Res<RoundState>,
    battle: Res<Battle>,
    seat: Res<HotSeat>,
    sides: Query<&Side>,
    heroes: Query<(&Hero, &HeroId, &Committed, &CannotBeMade, &Track)>,
    keys: Res<Bindings>,
    pause: Res<State<Pause>>,
    boxes: Query<(Entity, &GiveUpBox)>,
    box_ids: Query<Entity, With<GiveUpBox>>,
    choices: Query<(&Interaction, &GiveUpChoice), Changed<Interaction>>,
    mut intents: MessageWriter<Intent>,
) {
    let asked = round
        .declarer()
        .filter(|&e| heroes.contains(e) && !seat.awaiting_handoff);
    let hero = waiting_human(asked, &battle, &sides, &box_ids, &mut commands);
    let Some((hero, (h, &id, committed, why, track))) =
        hero.and_then(|e| heroes.get(e).ok().map(|q| (e, q)))
    else {
        return;
    };
    let shown = boxes.iter().any(|(_, b)| b.0 == hero);
    if !shown {
        for (e, _) in &boxes {
            commands.entity(e).despawn();
        }
        let (paid, cost) = track
            .0
            .commitment
            .as_ref()
            .map_or((0, 0), |c| (c.paid, c.cost));
        let pass = keys.key(BattleAction::EndDeclaration);
        let spent = paid.saturating_sub(1);
        commands
            .spawn((
                choice_box(),
                GiveUpBox(hero),
                super::bumps::ChoiceAbout(hero, None),
            ))
            .with_children(|p| {
                p.spawn(label(
                    question(&h.name, committed.0.name(), paid, cost, &why.0),
                    17.0,
                    palette::TITLE,
                ));
                p.spawn((button(give_up_words(spent), 15.0), GiveUpChoice(true)));
                p.spawn((
                    button(format!("Go on paying ({pass})"), 15.0),
                    GiveUpChoice(false),
                ));
            });
    }
    if *pause.get() == Pause::Paused {
        return;
    }
    if let Some((_, choice)) = choices.iter().find(|(i, _)| clicked(i, false)) {
        intents.write(if choice.0 {
            Intent::GiveUp { hero: id }
        } else {
            Intent::Pass { hero: id }
        });
    }
}
