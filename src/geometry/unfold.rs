//! Nets: a polyhedron unfolded flat along a spanning tree of its faces (and folded back up to
//! prove it), glue tabs on the edges left open, and the circular sector of a cone.
//!
//! Conventions: the net is drawn on a page (mm, y down) as seen from the printed side, which
//! becomes the outside of the solid. Folding lifts the faces away from the reader (+z, into
//! the page), so on the printed side every fold of a convex solid is a mountain fold.

use std::f64::consts::PI;

use kurbo::{Affine, Point, Vec2};

use super::polyhedron::{Polyhedron, Vec3, add, cross, dot, length, sub, unit};

/// One face laid flat: its corners in the order of the polyhedron's face.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFace {
    pub corners: Vec<Point>,
}

/// A fold between two faces of the net, with the angle the paper turns there.
#[derive(Clone, Debug, PartialEq)]
pub struct Hinge {
    pub parent: usize,
    pub child: usize,
    pub from: Point,
    pub to: Point,
    /// The solid's edge (vertex numbers, smaller first).
    pub edge: (usize, usize),
    /// Radians the child turns about the hinge when the net is folded.
    pub angle: f64,
}

/// A glue tab: a trapezoid on an open edge of `face`, glued under the face across the edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Tab {
    pub face: usize,
    /// The solid's edge (vertex numbers, smaller first).
    pub edge: (usize, usize),
    /// The edge it hangs on (a fold) and the tab's outline (four corners, the edge first).
    pub outline: [Point; 4],
}

/// A polyhedron's net: one flat face per solid face (same index), hinges, tabs.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub faces: Vec<NetFace>,
    pub hinges: Vec<Hinge>,
    pub tabs: Vec<Tab>,
}

/// Unfolds `solid` from face 0, adding tabs `tab_mm` deep on one side of every open edge.
pub fn unfold(solid: &Polyhedron, tab_mm: f64) -> Net {
    let mut placed: Vec<Option<Vec<Point>>> = vec![None; solid.faces.len()];
    if solid.faces.is_empty() {
        return Net { faces: Vec::new(), hinges: Vec::new(), tabs: Vec::new() };
    }
    placed[0] = Some(flat(solid, 0));
    let mut hinges = Vec::new();
    for (parent, child, (p, q)) in solid.spanning_tree() {
        let at = |f: usize, v: usize, corners: &[Point]| {
            corners[solid.faces[f].iter().position(|&x| x == v).unwrap_or(0)]
        };
        let Some(parent_corners) = placed[parent].clone() else { continue };
        let own = flat(solid, child);
        let (from, to) = (at(parent, p, &parent_corners), at(parent, q, &parent_corners));
        let map = rigid(at(child, p, &own), at(child, q, &own), from, to);
        placed[child] = Some(own.iter().map(|&c| map * c).collect());
        let (edge, angle) = ((p.min(q), p.max(q)), solid.fold_angle(parent, child));
        hinges.push(Hinge { parent, child, from, to, edge, angle });
    }
    let faces: Vec<NetFace> =
        placed.into_iter().map(|c| NetFace { corners: c.unwrap_or_default() }).collect();
    let tabs = tabs(solid, &faces, &hinges, tab_mm);
    Net { faces, hinges, tabs }
}

/// Face `f` flattened isometrically, seen from outside, on a y-down page.
fn flat(solid: &Polyhedron, f: usize) -> Vec<Point> {
    let face = &solid.faces[f];
    let origin = solid.vertices[face[0]];
    let u = unit(sub(solid.vertices[face[1]], origin));
    let w = cross(solid.normal(f), u);
    face.iter()
        .map(|&v| {
            let d = sub(solid.vertices[v], origin);
            Point::new(dot(d, u), -dot(d, w))
        })
        .collect()
}

/// The rotation and translation taking `a` to `c` and the direction of `b − a` to `d − c`.
fn rigid(a: Point, b: Point, c: Point, d: Point) -> Affine {
    let turn = (d - c).atan2() - (b - a).atan2();
    Affine::translate(c.to_vec2()) * Affine::rotate(turn) * Affine::translate(-a.to_vec2())
}

