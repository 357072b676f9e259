//! Where the pointer's label stands: beside the pointer, clear of the tokens, of the line
//! from the declaring hero to the pointer and of the banner, inside the map (no systems:
//! `cursor` places the label with these).

use bevy::prelude::*;

/// Where the pointer's label stands (its top left corner): beside the pointer, right of and
/// below it; left of it where the map has no room on the right (the panel), above it where
/// none below (the action bar): never over the hex it speaks of (a long line about a piano
/// was pushed left over the piano). `room`: the map's right and bottom edges.
pub fn label_corner(at: Vec2, size: Vec2, room: Vec2) -> Vec2 {
    let x = if at.x + 18.0 + size.x <= room.x {
        at.x + 18.0
    } else {
        (at.x - 18.0 - size.x).max(0.0)
    };
    let y = if at.y + 14.0 + size.y <= room.y {
        at.y + 14.0
    } else {
        (at.y - 14.0 - size.y).max(0.0)
    };
    Vec2::new(x, y)
}

/// What the pointer's label stands clear of: the tokens on the screen (of `radius`), the line
/// from the declaring hero to the pointer (the line of fire or the way a player reads the
/// preview along), and the map's top (the banner over it).
#[derive(Debug, Clone, Copy, Default)]
pub struct Clear<'a> {
    pub tokens: &'a [Vec2],
    pub radius: f32,
    pub line: &'a [Vec2],
    pub top: f32,
}

/// `label_corner`, but of the places beside the pointer (right or left of it, or centred on
/// it across, below or above it) that fit, the first that covers fewest tokens (of `radius`
/// on the screen), then fewest points of the line: a play-test's label stood over Octavio, a
/// hex from the one pointed at, and over the player's own heroes; another's over the line of
/// fire it spoke of. Below or above the pointer by a token's radius at least, so the label
/// clears the token pointed at (a play-test's label covered half of Dave, the foe it spoke
/// of). A label too wide for either side stands centred on the pointer across, not at the
/// map's far edge (a play-test read it some 450 pixels from the pointer).
pub fn label_corner_clear(at: Vec2, size: Vec2, room: Vec2, clear: Clear) -> Vec2 {
    let gap = clear.radius.max(14.0);
    let (right, left) = (at.x + 18.0, at.x - 18.0 - size.x);
    let across = (at.x - size.x / 2.0).clamp(0.0, (room.x - size.x).max(0.0));
    let (below, above) = (at.y + gap, at.y - gap - size.y);
    let covered = |c: Vec2| {
        let label = Rect::from_corners(c, c + size);
        let near = label.inflate(clear.radius.max(LABEL_CLEAR) - 2.0);
        let tokens = clear.tokens.iter().filter(|t| near.contains(**t)).count();
        let line = clear.line.iter().filter(|p| label.contains(**p)).count();
        (tokens, line)
    };
    let fits = |c: &Vec2| {
        c.x >= 0.0
            && c.y >= clear.top
            && c.x + size.x <= room.x
            && c.y + size.y <= room.y
            && !covers(*c, size, at)
    };
    [
        Vec2::new(right, below),
        Vec2::new(left, below),
        Vec2::new(right, above),
        Vec2::new(left, above),
        Vec2::new(across, below),
        Vec2::new(across, above),
    ]
    .into_iter()
    .filter(fits)
    .min_by_key(|&c| covered(c))
    .unwrap_or_else(|| label_corner(at, size, room))
}

/// Points along the line from `from` to `to`, about every `step` (the ends left out: the
/// declaring hero's token and the pointer are kept clear already).
pub fn points_along(from: Vec2, to: Vec2, step: f32) -> Vec<Vec2> {
    let n = (from.distance(to) / step.max(1.0)).floor() as usize;
    (1..n).map(|k| from.lerp(to, k as f32 / n as f32)).collect()
}

/// How near a token's centre may come to the label at the least (zoomed far out).
const LABEL_CLEAR: f32 = 16.0;

