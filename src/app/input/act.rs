//! What the keys and the mouse do in a battle: each becomes an `Intent` (or a choice kept in
//! the `Selection` until it is sent).

use super::bindings::BattleAction;
use super::bindings::Bindings;
use super::clicks::BattleInput;
use super::desk::{Aim, DeskView, desk_intent};
use super::selection::{PlanOffer, QueuedPlan, Selection, next_shot, wants_a_hero};
use crate::app::hotseat::HotSeat;
use crate::app::state::{Pause, Screen};
use crate::rules::melee::MAX_ATTACKS;
use crate::rules::movement::Gait;
use crate::rules::ranged::MAX_SHOTS;
use crate::sim::intent::{Action, HeroId, Intent};
use crate::sim::model::{
    Battle, Hero, HexPos, Journal, PendingBumps, PendingSnap, RoundState, Side,
};
use bevy::prelude::*;

/// Esc opens and closes the Esc menu; in it, M quits to the main menu.
pub(super) fn pause_keys(
    actions: BattleInput,
    pause: Res<State<Pause>>,
    mut next_pause: ResMut<NextState<Pause>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let paused = *pause.get() == Pause::Paused;
    if actions.just_pressed(BattleAction::Quit) {
        next_pause.set(if paused {
            Pause::Running
        } else {
            Pause::Paused
        });
    }
    if paused && actions.just_pressed(BattleAction::QuitToMenu) {
        screen.set(Screen::MainMenu);
    }
}

/// The actions that send an intent, in the order one frame sends them.
const SENDING: [BattleAction; 32] = {
    use BattleAction as A;
    [
        A::Reload,
        A::Venture,
        A::SpendWill,
        A::BonusSpend,
        A::BackUp,
        A::Revive,
        A::TakeOrDrop,
        A::Sabotage,
        A::SpeedLoad,
        A::StrikeBlows,
        A::Rush,
        A::ReadyOffHand,
        A::ShootOffHand,
        A::MeleeAttack,
        A::Block,
        A::Dodge,
        A::StackSpend,
        A::MountOrDismount,
        A::Escape,
        A::Disengage,
        A::FireSeries,
        A::MoveHere,
        A::TurnLeft,
        A::TurnRight,
        A::Rein,
        A::DropProne,
        A::StandUp,
        A::DuckBehindCover,
        A::EmergeFromCover,
        A::ReadyWeapon,
        A::Cock,
        A::WorkObjective,
    ]
};

/// The heroes on the map: entity, hero, hex, side, id.
type Heroes<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Hero,
        &'static HexPos,
        &'static Side,
        &'static HeroId,
    ),
>;

