//! The battle map: one pace per hex, terrain and height per hex. Coordinates come from hexx;
//! levels name hexes by (column, row) offset coordinates, pointy hexes with odd rows shoved right.

use super::movement::{Gait, MoveCost, Pace, hexsides_between, pace_weight, path_cost};
use super::terrain::Terrain;
use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    pub terrain: Terrain,
    /// Height in paces.
    pub height: i32,
}

/// (column, row) as a level file writes it.
pub fn hex_at(col: i32, row: i32) -> Hex {
    Hex::from_offset_coordinates([col, row], OffsetHexMode::Odd, HexOrientation::Pointy)
}

/// The (column, row) of a hex.
pub fn offset_of(hex: Hex) -> (i32, i32) {
    let [c, r] = hex.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Pointy);
    (c, r)
}

/// The facing (hexside 0..6) from a hex to its neighbour.
pub fn facing_to(from: Hex, to: Hex) -> Option<u8> {
    from.neighbor_direction(to).map(|d| d.index())
}

/// The neighbour of `hex` across hexside `facing` (0..6).
pub fn step(hex: Hex, facing: u8) -> Hex {
    hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[facing as usize % 6])
}

/// A figure's eye above its hex, and the middle of a target, in paces (docs/rules-decisions.md).
pub const EYE: f32 = 2.0;
pub const MIDDLE: f32 = 1.0;

/// The hexside of `at` that faces `toward` (the nearest of the six).
pub fn hexside_toward(at: Hex, toward: Hex) -> u8 {
    at.main_direction_to(toward).index()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexMap {
    pub width: u32,
    pub height: u32,
    tiles: Vec<Tile>,
}

/// A planned move: the hexes entered, each pace, and the AP it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePlan {
    pub hexes: Vec<Hex>,
    pub paces: Vec<Pace>,
    pub cost: MoveCost,
    pub final_facing: u8,
}

impl HexMap {
    /// A map from rows of tiles (row 0 first).
    pub fn new(width: u32, height: u32, tiles: Vec<Tile>) -> HexMap {
        assert_eq!(tiles.len(), (width * height) as usize, "one tile per hex");
        HexMap {
            width,
            height,
            tiles,
        }
    }

    pub fn contains(&self, hex: Hex) -> bool {
        let (c, r) = offset_of(hex);
        (0..self.width as i32).contains(&c) && (0..self.height as i32).contains(&r)
    }

    pub fn tile(&self, hex: Hex) -> Option<Tile> {
        self.contains(hex).then(|| {
            let (c, r) = offset_of(hex);
            self.tiles[(r as u32 * self.width + c as u32) as usize]
        })
    }

