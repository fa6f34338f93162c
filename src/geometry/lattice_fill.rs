//! The tiles of a lattice wholly inside a rectangle, line by line: counted, bounded and the first rows listed without visiting an empty cell, so the work follows the paper's width and the tiles wanted, never its area.
//!
//! Along one line of the lattice (one `u` step `i`, one motif tile, every `v` step `j`) a
//! tile's centre moves in a straight line, so the tiles of that line inside the rectangle
//! are one run of `j`s, found from where the line crosses the rectangle; an end that falls
//! within rounding of a tile is settled by the test every tile was held to
//! ([`PhasedLattice::inside`]).

use kurbo::{Affine, Point, Rect, Vec2};

use super::polygon::RegularPolygon;
use super::tiling::{Lattice, TilePlacement, bounds, contains, lattice, phases, row_order};

/// How far a tile's corner may lie outside the rectangle and count as inside, in mm (what
/// [`contains`] allows for rounding).
const ROUNDING_MM: f64 = 1e-6;

/// How close a run's end may come to a whole step, in steps, before it is settled by
/// testing the tile there: far more than the arithmetic's rounding.
const AMBIGUOUS_STEPS: f64 = 1e-6;

/// The lattice of one tiling at one phase in one rectangle.
#[derive(Debug)]
struct PhasedLattice {
    lattice: Lattice,
    shape: RegularPolygon,
    spread: f64,
    area: Rect,
    phase: Vec2,
    /// The shape's corners, and each motif tile's rotation made once.
    corners: Vec<Point>,
    rotations: Vec<Affine>,
    /// Each motif tile's corners about its centre: their bounds.
    reach: Vec<Rect>,
    /// The steps looked at each way, as the whole rectangle needs.
    extent: i64,
}

/// One run: line (`i`, motif tile `m`) holds the tiles of `j` in `first..=last`.
#[derive(Clone, Copy, Debug)]
struct Run {
    i: i64,
    m: usize,
    first: i64,
    last: i64,
}

impl PhasedLattice {
    fn new(lattice: Lattice, shape: RegularPolygon, spread: f64, area: Rect, phase: Vec2) -> Self {
        let corners = shape.corners();
        let rotations: Vec<Affine> =
            lattice.motif.iter().map(|&(_, rotation)| Affine::rotate(rotation)).collect();
        let reach = rotations
            .iter()
            .map(|&rotate| bounds(&corners.iter().map(|&c| rotate * c).collect::<Vec<_>>()))
            .collect();
        let extent =
            ((area.width() + area.height()) / (shape.apothem() * spread)).ceil() as i64 + 2;
        PhasedLattice { lattice, shape, spread, area, phase, corners, rotations, reach, extent }
    }

    /// The centre of tile `m` of cell (`i`, `j`).
    fn centre(&self, i: i64, j: i64, m: usize) -> Point {
        let cell = self.lattice.u * i as f64 + self.lattice.v * j as f64;
        ((cell + self.lattice.motif[m].0) * self.spread + self.phase).to_point()
    }

    fn placement(&self, i: i64, j: i64, m: usize) -> TilePlacement {
        TilePlacement { centre: self.centre(i, j, m), rotation: self.lattice.motif[m].1 }
    }

    /// Whether tile `m` of cell (`i`, `j`) lies wholly inside the rectangle (every corner,
    /// allowing for rounding).
    fn inside(&self, i: i64, j: i64, m: usize) -> bool {
        let centre = self.centre(i, j, m);
        if !self.area.inflate(1e-6, 1e-6).contains(centre) {
            return false;
        }
        let placement = TilePlacement { centre, rotation: self.lattice.motif[m].1 };
        let transform = placement.transform_rotated(self.rotations[m]);
        self.corners.iter().all(|&c| contains(self.area, transform * c))
    }

    /// The run of line (`i`, `m`) whose centres are no lower than `max_y` (give
    /// `f64::INFINITY` for the whole line); `None` when it holds no tile. Each end is where
    /// the line crosses the rectangle its centres may use; an end within rounding of a
    /// whole step is settled by testing that tile.
    fn run(&self, i: i64, m: usize, max_y: f64) -> Option<Run> {
        let base = self.centre(i, 0, m);
        let step = self.lattice.v * self.spread;
        let reach = self.reach[m];
        let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
        let axes = [
            (base.x, step.x, self.area.x0 - reach.x0, self.area.x1 - reach.x1),
            (base.y, step.y, self.area.y0 - reach.y0, (self.area.y1 - reach.y1).min(max_y)),
        ];
        for (start, step, from, to) in axes {
            let (from, to) = (from - ROUNDING_MM, to + ROUNDING_MM);
            if from > to {
                // Narrower than a tile: none fits across.
                return None;
            }
            if step.abs() < 1e-12 {
                if start < from || start > to {
                    return None;
                }
                continue;
            }
            let (a, b) = ((from - start) / step, (to - start) / step);
            low = low.max(a.min(b));
            high = high.min(a.max(b));
        }
        let bound = self.extent as f64;
        if low > high || low > bound || high < -bound {
            return None;
        }
        let ambiguous = |end: f64| (end - end.round()).abs() < AMBIGUOUS_STEPS;
        let mut first = (low - AMBIGUOUS_STEPS).ceil().max(-bound) as i64;
        let mut last = (high + AMBIGUOUS_STEPS).floor().min(bound) as i64;
        if ambiguous(low) {
            while first <= last && !self.inside(i, first, m) {
                first += 1;
            }
        }
        if ambiguous(high) {
            while last >= first && !self.inside(i, last, m) {
                last -= 1;
            }
        }
        (first <= last).then_some(Run { i, m, first, last })
    }

