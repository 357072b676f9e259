//! Counters (counters.txt): slots worth points, temporary slots, six types.

use serde::{Deserialize, Serialize};

/// "Counters are comprised of one to ten slots."
pub const MAX_SLOTS: u32 = 10;
/// "Each slot is worth 5 points by default"
pub const DEFAULT_POINTS_PER_SLOT: u32 = 5;
/// Taking an item of an Inventory counter up or putting it down: 1 AP, the smallest handling
/// the rules price, as cocking is (docs/rules-decisions.md 132).
pub const ITEM_AP: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CounterKind {
    Progress,
    Danger,
    Defeat,
    Resource,
    Timer,
    Inventory,
}

impl CounterKind {
    /// The kind as the log and the JSON name it (`counter_kind`).
    pub fn name(self) -> &'static str {
        match self {
            CounterKind::Progress => "progress",
            CounterKind::Danger => "danger",
            CounterKind::Defeat => "defeat",
            CounterKind::Resource => "resource",
            CounterKind::Timer => "timer",
            CounterKind::Inventory => "inventory",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CounterError {
    #[error("a counter has 1 to {MAX_SLOTS} slots, not {0}")]
    Slots(u32),
    #[error("a slot is worth at least 1 point")]
    Points,
    #[error("only an Inventory counter holds items")]
    NotInventory,
    #[error("an Inventory counter is filled with items, not points")]
    Inventory,
    #[error("the counter is full")]
    Full,
    #[error("no item '{0}' in the counter")]
    NoSuchItem(String),
}

/// What one addition of points did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fill {
    /// Slots filled by this addition (temporary ones included).
    pub slots: u32,
    /// Temporary slots lost by being filled.
    pub temporary_lost: u32,
    /// Setbacks owed paid off by this addition (slots that filled nothing).
    pub setbacks_paid: u32,
    /// The last slot is filled.
    pub completed: bool,
}

/// How a setback (decision 96: a calamity at an objective's work) was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Setback {
    /// A temporary slot, filled (and lost) before the next permanent one.
    TemporarySlot,
    /// No room for a temporary slot (10 slots in all): the last filled slot is emptied.
    SlotEmptied,
    /// No room and nothing filled yet: the next slot filled is lost (owed).
    Owed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub name: String,
    pub kind: CounterKind,
    slots: u32,
    points_per_slot: u32,
    filled: u32,
    temporary: u32,
    /// Setbacks with no room for a temporary slot and nothing filled to take back: each
    /// costs the next slot filled.
    #[serde(default)]
    owed: u32,
    items: Vec<String>,
}

impl Counter {
    pub fn new(
        name: impl Into<String>,
        kind: CounterKind,
        slots: u32,
        points_per_slot: u32,
    ) -> Result<Counter, CounterError> {
        if !(1..=MAX_SLOTS).contains(&slots) {
            return Err(CounterError::Slots(slots));
        }
        if points_per_slot == 0 {
            return Err(CounterError::Points);
        }
        // "All Inventory Counter slots are worth one item."
        let points_per_slot = if kind == CounterKind::Inventory {
            1
        } else {
            points_per_slot
        };
        Ok(Counter {
            name: name.into(),
            kind,
            slots,
            points_per_slot,
            filled: 0,
            temporary: 0,
            owed: 0,
            items: Vec::new(),
        })
    }

    /// The Progress counter of a complex check: one slot per victory required, each worth one
    /// victory (see docs/rules-decisions.md).
    pub fn victories(name: impl Into<String>, required: u32) -> Result<Counter, CounterError> {
        Counter::new(name, CounterKind::Progress, required, 1)
    }

