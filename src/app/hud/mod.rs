//! The heads-up display of a battle: the hero panel, the movement preview, the banner saying
//! whose declaration it is, and the hot-seat handoff screen.

mod banner;
mod bar;
mod blow_preview;
mod bump_words;
mod bumps;
mod card_view;
pub mod cards;
mod choices;
mod counter_marks;
mod counters_view;
mod cursor;
mod give_up;
mod glossary;
mod label_place;
mod legend;
pub mod objectives_view;
mod offscreen;
mod plan;
mod preview;
mod shot_preview;
mod stun;

pub use banner::{NOTICE_CHARS, one_line};
pub use bar::*;
pub use bump_words::option_words;
pub use bumps::{
    BumpBox, BumpChoice, CHOICE_BOX_H, ChoiceAbout, SnapBox, SnapChoice, choice_box,
    choice_box_at_right,
};
pub use card_view::{
    CardButton, CardCell, CardRead, CardShown, CellMark, Mark, Marked, card_read, card_words,
    corner_face,
};
pub use choices::{ChoicesView, HeroChoices, choices_words, system_words};
pub use counter_marks::{AreaMark, ItemMark};
pub use counters_view::{
    CounterFold, CounterRow, CounterSlot, CounterStrip, CounterTally, CountersDucked,
    CountersFolded, SlotLook, fold_words, slot_looks, tally_words, tip_words,
};
pub use cursor::*;
pub use give_up::{GiveUpBox, GiveUpChoice};
pub use glossary::*;
pub use legend::*;
pub use offscreen::{OffscreenMark, offscreen_words};
pub use plan::*;
pub use preview::*;
pub use shot_preview::*;

use crate::app::frame::Panel;
use crate::app::input::{BattleAction, Bindings, Selection};
use crate::app::state::Screen;
use crate::sim::Outcome;
use crate::sim::model::{
    Battle, Down, Hero, HexPos, Prone, RoundState, Side, SideInfo, StackSpend, Track, Weapons,
    Wounds,
};
use bevy::prelude::*;

/// The panel, preview, banner and handoff screen of a battle.
pub struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EngagementView>()
            .init_resource::<CountersFolded>()
            .init_resource::<CountersDucked>()
            .init_resource::<CursorInfo>()
            .init_resource::<ReachView>()
            .init_resource::<BarView>()
            .init_resource::<CardRead>()
            .init_resource::<card_view::CardShown>()
            .init_resource::<ChoicesView>()
            .init_resource::<stun::StunOdds>()
            .add_systems(
                Update,
                (
                    bumps::weigh_bump_fates,
                    bumps::spend_bumps,
                    bumps::snap_or_hold,
                    give_up::give_up_or_pay,
                    bumps::place_choice_boxes,
                )
                    .chain()
                    .in_set(crate::sim::SimSystems::Intent)
                    .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
            )
            .add_systems(
                Update,
                (
                    preview_moves,
                    preview_shot,
                    marker_words,
                    engagement_view,
                    choices::choices_view,
                    update_panel,
                    stun::weigh_recovery,
                    cards::draw_cards,
                    banner::update_banner,
                    choices::update_banner_line,
                    counters_and_goals(),
                    (spawn_bar, price_bar, show_bar).chain(),
                    offscreen::mark_offscreen_sides,
                    (
                        cursor_label,
                        draw_reach,
                        show_legend,
                        (
                            card_view::spawn_card_grid,
                            card_view::toggle_card,
                            card_view::show_card,
                        )
                            .chain(),
                        explain_terms,
                    ),
                )
                    .chain()
                    .after(crate::app::board::BoardSystems::Figures)
                    .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
            );
    }
}

/// The level's counters over the map, its areas and items, its objectives' hexes and
/// victories: in a battle and in the replay viewer alike.
pub fn counters_and_goals()
-> bevy::ecs::schedule::ScheduleConfigs<bevy::ecs::system::ScheduleSystem> {
    (
        counters_view::spawn_counter_strip,
        counters_view::duck_counters,
        counters_view::fold_counters,
        counters_view::show_counters,
        counter_marks::mark_areas,
        counter_marks::mark_items,
        objectives_view::mark_objectives,
    )
        .chain()
        .into_configs()
}

/// The heroes as the panel lists them.
type PanelHeroes<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Hero,
        &'static Side,
        &'static HexPos,
        &'static Track,
        &'static Weapons,
        &'static Prone,
        &'static Wounds,
        &'static Down,
        &'static crate::sim::HeroId,
    ),
>;

