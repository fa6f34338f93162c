//! A design file's text and name, and the mapping from byte offsets to line and column.

use std::ops::Range;
use std::path::{Path, PathBuf};

/// Where something is in a source file: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// The text of one design file, kept so that diagnostics can point into it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: String) -> SourceFile {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(index, _)| index + 1))
            .collect();
        SourceFile { path: path.into(), text, line_starts }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Line and column of a byte offset (clamped to the text).
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line_index = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let line_start = self.line_starts[line_index];
        let column =
            self.text.get(line_start..offset).map_or(offset - line_start, |s| s.chars().count());
        Position { line: line_index + 1, column: column + 1 }
    }

    /// Position of the start of a span.
    pub fn start_of(&self, span: &Range<usize>) -> Position {
        self.position(span.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_offsets_to_lines_and_columns() {
        let source = SourceFile::new("x.toml", "ab\ncd\n\nxé z".to_string());
        assert_eq!(source.position(0), Position { line: 1, column: 1 });
        assert_eq!(source.position(1), Position { line: 1, column: 2 });
        assert_eq!(source.position(3), Position { line: 2, column: 1 });
        assert_eq!(source.position(7), Position { line: 4, column: 1 });
        // 'é' is two bytes but one column.
        assert_eq!(source.position(11), Position { line: 4, column: 4 });
        assert_eq!(source.position(999), Position { line: 4, column: 5 });
    }
}
