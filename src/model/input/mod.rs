//! Room 1 of the model, the lowest: reading a design's files. The TOML and its positions (`source`,
//! `toml_read`), what a design may open and how (`input_file`, `reach`), the resource bounds
//! (`limits`), the one error type users see and did-you-mean (`diagnostic`, `suggest`,
//! `similar_file`), and output file names (`file_stem`).
//!
//! May use: `geometry`, `scene`, `text`; no other room of the model.

pub mod cell_span;
pub mod diagnostic;
pub mod file_stem;
pub mod input_file;
pub mod limits;
pub mod reach;
pub mod similar_file;
pub mod source;
pub mod suggest;
pub mod toml_read;
