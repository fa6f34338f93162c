//! The rules of the legibility check for one drawn layer, measured on the scene items of
//! its side: fit, the safe area, the smallest size, contrast, collisions and glyphs.

use kurbo::{Affine, BezPath, ParamCurveNearest, Shape as _};

use super::contrast::{median_contrast, ratio, worst_meaningful};
use super::cover::{overlaps, solid_cover};
use super::pixels::{PAINTED, Region, on_paper, painted_colour};
use super::report::{Amount, Finding};
use crate::cutout::DrawnLayer;
use crate::model::diagnostic::number_text;
use crate::model::face::{LayerKind, TextLayer};
use crate::model::legibility::Legibility;
use crate::render::raster::ImageCache;
use crate::scene::bounds::painted_bounds;
use crate::scene::{Colour, Item};
use crate::text::layout::measure;

/// Cap height from which bold text counts as large (WCAG: 14 pt bold), in mm.
const LARGE_BOLD_CAP_MM: f64 = 3.6;
/// Cap height from which any text counts as large (WCAG: 18 pt), in mm.
const LARGE_CAP_MM: f64 = 4.6;
/// Fewest pixels that make a finding (fewer are anti-aliasing).
const FEWEST_PIXELS: usize = 3;
/// How far what is drawn over text must keep from its ink, in mm.
const CLEARANCE_MM: f64 = 0.2;
/// Share of a layer's ink below which an overlap is not a crossing but a touch.
const SLIVER: f64 = 0.01;

/// One side of a cutout as the check sees it.
pub struct Side<'a> {
    pub items: &'a [Item],
    pub layers: &'a [DrawnLayer],
    /// How far inside each face's outline text and icons must stay, in mm.
    pub safe_mm: f64,
    /// What one item is called in messages (`card`, `tile`).
    pub noun: &'a str,
    /// Whether text crossing the lines behind it is a problem: on faces, yes; a diagram's
    /// labels lie across the art they point at by design.
    pub crossings: bool,
}

/// The layer's item and the transform placing it (and its face's outline) on the side.
fn placed<'a>(side: &Side<'a>, drawn: &DrawnLayer) -> Option<(&'a Item, Affine)> {
    let top = side.items.get(drawn.index)?;
    match (drawn.inner, top) {
        (None, item) => Some((item, Affine::IDENTITY)),
        (Some(inner), Item::Group(group)) => Some((group.items.get(inner)?, group.transform)),
        (Some(_), _) => None,
    }
}

/// An item drawn on the same side as a layer: how it is placed, the layer it draws (if it
/// is one) and whether it is the side's first item (its background).
pub struct Neighbour<'a> {
    pub item: &'a Item,
    pub transform: Affine,
    pub layer: Option<&'a DrawnLayer>,
    pub first: bool,
}

/// The items drawn behind `drawn` and over it, in drawing order: the side's top-level
/// items, and for a layer inside a group (a track's cell) the group's other children too.
fn neighbours<'a>(side: &Side<'a>, drawn: &DrawnLayer) -> (Vec<Neighbour<'a>>, Vec<Neighbour<'a>>) {
    let layer_at = |index: usize, inner: Option<usize>| {
        side.layers.iter().find(|l| l.index == index && l.inner == inner)
    };
    let top = |index: usize| {
        side.items.get(index).map(|item| Neighbour {
            item,
            transform: Affine::IDENTITY,
            layer: layer_at(index, None),
            first: index == 0,
        })
    };
    let mut behind: Vec<Neighbour<'a>> = (0..drawn.index).filter_map(top).collect();
    let mut over: Vec<Neighbour<'a>> = Vec::new();
    if let (Some(inner), Some(Item::Group(group))) = (drawn.inner, side.items.get(drawn.index)) {
        for (k, item) in group.items.iter().enumerate().filter(|(k, _)| *k != inner) {
            let layer = layer_at(drawn.index, Some(k));
            let neighbour = Neighbour { item, transform: group.transform, layer, first: false };
            if k < inner { behind.push(neighbour) } else { over.push(neighbour) }
        }
    }
    over.extend((drawn.index + 1..side.items.len()).filter_map(top));
    (behind, over)
}

