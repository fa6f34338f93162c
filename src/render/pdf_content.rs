//! The one PDF content-stream writer, for pages and for form XObjects alike: paths mapped to
//! points, fills and strokes, colours and stroke styles set only when they change, symbols
//! and bitmaps drawn as their XObjects (by the names `pdf_names` gives each stream), on
//! pages each layer marked as optional content and each translucent item drawn into a group
//! form of its own (`pdf_groups`).
//!
//! The operators and numbers are written as printpdf and lopdf would write them (operands
//! followed by a space, one operator per line, `f32` numbers in their shortest form), but
//! no operator list is built: a page costs its bytes and nothing more, and the PDF backend
//! compresses each page as soon as it is written.

use kurbo::{Affine, BezPath, PathEl, Point};

use std::sync::Arc;

use super::pdf_groups::{GroupForm, Translucency, alpha_name, alpha_steps, group_xobject_id};
use super::pdf_names::{Ink, Shared, StreamNames, unit_square_to};
use super::pdf_number::push_f32;
use crate::scene::{
    Clip, Colour, Item, LineCap, Page, RasterImage, Role, Shape, Stroke, Translucent,
};

pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// 14 400 pt, the largest page side PDF viewers are required to handle.
const MAX_PAGE_MM: f64 = 5080.0;

/// Steps per unit numbers are rounded to on pages (0.001 pt) …
const PAGE_STEPS_PER_UNIT: f64 = 1000.0;
/// … and in forms, whose units are the symbol's own (mm, or an image's units): 0.0001.
const FORM_STEPS_PER_UNIT: f64 = 10000.0;

/// The content stream of `page`, the `index`-th of its document: y flipped, mm to pt, the
/// layers in order; symbols and bitmaps are drawn by the resource names `shared` gives them,
/// translucent items by the group forms given with it.
pub fn page_content(page: &Page, shared: &Shared<'_>, index: usize) -> (Vec<u8>, Translucency) {
    let (width, height) = page_size_mm(page);
    let to_pt = Affine::new([PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height * PT_PER_MM]);
    let mut out = Content::new(StreamNames::Page(shared), PAGE_STEPS_PER_UNIT, shared.ink);
    let page_box = [0.0, 0.0, width * PT_PER_MM, height * PT_PER_MM];
    out.page = (index, page_box.map(|v| rounded_pt(v).unwrap_or(0.0)));
    out.op(&[], "1 j");
    for layer in &page.layers {
        if shared.layers {
            out.begin_layer(layer.role);
        }
        out.items(&layer.items, to_pt);
        if shared.layers {
            out.op(&[], "EMC");
        }
    }
    (out.bytes, out.translucency)
}

/// The content stream of a form XObject drawing `items` in their own units, its colours in
/// `ink`; `images` are the form's bitmaps, named `Im1`, `Im2`… in that order.
pub fn form_content(items: &[Item], images: &[Arc<RasterImage>], ink: Ink<'_>) -> Vec<u8> {
    let mut out = Content::new(StreamNames::Form(images), FORM_STEPS_PER_UNIT, ink);
    out.items(items, Affine::IDENTITY);
    out.bytes
}

/// The page's size in mm as drawn (`Page::drawn_size_mm`), each side at most 5080 mm.
pub fn page_size_mm(page: &Page) -> (f64, f64) {
    let (width, height) = page.drawn_size_mm();
    (width.min(MAX_PAGE_MM), height.min(MAX_PAGE_MM))
}

/// `value` rounded to 0.001 pt, negative zero made positive; `None` if not finite as f32.
pub fn rounded_pt(value: f64) -> Option<f32> {
    rounded(value, PAGE_STEPS_PER_UNIT)
}

/// `value` rounded to `1 / steps` of a unit, negative zero made positive; `None` if not
/// finite as f32.
fn rounded(value: f64, steps: f64) -> Option<f32> {
    let rounded = ((value * steps).round() / steps) as f32;
    // Adding zero turns a negative zero into a positive one.
    rounded.is_finite().then_some(rounded + 0.0)
}

/// The stream being written, and the colours and stroke style already set in it.
#[derive(Debug)]
struct Content<'a> {
    names: StreamNames<'a>,
    /// Numbers are rounded to `1 / steps` of the stream's unit.
    steps: f64,
    bytes: Vec<u8>,
    fill: Option<Colour>,
    stroke: Option<StrokeStyle>,
    /// On a page: its index in the document and its box in pt, which group forms take.
    page: (usize, [f32; 4]),
    /// The group forms of the page's translucent items, and their alphas.
    translucency: Translucency,
    /// The inks colours are written in.
    ink: Ink<'a>,
}

