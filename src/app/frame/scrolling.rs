//! The panel's scrolling boxes: the wheel scrolls a few lines a notch, and a box says at its
//! foot when more of its words lie below what it shows.

use super::label;
use crate::app::layout::palette;
use bevy::prelude::*;

/// A box the wheel scrolls a few lines a notch (`0`: pixels a notch). bevy's `ScrollArea`
/// scrolls 100 pixels a notch: five lines of the log, all it shows at 1280x720, so a
/// play-test's log jumped several entries at each notch and lost the reader's place.
#[derive(Component, Debug, Clone, Copy)]
#[require(ScrollPosition)]
pub struct ScrollByLines(pub f32);

/// Pixels a notch of the wheel scrolls the log and the summary: two lines.
pub const NOTCH_PX: f32 = 2.0 * crate::app::layout::LINE_H;

/// The wheel over a `ScrollByLines` box (or the text in it) scrolls it, clamped to its content.
pub(super) fn scroll_by_lines(
    mut scroll: On<bevy::picking::events::Pointer<bevy::picking::events::Scroll>>,
    mut boxes: Query<(&ComputedNode, &mut ScrollPosition, &ScrollByLines)>,
) {
    let Ok((node, mut at, step)) = boxes.get_mut(scroll.entity) else {
        return;
    };
    scroll.propagate(false);
    let notches = match scroll.unit {
        bevy::input::mouse::MouseScrollUnit::Line => scroll.y,
        bevy::input::mouse::MouseScrollUnit::Pixel => scroll.y / step.0,
    };
    let visible = node.size().y * node.inverse_scale_factor();
    let content = node.content_size().y * node.inverse_scale_factor();
    at.y = scrolled(at.y, notches * step.0, (visible, content));
}

/// The scroll position `y` moved `by` pixels up (the wheel turned up: toward the top),
/// within a box showing `visible` pixels of its `content`.
fn scrolled(y: f32, by: f32, (visible, content): (f32, f32)) -> f32 {
    (y - by).clamp(0.0, (content - visible).max(0.0))
}

/// The words at a scrolling box's foot while more of its words lie below what it shows: two
/// play-tests read the panel's and the summary's last line cut in half and did not know the
/// wheel showed the rest (the box's fade read as the text's end).
#[derive(Component, Debug, Clone, Copy)]
pub struct MoreBelow(pub Entity);

/// What the mark says.
pub const MORE_BELOW: &str = "more below: wheel";

/// The mark at the foot of the scrolling box `scroll` (its sibling in a box of its size).
pub fn more_below(scroll: Entity, colour: Color) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            bottom: px(0),
            right: px(6),
            padding: UiRect::axes(px(6), px(0)),
            ..default()
        },
        BackgroundColor(colour.with_alpha(1.0)),
        Visibility::Hidden,
        bevy::ui::FocusPolicy::Pass,
        Pickable::IGNORE,
        MoreBelow(scroll),
        children![(label(MORE_BELOW, 14.0, palette::HINT), Pickable::IGNORE)],
    )
}

/// Pixels (physical) of words below a scrolling box's view (`ComputedNode` as bevy's layout
/// clamps a scroll).
pub fn below_the_view(node: &ComputedNode) -> f32 {
    (node.content_size.y - node.size.y + node.scrollbar_size.y - node.scroll_position.y).max(0.0)
}

/// Each mark shown while words lie below its box's view (more than a few pixels).
pub(super) fn show_more_below(
    mut marks: Query<(&MoreBelow, &mut Visibility)>,
    boxes: Query<&ComputedNode>,
) {
    for (mark, mut shown) in &mut marks {
        let below = boxes
            .get(mark.0)
            .is_ok_and(|n| below_the_view(n) * n.inverse_scale_factor() > 6.0);
        shown.set_if_neq(if below {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

#[cfg(test)]
mod tests {
    /// A notch of the wheel moves the log two lines, never past its top or its foot.
    #[test]
    fn a_notch_scrolls_the_log_two_lines() {
        let (visible, content) = (152.0, 600.0);
        let foot = content - visible;
        let up = super::scrolled(foot, super::NOTCH_PX, (visible, content));
        assert_eq!(foot - up, 2.0 * crate::app::layout::LINE_H);
        assert_eq!(
            super::scrolled(10.0, super::NOTCH_PX, (visible, content)),
            0.0
        );
        assert_eq!(
            super::scrolled(foot, -super::NOTCH_PX, (visible, content)),
            foot
        );
        assert_eq!(
            super::scrolled(0.0, -1.0, (visible, 100.0)),
            0.0,
            "all shown"
        );
    }

    /// A box shows "more below" while more than a few pixels of its words lie under its view,
    /// and hides it scrolled to the foot or with everything shown.
    #[test]
    fn a_box_says_when_more_lies_below() {
        use super::{MoreBelow, below_the_view, show_more_below};
        use bevy::ecs::system::RunSystemOnce;
        use bevy::prelude::*;
        let node = |content: f32, scrolled: f32| ComputedNode {
            size: Vec2::new(300.0, 100.0),
            content_size: Vec2::new(300.0, content),
            scroll_position: Vec2::new(0.0, scrolled),
            inverse_scale_factor: 1.0,
            ..Default::default()
        };
        assert_eq!(below_the_view(&node(300.0, 0.0)), 200.0);
        assert_eq!(below_the_view(&node(300.0, 200.0)), 0.0);
        assert_eq!(below_the_view(&node(80.0, 0.0)), 0.0);
        let mut world = World::new();
        for (content, scrolled, shown) in [
            (300.0, 0.0, Visibility::Inherited),
            (300.0, 198.0, Visibility::Hidden),
            (300.0, 120.0, Visibility::Inherited),
            (90.0, 0.0, Visibility::Hidden),
        ] {
            let scroll = world.spawn(node(content, scrolled)).id();
            let mark = world.spawn((MoreBelow(scroll), Visibility::Hidden)).id();
            world.run_system_once(show_more_below).unwrap();
            assert_eq!(
                *world.get::<Visibility>(mark).unwrap(),
                shown,
                "{content} {scrolled}"
            );
        }
    }
}
