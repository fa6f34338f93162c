//! Reading a font or image file a design names: a regular file (links checked at their target), its size checked against the limit before a byte of it is read.

use std::path::Path;

use crate::model::input_file::read_input_inside;

/// The bytes of the file at `path` used by a design in `design_folder`, at most `limit` of
/// them, refused when the file opened lies outside what the design may read; the error says
/// why it cannot be used.
pub fn read_asset(path: &Path, limit: u64, design_folder: &Path) -> Result<Vec<u8>, String> {
    read_input_inside(path, limit, design_folder).map_err(|refusal| refusal.reason())
}
