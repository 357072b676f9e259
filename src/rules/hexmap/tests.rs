use super::*;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

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

/// The search as it was before flat arrays (hashed maps, every way built and ranked): the new
/// search must give the same plans.
pub fn reference(
    map: &HexMap,
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
            let Some((paces, nf)) = map.paces(here, f, &[next]) else {
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
        let Some((paces, final_facing)) = map.paces(start, facing, &hexes) else {
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

/// The flat search gives every plan the hashed one gave, way for way, on maps with every
/// terrain, heights, blocked hexes and every start facing.
#[test]
fn the_flat_search_gives_the_plans_of_the_hashed_one() {
    let rows = [
        "..,..#....~..",
        ".#..^^.,,..H.",
        "..=...#..|...",
        ".~~..,..^....",
        "....#....##..",
        ".|....=..,...",
    ];
    let mut m = map(&rows);
    for (i, t) in m.tiles.iter_mut().enumerate() {
        t.height = ((i * 7) % 5) as i32 - 1;
    }
    let blocked = [hex_at(4, 2), hex_at(7, 3)];
    for (c, r) in [(0, 0), (5, 2), (12, 5), (3, 3)] {
        for facing in 0..6 {
            for (gait, ap) in [(Gait::Walk, 3), (Gait::Run, 2), (Gait::Walk, 40)] {
                let start = hex_at(c, r);
                let new = m.reachable(start, facing, gait, (3, 7), ap, |h| blocked.contains(&h));
                let old = reference(&m, start, facing, gait, (3, 7), ap, |h| {
                    blocked.contains(&h)
                });
                assert_eq!(new, old, "from {c},{r} facing {facing} {gait:?} {ap} AP");
            }
        }
    }
}

mod properties {
    use super::*;
    use crate::rules::movement::path_cost;
    use proptest::prelude::*;

    /// A small map of any terrain and heights from a string of symbols.
    fn any_map() -> impl Strategy<Value = HexMap> {
        (3u32..9, 3u32..8).prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(("[..........,,/^~#H=|]", 0i32..4), (w * h) as usize),
            )
                .prop_map(|((w, h), cells)| {
                    let tiles = cells
                        .into_iter()
                        .map(|(s, height)| Tile {
                            terrain: Terrain::from_symbol(s.chars().next().unwrap()).unwrap(),
                            height,
                        })
                        .collect();
                    HexMap::new(w, h, tiles)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Every way the search finds costs what the Movement table sums along its paces,
        /// walks hexes next to each other from the start, and is the way the hashed search
        /// found.
        #[test]
        fn the_search_prices_by_the_table_and_finds_the_old_ways(
            m in any_map(),
            at in (0i32..3, 0i32..3),
            facing in 0u8..6,
            run in any::<bool>(),
            ap in 0u32..12,
            rates in (1u32..6, 0u32..6),
            wall in (0i32..9, 0i32..8),
            goal in (0i32..9, 0i32..8),
        ) {
            let start = hex_at(at.0, at.1);
            let gait = if run { Gait::Run } else { Gait::Walk };
            let rates = (rates.0, rates.0 + rates.1);
            let blocked = |h: Hex| h == hex_at(wall.0, wall.1);
            let new = m.reachable(start, facing, gait, rates, ap, blocked);
            for (hex, plan) in &new {
                prop_assert_eq!(plan.hexes.last(), Some(hex));
                let (paces, face) = m.paces(start, facing, &plan.hexes).expect("a walkable way");
                prop_assert_eq!(&paces, &plan.paces);
                prop_assert_eq!(face, plan.final_facing);
                prop_assert_eq!(path_cost(&paces, gait, rates.0, rates.1), plan.cost);
                prop_assert!(plan.cost.total <= ap);
            }
            let old = reference(&m, start, facing, gait, rates, ap, blocked);
            prop_assert_eq!(&new, &old);
            // The search for one hex stops early and answers for every hex as cheap as it.
            let goal = hex_at(goal.0, goal.1);
            let to = m.search_to(start, facing, gait, rates, ap, goal, blocked);
            prop_assert!(to.within() <= ap);
            prop_assert_eq!(to.plan(&m, goal), new.get(&goal).cloned());
            for (hex, plan) in &new {
                if plan.cost.total <= to.within() {
                    prop_assert_eq!(to.plan(&m, *hex), Some(plan.clone()));
                }
            }
            prop_assert!(to.hexes().all(|(h, c)| new.get(&h).map(|p| p.cost) == Some(c)));
        }
    }
}

/// A throw's scatter past a wall or off the map stops at the last open hex on the way, not
/// back at the target's hex; an open spot is where it lands.
#[test]
fn a_scatter_stops_at_the_last_open_hex_on_the_way() {
    let m = map(&["......", "...#..", "......"]);
    let (at, beyond) = (hex_at(1, 1), hex_at(5, 1));
    assert_eq!(
        m.last_open_on_the_way(at, beyond),
        hex_at(2, 1),
        "before the wall"
    );
    assert_eq!(
        m.last_open_on_the_way(at, hex_at(2, 1)),
        hex_at(2, 1),
        "open: there"
    );
    assert_eq!(
        m.last_open_on_the_way(hex_at(4, 1), hex_at(9, 1)),
        hex_at(5, 1),
        "the map's edge"
    );
}
