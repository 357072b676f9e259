//! `normal` and `hard` answering what the table shows, before they weigh a shot: a hero a foe
//! presses fights before any chore, a walk away from a foe is made carefully, an empty gun is
//! loaded in cover, a brawler goes to blows rather than make a long load, Quick Draw's AP go on
//! the stack only when attacks clash, a shot past an ally counts less, and `hard` ducks from a
//! shot it sees coming. The riders' answers are `riders`.

use super::weigh::{best_shot_at, close_reason, cocking_ap, loaded_gun, threats};
use super::worth::attacking;
use super::*;
use crate::sim::model::{UnderFire, Wounds};

/// `hard`: a foe's shot at the hero is on the table (declared, paid or being paid) and the
/// hero's hex has cover: it ducks behind it before the shot goes off (a ducked target is
/// "unseen", -3, and the cover stands before every location), and stays down, loading and
/// cocking there, until that shot has gone off. `Some(None)`: it waits behind cover.
pub(super) fn duck_from_shot(
    world: &mut World,
    hero: Entity,
    track: &ActionTrack,
) -> Option<Option<(Action, String)>> {
    let shooter = shot_coming(world, hero)?;
    let name = query::hero_name(world, shooter);
    let id = hero_id(world, hero);
    if world.get::<BehindCover>(hero).is_some_and(|b| b.0) {
        let found = arm(world, hero, track)
            .filter(|command| price(world, command).is_ok())
            .map(|command| {
                let why = format!("{name}'s shot at it is still coming: loads behind cover");
                (command, why)
            });
        return Some(found);
    }
    if let Some(shot) = shoot_the_getaway(world, hero, track) {
        return Some(Some(shot));
    }
    let duck = Action::DuckBehindCover { hero: id };
    if !engaged_foes(world, hero).is_empty()
        || !price(world, &duck).is_ok_and(|p| p.ap <= track.left())
    {
        return None;
    }
    let why = format!(
        "{name} is paying for a shot at it: ducks behind the cover of its hex before it goes off"
    );
    Some(Some((duck, why)))
}

/// `hard`, about to duck from a shot: a foe making for the area its side wins by (a strongbox
/// carried out) is shot at instead, when the hero has a shot at one; a duck and the emerging
/// after cost 2 AP and the match. An audit saw the bank job's law duck in 21 matches of 30
/// while a strongbox was still on its way out.
fn shoot_the_getaway(
    world: &mut World,
    hero: Entity,
    track: &ActionTrack,
) -> Option<(Action, String)> {
    let side = query::side_of(world, hero);
    let pos = query::position(world, hero)?;
    let runners: Vec<Entity> = enemies_by_distance(world, side, pos)
        .into_iter()
        .map(|(_, f)| f)
        .filter(|&f| area_to_reach(world, f).is_some())
        .collect();
    if runners.is_empty() {
        return None;
    }
    let (shot, why) = best_shot_at(world, hero, track, true, Some(&runners))?;
    Some((
        shot,
        format!("{why}; a foe is getting away: shoots rather than ducks"),
    ))
}

/// `hard`: the chance a normal or aimed shot keeps its aim ("Tactical Aiming"): 1 when nothing
/// has been fired or struck at the hero since its last action nor is on the table, 0 after a
/// blow hit it, else its Bravery check's; a foe's shot at it on the table counts, as it goes
/// off while the hero pays for its own (an audit saw Hank declare a 5 AP aimed shot with the vaquero's
/// snap shot at him on the table, three matches of three, and lose the aim each time).
/// `normal` counts no Bravery: measured against `easy`, 2 000 matches, the odds it gave snap
/// shots under fire cost a point on the longhorn fire (65.0 to 64.0 %): an aimed shot's
/// higher result also buys bumps, which the hits an AP do not count.
pub(super) fn aim_holds(world: &World, hero: Entity, hard: bool) -> f64 {
    if !hard {
        return 1.0;
    }
    let mut fire = world.get::<UnderFire>(hero).copied().unwrap_or_default();
    if hard && shot_coming(world, hero).is_some() {
        fire.shots += 1;
    }
    crate::sim::actions::ranged::aim_keeps(world, hero, fire)
}

