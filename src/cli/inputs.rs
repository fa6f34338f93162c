//! Which files a command reads and which output folders they write: the designs of a
//! folder, and one folder name per file, refusing two files that would write the same one.

use std::path::{Path, PathBuf};

use tilepress::model::input::file_stem::file_stem;
use tilepress::model::input::source::toml_files_in;

/// What to do about two files with one output name.
pub const SAME_NAME_HELP: &str =
    "give each file once, and rename files whose names differ only in case, spaces or punctuation";

/// Every `*.toml` file in a folder, sorted.
pub fn designs_in(folder: &Path) -> Result<Vec<PathBuf>, String> {
    let found = toml_files_in(folder).map_err(|e| {
        format!(
            "cannot read {}: {e} (run from the project folder, or name design files)",
            folder.display()
        )
    })?;
    if found.is_empty() {
        return Err(format!("no .toml designs in {}", folder.display()));
    }
    Ok(found)
}

/// The output folder name of every file (its stem, as [`file_stem`] writes it), refusing two
/// files that would write the same folder (or `reserved`, the diagrams' folder), naming both.
pub fn output_stems(
    paths: &[PathBuf],
    reserved: Option<&str>,
    output: &Path,
) -> Result<Vec<String>, String> {
    let stems: Vec<String> = paths
        .iter()
        .map(|path| {
            path.file_stem().map_or_else(|| "design".into(), |s| file_stem(&s.to_string_lossy()))
        })
        .collect();
    for (index, stem) in stems.iter().enumerate() {
        let path = paths[index].display();
        if let Some(earlier) = stems[..index].iter().position(|s| s == stem) {
            let other = paths[earlier].display();
            return Err(if paths[earlier] == paths[index] {
                format!("{path} is given twice")
            } else {
                let folder = output.join(stem);
                format!("{other} and {path} would both write {}", folder.display())
            });
        }
        if reserved == Some(stem.as_str()) {
            let folder = output.join(stem);
            return Err(format!("{path} would write {}, where the diagrams go", folder.display()));
        }
    }
    Ok(stems)
}
