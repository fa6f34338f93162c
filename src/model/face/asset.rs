//! Reading a font or image file a design names: its size checked against the limit before
//! a byte of it is read.

use std::path::Path;

use crate::model::limits::MAX_ASSET_BYTES;

/// The bytes of the file at `path`; the error says why it cannot be used.
pub fn read_asset(path: &Path) -> Result<Vec<u8>, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read it: {e}"))?.len();
    if size > MAX_ASSET_BYTES {
        return Err(format!("it is {size} bytes, over the limit of {MAX_ASSET_BYTES} bytes"));
    }
    std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))
}
