//! The result screen: who won and why, what decided it (the counter that filled, the blow or
//! shot that felled the last foe), and the finished match
//! to watch again.

use super::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Result), result_screen)
        .add_systems(
            Update,
            (result_keys, watch_again)
                .chain()
                .run_if(in_state(Screen::Result)),
        )
        .add_systems(
            Update,
            battle_decided
                .after(crate::sim::SimSystems::Victory)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The last battle's result, for the result screen, with what decided it in words (`decisive`:
/// the map is gone by then).
#[derive(Resource, Clone)]
struct LastResult(
    BattleOver,
    Option<String>,
    Option<&'static str>,
    /// Every hero down at the end, how and when (`fallen_words`).
    Option<String>,
);

/// Every hero down when the battle was decided, how and when it fell, from the log ("Down:
/// Hank Daggett (killed, R2 S09), Miranda Valentine (knocked out, R2 S10)"): a play-test
/// learned that Hank had died only in the replay viewer, the result naming Miranda's fall.
pub fn fallen_words(events: &[crate::sim::model::LogEvent], down: &[String]) -> Option<String> {
    let mut parts: Vec<((u32, u32), String)> = down
        .iter()
        .map(
            |name| match events.iter().rev().find_map(|e| fell(e, name)) {
                // A recovery check is made as the round begins, before its first segment.
                Some((how, round, 0)) => ((round, 0), format!("{name} ({how}, R{round} init)")),
                Some((how, round, segment)) => (
                    (round, segment),
                    format!("{name} ({how}, R{round} S{segment:02})"),
                ),
                None => ((u32::MAX, 0), name.clone()),
            },
        )
        .collect();
    // In the order they fell (a play-test read "Dave (R1 S11), Cyril (R3 S07), Hank (R2 S08)").
    parts.sort_by_key(|(when, _)| *when);
    let parts: Vec<String> = parts.into_iter().map(|(_, words)| words).collect();
    (!parts.is_empty()).then(|| format!("Down: {}", parts.join(", ")))
}

/// The event that put `name` down: how, and when.
fn fell(e: &crate::sim::model::LogEvent, name: &str) -> Option<(&'static str, u32, u32)> {
    let target = e.fields.get("target").and_then(|t| t.as_str());
    let fate = match e.kind.as_str() {
        "shot" | "melee" if target == Some(name) => e.fields.get("fate").and_then(|f| f.as_str()),
        // A bystander's hit is logged under the figure it befalls, its fate at the end.
        "stray_hit" | "blast" if e.actor.as_deref() == Some(name) => {
            crate::app::anim::bystander_fate(e)
        }
        // "Any character that critically fails a recovery check immediately falls
        // unconscious" (a play-test's result named Miranda with no word of how).
        "recovery"
            if e.actor.as_deref() == Some(name)
                && e.fields.get("calamity").and_then(|c| c.as_bool()) == Some(true) =>
        {
            return Some(("knocked out at a recovery check", e.round, e.segment));
        }
        _ => None,
    }?;
    let how = match fate {
        "killed" => "killed",
        "unconscious" => "knocked out",
        _ => return None,
    };
    Some((how, e.round, e.segment))
}

/// What the result is to the player at the desk, when one side is theirs: "You win" or "You
/// lose" (hot seat or a watched match: none).
fn to_the_player(level: &crate::data::level::Level, winner: &str) -> Option<&'static str> {
    let mut humans = level
        .sides
        .iter()
        .filter(|s| s.control == crate::data::level::Control::Human);
    let human = humans.next()?;
    if humans.next().is_some() {
        return None;
    }
    Some(if human.name == winner {
        "You win"
    } else {
        "You lose"
    })
}

/// The events of a fight: when nothing else decided it, the result screen repeats the last.
const FIGHTING: [&str; 4] = ["shot", "melee", "stray_hit", "free_attack"];