pub(super) fn update_panel(
    battle: Res<Battle>,
    (selection, journal): (
        Option<Res<Selection>>,
        Option<Res<crate::sim::model::Journal>>,
    ),
    keys: Res<Bindings>,
    preview: Option<Res<MovePreview>>,
    mut refusals: MessageReader<Outcome>,
    mut last: Local<(String, u32, bool)>,
    heroes: PanelHeroes,
    sides: Query<&SideInfo>,
    mut panel: Query<&mut Text, With<Panel>>,
    engagement: Res<EngagementView>,
    paying: (Query<&crate::sim::model::Committed>, Res<RoundState>),
    stack_spend: Query<&StackSpend>,
    choices: Res<ChoicesView>,
    bar: Res<BarView>,
    carrying: Query<(Entity, &crate::sim::counters::Carrying)>,
) {
    let Ok(mut text) = panel.single_mut() else {
        return;
    };
    let notes = panel_notes(&engagement.0, &carrying, &battle);
    let engagement = &notes;
    // A new match (a battle begun or loaded), or a new round: the last word goes with it
    // (a refusal of last round's plan is not news this round).
    let round = paying.1.round;
    if battle.is_changed() || last.1 != round {
        *last = (String::new(), round, false);
    }
    let name = |id| heroes.iter().find(|h| *h.9 == id).map(|h| h.1.name.clone());
    for outcome in refusals.read() {
        let name = name(outcome.hero()).unwrap_or_default();
        last.0 = last_word(outcome, &name, &keys);
        last.2 = matches!(outcome, Outcome::Refused { .. });
    }
    let selected = selection.as_ref().and_then(|s| s.hero);
    let mut s = first_words((&last.0, last.2), preview.as_deref());
    let id = |e: Entity| heroes.get(e).ok().map(|h| *h.9);
    let journal = journal.as_deref();
    s.push_str(&to_the_declarer(
        selection.as_deref(),
        journal,
        id,
        &paying.1,
        &keys,
    ));
    if let Some(sel) = selection.as_ref() {
        s.push_str(&gathered_words(sel, &heroes, &keys, &bar));
    }
    s.push('\n');
    let line = |h| {
        hero_line(
            h,
            selected,
            &keys,
            engagement,
            &paying,
            &stack_spend,
            &choices,
        )
    };
    let mut side_list: Vec<&SideInfo> = sides.iter().collect();
    side_list.sort_by_key(|i| i.index);
    for side in side_list {
        let pool = choices.pools.get(&side.index).copied().unwrap_or(0);
        // A hero out of the fight has no choices left to note (its card says KILLED or OUT).
        let mut hs: Vec<_> = heroes
            .iter()
            .filter(|h| h.2.0 == side.index && !h.8.0)
            .collect();
        hs.sort_by(|a, b| a.1.name.cmp(&b.1.name));
        let lines: String = hs.into_iter().map(line).collect();
        // The cards show every hero; a side is named here for its bonus pool and notes.
        if pool > 0 || !lines.is_empty() {
            s.push_str(&format!(
                "{} ({:?}), bonus pool {pool}\n{lines}\n",
                side.name, side.control
            ));
        }
    }
    s.push_str(&format!(
        "{}\n{}",
        battle.level.name.to_uppercase(),
        battle.level.description
    ));
    text.0 = s;
}

/// To the hero declaring: why another hero of its side was not selected; Hold, after three
/// passes in a row.
fn to_the_declarer(
    selection: Option<&Selection>,
    journal: Option<&crate::sim::model::Journal>,
    id: impl Fn(Entity) -> Option<crate::sim::HeroId>,
    round: &RoundState,
    keys: &Bindings,
) -> String {
    let declarer = round.declarer();
    let mut s = String::new();
    if let Some((_, note)) = selection
        .and_then(|s| s.note.as_ref())
        .filter(|(e, _)| declarer == Some(*e))
    {
        s.push_str(&format!("{note}\n"));
    }
    let hint = journal
        .zip(declarer.and_then(id))
        .and_then(|(journal, id)| crate::app::input::hold_hint(journal, id, round.now(), keys));
    if let Some(hint) = hint {
        s.push_str(&format!("{hint}\n"));
    }
    s
}

/// What the player must read first comes right under the cards: a refusal (never pushed out
/// of sight), the shot or move pointed at, then the last word on what was done (the log has
/// it too: with six cards the room holds two lines, and a play-test lost the pointer's price
/// and its mouse hint under a computer's declaration); the story goes last.
fn first_words((last, refused): (&str, bool), preview: Option<&MovePreview>) -> String {
    let mut s = String::new();
    if refused {
        s.push_str(&format!("{last}\n"));
    }
    if let Some(p) = preview.and_then(|p| p.line.as_ref()) {
        s.push_str(&format!("{p}\n"));
    }
    if !refused && !last.is_empty() {
        s.push_str(&format!("{last}\n"));
    }
    s
}

/// The panel's last word on an outcome: a refusal with the keys of its remedy, else what was
/// done. Whose declaration it was is said: a computer's refusal is not the player's.
fn last_word(outcome: &Outcome, name: &str, keys: &Bindings) -> String {
    match outcome {
        Outcome::Refused { reason, .. } => format!("{name}: refused: {}", keys.refusal(reason)),
        other => other.describe(name),
    }
}

