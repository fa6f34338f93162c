//! Packings: how cutouts fill sheets, chosen per part — a lattice tiling, polyforms on a
//! grid, shelves, one item centred, one item tiled over sheets — each answering where every
//! cutout goes and which cuts and crop marks the packing itself draws.
//!
//! A new kind of component adds a variant here and one function (in its own file) that
//! returns [`Packed`]; `impose::pages` then makes its pages, backs, marks and footers.

use std::ops::Range;

use kurbo::{Affine, Rect};

use crate::geometry::grid::{Cell, Grid};
use crate::geometry::polygon::RegularPolygon;
use crate::model::print::sheet_settings::{Duplex, SheetSettings};
use crate::model::print::sheet_template::SheetTemplate;
use crate::scene::Item;

/// How a part's cutouts fill its sheets.
#[derive(Clone, Debug, PartialEq)]
pub enum Packing {
    /// The edge-to-edge tiling of one regular polygon, in the orientation and direction that
    /// fit most (tiles): shared cuts, long trimmer cuts where they cross no tile, crop marks.
    Lattice(RegularPolygon),
    /// Polyforms nested on the grid's lattice, largest first (pieces): shared cuts along the
    /// grid. `forms[i]` holds the normalised cells of cutout `i`.
    Polyform { grid: Grid, forms: Vec<Vec<Cell>> },
    /// Items of one size in rows and columns, `gutter_mm` apart (cards, counters — no
    /// source makes them yet): long trimmer cuts without a gutter, each outline (rounded
    /// corners too) with crop marks otherwise.
    NUp { gutter_mm: f64 },
    /// Round items of one size in staggered rows, `gap_mm` apart (circular tiles, counters):
    /// each cut along its own outline, once.
    Hexagonal { gap_mm: f64 },
    /// Differing sizes left to right in shelves, a gap apart (nets).
    Shelves,
    /// One cutout centred on one sheet; split over sheets like [`Packing::Tiled`] (with the
    /// default overlap) when it is larger (a board on the pieces' grid).
    Centred,
    /// One cutout at real size over as few sheets as the paper allows, neighbouring sheets
    /// overlapping by `overlap_mm` (a painted board, a map); `outline_in_map`: the sheets'
    /// assembly map draws the cutout's outline over them (a map cut along its cells).
    Tiled { overlap_mm: f64, outline_in_map: bool },
    /// Into the slots of a die-cut card sheet or label sheet, in order (`slots.rs`): no
    /// cuts, no marks, no footer.
    Slots(Box<SheetTemplate>),
    /// Several parts on shared sheets (`shared_sheets/`), each a range of the cutouts
    /// placed by its own packing, in the room the parts before it left.
    Shared(Vec<SharedPart>),
}

/// Height reserved at the bottom of the printable area for the footer, in mm.
pub const FOOTER_BAND_MM: f64 = 13.0;

/// One part on shared sheets ([`Packing::Shared`]): its cutouts (a range of all the sheets'
/// cutouts), its own packing, its name in the footers of the sheets it is on, and one of
/// its items in messages (`card`; `None` for tiles).
#[derive(Clone, Debug, PartialEq)]
pub struct SharedPart {
    pub range: Range<usize>,
    pub packing: Packing,
    pub name: String,
    pub noun: Option<&'static str>,
}

impl SharedPart {
    /// Whether cutout `index` (of all the sheets' cutouts) is this part's.
    pub fn holds(&self, index: usize) -> bool {
        self.range.contains(&index)
    }
}

/// Where the cutouts of one sheet go, and what the packing draws on it.
#[derive(Clone, Debug, Default)]
pub struct SheetPlacement {
    /// Cutout index and the map from its frame to the page, in drawing order.
    pub placed: Vec<(usize, Affine)>,
    /// Cut lines along the placed outlines, each shared edge once (page coordinates).
    pub cuts: Vec<Item>,
    /// Crop marks in the margin.
    pub crops: Vec<Item>,
}

/// The cutouts placed on sheets of one paper size.
#[derive(Clone, Debug)]
pub struct Packed {
    pub page_mm: (f64, f64),
    pub sheets: Vec<SheetPlacement>,
    /// How many cutouts one sheet holds (a lattice: its places; otherwise the most placed).
    pub per_sheet: usize,
    /// The area cutouts may use on one sheet, in mm².
    pub printable_mm2: f64,
    /// Whether the packing kept the band of the registration marks clear, so that the pages
    /// print them (only lattice sheets do so far).
    pub registration: bool,
    /// Where the footer goes: in the band at the bottom, or turned along the right edge
    /// when that holds more cutouts (n-up cards on Letter).
    pub footer: FooterPlace,
    /// How the sheets print their backs: the sheet settings', with a fold-over sheet's
    /// fold line chosen, and `None` for a part without backs (the one place that says
    /// whether a part's pages get backs).
    pub duplex: Duplex,
}

/// Where a sheet's footer (text and 10 mm square) is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FooterPlace {
    /// In the band above the bottom margin.
    #[default]
    Bottom,
    /// Turned a quarter, in a band inside the right margin (on the back page, the band
    /// behind it).
    Side,
    /// None: the sheet's every place is the template's (a label sheet).
    None,
}

impl FooterPlace {
    /// The area inside the margins of a `width × height` page clear of the footer here.
    pub fn clear_area(self, width: f64, height: f64, margin: f64) -> Rect {
        match self {
            FooterPlace::Bottom => {
                Rect::new(margin, margin, width - margin, height - margin - FOOTER_BAND_MM)
            }
            FooterPlace::Side => {
                Rect::new(margin, margin, width - margin - FOOTER_BAND_MM, height - margin)
            }
            FooterPlace::None => Rect::new(margin, margin, width - margin, height - margin),
        }
    }
}

impl Packed {
    /// Sheets filled in `area` of `page_mm` paper, up to `per_sheet` cutouts each, clear of
    /// the registration band when the sheet settings print registration marks.
    pub fn in_area(
        page_mm: (f64, f64),
        sheets: Vec<SheetPlacement>,
        per_sheet: usize,
        area: Rect,
        sheet: &SheetSettings,
    ) -> Packed {
        Packed {
            page_mm,
            sheets,
            per_sheet,
            printable_mm2: area.area(),
            registration: sheet.print.registration_marks,
            footer: FooterPlace::Bottom,
            duplex: sheet.duplex,
        }
    }
}

/// A4 paper with 8 mm margins, printed long-edge duplex, for tests.
#[cfg(test)]
pub(crate) fn a4_sheet(
    orientation: crate::model::print::sheet_settings::Orientation,
) -> SheetSettings {
    SheetSettings {
        paper_mm: (210.0, 297.0),
        paper_name: "A4".into(),
        orientation,
        margin_mm: 8.0,
        gap_mm: 0.0,
        duplex: crate::model::print::sheet_settings::Duplex::LongEdge,
        print: crate::model::print::corrections::PrintSettings::default(),
        region: None,
    }
}
