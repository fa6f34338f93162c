//! Room 8: the parts a design is made of, each resolved from its own tables: tiles (`tiles`), decks
//! and counters (`cards`, `deck_rule`, `card_background`, `card_numbers`, `counters`,
//! `item_name`), tracks (`tracks`,
//! `track_cells`), maps (`maps`, `map_cells`, `map_cut`), boards and players (`board`,
//! `board_table`, `parts_schema`), nets (`nets`) and polyform pieces (`pieces`).
//!
//! May use: the rooms below (`input` to `print`), `geometry`, `scene`, `text`.

pub mod board;
pub mod board_table;
pub mod card_background;
pub mod card_numbers;
pub mod cards;
pub mod counters;
pub mod deck_rule;
pub mod item_name;
pub mod map_cells;
pub mod map_cut;
pub mod maps;
pub mod nets;
pub mod parts_schema;
pub mod pieces;
pub mod tile_rows;
pub mod tiles;
pub mod track_cells;
pub mod tracks;
