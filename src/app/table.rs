//! The window: the card table, where the action deck is drawn and read. The hex map comes in
//! its own plugin.

use super::deck::{CardOnTable, DeckPlugin, DeckSystems, DrawCard};
use super::input::{MenuAction, menu_pressed};
use crate::cli::PlayArgs;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use leafwing_input_manager::prelude::ActionState;
use std::path::PathBuf;

/// Where to save a screenshot, and quit after it.
#[derive(Resource, Debug, Clone)]
struct ScreenshotRequest(PathBuf);

#[derive(Component)]
struct CardText;

pub fn run(args: PlayArgs) -> Result<(), crate::cli::CliError> {
    let seed = args.seed.unwrap_or_else(crate::cli::fresh_seed);
    // Load the level first: a bad file is refused with its location, before any window opens.
    // A level named on the command line is checked before any window opens: a bad file is
    // refused with its location and exit code 2. Without one, the main menu opens.
    let battle = match (&args.level, args.deck) {
        (Some(path), false) => {
            let gear = crate::data::gear::load(std::path::Path::new(crate::data::gear::GEAR_PATH))?;
            let mut level = crate::data::level::load(path, &gear)?;
            if args.watch {
                for side in &mut level.sides {
                    side.control = crate::data::level::Control::Computer;
                }
            }
            Some((level, gear))
        }
        _ => None,
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Tarnation".into(),
                resolution: (
                    super::map_view::WINDOW_W as u32,
                    super::map_view::WINDOW_H as u32,
                )
                    .into(),
                ..default()
            }),
            ..default()
        }),
    )
    .add_plugins(DeckPlugin {
        seed,
        cards: crate::data::deck_file::load_match_deck()?,
    })
    .add_plugins(super::input::InputPlugin)
    .insert_resource(ClearColor(Color::srgb(0.16, 0.11, 0.07)));
    if args.deck {
        app.add_systems(Startup, setup).add_systems(
            Update,
            (
                keyboard.before(DeckSystems::Draw),
                show_card.after(DeckSystems::Draw),
            ),
        );
    } else {
        app.add_plugins((
            super::battle::BattlePlugin,
            super::screens::ScreensPlugin,
            super::map_view::MapViewPlugin,
        ))
        .init_state::<super::screens::Screen>()
        .add_systems(
            Startup,
            |mut commands: Commands, cameras: Query<(), With<Camera2d>>| {
                // The battle may have made it already (a level's OnEnter runs before Startup).
                if cameras.is_empty() {
                    commands.spawn(Camera2d);
                }
            },
        )
        .insert_resource(super::input::ForcedHover(
            args.hover.map(|(c, r)| crate::rules::hexmap::hex_at(c, r)),
        ));
        // A level named on the command line goes straight to the battle.
        if let Some((level, gear)) = battle {
            app.insert_resource(super::screens::PendingBattle(level, gear))
                .insert_state(super::screens::Screen::Battle);
            app.insert_resource(AutoPass(args.pass)).add_systems(
                Update,
                auto_pass.in_set(super::battle::BattleSystems::Intent),
            );
        }
        // Computer declarations and empty segments follow each other at a pace a player can
        // follow; a scripted screenshot does not wait.
        let delay = if args.screenshot.is_some() { 0.0 } else { 0.15 };
        app.insert_resource(super::round::Pacing { delay, waited: 0.0 });
        if let Some((r, s)) = args.until {
            let until = (r.max(0) as u32, s.max(0) as u32);
            app.add_systems(
                OnEnter(super::screens::Screen::Battle),
                (move |mut options: ResMut<super::round::RoundOptions>| {
                    options.pause_at = Some(until);
                })
                .after(super::screens::ScreenSystems::LoadBattle),
            );
        }
    }
    if let Some(path) = args.screenshot {
        app.insert_resource(ScreenshotRequest(path))
            .add_systems(Update, screenshot_then_quit);
    }
    app.run();
    Ok(())
}

fn setup(
    mut commands: Commands,
    mut draw: MessageWriter<DrawCard>,
    deck: Res<super::deck::ActionDeck>,
) {
    commands.spawn(Camera2d);
    commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(24)),
            row_gap: px(12),
            ..default()
        })
        .with_children(|root| {
            root.spawn(super::widgets::label(
                "TARNATION - the action deck",
                30.0,
                Color::srgb(0.96, 0.84, 0.55),
            ));
            root.spawn((super::widgets::label(
                format!(
                    "Match seed {}. Space: draw the next card. Esc: quit.",
                    deck.seed
                ),
                16.0,
                Color::srgb(0.85, 0.8, 0.7),
            ),));
            root.spawn((
                super::widgets::label("", 18.0, Color::srgb(0.98, 0.95, 0.88)),
                CardText,
            ));
        });
    draw.write(DrawCard);
}

fn keyboard(
    keys: Query<&ActionState<MenuAction>>,
    mut draw: MessageWriter<DrawCard>,
    mut exit: MessageWriter<AppExit>,
) {
    if menu_pressed(&keys, MenuAction::DrawCard) {
        draw.write(DrawCard);
    }
    if menu_pressed(&keys, MenuAction::Back) {
        exit.write(AppExit::Success);
    }
}

fn show_card(on_table: Res<CardOnTable>, mut text: Query<&mut Text, With<CardText>>) {
    if !on_table.is_changed() {
        return;
    }
    if let (Some(card), Ok(mut text)) = (&on_table.0, text.single_mut()) {
        text.0 = crate::data::text::card(card);
    }
}

/// `--pass N`: pass the next N human declarations as they come (for screenshots).
#[derive(Resource, Debug, Clone, Copy)]
struct AutoPass(u32);

fn auto_pass(
    mut left: ResMut<AutoPass>,
    round: Option<Res<super::round::RoundState>>,
    seat: Option<Res<super::battle::HotSeat>>,
    mut seats: MessageWriter<super::battle::SeatCommand>,
) {
    if left.0 == 0 || round.is_none_or(|r| r.declarer().is_none()) {
        return;
    }
    left.0 -= 1;
    seats.write(if seat.is_some_and(|s| s.awaiting_handoff) {
        super::battle::SeatCommand::ConfirmHandoff
    } else {
        super::battle::SeatCommand::EndDeclaration
    });
}

fn screenshot_then_quit(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    passes: Option<Res<AutoPass>>,
    mut frame: Local<u32>,
    mut shot_at: Local<Option<u32>>,
    mut exit: MessageWriter<AppExit>,
) {
    *frame += 1;
    // The shot is taken once the scripted passes are done (and 20 frames have been drawn).
    // (Or after 300 frames, when no human is left to pass.)
    if shot_at.is_none() && *frame >= 20 && (passes.is_none_or(|p| p.0 == 0) || *frame >= 300) {
        *shot_at = Some(*frame);
    }
    let Some(at) = *shot_at else { return };
    if *frame == at {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(request.0.clone()));
    }
    if *frame == at + 60 {
        exit.write(AppExit::Success);
    }
}
