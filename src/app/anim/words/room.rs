//! Where words over the map stand: over their figure, inside the map's view, clear of the words
//! already there and of the other figures' tokens, at a size that reads as the map zooms out;
//! and the words drawn, on a dark plate, tied to their figure by a line when moved off it.

use super::super::{Effect, Fade};
use crate::app::board::runs_out::StaysInView;
use crate::app::state::Screen;
use bevy::prelude::*;

/// Words over the map drawn this many times their size (the map zoomed out): 16 px on the
/// screen up to `READABLE_WORDS` world units a pixel.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Zoomed(pub f32);

/// The most the words over the map grow as it zooms out (the bank job's first view is about
/// 1.5 world units a pixel: its words were 11 px).
pub const READABLE_WORDS: f32 = 2.0;

/// The battle's camera, for where the words go and how large.
pub(in crate::app::anim) use crate::app::input::{Cameras, MapView, map_view};

/// How many times their size the words over the map are drawn at the camera's zoom.
fn zoom(cameras: &Cameras) -> f32 {
    crate::app::input::camera_view(cameras).map_or(1.0, |(_, s)| s.clamp(1.0, READABLE_WORDS))
}

/// Half the room words keep from the map view's edges, `zoom` times their size: their room
/// with a margin across, as a line of wide letters runs past the estimate of 8 units a letter
/// (a play-test read "+1 AP: stack fee (actions already d" at the map's right edge).
fn kept_half(words: &str, zoom: f32) -> Vec2 {
    room_of(words, Vec2::ZERO, zoom).half_size() * Vec2::new(1.12, 1.0) + Vec2::X * 6.0 * zoom
}

/// Words centred over `at` moved along the map to stand whole inside its view (a token at the
/// map's edge had half its words cut off; one at its top had them under the counters' box):
/// about 8 units a letter at 16 px, `zoom` times.
pub fn inside(at: Vec2, words: &str, zoom: f32, view: Option<Rect>) -> Vec2 {
    let Some(view) = view else {
        return at;
    };
    let half = kept_half(words, zoom);
    let stand = crate::app::input::stand_within;
    Vec2::new(
        stand(at.x, half.x, (view.min.x, view.max.x)).unwrap_or(view.center().x),
        stand(at.y, half.y, (view.min.y, view.max.y)).unwrap_or(at.y),
    )
}

/// The words over the map already shown (a shot before, this frame or lately): where they
/// stand and what they say; and the words of a level's goal (`StaysInView`: "Out of Red Rock
/// (Laroq gang): carry the loot here"), which new words go clear of too (a play-test read a
/// pass's words over them).
pub(in crate::app::anim) type Shown<'w, 's> = Query<
    'w,
    's,
    (
        &'static Transform,
        Option<&'static Effect>,
        Option<&'static Text2d>,
        Option<&'static StaysInView>,
    ),
    Or<(With<Effect>, With<StaysInView>)>,
>;

/// Where words over the map go this frame: their size at the camera's zoom, the map's view
/// they must stand inside, and the room the words already over the map take, which new ones
/// go above rather than on top of.
pub(in crate::app::anim) struct Room {
    zoom: f32,
    view: Option<Rect>,
    taken: Vec<Rect>,
    /// The figures' tokens on the map, which words go past rather than cover (a play-test saw
    /// the words of a brawl's hits piled over the tokens beside their target).
    tokens: Vec<Rect>,
}

/// Half the height of a goal's words over the map (a line of 14 px type on its plate).
const GOAL_HALF_H: f32 = 10.0;

/// The room words take on the map, centred at `at`, `zoom` times their size: about 8 units a
/// letter of their longest line across, 20 a line down (16 px type).
pub fn room_of(words: &str, at: Vec2, zoom: f32) -> Rect {
    let letters = words.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let lines = words.lines().count().max(1);
    Rect::from_center_size(
        at,
        Vec2::new(letters as f32 * 8.0, lines as f32 * 20.0) * zoom,
    )
}

