//! Commands on the battle: every intent (mouse, keyboard, computer, tests) is a
//! `BattleCommand`. A command is a declaration in action time: it is priced, checked and paid
//! on the action track (`declare`), and performed when fully paid (`perform`, called by the
//! round). Each gets a `CommandOutcome`, a refusal with its reason when not legal.

mod perform;
mod price;

pub use perform::perform;
use price::to_cock;
pub use price::{cover_in, declare, move_options, occupied_hexes, price};

use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use hexx::Hex;

/// Player intent: the mouse, the keyboard, the computer and tests all send these.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleCommand {
    Move {
        hero: Entity,
        to: Hex,
        gait: Gait,
    },
    Face {
        hero: Entity,
        facing: u8,
    },
    DropProne {
        hero: Entity,
    },
    StandUp {
        hero: Entity,
    },
    DuckBehindCover {
        hero: Entity,
    },
    EmergeFromCover {
        hero: Entity,
    },
    /// Take a weapon in hand (index into the hero's weapons).
    Ready {
        hero: Entity,
        weapon: usize,
    },
    /// Cock the weapon in hand (the main hand's first, then the off hand's).
    Cock {
        hero: Entity,
    },
    /// Take a second weapon in the off hand.
    ReadyOffHand {
        hero: Entity,
        weapon: usize,
    },
    /// Shoot the weapon in the off hand.
    ShootOffHand {
        hero: Entity,
        target: Entity,
        kind: ShotKind,
    },
    /// Work on the level's objective (a skill at 4/8 AP, paid over rounds if need be).
    WorkObjective {
        hero: Entity,
        objective: usize,
    },
    /// A rider turns the mount (a maneuver of the continuous movement).
    Steer {
        hero: Entity,
        facing: u8,
    },
    /// A rider sets the mount's speed for the round (paces per round, up to its best).
    Rein {
        hero: Entity,
        speed: u32,
    },
    /// Climb onto a riderless mount in an adjacent hex (3 AP), or step down from one (2 AP).
    MountUp {
        hero: Entity,
    },
    Dismount {
        hero: Entity,
    },
    /// Shoot (or throw) the weapon in hand at a hero.
    Shoot {
        hero: Entity,
        target: Entity,
        kind: ShotKind,
    },
    /// Load the weapon in hand (1 AP a round), clearing a jam first (4 AP).
    Reload {
        hero: Entity,
    },
    /// Hand-to-hand attacks at an engaged foe: `times` attacks of a type from one pool.
    Melee {
        hero: Entity,
        target: Entity,
        attack: AttackType,
        careful: bool,
        times: u8,
    },
    /// Prepare a block against the next hand-to-hand attack this round (2 AP).
    Block {
        hero: Entity,
    },
    /// Dodge the attacks from two hexsides (`toward` and the next) this round (3 AP).
    Dodge {
        hero: Entity,
        toward: u8,
    },
    /// Break away from partial dominance, or escape dominance or full dominance.
    Escape {
        hero: Entity,
    },
    /// Move away from an engagement carefully: 2 AP more, no free attack.
    Disengage {
        hero: Entity,
        to: Hex,
    },
    /// Several shots from one pool, declared in order (targets and kinds), or a fan.
    Series {
        hero: Entity,
        shots: [Option<(Entity, ShotKind)>; crate::rules::ranged::MAX_SHOTS],
        fan: bool,
    },
}

/// The AP of a rider's maneuver that changes the mount's speed (docs/rules-decisions.md).
pub const REIN_AP: u32 = 1;
/// Getting into the saddle and out of it (docs/rules-decisions.md).
pub const MOUNT_AP: u32 = 3;
pub const DISMOUNT_AP: u32 = 2;

