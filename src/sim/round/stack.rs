//! The segment's paid actions resolve: alone, or through the initiative stack; skills
//! toward objectives.

use super::*;
use crate::game::battle::{Battle, Down, Hero, Track};
use crate::game::commands::{BattleCommand, CommandOutcome, perform};
use crate::game::deck::ActionDeck;
use crate::game::log::{check_fields, check_words};
use crate::rules::action_time::{QUICK_DRAW_TN, StackEntry, quick_draw_bonus, stack_order};
use crate::rules::card::Card;
use crate::rules::check::{CheckRequest, Skill};
use crate::rules::die::Die;
use bevy::prelude::*;
use serde_json::json;

/// The segment's paid actions resolve: alone, or through the initiative stack.
pub(super) fn resolve_due(world: &mut World) {
    let due: Vec<BattleCommand> = std::mem::take(&mut world.resource_mut::<RoundState>().due)
        .into_iter()
        .filter(|c| !world.get::<Down>(c.hero()).is_some_and(|d| d.0))
        .collect();
    match due.len() {
        0 => {}
        1 => resolve_one(world, due[0], None),
        _ => {
            for (command, card) in initiative_stack(world, &due) {
                resolve_one(world, command, Some(card));
            }
        }
    }
}

pub(super) fn resolve_one(world: &mut World, command: BattleCommand, card: Option<Card>) {
    // Struck down earlier on the stack: the action never happens.
    if world
        .get::<crate::game::battle::Down>(command.hero())
        .is_some_and(|d| d.0)
    {
        if let Some(card) = card {
            world.resource_mut::<ActionDeck>().deck.discard(card.number);
        }
        let name = name_of(world, command.hero());
        log(
            world,
            Some(command.hero()),
            "failed",
            format!("{name} is down before the {} resolves", command.name()),
            fields(&[("action", json!(command.name()))]),
        );
        return;
    }
    world.insert_resource(FlippedCard(card));
    let outcome = perform(world, command);
    // A card the action did not read (a move) is discarded after ordering the stack.
    if let Some(card) = world.remove_resource::<FlippedCard>().and_then(|f| f.0) {
        world.resource_mut::<ActionDeck>().deck.discard(card.number);
    }
    let hero = command.hero();
    // "since their last action": being shot at before it no longer shakes the next aim.
    world
        .entity_mut(hero)
        .remove::<crate::game::combat::UnderFire>();
    let name = name_of(world, hero);
    let kind = match &outcome {
        CommandOutcome::Refused { .. } => "failed",
        _ => "resolve",
    };
    let mut f = fields(&[("action", json!(command.name()))]);
    if let CommandOutcome::Moved { path, ap, .. } = &outcome {
        let to = path.last().map(|h| crate::rules::hexmap::offset_of(*h));
        f.insert("paces".into(), json!(path.len()));
        f.insert("ap".into(), json!(ap));
        f.insert("to".into(), json!(to));
    }
    // A shot writes its own event, with every field of the card.
    if !matches!(
        outcome,
        CommandOutcome::Shot { .. } | CommandOutcome::Melee { .. } | CommandOutcome::Escaped { .. }
    ) {
        log(world, Some(hero), kind, outcome.describe(&name), f);
    }
    world.write_message(outcome);
}

/// "Each character determines their bonus and once all are declared, all cards are flipped."
pub(super) fn initiative_stack(
    world: &mut World,
    due: &[BattleCommand],
) -> Vec<(BattleCommand, Card)> {
    let mut entries = Vec::new();
    let mut cards = Vec::new();
    for (i, command) in due.iter().enumerate() {
        let hero = command.hero();
        let bonus = stack_bonus(world, hero);
        let card = match world.resource_mut::<ActionDeck>().deck.draw() {
            Ok(card) => card,
            Err(_) => Card::plain(0),
        };
        let ties = matches!(
            command,
            BattleCommand::Shoot { .. } | BattleCommand::Series { .. }
        ) && crate::game::combat::single_action(world, hero);
        entries.push(StackEntry::new(i, &card, bonus, ties));
        cards.push(card);
    }
    let ordered = stack_order(&entries);
    let lines: Vec<StackLine> = ordered
        .iter()
        .map(|e| StackLine {
            actor: name_of(world, due[e.actor].hero()),
            action: due[e.actor].name().to_string(),
            card: e.number,
            fragment: e.fragment,
            bonus: e.bonus,
            total: e.total(),
        })
        .collect();
    let words: Vec<String> = lines
        .iter()
        .map(|l| {
            format!(
                "{} (card {}, Fragment {} {:+} = {})",
                l.actor, l.card, l.fragment, l.bonus, l.total
            )
        })
        .collect();
    log(
        world,
        None,
        "stack",
        format!("Initiative stack: {}", words.join(", then ")),
        fields(&[("order", serde_json::to_value(&lines).expect("lines"))]),
    );
    world.resource_mut::<RoundState>().stack = lines;
    ordered
        .into_iter()
        .map(|e| (due[e.actor], cards[e.actor].clone()))
        .collect()
}

