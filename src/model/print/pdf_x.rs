//! PDF/X for print shops: the versions tilepress writes (`[sheet] pdf_x`, `--pdf-x`) and the CMYK output profile they embed (`[sheet] icc`, `--icc`), the profile's header checked before it is used.

use std::path::Path;
use std::sync::Arc;

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::number_text;
use crate::model::input::input_file::{InputRefusal, read_input_inside};
use crate::model::input::limits::MAX_ICC_BYTES;
use crate::model::input::reach::REACH_HELP;
use crate::model::input::similar_file::did_you_mean;
use crate::model::print::press::Press;

/// A PDF/X version tilepress writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PdfX {
    /// PDF/X-1a:2003: CMYK only, no transparency, no layers (PDF 1.4).
    X1a,
    /// PDF/X-4: CMYK (or colour managed), transparency and layers kept (PDF 1.6 at most).
    X4,
}

impl PdfX {
    /// The name `pdf_x` and `--pdf-x` take.
    pub fn name(self) -> &'static str {
        match self {
            PdfX::X1a => "x-1a",
            PdfX::X4 => "x-4",
        }
    }

    /// The version the file claims (`GTS_PDFXVersion`).
    pub fn version(self) -> &'static str {
        match self {
            PdfX::X1a => "PDF/X-1a:2003",
            PdfX::X4 => "PDF/X-4",
        }
    }
}

/// The versions `pdf_x` and `--pdf-x` take, as messages name them.
pub const PDF_X_CHOICES: &str = "x-1a (PDF/X-1a:2003) or x-4 (PDF/X-4)";

/// `x-1a` or `x-4` (also `pdf/x-1a`, `x1a`, `X-4`…).
pub fn parse_pdf_x(text: &str) -> Option<PdfX> {
    let word = text.trim().to_ascii_lowercase();
    let word = word.strip_prefix("pdf/").unwrap_or(&word).replace('-', "");
    match word.as_str() {
        "x1a" | "x1a:2003" => Some(PdfX::X1a),
        "x4" => Some(PdfX::X4),
        _ => None,
    }
}

/// Why `text` is not a PDF/X version tilepress writes.
pub fn unknown_pdf_x(text: &str) -> String {
    format!("unknown PDF/X version `{}`; tilepress writes {PDF_X_CHOICES}", text.trim())
}

/// What to do when no output profile is given.
pub const PROFILE_HELP: &str = "give the print shop's CMYK output profile with `--icc FILE` (or `icc = \"FILE\"` in [sheet]), e.g. CoatedFOGRA39.icc or ISOcoated_v2_eci.icc: tilepress ships none (docs/format.md, PDF/X)";

/// A CMYK output profile, checked: its bytes (embedded as the output intent), its
/// description (the output condition the file names) and its transforms into the press's
/// inks.
#[derive(Debug)]
pub struct OutputProfile {
    pub bytes: Vec<u8>,
    pub description: String,
    pub press: Press,
}

impl PartialEq for OutputProfile {
    fn eq(&self, other: &OutputProfile) -> bool {
        self.bytes == other.bytes
    }
}

/// A PDF/X file to write: its version, the output profile it embeds and the ink limit its
/// colours are held to (total ink in percent).
#[derive(Clone, Copy, Debug)]
pub struct PdfXOutput<'a> {
    pub version: PdfX,
    pub profile: &'a OutputProfile,
    pub ink_limit: Option<f64>,
}

/// The ink limits `--ink-limit` and `ink_limit` take, in percent of one ink's full cover.
pub const INK_LIMIT_RANGE: (f64, f64) = (100.0, 400.0);

/// Why `percent` is no ink limit: below 100 % not even black ink alone prints under it (no
/// black at all), and four inks cannot lay down more than 400 %.
pub fn ink_limit_refusal(percent: f64) -> Option<String> {
    let (low, high) = INK_LIMIT_RANGE;
    if percent < low {
        Some(format!(
            "{} % is too low to print a black: black ink alone is 100 %, and every limit from 100 to 400 % keeps it",
            number_text(percent)
        ))
    } else if percent > high || percent.is_nan() {
        Some(format!("{} % is over 400 %, four inks at full cover", number_text(percent)))
    } else {
        None
    }
}

