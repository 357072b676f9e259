//! The heads-up display of a battle: the hero panel, the movement preview, the banner saying
//! whose declaration it is, and the hot-seat handoff screen.

use super::battle::{Battle, Cover, Facing, Hero, HexPos, Prone, Side, SideInfo, Track, Weapons};
use super::map_view::{MapGeometry, PANEL_W, WINDOW_W};
use crate::rules::hexmap::offset_of;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

/// The panel, preview, banner and handoff screen of a battle.
pub struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        use super::screens::{Screen, ScreenSystems};
        app.init_resource::<EngagementView>()
            .add_systems(
                OnEnter(Screen::Battle),
                (spawn_panel, spawn_banner).after(ScreenSystems::LoadBattle),
            )
            .add_systems(
                Update,
                (
                    preview_moves,
                    preview_shot,
                    engagement_view,
                    update_panel,
                    update_banner,
                )
                    .chain()
                    .after(super::map_view::MapViewSystems::Figures)
                    .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
            );
    }
}

#[derive(Component)]
struct Panel;

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(0),
                // The combat log takes the foot of the column.
                bottom: px(super::track_view::LOG_H),
                width: px(PANEL_W),
                padding: UiRect::all(px(14)),
                flex_direction: FlexDirection::Column,
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(Color::srgba(0.12, 0.08, 0.05, 0.92)),
        ))
        .with_children(|p| {
            p.spawn((
                super::widgets::label("", 14.0, Color::srgb(0.97, 0.92, 0.82)),
                Panel,
            ));
        });
}

fn update_panel(
    battle: Res<Battle>,
    selection: Option<Res<super::input::Selection>>,
    preview: Option<Res<MovePreview>>,
    mut refusals: MessageReader<super::battle::CommandOutcome>,
    mut last: Local<String>,
    heroes: Query<(
        Entity,
        &Hero,
        &Side,
        &HexPos,
        &Track,
        &Weapons,
        &Prone,
        &super::battle::Wounds,
        &super::battle::Down,
    )>,
    sides: Query<&SideInfo>,
    mut panel: Query<&mut Text, With<Panel>>,
    engagement: Res<EngagementView>,
    stack_spend: Query<&super::round::StackSpend>,
) {
    let Ok(mut text) = panel.single_mut() else {
        return;
    };
    let engagement = &engagement.0;
    for outcome in refusals.read() {
        let name = heroes
            .get(outcome.hero())
            .map(|h| h.1.name.clone())
            .unwrap_or_default();
        *last = outcome.describe(&name);
    }
    let selected = selection.as_ref().and_then(|s| s.hero);
    let mut s = format!(
        "{}\n{}\n\n",
        battle.level.name.to_uppercase(),
        battle.level.description
    );
    if let Some(p) = preview.as_ref().and_then(|p| p.line.clone()) {
        s.push_str(&format!("{p}\n"));
    }
    if !last.is_empty() {
        s.push_str(&format!("{}\n", *last));
    }
    if let Some(sel) = selection.as_ref().filter(|s| !s.series.is_empty()) {
        let names: Vec<String> = sel
            .series
            .iter()
            .map(|(e, k)| {
                let who = heroes.get(*e).map_or("?".to_string(), |h| h.1.name.clone());
                format!("{} ({})", who, k.name())
            })
            .collect();
        s.push_str(&format!(
            "{} declared: {} (Z: fire, N: fan)\n",
            if sel.fan { "Fan" } else { "Series" },
            names.join(", ")
        ));
    }
    s.push('\n');
    let mut side_list: Vec<&SideInfo> = sides.iter().collect();
    side_list.sort_by_key(|i| i.index);
    for side in side_list {
        s.push_str(&format!("{} ({:?})\n", side.name, side.control));
        let mut hs: Vec<_> = heroes.iter().filter(|h| h.2.0 == side.index).collect();
        hs.sort_by(|a, b| a.1.name.cmp(&b.1.name));
        for (entity, hero, _, pos, ap, weapons, prone, wounds, down) in hs {
            let (c, r) = offset_of(pos.0);
            let mut arms: Vec<String> = weapons.0.iter().map(describe_weapon).collect();
            let hurt: Vec<String> = wounds
                .body
                .wounds
                .iter()
                .map(|(part, n)| format!("{} {n}", part.name()))
                .collect();
            if hero.skills.contains_key("Quick Draw") {
                arms.push(format!(
                    "\n    Quick Draw: spends {} AP on the stack (0 changes it)",
                    stack_spend.get(entity).map_or(0, |s| s.0)
                ));
            }
            if let Some(close) = engagement.get(&entity) {
                arms.push(format!("\n    {close}"));
            }
            if !hurt.is_empty() || wounds.body.conc > 0 || down.0 {
                let state = match (down.0, wounds.fate, wounds.stunned) {
                    (true, Some(crate::rules::damage::Fate::Killed), _) => " KILLED",
                    (true, _, _) => " OUT",
                    (false, _, true) => " stunned",
                    _ => "",
                };
                arms.push(format!(
                    "\n    wounds: {} Conc {}{state}",
                    if hurt.is_empty() {
                        "none".to_string()
                    } else {
                        hurt.join(", ")
                    },
                    wounds.body.conc
                ));
            }
            s.push_str(&format!(
                "{} {} at {c},{r}{}  AP {} in front, {} to come, of {}  Move {} Run {}\n    {}\n",
                if Some(entity) == selected { ">" } else { " " },
                hero.name,
                if prone.0 { " prone" } else { "" },
                ap.0.in_front,
                ap.0.pool,
                ap.0.total,
                hero.move_paces,
                hero.run,
                arms.join(", "),
            ));
        }
        s.push('\n');
    }

    text.0 = s;
}

