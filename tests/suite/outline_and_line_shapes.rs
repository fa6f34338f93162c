//! Outline-only shapes and lines (issue 51, item 6): `fill = "none"` strokes a shape's outline and fills nothing, `shape = "line"` draws a stroked line `size_mm` long, on every part kind, measured in the PDF; a line with a fill and a shape that would draw nothing are refused at the key (exit 2).

use crate::common;
use crate::face_styles::{HARBOUR, every_part_kind};

use std::fs;

use common::pdf::{bounds, fills, strokes};
use common::{code, place_of, refused_in, scratch, text, tilepress};
use lopdf::Document;

const OUTLINE: [u8; 3] = [0x0a, 0x0b, 0x0c];
const LINE: [u8; 3] = [0x0c, 0x0b, 0x0a];

/// A template drawing, on items 1 and 2, a circle as wide as their number with no fill, and
/// on item 1 a line 8 mm long turned by 90° (upright).
const OUTLINED: &str = r##"
[faces.mark]
layers = [
  { shape = "circle", size_mm = "{number}", fill = "none", stroke = "#0a0b0c", stroke_mm = 0.2, when = { number = [1, 2] } },
  { shape = "line", size_mm = 8, rotate = 90, stroke = "#0c0b0a", stroke_mm = 0.4, when = { number = 1 } },
]
"##;

/// The PDF's pages' strokes and fills.
fn painted(pdf: &Document) -> (Vec<common::pdf::StrokedPath>, Vec<common::pdf::Fill>) {
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    let strokes = pages.iter().flat_map(|&p| strokes(pdf, p)).collect();
    let fills = pages.iter().flat_map(|&p| fills(pdf, p)).collect();
    (strokes, fills)
}

#[test]
fn outlines_and_lines_are_stroked_on_every_part_kind() {
    for (name, design, pdf) in every_part_kind(OUTLINED) {
        let dir = scratch(&format!("outline-{name}"));
        fs::write(dir.join("d.toml"), &design).unwrap();
        let check = tilepress(&dir, &["check", "d.toml"]);
        assert_eq!(code(&check), 0, "{name}: {}{}", text(&check).0, text(&check).1);
        let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
        assert_eq!(code(&build), 0, "{name}: {}", text(&build).1);
        let pdf = Document::load(dir.join("out/d").join(pdf)).unwrap();
        let (strokes, fills) = painted(&pdf);
        assert!(
            !fills.iter().any(|f| f.colour == OUTLINE || f.colour == LINE),
            "{name}: an outline or line filled"
        );
        let mut circles: Vec<i64> = strokes
            .iter()
            .filter(|s| s.colour == OUTLINE)
            .map(|s| {
                assert!((s.width_mm - 0.2).abs() < 1e-3, "{name}: {}", s.width_mm);
                let (x0, _, x1, _) = bounds(&s.points);
                ((x1 - x0) * 100.0).round() as i64
            })
            .collect();
        circles.sort_unstable();
        assert_eq!(circles, [100, 200], "{name}: outlines 1 and 2 mm across");
        let lines: Vec<_> = strokes.iter().filter(|s| s.colour == LINE).collect();
        assert_eq!(lines.len(), 1, "{name}");
        assert_eq!(lines[0].points.len(), 2, "{name}: one straight segment");
        let (a, b) = (lines[0].points[0], lines[0].points[1]);
        let length = (a.0 - b.0).hypot(a.1 - b.1);
        assert!((length - 8.0).abs() < 1e-3, "{name}: {length} mm");
        assert!((lines[0].width_mm - 0.4).abs() < 1e-3, "{name}");
    }
}

#[test]
fn a_fill_of_none_from_data_outlines_the_shape() {
    let design = HARBOUR.replacen(
        "{ shape = \"circle\", size_mm = \"{size}\", fill = \"{tint}\" }",
        "{ shape = \"circle\", size_mm = \"{size}\", fill = \"{paint}\", stroke = \"#0a0b0c\" }",
        1,
    );
    let csv = "name,kind,face,tint,size,paint\nSloop,ship,card,sea,6,none\nSquall,storm,storm-card,storm,8,sand\nMate,crew,card,moss,5,none\n";
    let dir = scratch("outline-data");
    fs::write(dir.join("d.toml"), &design).unwrap();
    fs::write(dir.join("cards.csv"), csv).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = Document::load(dir.join("out/d/d-cards.pdf")).unwrap();
    let (strokes, fills) = painted(&pdf);
    // Three circles stroked; only the storm's (8 mm) filled, in sand.
    assert_eq!(strokes.iter().filter(|s| s.colour == OUTLINE).count(), 3);
    let sand: Vec<_> = fills.iter().filter(|f| f.colour == [0xc2, 0xa0, 0x60]).collect();
    let round = sand.iter().filter(|f| {
        let (x0, y0, x1, y1) = bounds(&f.points);
        ((x1 - x0) - 8.0).abs() < 0.01 && ((y1 - y0) - 8.0).abs() < 0.01
    });
    assert_eq!(round.count(), 1, "the storm's circle filled");
}

#[test]
fn a_shape_drawing_nothing_or_a_filled_line_is_refused_at_its_key() {
    let circle = "{ shape = \"circle\", size_mm = \"{size}\", fill = \"{tint}\" }";
    for (name, layer, needle, said) in [
        (
            "line-fill",
            "{ shape = \"line\", size_mm = 9, fill = \"sea\" }",
            "\"sea\" }",
            "a line has no inside to fill",
        ),
        (
            "nothing",
            "{ shape = \"circle\", size_mm = 9, fill = \"none\", stroke = \"none\" }",
            "\"none\" }",
            "a shape with fill = \"none\" and stroke = \"none\" draws nothing",
        ),
        (
            "line-nothing",
            "{ shape = \"line\", size_mm = 9, stroke = \"none\" }",
            "\"none\" }",
            "a line and stroke = \"none\" draws nothing",
        ),
        ("spelling", "{ shape = \"lin\", size_mm = 9 }", "\"lin\"", "did you mean `line`?"),
        ("colour", "{ text = \"x\", colour = \"none\" }", "\"none\" }", "none"),
    ] {
        let design = HARBOUR.replacen(circle, layer, 1);
        let dir = scratch(&format!("outline-bad-{name}"));
        fs::write(dir.join("bad.toml"), &design).unwrap();
        fs::write(dir.join("cards.csv"), crate::face_styles::CARDS_CSV).unwrap();
        let err = refused_in(&dir);
        let at = place_of(&design, needle);
        assert!(err.contains(&format!("bad.toml:{at}:")) && err.contains(said), "{name}: {err}");
    }
}
