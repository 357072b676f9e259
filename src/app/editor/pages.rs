//! The panel's Sides-and-victory and Check pages.

use super::act::Act;
use super::panel::{BAD, GOOD, TEXT, choice, field, heading, picker, row, small, stepper, text};
use super::typing::{Field, Typing};
use super::{EditorState, PANEL_W};
use crate::app::layout::palette;
use crate::app::widgets::{Tip, label};
use crate::editor as ed;
use bevy::prelude::*;

pub(super) fn sides_page(p: &mut ChildSpawnerCommands, state: &EditorState, typing: &Typing) {
    let level = state.level();
    heading(p, "Sides (2 to 4)");
    for (i, s) in level.sides.iter().enumerate() {
        p.spawn(row()).with_children(|r| {
            let (red, g, b) = s.color;
            r.spawn((
                Node {
                    width: px(16),
                    height: px(16),
                    ..default()
                },
                BackgroundColor(Color::srgb(red, g, b)),
            ));
            field(r, "", &s.name, Field::Side(i), typing);
            let control = match s.control {
                crate::data::level::Control::Human => "Human",
                crate::data::level::Control::Computer => "Computer",
            };
            r.spawn((
                small("colour", Act::SideColour(i)),
                Tip("Another colour".into()),
            ));
            r.spawn(small(control, Act::SideControl(i)));
            if s.control == crate::data::level::Control::Computer {
                r.spawn(small(
                    format!("{:?}", s.ai.unwrap_or_default()).to_lowercase(),
                    Act::SideAi(i),
                ));
            }
            r.spawn((
                small("x", Act::SideRemove(i)),
                Tip("Remove the side (it must have no heroes)".into()),
            ));
        });
    }
    if level.sides.len() < 4 {
        p.spawn(row()).with_children(|r| {
            r.spawn(small("+ Side", Act::SideAdd));
        });
    }
    victory_section(p, state);
    counters_section(p, state);
    rules_section(p, state);
}

fn victory_section(p: &mut ChildSpawnerCommands, state: &EditorState) {
    let level = state.level();
    heading(p, "Victory");
    for (i, v) in level.victory.iter().enumerate() {
        p.spawn(row()).with_children(|r| match v {
            crate::data::level::Victory::LastSideStanding => {
                r.spawn(text("The last side standing wins"));
                r.spawn(small("x", Act::VictoryRemove(i)));
            }
            crate::data::level::Victory::Timer {
                name,
                rounds,
                winner,
            } => {
                stepper(
                    r,
                    format!("Timer '{name}': {rounds} rounds"),
                    Act::VictoryCount(i, -1),
                    Act::VictoryCount(i, 1),
                );
                r.spawn(small(format!("then {winner} wins"), Act::VictoryWinner(i)));
                r.spawn(small("x", Act::VictoryRemove(i)));
            }
            crate::data::level::Victory::Objective {
                name,
                victories,
                winner,
                task,
                ..
            } => {
                let at = task
                    .as_ref()
                    .map_or(String::new(), |t| format!(" at ({}, {})", t.at.0, t.at.1));
                stepper(
                    r,
                    format!("'{name}'{at}: {victories} victories"),
                    Act::VictoryCount(i, -1),
                    Act::VictoryCount(i, 1),
                );
                r.spawn(small(format!("for {winner}"), Act::VictoryWinner(i)));
                r.spawn(small("x", Act::VictoryRemove(i)));
                // The work: a complex check of a skill and a trait at a TN, 4 or 8 AP.
                if let Some(t) = task {
                    r.spawn((
                        small(format!("skill: {}", t.skill), Act::TaskSkill(i)),
                        Tip("The skill the work is a check of (click: the next)".into()),
                    ));
                    r.spawn((
                        small(format!("trait: {}", t.trait_name), Act::TaskTrait(i)),
                        Tip("The trait the check reads with it (click: the next)".into()),
                    ));
                    stepper(
                        r,
                        format!("TN {}", t.tn),
                        Act::TaskTn(i, -1),
                        Act::TaskTn(i, 1),
                    );
                    choice(
                        r,
                        "full attention (8 AP)",
                        Act::TaskFull(i),
                        t.full_attention,
                        "Work that needs full attention costs 8 AP a check, else 4",
                    );
                }
            }
        });
    }
    p.spawn(row()).with_children(|r| {
        if !level
            .victory
            .contains(&crate::data::level::Victory::LastSideStanding)
        {
            r.spawn(small("+ Last side standing", Act::LastStanding));
        }
        r.spawn((
            small("+ Timer", Act::TimerAdd),
            Tip("A side wins when the rounds run out".into()),
        ));
        r.spawn((
            small("+ Objective at the picked hex", Act::ObjectiveAdd),
            Tip(
                "A lock to pick (Lockpicking, TN 7) for the side chosen on the Figures page".into(),
            ),
        ));
    });
}

