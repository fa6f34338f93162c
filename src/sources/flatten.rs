//! Every part's cutouts without transparency, for PDF/X-1a (`scene::flatten` on each face,
//! over its bleed): translucent layers and images with clear pixels over one colour made
//! opaque; those over several colours (or a translucent layer holding an image or another)
//! left for the build to draw in pixels once the faces are placed on their pages
//! (`build/flatten_pages.rs`); the first that cannot be named by its layer (`DrawnLayer`),
//! for the refusal.

use std::path::Path;

use kurbo::Affine;

use super::Part;
use crate::cutout::{Cut, Cutout, DrawnLayer};
use crate::geometry::bleed_growth::bleed_growth;
use crate::model::face::Layer;
use crate::model::input::diagnostic::{Diagnostic, number_text};
use crate::model::print::pdf_x::X1A_TRANSPARENCY_HELP;
use crate::scene::Item;
use crate::scene::flatten::{Flattener, Unflattened, Why};

/// A face item PDF/X-1a cannot print: the layer it is drawn for (when it is one), the
/// item it is on, and why it is not flattened.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub layer: Option<Box<Layer>>,
    /// The cutout, as reports name it (`card 3`, `board`).
    pub item: String,
    pub unflattened: Unflattened,
}

impl Refusal {
    /// What is refused: `PDF/X-1a:2003 prints no transparency, and layer 2 of [faces.card]
    /// (opacity 0.5) lies over several colours on card 3`.
    pub fn message(&self) -> String {
        let name = match &self.layer {
            Some(layer) => layer.label.clone(),
            None => format!("art of {}", self.item),
        };
        let what = match self.unflattened.opacity {
            Some(opacity) => format!("{name} (opacity {})", number_text(opacity)),
            None => format!("{name}, an image with clear pixels,"),
        };
        let why = match self.unflattened.why {
            Why::HoldsImage => "holds an image, which is not blended into one colour".to_string(),
            Why::HoldsTranslucent => "holds a translucent item of its own".to_string(),
            Why::Over(beneath) => format!("lies over {}", beneath.text()),
        };
        format!("PDF/X-1a:2003 prints no transparency, and {what} {why} on {}", self.item)
    }

    /// The refusal at the layer's line in `path` (the design's file).
    pub fn diagnostic(&self, path: &Path) -> Diagnostic {
        let position = self.layer.as_ref().map(|layer| layer.position);
        Diagnostic::error(path, position, self.message()).with_help(X1A_TRANSPARENCY_HELP)
    }
}

/// Every cutout of `parts` flattened in place over one colour (what needs pixels left as it
/// is), or the first item that cannot be.
pub fn flatten_parts(parts: &mut [Part]) -> Result<(), Refusal> {
    let mut flattener = Flattener::leaving();
    for part in parts.iter_mut() {
        for cutout in &mut part.cutouts {
            let holds =
                |items: &[Item], flattener: &mut Flattener| flattener.holds_transparency(items);
            let back_holds = cutout.back.as_deref().is_some_and(|back| holds(back, &mut flattener));
            if !(holds(&cutout.front, &mut flattener) || back_holds) {
                continue;
            }
            let (front, back) = flattened(&mut flattener, cutout)?;
            cutout.front = front;
            cutout.back = back;
        }
    }
    Ok(())
}

/// The first item of `parts` PDF/X-1a cannot print, if any (the parts are left as they are).
pub fn first_refusal(parts: &[Part]) -> Option<Refusal> {
    let mut flattener = Flattener::leaving();
    let cutouts = parts.iter().flat_map(|part| &part.cutouts);
    cutouts.filter_map(|cutout| flattened(&mut flattener, cutout).err()).next()
}

/// A cutout's front and back without transparency.
fn flattened(
    flattener: &mut Flattener,
    cutout: &Cutout,
) -> Result<(Vec<Item>, Option<Vec<Item>>), Refusal> {
    // The bleed a page grows beneath a face: the face itself, grown.
    let growth = match cutout.cut {
        Cut::Shared { bleed_mm } => bleed_growth(&cutout.outline, bleed_mm),
        Cut::Drawn { .. } => None,
    };
    let face = |flattener: &mut Flattener, items: &[Item], layers: &[DrawnLayer]| {
        let under = growth.map(|growth: Affine| (growth, items));
        flattener.face(items, under).map_err(|unflattened| Refusal {
            layer: drawn_layer(layers, &unflattened.at),
            item: cutout.label.clone(),
            unflattened,
        })
    };
    let front = face(flattener, &cutout.front, &cutout.front_layers)?;
    let back = match &cutout.back {
        Some(back) => Some(face(flattener, back, &cutout.back_layers)?),
        None => None,
    };
    Ok((front, back))
}

/// The layer drawn at `at` (a top-level item, or a child of one's group).
fn drawn_layer(layers: &[DrawnLayer], at: &[usize]) -> Option<Box<Layer>> {
    let (&index, inner) = at.split_first()?;
    let found = layers.iter().find(|drawn| {
        drawn.index == index && drawn.inner.is_none_or(|child| inner.first() == Some(&child))
    });
    found.map(|drawn| Box::new(drawn.layer.clone()))
}
