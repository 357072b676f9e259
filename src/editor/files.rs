//! The user's own levels: a folder beside the saves and replays (`TARNATION_LEVELS` names
//! another), levels saved there by the editor, drafts marked on their first line.

use super::write::{DRAFT_MARK, write};
use crate::data::DataError;
use crate::data::gear::Gear;
use crate::data::level::{self, Level};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The folder of the user's own levels (not created here).
pub fn user_levels_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TARNATION_LEVELS") {
        return PathBuf::from(dir);
    }
    let saves = crate::data::saves::saves_dir();
    saves
        .parent()
        .map_or_else(|| PathBuf::from("levels"), |p| p.join("levels"))
}

/// Is this text a draft (an unfinished level the editor saved)?
pub fn is_draft(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').starts_with(DRAFT_MARK)
}

/// The user's levels ready to play (drafts left out), sorted; none when the folder is not
/// there.
pub fn user_level_files() -> Vec<PathBuf> {
    user_files(false)
}

/// The user's drafts and levels, for the editor's Open list, sorted.
pub fn user_files(with_drafts: bool) -> Vec<PathBuf> {
    files_in(&user_levels_dir(), with_drafts)
}

/// The level files of a folder, drafts left out unless asked for, sorted.
pub fn files_in(dir: &Path, with_drafts: bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter(|p| with_drafts || std::fs::read_to_string(p).is_ok_and(|text| !is_draft(&text)))
        .collect();
    files.sort();
    files
}

/// A file name for a level's name: its letters and digits, words joined by `_`.
pub fn file_name(name: &str) -> String {
    let mut out = String::new();
    for word in name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push('_');
        }
        out.push_str(&word.to_lowercase());
    }
    if out.is_empty() {
        out.push_str("level");
    }
    out.truncate(60);
    format!("{out}.ron")
}

/// Write the level to `path` (a draft marked so), whole or not at all: written beside it
/// and renamed over it.
pub fn save(path: &Path, level: &Level, draft: bool) -> Result<(), DataError> {
    let io = |source| DataError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "level.ron".into());
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let text = write(level, draft);
    let written = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written.map_err(io)
}

/// A level file opened in the editor: a draft or an unfinished level is read as it is (its
/// problems listed in the editor), only a file that is no level at all is refused. Whether
/// it was a draft comes with it.
pub fn open(path: &Path) -> Result<(Level, bool), DataError> {
    let text = crate::data::read(path)?;
    let level: Level = crate::data::parse_ron(path, &text)?;
    if level.map.rows.is_empty() || level.map.rows[0].is_empty() {
        return Err(DataError::Invalid {
            path: path.to_path_buf(),
            message: "the map has no hexes".into(),
        });
    }
    // Rows of other widths are evened out with open ground, as the editor draws them.
    let width = level.map.rows.iter().map(|r| r.chars().count()).max();
    let mut level = level;
    if let Some(w) = width {
        level.map = super::resized(&level.map, w.min(super::MAX_SIDE), {
            level.map.rows.len().min(super::MAX_SIDE)
        });
    }
    Ok((level, is_draft(&text)))
}

/// Every hero of the shipped levels, to copy into a level (by name; the first of a name).
pub fn shipped_heroes(gear: &Gear) -> Vec<crate::data::level::HeroDef> {
    let mut heroes: Vec<crate::data::level::HeroDef> = Vec::new();
    for file in crate::data::paths::level_files().unwrap_or_default() {
        if let Ok(l) = level::load(&file, gear) {
            for h in l.heroes {
                if !heroes.iter().any(|x| x.name == h.name) {
                    heroes.push(h);
                }
            }
        }
    }
    heroes
}
