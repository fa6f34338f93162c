//! One item's face as the face resolver sees it: what the item is called, where it is
//! written, its face tables, its fields and the outline its layers go on.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use toml::Spanned;

use super::schema::ItemFaceTables;
use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::Position;

/// One item's face as the resolver sees it.
#[derive(Clone, Debug)]
pub struct ItemFace<'a> {
    /// How messages name the item: `tile 7`, `piece T1 (front)`.
    pub what: String,
    /// Where the item is written.
    pub position: Position,
    pub tables: ItemFaceTables<'a>,
    /// Every field the item has, built-in ones included.
    pub fields: BTreeMap<String, String>,
    /// How many corners (and edges) the item's outline has.
    pub corners: usize,
    /// The outline as messages name it: `a hexagon`, `piece T1`.
    pub outline_name: String,
    /// The data file row the fields come from; `None`: they are written in the design.
    pub data: Option<DataRowAt>,
}

/// A data file's row that an item's fields come from: image paths that use a `{field}` are
/// looked for beside the file, and a value from one of its cells that cannot be used is
/// reported at that cell.
#[derive(Clone, Debug, PartialEq)]
pub struct DataRowAt {
    pub path: PathBuf,
    /// The row's line (CSV) or row (spreadsheet), from 1.
    pub line: usize,
    /// The file's column names, in order.
    pub columns: Arc<Vec<String>>,
}

impl ItemFace<'_> {
    /// Reports a value of `key` (written as `written`) that cannot be used: at the data
    /// file's cell it comes from, naming the template's key; otherwise at the key.
    pub fn report_value(
        &self,
        r: &mut Resolver<'_>,
        (written, key): (&Spanned<String>, &str),
        problem: &str,
        help: &str,
    ) {
        let item = &self.what;
        let at_cell = (self.data.as_ref())
            .is_some_and(|data| data.report_cell(r, (written, key), (item, problem), help));
        if !at_cell {
            r.error(&written.span(), format!("{item}: `{key}`: {problem}"), help);
        }
    }
}

impl DataRowAt {
    /// The folder the data file is in.
    pub fn folder(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }

    /// The place of the cell `written` takes its value from (its first `{field}` that is a
    /// column of the file): the file, the line and column (from 1), and the column's name.
    pub fn cell_of(&self, written: &str) -> Option<(Position, &str)> {
        super::fields::field_names(written).into_iter().find_map(|name| {
            let index = self.columns.iter().position(|c| c.trim() == name)?;
            Some((Position { line: self.line, column: index + 1 }, self.columns[index].as_str()))
        })
    }

    /// The data file and the cell `written` takes its value from, as [`Self::cell_of`].
    pub fn file_cell_of(&self, written: &str) -> Option<(PathBuf, Position)> {
        Some((self.path.clone(), self.cell_of(written)?.0))
    }

    /// Reports, at the cell it comes from, a value that the design's `key` (written as
    /// `written`) took from this row and cannot use, naming the item and the key; `false`
    /// when `written` reads no column of the file (the caller reports it at the key).
    pub fn report_cell(
        &self,
        r: &mut Resolver<'_>,
        (written, key): (&Spanned<String>, &str),
        (what, problem): (&str, &str),
        help: &str,
    ) -> bool {
        let Some((cell, column)) = self.cell_of(written.get_ref()) else { return false };
        let at = r.source.start_of(&written.span());
        let design = r.source.path().file_name();
        let design = design.map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let message = format!(
            "{what}: {problem}; the value is this cell's, in column `{column}`, read as `{key}` by {design}:{}:{}",
            at.line, at.column
        );
        r.diagnostics.push(Diagnostic::error(&self.path, Some(cell), message).with_help(help));
        true
    }
}
