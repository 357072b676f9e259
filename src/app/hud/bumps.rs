//! The choices a human's attack waits for. Its bumps (`sim::model::PendingBumps`): a box over
//! the map offers each way the simulation priced (the Judge's first, with the location, wounds,
//! Conc and dominance each gives); a click, or the pass key for the Judge's way, sends
//! `Intent::SpendBumps`. An aimed shot whose aim a Bravery check took (`PendingSnap`): a snap
//! shot or hold fire, `Intent::Snap`.

use crate::app::hotseat::HotSeat;
use crate::app::input::{BattleAction, BattleInput, Bindings};
use crate::app::layout::{BANNER_H, BAR_H, PANEL_W, WINDOW_H, palette};
use crate::app::state::{Pause, Screen};
use crate::app::widgets::{Tip, button, clicked, label};
use crate::data::level::Control;
use crate::rules::shot::BumpSpend;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{Battle, BumpOption, Hero, PendingBumps, PendingSnap, Side};
use bevy::prelude::*;

/// The hero a box of choices is about: the box stands clear of its token (`place_choice_boxes`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChoiceAbout(pub Entity, pub Option<Entity>);

/// Where a box of choices stands: over the map's top left corner, or (its hero's token in the
/// map's left half) over its bottom right corner, clear of the token and of the counters' box.
pub fn choice_box_at_right(map: Rect, token: Vec2) -> bool {
    token.x < map.center().x
}

/// A corner of the map a box of choices may stand in (the top right is the counters' box's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    TopLeft,
    BottomRight,
    BottomLeft,
}

/// The corner for a box of `size` (UI pixels) about the figures at `tokens` (window pixels) in
/// a window of `window` pixels laid out `scale` times: the first of top left, bottom right and
/// bottom left whose box covers none of them, else the one that covers fewest (a play-test's
/// box of the snap shot stood over the foe it was about); among those, the one that covers
/// fewest of the `others` on the map (a play-test's bump box hid Miranda, Cyril and Hank). A
/// box not laid out yet (`size` zero) goes as `choice_box_at_right` puts it, by the first
/// figure.
pub fn choice_corner(
    frame: &crate::app::layout::Frame,
    size: Vec2,
    (tokens, others): (&[Vec2], &[Vec2]),
) -> Corner {
    if size == Vec2::ZERO {
        return match tokens.first() {
            Some(&t) if choice_box_at_right(frame.map, t) => Corner::BottomRight,
            _ => Corner::TopLeft,
        };
    }
    let (s, window, size) = (frame.scale, frame.window, size * frame.scale);
    let rect = |corner: Corner| {
        let (x, y) = match corner {
            Corner::TopLeft => (40.0 * s, (BANNER_H + 40.0) * s),
            Corner::BottomRight => (
                window.x - (PANEL_W + 40.0) * s - size.x,
                window.y - (BAR_H + 30.0) * s - size.y,
            ),
            Corner::BottomLeft => (40.0 * s, window.y - (BAR_H + 30.0) * s - size.y),
        };
        Rect::from_corners(Vec2::new(x, y), Vec2::new(x, y) + size).inflate(TOKEN_R * s)
    };
    let covered =
        |corner: Corner, at: &[Vec2]| at.iter().filter(|t| rect(corner).contains(**t)).count();
    [Corner::TopLeft, Corner::BottomRight, Corner::BottomLeft]
        .into_iter()
        .min_by_key(|&c| (covered(c, tokens), covered(c, others)))
        .unwrap_or(Corner::TopLeft)
}

/// A token's radius on the window, with a margin.
const TOKEN_R: f32 = 24.0;