/// A foe whose shot at the hero is on the table: declared this segment or being paid.
fn shot_coming(world: &World, hero: Entity) -> Option<Entity> {
    let id = hero_id(world, hero);
    let at_hero = |a: &Action| a.shoots_at(id);
    let side = query::side_of(world, hero);
    let foes = query::heroes(world)
        .into_iter()
        .filter(|&e| query::side_of(world, e) != side && !query::is_down(world, e));
    for foe in foes {
        if world.get::<Committed>(foe).is_some_and(|c| at_hero(&c.0)) {
            return Some(foe);
        }
    }
    let due = &world.resource::<super::super::model::RoundState>().due;
    due.iter()
        .find(|a| at_hero(a))
        .and_then(|a| query::entity(world, a.hero()))
}

/// A foe within a pace pressing the hero (its blows at it on the table, or a fighter with no
/// loaded gun beside it) comes before any chore: no objective worked, no gun reloaded, while a
/// knife is at its back. A gun that can fire shoots (the best shot at any foe, point-blank at
/// TN 3 among them), a loaded one is cocked; else the block and the blow of hand to hand. A
/// runner to an area its side wins by keeps going (carefully). Turning to face a foe at its
/// back was tried and lost brawls: with two foes, one is always behind.
pub(super) fn fight_back(
    world: &mut World,
    hero: Entity,
    track: &ActionTrack,
    hard: bool,
) -> Option<(Action, String)> {
    let foes = engaged_foes(world, hero);
    let pressed = foes.iter().any(|&f| pressing(world, hero, f));
    if !pressed || world.get::<MountedOn>(hero).is_some() || runner(world, hero) {
        return None;
    }
    let id = hero_id(world, hero);
    if loaded_gun(world, hero) {
        if let Some(shot) = best_shot_at(world, hero, track, hard, None) {
            return Some(shot);
        }
        let cock = Action::Cock { hero: id };
        if cocking_ap(world, hero) > 0 && price(world, &cock).is_ok_and(|p| p.ap <= track.left()) {
            return Some((cock, "a foe presses it: cocks to shoot".into()));
        }
    }
    // A single-shot rifle loads in 1 AP, a loaded pistol is drawn in 1: quicker than any blow.
    if let Some(command) = arm_quickest(world, hero, track)
        && price(world, &command).is_ok_and(|p| p.ap <= QUICK_ARM.min(track.left()))
    {
        let why = match command {
            Action::Ready { .. } => "a foe presses it: draws a loaded gun, then a shot",
            _ => "a foe presses it: a quick load, then a shot",
        };
        return Some((command, why.into()));
    }
    let command = close_combat_by(world, hero, track, true)?;
    let reason = close_reason(world, &command);
    Some((
        command,
        format!("{reason}; a foe beside it: the fight comes first"),
    ))
}

/// The AP a gun made ready may cost while a foe presses the hero.
const QUICK_ARM: u32 = 2;

/// `foe`, within a pace and not stunned, pays for blows at the hero, or stands there with no
/// loaded gun (a fighter hand to hand).
pub(super) fn pressing(world: &World, hero: Entity, foe: Entity) -> bool {
    if world.get::<Wounds>(foe).is_some_and(|w| w.stunned) {
        return false;
    }
    let id = hero_id(world, hero);
    match world.get::<Committed>(foe) {
        Some(Committed(Action::Melee { target, .. })) => *target == id,
        Some(Committed(Action::MeleeSeries { blows, .. })) => blows.iter().any(|b| b.0 == id),
        _ => !loaded_gun(world, foe) && !query::is_down(world, foe),
    }
}