impl Room {
    pub(in crate::app::anim) fn now(
        shown: &Shown,
        cameras: &Cameras,
        view: &MapView,
        tokens: impl IntoIterator<Item = Vec2>,
    ) -> Room {
        let zoom = zoom(cameras);
        Room {
            zoom,
            view: map_view(view, cameras),
            tokens: tokens
                .into_iter()
                .map(|at| Rect::from_center_half_size(at, Vec2::splat(TOKEN_HALF)))
                .collect(),
            taken: shown
                .iter()
                .filter_map(|(t, effect, text, goal)| match (effect, goal) {
                    (Some(Effect::Words), _) => {
                        Some(room_of(&text?.0, t.translation.truncate(), t.scale.x))
                    }
                    (_, Some(goal)) => Some(Rect::from_center_half_size(
                        t.translation.truncate(),
                        Vec2::new(goal.half, GOAL_HALF_H) * t.scale.x,
                    )),
                    _ => None,
                })
                .collect(),
        }
    }

    /// Words over a figure (or a thing) at `at`, wanted `lift` above it: inside the map's
    /// view, clear of the words already there and of the other figures' tokens (`free_spot`),
    /// `zoom` times their size; in `colour` for `secs`. The words' own entity, for a mark.
    pub(in crate::app::anim) fn say(
        &mut self,
        commands: &mut Commands,
        words: String,
        (at, lift): (Vec2, f32),
        (colour, secs): (Color, f32),
    ) -> Entity {
        let (words, _) = self.say_all(commands, words, (at, lift), (colour, secs));
        words
    }

    /// `say`, the words (their plate, outline and leader line too) moving with the token
    /// `token` as it glides on (a play-test read a runner's stack fee over the empty ground
    /// where it declared).
    pub(in crate::app::anim) fn say_following(
        &mut self,
        commands: &mut Commands,
        words: String,
        (at, lift, token): (Vec2, f32, Entity),
        (colour, secs): (Color, f32),
    ) {
        let (_, all) = self.say_all(commands, words, (at, lift), (colour, secs));
        for e in all {
            commands.entity(e).insert(FollowsToken { token, last: at });
        }
    }

    /// `say`: the words' own entity, and every entity drawn for them.
    fn say_all(
        &mut self,
        commands: &mut Commands,
        words: String,
        (at, lift): (Vec2, f32),
        (colour, secs): (Color, f32),
    ) -> (Entity, Vec<Entity>) {
        let wanted = inside(at + Vec2::new(0.0, lift), &words, self.zoom, self.view);
        let others = self.tokens.iter().filter(|t| !t.contains(at)).copied();
        let above = clear_of_tokens(&mut self.taken, others, &words, wanted, self.zoom);
        let mut all = Vec::new();
        if above.distance(wanted) > LEADER_BEYOND * self.zoom {
            let room = room_of(&words, above, self.zoom);
            all.extend(spawn_leader(
                commands,
                (at, room),
                self.zoom,
                (colour, secs),
            ));
        }
        let half = kept_half(&words, self.zoom).x;
        all.extend(spawn(commands, words, (above, self.zoom), colour, secs));
        for &e in &all {
            commands.entity(e).insert(InView {
                centre: above,
                half,
            });
        }
        (*all.last().expect("the words are drawn"), all)
    }
}

/// Words over the map that move with a figure's token as it glides: the token, and where it
/// stood when they last moved.
#[derive(Component, Debug, Clone, Copy)]
pub struct FollowsToken {
    token: Entity,
    last: Vec2,
}

/// Words over the map (each of their entities: plate, outline, leader line) kept whole inside
/// the map's view: the middle of the words and half their width.
#[derive(Component, Debug, Clone, Copy)]
pub struct InView {
    centre: Vec2,
    half: f32,
}

/// Words that follow a token move as far as it moved since (their own rise and fade go on);
/// `keep_words_in_view` then keeps them whole in the view (a play-test's stack fee went with El
/// Chivo to the map's right edge and was cut there).
pub(in crate::app::anim) fn follow_tokens(
    mut words: Query<(&mut Transform, &mut FollowsToken, &mut InView), Without<Camera2d>>,
    tokens: Query<&Transform, (Without<FollowsToken>, Without<Camera2d>)>,
) {
    for (mut at, mut follows, mut kept) in &mut words {
        let Ok(token) = tokens.get(follows.token) else {
            continue;
        };
        let now = token.translation.truncate();
        if now != follows.last {
            let moved = now - follows.last;
            at.translation += moved.extend(0.0);
            kept.centre += moved;
            follows.last = now;
        }
    }
}