/// What decided the match, from its log: the newest of the counters that filled (a fire, the
/// loot carried out), the objective's checks and the shots and blows that put a figure down
/// (the last standing foe's fall, not "Octavio is down before the cock resolves" after it);
/// else the last shot or blow. None when the end of a round decided it (a level's timer: the
/// result's reason says so).
pub fn decisive(events: &[crate::sim::model::LogEvent]) -> Option<&crate::sim::model::LogEvent> {
    let before_end = events
        .iter()
        .rposition(|e| e.kind == "battle_over")
        .unwrap_or(events.len());
    let played = &events[..before_end];
    if played.last().is_some_and(|e| e.kind == "round_end") {
        return None;
    }
    let decides = |e: &&crate::sim::model::LogEvent| {
        let filled =
            e.kind == "counter" && e.fields.get("complete").and_then(|c| c.as_bool()) == Some(true);
        let felled = matches!(
            e.fields.get("fate").and_then(|f| f.as_str()),
            Some("killed" | "unconscious")
        );
        filled || felled || felled_unaimed(e) || e.kind == "objective"
    };
    played.iter().rev().find(decides).or_else(|| {
        played
            .iter()
            .rev()
            .find(|e| FIGHTING.contains(&e.kind.as_str()))
    })
}

/// A figure put down by what nobody aimed at it: a stray shot, a blast, its own pistol going
/// off (their words end with the fate), or a calamity on its recovery check ("falls
/// unconscious"). A play-test saw the gulch chase lost to Hank's failed recovery credited to
/// the miss before it.
fn felled_unaimed(e: &crate::sim::model::LogEvent) -> bool {
    match e.kind.as_str() {
        "stray_hit" | "blast" | "discharge" => {
            e.text.ends_with(": killed") || e.text.ends_with(": unconscious")
        }
        "recovery" => e.text.ends_with("falls unconscious"),
        _ => false,
    }
}

/// The battle is decided: the result screen, once the map has shown the end (the last shot's
/// tracer and flash, a figure's glide: `Pacing::busy`, which the Instant pace and scripted
/// screenshots never set), a frame or two after the last event so its animation has begun,
/// and then held a moment longer at the computer's pace (`SEEN_END` times the wait before
/// its declarations), so the deciding words and the last counter ("3 of 3") are read on the
/// map: a play-test's mine was won by a skill check with no tracer, and the result screen
/// cut in at once.
#[allow(clippy::too_many_arguments)]
fn battle_decided(
    mut commands: Commands,
    over: Option<Res<BattleOver>>,
    (log, battle, time): (
        Option<Res<crate::sim::model::MatchLog>>,
        Option<Res<crate::sim::model::Battle>>,
        Res<Time>,
    ),
    pacing: Option<Res<crate::sim::model::Pacing>>,
    heroes: Query<(&crate::sim::model::Hero, &crate::sim::model::Down)>,
    (input, pause, keys, boxes): (
        MenuInput,
        Option<Res<State<Pause>>>,
        Res<Bindings>,
        Query<(), With<DecidedBox>>,
    ),
    mut shown: Local<(u32, f32)>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(over) = over else {
        *shown = (0, 0.0);
        return;
    };
    shown.0 += 1;
    if shown.0 < 3 || pacing.as_ref().is_some_and(|p| p.busy) {
        return;
    }
    shown.1 += time.delta_secs();
    let hold = pacing.map_or(0.0, |p| p.declare_delay * SEEN_END);
    if shown.1 < hold {
        return;
    }
    // A player at the desk reads the decided battle on the map until they ask for the result.
    let at_the_desk = battle.as_ref().is_some_and(|b| {
        b.level
            .sides
            .iter()
            .any(|s| s.control == crate::data::level::Control::Human)
    });
    if at_the_desk {
        if boxes.is_empty() {
            spawn_decided_box(&mut commands, &over, &keys);
            return;
        }
        let running = pause.is_none_or(|p| *p.get() == Pause::Running);
        if !running || !input.pressed(MenuAction::Confirm) {
            return;
        }
    }
    *shown = (0, 0.0);
    let fallen = log.as_ref().and_then(|l| {
        let down: Vec<String> = heroes
            .iter()
            .filter(|(_, d)| d.0)
            .map(|(h, _)| h.name.clone())
            .collect();
        fallen_words(&l.events, &down)
    });
    let last = log.and_then(|l| decisive(&l.events).map(|e| e.text.clone()));
    let yours = battle.and_then(|b| to_the_player(&b.level, &over.name));
    commands.insert_resource(LastResult(over.clone(), last, yours, fallen));
    next.set(Screen::Result);
}