impl<'a> Content<'a> {
    fn new(names: StreamNames<'a>, steps: f64, ink: Ink<'a>) -> Content<'a> {
        Content {
            names,
            steps,
            ink,
            bytes: Vec::new(),
            fill: None,
            stroke: None,
            page: (0, [0.0; 4]),
            translucency: Translucency::default(),
        }
    }

    /// `operands operator` on a line of its own.
    fn op(&mut self, operands: &[f32], operator: &str) {
        if !self.bytes.is_empty() {
            self.bytes.push(b'\n');
        }
        for value in operands {
            push_f32(&mut self.bytes, *value);
            self.bytes.push(b' ');
        }
        self.bytes.extend_from_slice(operator.as_bytes());
    }

    fn begin_layer(&mut self, role: Role) {
        self.op(&[], "/OC /");
        self.bytes.extend_from_slice(role.name().as_bytes());
        self.bytes.extend_from_slice(b" BDC");
    }

    fn items(&mut self, items: &[Item], transform: Affine) {
        for item in items {
            match item {
                Item::Shape(shape) => self.shape(shape, transform),
                Item::Group(group) => {
                    if group.transform.is_finite() {
                        self.items(&group.items, transform * group.transform);
                    }
                }
                Item::Use(used) => match self.names {
                    // A form draws the symbols it uses into itself.
                    StreamNames::Form(_) => {
                        self.items(&used.symbol.items, transform * used.transform);
                    }
                    StreamNames::Page(shared) => {
                        // The form sets its own colours inside q … Q: the pen is unchanged.
                        let id = shared.symbol_id(&used.symbol);
                        self.xobject(id.map(|id| id.0), transform * used.transform);
                    }
                },
                Item::Image(raster) => {
                    let id = self.names.image(&raster.image);
                    self.xobject(id.map(|id| id.0), transform * unit_square_to(raster.rect));
                }
                Item::Clip(clip) => self.clipped(clip, transform),
                Item::Translucent(veil) => self.translucent(veil, transform),
            }
        }
    }

    /// `q /alpha-N gs /group-P-K Do Q`: the items drawn into a transparency group form of
    /// their own, in page points, painted at their opacity.
    fn translucent(&mut self, veil: &Translucent, transform: Affine) {
        if let StreamNames::Form(_) = self.names {
            // Symbols hold no translucent items (compose makes a layer translucent around
            // the use of its shared drawing, never inside it): drawn as they are.
            self.items(&veil.items, transform);
            return;
        }
        let mut group = Content::new(self.names, self.steps, self.ink);
        group.page = self.page;
        // Groups nested in this one are numbered on with the page's.
        group.translucency = std::mem::take(&mut self.translucency);
        group.items(&veil.items, transform);
        self.translucency = group.translucency;
        let forms = &mut self.translucency.forms;
        let name = group_xobject_id(self.page.0, forms.len());
        forms.push(GroupForm { name: name.clone(), content: group.bytes, bbox: self.page.1 });
        let alpha = alpha_steps(veil.opacity);
        self.translucency.alphas.insert(alpha);
        self.op(&[], "q");
        self.op(&[], "/");
        self.bytes.extend_from_slice(alpha_name(alpha).as_bytes());
        self.bytes.extend_from_slice(b" gs");
        self.op(&[], "/");
        self.bytes.extend_from_slice(name.0.as_bytes());
        self.bytes.extend_from_slice(b" Do");
        self.op(&[], "Q");
    }

    /// `q <placed> cm q 1 0 0 1 0 0 cm /<name> Do Q Q`: the XObject `name` drawn with its
    /// units mapped to page points by `placed`; nothing when it is unknown or `placed` is not
    /// finite.
    fn xobject(&mut self, name: Option<String>, placed: Affine) {
        let matrix = placed.as_coeffs().map(|v| v as f32);
        let Some(name) = name.filter(|_| matrix.iter().all(|v| v.is_finite())) else { return };
        self.op(&[], "q");
        self.op(&matrix, "cm");
        // The inner `q 1 0 0 1 0 0 cm … Q` is what printpdf's `UseXobject` wrote before the
        // content was written here: kept, so the streams stay as they were.
        self.op(&[], "q");
        self.op(&[1.0, 0.0, 0.0, 1.0, 0.0, 0.0], "cm");
        self.op(&[], "/");
        self.bytes.extend_from_slice(name.as_bytes());
        self.bytes.extend_from_slice(b" Do");
        self.op(&[], "Q");
        self.op(&[], "Q");
    }

    /// `q <path> W n <items> Q`: the items drawn inside the clip path; nothing when the path
    /// has a point that is not finite. The pen set inside is forgotten at `Q`.
    fn clipped(&mut self, clip: &Clip, transform: Affine) {
        let Some(rings) = rings(&clip.path, transform, self.steps).filter(|r| !r.is_empty()) else {
            return;
        };
        self.op(&[], "q");
        for ring in &rings {
            self.path(ring);
        }
        self.op(&[], "h");
        self.op(&[], "W");
        self.op(&[], "n");
        let pen = (self.fill, self.stroke.clone());
        self.items(&clip.items, transform);
        self.op(&[], "Q");
        (self.fill, self.stroke) = pen;
    }

    /// Fill (non-zero) then stroke. A shape with any non-finite point is skipped whole.
    fn shape(&mut self, shape: &Shape, transform: Affine) {
        let Some(rings) = rings(&shape.path, transform, self.steps) else { return };
        if rings.is_empty() {
            return;
        }
        if let Some(colour) = shape.fill {
            self.set_fill(colour);
            // As printpdf's Polygon: every ring, one `h` after the last, then `f`.
            for ring in &rings {
                self.path(ring);
            }
            self.op(&[], "h");
            self.op(&[], "f");
        }
        let scale = transform.determinant().abs().sqrt();
        let Some(stroke) =
            shape.stroke.as_ref().and_then(|s| StrokeStyle::new(s, scale, self.steps))
        else {
            return;
        };
        self.set_stroke(stroke);
        // Each subpath is stroked on its own, closed only when the scene closed it.
        for ring in &rings {
            self.path(ring);
            if ring.closed {
                self.op(&[], "h");
            }
            self.op(&[], "S");
        }
    }

    fn path(&mut self, ring: &Ring) {
        self.op(&ring.start, "m");
        for segment in &ring.segments {
            match segment {
                Segment::Line(p) => self.op(p, "l"),
                Segment::Curve(points) => self.op(points, "c"),
            }
        }
    }

    fn set_fill(&mut self, colour: Colour) {
        if self.fill.replace(colour) != Some(colour) {
            self.colour(colour, "rg", "k");
        }
    }

    /// `colour` set with the RGB operator `rgb` or, in a press's inks, the CMYK one `cmyk`.
    fn colour(&mut self, colour: Colour, rgb_operator: &str, cmyk_operator: &str) {
        match self.ink {
            Ink::Rgb => self.op(&rgb(colour), rgb_operator),
            Ink::Press(press, limit) => self.op(&press.colour(colour, limit), cmyk_operator),
        }
    }

    fn set_stroke(&mut self, style: StrokeStyle) {
        if self.stroke.as_ref() == Some(&style) {
            return;
        }
        self.colour(style.colour, "RG", "K");
        self.op(&[style.width], "w");
        let cap = match style.cap {
            LineCap::Butt => "0 J",
            LineCap::Round => "1 J",
            LineCap::Square => "2 J",
        };
        self.op(&[], cap);
        self.op(&[], "[");
        for (index, length) in style.dash.iter().enumerate() {
            if index > 0 {
                self.bytes.push(b' ');
            }
            push_f32(&mut self.bytes, *length);
        }
        self.bytes.extend_from_slice(b"] 0 d");
        self.stroke = Some(style);
    }
}

