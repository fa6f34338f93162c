//! Reading a design's files: the TOML and its positions (`source`, `toml_read`), what a design may open and how (`input_file`, `reach`), data files (`data_file`, `data_csv`, `workbook`, `workbook_bounds`) and the colours faces take from them (`data_colours`), the resource bounds (`limits`), diagnostics and did-you-mean (`diagnostic`, `suggest`, `similar_file`) and output names (`file_stem`).
//!
//! May use: `geometry`, `scene` and `model::resolve` (the one import upwards is left to the resolution context); nothing of the rules, parts, print settings or faces.

pub mod data_colours;
pub mod data_csv;
pub mod data_file;
pub mod diagnostic;
pub mod file_stem;
pub mod input_file;
pub mod limits;
pub mod reach;
pub mod resolver;
pub mod similar_file;
pub mod source;
pub mod suggest;
pub mod toml_read;
pub mod workbook;
pub mod workbook_bounds;