/// The Judge's counters and the items on the map.
fn counters_section(p: &mut ChildSpawnerCommands, state: &EditorState) {
    let level = state.level();
    heading(p, "Counters and items");
    for (i, c) in level.counters.iter().enumerate() {
        p.spawn(row()).with_children(|r| {
            r.spawn(text(format!("'{}'", c.name)));
            if c.kind == crate::rules::counter::CounterKind::Inventory {
                r.spawn(text(format!("holds {} items", c.slots)));
            } else {
                r.spawn((
                    small(c.kind.name(), Act::CounterKind(i)),
                    Tip("The kind of counter (click: the next)".into()),
                ));
                stepper(
                    r,
                    format!("{} slots", c.slots),
                    Act::CounterSlots(i, -1),
                    Act::CounterSlots(i, 1),
                );
                let feed = c
                    .fed_by
                    .first()
                    .map_or("nothing".to_string(), super::counters::feed_words);
                r.spawn((
                    small(format!("fed by {feed}"), Act::CounterFeed(i)),
                    Tip("What adds to it (click: the next)".into()),
                ));
                let full = match &c.when_full {
                    Some(crate::data::level::WhenFull::Wins(s)) => format!("full: {s} wins"),
                    Some(crate::data::level::WhenFull::NoReloads(s)) => {
                        format!("full: {s} cannot reload")
                    }
                    None => "full: nothing".into(),
                };
                r.spawn((
                    small(full, Act::CounterFull(i)),
                    Tip("What a full counter does (click: the next)".into()),
                ));
            }
            r.spawn(small("x", Act::CounterRemove(i)));
        });
    }
    p.spawn(row()).with_children(|r| {
        r.spawn((
            small("+ Counter", Act::CounterAdd),
            Tip("A Danger counter: 4 slots, fed 1d10 at each round's end".into()),
        ));
        r.spawn((
            small("+ Item at the picked hex", Act::ItemAdd),
            Tip("A strongbox to carry off, held in an Inventory counter".into()),
        ));
    });
    for item in &level.items {
        p.spawn(text(format!(
            "Item '{}' at ({}, {}), into '{}'",
            item.name, item.at.0, item.at.1, item.counter
        )));
    }
}

