//! `tarnation pool` and `tarnation d20`: the Judge's dice pools and d20 tests (issue 13).

use super::{CliError, fresh_seed};
use crate::rules::d20::{self, D20Test, Modifier};
use crate::rules::dice_pool::{
    self, DiceSource, FixedDice, Opposition, PoolCheck, PoolResult, PoolStep, SeededDice,
};
use clap::Args;
use serde::Serialize;
use serde_json::{Value, json};
use std::fmt::Display;

const POOL_ORDER: &str = "\
--rolls deals the dice in the order they are rolled:
  1. the check's dice (--dice), then one more die for each 6, wave after wave
     (all the pool's dice first, then one per 6 among them, then one per 6 among those);
  2. the Interference dice (--interference plus one per --venture token), and their 6s;
  3. the 2 Will dice (--will), and their 6s;
  4. each --helper in turn: the helper's dice, then its Interference (as many dice as
     --dice), each with their 6s;
  5. only if the check has succeeded so far: the Opposition's dice (--opposition), its
     Interference (--opposition-interference plus --opposition-venture), its 2 Will dice
     (--opposition-will), each with their 6s.
Every die given must be used, and no more: a short or a long list is refused.
Advantage stops the 6s of every Interference and of the Opposition exploding,
Disadvantage those of the check, its Will dice and the helpers' dice.

Huang under the door:   tarnation pool --dice 3 --interference 1 --rolls 1,4,5,5
The kick Chen dodges:   tarnation pool --dice 3 --opposition 2 --rolls 2,4,5,1,6,2
The venture in the alley (the thug's punch, Huang's guard with a Venture token):
  tarnation pool --dice 2 --opposition 4 --opposition-venture 1 --rolls 2,4,1,2,4,5,3";

/// `tarnation pool`: one dice-pool check.
#[derive(Args, Debug)]
#[command(after_help = POOL_ORDER)]
pub struct PoolArgs {
    /// The check's dice: the score plus bonus dice (1 to 20).
    #[arg(long)]
    pub dice: u32,
    /// Interference (penalty) dice.
    #[arg(long, default_value_t = 0)]
    pub interference: u32,
    /// The opposed roll's dice; rolled only if the check succeeds.
    #[arg(long)]
    pub opposition: Option<u32>,
    /// The Opposition's own Interference dice.
    #[arg(long, default_value_t = 0, requires = "opposition")]
    pub opposition_interference: u32,
    /// The Opposition's Venture tokens (1 to 3).
    #[arg(long, default_value_t = 0, requires = "opposition")]
    pub opposition_venture: u32,
    /// The Opposition spends 1 Will: 2 more dice.
    #[arg(long, requires = "opposition")]
    pub opposition_will: bool,
    /// Venture tokens (1 to 3): as many extra Interference dice; each pairs a single success.
    #[arg(long, default_value_t = 0)]
    pub venture: u32,
    /// Spend 1 Will: 2 more dice after Interference.
    #[arg(long)]
    pub will: bool,
    /// 6s on Interference and Opposition do not explode.
    #[arg(long, conflicts_with = "disadvantage")]
    pub advantage: bool,
    /// 6s on the check do not explode.
    #[arg(long)]
    pub disadvantage: bool,
    /// A helper's dice (Cooperation); repeat for each helper.
    #[arg(long = "helper")]
    pub helpers: Vec<u32>,
    /// Seed of the dice.
    #[arg(long, conflicts_with = "rolls")]
    pub seed: Option<u64>,
    /// The dice a table rolled, in the order below (comma-separated, 1 to 6).
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    pub rolls: Option<Vec<u32>>,
    /// Print JSON instead of words.
    #[arg(long)]
    pub json: bool,
}

/// `tarnation d20`: one d20 roll-under test.
#[derive(Args, Debug)]
pub struct D20Args {
    /// The Skill's, Attribute's or Resistance's Rank.
    #[arg(long)]
    pub rank: u32,
    /// A modifier TYPE:+N or TYPE:-N; TYPE is item, condition, fortune, situation or untyped.
    /// Repeat for each.
    #[arg(long = "modifier", value_parser = parse_modifier)]
    pub modifiers: Vec<Modifier>,
    /// The d20 a table rolled (1 to 20).
    #[arg(long, conflicts_with = "seed")]
    pub roll: Option<u32>,
    /// Seed of the die.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print JSON instead of words.
    #[arg(long)]
    pub json: bool,
}

fn parse_modifier(s: &str) -> Result<Modifier, String> {
    s.parse::<Modifier>().map_err(|e| e.to_string())
}

fn usage(e: impl Display) -> CliError {
    CliError::Usage(e.to_string())
}

/// The check a `pool` command line describes.
pub fn pool_check(args: &PoolArgs) -> Result<PoolCheck, CliError> {
    let check = PoolCheck {
        dice: args.dice,
        interference: args.interference,
        venture: args.venture,
        will: args.will,
        advantage: args.advantage,
        disadvantage: args.disadvantage,
        helpers: args.helpers.clone(),
        opposition: args.opposition.map(|dice| Opposition {
            dice,
            interference: args.opposition_interference,
            venture: args.opposition_venture,
            will: args.opposition_will,
        }),
    };
    check.validate().map_err(usage)?;
    Ok(check)
}

