//! `--ai`: the computer's level of play on the command line of `sim`, `balance` and `play`
//! (issue 22): `--ai LEVEL` for every side, `--ai SIDE=LEVEL` for one.

use super::CliError;

/// One `--ai` argument: a level of play for every side, or for one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiChoice {
    /// The side's name or number from 1; `None`: every side.
    pub side: Option<String>,
    pub level: crate::data::level::AiLevel,
}

pub fn parse_ai(s: &str) -> Result<AiChoice, String> {
    let (side, level) = match s.rsplit_once('=') {
        Some((side, level)) if !side.trim().is_empty() => (Some(side.trim().to_string()), level),
        Some((_, _)) => return Err(format!("'{s}': SIDE=LEVEL needs a side's name or number")),
        None => (None, s),
    };
    let level = crate::data::level::AiLevel::from_key(level)
        .ok_or_else(|| format!("'{level}' is no level of play: easy, normal or hard"))?;
    Ok(AiChoice { side, level })
}

/// The side an `--ai SIDE=...` names: its number from 1, or its name (any case).
pub fn side_named(level: &crate::data::level::Level, side: &str) -> Result<usize, CliError> {
    let by_number = side
        .parse::<usize>()
        .ok()
        .filter(|&n| (1..=level.sides.len()).contains(&n))
        .map(|n| n - 1);
    by_number
        .or_else(|| {
            level
                .sides
                .iter()
                .position(|s| s.name.eq_ignore_ascii_case(side))
        })
        .ok_or_else(|| {
            let names: Vec<String> = level
                .sides
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} ({})", i + 1, s.name))
                .collect();
            CliError::Usage(format!(
                "--ai: '{side}' names no side of {}: {}",
                level.name,
                names.join(", ")
            ))
        })
}

/// The levels of play `--ai` sets, on the level: every side `normal` unless the level names
/// one, then `--ai LEVEL`, then each `--ai SIDE=LEVEL` (with `computer`, that side is made a
/// computer side too: `play`).
pub fn apply_ai(
    level: &mut crate::data::level::Level,
    choices: &[AiChoice],
    computer: bool,
) -> Result<(), CliError> {
    for side in &mut level.sides {
        side.ai.get_or_insert_default();
    }
    for choice in choices.iter().filter(|c| c.side.is_none()) {
        for side in &mut level.sides {
            side.ai = Some(choice.level);
        }
    }
    for choice in choices {
        if let Some(name) = &choice.side {
            let i = side_named(level, name)?;
            level.sides[i].ai = Some(choice.level);
            if computer {
                level.sides[i].control = crate::data::level::Control::Computer;
            }
        }
    }
    Ok(())
}
