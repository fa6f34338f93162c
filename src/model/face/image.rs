//! Images of image layers: SVG files read with usvg and kept as vectors — every path of the
//! drawing becomes a scene shape — and PNG/JPEG files embedded as bitmaps; either way one
//! scene symbol, so SVG, PDF and PNG output draw the same thing and store it once.
//!
//! Solid fills and strokes keep their colour; a gradient is drawn in its first stop's
//! colour; bitmaps inside an SVG, its text and opacity are left out (docs/format.md says so).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use kurbo::{Affine, BezPath, Point};
use usvg::tiny_skia_path::PathSegment;

use super::asset::{AssetRefusal, read_asset};
use crate::model::input::input_file::Used;
use crate::model::input::limits::{
    MAX_ASSET_BYTES, MAX_IMAGE_SIDE_PX, MAX_SVG_BYTES, MAX_SVG_PATHS,
};
use crate::scene::{Colour, Item, Shape, Stroke, Symbol};

/// An image as a scene symbol in its own units (SVG user units or pixels; origin top left,
/// y down): stored once per PDF and SVG however many faces use it.
pub struct FaceImage {
    /// The path as written in the design (how it is named in messages).
    pub name: String,
    pub width: f64,
    pub height: f64,
    /// The pixels it holds decoded (a bitmap's width × height; 0 for an SVG drawing).
    pub pixels: u64,
    pub symbol: Arc<Symbol>,
}

impl PartialEq for FaceImage {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl fmt::Debug for FaceImage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "FaceImage({:?}, {} × {}, {} items)",
            self.name,
            self.width,
            self.height,
            self.symbol.items.len()
        )
    }
}

/// Reads an SVG, PNG or JPEG file (by its extension), and says where the file opened lies;
/// a bitmap is decoded only when its header's width × height is within `pixels_left`.
pub fn read_image(
    path: &Path,
    name: &str,
    pixels_left: u64,
    design_folder: &Path,
) -> Result<Used<FaceImage>, AssetRefusal> {
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let image = match extension.as_deref() {
        Some("svg") => {
            read_asset(path, MAX_SVG_BYTES, design_folder)?.map(|bytes| svg_image(bytes, name))
        }
        Some("png") => read_asset(path, MAX_ASSET_BYTES, design_folder)?
            .map(|bytes| super::raster::png_image(bytes, name, pixels_left)),
        Some("jpg" | "jpeg") => read_asset(path, MAX_ASSET_BYTES, design_folder)?
            .map(|bytes| super::raster::jpeg_image(bytes, name, pixels_left)),
        _ => Err("give an .svg, .png, .jpg or .jpeg file".to_string()),
    };
    Ok(image?)
}

/// Parses SVG bytes into a vector image.
pub fn svg_image(bytes: Vec<u8>, name: &str) -> Result<FaceImage, String> {
    let tree = usvg::Tree::from_data(&bytes, &usvg::Options::default())
        .map_err(|e| format!("it is not a readable SVG ({e})"))?;
    let (width, height) = (f64::from(tree.size().width()), f64::from(tree.size().height()));
    if width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX {
        return Err(format!(
            "it is {width} × {height} units, over the limit of {MAX_IMAGE_SIDE_PX} a side"
        ));
    }
    let mut items = Vec::new();
    collect(tree.root(), &mut items);
    if items.len() > MAX_SVG_PATHS {
        return Err(format!(
            "it draws {} paths, more than tilepress's limit of {MAX_SVG_PATHS} (MAX_SVG_PATHS in model/input/limits.rs)",
            items.len()
        ));
    }
    if items.is_empty() {
        return Err("it draws nothing tilepress can keep (no filled or stroked paths)".into());
    }
    let symbol = Arc::new(Symbol { name: name.into(), items });
    Ok(FaceImage { name: name.into(), width, height, pixels: 0, symbol })
}

/// Every visible path under `group`, in document order, in the drawing's own units.
fn collect(group: &usvg::Group, items: &mut Vec<Item>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(child) => collect(child, items),
            usvg::Node::Path(path) if path.is_visible() => items.extend(path_shape(path)),
            _ => {}
        }
    }
}

fn path_shape(path: &usvg::Path) -> Option<Item> {
    let t = path.abs_transform();
    let transform = Affine::new([
        f64::from(t.sx),
        f64::from(t.ky),
        f64::from(t.kx),
        f64::from(t.sy),
        f64::from(t.tx),
        f64::from(t.ty),
    ]);
    let mut bez = BezPath::new();
    let p = |point: usvg::tiny_skia_path::Point| Point::new(f64::from(point.x), f64::from(point.y));
    for segment in path.data().segments() {
        match segment {
            PathSegment::MoveTo(a) => bez.move_to(p(a)),
            PathSegment::LineTo(a) => bez.line_to(p(a)),
            PathSegment::QuadTo(a, b) => bez.quad_to(p(a), p(b)),
            PathSegment::CubicTo(a, b, c) => bez.curve_to(p(a), p(b), p(c)),
            PathSegment::Close => bez.close_path(),
        }
    }
    bez.apply_affine(transform);
    let fill = path.fill().and_then(|f| paint_colour(f.paint()));
    let scale = transform.determinant().abs().sqrt();
    let stroke = path.stroke().and_then(|s| {
        paint_colour(s.paint()).map(|c| Stroke::solid(c, f64::from(s.width().get()) * scale))
    });
    (fill.is_some() || stroke.is_some()).then_some(Item::Shape(Shape { path: bez, fill, stroke }))
}

fn paint_colour(paint: &usvg::Paint) -> Option<Colour> {
    let colour = match paint {
        usvg::Paint::Color(c) => *c,
        usvg::Paint::LinearGradient(g) => g.stops().first()?.color(),
        usvg::Paint::RadialGradient(g) => g.stops().first()?.color(),
        usvg::Paint::Pattern(_) => return None,
    };
    Some(Colour { r: colour.red, g: colour.green, b: colour.blue })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUN: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
        <rect x="0" y="0" width="20" height="10" fill="#ff0000"/>
        <g transform="translate(10 5)"><circle r="2" fill="none" stroke="#0000ff" stroke-width="1"/></g>
    </svg>"##;

    #[test]
    fn an_svg_becomes_shapes_with_its_colours() {
        let image = svg_image(SUN.as_bytes().to_vec(), "sun.svg").unwrap();
        assert_eq!((image.width, image.height), (20.0, 10.0));
        assert_eq!(image.symbol.items.len(), 2);
        let Item::Shape(circle) = &image.symbol.items[1] else { panic!("a shape") };
        assert_eq!(circle.fill, None);
        assert_eq!(circle.stroke.as_ref().unwrap().colour, Colour { r: 0, g: 0, b: 255 });
        use kurbo::Shape as _;
        let bounds = circle.path.bounding_box();
        assert!((bounds.center().x - 10.0).abs() < 1e-3 && (bounds.width() - 4.0).abs() < 1e-3);
    }

    #[test]
    fn unreadable_and_oversized_svgs_are_refused_with_a_reason() {
        assert!(
            svg_image(b"not svg".to_vec(), "x.svg").unwrap_err().contains("not a readable SVG")
        );
        let huge = r#"<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="10"><rect width="5" height="5"/></svg>"#;
        assert!(
            svg_image(huge.as_bytes().to_vec(), "x.svg").unwrap_err().contains("over the limit")
        );
        let empty = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>"#;
        assert!(
            svg_image(empty.as_bytes().to_vec(), "x.svg").unwrap_err().contains("draws nothing")
        );
    }
}
