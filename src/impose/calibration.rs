//! The calibration sheet: 100 mm rulers on both axes to check the print scale, and duplex targets whose back-side crosses, seen through the paper, read off how far backs land from fronts.
//!
//! Each target on the front is a pair of scales from −6 to +6 mm (right and down positive,
//! as seen on the front) crossing at a point; the back page draws a cross exactly behind that
//! point. Held against the light, the back's vertical line meets the horizontal scale at the
//! x offset and its horizontal line meets the vertical scale at the y offset — the numbers
//! `back_offset_mm` takes. Targets far apart reading differently reveal a scaled back.

use kurbo::{Affine, BezPath, Point, Shape as _, Vec2};

use super::duplex::back_mirror;
use crate::model::print::sheet_settings::Duplex;
use crate::scene::{Colour, Document, Item, Page, Role, Shape, Stroke};
use crate::text::{Anchor, text_outline};

/// Length of the rulers, in mm.
pub const RULER_MM: f64 = 100.0;
/// Half the length of a target's scales, in mm.
pub const TARGET_REACH_MM: f64 = 6.0;
/// How far a target's scales lie from its point, in mm.
pub const SCALE_GAP_MM: f64 = 9.0;
/// Where the targets are, as fractions of the page's width and height.
pub const TARGETS: [(f64, f64); 5] =
    [(0.5, 0.5), (0.75, 0.25), (0.75, 0.75), (0.3, 0.8), (0.3, 0.3)];
const LINE_MM: f64 = 0.15;
const LABEL_MM: f64 = 1.8;
const TEXT_MM: f64 = 2.6;

/// The calibration document for a page of `width` × `height` mm: the front, and its back
/// when the sheet is printed double-sided.
pub fn calibration(paper_name: &str, width: f64, height: f64, duplex: Duplex) -> Document {
    let targets: Vec<Point> =
        TARGETS.iter().map(|&(fx, fy)| Point::new(fx * width, fy * height)).collect();
    let mut front = Vec::new();
    let along_x = Point::new((width - RULER_MM) / 2.0, 0.12 * height);
    front.extend(ruler(along_x, Vec2::new(1.0, 0.0)));
    let along_y = Point::new(0.12 * width, (height - RULER_MM) / 2.0);
    front.extend(ruler(along_y, Vec2::new(0.0, 1.0)));
    for &target in &targets {
        front.extend(target_scales(target));
    }
    let flip = match duplex {
        Duplex::LongEdge => "print double-sided, flipping on the long edge",
        Duplex::ShortEdge => "print double-sided, flipping on the short edge",
        Duplex::None => "single-sided: only the rulers apply",
        Duplex::Fold(_) => "single-sided, to fold: only the rulers apply (a fold needs no targets)",
    };
    let lines = [
        format!("tilepress calibration, {paper_name}: print at 100 % (actual size),"),
        format!("{flip}."),
        "Rulers: each must measure 100 mm, else the printer scales the page.".into(),
        "Targets: hold the sheet against the light, front towards you. Where".into(),
        "the back's cross meets the scales is the offset (right, down positive):".into(),
        "back_offset_mm = [x, y] in [sheet], or --back-offset X,Y.".into(),
        "Readings that grow across the page mean the back is scaled.".into(),
    ];
    let left = 0.1 * width;
    front.extend(text_block(&lines, Point::new(left, height - 10.0), width - 2.0 * left));
    let mut pages = vec![page("calibration-front", width, height, front)];
    if let Some(mirror) = back_mirror(duplex, width, height).filter(|_| duplex.turns_sheet()) {
        let back = targets.iter().map(|&t| back_mark(t, mirror)).collect();
        pages.push(page("calibration-back", width, height, back));
    }
    Document { title: format!("tilepress calibration {paper_name}"), pages }
}

fn page(label: &str, width: f64, height: f64, items: Vec<Item>) -> Page {
    Page::new(label, (width, height), vec![(Role::Marks, items)])
}

fn stroke(path: BezPath) -> Item {
    Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, LINE_MM)))
}

fn label(text: &str, height: f64, at: Point) -> Item {
    Item::Shape(Shape::filled(text_outline(text, height, at, Anchor::Centre), Colour::BLACK))
}

/// A 100 mm ruler from `start` along `direction` (a unit axis), ticks every millimetre on
/// the side away from the page's corner, numbered every centimetre.
fn ruler(start: Point, direction: Vec2) -> Vec<Item> {
    let side = Vec2::new(direction.y, direction.x);
    let mut path = BezPath::new();
    path.move_to(start);
    path.line_to(start + direction * RULER_MM);
    let mut items = Vec::new();
    for mm in 0..=(RULER_MM as u32) {
        let at = start + direction * f64::from(mm);
        let length = match mm {
            m if m % 10 == 0 => 5.0,
            m if m % 5 == 0 => 3.5,
            _ => 2.0,
        };
        path.move_to(at);
        path.line_to(at + side * length);
        if mm % 10 == 0 {
            let text = if mm == 100 { "100 mm".to_string() } else { (mm / 10 * 10).to_string() };
            let offset = if direction.x > 0.0 { 7.5 } else { 9.0 };
            items.push(label(&text, LABEL_MM, at + side * offset));
        }
    }
    items.insert(0, stroke(path));
    items
}

