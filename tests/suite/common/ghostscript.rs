//! PDF pages rendered by Ghostscript as CMYK (`gs -sDEVICE=tiff32nc`) and read back: the ink a press would lay down, pixel by pixel.

use std::path::Path;
use std::process::Command;

use super::tools;

/// Whether `test`, which renders with Ghostscript, can run (`tools::required`).
pub fn ghostscript(test: &str) -> bool {
    tools::required("gs", "ghostscript", test)
}

/// Every page of `pdf` rendered at `dpi` as CMYK pixels (0 to 255 of each ink, in page
/// order).
pub fn cmyk_pages(pdf: &Path, dpi: u32) -> Vec<Vec<[u8; 4]>> {
    let folder = pdf.with_extension("tiffs");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let output = Command::new("gs")
        .args(["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc"])
        .arg(format!("-r{dpi}"))
        .arg(format!("-sOutputFile={}/%03d.tif", folder.display()))
        .arg(pdf)
        .output()
        .expect("run gs");
    assert!(output.status.success(), "gs: {}", String::from_utf8_lossy(&output.stderr));
    let mut files: Vec<_> =
        std::fs::read_dir(&folder).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    files.iter().map(|file| tiff_pixels(&std::fs::read(file).unwrap())).collect()
}

/// The pixels of an uncompressed 8-bit CMYK TIFF (what `tiff32nc` writes).
fn tiff_pixels(bytes: &[u8]) -> Vec<[u8; 4]> {
    let little = bytes.starts_with(b"II");
    let u16_at = |at: usize| {
        let b = [bytes[at], bytes[at + 1]];
        if little { u16::from_le_bytes(b) } else { u16::from_be_bytes(b) }
    };
    let u32_at = |at: usize| {
        let b = [bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]];
        if little { u32::from_le_bytes(b) } else { u32::from_be_bytes(b) }
    };
    let directory = u32_at(4) as usize;
    let mut strips = Vec::new();
    let mut lengths = Vec::new();
    for entry in 0..usize::from(u16_at(directory)) {
        let at = directory + 2 + 12 * entry;
        let (tag, kind, count) = (u16_at(at), u16_at(at + 2), u32_at(at + 4) as usize);
        let value = |index: usize| match (kind, count) {
            (3, 1) => u32::from(u16_at(at + 8)),
            (4, 1) => u32_at(at + 8),
            (3, _) => u32::from(u16_at(u32_at(at + 8) as usize + 2 * index)),
            _ => u32_at(u32_at(at + 8) as usize + 4 * index),
        };
        match tag {
            259 => assert_eq!(value(0), 1, "tiff32nc writes uncompressed strips"),
            273 => strips = (0..count).map(value).collect(),
            279 => lengths = (0..count).map(value).collect(),
            _ => {}
        }
    }
    let mut pixels = Vec::new();
    for (start, length) in strips.iter().zip(&lengths) {
        let strip = &bytes[*start as usize..(*start + *length) as usize];
        pixels.extend(strip.chunks_exact(4).map(|p| [p[0], p[1], p[2], p[3]]));
    }
    pixels
}

/// A pixel's total ink in percent (400 at most).
pub fn total_ink(pixel: [u8; 4]) -> f64 {
    pixel.iter().map(|&v| f64::from(v)).sum::<f64>() * 100.0 / 255.0
}