/// Each box of choices stands where it covers none of the figures it is about, if it can.
pub(super) fn place_choice_boxes(
    rect: Res<crate::app::input::MapRect>,
    geometry: Option<Res<crate::app::board::MapGeometry>>,
    cameras: Query<(&Transform, &Projection), With<Camera2d>>,
    positions: Query<&crate::sim::model::HexPos>,
    figures: Query<(Entity, &crate::sim::model::HexPos, &crate::sim::model::Down), With<Hero>>,
    mut boxes: Query<(&ChoiceAbout, &mut Node, &ComputedNode)>,
) {
    let (Some(geometry), Some((camera, scale))) =
        (geometry, crate::app::input::camera_view(&cameras))
    else {
        return;
    };
    let frame = rect.0;
    for (about, mut node, computed) in &mut boxes {
        let tokens: Vec<Vec2> = std::iter::once(about.0)
            .chain(about.1)
            .filter_map(|e| positions.get(e).ok())
            .map(|at| {
                let centre = geometry.hex_center(at.0);
                crate::app::input::screen_at(&frame, scale, camera, centre)
            })
            .collect();
        if tokens.is_empty() {
            continue;
        }
        // The other figures standing on the map: covered as few as can be.
        let others: Vec<Vec2> = figures
            .iter()
            .filter(|(e, _, down)| !down.0 && *e != about.0 && Some(*e) != about.1)
            .map(|(_, at, _)| {
                let centre = geometry.hex_center(at.0);
                crate::app::input::screen_at(&frame, scale, camera, centre)
            })
            .collect();
        // The box's laid-out size in UI pixels.
        let size = computed.size() * computed.inverse_scale_factor();
        let (left, right, top, bottom) = match choice_corner(&frame, size, (&tokens, &others)) {
            Corner::TopLeft => (px(40), Val::Auto, px(BANNER_H + 40.0), Val::Auto),
            Corner::BottomRight => (Val::Auto, px(PANEL_W + 40.0), Val::Auto, px(BAR_H + 30.0)),
            Corner::BottomLeft => (px(40), Val::Auto, Val::Auto, px(BAR_H + 30.0)),
        };
        if node.left != left || node.right != right || node.top != top || node.bottom != bottom {
            node.left = left;
            node.right = right;
            node.top = top;
            node.bottom = bottom;
        }
    }
}

/// A box of choices over the map, under the banner (the bumps' and the snap shot's).
pub fn choice_box() -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            left: px(40),
            top: px(BANNER_H + 40.0),
            // Clear of the counters' box at the map's right (the bank job's four counters).
            // A width of its own, not only a most: a box as wide as its words measured their
            // height unwrapped, and its last button stood half cut off (the give-up box).
            width: px(480),
            max_width: px(480),
            // Over the map and no further: a brawl's nine ways to spend four bumps ran over
            // the action bar, the last out of sight. What does not fit scrolls (the wheel).
            max_height: px(CHOICE_BOX_H),
            overflow: Overflow::scroll_y(),
            padding: UiRect::all(px(14)),
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            ..default()
        },
        bevy::ui_widgets::ScrollArea,
        BackgroundColor(palette::TIP),
        GlobalZIndex(8),
        DespawnOnExit(Screen::Battle),
        crate::app::widgets::CoversMap,
        bevy::ui::FocusPolicy::Block,
    )
}

/// The most a box of choices stands over the map: from 40 under the banner to 20 over the
/// action bar (the box at the map's right keeps 30 over the bar and stays under the banner).
pub const CHOICE_BOX_H: f32 = WINDOW_H - BANNER_H - BAR_H - 60.0;

/// The box of choices.
#[derive(Component)]
pub struct BumpBox;

/// A way to spend the bumps, as a button.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BumpChoice(pub BumpSpend);

