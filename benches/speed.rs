//! `cargo bench`: the speed of the headless match and of what it spends its time on. One match
//! of each level (every side by the computer, the rules checked, as `tarnation balance` plays
//! it), the exact odds of a shot and of the slowest checks a hero can make, the move search
//! on a 64 x 64 map, and one frame of the bench level against one of an empty app.

use divan::{Bencher, black_box};
use std::path::Path;
use tarnation::data::{deck_file, gear, level};
use tarnation::rules::card::Card;
use tarnation::rules::die::{Die, Pool};
use tarnation::rules::hexmap::{HexMap, Tile, hex_at};
use tarnation::rules::movement::Gait;
use tarnation::rules::terrain::Terrain;

/// The game's own allocator (src/main.rs), so the figures are the game's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const LEVELS: &[&str] = &[
    "street_duel",
    "gulch_chase",
    "mine_raid",
    "saloon_brawl",
    "bench_6v6",
];

fn load(name: &str) -> (level::Level, gear::Gear, Vec<Card>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = gear::load(&root.join(gear::GEAR_PATH)).expect("the gear file");
    let level = level::load(&root.join(format!("levels/{name}.ron")), &gear).expect("the level");
    let cards = deck_file::load_match_deck().expect("the deck");
    (level, gear, cards)
}

/// One match, seeds taken in turn (the figure is a mean over different matches).
#[divan::bench(args = LEVELS, sample_count = 40, sample_size = 1)]
fn one_match(bencher: Bencher, name: &str) {
    let (level, gear, cards) = load(name);
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        tarnation::sim::run::play_checked(&level, &gear, seed, &cards, 10).expect("a match")
    });
}

/// The odds of a hero's shot (3d10 against TN 11) and of the slow cases of the search over
/// every order of the cards (5d4 against TN 13 to 30).
#[divan::bench(args = [(3, 10, 11), (5, 4, 13), (5, 4, 17), (5, 4, 20), (5, 4, 25), (5, 4, 30)])]
fn exact_odds(bencher: Bencher, (rows, die, tn): (u32, u32, u32)) {
    let cards = deck_file::load_match_deck().expect("the deck");
    let pool = Pool::new(rows, Die::from_sides(die).expect("a die")).expect("a pool");
    bencher.bench_local(|| {
        tarnation::rules::odds::success_chance(black_box(&cards), pool, black_box(tn), 0, true)
    });
}

/// The same odds by walking every order of the cards one by one (the search before states
/// were shared), on the cases it settles quickly.
#[divan::bench(args = [(3, 10, 11), (5, 4, 13), (5, 4, 17)], sample_count = 10)]
fn exact_odds_by_every_order(bencher: Bencher, (rows, die, tn): (u32, u32, u32)) {
    let cards = deck_file::load_match_deck().expect("the deck");
    let pool = Pool::new(rows, Die::from_sides(die).expect("a die")).expect("a pool");
    bencher.bench_local(|| {
        tarnation::rules::odds::enumerate(black_box(&cards), pool, black_box(tn), 0, true)
    });
}

/// A 64 x 64 map of open ground, rough ground, grades, water and walls.
fn big_map() -> HexMap {
    let n = 64u32;
    let tiles = (0..n * n)
        .map(|i| {
            let (c, r) = (i % n, i / n);
            let terrain = match (c * 7 + r * 13) % 23 {
                0 | 1 => Terrain::Wall,
                2 | 3 => Terrain::Rough,
                4 => Terrain::GentleGrade,
                5 => Terrain::Water,
                _ => Terrain::Open,
            };
            Tile {
                terrain,
                height: ((c / 8 + r / 8) % 3) as i32,
            }
        })
        .collect();
    HexMap::new(n, n, tiles)
}

/// The move search from the middle of a 64 x 64 map: with 8 AP (a round's walk) and with no
/// limit (every hex of the map, as pricing a move asks).
#[divan::bench(args = [8, 100_000])]
fn move_search(bencher: Bencher, ap: u32) {
    let map = big_map();
    let occupied = [hex_at(33, 32), hex_at(30, 31), hex_at(40, 40)];
    bencher.bench_local(|| {
        map.search(hex_at(32, 32), 0, Gait::Walk, (4, 8), black_box(ap), |h| {
            occupied.contains(&h)
        })
    });
}

/// One `app.update()` of the bench level (the first: the initiative step and the first round,
/// every side by the computer) against one of an app with nothing but `MinimalPlugins`.
#[divan::bench]
fn frame_of_the_bench_level(bencher: Bencher) {
    let (mut level, gear, cards) = load("bench_6v6");
    for side in &mut level.sides {
        side.control = tarnation::data::level::Control::Computer;
    }
    let mut seed = 0;
    bencher
        .with_inputs(|| {
            seed += 1;
            tarnation::sim::run::headless_app(level.clone(), gear.clone(), seed, cards.clone())
        })
        .bench_local_refs(|app| app.update());
}

#[divan::bench]
fn frame_of_an_empty_app(bencher: Bencher) {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.update();
    bencher.bench_local(|| app.update());
}

/// One declaration of the computer at each level of play (issue 22), on the bench level: the
/// first declaration of the match that is a shot (every earlier one made as the computer chose
/// it), asked again and again (its odds memo warm, as it is after the first declarations of a
/// match). The sides are human seats here, so the match halts at each declaration.
#[divan::bench(args = ["easy", "normal", "hard"])]
fn one_declaration(bencher: Bencher, ai: &str) {
    use tarnation::data::level::{AiLevel, Control};
    use tarnation::sim::{Action, Intent};
    let (mut level, gear, cards) = load("bench_6v6");
    for side in &mut level.sides {
        side.control = Control::Human;
        side.ai = AiLevel::from_key(ai);
    }
    let mut app = tarnation::sim::run::headless_app(level, gear, 1, cards);
    let mut shooter = None;
    for _ in 0..3000 {
        app.update();
        let world = app.world_mut();
        if let Some(waiting) = tarnation::sim::query::waiting_choice(world) {
            let id = tarnation::sim::query::hero_id(world, waiting);
            let answer = tarnation::sim::ai::answer_choice(world, id);
            world.write_message(answer);
            continue;
        }
        let Some(hero) = tarnation::sim::round::declarer(world) else {
            continue;
        };
        let decision = tarnation::sim::ai::player(world, hero);
        if matches!(decision.intent, Intent::Declare(Action::Shoot { .. })) {
            shooter = Some(hero);
            break;
        }
        world.write_message(decision.intent);
    }
    let hero = shooter.expect("a hero shoots");
    bencher.bench_local(|| tarnation::sim::ai::player(app.world_mut(), black_box(hero)));
}
