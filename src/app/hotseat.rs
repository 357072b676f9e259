//! Hot-seat at one desk: the side whose hero declares holds the seat; when the declaration
//! passes from one human side to another, the map is hidden until the next player takes the
//! seat (Enter). The match itself just waits for the human's intent; the blindfold is the
//! window's.

use super::state::{Screen, ScreenSystems};
use crate::data::level::Control;
use crate::sim::model::{Battle, RoundState, Side};
use bevy::prelude::*;

/// Whose seat it is, and whether the map is hidden for a handoff.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct HotSeat {
    /// The side whose hero declares (or declared last).
    pub active: Option<usize>,
    /// The level hides information between players: the blindfold is on.
    pub handoff_screen: bool,
    /// The map is hidden until the next player takes the seat.
    pub awaiting_handoff: bool,
    /// The human side that held the seat last.
    pub last_human: Option<usize>,
    /// A match was just loaded: the blindfold shows before the first human declaration.
    pub after_load: bool,
}

impl HotSeat {
    /// The side at the desk: the last human side that held the seat (a computer's declaration
    /// does not take it), else the level's first human side.
    pub fn desk_side(&self, level: &crate::data::level::Level) -> Option<usize> {
        self.last_human.or_else(|| {
            level
                .sides
                .iter()
                .position(|s| s.control == crate::data::level::Control::Human)
        })
    }
}

pub struct HotSeatPlugin;

impl Plugin for HotSeatPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HotSeat>()
            .add_systems(
                OnEnter(Screen::Battle),
                new_seat.after(ScreenSystems::LoadBattle),
            )
            .add_systems(
                Update,
                follow_declarer
                    .after(crate::sim::SimSystems::Round)
                    .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
            );
    }
}

/// A new battle: the blindfold is on when two or more sides are human, unless the level
/// select (or the level) turned it off. A loaded match keeps the sides' control (the level in
/// its file) and shows the blindfold before its first human declaration; a battle resumed from
/// the Esc menu's Settings or Load keeps its seat as it was.
pub fn new_seat(
    mut commands: Commands,
    battle: Option<Res<Battle>>,
    loaded: Option<Res<super::saves::Loaded>>,
) {
    let Some(battle) = battle else { return };
    if let Some(seat) = loaded.as_ref().and_then(|l| l.seat.clone()) {
        commands.insert_resource(seat);
        return;
    }
    let humans = battle
        .level
        .sides
        .iter()
        .filter(|s| s.control == Control::Human)
        .count();
    commands.insert_resource(HotSeat {
        handoff_screen: battle.level.handoff_screen.unwrap_or(true) && humans > 1,
        after_load: loaded.is_some(),
        ..default()
    });
}

/// The seat follows the declaring hero; a handoff hides the map between two human sides.
pub fn follow_declarer(
    round: Res<RoundState>,
    battle: Res<Battle>,
    sides: Query<&Side>,
    mut seat: ResMut<HotSeat>,
) {
    let Some(side) = round
        .declarer()
        .and_then(|e| sides.get(e).ok())
        .map(|s| s.0)
    else {
        return;
    };
    let human = battle.level.human_side(side);
    // After a load, whoever sits down first is handed the seat: the map stays hidden until
    // they take it.
    if human && seat.after_load {
        seat.after_load = false;
        seat.active = Some(side);
        seat.last_human = Some(side);
        seat.awaiting_handoff = seat.handoff_screen;
        return;
    }
    // The first human seat is recorded even when the seat already stood with its side (the
    // banner's default), so the first change of seat hides the map too.
    if human && seat.last_human.is_none() {
        seat.last_human = Some(side);
    }
    if seat.active == Some(side) {
        return;
    }
    seat.active = Some(side);
    if human {
        seat.awaiting_handoff = seat.handoff_screen && seat.last_human.is_some_and(|h| h != side);
        seat.last_human = Some(side);
    }
}
