//! Collisions: what is drawn over text or near it, text crossing the lines behind it, and
//! icons over other text and icons.

use super::pixels::{FEWEST_PIXELS, PAINTED, Region};
use super::report::Amount;
use super::side::{Neighbour, Side};
use crate::cutout::DrawnLayer;
use crate::model::face::LayerKind;
use crate::render::raster::ImageCache;
use crate::scene::Item;

/// How far what is drawn over text must keep from its ink, in mm.
pub const CLEARANCE_MM: f64 = 0.2;
/// Share of a layer's ink below which an overlap is not a crossing but a touch.
const SLIVER: f64 = 0.01;

/// Whether a neighbour is judged for collisions with a layer (text or not): over it,
/// anything over text, other text and icons over an icon; behind it, what text crosses,
/// except text and icons, which report what covers them.
pub fn judged(neighbour: &Neighbour<'_>, over: bool, is_text: bool) -> bool {
    let readable = neighbour.layer.is_some_and(|l| !matches!(l.layer.kind, LayerKind::Shape(_)));
    !neighbour.first && if over { is_text || readable } else { is_text && !readable }
}

/// Ink over or across other items: items drawn over it, and items behind it that part of
/// it crosses (an outline stroke, a panel's edge, another icon) where they show — lines
/// that items drawn after them (still behind the ink) hide, such as a hatch stopped short
/// of a label by a patch of its area's fill, are not crossed.
pub fn collisions<'a>(
    side: &Side<'a>,
    (behind, over_items): (&[Neighbour<'a>], &[Neighbour<'a>]),
    drawn: &DrawnLayer,
    region: &Region,
    ink: &[usize],
    images: &mut ImageCache,
    found: &mut impl FnMut(String, String, Option<Amount>),
) {
    let label = &drawn.layer.label;
    let is_text = matches!(drawn.layer.kind, LayerKind::Text(_));
    let area = region.rect;
    let placed = (behind.iter().enumerate().map(|(k, n)| (n, false, &behind[k + 1..])))
        .chain(over_items.iter().map(|n| (n, true, &[][..])));
    for (neighbour, over, later) in placed {
        if !judged(neighbour, over, is_text) || !(over || side.crossings) {
            continue;
        }
        let &Neighbour { item, transform, layer: other, bounds, .. } = neighbour;
        let Some(bounds) = bounds else { continue };
        if bounds.intersect(area).area() <= 0.0 {
            continue;
        }
        // Text crosses the lines of what lies behind it; filled areas are its background.
        let lines;
        let judged_item = if over {
            item
        } else {
            let Some(found) = strokes_of(item) else { continue };
            lines = found;
            &lines
        };
        let covered = region.coverage(std::slice::from_ref(judged_item), transform, images);
        // What is drawn over text must also keep a little clear of it.
        let near = if over { region.dilate(&covered, CLEARANCE_MM) } else { covered };
        let mut shared = ink.iter().filter(|&&i| near[i] >= PAINTED).count();
        // Lines behind that seem to cross: only where nothing drawn after them hides them
        // (told only then, so a clean face costs no more rasters).
        if !over && collides(shared, ink.len()) {
            let hidden = region.draw_all(later, images);
            let hidden = hidden.pixels();
            let shows = |i: usize| near[i] >= PAINTED && hidden[i].alpha() < PAINTED;
            shared = ink.iter().filter(|&&i| shows(i)).count();
        }
        if !collides(shared, ink.len()) {
            continue;
        }
        let share = shared as f64 / ink.len() as f64;
        let name = other.map_or_else(
            || format!("the {}'s art", side.noun),
            |l| format!("{} (line {})", l.layer.label, l.layer.position.line),
        );
        let how = if over { "is covered by" } else { "crosses the lines of" };
        let percent = (share * 100.0).max(1.0);
        found(
            format!("{label} {how} {name}"),
            "move one of them (at, inset_mm, offset_mm), make it smaller, or give the text \
             a box that keeps it clear"
                .into(),
            Some(Amount::larger(percent, format!("{percent:.0} % of its ink"))),
        );
    }
}

/// Whether `shared` pixels of `ink` pixels make a collision rather than a touch.
fn collides(shared: usize, ink: usize) -> bool {
    shared >= FEWEST_PIXELS && shared as f64 / ink as f64 >= SLIVER
}

/// Only the stroked lines of `item` (its fills left out), `None` when it strokes nothing.
fn strokes_of(item: &Item) -> Option<Item> {
    match item {
        Item::Shape(shape) => shape.stroke.as_ref().map(|stroke| {
            Item::Shape(crate::scene::Shape::stroked(shape.path.clone(), stroke.clone()))
        }),
        Item::Group(group) => {
            let items: Vec<Item> = group.items.iter().filter_map(strokes_of).collect();
            (!items.is_empty())
                .then_some(Item::Group(crate::scene::Group { transform: group.transform, items }))
        }
        Item::Clip(clip) => {
            let items: Vec<Item> = clip.items.iter().filter_map(strokes_of).collect();
            (!items.is_empty())
                .then(|| Item::Clip(crate::scene::Clip { path: clip.path.clone(), items }))
        }
        // A translucent line still crosses what it lies on: its lines counted whole.
        Item::Translucent(veil) => {
            let items: Vec<Item> = veil.items.iter().filter_map(strokes_of).collect();
            let transform = kurbo::Affine::IDENTITY;
            (!items.is_empty()).then_some(Item::Group(crate::scene::Group { transform, items }))
        }
        // Pictures have no lines: an image's pixels are judged as an icon.
        Item::Use(used) => {
            let items: Vec<Item> = used.symbol.items.iter().filter_map(strokes_of).collect();
            (!items.is_empty())
                .then_some(Item::Group(crate::scene::Group { transform: used.transform, items }))
        }
        Item::Image(_) => None,
    }
}
