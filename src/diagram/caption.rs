//! The caption under a figure: its words wrapped into at most three centred lines (the house
//! style's `caption_breaks`), plain in the outline font or, with markup or characters only a
//! fallback font has, in the bundled family with the design's icons and fallback fonts.

use std::sync::Arc;

use kurbo::{Affine, Point};

use super::Diagram;
use super::house_style::{CAPTION_LINE_ADVANCE, caption_breaks};
use crate::compose::layers::text::text_items;
use crate::model::face::{Layer as FaceLayer, LayerKind};
use crate::scene::{Group, Item, Shape};
use crate::text::markup::{Marked, Piece};
use crate::text::{Anchor, text_outline, text_width};

/// One printed line of the caption: what is drawn and the text layer the legibility check
/// measures.
#[derive(Debug)]
pub struct CaptionLine {
    pub item: Item,
    pub layer: FaceLayer,
}

/// The caption's lines, the first line's capitals starting `top` mm down the page, and the
/// height the caption takes below `top` (none without a caption).
pub fn caption_lines(diagram: &Diagram, top: f64) -> (Vec<CaptionLine>, f64) {
    let Some(caption) = diagram.caption.as_deref().filter(|c| !c.is_empty()) else {
        return (Vec::new(), 0.0);
    };
    let width = diagram.width_mm;
    let room = width - 2.0 * super::draw::MARGIN_MM;
    let words = match &diagram.caption_marked {
        None => plain_words(caption),
        Some(marked) => marked_words(marked),
    };
    let widths: Vec<f64> = words.iter().map(|w| word_width(diagram, w, 1.0)).collect();
    let starts: Vec<bool> = words.iter().map(|w| w.starts_line).collect();
    let (ranges, cap) =
        caption_breaks(&widths, &starts, text_width(" ", 1.0), diagram.caption_mm, room);
    let mut lines = Vec::new();
    for (k, range) in ranges.iter().enumerate() {
        let baseline = top + cap + k as f64 * cap * CAPTION_LINE_ADVANCE;
        let centre = Point::new(width / 2.0, baseline - cap * 0.5);
        let words = &words[range.clone()];
        let text: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        let text = text.join(" ");
        let layer = FaceLayer::placed_text(
            "the caption".into(),
            diagram.caption_position,
            &text,
            cap,
            diagram.caption_colour,
        );
        let line = match &diagram.caption_marked {
            None => {
                let outline = text_outline(&text, cap, centre, Anchor::Centre);
                CaptionLine {
                    item: Item::Shape(Shape::filled(outline, diagram.caption_colour)),
                    layer,
                }
            }
            Some(_) => {
                let text_layer = marked_layer(diagram, joined(words), cap);
                let transform = Affine::translate(centre.to_vec2());
                let item = Item::Group(Group { transform, items: text_items(&text_layer) });
                CaptionLine {
                    item,
                    layer: FaceLayer { kind: LayerKind::Text(text_layer), ..layer },
                }
            }
        };
        lines.push(line);
    }
    let more_lines = ranges.len().saturating_sub(1) as f64;
    (lines, cap * 2.2 + more_lines * cap * CAPTION_LINE_ADVANCE)
}

/// A word of the caption: its text as printed, its pieces when it has markup, and whether
/// the caption breaks the line before it.
struct Word {
    text: String,
    pieces: Vec<Piece>,
    starts_line: bool,
}

/// The words of a plain caption (a new line in it breaks the line).
fn plain_words(caption: &str) -> Vec<Word> {
    let mut words = Vec::new();
    for line in caption.lines() {
        for (k, word) in line.split_whitespace().enumerate() {
            words.push(Word { text: word.into(), pieces: Vec::new(), starts_line: k == 0 });
        }
    }
    words
}

/// The words of a marked-up caption, each its pieces without white space.
fn marked_words(marked: &Marked) -> Vec<Word> {
    let mut words: Vec<Word> = Vec::new();
    for line in &marked.lines {
        let mut word: Option<Word> = None;
        let mut starts_line = true;
        let end = |word: &mut Option<Word>, words: &mut Vec<Word>| {
            if let Some(done) = word.take() {
                words.push(done);
            }
        };
        for piece in line {
            match piece {
                Piece::Icon(_) => {
                    let current = word.get_or_insert_with(|| new_word(&mut starts_line));
                    current.pieces.push(piece.clone());
                }
                Piece::Text { text, bold, italic } => {
                    for (k, part) in text.split(char::is_whitespace).enumerate() {
                        if k > 0 {
                            end(&mut word, &mut words);
                        }
                        if part.is_empty() {
                            continue;
                        }
                        let current = word.get_or_insert_with(|| new_word(&mut starts_line));
                        current.text.push_str(part);
                        let (bold, italic) = (*bold, *italic);
                        current.pieces.push(Piece::Text { text: part.into(), bold, italic });
                    }
                }
            }
        }
        end(&mut word, &mut words);
    }
    words
}

/// An empty word, the first of its line while `starts_line` is set (which it clears).
fn new_word(starts_line: &mut bool) -> Word {
    let word = Word { text: String::new(), pieces: Vec::new(), starts_line: *starts_line };
    *starts_line = false;
    word
}

/// The words as one line of markup, a space between each two.
fn joined(words: &[Word]) -> Marked {
    let mut line = Vec::new();
    for (k, word) in words.iter().enumerate() {
        if k > 0 {
            line.push(Piece::Text { text: " ".into(), bold: false, italic: false });
        }
        line.extend(word.pieces.iter().cloned());
    }
    Marked { lines: vec![line] }
}

/// A word's advance at cap height `cap` mm: in the outline font, or as its markup lays out.
fn word_width(diagram: &Diagram, word: &Word, cap: f64) -> f64 {
    match diagram.caption_marked {
        None => text_width(&word.text, cap),
        Some(_) => {
            let line = Marked { lines: vec![word.pieces.clone()] };
            marked_layer(diagram, line, cap).laid().width_mm
        }
    }
}

/// A line of the marked-up caption as a text layer `cap` mm tall, centred on the origin.
fn marked_layer(diagram: &Diagram, line: Marked, cap: f64) -> crate::model::face::TextLayer {
    let plain = line.plain_text();
    super::diagram_text_layer(
        &diagram.design,
        plain,
        Some(Arc::new(line)),
        cap,
        diagram.caption_colour,
    )
}