/// A target for the point `centre`: a horizontal scale [`SCALE_GAP_MM`] below it and a
/// vertical one as far to its right, their zeros in line with it, ticks every 0.5 mm pointing
/// towards it, numbered every 2 mm on the far side.
fn target_scales(centre: Point) -> Vec<Item> {
    let mut path = BezPath::new();
    let mut items = Vec::new();
    let below = (Vec2::new(1.0, 0.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, SCALE_GAP_MM));
    let right = (Vec2::new(0.0, 1.0), Vec2::new(-1.0, 0.0), Vec2::new(SCALE_GAP_MM, 0.0));
    for (along, towards, offset) in [below, right] {
        let zero = centre + offset;
        path.move_to(zero - along * TARGET_REACH_MM);
        path.line_to(zero + along * TARGET_REACH_MM);
        let steps = (2.0 * TARGET_REACH_MM) as i32;
        for half in -steps..=steps {
            let at = zero + along * (f64::from(half) / 2.0);
            let length = match half {
                0 => 3.5,
                h if h % 2 == 0 => 2.2,
                _ => 1.2,
            };
            path.move_to(at);
            path.line_to(at + towards * length);
            if half % 4 == 0 {
                let value = half / 2;
                let text = if value > 0 { format!("+{value}") } else { value.to_string() };
                items.push(label(&text, LABEL_MM * 0.55, at - towards * 2.2));
            }
        }
    }
    items.insert(0, stroke(path));
    items
}

/// The back's mark behind a target, drawn through `back` (front page to back page): from
/// the target's point, a line down across the horizontal scale and one right across the
/// vertical scale.
fn back_mark(target: Point, back: Affine) -> Item {
    let mut path = BezPath::new();
    path.move_to(target + Vec2::new(0.0, SCALE_GAP_MM + 1.0));
    path.line_to(target);
    path.line_to(target + Vec2::new(SCALE_GAP_MM + 1.0, 0.0));
    Item::Shape(Shape::stroked(back * path, Stroke::solid(Colour::BLACK, LINE_MM)))
}

/// Lines of text whose last baseline starts at `at`, smaller than [`TEXT_MM`] where needed to fit `width`.
fn text_block(lines: &[String], at: Point, width: f64) -> Vec<Item> {
    let outline =
        |line: &str, height: f64, at: Point| text_outline(line, height, at, Anchor::Start);
    let widest = lines
        .iter()
        .map(|l| outline(l, TEXT_MM, Point::ORIGIN).bounding_box().width())
        .fold(0.0, f64::max);
    let height = if widest > width { TEXT_MM * width / widest } else { TEXT_MM };
    lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let up = (lines.len() - 1 - k) as f64 * height * 1.8;
            let baseline = at - Vec2::new(0.0, up);
            Item::Shape(Shape::filled(outline(line, height, baseline), Colour::BLACK))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(page: &Page) -> kurbo::Rect {
        let mut all = kurbo::Rect::ZERO;
        for (k, item) in page.layers[0].items.iter().enumerate() {
            let Item::Shape(shape) = item else { panic!() };
            let b = shape.path.bounding_box();
            all = if k == 0 { b } else { all.union(b) };
        }
        all
    }

    #[test]
    fn rulers_are_one_hundred_millimetres_and_everything_is_on_the_page() {
        for (w, h) in [(210.0, 297.0), (148.0, 210.0), (215.9, 279.4), (297.0, 420.0)] {
            let doc = calibration("X", w, h, Duplex::LongEdge);
            assert_eq!(doc.pages.len(), 2);
            let Item::Shape(ruler) = &ruler(Point::new(10.0, 10.0), Vec2::new(1.0, 0.0))[0] else {
                panic!()
            };
            assert!((ruler.path.bounding_box().width() - RULER_MM).abs() < 1e-9);
            for page in &doc.pages {
                let b = bounds(page);
                assert!(
                    b.x0 >= 5.0 && b.y0 >= 5.0 && b.x1 <= w - 5.0 && b.y1 <= h - 5.0,
                    "{b:?} on {w}x{h}"
                );
            }
        }
    }

    #[test]
    fn each_back_cross_is_behind_its_target() {
        let doc = calibration("A4", 210.0, 297.0, Duplex::LongEdge);
        let mirror = back_mirror(Duplex::LongEdge, 210.0, 297.0).unwrap();
        for (item, &(fx, fy)) in doc.pages[1].layers[0].items.iter().zip(&TARGETS) {
            let Item::Shape(mark) = item else { panic!() };
            let corner = mark.path.elements()[1].end_point().unwrap();
            let behind = mirror * corner;
            assert!(behind.distance(Point::new(fx * 210.0, fy * 297.0)) < 1e-9);
        }
        assert_eq!(calibration("A4", 210.0, 297.0, Duplex::None).pages.len(), 1);
    }
}