/// What came of a command.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Paid in full: it resolves at the end of this segment.
    Declared {
        hero: Entity,
        what: String,
        ap: u32,
        lost: u32,
    },
    /// Fewer tokens than the cost: they are spent toward it until it is paid.
    Committed {
        hero: Entity,
        what: String,
        ap: u32,
        paid: u32,
    },
    Moved {
        hero: Entity,
        path: Vec<Hex>,
        ap: u32,
    },
    Faced {
        hero: Entity,
        facing: u8,
        ap: u32,
    },
    WentProne {
        hero: Entity,
        ap: u32,
    },
    StoodUp {
        hero: Entity,
        ap: u32,
    },
    Ducked {
        hero: Entity,
        cover: String,
        ap: u32,
    },
    Emerged {
        hero: Entity,
        ap: u32,
    },
    Readied {
        hero: Entity,
        weapon: String,
        ap: u32,
    },
    Cocked {
        hero: Entity,
        weapon: String,
        ap: u32,
    },
    Worked {
        hero: Entity,
        objective: String,
        victories: u32,
        ap: u32,
    },
    Steered {
        hero: Entity,
        facing: u8,
        ap: u32,
    },
    Reined {
        hero: Entity,
        speed: u32,
        ap: u32,
    },
    Shot {
        hero: Entity,
        target: Entity,
        hit: bool,
        text: String,
    },
    Reloaded {
        hero: Entity,
        weapon: String,
        rounds: u32,
        ap: u32,
    },
    Melee {
        hero: Entity,
        target: Entity,
        hit: bool,
        text: String,
    },
    /// A block or dodge made ready for this round.
    Prepared {
        hero: Entity,
        what: String,
        ap: u32,
    },
    Escaped {
        hero: Entity,
        free: bool,
        text: String,
    },
    /// Not legal: the reason is for the player to see. At resolution, the AP are lost.
    Refused {
        hero: Entity,
        reason: String,
    },
}

impl BattleCommand {
    pub fn hero(&self) -> Entity {
        match *self {
            BattleCommand::Move { hero, .. }
            | BattleCommand::Face { hero, .. }
            | BattleCommand::DropProne { hero }
            | BattleCommand::StandUp { hero }
            | BattleCommand::DuckBehindCover { hero }
            | BattleCommand::EmergeFromCover { hero }
            | BattleCommand::Ready { hero, .. }
            | BattleCommand::Cock { hero }
            | BattleCommand::WorkObjective { hero, .. }
            | BattleCommand::Steer { hero, .. }
            | BattleCommand::Rein { hero, .. }
            | BattleCommand::Shoot { hero, .. }
            | BattleCommand::Reload { hero }
            | BattleCommand::Series { hero, .. }
            | BattleCommand::MountUp { hero }
            | BattleCommand::Dismount { hero }
            | BattleCommand::Melee { hero, .. }
            | BattleCommand::Block { hero }
            | BattleCommand::Dodge { hero, .. }
            | BattleCommand::Escape { hero }
            | BattleCommand::Disengage { hero, .. }
            | BattleCommand::ReadyOffHand { hero, .. }
            | BattleCommand::ShootOffHand { hero, .. } => hero,
        }
    }

    /// Skills may be paid over several rounds ("Skills During Action Time").
    pub fn over_rounds(&self) -> bool {
        matches!(
            self,
            BattleCommand::WorkObjective { .. } | BattleCommand::Reload { .. }
        )
    }

    /// What the log calls it.
    pub fn name(&self) -> &'static str {
        match self {
            BattleCommand::Move {
                gait: Gait::Run, ..
            } => "run",
            BattleCommand::Move { .. } => "move",
            BattleCommand::Face { .. } => "turn",
            BattleCommand::DropProne { .. } => "drop prone",
            BattleCommand::StandUp { .. } => "stand up",
            BattleCommand::DuckBehindCover { .. } => "duck behind cover",
            BattleCommand::EmergeFromCover { .. } => "emerge from cover",
            BattleCommand::Ready { .. } => "ready a weapon",
            BattleCommand::Cock { .. } => "cock",
            BattleCommand::WorkObjective { .. } => "work the objective",
            BattleCommand::Steer { .. } => "steer the mount",
            BattleCommand::Rein { .. } => "rein or spur the mount",
            BattleCommand::Shoot {
                kind: ShotKind::Snap,
                ..
            } => "snap shot",
            BattleCommand::Shoot {
                kind: ShotKind::Normal,
                ..
            } => "normal shot",
            BattleCommand::Shoot { .. } => "aimed shot",
            BattleCommand::Reload { .. } => "reload",
            BattleCommand::MountUp { .. } => "mount",
            BattleCommand::Dismount { .. } => "dismount",
            BattleCommand::ReadyOffHand { .. } => "ready a weapon in the off hand",
            BattleCommand::ShootOffHand { .. } => "off-hand shot",
            BattleCommand::Series { fan: true, .. } => "fan firing",
            BattleCommand::Melee {
                attack: AttackType::Quick,
                ..
            } => "quick attack",
            BattleCommand::Melee {
                attack: AttackType::Standard,
                ..
            } => "standard attack",
            BattleCommand::Melee {
                attack: AttackType::Heavy,
                ..
            } => "heavy attack",
            BattleCommand::Melee { .. } => "grapple",
            BattleCommand::Block { .. } => "block",
            BattleCommand::Dodge { .. } => "dodge",
            BattleCommand::Escape { .. } => "escape",
            BattleCommand::Disengage { .. } => "disengage",
            BattleCommand::Series { .. } => "series of shots",
        }
    }
}

