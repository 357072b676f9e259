//! The level's rules in the editor: the system that resolves its checks and the optional
//! rules of the action-resolution and conflict chapters, each a button.

use super::EditorState;
use super::act::{Act, step};
use crate::editor::{self as ed, Edit};
use crate::rules::check::{CardUse, Resolution};

/// The ways cards resolve a check (decision 98), in the order the button cycles them.
pub const CARD_USES: [CardUse; 3] = [
    CardUse::OneCard,
    CardUse::CauseEffectUncoupling,
    CardUse::HitLocationDamage,
];

/// A rules button: the next resolution system, an option switched, the victory threshold or
/// the cards' use cycled, the hot-seat blindfold (the level's default, on, off).
pub fn rules_act(state: &mut EditorState, act: &Act) {
    let mut rules = ed::rules_of(state.level());
    let mut o = rules.options.unwrap_or_default();
    match act {
        Act::Resolution => {
            let all = Resolution::ALL;
            let now = all
                .iter()
                .position(|r| Some(*r) == rules.resolution)
                .unwrap_or(0);
            rules.resolution = Some(all[step(now, 1, all.len())]);
        }
        Act::WeaponLength => rules.weapon_length = !rules.weapon_length,
        Act::Rushing => o.rushing = !o.rushing,
        Act::TotalMovement => o.total_movement = !o.total_movement,
        Act::Exceptional => o.exceptional = !o.exceptional,
        Act::IncreasedEffect => o.increased_effect = !o.increased_effect,
        // 4 to 8, round (the book's standard is 6).
        Act::Threshold => o.victory_threshold = 4 + (o.victory_threshold.saturating_sub(3)) % 5,
        Act::CardUse => {
            let now = CARD_USES.iter().position(|c| *c == o.card_use).unwrap_or(0);
            o.card_use = CARD_USES[step(now, 1, CARD_USES.len())];
        }
        Act::Blindfold => {
            rules.handoff_screen = match rules.handoff_screen {
                None => Some(true),
                Some(true) => Some(false),
                Some(false) => None,
            }
        }
        _ => return,
    }
    if o != rules.options.unwrap_or_default() || rules.options.is_some() {
        rules.options = Some(o);
    }
    state.apply(Edit::Rules(rules));
}
