//! Draws scene items straight into a tiny-skia pixmap, the way resvg draws the SVG the SVG backend writes of them: the rasteriser behind every PNG made from our own pages.
//!
//! Shapes are filled (non-zero) then stroked with round joins, as `render::svg` and
//! `render::pdf_content` write them; groups and symbol uses compose their transforms; images
//! are premultiplied once per drawing and stretched over their rectangle with the bicubic
//! filter resvg uses; clips become anti-aliased masks; translucent groups are drawn on a layer
//! of their own and blended in at their opacity. What the SVG writer leaves out (a
//! non-finite coordinate or transform, a stroke of no width, a dash pattern that does not
//! dash) is left out here too, so the PNG shows what the SVG shows.

use std::sync::Arc;

use kurbo::{Affine, BezPath, PathEl, Rect};
use resvg::tiny_skia::{
    FillRule, FilterQuality, IntSize, LineCap as SkiaCap, LineJoin, Mask, Paint, Path, PathBuilder,
    Pattern, Pixmap, PixmapMut, PixmapPaint, SpreadMode, Stroke as SkiaStroke, StrokeDash,
    Transform,
};

use super::coverage;
use super::item_reach::ItemReach;
use crate::scene::{
    Colour, Item, LineCap, Raster, RasterImage, Shape, Stroke, Symbol, Translucent,
};

/// Premultiplied copies of the images drawn so far, each made once per drawing and found
/// again by identity (the `Arc`), so an image used on every tile is converted once.
#[derive(Debug, Default)]
pub struct ImageCache {
    images: Vec<(Arc<RasterImage>, Option<Pixmap>)>,
}

impl ImageCache {
    /// The premultiplied pixmap of `image`, `None` when its pixels do not match its size.
    fn premultiplied(&mut self, image: &Arc<RasterImage>) -> Option<&Pixmap> {
        let index = match self.images.iter().position(|(known, _)| Arc::ptr_eq(known, image)) {
            Some(index) => index,
            None => {
                self.images.push((image.clone(), premultiply(image)));
                self.images.len() - 1
            }
        };
        self.images.get(index).and_then(|(_, pixmap)| pixmap.as_ref())
    }
}

/// Straight RGBA → a premultiplied pixmap (tiny-skia's rounding); `None` for a bitmap whose
/// byte count does not match its size or that has no pixels.
fn premultiply(image: &RasterImage) -> Option<Pixmap> {
    let size = IntSize::from_wh(image.width, image.height)?;
    if image.rgba.len() != image.width as usize * image.height as usize * 4 {
        return None;
    }
    let mut data = image.rgba.clone();
    for pixel in data.chunks_exact_mut(4) {
        let alpha = u32::from(pixel[3]);
        if alpha == 255 {
            continue;
        }
        for channel in &mut pixel[..3] {
            let product = u32::from(*channel) * alpha + 128;
            *channel = ((product + (product >> 8)) >> 8) as u8;
        }
    }
    Pixmap::from_vec(data, size)
}

/// How shapes' edges are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edges {
    /// By tiny-skia, as resvg draws the SVG: pages, faces and what the checks measure, which
    /// must match their SVG.
    AsResvg,
    /// By exact area coverage in sixteenths ([`coverage`]), about twice as cheap: the preview.
    Coverage,
}

/// Draws `items` (in mm, or any frame `transform` maps to the pixmap's pixels) over what the
/// pixmap holds, as resvg draws them.
pub fn draw_items(
    items: &[Item],
    transform: Affine,
    target: &mut PixmapMut<'_>,
    images: &mut ImageCache,
) {
    draw(items, transform, target, images, None, Edges::AsResvg);
}

/// Draws the items of `items` that `reach` (made of them) says may touch the pixmap, as
/// [`draw_items`] draws them all, their edges as `edges` says: an image drawn in strips walks
/// only what each strip shows.
pub fn draw_reaching_items(
    items: &[Item],
    reach: &ItemReach,
    transform: Affine,
    target: &mut PixmapMut<'_>,
    images: &mut ImageCache,
    edges: Edges,
) {
    let size = (target.width(), target.height());
    for item in reach.reaching(items, transform, size) {
        draw(std::slice::from_ref(item), transform, target, images, None, edges);
    }
}

