//! The lattice packing: page orientation and tiling direction that fit the most tiles inside
//! the margins, above the footer band, and each sheet's tiles centred with their cuts.

use std::f64::consts::PI;

use kurbo::Rect;

use super::cut_lines::cut_lines;
use super::fold::front_half;
use super::marks::crop_marks;
pub use super::packing::FOOTER_BAND_MM;
use super::packing::{FooterPlace, Packed, SheetPlacement};
use super::registration::within_clear_band;
use super::trim_lines::{CutReach, sheet_guides, trim_lines};
use crate::geometry::lattice_fill::LatticeFill;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::{TilePlacement, centre_in};
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::CUT_INK_REACH_MM;

/// The chosen page size, how many tiles one sheet holds and the places of those printed.
#[derive(Clone, Debug)]
pub struct SheetLayout {
    pub width_mm: f64,
    pub height_mm: f64,
    /// Tiles one sheet holds.
    pub per_sheet: usize,
    /// The first tile places in reading order, as many as asked for (at most `per_sheet`);
    /// every sheet uses the first `n` of them.
    pub places: Vec<TilePlacement>,
}

impl SheetLayout {
    pub fn is_landscape(&self) -> bool {
        self.width_mm > self.height_mm
    }

    /// The area tiles may use: inside the margins, above the footer band.
    pub fn tile_area(width: f64, height: f64, margin: f64) -> Rect {
        FooterPlace::Bottom.clear_area(width, height, margin)
    }

    /// The area the outlines of cutouts may use on a `width × height` page of `sheet` with
    /// the footer at `footer`: inside the margins and clear of the footer band, of the
    /// registration marks' clearance when the sheet prints them, on a fold-over sheet the
    /// fronts' half ([`front_half`]) — less `beyond`, how far ink reaches beyond what is
    /// placed in it (a tile's bleed; a cut line's casing, [`CUT_INK_REACH_MM`], beyond a
    /// cut outline), so that nothing is printed inside the margin, the footer band or a
    /// mark's clearance; on a shared sheet, inside the part's region. The one place that says
    /// so: every packing, its centring, crop marks and guides read it.
    pub fn outline_area(
        width: f64,
        height: f64,
        sheet: &SheetSettings,
        footer: FooterPlace,
        beyond: f64,
    ) -> Rect {
        let area = footer.clear_area(width, height, sheet.margin_mm);
        let area = if sheet.print.registration_marks {
            within_clear_band(area, height, sheet.margin_mm)
        } else {
            area
        };
        let area = front_half(area, sheet.duplex, (width, height));
        let area = match sheet.region {
            Some(region) => area.intersect(region.area),
            None => area,
        };
        area.inset(-beyond)
    }

    /// The area tiles of a tile sheet may use on a `width` × `height` page: the
    /// [`Self::outline_area`] above the footer, less the bleed around tiles spaced apart
    /// (so bled art stays inside the margins and off the footer band) or the cut lines'
    /// casing, whichever reaches further.
    pub fn sheet_tile_area(width: f64, height: f64, sheet: &SheetSettings) -> Rect {
        let beyond = sheet.print.bleed_for_gap(sheet.gap_mm).max(CUT_INK_REACH_MM);
        SheetLayout::outline_area(width, height, sheet, FooterPlace::Bottom, beyond)
    }
}

/// The layout fitting the most tiles, with the places of the first `wanted` (counted, not
/// listed, beyond them: one tile on large paper costs one place); `None` if not even one
/// tile fits.
pub fn choose_layout(
    shape: RegularPolygon,
    sheet: &SheetSettings,
    wanted: usize,
) -> Option<SheetLayout> {
    let mut best: Option<((f64, f64), LatticeFill)> = None;
    for (width, height) in sheet.page_sizes() {
        let area = SheetLayout::sheet_tile_area(width, height, sheet);
        if area.width() <= 0.0 || area.height() <= 0.0 {
            continue;
        }
        // Turning the tiling by half a corner angle gives the other classic direction
        // (flat-topped versus pointy-topped hexagons, rows versus columns of triangles).
        for turn in [0.0, PI / 2.0] {
            let Some(fill) = LatticeFill::new(shape, sheet.gap_mm, turn, area) else { continue };
            if fill.count() > best.as_ref().map_or(0, |(_, b)| b.count()) {
                best = Some(((width, height), fill));
            }
        }
    }
    let ((width_mm, height_mm), fill) = best?;
    Some(SheetLayout { width_mm, height_mm, per_sheet: fill.count(), places: fill.first(wanted) })
}

