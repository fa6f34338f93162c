//! Writing an output folder in place, for one that holds a folder or special file of the user's (which a swap of the whole folder would move): each new file written beside under a hidden name and renamed over its own, the manifest rewritten, the dropped files removed.
//!
//! Each file changes whole (a rename), but the folder does not change at once: a run killed
//! on the way leaves some files new and some old, and the next build may refuse those whose
//! content no longer matches the manifest (naming them). The user's entries are never moved.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::manifest::{MANIFEST_PARTIAL, write_manifest};
use super::{Kept, OutputFile, new_manifest, write_new};

/// The hidden name a new file is written under before it is renamed into place.
fn beside(target: &Path, name: &str) -> PathBuf {
    target.join(format!(".{name}.tilepress-new"))
}

/// Writes `files` into `target` in place; `kept` is what [`super::inspect`] found there,
/// under the parent folder's lock: every new name is tilepress's own file or free.
pub(super) fn write_beside(target: &Path, files: &[OutputFile], kept: &Kept) -> io::Result<()> {
    for file in files {
        let hidden = beside(target, &file.name);
        remove_leftover(&hidden)?;
        write_new(&hidden, &file.bytes)?;
        fs::rename(&hidden, target.join(&file.name))?;
    }
    remove_leftover(&target.join(MANIFEST_PARTIAL))?;
    write_manifest(target, &new_manifest(files, Some(kept)))?;
    for name in &kept.dropped {
        match fs::remove_file(target.join(name)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
            _ => {}
        }
    }
    Ok(())
}

/// Removes a file of tilepress's hidden name left by a killed run (only a regular file: a
/// folder or link of that name is refused, untouched).
fn remove_leftover(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => fs::remove_file(path),
        Ok(_) => Err(io::Error::other(format!(
            "{} is in the way: tilepress writes a new file under that name, and did not make it",
            path.display()
        ))),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}
