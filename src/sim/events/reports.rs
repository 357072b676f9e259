//! The events an action's own report builds, typed: an attack (`shot`, `melee`), a figure hit
//! by what was not aimed at it (`stray_hit`, `blast`), and the checks of the actions (`escape`,
//! `calamity` of hand to hand, `bonus`, `speed_load`, `medicine`, `skill`, `bravery`). Each
//! holds the values its JSON fields are made of (docs/json.md), and its words as the action
//! said them (they name figures and gear the action looked up).

use crate::rules::card::Location;
use crate::rules::check::CheckOutcome;
use crate::rules::damage::{Dealt, Fate};
use crate::rules::melee::{AttackType, Dominance};
use crate::rules::shot::ShotOutcome;
use crate::sim::actions::melee::{self, MeleePlan};
use crate::sim::actions::ranged::{self, ShotPlan};
use crate::sim::log::check_fields;
use serde_json::{Map, Value, json};

/// One shot of a volley (`shot`).
#[derive(Clone, Debug)]
pub struct ShotReport {
    pub words: String,
    pub plan: ShotPlan,
    pub outcome: ShotOutcome,
    pub fate: Fate,
    pub stunned: bool,
    pub target: String,
    /// Figures and glass its strays hit.
    pub strays_hit: u32,
    /// Its place in the series: (number from 1, shots in the series).
    pub series: (usize, usize),
    pub fan: bool,
    /// The series' AP, on its first shot.
    pub series_ap: Option<u32>,
    /// Fired to miss.
    pub sabotage: bool,
}

impl ShotReport {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = ranged::shot_fields(&self.plan, &self.outcome, self.stunned, self.fate);
        if self.sabotage {
            f.insert("sabotage".into(), json!(true));
        }
        f.insert("target".into(), json!(self.target));
        f.insert("strays_hit".into(), json!(self.strays_hit));
        f.insert("series".into(), json!([self.series.0, self.series.1]));
        f.insert("fan".into(), json!(self.fan));
        if let Some(ap) = self.series_ap {
            f.insert("series_ap".into(), json!(ap));
        }
        f
    }
}

/// One blow of a hand-to-hand attack (`melee`).
#[derive(Clone, Debug)]
pub struct BlowReport {
    pub words: String,
    pub plan: MeleePlan,
    /// Which of the plan's blows (from 0).
    pub blow: usize,
    pub outcome: ShotOutcome,
    pub fate: Fate,
    pub stunned: bool,
    pub target: String,
    /// Dominance levels (the attacker's, the foe's) before and after the blow.
    pub dominance_before: (u32, u32),
    pub dominance_after: (u32, u32),
    /// Hexes the foe was shoved.
    pub shoved: u32,
}

impl BlowReport {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = melee::fields(
            &self.plan,
            &self.outcome,
            self.blow,
            self.stunned,
            self.fate,
        );
        let (before, after) = (self.dominance_before, self.dominance_after);
        f.insert("target".into(), json!(self.target));
        f.insert("dominance_before".into(), json!([before.0, before.1]));
        f.insert("dominance_after".into(), json!([after.0, after.1]));
        f.insert(
            "dominance".into(),
            json!(Dominance::from_level(after.1).name()),
        );
        f.insert("shoved".into(), json!(self.shoved));
        f.insert(
            "series".into(),
            json!([self.blow + 1, self.plan.blows.len()]),
        );
        f
    }
}

/// A blow of a series whose foe an earlier blow shoved out of reach (`out_of_reach`).
#[derive(Clone, Debug)]
pub struct OutOfReach {
    pub hero: String,
    pub target: String,
    pub attack: AttackType,
    /// (number from 1, blows in the series).
    pub series: (usize, usize),
}

impl OutOfReach {
    pub fn words(&self) -> String {
        let foe = &self.target;
        format!(
            "{}: {} at {foe} [{}/{}]: {foe} is out of reach",
            self.hero,
            self.attack.name(),
            self.series.0,
            self.series.1
        )
    }

    pub fn fields(&self) -> Map<String, Value> {
        let mut f = Map::new();
        f.insert("target".into(), json!(self.target));
        f.insert("attack".into(), json!(self.attack.name()));
        f.insert("series".into(), json!([self.series.0, self.series.1]));
        f
    }
}

