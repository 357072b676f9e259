//! Action time as a schedule: the initiative step, segments 1 to 20 (and beyond for paid
//! actions), declarations in ascending Quickness, the initiative stack, continuous movement
//! of mounts, and the end of the round. The rules are in `rules::action_time`; this plugin
//! only drives them and records every event in the match log.

use super::ai;
use super::battle::{
    Battle, BattleOver, Down, Facing, Hero, HexPos, HotSeat, Mount, MountedOn, MovedThisRound,
    Side, Track, Wounds,
};
use super::commands::{BattleCommand, CommandOutcome, declare, occupied_hexes, perform};
use super::deck::ActionDeck;
use super::log::{MatchLog, check_fields, check_words};
use crate::data::level::Control;
use crate::rules::action_time::{
    self, ActionTrack, Declared, INITIATIVE_TN, QUICK_DRAW_TN, SEGMENTS, StackEntry,
    continuous_paces, initiative_segment, quick_draw_bonus, round_ap, stack_order, stun_tn,
};
use crate::rules::card::Card;
use crate::rules::check::{self, CheckOptions, CheckOutcome, CheckRequest, Skill};
use crate::rules::counter::Counter;
use crate::rules::deck::{CardSource, DeckError};
use crate::rules::die::Die;
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use serde_json::{Map, Value, json};
use std::collections::VecDeque;

/// Where the round stands.
#[derive(Resource, Debug, Clone, Default)]
pub struct RoundState {
    /// 0 before the first initiative step.
    pub round: u32,
    /// 0 in the initiative step; 21 and on beyond segment 20.
    pub segment: u32,
    /// Heroes still to declare in this segment, in ascending Quickness.
    pub declaring: VecDeque<Entity>,
    /// Actions fully paid that resolve at the end of this segment.
    pub due: Vec<BattleCommand>,
    /// The last initiative stack, for the window.
    pub stack: Vec<StackLine>,
    /// The round is over; the next step is an initiative step.
    pub round_over: bool,
    /// Rounds fully played.
    pub completed: u32,
}

impl RoundState {
    pub fn now(&self) -> (u32, u32) {
        (self.round, self.segment)
    }

    /// The hero whose declaration it is.
    pub fn declarer(&self) -> Option<Entity> {
        self.declaring.front().copied()
    }
}

/// One line of an initiative stack: who, the card flipped, its Fragment, the bonus.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StackLine {
    pub actor: String,
    pub action: String,
    pub card: u8,
    pub fragment: u32,
    pub bonus: i32,
    pub total: i32,
}

/// An action being paid token by token.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Committed(pub BattleCommand);

/// AP a hero spends from the pool for the initiative stack (up to its Quick Draw level).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StackSpend(pub u32);

/// The match's options.
#[derive(Resource, Debug, Clone, Default)]
pub struct RoundOptions {
    /// Stop after this many rounds (`tarnation sim --rounds`).
    pub max_rounds: Option<u32>,
    /// Pause when this (round, segment) is reached (`tarnation play --until`).
    pub pause_at: Option<(u32, u32)>,
    pub check: CheckOptions,
}

/// In the window: wait this long between computer declarations and empty segments, so a
/// player can follow the track. Absent headless.
#[derive(Resource, Debug, Clone)]
pub struct Pacing {
    pub delay: f32,
    pub waited: f32,
}

/// Progress counters of the level's objectives (victories from complex checks).
#[derive(Resource, Debug, Clone, Default)]
pub struct Objectives(pub Vec<Counter>);

/// Seat commands: pass the declaration, or confirm a handoff.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatCommand {
    /// The declaring hero declares nothing (more) this segment.
    EndDeclaration,
    ConfirmHandoff,
}

/// The declaration passed to another side; `handoff` when the map is hidden for another human.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct DeclarationPassed {
    pub side: usize,
    pub name: String,
    pub handoff: bool,
}

pub struct RoundPlugin;

