//! Cut files: one SVG per sheet holding only the chained cuts, in mm, outer and inner cuts on layers of their own, and their measure read back from the file.
//!
//! Colours follow the usual print-and-cut convention: outer cuts red, inner cuts blue, so a
//! machine's software can cut inner lines first (the sheet stays whole longest) or skip them.

use kurbo::Point;

use super::cut::{CutKind, CutPath, page_cuts};
use super::svg::page_to_svg_labelled;
use crate::scene::{Colour, Item, Layer, Page, Role, Shape, Stroke};

/// Stroke of outer cuts: pure red.
pub const OUTER_COLOUR: Colour = Colour { r: 0xff, g: 0, b: 0 };
/// Stroke of inner cuts: pure blue.
pub const INNER_COLOUR: Colour = Colour { r: 0, g: 0, b: 0xff };
/// Cut lines are hairlines: machines follow the path, not the stroke.
pub const CUT_STROKE_MM: f64 = 0.1;
/// Layer labels (and ids `layer-<label>`) in cut files.
pub const OUTER_LAYER: &str = "cut-outer";
pub const INNER_LAYER: &str = "cut-inner";
/// Label of the layer with the page's registration marks (filled, not cut), when it has any.
pub const REGISTRATION_LAYER: &str = "registration";

/// How much there is to cut.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CutStats {
    /// Cut files measured.
    pub files: usize,
    /// Separate paths: how often the blade goes down.
    pub paths: usize,
    pub outer_mm: f64,
    pub inner_mm: f64,
}

impl CutStats {
    pub fn length_mm(&self) -> f64 {
        self.outer_mm + self.inner_mm
    }

    /// The sum of two measures.
    pub fn plus(self, other: CutStats) -> CutStats {
        CutStats {
            files: self.files + other.files,
            paths: self.paths + other.paths,
            outer_mm: self.outer_mm + other.outer_mm,
            inner_mm: self.inner_mm + other.inner_mm,
        }
    }
}

/// The cut file of `page` (its `Cut` layers chained), or `None` when it has nothing to cut.
pub fn cut_file(page: &Page) -> Option<String> {
    let cuts = page_cuts(page);
    if cuts.is_empty() {
        return None;
    }
    let layer = |kind: CutKind, colour: Colour| Layer {
        role: Role::Cut,
        items: cuts
            .iter()
            .filter(|cut| cut.kind == kind)
            .map(|cut| {
                Item::Shape(Shape::stroked(cut.to_bez(), Stroke::solid(colour, CUT_STROKE_MM)))
            })
            .collect(),
    };
    let mut layers = vec![layer(CutKind::Outer, OUTER_COLOUR), layer(CutKind::Inner, INNER_COLOUR)];
    // The printed registration marks, copied as they are (same page coordinates), so the
    // machine's software aligns the cuts to the marks it finds on paper; last, after the
    // cuts, and only when the page has them (the file is otherwise unchanged).
    let marks: Vec<Item> = page
        .layers
        .iter()
        .filter(|layer| layer.role == Role::Registration)
        .flat_map(|layer| layer.items.iter().cloned())
        .collect();
    if !marks.is_empty() {
        layers.push(Layer { role: Role::Registration, items: marks });
    }
    let cut_page = Page {
        label: format!("{} cut", page.label),
        width_mm: page.width_mm,
        height_mm: page.height_mm,
        layers,
    };
    Some(page_to_svg_labelled(&cut_page, &[OUTER_LAYER, INNER_LAYER, REGISTRATION_LAYER]))
}

