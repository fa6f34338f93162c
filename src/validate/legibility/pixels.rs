//! The pixels under a layer's ink: a small raster of the rectangle its ink covers, drawn at
//! a resolution fine enough for its strokes, in which the check measures ink, what lies
//! behind it, what covers it and where the safe area ends.

use kurbo::{Affine, BezPath, Rect};
use resvg::tiny_skia::{BlendMode, Color, FillRule, Paint, Pixmap, Stroke};

use crate::render::raster::{ImageCache, draw_items, skia_path, skia_transform};
use crate::scene::{Colour, Item};

/// Fewest pixels per mm: a 0.3 mm line is at least one pixel wide.
const MIN_SCALE: f64 = 3.0;
/// Most pixels per mm, for the smallest text.
const MAX_SCALE: f64 = 16.0;
/// Pixels across a capital letter, so that a glyph's stems are a few pixels wide.
const PIXELS_PER_CAP: f64 = 8.0;
/// Most pixels one layer is measured in; larger layers are measured more coarsely.
const MAX_PIXELS: f64 = 120_000.0;
/// Fewest pixels that make a finding (fewer are anti-aliasing).
pub const FEWEST_PIXELS: usize = 3;
/// Coverage from which a pixel counts as painted (of 255).
pub const PAINTED: u8 = 128;

/// A raster of `rect` (mm, in the frame of a cutout's side) at `scale` pixels per mm.
pub struct Region {
    pub rect: Rect,
    pub scale: f64,
    pub width: u32,
    pub height: u32,
}

impl Region {
    /// The region around `ink`, fine enough for text of `cap_mm` (or for icons without).
    pub fn around(ink: Rect, cap_mm: Option<f64>) -> Option<Region> {
        let wanted = cap_mm.map_or(MIN_SCALE, |cap| PIXELS_PER_CAP / cap.max(0.01));
        let area = (ink.width() * ink.height()).max(1e-6);
        let scale = wanted.min((MAX_PIXELS / area).sqrt()).clamp(1.0, MAX_SCALE).max(
            // Never so coarse that the whole layer is under a few pixels across.
            (8.0 / ink.width().min(ink.height()).max(0.01)).min(MIN_SCALE),
        );
        let rect = ink.inflate(1.0 / scale, 1.0 / scale);
        let width = (rect.width() * scale).ceil();
        let height = (rect.height() * scale).ceil();
        let fits = width.is_finite() && height.is_finite() && width * height <= 4.0 * MAX_PIXELS;
        (fits && width >= 1.0 && height >= 1.0).then_some(Region {
            rect,
            scale,
            width: width as u32,
            height: height as u32,
        })
    }

    /// Millimetres of the side's frame → this raster's pixels.
    fn to_pixels(&self) -> Affine {
        Affine::scale(self.scale) * Affine::translate(-self.rect.origin().to_vec2())
    }

    /// `items` (placed by `transform`) drawn on a transparent raster.
    pub fn draw(&self, items: &[Item], transform: Affine, images: &mut ImageCache) -> Pixmap {
        let mut pixmap = self.blank();
        draw_items(items, self.to_pixels() * transform, &mut pixmap.as_mut(), images);
        pixmap
    }

    /// Every neighbour drawn in turn on a transparent raster.
    pub fn draw_all(
        &self,
        items: &[super::side::Neighbour<'_>],
        images: &mut ImageCache,
    ) -> Pixmap {
        let mut pixmap = self.blank();
        let reaches = |n: &&super::side::Neighbour<'_>| {
            n.bounds.is_some_and(|b| b.intersect(self.rect).area() > 0.0)
        };
        for neighbour in items.iter().filter(reaches) {
            let placed = self.to_pixels() * neighbour.transform;
            draw_items(std::slice::from_ref(neighbour.item), placed, &mut pixmap.as_mut(), images);
        }
        pixmap
    }

    /// How much of each pixel `items` cover (0–255), whatever their colours.
    pub fn coverage(&self, items: &[Item], transform: Affine, images: &mut ImageCache) -> Vec<u8> {
        alpha(&self.draw(items, transform, images))
    }

