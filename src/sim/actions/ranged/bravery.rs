//! Tactical aiming under fire: the Bravery check an aimed or normal shot may need, the aim lost
//! on a failure, and the shots that put a hero under fire.

use super::*;
use crate::rules::check::CheckRequest;
use crate::rules::ranged::{BRAVERY_TN, MELEE_BRAVERY_TN, ShotKind};
use crate::sim::bonus;
use crate::sim::deck::{resolve_check, skill_pool};
use crate::sim::events::{Consequence, MatchEvent, calamity, record};
use crate::sim::model::{AimLost, Hero, HexPos, UnderFire};
use bevy::prelude::*;

/// What put the hero under fire, the counts that are not zero: "2 shots, 1 hit", "1 blow"
/// (a play-test read "under fire (0 shots, 0 hits)" of a hero a blow had missed).
pub fn under_fire_words(fire: UnderFire) -> String {
    use crate::rules::words::count;
    let parts: Vec<String> = [
        (fire.shots, "shot", "shots"),
        (fire.hits, "hit", "hits"),
        (fire.melee, "blow", "blows"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| count(n, one, many))
    .collect();
    parts.join(", ")
}

/// "In TWTW, normal or aimed shots may require a bravery check if the character is under
/// fire": a Standard (5) Bravery check, -1 for each shot after the first that targeted the
/// firer, -2 for each that hit, plus the AV of the cover in the firer's hex. On a failure the
/// aim is lost, the shot goes off as a snap shot, and no aiming is allowed this round.
pub(super) fn tactical_aim(world: &mut World, hero: Entity, series: &mut SeriesPlan) -> bool {
    let Some(fire) = world
        .get::<UnderFire>(hero)
        .copied()
        .filter(|u| u.shots > 0 || u.melee > 0)
    else {
        return false;
    };
    let Some(h) = world.get::<Hero>(hero).cloned() else {
        return false;
    };
    // "If the character was hit by a melee attack of any kind, they may not aim, and any aim
    // they had accumulated is automatically lost."
    if fire.melee_hit {
        let event = MatchEvent::HitHandToHand {
            hero: h.name.clone(),
        };
        record(world, Some(hero), event);
        lose_aim(world, hero, series);
        return true;
    }
    let (request, cover_av) = bravery_request(world, hero, &h, fire);
    let Ok(check) = resolve_check(world, &request) else {
        return false;
    };
    let kept = check.success;
    let text = format!(
        "{} under fire ({}): Bravery, {}; {}",
        h.name,
        under_fire_words(fire),
        crate::sim::log::check_words(&check),
        if kept {
            "the aim holds"
        } else {
            "the aim is lost: a snap shot"
        }
    );
    let report = crate::sim::events::Bravery {
        words: text,
        check: check.clone(),
        melee: fire.melee,
        shots: fire.shots,
        hits: fire.hits,
        cover_av,
        aim_kept: kept,
    };
    record(world, Some(hero), MatchEvent::Bravery(Box::new(report)));
    if !kept {
        lose_aim(world, hero, series);
    }
    // Bumps a Bravery check has no use for: one saved as a bonus counter.
    if kept && check.bumps > 0 {
        bonus::earn(world, hero, "Bravery check");
    }
    // A calamity under fire: the hero throws itself down into the dirt.
    if check.calamity && world.get::<crate::sim::model::MountedOn>(hero).is_none() {
        world
            .entity_mut(hero)
            .insert(crate::sim::model::Prone(true));
        calamity(world, hero, Consequence::Prone);
    }
    !kept
}

/// The chance a normal or aimed shot of the hero keeps its aim under `fire` (the shots and
/// blows at it since its last action): 1 with none, 0 after a blow hit it ("they may not
/// aim"), else its Bravery check's. The pointer says it before a shot is declared; the
/// computer weighs a shot by it.
pub fn aim_keeps(world: &World, hero: Entity, fire: UnderFire) -> f64 {
    if fire.melee_hit {
        return 0.0;
    }
    let Some(h) = world
        .get::<Hero>(hero)
        .filter(|_| fire.shots + fire.melee > 0)
    else {
        return 1.0;
    };
    let (request, _) = bravery_request(world, hero, h, fire);
    crate::sim::deck::success_chance(world, &request)
}

/// The Bravery check of a hero under `fire`, and the AV of the cover in its hex that it adds.
/// "If the character is a target of a melee attack, perform a Difficult (7) Bravery check";
/// else Standard (5), "Subtract 1 from the result for each shot after the first that targets
/// the character, and 2 for each attack that hit the character."
pub fn bravery_request(
    world: &World,
    hero: Entity,
    h: &Hero,
    fire: UnderFire,
) -> (CheckRequest, u32) {
    let tn = if fire.melee > 0 {
        MELEE_BRAVERY_TN
    } else {
        BRAVERY_TN
    };
    let at = world.get::<HexPos>(hero).map(|p| p.0).unwrap_or_default();
    let cover_av = crate::sim::query::cover_objects(world)
        .filter(|(_, p, _)| *p == at)
        .map(|(_, _, c)| c.av)
        .min()
        .unwrap_or(0);
    let mut request = CheckRequest::simple(skill_pool(h, "Bravery", "Essence"), tn);
    request.adjust.direct =
        -(fire.shots.saturating_sub(1) as i32) - 2 * fire.hits as i32 + cover_av as i32;
    (request, cover_av)
}

/// The aim is lost: the shot goes off as a snap shot, and no aiming this round.
fn lose_aim(world: &mut World, hero: Entity, series: &mut SeriesPlan) {
    world.entity_mut(hero).insert(AimLost(true));
    let target = series.targets[0];
    if let Ok(snap) = plan_with(world, hero, target, ShotKind::Snap, true, false, None) {
        series.volley.attacks[0].terms = snap.terms.clone();
        series.shots[0] = snap;
    }
}

pub(super) fn under_fire(world: &mut World, target: Entity, hit: bool) {
    if let Some(mut u) = world.get_mut::<UnderFire>(target) {
        u.shots += 1;
        u.hits += u32::from(hit);
    } else {
        world.entity_mut(target).insert(UnderFire {
            shots: 1,
            hits: u32::from(hit),
            ..Default::default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_fire_names_what_it_was() {
        let fire = |shots, hits, melee| UnderFire {
            shots,
            hits,
            melee,
            melee_hit: false,
        };
        assert_eq!(under_fire_words(fire(2, 1, 0)), "2 shots, 1 hit");
        assert_eq!(under_fire_words(fire(0, 0, 1)), "1 blow");
        assert_eq!(under_fire_words(fire(1, 0, 2)), "1 shot, 2 blows");
    }
}
