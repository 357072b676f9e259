//! Cover drawn as the thing it is (issue 24), on the hexsides it covers from: a window's pane
//! in its frame, planks of thin wood, a hardwood bar, adobe in courses, iron with its rivets;
//! paler once shot down; and in its hex, the thing itself (a piano, a hay wagon, a well, an
//! oil lamp), known by its name.

use crate::data::level::Scenery;
use crate::rules::terrain::Material;
use crate::sim::model::Cover;
use bevy::prelude::*;

/// What a piece of cover is drawn as in its hex, under the figure standing there: an icon of
/// game-icons.net (`assets/icons/`, by name) or a thing the scenery draws in code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Icon(&'static str),
    Drawn(Scenery),
}

/// The thing a piece of cover is, from the words of its name (a word that begins with one of
/// the keys: "cotton bales", "timber props"); else its material's (a pane of glass, a crate,
/// a beam of hardwood, an adobe wall, an iron plate, a stove).
pub fn picture(name: &str, material: Material) -> Picture {
    use Picture::{Drawn, Icon};
    let by_words: &[(&str, Picture)] = &[
        ("trough", Drawn(Scenery::Trough)),
        ("barrel", Drawn(Scenery::Barrel)),
        ("piano", Icon("grand-piano")),
        ("table", Icon("round-table")),
        ("cart", Icon("mine-wagon")),
        ("wagon", Icon("old-wagon")),
        ("bale", Icon("round-straw-bale")),
        ("lamp", Icon("old-lantern")),
        ("lantern", Icon("old-lantern")),
        ("well", Icon("well")),
        ("boulder", Icon("rock")),
        ("rock", Icon("rock")),
        ("woodpile", Icon("wood-pile")),
        ("timber", Icon("wood-beam")),
        ("prop", Icon("wood-beam")),
        ("beam", Icon("wood-beam")),
        ("fence", Icon("wooden-fence")),
        ("rail", Icon("wooden-fence")),
        ("porch", Icon("wooden-fence")),
        ("window", Icon("window")),
        ("door", Icon("doorway")),
        ("step", Icon("stairs")),
        ("stair", Icon("stairs")),
        ("crate", Icon("wooden-crate")),
        ("box", Icon("wooden-crate")),
        ("stove", Icon("furnace")),
        ("plate", Icon("metal-plate")),
        ("counter", Icon("desk")),
        ("desk", Icon("desk")),
        ("bar", Icon("beer-stein")),
        ("wall", Icon("brick-wall")),
        ("corner", Icon("brick-wall")),
    ];
    let name = name.to_lowercase();
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    by_words
        .iter()
        .find(|(key, _)| words.iter().any(|w| w.starts_with(key)))
        .map_or_else(
            || {
                Icon(match material {
                    Material::Glass => "window",
                    Material::ThinWood => "wooden-crate",
                    Material::Hardwood => "wood-beam",
                    Material::Adobe => "brick-wall",
                    Material::ThinIron => "metal-plate",
                    Material::ThickIron => "furnace",
                })
            },
            |(_, picture)| *picture,
        )
}

/// A piece of cover's marker at its hex: its thing, and its bars on the hexsides it covers
/// from (`scenery`: the level's, which may draw its thing already).
pub(super) fn place_cover(
    marker: &mut EntityCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    (shared, icons): (&mut super::shared::Shared, &crate::app::tokens::TokenIcons),
    (geometry, scenery): (&super::MapGeometry, &[crate::data::level::SceneryDef]),
    hex: hexx::Hex,
    cover: &Cover,
) {
    let at = geometry.hex_center(hex);
    marker.insert((
        Transform::from_translation(at.extend(2.0)),
        Visibility::default(),
        super::Goal(at.extend(2.0)),
    ));
    let sides: Vec<Vec2> = cover
        .from
        .iter()
        .map(|&f| super::marks::hexside_vector(geometry, hex, f) - at)
        .collect();
    let drawn_already = drawn_by_scenery(scenery, hex);
    marker.with_children(|p| {
        cover_marks(
            p,
            (meshes, materials),
            shared,
            (icons, drawn_already),
            (cover, hex),
            &sides,
        )
    });
}

