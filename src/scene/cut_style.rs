//! How cut and fold lines are printed: a dark core on a light casing, so a line stands out from any face.
//!
//! Whatever colour lies beside a cut, black or white contrasts with it at least
//! √21 ≈ 4.6 : 1 (WCAG), in colour and in grey. The core is what the knife follows; the casing
//! is print art under it, on a layer of its own (`cut-casing`), never a second cut: cut files
//! read only the `Cut` layer. Fold lines get a casing of their own (`fold-casing`), so their
//! dark grey dashes stand out too ([`FOLD_COLOUR`]: at least 3 : 1 beside any face).

use super::{Colour, Document, Item, Layer, Page, Role, Shape, Stroke};

/// Colour and width of the core of a cut line: as heavy as the heaviest line drawn beside a
/// cut by tilepress's own styles (piece outlines, board grid lines of the shipped designs).
pub const CUT_COLOUR: Colour = Colour::BLACK;
pub const CUT_WIDTH_MM: f64 = 0.6;
/// Colour and full width of the casing under the core (a light band on each side).
pub const CASING_COLOUR: Colour = Colour::WHITE;
pub const CASING_WIDTH_MM: f64 = 1.2;
const _: () = assert!(CASING_WIDTH_MM > CUT_WIDTH_MM, "the casing shows on both sides");
/// The colour of fold lines: lighter than cuts, dark enough that it or the casing beside it
/// contrasts at least 3 : 1 with every colour (a #555 grey left mid-greys at 2.7 : 1).
pub const FOLD_COLOUR: Colour = Colour { r: 0x33, g: 0x33, b: 0x33 };
/// How far the casing shows on each side of a line's core, in mm.
const CASING_BAND_MM: f64 = (CASING_WIDTH_MM - CUT_WIDTH_MM) / 2.0;
/// How far a cut line's print (core and casing) reaches beside its path, in mm: outlines
/// keep this far inside the margins.
pub const CUT_INK_REACH_MM: f64 = CASING_WIDTH_MM / 2.0;

/// The stroke every cut line is drawn with.
pub fn cut_stroke() -> Stroke {
    Stroke::solid(CUT_COLOUR, CUT_WIDTH_MM)
}

/// How much heavier than the decorative lines beside it a cut is drawn when they are as
/// heavy as [`CUT_WIDTH_MM`] or heavier, so the two are never mistaken for each other.
pub const HEAVIER_THAN_DECORATION: f64 = 1.5;

/// The cut stroke beside decorative lines `decorative_mm` wide (a board's grid lines, whose
/// width and colour the design chooses): [`HEAVIER_THAN_DECORATION`] times as heavy, at
/// least [`CUT_WIDTH_MM`].
pub fn cut_stroke_beside(decorative_mm: f64) -> Stroke {
    Stroke::solid(CUT_COLOUR, CUT_WIDTH_MM.max(decorative_mm * HEAVIER_THAN_DECORATION))
}

/// The widest stroke among `items` (groups' scaling ignored: boards are drawn at 1:1), or 0.
pub fn heaviest_stroke_mm(items: &[Item]) -> f64 {
    items
        .iter()
        .map(|item| match item {
            Item::Shape(shape) => shape.stroke.as_ref().map_or(0.0, |s| s.width_mm),
            Item::Group(group) => heaviest_stroke_mm(&group.items),
            Item::Clip(clip) => heaviest_stroke_mm(&clip.items),
            Item::Translucent(veil) => heaviest_stroke_mm(&veil.items),
            Item::Use(used) => heaviest_stroke_mm(&used.symbol.items),
            Item::Image(_) => 0.0,
        })
        .fold(0.0, f64::max)
}

/// The casing of a page's `lines` (cut or fold) layers: their paths stroked light, solid and
/// [`CASING_BAND_MM`] wider on each side, as the `casing` role, or `None` when the page has
/// no such lines.
fn casing_layer(page: &Page, lines: Role, casing: Role) -> Option<Layer> {
    let items: Vec<Item> = page
        .layers
        .iter()
        .filter(|layer| layer.role == lines)
        .flat_map(|layer| layer.items.iter().map(cased))
        .collect();
    (!items.is_empty()).then_some(Layer { role: casing, items })
}

/// An item of a line layer as its casing: the same paths, only stroked (solid), showing
/// [`CASING_BAND_MM`] on each side of the core (a cut of [`CUT_WIDTH_MM`] gets
/// [`CASING_WIDTH_MM`]).
fn cased(item: &Item) -> Item {
    match item {
        Item::Shape(shape) => {
            let core = shape.stroke.as_ref().map_or(CUT_WIDTH_MM, |s| s.width_mm);
            let width = core + 2.0 * CASING_BAND_MM;
            Item::Shape(Shape::stroked(shape.path.clone(), Stroke::solid(CASING_COLOUR, width)))
        }
        Item::Group(group) => Item::Group(super::Group {
            transform: group.transform,
            items: group.items.iter().map(cased).collect(),
        }),
        Item::Use(used) => Item::Group(super::Group {
            transform: used.transform,
            items: used.symbol.items.iter().map(cased).collect(),
        }),
        // A picture (or a clipped or translucent one) is never a cut or fold line: it has
        // no casing.
        Item::Image(_) | Item::Clip(_) | Item::Translucent(_) => {
            Item::Group(super::Group { transform: kurbo::Affine::IDENTITY, items: Vec::new() })
        }
    }
}

