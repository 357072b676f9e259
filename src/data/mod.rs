//! Data files: loading with errors that name the file and the line, never a panic.

pub mod deck_file;
pub mod gear;
pub mod json;
pub mod level;
pub mod paths;
pub mod saves;
pub mod text;

use std::path::{Path, PathBuf};

/// A data file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("{path}: cannot read: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}:{line}:{column}: {message}")]
    Parse {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: {message}")]
    Invalid { path: PathBuf, message: String },
    #[error("{path}: cannot write: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Parse RON text, naming the file and position on error.
pub fn parse_ron<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, DataError> {
    ron::from_str(text).map_err(|e| DataError::Parse {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })
}

pub fn read(path: &Path) -> Result<String, DataError> {
    std::fs::read_to_string(path).map_err(|source| DataError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// An error about a value that parsed but is wrong, located at the first place `needle`
/// appears in the text (1-based line and column).
pub fn located(path: &Path, text: &str, needle: &str, message: String) -> DataError {
    let (line, column) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find(needle).map(|c| (i + 1, c + 1)))
        .unwrap_or((1, 1));
    DataError::Parse {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}

/// An error located at the first `needle` that comes after each of `anchors` in turn: the
/// line of a hero's own entry (`["heroes:", "name: \"Hank\""]`), not the first place the
/// name appears (1-based line and column).
pub fn located_after(
    path: &Path,
    text: &str,
    anchors: &[&str],
    needle: &str,
    message: String,
) -> DataError {
    let mut from = 0;
    for anchor in anchors {
        if let Some(at) = text[from..].find(anchor) {
            from += at;
        }
    }
    let at = text[from..].find(needle).map_or(from, |i| from + i);
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    DataError::Parse {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}
