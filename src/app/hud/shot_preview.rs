//! Pointing at an enemy: the shot (or the blow) the declaring hero would make, priced by the
//! simulation, with "draw, cock and shoot" offered as one plan when the weapon is not ready.

use super::plan::{chain_resolves_in, shot_chain};
use super::preview::{CursorInfo, MovePreview, when_words};
use crate::app::input::{BattleAction, Bindings, PlanOffer, Selection};
use crate::rules::ranged::ShotKind;
use crate::sim::actions::ranged;
use crate::sim::intent::HeroId;
use crate::sim::model::{Battle, HexPos, MatchLog, RoundState, Track};
use crate::sim::query;
use bevy::prelude::*;

/// The hexes of the line of fire to the enemy pointed at, and the wall that blocks it.
#[derive(Resource, Default, Debug, Clone)]
pub struct FireLine(pub Vec<hexx::Hex>, pub Option<hexx::Hex>);

/// Pointing at an enemy: the shot the declaring hero would fire, its AP, TN, every modifier
/// and the exact chance to hit (over the match deck), and the cover in the way.
pub(super) fn preview_shot(world: &mut World) {
    world.insert_resource(FireLine::default());
    if *world.resource::<PlanOffer>() != PlanOffer::default() {
        world.insert_resource(PlanOffer::default());
    }
    let Some(selection) = world.get_resource::<Selection>().cloned() else {
        return;
    };
    let keys = world.resource::<Bindings>().clone();
    let (Some(hero), Some(at)) = (selection.hero, selection.hovered) else {
        return;
    };
    let side = query::side_of(world, hero);
    let Some(target) = query::enemy_at(world, side, at) else {
        return;
    };
    let name = query::hero_name(world, target);
    show_line_of_fire(world, hero, at);
    // A foe within a pace and no gun in hand: the blow the right click (and J) strikes.
    let strikes = crate::app::input::right_click_strikes(
        &world.resource::<Battle>().gear,
        world.get::<crate::sim::model::Weapons>(hero),
        (world.get::<HexPos>(hero).map(|p| p.0), Some(at)),
    );
    let line = if strikes {
        super::blow_preview::blow_words(world, hero, target, &selection, &keys, &name)
    } else {
        shot_words(world, (hero, target, at), &selection, &keys, &name)
    };
    world.resource_mut::<PlanOffer>().looked_at = Some((hero, at));
    world.insert_resource(MovePreview { line: Some(line) });
}

/// The line of fire on the map: the hexes between, or up to the wall that blocks it (for a
/// hero who carries a gun or a throwing weapon; a fist fighter has no line of fire).
fn show_line_of_fire(world: &mut World, hero: Entity, at: hexx::Hex) {
    if query::carries_ranged(world, hero)
        && let Some(from) = world.get::<HexPos>(hero).map(|p| p.0)
    {
        let line: Vec<hexx::Hex> = from.line_to(at).collect();
        let map = &world.resource::<Battle>().map;
        let blocked = map.line_of_fire(from, at).err();
        let shown: Vec<hexx::Hex> = line
            .into_iter()
            .skip(1)
            .take_while(|h| Some(*h) != blocked)
            .chain(blocked)
            .collect();
        world.insert_resource(FireLine(shown, blocked));
    }
}

/// At the pointer: what the click makes, its AP, its chance to hit and when it resolves.
pub(super) fn odds_at_cursor(world: &mut World, hero: Entity, what: &str, ap: u32, chance: f64) {
    let when = when_words(world, hero, ap, false);
    world.insert_resource(CursorInfo(Some(format!(
        "{what} {ap} AP, {:.0}% to hit, {when}",
        chance * 100.0
    ))));
}

/// A weapon that bursts where it lands: who its blast catches, and the thrower too when it
/// stands within a pace of it (a miss lands nearer still).
pub fn blast_words(blast: u32, distance: u32) -> String {
    if blast == 0 {
        return String::new();
    }
    let reach = crate::rules::words::count(blast, "pace", "paces");
    let mut words = format!("\nBlast: every figure within {reach} of where it lands");
    if let Some(danger) = own_blast_words(blast, distance) {
        words.push_str(&format!(". {danger}"));
    }
    words
}

