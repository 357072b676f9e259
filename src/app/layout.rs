//! The window's sizes and palette, in one place, and the frame of a battle: where the banner,
//! the panel, the action bar and the map go in a window of any size.

use bevy::prelude::*;

/// The window at start.
pub const WINDOW_W: f32 = 1280.0;
pub const WINDOW_H: f32 = 720.0;
/// The layout is drawn for this size and scaled by [`ui_scale`] in bigger windows.
pub const DESIGN_W: f32 = 1280.0;
pub const DESIGN_H: f32 = 720.0;
/// The smallest window the layout is made for.
pub const MIN_W: f32 = 1280.0;
pub const MIN_H: f32 = 720.0;

/// The hero panel on the right (in layout pixels, before the UI scale).
pub const PANEL_W: f32 = 360.0;
/// The banner over the map: who declares, a notice, and a line to spare.
pub const BANNER_H: f32 = 58.0;
/// The action bar under the map: three lines of buttons in captioned groups (each line a
/// caption and a button, 4 between lines, 5 above and below).
pub const BAR_H: f32 = 3.0 * (CAPTION_H + 1.0 + BUTTON_H) + 2.0 * 4.0 + 10.0;
/// An action-bar button (its slot: the button is 4 narrower), the gap between two buttons of
/// a group and between two groups, and a group's caption.
pub const BUTTON_W: f32 = 76.0;
pub const BUTTON_H: f32 = 36.0;
pub const BUTTON_GAP: f32 = 3.0;
pub const GROUP_GAP: f32 = 6.0;
pub const CAPTION_H: f32 = 17.0;
/// The combat log at the foot of the panel column, and the action track above it.
pub const LOG_H: f32 = 152.0;
/// "Since your last declaration", between the track and the log.
pub const SUMMARY_H: f32 = 104.0;
pub const TRACK_H: f32 = 150.0;
/// The least the summary gives up to the panel's words: its title and a line.
pub const SUMMARY_MIN_H: f32 = 46.0;
/// A line of the panel's 14 px text, a row of hero cards (one card, or two side by side when
/// there are more than a column holds), and the lines of the panel's words kept under the
/// cards: the declarer's plan and its hint (a rider's steering) read whole.
pub const LINE_H: f32 = 19.0;
pub const CARD_ROW_H: f32 = 45.0;
pub const PANEL_LINES: f32 = 4.0;

/// The least height of the panel's top box (the hero cards and the panel's words under them)
/// with `cards` hero cards in rows of `per_row`: the cards, the box's padding and
/// [`PANEL_LINES`] lines. The summary under it gives up its room first (the bench level's
/// twelve cards left the words two lines).
pub fn panel_top_min(cards: usize, per_row: usize) -> f32 {
    let rows = cards.div_ceil(per_row.max(1)) as f32;
    rows * CARD_ROW_H + 20.0 + PANEL_LINES * LINE_H
}
/// The margin kept between the map's edge and the frame around it.
pub const MAP_MARGIN: f32 = 12.0;

/// Pixel size of a pointy hex tile.
pub const TILE_W: u32 = 52;
pub const TILE_H: u32 = 60;

/// The UI scale for a window: 1 at the design size, growing with the window (2 at
/// 2560x1440), so text and panels keep their proportion to the map; and shrinking in a window
/// smaller than the minimum (a window manager that ignores the minimum, or none: under Xvfb
/// the window could be made 1024x640, and the action bar's Menu button was cut off), so
/// everything stays on screen, down to half the design size.
pub fn ui_scale(width: f32, height: f32) -> f32 {
    (width / DESIGN_W).min(height / DESIGN_H).clamp(0.5, 3.0)
}

/// Where each part of a battle's screen is, in window pixels (origin top left).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub scale: f32,
    pub window: Vec2,
    pub banner: Rect,
    pub panel: Rect,
    pub bar: Rect,
    /// What is left for the map: nothing else draws over it.
    pub map: Rect,
}

