//! The model of a match: every component and per-match resource, in one place. The level's
//! heroes, cover and mounts are entities on the hex map; the round, the deck, the log and the
//! journal are resources. Systems and rules live above; this is data.

use super::intent::{Action, HeroId};
use crate::data::gear::Gear;
use crate::data::level::{Control, Level, TraitDef};
use crate::rules::action_time::ActionTrack;
use crate::rules::card::{Card, Location};
use crate::rules::check::CheckOptions;
use crate::rules::counter::Counter;
use crate::rules::damage::{Body, Fate};
use crate::rules::deck::Deck;
use crate::rules::hexmap::HexMap;
use crate::rules::movement::Gait;
use crate::rules::terrain::Material;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, VecDeque};

// ---- the battle and its figures ----

/// The battle's map and data.
#[derive(Resource, Debug, Clone)]
pub struct Battle {
    pub level: Level,
    pub map: HexMap,
    pub gear: Gear,
}

/// Everything a match spawns (despawned when it ends).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchEntity;

/// Where a figure stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexPos(pub Hex);

/// Which hexside a figure faces (0..6).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facing(pub u8);

/// The side a figure belongs to (index into the level's sides).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side(pub usize);

/// A hero or henchman and the numbers the rules need.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Hero {
    pub name: String,
    /// Shared with every copy of the hero (the lookups copy heroes often; these never change).
    pub traits: std::sync::Arc<BTreeMap<String, TraitDef>>,
    pub skills: std::sync::Arc<BTreeMap<String, u32>>,
    pub quickness: u32,
    pub initiative: u32,
    pub ap: u32,
    pub move_paces: u32,
    pub run: u32,
    pub size: u32,
    pub db: i32,
    pub defense: u32,
    /// Its place in the level's list: the order of initiative tests and of ties.
    pub order: usize,
    /// Will points left (dice pools).
    pub will: u32,
}

/// Dice pools: the hero's standing choices for its next attack or skill check: Venture tokens
/// (0 to 3, used once), and whether Will is spent when the check would fail.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolChoices {
    pub venture: u32,
    pub will: bool,
}

/// The hero's action track this round (rules::action_time).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Track(pub ActionTrack);

/// How the hero moved this round, for the ranged-combat rules ("Firer is moving", relative
/// speed): "Characters who use their Run characteristic are considered to have run for the
/// entire round."
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MovedThisRound(pub Option<Gait>);

/// Down on the ground.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prone(pub bool);

/// Damage taken: wounds per body part and concussion (rules::damage), and the stun.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Wounds {
    pub body: Body,
    pub stunned: bool,
    /// What the last hit did: a disabled limb, unconscious, killed.
    pub fate: Option<Fate>,
}

impl Wounds {
    /// The worst wound level, 0 to 5.
    pub fn worst(&self) -> u32 {
        self.body.worst()
    }
}

/// Ducked behind the cover object in the figure's hex.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BehindCover(pub bool);

/// Out of the fight (unconscious, dead or fled): no longer counts for its side.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Down(pub bool);

/// One weapon carried: readied, cocked, rounds loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeaponState {
    pub name: String,
    pub ready: bool,
    pub cocked: bool,
    pub rounds: u32,
    /// Worn in a holster: drawn for 1 AP.
    pub holstered: bool,
    /// Equipment failure: it will not fire until cleared.
    pub jammed: bool,
    /// Held in the off hand ("Two Weapons").
    pub off_hand: bool,
    /// A pistol with every chamber loaded, a round under the hammer.
    pub fully_loaded: bool,
    /// Rel raised by equal results of blocks made with it.
    pub rel_penalty: u32,
}

/// Weapons carried, by gear name. A level starts them loaded, the first one in hand.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Weapons(pub Vec<WeaponState>);

/// A hero riding a mount.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MountedOn(pub Entity);

/// A cover object.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Cover {
    pub name: String,
    pub material: Material,
    /// Armor Value left (ablation lowers it).
    pub av: u32,
    pub covers: Vec<Location>,
    pub from: Vec<u8>,
}

