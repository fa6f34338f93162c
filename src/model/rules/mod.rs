//! The rule language of a tile set: the tiles' shape (`tile_shape`), slots per edge and how a slot is written (`edge_slots`), the rule's keys, kinds and edges (`rule_keys`, `rule_kinds`, `rule_edges`), joined regions (`region_joins`), values (`values`), how tiles are laid next to each other (`play`), the slots' sizes (`slot_style`) and a colour's second cue (`cues`).
//!
//! May use: `model::input`, `model::face` (values are drawn as face layers), `geometry`, `scene`, `text`.

pub mod cues;
pub mod edge_slots;
pub mod palette;
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
pub mod values;