/// A tab on the second face met of every edge that is not a hinge.
fn tabs(solid: &Polyhedron, faces: &[NetFace], hinges: &[Hinge], tab_mm: f64) -> Vec<Tab> {
    let hinged: Vec<(usize, usize)> =
        hinges.iter().flat_map(|h| [(h.parent, h.child), (h.child, h.parent)]).collect();
    let mut tabs = Vec::new();
    for (edge, users) in solid.edge_faces() {
        let [first, second] = users[..] else { continue };
        if hinged.contains(&(first, second)) {
            continue;
        }
        let face = first.max(second);
        let other = first.min(second);
        let shared: Vec<usize> =
            solid.faces[face].iter().copied().filter(|v| solid.faces[other].contains(v)).collect();
        let corner = |v: usize| {
            let i = solid.faces[face].iter().position(|&x| x == v).unwrap_or(0);
            faces[face].corners[i]
        };
        let (a, b) = (corner(shared[0]), corner(shared[shared.len() - 1]));
        let outline = tab_outline(a, b, centre(&faces[face].corners), tab_mm);
        tabs.push(Tab { face, edge, outline });
    }
    tabs
}

/// A trapezoid on edge `a`–`b`, away from `inside`, `depth` deep with 45° ends (narrowed
/// so that short edges still get a tab).
fn tab_outline(a: Point, b: Point, inside: Point, depth: f64) -> [Point; 4] {
    let along = (b - a).normalize();
    let mut out = Vec2::new(-along.y, along.x);
    if out.dot(inside - a) > 0.0 {
        out = -out;
    }
    let inset = depth.min(a.distance(b) * 0.3);
    [a, b, b + out * depth - along * inset, a + out * depth + along * inset]
}

/// The average of some points.
pub fn centre(points: &[Point]) -> Point {
    let n = points.len().max(1) as f64;
    let sum = points.iter().fold(Vec2::ZERO, |acc, p| acc + p.to_vec2());
    (sum / n).to_point()
}

/// The distance from the centre of a flat face (its corners' mean) to its nearest side.
pub fn inradius(corners: &[Point]) -> f64 {
    let middle = centre(corners);
    let n = corners.len();
    (0..n)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % n]);
            ((b - a).cross(middle - a) / (b - a).hypot()).abs()
        })
        .fold(f64::INFINITY, f64::min)
}

/// A rigid motion in 3D: `p ↦ r·p + t`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Motion {
    r: [Vec3; 3],
    t: Vec3,
}

impl Motion {
    const IDENTITY: Motion =
        Motion { r: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], t: [0.0; 3] };

    fn apply(self, p: Vec3) -> Vec3 {
        add([dot(self.r[0], p), dot(self.r[1], p), dot(self.r[2], p)], self.t)
    }

    /// `self ∘ other`.
    fn then_inner(self, other: Motion) -> Motion {
        let col = |j: usize| [other.r[0][j], other.r[1][j], other.r[2][j]];
        let r = [0, 1, 2].map(|i| [0, 1, 2].map(|j| dot(self.r[i], col(j))));
        Motion { r, t: self.apply(other.t) }
    }

    /// Rotation by `angle` about the line through `at` along unit `axis` (Rodrigues).
    fn about(at: Vec3, axis: Vec3, angle: f64) -> Motion {
        let (s, c) = angle.sin_cos();
        let [x, y, z] = axis;
        let r = [
            [c + x * x * (1.0 - c), x * y * (1.0 - c) - z * s, x * z * (1.0 - c) + y * s],
            [y * x * (1.0 - c) + z * s, c + y * y * (1.0 - c), y * z * (1.0 - c) - x * s],
            [z * x * (1.0 - c) - y * s, z * y * (1.0 - c) + x * s, c + z * z * (1.0 - c)],
        ];
        let rot = Motion { r, t: [0.0; 3] };
        Motion { r, t: sub(at, rot.apply(at)) }
    }
}

/// Folds the net: every face turned about its hinge by the hinge's angle, away from the
/// printed side. Returns each face's corners in 3D (mm), in the net's face order.
pub fn fold(net: &Net) -> Vec<Vec<Vec3>> {
    let lift = |p: Point| [p.x, p.y, 0.0];
    let mut motions = vec![Motion::IDENTITY; net.faces.len()];
    for hinge in &net.hinges {
        let (a, b) = (lift(hinge.from), lift(hinge.to));
        let axis = unit(sub(b, a));
        let child_centre = lift(centre(&net.faces[hinge.child].corners));
        let mut turn = Motion::about(a, axis, hinge.angle);
        if turn.apply(child_centre)[2] < 0.0 {
            turn = Motion::about(a, axis, -hinge.angle);
        }
        motions[hinge.child] = motions[hinge.parent].then_inner(turn);
    }
    net.faces
        .iter()
        .zip(motions)
        .map(|(face, motion)| face.corners.iter().map(|&p| motion.apply(lift(p))).collect())
        .collect()
}

