//! The battle map: one pace per hex, terrain and height per hex. Coordinates come from hexx;
//! levels name hexes by (column, row) offset coordinates, pointy hexes with odd rows shoved right.

use super::movement::{
    Gait, MoveCost, Pace, cost_of_sums, hexsides_between, pace_parts, pace_weight, path_cost,
};
use super::terrain::Terrain;
use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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

/// The way a hexside faces on the map as it is drawn (rows going down, hexsides numbered
/// clockwise from the east): the words a player reads, since the numbers are not drawn.
pub fn hexside_name(facing: u8) -> &'static str {
    [
        "east",
        "south-east",
        "south-west",
        "west",
        "north-west",
        "north-east",
    ][facing as usize % 6]
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
    /// Per hex: the index of each neighbour in `Hex::all_neighbors` order (NONE off the map).
    neighbors: Vec<[u32; 6]>,
    /// Per hex: its axial (x, y), the order in which the search takes equal ways.
    axial: Vec<(i32, i32)>,
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
        assert_eq!(
            tiles.len() as u64,
            width as u64 * height as u64,
            "one tile per hex"
        );
        let mut map = HexMap {
            width,
            height,
            tiles,
            neighbors: Vec::new(),
            axial: Vec::new(),
        };
        map.axial = (0..map.tiles.len())
            .map(|at| {
                let h = map.hex_of(at);
                (h.x, h.y)
            })
            .collect();
        map.neighbors = (0..map.tiles.len())
            .map(|at| {
                let hex = map.hex_of(at);
                hex.all_neighbors()
                    .map(|n| map.index(n).map_or(NONE, |i| i as u32))
            })
            .collect();
        map
    }

    /// The hex at an index of `tiles`.
    fn hex_of(&self, at: usize) -> Hex {
        let w = self.width.max(1) as usize;
        hex_at((at % w) as i32, (at / w) as i32)
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

    /// Where a thing flung from `from` toward `to` comes to rest: `to` when its hex is open
    /// ground on the map, else the last open hex on the line there before a wall or the map's
    /// edge stops it (`from` itself if none is).
    pub fn last_open_on_the_way(&self, from: Hex, to: Hex) -> Hex {
        from.line_to(to)
            .take_while(|&h| self.tile(h).is_some_and(|t| t.terrain.passable()))
            .last()
            .unwrap_or(from)
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
        rates: (u32, u32),
        ap: u32,
        blocked: impl Fn(Hex) -> bool,
    ) -> HashMap<Hex, MovePlan> {
        let reach = self.search(start, facing, gait, rates, ap, blocked);
        reach
            .hexes()
            .filter_map(|(hex, _)| reach.plan(self, hex).map(|plan| (hex, plan)))
            .collect()
    }

    /// The index of an on-map hex in `tiles` (row by row).
    fn index(&self, hex: Hex) -> Option<usize> {
        let (c, r) = offset_of(hex);
        ((0..self.width as i32).contains(&c) && (0..self.height as i32).contains(&r))
            .then(|| r as usize * self.width as usize + c as usize)
    }

    /// The move search behind [`HexMap::reachable`]: Dijkstra over (hex, facing) in flat arrays
    /// indexed by hex, every hex's way chosen by its price, the paths built only when asked
    /// for ([`Reach::plan`]). See [`Reach`] for the order in which equal ways are told apart.
    pub fn search(
        &self,
        start: Hex,
        facing: u8,
        gait: Gait,
        rates: (u32, u32),
        ap: u32,
        blocked: impl Fn(Hex) -> bool,
    ) -> Reach {
        self.search_for(start, facing, gait, rates, ap, None, blocked)
    }

    /// The search for one hex: it stops once the way to `target` is priced, and answers
    /// exactly for every hex as cheap as it (a search with that many AP:
    /// [`Reach::within`]). Without a way there, it is a search with `ap` AP.
    #[allow(clippy::too_many_arguments)]
    pub fn search_to(
        &self,
        start: Hex,
        facing: u8,
        gait: Gait,
        rates: (u32, u32),
        ap: u32,
        target: Hex,
        blocked: impl Fn(Hex) -> bool,
    ) -> Reach {
        self.search_for(start, facing, gait, rates, ap, Some(target), blocked)
    }

    /// The sums of a way one pace on: from state `prev` into hex `at` facing `f`.
    fn sums_after(&self, s: Sums, prev: usize, at: usize, f: u8) -> Sums {
        let pace = Pace {
            terrain: self.tiles[at].terrain,
            rise: self.tiles[at].height - self.tiles[prev / 6].height,
            turn: hexsides_between((prev % 6) as u8, f),
        };
        let (g, c, fa) = pace_parts(&pace);
        Sums {
            paces: s.paces + 1,
            ground: s.ground + g,
            climb: s.climb + c,
            facing: s.facing + fa,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn search_for(
        &self,
        start: Hex,
        facing: u8,
        gait: Gait,
        (move_paces, run_paces): (u32, u32),
        mut ap: u32,
        target: Option<Hex>,
        blocked: impl Fn(Hex) -> bool,
    ) -> Reach {
        let rate = match gait {
            Gait::Walk => move_paces,
            Gait::Run => run_paces,
        }
        .max(1);
        let hexes = self.tiles.len();
        let mut reach = Reach {
            start,
            facing,
            gait,
            rates: (move_paces, run_paces),
            width: self.width,
            within: ap,
            came: vec![NONE; hexes * 6],
            chosen: vec![None; hexes],
        };
        let Some(origin) = self.index(start) else {
            return reach;
        };
        let facing = facing % 6;
        // Which hexes may be entered at all: on the map, passable, not blocked.
        let open: Vec<bool> = (0..hexes)
            .map(|at| self.tiles[at].terrain.passable() && !blocked(self.hex_of(at)))
            .collect();
        let mut frontier = Frontier::new(hexes, rate);
        // A way's weight is its price before rounding up (the price is never less), so a way
        // of `ap` AP or less weighs at most ap * 2 * rate: nothing heavier is searched.
        let budget_of = |ap: u32| (ap as u64 * 2 * rate as u64).min(u32::MAX as u64 - 2) as u32;
        let mut budget = budget_of(ap);
        let mut sums = vec![Sums::default(); hexes * 6];
        let target = target.and_then(|t| self.index(t)).filter(|&t| t != origin);
        let root = origin * 6 + facing as usize;
        frontier.offer(0, (start.x, start.y), root);
        let mut w = 0u32;
        let mut bucket = Vec::new();
        while frontier.pending > 0 && w <= budget {
            frontier.take(w, &mut bucket);
            for &(_, _, state) in &bucket {
                let state = state as usize;
                if frontier.weight[state] != w + 1 {
                    continue;
                }
                let (at, f) = (state / 6, (state % 6) as u8);
                // Settled: its way and its price are final.
                if state != root {
                    let prev = reach.came[state] as usize;
                    let s = self.sums_after(sums[prev], prev, at, f);
                    sums[state] = s;
                    if at != origin {
                        let cost = s.cost(gait, (move_paces, run_paces));
                        if cost.total <= ap {
                            keep_cheapest(&mut reach.chosen[at], f, cost, facing);
                        }
                        // The target priced: only ways as cheap as it can still matter.
                        if Some(at) == target && cost.total < ap {
                            ap = cost.total;
                            budget = budget_of(ap);
                        }
                    }
                }
                self.relax(
                    &mut frontier,
                    &mut reach.came,
                    (state, w),
                    (rate, budget),
                    &open,
                );
            }
            bucket.clear();
            w += 1;
        }
        // A search stopped early answers for the ways it has settled in full.
        for c in reach.chosen.iter_mut() {
            if c.is_some_and(|(_, cost)| cost.total > ap) {
                *c = None;
            }
        }
        reach.within = ap;
        reach
    }

    /// Each step on from the settled `state` (reached at weight `w`) into an open hex, at
    /// `budget` or under: offered to the frontier where it is the cheapest way found into
    /// its state, which then comes from `state` (`came`).
    fn relax(
        &self,
        frontier: &mut Frontier,
        came: &mut [u32],
        (state, w): (usize, u32),
        (rate, budget): (u32, u32),
        open: &[bool],
    ) {
        let (at, f) = (state / 6, (state % 6) as u8);
        let from = self.tiles[at];
        let dirs = *NEIGHBOR_FACINGS;
        for (k, &next) in self.neighbors[at].iter().enumerate() {
            if next == NONE || !open[next as usize] {
                continue;
            }
            let to = self.tiles[next as usize];
            let nf = dirs[k];
            let pace = Pace {
                terrain: to.terrain,
                rise: to.height - from.height,
                turn: hexsides_between(f, nf),
            };
            let nw = w + pace_weight(&pace, rate);
            if nw > budget {
                continue;
            }
            let next_state = next as usize * 6 + nf as usize;
            if frontier.offer(nw, self.axial[next as usize], next_state) {
                came[next_state] = state as u32;
            }
        }
    }
}

/// The open states of the move search: Dijkstra over states (hex * 6 + facing) with weights
/// in units of 1 / (2 * rate) AP (`pace_weight`), from a bucket per weight: a step weighs 2
/// to 2 + 8 * rate, so a ring of buckets that long holds every weight still to come. The
/// states of one weight are taken in the order (x, y, facing) of the hexes (a heap's order),
/// so the first cheapest way into each state is always the same one.
struct Frontier {
    buckets: Vec<Vec<(i32, i32, u32)>>,
    /// States offered and not yet taken.
    pending: usize,
    /// Weight + 1 of the best way found into each state (0: none yet).
    weight: Vec<u32>,
}

impl Frontier {
    fn new(hexes: usize, rate: u32) -> Frontier {
        Frontier {
            buckets: vec![Vec::new(); 3 + 8 * rate as usize],
            pending: 0,
            weight: vec![0u32; hexes * 6],
        }
    }

    /// A way into `state` (its hex at `axial`) of weight `w`: kept when it is the first or
    /// cheaper than the best found; whether it was.
    fn offer(&mut self, w: u32, axial: (i32, i32), state: usize) -> bool {
        let known = self.weight[state];
        if known != 0 && w + 1 >= known {
            return false;
        }
        self.weight[state] = w + 1;
        let ring = self.buckets.len();
        self.buckets[w as usize % ring].push((axial.0, axial.1, state as u32));
        self.pending += 1;
        true
    }

    /// The states offered at weight `w`, into `bucket`, in the order (x, y, facing): a state
    /// is its hex's index * 6 + facing.
    fn take(&mut self, w: u32, bucket: &mut Vec<(i32, i32, u32)>) {
        let ring = self.buckets.len();
        std::mem::swap(bucket, &mut self.buckets[w as usize % ring]);
        self.pending -= bucket.len();
        bucket.sort_unstable();
    }
}

/// The facing of a step to each of `Hex::all_neighbors`, in its order.
static NEIGHBOR_FACINGS: std::sync::LazyLock<[u8; 6]> = std::sync::LazyLock::new(|| {
    Hex::ZERO
        .all_neighbors()
        .map(|n| facing_to(Hex::ZERO, n).expect("a neighbour"))
});

/// No state: the root of the tree of ways, or a state never reached.
const NONE: u32 = u32::MAX;

/// A way's price so far: paces, ground and climbing in halves of an AP, turning in AP.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    paces: u32,
    ground: u32,
    climb: u32,
    facing: u32,
}

impl Sums {
    /// The way's cost at this gait and these rates (walk, run).
    fn cost(&self, gait: Gait, (move_paces, run_paces): (u32, u32)) -> MoveCost {
        cost_of_sums(
            self.paces,
            (self.ground, self.climb, self.facing),
            gait,
            move_paces,
            run_paces,
        )
    }
}

/// The way into a hex kept: the cheapest, then the fewest paces, then the least turning from
/// the start's facing, then the lowest facing (so the same way is always kept).
fn keep_cheapest(chosen: &mut Option<(u8, MoveCost)>, f: u8, cost: MoveCost, facing: u8) {
    let rank = |f: u8, cost: &MoveCost| (cost.total, cost.paces, hexsides_between(facing, f), f);
    match chosen {
        Some((old_f, old)) if rank(*old_f, old) <= rank(f, &cost) => {}
        _ => *chosen = Some((f, cost)),
    }
}

/// Where a figure can move, by [`HexMap::search`]: the cheapest way to every hex in reach.
///
/// Of the ways into one hex, the one chosen costs the fewest AP by the Movement table, then
/// has the fewest paces, then turns least from the facing at the start, then ends facing the
/// lowest hexside; a hex entered from one facing by one way only (the search keeps the first
/// cheapest way into each (hex, facing), in a fixed order), so the choice never depends on the
/// order of a hash map.
#[derive(Clone, Debug)]
pub struct Reach {
    start: Hex,
    facing: u8,
    gait: Gait,
    rates: (u32, u32),
    width: u32,
    /// The AP it answers for: every hex whose way costs that much or less is here.
    within: u32,
    /// Per state (hex * 6 + facing): the state its way comes from.
    came: Vec<u32>,
    /// Per hex: the facing of the way chosen into it, and its price.
    chosen: Vec<Option<(u8, MoveCost)>>,
}

impl Reach {
    fn at(&self, hex: Hex) -> Option<usize> {
        let (c, r) = offset_of(hex);
        let height = self.chosen.len() as i32 / self.width.max(1) as i32;
        ((0..self.width as i32).contains(&c) && (0..height).contains(&r))
            .then(|| r as usize * self.width as usize + c as usize)
    }

    fn hex_of(&self, at: usize) -> Hex {
        hex_at(
            (at % self.width as usize) as i32,
            (at / self.width as usize) as i32,
        )
    }

    /// The price of the way to `hex`, if it is in reach.
    pub fn cost(&self, hex: Hex) -> Option<MoveCost> {
        self.at(hex).and_then(|at| self.chosen[at]).map(|(_, c)| c)
    }

    /// The price of the way to `hex` if it costs at most `ap` AP: what a search with `ap`
    /// AP would have found (a search with more AP finds the same ways, and more).
    /// The AP this search answers for: every way of that many AP or fewer is in it.
    pub fn within(&self) -> u32 {
        self.within
    }

    pub fn cost_within(&self, hex: Hex, ap: u32) -> Option<MoveCost> {
        self.cost(hex).filter(|c| c.total <= ap)
    }

    /// Every hex in reach with the price of its way, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, MoveCost)> + '_ {
        self.chosen
            .iter()
            .enumerate()
            .filter_map(|(at, c)| c.map(|(_, cost)| (self.hex_of(at), cost)))
    }

    /// The way to `hex` in full: the hexes entered, each pace, the price and the facing at
    /// the end. `map` is the map searched.
    pub fn plan(&self, map: &HexMap, hex: Hex) -> Option<MovePlan> {
        let at = self.at(hex)?;
        let (f, cost) = self.chosen[at]?;
        let mut state = at * 6 + f as usize;
        let mut hexes = Vec::new();
        while self.came[state] != NONE {
            hexes.push(self.hex_of(state / 6));
            state = self.came[state] as usize;
        }
        hexes.reverse();
        let (paces, final_facing) = map.paces(self.start, self.facing, &hexes)?;
        let (move_paces, run_paces) = self.rates;
        debug_assert_eq!(path_cost(&paces, self.gait, move_paces, run_paces), cost);
        Some(MovePlan {
            hexes,
            paces,
            cost,
            final_facing,
        })
    }
}

#[cfg(test)]
mod tests;
