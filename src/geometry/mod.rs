//! Pure geometry: tile outlines, the lines that join edges, tilings and canonical forms.
//! No I/O and no knowledge of design files.

pub mod canonical;
pub mod edge_line;
pub mod grid;
pub mod polygon;
pub mod tiling;
