//! The words an automatic step or a bystander's hit says over the figure it befalls: the stack
//! fee and its reason, a stray shot or a blast that struck a figure it was not aimed at.

use super::words::{Cameras, MapView, Room, Shown, hit_words};
use crate::sim::model::{LogEvent, MatchLog};
use bevy::prelude::*;

/// The words an automatic step says over the figure it befalls, with its reason (issue 24:
/// "Cyril Wellington joins the initiative stack: 1 AP from the pool" was logged unasked and
/// unexplained): the stack's fee ("Placing an action onto the stack in this manner costs 1 AP
/// from the pool": a declaration paid at once in a segment where actions are already due).
pub fn step_words(event: &LogEvent) -> Option<String> {
    match event.kind.as_str() {
        "stack_fee" => {
            let whence = match event.fields.get("from_pool").and_then(|v| v.as_bool()) {
                Some(false) => " next round",
                _ => "",
            };
            Some(format!("+1 AP{whence}: stack fee\n(actions already due)"))
        }
        "stray_hit" if event.fields.contains_key("object") => Some(format!(
            "a stray shot shatters\nthe {}",
            event.fields["object"].as_str().unwrap_or("cover")
        )),
        "stray_hit" | "blast" => Some(bystander_words(event)),
        "counter" if event.actor.is_some() => carried_out_words(event),
        _ => None,
    }
}

/// An item carried out over its carrier, with the counter it fills ("El Chivo carries the
/// loot out\nOut of Red Rock: 1 of 2"): a play-test missed a strongbox going out, only the
/// counter's square turning green.
fn carried_out_words(event: &LogEvent) -> Option<String> {
    let why = event.fields.get("why")?.as_str()?;
    if !why.contains("carried out") {
        return None;
    }
    let counter = event.fields.get("counter")?.as_str()?;
    let filled = event.fields.get("filled")?.as_u64()?;
    let slots = event.fields.get("slots")?.as_u64()?;
    Some(format!(
        "{} carries the loot out\n{counter}: {filled} of {slots}",
        event.actor.as_deref()?
    ))
}

/// A figure a shot or a blast was not aimed at, hit: where and what it did, and its fall or
/// stun ("Dave Perkins, hit by a stray shot: vitals (torso): 2 wounds, 1 Conc"). A play-test saw Dave killed by the
/// Gatling's strays at Miranda with only "miss" over him: the strays were only in the log.
fn bystander_words(event: &LogEvent) -> String {
    let what = if event.kind == "blast" {
        "caught in the blast"
    } else {
        "hit by a stray shot"
    };
    // Named: the words may stand off the token, between two figures (a play-test read "a
    // stray shot: left leg" between Josiah and Ada).
    let who = event
        .actor
        .as_deref()
        .map_or(String::new(), |name| format!("{name}, "));
    let mut words = format!("{who}{what}: {}", hit_words(Some(event), true));
    if let Some(fate) = bystander_fate(event) {
        words.push_str(&format!("\n{}", fate.to_uppercase()));
    }
    words
}

/// What a stray's or a blast's hit did to the figure it befell, from its event's words (its
/// Stun check's end: "killed", "unconscious", "stunned"); `None` when it kept going.
pub fn bystander_fate(event: &LogEvent) -> Option<&'static str> {
    ["killed", "unconscious", "stunned"]
        .into_iter()
        .find(|f| event.text.contains(&format!(": {f}")))
}

/// Where a step's words go: over the cover object a stray shot shattered (its hex), else over
/// the figure it befalls (a play-test read "a stray shot hit" over the shooter, the lamp it
/// broke far off).
fn step_at(
    event: &LogEvent,
    figures: &Figures,
    geometry: Option<&crate::app::board::MapGeometry>,
) -> Option<(Vec2, Option<Entity>)> {
    if event.fields.contains_key("object") {
        let at = event.fields.get("at")?.as_array()?;
        let (c, r) = (at.first()?.as_i64()?, at.get(1)?.as_i64()?);
        return Some((geometry?.center(c as i32, r as i32), None));
    }
    figures
        .iter()
        .find(|(_, _, h)| event.actor.as_deref() == Some(h.name.as_str()))
        .map(|(e, t, _)| (t.translation.truncate(), Some(e)))
}

