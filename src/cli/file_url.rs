//! A folder as a `file://` URL, for outputs that link to files beside them (Tabletop Simulator's saved objects).

use std::path::Path;

/// `folder` as the `file://` URL of a folder (`file:///home/me/out/game/`), its bytes that
/// URLs do not allow percent-encoded.
pub fn file_url(folder: &Path) -> String {
    let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    let text = absolute.to_string_lossy();
    let mut url = String::from("file://");
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(char::from(byte));
            }
            other => url.push_str(&format!("%{other:02X}")),
        }
    }
    if !url.ends_with('/') {
        url.push('/');
    }
    url
}
