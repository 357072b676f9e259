//! The action bar: a button for everything the selected hero may declare, with its key (from
//! the bindings in force) and its AP (from the simulation's pricing). A button that cannot be
//! used now is greyed and its tooltip says why (the refusal, keys named as bound). A click is
//! the same as the key: it goes through the same systems (`input::ActionButton`).

use super::plan::resolves_in;
use crate::app::frame::BarRow;
use crate::app::hotseat::HotSeat;
use crate::app::input::{ActionButton, BattleAction, Bindings, Selection};
use crate::app::input::{Aim, DeskView, desk_intent, wants_a_hero};
use crate::app::layout::{BUTTON_GAP, BUTTON_H, BUTTON_W, CAPTION_H, GROUP_GAP, palette};
use crate::app::widgets::{ButtonText, Greyed, Lit, Tip, label};
use crate::data::level::Control;
use crate::rules::check::Resolution;
use crate::rules::movement::Gait;
use crate::sim::actions::price;
use crate::sim::bonus;
use crate::sim::intent::{Action, HeroId, Intent, Refusal};
use crate::sim::model::{
    BehindCover, Hero, Journal, MountedOn, PoolChoices, Prone, RoundOptions, RoundState, Side,
    SideInfo, StackSpend, Track,
};
use crate::sim::query;
use bevy::ecs::system::SystemState;
use bevy::prelude::*;

mod price;
pub(in crate::app::hud) use price::price_bar;

/// The groups of the bar, in order, and the line each goes on (three lines of buttons).
pub const GROUPS: [(&str, usize); 8] = [
    ("MOVE", 0),
    ("GEAR", 0),
    ("WORK", 1),
    ("FIRE", 1),
    ("CHOICES", 1),
    ("CARRY", 1),
    ("CLOSE COMBAT", 2),
    ("TURN", 2),
];

