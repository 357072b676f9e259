//! "Balance it": the level played many times in the background, every side by the computer
//! at `normal`, with a progress bar and each side's win rate, so a Judge sees a lopsided map
//! before game night.

use super::EditorState;
use bevy::prelude::*;
use std::sync::{Arc, Mutex};

/// Matches a "Balance it" plays.
pub const RUNS: u64 = 200;

/// A balance run: how far it is and what it found so far.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub done: u64,
    pub runs: u64,
    /// Wins per side, in the level's order.
    pub wins: Vec<u64>,
    /// Matches that reached the round limit undecided.
    pub undecided: u64,
    /// A match that could not be played, why.
    pub failed: Option<String>,
}

/// The run in the background.
pub struct BalanceRun {
    pub progress: Arc<Mutex<Progress>>,
    /// The level's sides, by name, when it started.
    pub sides: Vec<String>,
    seen: u64,
}

impl BalanceRun {
    pub fn snapshot(&self) -> Progress {
        self.progress.lock().map(|p| p.clone()).unwrap_or_default()
    }
}

/// Start a balance run of the level as it is (a ready level only).
pub fn start(state: &mut EditorState) {
    if !state.ready() {
        state.message = "Mend the problems first: a level with problems cannot be played".into();
        return;
    }
    if state
        .balance
        .as_ref()
        .is_some_and(|b| b.snapshot().done < b.snapshot().runs)
    {
        state.message = "A balance run is under way".into();
        return;
    }
    let mut level = state.level().clone();
    for side in &mut level.sides {
        side.ai = Some(crate::data::level::AiLevel::Normal);
    }
    let gear = state.gear.clone();
    let sides = level.sides.iter().map(|s| s.name.clone()).collect();
    let progress = Arc::new(Mutex::new(Progress {
        runs: RUNS,
        wins: vec![0; level.sides.len()],
        ..Progress::default()
    }));
    let shared = progress.clone();
    std::thread::spawn(move || {
        let cards = match crate::data::deck_file::load_match_deck() {
            Ok(c) => c,
            Err(e) => {
                if let Ok(mut p) = shared.lock() {
                    p.failed = Some(e.to_string());
                }
                return;
            }
        };
        for seed in 1..=RUNS {
            let played = crate::sim::run::play_checked(&level, &gear, seed, &cards, 10);
            let Ok(mut p) = shared.lock() else { return };
            match played {
                Ok(m) => match m.end {
                    crate::sim::run::SimEnd::Decided(over) => {
                        if let Some(w) = p.wins.get_mut(over.winner) {
                            *w += 1;
                        }
                    }
                    _ => p.undecided += 1,
                },
                Err(e) => {
                    p.failed = Some(e);
                    p.done = p.runs;
                    return;
                }
            }
            p.done += 1;
        }
    });
    state.balance = Some(BalanceRun {
        progress,
        sides,
        seen: 0,
    });
    state.page = super::Page::Check;
    state.message = format!("Balance: {RUNS} matches, every side played by the computer");
}

/// Show the run's progress (the panel is drawn again as it moves on).
pub fn poll(mut state: ResMut<EditorState>) {
    let Some(run) = state.balance.as_mut() else {
        return;
    };
    let done = run.snapshot().done;
    if done != run.seen && (done - run.seen >= RUNS / 20 || done == RUNS) {
        run.seen = done;
        state.ui += 1;
    }
}
