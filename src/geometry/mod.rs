//! Pure geometry: tile outlines, the lines that join edges, tilings and canonical forms.
//! No I/O and no knowledge of design files.

pub mod bleed_growth;
pub mod canonical;
pub mod chord_polygon;
pub mod edge_line;
pub mod grid;
pub mod lattice_fill;
pub mod map_grid;
pub mod outline;
pub mod path_proximity;
pub mod polyform;
pub mod polygon;
pub mod polyhedron;
pub mod slot_points;
pub mod tile_grid;
pub mod tiling;
pub mod triangle_grid;
pub mod unfold;