fn draw(
    items: &[Item],
    transform: Affine,
    target: &mut PixmapMut<'_>,
    images: &mut ImageCache,
    mask: Option<&Mask>,
    edges: Edges,
) {
    for item in items {
        match item {
            Item::Shape(shape) => draw_shape(shape, transform, target, mask, edges),
            Item::Group(group) => {
                if group.transform.is_finite() {
                    draw(&group.items, transform * group.transform, target, images, mask, edges);
                }
            }
            Item::Use(used) => {
                if used.transform.is_finite() {
                    let symbol: &Symbol = &used.symbol;
                    draw(&symbol.items, transform * used.transform, target, images, mask, edges);
                }
            }
            Item::Image(raster) => draw_image(raster, transform, target, images, mask),
            Item::Clip(clip) => {
                // Nothing shows outside the clip: one wholly off the target draws nothing.
                if !may_reach(clip.path.control_box(), 0.0, transform, target) {
                    continue;
                }
                let Some(path) = skia_path(&clip.path) else { continue };
                let (width, height) = (target.width(), target.height());
                let skia = skia_transform(transform);
                let clipped = match mask {
                    Some(outer) => {
                        let mut inner = outer.clone();
                        inner.intersect_path(&path, FillRule::Winding, true, skia);
                        inner
                    }
                    None => {
                        let Some(mut inner) = Mask::new(width, height) else { continue };
                        inner.fill_path(&path, FillRule::Winding, true, skia);
                        inner
                    }
                };
                draw(&clip.items, transform, target, images, Some(&clipped), edges);
            }
            Item::Translucent(veil) => {
                draw_translucent(veil, transform, target, images, mask, edges)
            }
        }
    }
}

/// The items drawn on a layer of their own, as large as the pixels they may paint, then
/// laid over the target at their opacity (as resvg draws a group with `opacity`); the clip
/// applies to the layer as a whole.
fn draw_translucent(
    veil: &Translucent,
    transform: Affine,
    target: &mut PixmapMut<'_>,
    images: &mut ImageCache,
    mask: Option<&Mask>,
    edges: Edges,
) {
    let Some(ink) = items_bounds(&veil.items) else { return };
    let target_rect = Rect::new(0.0, 0.0, f64::from(target.width()), f64::from(target.height()));
    // A pixel around the ink for anti-aliasing.
    let reach = transform.transform_rect_bbox(ink).inflate(1.0, 1.0).intersect(target_rect);
    let (x0, y0) = (reach.x0.floor(), reach.y0.floor());
    let (width, height) = ((reach.x1.ceil() - x0), (reach.y1.ceil() - y0));
    if !(width >= 1.0 && height >= 1.0) {
        return;
    }
    let Some(mut layer) = Pixmap::new(width as u32, height as u32) else { return };
    let shifted = Affine::translate((-x0, -y0)) * transform;
    draw(&veil.items, shifted, &mut layer.as_mut(), images, None, edges);
    let paint = PixmapPaint { opacity: veil.drawn_opacity() as f32, ..PixmapPaint::default() };
    target.draw_pixmap(x0 as i32, y0 as i32, layer.as_ref(), &paint, Transform::identity(), mask);
}

fn draw_shape(
    shape: &Shape,
    transform: Affine,
    target: &mut PixmapMut<'_>,
    mask: Option<&Mask>,
    edges: Edges,
) {
    let stroke = shape.stroke.as_ref().and_then(|stroke| Some((stroke, stroke_width(stroke)?)));
    if shape.fill.is_none() && stroke.is_none() {
        return;
    }
    let reach = stroke.map_or(0.0, |(_, width)| f64::from(width) / 2.0 * std::f64::consts::SQRT_2);
    if !may_reach(shape.path.control_box(), reach, transform, target) {
        return;
    }
    let width = stroke.map(|(_, width)| width);
    if edges == Edges::Coverage && coverage::draw_shape(shape, width, transform, target, mask) {
        return;
    }
    let Some(path) = skia_path(&shape.path) else { return };
    let skia = skia_transform(transform);
    if let Some(colour) = shape.fill {
        // Like resvg: a path with no area (a lone line) is not filled.
        let bounds = path.bounds();
        if bounds.width() > 0.0 && bounds.height() > 0.0 {
            target.fill_path(&path, &paint(colour), FillRule::Winding, skia, mask);
        }
    }
    if let Some((stroke, width)) = stroke {
        target.stroke_path(&path, &paint(stroke.colour), &skia_stroke(stroke, width), skia, mask);
    }
}