/// A mount, and its rider if any.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Mount {
    pub name: String,
    pub quickness: u32,
    /// Paces this round, spread over the 20 segments (continuous movement).
    pub speed: u32,
    /// The most it makes in a round.
    pub best_speed: u32,
    pub rider: Option<Entity>,
}

/// Whose side is human or computer.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct SideInfo {
    pub index: usize,
    pub name: String,
    pub color: (f32, f32, f32),
    pub control: Control,
}

/// The heroes' entities by `HeroId` (their place in the level).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Roster(pub Vec<Entity>);

impl Roster {
    /// The hero's entity; `None` for a hero who has not yet arrived (a `PLACEHOLDER`).
    pub fn entity(&self, id: HeroId) -> Option<Entity> {
        self.0
            .get(id.index())
            .copied()
            .filter(|&e| e != Entity::PLACEHOLDER)
    }

    /// The heroes on the map, in the level's order (those yet to arrive left out).
    pub fn present(&self) -> impl Iterator<Item = Entity> + '_ {
        self.0.iter().copied().filter(|&e| e != Entity::PLACEHOLDER)
    }
}

/// The mounts' and cover objects' entities, in the level's order (lookups walk these lists
/// instead of building a query each time).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub mounts: Vec<Entity>,
    pub covers: Vec<Entity>,
}

/// The battle is decided.
#[derive(Resource, Message, Debug, Clone, PartialEq, Eq)]
pub struct BattleOver {
    pub winner: usize,
    pub name: String,
    pub why: String,
}

impl BattleOver {
    /// "Laroq gang win: the last side standing".
    pub fn words(&self) -> String {
        crate::rules::words::verdict(&self.name, &self.why)
    }
}

// ---- ranged and hand-to-hand state ----

/// Entered or left cover this round ("Appearing/Disappearing").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AppearedThisRound(pub bool);

/// Two weapons in hand: the target a shot other than a snap shot went at this round ("It is
/// never possible to aim at two different targets, at least one of the shots must be attempted
/// as a snap shot").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TwoWeaponAim(pub Option<Entity>);

/// A failed Bravery check: "Aiming may not be attempted again this round."
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AimLost(pub bool);

/// Shots at a hero since its last action shake its aim ("Tactical Aiming").
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnderFire {
    pub shots: u32,
    pub hits: u32,
    /// Melee attacks at it, and whether one hit.
    pub melee: u32,
    pub melee_hit: bool,
}

/// How far a hero is dominated by the foes it is engaged with (0 none .. 3 full).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dominated(pub u32);

/// This round's close-combat state: prepared blocks, a dodge, whether it attacked, and how
/// many rounds in a row it has stood still while engaged.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CloseCombat {
    pub blocks: u32,
    pub dodge: Option<u8>,
    pub attacked: bool,
    pub rounds_still: u32,
}

/// Foes whose longer weapon this fighter has got inside (weapon-length rule).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Closed(pub Vec<Entity>);

/// Out for the "1d6 hours" after a calamity on a medicine roll: no roll revives it in this
/// fight.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BeyondReviving;

/// An action rushed into this segment (the optional rule): how it was rushed, and the Step of
/// the card flipped to resolve it; its Rush Tax is paid when it resolves.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rushed {
    pub rush: crate::rules::rush::Rush,
    pub step: Option<u32>,
    /// The round and segment it was rushed into.
    pub at: (u32, u32),
}

// ---- action time ----

/// Where the round stands.
#[derive(Resource, Debug, Clone, Default)]
pub struct RoundState {
    /// 0 before the first initiative step.
    pub round: u32,
    /// 0 in the initiative step; 21 and on beyond segment 20.
    pub segment: u32,
    /// Heroes still to declare in this segment, in ascending Quickness.
    pub declaring: VecDeque<Entity>,
    /// Actions fully paid that resolve at the end of this segment.
    pub due: Vec<Action>,
    /// The last initiative stack, for the window.
    pub stack: Vec<StackLine>,
    /// The round is over; the next step is an initiative step.
    pub round_over: bool,
    /// The segment's paid actions still to resolve, in order, with their stack cards, while
    /// the resolution waits for a player's choice (None when no resolution is under way).
    pub resolving: Option<VecDeque<(Action, Option<Card>)>>,
    /// Rounds fully played.
    pub completed: u32,
    /// Rushing (the optional rule): the round and segment whose declarations are done and whose
    /// heroes who may rush are asked in turn (once a segment).
    pub rush_window: Option<(u32, u32)>,
}

