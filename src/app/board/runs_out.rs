//! Over a hero carrying loot it can run out with the AP it has left this round, a red tag
//! says so ("El Chivo: loot out, 3 AP"), following the token as it glides: a play-test lost the
//! bank job in round 1 to El Chivo's 24-pace run with a strongbox, with no warning on the map
//! that one could come. The player's own carriers get it too: a run that wins.

use crate::app::state::Screen;
use crate::sim::model::{Hero, Journal, MatchLog};
use bevy::prelude::*;

/// The tag over a hero who can run its loot out this round (the hero, the AP the run costs).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunsOutTag(pub Entity, pub u32);

/// Half the tag's width in world units at its own size (before the zoom grows it).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub(super) struct TagHalfWidth(f32);

/// The tag's words: who, and the AP the run costs (a play-test read "CAN RUN IT OUT: 3 AP"
/// with no name beside two robbers); short, as bunched figures cover a wide tag (a play-test
/// read "El Chivo ca[SC] the loot out"). The Legend says what the red tag means.
pub fn runs_out_words(name: &str, ap: u32) -> String {
    format!("{name}: loot out, {ap} AP")
}

/// The heroes who can run their loot out now, with the AP it costs, in a fixed order.
fn runners(world: &mut World) -> Vec<(Entity, u32)> {
    let mut q = world.query_filtered::<Entity, With<Hero>>();
    let mut heroes: Vec<Entity> = q.iter(world).collect();
    heroes.sort();
    heroes
        .into_iter()
        .filter_map(|h| crate::sim::counters::runs_out_this_round(world, h).map(|ap| (h, ap)))
        .collect()
}

/// The tags drawn again when the match moves on (an event logged, an intent taken), or when
/// the tags drawn are gone (the battle left and come back to: a play-test's tag over El Chivo
/// was missing after Continue until the match moved).
pub(super) fn tag_runs_out(world: &mut World, mut seen: Local<Option<((usize, usize), usize)>>) {
    let key = (
        world
            .get_resource::<MatchLog>()
            .map_or(0, |l| l.events.len()),
        world.get_resource::<Journal>().map_or(0, |j| j.0.len()),
    );
    let mut q = world.query::<(Entity, &RunsOutTag)>();
    let shown: Vec<(Entity, RunsOutTag)> = q.iter(world).map(|(e, t)| (e, *t)).collect();
    if *seen == Some((key, shown.len())) {
        return;
    }
    let now = runners(world);
    *seen = Some((key, now.len()));
    let same = shown.len() == now.len() && shown.iter().all(|(_, t)| now.contains(&(t.0, t.1)));
    if same {
        return;
    }
    for (e, _) in shown {
        world.despawn(e);
    }
    let screen = *world.resource::<State<Screen>>().get();
    for (hero, ap) in now {
        let words = runs_out_words(&crate::sim::query::hero_name(world, hero), ap);
        let width = 8.5 * words.len() as f32 + 8.0;
        let plate = world
            .resource_mut::<Assets<Mesh>>()
            .add(Rectangle::new(width, 17.0));
        let dark = world
            .resource_mut::<Assets<ColorMaterial>>()
            .add(Color::srgba(0.35, 0.02, 0.0, 0.9));
        world
            .spawn((
                RunsOutTag(hero, ap),
                TagHalfWidth(width / 2.0),
                Transform::default(),
                Visibility::Hidden,
                // Grown with the zoom, as the tokens' own tags are.
                super::marks::ReadableLabel,
                DespawnOnExit(screen),
            ))
            .with_children(|t| {
                t.spawn((Mesh2d(plate), MeshMaterial2d(dark)));
                t.spawn((
                    Text2d::new(words),
                    TextFont {
                        font_size: FontSize::Px(14.0),
                        ..default()
                    },
                    TextColor(Color::srgb(1.0, 0.9, 0.8)),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                ));
            });
    }
}

/// Under its token's foot (its rim, then half the tag as grown with the zoom), so it covers
/// neither the token nor the tags over it.
const BELOW: f32 = 26.0;
const TAG_HALF: f32 = 9.0;
/// Under the row of figures below the token (the hexes to its lower left and right).
const BELOW_THE_ROW: f32 = 76.0;
/// Over the token and its name tag.
const ABOVE: f32 = 40.0;

/// How many of the tokens at `others` the rect covers.
fn covered(rect: Rect, others: &[Vec2]) -> usize {
    others
        .iter()
        .filter(|&&t| {
            !rect
                .intersect(Rect::from_center_half_size(t, Vec2::splat(TOKEN_HALF)))
                .is_empty()
        })
        .count()
}