/// Whether a file name is a cut file's: `…-cut-NN.svg`.
pub fn is_cut_file_name(name: &str) -> bool {
    name.strip_suffix(".svg")
        .and_then(|rest| rest.rsplit_once("-cut-"))
        .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Measures a cut file as written: the paths of its outer and inner layers and their length.
pub fn measure_cut_file(svg: &str) -> CutStats {
    // Registration marks are not cut.
    let marks_at = svg.find(&format!("id=\"layer-{REGISTRATION_LAYER}\"")).unwrap_or(svg.len());
    let svg = &svg[..marks_at];
    let inner_at = svg.find(&format!("id=\"layer-{INNER_LAYER}\"")).unwrap_or(svg.len());
    let (outer, inner) = svg.split_at(inner_at);
    let measure = |text: &str| {
        let paths = path_data(text).iter().map(|d| parse_path(d)).collect::<Vec<_>>();
        (paths.len(), paths.iter().map(CutPath::length).sum::<f64>())
    };
    let ((outer_paths, outer_mm), (inner_paths, inner_mm)) = (measure(outer), measure(inner));
    CutStats { files: 1, paths: outer_paths + inner_paths, outer_mm, inner_mm }
}

/// Every `d="…"` attribute in `text`.
fn path_data(text: &str) -> Vec<&str> {
    text.split(" d=\"").skip(1).filter_map(|rest| rest.split_once('"').map(|(d, _)| d)).collect()
}

/// A path of absolute `M`, `L` and `Z` commands, as this module writes them.
fn parse_path(d: &str) -> CutPath {
    let mut points = Vec::new();
    let mut numbers = Vec::new();
    let mut closed = false;
    for token in d.split(|c: char| c.is_whitespace() || c == ',') {
        let token = token.trim_start_matches(['M', 'L']);
        if token.starts_with('Z') {
            closed = true;
        } else if let Ok(value) = token.parse::<f64>() {
            numbers.push(value);
            if let [x, y] = numbers[..] {
                points.push(Point::new(x, y));
                numbers.clear();
            }
        }
    }
    CutPath { kind: CutKind::Outer, points, closed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::BezPath;

    fn honeycomb_like_page() -> Page {
        let mut path = BezPath::new();
        for (x, y) in [(0.0, 0.0), (20.0, 0.0), (20.0, 10.0), (0.0, 10.0)] {
            if path.elements().is_empty() { path.move_to((x, y)) } else { path.line_to((x, y)) }
        }
        path.close_path();
        path.move_to((10.0, 0.0));
        path.line_to((10.0, 10.0));
        let cut = Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, 0.2)));
        Page {
            label: "sheet-01-front".into(),
            width_mm: 50.0,
            height_mm: 40.0,
            layers: vec![Layer { role: Role::Cut, items: vec![cut] }],
        }
    }

    #[test]
    fn a_cut_file_has_named_layers_and_measures_what_was_chained() {
        let svg = cut_file(&honeycomb_like_page()).unwrap();
        assert!(svg.contains(r#"inkscape:label="cut-outer""#) && svg.contains(r#"width="50mm""#));
        assert!(svg.contains(r##"stroke="#ff0000""##) && svg.contains(r##"stroke="#0000ff""##));
        let stats = measure_cut_file(&svg);
        assert_eq!((stats.files, stats.paths), (1, 2));
        assert!((stats.outer_mm - 60.0).abs() < 1e-9 && (stats.inner_mm - 10.0).abs() < 1e-9);
    }

    #[test]
    fn registration_marks_are_copied_but_not_measured() {
        let mut page = honeycomb_like_page();
        let plain = cut_file(&page).unwrap();
        assert!(!plain.contains(REGISTRATION_LAYER));
        let mut square = BezPath::new();
        square.move_to((1.0, 1.0));
        square.line_to((6.0, 1.0));
        square.line_to((6.0, 6.0));
        square.close_path();
        let mark = Item::Shape(Shape::filled(square, Colour::BLACK));
        page.layers.push(Layer { role: Role::Registration, items: vec![mark] });
        let svg = cut_file(&page).unwrap();
        assert!(svg.contains(r#"inkscape:label="registration""#));
        assert!(svg.contains(r##"<path d="M1 1 L6 1 L6 6 Z" fill="#000000"/>"##), "{svg}");
        assert_eq!(measure_cut_file(&svg), measure_cut_file(&plain));
    }

    #[test]
    fn pages_without_cuts_have_no_cut_file() {
        let mut page = honeycomb_like_page();
        page.layers[0].role = Role::Art;
        assert!(cut_file(&page).is_none());
    }

    #[test]
    fn cut_file_names() {
        assert!(is_cut_file_name("tantrix-cut-01.svg"));
        assert!(!is_cut_file_name("tantrix-sheet-01-front.svg"));
        assert!(!is_cut_file_name("paper-cut-x.svg"));
    }
}
