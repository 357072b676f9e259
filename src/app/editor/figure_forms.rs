//! The forms of the selected figure in the editor's panel: a hero's, a cover object's and a
//! horse's.

use super::EditorState;
use super::act::Act;
use super::forms::{COVERS, Number, TRAITS, skill_names};
use super::panel::{TEXT, choice, field, heading, picker, row, small, stepper, text};
use super::typing::{Field, Typing};
use crate::app::layout::palette;
use crate::app::widgets::{Tip, label};
use bevy::prelude::*;

fn thing_buttons(p: &mut ChildSpawnerCommands) {
    p.spawn(row()).with_children(|r| {
        r.spawn((
            small("Turn (R)", Act::Turn),
            Tip("A hexside clockwise".into()),
        ));
        r.spawn((
            small("Copy", Act::Copy),
            Tip("A copy on a free hex beside it".into()),
        ));
        r.spawn((
            small("Delete", Act::Delete),
            Tip("Delete or Backspace".into()),
        ));
    });
}

pub(super) fn hero_form(
    p: &mut ChildSpawnerCommands,
    state: &EditorState,
    typing: &Typing,
    i: usize,
) {
    let h = &state.level().heroes[i];
    heading(p, &format!("Hero at ({}, {})", h.at.0, h.at.1));
    field(p, "Name", &h.name, Field::Hero(i), typing);
    picker(
        p,
        format!("Side: {}", h.side),
        Act::HeroSide(-1),
        Act::HeroSide(1),
    );
    thing_buttons(p);
    p.spawn(row()).with_children(|r| {
        for n in Number::ALL {
            stepper(
                r,
                format!("{} {}", n.name(), n.get(h)),
                Act::HeroNumber(n, -1),
                Act::HeroNumber(n, 1),
            );
        }
    });
    trait_rows(p, h);
    heading(p, "Skills");
    p.spawn(row()).with_children(|r| {
        for (s, level) in &h.skills {
            stepper(
                r,
                format!("{s} {level}"),
                Act::Skill(s.clone(), -1),
                Act::Skill(s.clone(), 1),
            );
        }
    });
    let names = skill_names(state);
    p.spawn(row()).with_children(|r| {
        picker(
            r,
            names[state.skill_pick.min(names.len() - 1)].clone(),
            Act::SkillPick(-1),
            Act::SkillPick(1),
        );
        r.spawn(small("Add skill", Act::SkillAdd));
    });
    kit_rows(p, state, h);
}

/// The hero's traits, each with its rank and die to step.
fn trait_rows(p: &mut ChildSpawnerCommands, h: &crate::data::level::HeroDef) {
    heading(p, "Traits: rank and die");
    p.spawn(row()).with_children(|r| {
        for t in TRAITS {
            let now = h.traits.get(t).map_or("-".to_string(), |d| {
                format!("{}{:?}", d.rank(), d.die()).to_lowercase()
            });
            r.spawn(row()).with_children(|c| {
                c.spawn(text(format!("{t} {now}")));
                c.spawn(small("-", Act::TraitRank(t, -1)));
                c.spawn(small("+", Act::TraitRank(t, 1)));
                c.spawn((
                    small("d-", Act::TraitDie(t, -1)),
                    Tip("A smaller die".into()),
                ));
                c.spawn((small("d+", Act::TraitDie(t, 1)), Tip("A bigger die".into())));
            });
        }
    });
}