impl Plugin for RoundPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RoundState>()
            .init_resource::<MatchLog>()
            .init_resource::<RoundOptions>()
            .add_message::<SeatCommand>()
            .add_message::<DeclarationPassed>()
            .add_systems(
                Update,
                run_round.in_set(super::battle::BattleSystems::Round),
            );
    }
}

/// The one exclusive system of action time: commands, passes, then as far as the round can go
/// without a human's declaration (one round at most per frame).
fn run_round(
    world: &mut World,
    mut commands: Local<MessageCursor<BattleCommand>>,
    mut seats: Local<MessageCursor<SeatCommand>>,
) {
    let new: Vec<BattleCommand> = commands
        .read(world.resource::<Messages<BattleCommand>>())
        .copied()
        .collect();
    let passes: Vec<SeatCommand> = seats
        .read(world.resource::<Messages<SeatCommand>>())
        .copied()
        .collect();
    if !world.contains_resource::<Battle>() {
        return;
    }
    for command in new {
        handle_command(world, command);
    }
    for pass in passes {
        match pass {
            SeatCommand::ConfirmHandoff => {
                if let Some(mut seat) = world.get_resource_mut::<HotSeat>() {
                    seat.awaiting_handoff = false;
                }
            }
            SeatCommand::EndDeclaration => {
                if world.resource::<HotSeat>().awaiting_handoff {
                    continue;
                }
                pass_declaration(world);
            }
        }
    }
    advance(world);
}

fn name_of(world: &World, e: Entity) -> String {
    world
        .get::<Hero>(e)
        .map(|h| h.name.clone())
        .unwrap_or_default()
}

fn log(
    world: &mut World,
    actor: Option<Entity>,
    kind: &str,
    text: String,
    fields: Map<String, Value>,
) {
    let now = world.resource::<RoundState>().now();
    let actor = actor.map(|e| name_of(world, e));
    world
        .resource_mut::<MatchLog>()
        .push(now, actor.as_deref(), kind, text, fields);
}