/// The thrower within the blast of its own throw, in words (the panel's and the pointer's).
fn own_blast_words(blast: u32, distance: u32) -> Option<String> {
    crate::rules::ranged::blast_may_catch(blast, distance).then(|| {
        format!(
            "YOU STAND {} OFF: the blast may catch you",
            crate::rules::words::count(distance, "pace", "paces").to_uppercase()
        )
    })
}

/// The shot a right click would fire at the enemy pointed at: its AP, TN, modifiers, chance
/// and cover; or, when it cannot be fired yet, the plan that would fire it.
fn shot_words(
    world: &mut World,
    (hero, target, at): (Entity, Entity, hexx::Hex),
    selection: &Selection,
    keys: &Bindings,
    name: &str,
) -> String {
    let (words, fires) = shot_or_plan_words(world, (hero, target, at), selection, keys, name);
    // An ally a miss may stray into, said at the pointer too (a play-test's shotgun stunned
    // its own ducked partner beside the line with no warning).
    let shoots = query::carries_ranged(world, hero);
    let mut allies: Vec<String> = Vec::new();
    // Each named once (two oil lamps read "the oil lamp, the oil lamp").
    for name in ranged::allies_near_the_line(world, hero, target)
        .into_iter()
        .map(|e| query::hero_name(world, e))
        .chain(ranged::glass_near_the_line(world, hero, target))
    {
        if !allies.contains(&name) {
            allies.push(name);
        }
    }
    // No shot to stray (a play-test read "Cannot shoot ... / A miss may stray into Dave").
    if allies.is_empty() || !shoots || !fires {
        return words;
    }
    let warning = format!("A miss may stray into {}", allies.join(", "));
    if let Some(mut info) = world.get_resource_mut::<CursorInfo>()
        && let Some(line) = info.0.as_mut()
    {
        line.push('\n');
        line.push_str(&warning);
    }
    format!("{words}\n{warning} (near the line of fire: a miss strays into the nearest)")
}

/// `shot_words` but the strays; and whether a shot (or a plan that ends in one) is offered.
fn shot_or_plan_words(
    world: &mut World,
    (hero, target, at): (Entity, Entity, hexx::Hex),
    selection: &Selection,
    keys: &Bindings,
    name: &str,
) -> (String, bool) {
    match ranged::plan(world, hero, target, selection.shot) {
        Ok(p) => (shot_plan_words(world, hero, &p, keys, name), true),
        Err(why) => {
            let why = keys.refusal(&why);
            match offer_chain(world, hero, target, at, selection.shot, name) {
                Some(mut offer) => {
                    let fee = plan_fee_now(world, hero, &offer);
                    let left = world.get::<Track>(hero).map_or(0, |t| t.0.left());
                    // What the click will do, said as the click does it: a plan the round
                    // cannot pay, its stack fee counted, is not queued (a play-test read
                    // "queued" here and "Not queued" on the click).
                    let unpaid = offer.fires_in.is_none() || offer.ap + fee > left;
                    let queued = if unpaid {
                        "a click queues none of it"
                    } else {
                        "each step its own declaration, queued"
                    };
                    let fires = match offer.fires_in {
                        Some(_) if offer.ap + fee > left => {
                            format!("cannot be paid this round with the stack fee ({left} AP left)")
                        }
                        Some(s) => format!("fires in segment {s}"),
                        None => "cannot be paid this round".to_string(),
                    };
                    let fee_words = if fee > 0 {
                        " + 1 stack fee (actions already due)"
                    } else {
                        ""
                    };
                    let words = format!(
                        "{}: {} AP{fee_words}, {:.0}% to hit, {fires}",
                        offer.what,
                        offer.ap,
                        chance_of(world) * 100.0
                    );
                    if unpaid {
                        offer.fires_in = None;
                    }
                    put_offer(world, keys, offer, &words);
                    // The plan first, then why a plain shot is not offered: a play-test read
                    // "Cannot shoot Felicia Laroq yet" over the right click that shoots her.
                    let words = format!(
                        "{}: {words} ({queued})\nNot a shot at once: {why}",
                        keys.key(BattleAction::MoveHere)
                    );
                    (words, true)
                }
                None => match offer_close_in(world, hero, target, at, selection.gait, name) {
                    // No gun to shoot with: a right click closes in on the foe instead.
                    Some(offer) => {
                        let when = offer
                            .fires_in
                            .map_or("cannot be paid this round".to_string(), |s| {
                                format!("resolves in segment {s}")
                            });
                        let words = format!("{}: {} AP, {when}", offer.what, offer.ap);
                        put_offer(world, keys, offer, &words);
                        let words = format!(
                            "Cannot shoot {name}: {why}\n{}: {words}; then {} attacks hand to hand",
                            keys.key(BattleAction::MoveHere),
                            keys.key(BattleAction::MeleeAttack)
                        );
                        (words, false)
                    }
                    None => {
                        world.insert_resource(CursorInfo(Some(format!("Cannot shoot: {why}"))));
                        (format!("Cannot shoot {name}: {why}"), false)
                    }
                },
            }
        }
    }
}

