//! One item's face as the face resolver sees it: what the item is called, where it is
//! written, its face tables, its fields and the outline its layers go on.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::schema::ItemFaceTables;
use crate::model::source::Position;

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
    /// Where image paths that use a `{field}` are looked for, when the fields come from a
    /// data file (its folder); `None`: beside the design.
    pub folder: Option<PathBuf>,
}