impl RoundState {
    pub fn now(&self) -> (u32, u32) {
        (self.round, self.segment)
    }

    /// The hero whose declaration it is.
    pub fn declarer(&self) -> Option<Entity> {
        self.declaring.front().copied()
    }
}

/// One line of an initiative stack: who, the card flipped, its Fragment, the bonus.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StackLine {
    pub actor: String,
    pub action: String,
    pub card: u8,
    pub fragment: u32,
    pub bonus: i32,
    pub total: i32,
}

/// An action being paid token by token.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Committed(pub Action);

/// The AP a hero paid for each of its actions now due (at the declaration, or token by token):
/// a move that costs more when it resolves goes only as far as these carry it (decision 138).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct PaidForDue(pub Vec<(Action, u32)>);

impl PaidForDue {
    /// `action` falls due, `ap` paid for it.
    pub fn record(world: &mut World, hero: Entity, action: &Action, ap: u32) {
        let mut paid = world.get::<PaidForDue>(hero).cloned().unwrap_or_default();
        paid.0.retain(|(a, _)| a != action);
        paid.0.push((action.clone(), ap));
        world.entity_mut(hero).insert(paid);
    }

    /// The AP paid for `action`, taken off the record as it resolves.
    pub fn take(world: &mut World, hero: Entity, action: &Action) -> Option<u32> {
        let mut paid = world.get_mut::<PaidForDue>(hero)?;
        let i = paid.0.iter().position(|(a, _)| a == action)?;
        Some(paid.0.remove(i).1)
    }
}

/// Why the action a hero pays toward cannot be made now (decision 134): as the segment is
/// called, its player is asked whether to give it up or go on paying.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct CannotBeMade(pub String);

/// AP a hero spends from the pool for the initiative stack (up to its Quick Draw level).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StackSpend(pub u32);

/// The match's options.
#[derive(Resource, Debug, Clone, Default)]
pub struct RoundOptions {
    /// Stop after this many rounds (`tarnation sim --rounds`).
    pub max_rounds: Option<u32>,
    /// Pause when this (round, segment) is reached (`tarnation play --until`).
    pub pause_at: Option<(u32, u32)>,
    pub check: CheckOptions,
    /// "Optional Rule: Weapon Length" (a level switches it on).
    pub weapon_length: bool,
    /// Rushing actions (an optional rule a level switches on; docs/rules-decisions.md 35).
    pub rushing: bool,
    /// Total movement instead of relative movement for a moving target (decision 129).
    pub total_movement: bool,
}

/// In the window: wait this long between computer declarations and empty segments, so a
/// player can follow the track; and not at all while the window still shows what happened
/// (`busy`: a figure gliding along its path, a shot's tracer). Absent headless.
/// At the step-by-step pace (`by_step`), each step of the computer waits for the player's
/// word (`step`, taken by the step it lets go); empty segments still follow at `delay`.
#[derive(Resource, Debug, Clone, Default)]
pub struct Pacing {
    /// Seconds before an empty segment goes by.
    pub delay: f32,
    /// Seconds before the computer's next declaration (the last step held to be read).
    pub declare_delay: f32,
    pub waited: f32,
    pub busy: bool,
    pub by_step: bool,
    pub step: bool,
}

/// Progress counters of the level's objectives (victories from complex checks), one for each
/// objective in the level's order; `None` for a contest (its `Contest` counts its victories).
#[derive(Resource, Debug, Clone, Default)]
pub struct Objectives(pub Vec<Option<Counter>>);

/// The level's contested objectives, by objective: the two sides' victories (the objective's
/// winner first, its rival second) and who completed it first (`rules::contest`).
#[derive(Resource, Debug, Clone, Default)]
pub struct Contests(pub Vec<Option<crate::rules::contest::Contest>>);

