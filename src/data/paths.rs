//! Where the game's own files are: the deck, the gear and the levels are found beside the
//! executable (or in the source tree it was built from) wherever the game is started from,
//! and the working directory is the last place looked.

use super::DataError;
use std::path::{Path, PathBuf};

/// The folders that may hold the game's files, in the order they are tried: `TARNATION_HOME`
/// if set; the executable's folder and the folders above it (a build in `target/release/`
/// finds the tree it was built from); the source tree the binary was compiled from; the
/// working directory.
pub fn roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    if let Some(home) = std::env::var_os("TARNATION_HOME") {
        roots.push(PathBuf::from(home));
    }
    if let Ok(exe) = std::env::current_exe() {
        let exe = exe.canonicalize().unwrap_or(exe);
        roots.extend(exe.ancestors().skip(1).take(4).map(Path::to_path_buf));
    }
    roots.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    if let Ok(cwd) = std::env::current_dir() {
        roots.push(cwd);
    }
    let mut seen = Vec::new();
    roots.retain(|r| {
        let new = !seen.contains(r);
        seen.push(r.clone());
        new
    });
    roots
}

/// The game's file or folder `relative` (e.g. `assets/gear.ron`, `levels`): the first root
/// that has it, or an error saying every place looked.
pub fn find(relative: &str) -> Result<PathBuf, DataError> {
    let roots = roots();
    roots
        .iter()
        .map(|r| r.join(relative))
        .find(|p| p.exists())
        .ok_or_else(|| DataError::Invalid {
            path: PathBuf::from(relative),
            message: format!(
                "not found; looked in {} (set TARNATION_HOME to the game's folder)",
                roots
                    .iter()
                    .map(|r| r.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })
}

/// A file named by the player: as given when it is there (relative to the working
/// directory), else the game's own file of that name (`levels/street_duel.ron` works from
/// any directory); when it is nowhere, an error saying every place looked.
pub fn locate(path: &Path) -> Result<PathBuf, DataError> {
    if path.exists() || path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    match path.to_str() {
        Some(p) => find(p),
        None => Ok(path.to_path_buf()),
    }
}

/// The level files the game ships, sorted, or where it looked for them.
pub fn level_files() -> Result<Vec<PathBuf>, DataError> {
    let dir = find("levels")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|source| DataError::Io {
            path: dir.clone(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A missing file names every place looked; the source tree is among them, so the game's
    /// own files are found (the command-line tests start the binary from elsewhere).
    #[test]
    fn a_missing_file_says_where_it_was_looked_for() {
        let missing = find("assets/no-such-file.ron").unwrap_err().to_string();
        assert!(missing.contains("not found; looked in"), "{missing}");
        assert!(missing.contains(env!("CARGO_MANIFEST_DIR")), "{missing}");
        assert!(
            find("assets/gear.ron")
                .unwrap()
                .ends_with("assets/gear.ron")
        );
        assert!(level_files().unwrap().len() >= 4);
    }
}
