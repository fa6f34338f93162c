//! A design file's text and name, and the mapping from byte offsets to line and column.

use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::input_file::{InputRefusal, read_input};
use crate::model::input::limits::MAX_INPUT_BYTES;

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

    /// Line and column of a byte offset (clamped to the text), or of the data file's cell a
    /// cell span names (`input::cell_span`).
    pub fn position(&self, offset: usize) -> Position {
        if let Some((_, cell)) = crate::model::input::cell_span::cell_of(offset) {
            return cell;
        }
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

/// How deep tables, lists and dotted keys may nest before [`too_deep`] points at the place.
const DEEPEST_NESTING: usize = 64;

/// The byte offset where the TOML first nests deeper than any design needs (brackets and
/// braces, plus the parts of a dotted key): the place to show for the TOML parser's
/// "recursion limit", which comes without one. A scan that knows strings and comments.
pub fn too_deep(text: &str) -> Option<usize> {
    let (mut brackets, mut dots, mut in_key) = (0usize, 0usize, true);
    let mut quote: Option<char> = None;
    let mut chars = text.char_indices();
    while let Some((offset, c)) = chars.next() {
        if let Some(q) = quote {
            if c == '\\' && q == '"' {
                chars.next();
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '#' => {
                chars.by_ref().find(|&(_, c)| c == '\n');
                (dots, in_key) = (0, true);
            }
            '\n' | ',' | '{' => {
                (dots, in_key) = (0, true);
                brackets += usize::from(c == '{');
            }
            '=' => in_key = false,
            '.' if in_key => dots += 1,
            '[' => brackets += 1,
            ']' | '}' => brackets = brackets.saturating_sub(1),
            _ => {}
        }
        if brackets + dots > DEEPEST_NESTING {
            return Some(offset);
        }
    }
    None
}

/// Every `*.toml` file in `folder` (designs or diagrams), sorted.
pub fn toml_files_in(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    found.sort();
    Ok(found)
}

/// Reads a design or diagram file (`what`, e.g. "design"): a regular file of at most
/// [`MAX_INPUT_BYTES`] of UTF-8 text (a byte-order mark is dropped, so columns count from
/// the first real character). Anything else is one diagnostic, with the line and column of
/// the first byte that is not UTF-8.
pub fn read_source(path: &Path, what: &str) -> Result<SourceFile, Diagnostic> {
    let refuse =
        |message: String, help: &str| Diagnostic::error(path, None, message).with_help(help);
    let mut bytes = read_input(path, MAX_INPUT_BYTES).map_err(|refusal| match refusal {
        InputRefusal::Open(error) => {
            refuse(format!("cannot read the {what}: {error}"), "check the path and the file name")
        }
        InputRefusal::Folder => refuse(
            format!("is a folder, not a {what} file"),
            &format!("give the path of a .toml {what} file, not a folder"),
        ),
        InputRefusal::Special(kind) => refuse(
            format!(
                "is not a regular file ({kind}): tilepress reads a {what} only from a regular file"
            ),
            "save the TOML to a file and give its path",
        ),
        InputRefusal::TooLarge { bytes, .. } => refuse(
            format!(
                "the file is {bytes} bytes, more than tilepress's limit of {MAX_INPUT_BYTES} (MAX_INPUT_BYTES in model/input/limits.rs)"
            ),
            &format!("a {what} is a short text; split the set over several files"),
        ),
        InputRefusal::Read(error) => {
            refuse(format!("cannot read the {what}: {error}"), "check the file")
        }
        // The design itself is read wherever it lies; only the files it uses are bounded.
        InputRefusal::Outside(why) => refuse(why, "check the path and the file name"),
    })?;
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(path, text)),
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            let before = String::from_utf8_lossy(bytes.get(..valid).unwrap_or_default());
            let position = SourceFile::new(path, before.into_owned()).position(valid);
            let byte = bytes.get(valid).copied().unwrap_or_default();
            Err(Diagnostic::error(
                path,
                Some(position),
                format!("the file is not UTF-8 text: byte 0x{byte:02x} starts no UTF-8 character"),
            )
            .with_help(format!("save the {what} as UTF-8")))
        }
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

    #[test]
    fn deep_nesting_is_found_where_it_starts_and_plain_files_pass() {
        let deep = format!("x = 1\n{} = 1\n", vec!["a"; 100].join("."));
        let offset = too_deep(&deep).unwrap();
        assert_eq!(SourceFile::new("d.toml", deep).position(offset).line, 2);
        assert_eq!(too_deep(&format!("v = {}1{}", "[".repeat(70), "]".repeat(70))), Some(68));
        let plain = "[set]\nname = \"a.b.c [x]\" # a.b.c.d\nedges = [1.5, 2.5]\n";
        assert_eq!(too_deep(plain), None);
    }

    #[test]
    fn reading_points_at_the_first_byte_that_is_not_utf8_and_drops_a_bom() {
        let dir = std::env::temp_dir().join(format!("tilepress-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, b"a = 1\nname = \"x\xff\"\n").unwrap();
        let error = read_source(&bad, "design").unwrap_err();
        assert_eq!(error.position, Some(Position { line: 2, column: 10 }), "{error}");
        let bom = dir.join("bom.toml");
        std::fs::write(&bom, "\u{feff}a = 1\n").unwrap();
        assert_eq!(read_source(&bom, "design").unwrap().text, "a = 1\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
