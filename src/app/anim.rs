//! Seeing it happen: figures glide from hex to hex along the path they walked (a mount's
//! continuous movement follows it segment by segment), the declaring hero stands on a ring,
//! shots draw a tracer and a flash, hits flash red and say where and how hard, each at the
//! player's pace (the Settings' Pace). The match has moved on when they start; but the
//! computer's next step waits until the figures have arrived and the tracer has faded
//! (`hold_the_pace`), so every action of the computer can be followed on the map.

use super::board::{BoardSystems, Goal, MapGeometry, Placed};
use super::layout::Palette;
use super::state::{Screen, ScreenSystems};
use crate::rules::hexmap::offset_of;
use crate::sim::Outcome;
use crate::sim::model::{Battle, MatchLog, Roster, RoundState};
use bevy::prelude::*;
use std::collections::VecDeque;

use super::input::Bindings;
pub use hold::{HoldsThePace, holds_the_map};
use hold::{Humans, hold_the_pace};

mod bursts;
mod guard;
mod hold;
mod replayed;
mod steps;
pub(crate) mod words;
pub use steps::{bystander_fate, step_words};
pub use words::{hit_words, location_and_track, with_tracks};

pub struct AnimPlugin;

impl Plugin for AnimPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(Screen::Battle),
            spawn_ring.after(ScreenSystems::LoadBattle),
        )
        .add_systems(
            Update,
            (
                walk_paths,
                glide,
                follow_declarer,
                shots,
                guard::guard_and_dodge,
                steps::say_steps,
                steps::say_passes,
                (words::follow_tokens, words::keep_words_in_view).chain(),
                fade,
                hold_the_pace,
            )
                .chain()
                .after(BoardSystems::Figures)
                .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
        )
        // The replay viewer draws the attacks it steps through, as live play drew them.
        .add_systems(
            Update,
            (replayed::replayed_attacks, fade)
                .chain()
                .after(BoardSystems::Figures)
                .run_if(in_state(Screen::Replay).and_then(resource_exists::<Battle>)),
        )
        .add_systems(OnExit(Screen::Replay), replayed::clear_replayed);
    }
}

/// A figure on its way: the points still to pass, and how far it is to the next.
#[derive(Component, Debug, Clone, Default)]
pub struct Glide {
    pub from: Vec3,
    pub points: VecDeque<Vec3>,
    pub t: f32,
}

/// Something that fades and goes: a tracer, a flash, the words of a hit.
#[derive(Component, Debug, Clone, Copy)]
pub struct Fade {
    pub left: f32,
    pub total: f32,
    /// Rises this many pixels a second (the words of a hit).
    pub rise: f32,
    /// Grows to this many times its size (a flash).
    pub grow: f32,
}

impl Fade {
    /// Fading over `secs` where it stands, at its size.
    pub fn over(secs: f32) -> Fade {
        Fade::growing(secs, 1.0)
    }

    /// Fading over `secs` where it stands, growing to `grow` times its size.
    pub fn growing(secs: f32, grow: f32) -> Fade {
        Fade {
            left: secs,
            total: secs,
            rise: 0.0,
            grow,
        }
    }
}

/// What a shot or a blow left on the map (for the tests and the screenshots).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    Tracer,
    Flash,
    Words,
    /// A shot or blow that glanced off cover or a block.
    Sparks,
    /// A figure fell (knocked out or killed).
    Dust,
    /// A guard raised: a block readied, or a blow met by one.
    Guard,
}

/// The ring under the hero whose declaration it is.
#[derive(Component)]
pub struct DeclarerRing;

fn spawn_ring(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    palette: Res<Palette>,
) {
    commands.spawn((
        Mesh2d(meshes.add(Annulus::new(21.0, 26.0))),
        MeshMaterial2d(materials.add(palette.declarer)),
        Transform::from_xyz(0.0, 0.0, 2.8),
        Visibility::Hidden,
        DeclarerRing,
        DespawnOnExit(Screen::Battle),
    ));
}

