//! The computer in hand to hand: escaping dominance, regrouping, picking up a dropped weapon,
//! blocking the blows it sees coming, and the attack the round's AP allow.

use super::*;

/// Hand to hand: escape dominance first (under partial dominance, only when outnumbered: its
/// own bumps lift it otherwise); free of a hold this round and outnumbered, disengage carefully
/// toward an ally; else the attack the round's AP allow, heaviest first (a heavy attack's bump
/// shoves the foe toward dominance), at the foe with the lowest defense, and with two foes and
/// the skill for two attacks a quick one at the other foe in the same series.
pub(super) fn close_combat(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    close_combat_by(world, hero, track, false)
}

/// `close_combat`; `weigh` (`normal` and `hard`): the attack is chosen by the odds, each blow
/// at each engaged foe priced through the player's door and scored by its damage per AP
/// (`weighed_blow`).
pub(super) fn close_combat_by(
    world: &mut World,
    hero: Entity,
    track: &ActionTrack,
    weigh: bool,
) -> Option<Action> {
    let id = hero_id(world, hero);
    let foes = engaged_foes(world, hero);
    if foes.is_empty() {
        return None;
    }
    let held_level = melee::dominated(world, hero);
    let outnumbered = outnumbered(world, &foes);
    if held_level >= 2 || (held_level == 1 && outnumbered) {
        let escape = Action::Escape { hero: id };
        if price(world, &escape).is_ok_and(|p| p.ap <= track.left()) {
            return Some(escape);
        }
        if held_level >= 2 {
            return None;
        }
    }
    // "The combatant may then break the engagement as above (pay 2 APs to carefully
    // disengage ...)": out of a hold this round, and outnumbered.
    if held_level == 0
        && outnumbered
        && escaped_this_round(world, hero)
        && let Some(command) = regroup(world, hero, track)
    {
        return Some(command);
    }
    // A weapon dropped in a calamity: picked up again.
    if !melee::close_weapon(world, hero).armed
        && let Some(command) = pick_up(world, hero, track)
    {
        return Some(command);
    }
    // No fighter, the blows at it all from one side: a dodge takes them all.
    if weigh && let Some(dodge) = super::dodge::dodge_coming(world, hero, &foes, track) {
        return Some(dodge);
    }
    // A foe beside it is paying for blows at it: a block first (one a blow).
    if let Some(block) = block_coming(world, hero, &foes, track, weigh) {
        return Some(block);
    }
    if weigh {
        return weighed_blow(world, hero, &foes, track);
    }
    let by_defense =
        |world: &World, f: Entity| (melee::defense(world, f).0, query::level_order(world, f));
    let target = foes.iter().copied().min_by_key(|&f| by_defense(world, f))?;
    let held = melee::dominated(world, target) >= 2;
    // "His goal is to create a dominant position for his brother": with an ally on the same
    // foe, the one who is not yet pressing it grapples for dominance.
    let allies_on_it = engaged_foes(world, target).len() > 1;
    let choices: &[AttackType] = if held {
        &[AttackType::Standard, AttackType::Quick]
    } else if allies_on_it && melee::dominated(world, target) == 0 {
        &[AttackType::Grapple, AttackType::Standard, AttackType::Quick]
    } else {
        &[AttackType::Heavy, AttackType::Standard, AttackType::Quick]
    };
    // "Changing targets during a series of attacks is 1 AP per switch": with a second foe
    // and a second result in the pool, a quick attack at it too.
    let other = foes
        .iter()
        .copied()
        .filter(|&f| f != target)
        .min_by_key(|&f| by_defense(world, f))
        .map(|f| hero_id(world, f));
    let h = world.get::<Hero>(hero)?.clone();
    let skill = melee::close_skill(&h, &melee::close_weapon(world, hero).skill);
    let two = skill.pool().is_ok_and(|p| p.rows >= 2);
    let target = hero_id(world, target);
    let series = choices.iter().filter(|_| two).filter_map(|&attack| {
        other.map(|other| Action::MeleeSeries {
            hero: id,
            blows: vec![(target, attack, false), (other, AttackType::Quick, false)],
        })
    });
    let single = choices.iter().map(|&attack| Action::Melee {
        hero: id,
        target,
        attack,
        careful: false,
        times: 1,
    });
    series
        .chain(single)
        .find(|command| price(world, command).is_ok_and(|p| p.ap <= track.left()))
}