/// Keys, mouse buttons and the bar's buttons at the desk: the hero selected, the choices kept
/// in the selection, and every intent (built by `desk_intent`, the door the bar prices).
pub(super) fn act(
    actions: BattleInput,
    (pause, pending): (
        Res<State<Pause>>,
        (Option<Res<PendingBumps>>, Option<Res<PendingSnap>>),
    ),
    (mut selection, mut seat, mut plan): (ResMut<Selection>, ResMut<HotSeat>, ResMut<QueuedPlan>),
    heroes: Heroes,
    mut intents: MessageWriter<Intent>,
    (round, offer, battle, keys): (Res<RoundState>, Res<PlanOffer>, Res<Battle>, Res<Bindings>),
    view: DeskView,
    (time, mut last, mut toast, mut held): (
        Res<Time>,
        Local<Option<(f64, HeroId)>>,
        Option<ResMut<crate::app::saves::Toast>>,
        Local<Option<(Entity, hexx::Hex)>>,
    ),
) {
    // A hit waits for its bumps to be spent (the HUD's box takes that choice).
    if *pause.get() == Pause::Paused || pending.0.is_some() || pending.1.is_some() {
        return;
    }
    let Some(picked) = take_pick(&actions, &mut selection) else {
        return;
    };
    // The hero declaring, when a player at the desk declares for it: Enter and Hero done
    // are never a computer's hero's (a play-test's key press during the computer's turn made
    // its Miranda hold for the round, with no reason).
    let declarer = round
        .declarer()
        .and_then(|e| heroes.get(e).ok())
        .filter(|h| battle.level.human_side(h.3.0))
        .map(|h| *h.4);
    end_or_hold(
        &actions,
        declarer,
        &mut seat,
        &mut selection,
        &mut plan,
        &mut intents,
    );
    if seat.awaiting_handoff {
        return;
    }
    let Some(active) = seat.desk_side(&battle.level) else {
        return;
    };
    // The left click's words at the top of the window too: in the panel a play-test read
    // them cut off ("A right click acts on the map; at a foe it shoots (or...").
    if select_hero(&actions, picked, &round, &heroes, active, &mut selection)
        && let Some(toast) = toast.as_mut()
    {
        toast.say(LEFT_CLICK_WORDS);
    }
    keep_choices(&actions, &mut selection);
    let Some(entity) = selection.hero else { return };
    let Ok(&hero) = heroes.get(entity).map(|h| h.4) else {
        return;
    };
    let aim = aim_at(&heroes, selection.hovered, active, entity);
    let click = right_click_now(&actions, &offer, (entity, aim), &mut held);
    let pressed = |a: BattleAction| {
        (if a == BattleAction::MoveHere {
            click
        } else {
            actions.just_pressed(a)
        }) || picked == Some(a)
    };
    start_picks(&actions, aim, &mut selection);
    gather_targets(&pressed, aim, &mut selection);
    let noted_before = selection.note.clone();
    // Right click on an enemy the offered plan is for: draw, cock and shoot, queued.
    let queued = click && queue_offer(&offer, (entity, hero), aim, &mut selection, &mut plan);
    let now = time.elapsed_secs_f64();
    let echo = click && second_click(*last, hero, now);
    // The right click was the plan's, or the echo of the last hero's: it sends nothing more.
    let sends = |a: BattleAction| pressed(a) && !((queued || echo) && a == BattleAction::MoveHere);
    let (out, mut refused) = intents_pressed(sends, (&view, &selection, &keys), entity, aim);
    if echo {
        refused = refused.or(Some(echo_words(heroes.get(entity).ok().map(|h| h.1))));
    }
    if out.iter().any(|i| matches!(i, Intent::Declare(_))) {
        *last = Some((now, hero));
    }
    send(out, &mut selection, &mut plan, &mut intents);
    if let Some(why) = refused {
        selection.note = Some((entity, why));
    }
    if click && !echo {
        say_over_the_map(&selection, noted_before, toast.as_deref_mut());
    }
}

/// The intents of the actions `sends` lets through this frame, built by `desk_intent` for
/// the hero `entity` aiming at `aim`, and the words of the last refused.
fn intents_pressed(
    sends: impl Fn(BattleAction) -> bool,
    (view, selection, keys): (&DeskView, &Selection, &Bindings),
    entity: Entity,
    aim: Aim,
) -> (Vec<Intent>, Option<String>) {
    let mut out = Vec::new();
    let mut refused = None;
    for action in SENDING.into_iter().filter(|&a| sends(a)) {
        // A button for a hero on the map with nobody fitting pointed at: the pick waits for a
        // click on the map (`start_picks`).
        let fits = match action {
            BattleAction::BackUp | BattleAction::Revive => aim.ally.is_some(),
            _ => wants_a_hero(action).is_none() || aim.enemy.is_some(),
        };
        if !fits {
            continue;
        }
        match desk_intent(view, selection, keys, entity, action, aim) {
            Some(Ok(intent)) => out.push(intent),
            Some(Err(why)) => refused = Some(format!("Not declared: {}", keys.refusal(&why))),
            None => {}
        }
    }
    (out, refused)
}

/// Whether the right click acts this frame. A click at a foe the pointer has only just
/// reached comes before the preview has looked at that foe (it runs later in the frame), so
/// the plan it offers there (draw, cock and shoot) is not known yet: the click waits one
/// frame for it (`held`), and acts then. A play-test's right click 0.15 s after reaching a
/// foe was refused "no weapon in hand" while the pointer offered the plan.
fn right_click_now(
    actions: &BattleInput,
    offer: &PlanOffer,
    (entity, aim): (Entity, Aim),
    held: &mut Option<(Entity, hexx::Hex)>,
) -> bool {
    let here = aim.hex.map(|hex| (entity, hex));
    let waited = held.take().is_some_and(|h| Some(h) == here);
    if waited {
        return true;
    }
    let clicked = actions.just_pressed(BattleAction::MoveHere);
    if clicked && aim.enemy.is_some() && offer.looked_at != here {
        *held = here;
        return false;
    }
    clicked
}

