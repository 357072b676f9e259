//! The blow J would strike at a foe within a pace, as the pointer and the panel preview it:
//! its AP, TN, modifiers and chance, and whether a moving mount may part the two first.

use super::preview::CursorInfo;
use super::shot_preview::odds_at_cursor;
use crate::app::input::{BattleAction, Bindings, Selection};
use crate::sim::actions::melee;
use crate::sim::query;
use bevy::prelude::*;

/// The blow J would strike at a foe within a pace: its AP, TN, modifiers and chance.
pub(super) fn blow_words(
    world: &mut World,
    hero: Entity,
    target: Entity,
    selection: &Selection,
    keys: &Bindings,
    name: &str,
) -> String {
    match melee::plan(world, hero, target, selection.attack, selection.careful, 1) {
        Ok(p) => {
            odds_at_cursor(world, hero, p.attack.name(), p.ap, p.chance);
            let parting = parting_words(world, [hero, target]);
            if let Some(parting) = &parting
                && let Some(mut info) = world.get_resource_mut::<CursorInfo>()
                && let Some(line) = info.0.as_mut()
            {
                line.push('\n');
                line.push_str(parting);
            }
            let parts: Vec<String> = p
                .tn_parts
                .iter()
                .map(|m| format!("{} {:+}", m.name, m.value))
                .collect();
            let mods: Vec<String> = p.volley.attacks[0]
                .terms
                .modifiers
                .iter()
                .map(|m| format!("{} {:+}", m.name, m.value))
                .collect();
            format!(
                "{}: {}{} at {name} with {}, {} AP.\nTN {} = {}; {}{}.\nAdvantage: {} {}, {name} {} (the side ahead adds the difference to its blows). Chance to hit {:.1}%\n{}: attack type  {}: careful  {}: block  {}: dodge",
                keys.key(BattleAction::MeleeAttack),
                if p.careful { "careful " } else { "" },
                p.attack.name(),
                p.struck_with(),
                p.ap,
                p.volley.attacks[0].terms.tn,
                parts.join(", "),
                if mods.is_empty() {
                    "no modifiers"
                } else {
                    "modifiers: "
                },
                mods.join(", "),
                crate::sim::query::hero_name(world, hero),
                p.advantage.0,
                p.advantage.1,
                p.chance * 100.0,
                keys.key(BattleAction::CycleAttack),
                keys.key(BattleAction::ToggleCareful),
                keys.key(BattleAction::Block),
                keys.key(BattleAction::Dodge)
            ) + &parting.map_or(String::new(), |w| format!("\n{w}"))
        }
        Err(why) => {
            let why = keys.refusal(&why);
            world.insert_resource(CursorInfo(Some(format!("Cannot attack: {why}"))));
            format!("Cannot attack {name}: {why}")
        }
    }
}

/// A blow between figures one of whom rides a moving mount: the mounts go on every segment,
/// so by the time the blow is paid for the two may have parted, and then it lapses (a
/// play-test's blow at a rider passing the other way was offered, then lapsed, its AP lost).
fn parting_words(world: &World, figures: [Entity; 2]) -> Option<String> {
    let riding: Vec<String> = figures
        .iter()
        .filter_map(|&e| {
            let mount = world.get::<crate::sim::model::MountedOn>(e)?.0;
            let speed = world.get::<crate::sim::model::Mount>(mount)?.speed;
            (speed > 0).then(|| {
                format!(
                    "{} rides at {speed} paces a round",
                    query::hero_name(world, e)
                )
            })
        })
        .collect();
    (!riding.is_empty()).then(|| {
        format!(
            "{}: the mounts go on every segment, and a blow that is not paid for at once lapses if they part (its AP lost)",
            riding.join(", ")
        )
    })
}