/// A hero holding its declarations until the next round.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holding;

/// The card flipped for the action being resolved, if the stack flipped one.
#[derive(Resource, Debug, Clone, Default)]
pub struct FlippedCard(pub Option<Card>);

/// The match's action deck: the one seeded source of randomness.
#[derive(Resource, Debug, Clone)]
pub struct ActionDeck {
    pub seed: u64,
    pub deck: Deck,
}

mod record;
pub use record::*;

/// An attack waiting for its player to spend its bumps ("Bumps are in-game currency the player
/// can use to tailor the results"): the match stands still until the firer's seat answers with
/// `Intent::SpendBumps`.
#[derive(Resource, Debug, Clone)]
pub struct PendingBumps {
    pub hero: Entity,
    /// Whom the attack hit.
    pub target: Entity,
    /// The action being resolved (filled by the round).
    pub action: Option<Action>,
    /// The attack as it will be carried out.
    pub attack: PendingAttack,
    pub bumps: u32,
    /// What each choice would do, the Judge's first.
    pub options: Vec<BumpOption>,
}

/// The attack that waits for its bumps.
#[derive(Debug, Clone)]
pub enum PendingAttack {
    /// A shot (or throw) as it will be fired, after tactical aiming.
    Shot(Box<crate::sim::actions::ranged::SeriesPlan>),
    /// A blow in hand to hand.
    Blow(Box<crate::sim::actions::melee::MeleePlan>),
}

/// A shot whose aim the Bravery check lost: "They may choose to make the snap shot or forgo
/// making a shot". The match stands still until the firer's seat answers with `Intent::Snap`.
#[derive(Resource, Debug, Clone)]
pub struct PendingSnap {
    pub hero: Entity,
    /// The action being resolved (filled by the round).
    pub action: Option<Action>,
    /// The shot as a snap shot.
    pub series: Box<crate::sim::actions::ranged::SeriesPlan>,
}

/// One way to spend an attack's bumps, and what it would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BumpOption {
    pub spend: crate::rules::shot::BumpSpend,
    pub location: crate::rules::card::Location,
    /// Bumps paid to move the hit, and the damage rows added.
    pub location_bumps: u32,
    pub damage_bumps: u32,
    /// Of the damage rows, those the hit adds of itself (`rules::shot::free_damage_rows`):
    /// the rest are bumps spent on damage.
    pub free_rows: u32,
    pub effect: u32,
    pub wounds: u32,
    pub conc: u32,
    /// The covered location was hit and the shot stopped there (D).
    pub stopped: bool,
    /// Hand to hand: bumps spent toward dominance, and the foe's dominance level after.
    pub dominance_bumps: u32,
    pub dominance: u32,
    /// The hit's damage type and the card's toggle: what the wounds do (`query::bump_fate`).
    pub damage: crate::rules::damage::DamageType,
    pub toggle: crate::rules::card::Toggle,
}

/// Each side's bonus pool ("a number of bonus counters equal to one less than the number of
/// players"), indexed by side; a hero is a player (its `HeroId` number) and holds at most one.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct BonusPools(pub Vec<crate::rules::bonus::BonusPool>);

/// The spend the hero means to make of its bonus counter on its next attack or skill check
/// (made when it adds something: a success for "Right on!", an effect read for "Aces!").
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusArmed(pub crate::rules::bonus::Spend);

/// The chances of success already worked out this match (the computer weighs the same odds
/// many times; the match's cards and system never change): the action deck's by the pool, TN
/// and direct adjustment; the other systems' by the check's terms as words.
#[derive(Resource, Debug, Default)]
pub struct ChanceMemo(pub std::sync::Mutex<ChanceTable>);

/// What `ChanceMemo` holds.
#[derive(Debug, Default)]
pub struct ChanceTable {
    pub deck: std::collections::HashMap<(crate::rules::die::Pool, u32, i32), f64>,
    pub other: std::collections::HashMap<String, f64>,
}
