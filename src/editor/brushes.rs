//! Painting the map: the hexes of a brush, a dab of terrain or height, a fill.

use super::{Cell, Edit, height_at, on_map, symbol_at};
use crate::data::level::Level;
use crate::rules::hexmap::{hex_at, offset_of};

/// The hexes of a brush of `size` 1, 7 or 19 hexes around `at` (on the map or not).
pub fn brush(at: Cell, size: usize) -> Vec<Cell> {
    let radius = match size {
        0 | 1 => 0,
        2..=7 => 1,
        _ => 2,
    };
    hex_at(at.0, at.1)
        .range(radius)
        .map(offset_of)
        .collect::<Vec<_>>()
}

/// Paint the terrain `symbol` over a brush's hexes on the map (one step).
pub fn paint(level: &Level, at: Cell, size: usize, symbol: char) -> Edit {
    Edit::Terrain(
        brush(at, size)
            .into_iter()
            .filter(|&c| on_map(level, c) && symbol_at(level, c) != symbol)
            .map(|c| (c, symbol))
            .collect(),
    )
}

/// Set the height of a brush's hexes on the map.
pub fn raise(level: &Level, at: Cell, size: usize, height: u8) -> Edit {
    Edit::Heights(
        brush(at, size)
            .into_iter()
            .filter(|&c| on_map(level, c) && height_at(level, c) != height)
            .map(|c| (c, height))
            .collect(),
    )
}

/// Fill: the hexes joined to `at` through hexes of its terrain, painted `symbol`.
pub fn fill(level: &Level, at: Cell, symbol: char) -> Edit {
    if !on_map(level, at) {
        return Edit::Terrain(Vec::new());
    }
    let from = symbol_at(level, at);
    if from == symbol {
        return Edit::Terrain(Vec::new());
    }
    let mut seen = std::collections::HashSet::from([at]);
    let mut todo = vec![at];
    let mut hexes = Vec::new();
    while let Some(cell) = todo.pop() {
        hexes.push((cell, symbol));
        for n in hex_at(cell.0, cell.1).all_neighbors() {
            let n = offset_of(n);
            if on_map(level, n) && symbol_at(level, n) == from && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    hexes.sort();
    Edit::Terrain(hexes)
}