/// A way to spend the bumps in words, the choice first: "Save a bump as a bonus counter - chest:
/// 4 wounds (1 to damage)", "Dominance: 2 bumps for DOMINATED - belly: 3 wounds",
/// "left arm: 7 wounds, 5 Conc (1 bump to move the hit, 1 to damage)".
pub fn option_words(o: &BumpOption, judge: bool, bumps: u32) -> String {
    let mut s = format!(
        "{}: {}",
        o.location.name(),
        crate::rules::words::count(o.wounds, "wound", "wounds")
    );
    if o.wounds > crate::rules::damage::DISABLING_WOUND {
        s.push_str(&format!(
            " (its {} boxes full)",
            crate::rules::damage::DISABLING_WOUND
        ));
    }
    if o.conc > 0 {
        s.push_str(&format!(", {} Conc", o.conc));
    }
    if o.stopped {
        s.push_str(", stopped by the cover");
    }
    s.push_str(&bumps_words(o, bumps));
    let dominance = crate::rules::melee::Dominance::from_level(o.dominance).name();
    let lead = match o.spend {
        BumpSpend::Save => Some("Save a bump as a bonus counter".to_string()),
        BumpSpend::Dominance(_) => Some(format!(
            "Dominance: {} bump{} for {dominance}",
            o.dominance_bumps,
            if o.dominance_bumps == 1 { "" } else { "s" }
        )),
        _ if o.dominance_bumps > 0 => Some(format!(
            "{} toward dominance ({dominance})",
            o.dominance_bumps
        )),
        _ => None,
    };
    let s = match lead {
        Some(lead) => format!("{lead} - {s}"),
        None => s,
    };
    if judge {
        format!("The Judge's way - {s}")
    } else {
        s
    }
}

/// Where the `bumps` to spend go, and the damage rows the hit adds of itself, so the numbers
/// add up to the bumps the box names: "(1 to move the hit, 2 to damage; +2 damage rows for the
/// head)". The damage rows of `BumpOption` count the bumps left over and the rows a head or
/// vitals hit or more hits add free (a play-test read "4 bumps to spend" beside "1 to move
/// the hit, 4 to damage").
fn bumps_words(o: &BumpOption, bumps: u32) -> String {
    let saved = u32::from(o.spend == BumpSpend::Save);
    let to_damage = bumps
        .saturating_sub(o.location_bumps + o.dominance_bumps + saved)
        .min(o.damage_bumps);
    let free = o.damage_bumps - to_damage;
    let at_location = crate::rules::damage::location_damage_bumps(o.location).min(free);
    let more_hits = free - at_location;
    let mut spent = Vec::new();
    if o.location_bumps > 0 {
        spent.push(format!("{} to move the hit", o.location_bumps));
    }
    if to_damage > 0 {
        spent.push(format!("{to_damage} to damage"));
    }
    let mut free_rows = Vec::new();
    if at_location > 0 {
        free_rows.push(format!(
            "+{} for the {}",
            crate::rules::words::count(at_location, "damage row", "damage rows"),
            o.location.name()
        ));
    }
    if more_hits > 0 {
        free_rows.push(format!(
            "+{} for the hits after the first",
            crate::rules::words::count(more_hits, "damage row", "damage rows")
        ));
    }
    match (spent.is_empty(), free_rows.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(" ({})", spent.join(", ")),
        (true, false) => format!(" ({})", free_rows.join(", ")),
        (false, false) => format!(" ({}; {})", spent.join(", "), free_rows.join(", ")),
    }
}

/// Why a choice with fewer damage rows may hit harder, when one does: the effect is read on
/// the card, where a cell may carry an increased effect that adds another card (a play-test
/// took "Save a bump: 4 wounds" beside "1 to damage: 3 wounds" for a bug).
pub fn fewer_rows_hit_harder(options: &[BumpOption]) -> Option<&'static str> {
    let harder = options.iter().any(|a| {
        options.iter().any(|b| {
            a.location == b.location && a.damage_bumps < b.damage_bumps && a.effect > b.effect
        })
    });
    harder.then_some(
        "The effect is read on the card: a cell with an increased effect adds another card, \
         so here fewer damage rows hit harder.",
    )
}

/// The ways to spend the bumps a player chooses between, with their places in the list: two
/// that come to the same words (the Judge's way again, a hit moved to the same leg by another
/// path) are one choice, the first kept (a play-test met "left leg: 3 wounds" twice).
pub fn distinct(options: &[BumpOption], bumps: u32) -> Vec<(usize, &BumpOption)> {
    let mut shown: Vec<String> = Vec::new();
    options
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            let plain = option_words(o, false, bumps);
            let new = !shown.contains(&plain);
            shown.push(plain);
            new
        })
        .collect()
}