/// Whether the level's scenery draws a cover's thing in its hex already (a trough, a barrel, a
/// hitching rail): the cover does not draw it again.
fn drawn_by_scenery(scenery: &[crate::data::level::SceneryDef], hex: hexx::Hex) -> bool {
    scenery.iter().any(|s| {
        crate::rules::hexmap::hex_at(s.at.0, s.at.1) == hex
            && matches!(
                s.kind,
                Scenery::Trough | Scenery::Barrel | Scenery::HitchingRail
            )
    })
}

/// The size of a cover's thing drawn in its hex (a hex is 52 px across, a token 38).
const THING: f32 = 34.0;

/// A cover's thing drawn in its hex (`hex`): a figure standing there would hide it, so then
/// it is drawn small on the token's lower left, on a pale disc, as the weapon in hand is on
/// its lower right (`things_beside_figures`).
#[derive(Component, Debug, Clone, Copy)]
pub struct CoverThing(pub hexx::Hex);

/// The pale disc under a cover's thing drawn as a badge.
#[derive(Component, Debug, Clone, Copy)]
pub struct BadgeDisc;

/// The badge's disc, in the thing's own units (the badge is `BADGE_SCALE` of the thing).
const BADGE_DISC: f32 = 8.5 / BADGE_SCALE;
/// The thing drawn as a badge: 13 px of its 34, as the weapon badge's icon.
const BADGE_SCALE: f32 = 13.0 / THING;
/// Where the badge stands on the token (the weapon's badge mirrored), above the token's marks.
const BADGE_AT: Vec3 = Vec3::new(-15.0, -13.0, 2.2);