impl CommandOutcome {
    pub fn hero(&self) -> Entity {
        match self {
            CommandOutcome::Declared { hero, .. }
            | CommandOutcome::Committed { hero, .. }
            | CommandOutcome::Moved { hero, .. }
            | CommandOutcome::Faced { hero, .. }
            | CommandOutcome::WentProne { hero, .. }
            | CommandOutcome::StoodUp { hero, .. }
            | CommandOutcome::Ducked { hero, .. }
            | CommandOutcome::Emerged { hero, .. }
            | CommandOutcome::Readied { hero, .. }
            | CommandOutcome::Melee { hero, .. }
            | CommandOutcome::Prepared { hero, .. }
            | CommandOutcome::Escaped { hero, .. }
            | CommandOutcome::Cocked { hero, .. }
            | CommandOutcome::Worked { hero, .. }
            | CommandOutcome::Steered { hero, .. }
            | CommandOutcome::Reined { hero, .. }
            | CommandOutcome::Shot { hero, .. }
            | CommandOutcome::Reloaded { hero, .. }
            | CommandOutcome::Refused { hero, .. } => *hero,
        }
    }

    /// The outcome in words, for the panel and the log.
    pub fn describe(&self, name: &str) -> String {
        match self {
            CommandOutcome::Declared { what, ap, lost, .. } => {
                let lost = if *lost > 0 {
                    format!(", {lost} AP lost")
                } else {
                    String::new()
                };
                format!("{name} declares: {what} ({ap} AP{lost})")
            }
            CommandOutcome::Committed { what, ap, paid, .. } => {
                format!("{name} declares: {what} ({ap} AP), paying {paid} of {ap} so far")
            }
            CommandOutcome::Moved { path, ap, .. } => {
                format!("{name} moves {} paces ({ap} AP)", path.len())
            }
            CommandOutcome::Faced { facing, ap, .. } => {
                format!("{name} turns to hexside {facing} ({ap} AP)")
            }
            CommandOutcome::WentProne { ap, .. } => format!("{name} drops prone ({ap} AP)"),
            CommandOutcome::StoodUp { ap, .. } => format!("{name} stands up ({ap} AP)"),
            CommandOutcome::Ducked { cover, ap, .. } => {
                format!("{name} ducks behind the {cover} ({ap} AP)")
            }
            CommandOutcome::Emerged { ap, .. } => format!("{name} emerges from cover ({ap} AP)"),
            CommandOutcome::Melee { text, .. } | CommandOutcome::Escaped { text, .. } => {
                text.clone()
            }
            CommandOutcome::Prepared { what, ap, .. } => {
                format!("{name}: {what} ({ap} AP)")
            }
            CommandOutcome::Readied { weapon, ap, .. } => {
                format!("{name} readies the {weapon} ({ap} AP)")
            }
            CommandOutcome::Cocked { weapon, ap, .. } => {
                format!("{name} cocks the {weapon} ({ap} AP)")
            }
            CommandOutcome::Worked {
                objective,
                victories,
                ap,
                ..
            } => format!("{name} works on '{objective}': {victories} victories ({ap} AP)"),
            CommandOutcome::Steered { facing, ap, .. } => {
                format!("{name} steers the mount to hexside {facing} ({ap} AP)")
            }
            CommandOutcome::Reined { speed, ap, .. } => {
                format!("{name} sets the mount's speed to {speed} paces a round ({ap} AP)")
            }
            CommandOutcome::Shot { text, .. } => text.clone(),
            CommandOutcome::Reloaded {
                weapon, rounds, ap, ..
            } => format!("{name} loads the {weapon}: {rounds} rounds ({ap} AP)"),
            CommandOutcome::Refused { reason, .. } => format!("Refused: {reason}"),
        }
    }
}
