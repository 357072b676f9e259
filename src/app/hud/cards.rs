//! Hero cards (issue 24): the state of every hero at a glance instead of a line of text. Each
//! card has the portrait in the side's colour, the name and what stops the hero (prone,
//! stunned, out, killed), the AP as pips (gold in front, hollow to come), every weapon as its
//! icon with its rounds as cartridges (gold in hand, a red mark when jammed), and a small body
//! whose parts redden with their wounds, Conc beside it. Hovering a card gives its numbers
//! in words: position, Move and Run, traits and skills, the wounds by location.

use super::super::layout::{Palette, palette};
use super::super::tokens::TokenIcons;
use super::super::widgets::{Tip, label};
use crate::rules::damage::BodyPart;
use crate::sim::model::{Battle, Down, Hero, HexPos, Prone, Side, Track, Weapons, Wounds};
use bevy::prelude::*;

pub use super::super::frame::HeroCards;

/// The cards one column holds over the panel's notes at 1280x720; more go in two columns (six
/// in two columns lost a stunned or prone hero's AP pips to its status: a play-test of the
/// Longhorn).
pub const COLUMN_HOLDS: usize = 6;

/// One card as drawn, to redraw only on a change.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    name: String,
    side: usize,
    colour: Color,
    portrait: String,
    selected: bool,
    status: Option<&'static str>,
    in_front: u32,
    to_come: u32,
    weapons: Vec<(String, bool, u32, u32, bool)>,
    wounds: Vec<(BodyPart, u32)>,
    conc: u32,
    words: String,
}

/// Draws the cards when what they show changed.
pub fn draw_cards(
    mut commands: Commands,
    battle: Res<Battle>,
    palette: Res<Palette>,
    icons: Res<TokenIcons>,
    selection: Option<Res<crate::app::input::Selection>>,
    heroes: super::PanelHeroes,
    node: Query<Entity, With<HeroCards>>,
    mut top: Query<&mut Node, With<crate::app::frame::PanelTop>>,
    mut drawn: Local<(Option<Entity>, Vec<Card>)>,
    (log, round, stun): (
        Option<Res<crate::sim::model::MatchLog>>,
        Option<Res<crate::sim::model::RoundState>>,
        Option<Res<super::stun::StunOdds>>,
    ),
) {
    let Ok(node) = node.single() else {
        return;
    };
    let selected = selection.as_ref().and_then(|s| s.hero);
    let recovering = recovering_this_round(log.as_deref(), round.as_ref().map_or(0, |r| r.round));
    let mut cards: Vec<(usize, String, Card)> = heroes
        .iter()
        .map(|h| {
            let mut card = card_of(&battle, &palette, h, Some(h.0) == selected);
            if card.status.is_none() && recovering.contains(&h.1.name) {
                card.status = Some("RECOVERING");
            }
            // What brings a stunned hero back, on its card's words.
            if let Some(odds) = stun.as_ref().and_then(|s| s.0.get(&h.0)) {
                let words = super::stun::stunned_words(round.as_deref(), Some(*odds));
                card.words.push_str(&format!("\n{} is {words}", h.1.name));
            }
            (h.2.0, h.1.name.clone(), card)
        })
        .collect();
    cards.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let cards: Vec<Card> = cards.into_iter().map(|(_, _, c)| c).collect();
    // The cards drawn into this node (Continue builds the panel anew: a play-test's came
    // back with no cards until the first declaration changed one).
    if drawn.0 == Some(node) && drawn.1 == cards {
        return;
    }
    // More heroes than a column holds at 1280x720 (the bench level's twelve): two columns
    // of smaller cards, so every hero shows without scrolling.
    let compact = cards.len() > COLUMN_HOLDS;
    let per_row = if compact { 2 } else { 1 };
    let least = px(crate::app::layout::panel_top_min(cards.len(), per_row));
    for mut top in &mut top {
        if top.min_height != least {
            top.min_height = least;
        }
    }
    commands.entity(node).despawn_children();
    commands.entity(node).insert(Node {
        flex_direction: if compact {
            FlexDirection::Row
        } else {
            FlexDirection::Column
        },
        flex_wrap: if compact {
            FlexWrap::Wrap
        } else {
            FlexWrap::NoWrap
        },
        flex_shrink: 0.0,
        justify_content: JustifyContent::SpaceBetween,
        ..default()
    });
    commands.entity(node).with_children(|p| {
        for card in &cards {
            draw_card(p, card, &icons, compact);
        }
    });
    *drawn = (Some(node), cards);
}

