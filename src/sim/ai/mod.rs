//! The computer player: when one of its heroes declares, it sends the same `Intent`s a human
//! would, through the same door. It registers itself as the computer seat (`AiPlugin`); the
//! round does not know it.

use super::actions::movement;
use super::actions::{melee, price, ranged as combat};
use super::intent::{Action, HeroId, Intent};
use super::model::{
    Battle, BehindCover, Committed, Facing, Hero, HexPos, Mount, MountedOn, Prone, Side,
    StackSpend, Track, Weapons,
};
use super::query::{self, enemies_by_distance, engaged_foes, hero_id, occupied_hexes};
use super::seats::{ComputerChoices, ComputerPlayer, Decision};
use crate::data::level::AiLevel;
use crate::rules::action_time::ActionTrack;
use crate::rules::hexmap::{hex_at, hexside_toward, step};
use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::movement::turned;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use hexx::Hex;

mod answers;
mod choices;
mod close;
mod dodge;
mod give_up;
mod goals;
mod holdout;
mod paths;
mod position;
mod reasons;

/// The computer's reason for a pass when nothing is worth its AP: the pass says it already
/// ("passes, 2 AP left"), so the words over the map leave it out.
pub const KEEPS_ITS_AP: &str = "nothing worth its AP this segment: it keeps them in front";
mod riders;
mod weigh;
mod worth;
pub use choices::{answer_choice, computer_spend};
use close::close_combat;
use close::close_combat_by;
use goals::{area_to_reach, go_for_loot, make_for_area};
use paths::{approach, approach_at, approach_avoiding, claimed_hexes};

/// Registers the computer player as the seat of computer-controlled sides.
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ComputerPlayer(player))
            .insert_resource(ComputerChoices {
                spend_bumps: computer_spend,
                answer_choice,
            });
    }
}

/// The computer's intent for the hero whose declaration it is, and why, at its side's level.
pub fn player(world: &mut World, id: HeroId) -> Decision {
    let Some(hero) = query::entity(world, id) else {
        return Decision::bare(Intent::Pass { hero: id });
    };
    let level = level_of(world, hero);
    if let Some(answer) = give_up::answer(world, hero, id, level) {
        return answer;
    }
    match level {
        AiLevel::Easy => easy(world, hero, id),
        level => weigh::player(world, hero, id, level == AiLevel::Hard),
    }
}

/// The level the computer plays the hero's side at.
pub fn level_of(world: &World, hero: Entity) -> AiLevel {
    let side = query::side_of(world, hero);
    world
        .resource::<Battle>()
        .level
        .sides
        .get(side)
        .map_or(AiLevel::Easy, |s| s.ai_level())
}

/// `easy`: the first computer player's fixed order of habits, unchanged (its matches are
/// those it played before the levels existed, reasons aside).
fn easy(world: &mut World, hero: Entity, id: HeroId) -> Decision {
    // Rushing on, the segment's declarations made: rush or pass.
    if super::round::rush_window_open(world) {
        return match rush_choice(world, hero) {
            Some(action) => Decision::new(
                Intent::Rush(action),
                "a foe's attack at it is due: its shot, cut to what is paid, goes on the stack",
            ),
            None => Decision::bare(Intent::Pass { hero: id }),
        };
    }
    if let Some(intent) = before_declaring(world, hero, id) {
        return intent;
    }
    match decide_because(world, hero) {
        Some((action, why)) => Decision::new(Intent::Declare(action), why),
        None => Decision::bare(Intent::Pass { hero: id }),
    }
}

/// The choices made before a declaration: the AP spent on the stack, Will, the bonus counter.
fn before_declaring(world: &World, hero: Entity, id: HeroId) -> Option<Decision> {
    quick_draw_habit(world, hero, id).or_else(|| other_choices(world, hero, id))
}

/// A quick-draw artist spends what AP it may to go first when actions clash.
fn quick_draw_habit(world: &World, hero: Entity, id: HeroId) -> Option<Decision> {
    if let Some(&level) = world
        .get::<Hero>(hero)
        .and_then(|h| h.skills.get("Quick Draw"))
        && world.get::<StackSpend>(hero).map_or(0, |s| s.0) != level
    {
        return Some(Decision::new(
            Intent::StackSpend {
                hero: id,
                ap: level,
            },
            "Quick Draw: AP spent to go first when actions clash",
        ));
    }
    None
}