/// A normal or aimed shot by a hero under fire keeps its aim only on a Bravery check: said
/// before it is declared (a play-test lost the aim on three shots of four, 57 % turned 22 %,
/// with no word of it beforehand).
fn aim_words(world: &World, hero: Entity, kind: crate::rules::ranged::ShotKind) -> String {
    let fire = world
        .get::<crate::sim::model::UnderFire>(hero)
        .copied()
        .unwrap_or_default();
    if kind == crate::rules::ranged::ShotKind::Snap || fire.shots + fire.melee == 0 {
        return String::new();
    }
    let keeps = ranged::aim_keeps(world, hero, fire);
    let at_it = crate::rules::words::count(fire.shots + fire.melee, "attack", "attacks");
    if keeps <= 0.0 {
        return format!("\nUnder fire ({at_it}), a blow hit: no aim this round, a snap shot");
    }
    format!(
        "\nUnder fire ({at_it} at it): the aim holds on a Bravery check, {:.0}%; else a snap shot",
        keeps * 100.0
    )
}

/// An aimed shot that gains little over a normal shot at the same foe says so, with the normal
/// shot's chance and AP: a play-test paid 5 AP for 48.1 % beside a normal shot's 48 % for 3 AP
/// and took it for a bug (the card's odds move in steps, and the aim's +1 can fall between
/// two of them).
fn aim_gain_words(world: &World, hero: Entity, p: &ranged::ShotPlan) -> String {
    if !matches!(p.kind, crate::rules::ranged::ShotKind::Aimed(_)) {
        return String::new();
    }
    let Ok(normal) = ranged::plan(
        world,
        hero,
        p.target,
        crate::rules::ranged::ShotKind::Normal,
    ) else {
        return String::new();
    };
    aim_gain_note(p.chance, normal.chance, normal.ap).unwrap_or_default()
}

/// `aim_gain_words` from the two chances: said when the aimed shot gains under a point.
fn aim_gain_note(aimed: f64, normal: f64, normal_ap: u32) -> Option<String> {
    let gain = (aimed - normal) * 100.0;
    (gain < AIM_GAINS_LITTLE).then(|| {
        format!(
            "\nAiming gains {gain:.1} points here: a normal shot is {:.1}% for {normal_ap} AP",
            normal * 100.0
        )
    })
}

/// Points of chance under which an aim is said to gain little.
const AIM_GAINS_LITTLE: f64 = 1.0;

