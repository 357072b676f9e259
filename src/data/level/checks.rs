//! What `levels check` checks of a level once it is read (the map, heroes, cover, mounts,
//! objectives and victory against the gear), each error located at its line; and the
//! warnings it prints for what is allowed but likely a slip.

use super::super::{located, located_after};
use super::*;

/// The first of a hero's numbers outside its range: its name in the file, its value, the range.
fn out_of_range(hero: &HeroDef) -> Option<(&'static str, i64, std::ops::RangeInclusive<i64>)> {
    let values = [
        hero.quickness as i64,
        hero.initiative as i64,
        hero.ap as i64,
        hero.move_paces as i64,
        hero.run as i64,
        hero.size as i64,
        hero.db as i64,
        hero.defense as i64,
        hero.will as i64,
    ];
    HERO_RANGES
        .iter()
        .zip(values)
        .find(|((_, range), v)| !range.contains(v))
        .map(|((name, range), v)| (*name, v, range.clone()))
}

/// Everything `levels check` checks of a level once it is read: the map, its heroes, cover,
/// mounts, objectives and victory against the gear. `text` is the file the level came from (a
/// level file, or a match file that carries it), for the line of an error.
pub fn check(path: &Path, text: &str, level: Level, gear: &Gear) -> Result<Level, DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let bounds = check_map(path, text, &level)?;
    if level.options.is_some_and(|o| o.victory_threshold == 0) {
        return err(
            "victory_threshold",
            "the victory threshold is at least 1".into(),
        );
    }
    if level.sides.len() < 2 || level.sides.len() > 4 {
        return err(
            "sides",
            format!("a level has 2 to 4 sides, not {}", level.sides.len()),
        );
    }
    super::placement::check_figures(path, text, &level)?;
    let mut taken = Vec::new();
    for hero in &level.heroes {
        // Errors about a hero point into that hero's own entry.
        let entry = format!("name: \"{}\"", hero.name);
        let located_in = |needle: &str, message: String| {
            located_after(path, text, &["heroes:", &entry], needle, message)
        };
        check_hero_place(&level, hero, &bounds, &mut taken).map_err(|(n, m)| located_in(&n, m))?;
        check_hero_kit(hero, gear).map_err(|(n, m)| located_in(&n, m))?;
    }
    check_cover_and_mounts(path, text, &level, &bounds)?;
    check_victory(path, text, &level, &bounds)?;
    super::counters::check_counters(path, text, &level)?;
    Ok(level)
}

/// The map's size and terrain, as the checks of the figures on it read it.
struct Bounds<'a> {
    width: usize,
    rows: &'a [String],
}

impl Bounds<'_> {
    fn on_map(&self, (c, r): (i32, i32)) -> bool {
        c >= 0 && r >= 0 && (c as usize) < self.width && (r as usize) < self.rows.len()
    }

    fn terrain_at(&self, (c, r): (i32, i32)) -> Option<Terrain> {
        self.rows[r as usize]
            .chars()
            .nth(c as usize)
            .and_then(Terrain::from_symbol)
    }
}

/// The map: rows of one width, each hex a terrain, the heights rows digits; not too large.
fn check_map<'a>(path: &Path, text: &str, level: &'a Level) -> Result<Bounds<'a>, DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    let rows = &level.map.rows;
    let Some(first) = rows.first() else {
        return err("rows", "the map has no rows".into());
    };
    let width = first.chars().count();
    if width > MAX_MAP_SIDE || rows.len() > MAX_MAP_SIDE || width * rows.len() > MAX_MAP_HEXES {
        return err(
            "rows",
            format!(
                "the map is {width} x {} hexes: at most {MAX_MAP_SIDE} a side and \
                 {MAX_MAP_HEXES} hexes",
                rows.len()
            ),
        );
    }
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return err(
                row,
                format!(
                    "map row {r} has {} hexes, row 0 has {width}",
                    row.chars().count()
                ),
            );
        }
        if let Some(bad) = row.chars().find(|&c| Terrain::from_symbol(c).is_none()) {
            return err(
                row,
                format!("map row {r}: '{bad}' is no terrain (legend: . , / ^ ~ # H = |)"),
            );
        }
    }
    for (r, h) in level.map.heights.iter().enumerate() {
        if h.chars().count() != width || !h.chars().all(|c| c.is_ascii_digit()) {
            return err(h, format!("heights row {r} must be {width} digits"));
        }
    }
    Ok(Bounds { width, rows })
}

