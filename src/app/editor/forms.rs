//! The forms of the editor's panel: the selected hero's numbers, traits, skills and weapons;
//! a cover object's and a horse's; the sides, victory conditions and rules. Each button is an
//! edit of the level through the history.

use super::EditorState;
use super::act::{Act, step};
use crate::data::level::{
    Control, CoverDef, HeroDef, Level, MountDef, ObjectiveTask, SideDef, TraitDef, Victory,
};
use crate::editor::{self as ed, Edit, Slot, Thing};
use crate::rules::card::Location;
use crate::rules::die::Die;
use crate::rules::terrain::Material;

/// The traits a hero's form offers (those the rules read, and the shipped heroes' others).
pub const TRAITS: [&str; 7] = [
    "Coordination",
    "Strength",
    "Quickness",
    "Fortitude",
    "Essence",
    "Knowledge",
    "Acuity",
];

/// A hero's numbers in the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    Ap,
    Quickness,
    Initiative,
    Move,
    Run,
    Size,
    Db,
    Will,
}

impl Number {
    pub const ALL: [Number; 8] = [
        Number::Ap,
        Number::Quickness,
        Number::Initiative,
        Number::Move,
        Number::Run,
        Number::Size,
        Number::Db,
        Number::Will,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Number::Ap => "ap",
            Number::Quickness => "quickness",
            Number::Initiative => "initiative",
            Number::Move => "move",
            Number::Run => "run",
            Number::Size => "size",
            Number::Db => "db",
            Number::Will => "will",
        }
    }

    pub fn get(self, h: &HeroDef) -> i64 {
        match self {
            Number::Ap => h.ap as i64,
            Number::Quickness => h.quickness as i64,
            Number::Initiative => h.initiative as i64,
            Number::Move => h.move_paces as i64,
            Number::Run => h.run as i64,
            Number::Size => h.size as i64,
            Number::Db => h.db as i64,
            Number::Will => h.will as i64,
        }
    }

    fn set(self, h: &mut HeroDef, v: i64) {
        let range = crate::data::level::HERO_RANGES
            .iter()
            .find(|(n, _)| *n == self.name())
            .map(|(_, r)| r.clone())
            .unwrap_or(0..=20);
        let v = v.clamp(*range.start(), *range.end());
        match self {
            Number::Ap => h.ap = v as u32,
            Number::Quickness => h.quickness = v as u32,
            Number::Initiative => h.initiative = v as u32,
            Number::Move => h.move_paces = v as u32,
            Number::Run => h.run = v as u32,
            Number::Size => h.size = v as u32,
            Number::Db => h.db = v as i32,
            Number::Will => h.will = v as u32,
        }
    }
}

/// The locations a cover object covers, as the presets a Judge picks from.
pub const COVERS: [(&str, &[Location]); 5] = [
    ("legs", &[Location::LeftLeg, Location::RightLeg]),
    (
        "belly and legs",
        &[Location::Belly, Location::LeftLeg, Location::RightLeg],
    ),
    (
        "left side (a corner)",
        &[Location::LeftArm, Location::LeftLeg, Location::Chest],
    ),
    (
        "all but the head",
        &[
            Location::Chest,
            Location::Belly,
            Location::LeftArm,
            Location::RightArm,
            Location::LeftLeg,
            Location::RightLeg,
        ],
    ),
    (
        "the whole figure",
        &[
            Location::Head,
            Location::Chest,
            Location::Belly,
            Location::LeftArm,
            Location::RightArm,
            Location::LeftLeg,
            Location::RightLeg,
        ],
    ),
];

/// The skills a hero may be given: those the rules and the gear read.
pub fn skill_names(state: &EditorState) -> Vec<String> {
    let mut names: Vec<String> = crate::data::level::RULE_SKILLS
        .iter()
        .map(|s| s.to_string())
        .collect();
    for w in &state.gear.weapons {
        if !names.contains(&w.skill) {
            names.push(w.skill.clone());
        }
    }
    for s in ["Stealth", "Lockpicking", "Riding", "Streetwise", "Gambling"] {
        names.push(s.into());
    }
    names
}