/// A walk away from a foe within a pace made carefully (2 AP more, no free blow) when the AP
/// allow it.
pub(super) fn carefully(
    world: &mut World,
    hero: Entity,
    track: &ActionTrack,
    found: (Action, String),
) -> (Action, String) {
    // A foe whose track holds no AP for a free blow ("a hand-to-hand attack for one fewer
    // AP") is left without care: Octavio paid 4 AP to leave a deputy recovering from a stun.
    if let (Action::Move { hero: id, to, .. }, why) = &found
        && engaged_foes(world, hero)
            .into_iter()
            .any(|foe| melee::pays_a_free_attack(world, foe))
    {
        let careful = Action::Disengage { hero: *id, to: *to };
        if price(world, &careful).is_ok_and(|p| p.ap <= track.left()) {
            return (careful, format!("{why}, carefully: no free blow"));
        }
    }
    found
}

/// The hero carries loot out, or makes for an area its side wins by reaching: it keeps going.
fn runner(world: &World, hero: Entity) -> bool {
    super::area_to_reach(world, hero).is_some()
}

/// The most AP a hero walks to cover before a slow load.
const TO_COVER_AP: u32 = 2;

/// An empty gun that takes a slow load (3 AP and more) where a loaded enemy gun sees the hero
/// uncovered: it walks first, 2 AP at most, to a hex covered from every gun that sees it, or
/// out of their sight, and loads there (a play-test saw a gunman load for 6 AP in the open
/// under two guns).
pub(super) fn cover_to_load(
    world: &mut World,
    hero: Entity,
    h: &Hero,
    track: &ActionTrack,
) -> Option<(Action, String)> {
    if world.get::<MountedOn>(hero).is_some()
        || world.get::<BehindCover>(hero).is_some_and(|b| b.0)
        || !engaged_foes(world, hero).is_empty()
    {
        return None;
    }
    if long_load_fights(world, hero, track) {
        return None;
    }
    let load = arm(world, hero, track)?;
    if !matches!(load, Action::Reload { .. } | Action::SpeedLoad { .. })
        || price(world, &load).ok()?.ap < 3
    {
        return None;
    }
    let pos = world.get::<HexPos>(hero)?.0;
    let here = threats(world, hero, pos);
    if !here.in_the_open() {
        return None;
    }
    let facing = world.get::<Facing>(hero)?.0;
    let mut occupied = occupied_hexes(world, hero);
    occupied.extend(claimed_hexes(world, hero));
    let budget = track.in_front.min(TO_COVER_AP);
    if budget == 0 || track.left() <= budget {
        return None;
    }
    let side = world.get::<Side>(hero)?.0;
    let enemy = nearest_enemy(world, side, pos)?;
    let reach = movement::search_within(world, pos, facing, h, Gait::Walk, &occupied, budget);
    let (_, _, to, covered) = reach
        .hexes()
        .filter(|(to, cost)| cost.total <= budget && *to != pos)
        .filter_map(|(to, cost)| {
            let t = threats(world, hero, to);
            let covered = match t.covered_from_all {
                Some(true) => true,
                None => false,
                Some(false) => return None,
            };
            Some((cost.total, to.unsigned_distance_to(enemy), to, covered))
        })
        .min_by_key(|&(cost, near, to, _)| (cost, near, to.x, to.y))?;
    // A jammed gun is cleared by the same load: said as what it is (a play-test read "empty"
    // for a gun that had jammed).
    let state = if query::weapon_in_hand(world, hero).is_some_and(|(_, w, _)| w.jammed) {
        "jammed"
    } else {
        "empty"
    };
    // Said whole: a play-test read "its gun empty and a loaded gun on it: to cover before it
    // loads" as garbled.
    let to_where = if covered {
        "goes to cover"
    } else {
        "goes out of its sight"
    };
    Some((
        Action::Move {
            hero: hero_id(world, hero),
            to,
            gait: Gait::Walk,
        },
        format!("its gun is {state} and a foe's loaded gun sees it: {to_where} to load"),
    ))
}

