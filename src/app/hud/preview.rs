//! Previews for the hex pointed at: a move's path, its AP and the segment it resolves in, or
//! why the hex is out of reach; the reach map; each hero's engagement.
use super::plan::resolves_losing;
use super::shot_preview::FireLine;
use crate::app::board::MapGeometry;
use crate::app::input::{BattleAction, Bindings, Selection};
use crate::app::layout::Palette;
use crate::rules::hexmap::offset_of;
use crate::rules::movement::{Gait, turned};
use crate::sim::actions::{Plan, Priced, melee, movement, price};
use crate::sim::intent::{Action, HeroId, Refusal};
use crate::sim::model::{
    Battle, CloseCombat, Down, Facing, Hero, HexPos, MatchLog, Mount, MountedOn, RoundState, Track,
};
use crate::sim::query;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

/// The selected hero's reach this declaration, and the path to the hovered hex with its cost.
#[derive(Resource, Default)]
pub struct MovePreview {
    pub line: Option<String>,
}

/// The AP, chance and segment (or why not) of what a click on the hex pointed at would do,
/// shown at the pointer.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CursorInfo(pub Option<String>);

/// The reach map: the hexes the selected hero can be declared to move to this round, the path
/// to the hex pointed at, and that hex when it is out of reach.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ReachView {
    pub hexes: Vec<hexx::Hex>,
    pub path: Vec<hexx::Hex>,
    pub refused: Option<hexx::Hex>,
}

/// The hexes the selected hero can be declared to move to, with their AP, kept until the match
/// changes (every change of the match is a log event).
#[derive(Resource, Default, Clone)]
pub struct ReachCache {
    key: Option<(Entity, Gait, usize, (u32, u32))>,
    pub reach: Vec<(hexx::Hex, u32)>,
}

/// "resolves in segment 7" for an action of `ap` declared now by `e`; paid at once where
/// actions are already due, with the stack fee it pays (a play-test's move said "resolves
/// this segment" and then paid "+1 AP: stack fee").
pub(super) fn when_words(world: &World, e: Entity, ap: u32, over_rounds: bool) -> String {
    let now = world.resource::<RoundState>().segment;
    let fee = if crate::sim::round::stack_fee_now(world, e, ap) > 0 {
        " + 1 AP stack fee (actions already due)"
    } else {
        ""
    };
    match world
        .get::<Track>(e)
        .and_then(|t| resolves_losing(&t.0, ap, now.max(1), over_rounds))
    {
        Some((s, lost)) if s == now && lost > 0 => {
            format!("resolves this segment{fee}, {lost} AP in front lost")
        }
        Some((s, _)) if s == now => format!("resolves this segment{fee}"),
        Some((s, _)) => format!("resolves in segment {s}"),
        None => "cannot be paid this round".into(),
    }
}

/// Whether `ap` for the hero can be paid this round (else its declaration is refused).
pub(super) fn paid_this_round(world: &World, e: Entity, ap: u32) -> bool {
    let now = world.resource::<RoundState>().segment;
    world
        .get::<Track>(e)
        .and_then(|t| resolves_losing(&t.0, ap, now.max(1), false))
        .is_some()
}

