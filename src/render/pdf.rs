//! Writes a scene document as a PDF, one PDF page per scene page, sizes in points from mm.
//!
//! Points go through the group transforms and the page map (mm to pt, y up) before they are
//! written; each layer is an optional-content group named after its role. Symbols and
//! bitmaps are XObjects stored once per document (`pdf_symbols.rs`).

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::io::Write;

use flate2::{Compress, Compression, FlushCompress, Status};

use kurbo::Rect;
use printpdf::{Layer as PdfLayer, LayerInternalId, Op, PdfDocument, PdfPage, PdfSaveOptions, Pt};

use super::pdf_boxes::{one_item_boxes, set_boxes};
use super::pdf_content::{PT_PER_MM, page_content, page_size_mm, rounded_pt};
use super::pdf_groups::{alpha_states, group_xobjects, share_page_resources};
use super::pdf_names::{Ink, Shared};
use super::pdf_symbols::{document_symbols, image_xobjects, page_images, symbol_xobjects};
use super::pdf_x::make_pdf_x;
use crate::model::print::pdf_x::{PdfX, PdfXOutput};
use crate::scene::{Document, Page, PageBoxes, Role};

/// The zlib level of content streams, chosen by `cargo bench --bench compression`
/// (docs/performance.md): with zlib-rs, level 3 is several times faster than lopdf's 9 (on
/// miniz_oxide) for a file 4 % larger; level 2 is no faster here and 11 % larger.
const STREAM_LEVEL: u32 = 3;

/// The whole document as PDF bytes; the same document always gives the same bytes.
pub fn document_to_pdf(doc: &Document) -> Vec<u8> {
    document_to_pdf_boxed(doc, &[])
}

/// [`document_to_pdf`], page `i` with its `TrimBox` at `trims[i]` (mm on the page, y down)
/// and its `BleedBox` the whole page: pages of one item and its bleed, for print shops; as
/// the PDF/X `pdf_x` when given.
pub fn document_to_pdf_trimmed(
    doc: &Document,
    trims: &[Rect],
    pdf_x: Option<PdfXOutput<'_>>,
) -> Vec<u8> {
    let sizes = doc.pages.iter().map(page_size_mm);
    let boxes: Vec<_> =
        trims.iter().zip(sizes).map(|(t, size)| Some(one_item_boxes(*t, size))).collect();
    document_to_pdf_as(doc, &boxes, pdf_x)
}

/// [`document_to_pdf`], page `i` with its `TrimBox` and `BleedBox` set to `boxes[i]` when
/// that is given (a sheet whose items have a bleed).
pub fn document_to_pdf_boxed(doc: &Document, boxes: &[Option<PageBoxes>]) -> Vec<u8> {
    document_to_pdf_as(doc, boxes, None)
}

/// [`document_to_pdf_boxed`], written as the PDF/X `pdf_x` when given (`render::pdf_x`):
/// a PDF/X-1a file without layers.
pub fn document_to_pdf_as(
    doc: &Document,
    boxes: &[Option<PageBoxes>],
    pdf_x: Option<PdfXOutput<'_>>,
) -> Vec<u8> {
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.creator = "tilepress".to_string();
    pdf.metadata.info.producer = "tilepress".to_string();
    let layers = pdf_x.is_none_or(|pdf_x| pdf_x.version != PdfX::X1a);
    let roles: BTreeSet<Role> =
        doc.pages.iter().flat_map(|page| page.layers.iter().map(|layer| layer.role)).collect();
    for role in roles.into_iter().filter(|_| layers) {
        let layer = PdfLayer { creator: "tilepress".to_string(), ..PdfLayer::new(role.name()) };
        pdf.resources.layers.map.insert(layer_id(role), layer);
    }
    let ink = pdf_x.map_or(Ink::Rgb, |pdf_x| Ink::Press(&pdf_x.profile.press, pdf_x.ink_limit));
    let shared = Shared { symbols: document_symbols(doc), images: page_images(doc), layers, ink };
    pdf.resources.xobjects.map = symbol_xobjects(&shared.symbols, ink);
    pdf.resources.xobjects.map.extend(image_xobjects(&shared.images, ink));
    pdf.pages = doc.pages.iter().map(|page| pdf_page(page, layers)).collect();
    let mut alphas = std::collections::BTreeSet::new();
    let mut contents = Vec::with_capacity(doc.pages.len());
    for (index, page) in doc.pages.iter().enumerate() {
        let (content, translucency) = page_content(page, &shared, index);
        contents.push(compressed(content));
        pdf.resources.xobjects.map.extend(group_xobjects(translucency.forms));
        alphas.extend(translucency.alphas);
    }
    pdf.resources.extgstates.map = alpha_states(&alphas);
    let boxes = doc.pages.iter().zip(boxes).map(|(page, boxes)| (*boxes, page_size_mm(page)));
    let pdf_x = pdf_x.map(|pdf_x| (pdf_x, doc.title.as_str()));
    serialise(&pdf, contents, boxes.collect(), pdf_x)
}

