//! The command-line face of the rules: `tarnation deck` and `tarnation check`.

use crate::data::{deck_file, json, paths};
use crate::rules::adjust::{CauseAdjust, EffectAdjust};
use crate::rules::bonus::Spend;
use crate::rules::check::{self, CardUse, CheckOptions, CheckRequest, EffectRequest, Skill};
use crate::rules::deck::Deck;
use crate::rules::deck_gen;
use crate::rules::die::{Die, Pool};
use crate::rules::difficulty::Difficulty;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

mod ai;
mod balance;
mod dice;
pub use ai::*;
pub use balance::*;
pub use dice::*;

#[derive(Parser, Debug)]
#[command(
    name = "tarnation",
    version,
    about = "The West That Wasn't on a hex battle map."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play the game in a window (the default).
    Play(PlayArgs),
    /// The level editor in a window: a new map, or the level file named.
    Edit(EditArgs),
    /// Print the 54-card action deck, or write assets/deck.ron.
    Deck(DeckArgs),
    /// Resolve one check with the action deck and print every step.
    Check(CheckArgs),
    /// Roll one dice-pool check (d6 pools, 4+ succeeds) and print every step.
    Pool(PoolArgs),
    /// Roll one d20 roll-under test and print every step.
    D20(D20Args),
    /// Level files.
    #[command(subcommand)]
    Levels(LevelsCommand),
    /// Play a level headless, every side computer-controlled, and print the match log.
    Sim(SimArgs),
    /// Replay a match file (`sim --save`): print its log exactly as `sim` did, or verify it.
    Replay(ReplayArgs),
    /// Play a level many times, every side by the computer, with its rules checked: who wins
    /// how often, how long it lasts, what each hero did (exit code 1 if a rule was broken).
    Balance(BalanceArgs),
}

#[derive(Args, Debug)]
pub struct SimArgs {
    /// The level file (e.g. levels/street_duel.ron).
    pub level: PathBuf,
    /// Seed of the match's deck: same seed, same match.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many rounds if no side has won.
    #[arg(long, default_value_t = 10)]
    pub rounds: u32,
    /// One JSON object per event (JSON lines) instead of words.
    #[arg(long)]
    pub json: bool,
    /// The gear file the level names weapons from.
    #[arg(long, default_value = crate::data::gear::GEAR_PATH)]
    pub gear: PathBuf,
    /// Write the match file (level, gear, deck, seed, journal, digest) here (`*.match.ron`).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// With --save: replace the file even when it is not a match file.
    #[arg(long, requires = "save")]
    pub force: bool,
    /// The system that resolves every check: action-deck, dice-pool or d20 (default: the
    /// level's, else the action deck).
    #[arg(long, value_parser = parse_resolution)]
    pub resolution: Option<crate::rules::check::Resolution>,
    /// Rushing actions on (the conflict chapter's optional rule), whatever the level says.
    #[arg(long)]
    pub rushing: bool,
    /// Total movement instead of relative movement for a moving target's penalty (the conflict
    /// chapter's option), whatever the level says.
    #[arg(long)]
    pub total_movement: bool,
    /// The computer's level of play: `--ai LEVEL` for every side, `--ai SIDE=LEVEL` for one
    /// (SIDE: its name or its number from 1); LEVEL is easy, normal (the default) or hard.
    #[arg(long = "ai", value_parser = parse_ai)]
    pub ai: Vec<AiChoice>,
}

fn parse_resolution(s: &str) -> Result<crate::rules::check::Resolution, String> {
    crate::rules::check::Resolution::from_key(s)
        .ok_or_else(|| format!("'{s}' is no resolution system: action-deck, dice-pool or d20"))
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The match file (written by `tarnation sim ... --save FILE`).
    pub file: PathBuf,
    /// One JSON object per event, as `sim --json` printed them.
    #[arg(long)]
    pub json: bool,
    /// Check the replayed log against the file's digest: exit 0 and `verified: N events`, or
    /// exit 3 and the first event that differs.
    #[arg(long)]
    pub verify: bool,
}

#[derive(Subcommand, Debug)]
pub enum LevelsCommand {
    /// Validate level files without opening a window.
    Check {
        /// The level files (e.g. levels/*.ron).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The gear file the levels name weapons from.
        #[arg(long, default_value = crate::data::gear::GEAR_PATH)]
        gear: PathBuf,
    },
}

#[derive(Args, Debug, Default, Clone)]
pub struct EditArgs {
    /// The level to open (a level file, a draft, or a shipped level: saved as your own copy);
    /// a file not there yet is a new map saved to it.
    pub level: Option<PathBuf>,
    /// A new map's width in hexes.
    #[arg(long, default_value_t = 16)]
    pub width: usize,
    /// A new map's height in hexes.
    #[arg(long, default_value_t = 10)]
    pub height: usize,
    /// Save a screenshot to this PNG after the first frames, then quit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
}

