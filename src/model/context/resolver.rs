//! The resolution context: what every part's resolution reads and writes — the design's
//! source, the diagnostics found so far, the files used, and what faces took from data.

use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::geometry::canonical::Symmetry;
use crate::model::input::cell_span::{cell_of, cell_span};
use crate::model::input::diagnostic::{Diagnostic, number_text};
use crate::model::input::input_file::Used;
use crate::model::input::source::{Position, SourceFile};

/// Most copies of one tile accepted (a sheet of copies beyond this is a typo).
const MAX_COPIES: u32 = 10_000;

/// Collects diagnostics while resolving one file.
#[derive(Debug)]
pub struct Resolver<'a> {
    pub source: &'a SourceFile,
    pub diagnostics: Vec<Diagnostic>,
    /// The files the design uses (data files, images, fonts), resolved, in the order read.
    pub files: Vec<std::path::PathBuf>,
    /// The colours faces took from data, each (key, value) once, first item first.
    pub data_colours: crate::model::context::data_colours::DataColours,
    /// What the face being resolved took from data so far (see `FaceResolver::face`).
    pub face_colours: crate::model::context::data_colours::FaceColours,
    /// The palette colours shape layers are filled with, as written or from data: areas a
    /// `hatch` cue is drawn on.
    pub filled_colours: std::collections::BTreeSet<String>,
    /// Every layer's `when` field tested on an item, with the values the items had.
    pub when_uses: crate::model::context::when_seen::WhenUses,
    /// The data files whose cells are spans (`input::cell_span`), by their number.
    pub cell_files: Vec<PathBuf>,
    /// The column names of each data file tiles were read from, for their faces to report a
    /// field's value at its cell.
    pub data_columns: std::collections::BTreeMap<PathBuf, std::sync::Arc<Vec<String>>>,
    /// `[columns]`: the declared types every data file's cells are held to.
    pub column_types: crate::model::context::column_types::ColumnTypes,
}

impl<'a> Resolver<'a> {
    /// A resolver of `source` with nothing found yet.
    pub fn new(source: &'a SourceFile) -> Resolver<'a> {
        Resolver {
            source,
            diagnostics: Vec::new(),
            files: Vec::new(),
            data_colours: Default::default(),
            face_colours: Default::default(),
            filled_colours: Default::default(),
            when_uses: Default::default(),
            cell_files: Vec::new(),
            data_columns: Default::default(),
            column_types: Default::default(),
        }
    }

    /// Records the file `used` was read from in [`Resolver::files`] (once), and gives what
    /// was read.
    pub fn uses<T>(&mut self, used: Used<T>) -> T {
        if !self.files.contains(&used.real_path) {
            self.files.push(used.real_path);
        }
        used.value
    }

    /// Records an error at a span, with a hint: in the design, or at the data file's cell a
    /// cell span names.
    pub fn error(&mut self, span: &Range<usize>, message: String, help: &str) {
        let (path, position) = self.place_of(span);
        self.diagnostics.push(Diagnostic::error(path, Some(position), message).with_help(help));
    }

    /// The file and the place in it that `span` names: the design's text, or a data file's
    /// cell.
    pub fn place_of(&self, span: &Range<usize>) -> (&Path, Position) {
        match cell_of(span.start) {
            Some((file, cell)) => match self.cell_files.get(file) {
                Some(path) => (path, cell),
                None => (self.source.path(), cell),
            },
            None => (self.source.path(), self.source.start_of(span)),
        }
    }

    /// The span of the cell of data file `path` at `line` and `column` (from 1), for values
    /// read from it to be reported there; the file's first line when that is past what a
    /// span can hold.
    pub fn cell_span(&mut self, path: &Path, line: usize, column: usize) -> Range<usize> {
        let file = match self.cell_files.iter().position(|known| known == path) {
            Some(file) => file,
            None => {
                self.cell_files.push(path.to_path_buf());
                self.cell_files.len() - 1
            }
        };
        let at = |line, column| cell_span(file, Position { line, column });
        at(line, column).or_else(|| at(1, 1)).unwrap_or(0..0)
    }

    /// A length in mm that must be finite and within `range` (inclusive).
    pub fn length(&mut self, value: &Spanned<f64>, what: &str, range: (f64, f64)) -> f64 {
        let v = *value.get_ref();
        if v.is_finite() && v >= range.0 && v <= range.1 {
            v
        } else {
            self.error(
                &value.span(),
                format!("{what} is {} mm", number_text(v)),
                &format!(
                    "give a number of millimetres from {} to {}",
                    number_text(range.0),
                    number_text(range.1)
                ),
            );
            range.0.max(f64::MIN_POSITIVE)
        }
    }

    /// Which copies count as the same: `rotation`, `rotation+reflection` or `none`;
    /// `default` when absent, reported and `default` when unknown.
    pub fn symmetry(&mut self, name: Option<&Spanned<String>>, default: Symmetry) -> Symmetry {
        let Some(name) = name else { return default };
        match name.get_ref().trim() {
            "rotation" => Symmetry::Rotation,
            "rotation+reflection" => Symmetry::RotationReflection,
            "none" => Symmetry::None,
            other => {
                self.error(
                    &name.span(),
                    format!("unknown symmetry `{other}`"),
                    "use `rotation`, `rotation+reflection` or `none`",
                );
                default
            }
        }
    }

    /// A `copies = N` value: a whole number of at least 1 (reported, and 1, otherwise).
    pub fn copies(&mut self, copies: &Spanned<i64>) -> u32 {
        match u32::try_from(*copies.get_ref()) {
            Ok(n) if (1..=MAX_COPIES).contains(&n) => n,
            _ => {
                self.error(
                    &copies.span(),
                    format!("`copies = {}` is not a number of copies", copies.get_ref()),
                    &format!("write a whole number from 1 to {MAX_COPIES} (leave it out for one)"),
                );
                1
            }
        }
    }
}
