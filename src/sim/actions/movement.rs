//! Moving on foot: walking and running by the Movement AP table, turning in place, the engaged
//! hero's one-hex maneuver and careful disengagement. The move preview of the window calls the
//! same pricing (`reach`), so what it shows is what a move is charged.

use super::melee::{dominated, free_attacks};
use super::outcome::{Outcome, Priced};
use crate::rules::hexmap::{MovePlan, Reach, facing_to};
use crate::rules::melee::{self, Dominance};
use crate::rules::movement::{
    EMERGE_FROM_COVER_AP, Gait, MoveCost, STAND_UP_AP, facing_cost_standing, hexsides_between,
};
use crate::sim::intent::{Refusal, Remedy};
use crate::sim::model::{
    Battle, BehindCover, Facing, Hero, HexPos, Mount, MountedOn, MovedThisRound, Prone,
};
use crate::sim::query::{engaged_foes, hero_id, hero_name, is_down, occupied_hexes};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::HashMap;
use std::sync::Arc;

/// A move as it will be made: the hexes in order and the facing at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub to: Hex,
    pub gait: Gait,
    pub hexes: Vec<Hex>,
    pub facing: u8,
    /// The engaged hero's one-hex maneuver beside its foe (no free attacks).
    pub maneuver: bool,
    /// A careful disengagement (no free attacks).
    pub careful: bool,
    /// What the AP pay for, by the Movement AP table (none for a maneuver).
    pub cost: Option<MoveCost>,
}

/// The moves a hero can make with the AP given, priced by the Movement AP table.
pub fn move_options(
    battle: &Battle,
    from: Hex,
    facing: u8,
    hero: &Hero,
    ap: u32,
    gait: Gait,
    occupied: &[Hex],
) -> HashMap<Hex, MovePlan> {
    battle
        .map
        .reachable(from, facing, gait, (hero.move_paces, hero.run), ap, |h| {
            occupied.contains(&h)
        })
}

/// Where a hero's feet can take it from `from`, by any number of AP: every hex of the map
/// it can reach, priced (the move preview). The map never changes during a match, so a search
/// is made once for everything it depends on and kept for the match: pricing a move, the
/// computer's choice of it and its declaration share one.
pub fn search(
    world: &mut World,
    from: Hex,
    facing: u8,
    hero: &Hero,
    gait: Gait,
    occupied: &[Hex],
) -> Arc<Reach> {
    search_for(
        world,
        from,
        facing,
        hero,
        gait,
        occupied,
        Need::Within(UNBOUNDED),
    )
}

/// The hexes a hero can reach with `ap` AP (the ways of a search with more AP that cost that
/// much or less are the same: ask for the cost and keep those within `ap`).
pub fn search_within(
    world: &mut World,
    from: Hex,
    facing: u8,
    hero: &Hero,
    gait: Gait,
    occupied: &[Hex],
    ap: u32,
) -> Arc<Reach> {
    search_for(world, from, facing, hero, gait, occupied, Need::Within(ap))
}

/// What a search must answer: every hex within so many AP, or the way to one hex.
#[derive(Clone, Copy, Debug)]
enum Need {
    Within(u32),
    To(Hex),
}

fn search_for(
    world: &World,
    from: Hex,
    facing: u8,
    hero: &Hero,
    gait: Gait,
    occupied: &[Hex],
    need: Need,
) -> Arc<Reach> {
    let mut blocked = occupied.to_vec();
    blocked.sort_by_key(|h| (h.x, h.y));
    blocked.dedup();
    let key = SearchKey {
        from,
        facing,
        gait,
        rates: (hero.move_paces, hero.run),
        blocked,
    };
    let searches = world.get_resource::<MoveSearches>();
    if let Some(found) = searches.and_then(|s| s.find(&key, need)) {
        return found;
    }
    let battle = world.resource::<Battle>();
    let blocked = |h: Hex| {
        key.blocked
            .binary_search_by_key(&(h.x, h.y), |b| (b.x, b.y))
            .is_ok()
    };
    let map = &battle.map;
    let reach = Arc::new(match need {
        Need::Within(ap) => map.search(from, facing, gait, key.rates, ap, blocked),
        Need::To(to) => map.search_to(from, facing, gait, key.rates, UNBOUNDED, to, blocked),
    });
    if let Some(searches) = searches {
        searches.keep(key, reach.clone());
    }
    reach
}

