//! A face without transparency, for PDF/X-1a: each translucent item over one solid colour
//! recoloured opaque (every fill and stroke `c` laid over the colour beneath as the RGB
//! renderers blend it, `Colour::over`), each image with clear pixels laid over the one colour
//! beneath it; where one colour beneath is not enough (several colours, an image), or a
//! translucent item holds an image or another, the item drawn in pixels over what lies
//! beneath (`flatten_raster.rs`, [`Flattener::new`] with the build's [`Painter`]); where that
//! is not done, where and why.
//!
//! Inside a translucent item every shape is opaque and covers what it lies on, so the
//! picture it makes has at each point the colour of its topmost shape; blending that over
//! one colour is blending each shape over it. What lies beneath is searched in the items
//! painted before (`backdrop.rs`). A symbol holding a translucent item or an image with clear
//! pixels is inlined where it is used (over what lies there); a translucent item's symbols are
//! recoloured into new symbols, shared wherever the same symbol is recoloured alike.

use std::collections::BTreeMap;
use std::sync::Arc;

use kurbo::Affine;

use super::backdrop::{Beneath, colour_beneath};
use super::bounds::painted_bounds;
pub use super::flatten_raster::Painter;
use super::flatten_raster::Rasterised;
use super::{Clip, Colour, Group, Item, Raster, RasterImage, Shape, Stroke, Symbol, Use};

/// Why an item of a face cannot be drawn without transparency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// A translucent item holding an image.
    HoldsImage,
    /// A translucent item holding another.
    HoldsTranslucent,
    /// A translucent item, or an image with clear pixels, over no one colour.
    Over(Beneath),
}

/// The item that cannot be flattened: its place among the face's items (the index at each
/// level, top level first; into a symbol's items where a symbol is used), its opacity
/// (`None`: an image with clear pixels), and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Unflattened {
    pub at: Vec<usize>,
    pub opacity: Option<f64>,
    pub why: Why,
}

/// What a flattener does with an item one colour beneath cannot flatten.
#[derive(Clone, Copy, Debug, Default)]
enum Otherwise<'p> {
    /// Refuses it.
    #[default]
    Refuse,
    /// Draws it in pixels with the painter.
    Draw(&'p dyn Painter),
}

/// Flattens faces, keeping what it made (recoloured symbols, images laid over a colour,
/// images drawn by its painter) to share between the faces it flattens. `Default` flattens
/// over one colour only and refuses the rest.
#[derive(Debug, Default)]
pub struct Flattener<'p> {
    otherwise: Otherwise<'p>,
    rasterised: Rasterised,
    /// Whether an image has a pixel that is not opaque, by the image's address.
    clear: BTreeMap<usize, bool>,
    /// Whether a symbol holds something to flatten, by its address.
    needs: BTreeMap<usize, bool>,
    /// Images laid over a colour, by the image's address and the colour.
    laid: BTreeMap<(usize, Colour), Arc<RasterImage>>,
    /// Symbols recoloured, by the symbol's address, the opacity's bits and the colour.
    recoloured: BTreeMap<(usize, u64, Colour), Arc<Symbol>>,
    /// Everything it made keeps its source alive, so no address is reused while it runs.
    sources: Vec<Arc<Symbol>>,
    images: Vec<Arc<RasterImage>>,
}

/// Where the walk is: the item lists painted before the current item (each placed by its
/// transform), outermost first, and the current item's place.
struct Walk<'a> {
    beneath: Vec<(Affine, &'a [Item])>,
    at: Vec<usize>,
}

