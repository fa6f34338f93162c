//! Print fidelity on the command line: the `build` options for bleed, duplex corrections and PNGs, the cut report line, and the `calibrate` command.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use tilepress::build::{Formats, document_files};
use tilepress::impose::calibration::calibration;
use tilepress::model::Design;
use tilepress::model::design::limits::design_bleed_past_half;
use tilepress::model::design::preset_fit::{PresetFit, preset_fit};
use tilepress::model::input::diagnostic::number_text;
use tilepress::model::input::file_stem::file_stem;
use tilepress::model::input::suggest::closest;
use tilepress::model::print::bleed_limit::BLEED_TOO_LARGE_HELP;
use tilepress::model::print::corrections::{
    BACK_SCALE_RANGE, DEFAULT_SHEET_DPI, MAX_BACK_OFFSET_MM, MAX_BLEED_MM, PrintSettings,
    parse_pair,
};
use tilepress::model::print::laminate::{
    DEFAULT_SEAL_MM, LAMINATE_CHOICES, Laminate, parse_laminate, seal_out_of_range,
};
use tilepress::model::print::paper::parse_paper;
use tilepress::model::print::pdf_x::PdfX;
use tilepress::model::print::print_presets::{PresetFiles, PrintPreset, find_preset};
use tilepress::model::print::sheet_settings::{DUPLEX_CHOICES, parse_duplex};
use tilepress::output::publish;
use tilepress::render::cut_file::CutStats;
use tilepress::render::png::DPI_RANGE;
use tilepress::scene::vision::Deficiency;

use super::exit::{BAD_INPUT, OK, publish_failed};
use super::press_options::{PressArgs, PressOptions};

/// Options of `build` that correct for the printer and ask for images.
#[derive(Debug, Args)]
pub struct PrintArgs {
    /// How far each tile's background reaches beyond its cut, in mm (default 2 when tiles
    /// are spaced apart, 0 when they share edges; never more than half the gap).
    #[arg(long, value_name = "MM")]
    pub bleed: Option<f64>,
    /// Where backs land relative to their fronts, measured with `tilepress calibrate`: X to
    /// the right and Y down as seen on the front, in mm. Back pages are moved against it.
    #[arg(long, value_name = "DX,DY", allow_hyphen_values = true)]
    pub back_offset: Option<String>,
    /// How much larger backs print than fronts, per axis (e.g. 1.01,1.0); undone on backs.
    #[arg(long, value_name = "SX,SY")]
    pub back_scale: Option<String>,
    /// Also write one PNG per sheet side (`<name>-sheet-NN-front.png`…); the same as adding
    /// `png` to `--format`.
    #[arg(long)]
    pub png: bool,
    /// Which files to write, comma-separated: pdf, svg, cut, png (one per sheet side),
    /// preview, faces (one PNG per front and back of every item, and `<part>-faces.csv`
    /// naming them, e.g. for print-on-demand), face-pages (`<part>-faces.pdf`: each face on a
    /// page of its own at trim + bleed, TrimBox and BleedBox set, for print shops), tts (a
    /// Tabletop Simulator saved object of the
    /// decks, tiles and counters, and its images). Default: pdf,svg,cut,preview.
    #[arg(long, value_name = "LIST")]
    pub format: Option<String>,
    /// Resolution of the PNGs `--png` (default 150) and `--format faces` (default 300)
    /// write, in dots per inch.
    #[arg(long, value_name = "DPI")]
    pub dpi: Option<f64>,
    /// Print-and-cut registration marks (Silhouette type 1) on the front pages and in the
    /// cut files; everything printed keeps 5 mm clear of them.
    #[arg(long)]
    pub registration_marks: bool,
    /// How the sheets are laminated: sheet (laminated whole, cut on the shared lines) or
    /// sealed (tiles, cards and counters spaced apart, each cut at its outline plus a border
    /// of film fused to film, corners rounded; the outline printed as a guide)
    #[arg(long, value_name = "HOW")]
    pub laminate: Option<String>,
    /// The sealed border around each item, in mm (default 3); implies `--laminate sealed`
    #[arg(long, value_name = "MM", allow_hyphen_values = true)]
    pub seal: Option<f64>,
    /// Draw the preview and the sheet PNGs as a player with a colour-vision deficiency
    /// sees them: protan, deutan or tritan (Machado et al. 2009, full severity); written
    /// as `<name>-preview-deutan.png`, `<name>-sheet-01-front-deutan.png`…
    #[arg(long, value_name = "DEFICIENCY")]
    pub simulate: Option<String>,
    /// A print shop's template: its bleed, safe area, resolution, paper, the files it takes
    /// and the PDF/X and ink limit it asks for (gamecrafter-poker, redprinting-cards,
    /// printplay-sheets, drivethrucards-poker); --bleed, --dpi, --paper, --format, --pdf-x and
    /// --ink-limit given beside it win.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// `--pdf-x`, `--icc` and `--ink-limit`, shared with `check`.
    #[command(flatten)]
    pub press: PressArgs,
}

