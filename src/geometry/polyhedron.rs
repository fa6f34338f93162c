//! Polyhedra described by their faces: vertices in 3D (mm), faces as vertex lists, edge adjacency.
//!
//! Conventions: a right-handed frame; every face lists its vertices counter-clockwise as seen
//! from outside the solid, so the right-hand normal points out. A closed solid uses every
//! edge in exactly two faces, once in each direction.

use std::collections::BTreeMap;

/// A point or direction in 3D, in mm.
pub type Vec3 = [f64; 3];

pub fn sub(p: Vec3, q: Vec3) -> Vec3 {
    [p[0] - q[0], p[1] - q[1], p[2] - q[2]]
}

pub fn add(p: Vec3, q: Vec3) -> Vec3 {
    [p[0] + q[0], p[1] + q[1], p[2] + q[2]]
}

pub fn scale(p: Vec3, s: f64) -> Vec3 {
    [p[0] * s, p[1] * s, p[2] * s]
}

pub fn dot(p: Vec3, q: Vec3) -> f64 {
    p[0] * q[0] + p[1] * q[1] + p[2] * q[2]
}

pub fn cross(p: Vec3, q: Vec3) -> Vec3 {
    [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]
}

pub fn length(p: Vec3) -> f64 {
    dot(p, p).sqrt()
}

pub fn unit(p: Vec3) -> Vec3 {
    let l = length(p);
    if l > 0.0 { scale(p, 1.0 / l) } else { p }
}

/// A solid bounded by flat polygonal faces.
#[derive(Clone, Debug, PartialEq)]
pub struct Polyhedron {
    pub vertices: Vec<Vec3>,
    /// Vertex indices of each face, counter-clockwise from outside.
    pub faces: Vec<Vec<usize>>,
}

/// Why a list of faces is not a closed solid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolidError {
    /// There are no faces at all.
    NoFaces,
    /// A face has fewer than three vertices, or names a vertex that does not exist.
    BadFace(usize),
    /// An edge (vertex pair) is not used by exactly two faces in opposite directions.
    OpenEdge(usize, usize),
    /// The faces do not all hang together.
    Disconnected,
}

impl Polyhedron {
    /// A regular tetrahedron with edges of `edge` mm, centred on the origin; face `k` is the
    /// one opposite vertex `k`.
    pub fn tetrahedron(edge: f64) -> Polyhedron {
        let s = edge / (2.0 * 2f64.sqrt());
        let vertices = vec![[s, s, s], [s, -s, -s], [-s, s, -s], [-s, -s, s]];
        let mut faces = Vec::new();
        for k in 0..4 {
            let mut face: Vec<usize> = (0..4).filter(|&v| v != k).collect();
            let n = normal_of(&vertices, &face);
            let centre = centroid_of(&vertices, &face);
            if dot(n, centre) < 0.0 {
                face.swap(1, 2);
            }
            faces.push(face);
        }
        Polyhedron { vertices, faces }
    }

    /// A cube with edges of `edge` mm, centred on the origin.
    pub fn cube(edge: f64) -> Polyhedron {
        let h = edge / 2.0;
        let vertices = (0..8)
            .map(|i| {
                let sign = |bit: usize| if i & bit == 0 { -h } else { h };
                [sign(1), sign(2), sign(4)]
            })
            .collect();
        let faces = vec![
            vec![0, 2, 3, 1],
            vec![4, 5, 7, 6],
            vec![0, 1, 5, 4],
            vec![2, 6, 7, 3],
            vec![0, 4, 6, 2],
            vec![1, 3, 7, 5],
        ];
        Polyhedron { vertices, faces }
    }

    /// The solid's name in design files (`tetrahedron`, `cube`) at an edge length.
    pub fn named(name: &str, edge: f64) -> Option<Polyhedron> {
        match name {
            "tetrahedron" => Some(Polyhedron::tetrahedron(edge)),
            "cube" => Some(Polyhedron::cube(edge)),
            _ => None,
        }
    }

    /// Outward unit normal of face `f`.
    pub fn normal(&self, f: usize) -> Vec3 {
        normal_of(&self.vertices, &self.faces[f])
    }

    /// Centre (vertex average) of face `f`.
    pub fn centroid(&self, f: usize) -> Vec3 {
        centroid_of(&self.vertices, &self.faces[f])
    }

    /// Directed edges `(from, to)` of each face, in face order.
    pub fn face_edges(&self, f: usize) -> Vec<(usize, usize)> {
        let face = &self.faces[f];
        (0..face.len()).map(|i| (face[i], face[(i + 1) % face.len()])).collect()
    }

    /// For every undirected edge (smaller vertex first), the faces using it.
    pub fn edge_faces(&self) -> BTreeMap<(usize, usize), Vec<usize>> {
        let mut map: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        for f in 0..self.faces.len() {
            for (p, q) in self.face_edges(f) {
                map.entry((p.min(q), p.max(q))).or_default().push(f);
            }
        }
        map
    }

