//! The map held for the player: the computer's next step waits while the last one is still
//! shown, and while the words of a player's hero struck down stand whole.

use super::{Effect, Fade, Glide};
use crate::app::input::{Bindings, NoPacing, Pace};
use bevy::prelude::*;

/// Words that hold the computer's next step while they stand whole: a hero of a human side
/// struck down, stunned or disabled.
#[derive(Component, Debug, Clone, Copy)]
pub struct HoldsThePace;

/// Words hold the map while they stand whole: the first 70 % of their time (then they fade).
pub fn holds_the_map(fade: &Fade) -> bool {
    fade.left > 0.3 * fade.total
}

/// The heroes of the sides a human plays.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Humans<'w, 's> {
    heroes: Query<'w, 's, (Entity, &'static crate::sim::model::Side)>,
    sides: Query<'w, 's, &'static crate::sim::model::SideInfo>,
}

impl Humans<'_, '_> {
    pub(super) fn contains(&self, hero: Entity) -> bool {
        let Ok((_, side)) = self.heroes.get(hero) else {
            return false;
        };
        self.sides
            .iter()
            .any(|i| i.index == side.0 && i.control == crate::data::level::Control::Human)
    }
}

/// The computer's next step (and an empty segment) waits while the map still shows the last
/// one: a figure gliding along its path, a shot's tracer or flash, the words of a player's hero
/// struck down (`HoldsThePace`). At the Instant pace, and for a scripted screenshot, nothing
/// waits.
pub(super) fn hold_the_pace(
    keys: Res<Bindings>,
    no_pacing: Option<Res<NoPacing>>,
    pacing: Option<ResMut<crate::sim::model::Pacing>>,
    glides: Query<(), With<Glide>>,
    effects: Query<&Effect>,
    held: Query<&Fade, With<HoldsThePace>>,
) {
    let Some(mut pacing) = pacing else { return };
    let showing = !glides.is_empty()
        || effects.iter().any(|e| *e != Effect::Words)
        || held.iter().any(holds_the_map);
    let busy = showing && no_pacing.is_none() && keys.0.pace != Pace::Instant;
    if pacing.busy != busy {
        pacing.busy = busy;
    }
}