/// The print options, checked before any design is touched.
#[derive(Debug, Default)]
pub struct PrintOverrides {
    bleed: Option<f64>,
    back_offset: Option<(f64, f64)>,
    back_scale: Option<(f64, f64)>,
    sheet_png_dpi: Option<f64>,
    faces_dpi: Option<f64>,
    registration_marks: bool,
    /// `--laminate` and `--seal`: how the sheets are laminated, and the seal if given.
    laminate: Option<Laminate>,
    seal: Option<f64>,
    /// The files to write.
    pub formats: Formats,
    /// The print shop's template `--preset` names.
    pub preset: Option<&'static PrintPreset>,
    /// Whether `--bleed` was given (else the bleed, if any, is the preset's).
    bleed_asked: bool,
    /// `--pdf-x`, `--icc` and `--ink-limit`, checked.
    press: PressOptions,
}

impl PrintOverrides {
    pub fn parse(args: &PrintArgs) -> Result<PrintOverrides, String> {
        let preset = parse_preset(args.preset.as_deref())?;
        let bleed = match args.bleed {
            Some(b) if !(0.0..=MAX_BLEED_MM).contains(&b) => {
                return Err(format!("--bleed: {b} mm is not from 0 to {MAX_BLEED_MM} mm"));
            }
            other => other.or(preset_bleed(preset)),
        };
        let offset_range = (-MAX_BACK_OFFSET_MM, MAX_BACK_OFFSET_MM);
        let back_offset = args
            .back_offset
            .as_deref()
            .map(|text| parse_pair(text, offset_range).map_err(|m| format!("--back-offset: {m}")))
            .transpose()?;
        let back_scale = args
            .back_scale
            .as_deref()
            .map(|text| {
                parse_pair(text, BACK_SCALE_RANGE).map_err(|m| format!("--back-scale: {m}"))
            })
            .transpose()?;
        let (low, high) = DPI_RANGE;
        if let Some(dpi) = args.dpi.filter(|dpi| !(low..=high).contains(dpi)) {
            return Err(format!("--dpi: {dpi} is not from {low} to {high}"));
        }
        let mut formats = match (args.format.as_deref(), preset) {
            (Some(list), _) => Formats::parse(list).map_err(|m| format!("--format: {m}"))?,
            (None, Some(preset)) => preset_formats(preset.files),
            (None, None) => Formats::default(),
        };
        formats.png |= args.png;
        formats.simulate = args.simulate.as_deref().map(simulation).transpose()?;
        if formats.simulate.is_some() && !(formats.png || formats.preview) {
            return Err("--simulate draws the preview and the sheet PNGs, and --format asks \
                        for neither: add preview or png to it"
                .into());
        }
        let dpi = args.dpi.or(preset.map(|preset| preset.dpi));
        let sheet_png_dpi = formats.png.then_some(dpi.unwrap_or(DEFAULT_SHEET_DPI));
        let faces_dpi = dpi.filter(|_| formats.faces);
        let registration_marks = args.registration_marks;
        let (laminate, seal) = laminate_options(args)?;
        let press = PressOptions::parse(&args.press)?;
        Ok(PrintOverrides {
            press,
            laminate,
            seal,
            bleed,
            back_offset,
            back_scale,
            sheet_png_dpi,
            faces_dpi,
            registration_marks,
            formats,
            preset,
            bleed_asked: args.bleed.is_some(),
        })
    }