fn rgb(colour: Colour) -> [f32; 3] {
    let channel = |v: u8| f32::from(v) / 255.0;
    [channel(colour.r), channel(colour.g), channel(colour.b)]
}

/// One subpath in page points.
#[derive(Debug)]
struct Ring {
    start: [f32; 2],
    segments: Vec<Segment>,
    closed: bool,
}

#[derive(Debug)]
enum Segment {
    Line([f32; 2]),
    Curve([f32; 6]),
}

/// The subpaths of `path` mapped through `transform`, quadratics raised to cubics;
/// `None` if any point is not finite.
fn rings(path: &BezPath, transform: Affine, steps: f64) -> Option<Vec<Ring>> {
    let mut rings = Vec::new();
    let mut open: Option<Ring> = None;
    let (mut start, mut last) = (Point::ZERO, Point::ZERO);
    let at = |p: Point| {
        Some(Ring { start: mapped(transform, p, steps)?, segments: Vec::new(), closed: false })
    };
    for element in path.elements() {
        let (segment, end) = match *element {
            PathEl::MoveTo(p) => {
                rings.extend(open.take());
                open = Some(at(p)?);
                (start, last) = (p, p);
                continue;
            }
            PathEl::ClosePath => {
                rings.extend(open.take().map(|ring| Ring { closed: true, ..ring }));
                last = start;
                continue;
            }
            PathEl::LineTo(p) => (Segment::Line(mapped(transform, p, steps)?), p),
            PathEl::QuadTo(c, p) => {
                let c1 = last + (c - last) * (2.0 / 3.0);
                let c2 = p + (c - p) * (2.0 / 3.0);
                (curve(transform, [c1, c2, p], steps)?, p)
            }
            PathEl::CurveTo(c1, c2, p) => (curve(transform, [c1, c2, p], steps)?, p),
        };
        if open.is_none() {
            // Drawing without a move starts at the current point (or the origin).
            open = Some(at(last)?);
        }
        open.as_mut()?.segments.push(segment);
        last = end;
    }
    rings.extend(open);
    Some(rings)
}

