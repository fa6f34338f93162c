//! The names a PDF's content streams call XObjects by: the document's symbols
//! (`symbol-N`) and page-level bitmaps (`image-N`), a form's own bitmaps (`ImN`), and the
//! map that draws a bitmap's unit square over its rectangle.

use std::sync::Arc;

use kurbo::{Affine, Rect};
use printpdf::XObjectId;

use crate::model::print::press::Press;
use crate::scene::{RasterImage, Symbol};

/// The resource name of the `index`-th page-level bitmap.
pub fn image_xobject_id(index: usize) -> XObjectId {
    XObjectId(format!("image-{}", index + 1))
}

/// The map from an image's unit square to `rect` (y down, the image's top row on top).
pub fn unit_square_to(rect: Rect) -> Affine {
    Affine::new([rect.width(), 0.0, 0.0, -rect.height(), rect.x0, rect.y1])
}

/// The resource name of the `index`-th symbol.
pub fn symbol_xobject_id(index: usize) -> XObjectId {
    XObjectId(format!("symbol-{}", index + 1))
}

/// A bitmap's name inside the form that draws it.
pub fn local_image_name(index: usize) -> XObjectId {
    XObjectId(format!("Im{}", index + 1))
}

/// What a document's pages share: its symbols (form XObjects) and the bitmaps drawn outside
/// symbols (image XObjects), in the order of their resource names; how they are written.
#[derive(Debug)]
pub struct Shared<'a> {
    pub symbols: Vec<Arc<Symbol>>,
    pub images: Vec<Arc<RasterImage>>,
    /// Whether each layer is marked as optional content (not in PDF/X-1a, PDF 1.4).
    pub layers: bool,
    /// The inks colours are written in.
    pub ink: Ink<'a>,
}

/// The inks a PDF's colours are written in: RGB as the design gives them, or the CMYK of
/// a press (PDF/X), under its ink limit (total ink in percent) when one is given.
#[derive(Clone, Copy, Debug)]
pub enum Ink<'a> {
    Rgb,
    Press(&'a Press, Option<f64>),
}

impl Shared<'_> {
    /// The resource name of `symbol`, if the document registered it.
    pub fn symbol_id(&self, symbol: &Arc<Symbol>) -> Option<XObjectId> {
        self.symbols.iter().position(|known| Arc::ptr_eq(known, symbol)).map(symbol_xobject_id)
    }

    /// The resource name of the page-level bitmap `image`, if the document registered it.
    pub fn image_id(&self, image: &Arc<RasterImage>) -> Option<XObjectId> {
        self.images.iter().position(|known| Arc::ptr_eq(known, image)).map(image_xobject_id)
    }
}

/// The names a content stream draws its XObjects by.
#[derive(Clone, Copy, Debug)]
pub enum StreamNames<'a> {
    /// A page: the document's symbols and page-level bitmaps.
    Page(&'a Shared<'a>),
    /// A form XObject: its own bitmaps (`Im1`, `Im2`… in this order); symbols used inside
    /// it are drawn into it.
    Form(&'a [Arc<RasterImage>]),
}

impl StreamNames<'_> {
    /// The name of bitmap `image`, if the stream knows it.
    pub fn image(&self, image: &Arc<RasterImage>) -> Option<XObjectId> {
        match self {
            StreamNames::Page(shared) => shared.image_id(image),
            StreamNames::Form(images) => {
                images.iter().position(|known| Arc::ptr_eq(known, image)).map(local_image_name)
            }
        }
    }
}
