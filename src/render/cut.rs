//! Cut paths: a page's `Cut` layer as a planar graph — points merged, segments split where they meet, every shared stretch once — classified outer/inner and chained into long paths.
//!
//! Whatever drew the cut layer (edges of a honeycomb, long trimmer lines, outlines of pieces
//! spaced apart), a cutting machine should pass over each stretch of paper once, and lift its
//! blade as rarely as possible. Curves are flattened to lines within [`FLATTEN_MM`].
//!
//! A stretch is *inner* when paper that becomes a piece lies on both sides of it (two tiles
//! share it), *outer* otherwise. Pieces are the bounded faces of the graph: tracing every face
//! with the same turning rule, bounded faces have positive signed area and the unbounded one
//! negative, so no knowledge of the pieces is needed.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use kurbo::{Affine, BezPath, PathEl, Point};

use crate::scene::{Item, Page, Role};

/// Points closer than this are one point, and a point closer than this to a segment lies on it.
pub const TOLERANCE_MM: f64 = 0.01;
/// Curves become lines that stay this close to them.
pub const FLATTEN_MM: f64 = 0.005;
/// A face smaller than this (mm²) encloses no paper: a line drawn there and back.
const FACE_AREA_MM2: f64 = 1e-6;

/// Whether paper that becomes a piece lies on one side of a cut or on both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CutKind {
    /// The boundary of the pieces: paper outside, a piece inside.
    Outer,
    /// Between two pieces: one cut serves both.
    Inner,
}

/// One chained path for the blade: points in cutting order; a closed path returns to its
/// first point (which is not repeated).
#[derive(Clone, Debug, PartialEq)]
pub struct CutPath {
    pub kind: CutKind,
    pub points: Vec<Point>,
    pub closed: bool,
}

impl CutPath {
    /// Length in mm, including the closing stretch of a closed path.
    pub fn length(&self) -> f64 {
        let open: f64 = self.points.windows(2).map(|w| w[0].distance(w[1])).sum();
        match (self.closed, self.points.first(), self.points.last()) {
            (true, Some(first), Some(last)) => open + last.distance(*first),
            _ => open,
        }
    }

    /// The path as a kurbo path (`Z` for a closed one).
    pub fn to_bez(&self) -> BezPath {
        let mut path = BezPath::new();
        for (index, &point) in self.points.iter().enumerate() {
            if index == 0 { path.move_to(point) } else { path.line_to(point) }
        }
        if self.closed {
            path.close_path();
        }
        path
    }
}

/// Every cut of `page`, chained: outer paths first, then inner ones.
pub fn page_cuts(page: &Page) -> Vec<CutPath> {
    let mut segments = Vec::new();
    for layer in page.layers.iter().filter(|layer| layer.role == Role::Cut) {
        collect_segments(&layer.items, Affine::IDENTITY, &mut segments);
    }
    let graph = Graph::build(&segments);
    let kinds = graph.classify();
    let mut cuts = Vec::new();
    for kind in [CutKind::Outer, CutKind::Inner] {
        let edges: Vec<(usize, usize)> =
            graph.edges.iter().zip(&kinds).filter(|(_, k)| **k == kind).map(|(e, _)| *e).collect();
        for walk in chain(&graph.points, &edges) {
            cuts.push(path_of(&graph.points, &walk, kind));
        }
    }
    cuts
}

/// The line segments of `items` on the page, curves flattened.
fn collect_segments(items: &[Item], transform: Affine, out: &mut Vec<(Point, Point)>) {
    for item in items {
        match item {
            Item::Shape(shape) => flatten_into(&(transform * shape.path.clone()), out),
            Item::Group(group) => collect_segments(&group.items, transform * group.transform, out),
            Item::Use(used) => {
                collect_segments(&used.symbol.items, transform * used.transform, out)
            }
            // Pictures, clipped or translucent layers are art, never a cut.
            Item::Image(_) | Item::Clip(_) | Item::Translucent(_) => {}
        }
    }
}

