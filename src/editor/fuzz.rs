//! Random edits, for the property test of the editor and the soak of edited levels: what a
//! careless Judge might do to a level, one step at a time.

use super::*;
use crate::data::level::{Control, CoverDef, TraitDef};
use crate::rules::card::Location;
use crate::rules::die::Die;
use crate::rules::terrain::Material;

/// A plain gunman with a Peacemaker (the shipped gear's pistol).
pub fn gunman() -> HeroDef {
    HeroDef {
        name: "Gunman".into(),
        side: String::new(),
        at: (0, 0),
        facing: 0,
        traits: [
            ("Coordination".to_string(), TraitDef::Ranked(2, Die::D8)),
            ("Fortitude".to_string(), TraitDef::Ranked(2, Die::D6)),
            ("Quickness".to_string(), TraitDef::Ranked(2, Die::D6)),
        ]
        .into(),
        skills: [("Shooting: Pistol".to_string(), 2)].into(),
        quickness: 5,
        initiative: 5,
        ap: 7,
        move_paces: 4,
        run: 8,
        size: 6,
        db: 1,
        defense: 0,
        weapons: vec!["Peacemaker".into()],
        holster: None,
        fully_loaded: false,
        cocked: false,
        will: 1,
        arrives: None,
        portrait: None,
    }
}

/// One edit a careless Judge might make of the level as it is: `k` picks the kind, the rest
/// where and what (the property test and the soak of edited levels draw them).
pub fn random_edit(level: &Level, (k, a, b, c): (u8, u8, u8, u8)) -> Edit {
    let (w, h) = size(level);
    let at = ((a as usize % w) as i32, (b as usize % h) as i32);
    let symbols = ['.', ',', '/', '^', '~', '#', 'H', '=', '|'];
    match k % 12 {
        0 => paint(
            level,
            at,
            [1, 7, 19][c as usize % 3],
            symbols[c as usize % 9],
        ),
        1 => raise(level, at, [1, 7][c as usize % 2], c % 10),
        2 => fill(level, at, symbols[c as usize % 9]),
        3 => Edit::Resize {
            width: 1 + a as usize % 20,
            height: 1 + b as usize % 12,
        },
        4 => Edit::Hero(Slot::Add(
            level.heroes.len().min(c as usize),
            HeroDef {
                name: fresh_name("Hero", level.heroes.iter().map(|h| h.name.as_str())),
                side: level.sides[c as usize % level.sides.len()].name.clone(),
                at,
                ..gunman()
            },
        )),
        5 => match things_at(level, at).first() {
            Some(&t) => remove_thing(level, t),
            None => Edit::Name(format!("Fight {c}, \"quoted\", O'Hara\\'s \\ back")),
        },
        6 => match level.heroes.first() {
            Some(_) => move_thing(level, Thing::Hero(c as usize % level.heroes.len()), at),
            None => Edit::Description(format!("line one\nline {c}")),
        },
        7 => Edit::Cover(Slot::Add(
            0,
            CoverDef {
                name: format!("crate {a}"),
                at,
                material: [Material::Glass, Material::Adobe, Material::ThickIron][c as usize % 3],
                covers: vec![Location::Belly, Location::LeftLeg],
                from: vec![c % 6],
            },
        )),
        8 => rename_side(level, c as usize % level.sides.len(), &format!("Side {a}")),
        9 => Edit::Victory(Slot::Add(
            level.victory.len(),
            Victory::Timer {
                name: format!("Timer {a}"),
                rounds: 1 + c as u32 % 9,
                winner: level.sides[0].name.clone(),
            },
        )),
        10 => match things_at(level, at).first() {
            Some(&t) => turn_thing(level, t),
            None => Edit::Rules(Rules {
                resolution: Some(Resolution::DicePool),
                options: Some(LevelOptions {
                    rushing: true,
                    ..Default::default()
                }),
                weapon_length: c % 2 == 0,
                handoff_screen: Some(true),
            }),
        },
        _ => Edit::Side(Slot::Set(
            0,
            SideDef {
                control: [Control::Human, Control::Computer][c as usize % 2],
                color: (a as f32 / 255.0, 0.1, 0.7),
                ..level.sides[0].clone()
            },
        )),
    }
}
