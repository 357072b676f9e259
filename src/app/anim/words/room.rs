//! Where words over the map stand: over their figure, inside the map's view, clear of the words
//! already there and of the other figures' tokens, at a size that reads as the map zooms out;
//! and the words drawn, on a dark plate, tied to their figure by a line when moved off it.

use super::super::{Effect, Fade};
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
/// stand and what they say.
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

/// The words of a level's goal over the map (`StaysInView`: "Out of Red Rock (Laroq gang):
/// carry the loot here"): new words go clear of them too (a play-test read a pass's words
/// over them).
use crate::app::board::runs_out::StaysInView;

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
mod tests {
    /// New words over the map stand clear of a goal's words there (a play-test read "Marshal
    /// Tate passes, 8 AP left" over "Out of Red Rock (Laroq gang): carry the loot here").
    #[test]
    fn new_words_go_clear_of_a_goal_s_words() {
        use super::{Cameras, MapView, Room, Shown, StaysInView};
        use bevy::ecs::system::RunSystemOnce;
        use bevy::prelude::*;
        let mut world = World::new();
        let goal = Rect::from_center_half_size(Vec2::new(0.0, 34.0), Vec2::new(150.0, 10.0));
        world.spawn((
            Transform::from_xyz(0.0, 34.0, 5.5),
            StaysInView {
                x: 0.0,
                half: 150.0,
            },
        ));
        let said = |mut commands: Commands, shown: Shown, cameras: Cameras, view: MapView| {
            let mut room = Room::now(&shown, &cameras, &view, []);
            let words = "Marshal Tate passes, 8 AP left".to_string();
            room.say(
                &mut commands,
                words,
                (Vec2::ZERO, 34.0),
                (Color::WHITE, 1.0),
            )
        };
        let words = world.run_system_once(said).unwrap();
        let at = world
            .get::<Transform>(words)
            .unwrap()
            .translation
            .truncate();
        let room = super::room_of("Marshal Tate passes, 8 AP left", at, 1.0);
        assert!(room.intersect(goal).is_empty(), "{room:?} over {goal:?}");
    }

    /// A stack fee's words go with the runner's token as it glides, their own rise kept.
    #[test]
    fn words_following_a_token_move_with_it() {
        use super::{FollowsToken, follow_tokens};
        use bevy::ecs::system::RunSystemOnce;
        use bevy::prelude::*;
        let mut world = World::new();
        let token = world.spawn(Transform::from_xyz(10.0, 20.0, 3.0)).id();
        let words = world
            .spawn((
                Transform::from_xyz(10.0, 54.0, 7.0),
                FollowsToken {
                    token,
                    last: Vec2::new(10.0, 20.0),
                },
                super::InView {
                    centre: Vec2::new(10.0, 54.0),
                    half: 40.0,
                },
            ))
            .id();
        world.get_mut::<Transform>(token).unwrap().translation = Vec3::new(60.0, -5.0, 3.0);
        // The words rose 2 units meanwhile.
        world.get_mut::<Transform>(words).unwrap().translation.y += 2.0;
        world.run_system_once(follow_tokens).unwrap();
        let at = world.get::<Transform>(words).unwrap().translation;
        assert_eq!(at, Vec3::new(60.0, 31.0, 7.0));
        // The token still: the words stay.
        world.run_system_once(follow_tokens).unwrap();
        assert_eq!(world.get::<Transform>(words).unwrap().translation, at);
        assert_eq!(
            world.get::<super::InView>(words).unwrap().centre,
            Vec2::new(60.0, 29.0),
            "the middle of the words went with them"
        );
        // Followed to the map's edge, they stop where they still stand whole.
        let view = Some(Rect::new(0.0, 0.0, 100.0, 100.0));
        assert_eq!(
            super::kept_in(view, Vec2::new(95.0, 50.0), 20.0),
            Vec2::new(80.0, 50.0)
        );
        assert_eq!(
            super::kept_in(view, Vec2::new(5.0, 50.0), 20.0),
            Vec2::new(20.0, 50.0)
        );
        assert_eq!(
            super::kept_in(view, Vec2::new(50.0, 50.0), 20.0),
            Vec2::new(50.0, 50.0)
        );
        assert_eq!(
            super::kept_in(None, Vec2::new(95.0, 50.0), 20.0),
            Vec2::new(95.0, 50.0)
        );
    }