/// Change element `i` of one of the level's lists, as one edit.
pub(super) fn set_at<T: Clone>(
    state: &mut EditorState,
    i: usize,
    (list, wrap): (fn(&Level) -> &Vec<T>, fn(Slot<T>) -> Edit),
    change: impl FnOnce(&mut T),
) {
    if let Some(x) = list(state.level()).get(i) {
        let mut x = x.clone();
        change(&mut x);
        state.apply(wrap(Slot::Set(i, x)));
    }
}

fn hero_change(state: &mut EditorState, change: impl FnOnce(&mut HeroDef)) {
    if let Some(Thing::Hero(i)) = state.selected {
        set_at(state, i, (|l| &l.heroes, Edit::Hero), change);
    }
}

fn cover_change(state: &mut EditorState, change: impl FnOnce(&mut CoverDef)) {
    if let Some(Thing::Cover(i)) = state.selected {
        set_at(state, i, (|l| &l.cover, Edit::Cover), change);
    }
}

fn mount_change(state: &mut EditorState, change: impl FnOnce(&mut MountDef)) {
    if let Some(Thing::Mount(i)) = state.selected {
        set_at(state, i, (|l| &l.mounts, Edit::Mount), change);
    }
}

fn side_change(state: &mut EditorState, i: usize, change: impl FnOnce(&mut SideDef)) {
    set_at(state, i, (|l| &l.sides, Edit::Side), change);
}

fn victory_change(state: &mut EditorState, i: usize, change: impl FnOnce(&mut Victory)) {
    set_at(state, i, (|l| &l.victory, Edit::Victory), change);
}

const SIDE_COLOURS: [(f32, f32, f32); 6] = [
    (0.25, 0.45, 0.9),
    (0.85, 0.25, 0.2),
    (0.3, 0.7, 0.3),
    (0.85, 0.7, 0.2),
    (0.6, 0.35, 0.8),
    (0.9, 0.9, 0.9),
];

/// The buttons of the forms: the selected figure, the sides, victory and rules.
pub(super) fn form_act(state: &mut EditorState, act: &Act) {
    let sides: Vec<String> = state.level().sides.iter().map(|s| s.name.clone()).collect();
    match act {
        Act::HeroNumber(n, d) => hero_change(state, |h| n.set(h, n.get(h) + *d as i64)),
        Act::TraitRank(name, d) => hero_change(state, |h| {
            let t = h.traits.get(*name).copied();
            let rank = t.map_or(0, |t| t.rank()) as i32 + d;
            let die = t.map_or(Die::D6, |t| t.die());
            if rank <= 0 {
                h.traits.remove(*name);
            } else {
                let rank = rank.min(crate::data::level::MAX_RANK as i32) as u32;
                h.traits
                    .insert(name.to_string(), TraitDef::Ranked(rank, die));
            }
        }),
        Act::TraitDie(name, d) => hero_change(state, |h| {
            let t = h
                .traits
                .get(*name)
                .copied()
                .unwrap_or(TraitDef::Ranked(1, Die::D6));
            let i = Die::ALL.iter().position(|x| *x == t.die()).unwrap_or(1);
            let die = Die::ALL[(i as i32 + d).clamp(0, 4) as usize];
            h.traits
                .insert(name.to_string(), TraitDef::Ranked(t.rank(), die));
        }),
        Act::Skill(name, d) => hero_change(state, |h| {
            let level = h.skills.get(name).copied().unwrap_or(0) as i32 + d;
            if level <= 0 {
                h.skills.remove(name);
            } else {
                h.skills.insert(name.clone(), level.min(5) as u32);
            }
        }),
        Act::SkillPick(d) => {
            state.skill_pick = step(state.skill_pick, *d, skill_names(state).len())
        }
        Act::SkillAdd => {
            let name = skill_names(state)[state.skill_pick].clone();
            hero_change(state, |h| {
                h.skills.entry(name).or_insert(1);
            });
        }
        Act::WeaponRemove(i) => hero_change(state, |h| {
            if *i < h.weapons.len() {
                let gone = h.weapons.remove(*i);
                if h.holster.as_ref() == Some(&gone) {
                    h.holster = None;
                }
            }
        }),
        Act::WeaponPick(d) => {
            state.weapon_pick = step(state.weapon_pick, *d, state.gear.weapons.len())
        }
        Act::WeaponAdd => {
            if let Some(w) = state.gear.weapons.get(state.weapon_pick) {
                let name = w.name.clone();
                hero_change(state, |h| h.weapons.push(name));
            }
        }
        Act::Holster => hero_change(state, |h| {
            h.holster = match h.holster {
                Some(_) => None,
                None => h.weapons.first().cloned(),
            }
        }),
        Act::FullyLoaded => hero_change(state, |h| h.fully_loaded = !h.fully_loaded),
        Act::Cocked => hero_change(state, |h| h.cocked = !h.cocked),
        Act::Portrait(d) => hero_change(state, |h| {
            let all = crate::data::portraits::PORTRAITS;
            let now = crate::data::portraits::of_hero(h.portrait.as_deref(), &h.weapons);
            let i = all.iter().position(|p| *p == now).unwrap_or(0);
            h.portrait = Some(all[step(i, *d, all.len())].to_string());
        }),
        Act::HeroSide(d) => hero_change(state, |h| {
            let i = sides.iter().position(|s| *s == h.side).unwrap_or(0);
            h.side = sides[step(i, *d, sides.len())].clone();
        }),
        _ => thing_act(state, act, &sides),
    }
}