/// What the pointer at `hovered` aims at for the hero `entity` of the side `active`: the
/// enemy or the ally standing there, and the hex.
fn aim_at(heroes: &Heroes, hovered: Option<hexx::Hex>, active: usize, entity: Entity) -> Aim {
    let standing = |ours: bool| {
        hovered.and_then(|to| {
            heroes
                .iter()
                .find(|h| h.2.0 == to && (h.3.0 == active) == ours && h.0 != entity)
                .map(|h| h.0)
        })
    };
    Aim {
        enemy: standing(false),
        ally: standing(true),
        hex: hovered,
    }
}

/// A right click on the map that sends nothing says why over the map too, when it wrote a
/// new word in the panel (`before`: the panel's word then): the panel's words may lie below
/// the fold (a play-test's right click at a foe did nothing it could see, "Not queued"
/// standing unread in the panel).
fn say_over_the_map(
    selection: &Selection,
    before: Option<(Entity, String)>,
    toast: Option<&mut crate::app::saves::Toast>,
) {
    if selection.note != before
        && let Some((_, why)) = selection.note.as_ref()
        && let Some(toast) = toast
    {
        toast.say(why.clone());
    }
}

/// A right click within this many seconds of a declaration by another hero is the second
/// click of a double click, not an order for the hero whose declaration came next (a
/// play-test's double right click moved the next hero too).
const SECOND_CLICK: f64 = 0.5;

/// What the panel says of a second click let go.
fn echo_words(hero: Option<&Hero>) -> String {
    format!(
        "Now {}'s declaration: the click came as the last hero's ended, so it was not taken; click again to act",
        hero.map_or("the next hero", |h| h.name.as_str())
    )
}

/// Whether a right click now, with `hero` to declare, comes too soon after the `last`
/// declaration of another hero (when, and whose) to be meant for `hero`.
fn second_click(last: Option<(f64, HeroId)>, hero: HeroId, now: f64) -> bool {
    last.is_some_and(|(at, h)| h != hero && now - at < SECOND_CLICK)
}

/// A button that wants a hero on the map was clicked: this left click on the map picks it (a
/// right click lets it go). `None`: the frame is spent letting the pick go.
fn take_pick(actions: &BattleInput, selection: &mut Selection) -> Option<Option<BattleAction>> {
    match selection.pick {
        Some(p) if actions.just_pressed(BattleAction::Select) && selection.hovered.is_some() => {
            selection.pick = None;
            Some(Some(p))
        }
        Some(_) if actions.just_pressed(BattleAction::MoveHere) => {
            selection.pick = None;
            None
        }
        _ => Some(None),
    }
}

/// End the declaration (or take the seat handed over), or hold the round.
fn end_or_hold(
    actions: &BattleInput,
    declarer: Option<HeroId>,
    seat: &mut HotSeat,
    selection: &mut Selection,
    plan: &mut QueuedPlan,
    intents: &mut MessageWriter<Intent>,
) {
    if actions.just_pressed(BattleAction::EndDeclaration) {
        if seat.awaiting_handoff {
            seat.awaiting_handoff = false;
        } else if let Some(hero) = declarer {
            intents.write(Intent::Pass { hero });
            plan.drop_hero(hero);
            selection.note = None;
        }
        selection.hero = None;
        selection.pick = None;
        selection.blows.clear();
    }
    if !seat.awaiting_handoff
        && actions.just_pressed(BattleAction::HoldRound)
        && let Some(hero) = declarer
    {
        intents.write(Intent::Hold { hero });
        plan.drop_hero(hero);
    }
}

/// The word to a player passing segment after segment: `hero` passed in each of the three
/// segments before `now` (round, segment), as the journal has it.
pub fn hold_hint(
    journal: &Journal,
    hero: HeroId,
    (round, segment): (u32, u32),
    keys: &Bindings,
) -> Option<String> {
    let passed = |s: u32| {
        journal
            .0
            .iter()
            .rev()
            .take_while(|e| e.round == round)
            .any(|e| e.segment == s && e.intent == Intent::Pass { hero })
    };
    (segment > 3 && (1..=3).all(|back| passed(segment - back))).then(|| {
        format!(
            "Passing segment by segment? Hero done ({}): this hero declares nothing more this round, its AP left lost at the round's end",
            keys.key(BattleAction::HoldRound)
        )
    })
}

