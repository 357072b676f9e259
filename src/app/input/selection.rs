//! What the player has chosen in a battle and not yet sent: the hero, the hex pointed at,
//! walk or run, the shot and attack kinds, a series being put together.

use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;

/// A hex to point at when the cursor is not over the window (scripted screenshots).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ForcedHover(pub Option<hexx::Hex>);

/// The hero the player has selected, the hex under the cursor, and walk/run.
#[derive(Resource, Debug, Clone)]
pub struct Selection {
    pub hero: Option<Entity>,
    pub hovered: Option<hexx::Hex>,
    pub gait: Gait,
    /// The shot a right click on an enemy fires (F cycles).
    pub shot: ShotKind,
    /// A series being declared: targets and kinds in order (A adds, Z fires, N fans).
    pub series: Vec<(Entity, ShotKind)>,
    pub fan: bool,
    /// The hand-to-hand attack J makes (I cycles), and whether it is careful (Y).
    pub attack: AttackType,
    pub careful: bool,
    /// A series of blows being declared: foes, attack types and care, in order.
    pub blows: Vec<(Entity, AttackType, bool)>,
    /// A button that wants a hero on the map was clicked: the next left click on the map
    /// picks the hero it is for (a foe, an ally), as pointing and pressing its key would.
    pub pick: Option<super::bindings::BattleAction>,
    /// A word for the player while a hero declares (shown while that hero declares): another
    /// hero of the side was clicked, and why it is not selected.
    pub note: Option<(Entity, String)>,
}

impl Default for Selection {
    fn default() -> Self {
        Selection {
            hero: None,
            hovered: None,
            gait: Gait::Walk,
            shot: ShotKind::Normal,
            series: Vec::new(),
            fan: false,
            attack: AttackType::Standard,
            careful: false,
            blows: Vec::new(),
            pick: None,
            note: None,
        }
    }
}

/// The actions that are for a hero on the map (pointed at, or picked with a click after the
/// button): what each one wants.
pub fn wants_a_hero(action: super::bindings::BattleAction) -> Option<&'static str> {
    use super::bindings::BattleAction as A;
    match action {
        A::MeleeAttack | A::AddBlow => Some("a foe within a pace"),
        A::ShootOffHand | A::AddToSeries | A::Sabotage => Some("an enemy"),
        A::BackUp => Some("an ally who holds no bonus counter"),
        A::Revive => Some("an unconscious ally beside the hero"),
        _ => None,
    }
}

/// The order F cycles the shot kinds in.
pub fn next_shot(kind: ShotKind) -> ShotKind {
    match kind {
        ShotKind::Snap => ShotKind::Normal,
        ShotKind::Normal => ShotKind::Aimed(1),
        ShotKind::Aimed(1) => ShotKind::Aimed(2),
        ShotKind::Aimed(_) => ShotKind::Snap,
    }
}

/// A note to the declaring hero (a refusal, what F passed over) holds for the round it was
/// written in: a play-test read "F passed over aimed shot (5 AP) ... 3 AP left this round"
/// the next round, with 8 AP in front.
pub(super) fn notes_of_a_past_round(
    round: Option<Res<crate::sim::model::RoundState>>,
    mut selection: ResMut<Selection>,
    mut at: Local<u32>,
) {
    let Some(round) = round else { return };
    let now = round.round;
    if *at != now {
        *at = now;
        if selection.note.is_some() {
            selection.note = None;
        }
    }
}