/// The move preview: the hexes in reach this round and the path to the hex pointed at, priced
/// by the same pricing the declaration pays (`sim::actions::movement::reach`).
pub(super) fn preview_moves(world: &mut World) {
    let fire_line = world
        .get_resource::<FireLine>()
        .cloned()
        .unwrap_or_default();
    world.insert_resource(CursorInfo(None));
    let (Some(selection), Some(geometry)) = (
        world.get_resource::<Selection>().cloned(),
        world.get_resource::<MapGeometry>().copied(),
    ) else {
        return;
    };
    let palette = *world.resource::<Palette>();
    let ground = selection.hovered.and_then(|h| ground_words(world, h));
    let Some(e) = selection.hero else {
        world.insert_resource(ReachView::default());
        // Nobody of the desk declares (the computer's turn): the hex pointed at still says
        // what ground it is and how high.
        world.insert_resource(CursorInfo(ground));
        return;
    };
    let (Some(hero), Some(&id)) = (world.get::<Hero>(e).cloned(), world.get::<HeroId>(e)) else {
        return;
    };
    // A button waits for the hero it is for (Attack: the foe to strike): a click on the map
    // picks a hero, it does not walk there, so no path is offered.
    if selection.pick.is_some() {
        paint(world, &geometry, |_| Color::WHITE);
        world.insert_resource(ReachView::default());
        return;
    }
    if cannot_act(world, e, &hero, &geometry) {
        return;
    }
    let left = world.get::<Track>(e).map_or(0, |t| t.0.left());
    // A rider does not walk: the mount moves every segment, the rider steers and reins.
    if let Some(mount) = world.get::<MountedOn>(e).map(|m| m.0) {
        if let Some(line) = rider_words(world, &hero, mount) {
            paint(world, &geometry, |_| Color::WHITE);
            world.insert_resource(ReachView::default());
            world.insert_resource(MovePreview { line: Some(line) });
        }
        let steer = selection
            .hovered
            .and_then(|to| steer_words(world, mount, to));
        let said = [ground, steer].into_iter().flatten().collect::<Vec<_>>();
        if !said.is_empty() {
            world.insert_resource(CursorInfo(Some(said.join("\n"))));
        }
        return;
    }
    let mut in_reach: Vec<hexx::Hex> = reach_of(world, e, selection.gait)
        .iter()
        .filter(|(_, ap)| *ap <= left)
        .map(|(h, _)| *h)
        .collect();
    in_reach.sort_by_key(|h| (h.x, h.y));
    let hovered = selection.hovered.map(|to| {
        let gait = selection.gait;
        (to, price(world, &Action::Move { hero: id, to, gait }))
    });
    let path: Vec<hexx::Hex> = match &hovered {
        Some((
            _,
            Ok(Priced {
                ap,
                plan: Plan::Move(walk),
            }),
        )) if *ap <= left => walk.hexes.clone(),
        _ => Vec::new(),
    };
    let refused = match &hovered {
        Some((h, Err(_))) => Some(*h),
        Some((h, Ok(Priced { ap, .. }))) if *ap > left => Some(*h),
        _ => None,
    };
    paint(world, &geometry, |hex| {
        if fire_line.1 == Some(hex) {
            palette.fire_blocked
        } else if fire_line.0.contains(&hex) {
            palette.fire_line
        } else if path.contains(&hex) {
            palette.path
        } else {
            Color::WHITE
        }
    });
    let reach_now = in_reach.len();
    let view = ReachView {
        hexes: in_reach,
        path,
        refused,
    };
    if world.get_resource::<ReachView>() != Some(&view) {
        world.insert_resource(view);
    }
    let words = move_words(world, e, &hero, selection.gait, &hovered, reach_now);
    say_move(world, words, ground, selection.hovered);
}

/// The move's words said: at the pointer after the hex's ground and height, in the panel
/// with the cover in the hex pointed at.
fn say_move(
    world: &mut World,
    (line, at_cursor): (String, String),
    ground: Option<String>,
    hovered: Option<hexx::Hex>,
) {
    if !at_cursor.is_empty() {
        let words = match ground {
            Some(ground) => format!("{ground}\n{at_cursor}"),
            None => at_cursor,
        };
        world.insert_resource(CursorInfo(Some(words)));
    }
    let line = match hovered.and_then(|h| cover_words(world, h)) {
        Some(cover) => format!("{line}\n{cover}"),
        None => line,
    };
    world.insert_resource(MovePreview { line: Some(line) });
}