/// Will and the bonus counter, before a declaration.
fn other_choices(world: &World, hero: Entity, id: HeroId) -> Option<Decision> {
    // Dice pools: a hero with Will spends it rather than fail.
    if world.resource::<super::model::RoundOptions>().check.system
        == crate::rules::check::Resolution::DicePool
        && world.get::<Hero>(hero).is_some_and(|h| h.will > 0)
        && !world
            .get::<super::model::PoolChoices>(hero)
            .is_some_and(|c| c.will)
    {
        return Some(Decision::new(
            Intent::Will {
                hero: id,
                spend: true,
            },
            "Will spent rather than fail a check",
        ));
    }
    // A bonus counter in hand goes on the next attack's effect: "Aces!" (+2) counts on any
    // hit, where "Right on!" adds a bump only now and then.
    if super::bonus::holds(world, hero) && super::bonus::armed(world, hero).is_none() {
        return Some(Decision::new(
            Intent::Bonus {
                hero: id,
                spend: Some(crate::rules::bonus::Spend::Aces),
            },
            "\"Aces!\" counts on any hit",
        ));
    }
    None
}

/// The `easy` computer's declaration for `hero`, or `None` to pass this segment.
pub fn decide(world: &mut World, hero: Entity) -> Option<Action> {
    decide_because(world, hero).map(|(action, _)| action)
}

/// The `easy` computer's declaration for `hero` and the habit it follows.
pub fn decide_because(world: &mut World, hero: Entity) -> Option<(Action, String)> {
    let why = |s: &str| s.to_string();
    let h = world.get::<Hero>(hero)?.clone();
    let id = hero_id(world, hero);
    let track = world.get::<Track>(hero)?.0.clone();
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    let mounted = world.get::<MountedOn>(hero).map(|m| m.0);
    if let Some(found) = ride_or_stand(world, hero) {
        return Some(found);
    }
    if world.get::<BehindCover>(hero).is_some_and(|b| b.0) {
        return Some((
            Action::EmergeFromCover { hero: id },
            why("out from behind cover to shoot"),
        ));
    }
    // A fallen ally beside it, and no foe on it: bring them round.
    if let Some(command) = revive(world, hero, &track) {
        return Some((command, why("a fallen ally beside it, no foe on it")));
    }
    // An objective its side wins by, and a skill for it: go there and work on it.
    if let Some(objective) = objective_for(world, &h, side) {
        return work_objective(world, hero, &h, &track, objective, false);
    }
    // Loot its side wins by carrying out, and an area its side wins by reaching (a level's
    // counters): take it, go there.
    if let Some(found) = go_for_loot(world, hero, &h, &track, (false, Gait::Walk)) {
        return Some(found);
    }
    if let Some(found) = make_for_area(world, hero, &h, &track, (false, Gait::Walk)) {
        return Some(found);
    }
    // A gun in hand, loaded and cocked; then the best shot at the nearest enemy in sight.
    if let Some(command) = arm(world, hero, &track) {
        return Some((command, why("a gun in hand, loaded and cocked first")));
    }
    if let Some((command, chance)) = shoot(world, hero, &track) {
        let odds = format!(
            "the nearest enemy in sight, at the best odds its AP pay: {:.0} % to hit",
            chance * 100.0
        );
        return Some((command, odds));
    }
    if mounted.is_some() {
        return None;
    }
    // No shot: a fallen ally near enough to reach and revive.
    if let Some(command) = go_to_fallen(world, hero, &h, &track) {
        return Some((command, why("goes to revive a fallen ally")));
    }
    // Within a pace of a foe with no shot to take: fight hand to hand, or get free.
    if let Some(command) = close_combat(world, hero, &track) {
        return Some((
            command,
            why("a foe within a pace and no shot: hand to hand"),
        ));
    }
    let target = nearest_enemy(world, side, pos)?;
    if has_gun(world, hero)
        && let Some(command) = take_cover(world, hero, &h, &track, target)
    {
        return Some((command, why("no shot: into cover from the nearest enemy")));
    }
    // No shot: close on the nearest enemy standing.
    if target.unsigned_distance_to(pos) <= 1 {
        return None;
    }
    approach(world, hero, &h, &track, target)
        .map(|c| (c, why("no shot: closes on the nearest enemy")))
}