/// Words over the map stay whole inside its view, moved along it as the view pans or their
/// token runs to its edge: a play-test's "Doc Ambrose KILLED", said at the map's right edge,
/// ran under the panel once the view eased to the next figure. (The loot tags and an area's
/// words, one entity each, stand at a fixed place clamped into the view:
/// `board::runs_out::keep_in_view`; these move as a group, plate and outline with them.)
pub(in crate::app::anim) fn keep_words_in_view(
    mut words: Query<(&mut Transform, &mut InView), Without<Camera2d>>,
    (cameras, view): (Cameras, MapView),
) {
    let view = map_view(&view, &cameras);
    for (mut at, mut kept) in &mut words {
        let moved = kept_in(view, kept.centre, kept.half) - kept.centre;
        if moved != Vec2::ZERO {
            at.translation += moved.extend(0.0);
            kept.centre += moved;
        }
    }
}

/// `at`, moved along the map so that `half` each side of it stands inside `view`.
fn kept_in(view: Option<Rect>, at: Vec2, half: f32) -> Vec2 {
    let x = view.and_then(|v| crate::app::input::stand_within(at.x, half, (v.min.x, v.max.x)));
    Vec2::new(x.unwrap_or(at.x), at.y)
}

/// Words moved further than this from where they were wanted (`zoom` times) are tied to their
/// figure by a thin line, so a player sees whose they are.
const LEADER_BEYOND: f32 = 30.0;

/// A thin line in the words' colour from the edge of the figure's token at `at` to the nearest
/// edge of the words' `room`, fading with them.
fn spawn_leader(
    commands: &mut Commands,
    (at, room): (Vec2, Rect),
    zoom: f32,
    (colour, secs): (Color, f32),
) -> Option<Entity> {
    let end = at.clamp(room.min, room.max);
    let way = (end - at).try_normalize()?;
    let start = at + way * TOKEN_HALF;
    let length = (end - start).dot(way);
    if length < 4.0 {
        return None;
    }
    let line = commands.spawn((
        Sprite::from_color(colour, Vec2::new(length, 2.0 * zoom)),
        Transform::from_translation(((start + end) / 2.0).extend(6.7))
            .with_rotation(Quat::from_rotation_z(way.y.atan2(way.x))),
        Fade::over(secs),
        DespawnOnExit(Screen::Battle),
    ));
    Some(line.id())
}

/// Half a token's room on the map: its ring (23.5 across the middle) and a little.
const TOKEN_HALF: f32 = 25.0;

/// How far words may go from where they are wanted to stand clear of other tokens as well as
/// other words (`zoom` times): about three hexes (a line ties them to their figure). In a
/// crowd with no such room they stand clear of the words only, over a token if they must.
const CLEAR_OF_TOKENS_WITHIN: f32 = 170.0;

/// Where new words go (`free_spot`), clear of `tokens` too when that is within
/// `CLEAR_OF_TOKENS_WITHIN`; the words' room is kept in `taken`, the tokens' not.
pub fn clear_of_tokens(
    taken: &mut Vec<Rect>,
    tokens: impl Iterator<Item = Rect>,
    words: &str,
    wanted: Vec2,
    zoom: f32,
) -> Vec2 {
    let mut with_tokens = taken.clone();
    with_tokens.extend(tokens);
    let clear = free_spot(&mut with_tokens, words, wanted, zoom);
    let at = if clear.distance(wanted) <= CLEAR_OF_TOKENS_WITHIN * zoom {
        clear
    } else {
        free_spot(&mut taken.clone(), words, wanted, zoom)
    };
    taken.push(room_of(words, at, zoom));
    at
}