#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// Seed of the match's deck.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save a screenshot to this PNG after the first frames, then quit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// The level to play (default: levels/street_duel.ron).
    #[arg(long)]
    pub level: Option<PathBuf>,
    /// Show the card table (the action deck) instead of a battle.
    #[arg(long)]
    pub deck: bool,
    /// Point at this hex (column,row) when the mouse is not over the window: for screenshots.
    #[arg(long, value_parser = parse_hex)]
    pub hover: Option<(i32, i32)>,
    /// Pass this many human declarations as they come (shows the hot-seat banner and handoff).
    #[arg(long, default_value_t = 0)]
    pub pass: u32,
    /// Every side is played by the computer: watch the match.
    #[arg(long)]
    pub watch: bool,
    /// Pause the match at round R, segment S (written R,S): for screenshots and inspection.
    #[arg(long, value_parser = parse_round_segment)]
    pub until: Option<(i32, i32)>,
    /// Open a match file (`*.match.ron`, a save too) in the replay viewer.
    #[arg(long, conflicts_with_all = ["level", "deck"])]
    pub replay: Option<PathBuf>,
    /// The computer's level of play: `--ai LEVEL` for every computer side, `--ai SIDE=LEVEL`
    /// for one (SIDE: its name or number from 1), which also makes that side a computer.
    #[arg(long = "ai", value_parser = parse_ai)]
    pub ai: Vec<AiChoice>,
    /// Measure the rendered frame time for this many seconds (after 3 s to settle), print it
    /// (median, mean, 95th percentile, frames a second) and quit.
    #[arg(long, value_name = "SECONDS")]
    pub frame_times: Option<f32>,
}

fn parse_round_segment(s: &str) -> Result<(i32, i32), String> {
    parse_hex(s).map_err(|_| format!("'{s}' is not a time: write round,segment (e.g. 1,9)"))
}

fn parse_hex(s: &str) -> Result<(i32, i32), String> {
    let (c, r) = s
        .split_once(',')
        .ok_or_else(|| format!("'{s}' is not a hex: write column,row"))?;
    let n = |x: &str| {
        x.trim()
            .parse::<i32>()
            .map_err(|_| format!("'{s}' is not a hex: write column,row"))
    };
    Ok((n(c)?, n(r)?))
}

#[derive(Args, Debug)]
pub struct DeckArgs {
    /// Print the deck as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the generated deck to the deck file (assets/deck.ron).
    #[arg(long)]
    pub generate: bool,
    /// The deck file to write with --generate.
    #[arg(long, default_value = deck_file::DECK_PATH)]
    pub out: PathBuf,
    /// Show only this card.
    #[arg(long)]
    pub card: Option<u8>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CardUseArg {
    OneCard,
    Uncoupled,
    HitLocationDamage,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SpendArg {
    RightOn,
    Aces,
    AsIPlanned,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Skill level: the rows (dice) you may choose from, 1-5.
    #[arg(long)]
    pub skill: Option<u32>,
    /// The governing trait's die: 4, 6, 8, 10 or 12.
    #[arg(long, value_parser = parse_die)]
    pub die: Option<Die>,
    /// Unskilled: the trait's rank is the row, in the 4 column.
    #[arg(long, conflicts_with_all = ["skill", "die"])]
    pub trait_rank: Option<u32>,
    /// Target number.
    #[arg(long, conflicts_with = "difficulty")]
    pub tn: Option<u32>,
    /// Named difficulty instead of a TN: easy, standard, challenging, difficult, incredible.
    #[arg(long, value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
    /// Equipment quality for a complex check, like 3d10 or (3)10.
    #[arg(long, value_parser = parse_pool)]
    pub quality: Option<Pool>,
    /// Seed for the shuffle.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Deal these cards first, in this order (comma-separated numbers).
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    pub cards: Option<Vec<u8>>,
    /// Direct adjustment to the cause result.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub direct: i32,
    /// Row adjustment to the cause pool.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub row: i32,
    /// Direct adjustment to the effect.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub effect_direct: i32,
    /// Row adjustment to the effect.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub effect_row: i32,
    /// Column shift of the effect: negative left (reduced), positive right.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub column_shift: i32,
    /// Magnitude per victory.
    #[arg(long, default_value_t = check::VICTORY_THRESHOLD)]
    pub threshold: u32,
    /// Play without exceptional results.
    #[arg(long)]
    pub no_exceptional: bool,
    /// Play without extra draws for increased effect.
    #[arg(long)]
    pub no_increased_effect: bool,
    /// How the cards are used (card hacking).
    #[arg(long, value_enum, default_value = "one-card")]
    pub card_use: CardUseArg,
    /// Spend a bonus counter on this check.
    #[arg(long, value_enum)]
    pub spend: Option<SpendArg>,
    /// The player invokes an Impetus (needed for as-i-planned).
    #[arg(long)]
    pub impetus: bool,
    /// Print JSON instead of words.
    #[arg(long)]
    pub json: bool,
}

fn parse_die(s: &str) -> Result<Die, String> {
    s.trim_start_matches(['d', 'D'])
        .parse::<u32>()
        .ok()
        .and_then(Die::from_sides)
        .ok_or_else(|| format!("'{s}' is not a die: use 4, 6, 8, 10 or 12"))
}

fn parse_pool(s: &str) -> Result<Pool, String> {
    s.parse::<Pool>().map_err(|e| e.to_string())
}

fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::from_name(s).ok_or_else(|| {
        format!("'{s}' is not a difficulty: easy, standard, challenging, difficult, incredible")
    })
}

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
            Some(SimEnd::Decided(over)) => out.push_str(&format!(
                "{}: {}.\n",
                crate::rules::words::wins(&over.name),
                over.why
            )),
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
