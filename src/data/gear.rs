//! `assets/gear.ron`: weapons and gear, referenced by name from level files.

use super::{DataError, parse_ron, read};
use crate::rules::die::Pool;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub const GEAR_PATH: &str = "assets/gear.ron";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponKind {
    Pistol,
    Rifle,
    Shotgun,
    Gatling,
    Thrown,
    Melee,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub kind: WeaponKind,
    /// The skill that fires or wields it.
    pub skill: String,
    /// Damage quality, written like "(3)6".
    pub damage: String,
    /// Penetration.
    pub pen: u32,
    /// Paces per range increment (0 for melee).
    pub range_increment: u32,
    /// Equipment reliability: a wrench number below it is a failure.
    pub reliability: u32,
    /// Rounds loaded when full (0 for melee and thrown).
    pub rounds: u32,
    /// Burst values it can fire (empty for single shots).
    #[serde(default)]
    pub burst: Vec<u32>,
    /// Deadly damage: wounds by multiples of Size.
    pub deadly: bool,
    /// Needs cocking before each shot.
    #[serde(default)]
    pub cocked: bool,
    /// Size: readying costs 2 AP up to size 5, +1 per size above.
    pub size: u32,
    /// Reduced damage (RD) on an ablating hit, like "(3)4": the DMG rows, a column to the
    /// left or more. Default: DMG one column to the left.
    #[serde(default)]
    pub rd: Option<String>,
    /// AP of a snap shot, and its penalty (SP).
    #[serde(default)]
    pub snap_ap: u32,
    #[serde(default)]
    pub snap_penalty: u32,
    /// AP of a normal shot.
    #[serde(default)]
    pub normal_ap: u32,
    /// AP of each aim action (up to two after a normal shot).
    #[serde(default)]
    pub aim_ap: u32,
    /// Accurate(n): +n when aimed.
    #[serde(default)]
    pub accurate: u32,
    /// A double action revolver: fires uncocked at -1, or cocked with the single-action trait.
    #[serde(default)]
    pub double_action: bool,
    /// Needs both hands ("Two handed ranged weapons").
    #[serde(default)]
    pub two_handed: bool,
    /// Shotgun scatter: a stray shot always, one more per range band beyond the first.
    #[serde(default)]
    pub scatter: bool,
    /// Explodes where it lands: every figure within this many paces is hit (dynamite).
    #[serde(default)]
    pub blast: u32,
    /// Its advantage value in hand-to-hand combat ("the advantage value of any weapon").
    #[serde(default)]
    pub advantage: i32,
    /// Reach in hand to hand, for the optional weapon-length rule (fists 0, a knife 1).
    #[serde(default)]
    pub length: u32,
    /// Bonus or penalty on the initiative stack while in hand ("bonuses or penalties from gear").
    #[serde(default)]
    pub initiative: i32,
    /// An improvised weapon (a chair, a broken bottle): fists plus its damage.
    #[serde(default)]
    pub improvised: Option<crate::rules::melee::Improvised>,
}

impl Weapon {
    /// A weapon that shoots or is thrown (it has a shot cost).
    pub fn is_ranged(&self) -> bool {
        self.kind != WeaponKind::Melee && self.normal_ap > 0
    }

    /// RD as a pool: the `rd` field, or DMG one column to the left (the 4 column stays).
    pub fn rd_pool(&self) -> Result<Pool, String> {
        let dmg = self.damage_pool()?;
        match &self.rd {
            Some(rd) => rd.parse::<Pool>().map_err(|e| e.to_string()),
            None => Ok(Pool {
                rows: dmg.rows,
                die: dmg.die.shifted(-1).unwrap_or(dmg.die),
            }),
        }
    }

    /// The AP to cock it, if it needs cocking.
    /// A double action revolver "can also be cocked, like single action revolvers".
    pub fn cock_ap(&self) -> Option<u32> {
        (self.cocked || self.double_action).then_some(crate::rules::weapons::COCK_AP)
    }

    /// Cocked before each shot: single action guns (a double action one may be, not must).
    pub fn needs_cocking(&self) -> bool {
        self.cocked && !self.double_action
    }

    /// Bare hands, when the gear file has no "Fists".
    pub fn fists() -> Weapon {
        Weapon {
            name: "Fists".into(),
            kind: WeaponKind::Melee,
            skill: "Brawling".into(),
            damage: "(1)6".into(),
            pen: 0,
            range_increment: 0,
            reliability: 1,
            rounds: 0,
            burst: vec![],
            deadly: false,
            cocked: false,
            size: 0,
            rd: None,
            snap_ap: 0,
            snap_penalty: 0,
            normal_ap: 0,
            aim_ap: 0,
            accurate: 0,
            double_action: false,
            two_handed: false,
            scatter: false,
            blast: 0,
            advantage: 0,
            length: 0,
            initiative: 0,
            improvised: None,
        }
    }