/// Where new words go: at `wanted`, or the nearer of just above every word already there that
/// they would cover and just below the figure (and below every word there): the words of four
/// blows at one figure go above and below it by turns, each line whole, rather than climb a
/// hex and more onto the figure to the north (a play-test saw a hero's UNCONSCIOUS said over
/// the next figure up); a neighbour's words wide enough to reach over are stepped past too.
pub fn free_spot(taken: &mut Vec<Rect>, words: &str, wanted: Vec2, zoom: f32) -> Vec2 {
    let up = clear_of(taken, words, wanted, zoom, 1.0);
    let at = if up == wanted {
        up
    } else {
        let below = wanted - Vec2::new(0.0, WORDS_BELOW * zoom);
        let down = clear_of(taken, words, below, zoom, -1.0);
        if (down.y - wanted.y).abs() < (up.y - wanted.y).abs() {
            down
        } else {
            up
        }
    };
    taken.push(room_of(words, at, zoom));
    at
}

/// How far below the place over a figure its words go when they go under it: past the token.
const WORDS_BELOW: f32 = 68.0;

/// From `start`, stepping `way` (1 up, -1 down) past every word already there that the words
/// would cover.
fn clear_of(taken: &[Rect], words: &str, start: Vec2, zoom: f32, way: f32) -> Vec2 {
    let mut at = start;
    loop {
        let room = room_of(words, at, zoom);
        let covered = taken
            .iter()
            .filter(|t| !t.intersect(room).is_empty())
            .map(|t| if way > 0.0 { t.max.y } else { -t.min.y })
            .reduce(f32::max);
        match covered {
            Some(edge) => at.y = way * (edge + room.half_size().y + 2.0 * zoom),
            None => return at,
        }
    }
}

/// The dark plate behind words over the map (it fades with them).
#[derive(Component, Debug, Clone, Copy)]
pub struct Plate;

/// How dark the plate behind words is while they stand whole.
pub const PLATE_ALPHA: f32 = 0.62;

/// The words of a hit over a figure, rising and fading, on a dark shadow that keeps them
/// readable on any ground; `zoom` times their size (`Zoomed`), so they read as the map
/// zooms out.
fn spawn(
    commands: &mut Commands,
    words: String,
    (above, zoom): (Vec2, f32),
    colour: Color,
    secs: f32,
) -> Vec<Entity> {
    // A slow rise (a few pixels over the whole time), so the words stay over their figure
    // and do not drift onto the next one.
    let fade = || Fade {
        left: secs,
        total: secs,
        rise: 6.0,
        grow: 1.0,
    };
    // A dark plate behind, so red words read on busy planks and shingles as on sand (a
    // play-test found a hit's red words lost on the wood of a boardwalk).
    let plate = room_of(&words, Vec2::ZERO, 1.0).size() + Vec2::new(12.0, 2.0);
    let mut all = Vec::new();
    let plate = commands.spawn((
        Sprite::from_color(Color::srgba(0.07, 0.05, 0.04, PLATE_ALPHA), plate),
        Transform::from_translation(above.extend(6.8)).with_scale(Vec3::splat(zoom)),
        fade(),
        Zoomed(zoom),
        Plate,
        DespawnOnExit(Screen::Battle),
    ));
    all.push(plate.id());
    // A dark outline all round (four offset copies), readable on sand, planks or a flash.
    for offset in [
        Vec2::new(1.5, -1.5),
        Vec2::new(-1.5, 1.5),
        Vec2::new(1.5, 1.5),
        Vec2::new(-1.5, -1.5),
    ] {
        let outline = commands.spawn((
            Text2d::new(words.clone()),
            TextFont {
                font_size: FontSize::Px(16.0),
                ..default()
            },
            TextColor(Color::srgba(0.0, 0.0, 0.0, 0.9)),
            Transform::from_translation((above + offset * zoom).extend(6.9))
                .with_scale(Vec3::splat(zoom)),
            fade(),
            Zoomed(zoom),
            Effect::Words,
            DespawnOnExit(Screen::Battle),
        ));
        all.push(outline.id());
    }
    let own = commands
        .spawn((
            Text2d::new(words),
            TextFont {
                font_size: FontSize::Px(16.0),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation(above.extend(7.0)).with_scale(Vec3::splat(zoom)),
            fade(),
            Zoomed(zoom),
            Effect::Words,
            DespawnOnExit(Screen::Battle),
        ))
        .id();
    all.push(own);
    all
}

#[cfg(test)]
mod tests;
