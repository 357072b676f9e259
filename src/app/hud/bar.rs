//! The action bar: a button for everything the selected hero may declare, with its key (from
//! the bindings in force) and its AP (from the simulation's pricing). A button that cannot be
//! used now is greyed and its tooltip says why (the refusal, keys named as bound). A click is
//! the same as the key: it goes through the same systems (`input::ActionButton`).

use super::plan::resolves_in;
use crate::app::frame::BarRow;
use crate::app::hotseat::HotSeat;
use crate::app::input::{ActionButton, BattleAction, Bindings, Selection};
use crate::app::layout::{BUTTON_H, BUTTON_W, palette};
use crate::app::widgets::{ButtonText, Greyed, Lit, Tip, label};
use crate::data::level::Control;
use crate::rules::movement::{Gait, turned};
use crate::sim::actions::price;
use crate::sim::intent::{Action, HeroId, Refusal};
use crate::sim::model::{
    BehindCover, Facing, Hero, Mount, MountedOn, Prone, RoundState, Side, SideInfo, StackSpend,
    Track, Weapons,
};
use crate::sim::query;
use bevy::prelude::*;

/// The buttons of the bar, in order: (action, name, what it does).
pub const BAR: [(BattleAction, &str, &str); 28] = [
    (
        BattleAction::ToggleRun,
        "Walk",
        "Walk or run: how the next move goes",
    ),
    (
        BattleAction::TurnLeft,
        "Turn L",
        "Turn a hexside to the left",
    ),
    (
        BattleAction::TurnRight,
        "Turn R",
        "Turn a hexside to the right",
    ),
    (
        BattleAction::ReadyWeapon,
        "Ready",
        "Take the next weapon in hand (a holstered pistol is drawn)",
    ),
    (BattleAction::Cock, "Cock", "Cock the weapon in hand"),
    (
        BattleAction::Reload,
        "Load",
        "Load the weapon in hand, or clear a jam",
    ),
    (
        BattleAction::CycleShot,
        "Normal",
        "The shot a right click fires: snap, normal, aimed, aimed twice",
    ),
    (
        BattleAction::AddToSeries,
        "Add",
        "Add the enemy pointed at to a series of shots from one pool",
    ),
    (
        BattleAction::FireSeries,
        "Fire",
        "Declare the series (or fan) put together",
    ),
    (BattleAction::ToggleFan, "Fan", "Make the series fan firing"),
    (
        BattleAction::ReadyOffHand,
        "Off hand",
        "Take a second weapon in the off hand",
    ),
    (
        BattleAction::ShootOffHand,
        "Shoot 2",
        "Fire the off hand's weapon at the enemy pointed at",
    ),
    (
        BattleAction::MeleeAttack,
        "Attack",
        "Attack the foe pointed at hand to hand",
    ),
    (
        BattleAction::CycleAttack,
        "Standard",
        "The attack: quick, standard, heavy, grapple",
    ),
    (
        BattleAction::ToggleCareful,
        "Careful",
        "Careful attacks: +2 AP, +1",
    ),
    (
        BattleAction::Block,
        "Block",
        "Ready a block against the next blow this round",
    ),
    (
        BattleAction::Dodge,
        "Dodge",
        "Dodge the blows from the hexsides toward the pointer",
    ),
    (
        BattleAction::Escape,
        "Escape",
        "Break away from or escape dominance",
    ),
    (
        BattleAction::Disengage,
        "Disengage",
        "Move away carefully to the hex pointed at",
    ),
    (
        BattleAction::DuckBehindCover,
        "Duck",
        "Duck behind the cover in the hex, or emerge",
    ),
    (BattleAction::DropProne, "Prone", "Drop prone, or stand up"),
    (
        BattleAction::MountOrDismount,
        "Mount",
        "Mount the riderless mount beside, or step down",
    ),
    (
        BattleAction::Rein,
        "Rein",
        "Rein the mount in, or spur it on",
    ),
    (
        BattleAction::WorkObjective,
        "Objective",
        "Work on the level's objective",
    ),
    (
        BattleAction::StackSpend,
        "Stack 0",
        "AP from the pool for +1 each on the initiative stack",
    ),
    (
        BattleAction::EndDeclaration,
        "Pass",
        "Declare nothing (more) this segment",
    ),
    (
        BattleAction::HoldRound,
        "Hold",
        "Declare nothing more this round",
    ),
    (
        BattleAction::Quit,
        "Menu",
        "The Esc menu: the match stands still",
    ),
];

/// A bar button's place in `BAR`.
#[derive(Component, Debug, Clone, Copy)]
pub struct BarSlot(pub usize);

/// The second line of a bar button: key and AP.
#[derive(Component)]
pub struct BarHint;

