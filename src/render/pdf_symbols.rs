//! Symbols and bitmaps in the PDF: each symbol of a document becomes one form XObject,
//! written once, and every use of it is `q cm /symbol-N Do Q` on the page, so an icon on 500
//! tiles is stored once. Bitmaps are image XObjects (RGB, with a soft mask when they have
//! transparency), in the resources of the form that draws them or of the page.
//!
//! The form's content is written here in the symbol's own units (its coordinates as the
//! scene gives them); the `cm` of each use maps them to the page.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use kurbo::{Affine, PathEl, Rect};
use printpdf::{DictItem, ExternalStream, ExternalXObject, XObject, XObjectId};

use crate::scene::bounds::painted_bounds;
use crate::scene::{Colour, Document, Item, LineCap, RasterImage, Shape, used_symbols};

/// The symbols a document's pages use, each once, in order of first use (a symbol used
/// inside another is drawn into that one's form).
pub fn document_symbols(doc: &Document) -> Vec<Arc<crate::scene::Symbol>> {
    let lists = doc.pages.iter().flat_map(|page| &page.layers).map(|l| l.items.as_slice());
    used_symbols(lists, false)
}

/// The bitmaps `items` draw (inside symbols too, when `into_symbols`), each once, in order
/// of first use.
pub fn images_in(items: &[Item], into_symbols: bool, found: &mut Vec<Arc<RasterImage>>) {
    for item in items {
        match item {
            Item::Shape(_) => {}
            Item::Group(group) => images_in(&group.items, into_symbols, found),
            Item::Clip(clip) => images_in(&clip.items, into_symbols, found),
            Item::Use(used) if into_symbols => images_in(&used.symbol.items, true, found),
            Item::Use(_) => {}
            Item::Image(raster) => {
                if !found.iter().any(|known| Arc::ptr_eq(known, &raster.image)) {
                    found.push(raster.image.clone());
                }
            }
        }
    }
}

/// The bitmaps drawn on pages outside any symbol, each once.
pub fn page_images(doc: &Document) -> Vec<Arc<RasterImage>> {
    let mut found = Vec::new();
    for layer in doc.pages.iter().flat_map(|page| &page.layers) {
        images_in(&layer.items, false, &mut found);
    }
    found
}

/// The resource name of the `index`-th page-level bitmap.
pub fn image_xobject_id(index: usize) -> XObjectId {
    XObjectId(format!("image-{}", index + 1))
}

/// The page-level bitmaps as image XObjects.
pub fn image_xobjects(images: &[Arc<RasterImage>]) -> BTreeMap<XObjectId, XObject> {
    images
        .iter()
        .enumerate()
        .map(|(index, image)| {
            let form = ExternalXObject {
                stream: image_stream(image),
                width: None,
                height: None,
                dpi: None,
            };
            (image_xobject_id(index), XObject::External(form))
        })
        .collect()
}

/// An image XObject: RGB samples, and the alpha channel as a soft mask when not opaque.
fn image_stream(image: &RasterImage) -> ExternalStream {
    let rgb: Vec<u8> = image.rgba.chunks(4).flat_map(|p| p.iter().take(3).copied()).collect();
    let alpha: Vec<u8> = image.rgba.chunks(4).map(|p| p.get(3).copied().unwrap_or(255)).collect();
    let header = |colour_space: &[u8]| {
        BTreeMap::from([
            ("Type".to_string(), DictItem::Name(b"XObject".to_vec())),
            ("Subtype".to_string(), DictItem::Name(b"Image".to_vec())),
            ("Width".to_string(), DictItem::Int(i64::from(image.width))),
            ("Height".to_string(), DictItem::Int(i64::from(image.height))),
            ("ColorSpace".to_string(), DictItem::Name(colour_space.to_vec())),
            ("BitsPerComponent".to_string(), DictItem::Int(8)),
        ])
    };
    let mut dict = header(b"DeviceRGB");
    if alpha.iter().any(|&a| a != 255) {
        let mask = ExternalStream { dict: header(b"DeviceGray"), content: alpha, compress: true };
        dict.insert("SMask".to_string(), DictItem::Stream { stream: mask });
    }
    ExternalStream { dict, content: rgb, compress: true }
}