/// Stunned, down or done for the round: nothing is in reach, and the panel says why (it said
/// the outlined hexes were in reach; a play-test saw a held hero's reach outlined through the
/// foes' declarations).
fn cannot_act(world: &mut World, e: Entity, hero: &Hero, geometry: &MapGeometry) -> bool {
    let stunned = world
        .get::<crate::sim::model::Wounds>(e)
        .is_some_and(|w| w.stunned);
    let down = world.get::<crate::sim::model::Down>(e).is_some_and(|d| d.0);
    let done = world.get::<crate::sim::model::Holding>(e).is_some();
    if !stunned && !down && !done {
        return false;
    }
    paint(world, geometry, |_| Color::WHITE);
    world.insert_resource(ReachView::default());
    let why = if down {
        "is down: out of the fight".to_string()
    } else if stunned {
        format!(
            "is {}",
            super::stun::stunned_words(
                world.get_resource::<crate::sim::model::RoundState>(),
                crate::sim::query::recovery_odds(world, e)
            )
        )
    } else {
        "is done for this round (Hero done): it declares again next round (what was declared before still goes off)".to_string()
    };
    world.insert_resource(MovePreview {
        line: Some(format!("{} {why}", hero.name)),
    });
    true
}

/// What a rider is told instead of a reach: the mount's pace and heading, and how to steer.
fn rider_words(world: &World, hero: &Hero, mount: Entity) -> Option<String> {
    let keys = world.resource::<Bindings>();
    let m = world.get::<Mount>(mount)?;
    let heading = world.get::<Facing>(mount)?.0;
    Some(format!(
        "{} rides {}: {} paces a round (best {}), heading {}. {}/{}: steer (1 AP a hexside, 2 for more), {}: rein in or spur on (1 AP)",
        hero.name,
        m.name,
        m.speed,
        m.best_speed,
        crate::rules::hexmap::hexside_name(heading),
        keys.key(BattleAction::TurnLeft),
        keys.key(BattleAction::TurnRight),
        keys.key(BattleAction::Rein)
    ))
}

/// What a rider's right click on the hex `to` does: steer the mount toward it (the hexside
/// that faces it), or nothing when the mount heads that way already.
fn steer_words(world: &World, mount: Entity, to: hexx::Hex) -> Option<String> {
    let at = world.get::<HexPos>(mount)?.0;
    let heading = world.get::<Facing>(mount)?.0;
    let go = world.resource::<Bindings>().key(BattleAction::MoveHere);
    Some(
        match crate::rules::movement::steer_toward(at, heading, to) {
            Some(facing) => format!(
                "{go}: steer the mount toward it (to the {})",
                crate::rules::hexmap::hexside_name(facing)
            ),
            None => "The mount heads this way already".to_string(),
        },
    )
}

/// The hexes `e` can be declared to move to at `gait`, with their AP: priced once for each
/// change of the match (`ReachCache`).
fn reach_of(world: &mut World, e: Entity, gait: Gait) -> Vec<(hexx::Hex, u32)> {
    let key = (
        e,
        gait,
        world.resource::<MatchLog>().events.len(),
        world.resource::<RoundState>().now(),
    );
    if let Some(cached) = world
        .get_resource::<ReachCache>()
        .filter(|c| c.key == Some(key))
    {
        return cached.reach.clone();
    }
    let reach: Vec<(hexx::Hex, u32)> = movement::reach(world, e, gait)
        .map(|r| r.into_iter().map(|(h, p)| (h, p.ap)).collect())
        .unwrap_or_default();
    world.insert_resource(ReachCache {
        key: Some(key),
        reach: reach.clone(),
    });
    reach
}