/// `normal` and `hard` with a foe pressing them: `arm`, but where the gun in hand is jammed or
/// empty and another loaded gun is carried that is drawn (and cocked) for fewer AP than the jam
/// is cleared or the gun loaded, that gun is drawn (an audit saw Miranda clear her Sharps' jam
/// for 5 AP, a loaded Peacemaker holstered, while Dave's knife came at her). Out of a fight it
/// lost: a pistol drawn for a rifle at long range (the bench level 54 to 46 % for `hard`).
fn arm_quickest(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    let command = arm(world, hero, track)?;
    if !matches!(command, Action::Reload { .. } | Action::SpeedLoad { .. }) {
        return Some(command);
    }
    let load = price(world, &command).map_or(u32::MAX, |p| p.ap);
    let id = hero_id(world, hero);
    let weapons = world.get::<Weapons>(hero)?.0.clone();
    let drawn = weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.ready && !w.jammed && w.rounds > 0)
        .filter_map(|(i, w)| {
            let gear = world.resource::<Battle>().gear.weapon(&w.name)?;
            if !gear.is_ranged() {
                return None;
            }
            let cock = u32::from(gear.needs_cocking() && !w.cocked);
            let ready = Action::Ready {
                hero: id,
                weapon: i,
            };
            let ap = price(world, &ready).ok()?.ap + cock;
            Some((ap, i, ready))
        })
        .min_by_key(|&(ap, i, _)| (ap, i));
    match drawn {
        Some((ap, _, ready)) if ap < load => Some(ready),
        _ => Some(command),
    }
}

/// A load longer than a round's AP (a Gatling's 34) by a hero who fights hand to hand
/// (Brawling or a Melee skill of 2 or more) is no load to make in a fight: it goes to blows
/// (`normal` and `hard`; the habits reload). The mine raid's Angus cranked 34 AP of reload on
/// the bluff while Hank set the charges below.
pub(super) fn long_load_fights(world: &mut World, hero: Entity, track: &ActionTrack) -> bool {
    if !fighter(world, hero) {
        return false;
    }
    arm(world, hero, track).is_some_and(|load| {
        matches!(load, Action::Reload { .. } | Action::SpeedLoad { .. })
            && price(world, &load).is_ok_and(|p| p.ap > LONG_LOAD)
    })
}

/// A hero who fights hand to hand: Brawling or a Melee skill of 2 or more.
pub(super) fn fighter(world: &World, hero: Entity) -> bool {
    world.get::<Hero>(hero).is_some_and(|h| {
        h.skills.iter().any(|(k, v)| {
            (k.starts_with("Brawling") || k.starts_with("Melee")) && *v >= FIGHTER_SKILL
        })
    })
}

/// A load longer than this many AP is no load to make in a fight.
const LONG_LOAD: u32 = 12;
/// The hand-to-hand skill that makes a hero go to blows rather than make a long load.
const FIGHTER_SKILL: u32 = 2;