impl<'p> Flattener<'p> {
    /// A flattener that draws with `painter` what one colour beneath cannot flatten.
    pub fn new(painter: &'p dyn Painter) -> Flattener<'p> {
        Flattener { otherwise: Otherwise::Draw(painter), ..Flattener::default() }
    }

    /// `items` without transparency, over the item lists `under` (each placed by its
    /// transform, the first painted first): a page's layers over the layers before them.
    pub fn over(
        &mut self,
        items: &[Item],
        under: Vec<(Affine, &[Item])>,
    ) -> Result<Vec<Item>, Unflattened> {
        let mut walk = Walk { beneath: under, at: Vec::new() };
        self.items(items, Affine::IDENTITY, &mut walk)
    }

    /// Whether `items` hold anything to flatten (a translucent item, an image with clear
    /// pixels), in symbols too.
    pub fn holds_transparency(&mut self, items: &[Item]) -> bool {
        items.iter().any(|item| match item {
            Item::Shape(_) => false,
            Item::Translucent(_) => true,
            Item::Image(raster) => self.is_clear(&raster.image),
            Item::Group(group) => self.holds_transparency(&group.items),
            Item::Clip(clip) => self.holds_transparency(&clip.items),
            Item::Use(used) => self.symbol_needs(&used.symbol),
        })
    }

    fn symbol_needs(&mut self, symbol: &Arc<Symbol>) -> bool {
        let key = Arc::as_ptr(symbol) as usize;
        if let Some(&known) = self.needs.get(&key) {
            return known;
        }
        let needs = self.holds_transparency(&symbol.items);
        self.needs.insert(key, needs);
        self.sources.push(symbol.clone());
        needs
    }

    fn is_clear(&mut self, image: &Arc<RasterImage>) -> bool {
        let key = Arc::as_ptr(image) as usize;
        if let Some(&known) = self.clear.get(&key) {
            return known;
        }
        let clear = image.rgba.chunks(4).any(|pixel| pixel.get(3).is_some_and(|&a| a != 255));
        self.clear.insert(key, clear);
        self.images.push(image.clone());
        clear
    }

    fn items<'a>(
        &mut self,
        items: &'a [Item],
        transform: Affine,
        walk: &mut Walk<'a>,
    ) -> Result<Vec<Item>, Unflattened> {
        let mut out = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            walk.at.push(index);
            walk.beneath.push((transform, &items[..index]));
            let done = self.item(item, transform, walk);
            walk.beneath.pop();
            walk.at.pop();
            out.push(done?);
        }
        Ok(out)
    }

    fn item<'a>(
        &mut self,
        item: &'a Item,
        transform: Affine,
        walk: &mut Walk<'a>,
    ) -> Result<Item, Unflattened> {
        let unflattened = |opacity, why| Unflattened { at: walk.at.clone(), opacity, why };
        Ok(match item {
            Item::Shape(_) => item.clone(),
            Item::Group(group) if self.holds_transparency(&group.items) => Item::Group(Group {
                transform: group.transform,
                items: self.items(&group.items, transform * group.transform, walk)?,
            }),
            Item::Clip(clip) if self.holds_transparency(&clip.items) => Item::Clip(Clip {
                path: clip.path.clone(),
                items: self.items(&clip.items, transform, walk)?,
            }),
            Item::Use(used) if self.symbol_needs(&used.symbol) => Item::Group(Group {
                transform: used.transform,
                items: self.items(&used.symbol.items, transform * used.transform, walk)?,
            }),
            Item::Group(_) | Item::Clip(_) | Item::Use(_) => item.clone(),
            Item::Image(raster) if self.is_clear(&raster.image) => {
                let region = transform.transform_rect_bbox(raster.rect);
                let image = match colour_beneath(&walk.beneath, region, None) {
                    Ok(colour) => self.laid(&raster.image, colour),
                    Err(beneath) => match self.otherwise {
                        Otherwise::Draw(painter) => self
                            .rasterised
                            .image(painter, raster, transform, &walk.beneath)
                            .ok_or_else(|| unflattened(None, Why::Over(beneath)))?,
                        Otherwise::Refuse => return Err(unflattened(None, Why::Over(beneath))),
                    },
                };
                Item::Image(Raster { image, rect: raster.rect })
            }
            Item::Image(_) => item.clone(),
            Item::Translucent(veil) => {
                let opacity = veil.drawn_opacity();
                let Some(region) = painted_bounds(&veil.items, transform) else {
                    return Ok(Item::Group(Group {
                        transform: Affine::IDENTITY,
                        items: Vec::new(),
                    }));
                };
                let clip = match veil.items.as_slice() {
                    [Item::Clip(clip)] => Some(transform * clip.path.clone()),
                    _ => None,
                };
                let recoloured = colour_beneath(&walk.beneath, region, clip.as_ref())
                    .map_err(Why::Over)
                    .and_then(|colour| self.recolour(&veil.items, opacity, colour));
                // Not over one colour, or holding what is not blended into one: in pixels.
                let mut items = match recoloured {
                    Ok(items) => items,
                    Err(why) => {
                        return match self.otherwise {
                            Otherwise::Draw(painter) => self
                                .rasterised
                                .layer(painter, item, transform, &walk.beneath)
                                .ok_or_else(|| unflattened(Some(veil.opacity), why)),
                            Otherwise::Refuse => Err(unflattened(Some(veil.opacity), why)),
                        };
                    }
                };
                // One item stays that item, so a layer turned upright turns as it did.
                match items.len() {
                    1 => items.remove(0),
                    _ => Item::Group(Group { transform: Affine::IDENTITY, items }),
                }
            }
        })
    }

    /// `image` laid over `colour`: every pixel opaque, its colour blended by its alpha.
    fn laid(&mut self, image: &Arc<RasterImage>, colour: Colour) -> Arc<RasterImage> {
        let key = (Arc::as_ptr(image) as usize, colour);
        if let Some(known) = self.laid.get(&key) {
            return known.clone();
        }
        let mut rgba = image.rgba.clone();
        for pixel in rgba.chunks_mut(4) {
            if let [r, g, b, a] = pixel {
                let ink = Colour { r: *r, g: *g, b: *b };
                let shown = ink.over(colour, f64::from(*a) / 255.0);
                pixel.copy_from_slice(&[shown.r, shown.g, shown.b, 255]);
            }
        }
        let laid = Arc::new(RasterImage {
            width: image.width,
            height: image.height,
            rgba,
            file: image.file.clone(),
            mime: image.mime,
            colorimetric: true,
        });
        self.laid.insert(key, laid.clone());
        self.images.push(image.clone());
        laid
    }

    /// `items` of a translucent item as they show at `opacity` over `colour`, opaque.
    fn recolour(&mut self, items: &[Item], opacity: f64, colour: Colour) -> Result<Vec<Item>, Why> {
        let over = |ink: Colour| ink.over(colour, opacity);
        items
            .iter()
            .map(|item| {
                Ok(match item {
                    Item::Shape(shape) => Item::Shape(Shape {
                        path: shape.path.clone(),
                        fill: shape.fill.map(over),
                        stroke: shape
                            .stroke
                            .as_ref()
                            .map(|s| Stroke { colour: over(s.colour), ..s.clone() }),
                    }),
                    Item::Group(group) => Item::Group(Group {
                        transform: group.transform,
                        items: self.recolour(&group.items, opacity, colour)?,
                    }),
                    Item::Clip(clip) => Item::Clip(Clip {
                        path: clip.path.clone(),
                        items: self.recolour(&clip.items, opacity, colour)?,
                    }),
                    Item::Use(used) => Item::Use(Use {
                        symbol: self.recoloured_symbol(&used.symbol, opacity, colour)?,
                        transform: used.transform,
                    }),
                    Item::Image(_) => return Err(Why::HoldsImage),
                    Item::Translucent(_) => return Err(Why::HoldsTranslucent),
                })
            })
            .collect()
    }

    fn recoloured_symbol(
        &mut self,
        symbol: &Arc<Symbol>,
        opacity: f64,
        colour: Colour,
    ) -> Result<Arc<Symbol>, Why> {
        let key = (Arc::as_ptr(symbol) as usize, opacity.to_bits(), colour);
        if let Some(known) = self.recoloured.get(&key) {
            return Ok(known.clone());
        }
        let items = self.recolour(&symbol.items, opacity, colour)?;
        let recoloured = Arc::new(Symbol { name: symbol.name.clone(), items });
        self.recoloured.insert(key, recoloured.clone());
        self.sources.push(symbol.clone());
        Ok(recoloured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Translucent;
    use kurbo::{Rect, Shape as _};

    const RED: Colour = Colour { r: 200, g: 0, b: 0 };
    const BLUE: Colour = Colour { r: 0, g: 0, b: 200 };

    fn square(x0: f64, y0: f64, x1: f64, y1: f64, colour: Colour) -> Item {
        Item::Shape(Shape::filled(Rect::new(x0, y0, x1, y1).to_path(0.1), colour))
    }

    fn veil(opacity: f64, items: Vec<Item>) -> Item {
        Item::Translucent(Translucent { opacity, items })
    }

    #[test]
    fn a_veil_over_one_colour_becomes_its_blend_and_keeps_its_place() {
        let ground = square(0.0, 0.0, 50.0, 50.0, RED);
        let shape = Shape {
            stroke: Some(Stroke::solid(Colour::BLACK, 0.5)),
            ..Shape::filled(Rect::new(10.0, 10.0, 20.0, 20.0).to_path(0.1), BLUE)
        };
        let face = vec![
            ground.clone(),
            veil(0.5, vec![Item::Shape(shape.clone())]),
            square(30.0, 30.0, 40.0, 40.0, BLUE),
        ];
        let flat = Flattener::default().over(&face, Vec::new()).expect("flattened");
        assert_eq!(flat.len(), 3);
        assert_eq!(flat[0], ground);
        let Item::Shape(done) = &flat[1] else { panic!("{:?}", flat[1]) };
        assert_eq!(done.fill, Some(BLUE.over(RED, 0.5)));
        assert_eq!(done.stroke.as_ref().map(|s| s.colour), Some(Colour::BLACK.over(RED, 0.5)));
        assert_eq!(done.path, shape.path);
        // Over nothing: over the paper.
        let flat = Flattener::default().over(&face[1..2], Vec::new()).expect("flattened");
        let Item::Shape(done) = &flat[0] else { panic!() };
        assert_eq!(done.fill, Some(BLUE.over(Colour::WHITE, 0.5)));
        // Over the face's bleed beneath it.
        let under = [square(-10.0, -10.0, 60.0, 60.0, RED)];
        let flat = Flattener::default()
            .over(&face[1..2], vec![(Affine::IDENTITY, &under[..])])
            .expect("flattened");
        let Item::Shape(done) = &flat[0] else { panic!() };
        assert_eq!(done.fill, Some(BLUE.over(RED, 0.5)));
    }

    #[test]
    fn a_veil_over_several_colours_or_holding_an_image_or_a_veil_is_not_flattened() {
        let ground = square(0.0, 0.0, 50.0, 50.0, RED);
        let half = square(15.0, 0.0, 50.0, 50.0, BLUE);
        let layer = veil(0.5, vec![square(10.0, 10.0, 20.0, 20.0, BLUE)]);
        let face = vec![
            ground.clone(),
            half,
            Item::Group(Group { transform: Affine::IDENTITY, items: vec![layer.clone()] }),
        ];
        let refused = Flattener::default().over(&face, Vec::new()).expect_err("two colours");
        assert_eq!(
            refused,
            Unflattened { at: vec![2, 0], opacity: Some(0.5), why: Why::Over(Beneath::Colours) }
        );
        let image = Item::Image(Raster {
            image: RasterImage::one_pixel(&[0, 0, 0, 255]),
            rect: Rect::new(10.0, 10.0, 20.0, 20.0),
        });
        let refused =
            Flattener::default().over(&[ground.clone(), veil(0.3, vec![image])], Vec::new());
        assert_eq!(refused.map_err(|u| u.why), Err(Why::HoldsImage));
        // A veil in a veil is refused rather than blended twice.
        let nested = veil(0.3, vec![layer]);
        let refused = Flattener::default().over(&[ground, nested], Vec::new());
        assert_eq!(refused.map_err(|u| (u.at, u.why)), Err((vec![1], Why::HoldsTranslucent)));
    }

    #[test]
    fn a_symbol_in_a_veil_is_recoloured_once_and_a_symbol_holding_a_veil_is_inlined() {
        let symbol =
            Arc::new(Symbol { name: "mark".into(), items: vec![square(0.0, 0.0, 5.0, 5.0, BLUE)] });
        let used = |x: f64| {
            Item::Use(Use { symbol: symbol.clone(), transform: Affine::translate((x, 10.0)) })
        };
        let ground = square(0.0, 0.0, 50.0, 50.0, RED);
        let face = vec![ground.clone(), veil(0.5, vec![used(10.0)]), veil(0.5, vec![used(30.0)])];
        let mut flattener = Flattener::default();
        let flat = flattener.over(&face, Vec::new()).expect("flattened");
        let (Item::Use(a), Item::Use(b)) = (&flat[1], &flat[2]) else { panic!("{flat:?}") };
        assert!(Arc::ptr_eq(&a.symbol, &b.symbol), "recoloured alike, shared");
        assert_eq!(a.symbol.items, vec![square(0.0, 0.0, 5.0, 5.0, BLUE.over(RED, 0.5))]);
        // A symbol holding a veil is drawn inline, over what each use lies on.
        let veiled = Arc::new(Symbol {
            name: "veiled".into(),
            items: vec![veil(0.5, vec![square(0.0, 0.0, 5.0, 5.0, BLUE)])],
        });
        let place = |x: f64| {
            Item::Use(Use { symbol: veiled.clone(), transform: Affine::translate((x, 10.0)) })
        };
        let face =
            vec![ground, square(25.0, 0.0, 50.0, 50.0, Colour::WHITE), place(10.0), place(30.0)];
        let flat = flattener.over(&face, Vec::new()).expect("flattened");
        let fills: Vec<_> = flat[2..]
            .iter()
            .map(|item| match item {
                Item::Group(Group { items, .. }) => match &items[..] {
                    [Item::Shape(shape)] => shape.fill,
                    other => panic!("{other:?}"),
                },
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(fills, vec![Some(BLUE.over(RED, 0.5)), Some(BLUE.over(Colour::WHITE, 0.5))]);
    }

    #[test]
    fn an_image_with_clear_pixels_is_laid_over_the_one_colour_beneath_it() {
        let image = RasterImage::one_pixel(&[0, 0, 200, 128]);
        let solid = RasterImage::one_pixel(&[0, 0, 200, 255]);
        let raster = |image: &Arc<RasterImage>| {
            Item::Image(Raster { image: image.clone(), rect: Rect::new(10.0, 10.0, 20.0, 20.0) })
        };
        let ground = square(0.0, 0.0, 50.0, 50.0, RED);
        let flat = Flattener::default()
            .over(&[ground.clone(), raster(&image), raster(&solid)], Vec::new())
            .expect("flattened");
        let Item::Image(laid) = &flat[1] else { panic!() };
        let shown = BLUE.over(RED, 128.0 / 255.0);
        assert_eq!(laid.image.rgba, vec![shown.r, shown.g, shown.b, 255]);
        assert_eq!(flat[2], raster(&solid), "an opaque image is kept as it is");
        let half = square(15.0, 0.0, 50.0, 50.0, BLUE);
        let refused = Flattener::default().over(&[ground, half, raster(&image)], Vec::new());
        assert_eq!(
            refused,
            Err(Unflattened { at: vec![2], opacity: None, why: Why::Over(Beneath::Colours) })
        );
    }
}
