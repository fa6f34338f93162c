//! What a set is: the design file as written (`schema`), resolved (`design`), and the
//! diagnostics that point back into the file.

pub mod board;
pub mod board_table;
pub mod cards;
pub mod data_file;
pub mod design;
pub mod diagnostic;
pub mod limits;
pub mod maps;
pub mod nets;
pub mod paper;
pub mod parts_schema;
pub mod pieces;
pub mod play;
pub mod resolve;
pub mod schema;
pub mod slot_style;
pub mod source;
pub mod suggest;
pub mod tiles;
pub mod tracks;

// Print corrections and image outputs of a sheet.
pub mod print;

use std::path::Path;

pub use design::Design;
pub use diagnostic::{Diagnostic, Severity};
pub use source::SourceFile;

/// Reads and resolves a design file; a file that cannot be read is one diagnostic.
pub fn load(path: &Path) -> Result<(SourceFile, Design), Vec<Diagnostic>> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            vec![
                Diagnostic::error(path, None, "the file is not UTF-8 text".into())
                    .with_help("save the design as UTF-8"),
            ]
        })?,
        Err(error) => {
            let help = if path.is_dir() {
                "give the path of a .toml design file, not a folder"
            } else {
                "check the path; designs usually live in designs/"
            };
            let message = if path.is_dir() {
                "is a folder, not a design file".to_string()
            } else {
                format!("cannot read the design: {error}")
            };
            return Err(vec![Diagnostic::error(path, None, message).with_help(help)]);
        }
    };
    let source = SourceFile::new(path, text);
    let design = resolve::resolve(&source)?;
    Ok((source, design))
}