/// What print shops ask for, for the help of a refused ink limit.
pub const INK_LIMIT_HELP: &str = "give the total ink your print shop allows, from 100 to 400 %: e.g. 240 (DriveThruCards), 300 (coated offset)";

/// `bytes` as a CMYK output profile, or why they are not one (a clause: "it is an RGB
/// profile…").
pub fn output_profile(bytes: Vec<u8>) -> Result<OutputProfile, String> {
    let word = |at: usize| bytes.get(at..at + 4).map(|b| String::from_utf8_lossy(b).to_string());
    let number = |at: usize| {
        bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    if bytes.len() < 132 || word(36).as_deref() != Some("acsp") {
        return Err("it is not an ICC profile (no `acsp` signature in a 128-byte header)".into());
    }
    if number(0) != Some(bytes.len()) {
        return Err(format!(
            "its header says {} bytes and the file has {}: it is cut short or has bytes after it",
            number(0).unwrap_or(0),
            bytes.len()
        ));
    }
    let space = word(16).unwrap_or_default();
    if space != "CMYK" {
        return Err(format!(
            "it is a profile of `{}` colour, not CMYK: PDF/X needs the CMYK profile of the press",
            space.trim()
        ));
    }
    let class = word(12).unwrap_or_default();
    if class != "prtr" {
        return Err(format!(
            "it is a `{}` profile, not an output (`prtr`) profile: PDF/X needs the profile of the press",
            class.trim()
        ));
    }
    let tags = number(128).unwrap_or(0);
    if tags > 1000 || 132 + 12 * tags > bytes.len() {
        return Err(format!("its tag table of {tags} tags runs past its end"));
    }
    let tag = |name: &str| {
        (0..tags).map(|i| 132 + 12 * i).find(|&at| word(at).as_deref() == Some(name)).and_then(
            |at| {
                let (start, size) = (number(at + 4)?, number(at + 8)?);
                bytes.get(start..start.checked_add(size)?)
            },
        )
    };
    if tag("B2A0").is_none() && tag("A2B0").is_none() {
        return Err("it has no A2B0 or B2A0 table: it cannot turn colours into the press's".into());
    }
    let description = tag("desc").and_then(description).unwrap_or_else(|| "Custom CMYK".into());
    let press = Press::new(&bytes)?;
    Ok(OutputProfile { bytes, description, press })
}

/// The text of a `desc` tag: ICC v2's `desc` type (ASCII) or v4's `mluc` (its first record,
/// UTF-16BE); `None` when it holds none.
fn description(tag: &[u8]) -> Option<String> {
    let number = |at: usize| {
        tag.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let text = match tag.get(0..4)? {
        b"desc" => {
            let length = number(8)?;
            String::from_utf8_lossy(tag.get(12..12 + length)?).to_string()
        }
        b"mluc" => {
            let (length, start) = (number(20)?, number(24)?);
            let units = tag.get(start..start.checked_add(length)?)?;
            let units = units.chunks_exact(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]]));
            char::decode_utf16(units).map(|c| c.unwrap_or('?')).collect()
        }
        _ => return None,
    };
    let text: String =
        text.trim_end_matches('\0').trim().chars().filter(|c| !c.is_control()).collect();
    (!text.is_empty()).then_some(text)
}

/// `[sheet] ink_limit` resolved: the limit, or an error at it and none.
pub fn resolve_ink_limit(resolver: &mut Resolver<'_>, value: Option<&Spanned<f64>>) -> Option<f64> {
    let value = value?;
    match ink_limit_refusal(*value.get_ref()) {
        None => Some(*value.get_ref()),
        Some(message) => {
            resolver.error(&value.span(), format!("`ink_limit`: {message}"), INK_LIMIT_HELP);
            None
        }
    }
}

