//! The result screen: who won and why, the blow or shot that ended it, and the finished match
//! to watch again.

use super::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Result), result_screen)
        .add_systems(
            Update,
            (result_keys, watch_again)
                .chain()
                .run_if(in_state(Screen::Result)),
        )
        .add_systems(
            Update,
            battle_decided
                .after(crate::sim::SimSystems::Victory)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The last battle's result, for the result screen, with the last blow or shot of the match in
/// words (the one that ended it, as a rule: the map is gone by then).
#[derive(Resource, Clone)]
struct LastResult(BattleOver, Option<String>);

/// Events that end a fight: the result screen repeats the last of them.
const DECISIVE: [&str; 5] = ["shot", "melee", "stray_hit", "objective", "escape"];

/// The battle is decided: the result screen, once the map has shown the end (the last shot's
/// tracer and flash, a figure's glide: `Pacing::busy`, which the Instant pace and scripted
/// screenshots never set), a frame or two after the last event so its animation has begun.
fn battle_decided(
    mut commands: Commands,
    over: Option<Res<BattleOver>>,
    log: Option<Res<crate::sim::model::MatchLog>>,
    pacing: Option<Res<crate::sim::model::Pacing>>,
    mut frames: Local<u32>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(over) = over else {
        *frames = 0;
        return;
    };
    *frames += 1;
    if *frames < 3 || pacing.is_some_and(|p| p.busy) {
        return;
    }
    *frames = 0;
    {
        let last = log.and_then(|l| {
            l.events
                .iter()
                .rev()
                .find(|e| DECISIVE.contains(&e.kind.as_str()))
                .map(|e| e.text.clone())
        });
        commands.insert_resource(LastResult(over.clone(), last));
        next.set(Screen::Result);
    }
}

fn result_screen(
    mut commands: Commands,
    result: Option<Res<LastResult>>,
    kept: Option<Res<crate::app::saves::FinishedMatch>>,
    keys: Res<Bindings>,
) {
    let (name, why, last) = result.map_or(("nobody".into(), String::new(), None), |r| {
        (r.0.name.clone(), r.0.why.clone(), r.1.clone())
    });
    let confirm = keys.menu_key(MenuAction::Confirm);
    screen_root(&mut commands, Screen::Result).with_children(|p| {
        title(
            p,
            &crate::rules::words::wins(&name).to_uppercase(),
            56.0,
            palette::TITLE,
        );
        title(p, &why, 22.0, palette::TEXT);
        if let Some(last) = last {
            p.spawn((
                label(format!("The last of it: {last}"), 17.0, palette::HINT),
                Node {
                    max_width: px(1000),
                    margin: UiRect::bottom(px(12)),
                    ..default()
                },
            ));
        }
        p.spawn(button_row()).with_children(|row| {
            if kept.is_some() {
                row.spawn((
                    button(
                        format!("Watch it again ({})", keys.menu_key(MenuAction::Replays)),
                        22.0,
                    ),
                    MenuButton(MenuAction::Replays),
                    Tip("The whole match in the replay viewer, event by event".into()),
                ));
            }
            row.spawn((
                button(format!("Back to the menu ({confirm})"), 22.0),
                MenuButton(MenuAction::Confirm),
            ));
        });
    });
}

fn result_keys(
    input: MenuInput,
    kept: Option<Res<crate::app::saves::FinishedMatch>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    if input.pressed(MenuAction::Confirm) || input.pressed(MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
    // The match just finished, in the viewer (Esc there goes back to the main menu).
    if input.pressed(MenuAction::Replays) && kept.is_some() {
        commands.insert_resource(WatchAgain);
    }
}

/// The result screen asked to watch the finished match again.
#[derive(Resource)]
struct WatchAgain;

/// Open the finished match in the viewer: replayed here, an exclusive system, since replaying
/// runs a match of its own.
fn watch_again(world: &mut World) {
    if world.remove_resource::<WatchAgain>().is_none() {
        return;
    }
    let Some(kept) = world
        .get_resource::<crate::app::saves::FinishedMatch>()
        .map(|k| k.0.clone())
    else {
        return;
    };
    match crate::sim::journal::MatchFile::load(&kept)
        .map_err(|e| e.to_string())
        .and_then(|file| crate::app::replay_view::PendingReplay::of(file, &kept))
    {
        Ok(mut pending) => {
            pending.from_list = false;
            world.insert_resource(pending);
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Replay);
        }
        Err(e) => warn!("the finished match cannot be watched: {e}"),
    }
}
