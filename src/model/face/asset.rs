//! Reading a font or image file a design names: a regular file (links checked at their target), its size checked against the limit before a byte of it is read.

use std::path::Path;

use crate::model::input_file::read_input;

/// The bytes of the file at `path`, at most `limit` of them; the error says why it cannot be
/// used.
pub fn read_asset(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    read_input(path, limit).map_err(|refusal| refusal.reason())
}
