//! What the replay viewer shows of the frame it stands at: the banner's lines, the panel (the
//! sides and the heroes as they were), the action track and the log up to the event.

use super::*;

/// Where the match stood: "round 2, segment 7".
fn when(round: u32, segment: u32) -> String {
    match segment {
        0 => format!("round {round}, initiative"),
        s if s > crate::rules::action_time::SEGMENTS => {
            format!("round {round}, beyond segment 20 ({s})")
        }
        s => format!("round {round}, segment {s}"),
    }
}

fn put<F: bevy::ecs::query::QueryFilter>(mut q: Query<&mut Text, F>, s: String) {
    for mut t in &mut q {
        if t.0 != s {
            t.0 = s.clone();
        }
    }
}

pub(super) fn show_view(
    viewer: Res<Viewer>,
    battle: Option<Res<crate::sim::model::Battle>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<ViewBanner>>,
        Query<&mut Text, With<ViewEvent>>,
        Query<&mut Text, With<ViewStatus>>,
        Query<&mut Text, With<ViewPanel>>,
        Query<&mut Text, With<ButtonText>>,
    )>,
    play: Query<(Entity, &Children), With<PlayWords>>,
    mut commands: Commands,
) {
    if !viewer.is_changed() {
        return;
    }
    if battle.is_none() {
        return;
    }
    let frame = &viewer.states[viewer.at.min(viewer.states.len() - 1)];
    let n = viewer.len();
    let head = if viewer.at == 0 {
        format!("REPLAY  {}: the start", viewer.level)
    } else {
        format!(
            "REPLAY  {}: {}",
            viewer.level,
            when(frame.round, frame.segment)
        )
    };
    put(texts.p0(), head);
    let event = match viewer.at {
        0 => format!("{n} events. Press Space to play, Right to step."),
        i => {
            // The start of a long event stays in sight (the log beside the map has it whole).
            let text = &viewer.events[i - 1].text;
            let short: String = text.chars().take(EVENT_CHARS).collect();
            let more = if short.len() < text.len() { "..." } else { "" };
            format!("Event {i} of {n}: {short}{more}")
        }
    };
    put(texts.p1(), event);
    let mut status = format!(
        "{} at {} events a second",
        if viewer.playing { "Playing" } else { "Paused" },
        SPEEDS[viewer.speed]
    );
    if !viewer.typed.is_empty() {
        status.push_str(&format!("  |  Go to round: {}_ (Enter)", viewer.typed));
    } else if !viewer.note.is_empty() {
        status.push_str(&format!("  |  {}", viewer.note));
    }
    if viewer.at == n {
        status.push_str(&format!("  |  End: {}", viewer.end));
    }
    put(texts.p2(), status);
    put(texts.p3(), panel_words(&viewer));
    // Play or Pause on the button.
    let words = format!(
        "{} ({})",
        if viewer.playing { "Pause" } else { "Play" },
        key_of(ReplayAction::PlayPause)
    );
    for (e, children) in &play {
        for child in children {
            if let Ok(mut t) = texts.p4().get_mut(*child)
                && t.0 != words
            {
                t.0 = words.clone();
            }
        }
        if viewer.playing {
            commands.entity(e).insert(Lit);
        } else {
            commands.entity(e).remove::<Lit>();
        }
    }
}

/// The viewer's words under the heroes' cards: the file, and the card last drawn.
fn panel_words(viewer: &Viewer) -> String {
    let mut s = format!(
        "REPLAY OF {}\n{}\n\n",
        viewer.level.to_uppercase(),
        viewer.name
    );
    // The card last drawn, up to the event shown.
    let card = viewer.events[..viewer.at].iter().rev().find_map(|e| {
        let n = e.fields.get("card")?.as_u64()?;
        let card = viewer.deck.iter().find(|c| u64::from(c.number) == n)?;
        Some((card, e.text.clone()))
    });
    if let Some((card, text)) = card {
        s.push_str(&crate::app::hud::card_words(card, &text));
    }
    s
}
