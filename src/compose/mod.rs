//! The compositors: every face of every part (tile fronts and backs, pieces, boards, nets) as
//! scene items in its own frame; `layers` draws the face layers they all carry.

pub mod back;
pub mod board;
pub mod dot_letters;
pub mod face;
pub mod layers;
pub mod line_cues;
pub mod net;
pub mod piece;
pub mod region_cues;
pub mod regions;
pub mod slot_regions;
