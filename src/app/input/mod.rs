//! Input: keyboard and mouse through leafwing-input-manager. The bindings live in one place
//! (`default_bindings`) and are persisted in a RON settings file the player may edit.
//! Every choice becomes an `Intent`, the same the computer player and the tests send.

mod act;
mod bindings;
mod clicks;
mod desk;
mod pace;
mod pointer;
mod selection;
mod view;

pub use act::{LEFT_CLICK_WORDS, hold_hint};
use act::{act, pause_keys, send_plan};
pub use bindings::*;
pub use clicks::*;
pub use desk::{Aim, DeskView, desk_intent, next_rein, next_to_ready, right_click_strikes};
pub(crate) use pointer::{CountersShut, kept_clear};
pub use pointer::{LookAt, MapRect, MapTopKept};
use pointer::{camera, hover, track_frame};
pub use selection::*;
pub use view::{
    CameraFit, Cameras, MapView, READABLE_SCALE, camera_for, camera_view, clamp_camera,
    clamp_camera_below, first_view, fit_camera, map_view, readable_scale, screen_at, stand_within,
    world_at,
};

use super::state::Screen;
use crate::sim::model::Battle;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        // The settings file, unless the bindings are given (tests).
        if !app.world().contains_resource::<Bindings>() {
            app.insert_resource(Bindings(load_settings()))
                .insert_resource(SettingsFile);
        }
        let settings = app.world().resource::<Bindings>().0.clone();
        app.add_plugins((
            InputManagerPlugin::<BattleAction>::default(),
            InputManagerPlugin::<MenuAction>::default(),
        ))
        .insert_resource(Selection::default())
        .init_resource::<UiClicks>()
        .init_resource::<QueuedPlan>()
        .init_resource::<PlanOffer>()
        .init_resource::<UiScale>()
        .init_resource::<MapRect>()
        .init_resource::<LookAt>()
        .init_resource::<MapTopKept>()
        .insert_resource(crate::app::layout::Palette::new(settings.colorblind))
        .add_systems(Startup, move |mut commands: Commands| {
            commands.spawn((input_map(&settings.bindings), input_map(&settings.menu)));
        })
        .add_systems(
            PreUpdate,
            (collect_clicks, track_frame).after(bevy::ui::UiSystems::Focus),
        )
        .add_systems(
            PreUpdate,
            clicks::catch_quick_presses
                .in_set(leafwing_input_manager::plugin::InputManagerSystem::ManualControl),
        )
        .init_resource::<selection::PlansLeftIn>()
        .add_systems(
            Update,
            (
                apply_settings,
                pace_the_computer,
                selection::plans_of_this_match_only.before(send_plan),
            ),
        )
        .add_systems(
            Update,
            (
                fresh_choices_for_another_hero,
                selection::notes_of_a_past_round,
                selection::snap_when_the_aim_will_not_hold,
                hover,
                pause_keys,
                act,
                selection::shots_the_round_pays,
                send_plan,
                camera,
            )
                .chain()
                .in_set(crate::sim::SimSystems::Intent)
                .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
        );
    }
}

/// Another hero declares: its shot, blow, care and gait start from the defaults (a normal
/// shot, a standard blow, walking), not from the last hero's choices (a play-test set the
/// Marshal to snap shots, and Cyril's next right click fired a snap shot at 22 %).
fn fresh_choices_for_another_hero(
    mut selection: ResMut<Selection>,
    mut last: Local<Option<Entity>>,
) {
    let Some(hero) = selection.hero else {
        return;
    };
    if last.replace(hero).is_some_and(|was| was != hero) {
        let fresh = Selection::default();
        let s = &mut *selection;
        (s.shot, s.attack, s.careful, s.fan, s.gait) = (
            fresh.shot,
            fresh.attack,
            fresh.careful,
            fresh.fan,
            fresh.gait,
        );
    }
}

/// The settings came from the settings file, and changes go back to it (tests give their
/// bindings and write nothing).
#[derive(Resource, Debug, Clone, Copy)]
pub struct SettingsFile;

/// Keep changed settings in the settings file, when they came from it.
pub fn persist(settings: &Settings, to_file: bool) {
    if to_file && let Err(e) = save_settings(settings) {
        warn!("{e}");
    }
}

/// Settings changed (the settings screen): the keys and the palette follow at once.
fn apply_settings(
    keys: Res<Bindings>,
    mut maps: Query<(&mut InputMap<BattleAction>, &mut InputMap<MenuAction>)>,
    mut palette: ResMut<crate::app::layout::Palette>,
) {
    if !keys.is_changed() {
        return;
    }
    for (mut battle, mut menu) in &mut maps {
        *battle = input_map(&keys.0.bindings);
        *menu = input_map(&keys.0.menu);
    }
    if palette.colorblind != keys.0.colorblind {
        *palette = crate::app::layout::Palette::new(keys.0.colorblind);
    }
}

