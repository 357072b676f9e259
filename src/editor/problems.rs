//! The live check of a level under edit: the level written as its file would be, read back
//! and checked by the very checks of `levels check`, so a level the editor calls ready is one
//! `levels check` accepts. Each problem names what is wrong and, where the line is about a
//! hex, that hex.

use super::Cell;
use super::write::written;
use crate::data::DataError;
use crate::data::gear::Gear;
use crate::data::level::{self, Level};
use std::path::Path;

/// A problem of the level: what is wrong, the line of its file, and the hex it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub message: String,
    pub line: Option<usize>,
    pub at: Option<Cell>,
    /// A warning (`levels check` prints it, but the level plays); else an error.
    pub warning: bool,
}

/// What `levels check` says of the level: its errors (the first it meets: a level stops at
/// its first error, and the next shows once it is mended) and its warnings. No errors: the
/// level is ready to save as a level, play and list.
pub fn problems(level: &Level, gear: &Gear, name: &Path) -> Vec<Problem> {
    let file = written(level, false);
    match level::parse(name, &file.text, gear) {
        Ok(checked) => level::warnings(name, &file.text, &checked, gear)
            .into_iter()
            .map(|w| {
                let w = w.strip_prefix("warning: ").unwrap_or(&w).to_string();
                let line = line_of(&w);
                Problem {
                    message: message_of(&w),
                    line,
                    at: line.and_then(|l| file.hex_of_line(l)),
                    warning: true,
                }
            })
            .collect(),
        Err(DataError::Parse { line, message, .. }) => vec![Problem {
            message,
            line: Some(line),
            at: file.hex_of_line(line),
            warning: false,
        }],
        Err(e) => vec![Problem {
            message: e.to_string(),
            line: None,
            at: None,
            warning: false,
        }],
    }
}

/// Is the level ready: no errors (warnings allowed)?
pub fn ready(problems: &[Problem]) -> bool {
    problems.iter().all(|p| p.warning)
}

/// The line of a warning `file:line:column: words`.
fn line_of(warning: &str) -> Option<usize> {
    warning.split(':').nth(1)?.trim().parse().ok()
}

/// The words of a warning `file:line:column: words`.
fn message_of(warning: &str) -> String {
    let mut parts = warning.splitn(4, ':');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(_), Some(l), Some(_), Some(words)) if l.trim().parse::<usize>().is_ok() => {
            words.trim().to_string()
        }
        _ => warning.to_string(),
    }
}