fn rules_section(p: &mut ChildSpawnerCommands, state: &EditorState) {
    let level = state.level();
    heading(p, "Rules");
    let rules = ed::rules_of(level);
    let options = rules.options.unwrap_or_default();
    p.spawn(row()).with_children(|r| {
        let system = rules.resolution.unwrap_or_default().name();
        r.spawn((
            small(format!("Checks: {system}"), Act::Resolution),
            Tip("Action deck, dice pool or d20".into()),
        ));
        choice(
            r,
            "Weapon length",
            Act::WeaponLength,
            rules.weapon_length,
            "The optional rule of hand-to-hand advantage",
        );
        choice(
            r,
            "Rushing",
            Act::Rushing,
            options.rushing,
            "Rushing actions (the conflict chapter's option)",
        );
        choice(
            r,
            "Total movement",
            Act::TotalMovement,
            options.total_movement,
            "A moving target's penalty by its own speed",
        );
        choice(
            r,
            "Exceptional results",
            Act::Exceptional,
            options.exceptional,
            "Exceptional results (on by the book)",
        );
        choice(
            r,
            "Increased effect",
            Act::IncreasedEffect,
            options.increased_effect,
            "Increased effect (on by the book)",
        );
        r.spawn((
            small(
                format!("Victory threshold {}", options.victory_threshold),
                Act::Threshold,
            ),
            Tip("4 to 8 (the book's is 6)".into()),
        ));
        r.spawn((
            small(
                format!(
                    "Cards: {}",
                    match options.card_use {
                        crate::rules::check::CardUse::OneCard => "one a check",
                        crate::rules::check::CardUse::CauseEffectUncoupling => "two a check",
                        crate::rules::check::CardUse::HitLocationDamage => "three a check",
                    }
                ),
                Act::CardUse,
            ),
            Tip("One card a check, or two or three (card hacking)".into()),
        ));
        let blindfold = match rules.handoff_screen {
            None => "the level's way",
            Some(true) => "on",
            Some(false) => "off",
        };
        r.spawn((
            small(format!("Blindfold: {blindfold}"), Act::Blindfold),
            Tip("Hide the map between two human players' declarations".into()),
        ));
    });
}

pub(super) fn check_page(p: &mut ChildSpawnerCommands, state: &EditorState) {
    heading(p, "What levels check says");
    if state.problems.is_empty() {
        p.spawn(label(
            "No problems: the level is ready to play.",
            TEXT,
            GOOD,
        ));
    }
    for (i, problem) in state.problems.iter().enumerate() {
        let at = problem
            .at
            .map_or(String::new(), |(c, r)| format!(" (hex {c}, {r})"));
        let kind = if problem.warning {
            "Warning"
        } else {
            "Problem"
        };
        p.spawn((
            small(format!("{kind}: {}{at}", problem.message), Act::Problem(i)),
            Tip("Click: show its hex".into()),
        ));
    }
    if let Some(run) = &state.balance {
        let got = run.snapshot();
        heading(p, &format!("Balance: {} of {} matches", got.done, got.runs));
        // The progress bar.
        p.spawn((
            Node {
                width: px(PANEL_W - 20.0),
                height: px(8),
                ..default()
            },
            BackgroundColor(palette::BUTTON_OFF),
            children![(
                Node {
                    width: percent(100.0 * got.done as f32 / got.runs.max(1) as f32),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(palette::BUTTON_ON),
            )],
        ));
        let decided: u64 = got.wins.iter().sum();
        for (name, wins) in run.sides.iter().zip(&got.wins) {
            let rate = if decided == 0 {
                0.0
            } else {
                100.0 * *wins as f64 / decided as f64
            };
            p.spawn(text(format!(
                "{name}: {wins} wins, {rate:.0} % of those decided"
            )));
        }
        p.spawn(text(format!(
            "Undecided after 10 rounds: {}",
            got.undecided
        )));
        if let Some(why) = &got.failed {
            p.spawn(label(format!("Stopped: {why}"), TEXT, BAD));
        }
    }
    heading(p, "Files");
    let file = state
        .files
        .get(state.file)
        .map(|f| {
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mine = f.starts_with(ed::files::user_levels_dir());
            if mine {
                format!("{name} (yours)")
            } else {
                name
            }
        })
        .unwrap_or_else(|| "no level files".into());
    p.spawn(row()).with_children(|r| {
        picker(r, file, Act::OpenNext(-1), Act::OpenNext(1));
        r.spawn((
            small("Open", Act::Open),
            Tip("Open it in the editor (a shipped level is saved as your own copy)".into()),
        ));
        r.spawn((
            small("New map", Act::New),
            Tip("16 x 10 hexes of open ground, two sides".into()),
        ));
    });
    p.spawn(label(
        format!("Your levels: {}", ed::files::user_levels_dir().display()),
        TEXT,
        palette::HINT,
    ));
}
