//! Solid fills and strokes drawn by their exact area coverage (zeno's rasteriser) and blended in sixteenths: the preview's way of drawing shapes, about twice as cheap as tiny-skia's supersampling for the same look.
//!
//! tiny-skia finds a pixel's coverage by sampling it sixteen times (four rows of four), so its
//! edges take 17 levels; zeno measures the area inside the path exactly. The coverage is
//! rounded to sixteenths here, the levels tiny-skia gives, which keeps the PNG as small as
//! tiny-skia's (unrounded, Tantrix's preview grew by 40 %). Pages and faces, which must match
//! what resvg draws of their SVG, keep tiny-skia (`render::raster`, [`super::raster::Edges`]).
//!
//! The path is carried into pixels before it is filled or stroked, so a stroke is outlined at
//! the scale it is seen at; a stroke under a transform that stretches one way more than another
//! (where its width would vary along the path) is left to tiny-skia.

use std::cell::RefCell;

use kurbo::{Affine, PathEl, Point, Rect};
use resvg::tiny_skia::{Mask, PixmapMut};
use zeno::{Cap, Command, Fill, Join, Scratch, Style};

use crate::scene::{Colour, LineCap, Shape};

/// The path, the mask and zeno's working memory of one thread, kept from shape to shape.
struct Workspace {
    commands: Vec<Command>,
    coverage: Vec<u8>,
    scratch: Scratch,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace {
        commands: Vec::new(),
        coverage: Vec::new(),
        scratch: Scratch::new(),
    });
}

/// How far beyond the target, in pixels, a shape may reach and still be drawn here: zeno
/// walks every row and cell a line crosses, on the target or not, in 24.8 fixed point. A
/// shape reaching further (a huge background clipped to a face) is left to tiny-skia, which
/// cuts its lines to the target first.
const REACH_BEYOND: f64 = 4096.0;
/// The most dashes a stroke is drawn with here (tiny-skia's limit); more are left to it.
const MOST_DASHES: f64 = 1_000_000.0;

/// Draws the shape's fill, then its stroke (round joins, its cap and dashes as
/// [`super::raster::dash_pattern`] reads them), through `transform` into `target`, each
/// pixel's coverage multiplied by the `mask`'s. Returns `false`, having drawn nothing, for a
/// stroke under a transform that is not a rotation, reflection and uniform scale, a shape
/// reaching more than [`REACH_BEYOND`] pixels past the target, or more than
/// [`MOST_DASHES`] dashes: tiny-skia draws those.
pub fn draw_shape(
    shape: &Shape,
    stroke_width: Option<f32>,
    transform: Affine,
    target: &mut PixmapMut<'_>,
    mask: Option<&Mask>,
) -> bool {
    let stroke = shape.stroke.as_ref().zip(stroke_width);
    let scale = uniform_scale(transform);
    if stroke.is_some() && scale.is_none() {
        return false;
    }
    let scale = scale.unwrap_or(1.0);
    let width = stroke.map_or(0.0, |(_, width)| f64::from(width) * scale);
    let dashes: Vec<f32> = stroke
        .and_then(|(stroke, _)| super::raster::dash_pattern(stroke))
        .unwrap_or_default()
        .iter()
        .map(|d| (f64::from(*d) * scale) as f32)
        .collect();
    // Caps and joins reach at most half the width times √2 beyond the path.
    let reach = width / 2.0 * std::f64::consts::SQRT_2;
    let near = Rect::new(0.0, 0.0, f64::from(target.width()), f64::from(target.height()))
        .inflate(REACH_BEYOND, REACH_BEYOND);
    WORKSPACE.with(|workspace| {
        let workspace = &mut *workspace.borrow_mut();
        let Some(outline) = pixel_path(&shape.path, transform, &mut workspace.commands) else {
            return true;
        };
        let painted = outline.inflate(reach, reach);
        if painted.union(near) != near || too_many_dashes(&workspace.commands, &dashes) {
            return false;
        }
        if let Some(colour) = shape.fill {
            paint(workspace, Style::Fill(Fill::NonZero), outline, colour, target, mask);
        }
        if let Some((stroke, _)) = stroke {
            let mut style = zeno::Stroke::new(width as f32);
            style.join(Join::Round).cap(match stroke.cap {
                LineCap::Butt => Cap::Butt,
                LineCap::Round => Cap::Round,
                LineCap::Square => Cap::Square,
            });
            if !dashes.is_empty() {
                style.dash(&dashes, 0.0);
            }
            paint(workspace, Style::Stroke(style), painted, stroke.colour, target, mask);
        }
        true
    })
}

