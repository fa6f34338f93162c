//! One image per face (`--format faces`): every front and back of every part packed many to
//! a sheet (tiles, pieces, cards, counters, nets) as a PNG of its own, as large as the item
//! and its bleed, at `faces_dpi`, the dpi written into each — what print-on-demand services
//! and digital tables take. With a bleed asked (`--bleed`, `[sheet] bleed_mm`) every face
//! has that bleed, its art carried past the cut (`geometry::bleed_growth`) where the item
//! has less of its own. Boards, maps and tracks, printed over whole sheets, have none. An
//! index `<part>-faces.csv` names the item each file shows.

use kurbo::{Affine, Rect, Shape as _};

use super::OutputFile;
use super::flatten_pages::flatten_pages;
use crate::cutout::{Cut, Cutout};
use crate::geometry::bleed_growth::bleed_growth;
use crate::impose::Packing;
use crate::model::input::diagnostic::number_text;
use crate::model::print::pdf_x::{PdfX, PdfXOutput};
use crate::render::pdf::document_to_pdf_trimmed;
use crate::render::png::{Paper, page_to_png};
use crate::render::png_dpi::with_dpi;
use crate::scene::{Document, Group, Item, Layer, Page, Role};
use crate::sources::Part;

/// Resolution of the face images when none is asked for: what print-on-demand asks.
pub const DEFAULT_FACES_DPI: f64 = 300.0;

/// The face images of a part and what the build says about them.
#[derive(Debug, Default)]
pub struct FaceFiles {
    pub files: Vec<OutputFile>,
    pub notes: Vec<String>,
}

/// What `--format faces` and `face-pages` ask for: the images (at `dpi`), the PDF of one
/// face a page, and the bleed asked (`None`: each item's own); the PDF as PDF/X when asked.
#[derive(Clone, Copy, Debug)]
pub struct FaceOptions<'a> {
    pub images: bool,
    pub pdf: bool,
    pub dpi: f64,
    pub bleed_mm: Option<f64>,
    pub pdf_x: Option<PdfXOutput<'a>>,
}

/// The face images of `part` (files named after `stem`, the part's file stem) and their
/// index, and/or the PDF of its faces one a page (`<stem>-faces.pdf`, each page's TrimBox
/// at the item's cut and its BleedBox the page); each face with the bleed asked when one
/// is (else the item's own); nothing for parts printed over whole sheets.
pub fn face_files(part: &Part, stem: &str, options: FaceOptions<'_>) -> Result<FaceFiles, String> {
    let mut faces = FaceFiles::default();
    if matches!(part.packing, Packing::Centred | Packing::Tiled { .. }) {
        return Ok(faces);
    }
    let mut index = String::from("file,item,side\n");
    let mut without_bleed = 0;
    let (mut pages, mut trims) = (Vec::new(), Vec::new());
    let sized: Vec<(Rect, Option<Affine>)> = (part.cutouts.iter())
        .map(|cutout| match options.bleed_mm {
            None => face_with_own_bleed(cutout),
            Some(bleed) => face_with_bleed(cutout, bleed).unwrap_or_else(|| {
                without_bleed += 1;
                (cutout.extent, None)
            }),
        })
        .collect();
    if options.images {
        let rects = part.cutouts.iter().zip(&sized).map(|(cutout, (rect, _))| (cutout, *rect));
        faces_fit(rects, options.dpi)?;
    }
    for (number, (cutout, (rect, growth))) in part.cutouts.iter().zip(sized).enumerate() {
        let named = format!("{stem}-face-{:03}", number + 1);
        for face in side_pages(cutout, (rect, growth)) {
            if options.images {
                let file = face_image(cutout, &face, &named, options.dpi)?;
                index.push_str(&format!(
                    "{},{},{}\n",
                    file.name,
                    csv_field(&cutout.label),
                    face.side
                ));
                faces.files.push(file);
            }
            if options.pdf {
                trims.push(face.trim);
                pages.push(face.page);
            }
        }
    }
    if let (Some(bleed), true) = (options.bleed_mm, without_bleed > 0) {
        let what = part.noun.map_or("tiles".to_string(), |noun| format!("{noun}s"));
        faces.notes.push(format!(
            "faces: {stem}: {without_bleed} {what} have no bleed to give (their outline cannot \
             grow {bleed} mm evenly): their images end at their own extent"
        ));
    }
    if options.images {
        let name = format!("{stem}-faces.csv");
        faces.files.push(OutputFile { name, bytes: index.into_bytes() });
    }
    if options.pdf {
        let mut document = Document { title: format!("{stem} faces"), pages };
        if options.pdf_x.is_some_and(|pdf_x| pdf_x.version == PdfX::X1a) {
            flatten_pages(&mut document.pages, &format!("{stem}-faces"))?;
        }
        let bytes = document_to_pdf_trimmed(&document, &trims, options.pdf_x);
        faces.files.push(OutputFile { name: format!("{stem}-faces.pdf"), bytes });
    }
    Ok(faces)
}