/// The buttons of the bar, in order: (action, name, what it does, group in `GROUPS`).
pub const BAR: [(BattleAction, &str, &str, usize); 39] = [
    (
        BattleAction::ToggleRun,
        "Walk",
        "Walk or run: how the next move goes",
        0,
    ),
    (
        BattleAction::TurnLeft,
        "Turn L",
        "Turn a hexside to the left",
        0,
    ),
    (
        BattleAction::TurnRight,
        "Turn R",
        "Turn a hexside to the right",
        0,
    ),
    (
        BattleAction::DuckBehindCover,
        "Duck",
        "Duck behind the cover in the hex, or emerge",
        0,
    ),
    (
        BattleAction::DropProne,
        "Prone",
        "Drop prone, or stand up",
        0,
    ),
    (
        BattleAction::MountOrDismount,
        "Mount",
        "Mount the riderless mount beside, or step down",
        0,
    ),
    (
        BattleAction::Rein,
        "Rein",
        "Rein the mount in (a gallop to half, half to a halt) or spur it on",
        0,
    ),
    (
        BattleAction::ReadyWeapon,
        "Ready",
        "Take the next weapon in hand (a holstered pistol is drawn)",
        1,
    ),
    (BattleAction::Cock, "Cock", "Cock the weapon in hand", 1),
    (
        BattleAction::Reload,
        "Load",
        "Load the weapon in hand, or clear a jam",
        1,
    ),
    (
        BattleAction::SpeedLoad,
        "Speed ld",
        "Speed load the weapon in hand (the Speed Load skill): loaded with the action remaining on a success, at the reload's cost on a failure, nothing on a calamity",
        1,
    ),
    (
        BattleAction::ReadyOffHand,
        "Off hand",
        "Take a second weapon in the off hand",
        1,
    ),
    (
        BattleAction::WorkObjective,
        "Objective",
        "Work on the level's objective",
        2,
    ),
    (
        BattleAction::Revive,
        "Revive",
        "Medicine: revive an unconscious ally beside the hero (Standard, 5)",
        2,
    ),
    (
        BattleAction::CycleShot,
        "Normal",
        "The shot a right click fires, each press the next: normal (the weapon's normal AP), aimed (+1 to hit and the weapon's Accurate, for an aim's AP more), aimed twice (+2), snap (the fewest AP, its snap penalty off the result)",
        3,
    ),
    (
        BattleAction::AddToSeries,
        "Add shot",
        "Add the enemy pointed at to a series of shots from one pool",
        3,
    ),
    (
        BattleAction::FireSeries,
        "Fire",
        "Declare the series (or fan) put together",
        3,
    ),
    (
        BattleAction::ToggleFan,
        "Fan",
        "Make the series fan firing",
        3,
    ),
    (
        BattleAction::ShootOffHand,
        "Shoot 2",
        "Fire the off hand's weapon at the enemy pointed at",
        3,
    ),
    (
        BattleAction::Sabotage,
        "Miss",
        "A shot fired to miss (sabotage): only a calamity or a stray finds anyone; it still shakes the target's aim",
        3,
    ),
    (
        BattleAction::Venture,
        "Venture 0",
        "Dice pools: Venture tokens on the next check, 0 to 3: as many Interference dice, and each single counts as a pair for Momentum",
        4,
    ),
    (
        BattleAction::SpendWill,
        "Will",
        "Dice pools: spend 1 Will (2 more dice) if the next check would fail",
        4,
    ),
    (
        BattleAction::BonusSpend,
        "Bonus",
        "The bonus counter on the next attack: none, Right on! (+2 on the cause, for bumps) or Aces! (+2 on the effect)",
        4,
    ),
    (
        BattleAction::BackUp,
        "Back up",
        "I've got your back!: the bonus counter to the ally pointed at",
        4,
    ),
    (
        BattleAction::StackSpend,
        "Stack 0",
        "AP from the pool for +1 each on the initiative stack",
        4,
    ),
    (
        BattleAction::Rush,
        "Rush",
        "Rushing (this level plays it): once the segment's declarations are made, rush the action being paid for (or press an action's key), the AP beyond the track from the pool",
        4,
    ),
    (
        BattleAction::TakeOrDrop,
        "Take",
        "Take the item lying within a pace into its Inventory counter (1 AP); carrying one, put it down (1 AP)",
        5,
    ),
    (
        BattleAction::MeleeAttack,
        "Attack",
        "Attack the foe pointed at hand to hand",
        6,
    ),
    (
        BattleAction::CycleAttack,
        "Standard",
        "The attack, each press the next: quick (2 AP, a flat 5 + DB damage), standard (3 AP, the weapon's damage), heavy (5 AP, its damage a row more), grapple (3 AP, no damage: a hit is a bump toward dominance). The chance to hit is the same for each",
        6,
    ),
    (
        BattleAction::ToggleCareful,
        "Careful",
        "Careful attacks: +2 AP, +1",
        6,
    ),
    (
        BattleAction::AddBlow,
        "Add blow",
        "Add the foe pointed at to a series of blows (the attack and care chosen now; 1 AP a change of foe)",
        6,
    ),
    (
        BattleAction::StrikeBlows,
        "Blows",
        "Declare the series of blows put together",
        6,
    ),
    (
        BattleAction::Block,
        "Block",
        "Ready a block against the next blow this round (hand to hand: a block stops no shot)",
        6,
    ),
    (
        BattleAction::Dodge,
        "Dodge",
        "Dodge the blows from the hexsides toward the pointer (hand to hand: a dodge stops no shot)",
        6,
    ),
    (
        BattleAction::Escape,
        "Escape",
        "Break away from or escape dominance",
        6,
    ),
    (
        BattleAction::Disengage,
        "Disengage",
        "Move away carefully to the hex pointed at",
        6,
    ),
    (
        BattleAction::EndDeclaration,
        "Pass",
        "Declare nothing (more) this segment",
        7,
    ),
    (
        BattleAction::HoldRound,
        "Hero done",
        "This hero declares nothing more this round (it holds: its AP left are lost at the round's end); the others go on. A mount at speed keeps going: rein it in first to stop",
        7,
    ),
    (
        BattleAction::Quit,
        "Menu",
        "The Esc menu: the match stands still",
        7,
    ),
];

/// The bar's lines: for each, its groups and how many buttons each holds.
pub fn bar_lines() -> Vec<Vec<(usize, usize)>> {
    let lines = GROUPS.iter().map(|g| g.1).max().map_or(0, |l| l + 1);
    (0..lines)
        .map(|line| {
            GROUPS
                .iter()
                .enumerate()
                .filter(|(_, g)| g.1 == line)
                .map(|(i, _)| (i, BAR.iter().filter(|b| b.3 == i).count()))
                .collect()
        })
        .collect()
}

/// The buttons only some matches show: Venture and Will with dice pools, Rush when the
/// level plays rushing. A line narrows its buttons when they show.
pub const SOMETIMES: [BattleAction; 3] = [
    BattleAction::Venture,
    BattleAction::SpendWill,
    BattleAction::Rush,
];

/// The bar's lines as every match shows them (without [`SOMETIMES`]).
pub fn usual_lines() -> Vec<Vec<(usize, usize)>> {
    bar_lines()
        .into_iter()
        .map(|line| {
            line.into_iter()
                .map(|(group, n)| {
                    let sometimes = BAR
                        .iter()
                        .filter(|b| b.3 == group && SOMETIMES.contains(&b.0))
                        .count();
                    (group, n - sometimes)
                })
                .collect()
        })
        .collect()
}