/// What a move search depends on besides the map.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SearchKey {
    from: Hex,
    facing: u8,
    gait: Gait,
    rates: (u32, u32),
    /// The hexes others stand in, sorted.
    blocked: Vec<Hex>,
}

/// The last move searches of the match (a cache: a search is a function of its key and the
/// map, so a kept one is always right; a new match starts it afresh). Behind a lock, so that
/// pricing only reads the match (`&World`) and may still keep what it searched.
#[derive(Resource, Default)]
pub struct MoveSearches(std::sync::Mutex<Searches>);

#[derive(Default)]
struct Searches {
    kept: Vec<(SearchKey, Arc<Reach>)>,
    next: usize,
}

/// Searches kept: enough for every hero of a large level within a segment.
const KEPT_SEARCHES: usize = 32;

impl MoveSearches {
    /// A kept search that answers `need`: one with as many AP or more, or one in which the
    /// hex is priced (or which has searched every way, and found none there).
    fn find(&self, key: &SearchKey, need: Need) -> Option<Arc<Reach>> {
        let searches = self.0.lock().unwrap_or_else(|e| e.into_inner());
        searches
            .kept
            .iter()
            .find(|(k, r)| {
                k == key
                    && match need {
                        Need::Within(ap) => r.within() >= ap,
                        Need::To(to) => r.within() == UNBOUNDED || r.cost(to).is_some(),
                    }
            })
            .map(|(_, r)| r.clone())
    }

    fn keep(&self, key: SearchKey, reach: Arc<Reach>) {
        let mut searches = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if searches.kept.len() < KEPT_SEARCHES {
            searches.kept.push((key, reach));
        } else {
            let next = searches.next;
            searches.kept[next] = (key, reach);
            searches.next = (next + 1) % KEPT_SEARCHES;
        }
    }
}

/// What every move of a hero has in common: may it move at all, and where its feet can take
/// it (every way priced, cheapest first).
pub struct MoveContext {
    hero: Entity,
    name: String,
    pos: Hex,
    gait: Gait,
    occupied: Vec<Hex>,
    ways: Arc<Reach>,
}

/// Why a hero cannot move at all now, or what its moves are.
pub fn context(world: &mut World, e: Entity, gait: Gait) -> Result<MoveContext, Refusal> {
    context_for(world, e, gait, None)
}

/// The context of a move to one hex (`to`): only the ways as cheap as the way there are
/// searched. `None`: every hex of the map.
fn context_for(
    world: &World,
    e: Entity,
    gait: Gait,
    to: Option<Hex>,
) -> Result<MoveContext, Refusal> {
    let hero = world.get::<Hero>(e).cloned().ok_or("no such hero")?;
    let name = hero.name.clone();
    if let Some(mount) = world.get::<MountedOn>(e).map(|m| m.0) {
        let m = world.get::<Mount>(mount).map_or("", |m| m.name.as_str());
        return Err(Refusal::new(format!(
            "{name} rides {m}: steer it or rein it in instead"
        )));
    }
    up_and_out(world, e, &name)?;
    let pos = world.get::<HexPos>(e).map(|p| p.0).ok_or("no position")?;
    let facing = world.get::<Facing>(e).map_or(0, |f| f.0);
    let occupied = occupied_hexes(world, e);
    let need = to.map_or(Need::Within(UNBOUNDED), Need::To);
    let ways = search_for(world, pos, facing, &hero, gait, &occupied, need);
    Ok(MoveContext {
        hero: e,
        name,
        pos,
        gait,
        occupied,
        ways,
    })
}

/// AP enough to reach any hex of a map.
const UNBOUNDED: u32 = u32::MAX / 1024;