fn fields(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// A declaration by the hero whose turn it is.
pub fn handle_command(world: &mut World, command: BattleCommand) {
    let hero = command.hero();
    let refuse = |world: &mut World, reason: String| {
        world.write_message(CommandOutcome::Refused { hero, reason });
    };
    if world.resource::<HotSeat>().awaiting_handoff {
        return refuse(
            world,
            "the map is hidden until the next player takes the seat".into(),
        );
    }
    let state = world.resource::<RoundState>();
    let segment = state.segment;
    match state.declarer() {
        Some(e) if e == hero => {}
        Some(e) => {
            let who = name_of(world, e);
            return refuse(
                world,
                format!("it is {who}'s declaration in segment {segment}"),
            );
        }
        None => return refuse(world, "nobody declares now".into()),
    }
    let name = name_of(world, hero);
    match declare(world, command, segment) {
        Err(reason) => refuse(world, reason),
        Ok((ap, Declared::Paid { lost })) => {
            // "Placing an action onto the stack in this manner costs 1 AP from the pool."
            if !world.resource::<RoundState>().due.is_empty() {
                let from_pool = world
                    .get_mut::<Track>(hero)
                    .map(|mut t| t.0.pay_stack_fee())
                    .unwrap_or(true);
                let whence = if from_pool {
                    "from the pool"
                } else {
                    "from next round's AP"
                };
                log(
                    world,
                    Some(hero),
                    "stack_fee",
                    format!("{name} joins the initiative stack: 1 AP {whence}"),
                    fields(&[("from_pool", json!(from_pool))]),
                );
            }
            let what = command.name().to_string();
            log(
                world,
                Some(hero),
                "declare",
                format!("{name} declares {what} ({ap} AP{})", lost_words(lost)),
                fields(&[
                    ("action", json!(what)),
                    ("ap", json!(ap)),
                    ("lost", json!(lost)),
                ]),
            );
            world.resource_mut::<RoundState>().due.push(command);
            world.write_message(CommandOutcome::Declared {
                hero,
                what,
                ap,
                lost,
            });
            end_turn(world);
        }
        Ok((ap, Declared::Committed { paid })) => {
            let what = command.name().to_string();
            log(
                world,
                Some(hero),
                "commit",
                format!("{name} declares {what} ({ap} AP) and pays {paid} AP toward it"),
                fields(&[
                    ("action", json!(what)),
                    ("ap", json!(ap)),
                    ("paid", json!(paid)),
                ]),
            );
            world.entity_mut(hero).insert(Committed(command));
            world.write_message(CommandOutcome::Committed {
                hero,
                what,
                ap,
                paid,
            });
            end_turn(world);
        }
    }
}

fn lost_words(lost: u32) -> String {
    if lost > 0 {
        format!(", {lost} AP lost")
    } else {
        String::new()
    }
}

/// The declaring hero has declared: the next one declares.
fn end_turn(world: &mut World) {
    world.resource_mut::<RoundState>().declaring.pop_front();
}

fn pass_declaration(world: &mut World) {
    let state = world.resource::<RoundState>();
    if state.declarer().is_some() {
        end_turn(world);
    }
}

fn control_of(world: &World, hero: Entity) -> Control {
    let side = world.get::<Side>(hero).map_or(0, |s| s.0);
    world
        .resource::<Battle>()
        .level
        .sides
        .get(side)
        .map_or(Control::Computer, |s| s.control)
}

fn may_declare(world: &World, hero: Entity) -> bool {
    let down = world.get::<Down>(hero).is_some_and(|d| d.0);
    let stunned = world.get::<Wounds>(hero).is_some_and(|w| w.stunned);
    let track = world.get::<Track>(hero);
    !down
        && !stunned
        && track.is_some_and(|t| t.0.in_front > 0 && t.0.commitment.is_none())
        && world.get::<Committed>(hero).is_none()
}

/// Pacing in the window: true when it is time for the next step.
fn paced(world: &mut World) -> bool {
    let delta = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let Some(mut pacing) = world.get_resource_mut::<Pacing>() else {
        return true;
    };
    pacing.waited += delta;
    if pacing.waited >= pacing.delay {
        pacing.waited = 0.0;
        true
    } else {
        false
    }
}

fn over(world: &World) -> bool {
    world.contains_resource::<BattleOver>()
}

/// Run the round until a human must declare, or a round has ended.
fn advance(world: &mut World) {
    loop {
        if over(world) {
            return;
        }
        let (round, round_over) = {
            let s = world.resource::<RoundState>();
            (s.round, s.round_over)
        };
        if round_over {
            let limit = world.resource::<RoundOptions>().max_rounds;
            if limit.is_some_and(|l| round >= l) {
                return;
            }
            // One round per frame: the window and the tests see each end of round.
            world.resource_mut::<RoundState>().round_over = false;
            initiative_step(world);
            return;
        }
        if round == 0 {
            initiative_step(world);
            continue;
        }
        if let Some(front) = world.resource::<RoundState>().declarer() {
            if !may_declare(world, front) {
                end_turn(world);
                continue;
            }
            set_seat(world, front);
            if world.resource::<HotSeat>().awaiting_handoff {
                return;
            }
            match control_of(world, front) {
                Control::Human => return,
                Control::Computer => {
                    if !paced(world) {
                        return;
                    }
                    match ai::decide(world, front) {
                        Some(command) => {
                            handle_command(world, command);
                            // A refused command (it should not happen) is a pass.
                            if world.resource::<RoundState>().declarer() == Some(front) {
                                end_turn(world);
                            }
                        }
                        None => end_turn(world),
                    }
                    continue;
                }
            }
        }
        // Everyone has declared: the segment's actions resolve.
        resolve_due(world);
        if over(world) {
            return;
        }
        if round_ends(world) {
            end_round(world);
            return;
        }
        let state = world.resource::<RoundState>();
        if world
            .resource::<RoundOptions>()
            .pause_at
            .is_some_and(|at| (state.round, state.segment) >= at)
        {
            return;
        }
        if !paced(world) {
            return;
        }
        next_segment(world);
    }
}

/// The active side follows the declaring hero; a handoff hides the map between two humans.
fn set_seat(world: &mut World, hero: Entity) {
    let side = world.get::<Side>(hero).map_or(0, |s| s.0);
    let human = control_of(world, hero) == Control::Human;
    let name = world.resource::<Battle>().level.sides[side].name.clone();
    let mut seat = world.resource_mut::<HotSeat>();
    if seat.active == side {
        return;
    }
    let from_human = seat.last_human;
    seat.active = side;
    if human {
        seat.awaiting_handoff = seat.handoff_screen && from_human.is_some_and(|h| h != side);
        seat.last_human = Some(side);
    }
    let handoff = seat.awaiting_handoff;
    world.write_message(DeclarationPassed {
        side,
        name,
        handoff,
    });
}

/// The heroes in level order.
fn heroes(world: &mut World) -> Vec<Entity> {
    let mut q = world.query::<(Entity, &Hero)>();
    let mut list: Vec<(Entity, usize)> = q.iter(world).map(|(e, h)| (e, h.order)).collect();
    list.sort_by_key(|h| h.1);
    list.into_iter().map(|h| h.0).collect()
}

/// A card source that deals an already flipped card first (the initiative stack's card is
/// the action's resolution card), then draws from the deck.
struct Flipped<'a> {
    first: Option<Card>,
    deck: &'a mut crate::rules::deck::Deck,
}