/// The heroes who spend this round recovering from a stun they shook off ("stunned characters
/// use their action (Recover, all APs) to attempt a recovery check"): no longer stunned, but
/// out of this round's declarations. A play-test saw Miranda gone from the track with no word
/// on her card.
pub fn recovering_this_round(
    log: Option<&crate::sim::model::MatchLog>,
    round: u32,
) -> std::collections::HashSet<String> {
    log.map(|l| {
        l.events
            .iter()
            .rev()
            .take_while(|e| e.round == round)
            .filter(|e| e.kind == "recovery")
            .filter(|e| e.fields.get("recovered").and_then(|v| v.as_bool()) == Some(true))
            .filter_map(|e| e.actor.clone())
            .collect()
    })
    .unwrap_or_default()
}

fn card_of(
    battle: &Battle,
    palette: &Palette,
    (_, hero, side, pos, track, weapons, prone, wounds, down, _): (
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
    selected: bool,
) -> Card {
    let portrait = crate::data::portraits::of_level_hero(&battle.level, &hero.name);
    let colour = battle
        .level
        .sides
        .get(side.0)
        .map_or(Color::WHITE, |s| palette.side(side.0, s.color));
    let status = match (down.0, wounds.fate, wounds.stunned, prone.0) {
        (true, Some(crate::rules::damage::Fate::Killed), _, _) => Some("KILLED"),
        (true, _, _, _) => Some("OUT"),
        (false, _, true, _) => Some("STUNNED"),
        (false, _, false, true) => Some("PRONE"),
        _ => None,
    };
    let weapons: Vec<(String, bool, u32, u32, bool)> = weapons
        .0
        .iter()
        .map(|w| {
            let capacity = battle.gear.weapon(&w.name).map_or(0, |g| g.rounds);
            (w.name.clone(), w.ready, w.rounds, capacity, w.jammed)
        })
        .collect();
    let (c, r) = crate::rules::hexmap::offset_of(pos.0);
    let mut words = format!(
        "{} at {c},{r}: AP {} in front, {} to come, of {}; Move {} Run {}",
        hero.name, track.0.in_front, track.0.pool, track.0.total, hero.move_paces, hero.run
    );
    let traits: Vec<String> = hero
        .traits
        .iter()
        .map(|(name, t)| format!("{name} {}{}", t.rank(), t.die()))
        .collect();
    let skills: Vec<String> = hero
        .skills
        .iter()
        .map(|(name, level)| format!("{name} {level}"))
        .collect();
    let arms: Vec<String> = weapons
        .iter()
        .map(|(name, ready, rounds, capacity, _)| {
            let hand = if *ready { "in hand, " } else { "" };
            if *capacity > 0 {
                format!("{name} ({hand}{rounds} of {capacity} rounds)")
            } else {
                format!("{name}{}", if *ready { " (in hand)" } else { "" })
            }
        })
        .collect();
    words.push_str(&format!("\nWeapons: {}", arms.join(", ")));
    words.push_str(&format!("\nTraits: {}", traits.join(", ")));
    if !skills.is_empty() {
        words.push_str(&format!("\nSkills: {}", skills.join(", ")));
    }
    let hurt: Vec<String> = wounds
        .body
        .wounds
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(part, n)| format!("{} {n}", part.name()))
        .collect();
    words.push_str(&format!(
        "\nWounds: {}; Conc {}",
        if hurt.is_empty() {
            "none".to_string()
        } else {
            hurt.join(", ")
        },
        wounds.body.conc
    ));
    Card {
        name: hero.name.clone(),
        side: side.0,
        colour,
        portrait: portrait.to_string(),
        selected,
        status,
        in_front: track.0.in_front,
        to_come: track.0.pool,
        weapons,
        wounds: wounds.body.wounds.iter().map(|(p, n)| (*p, *n)).collect(),
        conc: wounds.body.conc,
        words,
    }
}

/// A pip: gold filled, or a hollow ring.
fn pip(size: f32, filled: bool, colour: Color) -> impl Bundle {
    (
        Node {
            width: px(size),
            height: px(size),
            border: UiRect::all(px(1.5)),
            border_radius: BorderRadius::all(percent(50)),
            margin: UiRect::right(px(1)),
            ..default()
        },
        BackgroundColor(if filled { colour } else { Color::NONE }),
        BorderColor::all(colour),
    )
}

