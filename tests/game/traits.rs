//! Traits have a rank and a die (issue 14): "Hank has a Strength of 2d10", "if Angus Laroq has
//! a 4d12 Strength", "Knowledge, where her training is a measly 1".

use super::table::*;
use tarnation::data::level::TraitDef;
use tarnation::rules::check::Skill;
use tarnation::rules::die::Die;
use tarnation::sim::deck::{skill_pool, trait_skill};
use tarnation::sim::model::Hero;

fn hero(t: &Table, name: &str) -> Hero {
    t.app
        .world()
        .get::<Hero>(t.e(t.hero(name)))
        .unwrap()
        .clone()
}

/// A trait test reads the trait's rank in rows: Hank's Strength of 2d10 is two rows of the
/// d10 column, Angus's 4d12 four of the d12.
#[test]
fn a_trait_test_reads_its_rank_in_rows() {
    let t = Table::new("mine_raid.ron", 1, |_| {});
    assert_eq!(
        trait_skill(&hero(&t, "Hank Daggett"), "Strength"),
        Skill::Skilled {
            level: 2,
            die: Die::D10
        }
    );
    assert_eq!(
        trait_skill(&hero(&t, "Angus Laroq"), "Strength"),
        Skill::Skilled {
            level: 4,
            die: Die::D12
        }
    );
}

/// "When attempting a task where the Hero lacks the appropriate skill, the leftmost column, 4,
/// is used. The row is equal to the rank of the associated Trait": Miranda's Demolitions reads
/// her measly Knowledge of 1; Cyril's, his Knowledge of 3.
#[test]
fn an_unskilled_check_reads_the_rank_of_its_trait() {
    let t = Table::new("street_duel.ron", 1, |_| {});
    assert_eq!(
        skill_pool(&hero(&t, "Miranda Valentine"), "Demolitions", "Knowledge"),
        Skill::Unskilled { trait_rank: 1 }
    );
    assert_eq!(
        skill_pool(&hero(&t, "Cyril Wellington"), "Demolitions", "Knowledge"),
        Skill::Unskilled { trait_rank: 3 }
    );
}

/// "All characters are limited to a number of attacks equal to their rank in the appropriate
/// skill, or their trait rank if attacking unskilled": an unskilled brawler of Strength 2 has
/// two attacks from one pool.
#[test]
fn an_unskilled_fighter_attacks_as_often_as_its_trait_rank() {
    let mut t = Table::new("saloon_brawl.ron", 3, |level| {
        let dave = &mut level.heroes[2];
        dave.skills.clear();
        dave.weapons = vec!["Fists".into()];
        dave.traits
            .insert("Strength".into(), TraitDef::Ranked(2, Die::D8));
        dave.at = (6, 4);
    });
    let dave = t.hero("Dave Perkins");
    let hank = t.hero("Hank Daggett");
    t.update();
    let plan = |t: &mut Table, times: u32| {
        let (d, h) = (t.e(dave), t.e(hank));
        tarnation::sim::actions::melee::plan(
            t.app.world_mut(),
            d,
            h,
            tarnation::rules::melee::AttackType::Quick,
            false,
            times,
        )
        .unwrap()
    };
    let p = plan(&mut t, 2);
    assert_eq!(p.volley.skill, Skill::Unskilled { trait_rank: 2 });
    assert_eq!(p.volley.limit, 2);
}

/// The initiative test is a Quickness test at its rank: Miranda's 2d8 reads two rows.
#[test]
fn the_initiative_test_reads_the_quickness_rank() {
    let mut t = Table::new("street_duel.ron", 2, |_| {});
    // A card whose d8 row 1 fails the Easy TN 3 and row 2 succeeds: with rank 2 the test
    // succeeds (a single row would fail).
    let card = cards()
        .into_iter()
        .find(|c| {
            use tarnation::rules::card::CauseCell::Value;
            matches!(c.cause(1, Die::D8), Value(v) if v < 3)
                && matches!(c.cause(2, Die::D8), Value(v) if (3..7).contains(&v))
        })
        .expect("such a card");
    t.stack(&[card.number]);
    t.update();
    let init = &t.events("initiative", "Miranda Valentine")[0];
    assert_eq!(init.fields["card"], card.number);
    assert_eq!(init.fields["success"], true, "{}", init.text);
}

/// Level files written before ranks still load: a bare die is rank 1; a rank outside 1..5 is
/// refused with the line of that hero.
#[test]
fn a_bare_die_is_rank_1_and_a_bad_rank_is_located() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = tarnation::data::gear::load(&root.join("assets/gear.ron")).unwrap();
    let text = std::fs::read_to_string(root.join("levels/street_duel.ron")).unwrap();
    let bare = text.replacen("\"Coordination\": (3, D10)", "\"Coordination\": D10", 1);
    assert_ne!(bare, text);
    let level =
        tarnation::data::level::parse(std::path::Path::new("bare.ron"), &bare, &gear).unwrap();
    let miranda = &level.heroes[0];
    assert_eq!(miranda.traits["Coordination"], TraitDef::Die(Die::D10));
    assert_eq!(miranda.traits["Coordination"].rank(), 1);
    let bad = text.replacen(
        "\"Coordination\": (3, D10)",
        "\"Coordination\": (7, D10)",
        1,
    );
    let err = tarnation::data::level::parse(std::path::Path::new("bad.ron"), &bad, &gear)
        .unwrap_err()
        .to_string();
    let line = text
        .lines()
        .position(|l| l.contains("\"Coordination\": (3, D10)"))
        .unwrap()
        + 1;
    assert!(err.starts_with(&format!("bad.ron:{line}:")), "{err}");
    assert!(
        err.contains("the Coordination rank is 1 to 5, not 7"),
        "{err}"
    );
}

/// A level error about a hero names the line of that hero's entry, not the first place its
/// name appears (Felicia is named in the street duel's description first).
#[test]
fn an_error_about_a_hero_names_its_own_line() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = tarnation::data::gear::load(&root.join("assets/gear.ron")).unwrap();
    let text = std::fs::read_to_string(root.join("levels/street_duel.ron")).unwrap();
    let moved = text.replacen(
        "(name: \"Felicia Laroq\", side: \"Laroq gang\", at: (12, 4),",
        "(name: \"Felicia Laroq\", side: \"Laroq gang\", at: (99, 4),",
        1,
    );
    assert_ne!(moved, text);
    let err = tarnation::data::level::parse(std::path::Path::new("duel.ron"), &moved, &gear)
        .unwrap_err()
        .to_string();
    let line = text
        .lines()
        .position(|l| l.contains("(name: \"Felicia Laroq\""))
        .unwrap()
        + 1;
    assert!(err.starts_with(&format!("duel.ron:{line}:")), "{err}");
    assert!(err.contains("off the map"), "{err}");
}
