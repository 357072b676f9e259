//! The action track and the combat log in the window: segments 1-20 with the current one
//! marked, every hero's IN and tokens (spent, in front, to come), the action being paid, the
//! last initiative stack with its flipped cards, and the newest events of the match log.

use super::frame::{LogBox, LogText, Summary};
use super::state::Screen;
use super::widgets::Tip;
use crate::data::level::Control;
use crate::sim::model::{Battle, Journal, MatchLog, RoundState, Side};
use bevy::prelude::*;

mod summary;
pub use summary::{gist, line_of, summary};

pub struct TrackViewPlugin;

impl Plugin for TrackViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SinceDeclaration>()
            .add_systems(
                OnEnter(Screen::Battle),
                |mut s: ResMut<SinceDeclaration>| {
                    *s = SinceDeclaration::default();
                },
            )
            .add_systems(
                Update,
                (
                    super::track_picture::draw_track,
                    super::track_picture::keep_declarer_in_view,
                    super::track_picture::say_rows_out_of_view,
                    follow_declarations,
                    show_log,
                    pin_log,
                )
                    .chain()
                    .after(crate::sim::SimSystems::Round)
                    .run_if(in_state(Screen::Battle).and_then(resource_exists::<Battle>)),
            );
    }
}

/// The last initiative stack: who flipped which card, and the totals, first to last
/// ("Initiative stack, first to act first: Felicia Laroq (card 5: Fragment 9 +0 = 9), then El
/// Chivo (card 37: Fragment 5 +0 = 5)"); empty without one.
pub fn stack_line(round: &RoundState) -> String {
    if round.stack.is_empty() {
        return String::new();
    }
    let lines: Vec<String> = round
        .stack
        .iter()
        .map(|l| {
            format!(
                "{} (card {}: Fragment {} {:+} = {})",
                l.actor, l.card, l.fragment, l.bonus, l.total
            )
        })
        .collect();
    // In words a new player reads (a play-test asked what "F9+0=9 >" meant).
    format!(
        "Initiative stack, first to act first: {}",
        lines.join(", then ")
    )
}

/// Where the match log stood at each human side's last declaration (hot-seat players each
/// see what happened since their own): the log's summary heads with it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SinceDeclaration {
    pub journal: usize,
    /// By side.
    pub log_at: Vec<usize>,
    /// By hero (its `HeroId`): a hero's own results come after its declaration, and another
    /// hero of the side declaring meanwhile does not hide them.
    pub hero_at: Vec<(crate::sim::HeroId, usize)>,
}

impl SinceDeclaration {
    /// The log's length at `side`'s last declaration (0 before its first).
    pub fn of(&self, side: usize) -> usize {
        self.log_at.get(side).copied().unwrap_or(0)
    }

    /// The log's length at `hero`'s last declaration, if it has made one.
    pub fn of_hero(&self, hero: crate::sim::HeroId) -> Option<usize> {
        self.hero_at
            .iter()
            .find(|(h, _)| *h == hero)
            .map(|(_, at)| *at)
    }
}

fn follow_declarations(
    journal: Res<Journal>,
    marks: Option<Res<crate::sim::model::JournalMarks>>,
    log: Res<MatchLog>,
    battle: Res<Battle>,
    mut since: ResMut<SinceDeclaration>,
) {
    if journal.0.len() < since.journal {
        *since = SinceDeclaration::default();
    }
    if journal.0.len() == since.journal {
        return;
    }
    // Where the log stood when each intent came through the door (`JournalMarks`), not now:
    // the stack the declaration joined may have resolved within the same frame, and what it
    // did (a friend killed, a hit taken) comes after the declaration (a play-test read "0 of
    // note" just after Cyril was killed).
    let now = log.events.len();
    let human: Vec<(usize, crate::sim::HeroId, usize)> = journal.0[since.journal..]
        .iter()
        .enumerate()
        .filter(|(_, e)| battle.level.human_side(e.seat))
        .map(|(i, e)| {
            let at = marks
                .as_ref()
                .and_then(|m| m.0.get(since.journal + i).copied())
                .unwrap_or(now);
            (e.seat, e.intent.hero(), at.min(now))
        })
        .collect();
    since.journal = journal.0.len();
    for (side, hero, now) in human {
        if since.log_at.len() <= side {
            since.log_at.resize(side + 1, 0);
        }
        since.log_at[side] = now;
        since.hero_at.retain(|(h, _)| *h != hero);
        since.hero_at.push((hero, now));
    }
}