/// A cover's thing in its hex, or as a badge on the figure that stands there (a hero on the
/// piano hid it whole): the thing and the bars then say the same as on an empty hex.
pub(super) fn things_beside_figures(
    figures: Query<&crate::sim::model::HexPos, With<crate::sim::model::Hero>>,
    mut things: Query<(&CoverThing, &mut Transform, &Children)>,
    mut discs: Query<&mut Visibility, With<BadgeDisc>>,
) {
    let stood_on: std::collections::HashSet<hexx::Hex> = figures.iter().map(|p| p.0).collect();
    for (thing, mut at, children) in &mut things {
        let badge = stood_on.contains(&thing.0);
        let want = if badge {
            Transform::from_translation(BADGE_AT).with_scale(Vec3::new(
                BADGE_SCALE,
                BADGE_SCALE,
                1.0,
            ))
        } else {
            Transform::default()
        };
        if *at != want {
            *at = want;
        }
        for &child in children {
            if let Ok(mut shown) = discs.get_mut(child) {
                let v = if badge {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *shown != v {
                    *shown = v;
                }
            }
        }
    }
}

/// The thing a piece of cover is, drawn in its hex in its material's colour, outlined dark,
/// under the bars on its hexsides and the figure standing there. `drawn_already`: the level's
/// scenery draws that very thing in the hex (a trough, a barrel, a hitching rail).
pub(super) fn thing_picture(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    shared: &mut super::shared::Shared,
    (icons, hex): (&crate::app::tokens::TokenIcons, hexx::Hex),
    cover: &Cover,
    fill: Color,
) {
    let mut thing = p.spawn((CoverThing(hex), Transform::default(), Visibility::default()));
    thing.with_children(|p| {
        // The badge's pale disc (a thing in its material's colour reads on it, where the
        // weapon's gold reads on dark), shown while a figure stands on the thing.
        p.spawn((
            Mesh2d(shared.mesh(meshes, Circle::new(BADGE_DISC).into())),
            MeshMaterial2d(shared.paint(materials, Color::srgb(0.93, 0.87, 0.72))),
            Transform::from_xyz(0.0, 0.0, -0.4),
            Visibility::Hidden,
            BadgeDisc,
        ));
        the_thing(p, (meshes, materials), shared, icons, cover, fill)
    });
}

/// The thing drawn in its hex (the badge's disc aside).
fn the_thing(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    shared: &mut super::shared::Shared,
    icons: &crate::app::tokens::TokenIcons,
    cover: &Cover,
    fill: Color,
) {
    match picture(&cover.name, cover.material) {
        Picture::Icon(name) => {
            let Some(image) = icons.exactly(name) else {
                return;
            };
            let mut sprite = |colour: Color, at: Vec3, size: f32| {
                p.spawn((
                    Sprite {
                        image: image.clone(),
                        custom_size: Some(Vec2::splat(size)),
                        color: colour,
                        ..default()
                    },
                    Transform::from_translation(at),
                ));
            };
            // A dark outline all round (four offset copies): a pale crate reads on pale
            // boards, a dark stove on dark ground.
            for (x, y) in [(1.5, -1.5), (-1.5, 1.5), (1.5, 1.5), (-1.5, -1.5)] {
                sprite(
                    Color::srgba(0.07, 0.04, 0.02, 0.9),
                    Vec3::new(x, y, -0.3),
                    THING,
                );
            }
            let whole = if cover.av == 0 { 0.5 } else { 1.0 };
            sprite(fill.with_alpha(whole), Vec3::new(0.0, 0.0, -0.2), THING);
        }
        Picture::Drawn(kind) => {
            let mut part = |mesh: Mesh, colour: Color, t: Transform| {
                p.spawn((
                    Mesh2d(shared.mesh(meshes, mesh)),
                    MeshMaterial2d(shared.paint(materials, colour)),
                    t * Transform::from_xyz(0.0, 0.0, -0.3),
                ));
            };
            super::scenery::draw(&mut part, kind, Vec2::ZERO);
        }
    }
}

/// Cover as the thing it is, on the hexsides it covers from (`sides`: the vectors toward
/// them): a player sees from where it protects. Worn down (ablation), it is drawn paler.
fn cover_marks(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    shared: &mut super::shared::Shared,
    (icons, drawn_already): (&crate::app::tokens::TokenIcons, bool),
    (cover, hex): (&Cover, hexx::Hex),
    sides: &[Vec2],
) {
    let (fill, rim) = material_colours(cover.material);
    // Worn down, paler; shot to pieces (no AV left: a shattered lamp), paler still.
    let worn = match cover.av {
        0 => 0.75,
        av if av < cover.material.armor_value() => 0.4,
        _ => 0.0,
    };
    let fill = Color::Srgba(bevy::color::Mix::mix(
        &fill.to_srgba(),
        &Srgba::gray(0.6),
        worn,
    ));
    if !drawn_already {
        thing_picture(p, (meshes, materials), shared, (icons, hex), cover, fill);
    }
    for v in sides {
        cover_bar(
            p,
            (meshes, materials),
            shared,
            *v,
            cover.material,
            (fill, rim),
        );
    }
}

/// The colours of a cover material: (fill, rim).
pub(crate) fn material_colours(material: crate::rules::terrain::Material) -> (Color, Color) {
    use crate::rules::terrain::Material;
    match material {
        Material::Glass => (
            Color::srgba(0.7, 0.9, 1.0, 0.75),
            Color::srgb(0.9, 0.97, 1.0),
        ),
        Material::ThinWood => (Color::srgb(0.78, 0.6, 0.38), Color::srgb(0.45, 0.32, 0.18)),
        Material::Hardwood => (Color::srgb(0.45, 0.27, 0.13), Color::srgb(0.25, 0.14, 0.06)),
        Material::Adobe => (Color::srgb(0.8, 0.5, 0.3), Color::srgb(0.5, 0.3, 0.17)),
        Material::ThinIron => (Color::srgb(0.52, 0.55, 0.58), Color::srgb(0.3, 0.32, 0.35)),
        Material::ThickIron => (Color::srgb(0.3, 0.32, 0.35), Color::srgb(0.12, 0.13, 0.15)),
    }
}

/// One piece of cover along the hexside toward `toward` (the vector to that neighbour's
/// centre), drawn as the thing it is: a window's pane in its frame with a mullion and a glint,
/// planks of thin wood (a crate, a door), a hardwood bar with its polished top, an adobe wall
/// in courses, an iron stove or plate with its rivets; thicker for heavier material.
fn cover_bar(
    p: &mut ChildSpawnerCommands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<ColorMaterial>),
    shared: &mut super::shared::Shared,
    toward: Vec2,
    material: Material,
    (fill, rim): (Color, Color),
) {
    let thick = thickness(material);
    let dir = toward.normalize_or_zero();
    let angle = dir.y.atan2(dir.x) + std::f32::consts::FRAC_PI_2;
    let mid = toward * 0.4;
    // Local x runs along the hexside, local y across it (toward the neighbour).
    let place =
        Transform::from_translation(mid.extend(0.0)).with_rotation(Quat::from_rotation_z(angle));
    let at = |x: f32, y: f32, z: f32| place * Transform::from_xyz(x, y, z);
    let mut part = |mesh: Mesh, colour: Color, t: Transform| {
        p.spawn((
            Mesh2d(shared.mesh(meshes, mesh)),
            MeshMaterial2d(shared.paint(materials, colour)),
            t,
        ));
    };
    let frame = if material == Material::Glass {
        Color::srgb(0.45, 0.32, 0.18)
    } else {
        rim
    };
    part(
        Rectangle::new(30.0, thick + 2.0).into(),
        frame,
        at(0.0, 0.0, 0.0),
    );
    part(Rectangle::new(28.0, thick).into(), fill, at(0.0, 0.0, 0.1));
    for (mesh, colour, x, y) in cover_details(material, thick, rim) {
        part(mesh, colour, at(x, y, 0.2));
    }
}