/// The figures on the map, by name.
type Figures<'w, 's> = Query<
    'w,
    's,
    (Entity, &'static Transform, &'static crate::sim::model::Hero),
    With<crate::app::board::Placed>,
>;

/// How far under its carrier the words of loot carried out stand: past the token.
const CARRIED_OUT_BELOW: f32 = 52.0;

/// Whether an automatic step's words tell of a hit (said in the hit's colour).
pub fn step_is_a_hit(event: &LogEvent) -> bool {
    matches!(event.kind.as_str(), "stray_hit" | "blast")
}

/// New events of the log that are automatic steps: their words over the figure, at the pace
/// of a hit's words. A new log (a battle begun, a save loaded) or a shorter one (undo) is
/// taken as seen.
pub(super) fn say_steps(
    log: Res<MatchLog>,
    keys: Res<crate::app::input::Bindings>,
    figures: Figures,
    shown: Shown,
    mut seen: Local<usize>,
    mut commands: Commands,
    (cameras, windows, palette): (Cameras, MapView, Res<crate::app::layout::Palette>),
    geometry: Option<Res<crate::app::board::MapGeometry>>,
) {
    let len = log.events.len();
    if log.is_added() || len < *seen {
        *seen = len;
        return;
    }
    let new = &log.events[*seen..];
    *seen = len;
    let tokens = figures.iter().map(|(_, t, _)| t.translation.truncate());
    let mut room = Room::now(&shown, &cameras, &windows, tokens);
    for event in new {
        let Some(words) = step_words(event) else {
            continue;
        };
        let Some((at, figure)) = step_at(event, &figures, geometry.as_deref()) else {
            continue;
        };
        let colour = if step_is_a_hit(event) {
            palette.hit.lighter(0.15)
        } else {
            crate::app::layout::palette::TITLE
        };
        let look = (colour, keys.0.pace.words_secs());
        // A stack fee is paid as the hero declares, often a move: its words go with the
        // figure as it glides on.
        match figure {
            Some(token) if event.kind == "stack_fee" => {
                room.say_following(&mut commands, words, (at, 34.0, token), look);
            }
            // The loot carried out: under its carrier, clear of the area's gold words over
            // the area's top hex (a play-test read the two one over the other).
            _ if event.kind == "counter" => {
                room.say(&mut commands, words, (at, -CARRIED_OUT_BELOW), look);
            }
            _ => {
                room.say(&mut commands, words, (at, 34.0), look);
            }
        }
    }
}

/// The words over a computer's hero who passes or holds (a play-test watched "Pete Perkins
/// declares" in the banner for seven segments with nothing on the map or in the log): what it
/// did, the AP it has left this round, and why when the computer said; named, as its words may
/// stand off its token (a play-test read "passes, 7 AP left" over another hero).
pub fn pass_words(
    name: &str,
    intent: &crate::sim::Intent,
    left: u32,
    reason: Option<&str>,
) -> Option<String> {
    let what = match intent {
        crate::sim::Intent::Pass { .. } => "passes",
        crate::sim::Intent::Hold { .. } => "holds to next round",
        _ => return None,
    };
    let mut words = format!("{name} {what}, {left} AP left");
    // The reason broken into short lines: one line of it ran across the whole map, its ends
    // cut off at the map's edges. Not the plain "nothing worth its AP" (the pass says it):
    // three passes of a brawl's segment, three lines each, covered the fight.
    if let Some(why) = reason.filter(|r| *r != crate::sim::ai::KEEPS_ITS_AP) {
        words.push_str(&format!(
            "\n{}",
            crate::app::hud::wrapped(&format!("({why})"), PASS_LETTERS)
        ));
    }
    Some(words)
}

