//! Filled paths of a built PDF, measured in mm: the shared reader of the measuring tests.

use lopdf::Document;
use lopdf::content::Content;

pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// A filled path of the PDF: its fill colour (0–255 per channel) and its points in mm
/// (y up, as in the PDF).
#[derive(Debug)]
pub struct Fill {
    pub colour: [u8; 3],
    pub points: Vec<(f64, f64)>,
}

pub fn number(object: &lopdf::Object) -> f64 {
    match object {
        lopdf::Object::Integer(i) => *i as f64,
        lopdf::Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

/// Every filled path on page `page_number`, with its points, forms (`Do`) included.
pub fn fills(pdf: &Document, page_number: u32) -> Vec<Fill> {
    let page = pdf.get_pages()[&page_number];
    let content = pdf.get_page_content(page);
    let forms = page_forms(pdf, page);
    let mut found = Vec::new();
    paint(&content, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], &forms, &mut found);
    found
}

/// Drawn where an image XObject is painted: the colour given to its unit square.
pub const IMAGE: [u8; 3] = [255, 0, 255];

/// The page's XObjects by resource name (those of its forms too): a form's content,
/// decompressed, or `None` for an image.
pub fn page_forms(pdf: &Document, page: lopdf::ObjectId) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
    let (direct, ids) = pdf.get_page_resources(page).unwrap();
    let mut pending: Vec<&lopdf::Dictionary> = direct
        .into_iter()
        .chain(ids.iter().filter_map(|&id| pdf.get_dictionary(id).ok()))
        .collect();
    let mut forms = Vec::new();
    // Group forms share the page's resources: each dictionary of XObjects is read once.
    let mut seen: Vec<*const lopdf::Object> = Vec::new();
    while let Some(resources) = pending.pop() {
        let Ok((_, xobjects)) = resources.get(b"XObject").and_then(|x| pdf.dereference(x)) else {
            continue;
        };
        if seen.contains(&std::ptr::from_ref(xobjects)) {
            continue;
        }
        seen.push(std::ptr::from_ref(xobjects));
        for (name, reference) in xobjects.as_dict().unwrap().iter() {
            let stream = pdf.dereference(reference).unwrap().1.as_stream().unwrap();
            let subtype = stream.dict.get(b"Subtype").and_then(|s| s.as_name()).ok();
            if subtype == Some(b"Image".as_slice()) {
                forms.push((name.clone(), None));
                continue;
            }
            if let Ok(own) = stream.dict.get(b"Resources").and_then(|r| r.as_dict()) {
                pending.push(own);
            }
            let content = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
            forms.push((name.clone(), Some(content)));
        }
    }
    forms
}

/// `a × b` for PDF matrices `[a b c d e f]` (a applied first).
pub fn multiply(a: [f64; 6], b: [f64; 6]) -> [f64; 6] {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

/// Collects the fills of a content stream drawn with the matrix `ctm` (to page points).
pub fn paint(
    content: &[u8],
    ctm: [f64; 6],
    forms: &[(Vec<u8>, Option<Vec<u8>>)],
    found: &mut Vec<Fill>,
) {
    walk(content, ctm, forms, &mut |painted| {
        if let Painted::Fill(fill) = painted {
            found.push(fill);
        }
    });
}

/// A stroked path of the PDF: its colour (0–255 per channel), its width and its points in
/// mm (y up, as in the PDF), and how many clips (`W`) the page had set before it (strokes
/// inside one clip share the number).
#[derive(Debug)]
pub struct StrokedPath {
    pub colour: [u8; 3],
    pub width_mm: f64,
    pub points: Vec<(f64, f64)>,
    pub clip: usize,
}

/// Every stroked path on page `page_number`, with its points, forms (`Do`) included.
pub fn strokes(pdf: &Document, page_number: u32) -> Vec<StrokedPath> {
    let page = pdf.get_pages()[&page_number];
    let forms = page_forms(pdf, page);
    let (mut found, mut clips) = (Vec::new(), 0);
    walk(&pdf.get_page_content(page), [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], &forms, &mut |painted| {
        match painted {
            Painted::Stroke(stroke) => found.push(StrokedPath { clip: clips, ..stroke }),
            Painted::Clip => clips += 1,
            Painted::Fill(_) => {}
        }
    });
    found
}

/// What a content stream paints: a filled path or a stroked one; or a clip it sets.
enum Painted {
    Fill(Fill),
    Stroke(StrokedPath),
    Clip,
}

/// Walks a content stream drawn with the matrix `ctm` (to page points), handing every
/// filled and stroked path to `found`.
fn walk(
    content: &[u8],
    ctm: [f64; 6],
    forms: &[(Vec<u8>, Option<Vec<u8>>)],
    found: &mut dyn FnMut(Painted),
) {
    let content = Content::decode(content).unwrap();
    let (mut colour, mut points) = ([0u8; 3], Vec::new());
    let (mut stroke_colour, mut width) = ([0u8; 3], 0.0);
    let mut ctm = ctm;
    let mut stack = Vec::new();
    let at = |ctm: [f64; 6], x: f64, y: f64| {
        let (px, py) = (ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]);
        (px / PT_PER_MM, py / PT_PER_MM)
    };
    for op in content.operations {
        let numbers: Vec<f64> = op.operands.iter().map(number_or_nan).collect();
        match op.operator.as_str() {
            "q" => stack.push((ctm, colour, stroke_colour, width)),
            "Q" => (ctm, colour, stroke_colour, width) = stack.pop().unwrap(),
            "cm" => ctm = multiply([0, 1, 2, 3, 4, 5].map(|i| numbers[i]), ctm),
            "rg" => colour = [0, 1, 2].map(|i| (numbers[i] * 255.0).round() as u8),
            "RG" => stroke_colour = [0, 1, 2].map(|i| (numbers[i] * 255.0).round() as u8),
            "w" => width = numbers[0],
            "m" | "l" => points.push(at(ctm, numbers[0], numbers[1])),
            "c" => points.extend(numbers.chunks(2).map(|p| at(ctm, p[0], p[1]))),
            "f" | "f*" | "B" | "b" => {
                found(Painted::Fill(Fill { colour, points: std::mem::take(&mut points) }))
            }
            "S" | "s" => {
                let points = std::mem::take(&mut points);
                // The width as the matrix draws it, in mm.
                let width_mm = width * (ctm[0] * ctm[3] - ctm[1] * ctm[2]).abs().sqrt() / PT_PER_MM;
                let colour = stroke_colour;
                found(Painted::Stroke(StrokedPath { colour, width_mm, points, clip: 0 }))
            }
            "n" => points.clear(),
            "W" | "W*" => found(Painted::Clip),
            "Do" => {
                let name = op.operands[0].as_name().unwrap();
                let (_, form) = forms.iter().find(|(n, _)| n == name).expect("a form of the page");
                match form {
                    Some(content) => walk(content, ctm, forms, found),
                    None => {
                        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
                        let points = corners.iter().map(|&(x, y)| at(ctm, x, y)).collect();
                        found(Painted::Fill(Fill { colour: IMAGE, points }));
                    }
                }
            }
            _ => {}
        }
    }
}