/// The waiting hero, when a human side answers for it; when none waits, the choice's box
/// (the boxes with marker `B`) goes.
pub(super) fn waiting_human<B: Component>(
    hero: Option<Entity>,
    battle: &Battle,
    sides: &Query<&Side>,
    boxes: &Query<Entity, With<B>>,
    commands: &mut Commands,
) -> Option<Entity> {
    let human = hero.filter(|&hero| {
        sides.get(hero).is_ok_and(|side| {
            battle
                .level
                .sides
                .get(side.0)
                .is_some_and(|s| s.control == Control::Human)
        })
    });
    if human.is_none() {
        for e in boxes {
            commands.entity(e).despawn();
        }
    }
    human
}

/// The snap shot's box.
#[derive(Component)]
pub struct SnapBox;

/// Fire the snap shot (true) or hold fire.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapChoice(pub bool);

/// A human's aimed shot whose aim a Bravery check took (`PendingSnap`): fire it as a snap shot
/// or hold fire; the pass key fires.
pub(super) fn snap_or_hold(
    mut commands: Commands,
    pending: Option<Res<PendingSnap>>,
    battle: Res<Battle>,
    sides: Query<&Side>,
    heroes: Query<(&Hero, &HeroId)>,
    keys: Res<Bindings>,
    input: BattleInput,
    pause: Res<State<Pause>>,
    boxes: Query<Entity, With<SnapBox>>,
    choices: Query<(&Interaction, &SnapChoice), Changed<Interaction>>,
    mut intents: MessageWriter<Intent>,
) {
    let hero = waiting_human(
        pending.as_ref().map(|p| p.hero),
        &battle,
        &sides,
        &boxes,
        &mut commands,
    );
    let Some((hero, pending)) = hero.zip(pending) else {
        return;
    };
    let Ok((h, &id)) = heroes.get(hero) else {
        return;
    };
    if boxes.is_empty() {
        let chance = pending.series.shots.first().map_or(0.0, |s| s.chance);
        let pass = keys.key(BattleAction::EndDeclaration);
        commands
            .spawn((
                choice_box(),
                SnapBox,
                ChoiceAbout(hero, pending.series.targets.first().copied()),
            ))
            .with_children(|p| {
                p.spawn(label(
                    format!(
                        "{} lost the aim under fire (Bravery): shoot anyway?",
                        h.name
                    ),
                    17.0,
                    palette::TITLE,
                ));
                p.spawn((
                    button(
                        format!("Snap shot: {:.0}% to hit ({pass})", chance * 100.0),
                        15.0,
                    ),
                    SnapChoice(true),
                ));
                p.spawn((
                    button("Hold fire (the AP paid for the shot are spent)", 15.0),
                    SnapChoice(false),
                ));
            });
    }
    if *pause.get() == Pause::Paused {
        return;
    }
    let chosen = choices
        .iter()
        .find(|(i, _)| clicked(i, false))
        .map(|(_, c)| c.0)
        .or_else(|| {
            input
                .just_pressed(BattleAction::EndDeclaration)
                .then_some(true)
        });
    if let Some(fire) = chosen {
        intents.write(Intent::Snap { hero: id, fire });
    }
}

