//! "Did you mean …?" for a file that is not found: a file beside it whose name differs only
//! in case (`Cards.csv` for `cards.csv`), or is one likely typo away.

use std::path::Path;

use crate::model::input::suggest::closest;

/// Most entries of a folder looked at (a huge folder is not read whole for a hint).
const MAX_ENTRIES: usize = 10_000;

/// The name of a file beside `path` that the user probably meant, if there is one.
pub fn similar_file(path: &Path) -> Option<String> {
    let wanted = path.file_name()?.to_str()?;
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let names: Vec<String> = std::fs::read_dir(folder)
        .ok()?
        .take(MAX_ENTRIES)
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name != wanted && !name.starts_with('.'))
        .collect();
    let lower = wanted.to_lowercase();
    if let Some(same) = names.iter().find(|name| name.to_lowercase() == lower) {
        return Some(same.clone());
    }
    closest(wanted, names.iter().map(String::as_str)).map(str::to_string)
}

/// `path` with its file name replaced by `name`, as the user would write it.
pub fn beside(path: &Path, name: &str) -> String {
    path.with_file_name(name).display().to_string()
}

/// The hint for a missing `path`: ` (did you mean `Cards.csv`?)`, or nothing.
pub fn did_you_mean(path: &Path, written: &str) -> String {
    let Some(name) = similar_file(path) else { return String::new() };
    format!(" (did you mean `{}`?)", beside(Path::new(written), &name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_that_differs_in_case_or_by_a_typo_is_suggested() {
        let dir = std::env::temp_dir().join(format!("tilepress-similar-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        std::fs::write(dir.join("Cards.csv"), "a\n").unwrap();
        std::fs::write(dir.join("icons/storm.svg"), "<svg/>").unwrap();
        assert_eq!(similar_file(&dir.join("cards.csv")).as_deref(), Some("Cards.csv"));
        assert_eq!(similar_file(&dir.join("icons/strom.svg")).as_deref(), Some("storm.svg"));
        assert_eq!(
            did_you_mean(&dir.join("icons/strom.svg"), "icons/strom.svg"),
            " (did you mean `icons/storm.svg`?)"
        );
        assert_eq!(similar_file(&dir.join("rules.pdf")), None);
        assert_eq!(similar_file(&dir.join("nowhere/cards.csv")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