impl MoveContext {
    /// The price of the move to `to`, or why it cannot be made.
    pub fn to(&self, world: &World, to: Hex) -> Result<Priced<Walk>, Refusal> {
        let name = &self.name;
        let battle = world.resource::<Battle>();
        let Some(tile) = battle.map.tile(to) else {
            return Err("that hex is off the map".into());
        };
        if !tile.terrain.passable() {
            return Err(format!("{name} cannot enter a {}", tile.terrain.name()).into());
        }
        if self.occupied.contains(&to) {
            return Err("another figure stands there".into());
        }
        if to == self.pos {
            return Err(format!("{name} is already there").into());
        }
        let walk = || {
            self.ways
                .plan(&battle.map, to)
                .ok_or_else(|| Refusal::new(format!("{name} has no way there")))
        };
        // Engaged: a one-hex maneuver beside the foe is 1 AP; dominance holds the hero.
        match engaged_move(world, self.hero, to)? {
            Some(ap) => Ok(Priced {
                ap,
                plan: Walk {
                    to,
                    gait: self.gait,
                    hexes: vec![to],
                    facing: facing_to(self.pos, to)
                        .unwrap_or_else(|| world.get::<Facing>(self.hero).map_or(0, |f| f.0)),
                    maneuver: true,
                    careful: false,
                    cost: None,
                },
            }),
            None => walk().map(|plan| Priced {
                ap: plan.cost.total,
                plan: Walk {
                    to,
                    gait: self.gait,
                    hexes: plan.hexes,
                    facing: plan.final_facing,
                    maneuver: false,
                    careful: false,
                    cost: Some(plan.cost),
                },
            }),
        }
    }
}

/// Every hex the hero could be declared to move to, with its price: the move preview. The same
/// pricing a declaration pays.
pub fn reach(
    world: &mut World,
    e: Entity,
    gait: Gait,
) -> Result<Vec<(Hex, Priced<Walk>)>, Refusal> {
    let ctx = context(world, e, gait)?;
    let mut candidates: Vec<Hex> = ctx.ways.hexes().map(|(h, _)| h).collect();
    candidates.extend(ctx.pos.all_neighbors());
    candidates.sort_by_key(|h| (h.x, h.y));
    candidates.dedup();
    Ok(candidates
        .into_iter()
        .filter_map(|to| ctx.to(world, to).ok().map(|p| (to, p)))
        .collect())
}

/// The price of a move on foot.
pub fn price_move(world: &World, e: Entity, to: Hex, gait: Gait) -> Result<Priced<Walk>, Refusal> {
    context_for(world, e, gait, Some(to))?.to(world, to)
}

/// "Moving away carefully": 2 AP more, and no free attack.
pub fn price_disengage(world: &World, e: Entity, to: Hex) -> Result<Priced<Walk>, Refusal> {
    let name = hero_name(world, e);
    if engaged_foes(world, e).is_empty() {
        return Err(format!("{name} is engaged with nobody: just move").into());
    }
    let level = dominated(world, e);
    if level > 0 {
        return Err(Refusal::with(
            format!(
                "{name} is under {}: break away or escape first",
                Dominance::from_level(level).name()
            ),
            Remedy::Escape,
        ));
    }
    let ctx = context_for(world, e, Gait::Walk, Some(to))?;
    let priced = ctx.to(world, to)?;
    let walked = ctx
        .ways
        .plan(&world.resource::<Battle>().map, to)
        .ok_or("no way there")?;
    Ok(Priced {
        ap: priced.ap + melee::CAREFUL_DISENGAGE_AP,
        plan: Walk {
            to,
            gait: Gait::Walk,
            hexes: walked.hexes,
            facing: walked.final_facing,
            maneuver: false,
            careful: true,
            cost: Some(walked.cost),
        },
    })
}

/// Turning in place.
pub fn price_face(world: &World, e: Entity, to: u8) -> Result<Priced<u8>, Refusal> {
    let name = hero_name(world, e);
    let facing = world.get::<Facing>(e).map_or(0, |f| f.0);
    if to > 5 {
        return Err("facing is a hexside 0 to 5".into());
    }
    match facing_cost_standing(hexsides_between(facing, to)) {
        0 => Err(format!("{name} already faces that way").into()),
        ap => Ok(Priced::new(ap, to)),
    }
}

pub fn face(world: &mut World, hero: Entity, facing: u8, ap: u32) -> Outcome {
    if let Some(mut f) = world.get_mut::<Facing>(hero) {
        f.0 = facing;
    }
    Outcome::Faced {
        hero: hero_id(world, hero),
        facing,
        ap,
    }
}

