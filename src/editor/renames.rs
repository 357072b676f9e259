//! Edits built from the level as it is: the difference of two levels as one step, and the
//! renames that carry to everything naming a side or a hero.

use super::{Edit, Slot, rules_of};
use crate::data::level::{Level, Victory};

/// The edits that turn `before` into `after` when both have the same number of each list's
/// elements: one `Set` per element changed, the map, names and rules (a rename and everything
/// that names it, as one step).
pub fn diff(before: &Level, after: &Level) -> Edit {
    fn sets<T: Clone + PartialEq>(a: &[T], b: &[T], wrap: fn(Slot<T>) -> Edit) -> Vec<Edit> {
        a.iter()
            .zip(b)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (_, y))| wrap(Slot::Set(i, y.clone())))
            .collect()
    }
    let mut edits = Vec::new();
    if before.map != after.map {
        edits.push(Edit::Map(after.map.clone()));
    }
    if before.name != after.name {
        edits.push(Edit::Name(after.name.clone()));
    }
    if before.description != after.description {
        edits.push(Edit::Description(after.description.clone()));
    }
    edits.extend(sets(&before.cover, &after.cover, Edit::Cover));
    edits.extend(sets(&before.mounts, &after.mounts, Edit::Mount));
    edits.extend(sets(&before.heroes, &after.heroes, Edit::Hero));
    edits.extend(sets(&before.sides, &after.sides, Edit::Side));
    edits.extend(sets(&before.victory, &after.victory, Edit::Victory));
    edits.extend(sets(&before.counters, &after.counters, Edit::Counter));
    edits.extend(sets(&before.items, &after.items, Edit::Item));
    if rules_of(before) != rules_of(after) {
        edits.push(Edit::Rules(rules_of(after)));
    }
    Edit::Batch(edits)
}

/// Rename a side, and every hero, victory and counter that names it, as one step.
pub fn rename_side(level: &Level, index: usize, name: &str) -> Edit {
    let Some(old) = level.sides.get(index).map(|s| s.name.clone()) else {
        return Edit::Batch(Vec::new());
    };
    let mut after = level.clone();
    after.sides[index].name = name.to_string();
    let swap = |s: &mut String| {
        if *s == old {
            *s = name.to_string();
        }
    };
    for hero in &mut after.heroes {
        swap(&mut hero.side);
    }
    for victory in &mut after.victory {
        match victory {
            Victory::LastSideStanding => {}
            Victory::Timer { winner, .. } => swap(winner),
            Victory::Objective { winner, rival, .. } => {
                swap(winner);
                if let Some(r) = rival {
                    swap(r);
                }
            }
        }
    }
    for counter in &mut after.counters {
        for feed in &mut counter.fed_by {
            counter_side(&mut feed.on, &swap);
        }
        match &mut counter.when_full {
            Some(crate::data::level::WhenFull::Wins(s))
            | Some(crate::data::level::WhenFull::NoReloads(s)) => swap(s),
            None => {}
        }
    }
    diff(level, &after)
}

fn counter_side(on: &mut crate::data::level::Trigger, swap: &impl Fn(&mut String)) {
    use crate::data::level::Trigger::*;
    match on {
        ActionBy(s) | HeroDown(s) | Reloads(s) => swap(s),
        Enters { side, .. } | Leaves { side, .. } | CarriedOut { side, .. } => swap(side),
        EachRound | EachAction | Victories(_) | ShotAt(_) => {}
    }
}

/// Rename a hero, and the mount it rides, as one step.
pub fn rename_hero(level: &Level, index: usize, name: &str) -> Edit {
    let Some(old) = level.heroes.get(index).map(|h| h.name.clone()) else {
        return Edit::Batch(Vec::new());
    };
    let mut after = level.clone();
    after.heroes[index].name = name.to_string();
    for mount in &mut after.mounts {
        if mount.rider.as_deref() == Some(old.as_str()) {
            mount.rider = Some(name.to_string());
        }
    }
    diff(level, &after)
}
