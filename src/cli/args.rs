//! The command line's words: its commands, their arguments and how a value is read.

use super::{AiChoice, BalanceArgs, D20Args, PoolArgs, parse_ai};
use crate::data::deck_file;
use crate::rules::check;
use crate::rules::die::{Die, Pool};
use crate::rules::difficulty::Difficulty;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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

pub(super) fn parse_resolution(s: &str) -> Result<crate::rules::check::Resolution, String> {
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
