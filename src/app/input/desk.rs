//! The desk's one door: `desk_intent` turns a `BattleAction` pressed at the desk (a key, a
//! mouse button, a click on the map or on a button of the action bar) into the `Intent` it
//! sends, or the refusal that keeps it unsent. The keys and the mouse send what it returns
//! (`act`); the action bar prices the very same intent, so the two cannot disagree.

use super::bindings::{BattleAction, Bindings};
use super::selection::Selection;
use crate::rules::bonus::Spend;
use crate::rules::dice_pool::MAX_VENTURE;
use crate::rules::hexmap::hexside_toward;
use crate::rules::movement::turned;
use crate::sim::intent::{Action, HeroId, Intent, Refusal};
use crate::sim::model::{
    BonusArmed, Committed, Facing, Hero, HexPos, Mount, MountedOn, PoolChoices, RoundState,
    StackSpend, Weapons,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What the desk reads of the match to build an intent: read only, so the bar can price with
/// it and the keys can send with it in the same frame.
#[derive(SystemParam)]
pub struct DeskView<'w, 's> {
    ids: Query<'w, 's, &'static HeroId>,
    heroes: Query<'w, 's, &'static Hero>,
    places: Query<'w, 's, (&'static HexPos, &'static Facing)>,
    weapons: Query<'w, 's, &'static Weapons>,
    riders: Query<'w, 's, &'static MountedOn>,
    mounts: Query<'w, 's, (&'static Mount, &'static Facing)>,
    pool_choices: Query<'w, 's, &'static PoolChoices>,
    armed: Query<'w, 's, &'static BonusArmed>,
    committed: Query<'w, 's, &'static Committed>,
    stack_spend: Query<'w, 's, &'static StackSpend>,
    carrying: Query<'w, 's, &'static crate::sim::counters::Carrying>,
    round: Res<'w, RoundState>,
    battle: Res<'w, crate::sim::model::Battle>,
}

/// A right click on a foe within a pace (`from` the hero's hex, `to` the foe's) strikes it by
/// hand (the blow J makes) when the hero holds no gun or throwing weapon that can shoot it now
/// (none in hand, or one empty or jammed: a play-test's right click on the foe Miranda was
/// fighting was refused "the Sharps rifle is empty"), or only a weapon that bursts where it
/// lands (dynamite: the thrower stands in its own blast; a play-test's right click at a foe
/// beside Hank offered the throw at his own feet); else it shoots. The pointer's preview asks
/// the same (`hud::shot_preview`); the throw is still F's and the bar's.
pub fn right_click_strikes(
    gear: &crate::data::gear::Gear,
    weapons: Option<&Weapons>,
    (from, to): (Option<hexx::Hex>, Option<hexx::Hex>),
) -> bool {
    let beside = matches!((from, to), (Some(a), Some(b)) if a.unsigned_distance_to(b) <= 1);
    let gun_in_hand = weapons.is_some_and(|w| {
        w.0.iter().any(|w| {
            w.ready
                && !w.off_hand
                && w.rounds > 0
                && !w.jammed
                && gear
                    .weapon(&w.name)
                    .is_some_and(|g| g.is_ranged() && g.blast == 0)
        })
    });
    beside && !gun_in_hand
}

/// What the desk points at: the enemy and the ally an action for a hero on the map is for,
/// and the hex (a move, a dodge, a step away).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Aim {
    pub enemy: Option<Entity>,
    pub ally: Option<Entity>,
    pub hex: Option<hexx::Hex>,
}

/// The intent `action` at the desk sends for `hero`, or why it cannot be sent. `None`: the
/// action sends nothing (a choice kept in the selection: walk or run, the shot kind, adding a
/// target to a series...). Once the segment's declarations are made, a declaration is a rush.
pub fn desk_intent(
    view: &DeskView,
    selection: &Selection,
    keys: &Bindings,
    hero: Entity,
    action: BattleAction,
    aim: Aim,
) -> Option<Result<Intent, Refusal>> {
    let id = *view.ids.get(hero).ok()?;
    if let Some(choice) = choice(view, id, hero, action) {
        return Some(choice);
    }
    let declared = match declaration(view, selection, keys, (hero, id), action, aim)? {
        Ok(declared) => declared,
        Err(why) => return Some(Err(why)),
    };
    let rush_window = view.round.rush_window == Some(view.round.now());
    Some(Ok(if rush_window {
        Intent::Rush(declared)
    } else {
        Intent::Declare(declared)
    }))
}