/// What a series of shots or of blows holds so far, and the hero a click on the map picks.
fn gathered_words(sel: &Selection, heroes: &PanelHeroes, keys: &Bindings, bar: &BarView) -> String {
    let mut words = String::new();
    if let Some(sel) = Some(sel).filter(|s| !s.series.is_empty()) {
        let names: Vec<String> = sel
            .series
            .iter()
            .map(|(e, k)| {
                let who = heroes.get(*e).map_or("?".to_string(), |h| h.1.name.clone());
                format!("{} ({})", who, k.name())
            })
            .collect();
        words.push_str(&format!(
            "{} declared: {} ({}: fire, {}: fan)\n",
            if sel.fan { "Fan" } else { "Series" },
            names.join(", "),
            keys.key(BattleAction::FireSeries),
            keys.key(BattleAction::ToggleFan)
        ));
    }
    if let Some(sel) = Some(sel).filter(|s| !s.blows.is_empty()) {
        let names: Vec<String> = sel
            .blows
            .iter()
            .map(|(e, a, careful)| {
                let who = heroes.get(*e).map_or("?".to_string(), |h| h.1.name.clone());
                format!(
                    "{who} ({}{})",
                    if *careful { "careful " } else { "" },
                    a.name()
                )
            })
            .collect();
        let ap = bar
            .0
            .iter()
            .find(|b| b.action == BattleAction::StrikeBlows)
            .and_then(|b| b.hint.split("  ").nth(1).map(str::to_string))
            .map_or(String::new(), |ap| format!(", {ap}"));
        words.push_str(&format!(
            "Blows declared: {}{ap} ({}: strike, {}: add the foe pointed at)\n",
            names.join(", "),
            keys.key(BattleAction::StrikeBlows),
            keys.key(BattleAction::AddBlow)
        ));
    }
    if let Some(who) = sel.pick.and_then(crate::app::input::wants_a_hero) {
        words.push_str(&format!(
            "Click {who} on the map ({}: let go)\n",
            keys.key(BattleAction::MoveHere)
        ));
    }
    words
}

/// What each hero is engaged with, and the loot it carries (a level's items).
fn panel_notes(
    engagement: &std::collections::HashMap<Entity, String>,
    carrying: &Query<(Entity, &crate::sim::counters::Carrying)>,
    battle: &Battle,
) -> std::collections::HashMap<Entity, String> {
    let mut notes = engagement.clone();
    for (e, carried) in carrying {
        if carried.0.is_empty() {
            continue;
        }
        let names: Vec<&str> = carried
            .0
            .iter()
            .filter_map(|&i| battle.level.items.get(i).map(|it| it.name.as_str()))
            .collect();
        let loot = format!("carries: {}", names.join(", "));
        notes
            .entry(e)
            .and_modify(|n| n.push_str(&format!("\n    {loot}")))
            .or_insert(loot);
    }
    notes
}

/// A hero's notes on the panel, under the cards (which show its AP, arms and wounds): what it
/// is paying for and when that resolves, Quick Draw, what it is engaged with and carries, the
/// choices for its next check. Nothing when there is nothing to say.
fn hero_line(
    (entity, hero, _, _, ap, _, _, _, down, _): (
        Entity,
        &Hero,
        &Side,
        &HexPos,
        &Track,
        &Weapons,
        &Prone,
        &Wounds,
        &Down,
        &crate::sim::HeroId,
    ),
    selected: Option<Entity>,
    keys: &Bindings,
    engagement: &std::collections::HashMap<Entity, String>,
    paying: &(Query<&crate::sim::model::Committed>, Res<RoundState>),
    stack_spend: &Query<&StackSpend>,
    choices: &ChoicesView,
) -> String {
    let mut notes: Vec<String> = Vec::new();
    // An action being paid: the segment it resolves in, by the track's tokens.
    if let (Ok(c), Some(t)) = (paying.0.get(entity), ap.0.commitment.as_ref()) {
        let mut track = ap.0.clone();
        let when = plan::paid_at(&mut track, paying.1.segment)
            .map_or("cannot be paid this round".to_string(), |s| {
                format!("resolves in segment {s}")
            });
        notes.push(format!(
            "paying for {} ({} of {} AP): {when}",
            c.0.name(),
            t.paid,
            t.cost
        ));
    }
    if hero.skills.contains_key("Quick Draw") {
        notes.push(format!(
            "Quick Draw: spends {} AP on the stack ({} changes it)",
            stack_spend.get(entity).map_or(0, |s| s.0),
            keys.key(BattleAction::StackSpend)
        ));
    }
    if let Some(close) = engagement.get(&entity) {
        notes.push(close.clone());
    }
    if let Some(c) = choices.heroes.get(&entity) {
        let words = choices_words(c, choices.system, keys, Some(entity) == selected);
        if !words.is_empty() && !down.0 {
            notes.push(words);
        }
    }
    if notes.is_empty() {
        return String::new();
    }
    format!(
        "{} {}:\n    {}\n",
        if Some(entity) == selected { ">" } else { " " },
        hero.name,
        notes.join("\n    "),
    )
}

/// A hero's wounds, location by location: "left arm 2".
pub(super) fn wound_list(wounds: &Wounds) -> Vec<String> {
    wounds
        .body
        .wounds
        .iter()
        .map(|(part, n)| format!("{} {n}", part.name()))
        .collect()
}
