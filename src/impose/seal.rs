//! Sealed lamination on the sheet: tiles, cards and counters spaced so each keeps a border of film fused to film, cut at the outline plus the seal (corners rounded), the outline printed as the guide the paper is cut along before laminating.
//!
//! The packing is the part's own, asked to place the sealed contours instead of the
//! outlines: a lattice places the tile grown by the seal (its edges are the contour's
//! straight runs) with a gap between them, so a honeycomb becomes spaced hexagons; n-up and
//! staggered rows place the contours a gap apart. Every cut is then the contour, each item's
//! own; no line is shared and no crop mark continues a rounded corner.

use kurbo::{Affine, BezPath, Cap, Join, Rect, Shape as _, Stroke, StrokeOpts};

use super::cut_lines::cut_stroke;
use super::hex_pack::hexagonal_sheets;
use super::layout::lattice_sheets;
use super::n_up::n_up_sheets;
use super::packing::{Packed, Packing};
use crate::cutout::Cutout;
use crate::geometry::outline::Outline;
use crate::geometry::polygon::RegularPolygon;
use crate::model::print::laminate::{SEAL_REFUSED, seal_larger_than};
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::{CASING_COLOUR, FOLD_COLOUR};
use crate::scene::{Item, Shape, Stroke as LineStroke};

/// What a sealed sheet's footer tells the user to do.
pub const SEALED_STEPS: &str =
    "cut each item out on its thin guide, laminate them apart, cut the film on the black lines";

/// Space between the sealed cuts of neighbouring items when the sheet asks for less, in
/// mm: their casings (0.6 mm each side) keep apart.
pub const SEALED_GAP_MM: f64 = 2.0;
/// The guide along each outline: a thin dark line on a light casing, lighter than a cut.
pub const GUIDE_WIDTH_MM: f64 = 0.25;
pub const GUIDE_CASING_MM: f64 = 0.6;
/// How closely the rounded contour follows the true offset, in mm.
const CONTOUR_TOLERANCE_MM: f64 = 1e-4;

/// What sealing does with a packing's part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sealing {
    /// Its items are spaced and each sealed (tiles, cards, counters).
    Sealed,
    /// Printed as when laminated whole: one large item (a board, a track, a map), or the
    /// slots of a sheet template (it comes cut).
    AsUsual,
    /// Cannot keep a sealed border (pieces on their grid, nets that fold).
    Refused,
}

/// What sealing does with parts packed by `packing`.
pub fn sealing(packing: &Packing) -> Sealing {
    match packing {
        Packing::Lattice(_) | Packing::NUp { .. } | Packing::Hexagonal { .. } => Sealing::Sealed,
        Packing::Centred | Packing::Tiled { .. } | Packing::Slots(_) => Sealing::AsUsual,
        // Sealed when every part is (a run of parts shares sheets only then).
        Packing::Shared(parts) => {
            match parts.iter().all(|p| sealing(&p.packing) == Sealing::Sealed) {
                true => Sealing::Sealed,
                false => Sealing::AsUsual,
            }
        }
        Packing::Polyform { .. } | Packing::Shelves => Sealing::Refused,
    }
}

/// The seal the part's sheets print with: the sheet's, when it seals and `packing` is
/// one it seals.
pub fn seal_of(packing: &Packing, sheet: &SheetSettings) -> Option<f64> {
    sheet.print.laminate.seal_mm().filter(|_| sealing(packing) == Sealing::Sealed)
}

/// The closed path `seal_mm` outside the convex `outline` everywhere: its straight runs
/// moved out by the seal, its corners rounded with the seal as radius (the outer contour
/// of the outline stroked twice the seal wide with round joins).
pub fn sealed_contour(outline: &BezPath, seal_mm: f64) -> BezPath {
    let style = Stroke::new(2.0 * seal_mm).with_join(Join::Round).with_caps(Cap::Round);
    let stroked =
        kurbo::stroke(outline.iter(), &style, &StrokeOpts::default(), CONTOUR_TOLERANCE_MM);
    let mut contours: Vec<BezPath> = Vec::new();
    for element in stroked.elements() {
        if matches!(element, kurbo::PathEl::MoveTo(_)) || contours.is_empty() {
            contours.push(BezPath::new());
        }
        if let Some(last) = contours.last_mut() {
            last.push(*element);
        }
    }
    contours
        .into_iter()
        .max_by(|a, b| a.area().abs().total_cmp(&b.area().abs()))
        .unwrap_or_default()
}