/// First for every level: a rider keeps the mount going, a hero lying prone stands up.
fn ride_or_stand(world: &mut World, hero: Entity) -> Option<(Action, String)> {
    if let Some(mount) = world.get::<MountedOn>(hero).map(|m| m.0)
        && let Some(command) = ride(world, hero, mount)
    {
        return Some((command, "a rider keeps the mount going".into()));
    }
    world.get::<Prone>(hero).is_some_and(|p| p.0).then(|| {
        let hero = hero_id(world, hero);
        (
            Action::StandUp { hero },
            "it lies prone: up to fight".into(),
        )
    })
}

/// Work on the objective at `at` (within a pace), or go there; `claimed`: round the hexes
/// other figures' moves of this segment end in. `None`: its work cannot be declared now.
fn work_objective(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
    (objective, at): (usize, Hex),
    claimed: bool,
) -> Option<(Action, String)> {
    let pos = world.get::<HexPos>(hero)?.0;
    if at.unsigned_distance_to(pos) <= 1 {
        let command = Action::WorkObjective {
            hero: hero_id(world, hero),
            objective,
        };
        return price(world, &command).is_ok().then(|| {
            (
                command,
                "its side wins by the objective: works on it".into(),
            )
        });
    }
    approach_avoiding(world, hero, h, track, at, claimed)
        .map(|c| (c, "goes to the objective its side wins by".into()))
}

/// Ready the first ranged weapon with rounds, load an empty or jammed one (speed loading when
/// the hero has the skill and it pays), cock it.
fn arm(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    let id = hero_id(world, hero);
    let weapons = world.get::<Weapons>(hero)?.0.clone();
    // What the gear says of each weapon carried: ranged, and cocked by hand.
    let (ranged, cocking): (Vec<bool>, Vec<bool>) = {
        let gear = &world.resource::<Battle>().gear;
        weapons
            .iter()
            .map(|w| {
                gear.weapon(&w.name)
                    .map_or((false, false), |g| (g.is_ranged(), g.needs_cocking()))
            })
            .unzip()
    };
    if let Some(i) = weapons.iter().position(|w| w.ready)
        && ranged[i]
    {
        let w = &weapons[i];
        if w.jammed || w.rounds == 0 {
            if let Some(command) = speed_load(world, hero, track) {
                return Some(command);
            }
            let reload = Action::Reload { hero: id };
            if price(world, &reload).is_ok() {
                return Some(reload);
            }
            // A thrown weapon gone, or nothing to load: take another gun.
        } else if cocking[i] && !w.cocked {
            return Some(Action::Cock { hero: id });
        } else {
            return None;
        }
    }
    let next = weapons
        .iter()
        .enumerate()
        .position(|(i, w)| !w.ready && !w.jammed && w.rounds > 0 && ranged[i])?;
    let ready = Action::Ready {
        hero: id,
        weapon: next,
    };
    price(world, &ready).is_ok().then_some(ready)
}