/// A content stream, deflated when that makes it smaller.
#[derive(Debug)]
struct Stream {
    bytes: Vec<u8>,
    deflated: bool,
}

fn compressed(content: Vec<u8>) -> Stream {
    match deflated(&content) {
        Some(bytes) => Stream { bytes, deflated: true },
        None => Stream { bytes: content, deflated: false },
    }
}

/// A fixed layer id per role (printpdf's `add_layer` would pick a random one); it is also
/// the resource name in `/OC /art BDC`.
fn layer_id(role: Role) -> LayerInternalId {
    LayerInternalId(role.name().to_string())
}

/// A page whose content printpdf only marks with the page's layers (so it lists them as
/// the page's resources) when it has `layers`; [`serialise`] puts the real content in its
/// place.
fn pdf_page(page: &Page, layers: bool) -> PdfPage {
    let (width, height) = page_size_mm(page);
    let mut ops = Vec::new();
    for layer in page.layers.iter().filter(|_| layers) {
        ops.extend([Op::BeginLayer { layer_id: layer_id(layer.role) }, Op::EndLayer]);
    }
    let size = |mm: f64| Pt(rounded_pt(mm * PT_PER_MM).unwrap_or(0.0));
    let rect = printpdf::Rect::from_wh(size(width), size(height));
    PdfPage { media_box: rect.clone(), trim_box: rect.clone(), crop_box: rect, ops }
}

