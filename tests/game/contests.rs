//! Contests (decision 124): an objective contested by two sides, each working the same task
//! for its own victories, whoever completes it first winning; the rival named in the level.

use super::missing_rules::last;
use super::table::*;
use tarnation::rules::card::CauseCell;
use tarnation::rules::die::Die;

/// Cards on which `rows` of `die` succeed against TN 5 without an exceptional cell or a
/// calamity, and the (3)6 effect is `lo` to `hi` without increased effect.
fn work_cards(rows: u32, die: Die, lo: u32, hi: u32) -> Vec<u8> {
    cards()
        .iter()
        .filter(|c| {
            let cells: Vec<CauseCell> = (1..=rows).map(|r| c.cause(r, die)).collect();
            let plain = cells
                .iter()
                .all(|cell| matches!(cell, CauseCell::Value(v) if *v < die.sides()));
            let best = cells.iter().map(|c| c.value()).max().unwrap_or(0);
            let effect = c.effect(3, Die::D6);
            plain && best >= 5 && !effect.increased && (lo..=hi).contains(&effect.value)
        })
        .map(|c| c.number)
        .collect()
}

/// "contests (where two characters compete at a task)": the pot on the Longhorn's card table,
/// contested by the Perkins brothers. Cyril's victory counts for his side, Clem's two for his;
/// the Perkins complete it first and win, whatever the other side had.
#[test]
fn a_contested_objective_goes_to_the_first_to_complete_it() {
    use tarnation::data::level::{ObjectiveTask, Victory};
    let mut t = Table::new("saloon_brawl.ron", 2, |level| {
        level.heroes[1].at = (5, 2);
        level.heroes[3].at = (7, 2);
        level.heroes[3].skills.insert("Gambling".into(), 2);
        level.heroes[3]
            .traits
            .insert("Knowledge".into(), TraitDef::Ranked(2, Die::D8));
        level.victory.push(Victory::Objective {
            name: "The pot".into(),
            victories: 2,
            winner: "Hank and Cyril".into(),
            task: Some(ObjectiveTask {
                at: (6, 2),
                skill: "Gambling".into(),
                trait_name: "Knowledge".into(),
                tn: 5,
                quality: "(3)6".into(),
                full_attention: false,
                skill_required: false,
            }),
            rival: Some("Perkins brothers".into()),
        });
    });
    let (cyril, clem) = (t.hero("Cyril Wellington"), t.hero("Clem Perkins"));
    t.update();
    let work = |hero| Action::WorkObjective { hero, objective: 0 };
    // The computer would work it for the Perkins too.
    let c = t.e(clem);
    assert_eq!(
        tarnation::sim::ai::decide(t.app.world_mut(), c),
        Some(work(clem))
    );
    t.until_turn(cyril);
    t.stack_any(&work_cards(3, Die::D10, 6, 11));
    t.act(work(cyril));
    let e = last(&t, "skill", "Cyril Wellington");
    assert_eq!(e.fields["contest"], serde_json::json!([1, 0]));
    assert!(
        t.app
            .world()
            .get_resource::<tarnation::sim::model::BattleOver>()
            .is_none()
    );
    t.until_turn(clem);
    t.stack_any(&work_cards(2, Die::D8, 12, 17));
    t.act(work(clem));
    let e = last(&t, "skill", "Clem Perkins");
    assert_eq!(e.fields["contest"], serde_json::json!([1, 2]));
    assert_eq!(e.fields["complete"], true);
    t.update();
    let over = t
        .app
        .world()
        .get_resource::<tarnation::sim::model::BattleOver>()
        .expect("decided");
    assert_eq!(over.name, "Perkins brothers");
    assert!(over.why.contains("got there first"), "{}", over.why);
}

/// A rival is another side of the level, contesting a task: a bad one is refused where it is
/// written.
#[test]
fn a_contest_s_rival_is_another_side() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = tarnation::data::gear::load(&root.join("assets/gear.ron")).unwrap();
    let path = root.join("levels/mine_raid.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let with = |rival: &str| {
        text.replace(
            r#"winner: "Raiders","#,
            &format!(r#"winner: "Raiders", rival: Some("{rival}"),"#),
        )
    };
    assert!(tarnation::data::level::parse(&path, &with("Laroq hacienda"), &gear).is_ok());
    for bad in ["Raiders", "Pinkertons"] {
        let err = tarnation::data::level::parse(&path, &with(bad), &gear)
            .unwrap_err()
            .to_string();
        assert!(err.contains("mine_raid.ron:66:"), "{err}");
        assert!(err.contains("objective rival"), "{err}");
    }
}

/// Decision 8: an objective's Progress counter has one slot a victory and at most ten slots, so
/// an uncontested objective of more than ten victories is refused where it is written; a
/// contest counts its own victories and may need more.
#[test]
fn an_objective_of_more_than_ten_victories_is_refused_where_it_is_written() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let gear = tarnation::data::gear::load(&root.join("assets/gear.ron")).unwrap();
    let path = root.join("levels/mine_raid.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let twelve = text.replace("victories: 3,", "victories: 12,");
    assert_ne!(twelve, text);
    let err = tarnation::data::level::parse(&path, &twelve, &gear)
        .unwrap_err()
        .to_string();
    assert!(err.contains("mine_raid.ron:66:"), "{err}");
    assert!(err.contains("12 victories do not fit"), "{err}");
    let ten = text.replace("victories: 3,", "victories: 10,");
    assert!(tarnation::data::level::parse(&path, &ten, &gear).is_ok());
    let contested = twelve.replace(
        r#"winner: "Raiders","#,
        r#"winner: "Raiders", rival: Some("Laroq hacienda"),"#,
    );
    assert!(tarnation::data::level::parse(&path, &contested, &gear).is_ok());
}

/// Decision 140: an objective is worked by the side it wins for (and by a contest's rival,
/// above); a hero of another side is refused (a play-test's hacienda gunman was offered the
/// raiders' charges). A match file of version 10 or older replays as it was played.
#[test]
fn an_objective_is_worked_by_the_side_it_wins_for() {
    use tarnation::sim::actions::objectives::price;
    use tarnation::sim::model::HexPos;
    let mut t = Table::new("mine_raid.ron", 3, super::ranged_book::charges_at_hand);
    let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
    let (hank, dave) = (t.e(hank), t.e(dave));
    let at = tarnation::rules::hexmap::hex_at(2, 2);
    for e in [hank, dave] {
        t.app.world_mut().get_mut::<HexPos>(e).unwrap().0 = at;
    }
    assert!(price(t.app.world(), hank, 0).is_ok());
    let refused = price(t.app.world(), dave, 0).unwrap_err();
    assert_eq!(
        refused.reason,
        "'Set the charges' wins for Raiders, not for Dave Perkins's side: it is theirs to work"
    );
    // Far from the work too: told it is not its side's, not where to stand.
    let far = tarnation::rules::hexmap::hex_at(12, 8);
    t.app.world_mut().get_mut::<HexPos>(dave).unwrap().0 = far;
    let refused = price(t.app.world(), dave, 0).unwrap_err();
    assert!(refused.reason.contains("wins for Raiders"), "{refused}");
    t.app.world_mut().get_mut::<HexPos>(dave).unwrap().0 = at;
    tarnation::sim::journal::rules_of_version(t.app.world_mut(), 10);
    assert!(
        price(t.app.world(), dave, 0).is_ok(),
        "as version 10 played"
    );
}