    /// How much of each pixel lies in the safe area: `outline` (placed by `transform`)
    /// less a band `inset_mm` wide inside its edge.
    pub fn safe_area(&self, outline: &BezPath, transform: Affine, inset_mm: f64) -> Vec<u8> {
        let mut pixmap = self.blank();
        let Some(path) = skia_path(outline) else { return alpha(&pixmap) };
        let placed = skia_transform(self.to_pixels() * transform);
        let mut paint = Paint::default();
        paint.set_color(Color::BLACK);
        paint.anti_alias = true;
        pixmap.fill_path(&path, &paint, FillRule::Winding, placed, None);
        if inset_mm > 0.0 {
            // The band inside the edge: the outline stroked twice as wide, cleared.
            let scale = transform.determinant().abs().sqrt().max(1e-9);
            let stroke = Stroke { width: (2.0 * inset_mm / scale) as f32, ..Stroke::default() };
            paint.blend_mode = BlendMode::Clear;
            pixmap.stroke_path(&path, &paint, &stroke, placed, None);
        }
        alpha(&pixmap)
    }

    /// `coverage` grown by `mm` in every direction (the largest value within a square of
    /// that reach), for keeping things clear of each other.
    pub fn dilate(&self, coverage: &[u8], mm: f64) -> Vec<u8> {
        let reach = (mm * self.scale).round().max(1.0) as usize;
        let (w, h) = (self.width as usize, self.height as usize);
        let mut across = vec![0u8; coverage.len()];
        for y in 0..h {
            for x in 0..w {
                let row =
                    &coverage[y * w + x.saturating_sub(reach)..y * w + (x + reach + 1).min(w)];
                across[y * w + x] = row.iter().copied().max().unwrap_or(0);
            }
        }
        let mut grown = vec![0u8; coverage.len()];
        for y in 0..h {
            for x in 0..w {
                let rows = y.saturating_sub(reach)..(y + reach + 1).min(h);
                grown[y * w + x] = rows.map(|r| across[r * w + x]).max().unwrap_or(0);
            }
        }
        grown
    }

    fn blank(&self) -> Pixmap {
        Pixmap::new(self.width, self.height).unwrap_or_else(|| {
            Pixmap::new(1, 1).unwrap_or_else(|| unreachable!("a 1 × 1 pixmap is always made"))
        })
    }

    /// The centre of pixel `index`, in mm of the side's frame.
    pub fn point_of(&self, index: usize) -> kurbo::Point {
        let (x, y) = (index as u32 % self.width, index as u32 / self.width);
        let px = kurbo::Point::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
        self.to_pixels().inverse() * px
    }
}

fn alpha(pixmap: &Pixmap) -> Vec<u8> {
    pixmap.pixels().iter().map(|p| p.alpha()).collect()
}

/// The colour a pixel shows on white paper (premultiplied RGBA composited over white).
pub fn on_paper(pixmap: &Pixmap, index: usize) -> Colour {
    let pixel = pixmap.pixels()[index];
    let paper = 255 - u16::from(pixel.alpha());
    let channel = |c: u8| (u16::from(c) + paper).min(255) as u8;
    Colour { r: channel(pixel.red()), g: channel(pixel.green()), b: channel(pixel.blue()) }
}

/// The colour a pixel was painted in (un-premultiplied), for ink that covers it.
pub fn painted_colour(pixmap: &Pixmap, index: usize) -> Colour {
    let colour = pixmap.pixels()[index].demultiply();
    Colour { r: colour.red(), g: colour.green(), b: colour.blue() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Shape;
    use kurbo::Shape as _;

    #[test]
    fn a_square_covers_its_pixels_and_the_safe_area_ends_inside_the_outline() {
        let ink = Rect::new(0.0, 0.0, 10.0, 10.0);
        let region = Region::around(ink, None).expect("a region");
        assert!((region.scale - MIN_SCALE).abs() < 1e-9);
        let pixels = |mm: f64| (mm * MIN_SCALE).round() as usize;
        let square = Item::Shape(Shape::filled(ink.to_path(1e-3), Colour::BLACK));
        let covered = region.coverage(&[square], Affine::IDENTITY, &mut ImageCache::default());
        let painted = covered.iter().filter(|&&a| a >= PAINTED).count();
        assert_eq!(painted, pixels(10.0) * pixels(10.0));
        let safe = region.safe_area(&ink.to_path(1e-3), Affine::IDENTITY, 2.0);
        let inside = safe.iter().filter(|&&a| a >= PAINTED).count();
        assert_eq!(inside, pixels(6.0) * pixels(6.0));
    }
}