    /// Every run with centres no lower than `max_y`, line by line.
    fn runs(&self, max_y: f64) -> impl Iterator<Item = Run> + '_ {
        let lines: Vec<_> = (0..self.lattice.motif.len()).map(|m| self.lines_across(m)).collect();
        let first = lines.iter().map(|l| *l.start()).min().unwrap_or(0);
        let last = lines.iter().map(|l| *l.end()).max().unwrap_or(-1);
        (first..=last).flat_map(move |i| {
            let lines = lines.clone();
            (0..self.lattice.motif.len())
                .filter(move |&m| lines[m].contains(&i))
                .filter_map(move |m| self.run(i, m, max_y))
        })
    }

    /// The lines `i` of motif tile `m` that can cross the rectangle its centres may use (with
    /// two to spare): measured across the lines, each line sits one step further along.
    fn lines_across(&self, m: usize) -> std::ops::RangeInclusive<i64> {
        let reach = self.reach[m];
        let from = Point::new(self.area.x0 - reach.x0, self.area.y0 - reach.y0);
        let to = Point::new(self.area.x1 - reach.x1, self.area.y1 - reach.y1);
        let along = self.lattice.v * self.spread;
        let across = Vec2::new(-along.y, along.x);
        let step = across.dot(self.lattice.u * self.spread);
        if step.abs() < 1e-12 || from.x > to.x || from.y > to.y {
            return -self.extent..=self.extent;
        }
        let origin = across.dot(self.centre(0, 0, m).to_vec2());
        let corners = [from, Point::new(to.x, from.y), Point::new(from.x, to.y), to];
        let (low, high) = corners.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), c| {
            let i = (across.dot(c.to_vec2()) - origin) / step;
            (l.min(i), h.max(i))
        });
        let low = (low.floor() as i64 - 2).max(-self.extent);
        let high = (high.ceil() as i64 + 2).min(self.extent);
        low..=high
    }

    fn count(&self) -> usize {
        self.runs(f64::INFINITY).map(|run| (run.last - run.first + 1) as usize).sum()
    }
}

/// The most tiles of a tiling that fit wholly inside a rectangle (at the best of its
/// phases), counted without listing them.
#[derive(Debug)]
pub struct LatticeFill {
    lines: PhasedLattice,
    count: usize,
}

impl LatticeFill {
    /// The tiling of `shape` turned by `turn`, `gap` mm between neighbours, at the phase
    /// that fits the most whole tiles in `area` (the first such); `None` for shapes that do
    /// not tile the plane on their own.
    pub fn new(shape: RegularPolygon, gap: f64, turn: f64, area: Rect) -> Option<LatticeFill> {
        let lattice = lattice(shape, turn)?;
        let spread = (2.0 * shape.apothem() + gap) / (2.0 * shape.apothem());
        let mut best: Option<LatticeFill> = None;
        for phase in phases(&lattice, shape, spread, area) {
            let lines = PhasedLattice::new(lattice.clone(), shape, spread, area, phase);
            let count = lines.count();
            if best.is_none() || count > best.as_ref().map_or(0, |b| b.count) {
                best = Some(LatticeFill { lines, count });
            }
        }
        best
    }

    /// How many tiles fit.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The first `wanted` tiles (all of them if fewer fit) in reading order (top to bottom,
    /// then left to right), placed where they are when the whole block of tiles that fit is
    /// centred in the rectangle.
    pub fn first(&self, wanted: usize) -> Vec<TilePlacement> {
        let wanted = wanted.min(self.count);
        if wanted == 0 {
            return Vec::new();
        }
        let shift = self.area().center() - self.block_bounds().center();
        let shifted = |mut placed: Vec<TilePlacement>| {
            for placement in &mut placed {
                placement.centre += shift;
            }
            placed.sort_by(|a, b| row_order(a.centre, b.centre));
            placed
        };
        // Rows from the top down to `depth`, twice as deep until the `wanted`-th tile's row
        // (rows are told apart to 0.01 mm) lies well above it.
        let top = self.area().y0;
        let mut depth = self.area().height() * wanted as f64 / self.count as f64
            + 2.0 * self.lines.shape.circumradius();
        loop {
            let bottom = top + depth;
            let complete = bottom >= self.area().y1 + self.lines.shape.circumradius();
            let max_y = if complete { f64::INFINITY } else { bottom - shift.y };
            let mut placed = shifted(self.listed(max_y));
            if complete || (placed.len() >= wanted && placed[wanted - 1].centre.y < bottom - 0.03) {
                placed.truncate(wanted);
                return placed;
            }
            depth *= 2.0;
        }
    }

    fn area(&self) -> Rect {
        self.lines.area
    }

    /// The tiles whose centres are no lower than `max_y`, before centring.
    fn listed(&self, max_y: f64) -> Vec<TilePlacement> {
        let mut placed = Vec::new();
        for run in self.lines.runs(max_y) {
            placed.extend((run.first..=run.last).map(|j| self.lines.placement(run.i, j, run.m)));
        }
        placed
    }

    /// The bounds of every tile that fits: along a line a corner moves in a straight line,
    /// so the tiles at the ends of each run reach furthest.
    fn block_bounds(&self) -> Rect {
        let shape = self.lines.shape;
        let ends: Vec<Point> = self
            .lines
            .runs(f64::INFINITY)
            .flat_map(|run| {
                [run.first, run.last]
                    .into_iter()
                    .flat_map(move |j| self.lines.placement(run.i, j, run.m).corners(shape))
            })
            .collect();
        bounds(&ends)
    }
}