/// The Sides page: sides, victory, rules.
fn sides_act(state: &mut EditorState, act: &Act, sides: &[String]) {
    match act {
        Act::SideControl(i) => side_change(state, *i, |s| {
            s.control = match s.control {
                Control::Human => Control::Computer,
                Control::Computer => Control::Human,
            }
        }),
        Act::SideAi(i) => side_change(state, *i, |s| {
            let all = crate::data::level::AiLevel::ALL;
            let now = all.iter().position(|a| Some(*a) == s.ai).unwrap_or(1);
            s.ai = Some(all[step(now, 1, all.len())]);
        }),
        Act::SideColour(i) => side_change(state, *i, |s| {
            let now = SIDE_COLOURS.iter().position(|c| *c == s.color).unwrap_or(0);
            s.color = SIDE_COLOURS[step(now, 1, SIDE_COLOURS.len())];
        }),
        Act::SideRemove(i) => {
            let name = sides.get(*i).cloned().unwrap_or_default();
            if state.level().heroes.iter().any(|h| h.side == name) {
                state.message = format!("{name} still has heroes: delete or move them first");
            } else {
                state.apply(Edit::Side(Slot::Remove(*i)));
            }
        }
        Act::SideAdd => {
            let n = sides.len();
            let side = SideDef {
                name: ed::fresh_name("Side", sides.iter().map(String::as_str)),
                color: SIDE_COLOURS[n % SIDE_COLOURS.len()],
                control: Control::Computer,
                ai: None,
            };
            state.apply(Edit::Side(Slot::Add(n, side)));
        }
        Act::LastStanding
        | Act::TimerAdd
        | Act::ObjectiveAdd
        | Act::VictoryCount(..)
        | Act::VictoryWinner(_)
        | Act::VictoryRemove(_)
        | Act::TaskSkill(_)
        | Act::TaskTrait(_)
        | Act::TaskTn(..)
        | Act::TaskFull(_) => victory_act(state, act, sides),
        Act::CounterRemove(_)
        | Act::CounterAdd
        | Act::CounterKind(_)
        | Act::CounterSlots(..)
        | Act::CounterFeed(_)
        | Act::CounterFull(_)
        | Act::ItemAdd => super::counters::counter_act(state, act),
        Act::Resolution
        | Act::WeaponLength
        | Act::Rushing
        | Act::TotalMovement
        | Act::Exceptional
        | Act::IncreasedEffect
        | Act::Threshold
        | Act::CardUse
        | Act::Blindfold => super::rules_form::rules_act(state, act),
        Act::Problem(i) => {
            if let Some(p) = state.problems.get(*i) {
                state.look_at = p.at;
                state.cell = p.at;
                state.selected =
                    p.at.and_then(|c| ed::things_at(state.level(), c).first().copied());
            }
        }
        _ => {}
    }
}

