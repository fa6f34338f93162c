//! File-name stems: a design's, deck's, track's or map's name as it appears in the names of
//! the files built from it (lower case, words joined by `-`).

/// The file-name stem for a design: lower case, words joined by `-`.
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c.to_ascii_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-').to_string();
    if stem.is_empty() { String::from("design") } else { stem }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_lower_case_words() {
        assert_eq!(file_stem("Tantrix"), "tantrix");
        assert_eq!(file_stem("Trans-Rabat  Box!"), "trans-rabat-box");
        assert_eq!(file_stem("***"), "design");
    }
}
