//! What `normal` and `hard` say of a shot they chose and of a pass: the odds, the target's
//! wounds and what it holds, why a foe out of the fight comes first, why it waits.

use super::answers::aim_holds;
use super::holdout::lets_the_clock_work;
use super::weigh::{Weighed, loaded_gun};
use super::worth::{allies_on, out_this_round, stun_odds, wounds_of};
use super::*;
use crate::sim::model::Wounds;

/// What the computer says of the shot it chose.
pub(super) fn shot_reason(
    world: &World,
    hero: Entity,
    w: &Weighed,
    runner_up: Option<&Weighed>,
    cocking: u32,
    hard: bool,
) -> String {
    let name = query::hero_name(world, w.target);
    let hurt = wounds_of(world, w.target);
    let mut words = format!(
        "{} at {name}: {:.0} % to hit, {:.2} hits an AP ({} AP{})",
        match &w.action {
            Action::Shoot {
                kind: ShotKind::Snap,
                ..
            } => "snaps a shot",
            Action::Shoot {
                kind: ShotKind::Normal,
                ..
            } => "shoots",
            _ => "aims",
        },
        w.chance * 100.0,
        w.chance / f64::from(w.ap + cocking),
        w.ap,
        if cocking > 0 { " and 1 to cock" } else { "" }
    );
    if hurt > 0 {
        words.push_str(&format!("; {name} has {hurt} wounds"));
    }
    let holds = aim_holds(world, hero, hard);
    if holds < 1.0
        && !matches!(
            w.action,
            Action::Shoot {
                kind: ShotKind::Snap,
                ..
            }
        )
    {
        words.push_str(&format!(
            "; under fire, the aim holds on a Bravery check ({:.0} %)",
            holds * 100.0
        ));
    }
    let stunned = world.get::<Wounds>(w.target).is_some_and(|w| w.stunned);
    if hard && !stunned {
        words.push_str(&format!(
            "; a hit stuns {name} at {:.0} %",
            stun_odds(world, w.target) * 100.0
        ));
    }
    if hard && allies_on(world, hero, w.target) > 0 {
        words.push_str("; focus fire: an ally shoots at the same foe");
    }
    if out_this_round(world, w.target) {
        // Say why a foe out of the fight this round comes first (a play-test read "no other
        // foe is worth more" of a shot at a stunned Miranda while Cyril stood armed: he was
        // out of Octavio's line of fire).
        let out = if stunned {
            "is stunned"
        } else {
            "spends this round recovering"
        };
        words.push_str(&match runner_up {
            None => format!("; {name} {out}, but no other foe offers a shot from here"),
            Some(r) => format!(
                "; {name} {out}, and a shot at {} is worth less ({:.0} % to hit)",
                query::hero_name(world, r.target),
                r.chance * 100.0
            ),
        });
    } else if loaded_gun(world, w.target) {
        words.push_str(&format!("; {name} {}", holds_words(world, w.target)));
    }
    words
}

/// What a foe holds ready to fire or throw, by name ("holds a loaded Peacemaker", "holds the
/// Dynamite ready to throw": a play-test read "holds a loaded gun" of a man with dynamite).
fn holds_words(world: &World, foe: Entity) -> String {
    match query::weapon_in_hand(world, foe) {
        Some((_, _, w)) if w.kind == crate::data::gear::WeaponKind::Thrown => {
            format!("holds the {} ready to throw", w.name)
        }
        Some((_, _, w)) => format!("holds a loaded {}", w.name),
        None => "holds a loaded gun".into(),
    }
}

/// Why `normal` and `hard` pass, said as every declaration's reason is (a play-test read
/// "Pete Perkins passes, 6 AP left" round after round and could not tell a plan from a stall).
pub(super) fn pass_reason(world: &World, hero: Entity) -> String {
    if lets_the_clock_work(world, hero) {
        let clock = super::holdout::clock_for(world, hero).unwrap_or_default();
        let down = world.get::<BehindCover>(hero).is_some_and(|b| b.0);
        return format!(
            "'{clock}' wins for its side and no foe comes within reach: it {} and keeps its AP",
            if down {
                "stays down behind cover"
            } else {
                "stays out of the enemy's sight"
            }
        );
    }
    if world.get::<MountedOn>(hero).is_some() {
        return "a rider with no shot: the mount carries it on".into();
    }
    // The round's last segment: AP in front are lost as it ends ("keeps them in front" was
    // read at segment 20 by a play-test).
    if world.resource::<crate::sim::model::RoundState>().segment
        >= crate::rules::action_time::SEGMENTS
    {
        return "nothing worth its AP in the round's last segment: its AP left are lost".into();
    }
    super::KEEPS_ITS_AP.into()
}