    /// What `check --preset NAME` holds a design to: the preset `name` (checked) and the press
    /// options, laid over the design as `build` lays them.
    pub fn for_check(name: Option<&str>, press: PressOptions) -> Result<PrintOverrides, String> {
        let preset = parse_preset(name)?;
        Ok(PrintOverrides {
            bleed: preset_bleed(preset),
            preset,
            press,
            ..PrintOverrides::default()
        })
    }

    /// Why `--bleed` (or the preset's bleed) cannot be given to `design`: more than half
    /// one of its items.
    pub fn bleed_refused(&self, design: &Design) -> Option<String> {
        let bleed = self.bleed?;
        let option = match (self.bleed_asked, self.preset) {
            (false, Some(preset)) => format!("--preset {}", preset.name),
            _ => "--bleed".to_string(),
        };
        design_bleed_past_half(design, bleed).map(|message| format!("{option}: {message}"))
    }

    /// `design` (read from `path`) held to the preset, if any: its bleed checked against the
    /// parts it gives it to, then laid over them ([`Self::apply_preset`]); the line the
    /// preset reports, or the error line and its help.
    pub fn held_to_preset(
        &self,
        design: &mut Design,
        path: &Path,
    ) -> Result<Option<String>, (String, String)> {
        let error = |message: String| format!("{}: error: {message}", path.display());
        if let Some(message) = self.bleed_refused(design) {
            return Err((error(message), BLEED_TOO_LARGE_HELP.to_string()));
        }
        self.apply_preset(design).map_err(|message| (error(message), PRESET_FIT_HELP.to_string()))
    }

    /// Holds `design` to `--preset`'s template and gives the parts it fits
    /// ([`preset_fit`]) the preset's safe area (where the design's own is smaller) and, for
    /// a preset of one card size, its bleed (the decks of that size; the others keep their
    /// own); the line the build reports, or why the design cannot be printed with it.
    pub fn apply_preset(&self, design: &mut Design) -> Result<Option<String>, String> {
        let Some(preset) = self.preset else { return Ok(None) };
        let fit =
            preset_fit(preset, design).map_err(|m| format!("--preset {}: {m}", preset.name))?;
        let mut only = String::new();
        match fit {
            PresetFit::Every => {
                if let Some(safe) = preset.safe_mm {
                    let own = design.legibility.safe_mm.unwrap_or(0.0);
                    design.legibility.safe_mm = Some(own.max(safe));
                }
            }
            PresetFit::Decks { decks, others } => {
                for &i in &decks {
                    let deck = &mut design.decks[i];
                    if !self.bleed_asked {
                        deck.own_bleed_mm = Some(preset.bleed_mm);
                    }
                    deck.safe_mm = preset.safe_mm;
                }
                if !others.is_empty() {
                    let fitted = decks.iter().map(|i| format!("deck `{}`", design.decks[*i].name));
                    only = format!(
                        "; for {} only: {} keep their own settings",
                        fitted.collect::<Vec<_>>().join(", "),
                        others.join(", ")
                    );
                }
            }
        }
        let safe = preset
            .safe_mm
            .map_or(String::new(), |safe| format!(", safe area {} mm", number_text(safe)));
        let press = preset.press.map_or(String::new(), |press| {
            format!(
                ", {} at {} % ink at most ({})",
                press.pdf_x.version(),
                number_text(press.ink_limit),
                press.condition
            )
        });
        Ok(Some(format!(
            "preset {}: {} — bleed {} mm{safe}, {} dpi{press} ({}){only}",
            preset.name,
            preset.service,
            number_text(preset.bleed_mm),
            number_text(preset.dpi),
            preset.source
        )))
    }

