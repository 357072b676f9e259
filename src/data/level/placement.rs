//! Where the figures stand: every hero and mount on a hex of the map it may stand on, one
//! standing figure a hex, riders on their mounts (part of `levels check`).

use super::super::{located, located_after};
use super::checks::{first_repeated, nth_located};
use super::*;

/// Who stands where, and who is who: at least one hero, every side with a hero, names told
/// apart, no more heroes than `MAX_HEROES`, nothing inside a wall, one figure a hex, every
/// objective reachable from a hex beside it, no more height rows than map rows (issue 21: each
/// was accepted and then broke a match).
pub(super) fn check_figures(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let rows = &level.map.rows;
    if level.map.heights.len() > rows.len() {
        return err(
            "heights",
            format!(
                "{} heights rows for a map of {} rows",
                level.map.heights.len(),
                rows.len()
            ),
        );
    }
    if level.heroes.is_empty() {
        return err("heroes:", "a level needs at least one hero".into());
    }
    if level.heroes.len() > MAX_HEROES {
        return err(
            "heroes:",
            format!(
                "{} heroes: a level has at most {MAX_HEROES}",
                level.heroes.len()
            ),
        );
    }
    // Two of one name: the second is named, at its own entry.
    let repeated = |list: &str, what: &str, name: Option<&str>| match name {
        Some(name) => Err(nth_located(
            path,
            text,
            list,
            &format!("name: \"{name}\""),
            2,
            format!("two {what} are named '{name}'"),
        )),
        None => Ok(()),
    };
    repeated(
        "sides:",
        "sides",
        first_repeated(level.sides.iter().map(|s| s.name.as_str())),
    )?;
    for side in &level.sides {
        let entry = format!("name: \"{}\"", side.name);
        if !level.heroes.iter().any(|h| h.side == side.name) {
            return Err(located_after(
                path,
                text,
                &["sides:"],
                &entry,
                format!("side '{}' has no heroes", side.name),
            ));
        }
    }
    repeated(
        "heroes:",
        "heroes",
        first_repeated(level.heroes.iter().map(|h| h.name.as_str())),
    )?;
    check_placement(path, text, level)
}

/// Nothing inside a wall, one figure a hex, a hex to stand on at or beside every objective.
pub(super) fn check_placement(path: &Path, text: &str, level: &Level) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let rows = &level.map.rows;
    let terrain_at = |(c, r): (i32, i32)| {
        rows.get(r as usize)
            .and_then(|row| row.chars().nth(c as usize))
            .and_then(Terrain::from_symbol)
    };
    let wall = |at: (i32, i32)| terrain_at(at) == Some(Terrain::Wall);
    for cover in &level.cover {
        if wall(cover.at) {
            return err(
                &cover.name,
                format!("cover '{}' is inside a wall at {:?}", cover.name, cover.at),
            );
        }
    }
    for (i, mount) in level.mounts.iter().enumerate() {
        if wall(mount.at) {
            return err(
                &mount.name,
                format!("mount '{}' is inside a wall at {:?}", mount.name, mount.at),
            );
        }
        let someone_else = level
            .heroes
            .iter()
            .find(|h| h.at == mount.at && mount.rider.as_ref() != Some(&h.name))
            .map(|h| format!("hero '{}'", h.name))
            .or_else(|| {
                level.mounts[..i]
                    .iter()
                    .find(|m| m.at == mount.at)
                    .map(|m| format!("mount '{}'", m.name))
            });
        if let Some(other) = someone_else {
            return err(
                &mount.name,
                format!(
                    "mount '{}' stands on {other}'s hex {:?} (one figure a hex; a rider is \
                     named as the mount's rider)",
                    mount.name, mount.at
                ),
            );
        }
    }
    for v in &level.victory {
        if let Victory::Objective {
            name,
            task: Some(task),
            ..
        } = v
        {
            // The task's own line, not the first hero whose skills name the same skill.
            let task_err = |message: String| {
                Err(located_after(
                    path,
                    text,
                    &["victory:"],
                    &format!("skill: \"{}\"", task.skill),
                    message,
                ))
            };
            if wall(task.at) {
                return task_err(format!(
                    "objective '{name}': its task at {:?} is inside a wall",
                    task.at
                ));
            }
            let at = crate::rules::hexmap::hex_at(task.at.0, task.at.1);
            let open = |h: hexx::Hex| {
                let (c, r) = crate::rules::hexmap::offset_of(h);
                c >= 0 && r >= 0 && terrain_at((c, r)).is_some_and(|t| t.passable())
            };
            if !open(at) && !at.all_neighbors().into_iter().any(open) {
                return task_err(format!(
                    "objective '{name}': no hex a hero can stand on at or beside its task at \
                     {:?}",
                    task.at
                ));
            }
        }
    }
    Ok(())
}
