//! What a design is, in rooms that each may use only the rooms before them (checked by
//! `tests/suite/module_layers.rs`): `input` (reading files), `context` (the resolution
//! context), `data` (data files), `colours` (palette and cues), `face` (faces and their
//! layers), `rules` (the rule language of a tile set), `print` (print settings), `parts`
//! (tiles, decks, counters, tracks, maps, boards, nets, pieces) and, on top, `design` (the
//! whole design, as written and resolved). `load` reads and resolves one design file.

pub mod colours;
pub mod context;
pub mod data;
pub mod design;
pub mod face;
pub mod input;
pub mod parts;
pub mod print;
pub mod rules;

use std::path::Path;

pub use design::Design;
pub use input::diagnostic::{Diagnostic, Severity};
pub use input::source::SourceFile;

/// Reads and resolves a design file; a file that cannot be read is one diagnostic.
pub fn load(path: &Path) -> Result<(SourceFile, Design), Vec<Diagnostic>> {
    let source = input::source::read_source(path, "design").map_err(|error| vec![error])?;
    let design = design::resolve::resolve(&source)
        .map_err(|found| input::diagnostic::list_first(found, source.path()))?;
    Ok((source, design))
}
