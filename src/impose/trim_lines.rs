//! Long straight cuts for a paper trimmer: when the tile edges of a sheet lie on straight lines
//! that cross no tile (rows of triangles, grids of squares), each such line becomes one cut
//! across the sheet, running on into the free paper as a guide — on a full sheet; on a
//! part-filled one each line is cut only along the tiles it separates.
//!
//! Hexagons are never cut this way: in a honeycomb the line through any hex edge runs into a
//! neighbouring hex, and a sheet of a few hexes apart would get a web of page-wide lines
//! crossing each other, so hex sheets keep one cut per edge, with crop marks.

use std::collections::BTreeMap;

use kurbo::{Point, Rect, Vec2};

use super::cut_lines::distinct_edges;
use super::fold::front_guides;
use super::layout::FOOTER_BAND_MM;
use super::registration::within_clear_band;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::TilePlacement;
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::CUT_INK_REACH_MM;

/// Guides stop this far from the paper's edge (most printers cannot print closer), or at
/// the margin when that is smaller.
pub const GUIDE_EDGE_MM: f64 = 5.0;

/// How far inside a tile a line must pass to count as crossing it, in mm.
const CROSSING_TOLERANCE_MM: f64 = 1e-6;

/// A straight line through the sheet: unit direction and signed distance from the origin.
#[derive(Clone, Copy, Debug)]
struct Line {
    direction: Vec2,
    offset: f64,
}

impl Line {
    /// The line through edge `a`–`b`, its direction turned into the half-plane x > 0 (or
    /// straight down), so that both orientations of an edge give the same line.
    fn through(a: Point, b: Point) -> Line {
        let mut direction = (b - a).normalize();
        if direction.x < -1e-9 || (direction.x.abs() <= 1e-9 && direction.y < 0.0) {
            direction = -direction;
        }
        Line { direction, offset: normal(direction).dot(a.to_vec2()) }
    }

    /// Identifies the line to 1 µrad and 0.001 mm, for grouping collinear edges.
    fn key(&self) -> (i64, i64) {
        let angle = self.direction.y.atan2(self.direction.x);
        ((angle * 1e6).round() as i64, (self.offset * 1000.0).round() as i64)
    }

    /// Signed distance of `p` from the line.
    fn distance(&self, p: Point) -> f64 {
        normal(self.direction).dot(p.to_vec2()) - self.offset
    }

    /// Whether the line passes through the inside of the convex `outline`.
    fn crosses(&self, outline: &[Point]) -> bool {
        let distances = outline.iter().map(|&c| self.distance(c));
        let (low, high) = distances.fold((f64::MAX, f64::MIN), |(l, h), d| (l.min(d), h.max(d)));
        low < -CROSSING_TOLERANCE_MM && high > CROSSING_TOLERANCE_MM
    }

    /// The point `t` mm along the line from the foot of the origin's perpendicular.
    fn at(&self, t: f64) -> Point {
        (normal(self.direction) * self.offset + self.direction * t).to_point()
    }

    /// How far along the line `p` lies (its projection onto the direction).
    fn along(&self, p: Point) -> f64 {
        self.direction.dot(p.to_vec2())
    }

    /// The part of the line inside `area`, or `None` if it misses it.
    fn clip(&self, area: Rect) -> Option<(Point, Point)> {
        let origin = (normal(self.direction) * self.offset).to_point();
        let (mut t0, mut t1) = (f64::MIN, f64::MAX);
        for (start, d, low, high) in [
            (origin.x, self.direction.x, area.x0, area.x1),
            (origin.y, self.direction.y, area.y0, area.y1),
        ] {
            if d.abs() < 1e-12 {
                if start < low || start > high {
                    return None;
                }
                continue;
            }
            let (a, b) = ((low - start) / d, (high - start) / d);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
        }
        (t1 > t0).then(|| (origin + self.direction * t0, origin + self.direction * t1))
    }
}