/// How thick a bar of cover is drawn: thicker for heavier material, a glass pane thin.
fn thickness(material: crate::rules::terrain::Material) -> f32 {
    use crate::rules::terrain::Material;
    match material {
        Material::Glass => 4.0,
        Material::ThinWood | Material::ThinIron => 6.0,
        Material::Hardwood | Material::ThickIron => 8.0,
        Material::Adobe => 10.0,
    }
}

/// The marks that tell one material from another on its bar, in the bar's frame: (shape,
/// colour, x along, y across).
fn cover_details(
    material: crate::rules::terrain::Material,
    thick: f32,
    rim: Color,
) -> Vec<(Mesh, Color, f32, f32)> {
    use crate::rules::terrain::Material;
    let rivet = Color::srgb(0.72, 0.74, 0.76);
    match material {
        // The window's mullion across the pane, and a glint.
        Material::Glass => vec![
            (
                Rectangle::new(2.0, thick + 2.0).into(),
                Color::srgb(0.45, 0.32, 0.18),
                0.0,
                0.0,
            ),
            (Rectangle::new(6.0, 1.0).into(), Color::WHITE, -7.0, 0.5),
            (Rectangle::new(3.0, 1.0).into(), Color::WHITE, 8.0, 0.5),
        ],
        // Planks: a seam along the boards, the butt joints, and nails.
        Material::ThinWood => vec![
            (Rectangle::new(28.0, 1.0).into(), rim, 0.0, 0.0),
            (Rectangle::new(1.0, thick).into(), rim, -5.0, 0.0),
            (Rectangle::new(1.0, thick).into(), rim, 9.0, 0.0),
            (Circle::new(0.8).into(), rim, -12.0, 1.5),
            (Circle::new(0.8).into(), rim, 12.0, -1.5),
        ],
        // A bar's polished top along its length and the grain below.
        Material::Hardwood => vec![
            (
                Rectangle::new(28.0, 2.0).into(),
                Color::srgb(0.62, 0.4, 0.2),
                0.0,
                thick / 2.0 - 1.0,
            ),
            (Rectangle::new(20.0, 0.8).into(), rim, -2.0, -1.0),
            (Rectangle::new(12.0, 0.8).into(), rim, 6.0, -2.5),
        ],
        // Adobe laid in courses: a mortar line along and the joints across, staggered.
        Material::Adobe => {
            let mut v = vec![(Rectangle::new(28.0, 1.0).into(), rim, 0.0, 0.0)];
            for x in [-10.0, 0.0, 10.0] {
                v.push((Rectangle::new(1.0, thick / 2.0).into(), rim, x, thick / 4.0));
            }
            for x in [-5.0, 5.0] {
                v.push((
                    Rectangle::new(1.0, thick / 2.0).into(),
                    rim,
                    x,
                    -thick / 4.0,
                ));
            }
            v
        }
        // Iron: rivets along the plate (a stove, a boiler plate).
        Material::ThinIron | Material::ThickIron => [-11.0, -4.0, 4.0, 11.0]
            .into_iter()
            .map(|x| (Circle::new(thick / 6.0).into(), rivet, x, 0.0))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::terrain::Material;

    /// Each material's bar is told from the others by its marks (and the two irons by their
    /// thickness): no two pieces of cover look alike.
    #[test]
    fn every_material_is_drawn_as_its_own_thing() {
        let looks: Vec<String> = Material::ALL
            .iter()
            .map(|&m| {
                let (_, rim) = material_colours(m);
                cover_details(m, thickness(m), rim)
                    .iter()
                    .map(|(mesh, colour, x, y)| {
                        format!(
                            "{:?} {colour:?} {x} {y}",
                            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(";")
            })
            .collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!a.is_empty(), "{:?} has marks", Material::ALL[i]);
            for b in &looks[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // The window's mullion crosses its pane; iron shows its rivets.
        assert_eq!(cover_details(Material::Glass, 4.0, Color::WHITE).len(), 3);
        assert_eq!(
            cover_details(Material::ThickIron, 8.0, Color::WHITE).len(),
            4
        );
    }

    /// Every piece of cover in the shipped levels is drawn as the thing its name says, not
    /// as its material's stand-in; a name the list does not know falls back on its material.
    #[test]
    fn the_shipped_levels_cover_is_drawn_as_the_thing_it_is() {
        use Picture::{Drawn, Icon};
        let expected = [
            ("piano", Icon("grand-piano")),
            ("card table", Icon("round-table")),
            ("hay wagon", Icon("old-wagon")),
            ("ore cart", Icon("mine-wagon")),
            ("cotton bales", Icon("round-straw-bale")),
            ("oil lamp", Icon("old-lantern")),
            ("stone well", Icon("well")),
            ("boulder", Icon("rock")),
            ("woodpile", Icon("wood-pile")),
            ("timber props", Icon("wood-beam")),
            ("fence", Icon("wooden-fence")),
            ("boardwalk rail", Icon("wooden-fence")),
            ("hitching rail", Icon("wooden-fence")),
            ("feed store porch", Icon("wooden-fence")),
            ("saloon window", Icon("window")),
            ("bank doorway", Icon("doorway")),
            ("church steps", Icon("stairs")),
            ("North Star corner", Icon("brick-wall")),
            ("bank counter", Icon("desk")),
            ("the bar", Icon("beer-stein")),
            ("water trough", Drawn(Scenery::Trough)),
            ("rain barrel", Drawn(Scenery::Barrel)),
        ];
        let mut shipped = 0;
        for entry in std::fs::read_dir("levels").unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let level: crate::data::level::Level = ron::from_str(&text).unwrap();
            for c in &level.cover {
                let (_, want) = expected
                    .iter()
                    .find(|(n, _)| *n == c.name)
                    .unwrap_or_else(|| {
                        panic!("{}: {} has no picture here", path.display(), c.name)
                    });
                assert_eq!(picture(&c.name, c.material), *want, "{}", c.name);
                shipped += 1;
            }
        }
        assert!(shipped >= 27, "{shipped}");
        // Every icon named is one the game carries.
        for (_, p) in expected {
            if let Icon(name) = p {
                assert!(
                    crate::app::tokens::THINGS.iter().any(|(n, _)| *n == name),
                    "{name}"
                );
            }
        }
        // A name it does not know: its material's thing; "barrel" is no bar.
        assert_eq!(
            picture("Sheriff's safe", Material::ThickIron),
            Icon("furnace")
        );
        assert_eq!(picture("pane", Material::Glass), Icon("window"));
        assert_eq!(picture("crates", Material::Hardwood), Icon("wooden-crate"));
        assert_eq!(
            picture("barrels", Material::Hardwood),
            Drawn(Scenery::Barrel)
        );
    }
}