/// Saves with each page's `contents` in place of printpdf's, the other streams compressed,
/// PDF 1.5 (optional content needs it), and a trailer `/ID` that is a hash of the file
/// written without it, instead of printpdf's random one; made the PDF/X `pdf_x` (of the
/// document titled so) when given.
fn serialise(
    pdf: &PdfDocument,
    contents: Vec<Stream>,
    boxes: Vec<(Option<PageBoxes>, (f64, f64))>,
    pdf_x: Option<(PdfXOutput<'_>, &str)>,
) -> Vec<u8> {
    let mut content_hash = Fingerprint::default();
    if pdf_x.is_some() {
        for content in &contents {
            let _ = content_hash.write(&content.bytes);
        }
    }
    let options = PdfSaveOptions { image_optimization: None, ..PdfSaveOptions::default() };
    let mut lo = pdf.to_lopdf_document(&options, &mut Vec::new());
    lo.version = "1.5".to_string();
    let pages: Vec<_> = lo.get_pages().into_values().collect();
    if let Some(&first) = pages.first() {
        share_page_resources(&mut lo, first);
    }
    for (&page, (boxes, size)) in pages.iter().zip(boxes) {
        let Some(boxes) = boxes else { continue };
        if let Ok(page) = lo.get_object_mut(page).and_then(|page| page.as_dict_mut()) {
            set_boxes(page, boxes, size);
        }
    }
    for (page, content) in pages.into_iter().zip(contents) {
        let id = lo.get_dictionary(page).and_then(|page| page.get(b"Contents")?.as_reference());
        if let Ok(stream) = id.and_then(|id| lo.get_object_mut(id)?.as_stream_mut()) {
            if content.deflated {
                stream.dict.set("Filter", "FlateDecode");
            }
            stream.set_content(content.bytes);
        }
    }
    // printpdf writes an empty `/GTS_PDFXVersion` (readers then take the file for PDF/X)
    // and `/Type /OCG` inside each layer's usage dictionary: drop both.
    if let Ok(info) = lo.trailer.get(b"Info").and_then(|info| info.as_reference())
        && let Ok(info) = lo.get_object_mut(info).and_then(|info| info.as_dict_mut())
    {
        info.remove(b"GTS_PDFXVersion");
        info.remove(b"Identifier");
    }
    if let Some((pdf_x, title)) = pdf_x {
        make_pdf_x(&mut lo, pdf_x, title, &content_hash.hex());
    }
    for object in lo.objects.values_mut() {
        if let Ok(dict) = object.as_dict_mut()
            && dict.has(b"CreatorInfo")
        {
            dict.remove(b"Type");
        }
    }
    // What `optimize: true` does in printpdf's own `save` (compress every stream), at a
    // fast level instead of lopdf's best.
    for object in lo.objects.values_mut() {
        if let Ok(stream) = object.as_stream_mut()
            && stream.allows_compression
            && !stream.dict.has(b"Filter")
            && let Some(compressed) = deflated(&stream.content)
        {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(compressed);
        }
    }
    // The file without its `/ID` is only hashed, not kept; then written once, with it.
    let id = lo.trailer.remove(b"ID");
    let mut hashed = Fingerprint::default();
    // Neither writer fails; an error would leave a short file, not a panic.
    let _ = lo.save_to(&mut hashed);
    if let Some(mut id) = id {
        let fingerprint = hashed.hex();
        for part in id.as_array_mut().into_iter().flatten() {
            if let Ok(text) = part.as_str_mut() {
                *text = fingerprint.clone().into_bytes();
            }
        }
        lo.trailer.set("ID", id);
    }
    let mut bytes = Vec::with_capacity(hashed.length + 128);
    let _ = lo.save_to(&mut bytes);
    bytes
}

/// `bytes` as a zlib stream at [`STREAM_LEVEL`]; `None` when that does not save at least
/// the 19 bytes `/Filter /FlateDecode` costs (lopdf's rule).
fn deflated(bytes: &[u8]) -> Option<Vec<u8>> {
    let compressed = COMPRESSOR.with_borrow_mut(|kept| {
        let compressor =
            kept.get_or_insert_with(|| Compress::new(Compression::new(STREAM_LEVEL), true));
        compressor.reset();
        let mut out = Vec::with_capacity(bytes.len() / 2 + 64);
        loop {
            let taken = usize::try_from(compressor.total_in()).ok()?;
            let rest = bytes.get(taken..)?;
            match compressor.compress_vec(rest, &mut out, FlushCompress::Finish).ok()? {
                Status::StreamEnd => return Some(out),
                Status::Ok | Status::BufError => out.reserve(out.capacity().max(64)),
            }
        }
    })?;
    (compressed.len() + 19 < bytes.len()).then_some(compressed)
}

thread_local! {
    /// One compressor per thread, reset for every stream: setting one up clears a quarter
    /// of a MiB of tables, which cost more than compressing most of a PDF's small streams
    /// (symbols, footers). A reset compressor writes the same bytes as a new one.
    static COMPRESSOR: RefCell<Option<Compress>> = const { RefCell::new(None) };
}

/// Two 64-bit FNV-1a hashes with different offsets (stable across builds, unlike std's
/// hasher) of everything written, and its length.
#[derive(Debug)]
struct Fingerprint {
    hashes: [u64; 2],
    length: usize,
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint { hashes: [0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142], length: 0 }
    }
}

impl Fingerprint {
    /// 32 hex digits.
    fn hex(&self) -> String {
        format!("{:016x}{:016x}", self.hashes[0], self.hashes[1])
    }
}

