//! The credits: where every font and icon the game ships comes from, and under which licence,
//! read from `assets/CREDITS.md` (built in, so the screen and the file never disagree).
//! Reached from the main menu; Esc or Back returns to it; the wheel scrolls a long text.

use super::super::input::{Bindings, MenuAction, MenuButton, MenuInput};
use super::super::layout::palette;
use super::super::state::Screen;
use super::super::widgets::{button, label};
use super::{button_row, screen_root, title};
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

/// The credits file, as shipped beside the assets it credits.
pub const CREDITS: &str = include_str!("../../../assets/CREDITS.md");

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Credits), spawn_credits)
        .add_systems(
            Update,
            (back_to_menu, scroll_credits).run_if(in_state(Screen::Credits)),
        );
}

/// The main menu's button to the credits.
#[derive(Component)]
pub struct OpenCredits;

/// The scrolling body of the credits.
#[derive(Component)]
pub struct CreditsBody;

/// A line of the credits as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreditLine {
    Heading(String),
    Text(String),
}

/// `CREDITS.md` in the lines a screen shows: each section's heading, each paragraph joined
/// into one line, each table row one line ("file: font; from; licence", the header and its
/// rule left out), code marks and emphasis taken out and a link's address put in brackets.
/// The file's own title is the screen's, so it is left out too.
pub fn credit_lines(md: &str) -> Vec<CreditLine> {
    let mut lines = Vec::new();
    let mut paragraph: Vec<String> = Vec::new();
    let mut header_seen = false;
    let flush = |paragraph: &mut Vec<String>, lines: &mut Vec<CreditLine>| {
        if !paragraph.is_empty() {
            lines.push(CreditLine::Text(paragraph.join(" ")));
            paragraph.clear();
        }
    };
    for raw in md.lines() {
        let line = raw.trim();
        if let Some(table_row) = line.strip_prefix('|') {
            flush(&mut paragraph, &mut lines);
            let cells: Vec<String> = table_row
                .trim_end_matches('|')
                .split('|')
                .map(|c| plain(c.trim()))
                .collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                continue;
            }
            // The first row of a table names its columns.
            if !header_seen {
                header_seen = true;
                continue;
            }
            let text = match cells.split_first() {
                Some((first, rest)) if !rest.is_empty() => format!("{first}: {}", rest.join("; ")),
                _ => cells.join("; "),
            };
            lines.push(CreditLine::Text(text));
            continue;
        }
        header_seen = false;
        if line.starts_with("# ") {
            flush(&mut paragraph, &mut lines);
        } else if let Some(heading) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut lines);
            lines.push(CreditLine::Heading(plain(heading)));
        } else if line.is_empty() {
            flush(&mut paragraph, &mut lines);
        } else {
            paragraph.push(plain(line));
        }
    }
    flush(&mut paragraph, &mut lines);
    lines
}

/// Markdown's marks out of a line: code ticks and emphasis; `[words](address)` as "words
/// (address)", unless the words are the address.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let link = from.find("](").and_then(|mid| {
            let close = from[mid..].find(')')? + mid;
            Some((&from[1..mid], &from[mid + 2..close], close))
        });
        match link {
            Some((words, address, close)) => {
                out.push_str(words);
                if words != address && !address.ends_with(words) {
                    out.push_str(&format!(" ({address})"));
                }
                rest = &from[close + 1..];
            }
            None => {
                out.push('[');
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace('`', "").replace("**", "")
}

fn spawn_credits(mut commands: Commands, keys: Res<Bindings>) {
    let back = keys.menu_key(MenuAction::Back);
    screen_root(&mut commands, Screen::Credits).with_children(|p| {
        title(p, "CREDITS", 40.0, palette::TITLE);
        // A play-test did not find the sources below the first screen: the list says it goes on.
        p.spawn(label(
            "Every source and licence; the list scrolls (the wheel, or Up and Down)",
            15.0,
            palette::TEXT,
        ));
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                max_width: px(1000),
                max_height: percent(72),
                padding: UiRect::axes(px(20), px(12)),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            ScrollPosition::default(),
            CreditsBody,
        ))
        .with_children(|body| {
            for line in credit_lines(CREDITS) {
                match line {
                    CreditLine::Heading(words) => {
                        body.spawn((
                            label(words, 22.0, palette::TITLE),
                            Node {
                                margin: UiRect::top(px(6)),
                                ..default()
                            },
                        ));
                    }
                    CreditLine::Text(words) => {
                        body.spawn(label(words, 16.0, palette::TEXT));
                    }
                }
            }
        });
        p.spawn(button_row()).with_children(|row| {
            row.spawn((
                button(format!("Back ({back})"), 18.0),
                MenuButton(MenuAction::Back),
            ));
        });
    });
}

fn back_to_menu(input: MenuInput, mut next: ResMut<NextState<Screen>>) {
    if input.pressed(MenuAction::Back) {
        next.set(Screen::MainMenu);
    }
}

/// The wheel scrolls the credits (the layout keeps the scroll within the text).
fn scroll_credits(
    wheel: Option<Res<AccumulatedMouseScroll>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut body: Query<&mut ScrollPosition, With<CreditsBody>>,
) {
    let Ok(mut at) = body.single_mut() else {
        return;
    };
    let mut by = wheel.map_or(0.0, |wheel| match wheel.unit {
        MouseScrollUnit::Line => wheel.delta.y * 40.0,
        MouseScrollUnit::Pixel => wheel.delta.y,
    });
    if let Some(keys) = keys {
        if keys.just_pressed(KeyCode::ArrowDown) || keys.just_pressed(KeyCode::PageDown) {
            by -= 120.0;
        }
        if keys.just_pressed(KeyCode::ArrowUp) || keys.just_pressed(KeyCode::PageUp) {
            by += 120.0;
        }
    }
    if by != 0.0 {
        at.0.y = (at.0.y - by).max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_row_is_one_line_and_its_header_is_left_out() {
        let md = "# Credits\n\nIntro `code`\nnext line.\n\n## Fonts\n\n| file | font |\n| --- | --- |\n| `a.ttf` | A, by [B](https://b.org) |\n\nAfter.\n";
        assert_eq!(
            credit_lines(md),
            vec![
                CreditLine::Text("Intro code next line.".into()),
                CreditLine::Heading("Fonts".into()),
                CreditLine::Text("a.ttf: A, by B (https://b.org)".into()),
                CreditLine::Text("After.".into()),
            ]
        );
    }

    #[test]
    fn the_shipped_credits_name_every_licence() {
        let words: Vec<String> = credit_lines(CREDITS)
            .into_iter()
            .map(|l| match l {
                CreditLine::Heading(w) | CreditLine::Text(w) => w,
            })
            .collect();
        let all = words.join("\n");
        for needle in [
            "OpenSans-Regular.ttf: Open Sans",
            "Apache License 2.0",
            "SIL Open Font License",
            "DejaVu Sans Mono",
            "CC BY 3.0",
            "@iconify-json/game-icons",
            "game-icons.net",
        ] {
            assert!(all.contains(needle), "{needle} missing from:\n{all}");
        }
        assert!(!all.contains('`') && !all.contains("| ---"), "{all}");
    }
}
