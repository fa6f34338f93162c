//! Imposition: cutouts onto pages — a packing places them (`packing` with one file per
//! packing: `layout` lattice, `pack` polyforms, `n_up`, `hex_pack` circles, `shelves`, `tiled_board`, `shared_sheets` several parts together), one path draws the
//! pages (`pages`): cut lines, crop marks, footer and duplex backs.

pub mod arrange;
pub mod bleed;
pub mod bleed_notes;
pub mod calibration;
pub mod clip;
pub mod cut_lines;
pub mod duplex;
pub mod fold;
pub mod handed_faces;
pub mod hex_pack;
pub mod layout;
pub mod marks;
pub mod n_up;
pub mod pack;
pub mod packing;
pub mod page_boxes;
pub mod pages;
pub mod registration;
pub mod seal;
pub mod shared_marks;
pub mod shared_sheets;
pub mod shelves;
pub mod slots;
pub mod tiled_board;
pub mod trim_lines;

pub use packing::Packing;
pub use pages::{Imposed, PartSheets, impose, impose_moving_faces};