/// The part's sheets with each item sealed, `seal_mm` of film around it; `None` when the
/// packing prints as usual, `Err` when it cannot be sealed or the seal is larger than an
/// item (`noun` names one).
pub fn sealed_sheets(
    packing: &Packing,
    cutouts: &[Cutout],
    sheet: &SheetSettings,
    noun: &str,
    seal_mm: f64,
) -> Option<Result<Packed, String>> {
    match sealing(packing) {
        Sealing::AsUsual => return None,
        Sealing::Refused => {
            return Some(Err(format!("{noun}s cannot be sealed: {SEAL_REFUSED}")));
        }
        Sealing::Sealed => {}
    }
    let too_large = cutouts.iter().find_map(|c| {
        let bounds = c.outline.bounds();
        seal_larger_than(seal_mm, &format!("a {noun}"), (bounds.width(), bounds.height()))
    });
    if let Some(message) = too_large {
        return Some(Err(message));
    }
    let gap = sheet.gap_mm.max(SEALED_GAP_MM);
    let contours: Vec<BezPath> =
        cutouts.iter().map(|c| sealed_contour(&c.outline.path, seal_mm)).collect();
    let packed = match packing {
        Packing::Lattice(shape) => {
            // The tile grown by the seal: its edges carry the contour's straight runs.
            let apothem = shape.apothem();
            let grown =
                RegularPolygon::new(shape.sides, shape.edge_mm * (apothem + seal_mm) / apothem);
            let mut print = sheet.print.clone();
            print.bleed_mm = Some(0.0);
            let spaced = SheetSettings { gap_mm: gap, print, ..sheet.clone() };
            lattice_sheets(grown, cutouts.len(), &spaced)
        }
        _ => {
            let sealed: Vec<Cutout> = cutouts
                .iter()
                .zip(&contours)
                .map(|(c, contour)| contour_cutout(c, contour))
                .collect();
            match packing {
                Packing::Hexagonal { .. } => hexagonal_sheets(&sealed, gap, sheet),
                _ => n_up_sheets(&sealed, gap, sheet),
            }
        }
    };
    Some(packed.map(|mut packed| {
        for placement in &mut packed.sheets {
            let mut cuts = BezPath::new();
            for &(index, transform) in &placement.placed {
                if let Some(contour) = contours.get(index) {
                    cuts.extend((transform * contour.clone()).elements().iter().copied());
                }
            }
            placement.cuts = vec![cut_stroke(cuts)];
            placement.crops.clear();
        }
        packed
    }))
}

/// A stand-in for `cutout` that packings place by its sealed `contour`: the contour as its
/// outline, its extent the contour's bounds with any bleed beyond them.
fn contour_cutout(cutout: &Cutout, contour: &BezPath) -> Cutout {
    let outline = Outline { path: contour.clone(), ..cutout.outline.clone() };
    let extent: Rect = contour.bounding_box().union(cutout.extent);
    Cutout { extent, ..Cutout::shared(cutout.label.clone(), outline, Vec::new()) }
}

/// The guides of a sealed sheet's placed cutouts: each outline, where the paper is cut
/// before it goes into the pouch (the film is cut later, along the sealed cut).
pub fn paper_guides(placed: &[(&Cutout, Affine)]) -> Vec<Item> {
    let mut path = BezPath::new();
    for (cutout, transform) in placed {
        path.extend((*transform * cutout.outline.path.clone()).elements().iter().copied());
    }
    if path.elements().is_empty() {
        return Vec::new();
    }
    vec![
        Item::Shape(Shape::stroked(
            path.clone(),
            LineStroke::solid(CASING_COLOUR, GUIDE_CASING_MM),
        )),
        Item::Shape(Shape::stroked(path, LineStroke::solid(FOLD_COLOUR, GUIDE_WIDTH_MM))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::{ParamCurveNearest, Point};

    /// The distance from `p` to the nearest point of `path`.
    fn distance(path: &BezPath, p: Point) -> f64 {
        path.segments().map(|s| s.nearest(p, 1e-9).distance_sq.sqrt()).fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn the_contour_keeps_the_seal_from_every_outline_kind() {
        let outlines = [
            Outline::regular(RegularPolygon::new(6, 24.0)).path,
            Outline::regular(RegularPolygon::new(3, 40.0)).path,
            kurbo::RoundedRect::new(-31.5, -44.0, 31.5, 44.0, 3.0).to_path(1e-4),
            Outline::circle(20.0).path,
            Outline::rectangle(30.0, 20.0).path,
        ];
        for outline in outlines {
            let contour = sealed_contour(&outline, 3.0);
            let samples: Vec<Point> = contour
                .segments()
                .flat_map(|s| {
                    (0..10).map(move |k| kurbo::ParamCurve::eval(&s, f64::from(k) / 10.0))
                })
                .collect();
            assert!(samples.len() > 10);
            for p in samples {
                let d = distance(&outline, p);
                assert!((d - 3.0).abs() < 0.01, "{p:?} is {d} mm from the outline");
            }
            assert!(contour.area().abs() > outline.area().abs(), "the outer contour");
        }
    }
}
