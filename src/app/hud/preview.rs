//! Previews for the hex pointed at: a move's path and AP, a shot (line of fire, TN,
//! modifiers, chance), a hand-to-hand attack; and each hero's engagement.
use crate::app::board::MapGeometry;
use crate::app::input::{BattleAction, Bindings, Selection};
use crate::app::layout::palette;
use crate::rules::hexmap::offset_of;
use crate::rules::movement::{Gait, turned};
use crate::sim::actions::{Plan, Priced, melee, movement, price, ranged};
use crate::sim::intent::{Action, HeroId};
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

/// The hexes the selected hero can be declared to move to, with their AP, kept until the match
/// changes (every change of the match is a log event).
#[derive(Resource, Default, Clone)]
pub struct ReachCache {
    key: Option<(Entity, Gait, usize, (u32, u32))>,
    pub reach: Vec<(hexx::Hex, u32)>,
}

/// The move preview: the hexes in reach this round and the path to the hex pointed at, priced
/// by the same pricing the declaration pays (`sim::actions::movement::reach`).
pub(super) fn preview_moves(world: &mut World) {
    let fire_line = world
        .get_resource::<FireLine>()
        .cloned()
        .unwrap_or_default();
    let (Some(selection), Some(geometry)) = (
        world.get_resource::<Selection>().cloned(),
        world.get_resource::<MapGeometry>().copied(),
    ) else {
        return;
    };
    let Some(e) = selection.hero else { return };
    let (Some(hero), Some(&id)) = (world.get::<Hero>(e).cloned(), world.get::<HeroId>(e)) else {
        return;
    };
    let left = world.get::<Track>(e).map_or(0, |t| t.0.left());
    let keys = world.resource::<Bindings>().clone();
    // A rider does not walk: the mount moves every segment, the rider steers and reins.
    if let Some(mount) = world.get::<MountedOn>(e).map(|m| m.0) {
        let (Some(m), Some(heading)) = (
            world.get::<Mount>(mount).cloned(),
            world.get::<Facing>(mount).map(|f| f.0),
        ) else {
            return;
        };
        paint(world, &geometry, |_| Color::WHITE);
        world.insert_resource(MovePreview {
            line: Some(format!(
                "{} rides {}: {} paces a round (best {}), heading hexside {}. {}/{}: steer (1 AP a hexside, 2 for more), {}: rein in or spur on (1 AP)",
                hero.name,
                m.name,
                m.speed,
                m.best_speed,
                heading,
                keys.key(BattleAction::TurnLeft),
                keys.key(BattleAction::TurnRight),
                keys.key(BattleAction::Rein)
            )),
        });
        return;
    }
    let key = (
        e,
        selection.gait,
        world.resource::<MatchLog>().events.len(),
        world.resource::<RoundState>().now(),
    );
    let cached = world
        .get_resource::<ReachCache>()
        .cloned()
        .unwrap_or_default();
    let reach = if cached.key == Some(key) {
        cached.reach
    } else {
        let reach: Vec<(hexx::Hex, u32)> = movement::reach(world, e, selection.gait)
            .map(|r| r.into_iter().map(|(h, p)| (h, p.ap)).collect())
            .unwrap_or_default();
        world.insert_resource(ReachCache {
            key: Some(key),
            reach: reach.clone(),
        });
        reach
    };
    let in_reach: std::collections::HashSet<hexx::Hex> = reach
        .iter()
        .filter(|(_, ap)| *ap <= left)
        .map(|(h, _)| *h)
        .collect();
    let hovered = selection.hovered.map(|to| {
        let priced = price(
            world,
            &Action::Move {
                hero: id,
                to,
                gait: selection.gait,
            },
        );
        (to, priced)
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
    paint(world, &geometry, |hex| {
        if fire_line.1 == Some(hex) {
            palette::FIRE_BLOCKED
        } else if fire_line.0.contains(&hex) {
            palette::FIRE_LINE
        } else if path.contains(&hex) {
            palette::PATH
        } else if in_reach.contains(&hex) {
            palette::REACH
        } else {
            Color::WHITE
        }
    });
    let gait = match selection.gait {
        Gait::Walk => "walking",
        Gait::Run => "running",
    };
    let battle = world.resource::<Battle>();
    let line = match &hovered {
        Some((h, priced)) => {
            let (c, r) = offset_of(*h);
            let tile = battle.map.tile(*h).map_or("-", |t| t.terrain.name());
            match priced {
                Ok(Priced {
                    ap,
                    plan: Plan::Move(walk),
                }) if *ap > left => format!(
                    "{c},{r} ({tile}): {ap} AP {gait}, but {} has {left} AP left this round",
                    hero.name
                ),
                Ok(Priced {
                    ap,
                    plan: Plan::Move(walk),
                }) => match walk.cost {
                    Some(cost) => format!(
                        "{} {gait} to {c},{r} ({tile}): {ap} AP = {} maneuver + {} ground + {} climbing + {} facing, {} paces",
                        hero.name,
                        cost.maneuver,
                        cost.ground,
                        cost.climbing,
                        cost.facing,
                        cost.paces
                    ),
                    None => format!(
                        "{} maneuvers to {c},{r} ({tile}), staying engaged: {ap} AP",
                        hero.name
                    ),
                },
                Ok(_) => String::new(),
                Err(why) => format!("{c},{r} ({tile}): {}", keys.refusal(why)),
            }
        }
        None => format!(
            "{} ({gait}, {left} AP): green hexes are in reach",
            hero.name
        ),
    };
    let cover: Vec<String> = selection
        .hovered
        .and_then(|h| query::cover_in(world, h))
        .map(|(_, c)| {
            let locations: Vec<&str> = c.covers.iter().map(|l| l.name()).collect();
            format!(
                "Cover: {} ({}, AV {}) covers {} from hexsides {:?}",
                c.name,
                c.material.name(),
                c.av,
                locations.join(", "),
                c.from
            )
        })
        .into_iter()
        .collect();
    let line = if cover.is_empty() {
        line
    } else {
        format!("{line}\n{}", cover.join("\n"))
    };
    world.insert_resource(MovePreview { line: Some(line) });
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
            s.push_str(&format!("; dodging {toward}/{}", turned(toward, 1)));
        }
        view.insert(hero, s);
    }
    world.insert_resource(EngagementView(view));
}

