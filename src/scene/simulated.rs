//! A page as a player with a colour-vision deficiency sees it: every colour of its items (fills, strokes, bitmaps' pixels) through `vision::Deficiency::simulate`, symbols shared as before.

use std::sync::Arc;

use super::vision::Deficiency;
use super::{Item, Page, Raster, RasterImage, Symbol};

/// `page` with every colour as `deficiency` sees it.
pub fn simulated_page(page: &Page, deficiency: Deficiency) -> Page {
    let mut seen = Seen { deficiency, symbols: Vec::new(), images: Vec::new() };
    let mut page = page.clone();
    for layer in &mut page.layers {
        seen.items(&mut layer.items);
    }
    page
}

/// The deficiency, and the symbols and bitmaps already simulated (each once, so that a
/// symbol used many times stays one symbol).
struct Seen {
    deficiency: Deficiency,
    symbols: Vec<(Arc<Symbol>, Arc<Symbol>)>,
    images: Vec<(Arc<RasterImage>, Arc<RasterImage>)>,
}

impl Seen {
    fn items(&mut self, items: &mut [Item]) {
        for item in items {
            match item {
                Item::Shape(shape) => {
                    if let Some(fill) = shape.fill.as_mut() {
                        *fill = self.deficiency.simulate(*fill);
                    }
                    if let Some(stroke) = shape.stroke.as_mut() {
                        stroke.colour = self.deficiency.simulate(stroke.colour);
                    }
                }
                Item::Group(group) => self.items(&mut group.items),
                Item::Clip(clip) => self.items(&mut clip.items),
                Item::Translucent(veil) => self.items(&mut veil.items),
                Item::Use(used) => used.symbol = self.symbol(&used.symbol),
                Item::Image(raster) => *raster = self.raster(raster),
            }
        }
    }

    fn symbol(&mut self, symbol: &Arc<Symbol>) -> Arc<Symbol> {
        if let Some((_, done)) = self.symbols.iter().find(|(from, _)| Arc::ptr_eq(from, symbol)) {
            return done.clone();
        }
        let mut items = symbol.items.clone();
        self.items(&mut items);
        let done = Arc::new(Symbol { name: symbol.name.clone(), items });
        self.symbols.push((symbol.clone(), done.clone()));
        done
    }

    fn raster(&mut self, raster: &Raster) -> Raster {
        let image = &raster.image;
        let found = self.images.iter().find(|(from, _)| Arc::ptr_eq(from, image));
        let done = match found {
            Some((_, done)) => done.clone(),
            None => {
                let mut rgba = image.rgba.clone();
                for pixel in rgba.chunks_exact_mut(4) {
                    let colour = super::Colour { r: pixel[0], g: pixel[1], b: pixel[2] };
                    let seen = self.deficiency.simulate(colour);
                    pixel[..3].copy_from_slice(&[seen.r, seen.g, seen.b]);
                }
                let done = Arc::new(RasterImage {
                    width: image.width,
                    height: image.height,
                    rgba,
                    file: image.file.clone(),
                    mime: image.mime,
                    colorimetric: image.colorimetric,
                });
                self.images.push((image.clone(), done.clone()));
                done
            }
        };
        Raster { image: done, rect: raster.rect }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Layer, Role, Shape, Stroke, Use};
    use kurbo::{Affine, BezPath};

    #[test]
    fn every_colour_of_a_page_is_seen_through_the_deficiency_and_symbols_stay_shared() {
        let red = Colour { r: 0xd6, g: 0x28, b: 0x28 };
        let green = Colour { r: 0x1f, g: 0x9e, b: 0x45 };
        let symbol = Arc::new(Symbol {
            name: "s".into(),
            items: vec![Item::Shape(Shape::stroked(BezPath::new(), Stroke::solid(green, 1.0)))],
        });
        let used = |symbol: &Arc<Symbol>| {
            Item::Use(Use { symbol: symbol.clone(), transform: Affine::IDENTITY })
        };
        let page = Page {
            label: "p".into(),
            width_mm: 10.0,
            height_mm: 10.0,
            layers: vec![Layer {
                role: Role::Art,
                items: vec![
                    Item::Shape(Shape::filled(BezPath::new(), red)),
                    used(&symbol),
                    used(&symbol),
                    Item::Image(Raster {
                        image: RasterImage::one_pixel(&[0xd6, 0x28, 0x28, 0x80]),
                        rect: kurbo::Rect::new(0.0, 0.0, 1.0, 1.0),
                    }),
                ],
            }],
        };
        let seen = simulated_page(&page, Deficiency::Deutan);
        let items = &seen.layers[0].items;
        let deutan = |c| Deficiency::Deutan.simulate(c);
        let Item::Shape(shape) = &items[0] else { panic!() };
        assert_eq!(shape.fill, Some(deutan(red)));
        let (Item::Use(one), Item::Use(two)) = (&items[1], &items[2]) else { panic!() };
        assert!(Arc::ptr_eq(&one.symbol, &two.symbol), "one symbol still");
        let Item::Shape(line) = &one.symbol.items[0] else { panic!() };
        assert_eq!(line.stroke.as_ref().unwrap().colour, deutan(green));
        let Item::Image(raster) = &items[3] else { panic!() };
        let pixel = deutan(red);
        assert_eq!(raster.image.rgba, vec![pixel.r, pixel.g, pixel.b, 0x80]);
        // The original page is untouched.
        let Item::Shape(shape) = &page.layers[0].items[0] else { panic!() };
        assert_eq!(shape.fill, Some(red));
    }
}
