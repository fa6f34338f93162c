//! Writes one scene page as an SVG document in millimetres, one Inkscape layer per role.

use std::cell::Cell;
use std::sync::Arc;

use super::decimal::{fixed, push_fixed};
use super::svg_xml::Xml;
use crate::scene::{Colour, Item, LineCap, Page, Raster, Shape, Symbol, used_symbols};
use kurbo::{Affine, BezPath, PathEl, Point};
use svg::Document as SvgDocument;
use svg::node::Blob;
use svg::node::element::{Definitions, Group as SvgGroup, Title};

const INKSCAPE_NS: &str = "http://www.inkscape.org/namespaces/inkscape";

/// Decimals for lengths in mm: 0.001 mm.
const MM_DECIMALS: usize = 3;

/// Decimals for the unitless linear part of a transform: glyph outlines are placed with
/// scales like 0.0035 mm per font unit, which three decimals would ruin.
const FACTOR_DECIMALS: usize = 9;

/// The page as a standalone SVG file: `width`/`height` in mm, a `viewBox` in mm, and one
/// `<g inkscape:groupmode="layer">` per scene layer, in page order.
pub fn page_to_svg(page: &Page) -> String {
    let names = (0..page.layers.len())
        .map(|index| (layer_id(page, index), page.layers[index].role.name().to_string()))
        .collect();
    svg_with_layer_names(page, names)
}

/// Like [`page_to_svg`], with layer `k` labelled `labels[k]` (id `layer-<label>`) instead of
/// by its role: cut files tell outer from inner cuts this way.
pub fn page_to_svg_labelled(page: &Page, labels: &[&str]) -> String {
    let names = (0..page.layers.len())
        .map(|index| {
            let label = labels.get(index).map_or(page.layers[index].role.name(), |l| l);
            (format!("layer-{label}"), label.to_string())
        })
        .collect();
    svg_with_layer_names(page, names)
}

/// The SVG text with each layer's (id, label). The `svg` crate writes the document, its
/// `<defs>` and layer groups; each group's items (the bulk of the page) are written by
/// [`Xml`] in the crate's own layout and handed to it as one blob.
fn svg_with_layer_names(page: &Page, names: Vec<(String, String)>) -> String {
    let (width, height) = page.drawn_size_mm();
    let (width, height) = (mm(width), mm(height));
    let mut doc = SvgDocument::new()
        .set("xmlns:inkscape", INKSCAPE_NS)
        .set("width", format!("{width}mm"))
        .set("height", format!("{height}mm"))
        .set("viewBox", format!("0 0 {width} {height}"))
        .add(Title::new(xml_safe(&page.label)));
    let symbols = page_symbols(page);
    // Clip paths are numbered in the order they are written, unique on the page.
    let clips = Cell::new(0);
    if !symbols.is_empty() {
        let mut defs = Definitions::new();
        for (index, symbol) in symbols.iter().enumerate() {
            let group = SvgGroup::new().set("id", symbol_id(index));
            defs = defs.add(holding(group, &symbol.items, &symbols, &clips));
        }
        doc = doc.add(defs);
    }
    for (layer, (id, label)) in page.layers.iter().zip(names) {
        let group = SvgGroup::new()
            .set("inkscape:groupmode", "layer")
            .set("id", id)
            .set("inkscape:label", label);
        doc = doc.add(holding(group, &layer.items, &symbols, &clips));
    }
    let mut text = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{doc}\n");
    // A build holds every file until it writes them: give back what growing left spare.
    text.shrink_to_fit();
    text
}

/// `group` holding `items` (written by [`Xml`]); with nothing to write, the group stays empty
/// (`<g …/>`).
fn holding(
    group: SvgGroup,
    items: &[Item],
    symbols: &[Arc<Symbol>],
    clips: &Cell<usize>,
) -> SvgGroup {
    let mut xml = Xml::default();
    add_items(&mut xml, items, symbols, clips);
    let text = xml.finish();
    if text.is_empty() { group } else { group.add(Blob::new(text)) }
}