    /// Where the PDF/X asked for comes from, as the refusal of a missing profile names it
    /// (`--pdf-x x-1a`, `--preset NAME`, or the design's `pdf_x = "x-1a"`), and what to do:
    /// give the output profile, the one the preset's service names when it names one.
    pub fn pdf_x_origin(&self, pdf_x: PdfX) -> (String, String) {
        let press = self.preset.and_then(|preset| Some((preset, preset.press?)));
        match press.filter(|_| self.press.pdf_x.is_none()) {
            Some((preset, press)) => (
                format!("--preset {}", preset.name),
                format!(
                    "{} print on {}: give that CMYK output profile with `--icc FILE`; tilepress ships none (docs/format.md, PDF/X)",
                    preset.service, press.condition
                ),
            ),
            None => self.press.pdf_x_origin(pdf_x),
        }
    }

    pub fn apply(&self, print: &mut PrintSettings) {
        if let Some(bleed) = self.bleed {
            print.bleed_mm = Some(bleed);
            print.bleed_for_every_part = true;
        }
        if let Some(offset) = self.back_offset {
            print.back_offset_mm = offset;
        }
        if let Some(scale) = self.back_scale {
            print.back_scale = scale;
        }
        if self.sheet_png_dpi.is_some() {
            print.sheet_png_dpi = self.sheet_png_dpi;
        }
        if self.faces_dpi.is_some() {
            print.faces_dpi = self.faces_dpi;
        }
        if self.registration_marks {
            print.registration_marks = true;
        }
        let seal = self.seal.or(print.laminate.seal_mm()).unwrap_or(DEFAULT_SEAL_MM);
        match self.laminate {
            Some(Laminate::Sheet) => print.laminate = Laminate::Sheet,
            Some(Laminate::Sealed { .. }) => print.laminate = Laminate::Sealed { seal_mm: seal },
            None => {}
        }
        let press = self.preset.and_then(|preset| preset.press);
        print.pdf_x = self.press.pdf_x.or(press.map(|press| press.pdf_x)).or(print.pdf_x);
        // The service's ink limit, unless `--ink-limit` gives one or the design's own is lower.
        print.ink_limit = match (self.press.ink_limit, press) {
            (Some(limit), _) => Some(limit),
            (None, Some(press)) => Some(print.ink_limit.unwrap_or(f64::MAX).min(press.ink_limit)),
            (None, None) => print.ink_limit,
        };
        if let Some(profile) = &self.press.output_profile {
            print.output_profile = Some(Arc::clone(profile));
        }
    }
}

/// What to do when a design does not fit the preset's product.
const PRESET_FIT_HELP: &str = "give the deck the product's size (`size = \"poker-us\"` for a 2.5 × 3.5 in poker card), or choose another preset";

/// The preset `--preset` names, or the message naming the presets.
fn parse_preset(name: Option<&str>) -> Result<Option<&'static PrintPreset>, String> {
    name.map(find_preset).transpose().map_err(|m| format!("--preset: {m}"))
}

/// The bleed a preset gives every part: none for a preset of one card size, which gives it
/// to the decks of that size only (`apply_preset`).
fn preset_bleed(preset: Option<&PrintPreset>) -> Option<f64> {
    preset.filter(|p| p.card_mm.is_none()).map(|p| p.bleed_mm)
}

/// The files a print shop takes, as `--format` would name them.
fn preset_formats(files: PresetFiles) -> Formats {
    let none = Formats { pdf: false, svg: false, cut: false, preview: false, ..Formats::default() };
    match files {
        PresetFiles::FaceImages => Formats { faces: true, ..none },
        PresetFiles::FacePages => Formats { face_pages: true, ..none },
        PresetFiles::SheetImages => Formats { pdf: true, png: true, ..none },
    }
}

