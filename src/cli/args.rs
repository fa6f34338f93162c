//! Command-line arguments (clap derive): the `build`, `check`, `calibrate`, `list`,
//! `explain`, `new`, `diagram`, `components` and `serve` commands.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Turns TOML descriptions of tile games into print-ready SVG and PDF cut sheets, and proves
/// that a set is complete.
///
/// Exit codes: 0 success, 1 a set is incomplete or inconsistent, 2 a design cannot be read
/// (or output cannot be written).
#[derive(Debug, Parser)]
#[command(name = "tilepress", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Let designs read files under DIR too (data files, images, fonts). Without it a design
    /// reads only files inside its own folder (links followed); repeat for several folders.
    #[arg(long = "allow-path", value_name = "DIR", global = true)]
    pub allow_path: Vec<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build print-ready files: cut sheets of tiles and pieces, boards, nets (PDF, SVG, cut files).
    ///
    /// Without a design, builds every `*.toml` in `designs/`, and every diagram in
    /// `diagrams/` into `OUT/diagrams/`. Each design goes to
    /// `OUT/<name>/`; a failed build leaves the previous files there untouched.
    Build(Box<BuildArgs>),
    /// Check that a design is complete and consistent: tiles against their rule, pieces, boards, nets.
    ///
    /// Prints one line per problem (file:line:column) and a summary; exits 1 if the set is
    /// not complete, 2 if the design cannot be read.
    ///
    /// With PDF/X (`--pdf-x` and `--icc`, or the design's `[sheet] pdf_x` and `icc`), also
    /// warns of every palette colour the press of that output profile prints visibly apart
    /// from it (CIEDE2000 over 3.5), under the ink limit (`--ink-limit` or `ink_limit`), at
    /// its palette line, with what it prints instead; warnings leave the exit code as it is.
    Check {
        /// Design files to check.
        #[arg(required = true, value_name = "DESIGN")]
        designs: Vec<PathBuf>,
        /// Also list the layers marked `decorative` (their contrast and size are not checked).
        #[arg(long)]
        verbose: bool,
        /// Only this part (repeat for several): `tiles`, `pieces`, `board`, `nets`, or a deck's,
        /// counters', track's or map's name as its files spell it (`royal-decrees`): only
        /// those parts are checked. A design without any of them is passed over; a name no
        /// design has is an error (exit 2).
        #[arg(long = "part", value_name = "NAME")]
        parts: Vec<String>,
        /// Check the design as `build --preset NAME` prints it: the print shop's card size
        /// and bleed held, its safe area in the legibility check, and its PDF/X and ink limit
        /// in the press check (gamecrafter-poker, redprinting-cards, printplay-sheets,
        /// drivethrucards-poker).
        #[arg(long, value_name = "NAME")]
        preset: Option<String>,
        #[command(flatten)]
        press: super::press_options::PressArgs,
    },
    /// Write a calibration sheet: 100 mm rulers and duplex targets that measure how far
    /// backs land from fronts (for `back_offset_mm` / `--back-offset`).
    Calibrate(super::printing::CalibrateArgs),
    /// List what a design holds: every tile (edge by edge), piece, board, player, net, card
    /// and counter (with its fields and data row), track and map.
    List {
        /// Design file to list.
        #[arg(value_name = "DESIGN")]
        design: PathBuf,
        /// Only this part (repeat for several): `tiles`, `pieces`, `board`, `nets`, or a deck's,
        /// counters', track's or map's name as its files spell it (`royal-decrees`): only
        /// those parts are listed; a name the design lacks is an error (exit 2).
        #[arg(long = "part", value_name = "NAME")]
        parts: Vec<String>,
    },
    /// Find the simplest rule behind a list of tiles, and what would complete the list.
    ///
    /// For a design whose tiles have no `[rule]` (or one that does not derive them),
    /// proposes rules over what the list shows — its colours, slot kinds, joins, spans,
    /// corner colours, symmetry — derives each as `check` does and prints the simplest:
    /// fewest constraints plus differences (each tile added, left out or counted apart
    /// counts as one constraint). Prints it as a `[rule]` table to paste, the tiles it adds
    /// as `[[tiles]]` entries to paste, and the listed tiles it does not derive; the
    /// runner-up when it is close. Rules whose enumeration exceeds the work limit are named,
    /// not derived. Exits 0 when a rule explains the list (or the design's own rule derives
    /// it exactly), 1 when no rule searched costs less than the list itself, 2 when the
    /// design cannot be read or has no list to explain.
    Explain {
        /// Design file whose tiles to explain.
        #[arg(value_name = "DESIGN")]
        design: PathBuf,
    },
    /// Start a design: write a commented starter into a new folder, ready to check and build.
    ///
    /// `tilepress new deck my-game` writes `my-game/my-game.toml` and `my-game/cards.csv`.
    /// A folder that exists and holds anything is refused (exit 2): nothing is overwritten.
    New(super::new::NewArgs),
    /// Draw rulebook diagrams as SVG, PDF and PNG, checking each position's stated legality.
    ///
    /// Writes `OUT/<file stem>.svg`, `.pdf` and `.png` per diagram; exits 1 without writing
    /// when a position is not as legal as its file says, 2 when a file cannot be read.
    Diagram(DiagramArgs),
    /// Write a design's components for a rulebook: a page drawing every distinct tile, card,
    /// counter and piece once with its number or name and count, and a Markdown list.
    ///
    /// Writes `OUT/<stem>/<stem>-components.md`, `.svg`, `.pdf` and `.png` (`OUT` is
    /// `output/components` by default; pages `-components-1.svg`, `-components-2.svg`, … when
    /// the drawing is longer than one page); exits 2 when the design cannot be read or the
    /// folder cannot be written.
    Components(super::components::ComponentsArgs),
    /// Live preview in the browser: sheets, check report and diagrams, updated on every save.
    ///
    /// Prints the address to open (http://127.0.0.1:7070/ by default). The page shows every
    /// sheet side as zoomable SVG, the check report linked to the lines of the design text,
    /// and the design's diagrams (files in `--diagrams` whose `design` is this file). When
    /// the design (or a file beside it, or a diagram) is saved, the page updates by itself;
    /// a design that no longer reads shows its error over the last good picture. Nothing is
    /// written until the page's build button is pressed. Without a design, serves every
    /// `*.toml` in `designs/` with a list to pick from. Stop with Ctrl+C.
    Serve(super::serve::ServeArgs),
}

