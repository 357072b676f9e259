//! The level editor in the window, driven as a Judge drives it: the main menu's button, the
//! panel's buttons and clicks on the map's hexes; a street fight made from an empty map,
//! played, and back in the editor after.

use super::{click, screen, window_app};
use bevy::prelude::*;
use leafwing_input_manager::prelude::Buttonlike;
use tarnation::app::editor::act::Act;
use tarnation::app::editor::draw::Hover;
use tarnation::app::editor::{EditorState, Tool};
use tarnation::app::screens::OpenEditor;
use tarnation::app::state::Screen;
use tarnation::data::level::Victory;
use tarnation::sim::model::{Battle, Hero};

/// A left click on a hex of the map (the pointer over it, the button pressed and let go).
fn click_hex(app: &mut App, cell: (i32, i32)) {
    app.insert_resource(Hover(Some(cell)));
    app.update();
    MouseButton::Left.press(app.world_mut());
    app.update();
    MouseButton::Left.release(app.world_mut());
    app.update();
}

fn press(app: &mut App, act: Act) {
    assert!(click::<Act>(app, |a| *a == act), "no button {act:?}");
}

fn state(app: &App) -> &EditorState {
    app.world().resource::<EditorState>()
}

/// The optional rules: a victory threshold of 7, two cards a check, no exceptional results;
/// the blindfold round its three ways back to the level's.
fn optional_rules(app: &mut App) {
    press(app, Act::Threshold);
    press(app, Act::CardUse);
    press(app, Act::Exceptional);
    for _ in 0..3 {
        press(app, Act::Blindfold);
    }
    let options = state(app).level().options.unwrap();
    assert_eq!(options.victory_threshold, 7);
    assert_eq!(
        options.card_use,
        tarnation::rules::check::CardUse::CauseEffectUncoupling
    );
    assert!(!options.exceptional && options.increased_effect);
    assert_eq!(state(app).level().handoff_screen, None);
}

/// An objective at a picked hex, its work made harder and of full attention, then removed.
fn objective_work(app: &mut App) {
    app.world_mut().resource_mut::<EditorState>().cell = Some((8, 8));
    press(app, Act::ObjectiveAdd);
    let i = state(app).level().victory.len() - 1;
    press(app, Act::TaskTn(i, 1));
    press(app, Act::TaskFull(i));
    press(app, Act::TaskTrait(i));
    match &state(app).level().victory[i] {
        Victory::Objective { task: Some(t), .. } => {
            assert_eq!((t.at, t.tn, t.full_attention), ((8, 8), 8, true));
            assert_eq!(t.trait_name, "Strength");
        }
        other => panic!("{other:?}"),
    }
    assert!(state(app).ready(), "{:?}", state(app).problems);
    press(app, Act::VictoryRemove(i));
}

/// A counter of the Judge's, and a strongbox at a picked hex (its Inventory counter made with
/// it); the level stays ready.
fn counters_and_items(app: &mut App) {
    use tarnation::data::level::{Trigger, WhenFull};
    use tarnation::rules::counter::CounterKind;
    press(app, Act::CounterAdd);
    press(app, Act::CounterKind(0));
    press(app, Act::CounterSlots(0, 1));
    press(app, Act::CounterSlots(0, 1));
    press(app, Act::CounterFeed(0));
    press(app, Act::CounterFull(0));
    let c = state(app).level().counters[0].clone();
    assert_eq!((c.kind, c.slots), (CounterKind::Progress, 6));
    assert_eq!(c.fed_by[0].on, Trigger::EachAction);
    assert_eq!(c.when_full, Some(WhenFull::Wins("Gang".into())));
    app.world_mut().resource_mut::<EditorState>().cell = Some((10, 8));
    press(app, Act::ItemAdd);
    let level = state(app).level();
    assert_eq!(level.items.len(), 1);
    assert_eq!(level.items[0].at, (10, 8));
    let inventory = &level.counters[1];
    assert_eq!(inventory.kind, CounterKind::Inventory);
    assert_eq!(level.items[0].counter, inventory.name);
    assert!(state(app).ready(), "{:?}", state(app).problems);
    // Undone, the item and its counter go in one step.
    press(app, Act::Undo);
    assert!(state(app).level().items.is_empty());
    assert_eq!(state(app).level().counters.len(), 1);
    press(app, Act::Redo);
}

