//! Victory: the last side standing, a Timer, an Objective's Progress counter.

use super::model::*;
use crate::data::level::Victory;
use bevy::prelude::*;

/// Victory: "a side down" (every hero of the other sides down), a Timer counter filled one
/// slot per round, or an Objective's Progress counter filled with victories.
pub fn check_victory(
    mut commands: Commands,
    battle: Option<Res<Battle>>,
    over: Option<Res<BattleOver>>,
    round: Option<Res<RoundState>>,
    objectives: Option<Res<Objectives>>,
    contests: Option<Res<Contests>>,
    counters: Option<Res<crate::sim::counters::LevelCounters>>,
    heroes: Query<(&Side, &Down)>,
    mut decided: MessageWriter<BattleOver>,
    log: Option<ResMut<MatchLog>>,
) {
    let Some(battle) = battle else { return };
    if over.is_some() {
        return;
    }
    let side_named = |name: &str| battle.level.sides.iter().position(|s| s.name == name);
    let mut result = None;
    let mut objective = 0;
    for v in &battle.level.victory {
        let won = match v {
            Victory::LastSideStanding => {
                let standing: Vec<usize> = (0..battle.level.sides.len())
                    .filter(|&s| heroes.iter().any(|(side, down)| side.0 == s && !down.0))
                    .collect();
                match standing[..] {
                    [winner] => Some((winner, "the last side standing".to_string())),
                    _ => None,
                }
            }
            Victory::Timer {
                name,
                rounds,
                winner,
            } => round
                .as_ref()
                .filter(|r| r.completed >= *rounds)
                .and_then(|_| side_named(winner))
                .map(|w| (w, format!("'{name}': {rounds} rounds have passed"))),
            Victory::Objective {
                name,
                winner,
                rival: Some(rival),
                ..
            } => {
                // A contest: whoever completed the task first.
                let i = objective;
                objective += 1;
                contests
                    .as_ref()
                    .and_then(|c| c.0.get(i).cloned().flatten())
                    .and_then(|c| c.winner)
                    .and_then(|first| side_named(if first == 0 { winner } else { rival }))
                    .map(|w| {
                        (
                            w,
                            format!(
                                "'{name}' is done: {} got there first",
                                battle.level.sides[w].name
                            ),
                        )
                    })
            }
            Victory::Objective { name, winner, .. } => {
                let i = objective;
                objective += 1;
                objectives
                    .as_ref()
                    .and_then(|o| o.0.get(i).cloned().flatten())
                    .filter(|c| c.is_complete())
                    .and_then(|_| side_named(winner))
                    .map(|w| (w, format!("'{name}' is done")))
            }
        };
        if won.is_some() {
            result = won;
            break;
        }
    }
    if result.is_none() {
        result = counters
            .as_ref()
            .and_then(|c| full_counter_wins(c, &side_named));
    }
    if let Some((winner, why)) = result {
        let over = BattleOver {
            winner,
            name: battle.level.sides[winner].name.clone(),
            why,
        };
        announce(&over, round.as_deref(), log);
        decided.write(over.clone());
        commands.insert_resource(over);
    }
}

/// A match file of version 6 or older replays as it was played: the match decided only at a
/// round's end, not the moment a victory holds (decision 135). Set by
/// `journal::rules_of_version`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VictoryAtRoundEnd;

/// A full counter of the level whose `when_full` makes a side win (the first in the level's
/// order).
fn full_counter_wins(
    counters: &crate::sim::counters::LevelCounters,
    side_named: &impl Fn(&str) -> Option<usize>,
) -> Option<(usize, String)> {
    counters
        .defs
        .iter()
        .zip(&counters.counters)
        .filter(|(_, c)| c.is_complete())
        .find_map(|(d, _)| match &d.when_full {
            Some(crate::data::level::WhenFull::Wins(side)) => side_named(side).map(|w| {
                (
                    w,
                    format!("the {} counter '{}' is full", d.kind.name(), d.name),
                )
            }),
            _ => None,
        })
}

/// The match decided, in the log: who won and why.
fn announce(over: &BattleOver, round: Option<&RoundState>, log: Option<ResMut<MatchLog>>) {
    if let Some(mut log) = log {
        let now = round.map_or((0, 0), |r| r.now());
        let event = super::events::MatchEvent::BattleOver {
            winner: over.name.clone(),
            why: over.why.clone(),
        };
        log.push(now, None, event.kind(), event.text(), event.fields());
    }
}