/// The frame of a battle in a window of `width` x `height` pixels.
pub fn frame(width: f32, height: f32) -> Frame {
    let s = ui_scale(width, height);
    let panel_x = width - PANEL_W * s;
    let banner = Rect::new(0.0, 0.0, panel_x, BANNER_H * s);
    let bar = Rect::new(0.0, height - BAR_H * s, panel_x, height);
    Frame {
        scale: s,
        window: Vec2::new(width, height),
        banner,
        panel: Rect::new(panel_x, 0.0, width, height),
        bar,
        map: Rect::new(0.0, banner.max.y, panel_x, bar.min.y),
    }
}

/// The colours of the game.
pub mod palette {
    use super::*;

    /// Behind every screen.
    pub const BACKGROUND: Color = Color::srgb(0.16, 0.11, 0.07);
    /// Titles.
    pub const TITLE: Color = Color::srgb(0.96, 0.8, 0.45);
    /// Body text on the menus.
    pub const TEXT: Color = Color::srgb(0.9, 0.85, 0.75);
    /// Key hints on the menus.
    pub const HINT: Color = Color::srgb(0.8, 0.75, 0.65);
    /// Choices in the level select.
    pub const CHOICE: Color = Color::srgb(0.95, 0.9, 0.8);
    /// The hero panel.
    pub const PANEL: Color = Color::srgb(0.12, 0.08, 0.05);
    pub const PANEL_TEXT: Color = Color::srgb(0.97, 0.92, 0.82);
    /// The banner over the map.
    pub const BANNER: Color = Color::srgb(0.07, 0.05, 0.03);
    /// The hot-seat blindfold and the Esc menu.
    pub const BLINDFOLD: Color = Color::srgb(0.08, 0.05, 0.03);
    pub const SHADE: Color = Color::srgba(0.05, 0.03, 0.02, 0.85);
    /// The bottom strip and the combat log.
    pub const STRIP: Color = Color::srgb(0.05, 0.03, 0.02);
    pub const STRIP_TEXT: Color = Color::srgb(0.95, 0.9, 0.78);
    pub const LOG_TEXT: Color = Color::srgb(0.92, 0.9, 0.84);
    /// Buttons: ready, pointed at, pressed, greyed, switched on.
    pub const BUTTON: Color = Color::srgb(0.3, 0.2, 0.12);
    pub const BUTTON_HOVER: Color = Color::srgb(0.42, 0.29, 0.17);
    pub const BUTTON_PRESSED: Color = Color::srgb(0.55, 0.38, 0.2);
    pub const BUTTON_OFF: Color = Color::srgb(0.17, 0.14, 0.12);
    pub const BUTTON_TEXT: Color = Color::srgb(0.98, 0.93, 0.84);
    pub const BUTTON_TEXT_OFF: Color = Color::srgb(0.52, 0.48, 0.44);
    pub const BUTTON_ON: Color = Color::srgb(0.62, 0.45, 0.16);
    /// Tooltips.
    pub const TIP: Color = Color::srgba(0.04, 0.03, 0.02, 0.96);
    pub const TIP_TEXT: Color = Color::srgb(1.0, 0.96, 0.88);
    /// The card table.
    pub const CARD_TITLE: Color = Color::srgb(0.96, 0.84, 0.55);
    pub const CARD_HINT: Color = Color::srgb(0.85, 0.8, 0.7);
    pub const CARD_TEXT: Color = Color::srgb(0.98, 0.95, 0.88);
}

/// The colours of the map's overlays and the sides, switchable to a colour-blind-safe set
/// (Okabe and Ito's eight colours) in the settings.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    pub colorblind: bool,
    /// The outline of a hex in reach this round.
    pub reach: Color,
    /// The path to the hex pointed at.
    pub path: Color,
    /// Out of reach: the hex pointed at.
    pub refused: Color,
    /// The line of fire, and the wall that blocks it.
    pub fire_line: Color,
    pub fire_blocked: Color,
    /// The ring under the hero whose declaration it is.
    pub declarer: Color,
    /// A shot's tracer, and the flash of a hit.
    pub tracer: Color,
    pub hit: Color,
}

