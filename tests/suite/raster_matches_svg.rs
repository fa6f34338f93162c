//! Every page of every shipped design and every diagram, drawn from its scene by `render::raster`, matches what resvg draws of the page's own SVG, pixel by pixel up to anti-aliasing.
//!
//! The tolerance: the two differ only in how edges are anti-aliased (the SVG holds
//! coordinates rounded to 0.001 mm and f32 numbers read back; curves are flattened after
//! different transforms), so
//! - a pixel whose 3 × 3 neighbourhood in the reference is flat (no channel varies by more
//!   than [`FLAT`] levels) may differ by at most [`NEAR`] levels: a missing dash, clip,
//!   image or symbol changes whole flat areas and fails here;
//! - pixels differing by more than [`NEAR`] levels anywhere (so at edges) stay under
//!   [`EDGE_SHARE`] of the image: an edge drawn a whole pixel off, or a wrong cap or join
//!   along every line, fails here;
//! - anti-aliasing differences lie along edges, one or two pixels wide: no 3 × 3 block may
//!   differ by more than [`NEAR`] everywhere, so a small missing or misplaced object (an
//!   icon, an image over a detailed face) fails even where nothing around it is flat.
//!
//! Measured on the shipped pages: at most 0.13 % of pixels beyond [`NEAR`], no flat pixel
//! differing at all. Drawing without dashes, without a symbol, without images, with miter
//! joins or without a clip fails (each tried while writing this test).

use crate::common;

use std::path::Path;
use std::sync::Arc;

use kurbo::{Affine, BezPath, Circle, Rect, Shape as _};
use resvg::tiny_skia::Pixmap;
use tilepress::build::impose_part;
use tilepress::diagram::files::figure_page;
use tilepress::render::png::{Paper, page_to_png, svg_to_png};
use tilepress::render::raster::items_bounds;
use tilepress::render::svg::page_to_svg;
use tilepress::scene::{
    Clip, Colour, Group, Item, LineCap, Page, Raster, RasterImage, Role, Shape, Stroke, Symbol,
    Translucent, Use,
};
use tilepress::sources::parts;

/// Levels (of 255) a pixel may differ by anywhere.
const NEAR: u8 = 3;
/// A neighbourhood varying by at most this is flat (away from any edge).
const FLAT: u8 = 2;
/// The share of all pixels that may differ by more than [`NEAR`] (all at edges).
const EDGE_SHARE: f64 = 0.005;
/// Pages are drawn at up to this many pixels (the tests run unoptimised).
const PIXELS: f64 = 400_000.0;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// How the scene's drawing differs from resvg's drawing of the page's SVG.
#[derive(Debug)]
struct Difference {
    size: (u32, u32),
    /// Pixels differing by more than [`NEAR`].
    beyond_near: usize,
    /// The worst pixel in a flat neighbourhood: where, and by how much.
    worst_flat: Option<((u32, u32), u8)>,
    /// The centre of a 3 × 3 block differing by more than [`NEAR`] everywhere.
    solid_block: Option<(u32, u32)>,
}

fn difference(page: &Page, paper: Paper) -> Difference {
    let area_in2 = page.width_mm * page.height_mm / (25.4 * 25.4);
    difference_at(page, paper, (PIXELS / area_in2).sqrt().clamp(10.0, 150.0))
}

fn difference_at(page: &Page, paper: Paper, dpi: f64) -> Difference {
    let ours = Pixmap::decode_png(&page_to_png(page, dpi, paper).unwrap()).unwrap();
    let svg = page_to_svg(page);
    let reference = Pixmap::decode_png(&svg_to_png(&svg, dpi, paper).unwrap()).unwrap();
    assert_eq!((ours.width(), ours.height()), (reference.width(), reference.height()));
    compare(&ours, &reference)
}

