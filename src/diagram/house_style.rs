//! The house style of rulebook figures: caption and label sizes in printed mm, the same on every figure whatever its size, long captions wrapped, and no line thinner than prints.

use std::ops::Range;
use std::sync::Arc;

use crate::scene::{Item, Symbol};

/// The caption's cap height by default, in printed mm.
pub const DEFAULT_CAPTION_MM: f64 = 2.6;
/// A label's cap height by default, in printed mm.
pub const DEFAULT_LABEL_MM: f64 = 2.5;
/// The cap heights `caption_mm` and a label's `size_mm` may ask for, in mm (the range of a
/// design's `[figures]` too).
pub const TEXT_MM_RANGE: (f64, f64) = crate::model::print::figure_style::FIGURE_TEXT_MM_RANGE;
/// The thinnest line a figure prints, in mm at its printed size.
pub const MIN_LINE_MM: f64 = 0.25;
/// The caption's colour by default: near-black.
pub const CAPTION_INK: crate::scene::Colour = crate::scene::Colour { r: 0x20, g: 0x20, b: 0x20 };
/// A caption wraps onto at most this many lines; a longer one shrinks to fit them.
pub const MAX_CAPTION_LINES: usize = 3;
/// From one caption line's baseline to the next, in cap heights.
pub const CAPTION_LINE_ADVANCE: f64 = 1.7;

/// Where the caption's lines break, as ranges of its words, and their cap height: the
/// words (`widths` their advances at a 1 mm cap height, `space` a space's, `starts` where
/// the caption itself breaks the line) wrapped into lines at most `room_mm` wide at
/// `cap_mm`; when that takes more than [`MAX_CAPTION_LINES`] lines (or a word is wider than
/// the room), the cap height shrinks until it does not (a size below the smallest readable
/// one is the legibility check's problem at the `caption` key).
pub fn caption_breaks(
    widths: &[f64],
    starts: &[bool],
    space: f64,
    cap_mm: f64,
    room_mm: f64,
) -> (Vec<Range<usize>>, f64) {
    let mut cap = cap_mm;
    loop {
        let lines = wrap(widths, starts, space, room_mm / cap);
        let fits =
            lines.len() <= MAX_CAPTION_LINES && lines.iter().all(|l| l.width <= room_mm / cap);
        if fits || cap < 0.05 {
            let lines = balanced(widths, starts, space, room_mm / cap, lines);
            return (lines.iter().map(|l| l.first..l.end).collect(), cap);
        }
        cap *= 0.97;
    }
}

/// A run of words on one line, and its width.
struct Line {
    first: usize,
    end: usize,
    width: f64,
}

/// The same number of lines as `lines`, as even in width as greedy wrapping in a narrower
/// room makes them (no last line of one short word).
fn balanced(widths: &[f64], starts: &[bool], space: f64, room: f64, lines: Vec<Line>) -> Vec<Line> {
    let count = lines.len();
    if count < 2 {
        return lines;
    }
    let (mut narrow, mut wide) = (room / count as f64, room);
    for _ in 0..30 {
        let middle = (narrow + wide) / 2.0;
        let tried = wrap(widths, starts, space, middle);
        if tried.len() <= count && tried.iter().all(|l| l.width <= middle) {
            wide = middle;
        } else {
            narrow = middle;
        }
    }
    wrap(widths, starts, space, wide)
}

/// Greedy wrapping of words `widths` apart by `space` into lines of at most `room`, a new
/// line at each word `starts` marks.
fn wrap(widths: &[f64], starts: &[bool], space: f64, room: f64) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for (k, &width) in widths.iter().enumerate() {
        let starts_line = starts.get(k).copied().unwrap_or(false);
        match lines.last_mut() {
            Some(line) if !starts_line && line.width + space + width <= room => {
                line.width += space + width;
                line.end = k + 1;
            }
            _ => lines.push(Line { first: k, end: k + 1, width }),
        }
    }
    lines
}

