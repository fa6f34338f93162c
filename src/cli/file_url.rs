//! A folder as a `file://` URL, for outputs that link to files beside them (Tabletop Simulator's saved objects).

use std::path::Path;

/// `folder` as the `file://` URL of a folder (`file:///home/me/out/game/`, on Windows
/// `file:///C:/Users/me/out/game/`), its bytes that URLs do not allow percent-encoded.
pub fn file_url(folder: &Path) -> String {
    let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    url_of(&absolute.to_string_lossy(), cfg!(windows))
}

/// The URL of the absolute path `text`, written with Windows' separators when `windows`: a
/// drive's colon kept (`C:`), backslashes as slashes, `\\server\share` as `file://server/share`.
fn url_of(text: &str, windows: bool) -> String {
    let text = if windows { text.replace('\\', "/") } else { text.to_string() };
    let (mut url, path) = match text.strip_prefix("//") {
        // A UNC path: the server is the URL's host.
        Some(unc) if windows => (String::from("file://"), unc.to_string()),
        _ if windows && !text.starts_with('/') => (String::from("file:///"), text.clone()),
        _ => (String::from("file://"), text.clone()),
    };
    let drive_colon = if windows && path.as_bytes().get(1) == Some(&b':') { Some(1) } else { None };
    for (at, byte) in path.bytes().enumerate() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(char::from(byte));
            }
            b':' if Some(at) == drive_colon => url.push(':'),
            other => url.push_str(&format!("%{other:02X}")),
        }
    }
    if !url.ends_with('/') {
        url.push('/');
    }
    url
}

#[cfg(test)]
mod tests {
    use super::url_of;

    #[test]
    fn windows_paths_keep_the_drive_and_turn_their_separators() {
        let url = url_of(r"C:\Users\me\My Game\out\saltmarsh", true);
        assert_eq!(url, "file:///C:/Users/me/My%20Game/out/saltmarsh/");
        assert_eq!(url_of(r"\\server\share\out", true), "file://server/share/out/");
        // A colon anywhere else is still encoded.
        assert_eq!(url_of(r"D:\a:b", true), "file:///D:/a%3Ab/");
    }

    #[test]
    fn unix_paths_are_written_as_they_are() {
        assert_eq!(url_of("/home/me/out/game", false), "file:///home/me/out/game/");
        assert_eq!(url_of("/tmp/a b:c", false), "file:///tmp/a%20b%3Ac/");
    }
}
