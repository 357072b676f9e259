//! The legend of the map's marks (the banner's Legend button): two columns over the map, in
//! the colours of the palette in force.

use crate::app::frame::{Legend, LegendBox, LegendButton};
use crate::app::input::{BattleAction, Bindings};
use crate::app::layout::Palette;
use crate::app::widgets::clicked;
use bevy::prelude::*;

/// The legend of the map's marks, in the colours of the palette in force.
pub fn legend_words(keys: &Bindings, palette: &Palette) -> String {
    let (reach, path, refused) = if palette.colorblind {
        ("sky-blue", "yellow", "vermilion")
    } else {
        ("green", "gold", "red")
    };
    format!(
        "LEGEND\n\
         {reach} outline: a hex in reach this round\n\
         {path} hexes: the path of the move pointed at\n\
         {refused} ring: out of reach (the pointer says why)\n\
         orange hexes: the line of fire; a wall that blocks it\n\
         pulsing ring: the hero whose declaration it is\n\
         token: portrait in its side's ring, wedge: facing,\n\
         \x20 gold badge: weapon in hand, red pips: wounds,\n\
         \x20 blue pips: Conc, yellow ring: stunned, grey: out;\n\
         \x20 tags: PRONE, DUCKED, PARTIAL, DOMINATED, PINNED\n\
         hero cards: the body reddens with wounds, C2: 2 Conc,\n\
         \x20 JAM: a jammed gun; Clear jam (the Load button) clears\n\
         \x20 it, 4 AP, and loads what it lacks, 1 AP a round,\n\
         \x20 RECOVERING: shook off a stun, declares nothing\n\
         \x20 this round, STUNNED, PRONE, OUT, KILLED\n\
         red cross between two tokens: engaged hand to hand\n\
         bars on a hex's sides: cover, from those sides\n\
         \x20 (pale glass, tan thin wood, dark hardwood, adobe, iron)\n\
         gold ring and flag, gold words: a goal (an objective's\n\
         \x20 hex, an area a counter counts)\n\
         red tag under a hero: it can run the loot it carries\n\
         \x20 out this round, for the AP it says\n\
         horse: a mount, its speed beside it\n\
         line and flash: a shot; sparks: it glanced off;\n\
         \x20 dust: a figure fell\n\
         +1 AP stack fee: a hero declaring where actions are\n\
         \x20 already due joins their stack, 1 AP from its pool\n\
         ground: sand open, stones and scrub rough, hachures\n\
         \x20 grades, blue water, brick walls, strata cliffs;\n\
         \x20 roofs, boardwalks, doors, rails, troughs, barrels\n\
         \x20 are drawn only (pointing says which hex is which)\n\
         {}: walk/run   {}: shoot or move   {}: pass\n\
         {}: choose a hero (the move or shot is the other button)",
        keys.key(BattleAction::ToggleRun),
        keys.key(BattleAction::MoveHere),
        keys.key(BattleAction::EndDeclaration),
        keys.key(BattleAction::Select),
    )
}

/// The legend in two columns of about as many lines, split before an entry (a line that is
/// not the indented rest of the one before).
fn legend_columns(words: &str) -> (String, String) {
    let lines: Vec<&str> = words.lines().collect();
    let split = (lines.len() / 2..lines.len())
        .find(|&i| !lines[i].starts_with(' '))
        .unwrap_or(lines.len());
    (lines[..split].join("\n"), lines[split..].join("\n"))
}

pub(super) fn show_legend(
    keys: Res<Bindings>,
    palette: Res<Palette>,
    button: Query<&Interaction, (Changed<Interaction>, With<LegendButton>)>,
    mut legend: Query<&mut Visibility, With<LegendBox>>,
    mut text: Query<(&mut Text, &Legend)>,
) {
    if button.iter().any(|i| clicked(i, false)) {
        for mut v in &mut legend {
            *v = match *v {
                Visibility::Hidden => Visibility::Visible,
                _ => Visibility::Hidden,
            };
        }
    }
    // Two columns, so the whole legend stands over the map at 1280x720 (a play-test's one
    // column ran over the action bar): the map's marks, then the tokens, cards and ground.
    let words = legend_words(&keys, &palette);
    let (first, second) = legend_columns(&words);
    for (mut t, column) in &mut text {
        let words = if column.0 == 0 { &first } else { &second };
        if t.0 != *words {
            t.0 = words.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    /// The legend's two columns split before an entry, near the middle, every line kept.
    #[test]
    fn the_legend_splits_into_two_columns_between_entries() {
        let words = "A\nB\n  b more\nC\n  c more\n  c more\nD";
        let (first, second) = super::legend_columns(words);
        assert_eq!(first, "A\nB\n  b more");
        assert_eq!(second, "C\n  c more\n  c more\nD");
    }
}
