//! The rules of the legibility check for one drawn layer, measured on the scene items of
//! its side: fit, the safe area, the smallest size, contrast, collisions and glyphs.

use kurbo::{BezPath, ParamCurveNearest, Shape as _};

use super::collisions::{CLEARANCE_MM, collisions, judged};
use super::contrast::{median_contrast, ratio, worst_meaningful};
use super::cover::{nothing_enters, overlaps, solid_cover};
use super::pixels::{FEWEST_PIXELS, PAINTED, Region, on_paper, painted_colour};
use super::report::{Amount, Finding};
use super::side::{Side, neighbours, placed};
use super::text_rules::{is_large, text_rules};
use crate::cutout::DrawnLayer;
use crate::model::face::{LayerKind, TextLayer};
use crate::model::input::diagnostic::number_text;
use crate::model::input::source::Position;
use crate::model::print::legibility::Legibility;
use crate::render::raster::ImageCache;
use crate::scene::bounds::painted_bounds;
use crate::scene::{Colour, Item};
use crate::text::OUTLINE_FONT_NAME;

/// Everything the rules find on `drawn`, one of `side.layers`.
pub fn examine(
    side: &Side<'_>,
    drawn: &DrawnLayer,
    legibility: &Legibility,
    images: &mut ImageCache,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let layer = &drawn.layer;
    let label = &layer.label;
    let text = match &layer.kind {
        LayerKind::Text(text) => Some(text),
        LayerKind::Pips(_) | LayerKind::Image(_) => None,
        // Shapes are what text and icons stand on: measured as their background.
        LayerKind::Shape(_) => return Vec::new(),
    };
    // The layout's measure: what the text rules judge, and the size it prints at.
    let laid = text.map(TextLayer::measure);
    if let (Some(text), Some(laid)) = (text, &laid)
        && laid.fits
        && let Some(note) = shrink_note(text, laid.size_mm, label, legibility)
    {
        findings.push(Finding { position: layer.position, ..note });
    }
    let mut found = |message: String, help: String, amount: Option<Amount>| {
        findings.push(Finding { position: layer.position, message, help, amount, note: false });
    };
    let cap = text.zip(laid.as_ref()).map(|(text, laid)| {
        text_rules(text, laid, label, layer.decorative, legibility, &mut found);
        laid.size_mm
    });
    let Some((item, transform)) = placed(side, drawn) else { return findings };
    // Its ink measured solid; its opacity blends its colour with what lies behind it.
    let item = opaque(item);
    // The fit rule judges the layer as written: its clip to the outline keeps its ink on the
    // face but does not make it fit.
    let written = unclipped(item, &drawn.outline);
    let Some(ink_bounds) = painted_bounds(std::slice::from_ref(written), transform) else {
        return findings;
    };
    let threshold = match text {
        Some(text) if is_large(text, cap.unwrap_or(0.0)) => legibility.large_text_contrast,
        Some(_) => legibility.text_contrast,
        None => legibility.graphic_contrast,
    };
    let declared = ink_colour(&layer.kind);
    // A picture is seen, not read: its contrast is not measured (an icon's is).
    let unread = layer.decorative || is_picture(&layer.kind);
    let outline = transform * drawn.outline.clone();
    let clear = clear_of(&outline, ink_bounds, side.safe_mm);
    let (behind_items, over_items) = neighbours(side, drawn);
    let is_text = text.is_some();
    // The common case, told without pixels: on one plain fill, inside the safe area, with
    // nothing drawn over it or near it.
    let nothing_over = over_items.iter().all(|n| {
        !judged(n, true, is_text)
            || n.bounds.is_none_or(|b| !overlaps(b, ink_bounds.inflate(CLEARANCE_MM, CLEARANCE_MM)))
    });
    if let (Some(ink_colour), true, true) = (declared, clear, nothing_over)
        && let Some(behind) = solid_cover(&behind_items, ink_bounds)
    {
        let contrast = ratio(ink_colour.over(behind, layer.opacity), behind);
        if !unread && contrast < threshold {
            low_contrast(&mut found, layer, threshold, (contrast, behind));
        }
        return findings;
    }
    let Some(region) = Region::around(ink_bounds, cap) else { return findings };
    let ink_pixmap = region.draw(std::slice::from_ref(item), transform, images);
    let ink = painted_pixels(&ink_pixmap);
    // Fit: the ink as written stays inside the face's safe area.
    let outside: Vec<usize> = if clear {
        Vec::new()
    } else {
        let written_ink = match std::ptr::eq(written, item) {
            true => ink.clone(),
            false => painted_pixels(&region.draw(std::slice::from_ref(written), transform, images)),
        };
        let safe = region.safe_area(&drawn.outline, transform, side.safe_mm);
        written_ink.into_iter().filter(|&i| safe[i] < PAINTED).collect()
    };
    let what = text.map_or("its ink", |_| "its text");
    if outside.len() >= FEWEST_PIXELS {
        let past = farthest_outside(&region, &outside, &outline);
        let (edge, amount) = if past > 0.05 {
            let text = format!("by {} mm", number_text(round_tenth(past)));
            (format!("runs off the {}", side.noun), Some(Amount::larger(past, text)))
        } else {
            let inset = number_text(side.safe_mm);
            (format!("comes within {inset} mm of the {}'s edge (its safe area)", side.noun), None)
        };
        found(
            format!("{what} of {label} {edge}"),
            format!(
                "move it inwards (inset_mm, offset_mm) or make it smaller; text and icons stay \
                 {} mm inside the edge ([check] safe_mm)",
                number_text(side.safe_mm)
            ),
            amount,
        );
    }
    if ink.len() < FEWEST_PIXELS {
        return findings;
    }
    // What lies behind: every item drawn before it.
    let behind = region.draw_all(&behind_items, images);
    if !unread {
        let pairs: Vec<(Colour, Colour)> = ink
            .iter()
            .map(|&i| {
                let colour = declared.unwrap_or_else(|| painted_colour(&ink_pixmap, i));
                let paper = on_paper(&behind, i);
                (colour.over(paper, layer.opacity), paper)
            })
            .collect();
        let worst = match text {
            Some(_) => worst_meaningful(&pairs),
            None => median_contrast(&pairs),
        };
        if let Some(worst) = worst.filter(|(c, _)| *c < threshold) {
            low_contrast(&mut found, layer, threshold, worst);
        }
    }
    let neighbours = (&behind_items[..], &over_items[..]);
    collisions(side, neighbours, drawn, &region, &ink, images, &mut found);
    findings
}

