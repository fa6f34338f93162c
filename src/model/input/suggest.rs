//! "Did you mean …?": the closest known name to a misspelt one, by edit distance.

/// The candidate closest to `word`, if it is close enough to be a likely typo (at most a
/// third of the word's letters changed, and at least one letter in common), or the word
/// with its unit left off (`inset` for `inset_mm`).
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    let candidates: Vec<&'a str> = candidates.into_iter().collect();
    let unit_left_off = |candidate: &str| {
        word.chars().count() >= 3
            && candidate.strip_prefix(word).is_some_and(|rest| rest.starts_with('_'))
    };
    if let Some(found) = candidates.iter().copied().find(|c| unit_left_off(c)) {
        return Some(found);
    }
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(word, candidate), candidate))
        .filter(|&(distance, _)| distance <= limit)
        .min()
        .map(|(_, candidate)| candidate)
}

/// The candidates listed in a serde message such as "unknown field `x`, expected one of
/// `a`, `b`": every back-quoted word after the first.
pub fn quoted_words(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// Levenshtein distance, counting an adjacent swap as one edit (so `witdh` is one from `width`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best =
                (table[i - 1][j] + 1).min(table[i][j - 1] + 1).min(table[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_likely_typos_only() {
        let keys = ["background", "line_width_mm", "casing_mm"];
        assert_eq!(closest("line_witdh_mm", keys), Some("line_width_mm"));
        assert_eq!(closest("casing", keys), Some("casing_mm"), "the unit left off");
        assert_eq!(closest("casin", keys), None, "four letters missing from a five-letter word");
        assert_eq!(closest("colour", keys), None);
        assert_eq!(closest("yelow", ["yellow", "blue"]), Some("yellow"));
        assert_eq!(closest("grean", ["green", "red"]), Some("green"));
        assert_eq!(closest("inset", ["offset_mm", "inset_mm"]), Some("inset_mm"));
        assert_eq!(closest("size", ["box_mm", "size_mm"]), Some("size_mm"));
        assert_eq!(closest("at", ["at_mm"]), None, "too short to guess from");
    }

    #[test]
    fn reads_the_expected_names_from_serde_messages() {
        let message = "unknown field `numbr`, expected one of `number`, `edges`, `joins`, `back`";
        let words = quoted_words(message);
        assert_eq!(words, vec!["numbr", "number", "edges", "joins", "back"]);
        assert_eq!(closest(words[0], words[1..].iter().copied()), Some("number"));
    }
}
