//! Edge-to-edge tilings of regular polygons (hexagons, squares, triangles) and filling a
//! rectangle with as many whole tiles as fit.
//!
//! Neighbouring tiles share an edge, so one cut serves both. With a gap, every centre moves
//! away from the origin by the same factor, which leaves exactly `gap` between facing edges.

use std::f64::consts::PI;

use kurbo::{Affine, Point, Rect, Vec2};

use super::lattice_fill::LatticeFill;
use super::polygon::RegularPolygon;

/// Where one tile goes: its centre and how far it is turned (radians, clockwise on the page).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TilePlacement {
    pub centre: Point,
    pub rotation: f64,
}

impl TilePlacement {
    /// The map from the tile's own frame to the page.
    pub fn transform(&self) -> Affine {
        self.transform_rotated(Affine::rotate(self.rotation))
    }

    /// [`TilePlacement::transform`] with its rotation given, `Affine::rotate(self.rotation)`
    /// made once for the many tiles that share it.
    pub(super) fn transform_rotated(&self, rotate: Affine) -> Affine {
        Affine::translate(self.centre.to_vec2()) * rotate
    }

    /// The tile's corners on the page.
    pub fn corners(&self, shape: RegularPolygon) -> Vec<Point> {
        let transform = self.transform();
        shape.corners().into_iter().map(|corner| transform * corner).collect()
    }
}

/// A periodic tiling: a lattice of cells, each holding one or more tiles.
#[derive(Clone, Debug)]
pub(crate) struct Lattice {
    pub(crate) u: Vec2,
    pub(crate) v: Vec2,
    /// Tiles per cell: offset from the cell's origin and rotation.
    pub(crate) motif: Vec<(Vec2, f64)>,
}

/// The edge-to-edge tiling of `shape`, turned by `turn` radians; `None` for shapes that do
/// not tile the plane on their own.
pub(crate) fn lattice(shape: RegularPolygon, turn: f64) -> Option<Lattice> {
    let s = shape.edge_mm;
    let untouched = match shape.sides {
        3 => {
            let h = s * 3f64.sqrt() / 2.0;
            Lattice {
                u: Vec2::new(s, 0.0),
                v: Vec2::new(s / 2.0, h),
                motif: vec![
                    (Vec2::new(s / 2.0, h / 3.0), 0.0),
                    (Vec2::new(s, 2.0 * h / 3.0), PI / 3.0),
                ],
            }
        }
        4 => Lattice { u: Vec2::new(s, 0.0), v: Vec2::new(0.0, s), motif: vec![(Vec2::ZERO, 0.0)] },
        6 => {
            let pitch = 2.0 * shape.apothem();
            Lattice {
                u: shape.normal(1) * pitch,
                v: shape.normal(3) * pitch,
                motif: vec![(Vec2::ZERO, 0.0)],
            }
        }
        _ => return None,
    };
    let spin = Affine::rotate(turn);
    Some(Lattice {
        u: spin * untouched.u.to_point() - Point::ORIGIN,
        v: spin * untouched.v.to_point() - Point::ORIGIN,
        motif: untouched
            .motif
            .into_iter()
            .map(|(offset, rotation)| (spin * offset.to_point() - Point::ORIGIN, rotation + turn))
            .collect(),
    })
}

/// As many whole tiles of `shape` as fit in `area`, with `gap` mm between neighbours, the
/// tiling turned by `turn`; the block is centred in the area and listed row by row
/// ([`LatticeFill`] counts them and lists the first rows only).
pub fn fill_rect(shape: RegularPolygon, gap: f64, turn: f64, area: Rect) -> Vec<TilePlacement> {
    LatticeFill::new(shape, gap, turn, area).map_or_else(Vec::new, |fill| fill.first(usize::MAX))
}

/// Where to put the lattice's origin: each way of making one of the first tiles touch the
/// area's left side while one of them touches its top.
pub(super) fn phases(
    lattice: &Lattice,
    shape: RegularPolygon,
    spread: f64,
    area: Rect,
) -> Vec<Vec2> {
    let mut first = Vec::new();
    for (i, j) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let cell = lattice.u * f64::from(i) + lattice.v * f64::from(j);
        for &(offset, rotation) in &lattice.motif {
            let tile = TilePlacement { centre: ((cell + offset) * spread).to_point(), rotation };
            first.push(bounds(&tile.corners(shape)));
        }
    }
    let mut phases: Vec<Vec2> = Vec::new();
    for left in &first {
        for top in &first {
            let phase = Vec2::new(area.x0 - left.x0, area.y0 - top.y0);
            // Tiles sharing a side give the same phase more than once: tried once, first.
            if !phases.contains(&phase) {
                phases.push(phase);
            }
        }
    }
    phases
}