fn flatten_into(path: &BezPath, out: &mut Vec<(Point, Point)>) {
    let (mut start, mut last) = (None, None);
    let mut push = |a: Option<Point>, b: Point| {
        if let Some(a) = a.filter(|a| a.is_finite() && b.is_finite() && a.distance(b) > 0.0) {
            out.push((a, b));
        }
    };
    kurbo::flatten(path, FLATTEN_MM, |element| match element {
        PathEl::MoveTo(p) => (start, last) = (Some(p), Some(p)),
        PathEl::LineTo(p) => {
            push(last, p);
            last = Some(p);
        }
        PathEl::ClosePath => {
            if let Some(s) = start {
                push(last, s);
            }
            last = start;
        }
        PathEl::QuadTo(..) | PathEl::CurveTo(..) => {}
    });
}

/// A multiply-and-rotate hash of a cell's two coordinates (FxHash's step): a grid lookup is
/// most of the work of merging points, and a cell needs no protection from chosen keys.
/// The grids are looked up cell by cell, never walked, so the hash order cannot reach the
/// output.
#[derive(Debug, Default)]
struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_i64(&mut self, value: i64) {
        self.write_u64(value as u64);
    }
}

/// Points merged within [`TOLERANCE_MM`], found through a grid of that cell size.
#[derive(Debug, Default)]
struct Points {
    points: Vec<Point>,
    /// The first and the last point of each cell, in the order they were added.
    grid: HashMap<(i64, i64), (usize, usize), BuildHasherDefault<CellHasher>>,
    /// The point added after each one in its cell.
    next_in_cell: Vec<Option<usize>>,
}

impl Points {
    fn cell(p: Point) -> (i64, i64) {
        ((p.x / TOLERANCE_MM).floor() as i64, (p.y / TOLERANCE_MM).floor() as i64)
    }

    /// The index of the point at `p`, adding it when none is that close.
    fn id(&mut self, p: Point) -> usize {
        let (cx, cy) = Points::cell(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                let mut at = self.grid.get(&(cx + dx, cy + dy)).map(|&(first, _)| first);
                while let Some(i) = at {
                    if self.points[i].distance(p) < TOLERANCE_MM {
                        return i;
                    }
                    at = self.next_in_cell[i];
                }
            }
        }
        let id = self.points.len();
        self.points.push(p);
        self.next_in_cell.push(None);
        match self.grid.get_mut(&(cx, cy)) {
            Some((_, last)) => {
                self.next_in_cell[*last] = Some(id);
                *last = id;
            }
            None => {
                self.grid.insert((cx, cy), (id, id));
            }
        }
        id
    }
}

/// Items (numbered) filed under the cells they touch, each cell's in ascending order: one
/// sorted list and where each cell's run of it lies, looked up cell by cell.
#[derive(Debug, Default)]
struct CellIndex {
    filed: Vec<((i64, i64), usize)>,
    runs: HashMap<(i64, i64), (usize, usize), BuildHasherDefault<CellHasher>>,
}

impl CellIndex {
    fn new(mut filed: Vec<((i64, i64), usize)>) -> CellIndex {
        filed.sort_unstable();
        let mut runs = HashMap::default();
        let mut start = 0;
        for (k, entry) in filed.iter().enumerate() {
            if filed.get(k + 1).is_none_or(|next| next.0 != entry.0) {
                runs.insert(entry.0, (start, k + 1));
                start = k + 1;
            }
        }
        CellIndex { filed, runs }
    }

    /// The items filed under `cell`, ascending.
    fn get(&self, cell: (i64, i64)) -> impl Iterator<Item = usize> + '_ {
        let (start, end) = self.runs.get(&cell).copied().unwrap_or_default();
        self.filed[start..end].iter().map(|(_, item)| *item)
    }
}

/// The planar graph of the cuts: points, and edges `(a, b)` with `a < b`, each once.
#[derive(Debug)]
struct Graph {
    points: Vec<Point>,
    edges: Vec<(usize, usize)>,
}

