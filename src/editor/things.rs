//! What stands on a hex (heroes, horses, cover, items), and the edits that move, turn and
//! remove it; a name not yet taken.

use super::{Cell, Edit, Slot};
use crate::data::level::{HeroDef, ItemDef, Level, MountDef};

/// What stands at a hex: a hero, a mount, a cover object or an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thing {
    Hero(usize),
    Mount(usize),
    Cover(usize),
    Item(usize),
}

/// The things at a hex, heroes first.
pub fn things_at(level: &Level, at: Cell) -> Vec<Thing> {
    fn here<T>(
        list: &[T],
        at: Cell,
        at_of: fn(&T) -> Cell,
        thing: fn(usize) -> Thing,
    ) -> Vec<Thing> {
        let found = list.iter().enumerate().filter(|(_, x)| at_of(x) == at);
        found.map(|(i, _)| thing(i)).collect()
    }
    let mut found = here(&level.heroes, at, |h| h.at, Thing::Hero);
    found.extend(here(&level.mounts, at, |m| m.at, Thing::Mount));
    found.extend(here(&level.cover, at, |c| c.at, Thing::Cover));
    found.extend(here(&level.items, at, |i| i.at, Thing::Item));
    found
}

/// Move a thing to a hex (its facing kept).
pub fn move_thing(level: &Level, thing: Thing, to: Cell) -> Edit {
    match thing {
        Thing::Hero(i) => Edit::Hero(Slot::Set(
            i,
            HeroDef {
                at: to,
                ..level.heroes[i].clone()
            },
        )),
        Thing::Mount(i) => Edit::Mount(Slot::Set(
            i,
            MountDef {
                at: to,
                ..level.mounts[i].clone()
            },
        )),
        Thing::Cover(i) => Edit::Cover(Slot::Set(
            i,
            crate::data::level::CoverDef {
                at: to,
                ..level.cover[i].clone()
            },
        )),
        Thing::Item(i) => Edit::Item(Slot::Set(
            i,
            ItemDef {
                at: to,
                ..level.items[i].clone()
            },
        )),
    }
}

/// Remove a thing (a mount's rider dismounted first, a hero's mount left riderless).
pub fn remove_thing(level: &Level, thing: Thing) -> Edit {
    match thing {
        Thing::Hero(i) => {
            let name = &level.heroes[i].name;
            let mut edits: Vec<Edit> = level
                .mounts
                .iter()
                .enumerate()
                .filter(|(_, m)| m.rider.as_ref() == Some(name))
                .map(|(m, mount)| {
                    Edit::Mount(Slot::Set(
                        m,
                        MountDef {
                            rider: None,
                            ..mount.clone()
                        },
                    ))
                })
                .collect();
            edits.push(Edit::Hero(Slot::Remove(i)));
            Edit::Batch(edits)
        }
        Thing::Mount(i) => Edit::Mount(Slot::Remove(i)),
        Thing::Cover(i) => Edit::Cover(Slot::Remove(i)),
        Thing::Item(i) => Edit::Item(Slot::Remove(i)),
    }
}

/// Turn a thing a hexside clockwise (a hero or mount's facing; a cover object's hexsides).
pub fn turn_thing(level: &Level, thing: Thing) -> Edit {
    match thing {
        Thing::Hero(i) => {
            let h = &level.heroes[i];
            Edit::Hero(Slot::Set(
                i,
                HeroDef {
                    facing: (h.facing + 1) % 6,
                    ..h.clone()
                },
            ))
        }
        Thing::Mount(i) => {
            let m = &level.mounts[i];
            Edit::Mount(Slot::Set(
                i,
                MountDef {
                    facing: (m.facing + 1) % 6,
                    ..m.clone()
                },
            ))
        }
        Thing::Cover(i) => {
            let c = &level.cover[i];
            let from = c.from.iter().map(|s| (s + 1) % 6).collect();
            Edit::Cover(Slot::Set(
                i,
                crate::data::level::CoverDef { from, ..c.clone() },
            ))
        }
        Thing::Item(_) => Edit::Batch(Vec::new()),
    }
}

/// A name not yet taken by `taken`: `base`, else `base 2`, `base 3`, ...
pub fn fresh_name<'a>(base: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    let free = |n: &str| !taken.clone().any(|t| t == n);
    if free(base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| free(n))
        .unwrap_or_else(|| base.to_string())
}
