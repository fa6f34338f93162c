//! "Did you mean …?" for a file that is not found: a file beside it whose name differs only
//! in case (`Cards.csv` for `cards.csv`), is one likely typo away, or has the stem the wanted
//! name starts with (`crown.svg` for `crown-gold.svg`).

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
    closest(wanted, names.iter().map(String::as_str))
        .or_else(|| same_stem(wanted, &names))
        .map(str::to_string)
}

/// A name of the same extension whose stem starts the wanted one's or is started by it
/// (`crown.svg` for `crown-gold.svg`), the longest such; stems of three letters at least.
fn same_stem<'a>(wanted: &str, names: &'a [String]) -> Option<&'a str> {
    fn split(name: &str) -> (&str, &str) {
        name.rsplit_once('.').unwrap_or((name, ""))
    }
    let (stem, extension) = split(wanted);
    let stem = stem.to_lowercase();
    let related = |other: &str| {
        let other = other.to_lowercase();
        let (short, long) =
            if other.len() < stem.len() { (&other, &stem) } else { (&stem, &other) };
        short.chars().count() >= 3 && long.starts_with(short.as_str())
    };
    names
        .iter()
        .map(String::as_str)
        .filter(|name| split(name).1.eq_ignore_ascii_case(extension) && related(split(name).0))
        .max_by_key(|name| (split(name).0.len(), std::cmp::Reverse(*name)))
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
        std::fs::write(dir.join("icons/crown.svg"), "<svg/>").unwrap();
        assert_eq!(similar_file(&dir.join("icons/crown-gold.svg")).as_deref(), Some("crown.svg"));
        assert_eq!(similar_file(&dir.join("icons/crown-gold.png")), None, "another kind of file");
        assert_eq!(similar_file(&dir.join("rules.pdf")), None);
        assert_eq!(similar_file(&dir.join("nowhere/cards.csv")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
