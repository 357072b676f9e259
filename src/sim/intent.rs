//! What a seat can say: the `Intent`s. Mouse, keyboard, the computer player, replays and tests
//! all send these, through the same door (`round::accept`). Heroes are named by `HeroId` (their
//! place in the level), never by ECS entity, so an intent means the same thing in every run of
//! a match and can be written to a match file.
//!
//! This is plain data under the model (the model keeps the action a hero is paying for), so it
//! imports nothing of the simulation.

use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// A hero by its place in the level's list of heroes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Component,
)]
pub struct HeroId(pub u32);

impl HeroId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Everything a seat can say.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    /// A declaration: priced, paid on the hero's action track, performed when paid.
    Declare(Action),
    /// Rushing (an optional rule): once the segment's declarations are made, the action paid
    /// now from the track and the pool, its Rush Tax when it resolves.
    Rush(Action),
    /// The declaring hero declares nothing (more) this segment.
    Pass { hero: HeroId },
    /// The declaring hero declares nothing more this round (its tokens are lost at its end).
    Hold { hero: HeroId },
    /// The declaring hero gives up the action it is paying toward, which cannot be made now
    /// (decision 134): the AP spent on it are lost, this segment's token goes in front.
    GiveUp { hero: HeroId },
    /// The AP the declaring hero spends from its pool for +1 each on the initiative stack (up
    /// to its Quick Draw level), from now on.
    StackSpend { hero: HeroId, ap: u32 },
    /// Dice pools: Venture tokens (0 to 3) on the declaring hero's next attack or skill check.
    Venture { hero: HeroId, tokens: u32 },
    /// Dice pools: whether the declaring hero spends Will when a check would fail.
    Will { hero: HeroId, spend: bool },
    /// How the hero whose attack waits spends its bumps: the Judge's way, or a place on the
    /// card's hit location stack (the rest to damage).
    SpendBumps {
        hero: HeroId,
        spend: crate::rules::shot::BumpSpend,
    },
    /// After a failed Bravery check lost the aim: make the snap shot (`fire`) or none.
    Snap { hero: HeroId, fire: bool },
    /// What the declaring hero's bonus counter is for on its next attack: "Right on!" or
    /// "Aces!", or nothing (kept).
    Bonus {
        hero: HeroId,
        spend: Option<crate::rules::bonus::Spend>,
    },
}

impl Intent {
    /// The hero the intent is for: always the hero whose declaration it is.
    pub fn hero(&self) -> HeroId {
        match self {
            Intent::Declare(action) | Intent::Rush(action) => action.hero(),
            Intent::Pass { hero }
            | Intent::Hold { hero }
            | Intent::GiveUp { hero }
            | Intent::StackSpend { hero, .. }
            | Intent::Venture { hero, .. }
            | Intent::Will { hero, .. }
            | Intent::SpendBumps { hero, .. }
            | Intent::Snap { hero, .. }
            | Intent::Bonus { hero, .. } => *hero,
        }
    }
}

/// An action a hero declares in action time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Move {
        hero: HeroId,
        to: Hex,
        gait: Gait,
    },
    Face {
        hero: HeroId,
        facing: u8,
    },
    DropProne {
        hero: HeroId,
    },
    StandUp {
        hero: HeroId,
    },
    DuckBehindCover {
        hero: HeroId,
    },
    EmergeFromCover {
        hero: HeroId,
    },
    /// Take a weapon in hand (index into the hero's weapons).
    Ready {
        hero: HeroId,
        weapon: usize,
    },
    /// Cock the weapon in hand (the main hand's first, then the off hand's).
    Cock {
        hero: HeroId,
    },
    /// Take a second weapon in the off hand.
    ReadyOffHand {
        hero: HeroId,
        weapon: usize,
    },
    /// Shoot the weapon in the off hand.
    ShootOffHand {
        hero: HeroId,
        target: HeroId,
        kind: ShotKind,
    },
    /// Work on the level's objective (a skill at 4/8 AP, paid over rounds if need be).
    WorkObjective {
        hero: HeroId,
        objective: usize,
    },
    /// A rider turns the mount (a maneuver of the continuous movement).
    Steer {
        hero: HeroId,
        facing: u8,
    },
    /// A rider sets the mount's speed for the round (paces per round, up to its best).
    Rein {
        hero: HeroId,
        speed: u32,
    },
    /// Climb onto a riderless mount in an adjacent hex, or step down from one.
    MountUp {
        hero: HeroId,
    },
    Dismount {
        hero: HeroId,
    },
    /// Shoot (or throw) the weapon in hand at a hero.
    Shoot {
        hero: HeroId,
        target: HeroId,
        kind: ShotKind,
    },
    /// Load the weapon in hand (1 AP a round), clearing a jam first (4 AP).
    Reload {
        hero: HeroId,
    },
    /// Hand-to-hand attacks at an engaged foe: `times` attacks of a type from one pool.
    Melee {
        hero: HeroId,
        target: HeroId,
        attack: AttackType,
        careful: bool,
        times: u8,
    },
    /// Prepare a block against the next hand-to-hand attack this round.
    Block {
        hero: HeroId,
    },
    /// Dodge the attacks from two hexsides (`toward` and the next) this round.
    Dodge {
        hero: HeroId,
        toward: u8,
    },
    /// Break away from partial dominance, or escape dominance or full dominance.
    Escape {
        hero: HeroId,
    },
    /// Move away from an engagement carefully: 2 AP more, no free attack.
    Disengage {
        hero: HeroId,
        to: Hex,
    },
    /// Several shots from one pool, declared in order (targets and kinds), or a fan.
    Series {
        hero: HeroId,
        shots: Vec<(HeroId, ShotKind)>,
        fan: bool,
    },
    /// Several hand-to-hand attacks from one pool, declared in order, each at an engaged foe:
    /// (foe, attack, careful); 1 AP for each change of foe.
    MeleeSeries {
        hero: HeroId,
        blows: Vec<(HeroId, AttackType, bool)>,
    },
    /// "I've got your back!": the hero's bonus counter goes to an ally who holds none (1 AP).
    BackUp {
        hero: HeroId,
        ally: HeroId,
    },
    /// Speed load the weapon in hand (the Speed Load skill's simple check): loaded with the
    /// action remaining, loaded at the reload's cost, or (a calamity) nothing loaded.
    SpeedLoad {
        hero: HeroId,
    },
    /// A Medicine roll (Standard, 5) to revive an unconscious ally in an adjacent hex.
    Revive {
        hero: HeroId,
        target: HeroId,
    },
    /// Take the first item lying within a pace into its Inventory counter (1 AP).
    TakeItem {
        hero: HeroId,
    },
    /// Put down the item last taken, in the hero's hex (1 AP).
    DropItem {
        hero: HeroId,
    },
    /// Action sabotage: a shot fired at `target` to miss ("trying to fail at it"): it misses
    /// unless a calamity hits the target or a stray finds an unintended target.
    Sabotage {
        hero: HeroId,
        target: HeroId,
        kind: ShotKind,
    },
}