/// Whether dashing the path (pixels) with `dashes` would make more than [`MOST_DASHES`]
/// dashes, its length taken as its control polygon's (never shorter than the path).
fn too_many_dashes(commands: &[Command], dashes: &[f32]) -> bool {
    if dashes.is_empty() {
        return false;
    }
    let interval: f64 = dashes.iter().map(|d| f64::from(*d)).sum();
    let (mut at, mut start, mut length) = (zeno::Point::ZERO, zeno::Point::ZERO, 0.0);
    for command in commands {
        let points: &[zeno::Point] = match command {
            Command::MoveTo(p) => {
                (at, start) = (*p, *p);
                &[]
            }
            Command::LineTo(p) => std::slice::from_ref(p),
            Command::QuadTo(c, p) => &[*c, *p],
            Command::CurveTo(c1, c2, p) => &[*c1, *c2, *p],
            Command::Close => &[start],
        };
        for &point in points {
            length += f64::from((point - at).length());
            at = point;
        }
    }
    length / interval * (dashes.len() / 2) as f64 > MOST_DASHES
}

/// The scale of a transform that turns, mirrors and scales alike in every direction; `None`
/// for one that stretches or skews.
fn uniform_scale(transform: Affine) -> Option<f64> {
    let [a, b, c, d, _, _] = transform.as_coeffs();
    let (across, down) = (a * a + b * b, c * c + d * d);
    let tolerance = 1e-9 * across.max(down);
    let uniform = (across - down).abs() <= tolerance && (a * c + b * d).abs() <= tolerance;
    (uniform && across > 0.0 && across.is_finite()).then(|| across.sqrt())
}

/// The path in pixels as zeno's commands, and its control points' bounds; `None` when it is
/// empty or not finite, as [`super::raster::drawn_elements`] reads it (a transform that
/// overflows counts as not finite).
fn pixel_path(
    path: &kurbo::BezPath,
    transform: Affine,
    commands: &mut Vec<Command>,
) -> Option<Rect> {
    commands.clear();
    let mut bounds: Option<Rect> = None;
    let mut finite = true;
    let mut at = |p: Point| {
        let p = transform * p;
        finite &= p.is_finite();
        bounds = Some(bounds.map_or(Rect::from_points(p, p), |b| b.union_pt(p)));
        zeno::Point::new(p.x as f32, p.y as f32)
    };
    super::raster::drawn_elements(path, |element| {
        commands.push(match element {
            PathEl::MoveTo(p) => Command::MoveTo(at(p)),
            PathEl::LineTo(p) => Command::LineTo(at(p)),
            PathEl::QuadTo(c, p) => Command::QuadTo(at(c), at(p)),
            PathEl::CurveTo(c1, c2, p) => Command::CurveTo(at(c1), at(c2), at(p)),
            PathEl::ClosePath => Command::Close,
        });
    })?;
    bounds.filter(|_| finite)
}

