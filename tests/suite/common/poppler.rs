//! PDF pages rendered by poppler's `pdftoppm` (installed by `.ci/run`) and read back as RGB pixels: the shared eye of the pixel-measuring tests, which skip without it outside CI (`installed`).

use std::fs;
use std::path::Path;
use std::process::Command;

/// A rendered page: width, height and RGB bytes, row by row.
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
}

impl Picture {
    /// The colour of pixel `i` (row-major).
    pub fn at(&self, i: usize) -> [u8; 3] {
        [self.rgb[3 * i], self.rgb[3 * i + 1], self.rgb[3 * i + 2]]
    }
}

/// Whether `test` can run: pdftoppm is installed (see `tools::required`).
pub fn installed(test: &str) -> bool {
    super::tools::required("pdftoppm", "poppler-utils", test)
}

/// Every page of `pdf` rendered at `dpi` (antialiased), as files `prefix-N.ppm` in `dir`.
pub fn pages(pdf: &Path, dir: &Path, prefix: &str, dpi: u32) -> Vec<Picture> {
    render(pdf, dir, prefix, dpi, &[])
}

/// The same part of every page of `pdf` at `dpi`: `width × height` pixels from pixel
/// (`x`, `y`) of the top left.
pub fn page_parts(
    pdf: &Path,
    dir: &Path,
    prefix: &str,
    dpi: u32,
    [x, y, width, height]: [u32; 4],
) -> Vec<Picture> {
    let crop = [("-x", x), ("-y", y), ("-W", width), ("-H", height)]
        .map(|(flag, value)| [flag.to_string(), value.to_string()]);
    render(pdf, dir, prefix, dpi, &crop.concat())
}

fn render(pdf: &Path, dir: &Path, prefix: &str, dpi: u32, extra: &[String]) -> Vec<Picture> {
    let out = dir.join(prefix);
    let status = Command::new("pdftoppm")
        .args(["-r", &dpi.to_string(), "-aa", "yes", "-aaVector", "yes"])
        .args(extra)
        .arg(pdf)
        .arg(&out)
        .status()
        .expect("pdftoppm runs (poppler-utils; .ci/run installs it)");
    assert!(status.success());
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("{prefix}-")))
        .collect();
    files.sort();
    files.iter().map(|f| read_ppm(&fs::read(f).unwrap())).collect()
}

fn read_ppm(bytes: &[u8]) -> Picture {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).to_string());
    }
    assert_eq!(fields[0], "P6");
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    Picture { width, height, rgb: bytes[at + 1..].to_vec() }
}
