//! Imposition: tile frames onto pages — the sheet layout, cut lines, crop marks, footer and
//! duplex backs.

pub mod bleed;
pub mod calibration;
pub mod cut_lines;
pub mod duplex;
pub mod layout;
pub mod marks;
pub mod sheets;

pub use sheets::{Imposed, SheetRequest, impose};
