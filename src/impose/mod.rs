//! Imposition: tile frames onto pages — the sheet layout, cut lines, crop marks, footer and
//! duplex backs.

pub mod clip;
pub mod cut_lines;
pub mod duplex;
pub mod layout;
pub mod marks;
pub mod net_sheets;
pub mod sheets;
pub mod tiled_board;

pub use sheets::{Imposed, SheetRequest, impose};
