//! Arranging a part: its packing asked where each cutout goes on sheets of the paper (one file per packing), on a fold-over sheet the fold line that holds more, and why a part does not fit.

use kurbo::{Affine, Rect};

use super::cut_lines::cut_maker_beside_art;
use super::fold::fold_choices;
use super::hex_pack::hexagonal_sheets;
use super::layout::{SheetLayout, lattice_sheets};
use super::n_up::n_up_sheets;
use super::pack::polyform_sheets;
use super::packing::{FooterPlace, Packed, Packing, SheetPlacement};
use super::seal::sealed_sheets;
use super::shared_sheets::shared_sheets;
use super::shelves::shelf_sheets;
use super::slots::slot_sheets;
use super::tiled_board::{TilePlan, plan};
use crate::cutout::Cutout;
use crate::model::parts::board::DEFAULT_OVERLAP_MM;
use crate::model::print::corrections::{FOLD_WITH_REGISTRATION, FOLD_WITH_REGISTRATION_HELP};
use crate::model::print::sheet_settings::{Duplex, SheetSettings};
use crate::model::print::sheet_template::TEMPLATE_NO_FOLD;
use crate::scene::cut_style::CUT_INK_REACH_MM;

/// What a packing made of a part: sheets of placed cutouts, or one cutout split over sheets.
#[derive(Clone, Debug)]
pub enum Arrangement {
    Sheets(Packed),
    Split(TilePlan),
}

/// Places `cutouts` on sheets of `sheet`'s paper by `packing`; `Err` says why they do not
/// fit. `noun` names one cutout in messages (`net`, `board`); `front_and_back` says that the
/// part prints the backs its cutouts have. A fold-over sheet puts the fronts on one half
/// (the fold line that holds more of them when the sheet does not say); a part without
/// backs prints single-sided ([`Packed::duplex`] is then `None`).
pub fn arrange(
    packing: &Packing,
    cutouts: &[Cutout],
    sheet: &SheetSettings,
    noun: &str,
    front_and_back: bool,
) -> Result<Arrangement, String> {
    let backs = front_and_back && cutouts.iter().any(|c| c.back.is_some());
    let choices = fold_choices(sheet, backs);
    let folds = choices.iter().any(|s| matches!(s.duplex, Duplex::Fold(_)));
    if folds && sheet.print.registration_marks {
        return Err(format!("{FOLD_WITH_REGISTRATION} ({FOLD_WITH_REGISTRATION_HELP})"));
    }
    if folds && matches!(packing, Packing::Slots(_)) {
        return Err(TEMPLATE_NO_FOLD.into());
    }
    let mut best: Option<Arrangement> = None;
    let mut refused = None;
    for choice in &choices {
        match arrange_on(packing, cutouts, choice, noun) {
            Ok(found) if best.as_ref().is_none_or(|b| fewer_sheets(&found, b)) => {
                best = Some(found);
            }
            Ok(_) => {}
            Err(why) => refused = refused.or(Some(why)),
        }
    }
    best.ok_or_else(|| {
        let why = refused.unwrap_or_default();
        if folds { fold_refusal(why, packing, cutouts, &choices, noun) } else { why }
    })
}

/// Whether `a` takes fewer sheets than `b` (or as many, holding more on each).
fn fewer_sheets(a: &Arrangement, b: &Arrangement) -> bool {
    let measure = |arrangement: &Arrangement| match arrangement {
        Arrangement::Sheets(packed) => (packed.sheets.len(), usize::MAX - packed.per_sheet),
        Arrangement::Split(plan) => (plan.sheets(), usize::MAX),
    };
    measure(a) < measure(b)
}

/// Why no fold-over sheet holds one front and its back, and how large the paper must be:
/// the smallest paper of the same shape on which the packing places them (found by trying
/// larger papers), or print duplex when even four times the paper would not do.
fn fold_refusal(
    why: String,
    packing: &Packing,
    cutouts: &[Cutout],
    choices: &[SheetSettings],
    noun: &str,
) -> String {
    let fits = |scale: f64| {
        choices.iter().any(|choice| {
            let (w, h) = choice.paper_mm;
            let larger = SheetSettings { paper_mm: (w * scale, h * scale), ..choice.clone() };
            arrange_on(packing, cutouts, &larger, noun).is_ok()
        })
    };
    let intro =
        format!("{why} on one half of a fold-over sheet (fronts on one half, backs on the other)");
    let Some(mut high) = [1.25, 1.5, 2.0, 3.0, 4.0].into_iter().find(|&scale| fits(scale)) else {
        return format!("{intro}: print duplex (long-edge or short-edge)");
    };
    let mut low = 1.0;
    for _ in 0..12 {
        let middle = (low + high) / 2.0;
        if fits(middle) { high = middle } else { low = middle }
    }
    let (w, h) = choices[0].paper_mm;
    format!(
        "{intro}: the paper must be at least {:.0} × {:.0} mm, or print duplex (long-edge or short-edge)",
        (w * high).ceil(),
        (h * high).ceil()
    )
}