/// `--laminate` and `--seal`, checked: `--seal` alone seals, and with `--laminate sheet`
/// is a contradiction.
fn laminate_options(args: &PrintArgs) -> Result<(Option<Laminate>, Option<f64>), String> {
    if let Some(message) = args.seal.and_then(seal_out_of_range) {
        return Err(format!("--seal: {message}"));
    }
    let seal = args.seal.unwrap_or(DEFAULT_SEAL_MM);
    let laminate = match args.laminate.as_deref() {
        Some(word) => Some(
            parse_laminate(word, seal)
                .ok_or(format!("--laminate: unknown `{word}`; use {LAMINATE_CHOICES}"))?,
        ),
        None => args.seal.map(|seal_mm| Laminate::Sealed { seal_mm }),
    };
    if let (Some(Laminate::Sheet), Some(_)) = (laminate, args.seal) {
        return Err("--seal with --laminate sheet: a sheet laminated whole has no sealed border; use --laminate sealed".into());
    }
    Ok((laminate, args.seal))
}

/// `cut: 2 files, 3456.0 mm in 14 paths (outer 1234.0 mm, inner 2222.0 mm)`, or `None`
/// when nothing is cut.
pub fn cut_report(stats: &CutStats) -> Option<String> {
    (stats.files > 0).then(|| {
        format!(
            "cut: {} file(s), {:.1} mm in {} paths (outer {:.1} mm, inner {:.1} mm)",
            stats.files,
            stats.length_mm(),
            stats.paths,
            stats.outer_mm,
            stats.inner_mm
        )
    })
}
/// Options of `calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Paper: A3, A4, A5, Letter, Legal, or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "A4")]
    pub paper: String,
    /// How the printer turns the sheet: long-edge, short-edge, or none or fold (rulers only:
    /// a fold-over sheet needs no duplex targets).
    #[arg(long, default_value = "long-edge")]
    pub duplex: String,
    /// Output folder; the sheet goes to `OUT/calibration-<paper>/`.
    #[arg(short, long, value_name = "DIR", default_value = "output")]
    pub output: PathBuf,
}

/// Writes the calibration PDF and SVGs; 2 when an option is wrong or nothing can be written.
pub fn calibrate(args: &CalibrateArgs) -> u8 {
    let (name, (width, height)) = match parse_paper(&args.paper) {
        Ok(paper) => paper,
        Err(message) => {
            errln!("error: --paper: {message}");
            return BAD_INPUT;
        }
    };
    let Some(duplex) = parse_duplex(&args.duplex) else {
        errln!("error: --duplex: unknown `{}`; use {DUPLEX_CHOICES}", args.duplex);
        return BAD_INPUT;
    };
    let stem = format!("calibration-{}", file_stem(&name));
    let files = document_files(&stem, &calibration(&name, width, height, duplex));
    let folder = args.output.join(&stem);
    match publish(&folder, &files, &[]) {
        Ok(published) => {
            for note in published.untouched {
                errln!("{}: note: {note}", "calibrate");
            }
        }
        Err(error) => {
            for line in publish_failed("calibrate", &folder, &error) {
                errln!("{line}");
            }
            return BAD_INPUT;
        }
    }
    outln!("calibration sheet for {name} ({width} × {height} mm) → {}", folder.display());
    outln!("  print {stem}.pdf at 100 %; each ruler must measure 100 mm");
    OK
}

/// `--simulate`'s deficiency by name, or why not (with a did-you-mean).
fn simulation(name: &str) -> Result<Deficiency, String> {
    let name = name.trim();
    if let Some(found) = Deficiency::ALL.into_iter().find(|d| d.name() == name) {
        return Ok(found);
    }
    let names = Deficiency::ALL.map(Deficiency::name);
    let near = closest(name, names).map_or(String::new(), |n| format!("did you mean `{n}`? "));
    Err(format!("--simulate: unknown deficiency `{name}`; {near}use protan, deutan or tritan"))
}
