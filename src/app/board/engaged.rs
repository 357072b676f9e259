//! Who is engaged with whom, drawn (issue 24: "clear marks for ... engaged"): a red cross on
//! a dark disc between every two foes within a pace of each other, over the hexside they
//! share, following the tokens as they glide. The battle's and the replay viewer's.

use crate::app::state::Screen;
use crate::sim::model::{Down, Hero};
use bevy::prelude::*;

/// The mark between two engaged foes.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngagedMark(pub Entity, pub Entity);

/// The colour of the cross, and of the disc under it.
const ENGAGED: Color = Color::srgb(1.0, 0.3, 0.15);
const DISC: Color = Color::srgba(0.1, 0.05, 0.0, 0.85);

/// Every two foes engaged with each other, the pair in a fixed order.
fn engaged_pairs(world: &mut World) -> Vec<(Entity, Entity)> {
    let mut q = world.query_filtered::<Entity, With<Hero>>();
    let heroes: Vec<Entity> = q.iter(world).collect();
    let mut pairs = Vec::new();
    for hero in heroes {
        if world.get::<Down>(hero).is_some_and(|d| d.0) {
            continue;
        }
        for foe in crate::sim::query::engaged_foes(world, hero) {
            let pair = if hero < foe { (hero, foe) } else { (foe, hero) };
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    pairs.sort();
    pairs
}

/// The marks drawn again when who is engaged with whom changes.
pub(super) fn mark_engaged(world: &mut World, mut drawn: Local<Vec<(Entity, Entity)>>) {
    let pairs = engaged_pairs(world);
    let mut q = world.query::<(Entity, &EngagedMark)>();
    let shown: Vec<Entity> = q.iter(world).map(|(e, _)| e).collect();
    if *drawn == pairs && shown.len() == pairs.len() {
        return;
    }
    for e in shown {
        world.despawn(e);
    }
    let bar = world
        .resource_mut::<Assets<Mesh>>()
        .add(Rectangle::new(14.0, 4.0));
    let disc = world.resource_mut::<Assets<Mesh>>().add(Circle::new(9.0));
    let red = world.resource_mut::<Assets<ColorMaterial>>().add(ENGAGED);
    let dark = world.resource_mut::<Assets<ColorMaterial>>().add(DISC);
    // Gone with the screen they are drawn on (the battle, or the replay viewer).
    let screen = *world.resource::<State<Screen>>().get();
    for &(a, b) in &pairs {
        world
            .spawn((
                EngagedMark(a, b),
                Transform::default(),
                Visibility::Hidden,
                DespawnOnExit(screen),
            ))
            .with_children(|p| {
                p.spawn((Mesh2d(disc.clone()), MeshMaterial2d(dark.clone())));
                for turn in [1.0f32, -1.0] {
                    p.spawn((
                        Mesh2d(bar.clone()),
                        MeshMaterial2d(red.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.01).with_rotation(Quat::from_rotation_z(
                            turn * std::f32::consts::FRAC_PI_4,
                        )),
                    ));
                }
            });
    }
    *drawn = pairs;
}

/// Each mark over the hexside between its two tokens, where they stand now (a glide too),
/// over the tokens' rings.
pub(super) fn place_engaged(
    mut marks: Query<(&EngagedMark, &mut Transform, &mut Visibility)>,
    tokens: Query<&Transform, (With<Hero>, Without<EngagedMark>)>,
) {
    for (mark, mut at, mut shown) in &mut marks {
        let (Ok(a), Ok(b)) = (tokens.get(mark.0), tokens.get(mark.1)) else {
            continue;
        };
        let mid = (a.translation.truncate() + b.translation.truncate()) / 2.0;
        let to = mid.extend(3.6);
        if at.translation != to {
            at.translation = to;
        }
        if *shown != Visibility::Visible {
            *shown = Visibility::Visible;
        }
    }
}