impl CardSource for Flipped<'_> {
    fn draw(&mut self) -> Result<Card, DeckError> {
        match self.first.take() {
            Some(card) => Ok(card),
            None => self.deck.draw(),
        }
    }
    fn discard(&mut self, number: u8) {
        self.deck.discard(number)
    }
}

/// The card flipped for the action being resolved, if the stack flipped one.
#[derive(Resource, Debug, Clone, Default)]
struct FlippedCard(Option<Card>);

/// Draw from the match deck for a resolution: the stack's flipped card first, if any.
pub fn with_deck<T>(
    world: &mut World,
    f: impl FnOnce(&mut dyn CardSource, &CheckOptions) -> T,
) -> T {
    let first = world
        .get_resource_mut::<FlippedCard>()
        .and_then(|mut f| f.0.take());
    let options = world.resource::<RoundOptions>().check;
    let mut deck = world.resource_mut::<ActionDeck>();
    let mut source = Flipped {
        first,
        deck: &mut deck.deck,
    };
    f(&mut source, &options)
}

/// Resolve a check with the match deck (using the stack's flipped card first, if any).
pub fn resolve_check(world: &mut World, request: &CheckRequest) -> Result<CheckOutcome, String> {
    with_deck(world, |source, options| {
        check::resolve(source, request, options).map_err(|e| e.to_string())
    })
}

/// A trait test: one row of the trait's die; without the trait, the 4 column at rank 1
/// (docs/rules-decisions.md).
pub fn trait_skill(hero: &Hero, name: &str) -> Skill {
    match hero.traits.get(name) {
        Some(&die) => Skill::Skilled { level: 1, die },
        None => Skill::Unskilled { trait_rank: 1 },
    }
}

/// A skill check: the skill's level in the governing trait's die; unskilled, the 4 column at
/// rank 1.
pub fn skill_pool(hero: &Hero, skill: &str, trait_name: &str) -> Skill {
    match (hero.skills.get(skill), hero.traits.get(trait_name)) {
        (Some(&level), Some(&die)) => Skill::Skilled { level, die },
        (Some(&level), None) => Skill::Skilled {
            level,
            die: Die::D4,
        },
        (None, _) => Skill::Unskilled { trait_rank: 1 },
    }
}

