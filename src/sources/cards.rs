//! The `[[decks]]` and `[[counters]]` sources: every copy of every card (a rectangle with
//! rounded corners, its background grown by the bleed) or counter (a circle, rectangle or
//! regular polygon), one cutout each with its face layers, packed n-up (cards, square and
//! rectangular counters), in staggered rows (round counters) or edge to edge on their
//! lattice (hexagon and triangle counters).

use kurbo::{Affine, RoundedRect, Shape as _};

use super::{Part, Summary};
use crate::compose::face::layered_face;
use crate::compose::layers::draw::FaceArt;
use crate::cutout::{Cut, Cutout};
use crate::geometry::outline::Outline;
use crate::impose::Packing;
use crate::model::design::Design;
use crate::model::parts::cards::Deck;
use crate::model::parts::counters::CounterShape;
use crate::model::print::sheet_settings::SheetSettings;

/// One part per deck, in design order.
pub fn decks(design: &Design) -> Vec<Part> {
    design.decks.iter().map(|d| deck(d, &design.sheet)).collect()
}

/// One part per set of counters, in design order.
pub fn counters(design: &Design) -> Vec<Part> {
    design.counters.iter().map(|d| deck(d, &design.sheet)).collect()
}

/// A card's outline: a `width × height` rectangle centred on the origin (corner 1 top
/// left, edge 1 on top) with corners rounded to `radius`.
pub fn card_outline(width: f64, height: f64, radius: f64) -> Outline {
    let mut outline = Outline::rectangle(width, height);
    if radius > 0.0 {
        outline.path = RoundedRect::from_rect(outline.bounds(), radius).to_path(1e-4);
    }
    outline
}

/// The part of one deck on `sheet`: each item cut at its outline, its face grown beneath
/// itself by the deck's bleed when the page is drawn (`Cut::Shared`).
fn deck(deck: &Deck, sheet: &SheetSettings) -> Part {
    let outline = match deck.counter {
        None => card_outline(deck.width_mm, deck.height_mm, deck.corner_radius_mm),
        Some(CounterShape::Circle) => Outline::circle(deck.width_mm),
        Some(CounterShape::Rectangle) => Outline::rectangle(deck.width_mm, deck.height_mm),
        Some(CounterShape::Polygon(polygon)) => Outline::regular(polygon),
    };
    let noun = if deck.counter.is_some() { "counter" } else { "card" };
    let bleed_mm = deck.bleed_mm(sheet);
    // On a lattice the packing keeps the bleed within the gap; elsewhere it is the extent.
    let extent = match deck.counter {
        Some(CounterShape::Polygon(_)) => outline.bounds(),
        _ => outline.bounds().inflate(bleed_mm, bleed_mm),
    };
    let background = outline.path.clone();
    let face = |layers: &[crate::model::face::Layer], fill| -> FaceArt {
        layered_face(&background, fill, layers, &outline)
    };
    let mut cutouts = Vec::new();
    for card in &deck.cards {
        let back = card.back.as_deref().map(|layers| face(layers, card.background));
        let front = face(&card.front, card.background);
        let cutout = Cutout {
            extent,
            back_upright: back.as_ref().map(|b| b.upright.clone()).unwrap_or_default(),
            back_layers: back.as_ref().map(|b| b.layers.clone()).unwrap_or_default(),
            back: back.map(|b| b.items),
            // Backs are drawn upright; the flip about the vertical axis keeps the card (and
            // every counter shape: each is symmetric about its vertical axis).
            back_frame: Affine::FLIP_X,
            cut: Cut::Shared { bleed_mm },
            front_upright: front.upright,
            front_layers: front.layers,
            ..Cutout::shared(format!("{noun} {}", card.words()), outline.clone(), front.items)
        };
        cutouts.extend((0..card.count).map(|_| cutout.clone()));
    }
    let count = cutouts.len();
    let (width_mm, height_mm) = (deck.width_mm, deck.height_mm);
    let gutter_mm = deck.gutter_mm;
    let (packing, summary) = match deck.counter {
        None => (Packing::NUp { gutter_mm }, Summary::Cards { count, width_mm, height_mm }),
        Some(shape) => {
            let (packing, size) = match shape {
                CounterShape::Circle => {
                    (Packing::Hexagonal { gap_mm: gutter_mm }, format!("{width_mm} mm"))
                }
                CounterShape::Rectangle => {
                    (Packing::NUp { gutter_mm }, format!("{width_mm} × {height_mm} mm"))
                }
                CounterShape::Polygon(polygon) => {
                    (Packing::Lattice(polygon), format!("{} mm edge", polygon.edge_mm))
                }
            };
            let shape = match shape {
                CounterShape::Circle => String::new(),
                other => format!("{} ", other.name(width_mm, height_mm)),
            };
            (packing, Summary::Counters { count, shape, size })
        }
    };
    // A sheet template places every item itself.
    let packing = match &deck.sheet_template {
        Some(template) => Packing::Slots(Box::new(template.clone())),
        None => packing,
    };
    Part {
        share: deck.share,
        suffix: format!("-{}", crate::model::input::file_stem::file_stem(&deck.name)),
        noun: Some(noun),
        front_and_back: true,
        cutouts,
        packing,
        summary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounded_cards_keep_their_corner_anchors_and_size() {
        let outline = card_outline(63.0, 88.0, 3.0);
        let bounds = outline.bounds();
        assert!((bounds.width() - 63.0).abs() < 1e-9 && (bounds.height() - 88.0).abs() < 1e-9);
        assert_eq!(outline.corners.len(), 4);
    }
}