/// [`arrange`] on sheets that print as `sheet` says (a fold-over sheet's fold line chosen).
pub(super) fn arrange_on(
    packing: &Packing,
    cutouts: &[Cutout],
    sheet: &SheetSettings,
    noun: &str,
) -> Result<Arrangement, String> {
    // Shared sheets seal part by part, each by its own packing.
    if let Some(seal_mm) = sheet.print.laminate.seal_mm()
        && !matches!(packing, Packing::Shared(_))
        && let Some(sealed) = sealed_sheets(packing, cutouts, sheet, noun, seal_mm)
    {
        return sealed.map(Arrangement::Sheets);
    }
    match packing {
        Packing::Lattice(shape) => {
            lattice_sheets(*shape, cutouts.len(), sheet).map(Arrangement::Sheets)
        }
        Packing::Polyform { grid, forms } => {
            polyform_sheets(*grid, forms, sheet).map(Arrangement::Sheets)
        }
        Packing::NUp { gutter_mm } => {
            n_up_sheets(cutouts, *gutter_mm, sheet).map(Arrangement::Sheets)
        }
        Packing::Hexagonal { gap_mm } => {
            hexagonal_sheets(cutouts, *gap_mm, sheet).map(Arrangement::Sheets)
        }
        Packing::Shelves => {
            let extents: Vec<Rect> = cutouts.iter().map(|c| c.extent).collect();
            shelf_sheets(&extents, sheet, noun).map(Arrangement::Sheets)
        }
        Packing::Centred => centred(only(cutouts, noun)?, sheet, noun),
        Packing::Slots(template) => slot_sheets(cutouts, template, sheet).map(Arrangement::Sheets),
        Packing::Shared(parts) => {
            shared_sheets(parts, cutouts, sheet, noun).map(Arrangement::Sheets)
        }
        Packing::Tiled { overlap_mm, .. } => {
            let extent = only(cutouts, noun)?.extent;
            plan(extent, sheet, *overlap_mm).map(Arrangement::Split).ok_or_else(|| {
                format!(
                    "the {noun}'s {overlap_mm} mm overlap leaves no room on {} paper",
                    sheet.paper_name
                )
            })
        }
    }
}

/// The one cutout of a part that packs a single large item.
fn only<'a>(cutouts: &'a [Cutout], noun: &str) -> Result<&'a Cutout, String> {
    match cutouts {
        [one] => Ok(one),
        _ => Err(format!("a {noun} part must hold exactly one item, not {}", cutouts.len())),
    }
}

/// The cutout centred on the first page size that holds it, cut along its outline; split
/// over sheets when none does.
fn centred(cutout: &Cutout, sheet: &SheetSettings, noun: &str) -> Result<Arrangement, String> {
    let bounds = cutout.extent;
    let fits = |&(width, height): &(f64, f64)| {
        let area =
            SheetLayout::outline_area(width, height, sheet, FooterPlace::Bottom, CUT_INK_REACH_MM);
        bounds.width() <= area.width() + 1e-9 && bounds.height() <= area.height() + 1e-9
    };
    let Some((width, height)) = sheet.page_sizes().into_iter().find(fits) else {
        return plan(bounds, sheet, DEFAULT_OVERLAP_MM).map(Arrangement::Split).ok_or_else(|| {
            format!(
                "the {noun} ({:.0} × {:.0} mm) cannot be split over {} sheets inside {} mm margins",
                bounds.width(),
                bounds.height(),
                sheet.paper_name,
                sheet.margin_mm
            )
        });
    };
    let area =
        SheetLayout::outline_area(width, height, sheet, FooterPlace::Bottom, CUT_INK_REACH_MM);
    let transform = Affine::translate(area.center() - bounds.center());
    Ok(Arrangement::Sheets(Packed {
        page_mm: (width, height),
        sheets: vec![SheetPlacement {
            placed: vec![(0, transform)],
            cuts: vec![cut_maker_beside_art(&cutout.front)(
                transform * cutout.outline.path.clone(),
            )],
            crops: Vec::new(),
        }],
        per_sheet: 1,
        printable_mm2: area.area(),
        registration: sheet.print.registration_marks,
        footer: FooterPlace::Bottom,
        duplex: sheet.duplex,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::outline::Outline;
    use crate::impose::packing::a4_sheet;
    use crate::model::print::sheet_settings::Orientation;

    fn a4() -> SheetSettings {
        a4_sheet(Orientation::Portrait)
    }
    #[test]
    fn a_small_board_is_centred_on_one_sheet_and_a_large_one_split() {
        let small = Cutout::shared("board", Outline::rectangle(100.0, 80.0), Vec::new());
        let Arrangement::Sheets(packed) =
            arrange(&Packing::Centred, &[small], &a4(), "board", false).expect("fits")
        else {
            panic!("split a board that fits")
        };
        let (_, transform) = packed.sheets[0].placed[0];
        let area = SheetLayout::tile_area(210.0, 297.0, 8.0);
        assert!((transform * kurbo::Point::ORIGIN - area.center()).hypot() < 1e-9);
        let large = Cutout::shared("board", Outline::rectangle(400.0, 80.0), Vec::new());
        let split = arrange(&Packing::Centred, &[large], &a4(), "board", false).expect("splits");
        assert!(matches!(split, Arrangement::Split(plan) if plan.sheets() >= 2));
    }

    #[test]
    fn single_item_packings_want_exactly_one_item() {
        let err = arrange(
            &Packing::Tiled { overlap_mm: 10.0, outline_in_map: false },
            &[],
            &a4(),
            "board",
            false,
        )
        .unwrap_err();
        assert!(err.contains("exactly one"), "{err}");
    }
}