/// "Each combat round begins with an initiative step."
fn initiative_step(world: &mut World) {
    {
        let mut s = world.resource_mut::<RoundState>();
        s.round += 1;
        s.segment = 0;
        s.declaring.clear();
        s.due.clear();
        s.stack.clear();
    }
    let round = world.resource::<RoundState>().round;
    log(
        world,
        None,
        "round",
        format!("Round {round} begins: the initiative step"),
        fields(&[]),
    );
    for e in heroes(world) {
        if let Some(mut moved) = world.get_mut::<MovedThisRound>(e) {
            moved.0 = None;
        }
        if let Some(mut appeared) = world.get_mut::<super::combat::AppearedThisRound>(e) {
            appeared.0 = false;
        }
        world.entity_mut(e).remove::<super::combat::AimLost>();
        let hero = world.get::<Hero>(e).cloned().expect("a hero");
        let down = world.get::<Down>(e).is_some_and(|d| d.0);
        let wounds = world.get::<Wounds>(e).cloned().unwrap_or_default();
        let debt = world.get::<Track>(e).map_or(0, |t| t.0.debt);
        if down {
            world.entity_mut(e).insert(Track(ActionTrack::idle()));
            continue;
        }
        if wounds.stunned {
            recovery(world, e, &hero, &wounds);
            continue;
        }
        let request = CheckRequest::simple(trait_skill(&hero, "Quickness"), INITIATIVE_TN);
        let outcome = match resolve_check(world, &request) {
            Ok(o) => o,
            Err(why) => {
                log(world, Some(e), "error", why, fields(&[]));
                continue;
            }
        };
        let step = outcome.resolution.as_ref().map_or(1, |r| r.cause.step);
        let start = initiative_segment(hero.initiative, &outcome, step);
        let ap = round_ap(hero.ap, wounds.worst());
        let carried = world
            .get::<Committed>(e)
            .map(|_| ())
            .and_then(|_| world.get::<Track>(e).and_then(|t| t.0.commitment.clone()));
        let track = ActionTrack::new(start, ap, debt, carried);
        let mut f = check_fields(&outcome);
        f.insert("in".into(), json!(hero.initiative));
        f.insert("first_segment".into(), json!(start));
        f.insert("ap".into(), json!(track.total));
        f.insert("step".into(), json!(step));
        log(
            world,
            Some(e),
            "initiative",
            format!(
                "{}: Quickness test, {}; IN {} -> first token at segment {start}, {} AP",
                hero.name,
                check_words(&outcome),
                hero.initiative,
                track.total
            ),
            f,
        );
        world.entity_mut(e).insert(Track(track));
    }
}

/// "Each round, stunned characters use their action (Recover, all APs) to attempt a recovery
/// check ... Any character that critically fails a recovery check immediately falls
/// unconscious."
fn recovery(world: &mut World, e: Entity, hero: &Hero, wounds: &Wounds) {
    world.entity_mut(e).insert(Track(ActionTrack::idle()));
    let tn = stun_tn(wounds.worst()).max(INITIATIVE_TN);
    let request = CheckRequest::simple(trait_skill(hero, "Fortitude"), tn);
    let Ok(outcome) = resolve_check(world, &request) else {
        return;
    };
    let verdict = if outcome.calamity {
        if let Some(mut d) = world.get_mut::<Down>(e) {
            d.0 = true;
        }
        "falls unconscious"
    } else if outcome.success {
        if let Some(mut w) = world.get_mut::<Wounds>(e) {
            w.stunned = false;
        }
        "shakes off the stun"
    } else {
        "is still stunned"
    };
    let mut f = check_fields(&outcome);
    f.insert("recovered".into(), json!(outcome.success));
    log(
        world,
        Some(e),
        "recovery",
        format!(
            "{} spends the round recovering: Fortitude, {}; {verdict}",
            hero.name,
            check_words(&outcome)
        ),
        f,
    );
}

