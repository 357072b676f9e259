//! What is drawn at the pointer and on the map for the player to read: the AP, chance and
//! segment at the pointer, the reach map as outlines (readable on every ground), and the marks
//! on the hex pointed at (the glossary of the panel's terms: `glossary`; the legend of the
//! map's marks: `legend`).

use super::label_place::{Clear, label_corner_clear, points_along};
use super::preview::{CursorInfo, ReachView};
use crate::app::board::MapGeometry;
use crate::app::frame::CursorLabel;
use crate::app::input::{Cameras, Selection};
use crate::app::layout::{Palette, TILE_H};
use crate::app::state::Screen;
use crate::rules::hexmap::offset_of;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The AP and chance beside the pointer, over the map.
pub(super) fn cursor_label(
    info: Res<CursorInfo>,
    selection: Res<Selection>,
    windows: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Res<UiScale>,
    mut label: Query<(&mut Node, &mut Visibility), (With<CursorLabel>, Without<Text>)>,
    mut text: Query<&mut Text, With<CursorLabel>>,
    (time, round, mut rest, mut placed): (
        Res<Time>,
        Res<crate::sim::model::RoundState>,
        Local<PointerRest>,
        Local<Option<(Vec2, String, Vec2)>>,
    ),
    (rect, cameras, figures, words_shown): (
        Res<crate::app::input::MapRect>,
        Cameras,
        PlacedFigures,
        WordsShown,
    ),
) {
    let Ok((mut node, mut visibility)) = label.single_mut() else {
        return;
    };
    let pointer = windows.single().ok().and_then(|w| w.cursor_position());
    let resting = rest.resting(pointer, time.elapsed_secs_f64());
    let declaring = selection.hero.is_some() && round.declarer() == selection.hero;
    let shown = info
        .0
        .as_ref()
        .filter(|_| selection.hovered.is_some() && (declaring || !resting));
    let want = if shown.is_some() {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
    if *visibility != want {
        *visibility = want;
    }
    let Some(words) = shown else { return };
    let words = &wrapped(words, LABEL_LETTERS);
    if let Ok(mut t) = text.single_mut()
        && t.0 != *words
    {
        t.0 = words.clone();
    }
    if let Some((at, size)) = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position().map(|c| (c, w.size())))
    {
        // Placed once for a pointer that stays and words that stay: a play-test's label
        // jumped about while the pointer rested on one hex (words over the map came and went).
        if let Some((was, said, corner)) = placed.as_ref()
            && *was == at
            && said == words
        {
            let (left, top) = (px(corner.x), px(corner.y));
            if node.left != left || node.top != top {
                (node.left, node.top) = (left, top);
            }
            return;
        }
        let pointer = at;
        let (at, size) = (at / ui_scale.0, size / ui_scale.0);
        // About 8.5 pixels a character and 18 a line at this size.
        let width = 8.5 * words.lines().map(str::len).max().unwrap_or(0) as f32 + 12.0;
        let height = 18.0 * words.lines().count() as f32 + 8.0;
        let room = Vec2::new(
            size.x - crate::app::layout::PANEL_W - 4.0,
            size.y - crate::app::layout::BAR_H,
        );
        let view = (&rect.0, &cameras, ui_scale.0);
        let (tokens, radius, line) =
            kept_clear_of(view, &figures, &words_shown, selection.hero, at);
        let clear = Clear {
            tokens: &tokens,
            radius,
            line: &line,
            top: rect.0.banner.max.y / ui_scale.0,
        };
        let corner = label_corner_clear(at, Vec2::new(width, height), room, clear);
        node.left = px(corner.x);
        node.top = px(corner.y);
        *placed = Some((pointer, words.clone(), corner));
    }
}

/// The figures' tokens drawn on the map.
type PlacedFigures<'w, 's> = Query<
    'w,
    's,
    &'static Transform,
    (
        With<crate::sim::model::Hero>,
        With<crate::app::board::Placed>,
    ),
>;

/// The words over the map and the other marks a shot or a blow left.
type WordsShown<'w, 's> = Query<
    'w,
    's,
    (
        &'static Transform,
        &'static crate::app::anim::Effect,
        &'static Text2d,
    ),
>;