/// A hero's place: a trait rank, a side of the level, on the map, not in a wall, alone in
/// its hex, a hexside to face. Err: the text to look for in the hero's entry, and the words.
fn check_hero_place(
    level: &Level,
    hero: &HeroDef,
    bounds: &Bounds,
    taken: &mut Vec<(i32, i32)>,
) -> Result<(), (String, String)> {
    let err = |needle: &str, message: String| Err((needle.to_string(), message));
    if let Some((name, t)) = hero
        .traits
        .iter()
        .find(|(_, t)| t.rank() == 0 || t.rank() > MAX_RANK)
    {
        return err(
            &format!("\"{name}\": ("),
            format!(
                "hero '{}': the {name} rank is 1 to {MAX_RANK}, not {}",
                hero.name,
                t.rank()
            ),
        );
    }
    if !level.sides.iter().any(|s| s.name == hero.side) {
        return err(
            &hero.side,
            format!("hero '{}': no side named '{}'", hero.name, hero.side),
        );
    }
    if !bounds.on_map(hero.at) {
        return err(
            &hero.name,
            format!("hero '{}' stands at {:?}, off the map", hero.name, hero.at),
        );
    }
    if bounds.terrain_at(hero.at) == Some(Terrain::Wall) {
        return err(
            &hero.name,
            format!("hero '{}' stands inside a wall at {:?}", hero.name, hero.at),
        );
    }
    if taken.contains(&hero.at) {
        return err(
            &hero.name,
            format!(
                "hero '{}' shares hex {:?} with another hero",
                hero.name, hero.at
            ),
        );
    }
    taken.push(hero.at);
    if hero.facing > 5 {
        return err(
            &hero.name,
            format!("hero '{}': facing is a hexside 0 to 5", hero.name),
        );
    }
    if let Some((skill, level)) = hero.skills.iter().find(|(_, l)| !(1..=5).contains(*l)) {
        return err(
            skill,
            format!(
                "hero '{}': skill '{skill}' is level {level}, not 1 to 5",
                hero.name
            ),
        );
    }
    Ok(())
}

/// A hero's kit: skills at levels 1 to 5, weapons of the gear file, a holster for one of them,
/// AP, Move and Run, the numbers in their ranges.
fn check_hero_kit(hero: &HeroDef, gear: &Gear) -> Result<(), (String, String)> {
    let err = |needle: &str, message: String| Err((needle.to_string(), message));
    for weapon in &hero.weapons {
        if gear.weapon(weapon).is_none() {
            let known: Vec<&str> = gear.weapons.iter().map(|w| w.name.as_str()).collect();
            return err(
                weapon,
                format!(
                    "hero '{}': no weapon '{weapon}' in the gear file (it has: {})",
                    hero.name,
                    known.join(", ")
                ),
            );
        }
    }
    if let Some(portrait) = &hero.portrait
        && !crate::data::portraits::PORTRAITS.contains(&portrait.as_str())
    {
        return err(
            portrait,
            format!(
                "hero '{}': no portrait '{portrait}' (there are: {})",
                hero.name,
                crate::data::portraits::PORTRAITS.join(", ")
            ),
        );
    }
    if let Some(holster) = &hero.holster
        && !hero.weapons.contains(holster)
    {
        return err(
            holster,
            format!(
                "hero '{}': the holster holds '{holster}', which the hero does not carry",
                hero.name
            ),
        );
    }
    if hero.cocked {
        let first = hero.weapons.first();
        let cocks = first
            .and_then(|w| gear.weapon(w))
            .is_some_and(|g| g.cock_ap().is_some());
        if !cocks || first == hero.holster.as_ref() {
            return err(
                "cocked:",
                format!(
                    "hero '{}': cocked, but its first weapon ({}) is not a gun in hand that cocks",
                    hero.name,
                    first.map_or("none", String::as_str)
                ),
            );
        }
    }
    if hero.move_paces == 0 || hero.run < hero.move_paces || hero.ap == 0 {
        // The field that is wrong, in the hero's own entry.
        let field = if hero.ap == 0 {
            "ap:"
        } else if hero.move_paces == 0 {
            "move:"
        } else {
            "run:"
        };
        return err(
            field,
            format!("hero '{}': needs AP >= 1 and Run >= Move >= 1", hero.name),
        );
    }
    if let Some((field, value, range)) = out_of_range(hero) {
        return err(
            &format!("{field}:"),
            format!(
                "hero '{}': {field} is {value}, not {} to {}",
                hero.name,
                range.start(),
                range.end()
            ),
        );
    }
    Ok(())
}