    #[test]
    fn words_at_the_map_s_edge_move_in_to_stand_whole() {
        use bevy::prelude::{Rect, Vec2};
        let view = Some(Rect::new(-400.0, -200.0, 400.0, 200.0));
        // 20 letters at 1.5 times: 240 units wide, 120 each side of the middle, kept 12 %
        // and 9 units (6 at 1.5 times) further in: 143.4.
        let words = "x".repeat(20);
        let at = super::inside(Vec2::new(-390.0, 50.0), &words, 1.5, view);
        assert!((at - Vec2::new(-256.6, 50.0)).length() < 1e-3, "{at}");
        let at = super::inside(Vec2::new(390.0, 50.0), &words, 1.5, view);
        assert!((at - Vec2::new(256.6, 50.0)).length() < 1e-3, "{at}");
        // Inside already: it stays; no view: it stays; wider than the view: in its middle.
        assert_eq!(
            super::inside(Vec2::new(10.0, 5.0), &words, 1.5, view),
            Vec2::new(10.0, 5.0)
        );
        assert_eq!(
            super::inside(Vec2::new(-390.0, 5.0), &words, 1.5, None).x,
            -390.0
        );
        let wide = "x".repeat(100);
        assert_eq!(
            super::inside(Vec2::new(-390.0, 5.0), &wide, 1.5, view).x,
            0.0
        );
        // At the view's top (under the counters' box) or foot: down or up to stand whole; one
        // line at 1.5 times is 30 units high.
        assert_eq!(
            super::inside(Vec2::new(0.0, 195.0), &words, 1.5, view),
            Vec2::new(0.0, 185.0)
        );
        assert_eq!(
            super::inside(Vec2::new(0.0, -199.0), &words, 1.5, view),
            Vec2::new(0.0, -185.0)
        );
    }

    /// Words that land together never cover each other: three two-line hits at one figure
    /// go above and below it by turns, the first where it was wanted; a neighbour's wide words, a hex
    /// over, step above the ones they would reach; words far away stay where they are wanted.
    #[test]
    fn words_landing_together_stack_without_covering_each_other() {
        use bevy::prelude::Vec2;
        let mut taken = Vec::new();
        let over = Vec2::new(0.0, 30.0);
        let two_lines = "belly (torso), 7 Conc\nUNCONSCIOUS";
        let mut placed = Vec::new();
        for _ in 0..3 {
            let at = super::free_spot(&mut taken, two_lines, over, 1.0);
            placed.push(super::room_of(two_lines, at, 1.0));
        }
        let neighbour = "left leg: 1 wound, 3 Conc";
        let at = super::free_spot(&mut taken, neighbour, Vec2::new(52.0, 30.0), 1.0);
        placed.push(super::room_of(neighbour, at, 1.0));
        let far = super::free_spot(&mut taken, "miss", Vec2::new(600.0, 30.0), 1.0);
        assert_eq!(far, Vec2::new(600.0, 30.0));
        assert_eq!(
            placed[0].center(),
            over,
            "the first goes where it is wanted"
        );
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                assert!(a.intersect(*b).is_empty(), "{a:?} covers {b:?}");
            }
        }
        // The second stacks just above the first (two lines of 20 and a gap of 2), the third
        // goes under the figure (68 below where it was wanted), nearer than a second row up.
        assert_eq!(placed[1].center().y, 30.0 + 40.0 + 2.0);
        assert_eq!(placed[2].center().y, 30.0 - 68.0);
        // At twice the size (the map zoomed out), twice the room.
        let mut taken = Vec::new();
        super::free_spot(&mut taken, "miss", over, 2.0);
        let second = super::free_spot(&mut taken, "miss", over, 2.0);
        assert_eq!(second.y, 30.0 + 40.0 + 4.0);
    }

    /// Words over a figure stand clear of the tokens beside it as of other words (a play-test
    /// saw a brawl's hits piled over the neighbours' tokens); in a crowd with no room within
    /// three hexes they stand clear of the words only.
    #[test]
    fn words_go_past_the_tokens_beside_their_figure() {
        use bevy::prelude::{Rect, Vec2};
        let token =
            |x: f32, y: f32| Rect::from_center_half_size(Vec2::new(x, y), Vec2::splat(25.0));
        let words = "Dave Perkins, left arm: 2 wounds";
        let wanted = Vec2::new(0.0, 30.0);
        // A neighbour to the north-east, its token reached by the long words: they go above it.
        let mut taken = Vec::new();
        let ne = token(45.0, 26.0);
        let at = super::clear_of_tokens(&mut taken, [ne].into_iter(), words, wanted, 1.0);
        assert!(
            super::room_of(words, at, 1.0).intersect(ne).is_empty(),
            "{at:?}"
        );
        assert_eq!(at, Vec2::new(0.0, 26.0 + 25.0 + 10.0 + 2.0));
        assert_eq!(taken.len(), 1, "the words' room is kept, the token's not");
        // Nothing in the way: where it was wanted.
        let mut taken = Vec::new();
        let far = token(400.0, 0.0);
        let at = super::clear_of_tokens(&mut taken, [far].into_iter(), words, wanted, 1.0);
        assert_eq!(at, wanted);
        // A column of tokens above and below: no room within two hexes, so over a token.
        let mut taken = Vec::new();
        let column: Vec<Rect> = (-6..=6)
            .filter(|&i| i != 0)
            .map(|i| token(45.0, 52.0 * i as f32))
            .chain([ne])
            .collect();
        let at = super::clear_of_tokens(&mut taken, column.into_iter(), words, wanted, 1.0);
        assert_eq!(at, wanted);
    }
}