/// The width a line of the bar takes (layout pixels) with its buttons at full width: its
/// buttons, the gaps between them and between its groups.
pub fn line_width(groups: &[(usize, usize)]) -> f32 {
    line_width_at(groups, BUTTON_W - 4.0)
}

/// The width a line takes with its buttons `button` pixels wide.
pub fn line_width_at(groups: &[(usize, usize)], button: f32) -> f32 {
    let buttons: usize = groups.iter().map(|g| g.1).sum();
    let inner: usize = groups.iter().map(|g| g.1.saturating_sub(1)).sum();
    buttons as f32 * button
        + inner as f32 * BUTTON_GAP
        + groups.len().saturating_sub(1) as f32 * GROUP_GAP
}

/// A group's box on the bar.
#[derive(Component, Debug, Clone, Copy)]
pub struct BarGroup(pub usize);

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
    /// On the bar in this match (Venture and Will only with dice pools, Rush only when the
    /// level plays rushing).
    pub shown: bool,
    /// The intent the button's AP is the price of: what `desk_intent` builds for it, the
    /// same door the keys and the mouse send through. `None`: nothing priced.
    pub priced: Option<Intent>,
}

/// Every button's state, for the window and the tests.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct BarView(pub Vec<BarState>);

/// Lay out the bar's buttons once the frame is there: a line for each row of groups, each
/// group under its caption.
pub(super) fn spawn_bar(
    mut commands: Commands,
    rows: Query<(Entity, Option<&Children>), With<BarRow>>,
) {
    for (row, children) in &rows {
        if children.is_some_and(|c| !c.is_empty()) {
            continue;
        }
        commands.entity(row).with_children(|p| {
            for line in bar_lines() {
                p.spawn(Node {
                    width: percent(100),
                    flex_direction: FlexDirection::Row,
                    column_gap: px(GROUP_GAP),
                    ..default()
                })
                .with_children(|l| {
                    for (group, _) in line {
                        // A line with more buttons than its width (dice pools and rushing
                        // add three) narrows them rather than spill over.
                        l.spawn((
                            BarGroup(group),
                            Node {
                                flex_direction: FlexDirection::Column,
                                flex_shrink: 1.0,
                                min_width: px(0),
                                row_gap: px(1),
                                ..default()
                            },
                        ))
                        .with_children(|g| {
                            g.spawn((
                                label(GROUPS[group].0, 14.0, palette::HINT),
                                Node {
                                    height: px(CAPTION_H),
                                    min_width: px(0),
                                    overflow: Overflow::clip(),
                                    ..default()
                                },
                            ));
                            g.spawn(Node {
                                flex_direction: FlexDirection::Row,
                                min_width: px(0),
                                column_gap: px(BUTTON_GAP),
                                ..default()
                            })
                            .with_children(|b| {
                                for (slot, (action, name, tip, _)) in
                                    BAR.into_iter().enumerate().filter(|(_, b)| b.3 == group)
                                {
                                    b.spawn(bar_button(slot, action, name, tip));
                                }
                            });
                        });
                    }
                });
            }
        });
    }
}

fn bar_button(slot: usize, action: BattleAction, name: &str, tip: &str) -> impl Bundle {
    (
        BarSlot(slot),
        Button,
        Node {
            width: px(BUTTON_W - 4.0),
            flex_shrink: 1.0,
            min_width: px(0),
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
            (label(name, 14.0, palette::BUTTON_TEXT), ButtonText),
            (label("", 14.0, palette::HINT), BarHint),
        ],
    )
}

/// Show the priced states on the buttons.
pub(super) fn show_bar(
    view: Res<BarView>,
    mut commands: Commands,
    mut buttons: Query<(Entity, &BarSlot, &mut ActionButton, &mut Tip, &Children)>,
    mut names: Query<&mut Text, (With<ButtonText>, Without<BarHint>)>,
    mut hints: Query<&mut Text, (With<BarHint>, Without<ButtonText>)>,
    fresh: Query<(), Added<BarSlot>>,
) {
    // Shown again when the view changes, and on buttons just spawned (a battle loaded or
    // come back to spawns the frame anew, while the match, and so the view, stay the same).
    if !view.is_changed() && fresh.is_empty() {
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
        entity.entry::<Node>().and_modify({
            let display = if state.shown {
                Display::Flex
            } else {
                Display::None
            };
            move |mut node| {
                if node.display != display {
                    node.display = display;
                }
            }
        });
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