impl Graph {
    fn build(segments: &[(Point, Point)]) -> Graph {
        let mut points = Points::default();
        for &(a, b) in segments {
            points.id(a);
            points.id(b);
        }
        // Only segments that share a cell of the coarse grid can cross; the candidates are
        // tried in the same order as all pairs would be, so the points are numbered alike.
        let by_cell = CellIndex::new(
            segments
                .iter()
                .enumerate()
                .flat_map(|(i, &(a, b))| {
                    coarse_cells(a, b, TOLERANCE_MM).map(move |cell| (cell, i))
                })
                .collect(),
        );
        let mut near: Vec<usize> = Vec::new();
        for (i, &(a, b)) in segments.iter().enumerate() {
            near.clear();
            near.extend(
                coarse_cells(a, b, TOLERANCE_MM)
                    .flat_map(|cell| by_cell.get(cell))
                    .filter(|&j| j > i),
            );
            near.sort_unstable();
            near.dedup();
            for &j in &near {
                if let Some(p) = crossing(segments[i], segments[j]) {
                    points.id(p);
                }
            }
        }
        let points_by_cell = CellIndex::new(
            points.points.iter().enumerate().map(|(id, &p)| (coarse_cell(p), id)).collect(),
        );
        let mut edges = Vec::new();
        let mut on: Vec<(f64, usize)> = Vec::new();
        for &(a, b) in segments {
            on.clear();
            on.extend(
                coarse_cells(a, b, 2.0 * TOLERANCE_MM)
                    .flat_map(|cell| points_by_cell.get(cell))
                    .filter_map(|id| along(a, b, points.points[id]).map(|t| (t, id))),
            );
            on.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            on.dedup_by_key(|x| x.1);
            for pair in on.windows(2) {
                let (u, v) = (pair[0].1, pair[1].1);
                if u != v {
                    edges.push((u.min(v), u.max(v)));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        Graph { points: points.points, edges }
    }

    /// Each edge's kind: inner when a bounded face lies on both of its sides.
    fn classify(&self) -> Vec<CutKind> {
        // Half-edge 2e runs a → b, 2e + 1 runs b → a.
        let ends = |h: usize| {
            let (a, b) = self.edges[h / 2];
            if h.is_multiple_of(2) { (a, b) } else { (b, a) }
        };
        // The half-edges leaving each point (every edge's ends are points of the graph).
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); self.points.len()];
        for h in 0..2 * self.edges.len() {
            if let Some(list) = out.get_mut(ends(h).0) {
                list.push(h);
            }
        }
        let angle: Vec<f64> = (0..2 * self.edges.len())
            .map(|h| {
                let (a, b) = ends(h);
                let d = self.points[b] - self.points[a];
                d.y.atan2(d.x)
            })
            .collect();
        for list in &mut out {
            list.sort_by(|&x, &y| angle[x].total_cmp(&angle[y]).then(x.cmp(&y)));
        }
        // The next half-edge around the face on the left: at the head, the edge just
        // clockwise of the way back.
        let next = |h: usize| {
            let list = &out[ends(h).1];
            let back = h ^ 1;
            let at = list.iter().position(|&x| x == back).unwrap_or(0);
            list[(at + list.len() - 1) % list.len()]
        };
        let mut area = vec![f64::NAN; 2 * self.edges.len()];
        let mut face = Vec::new();
        for start in 0..area.len() {
            if !area[start].is_nan() {
                continue;
            }
            face.clear();
            face.push(start);
            let mut h = next(start);
            while h != start && face.len() <= area.len() {
                face.push(h);
                h = next(h);
            }
            let twice: f64 = face
                .iter()
                .map(|&h| {
                    let (a, b) = ends(h);
                    self.points[a].to_vec2().cross(self.points[b].to_vec2())
                })
                .sum();
            for &h in &face {
                area[h] = twice / 2.0;
            }
        }
        (0..self.edges.len())
            .map(|e| {
                let bounded = |h: usize| area[h] > FACE_AREA_MM2;
                if bounded(2 * e) && bounded(2 * e + 1) { CutKind::Inner } else { CutKind::Outer }
            })
            .collect()
    }
}

/// Side of the coarse grid that finds crossings and points on a segment near it, in mm.
const COARSE_MM: f64 = 4.0;

/// The coarse cell holding `p`.
fn coarse_cell(p: Point) -> (i64, i64) {
    ((p.x / COARSE_MM).floor() as i64, (p.y / COARSE_MM).floor() as i64)
}

/// The coarse cells the box around segment `a b`, grown by `pad`, touches.
fn coarse_cells(a: Point, b: Point, pad: f64) -> impl Iterator<Item = (i64, i64)> {
    let low = coarse_cell(Point::new(a.x.min(b.x) - pad, a.y.min(b.y) - pad));
    let high = coarse_cell(Point::new(a.x.max(b.x) + pad, a.y.max(b.y) + pad));
    (low.0..=high.0).flat_map(move |x| (low.1..=high.1).map(move |y| (x, y)))
}

/// Where two segments cross away from their ends, if they do.
fn crossing((a, b): (Point, Point), (c, d): (Point, Point)) -> Option<Point> {
    let (r, s) = (b - a, d - c);
    let denominator = r.cross(s);
    if denominator.abs() < 1e-12 {
        return None;
    }
    let t = (c - a).cross(s) / denominator;
    let u = (c - a).cross(r) / denominator;
    let inside = |v: f64, len: f64| v * len > TOLERANCE_MM && (1.0 - v) * len > TOLERANCE_MM;
    (inside(t, r.hypot()) && inside(u, s.hypot())).then(|| a + r * t)
}

/// The position of `p` along segment `a b` (0 at `a`, 1 at `b`) when it lies on it.
fn along(a: Point, b: Point, p: Point) -> Option<f64> {
    let d = b - a;
    let t = ((p - a).dot(d) / d.hypot2()).clamp(0.0, 1.0);
    (p.distance(a + d * t) < TOLERANCE_MM).then_some(t)
}

/// Chains edges into vertex sequences: each walk starts at a point where an odd number of
/// edges is left (an end), goes straight on where it can, and closed loops are spliced into
/// paths they touch, so the blade lifts as rarely as the graph allows.
fn chain(points: &[Point], edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    // The edges at each point, ascending (every edge's ends are points of the graph).
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); points.len()];
    for (e, &(a, b)) in edges.iter().enumerate() {
        for end in [a, b] {
            if let Some(list) = incident.get_mut(end) {
                list.push(e);
            }
        }
    }
    let mut used = vec![false; edges.len()];
    let mut free = FreeEdges::new(&incident);
    let mut next_start = free.starts();
    let mut walks = Vec::new();
    while let Some(start) = next_start.0.or(next_start.1) {
        let mut walk = vec![start];
        let mut heading = None;
        loop {
            let here = walk[walk.len() - 1];
            let other = |e: usize| if edges[e].0 == here { edges[e].1 } else { edges[e].0 };
            // Rounded to a millionth, so that directions equally straight up to the last bits
            // of floating point (which differ between builds) tie and the lower edge wins.
            let straightness = |e: usize| {
                let step = (points[other(e)] - points[here]).normalize();
                heading.map_or(0.0, |h: kurbo::Vec2| (h.dot(step) * 1e6).round())
            };
            let choice = incident[here]
                .iter()
                .filter(|&&e| !used[e])
                .max_by(|&&x, &&y| straightness(x).total_cmp(&straightness(y)).then(y.cmp(&x)));
            let Some(&e) = choice else { break };
            used[e] = true;
            free.take(here);
            free.take(other(e));
            next_start = free.starts();
            heading = Some((points[other(e)] - points[here]).normalize());
            walk.push(other(e));
        }
        walks.push(walk);
    }
    splice_loops(walks)
}