/// Where trimmer guides may run on a `width` × `height` page: out into the margin up to
/// [`GUIDE_EDGE_MM`] from the paper's edge, and down to the footer band — less how far a cut
/// line's print reaches beside it ([`CUT_INK_REACH_MM`]: the corners of a slanting line's
/// end), so a guide's ink stops there too.
pub fn guide_area(width: f64, height: f64, margin: f64) -> Rect {
    let edge = margin.min(GUIDE_EDGE_MM);
    Rect::new(edge, edge, width - edge, height - margin - FOOTER_BAND_MM).inset(-CUT_INK_REACH_MM)
}

/// [`guide_area`] on a page of `sheet`: clear of the registration marks' band when it prints
/// them (by a cut's print reach too), on a fold-over sheet up to the fold line, and on a
/// shared sheet inside the part's region.
pub fn sheet_guides(width: f64, height: f64, sheet: &SheetSettings) -> Rect {
    let margin = sheet.margin_mm;
    let guides = guide_area(width, height, margin);
    let guides = if sheet.print.registration_marks {
        let reach = CUT_INK_REACH_MM;
        within_clear_band(guides.inset(reach), height, margin).inset(-reach)
    } else {
        guides
    };
    within_region(front_guides(guides, sheet.duplex, (width, height)), sheet)
}

/// `guides` kept inside the part's region on a shared sheet, so that long cuts stop there:
/// the other parts lie beyond.
pub fn within_region(guides: Rect, sheet: &SheetSettings) -> Rect {
    match sheet.region {
        Some(region) => guides.intersect(region.area),
        None => guides,
    }
}

/// The left-hand normal of a direction (y down: pointing to the right of travel on the page).
fn normal(direction: Vec2) -> Vec2 {
    Vec2::new(-direction.y, direction.x)
}

/// How far a long cut runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CutReach {
    /// Across the sheet to the edges of this guide area (a full sheet: a stack of sheets
    /// can be cut at once, and the cuts run on past every corner as guides).
    AcrossSheet(Rect),
    /// Only along the cutouts it separates (a part-filled sheet: no cut through empty paper).
    AlongCutouts,
}

/// The sheet's cuts as long lines reaching as `reach` says, in a stable order, when the tiles
/// are not hexagons, every tile edge lies on a line crossing no tile and some line carries
/// more than one edge; `None` otherwise (cut each edge on its own).
pub fn trim_lines(
    shape: RegularPolygon,
    places: &[TilePlacement],
    reach: CutReach,
) -> Option<Vec<(Point, Point)>> {
    if shape.sides == 6 {
        return None;
    }
    let edges = distinct_edges(shape, places);
    let mut lines: BTreeMap<(i64, i64), (Line, usize)> = BTreeMap::new();
    for &(a, b) in &edges {
        let line = Line::through(a, b);
        lines.entry(line.key()).or_insert((line, 0)).1 += 1;
    }
    if lines.values().all(|&(_, edges)| edges < 2) {
        return None;
    }
    let outlines: Vec<Vec<Point>> = places.iter().map(|p| p.corners(shape)).collect();
    if lines.values().any(|(line, _)| outlines.iter().any(|outline| line.crosses(outline))) {
        return None;
    }
    Some(match reach {
        CutReach::AcrossSheet(guides) => {
            lines.values().filter_map(|(line, _)| line.clip(guides)).collect()
        }
        CutReach::AlongCutouts => edge_runs(&edges),
    })
}

/// Where an edge lies along its line: from and to, in mm along the line's direction.
type Span = (f64, f64);

/// Straight edges joined into runs along their lines: collinear edges that touch or overlap
/// become one cut, a gap between them stays uncut. Every edge is covered once, and nothing
/// beyond the edges is cut. In a stable order (by line, then along it).
pub fn edge_runs(edges: &[(Point, Point)]) -> Vec<(Point, Point)> {
    let mut lines: BTreeMap<(i64, i64), (Line, Vec<Span>)> = BTreeMap::new();
    for &(a, b) in edges {
        let line = Line::through(a, b);
        let (ta, tb) = (line.along(a), line.along(b));
        lines.entry(line.key()).or_insert((line, Vec::new())).1.push((ta.min(tb), ta.max(tb)));
    }
    let mut runs = Vec::new();
    for (line, mut spans) in lines.into_values() {
        spans.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let mut current: Option<Span> = None;
        for (low, high) in spans {
            match current {
                Some((start, end)) if low <= end + CROSSING_TOLERANCE_MM => {
                    current = Some((start, end.max(high)));
                }
                _ => {
                    runs.extend(current.map(|(start, end)| (line.at(start), line.at(end))));
                    current = Some((low, high));
                }
            }
        }
        runs.extend(current.map(|(start, end)| (line.at(start), line.at(end))));
    }
    runs
}

