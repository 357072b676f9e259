use super::problems::{problems, ready};
use super::write::{DRAFT_MARK, one_line, write, written};
use super::*;
use crate::data::gear::{self, Gear};
use crate::data::level::{self as level_file, CoverDef};
use crate::rules::card::Location;
use crate::rules::terrain::Material;
use proptest::prelude::*;
use std::path::Path;

fn gear() -> Gear {
    gear::load(&crate::data::paths::find(gear::GEAR_PATH).unwrap()).unwrap()
}

fn shipped(name: &str) -> Level {
    let path = crate::data::paths::find(&format!("levels/{name}")).unwrap();
    level_file::load(&path, &gear()).unwrap()
}

fn hero(name: &str, side: &str, at: Cell) -> HeroDef {
    let mut h = shipped("street_duel.ron").heroes[0].clone();
    h.name = name.into();
    h.side = side.into();
    h.at = at;
    h.holster = None;
    h
}

/// Every shipped level, written by the editor and read back, is the same level, and
/// `levels check` accepts the text (so the editor's file is a level file like the others).
#[test]
fn the_writer_keeps_every_shipped_level() {
    let gear = gear();
    for file in crate::data::paths::level_files().unwrap() {
        let original = level_file::load(&file, &gear).unwrap();
        let text = write(&original, false);
        let back = level_file::parse(&file, &text, &gear)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", file.display()));
        assert_eq!(back, original, "{}", file.display());
    }
}

/// The shipped style: one map row a line, one cover object a line with spaces after commas
/// and colons, a hero's numbers on a line of their own.
#[test]
fn the_file_reads_like_the_shipped_ones() {
    let text = write(&shipped("street_duel.ron"), false);
    assert!(
        text.contains("\n            \"#..=...##......#\",\n"),
        "{text}"
    );
    assert!(text.contains(
        "(name: \"saloon window\", at: (3, 2), material: Glass, covers: [Belly, LeftLeg, RightLeg], from: [4, 5]),"
    ), "{text}");
    assert!(
        text.contains(
            "(name: \"Miranda Valentine\", side: \"Valentine posse\", at: (3, 4), facing: 0,"
        ),
        "{text}"
    );
    assert!(
        text.contains("traits: {\"Coordination\": (3, D10), "),
        "{text}"
    );
    assert!(text.contains("weapons: [\"Peacemaker\"], holster: Some(\"Peacemaker\")),"));
    assert_eq!(
        one_line(&"Laroq's \"quoted\" name"),
        "\"Laroq's \\\"quoted\\\" name\""
    );
    assert!(!write(&blank(3, 2), false).contains(DRAFT_MARK));
    assert!(write(&blank(3, 2), true).starts_with(DRAFT_MARK));
}

#[test]
fn brushes_are_one_seven_and_nineteen_hexes() {
    assert_eq!(brush((5, 5), 1), vec![(5, 5)]);
    assert_eq!(brush((5, 5), 7).len(), 7);
    assert_eq!(brush((5, 5), 19).len(), 19);
    // Painting at the map's corner paints only the hexes on the map.
    let level = blank(4, 4);
    let Edit::Terrain(hexes) = paint(&level, (0, 0), 7, '#') else {
        panic!()
    };
    assert!(hexes.iter().all(|&(c, _)| on_map(&level, c)));
    assert!(hexes.len() < 7 && hexes.len() >= 3);
}

#[test]
fn a_fill_stops_at_other_terrain() {
    let mut level = blank(5, 3);
    // A wall down column 2 splits the map in two.
    let wall: Vec<_> = (0..3).map(|r| ((2, r), '#')).collect();
    Edit::Terrain(wall).apply(&mut level).unwrap();
    fill(&level, (0, 1), '~').apply(&mut level).unwrap();
    assert_eq!(level.map.rows, vec!["~~#..", "~~#..", "~~#.."]);
}

#[test]
fn undo_and_redo_walk_the_steps() {
    let mut h = History::new(blank(6, 4));
    let start = h.level.clone();
    h.apply(paint(&h.level, (2, 2), 7, ',')).unwrap();
    h.apply(raise(&h.level, (1, 1), 1, 3)).unwrap();
    h.apply(Edit::Resize {
        width: 8,
        height: 5,
    })
    .unwrap();
    h.apply(Edit::Hero(Slot::Add(0, hero("Hank", "Posse", (1, 1)))))
        .unwrap();
    let end = h.level.clone();
    assert_eq!(size(&end), (8, 5));
    assert_eq!(height_at(&end, (1, 1)), 3);
    assert!(h.unsaved());
    while h.undo() {}
    assert_eq!(h.level, start);
    assert!(!h.unsaved());
    while h.redo() {}
    assert_eq!(h.level, end);
    // A stroke of three dabs is undone as one step.
    let before_stroke = h.level.clone();
    for at in [(0, 0), (1, 0), (2, 0)] {
        h.apply(paint(&h.level, at, 1, '~')).unwrap();
    }
    h.merge_last(3);
    assert_eq!(&h.level.map.rows[0][..3], "~~~");
    h.undo();
    assert_eq!(h.level, before_stroke);
    h.redo();
    assert_eq!(&h.level.map.rows[0][..3], "~~~");
    // A new step after an undo forgets what was undone.
    h.undo();
    h.apply(Edit::Name("Another".into())).unwrap();
    assert!(!h.can_redo());
    // An edit off the map is refused and changes nothing.
    let before = h.level.clone();
    assert_eq!(
        h.apply(Edit::Batch(vec![
            Edit::Terrain(vec![((0, 0), '#')]),
            Edit::Terrain(vec![((40, 0), '#')]),
        ])),
        Err(EditError::OffMap(40, 0))
    );
    assert_eq!(h.level, before);
}

