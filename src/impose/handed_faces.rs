//! A part's faces as its pages draw them: copied from its cutouts, or — for the build, which
//! draws them no more — moved out of each cutout placed once, so a large set's art is not
//! held twice while its pages are made.

use std::mem;

use kurbo::Affine;

use super::packing::Packed;
use crate::cutout::{Cutout, upright_on_page_owned};
use crate::scene::Item;

/// A cutout's front and back, taken out of it.
type Faces = (Vec<Item>, Option<Vec<Item>>);

/// Each cutout's faces (by cutout index) taken out of it, or `None` where they are read
/// from the cutout (a part whose faces are not handed over, or a cutout placed more than
/// once).
#[derive(Debug, Default)]
pub struct HandedFaces {
    taken: Vec<Option<Faces>>,
}

impl HandedFaces {
    /// No faces handed over: every page copies its cutouts' faces.
    pub fn none() -> HandedFaces {
        HandedFaces::default()
    }

    /// The faces of every cutout `packed` places exactly once, taken out of it.
    pub fn taken(cutouts: &mut [Cutout], packed: &Packed) -> HandedFaces {
        let mut uses = vec![0_usize; cutouts.len()];
        for &(index, _) in packed.sheets.iter().flat_map(|sheet| &sheet.placed) {
            if let Some(count) = uses.get_mut(index) {
                *count += 1;
            }
        }
        let taken = cutouts
            .iter_mut()
            .zip(uses)
            .map(|(cutout, count)| {
                (count == 1).then(|| (mem::take(&mut cutout.front), cutout.back.take()))
            })
            .collect();
        HandedFaces { taken }
    }

    /// Cutout `index`'s front as placed by `placement` ([`Cutout::placed_front`]).
    pub fn front(&mut self, index: usize, cutout: &Cutout, placement: Affine) -> Vec<Item> {
        match self.taken.get_mut(index).and_then(Option::as_mut) {
            Some((front, _)) => {
                upright_on_page_owned(mem::take(front), &cutout.front_upright, placement)
            }
            None => cutout.placed_front(placement),
        }
    }

    /// Cutout `index`'s back as placed by `placement` ([`Cutout::placed_back`]).
    pub fn back(&mut self, index: usize, cutout: &Cutout, placement: Affine) -> Option<Vec<Item>> {
        match self.taken.get_mut(index).and_then(Option::as_mut) {
            Some((_, back)) => {
                Some(upright_on_page_owned(back.take()?, &cutout.back_upright, placement))
            }
            None => cutout.placed_back(placement),
        }
    }
}
