//! `tarnation balance`: the Judge's balance report. Plays a level many times with every side
//! computer-controlled (seeds S..S+N-1, on every core), checks the rules in every match
//! (`sim::invariants`) and reports who wins how often, how long a match lasts and what each
//! hero did. The report is the same whatever the number of threads: each seed is its own
//! match, and the figures are added up in the order of the seeds.

use super::{CliError, parse_resolution};
#[cfg(feature = "ecs")]
use crate::data::{deck_file, paths};
use clap::Args;
#[cfg(feature = "ecs")]
use serde_json::{Value, json};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// The level file (e.g. levels/mine_raid.ron).
    pub level: PathBuf,
    /// Matches to play.
    #[arg(long, default_value_t = 1000)]
    pub runs: u64,
    /// The first seed: the matches are seeds S to S+N-1.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a match after this many rounds if no side has won.
    #[arg(long, default_value_t = 10)]
    pub rounds: u32,
    /// Matches played at once (default: every core). The report does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// The system that resolves every check: action-deck, dice-pool or d20 (default: the
    /// level's, else the action deck).
    #[arg(long, value_parser = parse_resolution)]
    pub resolution: Option<crate::rules::check::Resolution>,
    /// The report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The gear file the level names weapons from.
    #[arg(long, default_value = crate::data::gear::GEAR_PATH)]
    pub gear: PathBuf,
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean, median and 90th percentile (nearest rank) of the rounds the matches lasted.
#[cfg(feature = "ecs")]
fn spread(rounds: &[u32]) -> (f64, f64, u32) {
    if rounds.is_empty() {
        return (0.0, 0.0, 0);
    }
    let mut sorted = rounds.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let mean = sorted.iter().map(|&r| r as f64).sum::<f64>() / n as f64;
    let median = if n % 2 == 1 {
        sorted[n / 2] as f64
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0
    };
    let p90 = sorted[(n * 9).div_ceil(10).max(1) - 1];
    (mean, median, p90)
}

/// A match of the run: its number from the first seed, and how it went.
#[cfg(feature = "ecs")]
type Played = (u64, Result<crate::sim::run::Checked, String>);

/// Every match of the run, on `threads` threads, in the order of the seeds; and the seconds
/// they took (wall clock).
#[cfg(feature = "ecs")]
fn play_all(
    args: &BalanceArgs,
    (level, gear, cards): (
        &crate::data::level::Level,
        &crate::data::gear::Gear,
        &[crate::rules::card::Card],
    ),
    threads: usize,
) -> (Vec<Played>, f64) {
    use crate::sim::run::{Checked, play_checked};
    use std::sync::atomic::{AtomicU64, Ordering};
    let bar = progress(args.runs);
    let next = AtomicU64::new(0);
    let started = std::time::Instant::now();
    let play = || {
        let mut mine: Vec<(u64, Result<Checked, String>)> = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= args.runs {
                return mine;
            }
            let seed = args.seed.wrapping_add(i);
            mine.push((i, play_checked(level, gear, seed, cards, args.rounds)));
            bar.inc(1);
        }
    };
    let mut played: Vec<(u64, Result<Checked, String>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads).map(|_| s.spawn(play)).collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a balance worker panicked"))
            .collect()
    });
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    played.sort_by_key(|(i, _)| *i);
    (played, seconds)
}