pub(crate) fn show_log(
    log: Res<MatchLog>,
    since: Res<SinceDeclaration>,
    seat: Res<super::hotseat::HotSeat>,
    battle: Res<Battle>,
    declaring: (Res<RoundState>, Query<(&crate::sim::HeroId, &Side)>),
    mut text: Query<(Entity, &mut Text, Option<&mut Tip>), (With<LogText>, Without<Summary>)>,
    mut summary_text: Query<&mut Text, (With<Summary>, Without<LogText>)>,
    mut commands: Commands,
    spans: Query<&Children, With<LogText>>,
    palette: Res<super::layout::Palette>,
) {
    let (round, ids) = declaring;
    if !log.is_changed()
        && !since.is_changed()
        && !seat.is_changed()
        && !round.is_changed()
        && !palette.is_changed()
    {
        return;
    }
    let human = battle
        .level
        .sides
        .iter()
        .any(|s| s.control == Control::Human);
    let side = seat.last_human.unwrap_or(0);
    // The hero of the desk who declares now: what happened since its own last declaration;
    // else since the side's.
    let hero_mark = round
        .declarer()
        .and_then(|e| ids.get(e).ok())
        .filter(|(_, s)| Some(s.0) == seat.last_human)
        .and_then(|(id, _)| since.of_hero(*id));
    for mut t in &mut summary_text {
        t.0 = summary(
            &log,
            human.then(|| hero_mark.unwrap_or(since.of(side))),
            &battle.level.how_to_win(),
        );
    }
    let Ok((entity, mut text, mut tip)) = text.single_mut() else {
        return;
    };
    const HEADER: &str = "COMBAT LOG (the whole match; the wheel scrolls)";
    if text.0 != HEADER {
        text.0 = HEADER.to_string();
    }
    // Each line in the colour of the side whose hero it tells of (the Judge's own lines, a
    // round's end, in the log's colour); new lines are added, a shorter log (undo, a load)
    // is written again.
    let colours = side_colours(&battle, &palette);
    // Two spans a line: its icon and its words.
    let shown = spans.get(entity).map_or(0, |c| c.len()) / 2;
    let start = if shown > log.events.len() || log.is_added() || palette.is_changed() {
        commands.entity(entity).despawn_related::<Children>();
        0
    } else {
        shown
    };
    commands.entity(entity).with_children(|p| {
        for e in &log.events[start..] {
            let colour = e
                .actor
                .as_ref()
                .and_then(|a| colours.get(a.as_str()).copied())
                .unwrap_or(super::layout::palette::LOG_TEXT);
            log_line(p, e, colour);
        }
    });
    if let Some(tip) = tip.as_mut()
        && start < log.events.len()
    {
        // The log's tooltip explains the terms its lines use.
        let all: String = log
            .events
            .iter()
            .map(|e| e.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let words = super::hud::glossary(&all);
        if tip.0 != words {
            tip.0 = words;
        }
    }
}

/// One line of the log, two spans: the kind of event at a glance (its icon, in the mono face,
/// which has the symbols), then the round, the segment and its words, in `colour`.
fn log_line(
    p: &mut bevy::ecs::hierarchy::ChildSpawnerCommands,
    e: &crate::sim::model::LogEvent,
    colour: Color,
) {
    let text = line_of(e);
    let line = match e.segment {
        0 => format!("R{} init {text}", e.round),
        s => format!("R{} S{s:02} {text}", e.round),
    };
    p.spawn((
        TextSpan::new(format!("\n{} ", log_icon(&e.kind))),
        super::fonts::mono(14.0),
        TextColor(colour),
    ));
    p.spawn((
        TextSpan::new(line),
        TextFont {
            font_size: FontSize::Px(14.0),
            ..default()
        },
        TextColor(colour),
    ));
}

/// The icon of a kind of log event: a blow crossed swords, a shot a bullseye, a ride a knight,
/// the initiative a flag, a stun a star, a counter a box, a failure a cross (all in DejaVu
/// Sans Mono).
pub fn log_icon(kind: &str) -> &'static str {
    match kind {
        "melee" | "free_attack" => "\u{2694}",
        "shot" => "\u{25CE}",
        "stray_hit" => "\u{25CC}",
        "continuous_move" | "mount_halted" => "\u{265E}",
        "declare" | "commit" | "paid" => "\u{203A}",
        "resolve" => "\u{2713}",
        "initiative" | "quick_draw" | "stack" | "stack_fee" | "stack_bonus" => "\u{2691}",
        "round" | "round_end" => "\u{25F7}",
        "stun_check" | "recovery" => "\u{2736}",
        "counter" => "\u{25A3}",
        "bonus" | "bravery" | "skill" => "\u{2605}",
        "failed" | "lapsed" => "\u{2717}",
        "calamity" => "\u{26A0}",
        "battle_over" => "\u{2690}",
        "arrive" => "\u{2192}",
        "medicine" => "\u{271A}",
        "speed_load" => "\u{2699}",
        _ => "\u{2022}",
    }
}