/// The share of its `size_mm` below which text shrunk to fit is noted.
pub const SHRINK_NOTED: f64 = 0.7;

/// A note on a text `fit` shrank to `cap` mm, below [`SHRINK_NOTED`] of its size yet not
/// below the smallest readable size (that is a problem).
fn shrink_note(
    text: &TextLayer,
    cap: f64,
    label: &str,
    legibility: &Legibility,
) -> Option<Finding> {
    let share = cap / text.size_mm;
    if !text.fit || share >= SHRINK_NOTED || cap + 1e-9 < legibility.min_text_mm {
        return None;
    }
    Some(Finding {
        position: Position::default(),
        message: format!(
            "the text of {label} is shrunk to fit to {} % of its size ({} mm of {} mm)",
            (share * 100.0).round(),
            number_text(round_hundredth(cap)),
            number_text(text.size_mm)
        ),
        help: "it reads, but slowly: give it a larger box or a shorter text".into(),
        amount: None,
        note: true,
    })
}

/// Rounded to hundredths.
fn round_hundredth(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// How large an image is drawn (its larger side, in mm) from which it is a picture — art,
/// seen rather than read, whose contrast is not measured — rather than an icon.
pub const PICTURE_MM: f64 = 20.0;

/// Whether a layer is an image as large as a picture.
fn is_picture(kind: &LayerKind) -> bool {
    matches!(kind, LayerKind::Image(image) if image.size_mm + 1e-9 >= PICTURE_MM)
}

/// A layer's item without the veil its `opacity` wraps it in (compose's `Translucent`).
fn opaque(item: &Item) -> &Item {
    match item {
        Item::Translucent(veil) if veil.items.len() == 1 => &veil.items[0],
        _ => item,
    }
}

/// A layer's item as written: inside the clip to its face's `outline` that drawing adds
/// where its ink reaches past the cut.
fn unclipped<'a>(item: &'a Item, outline: &BezPath) -> &'a Item {
    match item {
        Item::Clip(clip) if clip.path == *outline && clip.items.len() == 1 => &clip.items[0],
        _ => item,
    }
}

