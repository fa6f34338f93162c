//! A sheet's TrimBox and BleedBox where its items have a bleed: the bounds of their outlines as placed, and of their outlines grown by the bleed.

use kurbo::{Affine, Rect, Shape as _};

use crate::cutout::{Cut, Cutout};
use crate::geometry::bleed_growth::bleed_growth;
use crate::scene::PageBoxes;

/// The boxes of a page holding `placed` (each cutout with the map placing its outline on the
/// page): the trim the bounds of every outline, the bleed the bounds of every outline grown
/// by its bleed; `None` when no item on it has a bleed.
pub fn sheet_boxes<'a>(placed: impl Iterator<Item = (&'a Cutout, Affine)>) -> Option<PageBoxes> {
    let mut boxes: Option<PageBoxes> = None;
    let mut bled = false;
    for (cutout, placement) in placed {
        let bleed_mm = match cutout.cut {
            Cut::Shared { bleed_mm } if bleed_mm > 0.0 => bleed_mm,
            _ => 0.0,
        };
        bled |= bleed_mm > 0.0;
        let path = &cutout.outline.path;
        let trim = (placement * path.clone()).bounding_box();
        let bleed = match bleed_growth(&cutout.outline, bleed_mm) {
            Some(growth) => (placement * growth * path.clone()).bounding_box(),
            None => trim.inflate(bleed_mm, bleed_mm),
        };
        let union = |a: Rect, b: Rect| a.union(b);
        boxes = Some(match boxes {
            None => PageBoxes { trim, bleed },
            Some(all) => PageBoxes { trim: union(all.trim, trim), bleed: union(all.bleed, bleed) },
        });
    }
    boxes.filter(|_| bled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::outline::Outline;

    fn card(bleed_mm: f64) -> Cutout {
        let outline = Outline::rectangle(63.5, 88.9);
        let extent = outline.bounds().inflate(bleed_mm, bleed_mm);
        Cutout {
            cut: Cut::Shared { bleed_mm },
            extent,
            ..Cutout::shared("card", outline, Vec::new())
        }
    }

    #[test]
    fn two_cards_side_by_side_are_trimmed_at_their_cuts_and_bled_beyond() {
        let (a, b) = (card(3.0), card(3.0));
        let left = Affine::translate((50.0, 60.0));
        let right = Affine::translate((50.0 + 69.5, 60.0));
        let boxes = sheet_boxes([(&a, left), (&b, right)].into_iter()).unwrap();
        let near = |r: Rect, e: [f64; 4]| {
            [r.x0, r.y0, r.x1, r.y1].iter().zip(e).all(|(v, e)| (v - e).abs() < 1e-9)
        };
        assert!(near(boxes.trim, [18.25, 15.55, 151.25, 104.45]), "{:?}", boxes.trim);
        assert!(near(boxes.bleed, [15.25, 12.55, 154.25, 107.45]), "{:?}", boxes.bleed);
    }

    #[test]
    fn a_sheet_without_bleed_has_no_boxes() {
        let a = card(0.0);
        assert_eq!(sheet_boxes([(&a, Affine::IDENTITY)].into_iter()), None);
        assert_eq!(sheet_boxes(std::iter::empty()), None);
    }
}
