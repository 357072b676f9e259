//! What came of an intent or of an action (for the window, the tests and the log), and an
//! action's price. The families of actions build these; this module imports none of them.

use crate::sim::intent::{HeroId, Refusal};
use bevy::prelude::*;
use hexx::Hex;

/// An action's price: its AP, and the plan performing will carry out.
#[derive(Clone, Debug, PartialEq)]
pub struct Priced<P> {
    pub ap: u32,
    pub plan: P,
}

impl<P> Priced<P> {
    pub fn new(ap: u32, plan: P) -> Priced<P> {
        Priced { ap, plan }
    }

    /// The same price with the plan wrapped (into the `Plan` of every action).
    pub fn map<Q>(self, f: impl FnOnce(P) -> Q) -> Priced<Q> {
        Priced {
            ap: self.ap,
            plan: f(self.plan),
        }
    }
}

/// What came of an intent or of an action's resolution: for the window, the tests and the log.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Paid in full: it resolves at the end of this segment.
    Declared {
        hero: HeroId,
        what: String,
        ap: u32,
        lost: u32,
    },
    /// Fewer tokens than the cost: they are spent toward it until it is paid.
    Committed {
        hero: HeroId,
        what: String,
        ap: u32,
        paid: u32,
    },
    Moved {
        hero: HeroId,
        path: Vec<Hex>,
        ap: u32,
    },
    Faced {
        hero: HeroId,
        facing: u8,
        ap: u32,
    },
    WentProne {
        hero: HeroId,
        ap: u32,
    },
    StoodUp {
        hero: HeroId,
        ap: u32,
    },
    Ducked {
        hero: HeroId,
        cover: String,
        ap: u32,
    },
    Emerged {
        hero: HeroId,
        ap: u32,
    },
    Readied {
        hero: HeroId,
        weapon: String,
        ap: u32,
    },
    Cocked {
        hero: HeroId,
        weapon: String,
        ap: u32,
    },
    Worked {
        hero: HeroId,
        objective: String,
        victories: u32,
        ap: u32,
    },
    Steered {
        hero: HeroId,
        facing: u8,
        ap: u32,
    },
    Reined {
        hero: HeroId,
        speed: u32,
        ap: u32,
    },
    Shot {
        hero: HeroId,
        target: HeroId,
        hit: bool,
        text: String,
    },
    Reloaded {
        hero: HeroId,
        weapon: String,
        rounds: u32,
        ap: u32,
        /// A jam cleared first (a play-test read only "loads the Peacemaker" of its Clear jam).
        cleared: bool,
    },
    Melee {
        hero: HeroId,
        target: HeroId,
        hit: bool,
        text: String,
    },
    /// A block or dodge made ready for this round; a bonus counter passed to an ally.
    Prepared {
        hero: HeroId,
        what: String,
        ap: u32,
    },
    /// An attack waits for its player's choice: the bumps to spend (`Intent::SpendBumps`), or
    /// after a failed Bravery check the snap shot or none (`Intent::Snap`).
    Pending {
        hero: HeroId,
    },
    /// The hero chose not to make the shot its lost aim left (the AP are spent).
    Forgone {
        hero: HeroId,
        text: String,
    },
    Escaped {
        hero: HeroId,
        free: bool,
        text: String,
    },
    /// Not legal: the reason is for the player to see. At resolution, the AP are lost.
    Refused {
        hero: HeroId,
        reason: Refusal,
    },
}

impl Outcome {
    pub fn hero(&self) -> HeroId {
        match self {
            Outcome::Declared { hero, .. }
            | Outcome::Committed { hero, .. }
            | Outcome::Moved { hero, .. }
            | Outcome::Faced { hero, .. }
            | Outcome::WentProne { hero, .. }
            | Outcome::StoodUp { hero, .. }
            | Outcome::Ducked { hero, .. }
            | Outcome::Emerged { hero, .. }
            | Outcome::Readied { hero, .. }
            | Outcome::Melee { hero, .. }
            | Outcome::Prepared { hero, .. }
            | Outcome::Escaped { hero, .. }
            | Outcome::Pending { hero }
            | Outcome::Forgone { hero, .. }
            | Outcome::Cocked { hero, .. }
            | Outcome::Worked { hero, .. }
            | Outcome::Steered { hero, .. }
            | Outcome::Reined { hero, .. }
            | Outcome::Shot { hero, .. }
            | Outcome::Reloaded { hero, .. }
            | Outcome::Refused { hero, .. } => *hero,
        }
    }

