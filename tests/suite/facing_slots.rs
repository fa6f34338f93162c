//! Two triangles placed edge to edge as the cut sheet places them: facing half-rings close a
//! ring and facing half-discs make a dot, checked on the drawn geometry.

use crate::common;

use kurbo::{BezPath, ParamCurve, PathSeg, Point, Rect, Shape as _};
use tilepress::compose::face::front;
use tilepress::geometry::polygon::RegularPolygon;
use tilepress::geometry::tiling::{TilePlacement, fill_rect};
use tilepress::model::{Design, load};
use tilepress::scene::{Item, Shape};

/// Every slot of both tiles is `kind`, so whichever edge they share faces like with like.
fn pair_design(kind: &str) -> Design {
    let dir = common::scratch(&format!("facing-{kind}"));
    let path = dir.join("pair.toml");
    let text = format!(
        "[set]\nname = \"Pair\"\nshape = \"triangle\"\nedge_mm = 40.0\n\
         [style]\nbackground = \"grey\"\nline_width_mm = 4.0\n\
         [palette]\ngrey = \"#8a8f94\"\nk = \"#000000\"\n\
         [[tiles]]\nnumber = 1\nedges = [\"k {kind}\", \"k {kind}\", \"k {kind}\"]\n\
         [[tiles]]\nnumber = 2\nedges = [\"k {kind}\", \"k {kind}\", \"k {kind}\"]\n"
    );
    std::fs::write(&path, text).expect("write design");
    load(&path).map(|(_, design)| design).expect("a valid design")
}

/// Two neighbouring places of the triangle tiling, and the midpoint of their shared edge.
fn neighbours(shape: RegularPolygon) -> (Vec<TilePlacement>, Point) {
    let places = fill_rect(shape, 0.0, 0.0, Rect::new(0.0, 0.0, 61.0, 35.0));
    assert_eq!(places.len(), 2);
    let midpoints = |p: &TilePlacement| {
        let c = p.corners(shape);
        (0..3).map(|k| c[k].midpoint(c[(k + 1) % 3])).collect::<Vec<_>>()
    };
    let (a, b) = (midpoints(&places[0]), midpoints(&places[1]));
    let shared = a.iter().copied().find(|p| b.iter().any(|q| q.distance(*p) < 1e-9));
    (places, shared.expect("the two tiles share an edge"))
}

/// The slot shapes of a tile's front on the page (everything but the background), with
/// their paths moved by the placement.
fn slot_paths(design: &Design, tile: usize, place: &TilePlacement) -> Vec<(BezPath, Shape)> {
    let shape = design.shape.unwrap();
    let items = front(&design.tiles[tile], shape, &design.style, &design.palette).items;
    items
        .into_iter()
        .skip(1)
        .filter_map(|item| match item {
            Item::Shape(s) => Some((place.transform() * s.path.clone(), s)),
            _ => None,
        })
        .collect()
}

/// The one path of `paths` that starts `radius` from `centre`.
fn at(paths: &[(BezPath, Shape)], centre: Point, radius: f64) -> (BezPath, Shape) {
    let near: Vec<_> = paths
        .iter()
        .filter(|(p, _)| {
            let start = p.segments().next().unwrap().start();
            (start.distance(centre) - radius).abs() < 0.01
        })
        .cloned()
        .collect();
    assert_eq!(near.len(), 1, "one slot on the shared edge");
    near[0].clone()
}

/// End points of a path, and the greatest distance from the circle of `radius` around
/// `centre` of any point sampled on its curves (a half-disc's diameter is a straight line).
fn ends_and_error(path: &BezPath, centre: Point, radius: f64) -> ((Point, Point), f64) {
    let segments: Vec<_> = path.segments().collect();
    let mut error = 0.0f64;
    for segment in segments.iter().filter(|s| !matches!(s, PathSeg::Line(_))) {
        for i in 0..=8 {
            let p = segment.eval(f64::from(i) / 8.0);
            error = error.max((p.distance(centre) - radius).abs());
        }
    }
    let ends = (segments[0].start(), segments.last().unwrap().end());
    (ends, error)
}

fn meet(a: (Point, Point), b: (Point, Point)) -> f64 {
    let straight = a.0.distance(b.1).max(a.1.distance(b.0));
    let crossed = a.0.distance(b.0).max(a.1.distance(b.1));
    straight.min(crossed)
}

/// Two tiles of slots of `kind` side by side: their places, the shared edge's midpoint, and
/// each tile's slot on that edge (path on the page, shape as drawn).
struct Facing {
    places: Vec<TilePlacement>,
    centre: Point,
    a: (BezPath, Shape),
    b: (BezPath, Shape),
}

fn facing(kind: &str, radius: impl Fn(&Design) -> f64) -> (Facing, f64) {
    let design = pair_design(kind);
    let radius = radius(&design);
    let (places, centre) = neighbours(design.shape.unwrap());
    let a = at(&slot_paths(&design, 0, &places[0]), centre, radius);
    let b = at(&slot_paths(&design, 1, &places[1]), centre, radius);
    (Facing { places, centre, a, b }, radius)
}

#[test]
fn facing_half_rings_close_a_ring() {
    let (pair, radius) = facing("ring", |d| d.style.slots.ring_radius_mm);
    let Facing { places, centre, a: (a, a_shape), b: (b, _) } = pair;
    assert!(a_shape.fill.is_none() && a_shape.stroke.is_some(), "a ring is a stroked line");
    let (a_ends, a_error) = ends_and_error(&a, centre, radius);
    let (b_ends, b_error) = ends_and_error(&b, centre, radius);
    assert!(meet(a_ends, b_ends) < 0.01, "the halves meet at both ends: {a_ends:?} {b_ends:?}");
    assert!(a_error < 0.01 && b_error < 0.01, "both halves are on one circle");
    // One half lies in each tile, so together they go all the way round.
    let inside = |path: &BezPath, place: &TilePlacement| {
        let mid = path.segments().nth(path.segments().count() / 2).unwrap().eval(0.5);
        mid.distance(place.centre) < centre.distance(place.centre)
    };
    assert!(inside(&a, &places[0]) && inside(&b, &places[1]));
    let bounds = a.bounding_box().union(b.bounding_box());
    assert!((bounds.width() - 2.0 * radius).abs() < 0.01);
    assert!((bounds.height() - 2.0 * radius).abs() < 0.01);
}

#[test]
fn facing_half_discs_make_a_dot() {
    let (pair, radius) = facing("dot", |d| d.style.slots.dot_radius_mm);
    let Facing { centre, a: (a, a_shape), b: (b, _), .. } = pair;
    assert!(a_shape.fill.is_some(), "a dot is filled");
    let (_, a_error) = ends_and_error(&a, centre, radius);
    let (_, b_error) = ends_and_error(&b, centre, radius);
    assert!(a_error < 0.01 && b_error < 0.01);
    // The two halves cover the whole disc: their areas add up to π r².
    let area = a.area().abs() + b.area().abs();
    let disc = std::f64::consts::PI * radius * radius;
    assert!((area - disc).abs() < 0.01 * disc, "{area} vs {disc}");
}