pub fn number_or_nan(object: &lopdf::Object) -> f64 {
    match object {
        lopdf::Object::Integer(_) | lopdf::Object::Real(_) => number(object),
        _ => f64::NAN,
    }
}

/// `[llx lly urx ury]` in points of each page's `name` box (`TrimBox`, `BleedBox`…).
pub fn boxes(pdf: &std::path::Path, name: &[u8]) -> Vec<[f64; 4]> {
    let document = Document::load(pdf).unwrap();
    (document.get_pages().values())
        .map(|&page| {
            let dict = document.get_dictionary(page).unwrap();
            let array = dict.get(name).unwrap().as_array().unwrap();
            let values: Vec<f64> = array.iter().map(number).collect();
            [values[0], values[1], values[2], values[3]]
        })
        .collect()
}

/// Whether two boxes in points agree within 0.002 pt (the PDF's rounding).
pub fn close(a: [f64; 4], b: [f64; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.002)
}

/// Bounding box `(x0, y0, x1, y1)` of points.
pub fn bounds(points: &[(f64, f64)]) -> (f64, f64, f64, f64) {
    points.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |(a, b, c, d), &(x, y)| {
        (a.min(x), b.min(y), c.max(x), d.max(y))
    })
}

/// Page `page`'s width and height in mm, from its media box.
pub fn page_size(pdf: &Document, page: u32) -> (f64, f64) {
    let id = pdf.get_pages()[&page];
    let media = pdf.get_dictionary(id).unwrap().get(b"MediaBox").unwrap().as_array().unwrap();
    (number(&media[2]) / PT_PER_MM, number(&media[3]) / PT_PER_MM)
}

/// Distance between two points, in mm.
pub fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// Whether two points are more than `limit` mm apart: `distance(a, b) > limit`, without
/// the square root where one coordinate alone is farther apart than that (the distinct
/// points below compare every pair, and the tests run unoptimised).
pub fn farther_than(a: (f64, f64), b: (f64, f64), limit: f64) -> bool {
    (a.0 - b.0).abs() > limit || (a.1 - b.1).abs() > limit || distance(a, b) > limit
}

/// A polygon's distinct points, in order (a path repeats its first point to close).
pub fn vertices(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut found: Vec<(f64, f64)> = Vec::new();
    for &p in points {
        if found.iter().all(|&q| farther_than(p, q, 1e-6)) {
            found.push(p);
        }
    }
    found
}

/// A simple polygon's area (shoelace), in mm².
pub fn area(polygon: &[(f64, f64)]) -> f64 {
    let n = polygon.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    twice.abs() / 2.0
}

/// The centroid of a polygon fill: the mean of its distinct corners (the point that closes
/// the path counted once).
pub fn centroid(fill: &Fill) -> (f64, f64) {
    mean(&vertices(&fill.points))
}

/// The mean of points.
pub fn mean(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    points.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n))
}
