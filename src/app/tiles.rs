//! The map's tileset, drawn in code (issue 24): each terrain as what it is, not a flat fill.
//! Dust with grit for open ground, scrub and stones for rough ground, ruled slopes for the
//! grades (denser for steep), rippled water, adobe courses for walls, a rock face with strata
//! for cliffs, rails and rungs for a ladder, treads for stairs. The hex rim is quiet (the grid
//! reads without shouting); heights are shaded per tile by `height_tint`.

use super::layout::{TILE_H, TILE_W};
use crate::rules::terrain::Terrain;

/// A repeatable hash of a pixel: 0..1.
fn noise(x: u32, y: u32, salt: u32) -> f32 {
    let mut h = x
        .wrapping_mul(374_761_393)
        .wrapping_add(y.wrapping_mul(668_265_263))
        .wrapping_add(salt.wrapping_mul(2_246_822_519));
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 65_535.0
}

/// Smooth noise over cells of `cell` pixels (blotches of dust, ripples).
fn blotch(x: u32, y: u32, cell: u32, salt: u32) -> f32 {
    let (fx, fy) = (x as f32 / cell as f32, y as f32 / cell as f32);
    let (ix, iy) = (fx.floor() as u32, fy.floor() as u32);
    let (tx, ty) = (fx - fx.floor(), fy - fy.floor());
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let a = noise(ix, iy, salt);
    let b = noise(ix + 1, iy, salt);
    let c = noise(ix, iy + 1, salt);
    let d = noise(ix + 1, iy + 1, salt);
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sy
}

type Rgb = [f32; 3];

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn scale(a: Rgb, f: f32) -> Rgb {
    [a[0] * f, a[1] * f, a[2] * f]
}

/// The colour of one pixel of a terrain's tile, before the rim.
fn paint(t: Terrain, x: u32, y: u32) -> Rgb {
    let grit = noise(x, y, 1);
    let soft = blotch(x, y, 9, 2);
    match t {
        Terrain::Open => {
            // Sun-bleached dust, darker blotches and a little grit.
            let dust = mix([204.0, 174.0, 122.0], [186.0, 152.0, 102.0], soft);
            scale(dust, if grit > 0.93 { 0.86 } else { 1.0 })
        }
        Terrain::Rough => {
            let ground = mix([176.0, 146.0, 98.0], [158.0, 128.0, 84.0], soft);
            // Stones: round pale blobs; scrub: dark green tufts.
            let stone = blotch(x, y, 5, 7);
            let scrub = blotch(x + 11, y + 3, 6, 9);
            if stone > 0.8 {
                mix(
                    [196.0, 190.0, 176.0],
                    [140.0, 132.0, 120.0],
                    (stone - 0.8) * 4.0,
                )
            } else if scrub > 0.78 && grit > 0.35 {
                [92.0, 110.0, 58.0]
            } else {
                ground
            }
        }
        Terrain::GentleGrade | Terrain::SteepGrade => {
            let steep = t == Terrain::SteepGrade;
            let ground = if steep {
                mix([158.0, 120.0, 82.0], [138.0, 102.0, 70.0], soft)
            } else {
                mix([190.0, 160.0, 108.0], [172.0, 142.0, 94.0], soft)
            };
            // Slope hachures: short strokes down the fall line.
            let every = if steep { 6 } else { 11 };
            let stroke = x.is_multiple_of(every) && ((y + x / every * 5) % 10 < 6);
            if stroke { scale(ground, 0.78) } else { ground }
        }
        Terrain::Water => {
            let deep = mix([58.0, 104.0, 150.0], [72.0, 126.0, 172.0], soft);
            let wave = ((x as f32 * 0.45 + (y as f32 * 0.9).sin() * 2.0).sin() + 1.0) / 2.0;
            if wave > 0.93 && (y % 6) < 2 {
                [170.0, 205.0, 228.0]
            } else {
                deep
            }
        }
        Terrain::Wall => match adobe(x as i32, y as i32) {
            // Adobe blocks in running bond, laid so the courses run on from one wall hex to
            // the next (`adobe`); each block its own shade, mortar lines darker.
            Some(shade) => scale(
                mix([150.0, 104.0, 72.0], [126.0, 86.0, 60.0], shade),
                if grit > 0.94 { 0.9 } else { 1.0 },
            ),
            None => [86.0, 62.0, 46.0],
        },
        Terrain::CliffFace => {
            // Rock with strata and cracks.
            let strata = ((y as f32 + soft * 6.0) / 5.0).floor() as u32 % 3;
            let rock = match strata {
                0 => [128.0, 104.0, 88.0],
                1 => [112.0, 90.0, 76.0],
                _ => [138.0, 116.0, 98.0],
            };
            if blotch(x, y, 3, 4) > 0.82 {
                [80.0, 64.0, 54.0]
            } else {
                rock
            }
        }
        Terrain::Ladder => {
            let ground = mix([150.0, 128.0, 96.0], [134.0, 112.0, 84.0], soft);
            let cx = TILE_W / 2;
            let rail = x.abs_diff(cx - 8) <= 1 || x.abs_diff(cx + 8) <= 1;
            let rung = x > cx - 8 && x < cx + 8 && y % 9 < 2;
            if rail || rung {
                [104.0, 70.0, 40.0]
            } else {
                ground
            }
        }
        Terrain::Stairs => {
            // Treads lit on top, risers in shade.
            let step = y % 9;
            let wood = mix([176.0, 140.0, 96.0], [160.0, 124.0, 84.0], grit * 0.5);
            if step < 2 {
                scale(wood, 0.7)
            } else if step < 4 {
                scale(wood, 1.1)
            } else {
                wood
            }
        }
    }
}