/// The box over the decided battle: who won and why, and the button to the result screen.
#[derive(Component)]
pub struct DecidedBox;

/// The decided battle stays on the map, its last words and the log there to read, with a box
/// over the map's top: "Perkins brothers win: the last side standing", and "See the result
/// (Enter)". A play-test's brawl was lost while its last hero lay stunned: the rest of the
/// round ran at the computer's pace and the result screen came before the deciding blow was
/// read.
fn spawn_decided_box(commands: &mut Commands, over: &BattleOver, keys: &Bindings) {
    use crate::app::layout::{BANNER_H, PANEL_W};
    let confirm = keys.menu_key(MenuAction::Confirm);
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            top: px(BANNER_H + 12.0),
            left: px(0),
            right: px(PANEL_W),
            justify_content: JustifyContent::Center,
            ..default()
        },
        GlobalZIndex(9),
        DecidedBox,
        DespawnOnExit(Screen::Battle),
        children![(
            Node {
                padding: UiRect::axes(px(16), px(10)),
                column_gap: px(16),
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(palette::TIP),
            crate::app::widgets::CoversMap,
            bevy::ui::FocusPolicy::Block,
            children![
                label(
                    format!("{}: {}", crate::rules::words::wins(&over.name), over.why),
                    18.0,
                    palette::TIP_TEXT,
                ),
                (
                    button(format!("See the result ({confirm})"), 18.0),
                    MenuButton(MenuAction::Confirm),
                ),
            ],
        )],
    ));
}

/// How many times the wait before a computer's declaration the map holds the decided battle.
const SEEN_END: f32 = 2.5;

fn result_screen(
    mut commands: Commands,
    result: Option<Res<LastResult>>,
    kept: Option<Res<crate::app::saves::FinishedMatch>>,
    keys: Res<Bindings>,
) {
    let (name, why, last, yours, fallen) =
        result.map_or(("nobody".into(), String::new(), None, None, None), |r| {
            (
                r.0.name.clone(),
                r.0.why.clone(),
                r.1.clone(),
                r.2,
                r.3.clone(),
            )
        });
    let confirm = keys.menu_key(MenuAction::Confirm);
    screen_root(&mut commands, Screen::Result).with_children(|p| {
        if let Some(yours) = yours {
            title(p, yours, 30.0, palette::TEXT);
        }
        title(
            p,
            &crate::rules::words::wins(&name).to_uppercase(),
            56.0,
            palette::TITLE,
        );
        title(p, &why, 22.0, palette::TEXT);
        if let Some(last) = last {
            p.spawn((
                label(format!("What decided it: {last}"), 17.0, palette::HINT),
                Node {
                    max_width: px(1000),
                    margin: UiRect::bottom(px(12)),
                    ..default()
                },
            ));
        }
        if let Some(fallen) = fallen {
            p.spawn((
                label(fallen, 17.0, palette::TEXT),
                Node {
                    max_width: px(1000),
                    margin: UiRect::bottom(px(12)),
                    ..default()
                },
            ));
        }
        p.spawn(button_row()).with_children(|row| {
            if kept.is_some() {
                row.spawn((
                    button(
                        format!("Watch it again ({})", keys.menu_key(MenuAction::Replays)),
                        22.0,
                    ),
                    MenuButton(MenuAction::Replays),
                    Tip("The whole match in the replay viewer, event by event".into()),
                ));
            }
            row.spawn((
                button(format!("Back to the menu ({confirm})"), 22.0),
                MenuButton(MenuAction::Confirm),
            ));
        });
    });
}

