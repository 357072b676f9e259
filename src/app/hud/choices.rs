//! The player's standing choices on the hero panel and the banner: the bonus counter (held or
//! not, what it is set for, the side's pool; decision 109), Will and Venture with dice pools
//! (decision 87), and the resolution system in play on the banner's spare line.

use crate::app::frame::BannerLine;
use crate::app::input::{BattleAction, Bindings, Selection};
use crate::rules::bonus::Spend;
use crate::rules::check::Resolution;
use crate::sim::bonus;
use crate::sim::model::{Hero, PoolChoices, RoundOptions, RoundState, Side};
use bevy::prelude::*;
use std::collections::HashMap;

/// A hero's standing choices, as the simulation has them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeroChoices {
    /// Holds a bonus counter, and what it is set for.
    pub holds: bool,
    pub armed: Option<Spend>,
    /// Counters left in the side's pool.
    pub pool: u32,
    pub will: u32,
    pub venture: u32,
    pub spend_will: bool,
}

/// Every hero's choices (read from the match each frame; the panel and the tests read this).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct ChoicesView {
    pub heroes: HashMap<Entity, HeroChoices>,
    /// The side's pool, by side.
    pub pools: HashMap<usize, u32>,
    pub system: Resolution,
}

pub(super) fn choices_view(world: &mut World) {
    let mut q = world.query_filtered::<(Entity, &Side, &Hero), With<Hero>>();
    let list: Vec<(Entity, usize, u32)> = q.iter(world).map(|(e, s, h)| (e, s.0, h.will)).collect();
    let mut view = ChoicesView {
        system: world.resource::<RoundOptions>().check.system,
        ..default()
    };
    for (e, side, will) in list {
        let pool = bonus::in_pool(world, e);
        let choices = world.get::<PoolChoices>(e).copied().unwrap_or_default();
        view.heroes.insert(
            e,
            HeroChoices {
                holds: bonus::holds(world, e),
                armed: bonus::armed(world, e),
                pool,
                will,
                venture: choices.venture,
                spend_will: choices.will,
            },
        );
        view.pools.insert(side, pool);
    }
    if world.get_resource::<ChoicesView>() != Some(&view) {
        world.insert_resource(view);
    }
}

/// The panel's line of a hero's choices: "bonus counter set for Aces! | Will 2 left (spent if
/// the check would fail) | Venture 1". `selected` says "no bonus counter" too.
pub fn choices_words(
    c: &HeroChoices,
    system: Resolution,
    keys: &Bindings,
    selected: bool,
) -> String {
    let mut parts = Vec::new();
    if c.holds {
        parts.push(match c.armed {
            Some(s) => format!(
                "BONUS COUNTER set for {} ({})",
                s.name(),
                match s {
                    Spend::RightOn => "+2 on the cause, for bumps",
                    _ => "+2 on the effect",
                }
            ),
            None => format!(
                "BONUS COUNTER, not set ({}: Right on!/Aces!, {}: to an ally)",
                keys.key(BattleAction::BonusSpend),
                keys.key(BattleAction::BackUp)
            ),
        });
    } else if selected {
        parts.push("no bonus counter (save a bump from a hit)".to_string());
    }
    if system == Resolution::DicePool {
        parts.push(format!(
            "Will {} left{}",
            c.will,
            if c.spend_will {
                ", spent if the next check would fail"
            } else {
                ""
            }
        ));
        parts.push(format!("Venture {}", c.venture));
    }
    parts.join("; ")
}

/// The resolution system in words, for the banner: "Checks: dice pools (4+ succeeds, pairs
/// are bumps): 1 Venture, 2 Will".
pub fn system_words(system: Resolution, rushing: bool, keys: &Bindings) -> String {
    let mut s = match system {
        Resolution::ActionDeck => "Checks by the action deck".to_string(),
        Resolution::DicePool => format!(
            "Checks by dice pools: 4+ succeeds, pairs are bumps ({}: Venture, {}: Will)",
            keys.key(BattleAction::Venture),
            keys.key(BattleAction::SpendWill)
        ),
        Resolution::D20 => "Checks by d20 tests: roll under the TN".to_string(),
    };
    if system != Resolution::ActionDeck {
        s.push_str("; the card gives location and effect");
    }
    if rushing {
        s.push_str(&format!("; rushing on ({})", keys.key(BattleAction::Rush)));
    }
    s
}

/// The banner's spare line: the system in play, or the rush window, or the hero to pick.
pub(super) fn update_banner_line(
    options: Res<RoundOptions>,
    round: Res<RoundState>,
    keys: Res<Bindings>,
    selection: Res<Selection>,
    mut line: Query<&mut Text, With<BannerLine>>,
) {
    let Ok(mut text) = line.single_mut() else {
        return;
    };
    let words = if let Some(who) = selection.pick.and_then(crate::app::input::wants_a_hero) {
        format!(
            "{}: click {who} on the map ({}: let go)",
            selection.pick.map_or(String::new(), BattleAction::words),
            keys.key(BattleAction::MoveHere)
        )
    } else if round.rush_window == Some(round.now()) {
        format!(
            "Rush window: the segment's declarations are made. An action's key rushes it ({}: the one being paid for), {}: pass",
            keys.key(BattleAction::Rush),
            keys.key(BattleAction::EndDeclaration)
        )
    } else {
        system_words(options.check.system, options.rushing, &keys)
    };
    if text.0 != words {
        text.0 = words;
    }
}