impl Action {
    /// A shot that aims (any but a snap shot; a series unless it is a fan) or a careful blow:
    /// "Aiming cannot be rushed" (decision 125).
    pub fn aims(&self) -> bool {
        match self {
            Action::Shoot { kind, .. }
            | Action::ShootOffHand { kind, .. }
            | Action::Sabotage { kind, .. } => *kind != ShotKind::Snap,
            Action::Series { shots, fan, .. } => {
                !fan && shots.iter().any(|s| s.1 != ShotKind::Snap)
            }
            Action::Melee { careful, .. } => *careful,
            Action::MeleeSeries { blows, .. } => blows.iter().any(|b| b.2),
            _ => false,
        }
    }

    pub fn hero(&self) -> HeroId {
        match *self {
            Action::Move { hero, .. }
            | Action::Face { hero, .. }
            | Action::DropProne { hero }
            | Action::StandUp { hero }
            | Action::DuckBehindCover { hero }
            | Action::EmergeFromCover { hero }
            | Action::Ready { hero, .. }
            | Action::Cock { hero }
            | Action::WorkObjective { hero, .. }
            | Action::Steer { hero, .. }
            | Action::Rein { hero, .. }
            | Action::Shoot { hero, .. }
            | Action::Reload { hero }
            | Action::Series { hero, .. }
            | Action::MountUp { hero }
            | Action::Dismount { hero }
            | Action::Melee { hero, .. }
            | Action::MeleeSeries { hero, .. }
            | Action::Block { hero }
            | Action::Dodge { hero, .. }
            | Action::Escape { hero }
            | Action::Disengage { hero, .. }
            | Action::ReadyOffHand { hero, .. }
            | Action::ShootOffHand { hero, .. }
            | Action::BackUp { hero, .. }
            | Action::SpeedLoad { hero }
            | Action::Revive { hero, .. }
            | Action::TakeItem { hero }
            | Action::DropItem { hero }
            | Action::Sabotage { hero, .. } => hero,
        }
    }

    /// Skills may be paid over several rounds ("Skills During Action Time").
    pub fn over_rounds(&self) -> bool {
        matches!(
            self,
            Action::WorkObjective { .. } | Action::Reload { .. } | Action::Revive { .. }
        )
    }

    /// Shots win stack ties with the single action trait.
    pub fn is_shot(&self) -> bool {
        matches!(
            self,
            Action::Shoot { .. } | Action::Series { .. } | Action::Sabotage { .. }
        )
    }

    /// The heroes the action is aimed at: its targets, foes or allies.
    pub fn targets(&self) -> Vec<HeroId> {
        match self {
            Action::Shoot { target, .. }
            | Action::ShootOffHand { target, .. }
            | Action::Sabotage { target, .. }
            | Action::Melee { target, .. }
            | Action::Revive { target, .. } => vec![*target],
            Action::BackUp { ally, .. } => vec![*ally],
            Action::Series { shots, .. } => shots.iter().map(|s| s.0).collect(),
            Action::MeleeSeries { blows, .. } => blows.iter().map(|b| b.0).collect(),
            _ => Vec::new(),
        }
    }