fn compare(ours: &Pixmap, reference: &Pixmap) -> Difference {
    let (width, height) = (reference.width(), reference.height());
    // A pixel's RGBA bytes as `Pixmap::pixel` gives them (premultiplied), read from the data
    // itself: every pixel is read twice and more, and the tests run unoptimised.
    let channels = |pixmap: &Pixmap, x: u32, y: u32| -> [u8; 4] {
        let at = 4 * (y * width + x) as usize;
        pixmap.data()[at..at + 4].try_into().unwrap()
    };
    let apart = |a: &[u8], b: &[u8]| (0..4).map(|k| a[k].abs_diff(b[k])).max().unwrap_or(0);
    let flat = |x: u32, y: u32| {
        let here = channels(reference, x, y);
        let (xs, ys) = (x.saturating_sub(1)..=(x + 1).min(width - 1), y.saturating_sub(1)..);
        ys.take_while(|v| *v <= (y + 1).min(height - 1))
            .all(|v| xs.clone().all(|u| apart(&channels(reference, u, v), &here) <= FLAT))
    };
    let mut found =
        Difference { size: (width, height), beyond_near: 0, worst_flat: None, solid_block: None };
    // How far each pixel is from the reference's, row by row.
    let by: Vec<u8> = (ours.data().chunks_exact(4).zip(reference.data().chunks_exact(4)))
        .map(|(a, b)| apart(a, b))
        .collect();
    let far_at = |x: u32, y: u32| by[(y * width + x) as usize] > NEAR;
    for y in 0..height {
        for x in 0..width {
            let by = by[(y * width + x) as usize];
            if by > NEAR {
                found.beyond_near += 1;
                let inside = x > 0 && y > 0 && x + 1 < width && y + 1 < height;
                let block =
                    inside && (y - 1..=y + 1).all(|v| (x - 1..=x + 1).all(|u| far_at(u, v)));
                if block && found.solid_block.is_none() {
                    found.solid_block = Some((x, y));
                }
            }
            if by > 0 && found.worst_flat.is_none_or(|(_, worst)| by > worst) && flat(x, y) {
                found.worst_flat = Some(((x, y), by));
            }
        }
    }
    found
}

fn assert_matches(what: &str, found: &Difference) {
    let (width, height) = found.size;
    let share = found.beyond_near as f64 / (f64::from(width) * f64::from(height));
    assert!(
        share < EDGE_SHARE,
        "{what}: {:.3} % of pixels differ by more than {NEAR} levels ({found:?})",
        share * 100.0
    );
    assert!(found.solid_block.is_none(), "{what}: a whole area differs ({found:?})");
    if let Some((at, by)) = found.worst_flat {
        assert!(by <= NEAR, "{what}: a pixel away from edges differs by {by} levels at {at:?}");
    }
}

/// Checks every page of the design at `path`; how many there are.
fn design_pages_match(path: &Path) -> usize {
    let mut pages = 0;
    let (_, design) = tilepress::model::load(path).unwrap();
    for part in parts(&design) {
        let imposed = impose_part(&design, &part).unwrap();
        for page in &imposed.document.pages {
            let what = format!("{} {}{}", path.display(), part.suffix, page.label);
            let found = difference(page, Paper::White);
            eprintln!("{what}: {found:?}");
            art_bounds_match(&what, page);
            assert_matches(&what, &found);
            pages += 1;
        }
    }
    pages
}

/// The preview crops each page to its art: the bounds `render::raster` measures from the
/// scene are those usvg measures of the SVG's art layer (within 0.01 mm).
fn art_bounds_match(what: &str, page: &Page) {
    let art = page.layers.iter().find(|layer| layer.role == Role::Art);
    let ours = art.and_then(|art| items_bounds(&art.items));
    let tree = resvg::usvg::Tree::from_str(&page_to_svg(page), &Default::default()).unwrap();
    let theirs = tree.node_by_id("layer-art").and_then(|art| art.abs_layer_bounding_box());
    let mm = |px: f32| f64::from(px) * 25.4 / 96.0;
    let theirs = theirs.map(|r| [mm(r.left()), mm(r.top()), mm(r.right()), mm(r.bottom())]);
    let ours = ours.map(|r| [r.x0, r.y0, r.x1, r.y1]);
    match (ours, theirs) {
        (Some(ours), Some(theirs)) => {
            let off = (0..4).map(|k| (ours[k] - theirs[k]).abs()).fold(0.0, f64::max);
            assert!(off < 0.01, "{what}: art bounds {ours:?}, usvg {theirs:?}");
        }
        (ours, theirs) => assert_eq!(ours.is_some(), theirs.is_some(), "{what}: art bounds"),
    }
}

#[test]
fn every_page_of_every_shipped_design_draws_as_its_svg() {
    let mut pages = 0;
    for entry in std::fs::read_dir(root().join("designs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            pages += design_pages_match(&path);
        }
    }
    assert!(pages >= 20, "every design's pages: {pages}");
}

#[test]
fn pages_with_png_jpeg_and_svg_images_draw_as_their_svg() {
    assert!(design_pages_match(&root().join("tests/designs/mini-faces.toml")) >= 2);
}