/// Show the box while a human's hit waits, and take the choice.
pub(super) fn spend_bumps(
    mut commands: Commands,
    pending: Option<Res<PendingBumps>>,
    battle: Res<Battle>,
    sides: Query<&Side>,
    heroes: Query<(&Hero, &HeroId)>,
    keys: Res<Bindings>,
    input: BattleInput,
    pause: Res<State<Pause>>,
    seat: Res<HotSeat>,
    boxes: Query<Entity, With<BumpBox>>,
    choices: Query<(&Interaction, &BumpChoice), Changed<Interaction>>,
    mut intents: MessageWriter<Intent>,
) {
    let hero = waiting_human(
        pending.as_ref().map(|p| p.hero),
        &battle,
        &sides,
        &boxes,
        &mut commands,
    );
    let Some((hero, pending)) = hero.zip(pending) else {
        return;
    };
    let Ok((h, &id)) = heroes.get(hero) else {
        return;
    };
    if boxes.is_empty() {
        let target = heroes
            .get(pending.target)
            .map_or(String::new(), |t| format!(" {}", t.0.name));
        let pass = keys.key(BattleAction::EndDeclaration);
        commands
            .spawn((
                choice_box(),
                BumpBox,
                ChoiceAbout(pending.target, Some(pending.hero)),
            ))
            .with_children(|p| {
                p.spawn(label(
                    format!(
                        "{} hits{target} with {} bump{} to spend: where and how hard?",
                        h.name,
                        pending.bumps,
                        if pending.bumps == 1 { "" } else { "s" }
                    ),
                    17.0,
                    palette::TITLE,
                ));
                if let Some(note) = fewer_rows_hit_harder(&pending.options) {
                    p.spawn(label(note, 14.0, palette::HINT));
                }
                for (i, o) in distinct(&pending.options, pending.bumps) {
                    let words = option_words(o, i == 0, pending.bumps);
                    let words = if i == 0 {
                        format!("{words} ({pass})")
                    } else {
                        words
                    };
                    p.spawn((
                        button(words, 15.0),
                        BumpChoice(o.spend),
                        Tip(format!(
                            "Effect {}: {}, {} Conc in the {}{}",
                            o.effect,
                            crate::rules::words::count(o.wounds, "wound", "wounds"),
                            o.conc,
                            o.location.name(),
                            match o.spend {
                                BumpSpend::Save => format!(
                                    ".\n{} keeps the bump as a bonus counter for a later attack: Right on! (+2 on the cause, for bumps) or Aces! (+2 on the effect), set with {}; or passes it to an ally ({}).",
                                    h.name,
                                    keys.key(BattleAction::BonusSpend),
                                    keys.key(BattleAction::BackUp)
                                ),
                                BumpSpend::Dominance(_) => format!(
                                    ".\nEach level of dominance costs one bump: the foe is left {}.",
                                    crate::rules::melee::Dominance::from_level(o.dominance).name()
                                ),
                                _ => String::new(),
                            }
                        )),
                    ));
                }
            });
    }
    if *pause.get() == Pause::Paused || seat.awaiting_handoff {
        return;
    }
    let chosen = choices
        .iter()
        .find(|(i, _)| clicked(i, false))
        .map(|(_, c)| c.0)
        .or_else(|| {
            input
                .just_pressed(BattleAction::EndDeclaration)
                .then(|| pending.options.first().map(|o| o.spend))
                .flatten()
        });
    if let Some(spend) = chosen {
        intents.write(Intent::SpendBumps { hero: id, spend });
    }
}

#[cfg(test)]
mod tests {
    use super::{distinct, option_words};
    use crate::rules::card::Location;
    use crate::rules::shot::BumpSpend;
    use crate::sim::model::BumpOption;

    fn option(spend: BumpSpend, location: Location, wounds: u32) -> BumpOption {
        BumpOption {
            spend,
            location,
            location_bumps: 1,
            damage_bumps: 1,
            effect: 18,
            wounds,
            conc: 0,
            stopped: false,
            dominance_bumps: 0,
            dominance: 0,
        }
    }

    /// The Judge's way listed again as a plain choice, and one leg reached by two places of
    /// the card's stack, are each one button; choices that differ all stay, in order.
    #[test]
    fn the_same_choice_is_offered_once() {
        let leg = option(BumpSpend::Judge, Location::LeftLeg, 3);
        let options = vec![
            leg.clone(),
            option(BumpSpend::Location(1), Location::LeftLeg, 3),
            option(BumpSpend::Location(2), Location::Head, 5),
            option(BumpSpend::Location(3), Location::LeftLeg, 3),
            option(BumpSpend::Location(4), Location::LeftLeg, 4),
        ];
        let shown: Vec<(usize, BumpSpend)> = distinct(&options, 2)
            .into_iter()
            .map(|(i, o)| (i, o.spend))
            .collect();
        assert_eq!(
            shown,
            vec![
                (0, BumpSpend::Judge),
                (2, BumpSpend::Location(2)),
                (4, BumpSpend::Location(4))
            ]
        );
        assert!(option_words(&leg, true, 2).starts_with("The Judge's way - left leg: 3 wounds"));
    }

