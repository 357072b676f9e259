//! The optional rules the level select switches for the match: the action-resolution
//! chapter's (exceptional results, increased effect, the victory threshold, card hacking), the
//! weapon-length rule and total movement; their words and tooltips.

use super::LevelChoice;
use crate::app::input::MenuAction;
use crate::data::level::Level;
use bevy::prelude::*;

/// A switch of one optional rule for the match (its menu action says which).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleToggle(pub MenuAction);

/// The optional rules the level select switches, with their menu actions.
pub const RULE_TOGGLES: [MenuAction; 6] = [
    MenuAction::ToggleExceptional,
    MenuAction::ToggleIncreasedEffect,
    MenuAction::CycleVictoryThreshold,
    MenuAction::CycleCardUse,
    MenuAction::ToggleWeaponLength,
    MenuAction::ToggleTotalMovement,
];

/// The victory thresholds the level select cycles through (the book's is 6).
const THRESHOLDS: [u32; 5] = [6, 8, 10, 4, 5];

/// Switch an optional rule of the level as played (its file is not touched).
pub(super) fn switch_rule(choice: &mut LevelChoice, action: MenuAction) {
    use crate::rules::check::CardUse;
    let Some(level) = choice.preview.as_mut() else {
        return;
    };
    if action == MenuAction::ToggleWeaponLength {
        level.weapon_length = !level.weapon_length;
        return;
    }
    let o = level.options.get_or_insert_with(Default::default);
    match action {
        MenuAction::ToggleExceptional => o.exceptional = !o.exceptional,
        MenuAction::ToggleIncreasedEffect => o.increased_effect = !o.increased_effect,
        MenuAction::ToggleTotalMovement => o.total_movement = !o.total_movement,
        MenuAction::CycleVictoryThreshold => {
            let i = THRESHOLDS.iter().position(|t| *t == o.victory_threshold);
            o.victory_threshold = THRESHOLDS[i.map_or(0, |i| (i + 1) % THRESHOLDS.len())];
        }
        MenuAction::CycleCardUse => {
            o.card_use = match o.card_use {
                CardUse::OneCard => CardUse::CauseEffectUncoupling,
                CardUse::CauseEffectUncoupling => CardUse::HitLocationDamage,
                CardUse::HitLocationDamage => CardUse::OneCard,
            }
        }
        _ => {}
    }
}

/// What an optional rule does, for its tooltip (lit buttons are off the book's standard).
pub(super) fn rule_tip(action: MenuAction) -> &'static str {
    match action {
        MenuAction::ToggleExceptional => {
            "Exceptional results: a check that reads the highest number its die can roll (a 4 on a d4) draws another card and adds it on, so a great roll can go higher (on by the book)"
        }
        MenuAction::ToggleIncreasedEffect => {
            "Increased effect: an effect reading marked for it draws another card and adds more effect: more damage, more victories (on by the book)"
        }
        MenuAction::CycleVictoryThreshold => {
            "Victory threshold: how many points of a check's effect count as one victory toward an objective (6 by the book)"
        }
        MenuAction::CycleCardUse => {
            "Cards a check: one card decides a check (the book's standard), or one card decides whether it succeeds and another how well, or a third card picks the hit location"
        }
        MenuAction::ToggleWeaponLength => {
            "Weapon length: the longer weapon has the advantage when a hand-to-hand fight begins, until the shorter one lands a blow on the torso or the head (off by the book)"
        }
        MenuAction::ToggleTotalMovement => {
            "Total movement: a moving target costs the firer 1 for each 5 paces of its own speed, whatever the firer does, instead of the speed between them (relative movement, the book's way; decision 129)"
        }
        _ => "",
    }
}

/// An optional rule as the level select shows it: its words and whether it is off the book's
/// standard.
pub(super) fn rule_words(level: &Level, action: MenuAction) -> (String, bool) {
    use crate::rules::check::CardUse;
    let o = level.options.unwrap_or_default();
    let on_off = |b: bool| if b { "on" } else { "off" };
    match action {
        MenuAction::ToggleExceptional => (
            format!("Exceptional results: {}", on_off(o.exceptional)),
            !o.exceptional,
        ),
        MenuAction::ToggleIncreasedEffect => (
            format!("Increased effect: {}", on_off(o.increased_effect)),
            !o.increased_effect,
        ),
        MenuAction::CycleVictoryThreshold => (
            format!("Victory threshold: {}", o.victory_threshold),
            o.victory_threshold != crate::rules::check::VICTORY_THRESHOLD,
        ),
        MenuAction::CycleCardUse => (
            match o.card_use {
                CardUse::OneCard => "Cards: one a check".to_string(),
                CardUse::CauseEffectUncoupling => "Cards: cause and effect apart".to_string(),
                CardUse::HitLocationDamage => "Cards: cause, location, effect".to_string(),
            },
            o.card_use != CardUse::OneCard,
        ),
        MenuAction::ToggleWeaponLength => (
            format!("Weapon length: {}", on_off(level.weapon_length)),
            level.weapon_length,
        ),
        MenuAction::ToggleTotalMovement => (
            format!("Total movement: {}", on_off(o.total_movement)),
            o.total_movement,
        ),
        _ => (String::new(), false),
    }
}