/// `tarnation balance LEVEL [--runs N] [--seed S] [--rounds R] [--threads T] [--resolution ...]
/// [--json]`. The report, or (exit code 1) the report and the rules broken.
#[cfg(feature = "ecs")]
pub fn balance(args: &BalanceArgs) -> Result<String, CliError> {
    use crate::sim::run::SimEnd;
    if args.runs == 0 {
        return Err(CliError::Usage("--runs must be at least 1".into()));
    }
    if args.rounds == 0 {
        return Err(CliError::Usage("--rounds must be at least 1".into()));
    }
    if args.threads == Some(0) {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    let gear = crate::data::gear::load(&paths::locate(&args.gear)?)?;
    let mut level = crate::data::level::load(&paths::locate(&args.level)?, &gear)?;
    if let Some(system) = args.resolution {
        level.resolution = Some(system);
    }
    let system = level.resolution.unwrap_or_default();
    let cards = deck_file::load_match_deck()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.runs as usize)
        .max(1);
    let (played, seconds) = play_all(args, (&level, &gear, &cards), threads);

    // Added up in the order of the seeds.
    let sides = &level.sides;
    let mut wins = vec![0u64; sides.len()];
    let mut limit = 0u64;
    let mut rounds = Vec::with_capacity(played.len());
    let n = args.runs as f64;
    let mut heroes = vec![crate::sim::run::HeroRecord::default(); level.heroes.len()];
    let mut survived = vec![0u64; level.heroes.len()];
    let mut breaks: Vec<Value> = Vec::new();
    for (i, result) in &played {
        let seed = args.seed.wrapping_add(*i);
        let checked = match result {
            Ok(c) => c,
            Err(why) => {
                breaks.push(json!({"seed": seed, "round": null, "segment": null,
                    "rule": "a match always makes progress", "event": why}));
                continue;
            }
        };
        match &checked.end {
            SimEnd::Decided(over) => wins[over.winner.min(sides.len() - 1)] += 1,
            _ => limit += 1,
        }
        rounds.push(checked.rounds);
        for (k, h) in checked.heroes.iter().enumerate().take(heroes.len()) {
            let t = &mut heroes[k];
            survived[k] += !h.down as u64;
            t.wounds += h.wounds;
            t.shots += h.shots;
            t.shots_landed += h.shots_landed;
            t.blows += h.blows;
            t.blows_landed += h.blows_landed;
        }
        for b in &checked.breaks {
            breaks.push(json!({"seed": seed, "round": b.round, "segment": b.segment,
                "rule": b.rule, "event": b.what}));
        }
    }
    let (mean, median, p90) = spread(&rounds);
    let per = |x: u32| x as f64 / n;
    let report = json!({
        "level": level.name,
        "file": args.level.display().to_string(),
        "resolution": system.key(),
        "runs": args.runs,
        "seeds": [args.seed, args.seed.wrapping_add(args.runs - 1)],
        "max_rounds": args.rounds,
        "sides": sides.iter().zip(&wins).map(|(s, &w)| {
            let (low, high) = wilson(w, args.runs);
            json!({"name": s.name, "wins": w, "win_rate": w as f64 / n,
                "ci_low": low, "ci_high": high})
        }).collect::<Vec<_>>(),
        "round_limit": limit,
        "round_limit_rate": limit as f64 / n,
        "rounds": {"mean": mean, "median": median, "p90": p90},
        "heroes": level.heroes.iter().zip(&heroes).zip(&survived).map(|((h, t), &s)| json!({
            "name": h.name, "side": h.side, "survival": s as f64 / n,
            "wounds": per(t.wounds), "shots": per(t.shots), "shots_landed": per(t.shots_landed),
            "blows": per(t.blows), "blows_landed": per(t.blows_landed),
        })).collect::<Vec<_>>(),
        "battles_per_second": args.runs as f64 / seconds.max(1e-9),
        "threads": threads,
        "invariant_breaks": breaks.len(),
        "breaks": breaks,
    });
    reported(&report, breaks.len(), args.json, seconds)
}

/// The report in words (or JSON); with invariant breaks, an error that carries it.
#[cfg(feature = "ecs")]
fn reported(report: &Value, broken: usize, json: bool, seconds: f64) -> Result<String, CliError> {
    let text = if json {
        format!("{report}\n")
    } else {
        words(report, seconds)
    };
    if broken == 0 {
        Ok(text)
    } else {
        Err(CliError::Broken {
            output: text,
            message: format!(
                "{} invariant break(s): the rules were broken (see the report)",
                broken
            ),
        })
    }
}