    /// The bumps a choice names add up to the bumps the box has to spend; the rows a head
    /// hit adds of itself are named apart ("4 bumps to spend" once read beside "1 to move the
    /// hit, 4 to damage": the head's two free rows counted as spent).
    #[test]
    fn the_bumps_a_choice_names_add_up() {
        let mut head = option(BumpSpend::Location(2), Location::Head, 5);
        head.location_bumps = 1;
        head.damage_bumps = 3 + 2;
        assert_eq!(
            option_words(&head, false, 4),
            "head: 5 wounds (1 to move the hit, 3 to damage; +2 damage rows for the head)"
        );
        let mut chest = option(BumpSpend::Judge, Location::Chest, 4);
        chest.location_bumps = 0;
        chest.damage_bumps = 4;
        assert_eq!(
            option_words(&chest, false, 4),
            "chest: 4 wounds (4 to damage)"
        );
        let mut saved = option(BumpSpend::Save, Location::Vitals, 3);
        saved.location_bumps = 0;
        saved.damage_bumps = 1;
        assert_eq!(
            option_words(&saved, false, 1),
            "Save a bump as a bonus counter - vitals: 3 wounds (+1 damage row for the vitals)"
        );
    }

    /// The box says why a choice of fewer damage rows hits harder, only when one does.
    #[test]
    fn the_box_says_when_fewer_rows_hit_harder() {
        let mut judge = option(BumpSpend::Judge, Location::Belly, 3);
        judge.damage_bumps = 1;
        judge.effect = 18;
        let mut saved = option(BumpSpend::Save, Location::Belly, 4);
        saved.damage_bumps = 0;
        saved.effect = 27;
        assert!(super::fewer_rows_hit_harder(&[judge.clone(), saved.clone()]).is_some());
        saved.effect = 12;
        assert!(super::fewer_rows_hit_harder(&[judge, saved]).is_none());
    }

    /// A box of choices stands where it covers neither the firer nor the foe: the top left
    /// when they are clear of it, else a bottom corner; with no room clear of both, the corner
    /// that covers fewest.
    #[test]
    fn a_box_of_choices_stands_clear_of_the_figures_it_is_about() {
        use super::{Corner, choice_corner};
        use bevy::prelude::Vec2;
        let frame = crate::app::layout::frame(1280.0, 720.0);
        let size = Vec2::new(480.0, 120.0);
        let (firer, foe) = (Vec2::new(100.0, 150.0), Vec2::new(800.0, 450.0));
        assert_eq!(choice_corner(&frame, size, (&[foe], &[])), Corner::TopLeft);
        assert_eq!(
            choice_corner(&frame, size, (&[firer], &[])),
            Corner::BottomRight
        );
        assert_eq!(
            choice_corner(&frame, size, (&[firer, foe], &[])),
            Corner::BottomLeft
        );
        // Not laid out yet: by the first figure's half of the map.
        assert_eq!(
            choice_corner(&frame, Vec2::ZERO, (&[firer, foe], &[])),
            Corner::BottomRight
        );
        assert_eq!(
            choice_corner(&frame, Vec2::ZERO, (&[foe], &[])),
            Corner::TopLeft
        );
        // Twice the window, twice the room: the same corners.
        let big = crate::app::layout::frame(2560.0, 1440.0);
        assert_eq!(
            choice_corner(&big, size, (&[firer * 2.0, foe * 2.0], &[])),
            Corner::BottomLeft
        );
        // Clear of the foe in the top left and the bottom left: the one that hides none of
        // the other figures (an ally under the top left).
        let ally = Vec2::new(120.0, 160.0);
        assert_eq!(
            choice_corner(&frame, size, (&[foe], &[ally])),
            Corner::BottomLeft
        );
        assert_eq!(choice_corner(&frame, size, (&[foe], &[])), Corner::TopLeft);
    }
}