/// What the pointer's label at `at` keeps clear of, on the screen in the label's units: the
/// tokens and their radius there, and the points of the line from the declaring hero's token
/// to the pointer with those of the words over the map (a play-test's label covered "El
/// Chivo: loot out, 3 AP").
fn kept_clear_of(
    (frame, cameras, ui_scale): (&crate::app::layout::Frame, &Cameras, f32),
    figures: &PlacedFigures,
    words_shown: &WordsShown,
    declaring: Option<Entity>,
    at: Vec2,
) -> (Vec<Vec2>, f32, Vec<Vec2>) {
    let Some((camera, scale)) = crate::app::input::camera_view(cameras) else {
        return (Vec::new(), 0.0, Vec::new());
    };
    let on_screen = |t: &Transform| {
        crate::app::input::screen_at(frame, scale, camera, t.translation.truncate()) / ui_scale
    };
    let tokens = figures.iter().map(on_screen).collect();
    let radius = TOKEN_RADIUS / scale / ui_scale;
    let mut line = declaring
        .and_then(|h| figures.get(h).ok())
        .map(|t| points_along(on_screen(t), at, radius.max(8.0)))
        .unwrap_or_default();
    line.extend(words_on_screen(words_shown, cameras, frame, ui_scale));
    (tokens, radius, line)
}

/// The corners and the middle of each of the words over the map, on the screen (in the
/// label's units).
fn words_on_screen(
    words: &WordsShown,
    cameras: &Cameras,
    frame: &crate::app::layout::Frame,
    ui_scale: f32,
) -> Vec<Vec2> {
    let Some((camera, scale)) = crate::app::input::camera_view(cameras) else {
        return Vec::new();
    };
    words
        .iter()
        .filter(|(_, e, _)| **e == crate::app::anim::Effect::Words)
        .flat_map(|(t, _, text)| {
            let room =
                crate::app::anim::words::room_of(&text.0, t.translation.truncate(), t.scale.x);
            [room.min, room.center(), room.max]
                .map(|p| crate::app::input::screen_at(frame, scale, camera, p) / ui_scale)
        })
        .collect()
}

/// Where the pointer last moved, and when. While another hero than the one selected
/// declares (the computer's turns), the label of the selected hero's preview shows only while
/// the pointer moves: a play-test's label stood over a foe through the computer's turns,
/// covering what it did.
#[derive(Default)]
pub(super) struct PointerRest(Option<(Vec2, f64)>);

/// How long after its last move the pointer is at rest (seconds).
const REST_AFTER: f64 = 1.0;

impl PointerRest {
    /// Whether the pointer at `at` (now) has not moved for `REST_AFTER` seconds.
    fn resting(&mut self, at: Option<Vec2>, now: f64) -> bool {
        match (self.0, at) {
            (Some((was, since)), Some(at)) if was.distance(at) < 2.0 => now - since >= REST_AFTER,
            (_, Some(at)) => {
                self.0 = Some((at, now));
                false
            }
            (_, None) => true,
        }
    }
}

/// The most letters a line of the pointer's label holds: a longer line is broken between
/// words (a play-test's "cock and shoot ..., cannot be paid this round with the stack fee"
/// ran across the whole map into the panel).
const LABEL_LETTERS: usize = 64;

/// `words` with each line longer than `letters` broken between words.
/// A line's last few letters stay on it rather than stand alone on the next ("resolves in
/// segment / 7" read as a stray number in a play-test).
pub fn wrapped(words: &str, letters: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in words.lines() {
        let mut now = String::new();
        let pieces: Vec<&str> = line.split(' ').collect();
        for (i, word) in pieces.iter().enumerate() {
            let rest = pieces[i..].join(" ").chars().count();
            if !now.is_empty()
                && now.chars().count() + 1 + word.chars().count() > letters
                && rest > ORPHAN_LETTERS
            {
                out.push(std::mem::take(&mut now));
            }
            if !now.is_empty() {
                now.push(' ');
            }
            now.push_str(word);
        }
        out.push(now);
    }
    out.join("\n")
}

/// The most letters left at a line's end that go on it, past the line's most, rather than
/// alone on a line of their own.
const ORPHAN_LETTERS: usize = 4;

/// A token's radius on the map (world units): its ring and the pips on it.
const TOKEN_RADIUS: f32 = 24.0;

/// An outline of a pointy hex (`inner` to `outer`, as a fraction of the tile's radius).
pub(super) fn hex_ring(inner: f32, outer: f32) -> Mesh {
    let r = TILE_H as f32 / 2.0;
    let corner = |k: usize, f: f32| {
        let a = std::f32::consts::FRAC_PI_6 + std::f32::consts::FRAC_PI_3 * k as f32;
        [a.cos() * r * f, a.sin() * r * f, 0.0]
    };
    let mut positions = Vec::new();
    for k in 0..6 {
        positions.push(corner(k, outer));
        positions.push(corner(k, inner));
    }
    let mut indices = Vec::new();
    for k in 0..6u32 {
        let (o, i, o2, i2) = (2 * k, 2 * k + 1, (2 * k + 2) % 12, (2 * k + 3) % 12);
        indices.extend([o, o2, i, i, o2, i2]);
    }
    crate::app::board::shared::triangles(positions, indices)
}