fn draw_card(p: &mut ChildSpawnerCommands, card: &Card, icons: &TokenIcons, compact: bool) {
    let out = matches!(card.status, Some("OUT" | "KILLED"));
    p.spawn((
        Node {
            width: if compact { percent(49.5) } else { auto() },
            column_gap: px(if compact { 3.0 } else { 6.0 }),
            overflow: Overflow::clip(),
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(2)),
            margin: UiRect::bottom(px(2)),
            border: UiRect::all(px(1)),
            ..default()
        },
        BackgroundColor(if card.selected {
            Color::srgba(0.45, 0.33, 0.15, 0.6)
        } else {
            Color::srgba(0.2, 0.14, 0.09, 0.8)
        }),
        BorderColor::all(if card.selected {
            Color::srgb(1.0, 0.9, 0.55)
        } else {
            Color::srgba(1.0, 0.9, 0.7, 0.15)
        }),
        Interaction::default(),
        Tip(card.words.clone()),
    ))
    .with_children(|c| {
        portrait(c, card, icons, out, compact);
        c.spawn(Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            flex_shrink: 1.0,
            min_width: px(0),
            row_gap: px(2),
            overflow: Overflow::clip(),
            ..default()
        })
        .with_children(|col| {
            name_line(col, card, out, compact);
            // AP (in front, to come), then the weapons: icon and cartridges.
            col.spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                align_items: AlignItems::Center,
                column_gap: px(8),
                ..default()
            })
            .with_children(|row| {
                if let Some(status) = card.status.filter(|_| compact) {
                    row.spawn(label(status, 14.0, Color::srgb(1.0, 0.6, 0.35)));
                    return;
                }
                let size = if compact { 6.0 } else { 8.0 };
                row.spawn(Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|ap| {
                    for _ in 0..card.in_front.min(20) {
                        ap.spawn(pip(size, true, Color::srgb(0.98, 0.78, 0.3)));
                    }
                    for _ in 0..card.to_come.min(20) {
                        ap.spawn(pip(size, false, Color::srgb(0.85, 0.7, 0.45)));
                    }
                });
                // Two columns: the weapon in hand only (the card's tooltip names the rest).
                let in_hand = card.weapons.iter().position(|w| w.1).unwrap_or(0);
                for (i, w) in card.weapons.iter().enumerate() {
                    if !compact || i == in_hand {
                        weapon(row, w, icons);
                    }
                }
            });
        });
        body(c, card);
    });
}

/// The card's name, grey when out of the fight, and its status beside it in one column of
/// cards (in two, the status goes on the line under the name). The status goes under the name
/// when both do not fit on its line (a play-test read "Felicia Laroq RECOVERIN").
fn name_line(col: &mut ChildSpawnerCommands, card: &Card, out: bool, compact: bool) {
    col.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(6),
        ..default()
    })
    .with_children(|line| {
        line.spawn(label(
            card.name.clone(),
            14.0,
            if out {
                Color::srgb(0.6, 0.56, 0.52)
            } else {
                palette::PANEL_TEXT
            },
        ));
        if let Some(status) = card.status.filter(|_| !compact) {
            line.spawn(label(status, 14.0, Color::srgb(1.0, 0.6, 0.35)));
        }
    });
}