/// The words of a shot that can be fired now: its AP, TN, modifiers, chance, cover and blast.
fn shot_plan_words(
    world: &mut World,
    hero: Entity,
    p: &ranged::ShotPlan,
    keys: &Bindings,
    name: &str,
) -> String {
    // A stick of dynamite, a knife is thrown, not shot; a blast that would catch the
    // thrower says so (a play-test's next right click offered Hank's dynamite as a
    // "normal shot" at a foe beside him).
    let thrown = p.weapon.kind == crate::data::gear::WeaponKind::Thrown;
    let (verb, kind) = if thrown {
        ("Throw at", format!("throw ({})", p.kind.name()))
    } else {
        ("Shoot", p.kind.name())
    };
    odds_at_cursor(world, hero, &kind, p.ap, p.chance);
    // The thrower within the blast: said at the pointer too (a play-test read it only in the
    // panel, cut off at its foot).
    if let Some(danger) = own_blast_words(p.weapon.blast, p.distance)
        && let Some(mut info) = world.get_resource_mut::<CursorInfo>()
        && let Some(line) = info.0.as_mut()
    {
        line.push_str(&format!("\n{danger}"));
    }
    // A foe within a pace: the blow is there too (a play-test beside a foe with a rifle in
    // hand found only the shot offered, and the key for the blow in a tooltip).
    if p.distance <= 1
        && let Some(mut info) = world.get_resource_mut::<CursorInfo>()
        && let Some(line) = info.0.as_mut()
    {
        line.push_str(&format!(
            "\n{}: strike by hand instead",
            keys.key(BattleAction::MeleeAttack)
        ));
    }
    let blast = blast_words(p.weapon.blast, p.distance);
    let blast = format!(
        "{blast}{}{}",
        aim_words(world, hero, p.kind),
        aim_gain_words(world, hero, p)
    );
    let parts: Vec<String> = p
        .terms
        .tn_parts
        .iter()
        .map(|m| format!("{} {}", m.name, m.value))
        .collect();
    let mods: Vec<String> = p
        .terms
        .modifiers
        .iter()
        .map(|m| format!("{} {:+}", m.name, m.value))
        .collect();
    let cover = p.cover.as_ref().map_or(String::new(), |c| {
        let locations: Vec<&str> = c.covers.iter().map(|l| l.name()).collect();
        format!(
            "\nCover: {} (AV {}) covers {}",
            c.name,
            c.av,
            locations.join(", ")
        )
    });
    // What the right click does, as the pointer says it (a play-test's panel said "Right click
    // fires" of a shot the round could not pay, and the click was refused).
    let click = if super::preview::paid_this_round(world, hero, p.ap) {
        format!("{} fires.", keys.key(BattleAction::MoveHere))
    } else {
        format!(
            "The round cannot pay its {} AP: {} is refused; a cheaper shot?",
            p.ap,
            keys.key(BattleAction::MoveHere)
        )
    };
    format!(
        "{verb} {name} ({}) with the {}: {}, {} AP.\nTN {} = {}; modifiers: {}.\nChance to hit {:.1}%{cover}{blast}\n{}: snap/normal/aimed. {click}",
        crate::rules::words::count(p.distance, "pace", "paces"),
        p.weapon.name,
        kind,
        p.ap,
        p.terms.tn,
        parts.join(" + "),
        if mods.is_empty() {
            "none".to_string()
        } else {
            mods.join(", ")
        },
        p.chance * 100.0,
        keys.key(BattleAction::CycleShot),
    )
}

/// A plan on offer: its words at the cursor, with the key that takes it, and the plan itself
/// for that key (a right click).
fn put_offer(world: &mut World, keys: &Bindings, offer: PlanOffer, words: &str) {
    world.insert_resource(CursorInfo(Some(format!(
        "{}: {words}",
        keys.key(BattleAction::MoveHere)
    ))));
    world.insert_resource(offer);
}