/// The selected hero: while a hero of the desk declares, that one (the bar, the previews and
/// every click are for it); between its declarations the player may select another.
/// What a left click on the map says: it is the right click that acts there.
pub const LEFT_CLICK_WORDS: &str = "A right click acts on the map: at a foe it shoots (or strikes, beside it), on a hex it goes there. A left click picks the target of a button pressed first.";

/// The hero selected; true when a left click on the map did nothing (its words are said).
fn select_hero(
    actions: &BattleInput,
    picked: Option<BattleAction>,
    round: &RoundState,
    heroes: &Heroes,
    active: usize,
    selection: &mut Selection,
) -> bool {
    let mut own: Vec<_> = heroes.iter().filter(|h| h.3.0 == active).collect();
    own.sort_by(|a, b| a.1.name.cmp(&b.1.name));
    let clicked_own = |selection: &Selection| -> Option<Entity> {
        let click = actions.just_pressed(BattleAction::Select)
            && picked.is_none()
            && selection.pick.is_none();
        let hex = selection.hovered.filter(|_| click)?;
        own.iter().find(|x| x.2.0 == hex).map(|h| h.0)
    };
    if let Some(e) = round.declarer().filter(|e| own.iter().any(|h| h.0 == *e)) {
        // Another hero of the side clicked (or Tab) while this one declares: say why the
        // selection stays.
        let other = clicked_own(selection).is_some_and(|h| h != e);
        if other || actions.just_pressed(BattleAction::NextHero) {
            let name = heroes.get(e).map_or(String::new(), |h| h.1.name.clone());
            selection.note = Some((
                e,
                format!(
                    "It is {name}'s declaration now: your other heroes declare in their turn, by Quickness"
                ),
            ));
        }
        // A left click on a foe or an empty hex does nothing: say what does (a play-test's
        // new player clicked first and saw nothing happen).
        let on_the_map = actions.just_pressed(BattleAction::Select)
            && picked.is_none()
            && selection.pick.is_none()
            && selection
                .hovered
                .is_some_and(|hex| !own.iter().any(|h| h.2.0 == hex));
        if on_the_map {
            selection.note = Some((e, LEFT_CLICK_WORDS.into()));
        }
        selection.hero = Some(e);
        return on_the_map;
    }
    if selection.hero.is_none_or(|e| !own.iter().any(|h| h.0 == e)) {
        selection.hero = own.first().map(|h| h.0);
    }
    if let Some(h) = clicked_own(selection) {
        selection.hero = Some(h);
    }
    if actions.just_pressed(BattleAction::NextHero) && !own.is_empty() {
        let i = own
            .iter()
            .position(|h| Some(h.0) == selection.hero)
            .map_or(0, |i| (i + 1) % own.len());
        selection.hero = Some(own[i].0);
    }
    false
}

/// The choices kept in the selection until an action is sent: walk or run, the shot, fanning,
/// the attack and care.
fn keep_choices(actions: &BattleInput, selection: &mut Selection) {
    if actions.just_pressed(BattleAction::ToggleRun) {
        selection.gait = if selection.gait == Gait::Walk {
            Gait::Run
        } else {
            Gait::Walk
        };
    }
    if actions.just_pressed(BattleAction::CycleShot) {
        selection.shot = next_shot(selection.shot);
    }
    if actions.just_pressed(BattleAction::ToggleFan) {
        selection.fan = !selection.fan;
    }
    if actions.just_pressed(BattleAction::CycleAttack) {
        selection.attack = selection.attack.next();
    }
    if actions.just_pressed(BattleAction::ToggleCareful) {
        selection.careful = !selection.careful;
    }
}

/// A button for a hero on the map, clicked (or its key pressed) with nobody fitting pointed
/// at: the next click on the map picks the hero (pressed again: let go).
fn start_picks(actions: &BattleInput, aim: Aim, selection: &mut Selection) {
    for action in [
        BattleAction::MeleeAttack,
        BattleAction::AddBlow,
        BattleAction::ShootOffHand,
        BattleAction::AddToSeries,
        BattleAction::Sabotage,
        BattleAction::BackUp,
        BattleAction::Revive,
    ] {
        if !actions.just_pressed(action) || wants_a_hero(action).is_none() {
            continue;
        }
        let ally = matches!(action, BattleAction::BackUp | BattleAction::Revive);
        let fits = if ally {
            aim.ally.is_some()
        } else {
            aim.enemy.is_some()
        };
        if !fits {
            selection.pick = if selection.pick == Some(action) {
                None
            } else {
                Some(action)
            };
        }
    }
}