impl Write for Fingerprint {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for hash in &mut self.hashes {
            *hash = bytes
                .iter()
                .fold(*hash, |h, byte| (h ^ u64::from(*byte)).wrapping_mul(0x100_0000_01b3));
        }
        self.length += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Group, Item, Layer, LineCap, Shape, Stroke};
    use kurbo::{Affine, BezPath, PathEl, Point};
    use lopdf::content::{Content, Operation};

    fn path(points: &[(f64, f64)], close: bool) -> BezPath {
        let mut path = BezPath::new();
        path.move_to(points[0]);
        points[1..].iter().for_each(|p| path.line_to(*p));
        if close {
            path.close_path();
        }
        path
    }

    fn page(width_mm: f64, height_mm: f64, layers: &[(Role, Vec<Item>)]) -> Page {
        let layers = layers.iter().map(|(role, items)| Layer { role: *role, items: items.clone() });
        Page { label: "p".to_string(), width_mm, height_mm, layers: layers.collect() }
    }

    /// A4: a filled cubic+quad blob (art), a dashed open polyline and a 2× scaled group (cut).
    /// 100×50: a filled and stroked triangle from (10 mm, 20 mm) (marks).
    fn sample() -> Document {
        let mut blob = path(&[(105.0, 128.5)], false);
        blob.curve_to((118.0, 128.5), (118.0, 168.5), (105.0, 168.5));
        blob.quad_to((80.0, 148.5), (105.0, 128.5));
        let open = path(&[(20.0, 20.0), (190.0, 20.0), (190.0, 60.0)], false);
        let dashed = Stroke {
            cap: LineCap::Round,
            dash_mm: vec![4.0, 2.0],
            ..Stroke::solid(Colour::BLACK, 1.0)
        };
        let transform = Affine::translate((50.0, 250.0)) * Affine::rotate(0.5) * Affine::scale(2.0);
        let thin = Shape::stroked(open.clone(), Stroke::solid(Colour::BLACK, 0.2));
        let group = Group { transform, items: vec![Item::Shape(thin)] };
        let cut = vec![Item::Shape(Shape::stroked(open, dashed)), Item::Group(group)];
        let art = vec![Item::Shape(Shape::filled(blob, Colour::BLACK))];
        let a4 = page(210.0, 297.0, &[(Role::Art, art), (Role::Cut, cut)]);
        let triangle = Shape {
            stroke: Some(Stroke::solid(Colour::BLACK, 0.5)),
            ..Shape::filled(path(&[(10.0, 20.0), (90.0, 20.0), (50.0, 45.0)], true), Colour::WHITE)
        };
        let small = page(100.0, 50.0, &[(Role::Marks, vec![Item::Shape(triangle)])]);
        Document { title: "Sample set".to_string(), pages: vec![a4, small] }
    }

    fn parsed(doc: &Document) -> lopdf::Document {
        lopdf::Document::load_mem(&document_to_pdf(doc)).unwrap()
    }

    fn page_ops(doc: &lopdf::Document, number: u32) -> Vec<Operation> {
        let id = doc.get_pages()[&number];
        Content::decode(&doc.get_page_content(id)).unwrap().operations
    }

    fn numbers(op: &Operation) -> Vec<f32> {
        op.operands.iter().map(|o| o.as_float().unwrap()).collect()
    }

    fn has_point(ops: &[Operation], operator: &str, x: f32, y: f32) -> bool {
        let near = |n: &[f32]| (n[0] - x).abs() < 0.001 && (n[1] - y).abs() < 0.001;
        ops.iter().filter(|op| op.operator == operator).any(|op| near(&numbers(op)))
    }

    #[test]
    fn is_a_deterministic_pdf_with_fixed_metadata_and_page_sizes() {
        let bytes = document_to_pdf(&sample());
        assert!(bytes.starts_with(b"%PDF-1.5"));
        assert_eq!(bytes, document_to_pdf(&sample()));
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let info = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let info = doc.get_object(info).unwrap().as_dict().unwrap();
        assert_eq!(
            info.get(b"CreationDate").unwrap().as_str().unwrap(),
            b"D:19700101000000+00'00'"
        );
        assert!(!info.has(b"GTS_PDFXVersion"));
        let id = doc.trailer.get(b"ID").unwrap().as_array().unwrap();
        let first = id[0].as_str().unwrap();
        assert!(first.len() == 32 && first.iter().all(u8::is_ascii_hexdigit), "{first:?}");
        assert_eq!(rounded_pt(-0.0001).map(f32::is_sign_positive), Some(true));
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 2);
        for (number, (w, h)) in (1..=2).zip([(595.276, 841.89), (283.465, 141.732)]) {
            let page = doc.get_object(pages[&number]).unwrap().as_dict().unwrap();
            let media_box = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let values: Vec<f32> = media_box.iter().map(|v| v.as_float().unwrap()).collect();
            let expected = [0.0, 0.0, w, h];
            assert!(values.iter().zip(expected).all(|(v, e)| (v - e).abs() < 0.01), "{values:?}");
        }
    }

    #[test]
    fn points_are_in_points_with_y_flipped_fill_before_stroke() {
        let ops = page_ops(&parsed(&sample()), 2);
        // (10 mm, 20 mm) on a 100×50 mm page: x = 10 × 72/25.4, y = (50 − 20) × 72/25.4.
        assert!(has_point(&ops, "m", 28.346, 85.039));
        assert!(has_point(&ops, "l", 255.118, 85.039));
        let operators: Vec<&str> = ops.iter().map(|op| op.operator.as_str()).collect();
        let fill = operators.iter().position(|o| *o == "f").unwrap();
        let stroke = operators.iter().position(|o| *o == "S").unwrap();
        assert!(fill < stroke && operators[stroke - 1] == "h", "{operators:?}");
    }

    #[test]
    fn open_strokes_stay_open_curves_are_cubic_and_layers_are_optional_content() {
        let doc = parsed(&sample());
        let ops = page_ops(&doc, 1);
        let operators: Vec<&str> = ops.iter().map(|op| op.operator.as_str()).collect();
        assert!(operators.windows(4).any(|w| w == ["m", "l", "l", "S"]), "{operators:?}");
        assert_eq!(operators.iter().filter(|o| **o == "c").count(), 2, "{operators:?}");
        // The quadratic (80, 148.5) control raised to a cubic: 1/3 of the way to the ends.
        assert!(
            ops.iter().any(|op| op.operator == "c" && (numbers(op)[0] - 250.394).abs() < 0.001)
        );
        let dash = ops.iter().find(|op| op.operator == "d").unwrap();
        let pattern = dash.operands[0].as_array().unwrap();
        assert_eq!(
            pattern.iter().map(|v| v.as_float().unwrap()).collect::<Vec<_>>(),
            [11.339, 5.669]
        );
        assert!(operators.contains(&"j") && operators.contains(&"J"));
        // The 2× scaled group strokes 0.2 mm × 2 = 0.4 mm = 1.134 pt.
        assert!(ops.iter().any(|op| op.operator == "w" && numbers(op) == [1.134]));
        let begins: Vec<&[u8]> = ops
            .iter()
            .filter(|op| op.operator == "BDC")
            .map(|op| op.operands[1].as_name().unwrap())
            .collect();
        assert_eq!(begins, [b"art".as_slice(), b"cut"]);
        assert_eq!(ops.iter().filter(|op| op.operator == "EMC").count(), 2);
        let properties = doc.catalog().unwrap().get(b"OCProperties").unwrap().as_dict().unwrap();
        assert_eq!(properties.get(b"OCGs").unwrap().as_array().unwrap().len(), 3);
    }

    #[test]
    fn bad_input_does_not_panic() {
        let nan = path(&[(f64::NAN, 0.0), (1.0, 1.0)], false);
        let mut no_move = path(&[(0.0, 0.0), (5.0, 5.0)], false);
        // kurbo asserts on a missing MoveTo in debug builds; build one behind its back.
        no_move.elements_mut()[0] = PathEl::LineTo(Point::new(1.0, 1.0));
        let items = vec![
            Item::Shape(Shape::filled(nan, Colour::BLACK)),
            Item::Shape(Shape {
                stroke: Some(Stroke::solid(Colour::BLACK, f64::NAN)),
                ..Shape::filled(no_move, Colour::BLACK)
            }),
            Item::Group(Group { transform: Affine::scale(f64::NAN), items: vec![] }),
        ];
        let bad = page(f64::INFINITY, -1.0, &[(Role::Art, items)]);
        let empty = Document { title: String::new(), pages: vec![] };
        assert!(document_to_pdf(&empty).starts_with(b"%PDF-"));
        let doc = parsed(&Document { title: "bad".to_string(), pages: vec![bad] });
        // Only the path without a move is drawn, filled from its implicit start at (0, 0).
        let ops = page_ops(&doc, 1);
        assert_eq!(ops.iter().filter(|op| op.operator == "m").count(), 1);
        assert!(has_point(&ops, "m", 0.0, 2.835) && !ops.iter().any(|op| op.operator == "S"));
    }
}