/// A course of adobe, in half pixels: a row of hexes is 45 px down (three quarters of a
/// tile), six courses of 7.5 px.
const COURSE: i32 = TILE_H as i32 * 3 / 4 * 2 / 6;
/// An adobe block, in half pixels: a hex is four blocks wide, and the odd rows' shift of half
/// a hex is two.
const BLOCK: i32 = TILE_W as i32 * 2 / 4;

/// The adobe at pixel `x`, `y` of a wall tile: `None` on the mortar, else the block's shade
/// (0..1). A neighbour hex sits a whole number of blocks across (52 or 26 px) and of course
/// pairs down (45 px: six courses), so the same point of the wall has the same block whichever
/// hex draws it, and a run of wall hexes reads as one wall, not as hex tiles.
/// (Half pixels, whole numbers: the pixel's centre is exact.)
fn adobe(x: i32, y: i32) -> Option<f32> {
    let (x, y) = (2 * x + 1, 2 * y + 1);
    let course = y.div_euclid(COURSE);
    let along = x + if course.rem_euclid(2) == 0 {
        0
    } else {
        BLOCK / 2
    };
    if y.rem_euclid(COURSE) < 2 || along.rem_euclid(BLOCK) < 2 {
        return None;
    }
    // Two blocks a course and six courses before the pattern of shades repeats: whatever
    // hex draws a block, its shade is the same.
    let block = along.div_euclid(BLOCK).rem_euclid(2) as u32;
    Some(noise(block, course.rem_euclid(6) as u32, 5))
}

/// The boards of a plank floor at pixel `x`, `y`: `None` on a seam, else the board's shade.
/// Boards a hex long (52 px) and 9 px wide, every other row of boards shifted half a board: a
/// row of hexes is 45 px down (five rows of boards, so the shift turns over) and 26 px across
/// (half a board), so the boards run on from hex to hex. Longer and paler than the adobe, so a
/// floor does not read as a wall.
fn planks(x: i32, y: i32) -> Option<f32> {
    const WIDE: i32 = 9;
    const LONG: i32 = TILE_W as i32;
    let row = y.div_euclid(WIDE);
    let along = x + if row.rem_euclid(2) == 0 { 0 } else { LONG / 2 };
    if y.rem_euclid(WIDE) == 0 || along.rem_euclid(LONG) == 0 {
        return None;
    }
    // Each row of boards its own shade, five rows before it repeats (a row of hexes).
    Some(noise(row.rem_euclid(5) as u32, 0, 11))
}