/// Free (unused) edges at each point, and the points where that count is odd: a walk starts
/// at the first odd point, else at the first point with a free edge.
#[derive(Debug)]
struct FreeEdges {
    free: Vec<usize>,
    odd: BTreeSet<usize>,
    /// No point before this one has a free edge (counts only go down).
    open_from: usize,
}

impl FreeEdges {
    fn new(incident: &[Vec<usize>]) -> FreeEdges {
        let free: Vec<usize> = incident.iter().map(Vec::len).collect();
        let odd = (0..free.len()).filter(|&v| free[v] % 2 == 1).collect();
        FreeEdges { free, odd, open_from: 0 }
    }

    /// One edge at `v` used.
    fn take(&mut self, v: usize) {
        let Some(n) = self.free.get_mut(v) else { return };
        *n = n.saturating_sub(1);
        if *n % 2 == 1 {
            self.odd.insert(v);
        } else {
            self.odd.remove(&v);
        }
    }

    /// The first odd point, and the first point with a free edge.
    fn starts(&mut self) -> (Option<usize>, Option<usize>) {
        while self.free.get(self.open_from).is_some_and(|&n| n == 0) {
            self.open_from += 1;
        }
        let open = (self.open_from < self.free.len()).then_some(self.open_from);
        (self.odd.first().copied(), open)
    }
}