/// A mark of the reach map.
#[derive(Component)]
pub struct ReachMark;

/// The reach map as outlines: a dark rim and a bright line inside every hex in reach, a
/// thicker ring on the hex pointed at when it is out of reach.
pub(super) fn draw_reach(
    view: Res<ReachView>,
    palette: Res<Palette>,
    geometry: Option<Res<MapGeometry>>,
    marks: Query<Entity, With<ReachMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut handles: Local<Option<[Handle<Mesh>; 3]>>,
    mut commands: Commands,
) {
    let Some(geometry) = geometry else { return };
    // Drawn again when the view or the palette changes, and when the marks are gone while the
    // view is not (the board spawned anew after a load or the Esc menu's screens).
    let gone = marks.is_empty() && !view.hexes.is_empty();
    if !view.is_changed() && !palette.is_changed() && !geometry.is_changed() && !gone {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let [rim, line, refused] = handles
        .get_or_insert_with(|| {
            [
                meshes.add(hex_ring(0.78, 0.9)),
                meshes.add(hex_ring(0.8, 0.86)),
                meshes.add(hex_ring(0.62, 0.9)),
            ]
        })
        .clone();
    let dark = materials.add(Color::srgba(0.05, 0.03, 0.02, 0.75));
    let bright = materials.add(palette.reach);
    let path = materials.add(palette.path);
    let out = materials.add(palette.refused);
    let at = |h: hexx::Hex| {
        let (c, r) = offset_of(h);
        geometry.center(c, r)
    };
    for h in &view.hexes {
        let p = at(*h);
        let on_path = view.path.contains(h);
        commands.spawn((
            Mesh2d(rim.clone()),
            MeshMaterial2d(dark.clone()),
            Transform::from_translation(p.extend(1.0)),
            ReachMark,
            DespawnOnExit(Screen::Battle),
        ));
        commands.spawn((
            Mesh2d(line.clone()),
            MeshMaterial2d(if on_path {
                path.clone()
            } else {
                bright.clone()
            }),
            Transform::from_translation(p.extend(1.1)),
            ReachMark,
            DespawnOnExit(Screen::Battle),
        ));
    }
    if let Some(h) = view.refused {
        commands.spawn((
            Mesh2d(refused),
            MeshMaterial2d(out),
            Transform::from_translation(at(h).extend(1.2)),
            ReachMark,
            DespawnOnExit(Screen::Battle),
        ));
    }
}

/// The marks on the hex pointed at, in words under the pointer's line: the figure there (its
/// side, AP, wounds, stun, dominance, mount) and the cover object.
pub(super) fn marker_words(world: &mut World) {
    let Some(at) = world.get_resource::<Selection>().and_then(|s| s.hovered) else {
        return;
    };
    let mut lines: Vec<String> = Vec::new();
    let mut heroes = world.query::<(
        Entity,
        &crate::sim::model::Hero,
        &crate::sim::model::HexPos,
        &crate::sim::model::Side,
        &crate::sim::model::Track,
        &crate::sim::model::Wounds,
        &crate::sim::model::Down,
        Option<&crate::sim::model::Dominated>,
    )>();
    let battle = world.resource::<crate::sim::model::Battle>();
    let round = world.get_resource::<crate::sim::model::RoundState>();
    for (e, hero, pos, side, track, wounds, down, dominated) in heroes.iter(world) {
        if pos.0 != at {
            continue;
        }
        let side = battle
            .level
            .sides
            .get(side.0)
            .map_or(String::new(), |s| s.name.clone());
        // A fallen hero's AP mean nothing more: it is said KILLED or OUT (unconscious), as its
        // card says (a play-test read "KILLED" on Felicia's card and "OUT, 1 to come" here).
        let mut s = if down.0 {
            format!("{} ({side})", hero.name)
        } else {
            format!(
                "{} ({side}): AP {} in front, {} to come",
                hero.name, track.0.in_front, track.0.pool
            )
        };
        let hurt = super::wound_list(wounds);
        if !hurt.is_empty() {
            s.push_str(&format!("; wounds: {}", hurt.join(", ")));
        }
        if wounds.body.conc > 0 {
            s.push_str(&format!("; Conc {}", wounds.body.conc));
        }
        if down.0 && wounds.fate == Some(crate::rules::damage::Fate::Killed) {
            s.push_str("; KILLED");
        } else if down.0 {
            s.push_str("; OUT (unconscious)");
        } else if wounds.stunned {
            s.push_str("; STUNNED");
            if let Some(odds) = crate::sim::query::recovery_odds(world, e) {
                s.push_str(&format!(" ({})", super::stun::recovery_chance(round, odds)));
            }
        }
        // A fallen foe is held no more: no dominance said of it (as its token shows none).
        if let Some(d) = dominated.filter(|d| d.0 > 0 && !down.0) {
            s.push_str(&format!(
                "; {}",
                crate::rules::melee::Dominance::from_level(d.0).name()
            ));
        }
        lines.push(s);
    }
    let said = world
        .resource::<super::preview::CursorInfo>()
        .0
        .clone()
        .unwrap_or_default();
    // The cover once: the hex's ground words may have said it (a play-test read it twice).
    if let Some(cover) = super::preview::cover_words(world, at)
        && !said.contains(&cover)
    {
        lines.push(cover);
    }
    if lines.is_empty() {
        return;
    }
    let mut info = world.resource_mut::<super::preview::CursorInfo>();
    let head = info.0.take();
    info.0 = Some(match head {
        Some(h) if !h.is_empty() => format!("{h}\n{}", lines.join("\n")),
        _ => lines.join("\n"),
    });
}

#[cfg(test)]
mod tests {
    /// The words over the map are found on the screen where they stand (their middle and
    /// corners), so the pointer's label keeps off them; other effects are not words.
    #[test]
    fn the_words_over_the_map_are_found_on_the_screen() {
        use crate::app::anim::Effect;
        use bevy::ecs::system::RunSystemOnce;
        use bevy::prelude::*;
        let mut world = World::new();
        world.spawn((
            Camera2d,
            Transform::default(),
            Projection::Orthographic(OrthographicProjection::default_2d()),
        ));
        world.spawn((
            Transform::from_xyz(100.0, 50.0, 7.0),
            Effect::Words,
            Text2d::new("miss"),
        ));
        world.spawn((Transform::default(), Effect::Flash, Text2d::new("x")));
        let frame = crate::app::layout::frame(1280.0, 720.0);
        let found = world
            .run_system_once(
                move |words: super::WordsShown, cameras: crate::app::input::Cameras| {
                    super::words_on_screen(&words, &cameras, &frame, 1.0)
                },
            )
            .unwrap();
        assert_eq!(found.len(), 3, "{found:?}");
        // The middle: 100 right of the window's middle, 50 up.
        assert_eq!(found[1], Vec2::new(740.0, 310.0));
    }

    /// The pointer is at rest a second after its last move, and moves again at once.
    #[test]
    fn the_pointer_rests_a_second_after_it_stops() {
        use bevy::math::Vec2;
        let mut rest = super::PointerRest::default();
        let at = Some(Vec2::new(100.0, 100.0));
        assert!(!rest.resting(at, 10.0), "it has just come");
        assert!(!rest.resting(at, 10.5));
        assert!(rest.resting(at, 11.1), "still a second");
        assert!(!rest.resting(Some(Vec2::new(140.0, 100.0)), 11.2), "moved");
        assert!(rest.resting(None, 11.3), "off the window");
    }

    /// A long line of the pointer's label is broken between words, every line within the
    /// letters it may hold, its own lines kept, no word lost.
    #[test]
    fn a_long_label_line_is_broken_between_words() {
        let words = "Right click: cock and shoot Dave Perkins: 4 AP + 1 stack fee (actions \
                     already due), 57% to hit, cannot be paid this round with the stack fee \
                     (4 AP left)\nDave Perkins (Perkins brothers): AP 0 in front, 2 to come";
        let wrapped = super::wrapped(words, 64);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 64),
            "{wrapped}"
        );
        assert_eq!(wrapped.lines().count(), 4, "{wrapped}");
        assert_eq!(
            wrapped.replace('\n', " "),
            words.replace('\n', " "),
            "no word lost"
        );
        assert_eq!(super::wrapped("short", 64), "short");
        // A last number stays on its line (a play-test read "segment / 7").
        assert_eq!(
            super::wrapped("close in on Hank: 1 AP, resolves in segment 7", 44),
            "close in on Hank: 1 AP, resolves in segment 7"
        );
        assert_eq!(
            super::wrapped(
                "close in on Hank: 1 AP, resolves in segment 17 or later",
                44
            ),
            "close in on Hank: 1 AP, resolves in segment\n17 or later"
        );
    }
}
