//! Watches the folders of the served designs, the folders of the files they use (designs
//! keep theirs in sub-folders: `assets/saltmarsh/cards.csv`) and their diagrams (inotify
//! through `notify`) and tells each design when a file it uses changed.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use super::rebuild::Served;

/// Where one served design's files live, as real paths (events name real paths).
#[derive(Debug)]
struct Watched {
    served: Arc<Served>,
    design: PathBuf,
    folder: PathBuf,
    diagrams: PathBuf,
}

/// Starts watching; the watcher stops when the returned value is dropped.
pub fn watch(designs: &[Arc<Served>]) -> Result<RecommendedWatcher, String> {
    let watched: Vec<Watched> = designs.iter().map(watched).collect();
    let mut folders: Vec<PathBuf> = watched
        .iter()
        .flat_map(|w| [w.folder.clone(), w.diagrams.clone()])
        .chain(designs.iter().flat_map(|served| used_folders(&served.path)))
        .filter(|folder| folder.is_dir())
        .collect();
    folders.sort();
    folders.dedup();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| {
        let Ok(event) = event else { return };
        if !is_change(&event.kind) {
            return;
        }
        for w in &watched {
            if event.paths.iter().any(|path| w.uses(path)) {
                w.served.mark_changed();
            }
        }
    })
    .map_err(|e| format!("cannot watch files: {e}"))?;
    for folder in &folders {
        watcher
            .watch(folder, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
    }
    Ok(watcher)
}

fn watched(served: &Arc<Served>) -> Watched {
    let real = |path: &Path| path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let folder = real(folder_of(&served.path));
    let name = served.path.file_name().map(PathBuf::from).unwrap_or_default();
    Watched {
        served: Arc::clone(served),
        design: folder.join(name),
        folder,
        diagrams: real(&served.diagrams_folder),
    }
}

/// The folders of the files the design uses as it reads now (resolved; a design that does
/// not read uses none). A folder it starts to use later is watched from the next `serve`.
fn used_folders(design: &Path) -> Vec<PathBuf> {
    let files = crate::model::load(design).map(|(_, design)| design.files).unwrap_or_default();
    files.iter().filter_map(|file| file.parent().map(Path::to_path_buf)).collect()
}

/// The folder a design lies in: `.` for a bare file name (whose parent is the empty path,
/// which cannot be watched).
fn folder_of(design: &Path) -> &Path {
    design.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Writes, creations, removals and renames; reading a file (as every rebuild does) is not
/// a change.
fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

impl Watched {
    /// The design file itself, a file its last build used (in a sub-folder too), another
    /// file in its folder (what it may use: images, data; not other designs, not editors'
    /// hidden and backup files), or a diagram file.
    fn uses(&self, path: &Path) -> bool {
        if path == self.design {
            return true;
        }
        let published = self.served.published();
        if published.built.is_some_and(|built| built.design.files.iter().any(|f| f == path)) {
            return true;
        }
        let Some(name) = path.file_name().map(|n| n.to_string_lossy()) else { return false };
        if name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp") {
            return false;
        }
        let toml = name.ends_with(".toml");
        let parent = path.parent();
        (parent == Some(self.diagrams.as_path()) && toml)
            || (parent == Some(self.folder.as_path()) && !toml)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_file_name_lies_in_the_current_folder() {
        assert_eq!(folder_of(Path::new("harbour-lights.toml")), Path::new("."));
        assert_eq!(folder_of(Path::new("./harbour-lights.toml")), Path::new("."));
        assert_eq!(folder_of(Path::new("/p/designs/a.toml")), Path::new("/p/designs"));
    }

    #[test]
    fn a_design_uses_its_file_its_folder_and_the_diagrams() {
        let served =
            Arc::new(Served::new("/p/designs/a.toml".into(), "a".into(), "/p/diagrams".into()));
        let w = Watched {
            served,
            design: "/p/designs/a.toml".into(),
            folder: "/p/designs".into(),
            diagrams: "/p/diagrams".into(),
        };
        for used in ["/p/designs/a.toml", "/p/designs/art.png", "/p/diagrams/a-move.toml"] {
            assert!(w.uses(Path::new(used)), "{used}");
        }
        for unused in [
            "/p/designs/b.toml",
            "/p/designs/.a.toml.swp",
            "/p/designs/a.toml~",
            "/p/diagrams/notes.txt",
            "/p/output/a/a.pdf",
        ] {
            assert!(!w.uses(Path::new(unused)), "{unused}");
        }
        assert!(!is_change(&EventKind::Access(AccessKind::Read)), "reading is no change");
        assert!(is_change(&EventKind::Access(AccessKind::Close(AccessMode::Write))));
    }
}
