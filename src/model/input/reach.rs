//! What a design may read: the files it uses (data files, images, fonts) must lie inside its own folder once resolved (`..`, absolute paths and symbolic links followed), or inside a folder the user allowed for this run (`--allow-path DIR`), so a design someone shares cannot pull another file of yours into its output.
//!
//! The allowed folders are set once per process by the command line ([`allow_paths`]); the
//! check itself ([`Reach::check`]) is a pure function of them.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folders beyond a design's own that its files may lie in, canonical.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reach {
    allowed: Vec<PathBuf>,
}

static ALLOWED: OnceLock<Reach> = OnceLock::new();

/// Allows the files under `folders` to every design read by this process (once, before the
/// first design is read); `Err` names a folder that is not one.
pub fn allow_paths(folders: &[PathBuf]) -> Result<(), String> {
    let reach = Reach::new(folders)?;
    // A second call (tests in one process) keeps the first.
    let _ = ALLOWED.set(reach);
    Ok(())
}

/// The folders this process allows ([`allow_paths`]; none by default).
pub fn allowed() -> &'static Reach {
    ALLOWED.get_or_init(Reach::default)
}

impl Reach {
    /// The reach of `folders`, each resolved; `Err` names one that is not a folder.
    pub fn new(folders: &[PathBuf]) -> Result<Reach, String> {
        let mut allowed = Vec::new();
        for folder in folders {
            match folder.canonicalize() {
                Ok(real) if real.is_dir() => allowed.push(real),
                Ok(_) => return Err(format!("--allow-path {}: not a folder", folder.display())),
                Err(error) => return Err(format!("--allow-path {}: {error}", folder.display())),
            }
        }
        Ok(Reach { allowed })
    }

    /// `Err` saying why, when `path` (a file a design in `design_folder` uses) resolves to a
    /// place outside that folder and every allowed one. A path that does not resolve (a
    /// missing file) passes: reading it says it is not there.
    pub fn check(&self, design_folder: &Path, path: &Path) -> Result<(), String> {
        let Ok(real) = path.canonicalize() else { return Ok(()) };
        let folder =
            if design_folder.as_os_str().is_empty() { Path::new(".") } else { design_folder };
        let own = folder.canonicalize().map_err(|e| format!("the design's folder: {e}"))?;
        if real.starts_with(&own) || self.allowed.iter().any(|dir| real.starts_with(dir)) {
            return Ok(());
        }
        Err(format!(
            "it is {}, outside the design's folder {}: a design reads only the files in its folder",
            real.display(),
            own.display()
        ))
    }
}

/// What to do about a file outside the design's folder.
pub const REACH_HELP: &str = "keep the files a design uses in its folder (or below it), or allow their folder with --allow-path DIR";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_outside_the_folder_or_linked_out_of_it_are_refused_unless_allowed() {
        let root = std::env::temp_dir().join(format!("tilepress-reach-{}", std::process::id()));
        let (design, outside) = (root.join("design"), root.join("outside"));
        std::fs::create_dir_all(design.join("assets")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(design.join("assets/a.csv"), "a").unwrap();
        std::fs::write(outside.join("secret.csv"), "s").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.join("secret.csv"), design.join("link.csv")).unwrap();
        let none = Reach::default();
        assert!(none.check(&design, &design.join("assets/a.csv")).is_ok());
        assert!(none.check(&design, &design.join("assets/../assets/a.csv")).is_ok());
        assert!(none.check(&design, &design.join("missing.csv")).is_ok());
        let up = none.check(&design, &design.join("../outside/secret.csv")).unwrap_err();
        assert!(up.contains("outside/secret.csv, outside the design's folder"), "{up}");
        assert!(none.check(&design, Path::new("/etc/passwd")).is_err());
        #[cfg(unix)]
        assert!(none.check(&design, &design.join("link.csv")).is_err());
        let some = Reach::new(std::slice::from_ref(&outside)).unwrap();
        assert!(some.check(&design, &design.join("../outside/secret.csv")).is_ok());
        #[cfg(unix)]
        assert!(some.check(&design, &design.join("link.csv")).is_ok());
        assert!(Reach::new(&[outside.join("secret.csv")]).unwrap_err().contains("not a folder"));
        assert!(Reach::new(&[root.join("nowhere")]).is_err());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