/// The portrait in the side's colour (grey when out of the fight).
fn portrait(
    c: &mut ChildSpawnerCommands,
    card: &Card,
    icons: &TokenIcons,
    out: bool,
    compact: bool,
) {
    let size = if compact { 28.0 } else { 34.0 };
    c.spawn((
        Node {
            width: px(size),
            height: px(size),
            border: UiRect::all(px(if compact { 2.5 } else { 3.0 })),
            border_radius: BorderRadius::all(percent(50)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(Color::srgb(0.17, 0.12, 0.08)),
        BorderColor::all(if out {
            Color::srgb(0.45, 0.45, 0.45)
        } else {
            card.colour
        }),
    ))
    .with_children(|f| {
        if let Some(image) = icons.get(&card.portrait) {
            f.spawn((
                ImageNode {
                    image,
                    color: if out {
                        Color::srgb(0.5, 0.5, 0.5)
                    } else {
                        Color::srgb(0.97, 0.91, 0.78)
                    },
                    ..default()
                },
                Node {
                    width: px(size - 12.0),
                    height: px(size - 12.0),
                    ..default()
                },
            ));
        }
    });
}

/// A weapon: its icon (gold in hand), its rounds as cartridges, a red bar when jammed.
fn weapon(
    p: &mut ChildSpawnerCommands,
    (name, in_hand, rounds, capacity, jammed): &(String, bool, u32, u32, bool),
    icons: &TokenIcons,
) {
    p.spawn((
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(1),
            ..default()
        },
        Interaction::default(),
        Tip(format!(
            "{name}: {}{rounds} of {capacity} rounds{}",
            if *in_hand { "in hand, " } else { "" },
            if *jammed {
                ", JAMMED: Clear jam on the action bar clears it"
            } else {
                ""
            }
        )),
    ))
    .with_children(|w| {
        if let Some(image) = icons.get(crate::data::portraits::for_weapon(name)) {
            w.spawn((
                ImageNode {
                    image,
                    color: if *in_hand {
                        Color::srgb(1.0, 0.85, 0.45)
                    } else {
                        Color::srgb(0.62, 0.56, 0.48)
                    },
                    ..default()
                },
                Node {
                    width: px(16),
                    height: px(16),
                    margin: UiRect::right(px(2)),
                    ..default()
                },
            ));
        }
        for i in 0..(*capacity).max(*rounds).min(12) {
            let loaded = i < *rounds;
            w.spawn((
                Node {
                    width: px(3),
                    height: px(9),
                    border: UiRect::all(px(1)),
                    ..default()
                },
                BackgroundColor(if loaded {
                    Color::srgb(0.85, 0.65, 0.3)
                } else {
                    Color::NONE
                }),
                BorderColor::all(Color::srgb(0.6, 0.5, 0.35)),
            ));
        }
        if *jammed {
            w.spawn(label("JAM", 14.0, Color::srgb(1.0, 0.3, 0.25)));
        }
    });
}

/// The colour of a body part by its wounds: unhurt, then ever redder, black at 5 and more.
fn wound_colour(n: u32) -> Color {
    match n {
        0 => Color::srgb(0.5, 0.45, 0.38),
        1 => Color::srgb(0.9, 0.75, 0.3),
        2 => Color::srgb(0.95, 0.55, 0.2),
        3 => Color::srgb(0.9, 0.25, 0.15),
        4 => Color::srgb(0.65, 0.08, 0.08),
        _ => Color::srgb(0.15, 0.05, 0.05),
    }
}

/// The small body: head, arms, torso, legs, each its wounds' colour; Conc beside it.
fn body(p: &mut ChildSpawnerCommands, card: &Card) {
    let of = |part: BodyPart| {
        card.wounds
            .iter()
            .find(|(p, _)| *p == part)
            .map_or(0, |(_, n)| *n)
    };
    let part = |p: &mut ChildSpawnerCommands, (l, t, w, h): (f32, f32, f32, f32), n: u32| {
        p.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(l),
                top: px(t),
                width: px(w),
                height: px(h),
                border_radius: BorderRadius::all(px(2)),
                ..default()
            },
            BackgroundColor(wound_colour(n)),
        ));
    };
    p.spawn(Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(3),
        flex_shrink: 0.0,
        ..default()
    })
    .with_children(|col| {
        col.spawn(Node {
            width: px(22),
            height: px(34),
            ..default()
        })
        .with_children(|b| {
            part(b, (7.0, 0.0, 8.0, 7.0), of(BodyPart::Head));
            part(b, (6.0, 8.0, 10.0, 13.0), of(BodyPart::Torso));
            // The figure faces the player: its right arm on the left.
            part(b, (1.0, 8.0, 4.0, 12.0), of(BodyPart::RightArm));
            part(b, (17.0, 8.0, 4.0, 12.0), of(BodyPart::LeftArm));
            part(b, (6.0, 22.0, 4.5, 12.0), of(BodyPart::RightLeg));
            part(b, (11.5, 22.0, 4.5, 12.0), of(BodyPart::LeftLeg));
        });
        if card.conc > 0 {
            col.spawn(label(
                format!("C{}", card.conc),
                14.0,
                Color::srgb(0.45, 0.7, 1.0),
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hero who shook off its stun at this round's start spends the round recovering: its
    /// card says so; one still stunned, or recovered in an earlier round, is not.
    #[test]
    fn a_hero_spending_the_round_recovering_is_named() {
        use crate::sim::model::{LogEvent, MatchLog};
        let event = |round: u32, who: &str, recovered: bool| {
            let mut fields = serde_json::Map::new();
            fields.insert("recovered".into(), recovered.into());
            LogEvent {
                round,
                segment: 0,
                actor: Some(who.into()),
                kind: "recovery".into(),
                text: String::new(),
                fields,
            }
        };
        let log = MatchLog {
            events: vec![
                event(1, "Cyril Wellington", true),
                event(2, "Miranda Valentine", true),
                event(2, "Felicia Laroq", false),
            ],
        };
        let names = recovering_this_round(Some(&log), 2);
        assert_eq!(
            names.into_iter().collect::<Vec<_>>(),
            vec!["Miranda Valentine".to_string()]
        );
        assert!(recovering_this_round(Some(&log), 3).is_empty());
    }

    #[test]
    fn wounds_redden_a_part_step_by_step() {
        let colours: Vec<Color> = (0..=5).map(wound_colour).collect();
        for pair in colours.windows(2) {
            assert_ne!(pair[0], pair[1]);
        }
    }
}