/// A block, when the foes beside the hero pay for more blows at it than it has blocks ready;
/// `weigh` (`normal` and `hard`): counting only the blows still to land when the block is
/// ready (an audit saw half of the blocks declared after the blow that prompted them had been
/// paid for: the blow landed first and the block lapsed unpaid).
fn block_coming(
    world: &World,
    hero: Entity,
    foes: &[Entity],
    track: &ActionTrack,
    weigh: bool,
) -> Option<Action> {
    let block = Action::Block {
        hero: hero_id(world, hero),
    };
    let ap = price(world, &block).ok()?.ap;
    let incoming: u32 = blows_coming(world, hero, foes, track, (ap, weigh))?
        .iter()
        .map(|&(_, blows)| blows)
        .sum();
    let ready = world
        .get::<crate::sim::model::CloseCombat>(hero)
        .map_or(0, |c| c.blocks);
    (incoming > ready).then_some(block)
}

/// The foes beside the hero paying for blows at it, and how many each; `weigh` (`normal` and
/// `hard`): only the blows that land after a defence of `ap` declared now is ready. `None`:
/// the AP are not there.
pub(super) fn blows_coming(
    world: &World,
    hero: Entity,
    foes: &[Entity],
    track: &ActionTrack,
    (ap, weigh): (u32, bool),
) -> Option<Vec<(Entity, u32)>> {
    if ap > track.left() {
        return None;
    }
    let id = hero_id(world, hero);
    let now = world.resource::<crate::sim::model::RoundState>().segment;
    let ready_at = crate::rules::action_time::resolves_in(track, ap, now, false);
    let in_time = |foe: Entity| {
        if !weigh {
            return true;
        }
        let Some(ready_at) = ready_at else {
            return false;
        };
        crate::sim::actions::melee::paid_off_in(world, foe, now).is_some_and(|s| s > ready_at)
    };
    Some(
        foes.iter()
            .filter(|&&f| in_time(f))
            .map(|&f| {
                let blows = match world.get::<Committed>(f) {
                    Some(Committed(Action::Melee { target, times, .. })) if *target == id => {
                        u32::from(*times)
                    }
                    Some(Committed(Action::MeleeSeries { blows, .. })) => {
                        blows.iter().filter(|b| b.0 == id).count() as u32
                    }
                    _ => 0,
                };
                (f, blows)
            })
            .filter(|&(_, blows)| blows > 0)
            .collect(),
    )
}

/// Ready a hand-to-hand weapon the hero carries and does not hold (one that is not broken).
fn pick_up(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    let id = hero_id(world, hero);
    let gear = &world.resource::<Battle>().gear;
    let weapon = world.get::<Weapons>(hero)?.0.iter().position(|w| {
        !w.ready
            && !w.jammed
            && w.name != "Fists"
            && gear
                .weapon(&w.name)
                .is_some_and(|g| g.kind == crate::data::gear::WeaponKind::Melee)
    })?;
    let ready = Action::Ready { hero: id, weapon };
    price(world, &ready)
        .is_ok_and(|p| p.ap <= track.left())
        .then_some(ready)
}

/// More foes on the hero than fighters of its side on them.
fn outnumbered(world: &World, foes: &[Entity]) -> bool {
    let mut ours: Vec<Entity> = Vec::new();
    for &f in foes {
        for e in engaged_foes(world, f) {
            if !ours.contains(&e) {
                ours.push(e);
            }
        }
    }
    foes.len() > ours.len()
}

/// The hero got out from under dominance this round.
fn escaped_this_round(world: &World, hero: Entity) -> bool {
    let name = query::hero_name(world, hero);
    let round = world.resource::<crate::sim::model::RoundState>().round;
    world
        .resource::<crate::sim::model::MatchLog>()
        .events
        .iter()
        .rev()
        .take_while(|e| e.round == round)
        .any(|e| {
            e.kind == "escape"
                && e.actor.as_deref() == Some(name.as_str())
                && e.fields.get("escaped").is_some_and(|v| v == true)
        })
}