/// Whether something within `outline` (widened by `reach` for a stroke), carried by
/// `transform` into pixels, may touch `target`: a cheap test that spares stroking and
/// filling what lies wholly in another strip. Conservative: the widening is scaled by the
/// transform's largest possible stretch, plus a pixel for anti-aliasing.
fn may_reach(outline: Rect, reach: f64, transform: Affine, target: &PixmapMut<'_>) -> bool {
    let [a, b, c, d, _, _] = transform.as_coeffs();
    let stretch = (a * a + b * b + c * c + d * d).sqrt();
    let bounds = transform
        .transform_rect_bbox(outline)
        .inflate(reach * stretch + 1.0, reach * stretch + 1.0);
    let (width, height) = (f64::from(target.width()), f64::from(target.height()));
    // A NaN anywhere compares false: such a shape is left to the checks that follow.
    !(bounds.x1 < 0.0 || bounds.y1 < 0.0 || bounds.x0 > width || bounds.y0 > height)
}

fn paint(colour: Colour) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(colour.r, colour.g, colour.b, 255);
    paint.anti_alias = true;
    paint
}

/// The stroke width in mm as tiny-skia takes it, if it paints anything.
fn stroke_width(stroke: &Stroke) -> Option<f32> {
    stroke.painted_width_mm().map(|w| w as f32)
}

/// Round joins (as every backend writes), the scene's cap, and its dashes when they dash;
/// an odd pattern is repeated to make it even, as SVG says.
fn skia_stroke(stroke: &Stroke, width: f32) -> SkiaStroke {
    let dash = dash_pattern(stroke).and_then(|pattern| StrokeDash::new(pattern, 0.0));
    SkiaStroke {
        width,
        line_cap: match stroke.cap {
            LineCap::Butt => SkiaCap::Butt,
            LineCap::Round => SkiaCap::Round,
            LineCap::Square => SkiaCap::Square,
        },
        line_join: LineJoin::Round,
        dash,
        ..SkiaStroke::default()
    }
}

/// The bitmap stretched over its rectangle, filtered as resvg filters `<image>`.
fn draw_image(
    raster: &Raster,
    transform: Affine,
    target: &mut PixmapMut<'_>,
    images: &mut ImageCache,
    mask: Option<&Mask>,
) {
    let Some(rect) = raster.painted_rect() else { return };
    if !may_reach(rect, 0.0, transform, target) {
        return;
    }
    let Some(pixmap) = images.premultiplied(&raster.image) else { return };
    let (width, height) = (f64::from(pixmap.width()), f64::from(pixmap.height()));
    let Some(source) = resvg::tiny_skia::Rect::from_xywh(0.0, 0.0, width as f32, height as f32)
    else {
        return;
    };
    let place = Affine::translate((rect.x0, rect.y0))
        * Affine::scale_non_uniform(rect.width() / width, rect.height() / height);
    let shader = Pattern::new(
        pixmap.as_ref(),
        SpreadMode::Pad,
        FilterQuality::Bicubic,
        1.0,
        Transform::identity(),
    );
    let paint = Paint { shader, ..Paint::default() };
    target.fill_rect(source, &paint, skia_transform(transform * place), mask);
}

/// The stroke's dashes (mm) when they dash, an odd pattern repeated to make it even, as SVG
/// says; `None` for a solid stroke or a pattern that does not dash (a negative or non-finite
/// length, or nothing but gaps of zero), which draws solid.
pub(super) fn dash_pattern(stroke: &Stroke) -> Option<Vec<f32>> {
    let dash = &stroke.dash_mm;
    let usable = dash.iter().all(|d| d.is_finite() && *d >= 0.0) && dash.iter().sum::<f64>() > 0.0;
    usable.then(|| {
        let times = if dash.len() % 2 == 1 { 2 } else { 1 };
        dash.iter().cycle().take(dash.len() * times).map(|d| *d as f32).collect()
    })
}

/// kurbo's affine as tiny-skia's (same coefficient order).
pub fn skia_transform(transform: Affine) -> Transform {
    let [a, b, c, d, e, f] = transform.as_coeffs().map(|v| v as f32);
    Transform::from_row(a, b, c, d, e, f)
}