#[test]
fn renaming_a_side_renames_what_names_it_in_one_step() {
    let mut level = blank(8, 4);
    level.victory.push(Victory::Timer {
        name: "Dawn".into(),
        rounds: 5,
        winner: "Gang".into(),
    });
    level.heroes.push(hero("Hank", "Gang", (6, 1)));
    let mut h = History::new(level);
    h.apply(rename_side(&h.level, 1, "Perkins brothers"))
        .unwrap();
    assert_eq!(h.level.heroes[0].side, "Perkins brothers");
    assert!(
        matches!(&h.level.victory[1], Victory::Timer { winner, .. } if winner == "Perkins brothers")
    );
    h.undo();
    assert_eq!(h.level.heroes[0].side, "Gang");
    assert_eq!(h.level.sides[1].name, "Gang");
}

#[test]
fn removing_a_rider_leaves_the_horse_riderless() {
    let mut level = blank(8, 4);
    level.heroes.push(hero("Hank", "Posse", (1, 1)));
    level.mounts.push(MountDef {
        name: "nag".into(),
        at: (1, 1),
        facing: 0,
        quickness: 5,
        speed: 14,
        rider: Some("Hank".into()),
    });
    let things = things_at(&level, (1, 1));
    assert_eq!(things, vec![Thing::Hero(0), Thing::Mount(0)]);
    remove_thing(&level, Thing::Hero(0))
        .apply(&mut level)
        .unwrap();
    assert!(level.heroes.is_empty());
    assert_eq!(level.mounts[0].rider, None);
}

/// The live check is `levels check`'s: an empty map lacks heroes; with two heroes a side
/// apart it is ready, and ready means the written file passes `levels check`.
#[test]
fn the_live_check_is_the_level_check() {
    let gear = gear();
    let name = Path::new("new.ron");
    let mut level = blank(10, 6);
    let found = problems(&level, &gear, name);
    assert!(!ready(&found));
    assert!(found[0].message.contains("at least one hero"), "{found:?}");
    level.heroes.push(hero("Hank", "Posse", (1, 2)));
    level.heroes.push(hero("Pete", "Gang", (8, 2)));
    level.cover.push(CoverDef {
        name: "trough".into(),
        at: (4, 9),
        material: Material::Hardwood,
        covers: vec![Location::Belly],
        from: vec![0],
    });
    let found = problems(&level, &gear, name);
    assert!(!ready(&found));
    // The error names the cover and jumps to its hex.
    assert_eq!(found[0].at, Some((4, 9)), "{found:?}");
    level.cover[0].at = (4, 2);
    let found = problems(&level, &gear, name);
    assert!(ready(&found), "{found:?}");
    assert!(level_file::parse(name, &write(&level, false), &gear).is_ok());
    // A hero on a wall: the error is at the hero's hex.
    level.map.rows[2] = "#.........".into();
    level.heroes[0].at = (0, 2);
    let found = problems(&level, &gear, name);
    assert_eq!(found[0].at, Some((0, 2)), "{found:?}");
    assert_eq!(
        written(&level, false).hex_of_line(found[0].line.unwrap()),
        Some((0, 2))
    );
}

#[test]
fn drafts_are_kept_out_of_the_list() {
    let dir = std::env::temp_dir().join(format!("tarnation-editor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut level = blank(5, 5);
    level.name = "Dry Gulch, at dawn!".into();
    let ready_path = dir.join(files::file_name(&level.name));
    assert!(ready_path.ends_with("dry_gulch_at_dawn.ron"));
    files::save(&ready_path, &level, false).unwrap();
    files::save(&dir.join("wip.ron"), &level, true).unwrap();
    assert_eq!(files::files_in(&dir, false), vec![ready_path.clone()]);
    assert_eq!(files::files_in(&dir, true).len(), 2);
    let (back, draft) = files::open(&dir.join("wip.ron")).unwrap();
    assert!(draft);
    assert_eq!(back, level);
    assert!(!files::open(&ready_path).unwrap().1);
    std::fs::remove_dir_all(&dir).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of edits, saved and loaded back into the editor, gives the same level;
    /// undone step by step it gives the level it began with, and redone the level it ended
    /// with.
    #[test]
    fn edits_survive_saving_and_undo(steps in proptest::collection::vec(any::<(u8, u8, u8, u8)>(), 1..30)) {
        let mut h = History::new(blank(12, 8));
        let start = h.level.clone();
        for step in steps {
            let edit = fuzz::random_edit(&h.level, step);
            h.apply(edit).unwrap();
        }
        let end = h.level.clone();
        let text = write(&end, true);
        let back: Level = crate::data::parse_ron(Path::new("draft.ron"), &text).unwrap();
        prop_assert_eq!(&back, &end);
        while h.undo() {}
        prop_assert_eq!(&h.level, &start);
        while h.redo() {}
        prop_assert_eq!(&h.level, &end);
    }
}