fn result_keys(
    input: MenuInput,
    kept: Option<Res<crate::app::saves::FinishedMatch>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    if input.pressed(MenuAction::Confirm) || input.pressed(MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
    // The match just finished, in the viewer (Esc there goes back to the main menu).
    if input.pressed(MenuAction::Replays) && kept.is_some() {
        commands.insert_resource(WatchAgain);
    }
}

/// The result screen asked to watch the finished match again.
#[derive(Resource)]
struct WatchAgain;

/// Open the finished match in the viewer: replayed here, an exclusive system, since replaying
/// runs a match of its own.
fn watch_again(world: &mut World) {
    if world.remove_resource::<WatchAgain>().is_none() {
        return;
    }
    let Some(kept) = world
        .get_resource::<crate::app::saves::FinishedMatch>()
        .map(|k| k.0.clone())
    else {
        return;
    };
    match crate::sim::journal::MatchFile::load(&kept)
        .map_err(|e| e.to_string())
        .and_then(|file| crate::app::replay_view::PendingReplay::of(file, &kept))
    {
        Ok(mut pending) => {
            pending.from_list = false;
            world.insert_resource(pending);
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Replay);
        }
        Err(e) => warn!("the finished match cannot be watched: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::decisive;
    use crate::sim::model::LogEvent;

    fn event(kind: &str, text: &str, fields: serde_json::Value) -> LogEvent {
        LogEvent {
            round: 4,
            segment: 10,
            actor: None,
            kind: kind.into(),
            text: text.into(),
            fields: fields.as_object().cloned().unwrap_or_default(),
        }
    }

    /// The result names every hero down, how and when: a shot's fate at its target, a stray's
    /// at the figure it befell; a hero down with no such event (a lost Stun check) by name.
    #[test]
    fn the_result_names_every_hero_down() {
        use serde_json::json;
        let mut killed = event(
            "shot",
            "Angus fires at Hank: killed",
            json!({"fate": "killed", "target": "Hank Daggett"}),
        );
        (killed.round, killed.segment) = (2, 9);
        let grazed = event(
            "shot",
            "Angus fires at Miranda",
            json!({"fate": "standing", "target": "Miranda Valentine"}),
        );
        let mut stray = event(
            "stray_hit",
            "A stray shot hits Miranda Valentine in the head: unconscious",
            json!({}),
        );
        stray.actor = Some("Miranda Valentine".into());
        let events = [killed, grazed, stray];
        let down = ["Hank Daggett", "Miranda Valentine", "Dave Perkins"].map(String::from);
        assert_eq!(
            super::fallen_words(&events, &down).unwrap(),
            "Down: Hank Daggett (killed, R2 S09), Miranda Valentine (knocked out, R4 S10), \
             Dave Perkins"
        );
        assert_eq!(super::fallen_words(&events, &[]), None);
        // Named in the order they fell, whatever order the heroes come in.
        let reversed = ["Dave Perkins", "Miranda Valentine", "Hank Daggett"].map(String::from);
        assert_eq!(
            super::fallen_words(&events, &reversed).unwrap(),
            "Down: Hank Daggett (killed, R2 S09), Miranda Valentine (knocked out, R4 S10), \
             Dave Perkins"
        );
        // A calamity at a recovery check, as round 4 begins; a failed check that is no
        // calamity puts nobody down.
        let mut calamity = event(
            "recovery",
            "Cyril Wellington spends the round recovering: CALAMITY; falls unconscious",
            json!({"calamity": true, "recovered": false}),
        );
        calamity.actor = Some("Cyril Wellington".into());
        (calamity.round, calamity.segment) = (4, 0);
        let mut failed = calamity.clone();
        failed.fields.insert("calamity".into(), false.into());
        let down = ["Cyril Wellington".to_string()];
        assert_eq!(
            super::fallen_words(&[calamity], &down).unwrap(),
            "Down: Cyril Wellington (knocked out at a recovery check, R4 init)"
        );
        assert_eq!(
            super::fallen_words(&[failed], &down).unwrap(),
            "Down: Cyril Wellington"
        );
    }

    /// The result says what decided the match: the shot that felled the last foe, not the
    /// cock it left unpaid; the counter that filled, not the shot before it; nothing but the
    /// reason when a round's end decided it (a timer).
    #[test]
    fn the_result_names_what_decided_the_match() {
        use serde_json::json;
        let over = event("battle_over", "Valentine posse wins", json!({}));
        let felled = event(
            "shot",
            "Cyril fires at Octavio: unconscious",
            json!({"fate": "unconscious"}),
        );
        let grazed = event(
            "shot",
            "Octavio fires at Cyril",
            json!({"fate": "standing"}),
        );
        let after = event(
            "failed",
            "Octavio is down before the cock resolves",
            json!({}),
        );
        let log = [grazed.clone(), felled.clone(), after, over.clone()];
        assert_eq!(decisive(&log), Some(&felled));

        let fire = event(
            "counter",
            "Counter 'The Longhorn burns': 10 of 10 slots filled",
            json!({"complete": true, "full": "Perkins brothers win"}),
        );
        let growing = event("counter", "3 of 10", json!({"complete": false}));
        let log = [
            felled.clone(),
            growing.clone(),
            grazed.clone(),
            fire.clone(),
            over.clone(),
        ];
        assert_eq!(decisive(&log), Some(&fire));

        let charges = event("objective", "Hank sets the charges: 3 of 3", json!({}));
        let log = [
            felled.clone(),
            grazed.clone(),
            charges.clone(),
            over.clone(),
        ];
        assert_eq!(decisive(&log), Some(&charges));

        let round_end = event("round_end", "Round 6 ends", json!({}));
        assert_eq!(
            decisive(&[felled, grazed.clone(), round_end, over.clone()]),
            None
        );
        // Nobody fell and nothing filled: the last shot.
        assert_eq!(
            decisive(&[growing, grazed.clone(), over.clone()]),
            Some(&grazed)
        );

        // Felled by a blast, or by a calamity on the recovery check: not the miss before.
        let blast = event(
            "blast",
            "Vaquero caught in the blast in the chest: effect 9, 4 wounds and 2 Conc: killed",
            json!({"stunned": false}),
        );
        assert_eq!(
            decisive(&[grazed.clone(), blast.clone(), over.clone()]),
            Some(&blast)
        );
        let recovery = event(
            "recovery",
            "Hank Daggett spends the round recovering: Fortitude, card 38: 0 vs TN 9, CALAMITY; falls unconscious",
            json!({"calamity": true, "recovered": false}),
        );
        assert_eq!(
            decisive(&[grazed.clone(), recovery.clone(), over.clone()]),
            Some(&recovery)
        );
        let shaken = event(
            "recovery",
            "Hank Daggett spends the round recovering: Fortitude, card 12: 4 vs TN 9; still stunned",
            json!({"calamity": false, "recovered": false}),
        );
        assert_eq!(decisive(&[grazed.clone(), shaken, over]), Some(&grazed));
    }

    /// One side at the desk: the result says whether the player won; hot seat or a watched
    /// match: it does not.
    #[test]
    fn the_player_at_the_desk_is_told_who_won() {
        use crate::data::level::Control;
        let text = std::fs::read_to_string("levels/street_duel.ron").unwrap();
        let mut level: crate::data::level::Level = ron::from_str(&text).unwrap();
        level.sides[0].control = Control::Human;
        level.sides[1].control = Control::Computer;
        let (mine, theirs) = (level.sides[0].name.clone(), level.sides[1].name.clone());
        assert_eq!(super::to_the_player(&level, &mine), Some("You win"));
        assert_eq!(super::to_the_player(&level, &theirs), Some("You lose"));
        level.sides[1].control = Control::Human;
        assert_eq!(super::to_the_player(&level, &mine), None);
        level.sides[0].control = Control::Computer;
        level.sides[1].control = Control::Computer;
        assert_eq!(super::to_the_player(&level, &mine), None);
    }
}