/// Most pixels a face image has on a side: what print-on-demand services and image editors
/// take without trouble, and a face at 300 dpi up to 69 cm across.
pub const MAX_FACE_PIXELS: u32 = 8192;

/// What to do about a face image over [`MAX_FACE_PIXELS`].
pub const FACE_PIXELS_HELP: &str =
    "lower the dpi (--dpi) to the one named, or leave out --format faces";

/// Whether a build refusal is a face image over [`MAX_FACE_PIXELS`].
pub fn is_face_pixels_refusal(message: &str) -> bool {
    message.contains("px a side for a face image")
}

/// Pixels of `mm` at `dpi`: round(mm / 25.4 × dpi), as every face image is sized.
fn face_pixels(mm: f64, dpi: f64) -> f64 {
    (mm / 25.4 * dpi).round()
}

/// `Err` naming the largest face (the first of `faces`, each a cutout and its page) over
/// [`MAX_FACE_PIXELS`] on a side at `dpi`, its size, and the highest whole dpi that fits.
fn faces_fit<'a>(faces: impl Iterator<Item = (&'a Cutout, Rect)>, dpi: f64) -> Result<(), String> {
    let side = |rect: &Rect| rect.width().max(rect.height());
    let Some((cutout, rect)) = faces.reduce(|a, b| if side(&b.1) > side(&a.1) { b } else { a })
    else {
        return Ok(());
    };
    let limit = f64::from(MAX_FACE_PIXELS);
    if face_pixels(side(&rect), dpi) <= limit {
        return Ok(());
    }
    let mut fits = (limit / side(&rect) * 25.4).floor();
    while fits > 1.0 && face_pixels(side(&rect), fits) > limit {
        fits -= 1.0;
    }
    Err(format!(
        "the faces of {} would be {} × {} px at {} dpi, over {MAX_FACE_PIXELS} px a side for a face image: \
         {} dpi fits ({} × {} mm)",
        cutout.label,
        face_pixels(rect.width(), dpi),
        face_pixels(rect.height(), dpi),
        number_text(dpi),
        number_text(fits),
        number_text(rect.width()),
        number_text(rect.height()),
    ))
}

/// The page of a face with the item's own bleed (its extent) and, when it has one, the map
/// that carries its art into it, as its sheets grow it (a card's, a spaced round tile's;
/// a tile on a lattice is drawn at its outline's bounds).
fn face_with_own_bleed(cutout: &Cutout) -> (Rect, Option<Affine>) {
    let growth = match cutout.cut {
        Cut::Shared { .. } => bleed_growth(&cutout.outline, cutout.bleed_mm()),
        Cut::Drawn { .. } => None,
    };
    (cutout.extent, growth)
}

/// The page of a face with `bleed` mm of bleed, and the map that carries its art into it;
/// `None` when its outline cannot grow.
fn face_with_bleed(cutout: &Cutout, bleed: f64) -> Option<(Rect, Option<Affine>)> {
    let growth = bleed_growth(&cutout.outline, bleed)?;
    let grown = (growth * cutout.outline.path.clone()).bounding_box();
    Some((grown, Some(growth)))
}

/// One face of an item on a page of its own: the side it shows, the page, and where the
/// item is cut on it (its outline's bounds, mm on the page, y down).
#[derive(Debug)]
pub struct FacePage {
    pub side: &'static str,
    pub page: Page,
    pub trim: Rect,
}