    /// A shot (a single one, off the hand, or one of a series) at `target`.
    pub fn shoots_at(&self, target: HeroId) -> bool {
        match self {
            Action::Shoot { target: t, .. } | Action::ShootOffHand { target: t, .. } => {
                *t == target
            }
            Action::Series { shots, .. } => shots.iter().any(|s| s.0 == target),
            _ => false,
        }
    }

    /// A blow at `target`: hand to hand, one blow or a series.
    pub fn strikes_at(&self, target: HeroId) -> bool {
        match self {
            Action::Melee { target: t, .. } => *t == target,
            Action::MeleeSeries { blows, .. } => blows.iter().any(|b| b.0 == target),
            _ => false,
        }
    }

    /// The hex a move or a disengage goes to.
    pub fn goes_to(&self) -> Option<hexx::Hex> {
        match self {
            Action::Move { to, .. } | Action::Disengage { to, .. } => Some(*to),
            _ => None,
        }
    }

    /// What the log calls it.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Move {
                gait: Gait::Run, ..
            } => "run",
            Action::Move { .. } => "move",
            Action::Face { .. } => "turn",
            Action::DropProne { .. } => "drop prone",
            Action::StandUp { .. } => "stand up",
            Action::DuckBehindCover { .. } => "duck behind cover",
            Action::EmergeFromCover { .. } => "emerge from cover",
            Action::Ready { .. } => "ready a weapon",
            Action::Cock { .. } => "cock",
            Action::BackUp { .. } => "I've got your back",
            Action::WorkObjective { .. } => "work the objective",
            Action::Steer { .. } => "steer the mount",
            Action::Rein { .. } => "rein or spur the mount",
            Action::Shoot {
                kind: ShotKind::Snap,
                ..
            } => "snap shot",
            Action::Shoot {
                kind: ShotKind::Normal,
                ..
            } => "normal shot",
            Action::Shoot { .. } => "aimed shot",
            Action::Reload { .. } => "reload",
            Action::MountUp { .. } => "mount",
            Action::Dismount { .. } => "dismount",
            Action::ReadyOffHand { .. } => "ready a weapon in the off hand",
            Action::ShootOffHand { .. } => "off-hand shot",
            Action::Series { fan: true, .. } => "fan firing",
            Action::Melee {
                attack: AttackType::Quick,
                ..
            } => "quick attack",
            Action::Melee {
                attack: AttackType::Standard,
                ..
            } => "standard attack",
            Action::Melee {
                attack: AttackType::Heavy,
                ..
            } => "heavy attack",
            Action::Melee { .. } => "grapple",
            Action::MeleeSeries { .. } => "series of blows",
            Action::Block { .. } => "block",
            Action::Dodge { .. } => "dodge",
            Action::Escape { .. } => "escape",
            Action::Disengage { .. } => "disengage",
            Action::Series { .. } => "series of shots",
            Action::SpeedLoad { .. } => "speed load",
            Action::Revive { .. } => "revive",
            Action::TakeItem { .. } => "take an item",
            Action::DropItem { .. } => "put an item down",
            Action::Sabotage { .. } => "shot fired to miss",
        }
    }
}

/// Why an intent is not legal now, as data: the words, and the remedy the player can take (the
/// window names its key from the current bindings; the simulation names no keys).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub reason: String,
    pub remedy: Option<Remedy>,
}

/// What would make a refused action legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Remedy {
    /// Emerge from cover (its AP).
    Emerge(u32),
    /// Ready a weapon.
    Ready,
    /// Cock the weapon (its AP).
    Cock(u32),
    /// Load (and clear a jam).
    Reload,
    /// Break away from partial dominance (its AP).
    BreakAway(u32),
    /// Escape dominance.
    Escape,
    /// Stand up (its AP).
    StandUp(u32),
}

impl Remedy {
    /// The AP the remedy costs, when it is fixed.
    pub fn ap(self) -> Option<u32> {
        match self {
            Remedy::Emerge(ap) | Remedy::Cock(ap) | Remedy::BreakAway(ap) | Remedy::StandUp(ap) => {
                Some(ap)
            }
            Remedy::Ready | Remedy::Reload | Remedy::Escape => None,
        }
    }
}

impl Refusal {
    pub fn new(reason: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
            remedy: None,
        }
    }

    pub fn with(reason: impl Into<String>, remedy: Remedy) -> Refusal {
        Refusal {
            reason: reason.into(),
            remedy: Some(remedy),
        }
    }

    /// At resolution: the action fails and its AP are spent ("...; the AP are lost").
    pub fn lost(self) -> Refusal {
        Refusal::new(format!("{self}; the AP are lost"))
    }
}

/// The refusal in words, without keys: "emerge first (1 AP)".
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.remedy.and_then(Remedy::ap) {
            Some(ap) => write!(f, "{} ({ap} AP)", self.reason),
            None => write!(f, "{}", self.reason),
        }
    }
}

impl From<String> for Refusal {
    fn from(reason: String) -> Refusal {
        Refusal::new(reason)
    }
}

impl From<&str> for Refusal {
    fn from(reason: &str) -> Refusal {
        Refusal::new(reason)
    }
}