/// A hero that walked: its figure passes every hex of the path.
fn walk_paths(
    mut outcomes: MessageReader<Outcome>,
    roster: Option<Res<Roster>>,
    geometry: Option<Res<MapGeometry>>,
    mut figures: Query<(&Transform, Option<&mut Glide>), With<Placed>>,
    mut commands: Commands,
) {
    let (Some(roster), Some(geometry)) = (roster, geometry) else {
        outcomes.clear();
        return;
    };
    for outcome in outcomes.read() {
        let Outcome::Moved { hero, path, .. } = outcome else {
            continue;
        };
        let Some(e) = roster.entity(*hero) else {
            continue;
        };
        let Ok((at, glide)) = figures.get_mut(e) else {
            continue;
        };
        let z = at.translation.z;
        let points: VecDeque<Vec3> = path
            .iter()
            .map(|h| {
                let (c, r) = offset_of(*h);
                geometry.center(c, r).extend(z)
            })
            .collect();
        match glide {
            Some(mut g) => g.points.extend(points),
            None => {
                commands.entity(e).insert(Glide {
                    from: at.translation,
                    points,
                    t: 0.0,
                });
            }
        }
    }
}

/// Figures glide toward their goal, point by point (eased at each end of the way).
fn glide(
    time: Res<Time>,
    keys: Res<Bindings>,
    mut commands: Commands,
    mut figures: Query<(Entity, &Goal, &mut Transform, Option<&mut Glide>), With<Placed>>,
) {
    let dt = time.delta_secs();
    for (e, goal, mut at, glide) in &mut figures {
        let Some(mut g) = glide else {
            if at.translation.truncate() != goal.0.truncate() {
                commands.entity(e).insert(Glide {
                    from: at.translation,
                    points: VecDeque::from([goal.0]),
                    t: 0.0,
                });
            } else if at.translation.z != goal.0.z {
                at.translation.z = goal.0.z;
            }
            continue;
        };
        // The goal is where the walk ends (a figure shown over a cover object or a mount
        // keeps its offset).
        if g.points.back().map(|p| p.truncate()) != Some(goal.0.truncate()) {
            g.points.push_back(goal.0);
        }
        let Some(next) = g.points.front().copied() else {
            commands.entity(e).remove::<Glide>();
            continue;
        };
        // Catch up faster when far behind.
        let behind = g.points.len() as f32;
        g.t += dt / keys.0.pace.step_secs() * behind.sqrt().max(1.0);
        let curve = EasingCurve::new(g.from, next, EaseFunction::SineInOut);
        at.translation = curve.sample_clamped(g.t.min(1.0));
        if g.t >= 1.0 {
            g.from = next;
            g.t = 0.0;
            g.points.pop_front();
            if g.points.is_empty() {
                at.translation = goal.0;
                commands.entity(e).remove::<Glide>();
            }
        }
    }
}

/// The ring stands under the declaring hero's figure, wherever it is drawn.
fn follow_declarer(
    round: Res<RoundState>,
    palette: Res<Palette>,
    time: Res<Time>,
    figures: Query<&Transform, (With<Placed>, Without<DeclarerRing>)>,
    mut ring: Query<
        (
            &mut Transform,
            &mut Visibility,
            &MeshMaterial2d<ColorMaterial>,
        ),
        With<DeclarerRing>,
    >,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok((mut at, mut visibility, material)) = ring.single_mut() else {
        return;
    };
    match round.declarer().and_then(|e| figures.get(e).ok()) {
        Some(figure) => {
            at.translation = figure.translation.truncate().extend(2.8);
            let pulse = 1.0 + 0.08 * (time.elapsed_secs() * 5.0).sin();
            at.scale = Vec3::splat(pulse);
            *visibility = Visibility::Visible;
        }
        None => *visibility = Visibility::Hidden,
    }
    if palette.is_changed()
        && let Some(mut m) = materials.get_mut(&material.0)
    {
        m.color = palette.declarer;
    }
}

