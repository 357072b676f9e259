//! Input: keyboard and mouse through leafwing-input-manager. The bindings live in one place
//! (`default_bindings`) and are persisted in a RON settings file the player may edit.
//! Every choice becomes an `Intent`, the same the computer player and the tests send.

mod act;
mod bindings;
mod pointer;
mod selection;

use act::{act, pause_keys};
pub use bindings::*;
use pointer::{camera, hover};
pub use selection::*;

use super::state::Screen;
use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use crate::sim::model::Battle;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        // The settings file, unless the bindings are given (tests).
        if !app.world().contains_resource::<Bindings>() {
            app.insert_resource(Bindings(load_settings()));
        }
        let settings = app.world().resource::<Bindings>().0.clone();
        app.add_plugins((
            InputManagerPlugin::<BattleAction>::default(),
            InputManagerPlugin::<MenuAction>::default(),
        ))
        .insert_resource(Selection {
            hero: None,
            hovered: None,
            gait: Gait::Walk,
            shot: ShotKind::Normal,
            series: Vec::new(),
            fan: false,
            attack: AttackType::Standard,
            careful: false,
        })
        .add_systems(Startup, move |mut commands: Commands| {
            commands.spawn((input_map(&settings.bindings), input_map(&settings.menu)));
        })
        .add_systems(
            Update,
            (hover, pause_keys, act, camera)
                .chain()
                .in_set(crate::sim::SimSystems::Intent)
                .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_round_trip_through_ron_and_every_action_is_bound() {
        let settings = Settings::default();
        let text = ron::to_string(&settings).unwrap();
        let back: Settings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
        let bound: std::collections::HashSet<BattleAction> =
            settings.bindings.iter().map(|b| b.0).collect();
        assert_eq!(bound.len(), 40);
    }

    /// Key hints come from the bindings in force: a rebound key is named as it is.
    #[test]
    fn refusals_name_the_key_bound_now() {
        use crate::sim::intent::{Refusal, Remedy};
        let mut settings = Settings::default();
        let refusal = Refusal::with(
            "Hank is ducked behind cover: emerge first",
            Remedy::Emerge(1),
        );
        let keys = Bindings(settings.clone());
        assert_eq!(
            keys.refusal(&refusal),
            "Hank is ducked behind cover: emerge first (X, 1 AP)"
        );
        for (action, binding) in &mut settings.bindings {
            if *action == BattleAction::EmergeFromCover {
                *binding = Binding::Key(KeyCode::KeyV);
            }
        }
        assert_eq!(
            Bindings(settings).refusal(&refusal),
            "Hank is ducked behind cover: emerge first (V, 1 AP)"
        );
        assert_eq!(
            refusal.to_string(),
            "Hank is ducked behind cover: emerge first (1 AP)"
        );
    }
}
