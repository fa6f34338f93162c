//! What a set is: the design file as written (`schema`), resolved (`design`), and the
//! diagnostics that point back into the file.

pub mod bleed_limit;
pub mod board;
pub mod board_table;
pub mod card_background;
pub mod cards;
pub mod counters;
pub mod cues;
pub mod data_colours;
pub mod data_csv;
pub mod data_file;
pub mod design;
pub mod diagnostic;
pub mod edge_slots;
pub mod face;
pub mod figure_style;
pub mod file_stem;
pub mod input_file;
pub mod laminate;
pub mod legibility;
pub mod limits;
pub mod map_cells;
pub mod map_cut;
pub mod maps;
pub mod nets;
pub mod paper;
pub mod part_names;
pub mod parts_schema;
pub mod pieces;
pub mod play;
pub mod reach;
pub mod region_joins;
pub mod resolve;
pub mod rule_edges;
pub mod rule_keys;
pub mod rule_kinds;
pub mod schema;
pub mod sheet_template;
pub mod similar_file;
pub mod slot_style;
pub mod source;
pub mod suggest;
pub mod tile_shape;
pub mod tiles;
pub mod toml_read;
pub mod track_cells;
pub mod tracks;
pub mod values;
pub mod work;
pub mod workbook;
pub mod workbook_bounds;

// Print corrections and image outputs of a sheet.
pub mod print;
pub mod print_presets;

use std::path::Path;

pub use design::Design;
pub use diagnostic::{Diagnostic, Severity};
pub use source::SourceFile;

/// Reads and resolves a design file; a file that cannot be read is one diagnostic.
pub fn load(path: &Path) -> Result<(SourceFile, Design), Vec<Diagnostic>> {
    let source = source::read_source(path, "design").map_err(|error| vec![error])?;
    let design =
        resolve::resolve(&source).map_err(|found| diagnostic::list_first(found, source.path()))?;
    Ok((source, design))
}
