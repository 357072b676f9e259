//! Action time as a schedule: the initiative step, segments 1 to 20 (and beyond for paid
//! actions), declarations in ascending Quickness, the initiative stack, continuous movement
//! of mounts, and the end of the round, as Bevy schedules (`schedule`, which shows them in
//! order) driven by `scheduler`. The rules are in `rules::action_time`. It asks the seats for declarations (`seats`) and takes every
//! intent through one door (`declare::accept`), which records it in the journal.

mod declare;
mod phases;
mod rush;
mod schedule;
mod scheduler;
mod stack;

pub use declare::{accept, declarer, stack_fee_now};
pub use rush::{may_rush, price_rush, window_open as rush_window_open};
pub(crate) use schedule::build as build_schedules;
pub use schedule::{Declarations, Resolution, RoundEnd, RoundFlow, RoundStart, Segment};
pub use scheduler::{advance, run_round, scripted};
