//! Layers drawn the same on many cards and counters are stored once (a symbol placed by
//! `<use>` and a form XObject), and the sheets render to the same pixels as with every
//! layer written out in full.

use std::path::Path;

use tilepress::build::impose_part;
use tilepress::model::face::raster::decode_png;
use tilepress::render::png::{Paper, svg_to_png};
use tilepress::render::svg::page_to_svg;
use tilepress::scene::{Group, Item, Page};
use tilepress::sources::parts;

/// `items` with every use of a symbol replaced by a group of the symbol's items: the scene
/// as it was before layers were shared.
fn inlined(items: &[Item]) -> Vec<Item> {
    items
        .iter()
        .map(|item| match item {
            Item::Use(used) => {
                Item::Group(Group { transform: used.transform, items: inlined(&used.symbol.items) })
            }
            Item::Group(group) => {
                Item::Group(Group { transform: group.transform, items: inlined(&group.items) })
            }
            other => other.clone(),
        })
        .collect()
}

fn inlined_page(page: &Page) -> Page {
    let mut page = page.clone();
    for layer in &mut page.layers {
        layer.items = inlined(&layer.items);
    }
    page
}

fn pixels(page: &Page) -> Vec<[u8; 4]> {
    let png = svg_to_png(&page_to_svg(page), 100.0, Paper::White).expect("renders");
    decode_png(&png).expect("decodes").2
}

#[test]
fn saltmarsh_cards_and_counters_share_their_layers_and_render_the_same() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("designs/saltmarsh.toml");
    let (_, design) = tilepress::model::load(&path).expect("loads");
    let mut checked = 0;
    for part in &parts(&design) {
        let imposed = impose_part(&design, part).expect("imposes");
        for page in &imposed.document.pages {
            let svg = page_to_svg(page);
            if !svg.contains("<use ") {
                continue;
            }
            // The card back is one drawing on every card: stored once per page.
            assert_eq!(svg.matches("<defs>").count(), 1, "{}", page.label);
            assert_eq!(pixels(page), pixels(&inlined_page(page)), "{}", page.label);
            checked += 1;
        }
    }
    // The deck's and the counters' fronts and backs (a sheet of cards each side, two of
    // counters).
    assert!(checked >= 4, "{checked} pages with shared layers");
}

/// A deck of one card printed three times (`count = 3`) and one printed once, each with
/// its rank: the rank of the three copies is one drawing.
const COUNTED_DECK: &str = r##"[set]
name = "Counted"

[palette]
ink = "#000000"

[faces.front]
layers = [{ text = "{rank}", size_mm = 8, colour = "ink" }]

[[decks]]
name = "cards"
size_mm = [30, 40]
front = "front"
cards = [{ fields = { rank = "Q" }, count = 3 }, { fields = { rank = "Z" } }]
"##;

#[test]
fn the_copies_of_a_counted_card_share_its_drawing_and_render_the_same() {
    let dir = crate::common::scratch("counted-copies");
    let path = dir.join("counted.toml");
    std::fs::write(&path, COUNTED_DECK).unwrap();
    let (_, design) = tilepress::model::load(&path).expect("loads");
    let part = &parts(&design)[0];
    assert_eq!(part.cutouts.len(), 4, "three copies of Q and one Z");
    let imposed = impose_part(&design, part).expect("imposes");
    let page = &imposed.document.pages[0];
    let svg = page_to_svg(page);
    // Q's rank is stored once and placed on each copy; Z's, on one card, stays inline.
    assert_eq!(svg.matches("<defs>").count(), 1, "{svg}");
    assert_eq!(svg.matches("<use ").count(), 3, "{svg}");
    let inline = inlined_page(page);
    assert_eq!(page_to_svg(&inline).matches("<use ").count(), 0);
    assert_eq!(pixels(page), pixels(&inline));
}
