//! The command-line face of the rules: `tarnation deck` and `tarnation check`.

use crate::data::{deck_file, json, paths};
use crate::rules::adjust::{CauseAdjust, EffectAdjust};
use crate::rules::bonus::Spend;
use crate::rules::check::{self, CardUse, CheckOptions, CheckRequest, EffectRequest, Skill};
use crate::rules::deck::Deck;
use crate::rules::deck_gen;
use std::path::PathBuf;

mod ai;
mod args;
mod balance;
mod dice;
pub use ai::*;
pub use args::*;
pub use balance::*;
pub use dice::*;

/// A refusal of the command line: printed, exit code 2.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Data(#[from] crate::data::DataError),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A replay that is not the match its file recorded (exit code 3).
    #[error("{0}")]
    Mismatch(String),
    /// A command whose output is printed, but which failed (exit code 1): `balance` found a
    /// rule broken.
    #[error("{message}")]
    Broken { output: String, message: String },
    /// A match played and printed whose file could not be written (exit code 2).
    #[error("{message}")]
    Unsaved { output: String, message: String },
    /// A replay printed in full that is not the match its file recorded (exit code 3).
    #[error("{message}")]
    Differs { output: String, message: String },
}

impl CliError {
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Mismatch(_) | CliError::Differs { .. } => 3,
            CliError::Broken { .. } => 1,
            _ => 2,
        }
    }
}

pub fn deck(args: &DeckArgs) -> Result<String, CliError> {
    if args.generate {
        let cards = deck_gen::generate();
        std::fs::write(&args.out, deck_file::to_ron(&cards)).map_err(|source| CliError::Write {
            path: args.out.clone(),
            source,
        })?;
        return Ok(format!(
            "wrote {} cards to {}\n",
            cards.len(),
            args.out.display()
        ));
    }
    let cards = deck_file::load_match_deck()?;
    let chosen: Vec<_> = match args.card {
        Some(n) => cards
            .iter()
            .filter(|c| c.number == n)
            .cloned()
            .collect::<Vec<_>>(),
        None => cards,
    };
    if chosen.is_empty() {
        return Err(CliError::Usage("cards are numbered 0 to 53".into()));
    }
    if args.json {
        let value = if args.card.is_some() {
            json::card(&chosen[0])
        } else {
            json::deck(&chosen)
        };
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&value).expect("json")
        ));
    }
    Ok(chosen
        .iter()
        .map(crate::data::text::card)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Build the request and options a `check` command line describes.
pub fn check_request(args: &CheckArgs) -> Result<(CheckRequest, CheckOptions), CliError> {
    let skill = match (args.skill, args.die, args.trait_rank) {
        (Some(level), Some(die), None) => Skill::Skilled { level, die },
        (None, None, Some(trait_rank)) => Skill::Unskilled { trait_rank },
        (Some(_), None, _) => {
            return Err(CliError::Usage(
                "--skill needs --die (4, 6, 8, 10, 12)".into(),
            ));
        }
        (None, Some(_), _) => return Err(CliError::Usage("--die needs --skill (1 to 5)".into())),
        _ => {
            return Err(CliError::Usage(
                "say --skill N --die D, or --trait-rank R for an unskilled check".into(),
            ));
        }
    };
    skill.pool().map_err(|e| CliError::Usage(e.to_string()))?;
    let tn = match (args.tn, args.difficulty) {
        (Some(tn), _) => tn,
        (None, Some(d)) => d.tn(),
        (None, None) => {
            return Err(CliError::Usage(
                "give the TN: --tn N or --difficulty NAME".into(),
            ));
        }
    };
    let effect_adjust = EffectAdjust {
        direct: args.effect_direct,
        row: args.effect_row,
        column: args.column_shift,
    };
    if args.quality.is_none() && effect_adjust != EffectAdjust::default() {
        return Err(CliError::Usage(
            "effect adjustments need a complex check: add --quality".into(),
        ));
    }
    let spend = args.spend.map(|s| match s {
        SpendArg::RightOn => Spend::RightOn,
        SpendArg::Aces => Spend::Aces,
        SpendArg::AsIPlanned => Spend::AsIPlanned {
            impetus: args.impetus,
        },
    });
    let request = CheckRequest {
        skill,
        tn,
        adjust: CauseAdjust {
            direct: args.direct,
            row: args.row,
        },
        effect: args.quality.map(|quality| EffectRequest {
            quality,
            adjust: effect_adjust,
        }),
        spend,
        named: Vec::new(),
        venture: 0,
        will: false,
    };
    let options = CheckOptions {
        exceptional: !args.no_exceptional,
        increased_effect: !args.no_increased_effect,
        victory_threshold: args.threshold,
        card_use: match args.card_use {
            CardUseArg::OneCard => CardUse::OneCard,
            CardUseArg::Uncoupled => CardUse::CauseEffectUncoupling,
            CardUseArg::HitLocationDamage => CardUse::HitLocationDamage,
        },
        system: crate::rules::check::Resolution::ActionDeck,
    };
    Ok((request, options))
}

/// A seed for a match that names none: from the clock, and always printed.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

pub fn check(args: &CheckArgs) -> Result<String, CliError> {
    let (request, options) = check_request(args)?;
    let seed = args.seed.unwrap_or_else(|| {
        if args.cards.is_some() {
            0
        } else {
            fresh_seed()
        }
    });
    let cards = deck_file::load_match_deck()?;
    let mut deck = Deck::with_order(cards, seed, args.cards.as_deref().unwrap_or(&[]))
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let outcome = check::resolve(&mut deck, &request, &options)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if args.json {
        let mut value = json::outcome(&outcome);
        value["seed"] = seed.into();
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&value).expect("json")
        ));
    }
    let mut text = format!("Seed {seed}.\n");
    for step in &outcome.trace {
        text.push_str(&format!("- {step}\n"));
    }
    text.push_str(&crate::data::text::verdict(&outcome));
    Ok(text)
}

