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
    round: Res<RoundState>,
    battle: Option<Res<crate::sim::model::Battle>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<ViewBanner>>,
        Query<&mut Text, With<ViewEvent>>,
        Query<&mut Text, With<ViewStatus>>,
        Query<&mut Text, With<ViewPanel>>,
        Query<&mut Text, With<ViewTrack>>,
        Query<&mut Text, With<ViewLog>>,
        Query<&mut Text, With<ButtonText>>,
    )>,
    play: Query<(Entity, &Children), With<PlayWords>>,
    mut commands: Commands,
) {
    if !viewer.is_changed() {
        return;
    }
    let Some(battle) = battle else { return };
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
    put(texts.p3(), panel_words(&viewer, frame, &battle.level));
    let rows = track_rows(frame);
    put(
        texts.p4(),
        crate::app::track_view::track_lines(&round, &rows),
    );
    let shown = log_lines(&viewer);
    put(
        texts.p5(),
        format!("COMBAT LOG (to the event shown)\n{}", shown.join("\n")),
    );
    // Play or Pause on the button.
    let words = format!(
        "{} ({})",
        if viewer.playing { "Pause" } else { "Play" },
        key_of(ReplayAction::PlayPause)
    );
    for (e, children) in &play {
        for child in children {
            if let Ok(mut t) = texts.p6().get_mut(*child)
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

/// Lines of the combat log shown.
const LOG_LINES: usize = 18;

/// The panel: the file, each side's heroes as they stood, the card last drawn.
fn panel_words(viewer: &Viewer, frame: &Frame, level: &crate::data::level::Level) -> String {
    let mut s = format!(
        "REPLAY OF {}\n{}\n\n",
        viewer.level.to_uppercase(),
        viewer.name
    );
    for (index, side) in level.sides.iter().enumerate() {
        let who = match side.control {
            Control::Human => "human",
            Control::Computer => "computer",
        };
        s.push_str(&format!("{} ({who})\n", side.name));
        for f in frame.figures.iter().filter(|f| f.side == Some(index)) {
            let (c, r) = offset_of(f.at);
            let mut state = Vec::new();
            if f.down {
                state.push("DOWN".to_string());
            }
            if f.stunned && !f.down {
                state.push("stunned".into());
            }
            if f.prone {
                state.push("prone".into());
            }
            if f.behind_cover {
                state.push("behind cover".into());
            }
            let hurt: Vec<String> = f
                .body
                .wounds
                .iter()
                .map(|(part, n)| format!("{} {n}", part.name()))
                .collect();
            if !hurt.is_empty() || f.body.conc > 0 {
                state.push(format!(
                    "wounds: {} Conc {}",
                    if hurt.is_empty() {
                        "none".into()
                    } else {
                        hurt.join(", ")
                    },
                    f.body.conc
                ));
            }
            s.push_str(&format!(
                "  {} at {c},{r}  AP {} in front, {} to come\n",
                f.name, f.track.in_front, f.track.pool
            ));
            if !state.is_empty() {
                s.push_str(&format!("    {}\n", state.join(", ")));
            }
        }
        s.push('\n');
    }
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

/// The rows of the action track at a frame: each hero's track, what it pays for, down or not.
fn track_rows(frame: &Frame) -> Vec<(String, u32, Track, Option<String>, bool)> {
    // The track, from the frame's tracks and stack.
    frame
        .figures
        .iter()
        .filter(|f| f.side.is_some())
        .map(|f| {
            let paying = f
                .paying
                .as_ref()
                .zip(f.track.commitment.as_ref())
                .map(|(a, t)| {
                    let what: String = a.name().chars().take(8).collect();
                    format!("{what} {}/{}", t.paid, t.cost)
                })
                .or_else(|| f.stunned.then(|| "STUNNED".to_string()));
            (
                f.name.clone(),
                f.track.start,
                Track(f.track.clone()),
                paying,
                f.down,
            )
        })
        .collect()
}

/// The combat log up to the event shown, the newest at the foot, marked.
fn log_lines(viewer: &Viewer) -> Vec<String> {
    let from = viewer.at.saturating_sub(LOG_LINES);
    // The combat log up to the event shown, the newest at the foot.
    viewer.events[from..viewer.at]
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mark = if from + i + 1 == viewer.at {
                "> "
            } else {
                "  "
            };
            match e.segment {
                0 => format!("{mark}R{} init {}", e.round, e.text),
                s => format!("{mark}R{} S{s:02} {}", e.round, e.text),
            }
        })
        .collect()
}