/// The selected hero's reach this declaration, and the path to the hovered hex with its cost.
#[derive(Resource, Default)]
pub struct MovePreview {
    pub line: Option<String>,
}

fn preview_moves(
    mut commands: Commands,
    battle: Res<Battle>,
    selection: Option<Res<super::input::Selection>>,
    heroes: Query<(Entity, &Hero, &HexPos, &Facing, &Track)>,
    mut tiles: Query<(&TilePos, &mut TileColor)>,
    geometry: Option<Res<MapGeometry>>,
    covers: Query<(&Cover, &HexPos)>,
    riders: Query<&super::battle::MountedOn>,
    mounts: Query<(&super::battle::Mount, &Facing)>,
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
    let options = super::battle::move_options(
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

fn engagement_view(world: &mut World) {
    let mut q = world.query_filtered::<Entity, With<Hero>>();
    let heroes: Vec<Entity> = q.iter(world).collect();
    let mut view = std::collections::HashMap::new();
    for hero in heroes {
        let foes = super::melee::engaged_foes(world, hero);
        if foes.is_empty() {
            continue;
        }
        let names: Vec<String> = foes
            .iter()
            .filter_map(|f| world.get::<Hero>(*f).map(|h| h.name.clone()))
            .collect();
        let (ours, theirs) = super::melee::advantage(world, foes[0], hero);
        let dominated = super::melee::dominated(world, hero);
        let close = world
            .get::<super::melee::CloseCombat>(hero)
            .copied()
            .unwrap_or_default();
        let mut s = format!(
            "engaged with {}; advantage {theirs} to {ours}; defense {}",
            names.join(", "),
            super::melee::defense(world, hero).0
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
fn preview_shot(world: &mut World) {
    world.insert_resource(FireLine::default());
    let Some(selection) = world.get_resource::<super::input::Selection>().cloned() else {
        return;
    };
    let (Some(hero), Some(at)) = (selection.hero, selection.hovered) else {
        return;
    };
    let side = world.get::<super::battle::Side>(hero).map(|s| s.0);
    let mut q = world.query::<(Entity, &HexPos, &super::battle::Side, &Hero)>();
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
    if super::melee::engaged_foes(world, hero).contains(&target) {
        let line = match super::melee::plan(
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
    let line = match super::combat::plan(world, hero, target, selection.shot) {
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

#[derive(Component)]
struct Banner;

#[derive(Component)]
struct Handoff;

fn spawn_banner(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                top: px(0),
                width: px(WINDOW_W - PANEL_W),
                padding: UiRect::all(px(10)),
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
        ))
        .with_children(|p| {
            p.spawn((super::widgets::label("", 22.0, Color::WHITE), Banner));
        });
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                top: px(0),
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgb(0.08, 0.05, 0.03)),
            Visibility::Hidden,
            GlobalZIndex(10),
            Handoff,
            DespawnOnExit(super::screens::Screen::Battle),
        ))
        .with_children(|p| {
            p.spawn((super::widgets::label("", 30.0, Color::WHITE), Handoff));
        });
}

fn update_banner(
    battle: Res<Battle>,
    seat: Res<super::battle::HotSeat>,
    round: Res<super::round::RoundState>,
    names: Query<&Hero>,
    mut banner: Query<(&mut Text, &mut TextColor), (With<Banner>, Without<Handoff>)>,
    mut handoff: Query<
        (Option<&mut Text>, Option<&mut Visibility>),
        (With<Handoff>, Without<Banner>),
    >,
) {
    let side = &battle.level.sides[seat.active];
    let color = Color::srgb(side.color.0, side.color.1, side.color.2);
    if let Ok((mut text, mut text_color)) = banner.single_mut() {
        let when = match round.segment {
            0 => format!("Round {}, initiative", round.round),
            s if s > crate::rules::action_time::SEGMENTS => {
                format!("Round {}, beyond segment 20 ({s})", round.round)
            }
            s => format!("Round {}, segment {s}", round.round),
        };
        let who = round.declarer().and_then(|e| names.get(e).ok());
        text.0 = match who {
            Some(hero) => format!(
                "{when}: {} declares ({}, {:?})",
                hero.name, side.name, side.control
            ),
            None => format!("{when}: actions resolve."),
        };
        text_color.0 = color.lighter(0.2);
    }
    for (text, visibility) in &mut handoff {
        if let Some(mut v) = visibility {
            *v = if seat.awaiting_handoff {
                Visibility::Visible
            } else {
                Visibility::Hidden
            };
        }
        if let Some(mut t) = text {
            t.0 = format!(
                "Pass the seat to {}.\nThe map is hidden. Press Enter when ready.",
                side.name
            );
        }
    }
}

/// "Peacemaker (in hand, cocked, 6 rounds)".
fn describe_weapon(w: &super::battle::WeaponState) -> String {
    let mut state = Vec::new();
    if w.ready {
        state.push("in hand".to_string());
    }
    if w.cocked {
        state.push("cocked".to_string());
    }
    if w.jammed {
        state.push("JAMMED".to_string());
    }
    if w.rounds > 0 {
        let plural = if w.rounds == 1 { "" } else { "s" };
        state.push(format!("{} round{plural}", w.rounds));
    }
    if state.is_empty() {
        w.name.clone()
    } else {
        format!("{} ({})", w.name, state.join(", "))
    }
}
