//! The card table, where the action deck is drawn and read; and the scripted helpers of
//! `tarnation play` (passing declarations, a screenshot).

use super::hotseat::HotSeat;
use super::input::{Bindings, MenuAction, menu_pressed};
use super::layout::palette;
use super::widgets::label;
use crate::sim::HeroId;
use crate::sim::deck::{CardOnTable, DeckSystems, DrawCard};
use crate::sim::intent::Intent;
use crate::sim::model::{ActionDeck, RoundState};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use leafwing_input_manager::prelude::ActionState;
use std::path::PathBuf;

/// Where to save a screenshot, and quit after it.
#[derive(Resource, Debug, Clone)]
struct ScreenshotRequest(PathBuf);

#[derive(Component)]
struct CardText;

/// The card table: Space draws the next card, Esc quits.
pub fn card_table(app: &mut App) {
    app.add_systems(Startup, setup).add_systems(
        Update,
        (
            keyboard.before(DeckSystems::Draw),
            show_card.after(DeckSystems::Draw),
        ),
    );
}

/// `--pass N`: pass the next N human declarations as they come (for screenshots).
pub fn auto_pass(app: &mut App, passes: u32) {
    app.insert_resource(AutoPass(passes))
        .add_systems(Update, pass_next.in_set(crate::sim::SimSystems::Intent));
}

/// `--screenshot FILE`: save a screenshot once the window has drawn (and the scripted passes
/// are done), then quit.
pub fn screenshot_then_quit(app: &mut App, path: PathBuf) {
    app.insert_resource(ScreenshotRequest(path))
        .add_systems(Update, take_screenshot);
}

fn setup(
    mut commands: Commands,
    mut draw: MessageWriter<DrawCard>,
    deck: Res<ActionDeck>,
    keys: Res<Bindings>,
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
            root.spawn(label(
                "TARNATION - the action deck",
                30.0,
                palette::CARD_TITLE,
            ));
            root.spawn(label(
                format!(
                    "Match seed {}. {}: draw the next card. {}: quit.",
                    deck.seed,
                    keys.menu_key(MenuAction::DrawCard),
                    keys.menu_key(MenuAction::Back)
                ),
                16.0,
                palette::CARD_HINT,
            ));
            root.spawn((label("", 18.0, palette::CARD_TEXT), CardText));
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

/// Declarations still to pass for `--pass N`.
#[derive(Resource, Debug, Clone, Copy)]
struct AutoPass(u32);

fn pass_next(
    mut left: ResMut<AutoPass>,
    round: Option<Res<RoundState>>,
    seat: Option<ResMut<HotSeat>>,
    mut intents: MessageWriter<Intent>,
    ids: Query<&HeroId>,
) {
    let Some(declarer) = round.and_then(|r| r.declarer()) else {
        return;
    };
    if left.0 == 0 {
        return;
    }
    left.0 -= 1;
    if let Some(mut seat) = seat
        && seat.awaiting_handoff
    {
        seat.awaiting_handoff = false;
        return;
    }
    if let Ok(&hero) = ids.get(declarer) {
        intents.write(Intent::Pass { hero });
    }
}

fn take_screenshot(
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
