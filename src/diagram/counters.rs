//! Counters in diagrams: `[[place]] counter = "kings"` stands one of the design's
//! `[[counters]]` (its `item`, from 1, in the order written) on a cell, over the tiles or
//! beside them, drawn with its printed front at its printed size; counters take no part in
//! matching.

use kurbo::Affine;
use toml::Spanned;

use super::schema::PlaceTable;
use crate::compose::face::layered_face;
use crate::geometry::outline::Outline;
use crate::geometry::tile_grid::{Cell, Grid};
use crate::model::context::resolver::Resolver;
use crate::model::design::Design;
use crate::model::input::source::Position;
use crate::model::input::suggest::closest;
use crate::model::parts::cards::Deck;
use crate::model::parts::counters::CounterShape;
use crate::scene::{Group, Item, Shape, Stroke};

/// A counter standing on a cell.
#[derive(Clone, Debug)]
pub struct PlacedCounter {
    /// Which `[[counters]]` of the design, and which of its items.
    pub counters: usize,
    pub item: usize,
    pub cell: Cell,
    /// Where the `[[place]]` entry is.
    pub position: Position,
}

/// The counter a `[[place]]` with `counter` names, standing on `cell` (already read); its
/// mistakes go to the resolver.
pub fn placed_counter(
    resolver: &mut Resolver<'_>,
    design: &Design,
    entry: &Spanned<PlaceTable>,
    cell: Option<Cell>,
) -> Option<PlacedCounter> {
    let place = entry.get_ref();
    let name = place.counter.as_ref()?;
    if place.tile.is_some() || place.piece.is_some() || place.net.is_some() {
        resolver.error(
            &entry.span(),
            "a [[place]] with `counter` and a tile, piece or pawn".into(),
            "place each counter in a [[place]] of its own",
        );
        return None;
    }
    if let Some(turn) = &place.turn {
        resolver.error(
            &turn.span(),
            "a counter is not turned".into(),
            "leave `turn` out: a counter is drawn upright",
        );
    }
    let written = name.get_ref().trim();
    let Some(counters) = design.counters.iter().position(|deck| deck.name == written) else {
        let names: Vec<&str> = design.counters.iter().map(|deck| deck.name.as_str()).collect();
        let help = match (closest(written, names.iter().copied()), names.is_empty()) {
            (Some(near), _) => format!("did you mean `{near}`?"),
            (None, true) => "add [[counters]] to the design, or place a tile".to_string(),
            (None, false) => format!("use one of the design's [[counters]]: {}", names.join(", ")),
        };
        resolver.error(&name.span(), format!("the design has no counters `{written}`"), &help);
        return None;
    };
    let items = design.counters[counters].cards.len();
    let item = match &place.item {
        None => 0,
        Some(item) if (1..=items).contains(item.get_ref()) => item.get_ref() - 1,
        Some(item) => {
            resolver.error(
                &item.span(),
                format!("counters `{written}` have no item {}", item.get_ref()),
                &format!("give an item from 1 to {items}, in the order they are written"),
            );
            return None;
        }
    };
    let position = resolver.source.start_of(&entry.span());
    Some(PlacedCounter { counters, item, cell: cell?, position })
}

/// A counter's outline, centred on the origin, as it is cut.
fn outline(deck: &Deck) -> Option<Outline> {
    Some(match deck.counter? {
        CounterShape::Circle => Outline::circle(deck.width_mm),
        CounterShape::Rectangle => Outline::rectangle(deck.width_mm, deck.height_mm),
        CounterShape::Polygon(polygon) => Outline::regular(polygon),
    })
}

/// Each counter's printed front on the centre of its cell, with a thin seam around it.
pub fn counter_items(
    design: &Design,
    grid: &Grid,
    counters: &[PlacedCounter],
    seam: &Stroke,
) -> Vec<Item> {
    let mut items = Vec::new();
    for placed in counters {
        let deck = &design.counters[placed.counters];
        let (Some(outline), Some(card)) = (outline(deck), deck.cards.get(placed.item)) else {
            continue;
        };
        let transform = Affine::translate(grid.centre(placed.cell).to_vec2());
        let art = layered_face(&outline.path, card.background, &card.front, &outline);
        items.push(Item::Group(Group { transform, items: art.items }));
        items.push(Item::Shape(Shape::stroked(transform * outline.path.clone(), seam.clone())));
    }
    items
}