/// The stack fee the plan's first step pays now (`sim::round::stack_fee_now`). A play-test's
/// "cock and shoot: 4 AP" with 4 AP left was refused its shot after the cock's fee.
fn plan_fee_now(world: &World, hero: Entity, offer: &PlanOffer) -> u32 {
    offer
        .steps
        .first()
        .and_then(|first| crate::sim::actions::price(world, first).ok())
        .map_or(0, |p| crate::sim::round::stack_fee_now(world, hero, p.ap))
}

/// The plan last priced, kept until the match or the choice changes (pricing its steps plans
/// the shot anew, so it is not done every frame).
#[derive(Resource, Default, Clone)]
struct ChainCache {
    key: Option<(
        Entity,
        hexx::Hex,
        ShotKind,
        (usize, usize),
        (u32, u32),
        (u32, u32),
    )>,
    offer: Option<PlanOffer>,
    chance: f64,
}

fn chance_of(world: &World) -> f64 {
    world.get_resource::<ChainCache>().map_or(0.0, |c| c.chance)
}

/// "Draw, cock and shoot" at the enemy pointed at, priced step by step.
fn offer_chain(
    world: &mut World,
    hero: Entity,
    target: Entity,
    at: hexx::Hex,
    kind: ShotKind,
    name: &str,
) -> Option<PlanOffer> {
    let key = (
        hero,
        at,
        kind,
        // The journal too: a choice such as Venture or Will logs nothing and changes the odds.
        (
            world.resource::<MatchLog>().events.len(),
            world.resource::<crate::sim::model::Journal>().0.len(),
        ),
        world.resource::<RoundState>().now(),
        // And the hero's AP: what the round can pay.
        world
            .get::<Track>(hero)
            .map_or((0, 0), |t| (t.0.in_front, t.0.pool)),
    );
    if let Some(cache) = world.get_resource::<ChainCache>()
        && cache.key == Some(key)
    {
        return cache.offer.clone();
    }
    let (id, target_id) = (*world.get::<HeroId>(hero)?, *world.get::<HeroId>(target)?);
    let priced = |world: &mut World, kind: ShotKind| {
        let chain = shot_chain(world, hero, id, target_id, kind)?;
        let now = world.resource::<RoundState>().segment.max(1);
        let aps: Vec<u32> = chain.steps.iter().map(|s| s.1).collect();
        let offer = PlanOffer {
            target: Some(at),
            steps: chain.steps.iter().map(|s| s.0.clone()).collect(),
            ap: chain.ap(),
            fires_in: world
                .get::<Track>(hero)
                .and_then(|t| chain_resolves_in(&t.0, &aps, now)),
            what: format!("{} {name}", chain.words()),
            looked_at: None,
        };
        Some((offer, chain.chance))
    };
    let mut offered = priced(world, kind);
    // The shot chosen cannot be paid this round: a snap shot that can is offered instead, and
    // says so (a play-test's 3 AP and an uncocked gun met "Not queued: cock and shoot ... (4
    // AP) cannot be paid this round", with cock and snap at 3 AP to hand).
    if kind != ShotKind::Snap
        && offered.as_ref().is_some_and(|(o, _)| o.fires_in.is_none())
        && let Some((mut snap, chance)) = priced(world, ShotKind::Snap)
        && snap.fires_in.is_some()
    {
        snap.what = format!("{} ({} cannot be paid this round)", snap.what, kind.name());
        offered = Some((snap, chance));
    }
    world.insert_resource(ChainCache {
        key: Some(key),
        offer: offered.as_ref().map(|(o, _)| o.clone()),
        chance: offered.as_ref().map_or(0.0, |(_, c)| *c),
    });
    offered.map(|(o, _)| o)
}

