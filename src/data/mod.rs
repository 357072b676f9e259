//! Data files: loading with errors that name the file and the line, never a panic.

pub mod ai_level;
pub mod deck_file;
pub mod gear;
pub mod json;
pub mod level;
pub mod paths;
pub mod portraits;
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
    ron::from_str(text).map_err(|e| {
        let (mut line, mut column) = (e.span.start.line, e.span.start.col);
        let mut message = e.code.to_string();
        // Trailing junk: name the junk, not the end of what came before it.
        if matches!(e.code, ron::Error::TrailingCharacters) {
            (line, column) = junk_after(text, line, column);
            message = "text after the end of what the file holds".into();
        }
        // A trait's die that is no die: say so, not "did not match any variant".
        if message.contains("untagged enum TraitDef") {
            let at = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
            message = match no_such_die(at) {
                Some(die) => format!("no such die '{die}': a die is D4, D6, D8, D10 or D12"),
                None => "a trait is a die (D8) or a rank and a die ((2, D8))".into(),
            };
        }
        DataError::Parse {
            path: path.to_path_buf(),
            line,
            column,
            message,
        }
    })
}

/// The first character from (line, column) on that is neither blank nor in a comment.
fn junk_after(text: &str, line: usize, column: usize) -> (usize, usize) {
    let mut at: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + column.saturating_sub(1);
    at = at.min(text.len());
    while at < text.len() {
        let rest = &text[at..];
        if rest.starts_with("//") {
            at += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            at += rest.find("*/").map_or(rest.len(), |i| i + 2);
        } else if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
            at += c.len_utf8();
        } else {
            break;
        }
    }
    line_column(text, at)
}

/// The first `D<number>` in `text` that is no die of the game. (A `D` is one byte, so the text
/// after it starts at a character, whatever letters the line holds.)
fn no_such_die(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    (0..bytes.len()).find_map(|i| {
        let word_start = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if bytes[i] != b'D' || !word_start {
            return None;
        }
        let digits: String = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        (!digits.is_empty())
            .then(|| format!("D{digits}"))
            .filter(|d| !["D4", "D6", "D8", "D10", "D12"].contains(&d.as_str()))
    })
}

/// The largest data file the game reads (a match file of a long six-against-six battle is a
/// few hundred kilobytes): a larger one, or a device that never ends (`/dev/zero`), is refused
/// before it is read whole.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A data file's text: at most `MAX_FILE_BYTES`, a UTF-8 byte-order mark (Windows editors
/// write one) dropped.
pub fn read(path: &Path) -> Result<String, DataError> {
    use std::io::Read;
    let io = |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(DataError::Invalid {
            path: path.to_path_buf(),
            message: format!(
                "larger than {} MB: not a file of this game",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| DataError::Invalid {
        path: path.to_path_buf(),
        message: format!("not UTF-8 text ({e})"),
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
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
    located_at(path, text, at, message)
}

/// An error at byte `at` of `text` (1-based line and column).
pub fn located_at(path: &Path, text: &str, at: usize, message: String) -> DataError {
    let (line, column) = line_column(text, at);
    DataError::Parse {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}

/// The 1-based line and column of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, column)
}