/// Each hero's side colour, lightened to read on the log's dark ground, by the hero's name.
fn side_colours<'a>(
    battle: &'a Battle,
    palette: &super::layout::Palette,
) -> std::collections::HashMap<&'a str, Color> {
    battle
        .level
        .heroes
        .iter()
        .filter_map(|h| {
            let index = battle.level.sides.iter().position(|s| s.name == h.side)?;
            let side = &battle.level.sides[index];
            let colour = palette.side(index, side.color);
            let light = bevy::color::Mix::mix(
                &colour.to_srgba(),
                &super::layout::palette::LOG_TEXT.to_srgba(),
                0.45,
            );
            Some((h.name.as_str(), Color::Srgba(light)))
        })
        .collect()
}

/// The newest line of the log stays in sight, unless the player scrolls back (scrolling to
/// the foot again pins it there, and so does the next declaration of a player's hero: a
/// play-test scrolled back once and read round 1's lines through round 2).
pub(crate) fn pin_log(
    mut scroll: Query<(&mut ScrollPosition, &ComputedNode), With<LogBox>>,
    mut pinned: Local<Option<(bool, f32)>>,
    (round, battle, sides, mut last): (
        Option<Res<RoundState>>,
        Option<Res<Battle>>,
        Query<&Side>,
        Local<Option<Entity>>,
    ),
) {
    let declarer = round.as_ref().and_then(|r| r.declarer());
    let players_turn = declarer != *last
        && declarer
            .and_then(|e| sides.get(e).ok())
            .zip(battle.as_ref())
            .is_some_and(|(side, battle)| battle.level.human_side(side.0));
    *last = declarer;
    for (mut at, node) in &mut scroll {
        let visible = node.size().y * node.inverse_scale_factor();
        let content = node.content_size().y * node.inverse_scale_factor();
        let bottom = (content - visible).max(0.0);
        let (was, set) = pinned.unwrap_or((true, 0.0));
        // Moved since it was set: the player scrolled.
        let scrolled = ((at.y - set).abs() > 0.5).then_some(at.y);
        let pin = pinned_now(was, scrolled, bottom, players_turn);
        if pin && (at.y - bottom).abs() > 0.5 {
            at.y = bottom;
        }
        *pinned = Some((pin, at.y));
    }
}

/// Whether the log is pinned to its foot now: as it `was`, unless the player `scrolled` it
/// (to its foot, `bottom`: pinned; elsewhere: not); and pinned again as a player's hero's
/// declaration begins.
fn pinned_now(was: bool, scrolled: Option<f32>, bottom: f32, players_turn: bool) -> bool {
    scrolled.map_or(was, |at| at >= bottom - 8.0) || players_turn
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scrolled back, the log stays where the player put it until a hero of the player
    /// declares; scrolled to its foot, it follows again.
    #[test]
    fn the_log_follows_again_when_the_player_declares() {
        assert!(
            !pinned_now(true, Some(100.0), 300.0, false),
            "scrolled back"
        );
        assert!(!pinned_now(false, None, 320.0, false), "stays back");
        assert!(pinned_now(false, None, 320.0, true), "the player declares");
        assert!(
            pinned_now(false, Some(296.0), 300.0, false),
            "scrolled to the foot"
        );
    }

    /// Each hero has its own mark: another hero of the side declaring does not move it.
    #[test]
    fn a_hero_s_mark_is_its_own() {
        use crate::sim::HeroId;
        let mut since = SinceDeclaration::default();
        since.hero_at.push((HeroId(0), 5));
        since.hero_at.push((HeroId(1), 9));
        since.log_at = vec![9];
        assert_eq!(since.of_hero(HeroId(0)), Some(5));
        assert_eq!(since.of_hero(HeroId(1)), Some(9));
        assert_eq!(since.of_hero(HeroId(2)), None);
        assert_eq!(since.of(0), 9);
        assert_eq!(since.of(1), 0);
    }
}