/// Disengage carefully (no free attack) to the hex nearest a standing ally the AP allow, out
/// of reach of every foe engaged now.
fn regroup(world: &mut World, hero: Entity, track: &ActionTrack) -> Option<Action> {
    let id = hero_id(world, hero);
    let side = world.get::<Side>(hero)?.0;
    let pos = world.get::<HexPos>(hero)?.0;
    let foes: Vec<Hex> = engaged_foes(world, hero)
        .iter()
        .filter_map(|&f| query::position(world, f))
        .collect();
    let allies: Vec<Hex> = query::heroes(world)
        .into_iter()
        .filter(|&e| e != hero && query::side_of(world, e) == side && !query::is_down(world, e))
        .filter_map(|e| query::position(world, e))
        .collect();
    if allies.is_empty() {
        return None;
    }
    let near_ally = |h: Hex| {
        allies
            .iter()
            .map(|a| a.unsigned_distance_to(h))
            .min()
            .unwrap_or(0)
    };
    let mut options: Vec<(u32, u32, Hex)> = Vec::new();
    for to in hexx::Hex::range(pos, 2) {
        if foes.iter().any(|f| f.unsigned_distance_to(to) <= 1) {
            continue;
        }
        let command = Action::Disengage { hero: id, to };
        if let Ok(p) = price(world, &command)
            && p.ap <= track.left()
        {
            options.push((near_ally(to), p.ap, to));
        }
    }
    let (_, _, to) = options
        .into_iter()
        .min_by_key(|&(d, ap, h)| (d, ap, h.x, h.y))?;
    Some(Action::Disengage { hero: id, to })
}

/// How much less a foe is worth when an ally's blow at it is already paid for.
const ALLY_BLOW_FIRST: f64 = 0.5;

/// An ally of `hero` is paying for a blow at `foe` (its declaration, on the table).
fn ally_blow_on(world: &World, hero: Entity, foe: Entity) -> bool {
    let side = query::side_of(world, hero);
    let target = hero_id(world, foe);
    query::heroes(world)
        .into_iter()
        .filter(|&e| e != hero && query::side_of(world, e) == side)
        .any(|e| {
            world
                .get::<Committed>(e)
                .is_some_and(|c| c.0.strikes_at(target))
        })
}

/// What a blow of each kind is worth, a hit's damage by decision 50: a quick attack 5 + DB
/// flat, a standard the weapon's damage, a heavy one row more and its first bump toward
/// dominance, a grapple dominance only (worth most with an ally on the same foe).
fn blow_worth(attack: AttackType, allies_on_it: bool) -> f64 {
    match attack {
        AttackType::Quick => 1.0,
        AttackType::Standard => 1.3,
        AttackType::Heavy => 1.9,
        AttackType::Grapple if allies_on_it => 1.4,
        AttackType::Grapple => 0.6,
    }
}

/// The blow worth the most a round: every attack type at every engaged foe, priced (the exact
/// chance against its defense, the AP), scored by chance x worth / AP, a hurt foe worth more.
fn weighed_blow(
    world: &mut World,
    hero: Entity,
    foes: &[Entity],
    track: &ActionTrack,
) -> Option<Action> {
    let id = hero_id(world, hero);
    let mut best: Option<(f64, Action)> = None;
    for &foe in foes {
        let allies_on_it = engaged_foes(world, foe).len() > 1;
        let mut foe_worth = super::worth::hurt_worth(world, foe);
        // An ally's blow is already on its way to this foe: if it drops the foe first, the AP
        // of a second blow are lost ("Once spent, APs are lost, even if the action never
        // resolves"), so another foe in reach comes first.
        if ally_blow_on(world, hero, foe) {
            foe_worth *= ALLY_BLOW_FIRST;
        }
        let target = hero_id(world, foe);
        // A careful attack (+2 AP for +1) was weighed too and never paid: left out.
        for attack in [
            AttackType::Quick,
            AttackType::Standard,
            AttackType::Heavy,
            AttackType::Grapple,
        ] {
            let command = Action::Melee {
                hero: id,
                target,
                attack,
                careful: false,
                times: 1,
            };
            let Ok(priced) = price(world, &command) else {
                continue;
            };
            let chance = match &priced.plan {
                crate::sim::actions::Plan::Melee(m) => m.chance,
                _ => continue,
            };
            if priced.ap > track.left() || priced.ap == 0 {
                continue;
            }
            let score =
                chance * blow_worth(attack, allies_on_it) * foe_worth / f64::from(priced.ap);
            if best.as_ref().is_none_or(|(b, _)| score > *b + 1e-12) {
                best = Some((score, command));
            }
        }
    }
    best.map(|(_, command)| command)
}