/// Everything the rules find on `drawn`, one of `side.layers`.
pub fn examine(
    side: &Side<'_>,
    drawn: &DrawnLayer,
    legibility: &Legibility,
    images: &mut ImageCache,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let layer = &drawn.layer;
    let mut found = |message: String, help: String, amount: Option<Amount>| {
        findings.push(Finding { position: layer.position, message, help, amount });
    };
    let label = &layer.label;
    let text = match &layer.kind {
        LayerKind::Text(text) => Some(text),
        LayerKind::Pips(_) | LayerKind::Image(_) => None,
        // Shapes are what text and icons stand on: measured as their background.
        LayerKind::Shape(_) => return Vec::new(),
    };
    if let Some(text) = text {
        text_rules(text, label, layer.decorative, legibility, &mut found);
    }
    let Some((item, transform)) = placed(side, drawn) else { return findings };
    let Some(ink_bounds) = painted_bounds(std::slice::from_ref(item), transform) else {
        return findings;
    };
    let cap = text.map(|t| measure(&t.font, &t.spec()).size_mm);
    let threshold = match text {
        Some(text) if is_large(text, cap.unwrap_or(0.0)) => legibility.large_text_contrast,
        Some(_) => legibility.text_contrast,
        None => legibility.graphic_contrast,
    };
    let declared = match &layer.kind {
        LayerKind::Text(text) => Some(text.colour),
        LayerKind::Pips(pips) => Some(pips.colour),
        _ => None,
    };
    let outline = transform * drawn.outline.clone();
    let clear = clear_of(&outline, ink_bounds, side.safe_mm);
    let (behind_items, over_items) = neighbours(side, drawn);
    let is_text = text.is_some();
    // The common case, told without pixels: on one plain fill, inside the safe area, with
    // nothing drawn over it or near it.
    let nothing_over = over_items.iter().all(|n| {
        !judged(n, true, is_text)
            || painted_bounds(std::slice::from_ref(n.item), n.transform)
                .is_none_or(|b| !overlaps(b, ink_bounds.inflate(CLEARANCE_MM, CLEARANCE_MM)))
    });
    if let (Some(ink_colour), true, true) = (declared, clear, nothing_over)
        && let Some(behind) = solid_cover(&behind_items, ink_bounds)
    {
        let contrast = ratio(ink_colour, behind);
        if !layer.decorative && contrast < threshold {
            low_contrast(&mut found, label, &layer.kind, threshold, (contrast, behind));
        }
        return findings;
    }
    let Some(region) = Region::around(ink_bounds, cap) else { return findings };
    let ink_pixmap = region.draw(std::slice::from_ref(item), transform, images);
    let ink: Vec<usize> = (ink_pixmap.pixels().iter().enumerate())
        .filter(|(_, p)| p.alpha() >= PAINTED)
        .map(|(i, _)| i)
        .collect();
    if ink.len() < FEWEST_PIXELS {
        return findings;
    }
    let what = text.map_or("its ink", |_| "its text");
    // Fit: the ink stays inside the face's safe area.
    let outside: Vec<usize> = if clear {
        Vec::new()
    } else {
        let safe = region.safe_area(&drawn.outline, transform, side.safe_mm);
        ink.iter().copied().filter(|&i| safe[i] < PAINTED).collect()
    };
    if outside.len() >= FEWEST_PIXELS {
        let past = farthest_outside(&region, &outside, &outline);
        let (edge, amount) = if past > 0.05 {
            let text = format!("by {} mm", number_text(round_tenth(past)));
            (format!("runs off the {}", side.noun), Some(larger(past, text)))
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
    // What lies behind: every item drawn before it.
    let behind = region.draw_all(&behind_items, images);
    if !layer.decorative {
        let pairs: Vec<(Colour, Colour)> = ink
            .iter()
            .map(|&i| {
                let colour = declared.unwrap_or_else(|| painted_colour(&ink_pixmap, i));
                (colour, on_paper(&behind, i))
            })
            .collect();
        let worst = match text {
            Some(_) => worst_meaningful(&pairs),
            None => median_contrast(&pairs),
        };
        if let Some(worst) = worst.filter(|(c, _)| *c < threshold) {
            low_contrast(&mut found, label, &layer.kind, threshold, worst);
        }
    }
    let neighbours = (behind_items.into_iter().map(|n| (n, false)))
        .chain(over_items.into_iter().map(|n| (n, true)));
    collisions(side, neighbours, drawn, &region, &ink, images, &mut found);
    findings
}

/// The contrast finding: `worst` is the ratio and the colour behind.
fn low_contrast(
    found: &mut impl FnMut(String, String, Option<Amount>),
    label: &str,
    kind: &LayerKind,
    threshold: f64,
    (contrast, colour): (f64, Colour),
) {
    let (what, colour_of) = match kind {
        LayerKind::Text(text) => ("its text", format!(" ({})", text.colour.to_hex())),
        LayerKind::Pips(pips) => ("its ink", format!(" ({})", pips.colour.to_hex())),
        _ => ("its ink", String::new()),
    };
    found(
        format!(
            "{what} of {label}{colour_of} stands out too little from what lies behind it: it \
             needs {} : 1",
            number_text(threshold)
        ),
        "choose a darker or lighter colour for it or for what lies behind it, or mark a layer \
         meant only to be seen `decorative = true`"
            .into(),
        Some(Amount {
            value: contrast,
            larger_is_worse: false,
            text: format!("{contrast:.2} : 1 against {}", colour.to_hex()),
        }),
    );
}

/// Whether a neighbour is judged for collisions with a layer (text or not): over it,
/// anything over text, other text and icons over an icon; behind it, what text crosses,
/// except text and icons, which report what covers them.
fn judged(neighbour: &Neighbour<'_>, over: bool, is_text: bool) -> bool {
    let readable = neighbour.layer.is_some_and(|l| !matches!(l.layer.kind, LayerKind::Shape(_)));
    !neighbour.first && if over { is_text || readable } else { is_text && !readable }
}

/// Fit, smallest size and glyphs: what the text's layout says.
fn text_rules(
    text: &TextLayer,
    label: &str,
    decorative: bool,
    legibility: &Legibility,
    found: &mut impl FnMut(String, String, Option<Amount>),
) {
    let laid = measure(&text.font, &text.spec());
    let quoted = quoted(&text.text);
    if !laid.fits {
        let (w, h) = text.box_mm.unwrap_or_default();
        let help = if text.fit {
            "give the text a larger box or make it shorter"
        } else {
            "add fit = true to shrink it, give a larger box, or a smaller size_mm"
        };
        let needs = format!(
            "{quoted} needs {:.1} × {:.1} mm at {:.2} mm",
            laid.width_mm, laid.height_mm, laid.size_mm
        );
        found(
            format!(
                "the text of {label} does not fit its {} × {} mm box",
                number_text(w),
                number_text(h),
            ),
            help.into(),
            Some(larger(laid.width_mm * laid.height_mm - w * h, needs)),
        );
    } else if !decorative && laid.size_mm + 1e-9 < legibility.min_text_mm {
        let shrunk = if laid.size_mm + 1e-9 < text.size_mm {
            format!(" (shrunk by fit from {} mm)", number_text(text.size_mm))
        } else {
            String::new()
        };
        found(
            format!(
                "the text of {label} is smaller than the smallest readable size of {} mm{}",
                number_text(legibility.min_text_mm),
                if text.fit { " once shrunk to fit" } else { "" },
            ),
            "give it a larger box or shorter text; the smallest size is [check] min_text_mm".into(),
            Some(Amount {
                value: laid.size_mm,
                larger_is_worse: false,
                text: format!(
                    "{quoted} at {} mm{shrunk}",
                    number_text(round_hundredth(laid.size_mm))
                ),
            }),
        );
    }
    let missing = text.font.missing_chars(&text.text);
    if !missing.is_empty() {
        let listed: Vec<String> =
            missing.iter().map(|c| format!("'{c}' (U+{:04X})", u32::from(*c))).collect();
        found(
            format!(
                "the font `{}` of {label} has no glyph for {}: it would print as a box",
                text.font.name,
                listed.join(", ")
            ),
            "give the layer a font that has these characters (font = \"assets/fonts/….ttf\", \
             e.g. a Noto font for other scripts), or leave them out"
                .into(),
            None,
        );
    }
}

/// Whether WCAG counts the text as large: 18 pt, or 14 pt bold.
fn is_large(text: &TextLayer, cap_mm: f64) -> bool {
    let from = if text.font.is_bold() { LARGE_BOLD_CAP_MM } else { LARGE_CAP_MM };
    cap_mm + 1e-9 >= from
}

/// Ink over or across other items: items drawn over it, and items behind it that part of
/// it crosses (an outline stroke, a panel's edge, another icon).
fn collisions<'a>(
    side: &Side<'a>,
    neighbours: impl Iterator<Item = (Neighbour<'a>, bool)>,
    drawn: &DrawnLayer,
    region: &Region,
    ink: &[usize],
    images: &mut ImageCache,
    found: &mut impl FnMut(String, String, Option<Amount>),
) {
    let label = &drawn.layer.label;
    let is_text = matches!(drawn.layer.kind, LayerKind::Text(_));
    let area = region.rect;
    for (neighbour, over) in neighbours {
        if !judged(&neighbour, over, is_text) || !(over || side.crossings) {
            continue;
        }
        let Neighbour { item, transform, layer: other, .. } = neighbour;
        let Some(bounds) = painted_bounds(std::slice::from_ref(item), transform) else {
            continue;
        };
        if bounds.intersect(area).area() <= 0.0 {
            continue;
        }
        // Text crosses the lines of what lies behind it; filled areas are its background.
        let lines;
        let judged_item = if over {
            item
        } else {
            let Some(found) = strokes_of(item) else { continue };
            lines = found;
            &lines
        };
        let covered = region.coverage(std::slice::from_ref(judged_item), transform, images);
        // What is drawn over text must also keep a little clear of it.
        let near = if over { region.dilate(&covered, CLEARANCE_MM) } else { covered };
        let shared = ink.iter().filter(|&&i| near[i] >= PAINTED).count();
        let share = shared as f64 / ink.len() as f64;
        let collides = shared >= FEWEST_PIXELS && share >= SLIVER;
        if !collides {
            continue;
        }
        let name = other.map_or_else(
            || format!("the {}'s art", side.noun),
            |l| format!("{} (line {})", l.layer.label, l.layer.position.line),
        );
        let how = if over { "is covered by" } else { "crosses the lines of" };
        let percent = (share * 100.0).max(1.0);
        found(
            format!("{label} {how} {name}"),
            "move one of them (at, inset_mm, offset_mm), make it smaller, or give the text \
             a box that keeps it clear"
                .into(),
            Some(larger(percent, format!("{percent:.0} % of its ink"))),
        );
    }
}

/// Whether `ink` lies inside `outline` and more than `safe_mm` from its edge, told without
/// pixels: no piece of the outline comes near the ink's rectangle, and its centre is inside.
fn clear_of(outline: &BezPath, ink: kurbo::Rect, safe_mm: f64) -> bool {
    let near = ink.inflate(safe_mm + 0.01, safe_mm + 0.01);
    outline.contains(ink.center())
        && outline.segments().all(|segment| !overlaps(segment.bounding_box(), near))
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

/// Only the stroked lines of `item` (its fills left out), `None` when it strokes nothing.
fn strokes_of(item: &Item) -> Option<Item> {
    match item {
        Item::Shape(shape) => shape.stroke.as_ref().map(|stroke| {
            Item::Shape(crate::scene::Shape::stroked(shape.path.clone(), stroke.clone()))
        }),
        Item::Group(group) => {
            let items: Vec<Item> = group.items.iter().filter_map(strokes_of).collect();
            (!items.is_empty())
                .then_some(Item::Group(crate::scene::Group { transform: group.transform, items }))
        }
        Item::Clip(clip) => {
            let items: Vec<Item> = clip.items.iter().filter_map(strokes_of).collect();
            (!items.is_empty())
                .then(|| Item::Clip(crate::scene::Clip { path: clip.path.clone(), items }))
        }
        // Pictures have no lines: an image's pixels are judged as an icon.
        Item::Use(used) => {
            let items: Vec<Item> = used.symbol.items.iter().filter_map(strokes_of).collect();
            (!items.is_empty())
                .then_some(Item::Group(crate::scene::Group { transform: used.transform, items }))
        }
        Item::Image(_) => None,
    }
}

fn larger(value: f64, text: String) -> Amount {
    Amount { value, larger_is_worse: true, text }
}

fn round_tenth(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn round_hundredth(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// The text as quoted in messages: on one line, the first 40 characters.
fn quoted(text: &str) -> String {
    let line = text.replace('\n', " ");
    let mut chars = line.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() { format!("\"{head}…\"") } else { format!("\"{head}\"") }
}