/// The path for tiny-skia; `None` when it is empty or has a coordinate that is not finite
/// (the SVG writer leaves those out), as [`drawn_elements`] reads it.
pub fn skia_path(path: &BezPath) -> Option<Path> {
    let mut builder = PathBuilder::with_capacity(path.elements().len(), path.elements().len() * 3);
    let f = |v: f64| v as f32;
    drawn_elements(path, |element| match element {
        PathEl::MoveTo(p) => builder.move_to(f(p.x), f(p.y)),
        PathEl::LineTo(p) => builder.line_to(f(p.x), f(p.y)),
        PathEl::QuadTo(c, p) => builder.quad_to(f(c.x), f(c.y), f(p.x), f(p.y)),
        PathEl::CurveTo(c1, c2, p) => {
            builder.cubic_to(f(c1.x), f(c1.y), f(c2.x), f(c2.y), f(p.x), f(p.y))
        }
        PathEl::ClosePath => builder.close(),
    })?;
    builder.finish()
}

/// Hands `path`'s elements to `each` as the rasterisers draw them: a path not starting with
/// a move starts at the origin. `None` (the elements before it handed over) at the first
/// coordinate that is not finite: the SVG writer leaves such a path out, so the caller
/// draws nothing.
pub(super) fn drawn_elements(path: &BezPath, mut each: impl FnMut(PathEl)) -> Option<()> {
    for (index, element) in path.elements().iter().enumerate() {
        if index == 0 && !matches!(element, PathEl::MoveTo(_)) {
            each(PathEl::MoveTo(kurbo::Point::ORIGIN));
        }
        let finite = match element {
            PathEl::MoveTo(p) | PathEl::LineTo(p) => p.is_finite(),
            PathEl::QuadTo(c, p) => c.is_finite() && p.is_finite(),
            PathEl::CurveTo(c1, c2, p) => c1.is_finite() && c2.is_finite() && p.is_finite(),
            PathEl::ClosePath => true,
        };
        if !finite {
            return None;
        }
        each(*element);
    }
    Some(())
}

/// What `items` draw, in their own frame: path bounds (their stroke outline's when
/// stroked), each group's or symbol's bounds carried through its transform as a rectangle, clipped
/// items cut to their clip, images their rectangle (as usvg measures a layer). `None` when
/// they draw nothing.
pub fn items_bounds(items: &[Item]) -> Option<Rect> {
    bounds(items, &mut Vec::new())
}

/// Symbols already measured, by identity.
type SymbolBounds = Vec<(Arc<Symbol>, Option<Rect>)>;

fn bounds(items: &[Item], symbols: &mut SymbolBounds) -> Option<Rect> {
    let mut total: Option<Rect> = None;
    for item in items {
        let found = match item {
            Item::Shape(shape) => shape_bounds(shape),
            Item::Group(group) if group.transform.is_finite() => {
                bounds(&group.items, symbols).map(|r| group.transform.transform_rect_bbox(r))
            }
            Item::Use(used) if used.transform.is_finite() => {
                let known = symbols.iter().find(|(s, _)| Arc::ptr_eq(s, &used.symbol));
                let local = match known {
                    Some((_, local)) => *local,
                    None => {
                        let local = bounds(&used.symbol.items, symbols);
                        symbols.push((used.symbol.clone(), local));
                        local
                    }
                };
                local.map(|r| used.transform.transform_rect_bbox(r))
            }
            Item::Group(_) | Item::Use(_) => None,
            Item::Image(raster) => raster.painted_rect(),
            Item::Translucent(veil) => bounds(&veil.items, symbols),
            Item::Clip(clip) => match skia_path(&clip.path) {
                Some(_) => bounds(&clip.items, symbols)
                    .map(|inner| inner.intersect(kurbo::Shape::bounding_box(&clip.path)))
                    .filter(|r| r.width() > 0.0 && r.height() > 0.0),
                None => None,
            },
        };
        if let Some(found) = found {
            total = Some(total.map_or(found, |t| t.union(found)));
        }
    }
    total
}

