//! Symbols and bitmaps in the PDF: each symbol of a document becomes one form XObject,
//! written once, and every use of it is `q cm /symbol-N Do Q` on the page, so an icon on 500
//! tiles is stored once. Bitmaps are image XObjects (RGB, with a soft mask when they have
//! transparency), in the resources of the form that draws them or of the page.
//!
//! The form's content is written by `pdf_content` (the one content-stream writer) in the
//! symbol's own units (its coordinates as the scene gives them); the `cm` of each use maps
//! them to the page.

use std::collections::BTreeMap;
use std::sync::Arc;

use kurbo::{Affine, Rect};
use printpdf::{DictItem, ExternalStream, ExternalXObject, XObject, XObjectId};

use super::pdf_content::form_content;
use super::pdf_names::{Ink, image_xobject_id, local_image_name, symbol_xobject_id};
use crate::scene::bounds::painted_bounds;
use crate::scene::{Document, Item, RasterImage, used_symbols};

/// The symbols a document's pages use, each once, in order of first use (a symbol used
/// inside another is drawn into that one's form).
pub fn document_symbols(doc: &Document) -> Vec<Arc<crate::scene::Symbol>> {
    let lists = doc.pages.iter().flat_map(|page| &page.layers).map(|l| l.items.as_slice());
    used_symbols(lists, false)
}

/// The bitmaps `items` draw (inside symbols too, when `into_symbols`), each once, in order
/// of first use.
pub fn images_in(items: &[Item], into_symbols: bool, found: &mut Vec<Arc<RasterImage>>) {
    for item in items {
        match item {
            Item::Shape(_) => {}
            Item::Group(group) => images_in(&group.items, into_symbols, found),
            Item::Clip(clip) => images_in(&clip.items, into_symbols, found),
            Item::Translucent(veil) => images_in(&veil.items, into_symbols, found),
            Item::Use(used) if into_symbols => images_in(&used.symbol.items, true, found),
            Item::Use(_) => {}
            Item::Image(raster) => {
                if !found.iter().any(|known| Arc::ptr_eq(known, &raster.image)) {
                    found.push(raster.image.clone());
                }
            }
        }
    }
}

/// The bitmaps drawn on pages outside any symbol, each once.
pub fn page_images(doc: &Document) -> Vec<Arc<RasterImage>> {
    let mut found = Vec::new();
    for layer in doc.pages.iter().flat_map(|page| &page.layers) {
        images_in(&layer.items, false, &mut found);
    }
    found
}

/// The page-level bitmaps as image XObjects.
pub fn image_xobjects(images: &[Arc<RasterImage>], ink: Ink<'_>) -> BTreeMap<XObjectId, XObject> {
    images
        .iter()
        .enumerate()
        .map(|(index, image)| {
            let form = ExternalXObject {
                stream: image_stream(image, ink),
                width: None,
                height: None,
                dpi: None,
            };
            (image_xobject_id(index), XObject::External(form))
        })
        .collect()
}

/// An image XObject: RGB samples (CMYK in a press's inks), and the alpha channel as a soft
/// mask when not opaque.
fn image_stream(image: &RasterImage, ink: Ink<'_>) -> ExternalStream {
    let rgb: Vec<u8> = image.rgba.chunks(4).flat_map(|p| p.iter().take(3).copied()).collect();
    let (space, samples) = match ink {
        Ink::Rgb => (b"DeviceRGB".as_slice(), rgb),
        Ink::Press(press, limit) if image.colorimetric => {
            (b"DeviceCMYK".as_slice(), press.image_as_colours(&rgb, limit))
        }
        Ink::Press(press, limit) => (b"DeviceCMYK".as_slice(), press.image(&rgb, limit)),
    };
    let alpha: Vec<u8> = image.rgba.chunks(4).map(|p| p.get(3).copied().unwrap_or(255)).collect();
    let header = |colour_space: &[u8]| {
        BTreeMap::from([
            ("Type".to_string(), DictItem::Name(b"XObject".to_vec())),
            ("Subtype".to_string(), DictItem::Name(b"Image".to_vec())),
            ("Width".to_string(), DictItem::Int(i64::from(image.width))),
            ("Height".to_string(), DictItem::Int(i64::from(image.height))),
            ("ColorSpace".to_string(), DictItem::Name(colour_space.to_vec())),
            ("BitsPerComponent".to_string(), DictItem::Int(8)),
        ])
    };
    let mut dict = header(space);
    if alpha.iter().any(|&a| a != 255) {
        let mask = ExternalStream { dict: header(b"DeviceGray"), content: alpha, compress: true };
        dict.insert("SMask".to_string(), DictItem::Stream { stream: mask });
    }
    ExternalStream { dict, content: samples, compress: true }
}

/// One form XObject per symbol, by resource name.
pub fn symbol_xobjects(
    symbols: &[Arc<crate::scene::Symbol>],
    ink: Ink<'_>,
) -> BTreeMap<XObjectId, XObject> {
    symbols
        .iter()
        .enumerate()
        .map(|(index, symbol)| {
            let mut images = Vec::new();
            images_in(&symbol.items, true, &mut images);
            let content = form_content(&symbol.items, &images, ink);
            let bounds = painted_bounds(&symbol.items, Affine::IDENTITY).unwrap_or(Rect::ZERO);
            let bbox = [bounds.x0, bounds.y0, bounds.x1, bounds.y1]
                .map(|v| DictItem::Real(v as f32))
                .to_vec();
            let mut dict = BTreeMap::from([
                ("Type".to_string(), DictItem::Name(b"XObject".to_vec())),
                ("Subtype".to_string(), DictItem::Name(b"Form".to_vec())),
                ("BBox".to_string(), DictItem::Array(bbox)),
            ]);
            if !images.is_empty() {
                let xobjects = images
                    .iter()
                    .enumerate()
                    .map(|(k, image)| {
                        (
                            local_image_name(k).0,
                            DictItem::Stream { stream: image_stream(image, ink) },
                        )
                    })
                    .collect();
                let resources =
                    BTreeMap::from([("XObject".to_string(), DictItem::Dict { map: xobjects })]);
                dict.insert("Resources".to_string(), DictItem::Dict { map: resources });
            }
            let stream = ExternalStream { dict, content, compress: true };
            let form = ExternalXObject { stream, width: None, height: None, dpi: None };
            (symbol_xobject_id(index), XObject::External(form))
        })
        .collect()
}
