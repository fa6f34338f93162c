//! The press options `build` and `check` share: `--pdf-x`, `--icc` and `--ink-limit`, checked before any design is read, and what neither takes once they are laid over a design's `[sheet]` (PDF/X without an output profile, an ink limit without PDF/X).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use tilepress::model::input::diagnostic::number_text;
use tilepress::model::input::input_file::read_input;
use tilepress::model::input::limits::MAX_ICC_BYTES;
use tilepress::model::print::corrections::PrintSettings;
use tilepress::model::print::pdf_x::{
    OutputProfile, PROFILE_HELP, PdfX, ink_limit_refusal, output_profile, parse_pdf_x,
    unknown_pdf_x,
};

/// `--pdf-x`, `--icc` and `--ink-limit` as given.
#[derive(Debug, Args)]
pub struct PressArgs {
    /// PDF/X for a print shop: x-1a (PDF/X-1a:2003) or x-4 (PDF/X-4). `build` writes its PDFs
    /// as it, the CMYK output profile `--icc` gives embedded as their output intent; `check`
    /// warns of the palette colours that press cannot reach.
    #[arg(long = "pdf-x", value_name = "VERSION")]
    pub pdf_x: Option<String>,
    /// The print shop's CMYK output profile (an ICC file): the press PDF/X files are made for,
    /// and embed.
    #[arg(long, value_name = "FILE")]
    pub icc: Option<PathBuf>,
    /// The most ink PDF/X colours may lay down, in percent of one ink (100 to 400, e.g.
    /// 240): a colour over it keeps its black and has its other inks scaled down (`check`
    /// proofs it so).
    #[arg(long, value_name = "PERCENT")]
    pub ink_limit: Option<f64>,
}

/// `--pdf-x`, `--icc` and `--ink-limit`, checked: a version tilepress writes, a CMYK output
/// profile read (with a bound) and its header checked, an ink limit from 100 to 400 %.
#[derive(Debug, Default)]
pub struct PressOptions {
    pub pdf_x: Option<PdfX>,
    pub output_profile: Option<Arc<OutputProfile>>,
    pub ink_limit: Option<f64>,
}

impl PressOptions {
    /// The options checked, or the message naming the one that is wrong.
    pub fn parse(args: &PressArgs) -> Result<PressOptions, String> {
        let pdf_x = match args.pdf_x.as_deref() {
            Some(text) => {
                Some(parse_pdf_x(text).ok_or_else(|| format!("--pdf-x: {}", unknown_pdf_x(text)))?)
            }
            None => None,
        };
        let output_profile = match &args.icc {
            Some(path) => {
                let refused = |reason: String| format!("--icc: {}: {reason}", path.display());
                let bytes =
                    read_input(path, MAX_ICC_BYTES).map_err(|refusal| refused(refusal.reason()))?;
                Some(Arc::new(output_profile(bytes).map_err(refused)?))
            }
            None => None,
        };
        if let Some(message) = args.ink_limit.and_then(ink_limit_refusal) {
            return Err(format!("--ink-limit: {message}"));
        }
        Ok(PressOptions { pdf_x, output_profile, ink_limit: args.ink_limit })
    }

    /// Where the PDF/X asked for comes from (`--pdf-x x-1a` or the design's
    /// `pdf_x = "x-1a"`) and what to do without a profile, as [`press_refusal`] takes them.
    pub fn pdf_x_origin(&self, pdf_x: PdfX) -> (String, String) {
        match self.pdf_x {
            Some(asked) => (format!("--pdf-x {}", asked.name()), PROFILE_HELP.to_string()),
            None => (format!("pdf_x = \"{}\"", pdf_x.name()), PROFILE_HELP.to_string()),
        }
    }
}

/// Why the design of `path` cannot be held to its press: PDF/X asked for (by `origin`'s
/// words, with its help) without an output profile, or an ink limit without PDF/X; the
/// error line and its help.
pub fn press_refusal(
    print: &PrintSettings,
    path: &Path,
    origin: impl Fn(PdfX) -> (String, String),
) -> Option<(String, String)> {
    if let Some(pdf_x) = print.pdf_x.filter(|_| print.output_profile.is_none()) {
        let (origin, help) = origin(pdf_x);
        let error = format!(
            "{}: error: {} ({origin}) embeds the CMYK output profile of the press it is printed on, and none is given",
            path.display(),
            pdf_x.version(),
        );
        return Some((error, help));
    }
    if let (Some(limit), None) = (print.ink_limit, print.pdf_x) {
        let error = format!(
            "{}: error: an ink limit ({} %) holds the inks of PDF/X files, and no PDF/X is asked for",
            path.display(),
            number_text(limit)
        );
        return Some((error, "add --pdf-x x-1a or x-4 (or `pdf_x` in [sheet])".to_string()));
    }
    None
}
