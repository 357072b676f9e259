//! Where the heroes are that the view does not show: for each side with standing heroes out of
//! view, a mark at the map area's edge in the side's colour, pointing to them ("▶ Cowboys 6");
//! a click eases the view to them. On the bench level the two lines stand a map's width apart,
//! and a new player saw no enemy at all.

use crate::app::board::MapGeometry;
use crate::app::fonts;
use crate::app::input::{LookAt, MapRect, camera_view, screen_at};
use crate::app::layout::{Palette, palette};
use crate::app::state::Screen;
use crate::app::widgets::{CoversMap, Tip, clicked, label};
use crate::sim::model::{Battle, Down, HexPos, Side};
use bevy::prelude::*;

/// The mark of a side (its place in the level) with heroes out of view.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffscreenMark(pub usize);

#[derive(Component)]
pub struct MarkArrow;

#[derive(Component)]
pub struct MarkWords;

/// How far inside the map area's edge a mark stands (layout pixels).
const INSET: f32 = 6.0;

/// The arrow pointing from the middle of the map area along `d` (window axes, y down).
pub fn arrow(d: Vec2) -> &'static str {
    const ARROWS: [&str; 8] = [
        "\u{25B6}", "\u{25E5}", "\u{25B2}", "\u{25E4}", "\u{25C0}", "\u{25E3}", "\u{25BC}",
        "\u{25E2}",
    ];
    let turn = (-d.y).atan2(d.x) / std::f32::consts::FRAC_PI_4;
    ARROWS[(turn.round() as i32).rem_euclid(8) as usize]
}

/// Where on the map area's edge (window pixels) a mark for a point at `at` stands: on the
/// line from the area's middle toward it.
pub fn edge_point(area: Rect, at: Vec2) -> Vec2 {
    let middle = area.center();
    let half = area.half_size();
    let d = at - middle;
    let t = [0, 1]
        .iter()
        .filter(|&&i| d[i].abs() > f32::EPSILON)
        .map(|&i| half[i] / d[i].abs())
        .fold(1.0, f32::min);
    middle + d * t
}

/// The mark's box (window pixels) slid along its edge (`along_y`: up or down the left or right
/// edge, else along the top or bottom), a step at a time each way, until it covers none of the
/// `tokens` (the boxes of the tokens in view), kept inside `bounds`; where nothing is clear it
/// stays. A token half inside the view at the same edge is not hidden under the mark.
pub fn clear_of(mark: Rect, tokens: &[Rect], along_y: bool, bounds: Rect) -> Rect {
    let covers = |r: Rect| tokens.iter().any(|t| !r.intersect(*t).is_empty());
    if !covers(mark) {
        return mark;
    }
    let step = if along_y { mark.height() } else { mark.width() } / 2.0;
    for k in 1..=24 {
        for sign in [1.0, -1.0] {
            let shift = sign * k as f32 * step;
            let offset = if along_y {
                Vec2::new(0.0, shift)
            } else {
                Vec2::new(shift, 0.0)
            };
            let moved = Rect::from_corners(mark.min + offset, mark.max + offset);
            let inside = bounds.contains(moved.min) && bounds.contains(moved.max);
            if inside && !covers(moved) {
                return moved;
            }
        }
    }
    mark
}

/// Each side's heroes out of view, and their mark: shown, placed, counted; a click looks.
#[allow(clippy::too_many_arguments)]
pub(super) fn mark_offscreen_sides(
    mut commands: Commands,
    battle: Res<Battle>,
    colours: Res<Palette>,
    rect: Res<MapRect>,
    geometry: Option<Res<MapGeometry>>,
    cameras: Query<(&Transform, &Projection), With<Camera2d>>,
    heroes: Query<(&HexPos, &Side, &Down)>,
    mut marks: Query<(
        Entity,
        &OffscreenMark,
        &mut Node,
        &mut Visibility,
        &ComputedNode,
    )>,
    mut words: Query<(&mut Text, &ChildOf), (With<MarkWords>, Without<MarkArrow>)>,
    mut arrows: Query<(&mut Text, &ChildOf), With<MarkArrow>>,
    clicks: Query<(&Interaction, &OffscreenMark, &Tip), Changed<Interaction>>,
    mut look: ResMut<LookAt>,
) {
    let (Some(geometry), Some((camera, scale))) = (geometry, camera_view(&cameras)) else {
        return;
    };
    let frame = rect.0;
    let on_screen = |at: Vec2| screen_at(&frame, scale, camera, at);
    let shown = frame.map.inflate(-INSET * frame.scale);
    let mut out: Vec<Vec<Vec2>> = vec![Vec::new(); battle.level.sides.len()];
    // The boxes of the tokens in view (a hex's width across), which no mark may cover.
    let token = Vec2::splat(crate::app::layout::TILE_W as f32 / scale);
    let mut in_view = Vec::new();
    for (at, side, down) in &heroes {
        let world = geometry.hex_center(at.0);
        let screen = on_screen(world);
        if !down.0 && !shown.contains(screen) && side.0 < out.len() {
            out[side.0].push(world);
        } else if !down.0 {
            in_view.push(Rect::from_center_size(screen, token));
        }
    }
    for (i, far) in out.iter().enumerate() {
        let have = marks.iter().any(|m| m.1.0 == i);
        if !far.is_empty() && !have {
            spawn_mark(
                &mut commands,
                i,
                colours.side(i, battle.level.sides[i].color),
            );
        }
    }
    for (e, mark, mut node, mut visibility, computed) in &mut marks {
        let far = out.get(mark.0).map_or(&[][..], |v| v.as_slice());
        if far.is_empty() {
            *visibility = Visibility::Hidden;
            continue;
        }
        *visibility = Visibility::Inherited;
        let middle = far.iter().copied().sum::<Vec2>() / far.len() as f32;
        let at = on_screen(middle);
        let edge = edge_point(shown, at);
        // In layout pixels, the mark's middle on the edge point, kept inside the area.
        let size = computed.size() * computed.inverse_scale_factor();
        let (lo, hi) = (shown.min / frame.scale, shown.max / frame.scale);
        let left = (edge.x / frame.scale - size.x / 2.0).clamp(lo.x, (hi.x - size.x).max(lo.x));
        let top = (edge.y / frame.scale - size.y / 2.0).clamp(lo.y, (hi.y - size.y).max(lo.y));
        let placed = Rect::from_corners(
            Vec2::new(left, top) * frame.scale,
            (Vec2::new(left, top) + size) * frame.scale,
        );
        let along_y = (edge.x - shown.min.x).abs() < 1.0 || (edge.x - shown.max.x).abs() < 1.0;
        let placed = clear_of(placed, &in_view, along_y, shown);
        node.left = px(placed.min.x / frame.scale);
        node.top = px(placed.min.y / frame.scale);
        let side = &battle.level.sides[mark.0].name;
        let count = far.len().to_string();
        for (mut text, parent) in &mut words {
            if parent.parent() == e && text.0 != format!("{side} {count}") {
                text.0 = format!("{side} {count}");
            }
        }
        let pointing = arrow(at - frame.map.center());
        for (mut text, parent) in &mut arrows {
            if parent.parent() == e && text.0 != pointing {
                text.0 = pointing.to_string();
            }
        }
        let tip = format!(
            "{} of the {side} out of view: click to look",
            crate::rules::words::count(far.len() as u32, "hero", "heroes")
        );
        commands.entity(e).insert(Tip(tip));
        if clicks
            .iter()
            .any(|(i, m, _)| m.0 == mark.0 && clicked(i, false))
        {
            look.0 = Some(middle);
        }
    }
}