fn curve(transform: Affine, [c1, c2, end]: [Point; 3], steps: f64) -> Option<Segment> {
    let [a, b] = mapped(transform, c1, steps)?;
    let [c, d] = mapped(transform, c2, steps)?;
    let [e, f] = mapped(transform, end, steps)?;
    Some(Segment::Curve([a, b, c, d, e, f]))
}

fn mapped(transform: Affine, point: Point, steps: f64) -> Option<[f32; 2]> {
    let p = transform * point;
    Some([rounded(p.x, steps)?, rounded(p.y, steps)?])
}

/// A stroke as written: everything in page points, already scaled by the transform.
#[derive(Clone, Debug, PartialEq)]
struct StrokeStyle {
    colour: Colour,
    width: f32,
    cap: LineCap,
    dash: Vec<f32>,
}

impl StrokeStyle {
    /// `scale` is sqrt(|det|) of the shape's transform to page points: exact for rotations,
    /// mirrors and uniform scales, the geometric mean of the two scales otherwise (SVG would
    /// draw a varying width there). `None` when the width is zero, negative or not finite.
    fn new(stroke: &Stroke, scale: f64, steps: f64) -> Option<StrokeStyle> {
        let width = rounded(stroke.width_mm * scale, steps).filter(|w| *w > 0.0)?;
        let dash = dash_pt(&stroke.dash_mm, scale, steps);
        Some(StrokeStyle { colour: stroke.colour, width, cap: stroke.cap, dash })
    }
}