/// The bounding box of some points (at least one).
pub(super) fn bounds(points: &[Point]) -> Rect {
    points.iter().fold(Rect::from_points(points[0], points[0]), |r, &p| r.union_pt(p))
}

/// Inside the rectangle, allowing for rounding.
pub(super) fn contains(area: Rect, p: Point) -> bool {
    const EPS: f64 = 1e-6;
    p.x >= area.x0 - EPS && p.x <= area.x1 + EPS && p.y >= area.y0 - EPS && p.y <= area.y1 + EPS
}

/// Moves the placements so that their bounding box sits in the middle of `area`.
pub fn centre_in(placed: &mut [TilePlacement], shape: RegularPolygon, area: Rect) {
    let corners: Vec<Point> = placed.iter().flat_map(|p| p.corners(shape)).collect();
    if corners.is_empty() {
        return;
    }
    let shift = area.center() - bounds(&corners).center();
    for placement in placed {
        placement.centre += shift;
    }
}

/// Top to bottom, then left to right, with rows grouped by centre height (to 0.01 mm).
pub(super) fn row_order(a: Point, b: Point) -> std::cmp::Ordering {
    let row = |p: Point| (p.y * 100.0).round() as i64;
    row(a).cmp(&row(b)).then(a.x.total_cmp(&b.x))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiles inside `area` found by visiting every cell of the lattice: what
    /// [`LatticeFill`] must agree with.
    fn every_cell(shape: RegularPolygon, gap: f64, turn: f64, area: Rect) -> Vec<TilePlacement> {
        let Some(lattice) = lattice(shape, turn) else { return Vec::new() };
        let spread = (2.0 * shape.apothem() + gap) / (2.0 * shape.apothem());
        let mut best: Vec<TilePlacement> = Vec::new();
        for phase in phases(&lattice, shape, spread, area) {
            let placed = fill_with_phase(&lattice, shape, spread, area, phase);
            if placed.len() > best.len() {
                best = placed;
            }
        }
        centre_in(&mut best, shape, area);
        best.sort_by(|a, b| row_order(a.centre, b.centre));
        best
    }

    /// Every tile of the lattice, shifted by `phase`, that lies wholly inside `area`.
    fn fill_with_phase(
        lattice: &Lattice,
        shape: RegularPolygon,
        spread: f64,
        area: Rect,
        phase: Vec2,
    ) -> Vec<TilePlacement> {
        // Enough cells in every direction to cover the area from the phase point.
        let extent =
            ((area.width() + area.height()) / (shape.apothem() * spread)).ceil() as i64 + 2;
        // What `TilePlacement::corners` computes for every tile, its trigonometry done once:
        // the shape's corners, and each motif tile's rotation.
        let corners = shape.corners();
        let rotations: Vec<Affine> =
            lattice.motif.iter().map(|&(_, rotation)| Affine::rotate(rotation)).collect();
        let near = area.inflate(1e-6, 1e-6);
        let mut placed = Vec::new();
        for i in -extent..=extent {
            for j in -extent..=extent {
                let cell = lattice.u * i as f64 + lattice.v * j as f64;
                for (&(offset, rotation), &rotate) in lattice.motif.iter().zip(&rotations) {
                    let centre = ((cell + offset) * spread + phase).to_point();
                    if !near.contains(centre) {
                        continue;
                    }
                    let placement = TilePlacement { centre, rotation };
                    let transform = placement.transform_rotated(rotate);
                    if corners.iter().all(|&c| contains(area, transform * c)) {
                        placed.push(placement);
                    }
                }
            }
        }
        placed
    }

    fn shared_edges(shape: RegularPolygon, placed: &[TilePlacement]) -> usize {
        let mut edges = Vec::new();
        for p in placed {
            let c = p.corners(shape);
            for k in 0..c.len() {
                let (a, b) = (c[k], c[(k + 1) % c.len()]);
                edges.push(a.midpoint(b));
            }
        }
        let mut shared = 0;
        for i in 0..edges.len() {
            for j in i + 1..edges.len() {
                if edges[i].distance(edges[j]) < 1e-6 {
                    shared += 1;
                }
            }
        }
        shared
    }

    #[test]
    fn hexagons_fill_a_sheet_sharing_edges_and_stay_inside() {
        let hex = RegularPolygon::new(6, 24.0);
        let area = Rect::new(10.0, 10.0, 200.0, 270.0);
        for turn in [0.0, PI / 2.0] {
            let placed = fill_rect(hex, 0.0, turn, area);
            assert!(placed.len() >= 20, "{} hexes at turn {turn}", placed.len());
            for p in &placed {
                assert!(p.corners(hex).iter().all(|&c| contains(area, c)));
            }
            // In a honeycomb block most edges are shared by two tiles.
            assert!(shared_edges(hex, &placed) > placed.len(), "turn {turn}");
        }
    }

    #[test]
    fn a_gap_separates_facing_edges_by_exactly_the_gap() {
        let square = RegularPolygon::new(4, 20.0);
        let placed = fill_rect(square, 3.0, 0.0, Rect::new(0.0, 0.0, 100.0, 30.0));
        assert_eq!(placed.len(), 4);
        assert!((placed[1].centre.x - placed[0].centre.x - 23.0).abs() < 1e-9);
        assert_eq!(shared_edges(square, &placed), 0);
    }

    #[test]
    fn triangles_alternate_up_and_down_in_rows() {
        let tri = RegularPolygon::new(3, 40.0);
        // 13 triangles of 40 mm fit in a row 280 mm long: 7 one way, 6 the other.
        let h = 40.0 * 3f64.sqrt() / 2.0;
        let placed = fill_rect(tri, 0.0, 0.0, Rect::new(0.0, 0.0, 281.0, h + 0.01));
        assert_eq!(placed.len(), 13);
        assert_eq!(shared_edges(tri, &placed), 12);
    }

    #[test]
    fn rows_are_listed_top_to_bottom_then_left_to_right() {
        let placed =
            fill_rect(RegularPolygon::new(4, 10.0), 0.0, 0.0, Rect::new(0.0, 0.0, 30.0, 20.0));
        let round = |v: f64| (v * 1e6).round() / 1e6;
        let centres: Vec<(f64, f64)> =
            placed.iter().map(|p| (round(p.centre.x), round(p.centre.y))).collect();
        assert_eq!(
            centres,
            vec![(5.0, 5.0), (15.0, 5.0), (25.0, 5.0), (5.0, 15.0), (15.0, 15.0), (25.0, 15.0)]
        );
    }

    #[test]
    fn counting_line_by_line_finds_exactly_the_tiles_every_cell_finds() {
        let areas = [
            Rect::new(10.0, 10.0, 200.0, 270.0),
            Rect::new(7.3, 4.1, 96.7, 51.9),
            Rect::new(0.0, 0.0, 281.0, 40.0 * 3f64.sqrt() / 2.0 + 0.01),
            // Exactly as wide as some rows: tiles touching the sides.
            Rect::new(0.0, 0.0, 40.5, 27.0),
            Rect::new(0.0, 0.0, 80.0, 3f64.sqrt() * 20.0),
            // Narrower or lower than some tiles: none of those fits.
            Rect::new(0.0, 0.0, 9.0, 120.0),
            Rect::new(3.0, 2.0, 150.0, 11.0),
        ];
        for sides in [3, 4, 6] {
            for edge in [7.0, 13.5, 40.0] {
                for gap in [0.0, 2.5] {
                    for turn in [0.0, PI / 2.0] {
                        for area in areas {
                            let shape = RegularPolygon::new(sides, edge);
                            let all = every_cell(shape, gap, turn, area);
                            let fill = LatticeFill::new(shape, gap, turn, area).unwrap();
                            assert_eq!(fill.count(), all.len(), "{sides} sides, {edge} mm");
                            for wanted in [0, 1, 5, 17, all.len() / 2, all.len(), all.len() + 3] {
                                let first = fill.first(wanted);
                                assert_eq!(first, all[..wanted.min(all.len())], "{sides} {edge}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn one_tile_on_two_metre_paper_is_counted_without_listing_the_millions() {
        let tri = RegularPolygon::new(3, 1.0);
        let fill = LatticeFill::new(tri, 0.0, 0.0, Rect::new(0.0, 0.0, 2000.0, 2000.0)).unwrap();
        assert!(fill.count() > 9_000_000, "{}", fill.count());
        let first = fill.first(3);
        assert_eq!(first.len(), 3);
        // The first row, left to right, of the block centred on the paper.
        assert!(first.iter().all(|p| p.centre.y < 1.0) && first[0].centre.x < first[1].centre.x);
    }
}
