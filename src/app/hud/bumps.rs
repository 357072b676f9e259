//! The choices a human's attack waits for. Its bumps (`sim::model::PendingBumps`): a box over
//! the map offers each way the simulation priced (the Judge's first, with the location, wounds,
//! Conc and dominance each gives); a click, or the pass key for the Judge's way, sends
//! `Intent::SpendBumps`. An aimed shot whose aim a Bravery check took (`PendingSnap`): a snap
//! shot or hold fire, `Intent::Snap`.

use super::bump_words::{distinct, fewer_rows_hit_harder, hardest, option_words};
use crate::app::hotseat::HotSeat;
use crate::app::input::{BattleAction, BattleInput, Bindings};
use crate::app::layout::{BANNER_H, BAR_H, PANEL_W, WINDOW_H, palette};
use crate::app::state::{Pause, Screen};
use crate::app::widgets::{Tip, button, clicked, label};
use crate::rules::shot::BumpSpend;
use crate::sim::intent::{HeroId, Intent};
use crate::sim::model::{Battle, Hero, PendingBumps, PendingSnap, Side};
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
    mut boxes: Query<(&ChoiceAbout, &mut Node, &ComputedNode, &mut Visibility)>,
) {
    let (Some(geometry), Some((camera, scale))) =
        (geometry, crate::app::input::camera_view(&cameras))
    else {
        return;
    };
    let frame = rect.0;
    for (about, mut node, computed, mut shown) in &mut boxes {
        // Shown once laid out (its size known) and so placed: a play-test's box stood a
        // frame where it was spawned, then jumped to its corner.
        if computed.size() != Vec2::ZERO {
            shown.set_if_neq(Visibility::Inherited);
        }
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
        // Hidden until laid out and placed (`place_choice_boxes`).
        Visibility::Hidden,
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
        sides
            .get(hero)
            .is_ok_and(|side| battle.level.human_side(side.0))
    });
    if human.is_none() {
        for e in boxes {
            commands.entity(e).despawn();
        }
    }
    human
}