/// The map from an image's unit square to `rect` (y down, the image's top row on top).
pub fn unit_square_to(rect: Rect) -> Affine {
    Affine::new([rect.width(), 0.0, 0.0, -rect.height(), rect.x0, rect.y1])
}

/// The resource name of the `index`-th symbol.
pub fn symbol_xobject_id(index: usize) -> XObjectId {
    XObjectId(format!("symbol-{}", index + 1))
}

/// One form XObject per symbol, by resource name.
pub fn symbol_xobjects(symbols: &[Arc<crate::scene::Symbol>]) -> BTreeMap<XObjectId, XObject> {
    symbols
        .iter()
        .enumerate()
        .map(|(index, symbol)| {
            let mut images = Vec::new();
            images_in(&symbol.items, true, &mut images);
            let mut content = String::new();
            write_items(&mut content, &symbol.items, Affine::IDENTITY, &images);
            let bounds = painted_bounds(&symbol.items, Affine::IDENTITY).unwrap_or(Rect::ZERO);
            let bbox = [bounds.x0, bounds.y0, bounds.x1, bounds.y1]
                .map(|v| DictItem::Real(v as f32))
                .to_vec();
            let mut dict = BTreeMap::from([
                ("Type".to_string(), DictItem::Name(b"XObject".to_vec())),
                ("Subtype".to_string(), DictItem::Name(b"Form".to_vec())),
                ("BBox".to_string(), DictItem::Array(bbox)),
            ]);
            if !images.is_empty() {
                let xobjects = images
                    .iter()
                    .enumerate()
                    .map(|(k, image)| {
                        (local_image_name(k), DictItem::Stream { stream: image_stream(image) })
                    })
                    .collect();
                let resources =
                    BTreeMap::from([("XObject".to_string(), DictItem::Dict { map: xobjects })]);
                dict.insert("Resources".to_string(), DictItem::Dict { map: resources });
            }
            let stream = ExternalStream { dict, content: content.into_bytes(), compress: true };
            let form = ExternalXObject { stream, width: None, height: None, dpi: None };
            (symbol_xobject_id(index), XObject::External(form))
        })
        .collect()
}

/// A bitmap's name inside the form that draws it.
fn local_image_name(index: usize) -> String {
    format!("Im{}", index + 1)
}

/// What a document's pages share: its symbols (form XObjects) and the bitmaps drawn outside
/// symbols (image XObjects), in the order of their resource names.
#[derive(Debug)]
pub struct Shared {
    pub symbols: Vec<Arc<crate::scene::Symbol>>,
    pub images: Vec<Arc<RasterImage>>,
}

impl Shared {
    /// The resource name of `symbol`, if the document registered it.
    pub fn symbol_id(&self, symbol: &Arc<crate::scene::Symbol>) -> Option<XObjectId> {
        self.symbols.iter().position(|known| Arc::ptr_eq(known, symbol)).map(symbol_xobject_id)
    }

    /// The resource name of the page-level bitmap `image`, if the document registered it.
    pub fn image_id(&self, image: &Arc<RasterImage>) -> Option<XObjectId> {
        self.images.iter().position(|known| Arc::ptr_eq(known, image)).map(image_xobject_id)
    }
}

