//! The rules of The West That Wasn't as plain Rust: no Bevy, no I/O, no globals.
//! Deterministic given a seeded deck.

pub mod action_time;
pub mod adjust;
pub mod bonus;
pub mod card;
pub mod check;
pub mod contest;
pub mod counter;
pub mod d20;
pub mod damage;
pub mod deck;
pub mod deck_gen;
pub mod dice_pool;
pub mod die;
pub mod difficulty;
pub mod hexmap;
pub mod medicine;
pub mod melee;
pub mod movement;
pub mod odds;
pub mod ranged;
pub mod resolution;
pub mod rush;
pub mod sabotage;
pub mod shot;
pub mod terrain;
pub mod trace;
pub mod weapons;
pub mod words;

#[cfg(test)]
mod deck_stats;
#[cfg(test)]
mod examples;