/// The dash pattern in pt, empty (solid) when unusable: negative, NaN or all zero.
fn dash_pt(dash: &[f64], scale: f64, steps: f64) -> Vec<f32> {
    let lengths: Option<Vec<f32>> = dash
        .iter()
        .map(|d| rounded(d * scale, steps).filter(|v| *v >= 0.0 && d.is_finite()))
        .collect();
    match lengths {
        Some(lengths) if lengths.iter().any(|v| *v > 0.0) => lengths,
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Layer;

    #[test]
    fn drawing_after_close_starts_at_the_subpath_start() {
        let mut path = BezPath::new();
        path.move_to((10.0, 20.0));
        path.line_to((20.0, 20.0));
        path.close_path();
        path.line_to((10.0, 30.0));
        let rings = rings(&path, Affine::IDENTITY, PAGE_STEPS_PER_UNIT).unwrap();
        assert!(rings.len() == 2 && rings[0].closed && !rings[1].closed);
        assert_eq!((rings[1].start, rings[1].segments.len()), ([10.0, 20.0], 1));
    }

    #[test]
    fn operators_are_written_as_lopdf_writes_them() {
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((25.4, 0.0));
        path.curve_to((25.4, 25.4), (0.0, 25.4), (0.0, 12.7));
        let stroke = Stroke {
            cap: LineCap::Round,
            dash_mm: vec![2.54, 1.27],
            ..Stroke::solid(Colour { r: 255, g: 0, b: 51 }, 0.254)
        };
        let shape = Shape { stroke: Some(stroke), ..Shape::filled(path, Colour::WHITE) };
        let page = Page {
            label: "p".into(),
            width_mm: 25.4,
            height_mm: 25.4,
            layers: vec![Layer { role: Role::Art, items: vec![Item::Shape(shape)] }],
        };
        let nothing_shared =
            Shared { symbols: Vec::new(), images: Vec::new(), layers: true, ink: Ink::Rgb };
        let text = String::from_utf8(page_content(&page, &nothing_shared, 0).0).unwrap();
        let expected = "1 j\n/OC /art BDC\n1 1 1 rg\n0 72 m\n72 72 l\n72 0 0 0 0 36 c\nh\nf\n\
                        1 0 0.2 RG\n0.72 w\n1 J\n[7.2 3.6] 0 d\n0 72 m\n72 72 l\n72 0 0 0 0 36 c\nS\nEMC";
        assert_eq!(text, expected);
    }

    #[test]
    fn uses_and_bitmaps_draw_their_xobjects_and_unknown_ones_draw_nothing() {
        use crate::scene::{Raster, RasterImage, Symbol, Use};
        use std::sync::Arc;
        let symbol = Arc::new(Symbol { name: "dot".into(), items: Vec::new() });
        let stranger = Arc::new(Symbol { name: "other".into(), items: Vec::new() });
        let pixel = RasterImage {
            width: 1,
            height: 1,
            rgba: vec![0, 0, 0, 255],
            file: Vec::new(),
            mime: "image/png",
            colorimetric: false,
        };
        let image = Arc::new(pixel);
        let placed =
            |symbol: &Arc<Symbol>, transform| Item::Use(Use { symbol: symbol.clone(), transform });
        let items = vec![
            placed(&symbol, Affine::translate((25.4, 0.0))),
            placed(&stranger, Affine::IDENTITY),
            placed(&symbol, Affine::scale(f64::NAN)),
            Item::Image(Raster {
                image: image.clone(),
                rect: kurbo::Rect::new(0.0, 0.0, 25.4, 12.7),
            }),
        ];
        let page = Page {
            label: "p".into(),
            width_mm: 25.4,
            height_mm: 25.4,
            layers: vec![Layer { role: Role::Art, items }],
        };
        let shared =
            Shared { symbols: vec![symbol], images: vec![image], layers: true, ink: Ink::Rgb };
        let text = String::from_utf8(page_content(&page, &shared, 0).0).unwrap();
        // The symbol 1 inch right: its y flipped on a page 72 pt high. The bitmap's unit
        // square spans 72 × 36 pt, its top row on top (y up from 36 pt to 72 pt).
        let expected = "1 j\n/OC /art BDC\n\
                        q\n2.8346457 0 0 -2.8346457 72 72 cm\nq\n1 0 0 1 0 0 cm\n/symbol-1 Do\nQ\nQ\n\
                        q\n72 0 0 36 0 36 cm\nq\n1 0 0 1 0 0 cm\n/image-1 Do\nQ\nQ\nEMC";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_form_is_written_by_the_same_writer_in_its_own_units() {
        use crate::scene::{Group, Raster, RasterImage, Symbol, Use};
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((10.0, 0.0));
        path.quad_to((10.0, 10.0), (0.0, 10.0));
        path.close_path();
        let shape = Shape {
            path,
            fill: Some(Colour { r: 255, g: 0, b: 0 }),
            stroke: Some(Stroke::solid(Colour::BLACK, 0.5)),
        };
        let inner = Arc::new(Symbol { name: "inner".into(), items: vec![Item::Shape(shape)] });
        let image = Arc::new(RasterImage {
            width: 1,
            height: 1,
            rgba: vec![0, 0, 0, 255],
            file: Vec::new(),
            mime: "image/png",
            colorimetric: false,
        });
        let items = vec![
            // A symbol used inside a form is drawn into it, in the form's units.
            Item::Use(Use { symbol: inner, transform: Affine::scale(2.0) }),
            Item::Group(Group { transform: Affine::IDENTITY, items: Vec::new() }),
            Item::Image(Raster {
                image: image.clone(),
                rect: kurbo::Rect::new(0.0, 0.0, 2.0, 1.0),
            }),
        ];
        let text = String::from_utf8(form_content(&items, &[image], Ink::Rgb)).unwrap();
        let expected = "1 0 0 rg\n0 0 m\n20 0 l\n20 13.3333 13.3333 20 0 20 c\nh\nf\n\
                        0 0 0 RG\n1 w\n0 J\n[] 0 d\n0 0 m\n20 0 l\n20 13.3333 13.3333 20 0 20 c\nh\nS\n\
                        q\n2 0 0 -1 0 1 cm\nq\n1 0 0 1 0 0 cm\n/Im1 Do\nQ\nQ";
        assert_eq!(text, expected);
    }
}