/// F passes over a shot the hero's AP left this round cannot pay (the simulation would refuse
/// it at the click): a play-test's F came to an aimed shot with too few AP left, and the right
/// click was refused. The kind F came to is kept only when no other one fits either; the
/// panel says what was passed over. Runs after the desk's keys, on the kind F changed.
pub(super) fn shots_the_round_pays(world: &mut World, mut last: Local<Option<(Entity, ShotKind)>>) {
    let Some(selection) = world.get_resource::<Selection>() else {
        return;
    };
    let Some(hero) = selection.hero else {
        *last = None;
        return;
    };
    let kind = selection.shot;
    let was = last.replace((hero, kind));
    let cycled = was.is_some_and(|(h, k)| h == hero && k != kind && next_shot(k) == kind);
    if !cycled {
        return;
    }
    let left = world
        .get::<crate::sim::model::Track>(hero)
        .map_or(0, |t| t.0.left());
    let ap = |k| crate::sim::actions::ranged::kind_ap(world, hero, k);
    if ap(kind).is_none_or(|ap| ap <= left) {
        return;
    }
    let mut passed = vec![kind];
    let mut next = next_shot(kind);
    while next != kind && ap(next).is_some_and(|ap| ap > left) {
        passed.push(next);
        next = next_shot(next);
    }
    if next == kind {
        return;
    }
    let words = passed
        .iter()
        .map(|&k| format!("{} ({} AP)", k.name(), ap(k).unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(", ");
    let note = format!(
        "F passed over {words}: {} AP left this round; now a {}",
        left,
        next.name()
    );
    *last = Some((hero, next));
    let mut selection = world.resource_mut::<Selection>();
    selection.shot = next;
    selection.note = Some((hero, note));
}

/// A hero under fire whose aim holds on less than an even Bravery check starts its declaration
/// with a snap shot (2 AP) rather than the normal shot (3 AP) that would likely be a snap shot
/// anyway: a play-test's right clicks under fire lost the aim four times of six, each paying an
/// AP for nothing. The panel says so, and F still makes it a normal shot. Once a declaration.
pub(super) fn snap_when_the_aim_will_not_hold(
    world: &mut World,
    mut last: Local<Option<(Entity, (u32, u32))>>,
) {
    let Some(hero) = world.get_resource::<Selection>().and_then(|s| s.hero) else {
        *last = None;
        return;
    };
    let Some(round) = world.get_resource::<crate::sim::model::RoundState>() else {
        return;
    };
    let now = (hero, round.now());
    if last.replace(now) == Some(now) {
        return;
    }
    if world.resource::<Selection>().shot != ShotKind::Normal
        || !crate::sim::query::carries_ranged(world, hero)
    {
        return;
    }
    let Some(fire) = world.get::<crate::sim::model::UnderFire>(hero).copied() else {
        return;
    };
    let keeps = crate::sim::actions::ranged::aim_keeps(world, hero, fire);
    if keeps >= 0.5 {
        return;
    }
    let note = format!(
        "Under fire, the aim holds on a Bravery check at {:.0}%: a right click snaps the shot \
         (F: a normal shot)",
        keeps * 100.0
    );
    let mut selection = world.resource_mut::<Selection>();
    selection.shot = ShotKind::Snap;
    selection.note = Some((hero, note));
}

/// "Draw, cock and shoot": declarations queued for heroes and sent one per declaration, each
/// still its own `Intent::Declare` as the rules demand. Each hero has its own plan: a second
/// hero's plan does not take the first one's place.
#[derive(Resource, Debug, Clone, Default)]
pub struct QueuedPlan(pub Vec<HeroPlan>);

/// One hero's queued declarations.
#[derive(Debug, Clone)]
pub struct HeroPlan {
    pub hero: crate::sim::HeroId,
    pub steps: std::collections::VecDeque<crate::sim::Action>,
    /// In words, for the banner: "draw, cock and shoot Hank".
    pub what: String,
}

/// The match the queued plans were made in, as it stood when the battle was left: its id (kept
/// in its file) and its journal's length. Coming back to that match (Continue, or back from the
/// Esc menu's settings) keeps the plans; any other match starts with none (a play-test's plan
/// queued in one battle fired for another hero in the next: "refused: no line of fire").
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PlansLeftIn(pub Option<(String, usize)>);

impl PlansLeftIn {
    /// The match the world holds now, as `PlansLeftIn` marks it.
    pub fn mark(world: &World) -> Option<(String, usize)> {
        let id = world
            .get_resource::<crate::sim::model::MatchId>()?
            .0
            .clone();
        let journal = world.get_resource::<crate::sim::model::Journal>()?.0.len();
        Some((id, journal))
    }
}

/// The battle left (before its match ends): the match its plans were made in is kept.
pub fn remember_where_plans_were_made(world: &mut World) {
    let mark = PlansLeftIn::mark(world);
    world.insert_resource(PlansLeftIn(mark));
}

/// A match built (begun, loaded, resumed: its id set anew): the queued plans go unless it is
/// the match they were made in, where it was left.
pub(super) fn plans_of_this_match_only(world: &mut World) {
    if !world
        .get_resource_ref::<crate::sim::model::MatchId>()
        .is_some_and(|id| id.is_changed())
    {
        return;
    }
    let here = PlansLeftIn::mark(world);
    let left = world
        .get_resource::<PlansLeftIn>()
        .and_then(|p| p.0.clone());
    if here.is_none() || here != left {
        world.resource_mut::<QueuedPlan>().clear();
    }
}

impl QueuedPlan {
    /// Every plan off (a match loaded or rebuilt).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The hero's plan off.
    pub fn drop_hero(&mut self, hero: crate::sim::HeroId) {
        self.0.retain(|p| p.hero != hero);
    }

    /// The hero's plan, if it has one.
    pub fn of(&self, hero: crate::sim::HeroId) -> Option<&HeroPlan> {
        self.0.iter().find(|p| p.hero == hero)
    }

    /// Does the hero have a plan queued?
    pub fn holds(&self, hero: crate::sim::HeroId) -> bool {
        self.of(hero).is_some()
    }

    /// Queue a plan for the hero, in place of the one it had.
    pub fn queue(
        &mut self,
        hero: crate::sim::HeroId,
        steps: impl IntoIterator<Item = crate::sim::Action>,
        what: String,
    ) {
        self.drop_hero(hero);
        self.0.push(HeroPlan {
            hero,
            steps: steps.into_iter().collect(),
            what,
        });
    }

    /// The next step of the hero's plan, taken off it (the plan goes when it is empty).
    pub fn next_step(&mut self, hero: crate::sim::HeroId) -> Option<crate::sim::Action> {
        let plan = self.0.iter_mut().find(|p| p.hero == hero)?;
        let step = plan.steps.pop_front();
        if plan.steps.is_empty() {
            self.drop_hero(hero);
        }
        step
    }
}

/// What a right click on the enemy pointed at would queue when the weapon must first be
/// readied or cocked: the steps, their AP and the segment the shot would fire in (the preview
/// prices it).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct PlanOffer {
    pub target: Option<hexx::Hex>,
    pub steps: Vec<crate::sim::Action>,
    pub ap: u32,
    pub fires_in: Option<u32>,
    pub what: String,
    /// The hero and the foe's hex the preview last looked at (with a plan to offer or none):
    /// a right click at a foe the pointer has only just reached waits a frame for it.
    pub looked_at: Option<(Entity, hexx::Hex)>,
}