/// The cutout's front and (when it has one) its back, each on a page of `rect` (its art
/// grown by `growth` beneath it, when given: the bleed).
fn side_pages(cutout: &Cutout, (rect, growth): (Rect, Option<Affine>)) -> Vec<FacePage> {
    let trim = cutout.outline.bounds() - rect.origin().to_vec2();
    // The back is turned over about the middle of the page.
    let turned = Rect::new(rect.width() - trim.x1, trim.y0, rect.width() - trim.x0, trim.y1);
    let front = FacePage { side: "front", page: front_page_grown(cutout, rect, growth), trim };
    let back = back_page_grown(cutout, rect, growth).map(|page| FacePage {
        side: "back",
        page,
        trim: turned,
    });
    std::iter::once(front).chain(back).collect()
}

/// The PNG of `face` at `dpi`, its dpi written in, named `<named>-<side>.png`.
fn face_image(
    cutout: &Cutout,
    face: &FacePage,
    named: &str,
    dpi: f64,
) -> Result<OutputFile, String> {
    let bytes = page_to_png(&face.page, dpi, Paper::White)
        .map(|png| with_dpi(png, dpi))
        .map_err(|why| format!("the {} of {}: {why}", face.side, cutout.label))?;
    Ok(OutputFile { name: format!("{named}-{}.png", face.side), bytes })
}

/// The PNGs of the cutout's front and (when it has one) its back, each on a page of `rect`
/// at `dpi` (its art grown by `growth` beneath it, when given: the bleed), named
/// `<named>-front.png` and `<named>-back.png`, with the side they show.
pub fn side_images(
    cutout: &Cutout,
    (rect, growth): (Rect, Option<Affine>),
    named: &str,
    dpi: f64,
) -> Result<Vec<(&'static str, OutputFile)>, String> {
    (side_pages(cutout, (rect, growth)).iter())
        .map(|face| Ok((face.side, face_image(cutout, face, named, dpi)?)))
        .collect()
}

/// The cutout's front on a page of `rect` (in the cutout's frame: its extent, or its
/// outline's bounds to leave the bleed out).
pub fn front_page_at(cutout: &Cutout, rect: Rect) -> Page {
    front_page_grown(cutout, rect, None)
}

/// The cutout's back, as it reads when the item is turned over left to right (backs are
/// drawn as seen through the front), on a page of `rect`.
pub fn back_page_at(cutout: &Cutout, rect: Rect) -> Option<Page> {
    back_page_grown(cutout, rect, None)
}

/// [`front_page_at`], with a copy of the art grown by `growth` (in the cutout's frame)
/// beneath it.
fn front_page_grown(cutout: &Cutout, rect: Rect, growth: Option<Affine>) -> Page {
    let to_page = Affine::translate(-rect.origin().to_vec2());
    let items = cutout.placed_front(to_page);
    face_page(rect, "front", (to_page, growth.map(|g| to_page * g)), items)
}

/// [`back_page_at`], with a copy of the art grown by `growth` (in the front's frame)
/// beneath it.
fn back_page_grown(cutout: &Cutout, rect: Rect, growth: Option<Affine>) -> Option<Page> {
    // Turned over about the middle of `rect`.
    let mirror = Affine::new([-1.0, 0.0, 0.0, 1.0, rect.width(), 0.0]);
    let to_page = Affine::translate(-rect.origin().to_vec2());
    let placement = mirror * to_page * cutout.back_frame;
    let items = cutout.placed_back(placement)?;
    let grown = growth.map(|g| mirror * to_page * g * cutout.back_frame);
    Some(face_page(rect, "back", (placement, grown), items))
}

/// A page as large as `rect` holding `items` placed by `placement`, over a copy placed by
/// `grown` when given.
fn face_page(
    rect: Rect,
    side: &str,
    (placement, grown): (Affine, Option<Affine>),
    items: Vec<Item>,
) -> Page {
    let mut placed = Vec::new();
    if let Some(grown) = grown {
        placed.push(Item::Group(Group { transform: grown, items: items.clone() }));
    }
    placed.push(Item::Group(Group { transform: placement, items }));
    Page {
        label: side.to_string(),
        width_mm: rect.width(),
        height_mm: rect.height(),
        layers: vec![Layer { role: Role::Art, items: placed }],
    }
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
