//! Typing a name: the level's name and description, a hero's, a side's, a cover object's or
//! a horse's. Enter keeps it (a rename carries to what names it), Esc drops it.

use super::EditorState;
use crate::data::level::{CoverDef, MountDef};
use crate::editor::{self as ed, Edit, Slot};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// What is being typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    LevelName,
    Description,
    Hero(usize),
    Side(usize),
    Cover(usize),
    Mount(usize),
}

/// The name being typed, if any.
#[derive(Resource, Default, Debug)]
pub struct Typing {
    pub field: Option<Field>,
    pub text: String,
}

/// The longest name or description typed.
const MAX_CHARS: usize = 300;

impl Typing {
    /// Start typing a field, from its present words.
    pub fn start(&mut self, field: Field, state: &EditorState) {
        let l = state.level();
        self.text = match field {
            Field::LevelName => l.name.clone(),
            Field::Description => l.description.clone(),
            Field::Hero(i) => l.heroes.get(i).map(|h| h.name.clone()).unwrap_or_default(),
            Field::Side(i) => l.sides.get(i).map(|s| s.name.clone()).unwrap_or_default(),
            Field::Cover(i) => l.cover.get(i).map(|c| c.name.clone()).unwrap_or_default(),
            Field::Mount(i) => l.mounts.get(i).map(|m| m.name.clone()).unwrap_or_default(),
        };
        self.field = Some(field);
    }

    /// Keep what was typed: the edit of that name.
    pub fn commit(&mut self, state: &mut EditorState) {
        let Some(field) = self.field.take() else {
            return;
        };
        let text = std::mem::take(&mut self.text).trim().to_string();
        if text.is_empty() && field != Field::Description {
            state.message = "A name cannot be empty: kept as it was".into();
            state.ui += 1;
            return;
        }
        let l = state.level();
        let edit = match field {
            Field::LevelName => Edit::Name(text),
            Field::Description => Edit::Description(text),
            Field::Hero(i) => ed::rename_hero(l, i, &text),
            Field::Side(i) => ed::rename_side(l, i, &text),
            Field::Cover(i) => match l.cover.get(i) {
                Some(c) => Edit::Cover(Slot::Set(
                    i,
                    CoverDef {
                        name: text,
                        ..c.clone()
                    },
                )),
                None => return,
            },
            Field::Mount(i) => match l.mounts.get(i) {
                Some(m) => Edit::Mount(Slot::Set(
                    i,
                    MountDef {
                        name: text,
                        ..m.clone()
                    },
                )),
                None => return,
            },
        };
        state.apply(edit);
    }
}

/// The keys while a name is typed.
pub fn type_text(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: ResMut<Typing>,
    mut state: ResMut<EditorState>,
) {
    if typing.field.is_none() {
        keys.clear();
        return;
    }
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        match &key.logical_key {
            Key::Enter => {
                typing.commit(&mut state);
                return;
            }
            Key::Escape => {
                typing.field = None;
                typing.text.clear();
            }
            Key::Backspace => {
                typing.text.pop();
            }
            _ => {
                if let Some(text) = &key.text {
                    for c in text.chars().filter(|c| !c.is_control()) {
                        if typing.text.chars().count() < MAX_CHARS {
                            typing.text.push(c);
                        }
                    }
                }
            }
        }
        state.ui += 1;
    }
}