/// Rasterises the path in `style` over the part of `target` that `outline` (pixels) may
/// reach and blends `colour` in by the coverage.
fn paint(
    workspace: &mut Workspace,
    style: Style<'_>,
    outline: Rect,
    colour: Colour,
    target: &mut PixmapMut<'_>,
    mask: Option<&Mask>,
) {
    // A pixel around for anti-aliasing, then cut to the target.
    let (width, height) = (f64::from(target.width()), f64::from(target.height()));
    let x0 = (outline.x0 - 1.0).floor().max(0.0);
    let y0 = (outline.y0 - 1.0).floor().max(0.0);
    let x1 = (outline.x1 + 1.0).ceil().min(width);
    let y1 = (outline.y1 + 1.0).ceil().min(height);
    if !(x1 > x0 && y1 > y0) {
        return;
    }
    let (left, top) = (x0 as usize, y0 as usize);
    let (columns, rows) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let Workspace { commands, coverage, scratch } = workspace;
    coverage.clear();
    coverage.resize(columns * rows, 0);
    zeno::Mask::with_scratch(&commands[..], scratch)
        .style(style)
        .offset(zeno::Vector::new(-(x0 as f32), -(y0 as f32)))
        .size(columns as u32, rows as u32)
        .render_into(coverage, None);
    let stride = target.width() as usize;
    let source = [colour.r, colour.g, colour.b, 255];
    let pixels = target.data_mut();
    for (row, line) in coverage.chunks_exact(columns).enumerate() {
        let first = (top + row) * stride + left;
        let held = &mut pixels[first * 4..(first + columns) * 4];
        match mask {
            None => blend_row(held, line, source),
            Some(mask) => {
                let masked = &mask.data()[first..first + columns];
                for ((pixel, &covered), &kept) in held.chunks_exact_mut(4).zip(line).zip(masked) {
                    blend(pixel, source, times(in_sixteenths(covered), kept));
                }
            }
        }
    }
}

/// Blends a row of pixels by their coverage, eight at a time where all eight round to
/// nothing or to full (most of a shape's rectangle is one or the other).
fn blend_row(held: &mut [u8], line: &[u8], source: [u8; 4]) {
    // The bits that make a coverage byte 8 or more: none set rounds to nothing, all set
    // (248 or more) to full.
    const ROUNDED: u64 = 0xF8F8_F8F8_F8F8_F8F8;
    let mut pixels = held.chunks_exact_mut(32);
    let mut covers = line.chunks_exact(8);
    for (eight, cover) in (&mut pixels).zip(&mut covers) {
        let bytes: [u8; 8] = cover.try_into().expect("chunks of eight");
        match u64::from_ne_bytes(bytes) & ROUNDED {
            0 => {}
            ROUNDED => eight.chunks_exact_mut(4).for_each(|pixel| pixel.copy_from_slice(&source)),
            _ => {
                for (pixel, &covered) in eight.chunks_exact_mut(4).zip(cover) {
                    blend(pixel, source, in_sixteenths(covered));
                }
            }
        }
    }
    let rest = pixels.into_remainder().chunks_exact_mut(4);
    for (pixel, &covered) in rest.zip(covers.remainder()) {
        blend(pixel, source, in_sixteenths(covered));
    }
}

/// Coverage rounded to the nearest sixteenth, 256 sixteenths read as 255.
#[inline(always)]
fn in_sixteenths(coverage: u8) -> u8 {
    (((u16::from(coverage) + 8) >> 4) << 4).min(255) as u8
}

/// `a × b / 255`, rounded.
#[inline(always)]
fn times(a: u8, b: u8) -> u8 {
    let product = u32::from(a) * u32::from(b) + 128;
    ((product + (product >> 8)) >> 8) as u8
}