/// The choices a hero makes that are no declaration: the next of each cycle, and the rush.
fn choice(
    view: &DeskView,
    hero: HeroId,
    e: Entity,
    action: BattleAction,
) -> Option<Result<Intent, Refusal>> {
    Some(Ok(match action {
        BattleAction::Venture => {
            let now = view.pool_choices.get(e).map_or(0, |c| c.venture);
            let tokens = (now + 1) % (MAX_VENTURE + 1);
            Intent::Venture { hero, tokens }
        }
        BattleAction::SpendWill => {
            let now = view.pool_choices.get(e).is_ok_and(|c| c.will);
            Intent::Will { hero, spend: !now }
        }
        BattleAction::BonusSpend => {
            let spend = match view.armed.get(e).ok().map(|a| a.0) {
                None => Some(Spend::RightOn),
                Some(Spend::RightOn) => Some(Spend::Aces),
                Some(_) => None,
            };
            Intent::Bonus { hero, spend }
        }
        BattleAction::StackSpend => {
            let level = view
                .heroes
                .get(e)
                .ok()
                .and_then(|h| h.skills.get("Quick Draw").copied())
                .unwrap_or(0);
            let now = view.stack_spend.get(e).map_or(0, |s| s.0);
            let ap = if now >= level { 0 } else { now + 1 };
            Intent::StackSpend { hero, ap }
        }
        BattleAction::Rush => return Some(rush(view, e)),
        _ => return None,
    }))
}

/// Rushing the action a hero is paying for, in the segment's rush window.
fn rush(view: &DeskView, e: Entity) -> Result<Intent, Refusal> {
    let name = view.heroes.get(e).map_or("", |h| h.name.as_str());
    if view.round.rush_window != Some(view.round.now()) {
        return Err(Refusal::new(
            "an action is rushed once every declaration of the segment is made",
        ));
    }
    match view.committed.get(e) {
        Ok(paying) => Ok(Intent::Rush(paying.0.clone())),
        Err(_) => Err(Refusal::new(format!(
            "{name} is paying for nothing: press the key of the action to rush"
        ))),
    }
}

/// The declaration `action` makes, or why there is none to make.
fn declaration(
    view: &DeskView,
    selection: &Selection,
    keys: &Bindings,
    (e, hero): (Entity, HeroId),
    action: BattleAction,
    aim: Aim,
) -> Option<Result<Action, Refusal>> {
    use BattleAction as A;
    let plain = match action {
        A::Cock => Action::Cock { hero },
        A::Reload => Action::Reload { hero },
        A::SpeedLoad => Action::SpeedLoad { hero },
        A::Block => Action::Block { hero },
        A::Escape => Action::Escape { hero },
        A::DropProne => Action::DropProne { hero },
        A::StandUp => Action::StandUp { hero },
        A::DuckBehindCover => Action::DuckBehindCover { hero },
        A::EmergeFromCover => Action::EmergeFromCover { hero },
        A::WorkObjective => Action::WorkObjective { hero, objective: 0 },
        A::MountOrDismount if view.riders.get(e).is_ok() => Action::Dismount { hero },
        A::MountOrDismount => Action::MountUp { hero },
        A::TakeOrDrop if view.carrying.get(e).is_ok_and(|c| !c.0.is_empty()) => {
            Action::DropItem { hero }
        }
        A::TakeOrDrop => Action::TakeItem { hero },
        A::FireSeries | A::StrikeBlows => return Some(series(view, selection, keys, hero, action)),
        A::MoveHere | A::ShootOffHand | A::Sabotage | A::MeleeAttack | A::BackUp | A::Revive => {
            return at_someone(view, selection, (e, hero), action, aim);
        }
        _ => return bodily(view, (e, hero), action, aim),
    };
    Some(Ok(plain))
}