/// The move preview's words: the panel's line and the words at the pointer.
fn move_words(
    world: &World,
    e: Entity,
    hero: &Hero,
    gait: Gait,
    hovered: &Option<(hexx::Hex, Result<Priced<Plan>, Refusal>)>,
    reach_now: usize,
) -> (String, String) {
    let left = world.get::<Track>(e).map_or(0, |t| t.0.left());
    let gait = match gait {
        Gait::Walk => "walking",
        Gait::Run => "running",
    };
    let Some((h, priced)) = hovered else {
        let words = if reach_now == 0 {
            "no hex in reach now (point at one to see why)"
        } else {
            "the outlined hexes are in reach"
        };
        return (
            format!("{} ({gait}, {left} AP): {words}", hero.name),
            String::new(),
        );
    };
    let (c, r) = offset_of(*h);
    let battle = world.resource::<Battle>();
    let tile = battle.map.tile(*h).map_or("-".to_string(), tile_words);
    // Its own hex is where it stands, not a hex out of reach (a play-test read "Out of reach:
    // ... is already there" over its own hero).
    if world.get::<HexPos>(e).is_some_and(|p| p.0 == *h) {
        return (
            format!("{c},{r} ({tile}): {} stands here", hero.name),
            format!("{} stands here ({gait}, {left} AP left)", hero.name),
        );
    }
    match priced {
        Ok(Priced {
            ap,
            plan: Plan::Move(_),
        }) if *ap > left => (
            format!(
                "{c},{r} ({tile}): {ap} AP {gait}, but {} has {left} AP left this round",
                hero.name
            ),
            format!("Out of reach: {ap} AP, {left} left this round"),
        ),
        Ok(Priced {
            ap,
            plan: Plan::Move(walk),
        }) => {
            let when = when_words(world, e, *ap, false);
            let line = match walk.cost {
                Some(cost) => format!(
                    "{} {gait} to {c},{r} ({tile}): {ap} AP = {} maneuver + {} ground + {} climbing + {} facing, {}; {when}",
                    hero.name,
                    cost.maneuver,
                    cost.ground,
                    cost.climbing,
                    cost.facing,
                    crate::rules::words::count(cost.paces, "pace", "paces")
                ),
                None => format!(
                    "{} maneuvers to {c},{r} ({tile}), staying engaged: {ap} AP; {when}",
                    hero.name
                ),
            };
            // Said where the player looks: a left click picks, the right one goes (a new
            // player left-clicked a priced hex twice and thought the map broken).
            let go = world.resource::<Bindings>().key(BattleAction::MoveHere);
            (line, format!("{ap} AP {gait}, {when}\n{go}: go there"))
        }
        Ok(_) => (String::new(), String::new()),
        Err(why) => {
            let why = world.resource::<Bindings>().refusal(why);
            (
                format!("{c},{r} ({tile}): {why}"),
                format!("Out of reach: {why}"),
            )
        }
    }
}

/// A hex's ground in words: its terrain, and its height when it is not level with the
/// ground ("open ground, height 5"; the map shades heights, the pointer gives the number).
fn tile_words(tile: crate::rules::hexmap::Tile) -> String {
    match tile.height {
        0 => tile.terrain.name().to_string(),
        h => format!("{}, height {h}", tile.terrain.name()),
    }
}

/// What the pointer says of the hex under it first: where it is, its ground and its height
/// ("4,1: open ground, height 5"), an item lying there and the area of a counter it is in (a
/// play-test found the bank job's strongbox hex and the horses' hexes "open ground" and
/// nothing more).
fn ground_words(world: &World, hex: hexx::Hex) -> Option<String> {
    let battle = world.resource::<Battle>();
    let tile = battle.map.tile(hex)?;
    let (c, r) = offset_of(hex);
    let mut words = format!("{c},{r}: {}", tile_words(tile));
    // The cover in the hex, and where from it covers (a play-test hovering the hexes found
    // "open ground" and no word of the rail there).
    if let Some(cover) = cover_words(world, hex) {
        words.push_str(&format!("\n{cover}"));
    }
    let Some(counters) = world.get_resource::<crate::sim::counters::LevelCounters>() else {
        return Some(words);
    };
    for (item, state) in battle.level.items.iter().zip(&counters.items) {
        if *state == crate::sim::counters::ItemState::Lying(hex) {
            words.push_str(&format!(
                "\nA {} lies here ('{}'): a hero within a pace takes it (1 AP)",
                item.name, item.counter
            ));
        }
    }
    for def in &counters.defs {
        for feed in &def.fed_by {
            use crate::data::level::Trigger;
            let said = match &feed.on {
                Trigger::CarriedOut { side, area } if area.contains(&(c, r)) => {
                    format!("'{}': {side} carry the loot out here", def.name)
                }
                Trigger::Enters { side, area } if area.contains(&(c, r)) => {
                    format!("'{}': counts a hero of {side} coming in here", def.name)
                }
                Trigger::Leaves { side, area } if area.contains(&(c, r)) => {
                    format!("'{}': counts a hero of {side} going out of here", def.name)
                }
                _ => continue,
            };
            words.push('\n');
            words.push_str(&said);
        }
    }
    Some(words)
}