/// `layer-art`, or `layer-art-2` for the second art layer on the same page (ids are unique).
fn layer_id(page: &Page, index: usize) -> String {
    let role = page.layers[index].role;
    let earlier = page.layers[..index].iter().filter(|layer| layer.role == role).count();
    match earlier {
        0 => format!("layer-{}", role.name()),
        n => format!("layer-{}-{}", role.name(), n + 1),
    }
}

/// Every symbol the page uses (symbols used inside symbols too), each once: `<defs>` holds
/// them and `<use>` places them.
fn page_symbols(page: &Page) -> Vec<Arc<Symbol>> {
    used_symbols(page.layers.iter().map(|layer| layer.items.as_slice()), true)
}

fn symbol_id(index: usize) -> String {
    format!("symbol-{}", index + 1)
}

/// Writes `items` into the element open in `xml`.
fn add_items(xml: &mut Xml, items: &[Item], symbols: &[Arc<Symbol>], clips: &Cell<usize>) {
    for item in items {
        match item {
            Item::Shape(shape) => shape_path(xml, shape),
            Item::Group(group) => {
                // A `<g>` with a `matrix(…)` transform, none when the transform is the
                // identity; nothing when it is not finite (nothing sensible can be drawn).
                let Some(transform) = transform_text(group.transform) else { continue };
                match &transform {
                    Some(matrix) => xml.start("g", &mut [("transform", matrix)]),
                    None => xml.start("g", &mut []),
                }
                add_items(xml, &group.items, symbols, clips);
                xml.end();
            }
            Item::Clip(clip) => {
                // A `<clipPath>` beside the `<g>` it clips, both in the same frame.
                let Some(data) = path_data(&clip.path) else { continue };
                clips.set(clips.get() + 1);
                let id = format!("clip-{}", clips.get());
                xml.start("clipPath", &mut [("id", &id)]);
                xml.empty("path", &mut [("d", &data)]);
                xml.end();
                xml.start("g", &mut [("clip-path", &format!("url(#{id})"))]);
                add_items(xml, &clip.items, symbols, clips);
                xml.end();
            }
            Item::Use(used) => {
                let index = symbols.iter().position(|known| Arc::ptr_eq(known, &used.symbol));
                if let (Some(index), Some(transform)) = (index, transform_text(used.transform)) {
                    let href = format!("#{}", symbol_id(index));
                    match &transform {
                        Some(matrix) => {
                            xml.empty("use", &mut [("href", &href), ("transform", matrix)])
                        }
                        None => xml.empty("use", &mut [("href", &href)]),
                    }
                }
            }
            Item::Image(raster) => image_element(xml, raster),
            Item::Translucent(veil) => {
                let opacity = fixed(veil.drawn_opacity(), OPACITY_DECIMALS);
                xml.start("g", &mut [("opacity", &opacity)]);
                add_items(xml, &veil.items, symbols, clips);
                xml.end();
            }
        }
    }
}

