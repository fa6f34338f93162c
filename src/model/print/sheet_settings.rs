//! `[sheet]` and `[backs]` resolved: paper, orientation, margins, gap, duplex and the print
//! corrections, and what tile backs show.

use crate::geometry::polygon::RegularPolygon;
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::print::paper::parse_paper;
use crate::model::print::sheet_table::SheetTable;
use crate::model::rules::set_tables::BacksTable;
use crate::model::rules::tile_set::Style;
use crate::scene::Colour;

/// What the backs show.
#[derive(Clone, Debug)]
pub struct Backs {
    pub enabled: bool,
    pub background: Colour,
    pub text_height_mm: f64,
    pub mark_upside_down_numbers: bool,
}

/// Which way the sheet is turned over for its second side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplex {
    LongEdge,
    ShortEdge,
    /// Single-sided: no back pages.
    None,
    /// Single-sided and folded (a fold-over sheet): fronts on one half of the page, their
    /// backs on the other as their mirror image across the fold line.
    Fold(FoldLine),
}

impl Duplex {
    /// Whether the printer turns the sheet over to print the backs on its other side.
    pub fn turns_sheet(self) -> bool {
        matches!(self, Duplex::LongEdge | Duplex::ShortEdge)
    }
}

/// Where a fold-over sheet folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldLine {
    /// Along the middle of the long edges: the fold line parallel to them (halves side by
    /// side on a portrait sheet).
    Long,
    /// Along the middle of the short edges (halves one above the other on a portrait sheet).
    Short,
    /// Whichever of the two holds more items (chosen per part when it is packed).
    Either,
}

/// Page orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Portrait,
    Landscape,
    /// Whichever fits more tiles.
    Auto,
}

/// Paper and imposition.
#[derive(Clone, Debug)]
pub struct SheetSettings {
    /// Paper width and height in mm, portrait (width ≤ height).
    pub paper_mm: (f64, f64),
    pub paper_name: String,
    pub orientation: Orientation,
    pub margin_mm: f64,
    pub gap_mm: f64,
    pub duplex: Duplex,
    /// Bleed, duplex corrections and PNG outputs.
    pub print: crate::model::print::corrections::PrintSettings,
    /// Where a part may print when it shares its sheets with the parts before it: one page
    /// size and a rectangle on it (`impose::shared_sheets`); `None`, the whole sheet.
    pub region: Option<SheetRegion>,
}

/// A part's room on a sheet it shares: the page it is on, and the rectangle (in mm on that
/// page) its outlines, cuts and marks must keep inside.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SheetRegion {
    pub page_mm: (f64, f64),
    pub area: kurbo::Rect,
}

impl SheetSettings {
    /// Page sizes (width, height) the orientation setting allows, portrait first (a shared
    /// sheet's region: its page only).
    pub fn page_sizes(&self) -> Vec<(f64, f64)> {
        if let Some(region) = self.region {
            return vec![region.page_mm];
        }
        let (w, h) = self.paper_mm;
        match self.orientation {
            Orientation::Portrait => vec![(w, h)],
            Orientation::Landscape => vec![(h, w)],
            // Square paper is the same either way up: tried once.
            Orientation::Auto if w == h => vec![(w, h)],
            Orientation::Auto => vec![(w, h), (h, w)],
        }
    }
}