/// The buttons of a cover object's and a horse's forms.
fn thing_act(state: &mut EditorState, act: &Act, sides: &[String]) {
    match act {
        Act::CoverMaterial(d) => cover_change(state, |c| {
            let i = Material::ALL
                .iter()
                .position(|m| *m == c.material)
                .unwrap_or(0);
            c.material = Material::ALL[step(i, *d, Material::ALL.len())];
        }),
        Act::CoverCovers(d) => cover_change(state, |c| {
            let i = COVERS
                .iter()
                .position(|(_, l)| *l == c.covers.as_slice())
                .unwrap_or(0);
            c.covers = COVERS[step(i, *d, COVERS.len())].1.to_vec();
        }),
        Act::CoverFrom(side) => cover_change(state, |c| {
            if let Some(i) = c.from.iter().position(|s| s == side) {
                c.from.remove(i);
            } else {
                c.from.push(*side);
                c.from.sort();
            }
        }),
        Act::MountNumber(speed, d) => mount_change(state, |m| {
            if *speed {
                m.speed = (m.speed as i32 + d).clamp(1, 40) as u32;
            } else {
                m.quickness = (m.quickness as i32 + d).clamp(1, 20) as u32;
            }
        }),
        Act::MountRider(d) => {
            let heroes: Vec<String> = state
                .level()
                .heroes
                .iter()
                .map(|h| h.name.clone())
                .collect();
            mount_change(state, |m| {
                // None, then each hero in turn.
                let i = m
                    .rider
                    .as_ref()
                    .and_then(|r| heroes.iter().position(|h| h == r))
                    .map_or(0, |i| i + 1);
                let j = step(i, *d, heroes.len() + 1);
                m.rider = (j > 0).then(|| heroes[j - 1].clone());
            });
        }
        _ => sides_act(state, act, sides),
    }
}

/// The victory conditions' buttons.
fn victory_act(state: &mut EditorState, act: &Act, sides: &[String]) {
    match act {
        Act::LastStanding => {
            let at = state
                .level()
                .victory
                .iter()
                .position(|v| *v == Victory::LastSideStanding);
            let edit = match at {
                Some(i) => Edit::Victory(Slot::Remove(i)),
                None => Edit::Victory(Slot::Add(0, Victory::LastSideStanding)),
            };
            state.apply(edit);
        }
        Act::TimerAdd => {
            let n = state.level().victory.len();
            let names = state.level().victory.iter().filter_map(victory_name);
            let timer = Victory::Timer {
                name: ed::fresh_name("Sundown", names),
                rounds: 6,
                winner: sides.first().cloned().unwrap_or_default(),
            };
            state.apply(Edit::Victory(Slot::Add(n, timer)));
        }
        Act::ObjectiveAdd => {
            let Some(at) = state.cell else {
                state.message =
                    "Pick the objective's hex first (Select, then click the hex)".into();
                return;
            };
            let n = state.level().victory.len();
            let names = state.level().victory.iter().filter_map(victory_name);
            let objective = Victory::Objective {
                name: ed::fresh_name("The safe", names),
                victories: 3,
                winner: sides.get(state.side).cloned().unwrap_or_default(),
                task: Some(ObjectiveTask {
                    at,
                    skill: "Lockpicking".into(),
                    trait_name: "Coordination".into(),
                    tn: 7,
                    quality: "(3)6".into(),
                    full_attention: false,
                    skill_required: false,
                }),
                rival: None,
            };
            state.apply(Edit::Victory(Slot::Add(n, objective)));
        }
        Act::VictoryCount(i, d) => victory_change(state, *i, |v| match v {
            Victory::Timer { rounds, .. } => *rounds = (*rounds as i32 + d).clamp(1, 10) as u32,
            Victory::Objective { victories, .. } => {
                *victories = (*victories as i32 + d).clamp(1, 10) as u32
            }
            Victory::LastSideStanding => {}
        }),
        Act::VictoryWinner(i) => victory_change(state, *i, |v| match v {
            Victory::Timer { winner, .. } | Victory::Objective { winner, .. } => {
                let now = sides.iter().position(|s| s == winner).unwrap_or(0);
                *winner = sides[step(now, 1, sides.len())].clone();
            }
            Victory::LastSideStanding => {}
        }),
        Act::VictoryRemove(i) => state.apply(Edit::Victory(Slot::Remove(*i))),
        Act::TaskSkill(i) => {
            let names = skill_names(state);
            task_change(state, *i, |t| {
                let now = names.iter().position(|n| *n == t.skill).unwrap_or(0);
                t.skill = names[step(now, 1, names.len())].clone();
            });
        }
        Act::TaskTrait(i) => task_change(state, *i, |t| {
            let now = TRAITS.iter().position(|n| *n == t.trait_name).unwrap_or(0);
            t.trait_name = TRAITS[step(now, 1, TRAITS.len())].to_string();
        }),
        Act::TaskTn(i, d) => {
            task_change(state, *i, |t| t.tn = (t.tn as i32 + d).clamp(1, 30) as u32)
        }
        Act::TaskFull(i) => task_change(state, *i, |t| t.full_attention = !t.full_attention),
        _ => {}
    }
}