/// The hexes of the line of fire to the enemy pointed at, and the wall that blocks it.
#[derive(Resource, Default, Debug, Clone)]
pub struct FireLine(pub Vec<hexx::Hex>, pub Option<hexx::Hex>);

/// Pointing at an enemy: the shot the declaring hero would fire, its AP, TN, every modifier
/// and the exact chance to hit (over the match deck), and the cover in the way.
pub(super) fn preview_shot(world: &mut World) {
    world.insert_resource(FireLine::default());
    let Some(selection) = world.get_resource::<Selection>().cloned() else {
        return;
    };
    let keys = world.resource::<Bindings>().clone();
    let (Some(hero), Some(at)) = (selection.hero, selection.hovered) else {
        return;
    };
    let side = query::side_of(world, hero);
    let Some(target) = query::enemy_at(world, side, at) else {
        return;
    };
    let name = query::hero_name(world, target);
    // The line of fire on the map: the hexes between, or up to the wall that blocks it.
    if let Some(from) = world.get::<HexPos>(hero).map(|p| p.0) {
        let line: Vec<hexx::Hex> = from.line_to(at).collect();
        let map = &world.resource::<Battle>().map;
        let blocked = map.line_of_fire(from, at).err();
        let shown: Vec<hexx::Hex> = line
            .into_iter()
            .skip(1)
            .take_while(|h| Some(*h) != blocked)
            .chain(blocked)
            .collect();
        world.insert_resource(FireLine(shown, blocked));
    }
    // A foe within a pace: the hand-to-hand attack J would make.
    if query::engaged_foes(world, hero).contains(&target) {
        let line = match melee::plan(world, hero, target, selection.attack, selection.careful, 1) {
            Ok(p) => {
                let parts: Vec<String> = p
                    .tn_parts
                    .iter()
                    .map(|m| format!("{} {:+}", m.name, m.value))
                    .collect();
                let mods: Vec<String> = p.volley.attacks[0]
                    .terms
                    .modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.name, m.value))
                    .collect();
                format!(
                    "{}: {}{} at {name} with {}, {} AP.\nTN {} = {}; {}{}.\nAdvantage {} to {}. Chance to hit {:.1}%\n{}: attack type  {}: careful  {}: block  {}: dodge",
                    keys.key(BattleAction::MeleeAttack),
                    if p.careful { "careful " } else { "" },
                    p.attack.name(),
                    p.weapon.name,
                    p.ap,
                    p.volley.attacks[0].terms.tn,
                    parts.join(", "),
                    if mods.is_empty() {
                        "no modifiers"
                    } else {
                        "modifiers: "
                    },
                    mods.join(", "),
                    p.advantage.0,
                    p.advantage.1,
                    p.chance * 100.0,
                    keys.key(BattleAction::CycleAttack),
                    keys.key(BattleAction::ToggleCareful),
                    keys.key(BattleAction::Block),
                    keys.key(BattleAction::Dodge)
                )
            }
            Err(why) => format!("Cannot attack {name}: {}", keys.refusal(&why)),
        };
        world.insert_resource(MovePreview { line: Some(line) });
        return;
    }
    let line = match ranged::plan(world, hero, target, selection.shot) {
        Ok(p) => {
            let parts: Vec<String> = p
                .terms
                .tn_parts
                .iter()
                .map(|m| format!("{} {}", m.name, m.value))
                .collect();
            let mods: Vec<String> = p
                .terms
                .modifiers
                .iter()
                .map(|m| format!("{} {:+}", m.name, m.value))
                .collect();
            let cover = p.cover.as_ref().map_or(String::new(), |c| {
                let locations: Vec<&str> = c.covers.iter().map(|l| l.name()).collect();
                format!(
                    "\nCover: {} (AV {}) covers {}",
                    c.name,
                    c.av,
                    locations.join(", ")
                )
            });
            format!(
                "Shoot {name} ({} paces) with the {}: {}, {} AP.\nTN {} = {}; modifiers: {}.\nChance to hit {:.1}%{cover}\n{}: snap/normal/aimed. {} fires.",
                p.distance,
                p.weapon.name,
                p.kind.name(),
                p.ap,
                p.terms.tn,
                parts.join(" + "),
                if mods.is_empty() {
                    "none".to_string()
                } else {
                    mods.join(", ")
                },
                p.chance * 100.0,
                keys.key(BattleAction::CycleShot),
                keys.key(BattleAction::MoveHere)
            )
        }
        Err(why) => format!("Cannot shoot {name}: {}", keys.refusal(&why)),
    };
    world.insert_resource(MovePreview { line: Some(line) });
}
