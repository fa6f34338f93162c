//! Writes a design's files into its output folder atomically: everything goes to a fresh
//! folder first, which then replaces the old one, so a failed build leaves the previous
//! files untouched and never leaves a half-written file behind.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::build::OutputFile;

/// Replaces `folder` with a folder holding exactly `files`.
pub fn write_folder(folder: &Path, files: &[OutputFile]) -> io::Result<()> {
    let parent = folder.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let name =
        folder.file_name().map_or_else(|| "design".into(), |n| n.to_string_lossy().into_owned());
    let staging = sibling(parent, &name, "partial");
    let retired = sibling(parent, &name, "old");
    remove_if_present(&staging)?;
    remove_if_present(&retired)?;
    let written = fill(&staging, files);
    if let Err(error) = written {
        let _ = fs::remove_dir_all(&staging);
        return Err(error);
    }
    if folder.exists() {
        fs::rename(folder, &retired)?;
    }
    if let Err(error) = fs::rename(&staging, folder) {
        // Put the previous build back before reporting.
        let _ = fs::rename(&retired, folder);
        let _ = fs::remove_dir_all(&staging);
        return Err(error);
    }
    remove_if_present(&retired)
}

fn fill(staging: &Path, files: &[OutputFile]) -> io::Result<()> {
    fs::create_dir_all(staging)?;
    for file in files {
        fs::write(staging.join(&file.name), &file.bytes)?;
    }
    Ok(())
}

/// A hidden working folder beside the target, e.g. `.tantrix.partial`.
fn sibling(parent: &Path, name: &str, what: &str) -> PathBuf {
    parent.join(format!(".{name}.{what}"))
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_dir_all(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Writes `files` into `folder` beside whatever else is there, each one atomically: it is
/// written under a hidden name first and then renamed over the old file.
pub fn write_files(folder: &Path, files: &[OutputFile]) -> io::Result<()> {
    fs::create_dir_all(folder)?;
    for file in files {
        let staging = folder.join(format!(".{}.partial", file.name));
        fs::write(&staging, &file.bytes)?;
        if let Err(error) = fs::rename(&staging, folder.join(&file.name)) {
            let _ = fs::remove_file(&staging);
            return Err(error);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> OutputFile {
        OutputFile { name: name.into(), bytes: text.as_bytes().to_vec() }
    }

    #[test]
    fn a_new_build_replaces_the_old_folder_whole() {
        let root =
            std::env::temp_dir().join(format!("tilepress-output-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let folder = root.join("set");
        write_folder(&folder, &[file("a.svg", "1"), file("b.svg", "2")]).unwrap();
        write_folder(&folder, &[file("a.svg", "3")]).unwrap();
        assert_eq!(fs::read_to_string(folder.join("a.svg")).unwrap(), "3");
        assert!(!folder.join("b.svg").exists(), "stale files are gone");
        let leftovers: Vec<_> =
            fs::read_dir(&root).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
        fs::remove_dir_all(&root).unwrap();
    }
}