/// Change the work of the objective at victory `i`.
fn task_change(state: &mut EditorState, i: usize, change: impl FnOnce(&mut ObjectiveTask)) {
    victory_change(state, i, |v| {
        if let Victory::Objective { task: Some(t), .. } = v {
            change(t);
        }
    });
}

fn victory_name(v: &Victory) -> Option<&str> {
    match v {
        Victory::Timer { name, .. } | Victory::Objective { name, .. } => Some(name.as_str()),
        Victory::LastSideStanding => None,
    }
}

/// A copy of the selected hero, cover or horse on the nearest free hex beside it.
pub(super) fn copy_selected(state: &mut EditorState) {
    let level = state.level();
    let Some(thing) = state.selected else { return };
    let from = match thing {
        Thing::Hero(i) => level.heroes[i].at,
        Thing::Mount(i) => level.mounts[i].at,
        Thing::Cover(i) => level.cover[i].at,
        Thing::Item(i) => level.items[i].at,
    };
    let free = crate::rules::hexmap::hex_at(from.0, from.1)
        .ring(1)
        .map(crate::rules::hexmap::offset_of)
        .find(|&c| {
            ed::on_map(level, c)
                && ed::things_at(level, c).is_empty()
                && ed::symbol_at(level, c) != '#'
        });
    let Some(at) = free else {
        state.message = "No free hex beside it for the copy".into();
        return;
    };
    let edit = match thing {
        Thing::Hero(i) => {
            let h = &level.heroes[i];
            let name = ed::fresh_name(&h.name, level.heroes.iter().map(|h| h.name.as_str()));
            Edit::Hero(Slot::Add(
                level.heroes.len(),
                HeroDef {
                    name,
                    at,
                    ..h.clone()
                },
            ))
        }
        Thing::Mount(i) => {
            let m = &level.mounts[i];
            let name = ed::fresh_name(&m.name, level.mounts.iter().map(|m| m.name.as_str()));
            let copy = MountDef {
                name,
                at,
                rider: None,
                ..m.clone()
            };
            Edit::Mount(Slot::Add(level.mounts.len(), copy))
        }
        Thing::Cover(i) => {
            let c = &level.cover[i];
            let name = ed::fresh_name(&c.name, level.cover.iter().map(|c| c.name.as_str()));
            Edit::Cover(Slot::Add(
                level.cover.len(),
                CoverDef {
                    name,
                    at,
                    ..c.clone()
                },
            ))
        }
        Thing::Item(_) => return,
    };
    let selected = match edit {
        Edit::Hero(_) => Thing::Hero(level.heroes.len()),
        Edit::Mount(_) => Thing::Mount(level.mounts.len()),
        _ => Thing::Cover(level.cover.len()),
    };
    state.apply(edit);
    state.selected = Some(selected);
}
