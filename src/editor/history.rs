//! Undo and redo: the level under edit and two stacks of the edits that undo and redo each
//! step.

use super::{Edit, EditError};
use crate::data::level::Level;

/// The level under edit with its history.
#[derive(Clone, Debug)]
pub struct History {
    pub level: Level,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// Steps since the level was last saved (negative after undoing past the save).
    unsaved: i64,
}

/// The most steps kept to undo.
pub const MAX_UNDO: usize = 500;

impl History {
    pub fn new(level: Level) -> History {
        History {
            level,
            undo: Vec::new(),
            redo: Vec::new(),
            unsaved: 0,
        }
    }

    /// Apply an edit as one step (an empty batch or paint is no step). Redo is cleared.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        if matches!(&edit, Edit::Batch(e) if e.is_empty())
            || matches!(&edit, Edit::Terrain(e) if e.is_empty())
            || matches!(&edit, Edit::Heights(e) if e.is_empty())
        {
            return Ok(());
        }
        let inverse = edit.apply(&mut self.level)?;
        self.undo.push(inverse);
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.unsaved += 1;
        Ok(())
    }

    /// Undo the last step; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(edit) = self.undo.pop() else {
            return false;
        };
        match edit.apply(&mut self.level) {
            Ok(redo) => {
                self.redo.push(redo);
                self.unsaved -= 1;
                true
            }
            Err(_) => false,
        }
    }

    /// Redo the last step undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        match edit.apply(&mut self.level) {
            Ok(undo) => {
                self.undo.push(undo);
                self.unsaved += 1;
                true
            }
            Err(_) => false,
        }
    }

    /// Make the last `n` steps one (a brush stroke dragged over many hexes is undone whole).
    pub fn merge_last(&mut self, n: usize) {
        if n < 2 || n > self.undo.len() {
            return;
        }
        let mut tail = self.undo.split_off(self.undo.len() - n);
        tail.reverse();
        self.undo.push(Edit::Batch(tail));
        self.unsaved -= n as i64 - 1;
    }

    /// The steps there are to undo.
    pub fn depth(&self) -> usize {
        self.undo.len()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Has the level changed since it was saved (or opened)?
    pub fn unsaved(&self) -> bool {
        self.unsaved != 0
    }

    /// The level was saved as it is now.
    pub fn saved(&mut self) {
        self.unsaved = 0;
    }
}
