//! `tarnation balance`: the Judge's balance report. Plays a level many times with every side
//! computer-controlled (seeds S..S+N-1, on every core), checks the rules in every match
//! (`sim::invariants`) and reports who wins how often, how long a match lasts and what each
//! hero did. The report is the same whatever the number of threads: each seed is its own
//! match, and the figures are added up in the order of the seeds.

use super::{CliError, args::parse_resolution};
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
    /// The computer's level of play: `--ai LEVEL` for every side, `--ai SIDE=LEVEL` for one
    /// (SIDE: its name or number from 1); easy, normal (the default) or hard.
    #[arg(long = "ai", value_parser = super::parse_ai)]
    pub ai: Vec<super::AiChoice>,
    /// Play each seed twice, once with each assignment of the two sides' levels of play to the
    /// two sides (a level's lean toward one side cancels out); the report adds `ai_levels`.
    #[arg(long)]
    pub swap_sides: bool,
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
/// [--ai ...] [--swap-sides] [--json]`. The report, or (exit code 1) the report and the rules
/// broken.
#[cfg(feature = "ecs")]
pub fn balance(args: &BalanceArgs) -> Result<String, CliError> {
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
    super::apply_ai(&mut level, &args.ai, false)?;
    let variants = variants(&level, args.swap_sides)?;
    let cards = deck_file::load_match_deck()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.runs as usize)
        .max(1);
    let mut played = Vec::new();
    let mut seconds = 0.0;
    for (v, variant) in variants.iter().enumerate() {
        let (these, took) = play_all(args, (variant, &gear, &cards), threads);
        played.extend(these.into_iter().map(|p| (v, p)));
        seconds += took;
    }
    let tally = Tally::of(args, &variants, &played);
    let report = report(args, &variants, &tally, seconds, threads);
    reported(&report, tally.breaks.len(), args.json, seconds)
}

/// The levels as played: as set, and with `--swap-sides` also with the two sides' levels of
/// play exchanged (refused on a level of more than two sides).
#[cfg(feature = "ecs")]
fn variants(
    level: &crate::data::level::Level,
    swap: bool,
) -> Result<Vec<crate::data::level::Level>, CliError> {
    if !swap {
        return Ok(vec![level.clone()]);
    }
    if level.sides.len() != 2 {
        return Err(CliError::Usage(format!(
            "--swap-sides exchanges the levels of play of two sides: {} has {}",
            level.name,
            level.sides.len()
        )));
    }
    let mut swapped = level.clone();
    swapped.sides[0].ai = level.sides[1].ai;
    swapped.sides[1].ai = level.sides[0].ai;
    Ok(vec![level.clone(), swapped])
}

/// The matches added up in the order of the seeds (and of the variants).
#[cfg(feature = "ecs")]
struct Tally {
    matches: u64,
    wins: Vec<u64>,
    limit: u64,
    rounds: Vec<u32>,
    heroes: Vec<crate::sim::run::HeroRecord>,
    survived: Vec<u64>,
    breaks: Vec<Value>,
    /// Wins by level of play (easy, normal, hard), and matches decided.
    ai_wins: [u64; 3],
    ai_played: [bool; 3],
    decided: u64,
}

#[cfg(feature = "ecs")]
impl Tally {
    fn of(
        args: &BalanceArgs,
        variants: &[crate::data::level::Level],
        played: &[(usize, Played)],
    ) -> Tally {
        use crate::data::level::AiLevel;
        use crate::sim::run::SimEnd;
        let level = &variants[0];
        let sides = level.sides.len();
        let mut t = Tally {
            matches: played.len() as u64,
            wins: vec![0; sides],
            limit: 0,
            rounds: Vec::with_capacity(played.len()),
            heroes: vec![crate::sim::run::HeroRecord::default(); level.heroes.len()],
            survived: vec![0; level.heroes.len()],
            breaks: Vec::new(),
            ai_wins: [0; 3],
            ai_played: [false; 3],
            decided: 0,
        };
        let index = |l: AiLevel| AiLevel::ALL.iter().position(|&a| a == l).unwrap_or(0);
        for variant in variants {
            for side in &variant.sides {
                t.ai_played[index(side.ai_level())] = true;
            }
        }
        for (v, (i, result)) in played {
            let seed = args.seed.wrapping_add(*i);
            let checked = match result {
                Ok(c) => c,
                Err(why) => {
                    t.breaks
                        .push(json!({"seed": seed, "round": null, "segment": null,
                        "rule": "a match always makes progress", "event": why}));
                    continue;
                }
            };
            match &checked.end {
                SimEnd::Decided(over) => {
                    let winner = over.winner.min(sides - 1);
                    t.wins[winner] += 1;
                    t.decided += 1;
                    t.ai_wins[index(variants[*v].sides[winner].ai_level())] += 1;
                }
                _ => t.limit += 1,
            }
            t.rounds.push(checked.rounds);
            t.add_heroes(checked);
            for b in &checked.breaks {
                t.breaks
                    .push(json!({"seed": seed, "round": b.round, "segment": b.segment,
                    "rule": b.rule, "event": b.what}));
            }
        }
        t
    }