/// The shot with the best odds the round's AP can pay; a cheaper one when its odds are close;
/// and its chance to hit.
fn shoot(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<(Action, f64)> {
    let id = hero_id(world, hero);
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    for (_, target) in enemies_by_distance(world, side, pos) {
        let mut options: Vec<(f64, u32, ShotKind)> = [
            ShotKind::Snap,
            ShotKind::Normal,
            ShotKind::Aimed(1),
            ShotKind::Aimed(2),
        ]
        .into_iter()
        .filter_map(|kind| combat::plan(world, hero, target, kind).ok())
        .filter(|p| p.ap <= track.left())
        .map(|p| (p.chance, p.ap, p.kind))
        .collect();
        if options.is_empty() {
            continue;
        }
        let best = options.iter().map(|o| o.0).fold(0.0, f64::max);
        options.retain(|o| o.0 >= best - CLOSE_ODDS);
        options.sort_by_key(|o| o.1);
        let (chance, _, kind) = options[0];
        let command = Action::Shoot {
            hero: id,
            target: hero_id(world, target),
            kind,
        };
        return Some((command, chance));
    }
    None
}

/// A loaded gun to shoot with, in hand or to be readied.
fn has_gun(world: &World, hero: Entity) -> bool {
    let gear = &world.resource::<Battle>().gear;
    world.get::<Weapons>(hero).is_some_and(|w| {
        w.0.iter().any(|w| {
            !w.jammed && w.rounds > 0 && gear.weapon(&w.name).is_some_and(|g| g.is_ranged())
        })
    })
}

/// Odds within this of the best are worth the fewer AP.
const CLOSE_ODDS: f64 = 0.08;

/// Step into cover from `enemy` when a hex with it is in reach of the tokens in front.
fn take_cover(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
    enemy: Hex,
) -> Option<Action> {
    let id = hero_id(world, hero);
    let pos = world.get::<HexPos>(hero)?.0;
    let facing = world.get::<Facing>(hero)?.0;
    let covers: Vec<(Hex, Vec<u8>)> = query::covers(world)
        .into_iter()
        .map(|(_, at, c)| (at, c.from))
        .collect();
    let covered = |at: Hex| {
        covers
            .iter()
            .any(|(h, from)| *h == at && from.contains(&hexside_toward(at, enemy)))
    };
    if covered(pos) || track.in_front == 0 {
        return None;
    }
    let occupied = occupied_hexes(world, hero);
    let reach =
        movement::search_within(world, pos, facing, h, Gait::Walk, &occupied, track.in_front);
    let to = reach
        .hexes()
        .filter(|(to, cost)| cost.total <= track.in_front && covered(*to))
        .min_by_key(|(to, cost)| (cost.total, to.x, to.y))?
        .0;
    Some(Action::Move {
        hero: id,
        to,
        gait: Gait::Walk,
    })
}

fn objective_for(world: &World, hero: &Hero, side: usize) -> Option<(usize, Hex)> {
    let battle = world.resource::<Battle>();
    let side_name = &battle.level.sides[side].name;
    let mut i = 0;
    for v in &battle.level.victory {
        if let crate::data::level::Victory::Objective {
            winner,
            task,
            rival,
            ..
        } = v
        {
            // Its side's objective, or one its side contests.
            if let Some(task) = task
                && (winner == side_name || rival.as_ref() == Some(side_name))
                && hero.skills.contains_key(&task.skill)
            {
                return Some((i, hex_at(task.at.0, task.at.1)));
            }
            i += 1;
        }
    }
    None
}

fn nearest_enemy(world: &World, side: usize, from: Hex) -> Option<Hex> {
    let (_, e) = *enemies_by_distance(world, side, from).first()?;
    query::position(world, e)
}

/// A rider keeps the mount going: steer round what halts it, then spur it back to speed.
fn ride(world: &mut World, hero: Entity, mount: Entity) -> Option<Action> {
    let id = hero_id(world, hero);
    let m = world.get::<Mount>(mount)?.clone();
    let at = world.get::<HexPos>(mount)?.0;
    let facing = world.get::<Facing>(mount)?.0;
    if m.speed > 0 {
        return None;
    }
    let occupied = occupied_hexes(world, hero);
    let battle = world.resource::<Battle>();
    let open = |f: u8| open_to_ride(battle, &occupied, step(at, f));
    if !open(facing) {
        let turn = [1u8, 5, 2, 4, 3]
            .into_iter()
            .map(|d| turned(facing, d as i32))
            .find(|&f| open(f))?;
        return Some(Action::Steer {
            hero: id,
            facing: turn,
        });
    }
    Some(Action::Rein {
        hero: id,
        speed: m.best_speed,
    })
}

/// A hex a mount can go on into: on the map, passable, nobody standing there.
fn open_to_ride(battle: &Battle, occupied: &[Hex], hex: Hex) -> bool {
    battle.map.tile(hex).is_some_and(|t| t.terrain.passable()) && !occupied.contains(&hex)
}

/// A speed load instead of a reload, when the hero has the Speed Load skill and it pays: the
/// speed load's AP and, on a failure, the rest of the reload, against the reload's AP
/// (`rules::weapons::speed_load_pays`, with the exact chance of the check).
fn speed_load(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    use crate::rules::weapons::{SPEED_LOAD_SKILL, SPEED_LOAD_TN, SPEED_LOAD_TRAIT};
    let id = hero_id(world, hero);
    let h = world.get::<Hero>(hero)?.clone();
    if !h.skills.contains_key(SPEED_LOAD_SKILL) {
        return None;
    }
    let command = Action::SpeedLoad { hero: id };
    let missing = match price(world, &command).ok()?.plan {
        super::actions::Plan::SpeedLoad { missing, .. } => missing,
        _ => return None,
    };
    let request = crate::rules::check::CheckRequest::simple(
        super::deck::skill_pool(&h, SPEED_LOAD_SKILL, SPEED_LOAD_TRAIT),
        SPEED_LOAD_TN,
    );
    let chance = super::deck::success_chance(world, &request);
    crate::rules::weapons::speed_load_pays(chance, missing, track.in_front).then_some(command)
}

/// An unconscious ally beside the hero to revive, when no foe is within a pace of it.
fn revive(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    let fallen = fallen_allies(world, hero);
    if fallen.is_empty() || !engaged_foes(world, hero).is_empty() {
        return None;
    }
    let id = hero_id(world, hero);
    let commands: Vec<Action> = fallen
        .into_iter()
        .map(|ally| Action::Revive {
            hero: id,
            target: hero_id(world, ally),
        })
        .collect();
    commands
        .into_iter()
        .find(|command| price(world, command).is_ok_and(|p| p.ap <= track.left()))
}

/// Walk toward the nearest revivable ally within a few paces.
fn go_to_fallen(world: &mut World, hero: Entity, h: &Hero, track: &ActionTrack) -> Option<Action> {
    if track.left() < crate::rules::medicine::revive_ap() {
        return None;
    }
    let fallen = fallen_allies(world, hero);
    if fallen.is_empty() || !engaged_foes(world, hero).is_empty() {
        return None;
    }
    let pos = world.get::<HexPos>(hero)?.0;
    let ally = fallen
        .into_iter()
        .filter_map(|a| query::position(world, a))
        .filter(|at| (2..=FALLEN_REACH).contains(&at.unsigned_distance_to(pos)))
        .min_by_key(|at| (at.unsigned_distance_to(pos), at.x, at.y))?;
    approach(world, hero, h, track, ally)
}

/// How far the computer goes to revive an ally.
const FALLEN_REACH: u32 = 4;

/// Unconscious allies that a medicine roll can still bring round, in the level's order.
fn fallen_allies(world: &World, hero: Entity) -> Vec<Entity> {
    let side = query::side_of(world, hero);
    query::heroes(world)
        .into_iter()
        .filter(|&e| e != hero && super::actions::aid::revivable(world, e))
        .filter(|&e| query::side_of(world, e) == side)
        .collect()
}

/// Rushing: a shot it is paying for cut down to one already paid ("a character using a Henry
/// rifle who has paid 6 AP toward an aimed shot may perform a normal shot"), free of Rush Tax,
/// when a foe's attack at it is due this segment: its shot goes on the stack with the foe's.
fn rush_choice(world: &mut World, hero: Entity) -> Option<Action> {
    let id = hero_id(world, hero);
    let Some(Committed(Action::Shoot { target, .. })) = world.get::<Committed>(hero).cloned()
    else {
        return None;
    };
    let paid = world.get::<Track>(hero)?.0.commitment.as_ref()?.paid;
    let threatened = world
        .resource::<super::model::RoundState>()
        .due
        .iter()
        .any(|a| a.shoots_at(id) || matches!(a, Action::Melee { target, .. } if *target == id));
    if !threatened {
        return None;
    }
    [ShotKind::Aimed(1), ShotKind::Normal, ShotKind::Snap]
        .into_iter()
        .map(|kind| Action::Shoot {
            hero: id,
            target,
            kind,
        })
        .find(|command| price(world, command).is_ok_and(|p| p.ap <= paid))
}