/// What hit a figure it was not aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bystander {
    /// A stray shot (`stray_hit`).
    Stray,
    /// A thrown weapon's blast at a hex (column, row), so many paces off (`blast`).
    Blast { at: (i32, i32), distance: u32 },
}

/// A figure hit by a stray shot or a blast.
#[derive(Clone, Debug)]
pub struct BystanderHit {
    pub words: String,
    pub by: Bystander,
    pub location: Location,
    pub effect: u32,
    pub dealt: Dealt,
    pub stunned: bool,
}

impl BystanderHit {
    pub fn kind(&self) -> &'static str {
        match self.by {
            Bystander::Stray => "stray_hit",
            Bystander::Blast { .. } => "blast",
        }
    }

    pub fn fields(&self) -> Map<String, Value> {
        let mut f = Map::new();
        if let Bystander::Blast { at, distance } = self.by {
            f.insert("at".into(), json!([at.0, at.1]));
            f.insert("distance".into(), json!(distance));
        }
        f.insert("location".into(), json!(self.location.name()));
        f.insert("effect".into(), json!(self.effect));
        f.insert("wounds".into(), json!(self.dealt.wounds));
        f.insert("conc".into(), json!(self.dealt.conc));
        f.insert("stunned".into(), json!(self.stunned));
        f
    }
}

/// A fully loaded pistol goes off (`discharge`).
#[derive(Clone, Debug)]
pub struct Discharge {
    pub words: String,
    pub weapon: String,
    /// The toggle said YES: the round misses.
    pub misses: bool,
    pub effect: u32,
    pub dealt: Dealt,
}

impl Discharge {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = Map::new();
        f.insert("weapon".into(), json!(self.weapon));
        f.insert(
            "toggle".into(),
            json!(if self.misses { "YES" } else { "NO" }),
        );
        f.insert("effect".into(), json!(self.effect));
        f.insert("wounds".into(), json!(self.dealt.wounds));
        f.insert("conc".into(), json!(self.dealt.conc));
        f
    }
}

/// The hand-to-hand check a calamity came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseCheck {
    Blow,
    Block,
    Escape,
}

/// A calamity of a hand-to-hand check (`calamity`, `check` blow, block or escape).
#[derive(Clone, Debug)]
pub struct CloseCalamity {
    pub words: String,
    pub check: CloseCheck,
    /// What it did: `broken`, `dropped`, `dominated`, `pinned`, `free_attack` (docs/json.md).
    pub consequence: &'static str,
    pub weapon: Option<String>,
    pub foe: String,
    /// The hero's dominance level after it.
    pub dominance: u32,
}

impl CloseCalamity {
    pub fn fields(&self) -> Map<String, Value> {
        let check = match self.check {
            CloseCheck::Blow => "blow",
            CloseCheck::Block => "block",
            CloseCheck::Escape => "escape",
        };
        let mut f = Map::new();
        f.insert("check".into(), json!(check));
        f.insert("consequence".into(), json!(self.consequence));
        f.insert("weapon".into(), json!(self.weapon));
        f.insert("foe".into(), json!(self.foe));
        f.insert("dominance".into(), json!(self.dominance));
        f
    }
}

/// An escape from dominance or a break-away attempt (`escape`).
#[derive(Clone, Debug)]
pub struct Escape {
    pub words: String,
    pub check: CheckOutcome,
    /// The dominance escaped from, in words.
    pub from: &'static str,
    pub ap: u32,
    /// The hex it stepped to (column, row).
    pub to: Option<(i32, i32)>,
    pub step_ap: u32,
}

impl Escape {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = check_fields(&self.check);
        f.insert("from".into(), json!(self.from));
        f.insert("escaped".into(), json!(self.check.success));
        f.insert("ap".into(), json!(self.ap));
        f.insert("to".into(), json!(self.to.map(|(c, r)| [c, r])));
        f.insert("step_ap".into(), json!(self.step_ap));
        f
    }
}

/// What became of a bonus counter (`bonus`'s `what`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BonusChange {
    /// A bump saved from `from` (the check it came from).
    Earned { from: String },
    /// Spent on a check: the spend's name, and what it was spent on.
    Spent { spend: String, on: String },
    /// "I've got your back!": given by `from`.
    Backed { from: String },
}

/// A bonus counter earned, spent or given (`bonus`).
#[derive(Clone, Debug)]
pub struct Bonus {
    pub words: String,
    pub change: BonusChange,
    /// The hero holds a counter after.
    pub held: bool,
    /// Counters left in its side's pool.
    pub pool: u32,
}