/// The declarations of the hero's own body and gear: turning, steering and reining a mount,
/// readying a weapon, dodging, stepping away.
fn bodily(
    view: &DeskView,
    (e, hero): (Entity, HeroId),
    action: BattleAction,
    aim: Aim,
) -> Option<Result<Action, Refusal>> {
    use BattleAction as A;
    let (at, facing) = view
        .places
        .get(e)
        .map_or((None, 0), |(p, f)| (Some(p.0), f.0));
    let mount = view
        .riders
        .get(e)
        .ok()
        .and_then(|m| view.mounts.get(m.0).ok());
    Some(match action {
        A::TurnLeft | A::TurnRight => {
            // Hexsides are numbered clockwise as the map is drawn (rows go down): a turn to
            // the right is the next one (a play-test's Turn R turned its hero to the left).
            let by = if action == A::TurnRight { 1 } else { -1 };
            Ok(match mount {
                Some((_, heading)) => Action::Steer {
                    hero,
                    facing: turned(heading.0, by),
                },
                None => Action::Face {
                    hero,
                    facing: turned(facing, by),
                },
            })
        }
        A::Rein => mount
            .map(|(m, _)| Action::Rein {
                hero,
                speed: next_rein(m.speed, m.best_speed),
            })
            .ok_or_else(|| Refusal::new("not riding a mount")),
        A::ReadyWeapon => view
            .weapons
            .get(e)
            .map(|w| Action::Ready {
                hero,
                weapon: next_to_ready(&w.0),
            })
            .map_err(|_| Refusal::new("no weapons")),
        A::ReadyOffHand => {
            let w = view.weapons.get(e).ok()?;
            let n = w.0.len().max(1);
            let from = w.0.iter().position(|w| w.off_hand).map_or(0, |i| i + 1);
            (0..n)
                .map(|k| (from + k) % n)
                .find(|&i| w.0.get(i).is_some_and(|w| !w.ready))
                .map(|weapon| Action::ReadyOffHand { hero, weapon })
                .ok_or_else(|| Refusal::new("no second weapon to take in the off hand"))
        }
        A::Dodge => {
            let toward = match (aim.hex, at) {
                (Some(b), Some(a)) if a != b => hexside_toward(a, b),
                _ => facing,
            };
            Ok(Action::Dodge { hero, toward })
        }
        A::Disengage => match aim.hex {
            Some(to) => Ok(Action::Disengage { hero, to }),
            None => Err(Refusal::new("point at the hex to move away to first")),
        },
        _ => return None,
    })
}

/// The declarations for someone on the map: a move or a shot (the right click), a shot with
/// the off hand, sabotage, a blow, backing up or reviving an ally.
fn at_someone(
    view: &DeskView,
    selection: &Selection,
    (e, hero): (Entity, HeroId),
    action: BattleAction,
    aim: Aim,
) -> Option<Result<Action, Refusal>> {
    use BattleAction as A;
    let name = view.heroes.get(e).map_or("", |h| h.name.as_str());
    let enemy = aim.enemy.and_then(|t| view.ids.get(t).ok().copied());
    let ally = aim.ally.and_then(|t| view.ids.get(t).ok().copied());
    let kind = selection.shot;
    Some(match action {
        A::MoveHere => Ok(match enemy {
            Some(target)
                if right_click_strikes(
                    &view.battle.gear,
                    view.weapons.get(e).ok(),
                    (view.hex_of(Some(e)), view.hex_of(aim.enemy)),
                ) =>
            {
                Action::Melee {
                    hero,
                    target,
                    attack: selection.attack,
                    careful: selection.careful,
                    times: 1,
                }
            }
            Some(target) => Action::Shoot { hero, target, kind },
            None => match view.riders.get(e).ok().map(|m| m.0) {
                // A rider does not walk: a right click on a hex steers the mount toward it.
                Some(mount) => return Some(steer_toward(view, hero, mount, aim.hex?)),
                None => Action::Move {
                    hero,
                    to: aim.hex?,
                    gait: selection.gait,
                },
            },
        }),
        A::ShootOffHand | A::Sabotage => match enemy {
            Some(target) if action == A::ShootOffHand => {
                Ok(Action::ShootOffHand { hero, target, kind })
            }
            Some(target) => Ok(Action::Sabotage { hero, target, kind }),
            None => Err(Refusal::new("no enemy is left standing")),
        },
        A::MeleeAttack => enemy
            .map(|target| Action::Melee {
                hero,
                target,
                attack: selection.attack,
                careful: selection.careful,
                times: 1,
            })
            .ok_or_else(|| Refusal::new(format!("no foe within a pace of {name}"))),
        A::BackUp => ally
            .map(|ally| Action::BackUp { hero, ally })
            .ok_or_else(|| Refusal::new(format!("{name} has no ally to back up"))),
        A::Revive => ally
            .map(|target| Action::Revive { hero, target })
            .ok_or_else(|| Refusal::new(format!("no ally of {name} is unconscious"))),
        _ => return None,
    })
}