    pub fn slots(&self) -> u32 {
        self.slots
    }
    pub fn filled(&self) -> u32 {
        self.filled
    }
    pub fn temporary(&self) -> u32 {
        self.temporary
    }
    /// Setbacks owed (see `set_back`).
    pub fn owed(&self) -> u32 {
        self.owed
    }
    pub fn kind_name(&self) -> &'static str {
        self.kind.name()
    }
    pub fn points_per_slot(&self) -> u32 {
        self.points_per_slot
    }
    pub fn items(&self) -> &[String] {
        &self.items
    }

    /// "When the last slot is filled, a Counter is completed."
    pub fn is_complete(&self) -> bool {
        self.temporary == 0 && self.filled >= self.slots
    }

    /// Add temporary slots, as many of `n` as fit: "A Counter cannot have more than 10 slots
    /// total, including Temporary slots." Returns how many were added.
    pub fn add_temporary(&mut self, n: u32) -> u32 {
        let room = MAX_SLOTS.saturating_sub(self.slots + self.temporary);
        let added = n.min(room);
        self.temporary += added;
        added
    }

    /// A setback costs exactly one slot of progress (decision 96): a temporary slot where one
    /// fits; else the last filled slot emptied; else the next slot filled is lost.
    pub fn set_back(&mut self) -> Setback {
        if self.add_temporary(1) == 1 {
            Setback::TemporarySlot
        } else if self.filled > 0 {
            self.filled -= 1;
            Setback::SlotEmptied
        } else {
            self.owed += 1;
            Setback::Owed
        }
    }

    /// "fill slots until no points remain. Even if only a single point remains, the entire
    /// slot must be filled." Temporary slots are filled first and are then lost.
    pub fn add_points(&mut self, points: u32) -> Result<Fill, CounterError> {
        if self.kind == CounterKind::Inventory {
            return Err(CounterError::Inventory);
        }
        let mut to_fill = points.div_ceil(self.points_per_slot);
        let temporary_lost = to_fill.min(self.temporary);
        self.temporary -= temporary_lost;
        to_fill -= temporary_lost;
        let setbacks_paid = to_fill.min(self.owed);
        self.owed -= setbacks_paid;
        to_fill -= setbacks_paid;
        let permanent = to_fill.min(self.slots - self.filled);
        self.filled += permanent;
        Ok(Fill {
            slots: temporary_lost + permanent,
            temporary_lost,
            setbacks_paid,
            completed: self.is_complete(),
        })
    }

    /// Inventory: a slot holds one specific item.
    pub fn add_item(&mut self, item: impl Into<String>) -> Result<Fill, CounterError> {
        if self.kind != CounterKind::Inventory {
            return Err(CounterError::NotInventory);
        }
        if self.filled >= self.slots {
            return Err(CounterError::Full);
        }
        self.items.push(item.into());
        self.filled += 1;
        Ok(Fill {
            slots: 1,
            temporary_lost: 0,
            setbacks_paid: 0,
            completed: self.is_complete(),
        })
    }

    pub fn remove_item(&mut self, item: &str) -> Result<(), CounterError> {
        let at = self
            .items
            .iter()
            .position(|i| i == item)
            .ok_or_else(|| CounterError::NoSuchItem(item.into()))?;
        self.items.remove(at);
        self.filled -= 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_points_fill_two_slots() {
        let mut c =
            Counter::new("ammo", CounterKind::Resource, 5, DEFAULT_POINTS_PER_SLOT).unwrap();
        let fill = c.add_points(7).unwrap();
        assert_eq!((fill.slots, c.filled(), fill.completed), (2, 2, false));
        c.add_points(1).unwrap();
        assert_eq!(c.filled(), 3);
        assert!(c.add_points(100).unwrap().completed);
        assert_eq!(c.filled(), 5);
    }

    #[test]
    fn temporary_slots_are_lost_when_filled_and_the_cap_is_ten() {
        let mut c = Counter::new("posse", CounterKind::Danger, 8, 5).unwrap();
        // A request past ten slots adds what fits.
        assert_eq!(c.add_temporary(3), 2);
        assert_eq!(c.add_temporary(1), 0);
        let fill = c.add_points(15).unwrap();
        assert_eq!((fill.temporary_lost, c.temporary(), c.filled()), (2, 0, 1));
        assert_eq!(
            Counter::new("x", CounterKind::Timer, 11, 5),
            Err(CounterError::Slots(11))
        );
        assert_eq!(
            Counter::new("x", CounterKind::Timer, 0, 5),
            Err(CounterError::Slots(0))
        );
    }

    #[test]
    fn a_setback_always_costs_one_slot() {
        // Room for a temporary slot: the next fill is lost to it.
        let mut c = Counter::victories("charges", 5).unwrap();
        assert_eq!(c.set_back(), Setback::TemporarySlot);
        assert_eq!(c.add_points(1).unwrap().temporary_lost, 1);
        assert_eq!(c.filled(), 0);
        // Ten slots, no room: a filled slot is emptied.
        let mut c = Counter::victories("vault", 10).unwrap();
        c.add_points(3).unwrap();
        assert_eq!(c.set_back(), Setback::SlotEmptied);
        assert_eq!((c.filled(), c.temporary()), (2, 0));
        // Ten slots and nothing filled: the next slot filled is lost.
        let mut c = Counter::victories("vault", 10).unwrap();
        assert_eq!(c.set_back(), Setback::Owed);
        let fill = c.add_points(2).unwrap();
        assert_eq!((fill.setbacks_paid, c.filled(), c.owed()), (1, 1, 0));
    }

    #[test]
    fn inventory_holds_items() {
        let mut c = Counter::new("memories", CounterKind::Inventory, 2, 5).unwrap();
        assert_eq!(c.points_per_slot(), 1);
        assert_eq!(c.add_points(1), Err(CounterError::Inventory));
        c.add_item("locket").unwrap();
        assert!(c.add_item("letter").unwrap().completed);
        assert_eq!(c.add_item("map"), Err(CounterError::Full));
        c.remove_item("locket").unwrap();
        assert_eq!(c.items(), ["letter".to_string()]);
    }

    #[test]
    fn victories_fill_a_progress_counter() {
        // Hank: 5 victories to set the device; 4 this action, one to go.
        let mut c = Counter::victories("dynamite", 5).unwrap();
        assert!(!c.add_points(4).unwrap().completed);
        assert!(c.add_points(1).unwrap().completed);
    }
}