/// The engaged hero's move: "Maneuvering while remaining adjacent to their opponent ... costs
/// 1 AP per hex ... No more than one hex". Some(AP) for such a maneuver, None for any other
/// move; Err when dominance forbids moving.
pub fn engaged_move(world: &World, hero: Entity, to: Hex) -> Result<Option<u32>, Refusal> {
    let foes = engaged_foes(world, hero);
    if foes.is_empty() {
        return Ok(None);
    }
    let h = hero_name(world, hero);
    let level = Dominance::from_level(dominated(world, hero));
    let at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
    let stays = foes.iter().all(|&f| {
        world
            .get::<HexPos>(f)
            .is_some_and(|p| p.0.unsigned_distance_to(to) <= 1)
    });
    if level >= Dominance::Dominance {
        return Err(Refusal::with(
            format!("{h} is under {}: escape first", level.name()),
            Remedy::Escape,
        ));
    }
    if stays && at.unsigned_distance_to(to) == 1 {
        return Ok(Some(melee::MANEUVER_AP));
    }
    if level == Dominance::Partial {
        return Err(Refusal::with(
            format!("{h} is under partial dominance: break away first"),
            Remedy::BreakAway(Dominance::Partial.escape().map_or(1, |e| e.0)),
        ));
    }
    Ok(None)
}

/// Make the move: breaking away gives each foe left behind a free attack first; then the hero
/// walks the planned way.
pub fn walk(world: &mut World, hero: Entity, walk: Walk, ap: u32) -> Outcome {
    let id = hero_id(world, hero);
    if !walk.maneuver && !walk.careful {
        free_attacks(world, hero, walk.to);
        if is_down(world, hero) {
            return Outcome::Refused {
                hero: id,
                reason: Refusal::new("struck down breaking away"),
            };
        }
    }
    if let Some(mut p) = world.get_mut::<HexPos>(hero) {
        p.0 = walk.to;
    }
    if let Some(mut f) = world.get_mut::<Facing>(hero) {
        f.0 = walk.facing;
    }
    if let Some(mut m) = world.get_mut::<MovedThisRound>(hero) {
        m.0 = Some(match (m.0, walk.gait) {
            (Some(Gait::Run), _) | (_, Gait::Run) => Gait::Run,
            _ => Gait::Walk,
        });
    }
    Outcome::Moved {
        hero: id,
        path: walk.hexes,
        ap,
    }
}

/// A move that costs more as it resolves than the AP paid for it (a leg disabled since the
/// declaration, a figure now in the way): the hero goes as far along its way as the AP paid
/// carry it, and stops there; refused, the AP lost, when they carry it nowhere (decision 138).
/// `paid`: none recorded (an action performed outside the round), the price stands.
pub fn as_far_as_paid(
    world: &World,
    action: &crate::sim::intent::Action,
    priced: Priced<super::Plan>,
    paid: Option<u32>,
) -> Result<Priced<super::Plan>, Refusal> {
    use crate::sim::intent::Action;
    let (Some(paid), Action::Move { hero, gait, .. }, super::Plan::Move(walk)) =
        (paid, action, &priced.plan)
    else {
        return Ok(priced);
    };
    if world.contains_resource::<MovesThePriceNow>() {
        return Ok(priced);
    }
    if priced.ap <= paid {
        return Ok(priced);
    }
    let cost = priced.ap;
    for k in (1..walk.hexes.len()).rev() {
        let shorter = Action::Move {
            hero: *hero,
            to: walk.hexes[k - 1],
            gait: *gait,
        };
        if let Ok(p) = super::price(world, &shorter)
            && p.ap <= paid
        {
            return Ok(p);
        }
    }
    Err(Refusal::new(format!(
        "the move costs {cost} AP now and {paid} were paid: it goes nowhere; the AP are lost"
    )))
}

/// A match file of version 8 or older replays as it was played: a move went the whole way at
/// its price as it resolved, whatever was paid (decision 138). Set by
/// `journal::rules_of_version`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MovesThePriceNow;

/// A hero lying prone stands up before it moves: the refusal, with the remedy.
pub(crate) fn not_prone(world: &World, e: Entity, name: &str) -> Result<(), Refusal> {
    if world.get::<Prone>(e).is_some_and(|p| p.0) {
        return Err(Refusal::with(
            format!("{name} is prone: stand up first"),
            Remedy::StandUp(STAND_UP_AP),
        ));
    }
    Ok(())
}

/// A hero steps away only standing and out from behind cover: the refusal, with the remedy.
pub(crate) fn up_and_out(world: &World, e: Entity, name: &str) -> Result<(), Refusal> {
    not_prone(world, e, name)?;
    if world.get::<BehindCover>(e).is_some_and(|b| b.0) {
        return Err(Refusal::with(
            format!("{name} is behind cover: emerge first"),
            Remedy::Emerge(EMERGE_FROM_COVER_AP),
        ));
    }
    Ok(())
}