/// A shape's bounds: its path's, or its stroke outline's (without dashes, as usvg measures
/// it: butt caps end where the path ends).
fn shape_bounds(shape: &Shape) -> Option<Rect> {
    let stroke = shape.stroke.as_ref().and_then(|stroke| Some((stroke, stroke_width(stroke)?)));
    if shape.fill.is_none() && stroke.is_none() {
        return None;
    }
    let path = skia_path(&shape.path)?;
    let outline = match stroke {
        Some((stroke, width)) => {
            let solid = SkiaStroke { dash: None, ..skia_stroke(stroke, width) };
            path.stroke(&solid, 1.0)?
        }
        None => path,
    };
    let bounds = outline.compute_tight_bounds()?;
    let (left, top) = (f64::from(bounds.left()), f64::from(bounds.top()));
    Some(Rect::new(left, top, f64::from(bounds.right()), f64::from(bounds.bottom())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Clip, Group, Use};
    use kurbo::Shape as _;

    fn line() -> BezPath {
        let mut path = BezPath::new();
        path.move_to((10.0, 10.0));
        path.line_to((30.0, 10.0));
        path
    }

    fn stroked(cap: LineCap) -> Item {
        let stroke = Stroke { colour: Colour::BLACK, width_mm: 2.0, cap, dash_mm: vec![1.0] };
        Item::Shape(Shape::stroked(line(), stroke))
    }

    fn near(a: Rect, b: Rect) -> bool {
        [a.x0 - b.x0, a.y0 - b.y0, a.x1 - b.x1, a.y1 - b.y1].iter().all(|d| d.abs() < 1e-3)
    }

    #[test]
    fn stroke_bounds_follow_the_caps_and_ignore_the_dashes() {
        let butt = items_bounds(&[stroked(LineCap::Butt)]).unwrap();
        assert!(near(butt, Rect::new(10.0, 9.0, 30.0, 11.0)), "{butt:?}");
        let round = items_bounds(&[stroked(LineCap::Round)]).unwrap();
        assert!(near(round, Rect::new(9.0, 9.0, 31.0, 11.0)), "{round:?}");
        let unpainted = Item::Shape(Shape { path: line(), fill: None, stroke: None });
        assert_eq!(items_bounds(&[unpainted]), None);
    }

    #[test]
    fn groups_symbols_and_clips_carry_bounds_through() {
        let square =
            Item::Shape(Shape::filled(Rect::new(0.0, 0.0, 4.0, 4.0).to_path(0.1), Colour::BLACK));
        let symbol = Arc::new(Symbol { name: "s".into(), items: vec![square.clone()] });
        let used = Item::Use(Use { symbol, transform: Affine::translate((10.0, 0.0)) });
        let group =
            Item::Group(Group { transform: Affine::scale(2.0), items: vec![square.clone()] });
        let clip = Item::Clip(Clip {
            path: Rect::new(1.0, 1.0, 2.0, 20.0).to_path(0.1),
            items: vec![square],
        });
        assert!(near(items_bounds(&[used]).unwrap(), Rect::new(10.0, 0.0, 14.0, 4.0)));
        assert!(near(items_bounds(&[group]).unwrap(), Rect::new(0.0, 0.0, 8.0, 8.0)));
        assert!(near(items_bounds(&[clip]).unwrap(), Rect::new(1.0, 1.0, 2.0, 4.0)));
    }

    #[test]
    fn images_are_premultiplied_once_and_bad_bitmaps_draw_nothing() {
        let image = RasterImage::one_pixel(&[200, 100, 0, 128]);
        let mut cache = ImageCache::default();
        let pixel = cache.premultiplied(&image).unwrap().pixel(0, 0).unwrap();
        assert_eq!((pixel.red(), pixel.green(), pixel.alpha()), (100, 50, 128));
        cache.premultiplied(&image);
        assert_eq!(cache.images.len(), 1, "found again by identity");
        let short = RasterImage::one_pixel(&[1, 2, 3]);
        assert!(cache.premultiplied(&short).is_none());
        let mut target = Pixmap::new(4, 4).unwrap();
        let raster = Item::Image(Raster { image: short, rect: Rect::new(0.0, 0.0, 4.0, 4.0) });
        draw_items(&[raster], Affine::IDENTITY, &mut target.as_mut(), &mut cache);
        assert!(target.pixels().iter().all(|p| p.alpha() == 0));
    }

    #[test]
    fn a_clip_keeps_drawing_inside_its_path() {
        let mut target = Pixmap::new(20, 20).unwrap();
        let fill =
            Item::Shape(Shape::filled(Rect::new(0.0, 0.0, 20.0, 20.0).to_path(0.1), Colour::BLACK));
        let clip = Item::Clip(Clip {
            path: Rect::new(5.0, 5.0, 10.0, 10.0).to_path(0.1),
            items: vec![fill],
        });
        draw_items(&[clip], Affine::IDENTITY, &mut target.as_mut(), &mut ImageCache::default());
        let painted = target.pixels().iter().filter(|p| p.alpha() == 255).count();
        assert_eq!(painted, 25, "the 5 × 5 pixel square only");
    }
}