/// The window's pace for the computer: the settings' (a scripted screenshot does not wait).
#[derive(Resource, Debug, Clone, Copy)]
pub struct NoPacing;

fn pace_the_computer(
    keys: Res<Bindings>,
    no_pacing: Option<Res<NoPacing>>,
    pacing: Option<ResMut<crate::sim::model::Pacing>>,
    actions: Query<&ActionState<BattleAction>>,
    screen: Option<Res<State<Screen>>>,
    button: Query<&Interaction, (Changed<Interaction>, With<crate::app::frame::StepButton>)>,
    table: (
        Query<(&crate::sim::model::Side, &crate::sim::model::Down)>,
        Query<&crate::sim::model::SideInfo>,
    ),
) {
    let Some(mut pacing) = pacing else { return };
    // Every hero of a human side is down: the player only waits, and the computer's turns go
    // at the fast pace (a play-test watched three rounds at the normal pace after its heroes
    // fell, with nothing to do). A stunned hero is not down: the shots at it, its recovery and
    // the match's end are the player's to see at the pace set (a play-test's stunned heroes
    // lost the match at the fast pace, its deciding shot unseen).
    let idle = every_human_hero_down(&table.0, &table.1);
    let pace = keys.0.pace;
    let (delay, declare_delay) = if no_pacing.is_some() {
        (0.0, 0.0)
    } else if idle {
        (
            pace.delay().min(Pace::Fast.delay()),
            pace.declare_delay().min(Pace::Fast.declare_delay()),
        )
    } else {
        (pace.delay(), pace.declare_delay())
    };
    if (pacing.delay, pacing.declare_delay) != (delay, declare_delay) {
        (pacing.delay, pacing.declare_delay) = (delay, declare_delay);
    }
    // Step by step: each step of the computer waits for the player's key, in the battle.
    let by_step = no_pacing.is_none() && keys.0.pace.by_step() && !idle;
    if pacing.by_step != by_step {
        pacing.by_step = by_step;
    }
    let in_battle = screen.is_some_and(|s| *s.get() == Screen::Battle);
    if by_step
        && in_battle
        && (actions
            .iter()
            .any(|a| a.just_pressed(&BattleAction::NextStep))
            || button
                .iter()
                .any(|i| crate::app::widgets::clicked(i, false)))
    {
        pacing.step = true;
    }
}

/// A human side plays, and every one of its heroes is down.
fn every_human_hero_down(
    heroes: &Query<(&crate::sim::model::Side, &crate::sim::model::Down)>,
    sides: &Query<&crate::sim::model::SideInfo>,
) -> bool {
    let human = |side: usize| {
        sides
            .iter()
            .any(|i| i.index == side && i.control == crate::data::level::Control::Human)
    };
    let mut ours = heroes.iter().filter(|(side, ..)| human(side.0)).peekable();
    ours.peek().is_some() && ours.all(|(_, down)| down.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each hero keeps its own queued plan: a second hero's plan does not drop the first's, and
    /// each hero's steps come out for that hero only, in order.
    #[test]
    fn queued_plans_are_kept_per_hero() {
        use crate::sim::{Action, HeroId};
        let (miranda, cyril) = (HeroId(0), HeroId(1));
        let ready = |hero| Action::Ready { hero, weapon: 0 };
        let cock = |hero| Action::Cock { hero };
        let mut plans = QueuedPlan::default();
        plans.queue(
            miranda,
            [ready(miranda), cock(miranda)],
            "draw and cock".into(),
        );
        plans.queue(cyril, [cock(cyril)], "cock".into());
        assert!(plans.holds(miranda) && plans.holds(cyril));
        assert_eq!(plans.next_step(cyril), Some(cock(cyril)));
        assert!(!plans.holds(cyril), "an emptied plan goes");
        assert_eq!(plans.next_step(miranda), Some(ready(miranda)));
        assert!(plans.holds(miranda));
        assert_eq!(plans.next_step(cyril), None);
        plans.drop_hero(miranda);
        assert!(plans.0.is_empty());
    }

    #[test]
    fn bindings_round_trip_through_ron_and_every_action_is_bound() {
        let settings = Settings::default();
        let text = ron::to_string(&settings).unwrap();
        let back: Settings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
        let bound: std::collections::HashSet<BattleAction> =
            settings.bindings.iter().map(|b| b.0).collect();
        assert_eq!(bound.len(), 56);
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