/// `count` tiles on as many sheets as the best layout needs, each sheet's block centred like
/// a full one, cut by long trimmer lines where they cross no tile (then a full sheet needs
/// no crop marks: its lines run into the margin; a part-filled sheet's stop at its tiles, and
/// crop marks carry them on), otherwise edge by edge with crop marks; `Err` says why not even one tile fits.
pub fn lattice_sheets(
    shape: RegularPolygon,
    count: usize,
    sheet: &SheetSettings,
) -> Result<Packed, String> {
    let Some(layout) = choose_layout(shape, sheet, count) else {
        let (w, h) = sheet.paper_mm;
        return Err(format!(
            "a {:.1} mm {} does not fit on {} paper ({w} × {h} mm) inside {} mm margins",
            shape.edge_mm,
            shape.shape_name(),
            sheet.paper_name,
            sheet.margin_mm
        ));
    };
    let (width, height) = (layout.width_mm, layout.height_mm);
    let per_sheet = layout.per_sheet;
    let registration = sheet.print.registration_marks;
    let area = SheetLayout::sheet_tile_area(width, height, sheet);
    let guides = sheet_guides(width, height, sheet);
    let sheets = (0..count.div_ceil(per_sheet).max(1))
        .map(|index| {
            let first = index * per_sheet;
            let on_sheet = count.saturating_sub(first).min(per_sheet);
            let mut places = layout.places[..on_sheet].to_vec();
            centre_in(&mut places, shape, area);
            // Long trimmer cuts make crop marks redundant: they run on past every corner. On a
            // part-filled sheet they run only along the tiles, not through empty paper.
            let reach = if on_sheet == per_sheet {
                CutReach::AcrossSheet(guides)
            } else {
                CutReach::AlongCutouts
            };
            let trims = trim_lines(shape, &places, reach);
            // A part-filled sheet's cuts stop at its tiles: crop marks carry them on.
            let crops = if trims.is_some() && on_sheet == per_sheet {
                Vec::new()
            } else {
                crop_marks(shape, &places, area)
            };
            SheetPlacement {
                placed: places
                    .iter()
                    .enumerate()
                    .map(|(k, p)| (first + k, p.transform()))
                    .collect(),
                cuts: cut_lines(shape, &places, trims),
                crops,
            }
        })
        .collect();
    Ok(Packed {
        page_mm: (width, height),
        sheets,
        per_sheet,
        printable_mm2: area.area(),
        registration,
        footer: super::packing::FooterPlace::Bottom,
        duplex: sheet.duplex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::sheet_settings::Orientation;

    fn a4(orientation: Orientation) -> SheetSettings {
        super::super::packing::a4_sheet(orientation)
    }

    #[test]
    fn auto_orientation_fits_at_least_as_many_as_either_fixed_one() {
        let hex = RegularPolygon::new(6, 24.0);
        let auto = choose_layout(hex, &a4(Orientation::Auto), 1).unwrap().per_sheet;
        let portrait = choose_layout(hex, &a4(Orientation::Portrait), 1).unwrap().per_sheet;
        let landscape = choose_layout(hex, &a4(Orientation::Landscape), 1).unwrap();
        assert!(landscape.is_landscape());
        assert_eq!(landscape.places.len(), 1);
        assert_eq!(auto, portrait.max(landscape.per_sheet));
    }

    #[test]
    fn a_tile_larger_than_the_paper_fits_nowhere() {
        assert!(choose_layout(RegularPolygon::new(6, 200.0), &a4(Orientation::Auto), 1).is_none());
    }

    #[test]
    fn fifty_two_triangles_of_40_mm_fit_in_rows_of_13_on_landscape_a4() {
        let tri = RegularPolygon::new(3, 40.0);
        let sheet = SheetSettings { margin_mm: 7.0, ..a4(Orientation::Landscape) };
        let layout = choose_layout(tri, &sheet, 52).unwrap();
        assert!(layout.is_landscape());
        // 283 mm between the margins, less the cut lines' casing (0.6 mm at each end), takes
        // 13 triangles (7 + 6 alternating, 280 mm); the first 52 places are four whole rows.
        assert!(layout.per_sheet >= 52, "{} places", layout.per_sheet);
        assert_eq!(layout.places.len(), 52);
        let rows: Vec<i64> =
            layout.places[..52].iter().map(|p| (p.centre.y * 100.0).round() as i64).collect();
        let mut heights = rows;
        heights.dedup();
        // Up and down triangles of one row have centres at two heights.
        assert_eq!(heights.len(), 8, "four rows of two centre heights each");
        for pair in heights.chunks(2) {
            let row: Vec<f64> = layout.places[..52]
                .iter()
                .filter(|p| pair.contains(&((p.centre.y * 100.0).round() as i64)))
                .map(|p| p.centre.x)
                .collect();
            assert_eq!(row.len(), 13);
            let width = row.iter().fold(f64::MIN, |a, &b| a.max(b))
                - row.iter().fold(f64::MAX, |a, &b| a.min(b));
            assert!((width - 12.0 * 20.0).abs() < 1e-6, "a row spans 12 half-edges: {width}");
        }
    }
}