/// The next segment: tokens are placed, mounts move, and the declaration order is set.
fn next_segment(world: &mut World) {
    let segment = {
        let mut s = world.resource_mut::<RoundState>();
        s.segment += 1;
        s.segment
    };
    let list = heroes(world);
    for &e in &list {
        if world.get::<Down>(e).is_some_and(|d| d.0) {
            continue;
        }
        let beyond = segment > SEGMENTS;
        let Some(mut track) = world.get_mut::<Track>(e) else {
            continue;
        };
        if beyond && !track.0.can_finish_beyond_20() {
            continue;
        }
        if track.0.place(segment) == Some(true) {
            track.0.take_paid();
            if let Some(Committed(command)) = world.entity_mut(e).take::<Committed>() {
                let name = name_of(world, e);
                log(
                    world,
                    Some(e),
                    "paid",
                    format!("{name} has paid for {}", command.name()),
                    fields(&[("action", json!(command.name()))]),
                );
                world.resource_mut::<RoundState>().due.push(command);
            }
        }
    }
    if segment <= SEGMENTS {
        move_mounts(world, segment);
        let mut order: Vec<(Entity, u32)> = list
            .iter()
            .filter(|&&e| may_declare(world, e))
            .map(|&e| (e, world.get::<Hero>(e).map_or(0, |h| h.quickness)))
            .collect();
        order.sort_by_key(|o| o.1);
        world.resource_mut::<RoundState>().declaring =
            action_time::declaration_order(&order).into();
    }
}

/// "After the conclusion of the 20th segment, or when the last character has spent their
/// last AP (whichever comes first), the round ends."
fn round_ends(world: &mut World) -> bool {
    let segment = world.resource::<RoundState>().segment;
    let list = heroes(world);
    let tracks: Vec<ActionTrack> = list
        .iter()
        .filter(|&&e| !world.get::<Down>(e).is_some_and(|d| d.0))
        .filter_map(|&e| world.get::<Track>(e).map(|t| t.0.clone()))
        .collect();
    if segment >= SEGMENTS {
        return !tracks.iter().any(|t| t.can_finish_beyond_20());
    }
    segment > 0 && tracks.iter().all(|t| t.finished())
}

fn end_round(world: &mut World) {
    let segment = world.resource::<RoundState>().segment;
    // A round ended early: the mounts still cover the rest of their round's movement.
    for s in segment + 1..=SEGMENTS {
        move_mounts(world, s);
    }
    let mut lost_by: Map<String, Value> = Map::new();
    for e in heroes(world) {
        let Some(mut track) = world.get_mut::<Track>(e) else {
            continue;
        };
        let (carried, lost) = track.0.end_round();
        if let Some(c) = &carried {
            track.0.commitment = Some(c.clone());
        }
        let name = name_of(world, e);
        if carried.is_none()
            && let Some(Committed(command)) = world.entity_mut(e).take::<Committed>()
        {
            log(
                world,
                Some(e),
                "lapsed",
                format!(
                    "{name}'s {} lapses unpaid: the AP spent on it are lost",
                    command.name()
                ),
                fields(&[("action", json!(command.name()))]),
            );
        }
        lost_by.insert(name, json!(lost));
    }
    let round = world.resource::<RoundState>().round;
    log(
        world,
        None,
        "round_end",
        format!("Round {round} ends after segment {segment}: unused AP are lost"),
        fields(&[("lost", Value::Object(lost_by))]),
    );
    let mut s = world.resource_mut::<RoundState>();
    s.round_over = true;
    s.completed = round;
    s.declaring.clear();
}

