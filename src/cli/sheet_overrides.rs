//! Sheet options given on `build`'s command line (`--paper`, `--margin`…), checked before any design is read and laid over each design's own.

use tilepress::model::print::corrections::{FOLD_WITH_REGISTRATION, FOLD_WITH_REGISTRATION_HELP};
use tilepress::model::print::paper::parse_paper;
use tilepress::model::print::sheet_settings::{DUPLEX_CHOICES, parse_duplex, parse_orientation};
use tilepress::model::print::sheet_settings::{Duplex, SheetSettings};

use super::args::BuildArgs;
use super::printing::PrintOverrides;

/// Sheet options from the command line, checked before any design is touched.
#[derive(Debug, Default)]
pub struct SheetOverrides {
    paper: Option<(String, (f64, f64))>,
    orientation: Option<tilepress::model::print::sheet_settings::Orientation>,
    duplex: Option<Duplex>,
    margin: Option<f64>,
    gap: Option<f64>,
    pub print: PrintOverrides,
}

impl SheetOverrides {
    pub fn parse(args: &BuildArgs) -> Result<SheetOverrides, String> {
        let print = PrintOverrides::parse(&args.print)?;
        let preset_paper = print.preset.and_then(|preset| preset.paper);
        let paper = match args.paper.as_deref() {
            Some(text) => Some(parse_paper(text).map_err(|m| format!("--paper: {m}"))?),
            None => preset_paper.map(|(name, size)| (name.to_string(), size)),
        };
        let orientation = parsed(
            "--orientation",
            args.orientation.as_deref(),
            parse_orientation,
            "auto, portrait or landscape",
        )?
        .or(preset_paper.map(|_| tilepress::model::print::sheet_settings::Orientation::Portrait));
        let duplex = parsed("--duplex", args.duplex.as_deref(), parse_duplex, DUPLEX_CHOICES)?;
        if matches!(duplex, Some(Duplex::Fold(_))) && args.print.registration_marks {
            return Err(format!(
                "--duplex {} with --registration-marks: {FOLD_WITH_REGISTRATION}; {FOLD_WITH_REGISTRATION_HELP}",
                args.duplex.as_deref().unwrap_or_default().trim()
            ));
        }
        let millimetres = |value: Option<f64>, flag: &str| match value {
            Some(v) if !(0.0..=100.0).contains(&v) => {
                Err(format!("{flag}: {v} mm is not from 0 to 100 mm"))
            }
            other => Ok(other),
        };
        Ok(SheetOverrides {
            paper,
            orientation,
            duplex,
            margin: millimetres(args.margin, "--margin")?,
            gap: millimetres(args.gap, "--gap")?,
            print,
        })
    }

    pub fn apply(&self, sheet: &mut SheetSettings) {
        if let Some((name, size)) = &self.paper {
            sheet.paper_name = name.clone();
            sheet.paper_mm = *size;
        }
        if let Some(orientation) = self.orientation {
            sheet.orientation = orientation;
        }
        if let Some(duplex) = self.duplex {
            sheet.duplex = duplex;
        }
        if let Some(margin) = self.margin {
            sheet.margin_mm = margin;
        }
        if let Some(gap) = self.gap {
            sheet.gap_mm = gap;
        }
        self.print.apply(&mut sheet.print);
    }
}

/// A word option's value read by `parse`, or the message naming the flag and its `choices`.
fn parsed<T>(
    flag: &str,
    value: Option<&str>,
    parse: impl Fn(&str) -> Option<T>,
    choices: &str,
) -> Result<Option<T>, String> {
    value
        .map(|word| parse(word).ok_or(format!("{flag}: unknown `{word}`; use {choices}")))
        .transpose()
}