/// Splices every closed walk into the first other walk through one of its points (at the
/// first such point of the loop), until none can be. One pass does it: a loop that finds no
/// partner shares no point with any walk, and splicing moves points between walks without
/// adding any, so it never finds one later. Walks keep their place (a spliced one is left
/// empty), and each point knows the walks through it, so finding a partner costs the
/// loop's length, not the number of walks.
fn splice_loops(walks: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    let closed = |w: &[usize]| w.len() > 2 && w.first() == w.last();
    let mut through: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for (id, walk) in walks.iter().enumerate() {
        for &v in walk {
            through.entry(v).or_default().insert(id);
        }
    }
    let mut walks: Vec<Option<Vec<usize>>> = walks.into_iter().map(Some).collect();
    for i in 0..walks.len() {
        let Some(walk) = walks[i].as_ref().filter(|w| closed(w)) else { continue };
        let cycle = walk[..walk.len() - 1].to_vec();
        let others = |v: &usize| through.get(v).into_iter().flatten().copied().filter(|&j| j != i);
        let Some(j) = cycle.iter().flat_map(others).min() else { continue };
        let in_j = |v: &&usize| through.get(v).is_some_and(|ids| ids.contains(&j));
        let (Some(at_cycle), Some(target)) =
            (cycle.iter().position(|v| in_j(&v)), walks[j].as_mut())
        else {
            continue;
        };
        let Some(at_walk) = target.iter().position(|w| *w == cycle[at_cycle]) else { continue };
        let mut rotated: Vec<usize> =
            cycle[at_cycle..].iter().chain(&cycle[..at_cycle]).copied().collect();
        rotated.push(cycle[at_cycle]);
        target.splice(at_walk..=at_walk, rotated);
        for v in &cycle {
            if let Some(ids) = through.get_mut(v) {
                ids.remove(&i);
                ids.insert(j);
            }
        }
        walks[i] = None;
    }
    walks.into_iter().flatten().collect()
}