/// `tarnation levels check`: every file is checked; any failure exits 2.
pub fn levels(command: &LevelsCommand) -> Result<String, CliError> {
    let LevelsCommand::Check { files, gear } = command;
    let gear = crate::data::gear::load(&paths::locate(gear)?)?;
    let mut report = String::new();
    let mut failures = Vec::new();
    for file in files {
        let loaded = paths::locate(file).and_then(|f| {
            let level = crate::data::level::load(&f, &gear)?;
            let text = crate::data::read(&f)?;
            Ok((
                crate::data::level::warnings(&f, &text, &level, &gear),
                level,
            ))
        });
        match loaded {
            Ok((warnings, level)) => {
                for w in warnings {
                    report.push_str(&w);
                    report.push('\n');
                }
                let map = level.hex_map();
                report.push_str(&format!(
                    "{}: ok: {} ({}x{} hexes, {} sides, {} heroes)\n",
                    file.display(),
                    level.name,
                    map.width,
                    map.height,
                    level.sides.len(),
                    level.heroes.len()
                ));
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    if failures.is_empty() {
        Ok(report)
    } else {
        Err(CliError::Usage(format!("{report}{}", failures.join("\n"))))
    }
}

/// `tarnation sim LEVEL --seed N [--rounds R] [--json] [--save FILE]`.
#[cfg(feature = "ecs")]
pub fn sim(args: &SimArgs) -> Result<String, CliError> {
    if args.rounds == 0 {
        return Err(CliError::Usage("--rounds must be at least 1".into()));
    }
    let gear = crate::data::gear::load(&paths::locate(&args.gear)?)?;
    let mut level = crate::data::level::load(&paths::locate(&args.level)?, &gear)?;
    if let Some(system) = args.resolution {
        level.resolution = Some(system);
    }
    if args.rushing {
        level.options.get_or_insert_with(Default::default).rushing = true;
    }
    if args.total_movement {
        level
            .options
            .get_or_insert_with(Default::default)
            .total_movement = true;
    }
    apply_ai(&mut level, &args.ai, false)?;
    // `--save` replaces a match file, never anything else (a level, say) unless forced.
    if let Some(path) = &args.save
        && path.exists()
        && !args.force
        && !crate::sim::journal::MatchFile::is_match_file(path)
    {
        return Err(CliError::Usage(format!(
            "{}: not a match file: --save would replace it (add --force to replace it anyway)",
            path.display()
        )));
    }
    let cards = deck_file::load_match_deck()?;
    let played = crate::sim::run::run(level, gear, args.seed, cards, args.rounds)
        .map_err(CliError::Usage)?;
    let output = log_text(&played.log.events, Some(&played.end), args.json);
    if let Some(path) = &args.save
        && let Err(e) = played.file.save(path)
    {
        // The match was played: its log is printed all the same.
        return Err(CliError::Unsaved {
            output,
            message: e.to_string(),
        });
    }
    Ok(output)
}

/// The match log as `sim` prints it: a line per event (words or JSON), then the end in words.
#[cfg(feature = "ecs")]
fn log_text(
    events: &[crate::sim::model::LogEvent],
    end: Option<&crate::sim::run::SimEnd>,
    json: bool,
) -> String {
    use crate::sim::run::SimEnd;
    let mut out = String::new();
    for event in events {
        if json {
            out.push_str(&event.json().to_string());
        } else {
            out.push_str(&event.line());
        }
        out.push('\n');
    }
    if !json {
        match end {
            Some(SimEnd::Decided(over)) => out.push_str(&format!("{}.\n", over.words())),
            Some(SimEnd::RoundLimit(n)) => {
                out.push_str(&format!("No side has won after {n} rounds.\n"))
            }
            Some(SimEnd::JournalEnd) => out.push_str("The match was saved here.\n"),
            None => {}
        }
    }
    out
}

/// `tarnation replay FILE [--json] [--verify]`.
#[cfg(feature = "ecs")]
pub fn replay(args: &ReplayArgs) -> Result<String, CliError> {
    use crate::sim::journal::MatchFile;
    use crate::sim::run;
    let file = MatchFile::load(&args.file)?;
    if args.verify {
        return match run::verify(&file) {
            Ok(n) if file.setup_checked() => Ok(format!("verified: {n} events\n")),
            Ok(n) => Ok(format!(
                "verified: {n} events (a match file of version {}: its log is checked; it \
                 carries no digest of its level, gear, deck and seed, so those are not)\n",
                file.version
            )),
            Err(m) if m.event == 0 => Err(CliError::Mismatch(format!(
                "{}: {}",
                args.file.display(),
                m.why.unwrap_or_default()
            ))),
            Err(m) => {
                let event = m
                    .replayed
                    .map_or("the replay has no such event".into(), |e| e);
                let why = m.why.map_or(String::new(), |w| format!(" ({w})"));
                Err(CliError::Mismatch(format!(
                    "{}: the replay differs at event {} of {}{why}: {event}",
                    args.file.display(),
                    m.event,
                    file.events
                )))
            }
        };
    }
    let replayed = run::replay(&file);
    let end = replayed
        .end
        .clone()
        .map_err(|why| CliError::Mismatch(format!("{}: {why}", args.file.display())))?;
    let output = log_text(&replayed.log.events, Some(&end), args.json);
    match replayed.differs_from(&file) {
        Some(why) => Err(CliError::Differs {
            output,
            message: format!(
                "{}: {why}; `replay --verify` says where",
                args.file.display()
            ),
        }),
        None => Ok(output),
    }
}

#[cfg(not(feature = "ecs"))]
pub fn replay(_args: &ReplayArgs) -> Result<String, CliError> {
    Err(CliError::Usage(
        "this build has no game engine: build with the default features to replay".into(),
    ))
}

#[cfg(not(feature = "ecs"))]
pub fn sim(_args: &SimArgs) -> Result<String, CliError> {
    Err(CliError::Usage(
        "this build has no game engine: build with the default features to simulate".into(),
    ))
}