/// A mark's words as shown: its arrow, the side and how many ("▶ Cowboys 6").
pub fn offscreen_words(world: &World, mark: Entity) -> String {
    let Some(children) = world.get::<Children>(mark) else {
        return String::new();
    };
    children
        .iter()
        .filter_map(|c| world.get::<Text>(c).map(|t| t.0.clone()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A side's mark: a button in its colour, an arrow and its name.
fn spawn_mark(commands: &mut Commands, side: usize, colour: Color) {
    commands
        .spawn((
            Button,
            Node {
                position_type: PositionType::Absolute,
                padding: UiRect::axes(px(8), px(3)),
                column_gap: px(6),
                align_items: AlignItems::Center,
                border: UiRect::all(px(2)),
                ..default()
            },
            BorderColor::all(colour),
            BackgroundColor(palette::TIP.with_alpha(0.9)),
            GlobalZIndex(2),
            Visibility::Hidden,
            OffscreenMark(side),
            Tip(String::new()),
            CoversMap,
            DespawnOnExit(Screen::Battle),
        ))
        .with_children(|p| {
            p.spawn((
                Text::new("\u{25B6}"),
                fonts::mono(16.0),
                TextColor(colour),
                MarkArrow,
            ));
            p.spawn((label("", 15.0, palette::TIP_TEXT), MarkWords));
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_points_and_stands_on_the_edge_toward_the_heroes() {
        let area = Rect::new(0.0, 60.0, 920.0, 540.0);
        assert_eq!(arrow(Vec2::new(10.0, 0.0)), "\u{25B6}");
        assert_eq!(arrow(Vec2::new(-10.0, 0.0)), "\u{25C0}");
        assert_eq!(
            arrow(Vec2::new(0.0, -10.0)),
            "\u{25B2}",
            "window y grows down"
        );
        assert_eq!(arrow(Vec2::new(10.0, 10.0)), "\u{25E2}");
        // Far to the right, level with the middle: the right edge's middle.
        assert_eq!(
            edge_point(area, Vec2::new(2000.0, 300.0)),
            Vec2::new(920.0, 300.0)
        );
        // Far below and to the left: on the bottom edge, on the line from the middle.
        let p = edge_point(area, Vec2::new(-40.0, 1500.0));
        assert!(
            (p.y - 540.0).abs() < 1e-3 && p.x > 0.0 && p.x < 460.0,
            "{p}"
        );
    }

    /// A mark on the right edge over a token half in view slides up or down the edge until it
    /// covers no token; one over nothing stays; one with no clear place stays too.
    #[test]
    fn a_mark_slides_along_its_edge_off_a_token_in_view() {
        let area = Rect::new(0.0, 60.0, 920.0, 540.0);
        let mark = Rect::new(800.0, 280.0, 914.0, 310.0);
        let token = Rect::from_center_size(Vec2::new(905.0, 295.0), Vec2::splat(52.0));
        let moved = clear_of(mark, &[token], true, area);
        assert!(moved.intersect(token).is_empty(), "{moved:?}");
        assert_eq!(moved.min.x, mark.min.x, "it stays on its edge");
        assert_eq!(moved.size(), mark.size());
        assert!(
            (moved.center().y - mark.center().y).abs() <= 60.0,
            "{moved:?}"
        );
        assert!(area.contains(moved.min) && area.contains(moved.max));
        assert_eq!(clear_of(mark, &[], true, area), mark);
        let wall = Rect::new(780.0, 60.0, 920.0, 540.0);
        assert_eq!(clear_of(mark, &[wall], true, area), mark);
    }
}