/// A floor indoors (a level's `floor`), drawn over the open and the rough ground: worn boards,
/// and on rough ground the tables' and chairs' dark tops among them.
fn floor(rough: bool, x: u32, y: u32) -> Rgb {
    let boards = match planks(x as i32, y as i32) {
        // Honey-coloured boards with a little grain.
        Some(shade) => scale(
            mix([196.0, 152.0, 96.0], [176.0, 132.0, 80.0], shade),
            if noise(x / 3, y, 13) > 0.85 {
                0.93
            } else {
                1.0
            },
        ),
        None => [110.0, 76.0, 44.0],
    };
    // A table's or a chair's dark top among the boards.
    if rough && blotch(x, y, 6, 7) > 0.78 {
        return [92.0, 60.0, 36.0];
    }
    boards
}

/// The tiles after the terrains': the plank floor over open ground, and over rough ground.
pub const FLOOR_TILES: [Terrain; 2] = [Terrain::Open, Terrain::Rough];

/// The tile a hex of `terrain` is drawn with: its terrain's, or (a level with a floor) the
/// floor's for open and rough ground.
pub fn tile_index(terrain: Terrain, floor: Option<crate::data::level::Floor>) -> u32 {
    let of_terrain = Terrain::ALL.iter().position(|t| *t == terrain).unwrap_or(0);
    match floor.and(FLOOR_TILES.iter().position(|t| *t == terrain)) {
        Some(i) => (Terrain::ALL.len() + i) as u32,
        None => of_terrain as u32,
    }
}

/// One row of pointy hexes, one tile per terrain in `Terrain::ALL`'s order, RGBA bytes:
/// (width, height, data).
pub fn tileset_pixels() -> (u32, u32, Vec<u8>) {
    tileset_pixels_with(true)
}

/// The tileset, with the hexes' quiet rims (the grid) or without.
pub fn tileset_pixels_with(rims: bool) -> (u32, u32, Vec<u8>) {
    let n = (Terrain::ALL.len() + FLOOR_TILES.len()) as u32;
    let (w, h) = (TILE_W * n, TILE_H);
    let mut data = vec![0u8; (w * h * 4) as usize];
    let (cx, cy) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
    let r = TILE_H as f32 / 2.0;
    let inner = r * 3f32.sqrt() / 2.0;
    let tiles = Terrain::ALL
        .iter()
        .map(|t| (*t, false))
        .chain(FLOOR_TILES.iter().map(|t| (*t, true)));
    for (i, (t, indoors)) in tiles.enumerate() {
        for y in 0..TILE_H {
            for x in 0..TILE_W {
                let (dx, dy) = ((x as f32 + 0.5 - cx).abs(), (y as f32 + 0.5 - cy).abs());
                // Inside a pointy hex of circumradius r.
                let edge = dx / inner.max(1.0) * 0.5 + dy / r;
                if dx > inner || edge > 1.0 {
                    continue;
                }
                // A quiet rim: the grid reads without drawing the eye. None between walls:
                // a run of wall hexes reads as one wall (`board::walls` draws its edges).
                let rim = rims && t != Terrain::Wall && (dx > inner - 1.5 || edge > 0.965);
                let c = if indoors {
                    floor(t == Terrain::Rough, x, y)
                } else {
                    paint(t, x, y)
                };
                let c = if rim { scale(c, 0.8) } else { c };
                let p = (((y * w) + i as u32 * TILE_W + x) * 4) as usize;
                data[p..p + 4].copy_from_slice(&[
                    c[0].clamp(0.0, 255.0) as u8,
                    c[1].clamp(0.0, 255.0) as u8,
                    c[2].clamp(0.0, 255.0) as u8,
                    255,
                ]);
            }
        }
    }
    (w, h, data)
}