/// A walk as a cut path, without points in the middle of straight stretches.
fn path_of(points: &[Point], walk: &[usize], kind: CutKind) -> CutPath {
    let closed = walk.len() > 2 && walk.first() == walk.last();
    let mut ids: Vec<usize> = if closed { walk[..walk.len() - 1].to_vec() } else { walk.to_vec() };
    let n = ids.len();
    let straight_through = |k: usize| {
        let (prev, here, next) = (ids[(k + n - 1) % n], ids[k], ids[(k + 1) % n]);
        let (d1, d2) = (points[here] - points[prev], points[next] - points[here]);
        d1.cross(d2).abs() < 1e-9 * d1.hypot() * d2.hypot() && d1.dot(d2) > 0.0
    };
    let keep: Vec<bool> = (0..n)
        .map(|k| !((closed || (k > 0 && k + 1 < n)) && n > 2 && straight_through(k)))
        .collect();
    let mut k = 0;
    ids.retain(|_| {
        k += 1;
        keep[k - 1]
    });
    CutPath { kind, points: ids.into_iter().map(|i| points[i]).collect(), closed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Group, Layer, Shape, Stroke};

    fn square(x: f64, y: f64, side: f64) -> Item {
        let mut path = BezPath::new();
        path.move_to((x, y));
        path.line_to((x + side, y));
        path.line_to((x + side, y + side));
        path.line_to((x, y + side));
        path.close_path();
        Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, 0.1)))
    }

    fn page(items: Vec<Item>) -> Page {
        Page {
            label: "t".into(),
            width_mm: 100.0,
            height_mm: 100.0,
            layers: vec![Layer { role: Role::Cut, items }],
        }
    }

    fn total(cuts: &[CutPath], kind: CutKind) -> f64 {
        cuts.iter().filter(|c| c.kind == kind).map(CutPath::length).sum()
    }

    #[test]
    fn two_squares_sharing_an_edge_cut_it_once_as_an_inner_cut() {
        let cuts = page_cuts(&page(vec![square(0.0, 0.0, 10.0), square(10.0, 0.0, 10.0)]));
        assert!((total(&cuts, CutKind::Outer) - 60.0).abs() < 1e-9, "{cuts:?}");
        assert!((total(&cuts, CutKind::Inner) - 10.0).abs() < 1e-9);
        let outer: Vec<_> = cuts.iter().filter(|c| c.kind == CutKind::Outer).collect();
        assert_eq!(outer.len(), 1, "the outline is one closed path");
        assert!(outer[0].closed);
        assert_eq!(outer[0].points.len(), 4, "points mid-way along straight stretches go");
    }

    #[test]
    fn spaced_pieces_are_all_outer_and_groups_are_placed() {
        let moved = Item::Group(Group {
            transform: Affine::translate((30.0, 0.0)),
            items: vec![square(0.0, 0.0, 10.0)],
        });
        let cuts = page_cuts(&page(vec![square(0.0, 0.0, 10.0), moved]));
        assert_eq!(cuts.len(), 2);
        assert!(cuts.iter().all(|c| c.kind == CutKind::Outer && c.closed));
        assert!(cuts.iter().any(|c| c.points.iter().any(|p| (p.x - 40.0).abs() < 1e-9)));
    }

    #[test]
    fn overlapping_and_crossing_lines_are_split_and_cut_once() {
        let line = |a: (f64, f64), b: (f64, f64)| {
            let mut path = BezPath::new();
            path.move_to(a);
            path.line_to(b);
            Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, 0.1)))
        };
        // A long trimmer line over a square's top edge, and a line crossing the square.
        let items = vec![
            square(0.0, 0.0, 10.0),
            line((-5.0, 0.0), (15.0, 0.0)),
            line((5.0, -5.0), (5.0, 15.0)),
        ];
        let cuts = page_cuts(&page(items));
        let length: f64 = cuts.iter().map(CutPath::length).sum();
        assert!((length - (40.0 + 10.0 + 20.0)).abs() < 1e-9, "{length}");
        assert!((total(&cuts, CutKind::Inner) - 10.0).abs() < 1e-9, "{cuts:?}");
    }

    #[test]
    fn a_closed_loop_touching_a_path_is_spliced_into_it() {
        let walks = splice_loops(vec![vec![0, 1, 2], vec![1, 3, 4, 1]]);
        assert_eq!(walks, vec![vec![0, 1, 3, 4, 1, 2]]);
    }

    #[test]
    fn nothing_to_cut_gives_no_paths() {
        assert!(page_cuts(&page(Vec::new())).is_empty());
        let mut bad = BezPath::new();
        bad.move_to((f64::NAN, 0.0));
        bad.line_to((1.0, 1.0));
        let nan = Item::Shape(Shape::stroked(bad, Stroke::solid(Colour::BLACK, 0.1)));
        assert!(page_cuts(&page(vec![nan])).is_empty());
    }

    #[test]
    fn equally_straight_turns_up_to_rounding_go_by_edge_order() {
        // Arriving at (0, 0) heading right, both ways on turn a right angle; the second is
        // straighter by 1e-13 only — the last bits, which differ between builds.
        let points = [
            Point::new(-1.0, 0.0),
            Point::new(0.0, 0.0),
            Point::new(0.0, 1.0),
            Point::new(1e-13, -1.0),
        ];
        let walks = chain(&points, &[(0, 1), (1, 2), (1, 3)]);
        assert_eq!(walks.first(), Some(&vec![0, 1, 2]), "{walks:?}");
        // A real difference still counts: the straighter way wins.
        let points = [points[0], points[1], points[2], Point::new(0.1, -1.0)];
        let walks = chain(&points, &[(0, 1), (1, 2), (1, 3)]);
        assert_eq!(walks.first(), Some(&vec![0, 1, 3]), "{walks:?}");
    }
}