/// Options of `diagram`; they override the diagram file's `width_mm` and `dpi`.
#[derive(Debug, Args)]
pub struct DiagramArgs {
    /// Diagram files (see docs/format.md, section Diagrams).
    #[arg(required = true, value_name = "DIAGRAM")]
    pub diagrams: Vec<PathBuf>,
    /// Output folder.
    #[arg(short, long, value_name = "DIR", default_value = "output/diagrams")]
    pub output: PathBuf,
    /// Printed width in mm.
    #[arg(long, value_name = "MM")]
    pub width: Option<f64>,
    /// PNG resolution in dots per inch.
    #[arg(long)]
    pub dpi: Option<f64>,
}

/// Options of `build`; sheet options override the design's `[sheet]` table.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Design files to build (default: every `*.toml` in `designs/`).
    #[arg(value_name = "DESIGN")]
    pub designs: Vec<PathBuf>,
    /// Output folder; each design goes to a sub-folder named after its file.
    #[arg(short, long, value_name = "DIR", default_value = "output")]
    pub output: PathBuf,
    /// How many designs (and diagrams) to build at once (default: the machine's cores); the
    /// files are the same whatever the number.
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Paper: A3, A4, A5, Letter, Legal, or WIDTHxHEIGHT in mm (e.g. 300x400).
    #[arg(long)]
    pub paper: Option<String>,
    /// Page orientation: auto (whichever fits more tiles), portrait or landscape.
    #[arg(long)]
    pub orientation: Option<String>,
    /// Margin between the paper's edge and anything printed, in mm.
    #[arg(long, value_name = "MM")]
    pub margin: Option<f64>,
    /// Gap between tiles in mm; 0 packs tiles edge to edge so neighbours share a cut.
    #[arg(long, value_name = "MM")]
    pub gap: Option<f64>,
    /// How the backs print: long-edge or short-edge (the printer turns the sheet), fold
    /// (one side only, fronts on one half and backs on the other: fold the sheet along the
    /// middle; fold-long or fold-short to choose the fold line), or none (fronts only).
    #[arg(long)]
    pub duplex: Option<String>,
    /// Fail (exit 1) instead of building when `check` finds problems in the set.
    #[arg(long)]
    pub strict: bool,
    /// Only this part (repeat for several): `tiles`, `pieces`, `board`, `nets`, or a deck's,
    /// counters', track's or map's name as its files spell it (`royal-decrees`): only
    /// those parts are built, in every format, and the output folder's other files are
    /// kept (the parts' files replaced). A design without any of them is passed over; a
    /// name no design has is an error (exit 2). Diagrams are not drawn.
    #[arg(long = "part", value_name = "NAME")]
    pub parts: Vec<String>,
    #[command(flatten)]
    pub print: super::printing::PrintArgs,
}