impl Resolver<'_> {
    pub(crate) fn backs(
        &mut self,
        table: Option<&BacksTable>,
        palette: &Palette,
        style: &Style,
        shape: RegularPolygon,
        tiles: &[crate::model::rules::tile_set::Tile],
    ) -> Backs {
        let default = BacksTable::default();
        let table = table.unwrap_or(&default);
        let background = match &table.background {
            Some(name) => {
                self.colour_name(name, palette).map_or(style.background, |n| palette.colour(&n))
            }
            None => style.background,
        };
        Backs {
            enabled: table.enabled.unwrap_or_else(|| {
                table.template.is_some()
                    || !table.layers.is_empty()
                    || tiles.iter().any(|t| t.back.is_some() || t.back_side.is_some())
            }),
            background,
            text_height_mm: table.text_height_mm.as_ref().map_or(shape.apothem() * 0.7, |h| {
                self.length(h, "`text_height_mm`", (1.0, 2.0 * shape.apothem()))
            }),
            mark_upside_down_numbers: table.mark_upside_down_numbers.unwrap_or(true),
        }
    }

    pub(crate) fn sheet(&mut self, table: Option<&SheetTable>) -> SheetSettings {
        let default = SheetTable::default();
        let table = table.unwrap_or(&default);
        let (paper_name, paper_mm) = match &table.paper {
            None => ("A4".to_string(), (210.0, 297.0)),
            Some(paper) => parse_paper(paper.get_ref()).unwrap_or_else(|message| {
                self.error(&paper.span(), message, "e.g. paper = \"A4\" or paper = \"300x400\"");
                ("A4".to_string(), (210.0, 297.0))
            }),
        };
        let orientation = match &table.orientation {
            None => Orientation::Auto,
            Some(name) => parse_orientation(name.get_ref()).unwrap_or_else(|| {
                self.error(
                    &name.span(),
                    format!("unknown orientation `{}`", name.get_ref()),
                    "use `auto`, `portrait` or `landscape`",
                );
                Orientation::Auto
            }),
        };
        let duplex = match &table.duplex {
            None => Duplex::LongEdge,
            Some(name) => parse_duplex(name.get_ref()).unwrap_or_else(|| {
                self.error(
                    &name.span(),
                    format!("unknown duplex flip `{}`", name.get_ref()),
                    &format!("use one of {DUPLEX_CHOICES}"),
                );
                Duplex::LongEdge
            }),
        };
        let margin_mm = table
            .margin_mm
            .as_ref()
            .map_or(DEFAULT_MARGIN_MM, |m| self.length(m, "`margin_mm`", (0.0, 100.0)));
        let gap_mm =
            table.gap_mm.as_ref().map_or(0.0, |g| self.length(g, "`gap_mm`", (0.0, 100.0)));
        let print = crate::model::print::corrections::resolve_print(self, table);
        if let (Duplex::Fold(_), Some(name)) = (duplex, &table.duplex)
            && print.registration_marks
        {
            self.error(
                &name.span(),
                crate::model::print::corrections::FOLD_WITH_REGISTRATION.into(),
                crate::model::print::corrections::FOLD_WITH_REGISTRATION_HELP,
            );
        }
        SheetSettings {
            paper_mm,
            paper_name,
            orientation,
            margin_mm,
            gap_mm,
            duplex,
            print,
            region: None,
        }
    }
}

/// Default margin between the paper's edge and anything printed, in mm.
pub const DEFAULT_MARGIN_MM: f64 = 5.0;

/// `auto`, `portrait` or `landscape`.
pub fn parse_orientation(text: &str) -> Option<Orientation> {
    match text.trim().to_ascii_lowercase().as_str() {
        "auto" => Some(Orientation::Auto),
        "portrait" => Some(Orientation::Portrait),
        "landscape" => Some(Orientation::Landscape),
        _ => None,
    }
}

/// The ways of printing backs, as `duplex` and `--duplex` name them ([`parse_duplex`]).
pub const DUPLEX_CHOICES: &str = "long-edge, short-edge, fold, fold-long, fold-short or none";

/// `long-edge`, `short-edge`, `fold` (`fold-long`, `fold-short`) or `none`.
pub fn parse_duplex(text: &str) -> Option<Duplex> {
    match text.trim().to_ascii_lowercase().as_str() {
        "long-edge" | "long" => Some(Duplex::LongEdge),
        "short-edge" | "short" => Some(Duplex::ShortEdge),
        "fold" => Some(Duplex::Fold(FoldLine::Either)),
        "fold-long" => Some(Duplex::Fold(FoldLine::Long)),
        "fold-short" => Some(Duplex::Fold(FoldLine::Short)),
        "none" => Some(Duplex::None),
        _ => None,
    }
}

/// `Err` when the margins leave no room on the paper.
pub fn margins_fit(sheet: &SheetSettings) -> Result<(), String> {
    let (w, h) = sheet.paper_mm;
    let margin = sheet.margin_mm;
    if 2.0 * margin >= w.min(h) {
        return Err(format!(
            "{margin} mm margins leave no room on {} paper ({w} × {h} mm)",
            sheet.paper_name
        ));
    }
    Ok(())
}
