//! The resolution context: what every part's resolution reads and writes — the design's
//! source, the diagnostics found so far, the files used, and what faces took from data.

use std::ops::Range;

use toml::Spanned;

use crate::geometry::canonical::Symmetry;
use crate::model::input::diagnostic::{Diagnostic, number_text};
use crate::model::input::input_file::Used;
use crate::model::input::source::SourceFile;

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

    /// Records an error at a span, with a hint.
    pub fn error(&mut self, span: &Range<usize>, message: String, help: &str) {
        let position = Some(self.source.start_of(span));
        self.diagnostics
            .push(Diagnostic::error(self.source.path(), position, message).with_help(help));
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