/// Quick Draw's AP set aside for the stack only for an attack while a foe's attack is on the
/// table (declared, or due this segment): the habits spend them on every action that joins
/// the stack, a cock among allies' moves too (a play-test counted 35 AP of Quick Draw on
/// cocking alone in a bank job). Measured, 2 000 matches against `easy`: the street duel 62.0
/// to 63.8 %, the bank job 55.8 to 61.3 %.
pub(super) fn quick_draw_when_clashing(
    world: &World,
    hero: Entity,
    id: HeroId,
    declared: Option<&(Action, String)>,
) -> Option<Decision> {
    let &level = world.get::<Hero>(hero)?.skills.get("Quick Draw")?;
    let attack = declared.is_some_and(|(a, _)| {
        matches!(
            a,
            Action::Shoot { .. } | Action::Melee { .. } | Action::Series { .. }
        )
    });
    let side = query::side_of(world, hero);
    let foe_attacks = query::heroes(world)
        .into_iter()
        .filter(|&e| query::side_of(world, e) != side && !query::is_down(world, e))
        .any(|e| attacking(world, hero, e))
        || world
            .resource::<super::super::model::RoundState>()
            .due
            .iter()
            .any(|a| {
                matches!(a, Action::Shoot { .. } | Action::Melee { .. })
                    && query::entity(world, a.hero())
                        .is_some_and(|e| query::side_of(world, e) != side)
            });
    let want = if attack && foe_attacks { level } else { 0 };
    (world.get::<StackSpend>(hero).map_or(0, |s| s.0) != want).then(|| {
        Decision::new(
            Intent::StackSpend { hero: id, ap: want },
            if want > 0 {
                "Quick Draw: AP spent to go first, a foe's attack on the table"
            } else {
                "Quick Draw: no AP on the stack while no attack clashes"
            },
        )
    })
}

/// What a shot is worth when a miss's stray would strike an ally first.
pub(super) const ALLY_IN_THE_WAY: f64 = 0.6;

/// What a shot is worth from a gun whose strays fly hit or miss (a shotgun's scatter, a
/// Gatling's burst) with an ally anywhere near the line of fire: "not only do they always have
/// a stray shot", and a burst of 10 strays hits several figures. An audit of 42 matches saw the
/// mine's Gatling kill its own knife fighter beside Miranda, and a shotgun stun its own sheriff.
pub(super) const ALLY_IN_THE_SPRAY: f64 = 0.2;

/// What the strays of a shot at `target` risk for the hero's side: none of it (0: not fired)
/// for a gun that strays on every shot with an ally beside the target, `ALLY_IN_THE_SPRAY`
/// with an ally among the figures near the line, else
/// `ALLY_IN_THE_WAY` when the first thing a miss would strike is an ally, else 1.
pub(super) fn stray_risk(world: &World, hero: Entity, target: Entity) -> f64 {
    let near = strays_near(world, hero, target);
    let sprays = query::weapon_in_hand(world, hero)
        .is_some_and(|(_, _, w)| w.scatter || !w.burst.is_empty());
    if sprays && query::position(world, target).is_some_and(|at| ally_within(world, hero, at, 1)) {
        return 0.0;
    }
    if sprays && near.iter().any(|(_, ally)| *ally) {
        return ALLY_IN_THE_SPRAY;
    }
    let first = near.iter().min_by_key(|(at, ally)| (at, !ally));
    if first.is_some_and(|(_, ally)| *ally) {
        ALLY_IN_THE_WAY
    } else {
        1.0
    }
}

/// What a throw at `target` risks for the hero's side when the weapon bursts (dynamite): None
/// when the hero stands within a pace of the blast (its radius, and a pace more for where a
/// miss lands), which no strong player throws into; `ALLY_IN_THE_SPRAY` when an ally does;
/// else 1. An audit saw the mine raid's Hank throw at a foe beside him in 10 matches of 40,
/// caught by his own blast every time (killed once; stunned, his legs and arm disabled).
pub(super) fn blast_risk(world: &World, hero: Entity, target: Entity) -> Option<f64> {
    let blast = query::weapon_in_hand(world, hero).map_or(0, |(_, _, w)| w.blast);
    if blast == 0 {
        return Some(1.0);
    }
    let at = query::position(world, target)?;
    let from = query::position(world, hero)?;
    if crate::rules::ranged::blast_may_catch(blast, from.unsigned_distance_to(at)) {
        return None;
    }
    Some(if ally_within(world, hero, at, blast + 1) {
        ALLY_IN_THE_SPRAY
    } else {
        1.0
    })
}