    pub fn damage_pool(&self) -> Result<Pool, String> {
        self.damage.parse::<Pool>().map_err(|e| e.to_string())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gear {
    pub weapons: Vec<Weapon>,
}

impl Gear {
    /// Bare hands: the gear's "Fists", or the default.
    pub fn fists(&self) -> Weapon {
        self.weapon("Fists").cloned().unwrap_or_else(Weapon::fists)
    }

    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }
}

pub fn parse(path: &Path, text: &str) -> Result<Gear, DataError> {
    let gear: Gear = parse_ron(path, text)?;
    check(path, text, gear)
}

/// What `parse` checks once the file is read: every weapon's cards (DMG, RD), a ranged
/// weapon's AP, no weapon twice. `text` is the file the gear came from (a gear file, or a
/// match file that carries it), for the line of an error.
pub fn check(path: &Path, text: &str, gear: Gear) -> Result<Gear, DataError> {
    for w in &gear.weapons {
        if let Err(message) = w.damage_pool() {
            return Err(super::located(
                path,
                text,
                &w.damage,
                format!("weapon '{}': {message}", w.name),
            ));
        }
        match (w.rd_pool(), w.damage_pool()) {
            (Err(message), _) => {
                let at = w.rd.clone().unwrap_or_default();
                return Err(super::located(
                    path,
                    text,
                    &at,
                    format!("weapon '{}': RD {message}", w.name),
                ));
            }
            (Ok(rd), Ok(dmg)) if rd.rows != dmg.rows || rd.die > dmg.die => {
                let at = w.rd.clone().unwrap_or_default();
                return Err(super::located(
                    path,
                    text,
                    &at,
                    format!(
                        "weapon '{}': RD {rd} must have DMG's rows and a column no further right than {dmg}",
                        w.name
                    ),
                ));
            }
            _ => {}
        }
        if w.kind != WeaponKind::Melee && (w.normal_ap == 0 || w.snap_ap == 0) {
            return Err(super::located(
                path,
                text,
                &w.name,
                format!(
                    "weapon '{}': a ranged weapon needs snap_ap and normal_ap",
                    w.name
                ),
            ));
        }
        if gear.weapons.iter().filter(|o| o.name == w.name).count() > 1 {
            return Err(super::located(
                path,
                text,
                &w.name,
                format!("weapon '{}' is listed twice", w.name),
            ));
        }
    }
    Ok(gear)
}

pub fn load(path: &Path) -> Result<Gear, DataError> {
    parse(path, &read(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gear_file_loads_with_the_weapons_the_text_names() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/gear.ron"));
        let gear = load(path).unwrap();
        // "her Peacemaker ... (3)6"; "The Sharps is Penetration 4 ... (5)8"; Schofield range 10.
        assert_eq!(gear.weapon("Peacemaker").unwrap().damage, "(3)6");
        let sharps = gear.weapon("Sharps rifle").unwrap();
        assert_eq!(
            (sharps.pen, sharps.damage.as_str(), sharps.deadly),
            (4, "(5)8", true)
        );
        assert_eq!(gear.weapon(".44 Schofield").unwrap().range_increment, 10);
        // Every weapon the issue names is there, with its weapon card.
        for name in [
            "Peacemaker",
            ".44 Schofield",
            "Colt Lightning",
            "Sharps rifle",
            "Winchester",
            "Henry rifle",
            "Double-barrel shotgun",
            "Hammerless shotgun",
            "Gatling gun",
            "Throwing knife",
            "Dynamite",
        ] {
            let w = gear.weapon(name).unwrap();
            assert!(w.is_ranged() && w.snap_ap > 0 && w.normal_ap > 0, "{name}");
        }
        assert_eq!(
            (
                sharps.snap_ap,
                sharps.snap_penalty,
                sharps.normal_ap,
                sharps.aim_ap,
                sharps.accurate
            ),
            (3, 3, 7, 4, 2)
        );
        assert_eq!(
            gear.weapon("Peacemaker")
                .unwrap()
                .rd_pool()
                .unwrap()
                .to_string(),
            "3d4"
        );
        assert!(gear.weapon("Colt Lightning").unwrap().cock_ap().is_some());
        assert!(
            gear.weapon("Hammerless shotgun")
                .unwrap()
                .cock_ap()
                .is_none()
        );
    }

    #[test]
    fn a_bad_damage_is_located() {
        let text = "Gear(weapons: [\n  Weapon(name: \"Pop\", kind: Pistol, skill: \"Shooting: Pistol\",\n    damage: \"(9)6\", pen: 1, range_increment: 5, reliability: 3, rounds: 6, deadly: true, size: 4),\n])";
        let err = parse(Path::new("g.ron"), text).unwrap_err().to_string();
        assert!(err.starts_with("g.ron:3:"), "{err}");
        assert!(err.contains("1 to 5 rows"), "{err}");
    }
}