#[test]
fn every_diagram_draws_as_its_svg() {
    let mut diagrams = 0;
    for entry in std::fs::read_dir(root().join("diagrams")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let figure = tilepress::diagram::load::load(&path).unwrap();
        let found = difference(&figure_page(&figure, "d"), Paper::Transparent);
        eprintln!("{}: {found:?}", path.display());
        assert_matches(&path.display().to_string(), &found);
        diagrams += 1;
    }
    assert!(diagrams >= 19, "every diagram: {diagrams}");
}

/// A page of `items` (one art layer) at 60 × 40 mm.
fn scene_page(items: Vec<Item>) -> Page {
    Page::new("scene", (60.0, 40.0), vec![(Role::Art, items)])
}

/// Asserts that the scene rasteriser draws `items` as resvg draws their SVG, and that it is
/// not blank (the test would not see a thing drawn wrong if nothing were drawn).
fn scene_matches(what: &str, items: Vec<Item>) {
    let page = scene_page(items);
    let found = difference(&page, Paper::Transparent);
    assert_matches(what, &found);
    let png = Pixmap::decode_png(&page_to_png(&page, 150.0, Paper::Transparent).unwrap()).unwrap();
    assert!(png.pixels().iter().any(|p| p.alpha() == 255), "{what} draws something");
}

fn colour(r: u8, g: u8, b: u8) -> Colour {
    Colour { r, g, b }
}

fn zigzag() -> BezPath {
    let mut path = BezPath::new();
    path.move_to((5.0, 30.0));
    path.line_to((15.0, 8.0));
    path.line_to((25.0, 30.0));
    path.quad_to((35.0, 5.0), (45.0, 25.0));
    path.curve_to((50.0, 35.0), (55.0, 10.0), (57.0, 20.0));
    path
}

#[test]
fn dashes_caps_and_joins_draw_as_their_svg() {
    for (cap, dash) in [
        (LineCap::Butt, vec![3.0, 1.5]),
        (LineCap::Round, vec![2.0]),
        (LineCap::Square, vec![4.0, 1.0, 0.5, 1.0]),
        (LineCap::Butt, vec![]),
        (LineCap::Round, vec![0.0, 0.0]),
    ] {
        let stroke = Stroke { colour: colour(20, 40, 160), width_mm: 1.2, cap, dash_mm: dash };
        let what = format!("{:?} caps, dashes {:?}", stroke.cap, stroke.dash_mm);
        scene_matches(&what, vec![Item::Shape(Shape::stroked(zigzag(), stroke))]);
    }
}

#[test]
fn clips_nested_and_transformed_draw_as_their_svg() {
    let disc = Circle::new((30.0, 20.0), 15.0).to_path(0.01);
    let band = Rect::new(0.0, 12.0, 60.0, 26.0).to_path(0.01);
    let square = Shape::filled(Rect::new(5.0, 2.0, 55.0, 38.0).to_path(0.01), colour(200, 30, 60));
    let inner = Item::Clip(Clip { path: band, items: vec![Item::Shape(square.clone())] });
    let turned = Item::Group(Group {
        transform: Affine::rotate_about(0.4, (30.0, 20.0)),
        items: vec![Item::Clip(Clip { path: disc.clone(), items: vec![inner] })],
    });
    scene_matches("a clip in a clip, turned", vec![turned]);
    scene_matches(
        "a clip around a stroke",
        vec![Item::Clip(Clip {
            path: disc,
            items: vec![Item::Shape(Shape::stroked(zigzag(), Stroke::solid(Colour::BLACK, 3.0)))],
        })],
    );
}

/// A 4 × 3 straight-RGBA bitmap: colours, half-transparent and clear pixels.
fn bitmap() -> Arc<RasterImage> {
    let mut rgba = Vec::new();
    for k in 0..12_u8 {
        let alpha = match k % 4 {
            0 => 0,
            1 => 128,
            _ => 255,
        };
        rgba.extend_from_slice(&[k * 20, 255 - k * 20, 90, alpha]);
    }
    // The SVG embeds the file: the same pixels as a PNG.
    let file = common::png_file::png_file(4, 3, png::ColorType::Rgba, png::BitDepth::Eight, &rgba);
    Arc::new(RasterImage {
        width: 4,
        height: 3,
        rgba,
        file,
        mime: "image/png",
        colorimetric: false,
    })
}

#[test]
fn images_stretched_turned_and_clipped_draw_as_their_svg() {
    let image = bitmap();
    let raster = |rect: Rect| Item::Image(Raster { image: image.clone(), rect });
    let background = Shape::filled(Rect::new(0.0, 0.0, 60.0, 40.0).to_path(0.01), colour(0, 0, 0));
    let turned = Item::Group(Group {
        transform: Affine::rotate_about(0.3, (45.0, 20.0)),
        items: vec![raster(Rect::new(35.0, 5.0, 55.0, 35.0))],
    });
    let clipped = Item::Clip(Clip {
        path: Circle::new((15.0, 20.0), 9.0).to_path(0.01),
        items: vec![raster(Rect::new(2.0, 2.0, 30.0, 38.0))],
    });
    scene_matches("images", vec![Item::Shape(background), turned, clipped]);
}