/// A box to build: none stands, or the choice waiting is a new one (`changed`), and the box
/// of the last one goes (a play-test answered the Marshal's bumps on a box still showing
/// Hank's, two hits landing in one segment).
pub(super) fn new_choice<B: Component>(
    changed: bool,
    boxes: &Query<Entity, With<B>>,
    commands: &mut Commands,
) -> bool {
    if changed {
        for e in boxes {
            commands.entity(e).despawn();
        }
    }
    changed || boxes.is_empty()
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
    if new_choice(pending.is_changed(), &boxes, &mut commands) {
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
    if *pause.get() == Pause::Paused || pending.is_changed() {
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
/// The bump box's title, and why fewer damage rows hit harder when they do.
fn bump_box_title(p: &mut ChildSpawnerCommands, hero: &str, target: &str, pending: &PendingBumps) {
    p.spawn(label(
        format!(
            "{hero} hits{target} with {} bump{} to spend: where and how hard?",
            pending.bumps,
            if pending.bumps == 1 { "" } else { "s" }
        ),
        17.0,
        palette::TITLE,
    ));
    if let Some(landed) = super::bump_words::first_landed(&pending.options) {
        p.spawn(label(landed, 14.0, palette::HINT));
    }
    if let Some(note) = fewer_rows_hit_harder(&pending.options) {
        p.spawn(label(note, 14.0, palette::HINT));
    }
}

/// What each choice of the bumps waiting would leave the foe (`query::bump_fate`), in the
/// options' order: worked out once when the choice comes.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct BumpFates(pub Vec<(crate::rules::damage::Fate, Option<f64>)>);

pub(super) fn weigh_bump_fates(world: &mut World) {
    let fates = world.get_resource::<PendingBumps>().map(|p| {
        BumpFates(
            p.options
                .iter()
                .map(|o| crate::sim::query::bump_fate(world, p.target, o))
                .collect(),
        )
    });
    match fates {
        Some(f) if world.get_resource::<BumpFates>() != Some(&f) => world.insert_resource(f),
        None if world.contains_resource::<BumpFates>() => {
            world.remove_resource::<BumpFates>();
        }
        _ => {}
    }
}

pub(super) fn spend_bumps(
    mut commands: Commands,
    pending: Option<Res<PendingBumps>>,
    fates: Option<Res<BumpFates>>,
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
    if new_choice(pending.is_changed(), &boxes, &mut commands) {
        let target = heroes
            .get(pending.target)
            .map_or(String::new(), |t| format!(" {}", t.0.name));
        let fates = fates.as_ref().map(|f| f.0.as_slice());
        commands
            .spawn((
                choice_box(),
                BumpBox,
                ChoiceAbout(pending.target, Some(pending.hero)),
            ))
            .with_children(|p| bump_choices(p, (&h.name, &target), &pending, fates, &keys));
    }
    // A click or key in the frame a new choice comes was meant for the box it replaces.
    if *pause.get() == Pause::Paused || seat.awaiting_handoff || pending.is_changed() {
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

/// The hardest way (the option numbered `hardest`) moved right under the Judge's way (the
/// first): at the list's foot, a play-test's box cut it off (only the wheel showed it), the
/// option the box itself pointed to.
pub fn hardest_second<T>(offered: &mut Vec<(usize, T)>, hardest: Option<usize>) {
    if let Some(at) = hardest.and_then(|h| offered.iter().position(|(i, _)| *i == h))
        && at > 1
    {
        let hardest = offered.remove(at);
        offered.insert(1, hardest);
    }
}

/// The bump box's title and a button for each way to spend the bumps, the Judge's first (the
/// pass key), the hardest marked (`hardest`); `fates`: what each leaves the foe.
fn bump_choices(
    p: &mut ChildSpawnerCommands,
    (name, target): (&str, &str),
    pending: &PendingBumps,
    fates: Option<&[(crate::rules::damage::Fate, Option<f64>)]>,
    keys: &Bindings,
) {
    let pass = keys.key(BattleAction::EndDeclaration);
    bump_box_title(p, name, target, pending);
    let mut offered = distinct(&pending.options);
    let hardest = fates.and_then(|f| hardest(f, offered.iter().map(|(i, _)| *i)));
    hardest_second(&mut offered, hardest);
    if hardest.is_some() {
        p.spawn(label(
            format!("The Judge's way ({pass}) is not the hardest: the gold \"Hardest\" under it leaves{target} worse off."),
            14.0,
            palette::TITLE,
        ));
    }
    for (i, o) in offered {
        let fate = fates
            .and_then(|f| f.get(i))
            .map_or(String::new(), |(fate, stuns)| {
                super::bump_words::fate_words(*fate, *stuns)
            });
        let words = format!("{}{fate}", option_words(o, i == 0));
        let words = if i == 0 {
            format!("{words} ({pass})")
        } else if hardest == Some(i) {
            format!("Hardest - {words}")
        } else {
            words
        };
        let mut choice = p.spawn((
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
                        name,
                        keys.key(BattleAction::BonusSpend),
                        keys.key(BattleAction::BackUp)
                    ),
                    BumpSpend::Dominance(_) => format!(
                        ".\nEach level of dominance costs one bump: the foe is left {}.",
                        crate::rules::melee::Dominance::from_level(o.dominance).name()
                    ),
                    // "The Judge's way" needs the rules to read (a play-test asked).
                    _ if i == 0 => ".
The Judge's way: the hit where the card puts it, every bump on its damage (what a pass chooses)".to_string(),
                    _ => String::new(),
                }
            )),
        ));
        if hardest == Some(i) {
            choice.insert(BorderColor::all(palette::TITLE));
        }
    }
}

#[cfg(test)]
mod tests {

    /// The hardest way stands right under the Judge's way; the rest keep their order.
    #[test]
    fn the_hardest_way_stands_second() {
        let mut offered: Vec<(usize, char)> = vec![(0, 'j'), (1, 'a'), (2, 'b'), (4, 'h')];
        super::hardest_second(&mut offered, Some(4));
        assert_eq!(offered, vec![(0, 'j'), (4, 'h'), (1, 'a'), (2, 'b')]);
        let mut same = vec![(0, 'j'), (1, 'h'), (2, 'b')];
        super::hardest_second(&mut same, Some(1));
        assert_eq!(same, vec![(0, 'j'), (1, 'h'), (2, 'b')]);
        super::hardest_second(&mut same, None);
        assert_eq!(same, vec![(0, 'j'), (1, 'h'), (2, 'b')]);
    }

    /// A new choice replaces the box of the last one; the same choice keeps its box.
    #[test]
    fn a_new_choice_replaces_the_box_of_the_last() {
        use super::{BumpBox, new_choice};
        use bevy::prelude::*;
        #[derive(Resource)]
        struct NewOne(bool);
        #[derive(Resource, Default)]
        struct Built(u32);
        fn build(
            mut commands: Commands,
            new: Res<NewOne>,
            boxes: Query<Entity, With<BumpBox>>,
            mut built: ResMut<Built>,
        ) {
            if new_choice(new.0, &boxes, &mut commands) {
                commands.spawn(BumpBox);
                built.0 += 1;
            }
        }
        let mut app = App::new();
        app.insert_resource(NewOne(false))
            .init_resource::<Built>()
            .add_systems(Update, build);
        let boxes = |app: &mut App| {
            app.world_mut()
                .query_filtered::<Entity, With<BumpBox>>()
                .iter(app.world())
                .count()
        };
        app.update();
        app.update();
        assert_eq!((app.world().resource::<Built>().0, boxes(&mut app)), (1, 1));
        app.world_mut().resource_mut::<NewOne>().0 = true;
        app.update();
        assert_eq!((app.world().resource::<Built>().0, boxes(&mut app)), (2, 1));
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