/// Raises every painted stroke of `items` to at least `least` wide in the items' frame
/// (a group's scale taken into account). A symbol with such strokes is copied for its use.
pub fn widen_thin_lines(items: &mut [Item], least: f64) {
    for item in items {
        match item {
            Item::Shape(shape) => {
                if let Some(stroke) =
                    shape.stroke.as_mut().filter(|s| s.painted_width_mm().is_some())
                {
                    stroke.width_mm = stroke.width_mm.max(least);
                }
            }
            Item::Group(group) => {
                if let Some(scale) = length_scale(group.transform) {
                    widen_thin_lines(&mut group.items, least / scale);
                }
            }
            Item::Clip(clip) => widen_thin_lines(&mut clip.items, least),
            Item::Translucent(veil) => widen_thin_lines(&mut veil.items, least),
            Item::Use(used) => {
                if let Some(scale) = length_scale(used.transform) {
                    let mut items = used.symbol.items.clone();
                    widen_thin_lines(&mut items, least / scale);
                    if items != used.symbol.items {
                        let name = used.symbol.name.clone();
                        used.symbol = Arc::new(Symbol { name, items });
                    }
                }
            }
            Item::Image(_) => {}
        }
    }
}

/// How much a transform stretches lengths (on average), if it does not flatten them.
fn length_scale(transform: kurbo::Affine) -> Option<f64> {
    Some(transform.determinant().abs().sqrt()).filter(|s| s.is_finite() && *s > 1e-12)
}

#[cfg(test)]
mod tests {
    use kurbo::{Affine, BezPath};

    use super::*;
    use crate::scene::{Colour, Group, Shape, Stroke};
    use crate::text::text_width;

    /// A plain caption's lines (its new lines break them) and their cap height.
    fn caption_lines(caption: &str, cap_mm: f64, room_mm: f64) -> (Vec<String>, f64) {
        let lines: Vec<Vec<&str>> =
            caption.lines().map(|line| line.split_whitespace().collect()).collect();
        let starts: Vec<bool> = lines.iter().flat_map(|l| (0..l.len()).map(|k| k == 0)).collect();
        let words: Vec<&str> = lines.concat();
        let widths: Vec<f64> = words.iter().map(|w| text_width(w, 1.0)).collect();
        let (ranges, cap) = caption_breaks(&widths, &starts, text_width(" ", 1.0), cap_mm, room_mm);
        (ranges.into_iter().map(|r| words[r].join(" ")).collect(), cap)
    }

    #[test]
    fn a_long_caption_wraps_and_a_short_one_keeps_its_size() {
        let (lines, cap) = caption_lines("One tile", 2.6, 76.0);
        assert_eq!((lines, cap), (vec!["One tile".to_string()], 2.6));
        let long = "Black may also end a line with a cap, if the line stays open";
        let (lines, cap) = caption_lines(long, 2.6, 60.0);
        assert_eq!(cap, 2.6);
        assert!(lines.len() > 1 && lines.len() <= MAX_CAPTION_LINES, "{lines:?}");
        assert_eq!(lines.join(" "), long);
        assert!(lines.iter().all(|l| text_width(l, cap) <= 60.0), "{lines:?}");
    }

    #[test]
    fn a_new_line_in_a_caption_breaks_it_there() {
        let (lines, cap) = caption_lines("Black moves\nand White answers", 2.6, 76.0);
        assert_eq!(lines, ["Black moves", "and White answers"]);
        assert_eq!(cap, 2.6);
    }

    #[test]
    fn a_caption_too_long_for_three_lines_shrinks() {
        let long = "a caption far too long ".repeat(14);
        let (lines, cap) = caption_lines(&long, 2.6, 76.0);
        assert!(lines.len() <= MAX_CAPTION_LINES && cap < 1.5, "{cap} {lines:?}");
        assert!(lines.iter().all(|l| text_width(l, cap) <= 76.0));
    }

    #[test]
    fn thin_strokes_are_widened_with_the_group_scale_and_thick_ones_kept() {
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((1.0, 0.0));
        let stroked =
            |w| Item::Shape(Shape::stroked(path.clone(), Stroke::solid(Colour::BLACK, w)));
        let mut items = vec![
            stroked(0.1),
            stroked(0.0),
            Item::Group(Group {
                transform: Affine::scale(2.0),
                items: vec![stroked(0.1), stroked(3.0)],
            }),
        ];
        widen_thin_lines(&mut items, 0.5);
        let width = |item: &Item| match item {
            Item::Shape(s) => s.stroke.as_ref().unwrap().width_mm,
            _ => panic!("a shape"),
        };
        assert_eq!(width(&items[0]), 0.5);
        assert_eq!(width(&items[1]), 0.0, "a stroke that paints nothing stays so");
        let Item::Group(group) = &items[2] else { panic!("a group") };
        assert_eq!(width(&group.items[0]), 0.25);
        assert_eq!(width(&group.items[1]), 3.0);
    }
}