/// Checks of cuts against the outlines they separate, for the packings' tests.
#[cfg(test)]
pub mod checks {
    use kurbo::Point;

    /// Distance from `p` to the segment `a`–`b`.
    fn distance_to(p: Point, (a, b): (Point, Point)) -> f64 {
        let t = ((p - a).dot(b - a) / (b - a).hypot2()).clamp(0.0, 1.0);
        p.distance(a.lerp(b, t))
    }

    /// Every point of every cut lies on some outline's edge (nothing is cut where no cutout
    /// is), every outline edge lies on one cut, and the cuts are as long as the distinct
    /// edges (each edge cut once).
    pub fn assert_cuts_only_along(cuts: &[(Point, Point)], outlines: &[Vec<Point>]) {
        let edges: Vec<(Point, Point)> = outlines
            .iter()
            .flat_map(|o| (0..o.len()).map(move |k| (o[k], o[(k + 1) % o.len()])))
            .collect();
        for &cut in cuts {
            for k in 0..=20 {
                let p = cut.0.lerp(cut.1, k as f64 / 20.0);
                let on_edge = edges.iter().any(|&e| distance_to(p, e) < 0.01);
                assert!(on_edge, "the cut {cut:?} runs off the cutouts at {p:?}");
            }
        }
        for &(a, b) in &edges {
            let covered = cuts
                .iter()
                .any(|&cut| [a, a.midpoint(b), b].iter().all(|&p| distance_to(p, cut) < 1e-6));
            assert!(covered, "the edge {a:?}–{b:?} is not cut");
        }
        let key = crate::impose::cut_lines::key;
        let distinct: std::collections::BTreeMap<_, f64> = edges
            .iter()
            .map(|&(a, b)| ((key(a).min(key(b)), key(a).max(key(b))), a.distance(b)))
            .collect();
        let edge_length: f64 = distinct.values().sum();
        let cut_length: f64 = cuts.iter().map(|(a, b)| a.distance(*b)).sum();
        assert!(
            (cut_length - edge_length).abs() < 1e-6,
            "cut {cut_length} mm of {edge_length} mm of edges"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tiling::fill_rect;

    fn on_segment(p: Point, (a, b): (Point, Point)) -> bool {
        let line = Line::through(a, b);
        let t = (p - a).dot(b - a) / (b - a).hypot2();
        line.distance(p).abs() < 1e-6 && (-1e-9..=1.0 + 1e-9).contains(&t)
    }

    #[test]
    fn rows_of_triangles_are_cut_by_three_families_of_lines_across_the_sheet() {
        let tri = RegularPolygon::new(3, 40.0);
        let block = Rect::new(8.0, 8.0, 289.0, 189.0);
        let guides = Rect::new(4.0, 4.0, 293.0, 189.0);
        let places: Vec<TilePlacement> =
            fill_rect(tri, 0.0, 0.0, block).into_iter().take(52).collect();
        let cuts = trim_lines(tri, &places, CutReach::AcrossSheet(guides))
            .expect("triangle rows cut straight");
        let mut directions: Vec<i64> =
            cuts.iter().map(|&(a, b)| Line::through(a, b).key().0).collect();
        directions.dedup();
        directions.sort_unstable();
        directions.dedup();
        assert_eq!(directions.len(), 3, "three families of parallel cuts");
        let horizontal = cuts.iter().filter(|(a, b)| (a.y - b.y).abs() < 1e-9).count();
        assert_eq!(horizontal, 5, "4 rows need 5 horizontal cuts");
        // Every tile edge lies on a cut, and every cut runs to the edge of the guide area.
        for edge in distinct_edges(tri, &places) {
            assert!(cuts.iter().any(|&cut| on_segment(edge.0, cut) && on_segment(edge.1, cut)));
        }
        let on_border = |p: Point| {
            [p.x - guides.x0, guides.x1 - p.x, p.y - guides.y0, guides.y1 - p.y]
                .iter()
                .any(|d| d.abs() < 1e-6)
        };
        assert!(cuts.iter().all(|&(a, b)| on_border(a) && on_border(b)));
    }

    #[test]
    fn a_grid_of_squares_is_cut_by_its_rows_and_columns() {
        let square = RegularPolygon::new(4, 10.0);
        let places = fill_rect(square, 0.0, 0.0, Rect::new(0.0, 0.0, 30.0, 20.0));
        let cuts =
            trim_lines(square, &places, CutReach::AcrossSheet(Rect::new(-5.0, -5.0, 35.0, 25.0)))
                .unwrap();
        assert_eq!(cuts.len(), 4 + 3);
        assert!(cuts.iter().all(|(a, b)| a.distance(*b) >= 30.0 - 1e-9));
    }

    #[test]
    fn a_part_filled_row_of_triangles_is_cut_only_along_its_tiles() {
        let tri = RegularPolygon::new(3, 40.0);
        let block = Rect::new(8.0, 8.0, 289.0, 189.0);
        // 13 a row: one full row and 5 of the next (the staircase of a last sheet).
        let places: Vec<TilePlacement> =
            fill_rect(tri, 0.0, 0.0, block).into_iter().take(18).collect();
        let cuts = trim_lines(tri, &places, CutReach::AlongCutouts).expect("straight cuts");
        let outlines: Vec<Vec<Point>> = places.iter().map(|p| p.corners(tri)).collect();
        checks::assert_cuts_only_along(&cuts, &outlines);
        // Long runs, not edge by edge: 18 triangles have 35 distinct edges.
        assert!(cuts.len() < distinct_edges(tri, &places).len() / 2, "{} cuts", cuts.len());
    }

    #[test]
    fn collinear_edges_join_into_runs_and_gaps_stay_uncut() {
        let p = |x: f64| Point::new(x, 3.0);
        let runs = edge_runs(&[(p(10.0), p(20.0)), (p(0.0), p(10.0)), (p(30.0), p(40.0))]);
        assert_eq!(runs.len(), 2);
        let lengths: Vec<f64> = runs.iter().map(|(a, b)| a.distance(*b)).collect();
        assert!((lengths[0] - 20.0).abs() < 1e-9 && (lengths[1] - 10.0).abs() < 1e-9);
    }

    #[test]
    fn a_honeycomb_keeps_one_cut_per_edge() {
        let hex = RegularPolygon::new(6, 24.0);
        let places = fill_rect(hex, 0.0, 0.0, Rect::new(0.0, 0.0, 190.0, 260.0));
        assert!(
            trim_lines(hex, &places, CutReach::AcrossSheet(Rect::new(0.0, 0.0, 210.0, 297.0)))
                .is_none()
        );
        assert!(
            trim_lines(hex, &places[..1], CutReach::AcrossSheet(Rect::new(0.0, 0.0, 210.0, 297.0)))
                .is_none()
        );
        // Two hexes a place apart in one row: their edge lines cross no hex, yet they get
        // crop marks and one cut per edge, not a web of page-wide lines.
        let apart = [
            TilePlacement { centre: Point::new(50.0, 100.0), rotation: 0.0 },
            TilePlacement { centre: Point::new(50.0 + 6.0 * 24.0, 100.0), rotation: 0.0 },
        ];
        assert!(
            trim_lines(hex, &apart, CutReach::AcrossSheet(Rect::new(0.0, 0.0, 210.0, 297.0)))
                .is_none()
        );
    }

    #[test]
    fn a_line_through_a_tile_crosses_it_and_one_along_its_edge_does_not() {
        let square = RegularPolygon::new(4, 10.0);
        let outline = square.corners();
        assert!(Line::through(Point::new(-10.0, 0.0), Point::new(10.0, 0.0)).crosses(&outline));
        assert!(!Line::through(Point::new(-10.0, 5.0), Point::new(10.0, 5.0)).crosses(&outline));
    }
}