impl Palette {
    pub fn new(colorblind: bool) -> Palette {
        if colorblind {
            Palette {
                colorblind,
                reach: Color::srgb(0.34, 0.71, 0.91),
                path: Color::srgb(0.94, 0.89, 0.26),
                refused: Color::srgb(0.84, 0.37, 0.0),
                fire_line: Color::srgb(0.9, 0.62, 0.0),
                fire_blocked: Color::srgb(0.8, 0.47, 0.65),
                declarer: Color::WHITE,
                tracer: Color::srgb(0.94, 0.89, 0.26),
                hit: Color::srgb(0.84, 0.37, 0.0),
            }
        } else {
            Palette {
                colorblind,
                reach: Color::srgb(0.55, 1.0, 0.55),
                path: Color::srgb(1.0, 0.85, 0.3),
                refused: Color::srgb(1.0, 0.35, 0.3),
                fire_line: Color::srgb(1.0, 0.65, 0.45),
                fire_blocked: Color::srgb(1.0, 0.3, 0.25),
                declarer: Color::srgb(1.0, 0.95, 0.6),
                tracer: Color::srgb(1.0, 0.9, 0.55),
                hit: Color::srgb(1.0, 0.2, 0.15),
            }
        }
    }

    /// A side's colour: the level's, or in the colour-blind set one of Okabe and Ito's.
    pub fn side(&self, index: usize, level: (f32, f32, f32)) -> Color {
        const SAFE: [(f32, f32, f32); 4] = [
            (0.0, 0.45, 0.7),
            (0.9, 0.62, 0.0),
            (0.0, 0.62, 0.45),
            (0.8, 0.47, 0.65),
        ];
        let (r, g, b) = if self.colorblind {
            SAFE[index % SAFE.len()]
        } else {
            level
        };
        Color::srgb(r, g, b)
    }
}

impl Default for Palette {
    fn default() -> Self {
        Palette::new(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Up to the bench level's twelve heroes (two to a row past six), the panel column holds
    /// the cards with four lines of words under them, the action track, the summary at its
    /// least and the log in a window of the design size.
    #[test]
    fn the_panel_keeps_four_lines_under_twelve_cards() {
        for cards in 1..=12 {
            let per_row = if cards > crate::app::hud::cards::COLUMN_HOLDS {
                2
            } else {
                1
            };
            let top = panel_top_min(cards, per_row);
            let words = top - 20.0 - cards.div_ceil(per_row) as f32 * CARD_ROW_H;
            assert!(words >= 4.0 * LINE_H, "{cards}: {words}");
            assert!(
                top + TRACK_H + SUMMARY_MIN_H + LOG_H <= DESIGN_H,
                "{cards} cards: {top} + {TRACK_H} + {SUMMARY_MIN_H} + {LOG_H}"
            );
        }
    }

    #[test]
    fn the_frame_scales_and_leaves_the_map_its_room() {
        for (w, h, s) in [
            (1280.0, 720.0, 1.0),
            (1920.0, 1080.0, 1.5),
            (2560.0, 1440.0, 2.0),
            (1024.0, 640.0, 0.8),
        ] {
            let f = frame(w, h);
            assert_eq!(f.scale, s);
            assert_eq!(f.panel.width(), PANEL_W * s);
            assert_eq!(f.map.max.x, f.panel.min.x);
            assert_eq!(f.map.min.y, f.banner.max.y);
            assert_eq!(f.map.max.y, f.bar.min.y);
            assert!(f.map.width() > w * 0.6 && f.map.height() > h * 0.6);
        }
    }
}