/// "Determine Bonus": Quick Draw check (TN 5) and AP spent from the pool up to its level.
/// Gear and wound bonuses come with ranged combat.
pub(super) fn stack_bonus(world: &mut World, hero: Entity) -> i32 {
    let Some(h) = world.get::<Hero>(hero).cloned() else {
        return 0;
    };
    // "1. Any bonuses or penalties from gear. 2. Any bonuses or penalties from wounds".
    let gear = crate::game::combat::stack_gear_bonus(world, hero);
    let wounds = -(world
        .get::<crate::game::battle::Wounds>(hero)
        .map_or(0, |w| crate::rules::action_time::wound_penalty(w.worst()))
        as i32);
    let quick = quick_draw(world, hero, &h);
    let total = gear + wounds + quick;
    if gear != 0 || wounds != 0 {
        log(
            world,
            Some(hero),
            "stack_bonus",
            format!(
                "{}: stack bonus {total:+} (gear {gear:+}, wounds {wounds:+}, Quick Draw {quick:+})",
                h.name
            ),
            fields(&[
                ("gear", json!(gear)),
                ("wounds", json!(wounds)),
                ("quick_draw", json!(quick)),
                ("bonus", json!(total)),
            ]),
        );
    }
    total
}

/// "3. Bonuses from the Quick Draw skill. 4. Each AP spent from the pool grants the character
/// +1": the TN 5 Quick Draw check, then the AP the hero set aside for it.
fn quick_draw(world: &mut World, hero: Entity, h: &Hero) -> i32 {
    let Some(&level) = h.skills.get("Quick Draw") else {
        return 0;
    };
    let die = h.traits.get("Quickness").copied().unwrap_or(Die::D4);
    let request = CheckRequest::simple(Skill::Skilled { level, die }, QUICK_DRAW_TN);
    let Ok(outcome) = resolve_check(world, &request) else {
        return 0;
    };
    let (bonus, may_spend) = quick_draw_bonus(&outcome);
    let wanted = world.get::<StackSpend>(hero).map_or(0, |s| s.0);
    let spent = if may_spend {
        world
            .get_mut::<Track>(hero)
            .map_or(0, |mut t| t.0.spend_for_bonus(wanted, level))
    } else {
        0
    };
    let mut f = check_fields(&outcome);
    f.insert("bonus".into(), json!(bonus + spent as i32));
    f.insert("ap_spent".into(), json!(spent));
    log(
        world,
        Some(hero),
        "quick_draw",
        format!(
            "{}: Quick Draw, {}; bonus {bonus} + {spent} AP",
            h.name,
            check_words(&outcome)
        ),
        f,
    );
    bonus + spent as i32
}

/// A skill at 4/8 AP toward an objective: a complex check whose victories fill the
/// objective's Progress counter.
pub fn work_objective(
    world: &mut World,
    hero: Entity,
    objective: usize,
    ap: u32,
) -> CommandOutcome {
    let h = world.get::<Hero>(hero).cloned().expect("priced");
    let battle = world.resource::<Battle>();
    let Some((title, task)) = battle.objective_task(objective) else {
        return CommandOutcome::Refused {
            hero,
            reason: "no such objective".into(),
        };
    };
    let (title, task) = (title.to_string(), task.clone());
    let Ok(quality) = task.quality.parse() else {
        return CommandOutcome::Refused {
            hero,
            reason: format!("objective '{title}': bad quality {}", task.quality),
        };
    };
    let request = CheckRequest::complex(
        skill_pool(&h, &task.skill, &task.trait_name),
        task.tn,
        quality,
    );
    let outcome = match resolve_check(world, &request) {
        Ok(o) => o,
        Err(reason) => return CommandOutcome::Refused { hero, reason },
    };
    let won = outcome.victories.unwrap_or(0);
    let mut filled = 0;
    let mut complete = false;
    if let Some(counter) = world.resource_mut::<Objectives>().0.get_mut(objective) {
        if won > 0 {
            let _ = counter.add_points(won);
        }
        filled = counter.filled();
        complete = counter.is_complete();
    }
    let mut f = check_fields(&outcome);
    f.insert("objective".into(), json!(title));
    f.insert("magnitude".into(), json!(outcome.magnitude));
    f.insert("victories".into(), json!(won));
    f.insert("filled".into(), json!(filled));
    f.insert("complete".into(), json!(complete));
    log(
        world,
        Some(hero),
        "skill",
        format!(
            "{}: {} for '{title}', {}; effect {} = {won} victories ({filled} filled)",
            h.name,
            task.skill,
            check_words(&outcome),
            outcome.magnitude.unwrap_or(0)
        ),
        f,
    );
    CommandOutcome::Worked {
        hero,
        objective: title,
        victories: won,
        ap,
    }
}
