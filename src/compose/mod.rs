//! Tile art: the front and back of every tile as scene items in the tile's own frame.

pub mod back;
pub mod board;
pub mod face;
pub mod net;
pub mod piece;
pub mod regions;