/// The hero's weapons (to take away and add) and how it carries them: holster, six chambers,
/// cocked, and its token's icon.
fn kit_rows(p: &mut ChildSpawnerCommands, state: &EditorState, h: &crate::data::level::HeroDef) {
    heading(p, "Weapons (the first in hand)");
    p.spawn(row()).with_children(|r| {
        for (k, w) in h.weapons.iter().enumerate() {
            r.spawn((
                small(format!("{w} x"), Act::WeaponRemove(k)),
                Tip("Take it away".into()),
            ));
        }
    });
    if let Some(w) = state.gear.weapons.get(state.weapon_pick) {
        p.spawn(row()).with_children(|r| {
            picker(r, w.name.clone(), Act::WeaponPick(-1), Act::WeaponPick(1));
            r.spawn(small("Add weapon", Act::WeaponAdd));
        });
    }
    p.spawn(row()).with_children(|r| {
        let holster = h.holster.clone().unwrap_or_else(|| "none".into());
        choice(
            r,
            format!("Holster: {holster}"),
            Act::Holster,
            h.holster.is_some(),
            "The first weapon worn in a holster: drawn for 1 AP",
        );
        choice(
            r,
            "Six chambers",
            Act::FullyLoaded,
            h.fully_loaded,
            "Pistols carried fully loaded",
        );
        choice(
            r,
            "Cocked",
            Act::Cocked,
            h.cocked,
            "Stands ready: the first weapon starts in hand, cocked (a gun that cocks)",
        );
        let portrait = crate::data::portraits::of_hero(h.portrait.as_deref(), &h.weapons);
        picker(
            r,
            format!("Icon: {portrait}"),
            Act::Portrait(-1),
            Act::Portrait(1),
        );
    });
}

pub(super) fn cover_form(
    p: &mut ChildSpawnerCommands,
    state: &EditorState,
    typing: &Typing,
    i: usize,
) {
    let c = &state.level().cover[i];
    heading(p, &format!("Cover at ({}, {})", c.at.0, c.at.1));
    field(p, "Name", &c.name, Field::Cover(i), typing);
    thing_buttons(p);
    picker(
        p,
        format!(
            "Material: {} (AV {})",
            c.material.name(),
            c.material.armor_value()
        ),
        Act::CoverMaterial(-1),
        Act::CoverMaterial(1),
    );
    let covers = COVERS
        .iter()
        .find(|(_, l)| *l == c.covers.as_slice())
        .map_or_else(|| format!("{:?}", c.covers), |(n, _)| n.to_string());
    picker(
        p,
        format!("Covers: {covers}"),
        Act::CoverCovers(-1),
        Act::CoverCovers(1),
    );
    heading(p, "Covers from the hexsides");
    p.spawn(row()).with_children(|r| {
        for (s, name) in ["E", "NE", "NW", "W", "SW", "SE"].iter().enumerate() {
            let s = s as u8;
            let _ = name;
            choice(
                r,
                format!("{s} {}", hexside_name(s)),
                Act::CoverFrom(s),
                c.from.contains(&s),
                "A shot from this side meets the cover",
            );
        }
    });
}

/// The compass word of a hexside (0 east, counting as the level format counts).
fn hexside_name(side: u8) -> &'static str {
    let n = crate::rules::hexmap::hex_at(4, 4)
        .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[side as usize % 6]);
    let (c, r) = crate::rules::hexmap::offset_of(n);
    let v = super::draw::center((c, r)) - super::draw::center((4, 4));
    let a = v.y.atan2(v.x).to_degrees().rem_euclid(360.0);
    match a as i32 {
        0..=15 | 345..=360 => "east",
        16..=89 => "north-east",
        90..=164 => "north-west",
        165..=195 => "west",
        196..=269 => "south-west",
        _ => "south-east",
    }
}

pub(super) fn mount_form(
    p: &mut ChildSpawnerCommands,
    state: &EditorState,
    typing: &Typing,
    i: usize,
) {
    let m = &state.level().mounts[i];
    heading(p, &format!("Horse at ({}, {})", m.at.0, m.at.1));
    field(p, "Name", &m.name, Field::Mount(i), typing);
    thing_buttons(p);
    stepper(
        p,
        format!("Speed {} paces a segment", m.speed),
        Act::MountNumber(true, -1),
        Act::MountNumber(true, 1),
    );
    stepper(
        p,
        format!("Quickness {}", m.quickness),
        Act::MountNumber(false, -1),
        Act::MountNumber(false, 1),
    );
    let rider = m.rider.clone().unwrap_or_else(|| "none".into());
    picker(
        p,
        format!("Rider: {rider}"),
        Act::MountRider(-1),
        Act::MountRider(1),
    );
    p.spawn(label(
        "A rider stands on its horse's hex.",
        TEXT,
        palette::HINT,
    ));
}