/// Where the weapon `thrower` just threw lands (the landing of a miss in the log's newest
/// events, after its attack, else its target at `target`), and whether it bursts (a blast in
/// the log, or dynamite); `None` when its newest attack in the log was not a throw.
fn thrown_lands(
    thrower: &str,
    gear: &crate::data::gear::Gear,
    new: &[crate::sim::model::LogEvent],
    geometry: Option<&MapGeometry>,
    target: Vec2,
) -> Option<(Vec2, bool)> {
    let (at, weapon) = new
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, e)| e.actor.as_deref() == Some(thrower))
        .find_map(|(i, e)| Some((i, e.fields.get("weapon")?.as_str()?)))?;
    if gear.weapon(weapon)?.kind != crate::data::gear::WeaponKind::Thrown {
        return None;
    }
    // What came of that attack: the events after it.
    let new = &new[at..];
    let lands = new
        .iter()
        .find(|e| e.kind == "landed")
        .and_then(|e| e.fields.get("at"))
        .and_then(|at| Some((at.get(0)?.as_i64()?, at.get(1)?.as_i64()?)))
        .zip(geometry)
        .map_or(target, |((c, r), g)| g.center(c as i32, r as i32));
    let blast = new.iter().any(|e| e.kind == "blast") || weapon.to_lowercase().contains("dynamite");
    Some((lands, blast))
}

/// A throw on the map: dots along its arc, and a blast where dynamite lands.
fn draw_throw(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    (colour, secs): (Color, f32),
    (from, lands): (Vec2, Vec2),
    blast: bool,
) {
    let fade = |grow: f32| Fade::growing(secs, grow);
    let dot = meshes.add(Circle::new(3.5));
    let ink = materials.add(colour);
    for at in throw_arc(from, lands, 14) {
        commands.spawn((
            Mesh2d(dot.clone()),
            MeshMaterial2d(ink.clone()),
            Transform::from_translation(at.extend(6.0)),
            fade(1.0),
            Effect::Tracer,
            DespawnOnExit(Screen::Battle),
        ));
    }
    if blast {
        commands.spawn((
            Mesh2d(meshes.add(Annulus::new(14.0, 24.0))),
            MeshMaterial2d(materials.add(Color::srgba(1.0, 0.55, 0.1, 0.85))),
            Transform::from_translation(lands.extend(6.4)),
            fade(3.0),
            Effect::Flash,
            DespawnOnExit(Screen::Battle),
        ));
    }
}

/// The points of a thrown weapon's arc from `a` to `b`: a parabola rising a third of the way
/// (at least 20 pixels, at most 120) over the middle of the throw.
pub fn throw_arc(a: Vec2, b: Vec2, points: usize) -> Vec<Vec2> {
    let rise = (a.distance(b) / 3.0).clamp(20.0, 120.0);
    (0..=points)
        .map(|i| {
            let t = i as f32 / points.max(1) as f32;
            a.lerp(b, t) + Vec2::new(0.0, rise * 4.0 * t * (1.0 - t))
        })
        .collect()
}

