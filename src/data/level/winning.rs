//! How each side wins a level, in a player's words: what the level select and the battle
//! show before the first shot (a play-test found the gulch chase never said that Hank wins by
//! holding out three rounds, and won by it unawares).

use super::WhenFull;
use super::{Level, Victory};

impl Level {
    /// One line for each way the level is won: its victories, then the counters whose filling
    /// wins for a side.
    pub fn how_to_win(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .victory
            .iter()
            .map(|v| match v {
                Victory::LastSideStanding => "Any side: put every foe down".to_string(),
                Victory::Timer {
                    name,
                    rounds,
                    winner,
                } => format!(
                    "{winner}: hold out {} ('{name}')",
                    crate::rules::words::count(*rounds, "round", "rounds")
                ),
                Victory::Objective {
                    name,
                    victories,
                    winner,
                    task,
                    rival,
                } => {
                    let mut line = format!(
                        "{winner}: '{name}', {}",
                        crate::rules::words::count(*victories, "victory", "victories")
                    );
                    if let Some(task) = task {
                        line.push_str(&format!(
                            " of {} at {},{}",
                            task.skill, task.at.0, task.at.1
                        ));
                    }
                    if let Some(rival) = rival {
                        line.push_str(&format!(" ({rival} race for it too)"));
                    }
                    line
                }
            })
            .collect();
        // Help that comes when a counter fills (the Longhorn's marshal): not a win, but a side
        // should know it is coming.
        for c in &self.counters {
            let coming: Vec<&super::HeroDef> = self
                .heroes
                .iter()
                .filter(|h| h.arrives.as_deref() == Some(c.name.as_str()))
                .collect();
            if let Some(first) = coming.first() {
                let names: Vec<&str> = coming.iter().map(|h| h.name.as_str()).collect();
                lines.push(format!(
                    "{}, help on the way (no win by itself): {} come{} in when '{}' fills",
                    first.side,
                    names.join(" and "),
                    if names.len() == 1 { "s" } else { "" },
                    c.name
                ));
            }
        }
        for c in &self.counters {
            if let Some(WhenFull::Wins(side)) = &c.when_full {
                let what = c.about.clone().unwrap_or_else(|| {
                    c.fed_by
                        .iter()
                        .map(|f| f.on.words())
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                lines.push(format!("{side}: fill '{}': {what}", c.name));
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    /// The gulch chase: the fight, and Hank's three rounds; the longhorn fire: the marshal
    /// coming to Hank and Cyril's help; the bank job: the fight, and the gang's strongboxes
    /// carried out (its marshal's posse is said after the fight).
    #[test]
    fn each_level_says_how_it_is_won() {
        let gear =
            crate::data::gear::load(std::path::Path::new(crate::data::gear::GEAR_PATH)).unwrap();
        let level = |file: &str| {
            crate::data::level::load(std::path::Path::new(&format!("levels/{file}")), &gear)
                .unwrap()
        };
        assert_eq!(
            level("gulch_chase.ron").how_to_win(),
            [
                "Any side: put every foe down",
                "Hank: hold out 3 rounds ('Out of the gulch')",
            ]
        );
        assert_eq!(
            level("longhorn_fire.ron").how_to_win()[1],
            "Hank and Cyril, help on the way (no win by itself): Marshal Tate comes in when \
             'The town wakes' fills"
        );
        let bank = level("bank_job.ron").how_to_win();
        assert_eq!(bank.len(), 3, "{bank:?}");
        assert!(
            bank[1].contains("Marshal Tate and Posse rider come in"),
            "{bank:?}"
        );
        assert!(
            bank[2].starts_with("Laroq gang: fill 'Out of Red Rock': Both strongboxes carried"),
            "{bank:?}"
        );
    }
}