/// The pixels of `pixmap` painted enough to count as ink.
fn painted_pixels(pixmap: &resvg::tiny_skia::Pixmap) -> Vec<usize> {
    (pixmap.pixels().iter().enumerate())
        .filter(|(_, p)| p.alpha() >= PAINTED)
        .map(|(i, _)| i)
        .collect()
}

/// The one colour a layer's ink is drawn in (text and pips); `None` for images, which
/// are measured pixel by pixel.
fn ink_colour(kind: &LayerKind) -> Option<Colour> {
    match kind {
        LayerKind::Text(text) => Some(text.colour),
        LayerKind::Pips(pips) => Some(pips.colour),
        LayerKind::Shape(_) | LayerKind::Image(_) => None,
    }
}

/// The contrast finding: `worst` is the ratio and the colour behind.
fn low_contrast(
    found: &mut impl FnMut(String, String, Option<Amount>),
    layer: &crate::model::face::Layer,
    threshold: f64,
    (contrast, colour): (f64, Colour),
) {
    let (label, kind) = (&layer.label, &layer.kind);
    let what = if matches!(kind, LayerKind::Text(_)) { "its text" } else { "its ink" };
    let translucent = layer.opacity < 1.0;
    let at_opacity = match translucent {
        true => format!(" at opacity {}", number_text(layer.opacity)),
        false => String::new(),
    };
    let colour_of = match ink_colour(kind) {
        Some(ink) => format!(" ({}{at_opacity})", ink.to_hex()),
        None if translucent => format!(" ({})", at_opacity.trim_start()),
        None => String::new(),
    };
    found(
        format!(
            "{what} of {label}{colour_of} stands out too little from what lies behind it: it \
             needs {} : 1",
            number_text(threshold)
        ),
        match kind {
            LayerKind::Text(text) if text.font.name == OUTLINE_FONT_NAME => {
                "choose a darker or lighter colour for it (a mark's mark_colour, a label's \
                 colour) or for what lies behind it (a terrain's or a piece's colour)"
                    .into()
            }
            _ if translucent => "raise its opacity, or choose a darker or lighter colour for \
                 it or for what lies behind it, or mark a layer meant only to be seen \
                 `decorative = true`"
                .into(),
            _ => "choose a darker or lighter colour for it or for what lies behind it, or mark \
                 a layer meant only to be seen `decorative = true`"
                .to_string(),
        },
        Some(Amount {
            value: contrast,
            larger_is_worse: false,
            text: format!("{contrast:.2} : 1 against {}", colour.to_hex()),
        }),
    );
}

/// Whether `ink` lies inside `outline` and more than `safe_mm` from its edge, told without
/// pixels: no piece of the outline enters the ink's rectangle grown by that much, and its
/// centre is inside.
fn clear_of(outline: &BezPath, ink: kurbo::Rect, safe_mm: f64) -> bool {
    let near = ink.inflate(safe_mm + 0.01, safe_mm + 0.01);
    outline.contains(ink.center()) && nothing_enters(outline, near)
}

/// How far the farthest of the `outside` pixels lies past `outline`, in mm (0 when all lie
/// inside it, in the band of the safe area).
fn farthest_outside(region: &Region, outside: &[usize], outline: &BezPath) -> f64 {
    let step = (outside.len() / 400).max(1);
    let mut farthest: f64 = 0.0;
    for &i in outside.iter().step_by(step) {
        let point = region.point_of(i);
        if outline.contains(point) {
            continue;
        }
        let distance = outline
            .segments()
            .map(|segment| segment.nearest(point, 1e-6).distance_sq)
            .fold(f64::INFINITY, f64::min)
            .sqrt();
        farthest = farthest.max(distance);
    }
    farthest
}

fn round_tenth(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}