/// The most letters a line of a pass's reason over the map holds.
const PASS_LETTERS: usize = 48;

/// Whether this entry is a hero's pass or hold that begins a wait: not one after its pass of
/// an earlier segment of the same round (`waiting`: heroes passing since, by round), which is
/// said already. Any other intent of the hero ends its wait.
pub fn begins_to_wait(
    waiting: &mut Vec<(crate::sim::HeroId, u32)>,
    entry: &crate::sim::model::Entry,
) -> bool {
    let id = entry.intent.hero();
    let passing = matches!(
        entry.intent,
        crate::sim::Intent::Pass { .. } | crate::sim::Intent::Hold { .. }
    );
    let said = waiting.contains(&(id, entry.round));
    waiting.retain(|&(h, _)| h != id);
    if passing {
        waiting.push((id, entry.round));
    }
    passing && !said
}

/// New entries of the journal where a computer's hero passed or held: their words over it, in
/// the log's quiet colour, at the pace of a hit's words; once as it begins to wait, with AP
/// left (a first try said "passes, 0 AP kept" five times over one token). A new
/// journal (a battle begun, a save loaded) or a shorter one (undo) is taken as seen.
#[allow(clippy::too_many_arguments)]
pub(super) fn say_passes(
    journal: Res<crate::sim::model::Journal>,
    battle: Res<crate::sim::model::Battle>,
    roster: Res<crate::sim::model::Roster>,
    keys: Res<crate::app::input::Bindings>,
    figures: Query<
        (
            &Transform,
            &crate::sim::model::Track,
            &crate::sim::model::Hero,
        ),
        With<crate::app::board::Placed>,
    >,
    shown: Shown,
    (mut seen, mut waiting): (Local<usize>, Local<Vec<(crate::sim::HeroId, u32)>>),
    mut commands: Commands,
    (cameras, windows): (Cameras, MapView),
) {
    let len = journal.0.len();
    if journal.is_added() || len < *seen {
        *seen = len;
        waiting.clear();
        return;
    }
    let new = &journal.0[*seen..];
    *seen = len;
    let tokens = figures.iter().map(|(t, ..)| t.translation.truncate());
    let mut room = Room::now(&shown, &cameras, &windows, tokens);
    for entry in new {
        let computer = battle
            .level
            .sides
            .get(entry.seat)
            .is_some_and(|s| s.control == crate::data::level::Control::Computer);
        let id = entry.intent.hero();
        if !begins_to_wait(&mut waiting, entry) || !computer {
            continue;
        }
        let Some(hero) = roster.entity(id) else {
            continue;
        };
        let Ok((at, track, h)) = figures.get(hero) else {
            continue;
        };
        if track.0.left() == 0 {
            continue;
        }
        let left = track.0.left();
        let Some(words) = pass_words(&h.name, &entry.intent, left, entry.reason.as_deref()) else {
            continue;
        };
        room.say(
            &mut commands,
            words,
            (at.translation.truncate(), 34.0),
            (
                crate::app::layout::palette::TITLE.darker(0.25),
                keys.0.pace.words_secs(),
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::words::tests::log_of;

    /// A stray shot that shatters a cover object says what it broke (over the object's hex,
    /// `step_at`), not a hit on the shooter it is logged under.
    #[test]
    fn a_stray_that_shatters_cover_says_what_it_broke() {
        use serde_json::json;
        let log = log_of("stray_hit", json!({"object": "oil lamp", "at": [7, 3]}));
        assert_eq!(
            super::step_words(&log.events[0]).unwrap(),
            "a stray shot shatters\nthe oil lamp"
        );
    }

    /// A figure hit by a stray shot or a blast is told so over it, with the wound track and
    /// its fall (the strays were only in the log).
    #[test]
    fn a_stray_or_a_blast_is_said_over_the_figure_it_hits() {
        use serde_json::json;
        let mut log = log_of(
            "stray_hit",
            json!({"location": "vitals", "wounds": 2, "conc": 1, "stunned": false}),
        );
        log.events[0].text =
            "A stray shot hits Dave Perkins in the vitals: effect 13, 2 wounds and 1 Conc".into();
        // The event's actor is the figure the stray befell.
        log.events[0].actor = Some("Dave Perkins".into());
        assert_eq!(
            super::step_words(&log.events[0]).unwrap(),
            "Dave Perkins, hit by a stray shot: vitals (torso): 2 wounds, 1 Conc"
        );
        let mut blast = log_of(
            "blast",
            json!({"location": "head", "wounds": 6, "conc": 0, "stunned": false}),
        );
        blast.events[0].text =
            "The Dynamite goes off at 4,2: Hank Daggett, 1 pace off, is hit in the head: effect 28, 6 wounds and 0 Conc: killed".into();
        assert_eq!(
            super::step_words(&blast.events[0]).unwrap(),
            "Hank Daggett, caught in the blast: head: 6 wounds (its 5 boxes full)\nKILLED"
        );
        assert!(super::step_is_a_hit(&blast.events[0]));
    }

    /// A computer's hero who passes or holds says so over its token, with the AP it keeps and
    /// the computer's reason; a declaration says nothing here (its own words come with it).
    #[test]
    fn a_computer_s_pass_is_said_over_its_hero() {
        use crate::sim::{HeroId, Intent};
        let hero = HeroId(2);
        assert_eq!(
            super::pass_words("Pete Perkins", &Intent::Pass { hero }, 3, None).unwrap(),
            "Pete Perkins passes, 3 AP left"
        );
        assert_eq!(
            super::pass_words(
                "Pete Perkins",
                &Intent::Hold { hero },
                0,
                Some("out of sight while it fills")
            )
            .unwrap(),
            "Pete Perkins holds to next round, 0 AP left\n(out of sight while it fills)"
        );
        // A long reason is broken into short lines, every word kept.
        let why = "'The Longhorn burns' wins for its side and no foe comes within reach: it stays out of the enemy's sight and keeps its AP";
        let words =
            super::pass_words("Pete Perkins", &Intent::Pass { hero }, 4, Some(why)).unwrap();
        assert!(words.lines().all(|l| l.chars().count() <= 48), "{words}");
        assert_eq!(
            words.replace('\n', " "),
            format!("Pete Perkins passes, 4 AP left ({why})")
        );
        // The plain "nothing worth its AP" is not said over the map: one short line.
        assert_eq!(
            super::pass_words(
                "Clem Perkins",
                &Intent::Pass { hero },
                1,
                Some(crate::sim::ai::KEEPS_ITS_AP)
            )
            .unwrap(),
            "Clem Perkins passes, 1 AP left"
        );
        let declare = Intent::Declare(crate::sim::Action::Cock { hero });
        assert_eq!(super::pass_words("Pete Perkins", &declare, 3, None), None);
    }

    /// A wait is said once: the first pass of a round, not the passes after it; a declaration
    /// ends the wait, and a new round begins another.
    #[test]
    fn a_wait_is_said_as_it_begins() {
        use crate::sim::model::Entry;
        use crate::sim::{HeroId, Intent};
        let hero = HeroId(1);
        let entry = |round, segment, intent| Entry {
            round,
            segment,
            seat: 1,
            intent,
            reason: None,
        };
        let pass = Intent::Pass { hero };
        let mut waiting = Vec::new();
        let mut said = |e: Entry| super::begins_to_wait(&mut waiting, &e);
        assert!(said(entry(1, 4, pass.clone())));
        assert!(!said(entry(1, 5, pass.clone())));
        assert!(!said(entry(1, 6, pass.clone())));
        assert!(!said(entry(
            1,
            7,
            Intent::Declare(crate::sim::Action::Cock { hero })
        )));
        assert!(said(entry(1, 8, pass.clone())));
        assert!(said(entry(2, 3, pass.clone())));
        assert!(!said(entry(2, 4, pass)));
    }
}