/// Every page of `document` with a casing layer just under its first `Fold` layer and one
/// just under its first `Cut` layer.
pub fn case_lines(document: &mut Document) {
    for page in &mut document.pages {
        for (lines, casing) in [(Role::Fold, Role::FoldCasing), (Role::Cut, Role::CutCasing)] {
            let Some(casing) = casing_layer(page, lines, casing) else { continue };
            let first = page.layers.iter().position(|layer| layer.role == lines);
            page.layers.insert(first.unwrap_or(page.layers.len()), casing);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::BezPath;

    fn contrast(a: Colour, b: Colour) -> f64 {
        let lum = |c: Colour| {
            let lin = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
            };
            0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// The least contrast, over every grey face, of a `core` line or its casing.
    fn worst_over_greys(core: Colour) -> f64 {
        (0..=255u8)
            .map(|v| Colour { r: v, g: v, b: v })
            .map(|face| contrast(core, face).max(contrast(CASING_COLOUR, face)))
            .fold(f64::MAX, f64::min)
    }

    #[test]
    fn a_cut_or_its_casing_contrasts_with_every_grey() {
        assert!(worst_over_greys(CUT_COLOUR) >= 4.5);
    }

    #[test]
    fn a_fold_line_or_its_casing_contrasts_three_to_one_with_every_grey() {
        assert!(worst_over_greys(FOLD_COLOUR) >= 3.0);
        // The grey folds were drawn in before fell short even with a casing.
        assert!(worst_over_greys(Colour { r: 0x55, g: 0x55, b: 0x55 }) < 3.0);
    }

    #[test]
    fn a_cut_beside_heavy_lines_is_as_heavy_and_keeps_its_casing_band() {
        let heavy = cut_stroke_beside(2.0);
        assert_eq!(heavy.width_mm, 3.0);
        assert_eq!(cut_stroke_beside(0.1).width_mm, CUT_WIDTH_MM);
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((5.0, 0.0));
        let art = vec![Item::Group(super::super::Group {
            transform: kurbo::Affine::IDENTITY,
            items: vec![Item::Shape(Shape::stroked(path.clone(), Stroke::solid(CUT_COLOUR, 2.0)))],
        })];
        assert_eq!(heaviest_stroke_mm(&art), 2.0);
        let Item::Shape(casing) = cased(&Item::Shape(Shape::stroked(path, heavy))) else {
            panic!()
        };
        let width = casing.stroke.map(|s| s.width_mm).unwrap_or_default();
        assert!((width - (3.0 + CASING_WIDTH_MM - CUT_WIDTH_MM)).abs() < 1e-12);
    }

    #[test]
    fn casings_go_under_the_fold_and_cut_layers_and_pages_without_lines_get_none() {
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((10.0, 0.0));
        let dashed = Stroke { dash_mm: vec![2.0, 1.0], ..Stroke::solid(FOLD_COLOUR, 0.25) };
        let fold = Item::Shape(Shape::stroked(path.clone(), dashed));
        let cut = Item::Shape(Shape::stroked(path, cut_stroke()));
        let layers = vec![(Role::Art, vec![]), (Role::Fold, vec![fold]), (Role::Cut, vec![cut])];
        let mut document = Document {
            title: "t".into(),
            pages: vec![
                Page::new("a", (20.0, 20.0), layers),
                Page::new("b", (20.0, 20.0), vec![(Role::Art, vec![])]),
            ],
        };
        case_lines(&mut document);
        let roles: Vec<Role> = document.pages[0].layers.iter().map(|l| l.role).collect();
        let expected = [Role::Art, Role::FoldCasing, Role::Fold, Role::CutCasing, Role::Cut];
        assert_eq!(roles, expected);
        // A fold's casing is solid under its dashes, 0.3 mm wider on each side.
        let Item::Shape(casing) = &document.pages[0].layers[1].items[0] else { panic!() };
        let stroke = casing.stroke.as_ref().expect("stroked");
        assert!(stroke.dash_mm.is_empty(), "solid");
        assert!((stroke.width_mm - (0.25 + 2.0 * CASING_BAND_MM)).abs() < 1e-12);
        let Item::Shape(casing) = &document.pages[0].layers[3].items[0] else { panic!() };
        assert_eq!(casing.stroke.as_ref().map(|s| s.width_mm), Some(CASING_WIDTH_MM));
        assert_eq!(document.pages[1].layers.len(), 1);
    }
}
