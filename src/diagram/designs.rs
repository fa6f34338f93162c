//! Designs read once per run and shared by every diagram that draws from them, keyed by the design file's canonical path.
//!
//! A `build` or `diagram` run draws many diagrams of few designs (five of Tantrix, four of
//! Tranglar, …); each used to read, parse and resolve its design again. A [`Designs`] lives
//! for one run (one `serve` rebuild makes a new one, so an edited design is read again) and
//! is shared by the jobs drawing diagrams at once: the first diagram of a design reads it,
//! the others wait for it and share the result. The design is read-only once resolved.
//!
//! A design that cannot be read is reported by every diagram that names it. Its diagnostics
//! name the design file as the first diagram spelled its path; a diagram that spells the
//! same file differently reads it again, so that its messages name the file as it wrote it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::model::{Design, Diagnostic, load};

/// What reading one design gave: the design, or every error found.
pub type Loaded = Result<Arc<Design>, Vec<Diagnostic>>;

/// One design file's reading: the path as first spelled, and what it gave.
type Slot = Arc<OnceLock<(PathBuf, Loaded)>>;

/// The designs read so far in this run.
#[derive(Debug, Default)]
pub struct Designs {
    read: Mutex<BTreeMap<PathBuf, Slot>>,
}

impl Designs {
    /// The design at `path`, read on its first use in this run and shared afterwards.
    pub fn load(&self, path: &Path) -> Loaded {
        // A path that does not resolve cannot be read either: `load` says why.
        let Ok(key) = path.canonicalize() else { return read(path) };
        let slot = {
            let mut read = self.read.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            Arc::clone(read.entry(key).or_default())
        };
        let (spelled, loaded) = slot.get_or_init(|| (path.to_path_buf(), read(path)));
        match loaded {
            Err(_) if spelled != path => read(path),
            _ => loaded.clone(),
        }
    }
}

/// Reads and resolves one design file.
fn read(path: &Path) -> Loaded {
    load(path).map(|(_, design)| Arc::new(design))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilepress-designs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn shipped(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("designs").join(name)
    }

    #[test]
    fn one_design_spelled_two_ways_is_read_once_and_shared() {
        let designs = Designs::default();
        let direct = shipped("tantrix.toml");
        let roundabout =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("diagrams/../designs/tantrix.toml");
        let first = designs.load(&direct).unwrap();
        let second = designs.load(&roundabout).unwrap();
        assert!(Arc::ptr_eq(&first, &second), "the second use shares the first reading");
        let other = designs.load(&shipped("triles.toml")).unwrap();
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!(first.tiles.len(), load(&direct).unwrap().1.tiles.len());
    }

    #[test]
    fn a_new_run_reads_an_edited_design_again() {
        let dir = scratch("edited");
        let path = dir.join("set.toml");
        let text = std::fs::read_to_string(shipped("triles.toml")).unwrap();
        std::fs::write(&path, &text).unwrap();
        let before = Designs::default().load(&path).unwrap();
        let renamed = text.replacen("name = \"", "name = \"Edited ", 1);
        assert_ne!(renamed, text, "the design has a name to change");
        std::fs::write(&path, &renamed).unwrap();
        let after = Designs::default().load(&path).unwrap();
        assert_ne!(before.name, after.name);
        assert!(after.name.starts_with("Edited "), "{}", after.name);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_design_is_reported_to_every_user_naming_the_file_as_it_spelled_it() {
        let dir = scratch("broken");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let path = dir.join("broken.toml");
        std::fs::write(&path, "[set]\nname = \"x\"\nbogus = = 3\n").unwrap();
        let designs = Designs::default();
        let roundabout = dir.join("sub/../broken.toml");
        for spelled in [&path, &path, &roundabout] {
            let errors = designs.load(spelled).unwrap_err();
            assert!(!errors.is_empty());
            let shown = errors[0].to_string();
            assert!(shown.contains(&format!("{}:3:", spelled.display())), "{shown}");
        }
        let missing = dir.join("missing.toml");
        let errors = designs.load(&missing).unwrap_err();
        assert!(errors[0].to_string().contains("missing.toml"), "{}", errors[0]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
