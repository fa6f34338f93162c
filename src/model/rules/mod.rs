//! Room 6: the rule language of a tile set: its tables as written (`set_tables`), the tiles' shape
//! (`tile_shape`), slots, tiles and the set's rule as resolved (`tile_set`), slots per edge and how
//! a slot is written (`edge_slots`), `[rule]` (`set_rule`, with `rule_keys`, `rule_kinds`,
//! `rule_edges`), joined regions (`region_joins`), values (`values`), how tiles are laid next to
//! each other (`play`) and the sizes of slots and lines (`slot_style`).
//!
//! May use: `input`, `context`, `data`, `colours`, `face` (values are drawn as face layers),
//! `geometry`, `scene`, `text`.

pub mod edge_slots;
pub mod play;
pub mod region_joins;
pub mod rule_edges;
pub mod rule_keys;
pub mod rule_kinds;
pub mod set_rule;
pub mod set_tables;
pub mod slot_style;
pub mod tile_set;
pub mod tile_shape;
pub mod value_names;
pub mod values;