#[test]
fn a_judge_builds_a_street_fight_plays_it_and_comes_back() {
    let mut app = window_app(3);
    app.init_asset::<TextureAtlasLayout>();
    assert!(click::<OpenEditor>(&mut app, |_| true));
    assert_eq!(screen(&app), Screen::Editor);
    assert_eq!(tarnation::editor::size(state(&app).level()), (16, 10));
    // An empty map is not ready: it has no heroes, and the panel says so.
    assert!(!state(&app).ready());
    // A building: a wall painted with the brush of one hex, dragged along row 2.
    press(&mut app, Act::Tool(Tool::Terrain));
    press(&mut app, Act::Terrain('#'));
    app.insert_resource(Hover(Some((4, 2))));
    app.update();
    MouseButton::Left.press(app.world_mut());
    app.update();
    for c in 5..9 {
        app.insert_resource(Hover(Some((c, 2))));
        app.update();
    }
    MouseButton::Left.release(app.world_mut());
    app.update();
    assert_eq!(state(&app).level().map.rows[2], "....#####.......");
    // The stroke is one step: undone whole, and redone.
    press(&mut app, Act::Undo);
    assert_eq!(state(&app).level().map.rows[2], "................");
    press(&mut app, Act::Redo);
    assert_eq!(state(&app).level().map.rows[2], "....#####.......");
    // Cover: an adobe wall corner in front of the building (the Figures page's tool).
    press(&mut app, Act::Page(tarnation::app::editor::Page::Figures));
    press(&mut app, Act::Tool(Tool::Cover));
    click_hex(&mut app, (6, 4));
    assert_eq!(state(&app).level().cover.len(), 1);
    // Two heroes a side, copied from the shipped levels.
    press(&mut app, Act::Tool(Tool::Hero));
    click_hex(&mut app, (2, 4));
    click_hex(&mut app, (2, 6));
    press(&mut app, Act::NewSide(1));
    press(&mut app, Act::Template(1));
    click_hex(&mut app, (13, 4));
    click_hex(&mut app, (13, 6));
    let level = state(&app).level().clone();
    assert_eq!(level.heroes.len(), 4);
    assert_eq!(level.heroes.iter().filter(|h| h.side == "Posse").count(), 2);
    assert_eq!(level.heroes.iter().filter(|h| h.side == "Gang").count(), 2);
    // A hero on the wall is a problem that names the hex; moved off, it is gone.
    press(&mut app, Act::Tool(Tool::Select));
    click_hex(&mut app, (2, 4));
    app.insert_resource(Hover(Some((5, 2))));
    app.update();
    MouseButton::Right.press(app.world_mut());
    app.update();
    MouseButton::Right.release(app.world_mut());
    app.update();
    let problem = state(&app).problems.iter().find(|p| !p.warning).cloned();
    assert_eq!(
        problem.as_ref().and_then(|p| p.at),
        Some((5, 2)),
        "{problem:?}"
    );
    press(&mut app, Act::Undo);
    assert!(state(&app).ready(), "{:?}", state(&app).problems);
    // A timer: the posse wins at sundown.
    press(&mut app, Act::Page(tarnation::app::editor::Page::Sides));
    press(&mut app, Act::TimerAdd);
    assert!(matches!(
        state(&app).level().victory.last(),
        Some(Victory::Timer { rounds: 6, winner, .. }) if winner == "Posse"
    ));
    optional_rules(&mut app);
    objective_work(&mut app);
    counters_and_items(&mut app);
    // Saved where the test says; the file is a level `levels check` accepts.
    let dir = super::saves::scratch("editor");
    let path = dir.join("street_fight.ron");
    app.world_mut().resource_mut::<EditorState>().path = Some(path.clone());
    press(&mut app, Act::Save);
    let gear = tarnation::data::gear::load(
        &tarnation::data::paths::find(tarnation::data::gear::GEAR_PATH).unwrap(),
    )
    .unwrap();
    let saved = tarnation::data::level::load(&path, &gear).unwrap();
    assert_eq!(&saved, state(&app).level());
    // Play it: a match of this level, then back to the editor with the level as it was.
    press(&mut app, Act::Play);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    let heroes = {
        let mut q = app.world_mut().query::<&Hero>();
        q.iter(app.world()).count()
    };
    assert_eq!(heroes, 4);
    assert!(app.world().contains_resource::<Battle>());
    // Nothing the editor drew stays over the battle's map.
    assert_eq!(
        super::count::<tarnation::app::editor::draw::Drawn>(&mut app),
        0
    );
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Editor);
    assert_eq!(state(&app).level(), &saved);
    app.update();
    assert!(super::count::<tarnation::app::editor::draw::Drawn>(&mut app) > 160);
    let _ = std::fs::remove_dir_all(&dir);
}