/// The foe pointed at joins the series of blows, the enemy the series of shots.
fn gather_targets(pressed: &impl Fn(BattleAction) -> bool, aim: Aim, selection: &mut Selection) {
    let Some(e) = aim.enemy else { return };
    if pressed(BattleAction::AddBlow) && selection.blows.len() < MAX_ATTACKS as usize {
        let (attack, careful) = (selection.attack, selection.careful);
        selection.blows.push((e, attack, careful));
    }
    if pressed(BattleAction::AddToSeries) && selection.series.len() < MAX_SHOTS {
        let kind = selection.shot;
        selection.series.push((e, kind));
    }
}

/// A right click on the enemy the offered plan is for: the plan (draw, cock and shoot) is
/// queued, or the player is told why not. True when the click was the plan's.
fn queue_offer(
    offer: &PlanOffer,
    (entity, hero): (Entity, HeroId),
    aim: Aim,
    selection: &mut Selection,
    plan: &mut QueuedPlan,
) -> bool {
    let ours = offer.target.is_some()
        && offer.target == aim.hex
        && aim.enemy.is_some()
        && offer.steps.first().is_some_and(|s| s.hero() == hero);
    if !ours {
        return false;
    }
    if offer.fires_in.is_some() {
        plan.queue(hero, offer.steps.iter().cloned(), offer.what.clone());
    } else {
        // A plan its own hero cannot pay this round is not started: its first steps would
        // spend AP for a shot that never comes.
        selection.note = Some((
            entity,
            format!(
                "Not queued: {} ({} AP) cannot be paid this round",
                offer.what, offer.ap
            ),
        ));
    }
    true
}

/// Send the frame's intents: a series sent is begun afresh, a declaration takes the place of
/// the hero's plan and of any word about it.
fn send(
    out: Vec<Intent>,
    selection: &mut Selection,
    plan: &mut QueuedPlan,
    intents: &mut MessageWriter<Intent>,
) {
    for intent in &out {
        match intent {
            Intent::Declare(Action::Series { .. }) | Intent::Rush(Action::Series { .. }) => {
                selection.series.clear();
            }
            Intent::Declare(Action::MeleeSeries { .. })
            | Intent::Rush(Action::MeleeSeries { .. }) => selection.blows.clear(),
            _ => {}
        }
        plan.drop_hero(intent.hero());
    }
    if out
        .iter()
        .any(|i| matches!(i, Intent::Declare(_) | Intent::Rush(_)))
    {
        selection.pick = None;
    }
    if !out.is_empty() {
        selection.note = None;
    }
    intents.write_batch(out);
}

/// The queued plan's next step, when its hero declares (one declaration each time).
pub(super) fn send_plan(
    pause: Res<State<Pause>>,
    seat: Res<HotSeat>,
    round: Res<RoundState>,
    ids: Query<&HeroId>,
    mut plan: ResMut<QueuedPlan>,
    mut outcomes: MessageReader<crate::sim::Outcome>,
    mut intents: MessageWriter<Intent>,
    fallen: Query<(&HeroId, &crate::sim::model::Down)>,
) {
    // A step refused: that hero's plan is off (the panel says why).
    for outcome in outcomes.read() {
        if let crate::sim::Outcome::Refused { hero, .. } = outcome {
            plan.drop_hero(*hero);
        }
    }
    // A fallen hero's plan is off: a play-test's banner said "1 more plan queued" for two
    // rounds after Cyril died with a cock-and-shoot queued.
    for (id, down) in &fallen {
        if down.0 && plan.holds(*id) {
            plan.drop_hero(*id);
        }
    }
    if plan.0.is_empty() || *pause.get() == Pause::Paused || seat.awaiting_handoff {
        return;
    }
    let Some(hero) = round.declarer().and_then(|e| ids.get(e).ok()).copied() else {
        return;
    };
    if let Some(step) = plan.next_step(hero) {
        intents.write(Intent::Declare(step));
    }
}