/// The segment's paid actions resolve: alone, or through the initiative stack.
fn resolve_due(world: &mut World) {
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

fn resolve_one(world: &mut World, command: BattleCommand, card: Option<Card>) {
    world.insert_resource(FlippedCard(card));
    let outcome = perform(world, command);
    // A card the action did not read (a move) is discarded after ordering the stack.
    if let Some(card) = world.remove_resource::<FlippedCard>().and_then(|f| f.0) {
        world.resource_mut::<ActionDeck>().deck.discard(card.number);
    }
    let hero = command.hero();
    // "since their last action": being shot at before it no longer shakes the next aim.
    world.entity_mut(hero).remove::<super::combat::UnderFire>();
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
    if !matches!(outcome, CommandOutcome::Shot { .. }) {
        log(world, Some(hero), kind, outcome.describe(&name), f);
    }
    world.write_message(outcome);
}

/// "Each character determines their bonus and once all are declared, all cards are flipped."
fn initiative_stack(world: &mut World, due: &[BattleCommand]) -> Vec<(BattleCommand, Card)> {
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
        ) && super::combat::single_action(world, hero);
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
fn stack_bonus(world: &mut World, hero: Entity) -> i32 {
    let Some(h) = world.get::<Hero>(hero).cloned() else {
        return 0;
    };
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

/// "Continuous action movement occurs before other actions, and proceeds from slowest to
/// fastest, based on Quickness value."
fn move_mounts(world: &mut World, segment: u32) {
    let mut q = world.query::<(Entity, &Mount)>();
    let movers: Vec<(Entity, u32)> = q
        .iter(world)
        .filter(|(_, m)| m.speed > 0)
        .map(|(e, m)| (e, m.quickness))
        .collect();
    for mount in action_time::continuous_order(&movers) {
        let m = world.get::<Mount>(mount).cloned().expect("a mount");
        let paces = continuous_paces(m.speed, segment);
        if paces == 0 {
            continue;
        }
        let facing = world.get::<Facing>(mount).map_or(0, |f| f.0);
        let blocked_by_rider = m.rider.unwrap_or(mount);
        let occupied = occupied_hexes(world, blocked_by_rider);
        let mut at = world.get::<HexPos>(mount).expect("a mount stands").0;
        let mut moved = 0;
        let mut blocked = None;
        for _ in 0..paces {
            let next = crate::rules::hexmap::step(at, facing);
            let battle = world.resource::<Battle>();
            let passable = battle.map.tile(next).is_some_and(|t| t.terrain.passable());
            if !passable || occupied.contains(&next) {
                blocked = Some(if passable {
                    "another figure"
                } else {
                    "the edge of the map or a wall"
                });
                break;
            }
            at = next;
            moved += 1;
        }
        if moved > 0 {
            world.get_mut::<HexPos>(mount).expect("a mount stands").0 = at;
            if let Some(rider) = m.rider {
                world.get_mut::<HexPos>(rider).expect("a rider stands").0 = at;
                if let Some(mut f) = world.get_mut::<Facing>(rider) {
                    f.0 = facing;
                }
            }
            let (c, r) = crate::rules::hexmap::offset_of(at);
            log(
                world,
                m.rider,
                "continuous_move",
                format!("{} moves {moved} pace(s) to {c},{r}", m.name),
                fields(&[
                    ("mount", json!(m.name)),
                    ("paces", json!(moved)),
                    ("to", json!((c, r))),
                    ("speed", json!(m.speed)),
                ]),
            );
        }
        if let Some(why) = blocked {
            world.get_mut::<Mount>(mount).expect("a mount").speed = 0;
            log(
                world,
                m.rider,
                "mount_halted",
                format!(
                    "{} is halted by {why}: the rider must steer and spur it on",
                    m.name
                ),
                fields(&[("mount", json!(m.name))]),
            );
        }
    }
    let _ = segment;
    // Riders keep their mount's hex (a rider moved by another rule stays in the saddle).
    let mut riders = world.query::<(Entity, &MountedOn)>();
    let pairs: Vec<(Entity, Entity)> = riders.iter(world).map(|(e, m)| (e, m.0)).collect();
    for (rider, mount) in pairs {
        if let Some(at) = world.get::<HexPos>(mount).map(|p| p.0)
            && let Some(mut pos) = world.get_mut::<HexPos>(rider)
        {
            pos.0 = at;
        }
    }
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
