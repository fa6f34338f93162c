//! Font files a design names (`font = "…"` beside the design), read and checked once.

use std::path::Path;

use super::asset::read_asset;
use crate::model::limits::MAX_ASSET_BYTES;
use crate::text::font::{FontData, font_from_bytes};

/// Reads and checks a TTF/OTF file; the error says why it cannot be used.
pub fn read_font(path: &Path, name: &str, design_folder: &Path) -> Result<FontData, String> {
    font_from_bytes(read_asset(path, MAX_ASSET_BYTES, design_folder)?, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_a_font_is_refused() {
        let dir = std::env::temp_dir().join(format!("tilepress-font-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("not-a-font.ttf");
        std::fs::write(&path, b"hello").unwrap();
        let error = read_font(&path, "not-a-font.ttf", &dir).unwrap_err();
        assert!(error.contains("not a TrueType"), "{error}");
        assert!(
            read_font(&dir.join("missing.ttf"), "x", &dir).unwrap_err().contains("no such file")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