/// What a bar button shows now: its name, key and AP, whether it can be used, and why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BarState {
    /// The action a click sends (Duck becomes Emerge behind cover, Prone becomes Stand).
    pub action: BattleAction,
    pub name: String,
    pub hint: String,
    pub tip: String,
    pub enabled: bool,
    pub lit: bool,
}

/// Every button's state, for the window and the tests.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct BarView(pub Vec<BarState>);

/// Lay out the bar's buttons once the frame is there.
pub(super) fn spawn_bar(
    mut commands: Commands,
    rows: Query<(Entity, Option<&Children>), With<BarRow>>,
) {
    for (row, children) in &rows {
        if children.is_some_and(|c| !c.is_empty()) {
            continue;
        }
        commands.entity(row).with_children(|p| {
            for (slot, (action, name, tip)) in BAR.into_iter().enumerate() {
                p.spawn((
                    BarSlot(slot),
                    Button,
                    Node {
                        width: px(BUTTON_W - 4.0),
                        height: px(BUTTON_H),
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        border: UiRect::all(px(1)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    BorderColor::all(Color::srgba(1.0, 0.9, 0.7, 0.3)),
                    BackgroundColor(palette::BUTTON),
                    ActionButton(action),
                    Tip(tip.to_string()),
                    children![
                        (label(name, 11.0, palette::BUTTON_TEXT), ButtonText),
                        (label("", 10.0, palette::HINT), BarHint),
                    ],
                ));
            }
        });
    }
}

/// The key of an action in words, short: "K", "Enter".
fn key(keys: &Bindings, action: BattleAction) -> String {
    keys.key(action)
}

/// Price every button for the selected hero (exclusive: pricing reads the whole match).
pub(super) fn price_bar(world: &mut World, mut last: Local<String>) {
    // Priced again when the selection, the seat, the match or the keys change.
    let key = format!(
        "{:?}|{:?}|{}|{:?}|{:?}|{}",
        world.get_resource::<Selection>(),
        world.get_resource::<HotSeat>(),
        world.resource::<crate::sim::model::MatchLog>().events.len(),
        world.resource::<RoundState>().now(),
        world.resource::<RoundState>().declarer(),
        world.resource::<Bindings>().0.bindings.len(),
    );
    let keys_changed = world.is_resource_changed::<Bindings>();
    if *last == key && !keys_changed {
        return;
    }
    *last = key;
    let view = bar_view(world);
    if world.get_resource::<BarView>() != Some(&view) {
        world.insert_resource(view);
    }
}

fn bar_view(world: &mut World) -> BarView {
    let keys = world.resource::<Bindings>().clone();
    let Some(selection) = world.get_resource::<Selection>().cloned() else {
        return BarView::default();
    };
    let seat = world.get_resource::<HotSeat>().cloned().unwrap_or_default();
    let declarer = world.resource::<RoundState>().declarer();
    let hero_e = selection.hero;
    let id = hero_e.and_then(|e| world.get::<HeroId>(e).copied());
    // Whose turn: the selected hero's own declaration, by a human seat.
    let human_side = |world: &World, e: Entity| {
        let side = world.get::<Side>(e).map(|s| s.0);
        let mut q = world.try_query::<&SideInfo>();
        q.as_mut().is_some_and(|q| {
            q.iter(world)
                .any(|i| Some(i.index) == side && i.control == Control::Human)
        })
    };
    let not_now: Option<String> = match (declarer, hero_e) {
        _ if seat.awaiting_handoff => Some("The seat is being handed over".into()),
        (None, _) => Some("Nobody declares now: the segment's actions resolve".into()),
        (Some(d), _) if !human_side(world, d) => Some(format!(
            "It is {}'s declaration (the computer's)",
            query::hero_name(world, d)
        )),
        (Some(d), Some(h)) if d != h => Some(format!(
            "It is {}'s declaration: select that hero",
            query::hero_name(world, d)
        )),
        (_, None) => Some("No hero selected".into()),
        _ => None,
    };
    let enemy = selection.hovered.and_then(|at| {
        let e = hero_e?;
        let side = query::side_of(world, e);
        query::enemy_at(world, side, at)
    });
    let enemy_id = enemy.and_then(|e| world.get::<HeroId>(e).copied());
    let mut out = Vec::new();
    for (action, name, tip) in BAR {
        let mut state = BarState {
            action,
            name: name.to_string(),
            hint: key(&keys, action),
            tip: tip.to_string(),
            enabled: true,
            lit: false,
        };
        // Choices kept in the selection: always usable.
        match action {
            BattleAction::ToggleRun => {
                state.name = match selection.gait {
                    Gait::Walk => "Walk".into(),
                    Gait::Run => "Run".into(),
                };
                state.lit = selection.gait == Gait::Run;
            }
            BattleAction::CycleShot => state.name = selection.shot.name().replace(" shot", ""),
            BattleAction::ToggleFan => state.lit = selection.fan,
            BattleAction::CycleAttack => {
                state.name = selection.attack.name().replace(" attack", "")
            }
            BattleAction::ToggleCareful => state.lit = selection.careful,
            BattleAction::Quit => {}
            _ => {}
        }
        let declaration = !matches!(
            action,
            BattleAction::ToggleRun
                | BattleAction::CycleShot
                | BattleAction::ToggleFan
                | BattleAction::CycleAttack
                | BattleAction::ToggleCareful
                | BattleAction::Quit
                | BattleAction::AddToSeries
        );
        if declaration && let Some(why) = &not_now {
            state.enabled = false;
            state.tip = format!("{tip}.\n{why}.");
            out.push(state);
            continue;
        }
        let (Some(e), Some(hero)) = (hero_e, id) else {
            out.push(state);
            continue;
        };
        let priced: Option<Result<Action, Refusal>> = match action {
            BattleAction::TurnLeft | BattleAction::TurnRight => {
                let by = if action == BattleAction::TurnLeft {
                    1
                } else {
                    -1
                };
                Some(Ok(match world.get::<MountedOn>(e).map(|m| m.0) {
                    Some(m) => Action::Steer {
                        hero,
                        facing: turned(world.get::<Facing>(m).map_or(0, |f| f.0), by),
                    },
                    None => Action::Face {
                        hero,
                        facing: turned(world.get::<Facing>(e).map_or(0, |f| f.0), by),
                    },
                }))
            }
            BattleAction::ReadyWeapon => Some(
                world
                    .get::<Weapons>(e)
                    .map(|w| {
                        let n = w.0.len().max(1);
                        let next = w.0.iter().position(|w| w.ready).map_or(0, |i| (i + 1) % n);
                        Action::Ready { hero, weapon: next }
                    })
                    .ok_or_else(|| Refusal::new("no weapons")),
            ),
            BattleAction::Cock => Some(Ok(Action::Cock { hero })),
            BattleAction::Reload => Some(Ok(Action::Reload { hero })),
            BattleAction::AddToSeries => {
                state.hint = format!("{}  {}", state.hint, selection.series.len());
                if enemy.is_none() {
                    state.enabled = false;
                    state.tip = format!("{tip}.\nPoint at an enemy first.");
                }
                None
            }
            BattleAction::FireSeries => {
                if selection.series.is_empty() {
                    Some(Err(Refusal::new(format!(
                        "no series yet: point at enemies and add them ({})",
                        keys.key(BattleAction::AddToSeries)
                    ))))
                } else {
                    let shots = selection
                        .series
                        .iter()
                        .filter_map(|(t, k)| world.get::<HeroId>(*t).map(|id| (*id, *k)))
                        .collect();
                    Some(Ok(Action::Series {
                        hero,
                        shots,
                        fan: selection.fan,
                    }))
                }
            }
            BattleAction::ReadyOffHand => world.get::<Weapons>(e).map(|w| {
                let n = w.0.len().max(1);
                let from = w.0.iter().position(|w| w.off_hand).map_or(0, |i| i + 1);
                (0..n)
                    .map(|k| (from + k) % n)
                    .find(|&i| w.0.get(i).is_some_and(|w| !w.ready))
                    .map(|weapon| Action::ReadyOffHand { hero, weapon })
                    .ok_or_else(|| Refusal::new("no second weapon to take in the off hand"))
            }),
            BattleAction::ShootOffHand => Some(match enemy_id {
                Some(target) => Ok(Action::ShootOffHand {
                    hero,
                    target,
                    kind: selection.shot,
                }),
                None => Err(Refusal::new("point at an enemy first")),
            }),
            BattleAction::MeleeAttack => Some(match enemy_id {
                Some(target) => Ok(Action::Melee {
                    hero,
                    target,
                    attack: selection.attack,
                    careful: selection.careful,
                    times: 1,
                }),
                None => Err(Refusal::new("point at a foe within a pace first")),
            }),
            BattleAction::Block => Some(Ok(Action::Block { hero })),
            BattleAction::Dodge => {
                let at = world.get::<crate::sim::model::HexPos>(e).map(|p| p.0);
                let toward = match (selection.hovered, at) {
                    (Some(b), Some(a)) if a != b => crate::rules::hexmap::hexside_toward(a, b),
                    _ => world.get::<Facing>(e).map_or(0, |f| f.0),
                };
                Some(Ok(Action::Dodge { hero, toward }))
            }
            BattleAction::Escape => Some(Ok(Action::Escape { hero })),
            BattleAction::Disengage => Some(match selection.hovered {
                Some(to) => Ok(Action::Disengage { hero, to }),
                None => Err(Refusal::new("point at the hex to move away to first")),
            }),
            BattleAction::DuckBehindCover => {
                let ducked = world.get::<BehindCover>(e).is_some_and(|b| b.0);
                if ducked {
                    state.action = BattleAction::EmergeFromCover;
                    state.name = "Emerge".into();
                    state.hint = key(&keys, BattleAction::EmergeFromCover);
                    Some(Ok(Action::EmergeFromCover { hero }))
                } else {
                    Some(Ok(Action::DuckBehindCover { hero }))
                }
            }
            BattleAction::DropProne => {
                if world.get::<Prone>(e).is_some_and(|p| p.0) {
                    state.action = BattleAction::StandUp;
                    state.name = "Stand".into();
                    state.hint = key(&keys, BattleAction::StandUp);
                    Some(Ok(Action::StandUp { hero }))
                } else {
                    Some(Ok(Action::DropProne { hero }))
                }
            }
            BattleAction::MountOrDismount => {
                if world.get::<MountedOn>(e).is_some() {
                    state.name = "Dismount".into();
                    Some(Ok(Action::Dismount { hero }))
                } else {
                    Some(Ok(Action::MountUp { hero }))
                }
            }
            BattleAction::Rein => Some(
                world
                    .get::<MountedOn>(e)
                    .and_then(|m| world.get::<Mount>(m.0))
                    .map(|m| Action::Rein {
                        hero,
                        speed: if m.speed > 0 { 0 } else { m.best_speed },
                    })
                    .ok_or_else(|| Refusal::new("not riding a mount")),
            ),
            BattleAction::WorkObjective => Some(Ok(Action::WorkObjective { hero, objective: 0 })),
            BattleAction::StackSpend => {
                let level = world
                    .get::<Hero>(e)
                    .and_then(|h| h.skills.get("Quick Draw").copied())
                    .unwrap_or(0);
                let now = world.get::<StackSpend>(e).map_or(0, |s| s.0);
                state.name = format!("Stack {now}");
                if level == 0 {
                    state.enabled = false;
                    state.tip = format!("{tip}.\nOnly a hero with Quick Draw may.");
                }
                None
            }
            _ => None,
        };
        match priced {
            Some(Ok(declared)) => match price(world, &declared) {
                Ok(p) => {
                    let left = world.get::<Track>(e).map_or(0, |t| t.0.left());
                    let now = world.resource::<RoundState>().segment.max(1);
                    let when = world
                        .get::<Track>(e)
                        .and_then(|t| resolves_in(&t.0, p.ap, now, declared.over_rounds()));
                    state.hint = format!("{}  {} AP", state.hint, p.ap);
                    match when {
                        Some(s) => {
                            state.tip = format!("{tip}: {} AP, resolves in segment {s}.", p.ap)
                        }
                        None if declared.over_rounds() => {}
                        None => {
                            state.enabled = false;
                            state.tip = format!(
                                "{tip}.\nNot enough AP: it costs {} AP, {left} are left this round.",
                                p.ap
                            );
                        }
                    }
                }
                Err(why) => {
                    state.enabled = false;
                    state.tip = format!("{tip}.\n{}", capitalised(&keys.refusal(&why)));
                }
            },
            Some(Err(why)) => {
                state.enabled = false;
                state.tip = format!("{tip}.\n{}", capitalised(&keys.refusal(&why)));
            }
            None => {}
        }
        out.push(state);
    }
    BarView(out)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Show the priced states on the buttons.
pub(super) fn show_bar(
    view: Res<BarView>,
    mut commands: Commands,
    mut buttons: Query<(Entity, &BarSlot, &mut ActionButton, &mut Tip, &Children)>,
    mut names: Query<&mut Text, (With<ButtonText>, Without<BarHint>)>,
    mut hints: Query<&mut Text, (With<BarHint>, Without<ButtonText>)>,
) {
    if !view.is_changed() {
        return;
    }
    for (e, slot, mut button, mut tip, children) in &mut buttons {
        let Some(state) = view.0.get(slot.0) else {
            continue;
        };
        if button.0 != state.action {
            button.0 = state.action;
        }
        if tip.0 != state.tip {
            tip.0 = state.tip.clone();
        }
        let mut entity = commands.entity(e);
        if state.enabled {
            entity.remove::<Greyed>();
        } else {
            entity.insert(Greyed);
        }
        if state.lit {
            entity.insert(Lit);
        } else {
            entity.remove::<Lit>();
        }
        for child in children {
            if let Ok(mut t) = names.get_mut(*child)
                && t.0 != state.name
            {
                t.0 = state.name.clone();
            }
            if let Ok(mut t) = hints.get_mut(*child)
                && t.0 != state.hint
            {
                t.0 = state.hint.clone();
            }
        }
    }
}
