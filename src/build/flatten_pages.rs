//! PDF/X-1a's pages without transparency: each translucent layer and image with clear pixels flattened over what lies beneath it on its page — blended over one colour, else drawn in pixels (`scene::flatten` with `render::flatten_painter`) — once upright layers have turned to read upright on the page.

use kurbo::Affine;

use crate::render::flatten_painter::RasterPainter;
use crate::scene::flatten::Flattener;
use crate::scene::{Item, Page};

/// Every layer of `pages` (of the document written as `stem`) flattened in place, each over the
/// layers beneath it; images made alike on several pages shared. An error names the page
/// of an item that cannot be drawn in pixels.
pub fn flatten_pages(pages: &mut [Page], stem: &str) -> Result<(), String> {
    let mut flattener = Flattener::new(&RasterPainter);
    for page in pages {
        for index in 0..page.layers.len() {
            let (beneath, rest) = page.layers.split_at_mut(index);
            let Some(layer) = rest.first_mut() else { continue };
            if !flattener.holds_transparency(&layer.items) {
                continue;
            }
            let under: Vec<(Affine, &[Item])> =
                beneath.iter().map(|below| (Affine::IDENTITY, &below.items[..])).collect();
            layer.items = flattener.over(&layer.items, under).map_err(|_| {
                format!(
                    "PDF/X-1a:2003 prints no transparency, and an image or translucent layer on \
                     page {} of {stem} cannot be drawn without it",
                    page.label
                )
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Layer, Role, Shape, Translucent};
    use kurbo::{Rect, Shape as _};

    #[test]
    fn a_layer_over_two_colours_of_the_layers_beneath_is_drawn_in_pixels() {
        let fill = |x0: f64, colour: Colour| {
            Item::Shape(Shape::filled(Rect::new(x0, 0.0, x0 + 5.0, 10.0).to_path(0.1), colour))
        };
        let ground = vec![fill(0.0, Colour { r: 200, g: 0, b: 0 }), fill(5.0, Colour::WHITE)];
        let veil =
            Item::Translucent(Translucent { opacity: 0.5, items: vec![fill(2.5, Colour::BLACK)] });
        let layer = |items| Layer { role: Role::Art, items };
        let mut pages = vec![Page {
            label: "sheet-01".into(),
            width_mm: 10.0,
            height_mm: 10.0,
            layers: vec![layer(ground.clone()), layer(vec![veil])],
        }];
        flatten_pages(&mut pages, "d").unwrap();
        assert_eq!(pages[0].layers[0].items, ground, "the layer beneath as it was");
        let [Item::Clip(clip)] = &pages[0].layers[1].items[..] else { panic!() };
        let [Item::Image(raster)] = &clip.items[..] else { panic!() };
        assert!(raster.image.colorimetric);
        let row = raster.image.width as usize * 4 * (raster.image.height as usize / 2);
        let (left, right) = (&raster.image.rgba[row..row + 4], &raster.image.rgba[row + 4 * 50..]);
        let near = |a: &[u8], b: [u8; 4]| a.iter().zip(b).all(|(a, b)| a.abs_diff(b) <= 1);
        assert!(near(&left[..4], [100, 0, 0, 255]), "black at half over red: {left:?}");
        assert!(near(&right[..4], [128, 128, 128, 255]), "over the white: {:?}", &right[..4]);
    }
}