#[cfg(not(feature = "ecs"))]
pub fn balance(_args: &BalanceArgs) -> Result<String, CliError> {
    Err(CliError::Usage(
        "this build has no game engine: build with the default features to play matches".into(),
    ))
}

/// A progress bar on standard error while the matches run, when that is a terminal; nothing
/// on a pipe or a file.
#[cfg(feature = "ecs")]
fn progress(runs: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(runs);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} matches, {per_sec}, {eta} left",
    ) {
        bar.set_style(style);
    }
    bar
}

/// The report in words.
#[cfg(feature = "ecs")]
fn words(r: &Value, seconds: f64) -> String {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let pc = |v: &Value| format!("{:5.1} %", f(v) * 100.0);
    let mut out = format!(
        "Balance of {} ({}): {} matches (seeds {} to {}), up to {} rounds, {}\n\nSides\n",
        r["level"].as_str().unwrap_or(""),
        r["file"].as_str().unwrap_or(""),
        r["runs"],
        r["seeds"][0],
        r["seeds"][1],
        r["max_rounds"],
        r["resolution"].as_str().unwrap_or("")
    );
    for s in r["sides"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "  {:<24} {:>6} wins  {}  (95 % interval {:.1} to {:.1} %)\n",
            s["name"].as_str().unwrap_or(""),
            s["wins"],
            pc(&s["win_rate"]),
            f(&s["ci_low"]) * 100.0,
            f(&s["ci_high"]) * 100.0
        ));
    }
    out.push_str(&format!(
        "  {:<24} {:>6}       {}  (no side had won after {} rounds)\n",
        "round limit",
        r["round_limit"],
        pc(&r["round_limit_rate"]),
        r["max_rounds"]
    ));
    out.push_str(&format!(
        "\nRounds: mean {:.2}, median {}, 90th percentile {}\n\nHeroes\n",
        f(&r["rounds"]["mean"]),
        r["rounds"]["median"],
        r["rounds"]["p90"]
    ));
    out.push_str(&format!(
        "  {:<22} {:<18} {:>9} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
        "hero", "side", "survives", "wounds", "shots", "landed", "blows", "landed"
    ));
    for h in r["heroes"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "  {:<22} {:<18} {:>9} {:>7.2} {:>7.2} {:>7.2} {:>7.2} {:>7.2}\n",
            h["name"].as_str().unwrap_or(""),
            h["side"].as_str().unwrap_or(""),
            pc(&h["survival"]),
            f(&h["wounds"]),
            f(&h["shots"]),
            f(&h["shots_landed"]),
            f(&h["blows"]),
            f(&h["blows_landed"])
        ));
    }
    out.push_str("  (wounds taken, shots and blows made and landed: means a match)\n\n");
    let breaks = r["breaks"].as_array().map_or(&[][..], |b| b.as_slice());
    if breaks.is_empty() {
        out.push_str(&format!(
            "Invariants: no rule broken in {} matches\n",
            r["runs"]
        ));
    } else {
        out.push_str(&format!("Invariants: {} broken\n", breaks.len()));
        for b in breaks {
            out.push_str(&format!(
                "  seed {} round {} segment {}: {}: {}\n",
                b["seed"],
                b["round"],
                b["segment"],
                b["rule"].as_str().unwrap_or(""),
                b["event"].as_str().unwrap_or("")
            ));
        }
    }
    out.push_str(&format!(
        "Speed: {:.0} battles a second on {} thread(s) ({seconds:.2} s)\n",
        f(&r["battles_per_second"]),
        r["threads"]
    ));
    out
}

/// Write the output of a command to standard output. A reader that closes the pipe early
/// (`tarnation sim ... | head -3`) ends the program quietly; another failure to write is an
/// error.
pub fn print_out(text: &str) -> Result<(), std::io::Error> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