/// An ally of the hero standing within `paces` of the hex `at`. Beside a target (a pace), a gun
/// that strays on every shot is not fired at that foe at all: a play-test saw the mine's
/// Gatling, the only gun Angus had, fired three times at Miranda with Dave at her side, its
/// strays stunning, wounding and then killing him.
fn ally_within(world: &World, hero: Entity, at: Hex, paces: u32) -> bool {
    ally_hexes(world, hero)
        .into_iter()
        .any(|(_, p)| p.unsigned_distance_to(at) <= paces)
}

/// Where the hero's standing allies are, and where their moves on the table take them: a shot
/// paid over the coming segments flies when they have got there (a play-test's Gatling fired
/// past an ally whose move into the line of fire was declared).
fn ally_hexes(world: &World, hero: Entity) -> Vec<(Entity, Hex)> {
    let side = query::side_of(world, hero);
    let ally =
        |a: Entity| a != hero && query::side_of(world, a) == side && !query::is_down(world, a);
    let standing = query::heroes(world)
        .into_iter()
        .filter(|&a| ally(a))
        .filter_map(|a| Some((a, query::position(world, a)?)));
    let going = query::moves_on_the_table(world)
        .into_iter()
        .filter(|&(a, _)| ally(a));
    standing.chain(going).collect()
}

/// What a stray of a shot at `target` may strike, as the rules take them
/// (`ranged::stray_candidates`): each with its distance from the firer and whether it is an
/// ally. Nearest first is the rules' order; an ally at the same distance counts first here (a
/// miss nearly always strays). Shooting past an ally is worth less (measured on the bench
/// level, 600 matches against `easy`: 84.8 to 89.1 % on seeds 5001-5300, 88.6 to 91.1 % on
/// 7001-7300; the other levels within half a point).
fn strays_near(world: &World, hero: Entity, target: Entity) -> Vec<(u32, bool)> {
    let side = query::side_of(world, hero);
    let mut near: Vec<(u32, bool)> =
        crate::sim::actions::ranged::stray_candidates(world, hero, target)
            .into_iter()
            .map(|(distance, e)| {
                let ally = world.get::<Hero>(e).is_some() && query::side_of(world, e) == side;
                (distance, ally)
            })
            .collect();
    // An ally whose move on the table takes it near the line stands there when the shot flies.
    near.extend(
        crate::sim::actions::ranged::allies_going_near_the_line(world, hero, target)
            .into_iter()
            .map(|(distance, _)| (distance, true)),
    );
    near
}

/// The least chance of the Medicine roll worth a revival's 4 AP to `normal` and `hard`.
pub(super) const REVIVE_ODDS: f64 = 0.3;

/// The chance of the hero's Medicine roll to revive (Standard, 5).
pub(super) fn medicine_odds(world: &World, hero: Entity) -> f64 {
    world.get::<Hero>(hero).map_or(0.0, |h| {
        let request = crate::sim::actions::aid::revive_request(h);
        crate::sim::deck::success_chance(world, &request)
    })
}

/// A revival pays (`normal` and `hard`; the habits try any): the Medicine roll at
/// `REVIVE_ODDS` or better, and the ally below its Conc capacity ("a fighter at its Conc
/// capacity falls again at the next hit", decision 122). An audit saw the saloon's Pete, no
/// Knowledge and no Medicine, spend 6 AP on a failed roll while Clem fought Hank alone, and
/// Dave revived at his capacity knocked out again by the first punch.
pub(super) fn revive_pays(world: &World, hero: Entity, command: &Action) -> bool {
    let Action::Revive { target, .. } = command else {
        return true;
    };
    let spent = query::entity(world, *target).is_some_and(|e| {
        let size = world.get::<Hero>(e).map_or(0, |h| h.size);
        world
            .get::<Wounds>(e)
            .is_some_and(|w| w.body.conc >= crate::rules::damage::conc_capacity(size))
    });
    !spent && medicine_odds(world, hero) >= REVIVE_ODDS
}