/// The tint a tile is multiplied by at a height (paces): higher ground lighter, so a bluff or
/// a gully reads at a glance (ground level 0.9, full light from 4 paces up).
pub fn height_tint(height: i32) -> f32 {
    (0.9 + 0.025 * height as f32).clamp(0.75, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_terrain_is_drawn_and_no_two_alike() {
        let (w, h, data) = tileset_pixels();
        assert_eq!(data.len(), (w * h * 4) as usize);
        // The centre pixel's neighbourhood of each tile, averaged: every terrain differs.
        let mean = |i: u32| {
            let mut sum = [0u32; 3];
            for y in 10..TILE_H - 10 {
                for x in 12..TILE_W - 12 {
                    let p = ((y * w + i * TILE_W + x) * 4) as usize;
                    for k in 0..3 {
                        sum[k] += u32::from(data[p + k]);
                    }
                }
            }
            sum
        };
        let tiles = (Terrain::ALL.len() + FLOOR_TILES.len()) as u32;
        assert_eq!(w, tiles * TILE_W);
        let means: Vec<[u32; 3]> = (0..tiles).map(mean).collect();
        for a in 0..means.len() {
            for b in a + 1..means.len() {
                assert_ne!(means[a], means[b], "tiles {a} and {b}");
            }
        }
        // Outside the hex is transparent (the corners of each tile).
        assert_eq!(data[3], 0);
    }

    /// The same point of a wall, drawn by a hex or by its neighbour across (52 px) or on the
    /// next row (26 px across, 45 down): the same block of the same shade, or mortar in both.
    #[test]
    fn adobe_courses_run_on_from_hex_to_hex() {
        let mut mortar = 0;
        for y in 0..TILE_H as i32 {
            for x in 0..TILE_W as i32 {
                let here = adobe(x, y);
                mortar += u32::from(here.is_none());
                for (dx, dy) in [(52, 0), (26, 45), (-26, 45), (26, -45)] {
                    assert_eq!(here, adobe(x + dx, y + dy), "{x},{y} and +{dx},{dy}");
                }
            }
        }
        // Blocks with mortar between them, not a flat fill nor all mortar.
        let all = TILE_W * TILE_H;
        assert!(mortar > all / 10 && mortar < all / 3, "{mortar} of {all}");
        // Blocks of more than one shade.
        let shades: std::collections::BTreeSet<u32> = (0..TILE_H as i32)
            .filter_map(|y| adobe(20, y))
            .map(|s| (s * 1000.0) as u32)
            .collect();
        assert!(shades.len() > 2, "{shades:?}");
    }

    /// A floor's boards run on from hex to hex as the adobe does; open and rough ground take
    /// the floor's tiles in a level with a floor, every terrain its own without.
    #[test]
    fn a_plank_floor_runs_on_and_takes_the_open_and_rough_ground() {
        use crate::data::level::Floor;
        for y in 0..TILE_H as i32 {
            for x in 0..TILE_W as i32 {
                for (dx, dy) in [(52, 0), (26, 45), (-26, 45)] {
                    assert_eq!(planks(x, y), planks(x + dx, y + dy), "{x},{y} +{dx},{dy}");
                }
            }
        }
        let n = Terrain::ALL.len() as u32;
        assert_eq!(tile_index(Terrain::Open, Some(Floor::Planks)), n);
        assert_eq!(tile_index(Terrain::Rough, Some(Floor::Planks)), n + 1);
        for (i, t) in Terrain::ALL.iter().enumerate() {
            assert_eq!(tile_index(*t, None), i as u32);
            if !FLOOR_TILES.contains(t) {
                assert_eq!(tile_index(*t, Some(Floor::Planks)), i as u32);
            }
        }
    }

    #[test]
    fn higher_ground_is_lighter() {
        assert!(height_tint(4) > height_tint(0));
        assert!(height_tint(0) > height_tint(-2));
        assert!(height_tint(9) <= 1.0);
    }
}