    /// Every hex of the map with its tile, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, Tile)> + '_ {
        (0..self.height as i32).flat_map(move |r| {
            (0..self.width as i32).map(move |c| {
                let hex = hex_at(c, r);
                (hex, self.tile(hex).expect("in bounds"))
            })
        })
    }

    /// The hexes a shot passes over from `from` to `to`, both excluded, or the first wall
    /// that blocks the line of sight.
    /// Ground between blocks too: the sight line runs from the firer's eye (`EYE` paces above
    /// its hex) to the target's middle (`MIDDLE` paces above its hex), and a hex whose ground
    /// rises to that line hides the target.
    pub fn line_of_fire(&self, from: Hex, to: Hex) -> Result<Vec<Hex>, Hex> {
        let line: Vec<Hex> = from.line_to(to).collect();
        let between = &line[1..line.len().saturating_sub(1).max(1)];
        let height = |h: Hex| self.tile(h).map_or(0, |t| t.height) as f32;
        let (eye, aim) = (height(from) + EYE, height(to) + MIDDLE);
        let steps = (line.len() - 1).max(1) as f32;
        for (i, &h) in between.iter().enumerate() {
            if h == to {
                continue;
            }
            if self.tile(h).is_none_or(|t| !t.terrain.passable()) {
                return Err(h);
            }
            let along = (i + 1) as f32 / steps;
            let sight = eye + (aim - eye) * along;
            if height(h) >= sight {
                return Err(h);
            }
        }
        Ok(between.iter().copied().filter(|&h| h != to).collect())
    }

    /// The paces of walking along `hexes` (each a neighbour of the one before), from `start`
    /// facing `facing`.
    pub fn paces(&self, start: Hex, facing: u8, hexes: &[Hex]) -> Option<(Vec<Pace>, u8)> {
        let mut at = start;
        let mut face = facing;
        let mut paces = Vec::with_capacity(hexes.len());
        for &next in hexes {
            let dir = facing_to(at, next)?;
            let (from, to) = (self.tile(at)?, self.tile(next)?);
            if !to.terrain.passable() {
                return None;
            }
            paces.push(Pace {
                terrain: to.terrain,
                rise: to.height - from.height,
                turn: hexsides_between(face, dir),
            });
            face = dir;
            at = next;
        }
        Some((paces, face))
    }

    /// Cheapest paths from `start` to every hex reachable within `ap` AP, avoiding hexes for
    /// which `blocked` is true. Each plan is priced exactly by the Movement AP table.
    pub fn reachable(
        &self,
        start: Hex,
        facing: u8,
        gait: Gait,
        (move_paces, run_paces): (u32, u32),
        ap: u32,
        blocked: impl Fn(Hex) -> bool,
    ) -> HashMap<Hex, MovePlan> {
        let rate = match gait {
            Gait::Walk => move_paces,
            Gait::Run => run_paces,
        }
        .max(1);
        // Dijkstra over (hex, facing): facing changes price turns.
        let mut best: HashMap<(Hex, u8), u32> = HashMap::new();
        let mut came: HashMap<(Hex, u8), (Hex, u8)> = HashMap::new();
        let mut open = BinaryHeap::new();
        let budget = (ap + 1) * 2 * rate * 4;
        best.insert((start, facing), 0);
        open.push(Reverse((0u32, start.x, start.y, facing)));
        while let Some(Reverse((w, x, y, f))) = open.pop() {
            let here = Hex::new(x, y);
            if best.get(&(here, f)).is_some_and(|&b| b < w) {
                continue;
            }
            for next in here.all_neighbors() {
                if blocked(next) {
                    continue;
                }
                let Some((paces, nf)) = self.paces(here, f, &[next]) else {
                    continue;
                };
                let nw = w + pace_weight(&paces[0], rate);
                if nw > budget {
                    continue;
                }
                if best.get(&(next, nf)).is_none_or(|&b| nw < b) {
                    best.insert((next, nf), nw);
                    came.insert((next, nf), (here, f));
                    open.push(Reverse((nw, next.x, next.y, nf)));
                }
            }
        }
        let mut plans: HashMap<Hex, MovePlan> = HashMap::new();
        for (&(hex, f), _) in best.iter().filter(|(k, _)| k.0 != start) {
            let mut hexes = vec![hex];
            let mut key = (hex, f);
            while let Some(&prev) = came.get(&key) {
                if prev.0 == start && prev.1 == facing {
                    break;
                }
                hexes.push(prev.0);
                key = prev;
            }
            hexes.reverse();
            let Some((paces, final_facing)) = self.paces(start, facing, &hexes) else {
                continue;
            };
            let cost = path_cost(&paces, gait, move_paces, run_paces);
            if cost.total > ap {
                continue;
            }
            let plan = MovePlan {
                hexes,
                paces,
                cost,
                final_facing,
            };
            // Equal paths are told apart by a total order (never by the map's iteration order,
            // which differs from run to run): fewest AP, fewest paces, the least turning
            // from the facing at the start, the lowest hexside, then the path itself.
            let rank = |p: &MovePlan| {
                (
                    p.cost.total,
                    p.paces.len(),
                    hexsides_between(facing, p.final_facing),
                    p.final_facing,
                    p.hexes.iter().map(|h| (h.x, h.y)).collect::<Vec<_>>(),
                )
            };
            match plans.get(&hex) {
                Some(old) if rank(old) <= rank(&plan) => {}
                _ => {
                    plans.insert(hex, plan);
                }
            }
        }
        plans
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> HexMap {
        let tiles = rows
            .iter()
            .flat_map(|r| {
                r.chars().map(|c| Tile {
                    terrain: Terrain::from_symbol(c).unwrap(),
                    height: 0,
                })
            })
            .collect();
        HexMap::new(rows[0].len() as u32, rows.len() as u32, tiles)
    }

    #[test]
    fn a_step_across_a_hexside_is_that_facing() {
        let from = hex_at(3, 3);
        for f in 0..6 {
            assert_eq!(facing_to(from, step(from, f)), Some(f));
        }
    }

    #[test]
    fn high_ground_between_hides_the_target() {
        let mut m = map(&["........"]);
        let set = |m: &mut HexMap, c: usize, h: i32| m.tiles[c].height = h;
        // A ridge 2 paces high between two figures on the flat: it hides them.
        set(&mut m, 3, 2);
        assert_eq!(
            m.line_of_fire(hex_at(0, 0), hex_at(6, 0)),
            Err(hex_at(3, 0))
        );
        // A ridge of 1 pace does not (the eye is at 2, the middle at 1).
        set(&mut m, 3, 1);
        assert!(m.line_of_fire(hex_at(0, 0), hex_at(6, 0)).is_ok());
        // From on top of a bluff (height 5) down past a ledge of 3 near the target: the
        // line is high enough over it.
        set(&mut m, 0, 5);
        set(&mut m, 3, 3);
        assert!(m.line_of_fire(hex_at(0, 0), hex_at(6, 0)).is_ok());
        // But a ledge right under the bluff's edge, as high as the bluff, hides the street.
        set(&mut m, 1, 6);
        assert_eq!(
            m.line_of_fire(hex_at(0, 0), hex_at(6, 0)),
            Err(hex_at(1, 0))
        );
    }

    #[test]
    fn walls_block_the_line_of_fire() {
        let m = map(&["......", "..#...", "......"]);
        let blocked = m.line_of_fire(hex_at(0, 1), hex_at(5, 1));
        assert_eq!(blocked, Err(hex_at(2, 1)));
        let open = m.line_of_fire(hex_at(0, 0), hex_at(5, 0)).unwrap();
        assert_eq!(open.len(), 4, "the four hexes between");
        assert_eq!(m.line_of_fire(hex_at(0, 0), hex_at(1, 0)), Ok(vec![]));
        assert_eq!(hexside_toward(hex_at(0, 0), hex_at(5, 0)), 0, "east");
    }

    #[test]
    fn offset_coordinates_round_trip() {
        for (c, r) in [(0, 0), (3, 1), (5, 4), (2, 7)] {
            assert_eq!(offset_of(hex_at(c, r)), (c, r));
        }
    }

    #[test]
    fn walking_on_open_ground_costs_one_ap_per_move() {
        let m = map(&["........", "........", "........"]);
        let start = hex_at(0, 1);
        let east = facing_to(start, hex_at(1, 1)).unwrap();
        let plans = m.reachable(start, east, Gait::Walk, (3, 6), 2, |_| false);
        // 3 paces east for 1 AP, 6 for 2 AP, 7 is out of reach.
        assert_eq!(plans[&hex_at(3, 1)].cost.total, 1);
        assert_eq!(plans[&hex_at(6, 1)].cost.total, 2);
        assert!(!plans.contains_key(&hex_at(7, 1)));
    }

    /// Paths of equal cost used to be chosen in `HashMap` order, so the facing at the end of a
    /// move could differ from one run to the next. Every search now gives the same plans.
    #[test]
    fn equal_paths_are_chosen_the_same_way_every_time() {
        let m = map(&["........", "...,....", "..#.....", "........", "........"]);
        let search = || m.reachable(hex_at(1, 2), 1, Gait::Walk, (3, 6), 4, |_| false);
        let first = search();
        assert!(first.len() > 20);
        for _ in 0..40 {
            let again = search();
            for (hex, plan) in &first {
                assert_eq!(
                    (&again[hex].hexes, again[hex].final_facing),
                    (&plan.hexes, plan.final_facing),
                    "{:?}",
                    offset_of(*hex)
                );
            }
        }
    }

    #[test]
    fn walls_block_and_rough_ground_costs_more() {
        let m = map(&["..#..", "..#..", "....."]);
        let start = hex_at(0, 0);
        let plans = m.reachable(start, 0, Gait::Walk, (5, 10), 3, |_| false);
        assert!(
            !plans.contains_key(&hex_at(2, 0)),
            "a wall hex is never entered"
        );
        assert!(
            plans.contains_key(&hex_at(3, 0)),
            "the wall is walked around"
        );
        let plain = map(&["......"]);
        let rough = map(&[".,,,,."]);
        let a = plain.reachable(hex_at(0, 0), 0, Gait::Walk, (5, 10), 9, |_| false);
        let b = rough.reachable(hex_at(0, 0), 0, Gait::Walk, (5, 10), 9, |_| false);
        assert!(b[&hex_at(5, 0)].cost.total > a[&hex_at(5, 0)].cost.total);
    }
}