/// An `<image>` stretched over its rectangle, its file embedded as a data URL; nothing for
/// a rectangle that paints nothing (not finite, or of no width or height).
fn image_element(xml: &mut Xml, raster: &Raster) {
    let Some(rect) = raster.painted_rect() else { return };
    let data = format!("data:{};base64,{}", raster.image.mime, base64(&raster.image.file));
    xml.empty(
        "image",
        &mut [
            ("x", &mm(rect.x0)),
            ("y", &mm(rect.y0)),
            ("width", &mm(rect.width())),
            ("height", &mm(rect.height())),
            ("preserveAspectRatio", "none"),
            ("href", &data),
        ],
    );
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (k, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if k <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `Some(None)` for the identity, `Some(Some("matrix(a b c d e f)"))` otherwise, `None`
/// for a transform with a NaN or infinite coefficient.
fn transform_text(transform: Affine) -> Option<Option<String>> {
    if !transform.is_finite() {
        return None;
    }
    if transform == Affine::IDENTITY {
        return Some(None);
    }
    let [a, b, c, d, e, f] = transform.as_coeffs();
    let factors = [a, b, c, d].map(|v| fixed(v, FACTOR_DECIMALS)).join(" ");
    Some(Some(format!("matrix({factors} {} {})", mm(e), mm(f))))
}

/// A `<path>` for a shape; nothing when it paints nothing or has a non-finite coordinate.
fn shape_path(xml: &mut Xml, shape: &Shape) {
    let stroke = shape.stroke.as_ref().and_then(|s| Some((s, s.painted_width_mm()?)));
    if shape.fill.is_none() && stroke.is_none() {
        return;
    }
    let Some(data) = path_data(&shape.path) else { return };
    let fill = paint(shape.fill);
    let Some((stroke, width)) = stroke else {
        xml.empty("path", &mut [("d", &data), ("fill", &fill)]);
        return;
    };
    let colour = stroke.colour.to_hex();
    let width = mm(width);
    let dash = dash_text(&stroke.dash_mm);
    let attributes = [
        ("d", data.as_str()),
        ("fill", &fill),
        ("stroke", &colour),
        ("stroke-width", &width),
        ("stroke-linejoin", "round"),
        ("stroke-linecap", cap_name(stroke.cap).unwrap_or_default()),
        ("stroke-dasharray", dash.as_deref().unwrap_or_default()),
    ];
    // The cap is left out for butt (the SVG default), the dashes for a solid line.
    let mut written: Vec<(&str, &str)> =
        attributes.iter().copied().filter(|(_, value)| !value.is_empty()).collect();
    xml.empty("path", &mut written);
}

fn paint(colour: Option<Colour>) -> String {
    match colour {
        Some(colour) => colour.to_hex(),
        None => "none".to_string(),
    }
}

/// The SVG name of a cap, `None` for butt (the SVG default).
fn cap_name(cap: LineCap) -> Option<&'static str> {
    match cap {
        LineCap::Butt => None,
        LineCap::Round => Some("round"),
        LineCap::Square => Some("square"),
    }
}

/// `"2 1"` for a usable dash pattern; `None` (solid) when empty, all zero, negative or NaN.
fn dash_text(dash: &[f64]) -> Option<String> {
    let usable = dash.iter().all(|d| d.is_finite() && *d >= 0.0) && dash.iter().sum::<f64>() > 0.0;
    usable.then(|| dash.iter().map(|d| mm(*d)).collect::<Vec<_>>().join(" "))
}

/// The `d` attribute: absolute M, L, Q, C and Z; `None` if empty or not finite. Written by
/// hand: the crate's `path::Data` keeps f32 numbers and prints all their digits.
fn path_data(path: &BezPath) -> Option<String> {
    // Bytes, made a string once at the end: every byte written is ASCII.
    let mut data: Vec<u8> = Vec::with_capacity(path.elements().len() * 16);
    for (index, element) in path.elements().iter().enumerate() {
        if index == 0 && !matches!(element, PathEl::MoveTo(_)) {
            // A path must start with a move; kurbo's own rule is that it starts at the origin.
            data.extend_from_slice(b"M0 0");
        }
        if !data.is_empty() {
            data.push(b' ');
        }
        let (letter, points): (u8, &[Point]) = match element {
            PathEl::MoveTo(p) => (b'M', std::slice::from_ref(p)),
            PathEl::LineTo(p) => (b'L', std::slice::from_ref(p)),
            PathEl::QuadTo(c, p) => (b'Q', &[*c, *p]),
            PathEl::CurveTo(c1, c2, p) => (b'C', &[*c1, *c2, *p]),
            PathEl::ClosePath => (b'Z', &[]),
        };
        if !points.iter().all(|p| p.is_finite()) {
            return None;
        }
        data.push(letter);
        for (k, point) in points.iter().enumerate() {
            if k > 0 {
                data.push(b' ');
            }
            push_fixed(&mut data, point.x, MM_DECIMALS);
            data.push(b' ');
            push_fixed(&mut data, point.y, MM_DECIMALS);
        }
    }
    String::from_utf8(data).ok().filter(|data| !data.is_empty())
}

/// Decimals of a group's `opacity`.
const OPACITY_DECIMALS: usize = 3;

/// A length in mm with at most three decimals.
fn mm(value: f64) -> String {
    fixed(value, MM_DECIMALS)
}

/// Drops characters XML 1.0 cannot hold (control characters other than tab and newlines).
fn xml_safe(text: &str) -> String {
    text.chars().filter(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Group, Layer, Stroke};

    #[test]
    fn base64_pads_like_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
    use crate::scene::Role;

    fn triangle() -> Item {
        let mut path = BezPath::new();
        path.move_to((10.0, 10.0));
        path.line_to((30.0, 10.0));
        path.line_to((20.0, 25.5));
        path.close_path();
        Item::Shape(Shape::filled(path, Colour { r: 0xd6, g: 0x28, b: 0x28 }))
    }

    fn dashed_polyline() -> Item {
        let mut path = BezPath::new();
        path.move_to((5.0, 40.0));
        path.line_to((-0.0001, 45.0));
        path.line_to((60.0, 45.0));
        let stroke = Stroke {
            colour: Colour::BLACK,
            width_mm: 0.25,
            cap: LineCap::Round,
            dash_mm: vec![2.0, 1.0],
        };
        Item::Shape(Shape::stroked(path, stroke))
    }

    fn curves() -> Item {
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.quad_to((5.0, -5.0), (10.0, 0.0));
        path.curve_to((12.0, 3.0), (15.0, 3.0), (1.0 / 3.0, 0.0));
        let shape = Shape {
            path,
            fill: Some(Colour::WHITE),
            stroke: Some(Stroke::solid(Colour::BLACK, 0.1)),
        };
        let transform =
            Affine::translate((50.0, 20.0)) * Affine::rotate(std::f64::consts::FRAC_PI_2);
        Item::Group(Group { transform, items: vec![Item::Shape(shape)] })
    }

    fn sample_page() -> Page {
        Page {
            label: "sheet-01-front".to_string(),
            width_mm: 100.0,
            height_mm: 50.0,
            layers: vec![
                Layer { role: Role::Art, items: vec![triangle(), curves()] },
                Layer { role: Role::Cut, items: vec![dashed_polyline()] },
            ],
        }
    }

    #[test]
    fn root_has_size_viewbox_and_namespace() {
        let svg = page_to_svg(&sample_page());
        assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
        assert!(svg.contains(r#" width="100mm""#));
        assert!(svg.contains(r#" height="50mm""#));
        assert!(svg.contains(r#" viewBox="0 0 100 50""#));
        assert!(svg.contains(r#" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape""#));
        assert!(svg.contains("<title>sheet-01-front</title>"));
    }

    #[test]
    fn layers_are_inkscape_groups_in_page_order() {
        let svg = page_to_svg(&sample_page());
        let art = r#"<g id="layer-art" inkscape:groupmode="layer" inkscape:label="art">"#;
        let cut = r#"<g id="layer-cut" inkscape:groupmode="layer" inkscape:label="cut">"#;
        let (art_at, cut_at) = (svg.find(art).unwrap(), svg.find(cut).unwrap());
        assert!(art_at < cut_at);
    }

    #[test]
    fn filled_triangle_path() {
        let svg = page_to_svg(&sample_page());
        assert!(svg.contains(r##"<path d="M10 10 L30 10 L20 25.5 Z" fill="#d62828"/>"##));
    }

    #[test]
    fn dashed_polyline_is_stroked_only_with_normalised_zero() {
        let svg = page_to_svg(&sample_page());
        let expected = concat!(
            r##"<path d="M5 40 L0 45 L60 45" fill="none" stroke="#000000" "##,
            r#"stroke-dasharray="2 1" stroke-linecap="round" stroke-linejoin="round" "#,
            r#"stroke-width="0.25"/>"#,
        );
        assert!(svg.contains(expected), "{svg}");
        assert!(!svg.contains("-0 "));
    }

    #[test]
    fn group_transform_and_curves() {
        let svg = page_to_svg(&sample_page());
        assert!(svg.contains(r#"<g transform="matrix(0 1 -1 0 50 20)">"#), "{svg}");
        let expected = concat!(
            r##"<path d="M0 0 Q5 -5 10 0 C12 3 15 3 0.333 0" fill="#ffffff" "##,
            r##"stroke="#000000" stroke-linejoin="round" stroke-width="0.1"/>"##,
        );
        assert!(svg.contains(expected), "{svg}");
    }

    #[test]
    fn identity_group_has_no_transform() {
        let group = Group { transform: Affine::IDENTITY, items: vec![triangle()] };
        let page = Page {
            label: "p".to_string(),
            width_mm: 10.0,
            height_mm: 10.0,
            layers: vec![Layer { role: Role::Marks, items: vec![Item::Group(group)] }],
        };
        let svg = page_to_svg(&page);
        assert!(svg.contains("<g>\n<path"), "{svg}");
        assert!(!svg.contains("transform"));
    }

    #[test]
    fn rendering_twice_is_identical() {
        assert_eq!(page_to_svg(&sample_page()), page_to_svg(&sample_page()));
    }

    #[test]
    fn an_image_that_paints_nothing_is_left_out() {
        let image = crate::scene::RasterImage::one_pixel(&[0, 0, 0, 255]);
        let page = |rect| {
            let raster = Item::Image(Raster { image: image.clone(), rect });
            page_to_svg(&Page::new("p", (10.0, 10.0), vec![(Role::Art, vec![raster])]))
        };
        assert!(page(kurbo::Rect::new(1.0, 2.0, 4.0, 6.0)).contains("<image"));
        assert!(!page(kurbo::Rect::new(1.0, 2.0, 1.0, 6.0)).contains("<image"), "no width");
        assert!(!page(kurbo::Rect::new(1.0, f64::NAN, 4.0, 6.0)).contains("<image"));
    }

    #[test]
    fn non_finite_input_is_skipped_not_panicking() {
        let mut bad = BezPath::new();
        bad.move_to((f64::NAN, 1.0));
        bad.line_to((2.0, 2.0));
        let nan_group = Group { transform: Affine::scale(f64::INFINITY), items: vec![triangle()] };
        let page = Page {
            label: "bad\u{0}".to_string(),
            width_mm: f64::NAN,
            height_mm: -3.0,
            layers: vec![
                Layer {
                    role: Role::Art,
                    items: vec![Item::Shape(Shape::filled(bad, Colour::BLACK))],
                },
                Layer { role: Role::Art, items: vec![Item::Group(nan_group)] },
            ],
        };
        let svg = page_to_svg(&page);
        assert!(svg.contains(r#" viewBox="0 0 1 1""#));
        assert!(svg.contains(r#"id="layer-art-2""#));
        assert!(!svg.contains("<path"));
        assert!(!svg.to_lowercase().contains("nan"));
    }

    #[test]
    fn a_path_without_a_move_starts_at_the_origin() {
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((5.0, 5.0));
        // kurbo asserts on a missing MoveTo in debug builds; build one behind its back.
        path.elements_mut()[0] = PathEl::LineTo(Point::new(1.0, 1.0));
        assert_eq!(path_data(&path).as_deref(), Some("M0 0 L1 1 L5 5"));
    }

    #[test]
    fn number_formatting() {
        assert_eq!(mm(12.5), "12.5");
        assert_eq!(mm(-0.0), "0");
        assert_eq!(mm(-0.0004), "0");
        assert_eq!(mm(3.0), "3");
        assert_eq!(mm(1.23456), "1.235");
        assert_eq!(mm(-7.1), "-7.1");
        assert_eq!(mm(f64::NAN), "0");
        assert_eq!(mm(-0.05), "-0.05");
        assert_eq!(fixed(0.0035, FACTOR_DECIMALS), "0.0035");
        assert_eq!(fixed(-1.0, FACTOR_DECIMALS), "-1");
    }
}