/// The cover in the hex, what it covers and from which hexsides; a figure ducked behind it is
/// behind it whole, from every side (decision 40: a play-test read "covers belly, chest, legs
/// from the west" over a ducked Clem and flanked him from the east for nothing).
pub(super) fn cover_words(world: &World, hex: hexx::Hex) -> Option<String> {
    let (_, c) = query::cover_in(world, hex)?;
    let ducked = query::hero_at(world, hex).filter(|&e| {
        world
            .get::<crate::sim::model::BehindCover>(e)
            .is_some_and(|b| b.0)
    });
    Some(match ducked {
        Some(e) if c.av > 0 => format!(
            "Cover: {} ({}, AV {}): {} ducks behind it, covered whole from every side",
            c.name,
            c.material.name(),
            c.av,
            query::hero_name(world, e)
        ),
        _ => format!("Cover: {}", cover_line(world, &c)),
    })
}

/// A piece of cover in words: "oil lamp (glass, AV 1): covers the chest and head from the
/// north-west and west" (a shot from there meets it); "shot to pieces" once its AV is gone.
pub(crate) fn cover_line(world: &World, c: &crate::sim::model::Cover) -> String {
    let locations: Vec<&str> = c.covers.iter().map(|l| l.name()).collect();
    let sides = world.get_resource::<MapGeometry>().map_or_else(
        || format!("hexsides {:?}", c.from),
        |g| crate::app::board::marks::sides_in_words(g, &c.from),
    );
    let state = if c.av == 0 {
        ", shot to pieces".to_string()
    } else {
        String::new()
    };
    format!(
        "{} ({}, AV {}{state}): covers {} from {sides}",
        c.name,
        c.material.name(),
        c.av,
        match locations.as_slice() {
            [] => "nothing".to_string(),
            [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => locations.join(""),
        },
    )
}

/// Tint every tile of the map.
fn paint(world: &mut World, geometry: &MapGeometry, color: impl Fn(hexx::Hex) -> Color) {
    let mut tiles = world.query::<(&TilePos, &mut TileColor)>();
    for (tp, mut c) in tiles.iter_mut(world) {
        let want = color(geometry.hex_of(*tp));
        if c.0 != want {
            c.0 = want;
        }
    }
}

/// Each hero's hand-to-hand state in words: whom it is engaged with, the advantage, dominance,
/// blocks and dodge ready.
#[derive(Resource, Default)]
pub struct EngagementView(pub std::collections::HashMap<Entity, String>);

pub(super) fn engagement_view(world: &mut World) {
    let mut q = world.query_filtered::<Entity, With<Hero>>();
    let heroes: Vec<Entity> = q.iter(world).collect();
    let mut view = std::collections::HashMap::new();
    for hero in heroes {
        if world.get::<Down>(hero).is_some_and(|d| d.0) {
            continue;
        }
        let foes = query::engaged_foes(world, hero);
        if foes.is_empty() {
            continue;
        }
        let names: Vec<String> = foes
            .iter()
            .filter_map(|f| world.get::<Hero>(*f).map(|h| h.name.clone()))
            .collect();
        let (ours, theirs) = melee::advantage(world, foes[0], hero);
        let dominated = melee::dominated(world, hero);
        let close = world.get::<CloseCombat>(hero).copied().unwrap_or_default();
        let mut s = format!(
            "engaged with {}; advantage {theirs} to {ours}; defense {}",
            names.join(", "),
            melee::defense(world, hero).0
        );
        if dominated > 0 {
            s.push_str(&format!(
                "; UNDER {}",
                crate::rules::melee::Dominance::from_level(dominated)
                    .name()
                    .to_uppercase()
            ));
        }
        if close.blocks > 0 {
            s.push_str(&format!("; {} block(s) ready", close.blocks));
        }
        if let Some(toward) = close.dodge {
            s.push_str(&format!(
                "; dodging blows from the {} and the {}",
                crate::rules::hexmap::hexside_name(toward),
                crate::rules::hexmap::hexside_name(turned(toward, 1))
            ));
        }
        view.insert(hero, s);
    }
    world.insert_resource(EngagementView(view));
}