/// Half a token across (its ring).
const TOKEN_HALF: f32 = 22.0;

/// Each tag follows its hero's token, moved along the map to stand whole inside its view (a
/// play-test's tag over a robber at the map's left edge was cut).
pub(super) fn place_runs_out(
    mut tags: Query<
        (&RunsOutTag, &TagHalfWidth, &mut Transform, &mut Visibility),
        Without<Camera2d>,
    >,
    tokens: Query<
        (Entity, &Transform, &crate::sim::model::Down),
        (With<Hero>, Without<RunsOutTag>),
    >,
    (cameras, view): (crate::app::input::Cameras, crate::app::input::MapView),
) {
    let view = crate::app::input::map_view(&view, &cameras);
    // The tags placed this frame: a later one stands clear of them (a play-test's two tags
    // over Felicia and El Chivo lay one on the other).
    let mut placed: Vec<Rect> = Vec::new();
    let mut tags: Vec<_> = tags.iter_mut().collect();
    tags.sort_by_key(|(tag, ..)| tag.0);
    for (tag, half, mut at, mut shown) in tags {
        let Ok((_, token, _)) = tokens.get(tag.0) else {
            continue;
        };
        let x = token.translation.x;
        let x = view.map_or(x, |v| within(x, half.0 * at.scale.x, v.min.x, v.max.x));
        // Just under the token, or under the row of figures below it when that row would
        // cover the tag's words (a play-test's bunched robbers and lawmen read "El Chivo
        // ca[SC] the loot out").
        let others: Vec<Vec2> = tokens
            .iter()
            .filter(|(e, _, down)| *e != tag.0 && !down.0)
            .map(|(_, t, _)| t.translation.truncate())
            .collect();
        let size = Vec2::new(half.0, TAG_HALF) * at.scale.truncate();
        let rect = |y: f32| Rect::from_center_half_size(Vec2::new(x, y), size);
        let y = [-BELOW, -BELOW_THE_ROW, ABOVE]
            .into_iter()
            .map(|d| token.translation.y + d + d.signum() * TAG_HALF * at.scale.y.max(1.0))
            .min_by_key(|&y| {
                let on_tags = placed
                    .iter()
                    .filter(|p| !p.intersect(rect(y)).is_empty())
                    .count();
                10 * on_tags + covered(rect(y), &others)
            })
            .unwrap_or(token.translation.y - BELOW);
        placed.push(rect(y));
        // Under the figures (3.0), over the ground and the declarer's ring: a figure beside
        // the carrier shows over the wide tag (a play-test's Felicia's tag hid El Chivo).
        let to = Vec3::new(x, y, 2.9);
        if at.translation != to {
            at.translation = to;
        }
        if *shown != Visibility::Visible {
            *shown = Visibility::Visible;
        }
    }
}

/// Words on the map kept whole inside the map's view as it pans and zooms: at `x` when they
/// fit there, else moved in along the map; `half` their half width at their own size (a
/// play-test read "Out of Red Rock (Laroq gang): carry the loot her" at the view's edge).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct StaysInView {
    pub x: f32,
    pub half: f32,
}

/// Each `StaysInView` moved to stand whole in the map's view.
pub(super) fn keep_in_view(
    mut words: Query<(&StaysInView, &mut Transform), Without<Camera2d>>,
    (cameras, view): (crate::app::input::Cameras, crate::app::input::MapView),
) {
    let Some(view) = crate::app::input::map_view(&view, &cameras) else {
        return;
    };
    for (stays, mut at) in &mut words {
        let x = within(stays.x, stays.half * at.scale.x, view.min.x, view.max.x);
        if at.translation.x != x {
            at.translation.x = x;
        }
    }
}

/// A tag `half` wide each side of `x`, moved to stand whole between `lo` and `hi`; centred
/// between them when it is wider.
fn within(x: f32, half: f32, lo: f32, hi: f32) -> f32 {
    crate::app::input::stand_within(x, half, (lo, hi)).unwrap_or((lo + hi) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::within;

    #[test]
    fn a_tag_at_the_map_s_edge_moves_in_to_stand_whole() {
        // A 200-unit tag over a hero 30 units inside the view's left edge.
        assert_eq!(within(30.0, 100.0, 0.0, 1000.0), 100.0);
        assert_eq!(within(990.0, 100.0, 0.0, 1000.0), 900.0);
        // Inside: where the hero is.
        assert_eq!(within(500.0, 100.0, 0.0, 1000.0), 500.0);
        // Wider than the view: centred.
        assert_eq!(within(30.0, 100.0, 0.0, 150.0), 75.0);
    }
}