    /// The outcome in words, for the panel and the log.
    pub fn describe(&self, name: &str) -> String {
        match self {
            Outcome::Declared { what, ap, lost, .. } => {
                let lost = crate::sim::events::lost_words(*lost);
                format!("{name} declares: {what} ({ap} AP{lost})")
            }
            Outcome::Committed { what, ap, paid, .. } => {
                format!("{name} declares: {what} ({ap} AP), paying {paid} of {ap} so far")
            }
            Outcome::Moved { path, ap, .. } => {
                format!(
                    "{name} moves {} ({ap} AP)",
                    crate::rules::words::count(path.len() as u32, "pace", "paces")
                )
            }
            Outcome::Faced { facing, ap, .. } => {
                format!(
                    "{name} turns to face {} (hexside {facing}) ({ap} AP)",
                    crate::rules::hexmap::hexside_name(*facing)
                )
            }
            Outcome::WentProne { ap, .. } => format!("{name} drops prone ({ap} AP)"),
            Outcome::StoodUp { ap, .. } => format!("{name} stands up ({ap} AP)"),
            Outcome::Ducked { cover, ap, .. } => {
                // A cover named "the bar" is not "the the bar".
                let cover = cover.strip_prefix("the ").unwrap_or(cover);
                format!("{name} ducks behind the {cover} ({ap} AP)")
            }
            Outcome::Emerged { ap, .. } => format!("{name} emerges from cover ({ap} AP)"),
            Outcome::Melee { text, .. }
            | Outcome::Escaped { text, .. }
            | Outcome::Forgone { text, .. } => text.clone(),
            Outcome::Pending { .. } => format!("{name} waits for the player's choice"),
            Outcome::Prepared { what, ap, .. } => {
                format!("{name}: {what} ({ap} AP)")
            }
            Outcome::Readied { weapon, ap, .. } => {
                format!("{name} readies the {weapon} ({ap} AP)")
            }
            Outcome::Cocked { weapon, ap, .. } => {
                format!("{name} cocks the {weapon} ({ap} AP)")
            }
            Outcome::Worked {
                objective,
                victories,
                ap,
                ..
            } => format!(
                "{name} works on '{objective}': {} ({ap} AP)",
                crate::rules::words::count(*victories, "victory", "victories")
            ),
            Outcome::Steered { facing, ap, .. } => {
                format!(
                    "{name} steers the mount to the {} (hexside {facing}) ({ap} AP)",
                    crate::rules::hexmap::hexside_name(*facing)
                )
            }
            Outcome::Reined { speed, ap, .. } => {
                format!("{name} sets the mount's speed to {speed} paces a round ({ap} AP)")
            }
            Outcome::Shot { text, .. } => text.clone(),
            Outcome::Reloaded {
                weapon,
                rounds,
                ap,
                cleared,
                ..
            } => format!(
                "{name} {}loads the {weapon}: {} ({ap} AP)",
                if *cleared { "clears the jam and " } else { "" },
                crate::rules::words::count(*rounds, "round", "rounds")
            ),
            Outcome::Refused { reason, .. } => format!("Refused: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome;
    use crate::sim::intent::HeroId;

    /// One round loaded is "1 round"; a cover named "the bar" is ducked behind as "the bar".
    #[test]
    fn outcomes_read_as_english() {
        let loaded = Outcome::Reloaded {
            hero: HeroId(0),
            weapon: "Sharps rifle".into(),
            rounds: 1,
            ap: 1,
            cleared: false,
        };
        assert_eq!(
            loaded.describe("Miranda"),
            "Miranda loads the Sharps rifle: 1 round (1 AP)"
        );
        let cleared = Outcome::Reloaded {
            hero: HeroId(0),
            weapon: "Peacemaker".into(),
            rounds: 6,
            ap: 6,
            cleared: true,
        };
        assert_eq!(
            cleared.describe("Hank"),
            "Hank clears the jam and loads the Peacemaker: 6 rounds (6 AP)"
        );
        let ducked = Outcome::Ducked {
            hero: HeroId(1),
            cover: "the bar".into(),
            ap: 1,
        };
        assert_eq!(
            ducked.describe("Cyril"),
            "Cyril ducks behind the bar (1 AP)"
        );
    }
}
