//! Input: keyboard and mouse through leafwing-input-manager. The bindings live in one place
//! (`default_bindings`) and are persisted in a RON settings file the player may edit.
//! Every intent becomes a `BattleCommand` or `SeatCommand`, the same ones tests send.

mod act;
mod bindings;

use act::*;
pub use bindings::*;

use crate::game::battle::{Battle, HotSeat};
use crate::game::map_view::MapGeometry;
use crate::rules::hexmap::offset_of;
use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

/// A hex to point at when the cursor is not over the window (scripted screenshots).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ForcedHover(pub Option<hexx::Hex>);

/// The hero the player has selected, the hex under the cursor, and walk/run.
#[derive(Resource, Debug, Clone)]
pub struct Selection {
    pub hero: Option<Entity>,
    pub hovered: Option<hexx::Hex>,
    pub gait: Gait,
    /// The shot a right click on an enemy fires (F cycles).
    pub shot: ShotKind,
    /// A series being declared: targets and kinds in order (A adds, Z fires, N fans).
    pub series: Vec<(Entity, ShotKind)>,
    pub fan: bool,
    /// The hand-to-hand attack J makes (I cycles), and whether it is careful (Y).
    pub attack: AttackType,
    pub careful: bool,
}

/// The order F cycles the shot kinds in.
pub fn next_shot(kind: ShotKind) -> ShotKind {
    match kind {
        ShotKind::Snap => ShotKind::Normal,
        ShotKind::Normal => ShotKind::Aimed(1),
        ShotKind::Aimed(1) => ShotKind::Aimed(2),
        ShotKind::Aimed(_) => ShotKind::Snap,
    }
}

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        let settings = load_settings();
        app.add_plugins((
            InputManagerPlugin::<Action>::default(),
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
        .init_resource::<crate::game::screens::Paused>()
        .add_systems(Startup, move |mut commands: Commands| {
            commands.spawn((input_map(&settings.bindings), input_map(&settings.menu)));
        })
        .add_systems(
            Update,
            (hover, act, camera)
                .chain()
                .in_set(crate::game::battle::BattleSystems::Intent)
                .run_if(
                    in_state(crate::game::screens::Screen::Battle)
                        .and_then(resource_exists::<Battle>)
                        .and_then(resource_exists::<HotSeat>),
                ),
        );
    }
}

pub(super) fn hover(
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    geometry: Option<Res<MapGeometry>>,
    battle: Res<Battle>,
    mut selection: ResMut<Selection>,
    forced: Option<Res<ForcedHover>>,
) {
    if let Some(hex) = forced.as_ref().and_then(|f| f.0) {
        selection.hovered = Some(hex);
        return;
    }
    let (Ok(window), Ok((camera, at)), Some(geometry)) =
        (windows.single(), cameras.single(), geometry)
    else {
        return;
    };
    let Some(world) = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(at, p).ok())
    else {
        selection.hovered = None;
        return;
    };
    selection.hovered = battle
        .map
        .hexes()
        .map(|(h, _)| {
            let (c, r) = offset_of(h);
            (h, geometry.center(c, r).distance(world))
        })
        .filter(|(_, d)| *d < 30.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h);
}

pub(super) fn camera(
    actions: Single<&ActionState<Action>>,
    time: Res<Time>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Ok((mut at, mut projection)) = cameras.single_mut() else {
        return;
    };
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let speed = 600.0 * ortho.scale * time.delta_secs();
    for (action, dir) in [
        (Action::PanLeft, Vec3::NEG_X),
        (Action::PanRight, Vec3::X),
        (Action::PanUp, Vec3::Y),
        (Action::PanDown, Vec3::NEG_Y),
    ] {
        if actions.pressed(&action) {
            at.translation += dir * speed;
        }
    }
    if actions.just_pressed(&Action::ZoomIn) {
        ortho.scale = (ortho.scale / 1.25).max(0.4);
    }
    if actions.just_pressed(&Action::ZoomOut) {
        ortho.scale = (ortho.scale * 1.25).min(4.0);
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
        let bound: std::collections::HashSet<Action> =
            settings.bindings.iter().map(|b| b.0).collect();
        assert_eq!(bound.len(), 40);
    }
}