    fn add_heroes(&mut self, checked: &crate::sim::run::Checked) {
        for (k, h) in checked.heroes.iter().enumerate().take(self.heroes.len()) {
            let t = &mut self.heroes[k];
            self.survived[k] += !h.down as u64;
            t.wounds += h.wounds;
            t.shots += h.shots;
            t.shots_landed += h.shots_landed;
            t.blows += h.blows;
            t.blows_landed += h.blows_landed;
        }
    }

    /// `ai_levels`: each level of play's wins over the matches decided.
    fn ai_levels(&self) -> Vec<Value> {
        use crate::data::level::AiLevel;
        AiLevel::ALL
            .iter()
            .enumerate()
            .filter(|(k, _)| self.ai_played[*k])
            .map(|(k, level)| {
                let wins = self.ai_wins[k];
                let (low, high) = wilson(wins, self.decided);
                json!({"ai": level.key(), "wins": wins,
                    "win_rate": wins as f64 / (self.decided.max(1)) as f64,
                    "ci_low": low, "ci_high": high})
            })
            .collect()
    }
}

/// The report as one JSON object.
#[cfg(feature = "ecs")]
fn report(
    args: &BalanceArgs,
    variants: &[crate::data::level::Level],
    t: &Tally,
    seconds: f64,
    threads: usize,
) -> Value {
    let level = &variants[0];
    let n = t.matches as f64;
    let per = |x: u32| x as f64 / n;
    let (mean, median, p90) = spread(&t.rounds);
    let mut report = json!({
        "level": level.name,
        "file": args.level.display().to_string(),
        "resolution": level.resolution.unwrap_or_default().key(),
        "runs": t.matches,
        "seeds": [args.seed, args.seed.wrapping_add(args.runs - 1)],
        "max_rounds": args.rounds,
        "sides": level.sides.iter().zip(&t.wins).map(|(s, &w)| {
            let (low, high) = wilson(w, t.matches);
            json!({"name": s.name, "ai": s.ai_level().key(), "wins": w, "win_rate": w as f64 / n,
                "ci_low": low, "ci_high": high})
        }).collect::<Vec<_>>(),
        "round_limit": t.limit,
        "round_limit_rate": t.limit as f64 / n,
        "rounds": {"mean": mean, "median": median, "p90": p90},
        "heroes": level.heroes.iter().zip(&t.heroes).zip(&t.survived).map(|((h, r), &s)| json!({
            "name": h.name, "side": h.side, "survival": s as f64 / n,
            "wounds": per(r.wounds), "shots": per(r.shots), "shots_landed": per(r.shots_landed),
            "blows": per(r.blows), "blows_landed": per(r.blows_landed),
        })).collect::<Vec<_>>(),
        "battles_per_second": n / seconds.max(1e-9),
        "threads": threads,
        "invariant_breaks": t.breaks.len(),
        "breaks": t.breaks,
    });
    if args.swap_sides {
        report["swap_sides"] = json!(true);
        report["ai_levels"] = json!(t.ai_levels());
    }
    report
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
        let name = match (s["ai"].as_str(), r["swap_sides"].as_bool()) {
            (Some(ai), None) => format!("{} ({ai})", s["name"].as_str().unwrap_or("")),
            _ => s["name"].as_str().unwrap_or("").to_string(),
        };
        out.push_str(&format!(
            "  {:<24} {:>6} wins  {}  (95 % interval {:.1} to {:.1} %)\n",
            name,
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
    if let Some(levels) = r["ai_levels"].as_array() {
        out.push_str("\nLevels of play (each seed played twice, the sides' levels swapped)\n");
        for l in levels {
            out.push_str(&format!(
                "  {:<24} {:>6} wins  {}  of the matches decided (95 % interval {:.1} to {:.1} %)\n",
                l["ai"].as_str().unwrap_or(""),
                l["wins"],
                pc(&l["win_rate"]),
                f(&l["ci_low"]) * 100.0,
                f(&l["ci_high"]) * 100.0
            ));
        }
    }
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
