//! The sheet-template packing: items placed into the slots of a die-cut card sheet or a label sheet in order, each centred in its slot and turned as the slot says, as many sheets as the items need; the sheets come cut, so nothing is cut or marked and no footer lands on a label.

use std::f64::consts::FRAC_PI_2;

use kurbo::Affine;

use super::packing::{FooterPlace, Packed, SheetPlacement};
use crate::cutout::Cutout;
use crate::model::print::sheet_settings::SheetSettings;
use crate::model::print::sheet_template::{SheetTemplate, TEMPLATE_NO_REGISTRATION};

/// The cutouts in `template`'s slots, sheet after sheet; `Err` when the sheet asks for
/// registration marks (a fold-over sheet `arrange` refuses for every template).
pub fn slot_sheets(
    cutouts: &[Cutout],
    template: &SheetTemplate,
    sheet: &SheetSettings,
) -> Result<Packed, String> {
    if sheet.print.registration_marks {
        return Err(TEMPLATE_NO_REGISTRATION.into());
    }
    let per_sheet = template.slots.len();
    if per_sheet == 0 {
        return Err(format!("the sheet template `{}` has no slots", template.name));
    }
    let sheets = (0..cutouts.len().div_ceil(per_sheet).max(1))
        .map(|index| {
            let first = index * per_sheet;
            let placed = (first..cutouts.len().min(first + per_sheet))
                .zip(&template.slots)
                .map(|(k, slot)| {
                    let centre = cutouts[k].outline.bounds().center();
                    let turn = Affine::rotate(f64::from(slot.quarter_turns) * FRAC_PI_2);
                    let to_slot = Affine::translate(slot.rect.center().to_vec2());
                    (k, to_slot * turn * Affine::translate(-centre.to_vec2()))
                })
                .collect();
            SheetPlacement { placed, ..SheetPlacement::default() }
        })
        .collect();
    let printable_mm2 = template.slots.iter().map(|s| s.rect.area()).sum();
    Ok(Packed {
        page_mm: template.paper_mm,
        sheets,
        per_sheet,
        printable_mm2,
        registration: false,
        footer: FooterPlace::None,
        duplex: sheet.duplex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far the centre of `cutout`, placed by `transform`, lies from `slot_centre`.
    fn off_centre(cutout: &Cutout, transform: Affine, slot_centre: kurbo::Point) -> kurbo::Vec2 {
        transform * cutout.outline.bounds().center() - slot_centre
    }
    use crate::geometry::outline::Outline;
    use crate::impose::packing::a4_sheet;
    use crate::model::print::sheet_settings::{Duplex, Orientation};
    use crate::model::print::sheet_template::Slot;
    use kurbo::Rect;

    fn template() -> SheetTemplate {
        let slot = |number, x, turns| Slot {
            rect: Rect::new(x, 10.0, x + 40.0, 30.0),
            quarter_turns: turns,
            number,
            file: "t.toml".into(),
            at: crate::model::input::source::Position { line: 1, column: 1 },
        };
        SheetTemplate {
            name: "test".into(),
            paper_name: "A4".into(),
            paper_mm: (210.0, 297.0),
            slots: vec![slot(1, 10.0, 0), slot(2, 60.0, 1)],
        }
    }

    #[test]
    fn items_fill_the_slots_in_order_centred_and_turned() {
        let card = Cutout::shared("card", Outline::rectangle(30.0, 15.0), Vec::new());
        let cards = vec![card; 5];
        let packed = slot_sheets(&cards, &template(), &a4_sheet(Orientation::Portrait)).unwrap();
        assert_eq!(packed.sheets.len(), 3, "two slots a sheet");
        assert_eq!(packed.footer, FooterPlace::None);
        for sheet in &packed.sheets {
            for (&(k, transform), slot) in sheet.placed.iter().zip(&template().slots) {
                assert!(off_centre(&cards[k], transform, slot.rect.center()).hypot() < 1e-9);
                // The second slot turns its item a quarter: 15 mm wide, 30 mm tall.
                let placed = transform.transform_rect_bbox(cards[k].outline.bounds());
                let expected = if slot.quarter_turns == 1 { (15.0, 30.0) } else { (30.0, 15.0) };
                assert!((placed.width() - expected.0).abs() < 1e-9, "{placed:?}");
                assert!((placed.height() - expected.1).abs() < 1e-9, "{placed:?}");
            }
        }
        assert!(packed.sheets.iter().all(|s| s.cuts.is_empty() && s.crops.is_empty()));
    }

    #[test]
    fn fold_over_and_registration_marks_are_refused() {
        let card = Cutout {
            back: Some(Vec::new()),
            ..Cutout::shared("card", Outline::rectangle(30.0, 15.0), Vec::new())
        };
        let mut sheet = a4_sheet(Orientation::Portrait);
        sheet.duplex = Duplex::Fold(crate::model::print::sheet_settings::FoldLine::Either);
        let slots = crate::impose::packing::Packing::Slots(Box::new(template()));
        let why = crate::impose::arrange::arrange(
            &slots,
            std::slice::from_ref(&card),
            &sheet,
            "card",
            true,
        )
        .unwrap_err();
        assert!(why.contains("fold-over"), "{why}");
        let mut sheet = a4_sheet(Orientation::Portrait);
        sheet.print.registration_marks = true;
        let why = slot_sheets(&[card], &template(), &sheet).unwrap_err();
        assert!(why.contains("registration marks"), "{why}");
    }
}