/// A shot: a tracer from the firer to the target and a flash there; a hit flashes red and
/// says where and how hard (the log's numbers). A blow flashes the foe.
fn shots(
    keys: Res<Bindings>,
    mut outcomes: MessageReader<Outcome>,
    roster: Option<Res<Roster>>,
    log: Res<MatchLog>,
    palette: Res<Palette>,
    figures: Query<(&Transform, Has<Glide>), With<Placed>>,
    shown: words::Shown,
    names: Query<&crate::sim::model::Hero>,
    throws: (Res<Battle>, Option<Res<MapGeometry>>),
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
    (cameras, windows, humans): (words::Cameras, words::MapView, Humans),
) {
    let (battle, geometry) = throws;
    // The newest events of the log: the weapon of an attack, where a throw landed, a blast.
    let new = &log.events[log.events.len().saturating_sub(60)..];
    let Some(roster) = roster else {
        outcomes.clear();
        return;
    };
    let pace = keys.0.pace;
    let tokens = figures.iter().map(|(t, _)| t.translation.truncate());
    let mut room = words::Room::now(&shown, &cameras, &windows, tokens);
    let attacks = attacks_of_the_frame(&mut outcomes);
    for (i, &(hero, target, hit, tracer)) in attacks.iter().enumerate() {
        // Its event in the log: as many newer ones at the target as come after it this frame.
        let later = attacks[i + 1..].iter().filter(|a| a.1 == target).count();
        let (Some((from, _)), Some((to, _))) = (
            roster.entity(hero).and_then(|e| figures.get(e).ok()),
            roster.entity(target).and_then(|e| figures.get(e).ok()),
        ) else {
            continue;
        };
        let (a, b) = (from.translation.truncate(), to.translation.truncate());
        // A thrown weapon flies in an arc to where it lands; dynamite bursts there.
        let thrown = roster
            .entity(hero)
            .and_then(|e| names.get(e).ok())
            .and_then(|h| thrown_lands(&h.name, &battle.gear, new, geometry.as_deref(), b));
        if tracer && let Some((lands, blast)) = thrown {
            draw_throw(
                &mut commands,
                (&mut meshes, &mut materials),
                (palette.tracer, pace.shot_secs()),
                (a, lands),
                blast,
            );
        } else if tracer && a.distance(b) > 1.0 {
            spawn_tracer(
                &mut commands,
                (&mut meshes, &mut materials),
                (a, b),
                (palette.tracer, pace.shot_secs()),
            );
        }
        if !tracer && let Some(e) = roster.entity(hero) {
            lunge(&mut commands, e, figures.get(e).ok(), b);
        }
        spawn_flash(
            &mut commands,
            (&mut meshes, &mut materials),
            b,
            hit,
            (&palette, pace.shot_secs()),
        );
        // The words of the hit, from the log's event of it.
        let target_name = roster
            .entity(target)
            .and_then(|e| names.get(e).ok())
            .map(|h| h.name.clone())
            .unwrap_or_default();
        let event = words::attack_at(&log, &target_name, later);
        let (words, colour) = words::over_the_target(event, &target_name, hit, &palette);
        bursts::after(
            &mut commands,
            (&mut meshes, &mut materials),
            (a, b),
            words::struck(event, hit),
            pace.shot_secs(),
        );
        let said = room.say(&mut commands, words, (b, 30.0), (colour, pace.words_secs()));
        // A hit that stuns, disables or fells a hero of the player's side holds the map while
        // its words stand whole (a play-test's heroes were hit down between two looks).
        let befell = event
            .and_then(|e| e.fields.get("fate"))
            .and_then(|f| f.as_str())
            .is_some_and(|f| f != "standing");
        if hit && befell && roster.entity(target).is_some_and(|e| humans.contains(e)) {
            commands.entity(said).insert(HoldsThePace);
        }
    }
}

/// Every shot and blow of this frame, in order: (hero, target, hit, a shot's tracer).
fn attacks_of_the_frame(
    outcomes: &mut MessageReader<Outcome>,
) -> Vec<(crate::sim::HeroId, crate::sim::HeroId, bool, bool)> {
    outcomes
        .read()
        .filter_map(|outcome| match outcome {
            Outcome::Shot {
                hero, target, hit, ..
            } => Some((*hero, *target, *hit, true)),
            Outcome::Melee {
                hero, target, hit, ..
            } => Some((*hero, *target, *hit, false)),
            _ => None,
        })
        .collect()
}

/// A shot's tracer: a straight line from the shooter to the target, fading.
fn spawn_tracer(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    (a, b): (Vec2, Vec2),
    (colour, secs): (Color, f32),
) {
    let v = b - a;
    commands.spawn((
        Mesh2d(meshes.add(Rectangle::new(v.length(), 3.0))),
        MeshMaterial2d(materials.add(colour)),
        Transform::from_translation(((a + b) / 2.0).extend(6.0))
            .with_rotation(Quat::from_rotation_z(v.y.atan2(v.x))),
        Fade::over(secs),
        Effect::Tracer,
        DespawnOnExit(Screen::Battle),
    ));
}

