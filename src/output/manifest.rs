//! The marker of an output folder tilepress owns: `.tilepress-manifest`, listing the files it wrote there, and the careful removal that deletes only what a manifest (or a second link) vouches for.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// The manifest's file name inside an output folder.
pub const MANIFEST: &str = ".tilepress-manifest";
/// The manifest's first line: its format and version.
const FORMAT_LINE: &str = "tilepress-manifest 1";
const COMMENT: &str = "# Files tilepress wrote in this folder; it replaces or removes only these.";

/// The text of a manifest listing `names`.
pub fn manifest_text(names: &BTreeSet<String>) -> String {
    let mut text = format!("{FORMAT_LINE}\n{COMMENT}\n");
    for name in names {
        text.push_str(name);
        text.push('\n');
    }
    text
}

/// The names a manifest lists; `None` when the text is not a tilepress manifest.
pub fn parse_manifest(text: &str) -> Option<BTreeSet<String>> {
    let mut lines = text.lines();
    if lines.next()? != FORMAT_LINE {
        return None;
    }
    let mut names = BTreeSet::new();
    for line in lines.filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if !is_plain_name(line) {
            return None;
        }
        names.insert(line.to_string());
    }
    Some(names)
}

/// A file name with no folder part that is neither hidden-special nor empty.
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && name != MANIFEST
        && !name.contains(['/', '\\', '\n', '\r', '\0'])
}

/// What is in a folder, read without following symbolic links.
#[derive(Debug, Default)]
pub struct Listing {
    /// The files its manifest lists; `None` when it has no manifest.
    pub owned: Option<BTreeSet<String>>,
    /// Every other entry by name, with whether it is a regular file or a symbolic link
    /// (the only kinds tilepress can keep across a swap).
    pub others: Vec<(String, EntryKind)>,
}

/// The kind of a folder entry tilepress did not list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    File,
    Symlink,
    /// A folder, FIFO, socket or device: cannot be carried into a new build.
    Other,
}

/// Lists `folder`: its manifest (an unreadable one is an error naming it) and the rest.
pub fn list_folder(folder: &Path) -> io::Result<Listing> {
    let mut listing = Listing::default();
    let mut entries = Vec::new();
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type()?;
        entries.push((name, kind));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, kind) in entries {
        if name == MANIFEST {
            let bytes = if kind.is_file() { fs::read(folder.join(MANIFEST))? } else { Vec::new() };
            let names = parse_manifest(&String::from_utf8_lossy(&bytes)).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is not a tilepress manifest", folder.join(MANIFEST).display()),
                )
            })?;
            listing.owned = Some(names);
            continue;
        }
        let kind = if kind.is_symlink() {
            EntryKind::Symlink
        } else if kind.is_file() {
            EntryKind::File
        } else {
            EntryKind::Other
        };
        listing.others.push((name, kind));
    }
    if let Some(owned) = &listing.owned {
        listing.others.retain(|(name, _)| !owned.contains(name));
    }
    Ok(listing)
}

/// Removes a working folder of tilepress's (a staging folder, or an old build after a swap):
/// the files its manifest lists, the manifest, and entries that are the very same file or
/// link as the entry of that name in `keeper` (the user's files carried across by a second
/// link). Anything else is left, the folder with it, and named in the error.
pub fn remove_working_folder(folder: &Path, keeper: &Path) -> io::Result<()> {
    match fs::symlink_metadata(folder) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error),
        Ok(meta) if !meta.is_dir() => {
            return Err(io::Error::other(format!(
                "{} is in the way: tilepress uses that name for its working folder but did not make it (remove it)",
                folder.display()
            )));
        }
        Ok(_) => {}
    }
    let listing = match list_folder(folder) {
        Ok(listing) => listing,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error),
    };
    let mut left = Vec::new();
    for name in listing.owned.iter().flatten() {
        remove_entry(&folder.join(name))?;
    }
    for (name, kind) in &listing.others {
        if same_entry(&folder.join(name), &keeper.join(name), *kind) {
            remove_entry(&folder.join(name))?;
        } else {
            left.push(name.clone());
        }
    }
    if !left.is_empty() {
        return Err(io::Error::other(format!(
            "{} holds {} that tilepress did not write; it was left as it is",
            folder.display(),
            left.join(", ")
        )));
    }
    remove_entry(&folder.join(MANIFEST))?;
    fs::remove_dir(folder)
}

/// Removes one file or link (never what a link points to); a missing one is fine.
fn remove_entry(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::other(format!(
            "{} is a folder where tilepress wrote a file; it was left as it is",
            path.display()
        ))),
        Ok(_) => fs::remove_file(path),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

/// Whether `a` and `b` are the same file (same device and inode) or equal symbolic links.
fn same_entry(a: &Path, b: &Path, kind: EntryKind) -> bool {
    let (Ok(meta_a), Ok(meta_b)) = (fs::symlink_metadata(a), fs::symlink_metadata(b)) else {
        return false;
    };
    match kind {
        EntryKind::File => {
            meta_b.is_file() && meta_a.dev() == meta_b.dev() && meta_a.ino() == meta_b.ino()
        }
        EntryKind::Symlink => {
            meta_b.is_symlink()
                && fs::read_link(a).ok().zip(fs::read_link(b).ok()).is_some_and(|(x, y)| x == y)
        }
        EntryKind::Other => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_reads_back_what_it_lists() {
        let names: BTreeSet<String> = ["a.svg", "b c.pdf"].map(String::from).into();
        assert_eq!(parse_manifest(&manifest_text(&names)), Some(names));
        assert_eq!(parse_manifest("something else\na.svg\n"), None);
        assert_eq!(parse_manifest("tilepress-manifest 1\n../escape\n"), None);
    }
}
