//! The glossary: short explanations of the game's terms, shown as the tooltips of the panel
//! and the log for the terms their words use.

use crate::app::frame::{LogText, Panel};
use crate::app::widgets::Tip;
use bevy::prelude::*;

/// Short explanations of the game's terms.
pub const GLOSSARY: [(&str, &str); 13] = [
    (
        "AP",
        "AP: action points, one token a segment from the hero's IN on",
    ),
    (
        "other AP in front",
        "other AP in front: a declared action removes every token in front, so those beyond its cost are lost (declare when the tokens match the cost to lose none)",
    ),
    ("IN", "IN: the segment of the hero's first token this round"),
    ("TN", "TN: the target number the card's result must reach"),
    (
        "Conc",
        "Conc: concussion, bruising damage that can knock a hero out",
    ),
    (
        "bump",
        "bump: each full step the result beats the TN by, for a better effect",
    ),
    (
        "advantage",
        "advantage: the edge in a hand-to-hand fight: the side ahead adds the difference to its blows' results",
    ),
    (
        "hexside",
        "hexside: one of the six sides of a hex, 0 to 5, for facing and cover",
    ),
    (
        "AV",
        "AV: the armour value of cover or armour, taken off a hit's damage",
    ),
    (
        "EP",
        "EP: the penetration of the hit against the cover's AV (P/A/D)",
    ),
    (
        "Fragment",
        "Fragment: the card's number for the initiative stack",
    ),
    (
        "stunned",
        "stunned: the hero declares nothing until a Fortitude check recovers (what was declared before still goes off)",
    ),
    (
        "dominat",
        "dominance: a hero held by a grapple (partial, dominated, pinned)",
    ),
];

/// The explanations of the terms a text uses.
pub fn glossary(text: &str) -> String {
    // A term at the start of a sentence too ("Advantage: ..."; the preview of a blow said it
    // and the glossary did not explain it).
    let capital = |term: &str| {
        let mut c = term.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect::<String>())
            .unwrap_or_default()
    };
    GLOSSARY
        .iter()
        .filter(|(term, _)| text.contains(term) || text.contains(&capital(term)))
        .map(|(_, words)| *words)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The panel's and the log's tooltips explain the terms they show (the log's words are its
/// spans: `track_view` writes its tooltip).
pub(super) fn explain_terms(
    mut commands: Commands,
    new: Query<Entity, (Or<(With<Panel>, With<LogText>)>, Without<Tip>)>,
    mut texts: Query<(&Text, &mut Tip), (Changed<Text>, With<Panel>)>,
) {
    for e in &new {
        commands
            .entity(e)
            .insert((Interaction::default(), Tip::default()));
    }
    for (text, mut tip) in &mut texts {
        let words = glossary(&text.0);
        if tip.0 != words {
            tip.0 = words;
        }
    }
}

#[cfg(test)]
mod tests {
    /// A line that loses tokens in front says so, and the glossary says why they are lost.
    #[test]
    fn the_glossary_explains_the_ap_lost_in_front() {
        let line = format!(
            "Ike Clanton declares snap shot (1 AP{})",
            crate::sim::events::lost_words(2)
        );
        assert_eq!(
            line,
            "Ike Clanton declares snap shot (1 AP; the 2 other AP in front are lost)"
        );
        let words = super::glossary(&line);
        assert!(words.contains("removes every token in front"), "{words}");
        assert!(words.starts_with("AP: action points"), "{words}");
        assert_eq!(
            super::glossary("Ike Clanton declares snap shot (1 AP)")
                .lines()
                .count(),
            1
        );
        // A term at a sentence's start is explained too.
        assert!(super::glossary("Advantage: Hank 0, Dave 12").contains("advantage: the edge"));
        assert_eq!(
            crate::sim::events::lost_words(1),
            "; the 1 other AP in front is lost"
        );
    }
}
