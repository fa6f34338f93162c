//! Imposition: tile frames onto pages — the sheet layout, cut lines, crop marks, footer and
//! duplex backs.

pub mod bleed;
pub mod calibration;
pub mod clip;
pub mod cut_lines;
pub mod duplex;
pub mod layout;
pub mod marks;
pub mod net_sheets;
pub mod pack;
pub mod piece_sheets;
pub mod registration;
pub mod sheets;
pub mod tiled_board;
pub mod trim_lines;

pub use sheets::{Imposed, SheetRequest, impose};
