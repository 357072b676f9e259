//! Where saved matches live and how they are named: the user's data folder for the game
//! (`$XDG_DATA_HOME/tarnation/saves`, `~/.local/share/tarnation/saves`, the platform's
//! equivalent on macOS and Windows; `TARNATION_SAVES` names another), one file a save, named
//! by level and time.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder of saved matches (not created here).
pub fn saves_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TARNATION_SAVES") {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let data = if cfg!(target_os = "windows") {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.map(|h| h.join("Library/Application Support"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| home.map(|h| h.join(".local/share")))
    };
    data.unwrap_or_else(|| PathBuf::from("."))
        .join("tarnation")
        .join("saves")
}

/// Seconds since 1970 (UTC) now.
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A UTC date and time, "2026-11-23 03:15:02", from seconds since 1970.
pub fn date_time(secs: u64) -> String {
    let days = secs / 86_400;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil: the calendar date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The file name of a save: the level in lowercase words, the time, and what kind of save
/// ("the-laroq-mine-2026-11-23-031502-quick.match.ron").
pub fn save_name(level: &str, secs: u64, kind: &str) -> String {
    let slug: String = level
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect::<String>()
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let stamp: String = date_time(secs)
        .chars()
        .map(|c| if c == ' ' { '-' } else { c })
        .filter(|c| *c != ':')
        .collect();
    format!("{slug}-{stamp}-{kind}.match.ron")
}

/// A save's file name with its match's id before the kind
/// ("the-laroq-mine-2026-11-23-031502-1a2b3c4d-auto.match.ron"): saves of one match are told
/// from another's by their names.
pub fn save_name_of_match(level: &str, id: Option<&str>, secs: u64, kind: &str) -> String {
    let plain = save_name(level, secs, kind);
    match id {
        Some(id) => plain.replacen(
            &format!("-{kind}.match.ron"),
            &format!("-{id}-{kind}.match.ron"),
            1,
        ),
        None => plain,
    }
}

/// The match id a save's file name carries (eight hex digits before its kind), if any.
pub fn match_id_of_name(name: &str) -> Option<&str> {
    let stem = name.strip_suffix(".match.ron")?;
    let mut parts = stem.rsplit('-');
    parts.next()?;
    parts
        .next()
        .filter(|id| id.len() == 8 && id.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_names() {
        assert_eq!(date_time(0), "1970-01-01 00:00:00");
        // 2026-11-23 03:15:02 UTC.
        assert_eq!(date_time(1_795_403_702), "2026-11-23 03:15:02");
        assert_eq!(date_time(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(
            save_name("The Laroq Mine", 1_795_403_702, "quick"),
            "the-laroq-mine-2026-11-23-031502-quick.match.ron"
        );
        assert_eq!(
            save_name("Brawl at the Longhorn!", 0, "auto"),
            "brawl-at-the-longhorn-1970-01-01-000000-auto.match.ron"
        );
    }
}