impl Bonus {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = Map::new();
        match &self.change {
            BonusChange::Earned { from } => {
                f.insert("what".into(), json!("earned"));
                f.insert("from".into(), json!(from));
            }
            BonusChange::Spent { spend, on } => {
                f.insert("what".into(), json!("spent"));
                f.insert("spend".into(), json!(spend));
                f.insert("on".into(), json!(on));
            }
            BonusChange::Backed { from } => {
                f.insert("what".into(), json!("backed"));
                f.insert("from".into(), json!(from));
            }
        }
        f.insert("held".into(), json!(self.held));
        f.insert("pool".into(), json!(self.pool));
        f
    }
}

/// A speed load (`speed_load`).
#[derive(Clone, Debug)]
pub struct SpeedLoad {
    pub words: String,
    pub check: CheckOutcome,
    pub weapon: String,
    /// Rounds the weapon lacked.
    pub missing: u32,
    pub load: crate::rules::weapons::SpeedLoad,
    /// Rounds in the weapon after.
    pub rounds: u32,
    /// The extra AP of a failure: from the pool, and owed.
    pub from_pool: u32,
    pub owed: u32,
}

impl SpeedLoad {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = check_fields(&self.check);
        f.insert("weapon".into(), json!(self.weapon));
        f.insert("missing".into(), json!(self.missing));
        f.insert("loaded".into(), json!(self.load.loaded));
        f.insert("rounds".into(), json!(self.rounds));
        f.insert("burst".into(), json!(self.load.burst.map(|b| [b.0, b.1])));
        f.insert("extra_ap".into(), json!(self.load.extra_ap));
        f.insert("from_pool".into(), json!(self.from_pool));
        f.insert("owed".into(), json!(self.owed));
        f
    }
}

/// A Medicine check to revive a hero (`medicine`).
#[derive(Clone, Debug)]
pub struct Medicine {
    pub words: String,
    pub check: CheckOutcome,
    pub target: String,
    pub revived: bool,
    pub ap: u32,
}

impl Medicine {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = check_fields(&self.check);
        f.insert("target".into(), json!(self.target));
        f.insert("revived".into(), json!(self.revived));
        f.insert("ap".into(), json!(self.ap));
        f
    }
}

/// What a skill check on an objective won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// Victories toward the objective's Progress counter: slots filled after, and done.
    Progress {
        victories: u32,
        filled: u32,
        complete: bool,
    },
    /// A contested objective: each side's victories and what each still needs.
    Contest {
        victories: [u32; 2],
        left: [u32; 2],
        complete: bool,
    },
}

/// A skill check on an objective (`skill`).
#[derive(Clone, Debug)]
pub struct Skill {
    pub words: String,
    pub check: CheckOutcome,
    pub objective: String,
    pub work: Work,
}

impl Skill {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = check_fields(&self.check);
        f.insert("objective".into(), json!(self.objective));
        f.insert("magnitude".into(), json!(self.check.magnitude));
        match &self.work {
            Work::Progress {
                victories,
                filled,
                complete,
            } => {
                f.insert("victories".into(), json!(victories));
                f.insert("filled".into(), json!(filled));
                f.insert("complete".into(), json!(complete));
            }
            Work::Contest {
                victories,
                left,
                complete,
            } => {
                f.insert("victories".into(), json!(self.check.victories.unwrap_or(0)));
                f.insert("contest".into(), json!(victories));
                f.insert("left".into(), json!(left));
                f.insert("complete".into(), json!(complete));
            }
        }
        f
    }
}

/// The Bravery check under fire (`bravery`).
#[derive(Clone, Debug)]
pub struct Bravery {
    pub words: String,
    pub check: CheckOutcome,
    /// Melee attacks, shots and hits at the hero this round.
    pub melee: u32,
    pub shots: u32,
    pub hits: u32,
    /// The AV of the cover it is behind.
    pub cover_av: u32,
    pub aim_kept: bool,
}

impl Bravery {
    pub fn fields(&self) -> Map<String, Value> {
        let mut f = check_fields(&self.check);
        f.insert("melee".into(), json!(self.melee));
        f.insert("shots".into(), json!(self.shots));
        f.insert("hits".into(), json!(self.hits));
        f.insert("cover_av".into(), json!(self.cover_av));
        f.insert("aim_kept".into(), json!(self.aim_kept));
        f
    }
}