#[test]
fn translucent_groups_draw_as_their_svg() {
    // A disc stroked over its own fill at half opacity, over a dark band: where the stroke
    // lies on the fill it shows the stroke's colour blended once, not twice (a group).
    let band = Shape::filled(Rect::new(0.0, 12.0, 60.0, 26.0).to_path(0.01), colour(20, 30, 90));
    let disc = Shape {
        stroke: Some(Stroke::solid(colour(240, 160, 20), 3.0)),
        ..Shape::filled(Circle::new((20.0, 20.0), 12.0).to_path(0.01), colour(200, 30, 60))
    };
    let half = Item::Translucent(Translucent { opacity: 0.5, items: vec![Item::Shape(disc)] });
    // Clipped, turned and nested: a faint image inside a translucent, clipped group.
    let faint_image = Item::Translucent(Translucent {
        opacity: 0.6,
        items: vec![Item::Image(Raster {
            image: bitmap(),
            rect: Rect::new(38.0, 4.0, 58.0, 36.0),
        })],
    });
    let clipped = Item::Clip(Clip {
        path: Circle::new((48.0, 20.0), 11.0).to_path(0.01),
        items: vec![Item::Group(Group {
            transform: Affine::rotate_about(0.3, (48.0, 20.0)),
            items: vec![Item::Translucent(Translucent { opacity: 0.8, items: vec![faint_image] })],
        })],
    });
    scene_matches("translucent groups", vec![Item::Shape(band), half, clipped]);
}

#[test]
fn symbols_used_in_several_places_draw_as_their_svg() {
    let mark = Symbol {
        name: "mark".into(),
        items: vec![
            Item::Shape(Shape::filled(
                Circle::new((0.0, 0.0), 3.0).to_path(0.01),
                colour(0, 120, 60),
            )),
            Item::Shape(Shape::stroked(zigzag(), Stroke::solid(colour(250, 200, 0), 0.8))),
        ],
    };
    let mark = Arc::new(mark);
    let used = |transform: Affine| Item::Use(Use { symbol: mark.clone(), transform });
    let outer = Arc::new(Symbol {
        name: "two marks".into(),
        items: vec![used(Affine::scale(0.3)), used(Affine::translate((10.0, 10.0)))],
    });
    scene_matches(
        "symbols",
        vec![
            used(Affine::translate((10.0, 10.0))),
            used(Affine::translate((40.0, 25.0)) * Affine::rotate(1.0) * Affine::scale(0.5)),
            Item::Use(Use { symbol: outer, transform: Affine::translate((30.0, 2.0)) }),
        ],
    );
}

#[test]
fn scenes_drawn_in_several_strips_draw_as_their_svg() {
    // 60 × 40 mm at 600 dpi: 1417 × 945 pixels, three strips of 2 MiB. What lies wholly in
    // another strip is skipped: strokes (square caps reach furthest), images and clips that
    // cross strip borders must come out whole.
    assert!(
        tilepress::render::png_rows::strip_rows(1417, tilepress::render::png::STRIP_BYTES)
            < 945 / 2
    );
    let stroke = Stroke {
        colour: colour(20, 40, 160),
        width_mm: 2.0,
        cap: LineCap::Square,
        dash_mm: vec![],
    };
    let image = bitmap();
    let mut items = vec![Item::Shape(Shape::stroked(zigzag(), stroke.clone()))];
    for k in 0..12 {
        // Short strokes ending just above and below the strip borders (rows 369, 738).
        let y = 14.5 + f64::from(k % 3) * 0.4 + f64::from(k / 3) * 0.02;
        let mut path = BezPath::new();
        path.move_to((5.0 + f64::from(k) * 4.0, y));
        path.line_to((6.0 + f64::from(k) * 4.0, y));
        items.push(Item::Shape(Shape::stroked(path, stroke.clone())));
    }
    items.push(Item::Clip(Clip {
        path: Circle::new((45.0, 16.0), 6.0).to_path(0.01),
        items: vec![Item::Image(Raster { image, rect: Rect::new(35.0, 8.0, 55.0, 30.0) })],
    }));
    let found = difference_at(&scene_page(items), Paper::Transparent, 600.0);
    assert_matches("a scene in three strips", &found);
}
