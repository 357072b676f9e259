//! The computer's pace (the Settings' Pace): how long the map holds each of its steps, and at
//! the step-by-step pace, a step only when the player asks for it (Space).

use serde::{Deserialize, Serialize};

/// The computer's pace: the wait between its declarations and between empty segments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pace {
    /// Each step of the computer waits for the player's key (`BattleAction::NextStep`); the
    /// map shows it at the slow pace.
    Step,
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Pace {
    pub const ALL: [Pace; 5] = [
        Pace::Step,
        Pace::Slow,
        Pace::Normal,
        Pace::Fast,
        Pace::Instant,
    ];

    /// Seconds between two steps of the computer (at the step-by-step pace: between empty
    /// segments; its steps wait for the player).
    pub fn delay(self) -> f32 {
        match self {
            Pace::Slow => 0.7,
            Pace::Step | Pace::Normal => 0.3,
            Pace::Fast => 0.1,
            Pace::Instant => 0.0,
        }
    }

    /// Seconds the map and the log hold a computer's step before its next declaration: longer
    /// than between empty segments, so the banner and the log's line of each declaration can
    /// be read (a play-test of the bench level found its computer's turns went by too quickly
    /// at the default pace: six heroes a side declaring, 0.3 s each).
    pub fn declare_delay(self) -> f32 {
        match self {
            Pace::Slow => 1.2,
            Pace::Step | Pace::Normal => 0.7,
            Pace::Fast => 0.2,
            Pace::Instant => 0.0,
        }
    }

    /// Each step of the computer waits for the player's key.
    pub fn by_step(self) -> bool {
        self == Pace::Step
    }

    /// Seconds a figure takes from one hex to the next on the map.
    pub fn step_secs(self) -> f32 {
        match self {
            Pace::Step | Pace::Slow => 0.32,
            Pace::Normal => 0.22,
            Pace::Fast => 0.12,
            Pace::Instant => 0.06,
        }
    }

    /// Seconds a shot's tracer and flash last.
    pub fn shot_secs(self) -> f32 {
        match self {
            Pace::Step | Pace::Slow => 1.8,
            Pace::Normal => 1.2,
            Pace::Fast => 0.6,
            Pace::Instant => 0.3,
        }
    }

    /// Seconds the words of a hit stay over the target.
    pub fn words_secs(self) -> f32 {
        match self {
            Pace::Step | Pace::Slow => 5.5,
            Pace::Normal => 4.0,
            Pace::Fast => 2.5,
            Pace::Instant => 1.6,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Pace::Step => "step",
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }

    /// The next pace, round the five.
    pub fn next(self) -> Pace {
        let i = Pace::ALL.iter().position(|p| *p == self).unwrap_or(0);
        Pace::ALL[(i + 1) % Pace::ALL.len()]
    }
}