/// A blow: the attacker lunges a step toward its foe and back (unless it is on its way).
fn lunge(commands: &mut Commands, attacker: Entity, at: Option<(&Transform, bool)>, toward: Vec2) {
    let Some((at, false)) = at else { return };
    let a = at.translation.truncate();
    if a.distance(toward) <= 1.0 {
        return;
    }
    let step = a + (toward - a) * 0.4;
    commands.entity(attacker).insert(Glide {
        from: at.translation,
        points: VecDeque::from([step.extend(at.translation.z)]),
        t: 0.0,
    });
}

/// The flash where a shot or a blow ends: red and wide on a hit, a small white one on a miss.
fn spawn_flash(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    at: Vec2,
    hit: bool,
    (palette, secs): (&Palette, f32),
) {
    let flash = if hit {
        palette.hit
    } else {
        Color::srgba(1.0, 1.0, 1.0, 0.8)
    };
    // A hit bursts as a ring round the token, which stays in sight (a disc over it hid the
    // figure hit: a play-test); a miss is a small puff.
    let mesh: Mesh = if hit {
        Annulus::new(15.0, 23.0).into()
    } else {
        Circle::new(9.0).into()
    };
    commands.spawn((
        Mesh2d(meshes.add(mesh)),
        MeshMaterial2d(materials.add(flash)),
        Transform::from_translation(at.extend(6.5)),
        Fade::growing(secs, 1.8),
        Effect::Flash,
        DespawnOnExit(Screen::Battle),
    ));
}

/// Tracers, flashes and words fade and go.
fn fade(
    time: Res<Time>,
    mut commands: Commands,
    mut effects: Query<(
        Entity,
        &mut Fade,
        &mut Transform,
        Option<&MeshMaterial2d<ColorMaterial>>,
        Option<&mut TextColor>,
        Option<&words::Zoomed>,
        Option<&mut Sprite>,
    )>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let dt = time.delta_secs();
    for (e, mut fade, mut at, material, text, zoomed, plate) in &mut effects {
        fade.left -= dt;
        if fade.left <= 0.0 {
            commands.entity(e).despawn();
            continue;
        }
        let k = fade.left / fade.total;
        at.translation.y += fade.rise * dt;
        let size = zoomed.map_or(1.0, |z| z.0);
        at.scale = Vec3::splat(size * (1.0 + (fade.grow - 1.0) * (1.0 - k)));
        if let Some(mut m) = material.and_then(|m| materials.get_mut(&m.0)) {
            m.color.set_alpha(k);
        }
        // Words stay whole for the first 70 % of their time, then fade.
        if let Some(mut t) = text {
            t.0.set_alpha((k / 0.3).min(1.0));
        }
        if let Some(mut plate) = plate {
            plate
                .color
                .set_alpha(words::PLATE_ALPHA * (k / 0.3).min(1.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::throw_arc;
    use bevy::prelude::Vec2;

    /// A throw starts at the thrower, ends where it lands, and rises over the middle.
    #[test]
    fn a_throw_flies_in_an_arc() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(300.0, 0.0));
        let arc = throw_arc(a, b, 10);
        assert_eq!(arc.len(), 11);
        assert_eq!(arc[0], a);
        assert!(arc[10].distance(b) < 1e-3);
        assert!(
            (arc[5].y - 100.0).abs() < 1e-3,
            "a third of 300 paces' pixels"
        );
        assert!(arc[2].y > 0.0 && arc[2].y < arc[5].y);
        // A short toss still lifts.
        assert!(throw_arc(a, Vec2::new(30.0, 0.0), 2)[1].y >= 20.0);
    }
}