/// Cover and mounts: on the map, hexsides 0 to 5, a mount's numbers in range, its rider a hero.
fn check_cover_and_mounts(
    path: &Path,
    text: &str,
    level: &Level,
    bounds: &Bounds,
) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    for cover in &level.cover {
        if !bounds.on_map(cover.at) {
            return err(
                &cover.name,
                format!("cover '{}' is off the map at {:?}", cover.name, cover.at),
            );
        }
        if cover.from.iter().any(|&f| f > 5) {
            return err(
                &cover.name,
                format!("cover '{}': 'from' hexsides are 0 to 5", cover.name),
            );
        }
    }
    for thing in &level.scenery {
        let (c, r) = thing.at;
        let wrong = if !bounds.on_map(thing.at) {
            Some(format!("{:?} at {c},{r} is off the map", thing.kind))
        } else if thing.side.is_some_and(|s| s > 5) {
            Some(format!(
                "{:?} at {c},{r}: its side is a hexside 0 to 5",
                thing.kind
            ))
        } else {
            None
        };
        if let Some(message) = wrong {
            return Err(crate::data::located_after(
                path,
                text,
                &["scenery:"],
                &format!("{:?}, at: ({c}, {r})", thing.kind),
                message,
            ));
        }
    }
    for mount in &level.mounts {
        if !bounds.on_map(mount.at) {
            return err(
                &mount.name,
                format!("mount '{}' is off the map at {:?}", mount.name, mount.at),
            );
        }
        if mount.facing > 5 || !(1..=20).contains(&mount.quickness) || mount.speed > 100 {
            return err(
                &mount.name,
                format!(
                    "mount '{}': facing is 0 to 5, quickness 1 to 20, speed 0 to 100 paces",
                    mount.name
                ),
            );
        }
        if let Some(rider) = &mount.rider
            && !level.heroes.iter().any(|h| &h.name == rider)
        {
            return err(
                rider,
                format!("mount '{}': no hero named '{rider}'", mount.name),
            );
        }
    }
    Ok(())
}

/// Victory: winners and rivals sides of the level, timers and objectives in range, an
/// objective's task on the map with a die pool; at least one condition.
fn check_victory(path: &Path, text: &str, level: &Level, bounds: &Bounds) -> Result<(), DataError> {
    let err = |needle: &str, message: String| Err(located(path, text, needle, message));
    for v in &level.victory {
        if let Victory::Timer { winner, .. } | Victory::Objective { winner, .. } = v
            && !level.sides.iter().any(|s| &s.name == winner)
        {
            return err(winner, format!("victory: no side named '{winner}'"));
        }
        match v {
            Victory::Timer { name, rounds, .. } if !(1..=1000).contains(rounds) => {
                return err(
                    name,
                    format!("timer '{name}': 1 to 1000 rounds, not {rounds}"),
                );
            }
            Victory::Objective {
                name, victories, ..
            } if !(1..=1000).contains(victories) => {
                return err(
                    name,
                    format!("objective '{name}': 1 to 1000 victories, not {victories}"),
                );
            }
            // Decision 8: one slot a victory, and a counter has at most ten slots.
            Victory::Objective {
                name,
                victories,
                rival: None,
                ..
            } if *victories > crate::rules::counter::MAX_SLOTS => {
                return err(
                    name,
                    format!(
                        "objective '{name}': {victories} victories do not fit its Progress \
                         counter (one slot a victory, at most {} slots; \
                         docs/rules-decisions.md 8)",
                        crate::rules::counter::MAX_SLOTS
                    ),
                );
            }
            Victory::Objective {
                rival: Some(rival),
                winner,
                task,
                ..
            } if !level.sides.iter().any(|s| &s.name == rival)
                || rival == winner
                || task.is_none() =>
            {
                return Err(located_after(
                    path,
                    text,
                    &["victory:", "rival"],
                    rival,
                    format!(
                        "objective rival '{rival}': another side of the level, contesting a task"
                    ),
                ));
            }
            Victory::Objective {
                task: Some(task), ..
            } if !(1..=100).contains(&task.tn) => {
                return Err(located_after(
                    path,
                    text,
                    &["victory:"],
                    &format!("skill: \"{}\"", task.skill),
                    format!("objective task: the TN is 1 to 100, not {}", task.tn),
                ));
            }
            _ => {}
        }
    }
    check_tasks(path, text, level, bounds)?;
    if level.victory.is_empty() {
        return err(
            "victory",
            "a level needs at least one victory condition".into(),
        );
    }
    Ok(())
}

