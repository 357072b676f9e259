//! Calamities of hand-to-hand checks: "Calamities are results that lead to failure no matter
//! the situation, and often can lead to the most dramatic result possible." Each has its
//! consequence from the rules' own material, logged as a `calamity` event
//! (docs/rules-decisions.md).

use super::*;
use crate::rules::melee;
use crate::rules::shot::ShotOutcome;
use crate::sim::events::{CloseCalamity, CloseCheck, MatchEvent, record};
use crate::sim::model::Weapons;
use crate::sim::query::weapon_in_hand;
use bevy::prelude::*;

/// A blow's calamity: a weapon breaks when the card's wrench is below its Rel, else it flies
/// from the hand (dropped: readied again to fight with it); bare fists overreach, and the foe
/// gains a level of dominance (its shove with it). The log line.
pub(super) fn blow_calamity(
    world: &mut World,
    hero: Entity,
    p: &MeleePlan,
    first: &ShotOutcome,
) -> Option<String> {
    let foe = p.target;
    let who = name(world, hero);
    let foe_name = name(world, foe);
    let held = close_weapon(world, hero);
    let in_hand = weapon_in_hand(world, hero).map(|(i, _, w)| (i, w.name.clone()));
    let (consequence, weapon, text) = match in_hand {
        Some((index, weapon)) if held.armed => {
            let broke = held.club.is_none() && first.equipment_failure;
            if let Some(mut w) = world.get_mut::<Weapons>(hero) {
                let w = &mut w.0[index];
                w.ready = false;
                w.jammed |= broke;
            }
            let lower = weapon.to_lowercase();
            let text = if broke {
                format!(
                    "Calamity: the {lower} breaks in {who}'s hand (the wrench is below its Rel): fists from now on"
                )
            } else {
                format!(
                    "Calamity: the {lower} flies from {who}'s hand: dropped, to be readied again"
                )
            };
            (if broke { "broken" } else { "dropped" }, Some(weapon), text)
        }
        _ => {
            let pressed = foe_presses(world, foe, hero);
            let text = format!(
                "Calamity: {who} overreaches and stumbles{}",
                pressed.words(&who, &foe_name)
            );
            (pressed.consequence(), None, text)
        }
    };
    let report = CloseCalamity {
        words: text.clone(),
        check: CloseCheck::Blow,
        consequence,
        weapon,
        foe: foe_name,
        dominance: dominated(world, hero),
    };
    record(
        world,
        Some(hero),
        MatchEvent::CloseCalamity(Box::new(report)),
    );
    if consequence == "free_attack" {
        super::escape::free_attack(world, foe, hero, &format!("{who} is pinned"));
    }
    Some(text)
}

/// A block's calamity, the same as a blow's: a blocking weapon that did not break on the wrench
/// flies from the hand (dropped, to be readied again); a bare-handed block gives the attacker a
/// level of dominance (or, already pinned, its free blow). The log line.
pub(super) fn block_calamity(
    world: &mut World,
    blocker: Entity,
    attacker: Entity,
    weapon_block: bool,
    broke: bool,
) -> String {
    let who = name(world, blocker);
    let foe_name = name(world, attacker);
    let in_hand = weapon_in_hand(world, blocker).map(|(i, _, w)| (i, w.name.clone()));
    let (consequence, weapon, text) = match in_hand {
        Some((index, weapon)) if weapon_block => {
            let lower = weapon.to_lowercase();
            if broke {
                let text = format!("Calamity: {who}'s block breaks the {lower}");
                ("broken", Some(weapon), text)
            } else {
                if let Some(mut w) = world.get_mut::<Weapons>(blocker) {
                    w.0[index].ready = false;
                }
                let text = format!(
                    "Calamity: the {lower} is knocked from {who}'s hand: dropped, to be readied again"
                );
                ("dropped", Some(weapon), text)
            }
        }
        _ => {
            let pressed = foe_presses(world, attacker, blocker);
            let text = format!(
                "Calamity: {who} blocks into the blow{}",
                pressed.words(&who, &foe_name)
            );
            (pressed.consequence(), None, text)
        }
    };
    let report = CloseCalamity {
        words: text.clone(),
        check: CloseCheck::Block,
        consequence,
        weapon,
        foe: foe_name,
        dominance: dominated(world, blocker),
    };
    record(
        world,
        Some(blocker),
        MatchEvent::CloseCalamity(Box::new(report)),
    );
    if consequence == "free_attack" {
        super::escape::free_attack(world, attacker, blocker, &format!("{who} is pinned"));
    }
    text
}

/// An escape's (or a break-away's) calamity: the hold tightens, the foe gains a level of
/// dominance; already pinned under full dominance, the foe strikes (a free quick attack for 1
/// AP, when its track has it).
pub(super) fn escape_calamity(world: &mut World, hero: Entity, foe: Entity) {
    let who = name(world, hero);
    let foe_name = name(world, foe);
    let pressed = foe_presses(world, foe, hero);
    let text = format!(
        "Calamity: {who} twists the wrong way{}",
        pressed.words(&who, &foe_name)
    );
    let report = CloseCalamity {
        words: text,
        check: CloseCheck::Escape,
        consequence: pressed.consequence(),
        weapon: None,
        foe: foe_name,
        dominance: dominated(world, hero),
    };
    record(
        world,
        Some(hero),
        MatchEvent::CloseCalamity(Box::new(report)),
    );
    if pressed == Pressed::Pinned {
        super::escape::free_attack(world, foe, hero, &format!("{who} is pinned"));
    }
}

/// What a calamity gives the foe: a level of dominance over the fighter, as if it had spent a
/// bump ("Each level of dominance costs one bump"), which first lifts its own; under full
/// dominance already, a free blow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pressed {
    Gained { level: u32, shoved: u32 },
    Freed,
    Pinned,
}

impl Pressed {
    fn consequence(self) -> &'static str {
        match self {
            Pressed::Gained { .. } | Pressed::Freed => "dominance",
            Pressed::Pinned => "free_attack",
        }
    }

    fn words(self, who: &str, foe: &str) -> String {
        match self {
            Pressed::Gained { level, shoved } => format!(
                ": under {} of {foe}{}",
                melee::Dominance::from_level(level).name(),
                if shoved == 0 {
                    String::new()
                } else {
                    format!(
                        ", shoved {}",
                        crate::rules::words::count(shoved, "hex", "hexes")
                    )
                }
            ),
            Pressed::Freed => format!(": {foe} gets free of {who}'s hold"),
            Pressed::Pinned => format!(": pinned fast, open to {foe}'s blow"),
        }
    }
}

fn foe_presses(world: &mut World, winner: Entity, loser: Entity) -> Pressed {
    let before = (dominated(world, winner), dominated(world, loser));
    let (own, foe) = melee::spend_dominance(before.0, before.1, 1);
    set_dominated(world, winner, own);
    set_dominated(world, loser, foe);
    if foe > before.1 {
        let shoved = super::strike::shove(world, winner, loser, foe - before.1);
        Pressed::Gained { level: foe, shoved }
    } else if own < before.0 {
        Pressed::Freed
    } else {
        Pressed::Pinned
    }
}