impl DeskView<'_, '_> {
    /// Where a figure stands.
    fn hex_of(&self, e: Option<Entity>) -> Option<hexx::Hex> {
        e.and_then(|e| self.places.get(e).ok()).map(|p| p.0.0)
    }
}

/// The pace Rein (V) sets: from a gallop to half of it, from there to a halt, from a halt to
/// the best again. A play-test pressed V at the gulch's gallop and its horse stood still
/// with the riders behind: one press now reins in to half, and the button says to what.
pub fn next_rein(speed: u32, best: u32) -> u32 {
    match speed {
        0 => best,
        s if s > best / 2 => best / 2,
        _ => 0,
    }
}

/// The weapon Ready (G) takes in hand: the one after the weapon in hand, else the first.
pub fn next_to_ready(weapons: &[crate::sim::model::WeaponState]) -> usize {
    let n = weapons.len().max(1);
    weapons
        .iter()
        .position(|w| w.ready)
        .map_or(0, |i| (i + 1) % n)
}

/// A rider's right click on a hex: the mount steered to the hexside that faces it (a play-test
/// right-clicked the gulch for Hank and was refused: "steer it or rein it in instead").
fn steer_toward(
    view: &DeskView,
    hero: HeroId,
    mount: Entity,
    to: hexx::Hex,
) -> Result<Action, Refusal> {
    let (Some(at), Ok((m, heading))) = (view.hex_of(Some(mount)), view.mounts.get(mount)) else {
        return Err(Refusal::new("the mount is not on the map"));
    };
    match crate::rules::movement::steer_toward(at, heading.0, to) {
        Some(facing) => Ok(Action::Steer { hero, facing }),
        None => Err(Refusal::new(format!(
            "{} already heads that way ({} paces a round): rein in or spur on to change its pace",
            m.name, m.speed
        ))),
    }
}

/// A series of shots or of blows, as gathered in the selection.
fn series(
    view: &DeskView,
    selection: &Selection,
    keys: &Bindings,
    hero: HeroId,
    action: BattleAction,
) -> Result<Action, Refusal> {
    let id = |e: &Entity| view.ids.get(*e).ok().copied();
    if action == BattleAction::FireSeries {
        if selection.series.is_empty() {
            return Err(Refusal::new(format!(
                "no series yet: point at enemies and add them ({})",
                keys.key(BattleAction::AddToSeries)
            )));
        }
        let shots = selection
            .series
            .iter()
            .filter_map(|(t, kind)| id(t).map(|t| (t, *kind)))
            .collect();
        return Ok(Action::Series {
            hero,
            shots,
            fan: selection.fan,
        });
    }
    if selection.blows.is_empty() {
        return Err(Refusal::new(format!(
            "no blows yet: point at foes within a pace and add them ({})",
            keys.key(BattleAction::AddBlow)
        )));
    }
    let blows = selection
        .blows
        .iter()
        .filter_map(|(t, attack, careful)| id(t).map(|t| (t, *attack, *careful)))
        .collect();
    Ok(Action::MeleeSeries { hero, blows })
}

#[cfg(test)]
mod tests {
    use super::right_click_strikes;
    use crate::sim::model::{WeaponState, Weapons};

    /// Beside a foe, a loaded gun in hand shoots; an empty or jammed one does not, so the right
    /// click strikes by hand; a foe two paces off is shot at (or refused) whatever the gun.
    #[test]
    fn a_right_click_strikes_when_the_gun_cannot_fire() {
        let gear =
            crate::data::gear::load(std::path::Path::new(crate::data::gear::GEAR_PATH)).unwrap();
        let sharps = |rounds: u32, jammed: bool| {
            Weapons(vec![WeaponState {
                name: "Sharps rifle".into(),
                ready: true,
                cocked: true,
                rounds,
                holstered: false,
                jammed,
                off_hand: false,
                fully_loaded: false,
                rel_penalty: 0,
            }])
        };
        let here = hexx::Hex::new(3, 3);
        let beside = (Some(here), Some(hexx::Hex::new(4, 3)));
        let far = (Some(here), Some(hexx::Hex::new(5, 3)));
        assert!(!right_click_strikes(&gear, Some(&sharps(1, false)), beside));
        assert!(right_click_strikes(&gear, Some(&sharps(0, false)), beside));
        assert!(right_click_strikes(&gear, Some(&sharps(1, true)), beside));
        assert!(!right_click_strikes(&gear, Some(&sharps(0, false)), far));
    }
}