/// Whether a label at `corner` covers the pointer.
fn covers(corner: Vec2, size: Vec2, at: Vec2) -> bool {
    Rect::from_corners(corner, corner + size).contains(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Of the places beside the pointer, the label takes the first that covers no token: a
    /// foe under the right of the pointer sends it left; tokens everywhere, the fewest.
    #[test]
    fn the_pointer_s_label_stands_clear_of_the_tokens() {
        use super::label_corner_clear;
        let room = Vec2::new(920.0, 560.0);
        let size = Vec2::new(300.0, 60.0);
        let at = Vec2::new(400.0, 200.0);
        assert_eq!(
            label_corner_clear(at, size, room, clear(&[], 14.0)),
            label_corner(at, size, room)
        );
        // A foe right and below: the label goes left.
        let foe = Vec2::new(500.0, 240.0);
        let c = label_corner_clear(at, size, room, clear(&[foe], 18.0));
        assert_eq!(c, Vec2::new(82.0, 218.0));
        // Foes below on both sides: above, on the right.
        let both = [foe, Vec2::new(250.0, 240.0)];
        let c = label_corner_clear(at, size, room, clear(&both, 18.0));
        assert_eq!(c, Vec2::new(418.0, 122.0));
        assert!(!Rect::from_corners(c, c + size).contains(at));
        // At the default zoom (tokens 24 across the radius), the pointer on a foe's token: the
        // label clears the whole token, not its lower half.
        let foe = Vec2::new(380.0, 378.0);
        let c = label_corner_clear(foe, Vec2::new(420.0, 40.0), room, clear(&[foe], 24.0));
        let label = Rect::from_corners(c, c + Vec2::new(420.0, 40.0));
        let token = Rect::from_center_size(foe, Vec2::splat(48.0));
        assert!(label.intersect(token).is_empty(), "{label:?}");
    }

    /// Tokens only, of `radius`.
    fn clear(tokens: &[Vec2], radius: f32) -> super::Clear<'_> {
        super::Clear {
            tokens,
            radius,
            ..Default::default()
        }
    }

    /// The label keeps off the line from the declaring hero to the pointer where it can (a
    /// play-test's label lay over the line of fire it spoke of), stays under the banner, and a
    /// label too wide for either side of the pointer stands centred on it, not at the map's
    /// far edge.
    #[test]
    fn the_pointer_s_label_keeps_off_the_line_and_near_the_pointer() {
        use super::{Clear, label_corner_clear, points_along};
        let room = Vec2::new(920.0, 560.0);
        let size = Vec2::new(300.0, 60.0);
        let at = Vec2::new(400.0, 300.0);
        // The shooter right and below the pointer: the line runs there; the label goes left.
        let line = points_along(Vec2::new(700.0, 420.0), at, 12.0);
        assert!(line.len() > 10);
        let c = label_corner_clear(
            at,
            size,
            room,
            Clear {
                line: &line,
                radius: 14.0,
                ..Default::default()
            },
        );
        let label = Rect::from_corners(c, c + size);
        assert!(line.iter().all(|p| !label.contains(*p)), "{label:?}");
        assert_eq!(c, Vec2::new(82.0, 314.0));
        // Under the banner: the pointer near the map's top puts it below, never over the banner.
        let c = label_corner_clear(
            Vec2::new(400.0, 110.0),
            size,
            room,
            Clear {
                tokens: &[Vec2::new(500.0, 150.0), Vec2::new(250.0, 150.0)],
                radius: 14.0,
                top: 60.0,
                ..Default::default()
            },
        );
        assert!(c.y >= 60.0, "{c}");
        // Too wide for either side: centred on the pointer across.
        let wide = Vec2::new(560.0, 60.0);
        let at = Vec2::new(476.0, 220.0);
        let c = label_corner_clear(at, wide, room, clear(&[], 14.0));
        assert_eq!(c, Vec2::new(196.0, 234.0));
    }

    /// The label stands beside the pointer and never over it: right and below where there is
    /// room, left of it by the panel, above it by the action bar.
    #[test]
    fn the_pointer_s_label_never_covers_the_hex_it_speaks_of() {
        let room = Vec2::new(920.0, 560.0);
        let size = Vec2::new(620.0, 80.0);
        for at in [
            Vec2::new(100.0, 100.0),
            Vec2::new(690.0, 400.0),
            Vec2::new(700.0, 520.0),
            Vec2::new(150.0, 530.0),
        ] {
            let corner = label_corner(at, size, room);
            let label = Rect::from_corners(corner, corner + size);
            let hex = Rect::from_center_size(at, Vec2::splat(20.0));
            assert!(label.intersect(hex).is_empty(), "{at}: {label:?}");
            assert!(corner.x >= 0.0 && corner.y >= 0.0);
            assert!(label.max.y <= room.y, "{at}: {label:?}");
        }
        assert_eq!(
            label_corner(Vec2::new(100.0, 100.0), size, room),
            Vec2::new(118.0, 114.0)
        );
        assert_eq!(
            label_corner(Vec2::new(690.0, 400.0), size, room),
            Vec2::new(52.0, 414.0)
        );
        assert_eq!(
            label_corner(Vec2::new(700.0, 520.0), size, room),
            Vec2::new(62.0, 426.0)
        );
    }
}