/// A hero with no gun to shoot pointing at a foe out of reach of its hands: the move to the hex
/// beside the foe that costs it least (ties by the hex), as a plan of one declaration.
fn offer_close_in(
    world: &mut World,
    hero: Entity,
    target: Entity,
    at: hexx::Hex,
    gait: crate::rules::movement::Gait,
    name: &str,
) -> Option<PlanOffer> {
    let armed_to_shoot = query::weapon_in_hand(world, hero).is_some_and(|(_, _, w)| w.is_ranged());
    // Nothing to close in on a fallen foe (a play-test was offered "close in on Dave Perkins"
    // after he was knocked out).
    if armed_to_shoot
        || query::is_down(world, target)
        || query::engaged_foes(world, hero).contains(&target)
    {
        return None;
    }
    let key = (
        hero,
        at,
        ShotKind::Normal,
        // The journal too: a choice such as Venture or Will logs nothing and changes the odds.
        // And the moves on the table: a hex an ally goes to is taken.
        (
            world.resource::<MatchLog>().events.len(),
            world.resource::<crate::sim::model::Journal>().0.len(),
            world.resource::<RoundState>().due.len(),
        ),
        world.resource::<RoundState>().now(),
    );
    if let Some(cache) = world.get_resource::<CloseInCache>()
        && cache.0 == Some((key, gait))
    {
        return cache.1.clone();
    }
    let id = *world.get::<HeroId>(hero)?;
    let mut best: Option<(u32, hexx::Hex, crate::sim::intent::Action)> = None;
    // Not a hex an ally's move this segment goes to: the first to resolve takes it, and the
    // second's AP are lost (a play-test sent Cyril and Hank at Dave and Cyril's walk was
    // refused).
    let claimed = query::claimed_hexes(world, hero);
    for to in at
        .all_neighbors()
        .into_iter()
        .filter(|h| !claimed.contains(h))
    {
        let step = crate::sim::intent::Action::Move { hero: id, to, gait };
        if let Ok(priced) = crate::sim::actions::price(world, &step)
            && best
                .as_ref()
                .is_none_or(|b| (priced.ap, to.x, to.y) < (b.0, b.1.x, b.1.y))
        {
            best = Some((priced.ap, to, step));
        }
    }
    let now = world.resource::<RoundState>().segment.max(1);
    let offer = best.map(|(ap, _, step)| PlanOffer {
        target: Some(at),
        steps: vec![step],
        ap,
        fires_in: world
            .get::<Track>(hero)
            .and_then(|t| chain_resolves_in(&t.0, &[ap], now)),
        what: format!("close in on {name}"),
        looked_at: None,
    });
    world.insert_resource(CloseInCache(Some((key, gait)), offer.clone()));
    offer
}

/// The close-in move last priced, kept until the match or the choice changes.
#[derive(Resource, Default, Clone)]
#[allow(clippy::type_complexity)]
struct CloseInCache(
    Option<(
        (
            Entity,
            hexx::Hex,
            ShotKind,
            (usize, usize, usize),
            (u32, u32),
        ),
        crate::rules::movement::Gait,
    )>,
    Option<PlanOffer>,
);

#[cfg(test)]
mod tests {
    /// An aimed shot gaining under a point over a normal shot says so, with the normal shot's
    /// chance and AP (the play-test's 48.1 % for 5 AP beside 48 % for 3); a real gain is not
    /// remarked on.
    #[test]
    fn an_aim_that_gains_little_says_so() {
        assert_eq!(
            super::aim_gain_note(0.481, 0.48, 3).as_deref(),
            Some("\nAiming gains 0.1 points here: a normal shot is 48.0% for 3 AP")
        );
        assert_eq!(super::aim_gain_note(0.60, 0.48, 3), None);
    }

    /// A throw of a weapon that bursts says who its blast catches, and warns a thrower who
    /// stands within a pace of it; a gun says nothing of a blast.
    #[test]
    fn a_blast_is_said_and_a_thrower_in_it_warned() {
        use super::blast_words;
        assert_eq!(blast_words(0, 1), "");
        assert_eq!(
            blast_words(1, 5),
            "\nBlast: every figure within 1 pace of where it lands"
        );
        assert!(blast_words(1, 2).ends_with(". YOU STAND 2 PACES OFF: the blast may catch you"));
    }
}
