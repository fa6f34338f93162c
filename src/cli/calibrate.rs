//! `tilepress calibrate`: writes the calibration sheet (rulers and duplex targets) for a paper size, to measure the printer's scale and the offset of backs.

use std::path::PathBuf;

use clap::Args;
use tilepress::build::{document_files, file_stem};
use tilepress::impose::calibration::calibration;
use tilepress::model::paper::parse_paper;
use tilepress::model::resolve::parse_duplex;
use tilepress::output::write_folder;

use super::commands::{BAD_INPUT, OK};

/// Options of `calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Paper: A3, A4, A5, Letter, Legal, or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "A4")]
    pub paper: String,
    /// How the printer turns the sheet: long-edge, short-edge, or none (rulers only).
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
            eprintln!("error: --paper: {message}");
            return BAD_INPUT;
        }
    };
    let Some(duplex) = parse_duplex(&args.duplex) else {
        eprintln!("error: --duplex: unknown `{}`; use long-edge, short-edge or none", args.duplex);
        return BAD_INPUT;
    };
    let stem = format!("calibration-{}", file_stem(&name));
    let files = document_files(&stem, &calibration(&name, width, height, duplex));
    let folder = args.output.join(&stem);
    if let Err(error) = write_folder(&folder, &files) {
        eprintln!("error: cannot write {}: {error}", folder.display());
        eprintln!("  help: check that the output folder is writable, or choose another with -o");
        return BAD_INPUT;
    }
    println!("calibration sheet for {name} ({width} × {height} mm) → {}", folder.display());
    println!("  print {stem}.pdf at 100 %; each ruler must measure 100 mm");
    OK
}