/// Content-stream operators for `items` placed by `transform`; `images` are the form's
/// bitmaps, named `Im1`, `Im2`… in that order.
fn write_items(out: &mut String, items: &[Item], transform: Affine, images: &[Arc<RasterImage>]) {
    for item in items {
        match item {
            Item::Shape(shape) => write_shape(out, shape, transform),
            Item::Group(group) => {
                write_items(out, &group.items, transform * group.transform, images)
            }
            Item::Use(used) => {
                write_items(out, &used.symbol.items, transform * used.transform, images)
            }
            Item::Image(raster) => {
                let Some(index) = images.iter().position(|known| Arc::ptr_eq(known, &raster.image))
                else {
                    continue;
                };
                let matrix = (transform * unit_square_to(raster.rect)).as_coeffs().map(number);
                let _ =
                    writeln!(out, "q {} cm /{} Do Q", matrix.join(" "), local_image_name(index));
            }
            Item::Clip(clip) => {
                out.push_str("q\n");
                write_path(out, &(transform * clip.path.clone()));
                out.push_str("W n\n");
                write_items(out, &clip.items, transform, images);
                out.push_str("Q\n");
            }
        }
    }
}

fn write_shape(out: &mut String, shape: &Shape, transform: Affine) {
    let path = transform * shape.path.clone();
    if path.elements().iter().any(|el| el.end_point().is_some_and(|p| !p.is_finite())) {
        return;
    }
    if let Some(colour) = shape.fill {
        let _ = writeln!(out, "{} rg", rgb(colour));
        write_path(out, &path);
        out.push_str("f\n");
    }
    if let Some(stroke) = &shape.stroke {
        let width = stroke.width_mm * transform.determinant().abs().sqrt();
        let cap = match stroke.cap {
            LineCap::Butt => 0,
            LineCap::Round => 1,
            LineCap::Square => 2,
        };
        let dash: Vec<String> =
            stroke.dash_mm.iter().map(|d| number(d * width / stroke.width_mm.max(1e-12))).collect();
        let _ = writeln!(
            out,
            "{} RG {} w {cap} J [{}] 0 d",
            rgb(stroke.colour),
            number(width),
            dash.join(" ")
        );
        write_path(out, &path);
        out.push_str("S\n");
    }
}

fn write_path(out: &mut String, path: &kurbo::BezPath) {
    let mut last = kurbo::Point::ZERO;
    let mut start = kurbo::Point::ZERO;
    for element in path.elements() {
        let _ = match *element {
            PathEl::MoveTo(p) => {
                (start, last) = (p, p);
                writeln!(out, "{} {} m", number(p.x), number(p.y))
            }
            PathEl::LineTo(p) => {
                last = p;
                writeln!(out, "{} {} l", number(p.x), number(p.y))
            }
            PathEl::QuadTo(_, p) | PathEl::CurveTo(_, _, p) => {
                let (c1, c2) = match *element {
                    PathEl::QuadTo(c, _) => {
                        (last + (c - last) * (2.0 / 3.0), p + (c - p) * (2.0 / 3.0))
                    }
                    PathEl::CurveTo(c1, c2, _) => (c1, c2),
                    _ => (last, p),
                };
                last = p;
                let numbers = [c1.x, c1.y, c2.x, c2.y, p.x, p.y].map(number);
                writeln!(out, "{} c", numbers.join(" "))
            }
            PathEl::ClosePath => {
                last = start;
                writeln!(out, "h")
            }
        };
    }
}

fn rgb(colour: Colour) -> String {
    [colour.r, colour.g, colour.b].map(|c| number(f64::from(c) / 255.0)).join(" ")
}

/// A number with at most four decimals and no trailing zeros (`-0` written as `0`).
fn number(value: f64) -> String {
    super::decimal::fixed(value, 4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Stroke;
    use kurbo::BezPath;

    #[test]
    fn a_shape_is_written_as_fill_then_stroke_in_its_own_units() {
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
        let mut out = String::new();
        write_items(&mut out, &[Item::Shape(shape)], Affine::scale(2.0), &[]);
        assert_eq!(
            out,
            "1 0 0 rg\n0 0 m\n20 0 l\n20 13.3333 13.3333 20 0 20 c\nh\nf\n0 0 0 RG 1 w 0 J [] 0 d\n0 0 m\n20 0 l\n20 13.3333 13.3333 20 0 20 c\nh\nS\n"
        );
        assert_eq!(number(-0.00001), "0");
        assert_eq!(number(2.5), "2.5");
    }
}
