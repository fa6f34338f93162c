//! Reading a font or image file a design names: a regular file (links checked at their target), its size checked against the limit before a byte of it is read.

use std::path::Path;

use crate::model::input_file::read_input;
use crate::model::limits::MAX_ASSET_BYTES;

/// The bytes of the file at `path`; the error says why it cannot be used.
pub fn read_asset(path: &Path) -> Result<Vec<u8>, String> {
    read_input(path, MAX_ASSET_BYTES).map_err(|refusal| refusal.reason())
}
