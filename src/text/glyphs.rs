//! The embedded font's glyph outlines, read from the font once per thread and replayed: footers and labels draw the same few dozen glyphs on every page.
//!
//! A glyph is recorded as the font gives it (the builder calls with their `f32` coordinates)
//! and replayed into the caller's builder, so the path is built by exactly the same calls as
//! when the font is read each time.

use std::cell::RefCell;
use std::collections::BTreeMap;

use ttf_parser::{Face, GlyphId, OutlineBuilder};

/// One call of an outline builder.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Command {
    Move(f32, f32),
    Line(f32, f32),
    Quad(f32, f32, f32, f32),
    Curve(f32, f32, f32, f32, f32, f32),
    Close,
}

/// Collects the calls a glyph's outline makes.
#[derive(Debug, Default)]
struct Recorder(Vec<Command>);

impl OutlineBuilder for Recorder {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push(Command::Move(x, y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push(Command::Line(x, y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.push(Command::Quad(x1, y1, x, y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.push(Command::Curve(x1, y1, x2, y2, x, y));
    }
    fn close(&mut self) {
        self.0.push(Command::Close);
    }
}

thread_local! {
    /// The embedded font's outlines by glyph, as recorded on first use on this thread.
    static OUTLINES: RefCell<BTreeMap<u16, Vec<Command>>> = const { RefCell::new(BTreeMap::new()) };
}

/// Feeds the outline of `glyph` of the embedded font (`face` must be it) into `builder`.
pub(super) fn outline_embedded(face: &Face<'_>, glyph: GlyphId, builder: &mut impl OutlineBuilder) {
    OUTLINES.with_borrow_mut(|outlines| {
        let commands = outlines.entry(glyph.0).or_insert_with(|| {
            let mut recorder = Recorder::default();
            face.outline_glyph(glyph, &mut recorder);
            recorder.0
        });
        for command in commands.iter() {
            match *command {
                Command::Move(x, y) => builder.move_to(x, y),
                Command::Line(x, y) => builder.line_to(x, y),
                Command::Quad(x1, y1, x, y) => builder.quad_to(x1, y1, x, y),
                Command::Curve(x1, y1, x2, y2, x, y) => builder.curve_to(x1, y1, x2, y2, x, y),
                Command::Close => builder.close(),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{FONT, PathBuilder};

    #[test]
    fn a_replayed_glyph_is_the_outline_the_font_gives() {
        let face = Face::parse(FONT, 0).unwrap();
        for c in ['A', 'g', '5', '%', ' ', '·'] {
            let glyph = face.glyph_index(c).unwrap_or_default();
            for offset_x in [0.0, 1234.5] {
                let mut direct = PathBuilder { offset_x, ..PathBuilder::default() };
                face.outline_glyph(glyph, &mut direct);
                // Twice: recorded on the first use, replayed on the second.
                for _ in 0..2 {
                    let mut replayed = PathBuilder { offset_x, ..PathBuilder::default() };
                    outline_embedded(&face, glyph, &mut replayed);
                    assert_eq!(replayed.path, direct.path, "{c:?} at {offset_x}");
                }
            }
        }
    }
}