/// `[sheet] pdf_x` and `[sheet] icc` resolved: the version asked for, and the profile read
/// from the file `icc` names (beside the design); each mistake at its key.
pub fn resolve_pdf_x(
    resolver: &mut Resolver<'_>,
    pdf_x: Option<&Spanned<String>>,
    icc: Option<&Spanned<String>>,
) -> (Option<PdfX>, Option<Arc<OutputProfile>>) {
    let version = pdf_x.and_then(|name| {
        let version = parse_pdf_x(name.get_ref());
        if version.is_none() {
            resolver.error(&name.span(), unknown_pdf_x(name.get_ref()), "e.g. `pdf_x = \"x-1a\"`");
        }
        version
    });
    let profile = icc.and_then(|file| {
        let written = file.get_ref().trim();
        let design = resolver.source.path().to_path_buf();
        let folder = design.parent().map(Path::to_path_buf).unwrap_or_default();
        let path = folder.join(written);
        let read = read_input_inside(&path, MAX_ICC_BYTES, &folder);
        let checked = match read {
            Ok(read) => output_profile(resolver.uses(read)).map_err(|m| (m, PROFILE_HELP)),
            Err(InputRefusal::Outside(why)) => Err((why, REACH_HELP)),
            Err(refusal) => {
                Err((format!("{}{}", refusal.reason(), did_you_mean(&path, written)), PROFILE_HELP))
            }
        };
        match checked {
            Ok(profile) => Some(Arc::new(profile)),
            Err((message, help)) => {
                resolver.error(&file.span(), format!("`icc`: {written}: {message}"), help);
                None
            }
        }
    });
    (version, profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A profile header of `class` and `space` with one `desc` tag of `text` (ICC v2).
    pub fn profile(class: &[u8; 4], space: &[u8; 4], text: &str) -> Vec<u8> {
        let mut desc = b"desc\0\0\0\0".to_vec();
        desc.extend((text.len() as u32 + 1).to_be_bytes());
        desc.extend(text.as_bytes());
        desc.push(0);
        let mut bytes = vec![0u8; 128];
        bytes[12..16].copy_from_slice(class);
        bytes[16..20].copy_from_slice(space);
        bytes[20..24].copy_from_slice(b"Lab ");
        bytes[36..40].copy_from_slice(b"acsp");
        bytes.extend(2u32.to_be_bytes());
        let start = 132 + 24;
        for (name, at, size) in [(b"desc", start, desc.len()), (b"B2A0", start, 4)] {
            bytes.extend(name);
            bytes.extend((at as u32).to_be_bytes());
            bytes.extend((size as u32).to_be_bytes());
        }
        bytes.extend(desc);
        let length = (bytes.len() as u32).to_be_bytes();
        bytes[0..4].copy_from_slice(&length);
        bytes
    }

    /// The tests' made-up press (`scripts/test-cmyk-profile.py`).
    pub const TEST_PRESS: &[u8] = include_bytes!("../../../tests/fixtures/profiles/test-cmyk.icc");

    #[test]
    fn a_cmyk_output_profile_is_taken_with_its_description() {
        let taken = output_profile(TEST_PRESS.to_vec()).unwrap();
        assert_eq!(taken.description, "tilepress test press (made-up CMYK, not for printing)");
        // Colour tables moxcms cannot use are refused, saying so.
        let tables = output_profile(profile(b"prtr", b"CMYK", "Coated test")).unwrap_err();
        assert!(tables.contains("its colour tables cannot be used"), "{tables}");
    }

    #[test]
    fn other_profiles_and_other_files_are_refused_saying_why() {
        let rgb = output_profile(profile(b"mntr", b"RGB ", "sRGB")).unwrap_err();
        assert!(rgb.contains("`RGB` colour, not CMYK"), "{rgb}");
        let link = output_profile(profile(b"link", b"CMYK", "x")).unwrap_err();
        assert!(link.contains("`link` profile, not an output"), "{link}");
        let text = output_profile(b"hello".repeat(40)).unwrap_err();
        assert!(text.contains("not an ICC profile"), "{text}");
        let mut short = profile(b"prtr", b"CMYK", "x");
        short.truncate(140);
        assert!(output_profile(short).unwrap_err().contains("cut short"));
    }

    #[test]
    fn versions_are_read_in_several_spellings_and_others_named() {
        for (text, version) in [("x-1a", PdfX::X1a), ("PDF/X-1a", PdfX::X1a), (" X4 ", PdfX::X4)] {
            assert_eq!(parse_pdf_x(text), Some(version), "{text}");
        }
        assert_eq!(parse_pdf_x("x-3"), None);
        assert!(unknown_pdf_x("x-3").contains("x-1a (PDF/X-1a:2003) or x-4"));
    }
}
