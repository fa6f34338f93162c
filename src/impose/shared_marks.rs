//! Marks drawn the same on several pages of a document — the footer's second line, the 10 mm square's label — stored once as a symbol and placed where they were, so a deck of 112 sheets holds its footer's glyph outlines once.
//!
//! A shared mark keeps its page coordinates and is placed by the identity: the page draws
//! the very same path, filled and stroked the same, as before.

use std::collections::BTreeMap;
use std::sync::Arc;

use kurbo::{Affine, PathEl, Point};
use xxhash_rust::xxh3::xxh3_64;

use crate::scene::{Item, Page, Role, Shape, Symbol, Use};

/// Marks with fewer path elements than this stay inline (crop marks, the square itself):
/// a symbol costs more than it saves.
const SMALLEST_SHARED_ELEMENTS: usize = 32;

/// Where an item is: its page, its layer, and its index in each group on the way down.
type Place = (usize, usize, Vec<usize>);

/// Where a large mark was seen: on one page so far, or on several, now a symbol.
#[derive(Debug)]
enum Seen {
    Once(Place),
    Shared(Arc<Symbol>),
}

/// Shares the large marks of each page, as the pages are made, with the pages before it:
/// a repeated mark never exists in more than one copy.
#[derive(Debug, Default)]
pub struct MarkSharer {
    /// By a hash of the shape (a collision is told apart by comparing the shapes).
    seen: BTreeMap<u64, Vec<Seen>>,
}

impl MarkSharer {
    /// Replaces each large mark shape of the last page of `pages` (also inside groups, as
    /// in a footer turned along the side) that an earlier page draws too — in the same
    /// place — by a use of one symbol, on both pages.
    pub fn add_last_page(&mut self, pages: &mut [Page]) {
        let Some(page) = pages.len().checked_sub(1) else { return };
        for layer in 0..pages[page].layers.len() {
            if pages[page].layers[layer].role != Role::Marks {
                continue;
            }
            let mut places = Vec::new();
            shape_places(&pages[page].layers[layer].items, &mut Vec::new(), &mut places);
            for path in places {
                self.add_item(pages, (page, layer, path));
            }
        }
    }

    fn add_item(&mut self, pages: &mut [Page], place: Place) {
        let Some(mine @ Item::Shape(shape)) = item_at(pages, &place) else { return };
        if shape.path.elements().len() < SMALLEST_SHARED_ELEMENTS {
            return;
        }
        let entries = self.seen.entry(shape_hash(shape)).or_default();
        let same = entries.iter_mut().find(|seen| match seen {
            Seen::Once(other) => item_at(pages, other) == Some(mine),
            Seen::Shared(symbol) => symbol.items.first() == Some(mine),
        });
        let Some(same) = same else {
            entries.push(Seen::Once(place));
            return;
        };
        let symbol = match same {
            Seen::Shared(symbol) => symbol.clone(),
            Seen::Once(other) => {
                // The shape is stored once, in the symbol; both places then use it.
                let items = vec![mine.clone()];
                let symbol = Arc::new(Symbol { name: "footer".into(), items });
                put_use(pages, other, &symbol);
                *same = Seen::Shared(symbol.clone());
                symbol
            }
        };
        put_use(pages, &place, &symbol);
    }
}

/// The paths (indices through groups) of every shape in `items`.
fn shape_places(items: &[Item], path: &mut Vec<usize>, places: &mut Vec<Vec<usize>>) {
    for (index, item) in items.iter().enumerate() {
        path.push(index);
        match item {
            Item::Shape(_) => places.push(path.clone()),
            Item::Group(group) => shape_places(&group.items, path, places),
            _ => {}
        }
        path.pop();
    }
}

fn item_at<'a>(pages: &'a [Page], (page, layer, path): &Place) -> Option<&'a Item> {
    let mut items = &pages.get(*page)?.layers.get(*layer)?.items;
    let (last, groups) = path.split_last()?;
    for index in groups {
        let Item::Group(group) = items.get(*index)? else { return None };
        items = &group.items;
    }
    items.get(*last)
}

/// The item at `place` replaced by a use of `symbol`, drawn where the item was.
fn put_use(pages: &mut [Page], (page, layer, path): &Place, symbol: &Arc<Symbol>) {
    let Some(page) = pages.get_mut(*page) else { return };
    let Some(mut items) = page.layers.get_mut(*layer).map(|layer| &mut layer.items) else {
        return;
    };
    let Some((last, groups)) = path.split_last() else { return };
    for index in groups {
        let Some(Item::Group(group)) = items.get_mut(*index) else { return };
        items = &mut group.items;
    }
    if let Some(slot) = items.get_mut(*last) {
        *slot = Item::Use(Use { symbol: symbol.clone(), transform: Affine::IDENTITY });
    }
}

/// A hash (XXH3) of a shape's paint and of every path element's kind and coordinates (by
/// their bits): equal shapes hash equal.
fn shape_hash(shape: &Shape) -> u64 {
    let mut bytes = format!("{:?} {:?}", shape.fill, shape.stroke).into_bytes();
    for element in shape.path.elements() {
        let (kind, points): (u8, &[Point]) = match element {
            PathEl::MoveTo(p) => (0, std::slice::from_ref(p)),
            PathEl::LineTo(p) => (1, std::slice::from_ref(p)),
            PathEl::QuadTo(a, p) => (2, &[*a, *p]),
            PathEl::CurveTo(a, b, p) => (3, &[*a, *b, *p]),
            PathEl::ClosePath => (4, &[]),
        };
        bytes.push(kind);
        for point in points {
            bytes.extend(point.x.to_bits().to_le_bytes());
            bytes.extend(point.y.to_bits().to_le_bytes());
        }
    }
    xxh3_64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impose::marks::footer;
    use crate::scene::Page;

    fn page(label: &str, number: usize) -> Page {
        let lines = [format!("Game · sheet {number} of 2"), "print at 100 %".to_string()];
        Page::new(label, (210.0, 297.0), vec![(Role::Marks, footer(&lines, 210.0, 297.0, 10.0))])
    }

    #[test]
    fn the_footer_line_every_page_repeats_is_stored_once_and_drawn_in_place() {
        let before = [page("a", 1), page("b", 2)];
        let mut after = Vec::new();
        let mut sharer = MarkSharer::default();
        for page in &before {
            after.push(page.clone());
            sharer.add_last_page(&mut after);
        }
        let uses: Vec<&Use> = after
            .iter()
            .flat_map(|page| page.layers[0].items.iter())
            .filter_map(|item| if let Item::Use(used) = item { Some(used) } else { None })
            .collect();
        // The second line on both pages; the first lines differ in the sheet number.
        assert_eq!(uses.len(), 2 * 2, "the label and the second line on each page");
        assert!(Arc::ptr_eq(&uses[0].symbol, &uses[2].symbol));
        // Each use draws exactly the shape it replaced, where it was.
        for (old, new) in before[0].layers[0].items.iter().zip(&after[0].layers[0].items) {
            match new {
                Item::Use(used) => {
                    assert_eq!(used.transform, Affine::IDENTITY);
                    assert_eq!(&used.symbol.items[0], old);
                }
                other => assert_eq!(other, old),
            }
        }
    }
}