/// An opaque colour laid over a premultiplied pixel at `alpha`.
#[inline(always)]
fn blend(pixel: &mut [u8], source: [u8; 4], alpha: u8) {
    match alpha {
        0 => {}
        255 => pixel.copy_from_slice(&source),
        _ => {
            for (held, new) in pixel.iter_mut().zip(source) {
                *held = times(new, alpha) + times(*held, 255 - alpha);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Stroke;
    use kurbo::{BezPath, Circle, Shape as _};
    use resvg::tiny_skia::{FillRule, Pixmap};

    fn red() -> Colour {
        Colour { r: 200, g: 30, b: 40 }
    }

    fn draw(shape: &Shape, transform: Affine, mask: Option<&Mask>) -> Option<Pixmap> {
        let mut pixmap = Pixmap::new(60, 50).unwrap();
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        let width = shape.stroke.as_ref().and_then(|s| s.painted_width_mm()).map(|w| w as f32);
        draw_shape(shape, width, transform, &mut pixmap.as_mut(), mask).then_some(pixmap)
    }

    /// The same shape drawn by tiny-skia, as pages are.
    fn reference(shape: &Shape, transform: Affine) -> Pixmap {
        let mut pixmap = Pixmap::new(60, 50).unwrap();
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        let item = crate::scene::Item::Shape(shape.clone());
        let mut images = super::super::raster::ImageCache::default();
        super::super::raster::draw_items(&[item], transform, &mut pixmap.as_mut(), &mut images);
        pixmap
    }

    /// How many pixels differ by more than `near` levels in some channel.
    fn differing(a: &Pixmap, b: &Pixmap, near: u8) -> usize {
        let apart = |(x, y): (&[u8], &[u8])| x.iter().zip(y).any(|(p, q)| p.abs_diff(*q) > near);
        a.data().chunks(4).zip(b.data().chunks(4)).filter(|pair| apart(*pair)).count()
    }

    fn stroked(path: BezPath, cap: LineCap, dash_mm: Vec<f64>) -> Shape {
        let stroke = Stroke { colour: red(), width_mm: 2.0, cap, dash_mm };
        Shape { path, fill: None, stroke: Some(stroke) }
    }

    fn wave() -> BezPath {
        let mut path = BezPath::new();
        path.move_to((5.0, 20.0));
        path.curve_to((15.0, 0.0), (25.0, 40.0), (40.0, 20.0));
        path.line_to((40.0, 35.0));
        path
    }

    #[test]
    fn fills_and_strokes_match_tiny_skia_up_to_anti_aliasing() {
        let turned = Affine::translate((30.0, 25.0)) * Affine::rotate(0.4) * Affine::scale(0.9);
        let mirrored = Affine::translate((55.0, 3.0)) * Affine::FLIP_X * Affine::scale(1.2);
        let ring = Circle::new((20.0, 20.0), 12.0).to_path(0.01);
        let mut holed = ring.clone();
        holed.extend(Circle::new((20.0, 20.0), 6.0).to_path(0.01).reverse_subpaths());
        let shapes = [
            Shape::filled(holed, red()),
            stroked(wave(), LineCap::Butt, vec![]),
            stroked(wave(), LineCap::Round, vec![3.0, 2.0]),
            stroked(wave(), LineCap::Square, vec![4.0]),
        ];
        for shape in &shapes {
            for transform in [Affine::IDENTITY, turned, mirrored] {
                let ours = draw(shape, transform, None).expect("drawn");
                let theirs = reference(shape, transform);
                // Sixteenths against sixteen samples: edges differ by a step or two.
                let edges = differing(&ours, &theirs, 40);
                assert!(edges <= 6, "{shape:?} under {transform:?}: {edges} pixels far apart");
                let mut white = Pixmap::new(60, 50).unwrap();
                white.fill(resvg::tiny_skia::Color::WHITE);
                let painted = differing(&ours, &white, 0);
                assert!(painted > 50, "{shape:?} under {transform:?} draws something");
            }
        }
    }

    #[test]
    fn a_hole_stays_empty_and_inside_is_solid() {
        let mut holed = Circle::new((20.0, 20.0), 12.0).to_path(0.01);
        holed.extend(Circle::new((20.0, 20.0), 6.0).to_path(0.01).reverse_subpaths());
        let drawn = draw(&Shape::filled(holed, red()), Affine::IDENTITY, None).unwrap();
        let at = |x, y| {
            let pixel = drawn.pixel(x, y).unwrap();
            (pixel.red(), pixel.green(), pixel.blue())
        };
        assert_eq!(at(20, 20), (255, 255, 255), "the hole");
        assert_eq!(at(20, 11), (200, 30, 40), "the ring");
        assert_eq!(at(45, 20), (255, 255, 255), "outside");
    }

    #[test]
    fn a_stretched_stroke_is_left_to_tiny_skia_and_a_stretched_fill_is_drawn() {
        let stretched = Affine::scale_non_uniform(2.0, 1.0);
        let line = stroked(wave(), LineCap::Butt, vec![]);
        assert!(draw(&line, stretched, None).is_none());
        let square = Shape::filled(Rect::new(2.0, 2.0, 10.0, 10.0).to_path(0.1), red());
        let drawn = draw(&square, stretched, None).expect("fills take any transform");
        assert_eq!(drawn.pixel(18, 8).unwrap().green(), 30);
        assert_eq!(drawn.pixel(22, 8).unwrap().green(), 255);
    }

    #[test]
    fn shapes_reaching_far_off_the_target_and_countless_dashes_are_left_to_tiny_skia() {
        let huge = Shape::filled(Rect::new(-1e7, -1e7, 1e7, 1e7).to_path(0.1), red());
        assert!(draw(&huge, Affine::IDENTITY, None).is_none());
        let near = Shape::filled(Rect::new(-1e3, -1e3, 1e3, 1e3).to_path(0.1), red());
        let drawn = draw(&near, Affine::IDENTITY, None).expect("within reach");
        assert!(drawn.data().chunks(4).all(|pixel| pixel == [200, 30, 40, 255]));
        let mut long = BezPath::new();
        long.move_to((5.0, 20.0));
        long.line_to((55.0, 20.0));
        let dotted = stroked(long.clone(), LineCap::Butt, vec![0.00001, 0.00001]);
        assert!(draw(&dotted, Affine::IDENTITY, None).is_none());
        let dashed = stroked(long, LineCap::Butt, vec![1.0, 1.0]);
        assert!(draw(&dashed, Affine::IDENTITY, None).is_some());
    }

    #[test]
    fn the_mask_limits_the_paint_and_paths_off_the_target_or_not_finite_draw_nothing() {
        let square = Shape::filled(Rect::new(0.0, 0.0, 60.0, 50.0).to_path(0.1), red());
        let mut mask = Mask::new(60, 50).unwrap();
        let left = resvg::tiny_skia::PathBuilder::from_rect(
            resvg::tiny_skia::Rect::from_xywh(0.0, 0.0, 30.0, 50.0).unwrap(),
        );
        mask.fill_path(&left, FillRule::Winding, false, resvg::tiny_skia::Transform::identity());
        let drawn = draw(&square, Affine::IDENTITY, Some(&mask)).unwrap();
        assert_eq!(drawn.pixel(10, 10).unwrap().green(), 30);
        assert_eq!(drawn.pixel(40, 10).unwrap().green(), 255);
        let blank = |pixmap: &Pixmap| pixmap.data().iter().all(|v| *v == 255);
        assert!(blank(&draw(&square, Affine::translate((100.0, 0.0)), None).unwrap()));
        let mut broken = BezPath::new();
        broken.move_to((1.0, 1.0));
        broken.line_to((f64::NAN, 20.0));
        broken.line_to((20.0, 20.0));
        assert!(blank(&draw(&Shape::filled(broken, red()), Affine::IDENTITY, None).unwrap()));
    }

    #[test]
    fn a_row_blends_eight_at_a_time_as_one_by_one() {
        let line: Vec<u8> = (0..37u32)
            .map(|i| [0, 3, 7, 8, 100, 247, 248, 255][(i * 7 % 11 % 8) as usize])
            .collect();
        let mut runs = line.clone();
        runs[..8].fill(0);
        runs[8..16].fill(250);
        runs[16..24].fill(5);
        for line in [line, runs] {
            let start: Vec<u8> = (0..line.len() * 4).map(|i| (i * 37 % 256) as u8).collect();
            let (mut fast, mut slow) = (start.clone(), start);
            blend_row(&mut fast, &line, [10, 20, 30, 255]);
            for (pixel, &covered) in slow.chunks_exact_mut(4).zip(&line) {
                blend(pixel, [10, 20, 30, 255], in_sixteenths(covered));
            }
            assert_eq!(fast, slow);
        }
    }

    #[test]
    fn coverage_rounds_to_sixteenths_and_blends_premultiplied() {
        assert_eq!([0, 7, 8, 100, 247, 248, 255].map(in_sixteenths), [0, 0, 16, 96, 240, 255, 255]);
        let mut pixel = [255, 255, 255, 255];
        blend(&mut pixel, [0, 0, 0, 255], 128);
        assert_eq!(pixel, [127, 127, 127, 255]);
        let mut clear = [0, 0, 0, 0];
        blend(&mut clear, [255, 0, 0, 255], 64);
        assert_eq!(clear, [64, 0, 0, 64]);
    }
}
