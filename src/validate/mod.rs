//! Proves a set complete: derives the full set from the design's rule and compares it with
//! the listed tiles.

pub mod check;
pub mod colour_vision;
pub mod decks;
pub mod describe;
pub mod empty_rule;
pub mod enumerate;
pub mod face_key;
pub mod legibility;
pub mod listing;
pub mod listing_printed;
pub mod matching;
pub mod pieces;
pub mod press_reach;
pub mod rule;
pub mod values;

pub use check::{CheckReport, check_design};
pub mod board;
pub mod reach;