fn steps_json<S: Serialize + Display>(steps: &[S]) -> Value {
    steps
        .iter()
        .map(|s| {
            let mut step = serde_json::to_value(s).expect("steps serialize");
            step["text"] = Value::from(s.to_string());
            step
        })
        .collect()
}

fn percent(p: f64) -> String {
    format!("{:.2} %", p * 100.0)
}

pub fn pool(args: &PoolArgs) -> Result<String, CliError> {
    let check = pool_check(args)?;
    let (result, seed) = match &args.rolls {
        Some(rolls) => {
            if let Some(bad) = rolls.iter().find(|&&r| !(1..=6).contains(&r)) {
                return Err(usage(format!("--rolls: {bad} is not a d6 roll (1 to 6)")));
            }
            let mut dice = FixedDice::new(rolls.clone());
            let result = roll_pool(&check, &mut dice)?;
            if !dice.left().is_empty() {
                return Err(usage(format!(
                    "--rolls gave {} dice but the check used {}: {:?} left over (see \
                     `tarnation pool --help` for the order)",
                    rolls.len(),
                    dice.dealt(),
                    dice.left()
                )));
            }
            (result, None)
        }
        None => {
            let seed = args.seed.unwrap_or_else(fresh_seed);
            (roll_pool(&check, &mut SeededDice::new(seed))?, Some(seed))
        }
    };
    let chance = dice_pool::success_chance(&check).map_err(usage)?;
    if args.json {
        let value = pool_json(&result, chance, seed);
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&value).expect("json")
        ));
    }
    let mut text = match seed {
        Some(seed) => format!("Seed {seed}.\n"),
        None => format!("Rolls given: {}.\n", join(&result.dice())),
    };
    text.push_str(&format!(
        "Chance of success before the roll: {} (exact).\n",
        percent(chance)
    ));
    for step in &result.steps {
        if matches!(step, PoolStep::Result { .. }) {
            text.push_str(&format!("{step}\n"));
        } else {
            text.push_str(&format!("- {step}\n"));
        }
    }
    Ok(text)
}

fn roll_pool(check: &PoolCheck, dice: &mut dyn DiceSource) -> Result<PoolResult, CliError> {
    dice_pool::roll(check, dice).map_err(|e| usage(format!("--rolls: {e}")))
}

fn join(dice: &[u32]) -> String {
    dice.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The JSON of a pool check (docs/json.md).
pub fn pool_json(r: &PoolResult, chance: f64, seed: Option<u64>) -> Value {
    let none: Vec<u32> = Vec::new();
    let o = r.opposition.as_ref();
    json!({
        "check": r.check,
        "interference": r.interference,
        "will": r.will,
        "helpers": r.helpers,
        "opposition": o.map_or(&none, |o| &o.dice),
        "opposition_interference": o.map_or(&none, |o| &o.interference),
        "opposition_will": o.map_or(&none, |o| &o.will),
        "opposition_kept": o.map_or(&none, |o| &o.kept),
        "opposition_momentum": o.map_or(0, |o| o.momentum),
        "kept": r.kept,
        "successes": r.successes,
        "success": r.success,
        "momentum": r.momentum,
        "chance": chance,
        "seed": seed,
        "steps": steps_json(&r.steps),
    })
}

pub fn d20(args: &D20Args) -> Result<String, CliError> {
    let test = D20Test {
        rank: args.rank,
        modifiers: args.modifiers.clone(),
    };
    let (result, seed) = match args.roll {
        Some(roll) => (d20::resolve(&test, roll).map_err(usage)?, None),
        None => {
            let seed = args.seed.unwrap_or_else(fresh_seed);
            let mut dice = SeededDice::new(seed);
            (d20::roll(&test, &mut dice).map_err(usage)?, Some(seed))
        }
    };
    let chance = d20::success_chance(&test);
    if args.json {
        let value = json!({
            "rank": result.rank,
            "unlimited_tn": result.unlimited_tn,
            "tn": result.tn,
            "roll": result.roll,
            "success": result.success,
            "outcome": result.outcome.key(),
            "modifiers": result.modifiers,
            "chance": chance,
            "seed": seed,
            "steps": steps_json(&result.steps),
        });
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&value).expect("json")
        ));
    }
    let mut text = match seed {
        Some(seed) => format!("Seed {seed}.\n"),
        None => format!("Roll given: {}.\n", result.roll),
    };
    text.push_str(&format!(
        "Chance of success before the roll: {} ({} in 20).\n",
        percent(chance),
        result.tn
    ));
    for step in &result.steps {
        text.push_str(&format!("- {step}\n"));
    }
    text.push_str(&format!(
        "{}: {} against TN {} ({}).\n",
        if result.success { "SUCCESS" } else { "FAILURE" },
        result.roll,
        result.tn,
        result.outcome.key()
    ));
    Ok(text)
}