/// Each objective's task on the map, its quality a die pool.
fn check_tasks(path: &Path, text: &str, level: &Level, bounds: &Bounds) -> Result<(), DataError> {
    for v in &level.victory {
        if let Victory::Objective {
            task: Some(task), ..
        } = v
        {
            if !bounds.on_map(task.at) {
                return Err(located_after(
                    path,
                    text,
                    &["victory:"],
                    &format!("skill: \"{}\"", task.skill),
                    format!("objective task at {:?} is off the map", task.at),
                ));
            }
            if let Err(e) = task.quality.parse::<crate::rules::die::Pool>() {
                return Err(located_after(
                    path,
                    text,
                    &["victory:", &format!("skill: \"{}\"", task.skill)],
                    &task.quality,
                    format!("objective task quality: {e}"),
                ));
            }
        }
    }
    Ok(())
}

/// The most heroes a level may have (a round of 10 000 heroes took 72 s and 2 GB).
pub const MAX_HEROES: usize = 100;

/// Warnings about a level that plays but likely not as meant: a hero's skill one letter-edit
/// or one word away from a skill a rule, a weapon or an objective uses ("Quick Drawing" makes a
/// hero unskilled at Quick Draw). Each `file:line:column: what`, the nearest known skill named.
pub fn warnings(path: &Path, text: &str, level: &Level, gear: &Gear) -> Vec<String> {
    let mut known: Vec<&str> = RULE_SKILLS.to_vec();
    known.extend(gear.weapons.iter().map(|w| w.skill.as_str()));
    for v in &level.victory {
        if let Victory::Objective {
            task: Some(task), ..
        } = v
        {
            known.push(&task.skill);
        }
    }
    let mut out = Vec::new();
    for hero in &level.heroes {
        let entry = format!("name: \"{}\"", hero.name);
        for skill in hero.skills.keys() {
            if known.contains(&skill.as_str()) {
                continue;
            }
            if let Some(near) = known.iter().find(|k| near_miss(skill, k)) {
                let at = located_after(
                    path,
                    text,
                    &["heroes:", &entry],
                    &format!("\"{skill}\""),
                    format!(
                        "hero '{}': skill '{skill}' is no skill the game reads; did you mean \
                         '{near}'? (kept as written)",
                        hero.name
                    ),
                );
                out.push(format!("warning: {at}"));
            }
        }
    }
    out
}

/// One letter added, dropped or changed, or one word added, dropped or changed.
fn near_miss(a: &str, b: &str) -> bool {
    fn one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
        let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        if long.len() - short.len() > 1 {
            return false;
        }
        let head = short.iter().zip(long).take_while(|(x, y)| x == y).count();
        let (s, l) = (&short[head..], &long[head..]);
        if short.len() == long.len() {
            s.len() <= 1 || s[1..] == l[1..]
        } else {
            *s == l[1..]
        }
    }
    let (ca, cb): (Vec<char>, Vec<char>) = (
        a.to_lowercase().chars().collect(),
        b.to_lowercase().chars().collect(),
    );
    let (wa, wb): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    // A word changed needs a word kept: "Riding" is not one word away from "Bravery".
    let words = wa.len().max(wb.len()) >= 2 && one_edit(&wa, &wb);
    a != b && (one_edit(&ca, &cb) || words)
}

/// An error at the `n`th `needle` after `anchor` (1-based): the second of two heroes of the
/// same name, not the first.
pub(super) fn nth_located(
    path: &Path,
    text: &str,
    anchor: &str,
    needle: &str,
    n: usize,
    message: String,
) -> DataError {
    let from = text.find(anchor).unwrap_or(0);
    let at = text[from..]
        .match_indices(needle)
        .nth(n.saturating_sub(1))
        .map_or(from, |(i, _)| from + i);
    super::super::located_at(path, text, at, message)
}

/// The first name that an earlier one repeats.
pub(super) fn first_repeated<'a>(names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    names.into_iter().find(|n| !seen.insert(*n))
}

/// The skills a rule of the game reads by name (the rest a level may name freely: Streetwise,
/// Stealth, Riding, ...).
pub const RULE_SKILLS: [&str; 6] = [
    "Quick Draw",
    "Bravery",
    "Dodge",
    crate::rules::weapons::SPEED_LOAD_SKILL,
    crate::rules::medicine::MEDICINE_SKILL,
    "Demolitions",
];
