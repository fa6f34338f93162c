//! What a set is: the design file as written (`schema`), resolved (`design`), and the
//! diagnostics that point back into the file.

pub mod design;
pub mod design_limits;
pub mod drawn_colours;
pub mod face;
pub mod input;
pub mod parts;
pub mod print;
pub mod resolve;
pub mod rules;
pub mod schema;

use std::path::Path;

pub use design::Design;
pub use input::diagnostic::{Diagnostic, Severity};
pub use input::source::SourceFile;

/// Reads and resolves a design file; a file that cannot be read is one diagnostic.
pub fn load(path: &Path) -> Result<(SourceFile, Design), Vec<Diagnostic>> {
    let source = input::source::read_source(path, "design").map_err(|error| vec![error])?;
    let design = resolve::resolve(&source)
        .map_err(|found| input::diagnostic::list_first(found, source.path()))?;
    Ok((source, design))
}
