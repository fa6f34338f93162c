//! Request paths made safe: a URL path becomes decoded segments, and anything that could
//! leave the served folder (`..`, `%2e%2e`, absolute paths, separators inside a segment,
//! symlinks pointing out) is refused.

use std::path::{Path, PathBuf};

use percent_encoding::percent_decode_str;

/// The decoded segments of a URL's path (the query dropped), or `None` when a segment is
/// empty (`//`, an absolute path inside the path), `.` or `..`, holds a separator or a NUL,
/// or is not UTF-8. A trailing `/` gives a last empty segment.
pub fn segments(url: &str) -> Option<Vec<String>> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let rest = path.strip_prefix('/')?;
    if rest.is_empty() {
        return Some(Vec::new());
    }
    let raw: Vec<&str> = rest.split('/').collect();
    let last = raw.len() - 1;
    let mut decoded = Vec::with_capacity(raw.len());
    for (index, segment) in raw.iter().enumerate() {
        let text = percent_decode_str(segment).decode_utf8().ok()?.into_owned();
        let trailing_slash = index == last && text.is_empty();
        if !trailing_slash && !is_plain_name(&text) {
            return None;
        }
        decoded.push(text);
    }
    Some(decoded)
}

/// A file or folder name that names itself only: not empty, not `.` or `..`, no separator,
/// no NUL, no drive prefix.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0', ':'])
}

/// The file `relative` (already checked segments) inside `folder`, only when it is a
/// regular file whose real path (symlinks followed) stays inside the folder's real path.
pub fn file_inside(folder: &Path, relative: &[String]) -> Option<PathBuf> {
    if relative.is_empty() || !relative.iter().all(|s| is_plain_name(s)) {
        return None;
    }
    let root = folder.canonicalize().ok()?;
    let mut candidate = root.clone();
    candidate.extend(relative);
    let real = candidate.canonicalize().ok()?;
    (real.starts_with(&root) && real.is_file()).then_some(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_paths_decode() {
        assert_eq!(segments("/").unwrap(), Vec::<String>::new());
        assert_eq!(segments("/d/tantrix/").unwrap(), ["d", "tantrix", ""]);
        assert_eq!(segments("/d/a%20b/x.svg?v=3").unwrap(), ["d", "a b", "x.svg"]);
    }

    #[test]
    fn escapes_are_refused() {
        for url in [
            "/../Cargo.toml",
            "/d/x/source/..",
            "/%2e%2e/Cargo.toml",
            "/d/x/source/%2E%2e/%2e%2e/Cargo.toml",
            "/d/x/source/..%2fCargo.toml",
            "/d/x/source//etc/passwd",
            "/d/x/source/%2fetc%2fpasswd",
            "/d/x/source/C:%5cwindows",
            "/d/x/source/a%00b",
            "/d/x/./y",
            "http://example.com/",
            "",
        ] {
            assert!(segments(url).is_none(), "{url} was accepted");
        }
    }

    #[test]
    fn files_stay_inside_their_folder() {
        let root = std::env::temp_dir().join(format!("tilepress-paths-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let inside = root.join("inside");
        std::fs::create_dir_all(&inside).unwrap();
        std::fs::write(inside.join("a.toml"), "x").unwrap();
        std::fs::write(root.join("secret.txt"), "s").unwrap();
        assert!(file_inside(&inside, &["a.toml".into()]).is_some());
        assert!(file_inside(&inside, &["missing".into()]).is_none());
        assert!(file_inside(&inside, &["..".into(), "secret.txt".into()]).is_none());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("secret.txt"), inside.join("link.txt")).unwrap();
            assert!(file_inside(&inside, &["link.txt".into()]).is_none(), "symlink out");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}
