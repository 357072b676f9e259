//! Previews for the hex pointed at: a move's path and AP, a shot (line of fire, TN,
//! modifiers, chance), a hand-to-hand attack; and each hero's engagement.
use crate::game::battle::{Battle, Cover, Facing, Hero, HexPos, Track};
use crate::game::map_view::MapGeometry;
use crate::rules::hexmap::offset_of;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

/// The selected hero's reach this declaration, and the path to the hovered hex with its cost.
#[derive(Resource, Default)]
pub struct MovePreview {
    pub line: Option<String>,
}

pub(super) fn preview_moves(
    mut commands: Commands,
    battle: Res<Battle>,
    selection: Option<Res<crate::game::input::Selection>>,
    heroes: Query<(Entity, &Hero, &HexPos, &Facing, &Track)>,
    mut tiles: Query<(&TilePos, &mut TileColor)>,
    geometry: Option<Res<MapGeometry>>,
    covers: Query<(&Cover, &HexPos)>,
    riders: Query<&crate::game::battle::MountedOn>,
    mounts: Query<(&crate::game::battle::Mount, &Facing)>,
    fire_line: Option<Res<FireLine>>,
) {
    let fire_line = fire_line.map(|f| f.clone()).unwrap_or_default();
    let (Some(selection), Some(geometry)) = (selection, geometry) else {
        return;
    };
    let Some((_, hero, pos, facing, ap)) = selection.hero.and_then(|e| heroes.get(e).ok()) else {
        return;
    };
    // A rider does not walk: the mount moves every segment, the rider steers and reins.
    if let Some((mount, heading)) = selection
        .hero
        .and_then(|e| riders.get(e).ok())
        .and_then(|m| mounts.get(m.0).ok())
    {
        for (_, mut color) in &mut tiles {
            color.0 = Color::WHITE;
        }
        commands.insert_resource(MovePreview {
            line: Some(format!(
                "{} rides {}: {} paces a round (best {}), heading hexside {}. Q/E: steer (1 AP a hexside, 2 for more), V: rein in or spur on (1 AP)",
                hero.name, mount.name, mount.speed, mount.best_speed, heading.0
            )),
        });
        return;
    }
    let occupied: Vec<hexx::Hex> = heroes
        .iter()
        .filter(|h| Some(h.0) != selection.hero)
        .map(|h| h.2.0)
        .collect();
    let options = crate::game::battle::move_options(
        &battle,
        pos.0,
        facing.0,
        hero,
        ap.0.left(),
        selection.gait,
        &occupied,
    );
    let path: Vec<hexx::Hex> = selection
        .hovered
        .and_then(|h| options.get(&h))
        .map(|p| p.hexes.clone())
        .unwrap_or_default();
    for (tp, mut color) in &mut tiles {
        let hex = geometry.hex_of(*tp);
        color.0 = if fire_line.1 == Some(hex) {
            Color::srgb(1.0, 0.3, 0.25)
        } else if fire_line.0.contains(&hex) {
            Color::srgb(1.0, 0.65, 0.45)
        } else if path.contains(&hex) {
            Color::srgb(1.0, 0.85, 0.4)
        } else if options.contains_key(&hex) {
            Color::srgb(0.8, 1.0, 0.8)
        } else {
            Color::WHITE
        };
    }
    let gait = match selection.gait {
        crate::rules::movement::Gait::Walk => "walking",
        crate::rules::movement::Gait::Run => "running",
    };
    let line = match selection.hovered {
        Some(h) => {
            let (c, r) = offset_of(h);
            let tile = battle.map.tile(h).map_or("-", |t| t.terrain.name());
            match options.get(&h) {
                Some(p) => format!(
                    "{} {gait} to {c},{r} ({tile}): {} AP = {} maneuver + {} ground + {} climbing + {} facing, {} paces",
                    hero.name,
                    p.cost.total,
                    p.cost.maneuver,
                    p.cost.ground,
                    p.cost.climbing,
                    p.cost.facing,
                    p.cost.paces
                ),
                None => format!(
                    "{c},{r} ({tile}): out of {}'s reach {gait} with {} AP",
                    hero.name,
                    ap.0.left()
                ),
            }
        }
        None => format!(
            "{} ({gait}, {} AP): green hexes are in reach",
            hero.name,
            ap.0.left()
        ),
    };
    let cover: Vec<String> = covers
        .iter()
        .filter(|(_, at)| Some(at.0) == selection.hovered)
        .map(|(c, _)| {
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
        .collect();
    let line = if cover.is_empty() {
        line
    } else {
        format!("{line}\n{}", cover.join("\n"))
    };
    commands.insert_resource(MovePreview { line: Some(line) });
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
        if world
            .get::<crate::game::battle::Down>(hero)
            .is_some_and(|d| d.0)
        {
            continue;
        }
        let foes = crate::game::melee::engaged_foes(world, hero);
        if foes.is_empty() {
            continue;
        }
        let names: Vec<String> = foes
            .iter()
            .filter_map(|f| world.get::<Hero>(*f).map(|h| h.name.clone()))
            .collect();
        let (ours, theirs) = crate::game::melee::advantage(world, foes[0], hero);
        let dominated = crate::game::melee::dominated(world, hero);
        let close = world
            .get::<crate::game::melee::CloseCombat>(hero)
            .copied()
            .unwrap_or_default();
        let mut s = format!(
            "engaged with {}; advantage {theirs} to {ours}; defense {}",
            names.join(", "),
            crate::game::melee::defense(world, hero).0
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
            s.push_str(&format!("; dodging {toward}/{}", (toward + 1) % 6));
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
    let Some(selection) = world
        .get_resource::<crate::game::input::Selection>()
        .cloned()
    else {
        return;
    };
    let (Some(hero), Some(at)) = (selection.hero, selection.hovered) else {
        return;
    };
    let side = world.get::<crate::game::battle::Side>(hero).map(|s| s.0);
    let mut q = world.query::<(Entity, &HexPos, &crate::game::battle::Side, &Hero)>();
    let Some((target, name)) = q
        .iter(world)
        .find(|(_, p, s, _)| p.0 == at && Some(s.0) != side)
        .map(|(e, _, _, h)| (e, h.name.clone()))
    else {
        return;
    };
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
    if crate::game::melee::engaged_foes(world, hero).contains(&target) {
        let line = match crate::game::melee::plan(
            world,
            hero,
            target,
            selection.attack,
            selection.careful,
            1,
        ) {
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
                    "J: {}{} at {name} with {}, {} AP.\nTN {} = {}; {}{}.\nAdvantage {} to {}. Chance to hit {:.1}%\nI: attack type  Y: careful  B: block  D: dodge",
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
                    p.chance * 100.0
                )
            }
            Err(why) => format!("Cannot attack {name}: {why}"),
        };
        world.insert_resource(MovePreview { line: Some(line) });
        return;
    }
    let line = match crate::game::combat::plan(world, hero, target, selection.shot) {
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
                "Shoot {name} ({} paces) with the {}: {}, {} AP.\nTN {} = {}; modifiers: {}.\nChance to hit {:.1}%{cover}\nF: snap/normal/aimed. Right click fires.",
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
                p.chance * 100.0
            )
        }
        Err(why) => format!("Cannot shoot {name}: {why}"),
    };
    world.insert_resource(MovePreview { line: Some(line) });
}
