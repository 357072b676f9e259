//! The battle's first view: the whole map fitted to the frame, and what the camera shows
//! first (the player's heroes, the foe nearest them, the areas the level's counters count).

use super::{Battle, MapGeometry};
use crate::app::input::{CameraFit, MapRect, fit_camera};
use crate::app::layout::{TILE_H, TILE_W};
use crate::rules::hexmap::offset_of;
use bevy::prelude::*;

/// Fit the map's bounds (every tile, whole) into the frame's map area, the first view on the
/// heroes of the human sides; the camera follows the window's size after.
pub(super) fn first_fit(battle: &Battle, geometry: &MapGeometry, rect: &MapRect) -> CameraFit {
    let map = &battle.map;
    // Fit the map's bounds (every tile, whole) into the frame's map area; the camera follows
    // the window's size after.
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for (hex, _) in map.hexes() {
        let (c, r) = offset_of(hex);
        let p = geometry.center(c, r);
        lo = lo.min(p);
        hi = hi.max(p);
    }
    let half = Vec2::new(TILE_W as f32, TILE_H as f32) / 2.0;
    let (lo, hi) = (lo - half, hi + half);
    // The first view centres on the heroes of the human sides and the foe nearest them (all
    // heroes when no side is human).
    // Heroes who come in later (a level's counters bring them) are not on the map yet.
    let present = || battle.level.heroes.iter().filter(|h| h.arrives.is_none());
    let humans: Vec<Vec2> = present()
        .filter(|h| {
            battle
                .level
                .sides
                .iter()
                .any(|s| s.name == h.side && s.control == crate::data::level::Control::Human)
        })
        .map(|h| geometry.center(h.at.0, h.at.1))
        .collect();
    let everyone: Vec<Vec2> = present().map(|h| geometry.center(h.at.0, h.at.1)).collect();
    // And the foe nearest them: a player sees whom they face (the gulch's riders, Hank).
    let nearest_foe = present()
        .filter(|h| {
            battle
                .level
                .sides
                .iter()
                .any(|s| s.name == h.side && s.control != crate::data::level::Control::Human)
        })
        .map(|h| geometry.center(h.at.0, h.at.1))
        .min_by(|a, b| {
            let d = |p: &Vec2| {
                humans
                    .iter()
                    .map(|q| q.distance(*p))
                    .fold(f32::MAX, f32::min)
            };
            d(a).total_cmp(&d(b))
        });
    // The box round the heroes shown, two hexes to spare on every side.
    let step = geometry.center(1, 0).distance(geometry.center(0, 0));
    let boxed = |shown: &[Vec2]| {
        if shown.is_empty() {
            return ((lo + hi) / 2.0, Vec2::ZERO);
        }
        let min = shown.iter().copied().reduce(Vec2::min).unwrap_or_default();
        let max = shown.iter().copied().reduce(Vec2::max).unwrap_or_default();
        ((min + max) / 2.0, max - min + Vec2::splat(4.0 * step))
    };
    let (focus, focus_size) = if humans.is_empty() {
        boxed(&everyone)
    } else {
        // The nearest foe too, when the view still reads with it: else the player's own heroes
        // at a readable zoom (the bench level's two lines stand a map's width apart, and
        // every token shrank to a dot with its initials unreadable).
        let with_foe: Vec<Vec2> = humans.iter().copied().chain(nearest_foe).collect();
        // And the areas the level's counters count (where the loot is carried out, where a
        // side must stand), when the view still reads with them: the bank job's east end,
        // where the gang carry the strongboxes, was under the panel.
        let with_areas: Vec<Vec2> = with_foe
            .iter()
            .copied()
            .chain(counted_areas(&battle.level, geometry))
            .collect();
        let reads = |(at, size): (Vec2, Vec2)| {
            fit_camera(&rect.0, at, size).0 <= crate::app::input::readable_scale(&rect.0)
        };
        [boxed(&with_areas), boxed(&with_foe)]
            .into_iter()
            .find(|&view| reads(view))
            .unwrap_or_else(|| boxed(&humans))
    };
    CameraFit {
        center: (lo + hi) / 2.0,
        map: hi - lo,
        fit: fit_camera(&rect.0, (lo + hi) / 2.0, hi - lo).0,
        focus,
        focus_size,
    }
}

/// The hexes of the areas the level's counters count (where the loot is carried out, where a
/// side must stand or leave), on the map.
fn counted_areas(level: &crate::data::level::Level, geometry: &MapGeometry) -> Vec<Vec2> {
    use crate::data::level::Trigger;
    level
        .counters
        .iter()
        .flat_map(|c| &c.fed_by)
        .flat_map(|f| match &f.on {
            Trigger::Enters { area, .. }
            | Trigger::Leaves { area, .. }
            | Trigger::CarriedOut { area, .. } => area.as_slice(),
            _ => &[],
        })
        .map(|&(c, r)| geometry.center(c, r))
        .collect()
}