    /// Checks that the faces close up into one solid.
    pub fn check(&self) -> Result<(), SolidError> {
        if self.faces.is_empty() {
            return Err(SolidError::NoFaces);
        }
        for (f, face) in self.faces.iter().enumerate() {
            if face.len() < 3 || face.iter().any(|&v| v >= self.vertices.len()) {
                return Err(SolidError::BadFace(f));
            }
        }
        let mut directed: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for f in 0..self.faces.len() {
            for edge in self.face_edges(f) {
                *directed.entry(edge).or_default() += 1;
            }
        }
        for (&(p, q), &n) in &directed {
            if n != 1 || directed.get(&(q, p)) != Some(&1) {
                return Err(SolidError::OpenEdge(p, q));
            }
        }
        let reached = self.spanning_tree().len() + 1;
        if reached != self.faces.len() {
            return Err(SolidError::Disconnected);
        }
        Ok(())
    }

    /// Breadth-first spanning tree of the faces from face 0: `(parent, child, shared edge)`
    /// in the order children are reached.
    pub fn spanning_tree(&self) -> Vec<(usize, usize, (usize, usize))> {
        let edges = self.edge_faces();
        let mut seen = vec![false; self.faces.len()];
        let mut tree = Vec::new();
        if self.faces.is_empty() {
            return tree;
        }
        let mut queue = std::collections::VecDeque::from([0]);
        if let Some(first) = seen.first_mut() {
            *first = true;
        }
        while let Some(f) = queue.pop_front() {
            for (p, q) in self.face_edges(f) {
                let key = (p.min(q), p.max(q));
                for &g in edges.get(&key).map_or(&[][..], Vec::as_slice) {
                    if !seen[g] {
                        seen[g] = true;
                        tree.push((f, g, (p, q)));
                        queue.push_back(g);
                    }
                }
            }
        }
        tree
    }

    /// The angle between the outward normals of two faces (π − the dihedral angle): how far
    /// the paper turns at the fold between them.
    pub fn fold_angle(&self, f: usize, g: usize) -> f64 {
        dot(self.normal(f), self.normal(g)).clamp(-1.0, 1.0).acos()
    }

    /// The face that does not touch vertex `v`, on a tetrahedron.
    pub fn face_opposite(&self, v: usize) -> Option<usize> {
        self.faces.iter().position(|face| !face.contains(&v))
    }
}

fn centroid_of(vertices: &[Vec3], face: &[usize]) -> Vec3 {
    let sum = face.iter().fold([0.0; 3], |acc, &v| add(acc, vertices[v]));
    scale(sum, 1.0 / face.len().max(1) as f64)
}

/// Newell's normal: robust for any planar polygon.
fn normal_of(vertices: &[Vec3], face: &[usize]) -> Vec3 {
    let mut n = [0.0; 3];
    for i in 0..face.len() {
        let (p, q) = (vertices[face[i]], vertices[face[(i + 1) % face.len()]]);
        n[0] += (p[1] - q[1]) * (p[2] + q[2]);
        n[1] += (p[2] - q[2]) * (p[0] + q[0]);
        n[2] += (p[0] - q[0]) * (p[1] + q[1]);
    }
    unit(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tetrahedron_vertices_1_2_3_run_counter_clockwise_seen_from_outside_face_4() {
        // docs/format.md: seen from vertex 4 (the pawn standing on face 4, looked at from
        // above) vertices 1, 2, 3 run clockwise.
        let t = Polyhedron::tetrahedron(30.0);
        let [v1, v2, v3, v4] = [0, 1, 2, 3].map(|k| t.vertices[k]);
        let normal = cross(sub(v2, v1), sub(v3, v1));
        assert!(
            dot(normal, sub(v4, v1)) < 0.0,
            "the right-hand normal of 1→2→3 points away from 4"
        );
    }

    #[test]
    fn the_tetrahedron_is_regular_closed_and_outward() {
        let t = Polyhedron::tetrahedron(40.0);
        assert_eq!(t.check(), Ok(()));
        for i in 0..4 {
            for j in i + 1..4 {
                let d = length(sub(t.vertices[i], t.vertices[j]));
                assert!((d - 40.0).abs() < 1e-9, "edge {i}-{j} is {d}");
            }
            assert!(!t.faces[i].contains(&i));
            assert!(dot(t.normal(i), t.centroid(i)) > 0.0);
        }
        let dihedral = std::f64::consts::PI - t.fold_angle(0, 1);
        assert!((dihedral - (1.0f64 / 3.0).acos()).abs() < 1e-9);
        assert_eq!(t.spanning_tree().len(), 3);
    }

    #[test]
    fn the_cube_is_closed_and_a_broken_solid_is_not() {
        let cube = Polyhedron::cube(10.0);
        assert_eq!(cube.check(), Ok(()));
        for f in 0..6 {
            assert!(dot(cube.normal(f), cube.centroid(f)) > 0.0, "face {f} points inwards");
        }
        let mut open = cube.clone();
        open.faces.pop();
        assert!(matches!(open.check(), Err(SolidError::OpenEdge(..))));
        let mut bad = cube;
        bad.faces[0] = vec![0, 1];
        assert_eq!(bad.check(), Err(SolidError::BadFace(0)));
        let empty = Polyhedron { vertices: Vec::new(), faces: Vec::new() };
        assert_eq!(empty.check(), Err(SolidError::NoFaces));
        assert!(empty.spanning_tree().is_empty());
    }
}