/// The largest distance between the folded corners that stand for the same solid vertex.
pub fn fold_gap(solid: &Polyhedron, folded: &[Vec<Vec3>]) -> f64 {
    let mut worst: f64 = 0.0;
    for v in 0..solid.vertices.len() {
        let spots: Vec<Vec3> = solid
            .faces
            .iter()
            .zip(folded)
            .filter_map(|(face, corners)| face.iter().position(|&x| x == v).map(|i| corners[i]))
            .collect();
        for p in &spots {
            for q in &spots {
                worst = worst.max(length(sub(*p, *q)));
            }
        }
    }
    worst
}

/// The flat pattern of a cone without its base: a circular sector whose radius is the
/// slant height and whose arc is the base's circumference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConeNet {
    pub slant_mm: f64,
    /// The sector's angle in radians (less than 2π).
    pub angle: f64,
}

impl ConeNet {
    pub fn new(radius_mm: f64, height_mm: f64) -> ConeNet {
        let slant_mm = radius_mm.hypot(height_mm);
        ConeNet { slant_mm, angle: 2.0 * PI * radius_mm / slant_mm }
    }

    /// The radius of the base the sector closes into.
    pub fn base_radius(self) -> f64 {
        self.angle * self.slant_mm / (2.0 * PI)
    }

    /// The height of the closed cone.
    pub fn height(self) -> f64 {
        (self.slant_mm.powi(2) - self.base_radius().powi(2)).max(0.0).sqrt()
    }
}

/// The distance between two 3D points.
pub fn distance(p: Vec3, q: Vec3) -> f64 {
    length(sub(p, q))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folded_tetrahedron_net_is_a_regular_tetrahedron() {
        let edge = 40.0;
        let solid = Polyhedron::tetrahedron(edge);
        let net = unfold(&solid, 6.0);
        assert_eq!(net.hinges.len(), 3);
        assert_eq!(net.tabs.len(), 3);
        for face in &net.faces {
            for i in 0..3 {
                let d = face.corners[i].distance(face.corners[(i + 1) % 3]);
                assert!((d - edge).abs() < 1e-9, "net edge {d}");
            }
        }
        let folded = fold(&net);
        assert!(fold_gap(&solid, &folded) < 0.01, "gap {}", fold_gap(&solid, &folded));
        // The four meeting points are the corners of a regular tetrahedron of the same edge.
        let points: Vec<Vec3> = (0..4)
            .map(|v| {
                let f = solid.faces.iter().position(|face| face.contains(&v)).unwrap_or(0);
                let i = solid.faces[f].iter().position(|&x| x == v).unwrap_or(0);
                folded[f][i]
            })
            .collect();
        for i in 0..4 {
            for j in i + 1..4 {
                assert!((distance(points[i], points[j]) - edge).abs() < 0.01);
            }
        }
        // Every face lies behind the paper: the solid is on the unprinted side.
        assert!(folded.iter().flatten().all(|p| p[2] > -1e-9));
    }

    #[test]
    fn a_net_with_wrong_fold_angles_does_not_close() {
        let solid = Polyhedron::tetrahedron(40.0);
        let mut net = unfold(&solid, 6.0);
        net.hinges[0].angle *= 0.9;
        assert!(fold_gap(&solid, &fold(&net)) > 1.0);
    }

    #[test]
    fn the_cube_net_folds_shut_and_has_seven_tabs() {
        let solid = Polyhedron::cube(30.0);
        let net = unfold(&solid, 6.0);
        assert_eq!(net.hinges.len(), 5);
        assert_eq!(net.tabs.len(), 7);
        assert!(fold_gap(&solid, &fold(&net)) < 0.01);
    }

    #[test]
    fn a_cone_sector_closes_into_the_cone() {
        let cone = ConeNet::new(12.0, 20.0);
        assert!((cone.base_radius() - 12.0).abs() < 1e-9);
        assert!((cone.height() - 20.0).abs() < 1e-9);
        assert!(cone.angle < 2.0 * PI);
    }
}
