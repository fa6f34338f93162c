//! What PDF/X-1a refuses, told by `check` as by `build`: a translucent layer or an image with clear pixels that the faces' flattening can neither flatten over one colour nor leave to be drawn in pixels on the pages (`sources::flatten`).

use std::path::Path;

use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::print::pdf_x::PdfX;
use crate::sources::flatten::first_refusal;
use crate::sources::parts;

/// The refusal of the first layer of `design` (read from `path`) that `pdf_x` cannot print
/// without transparency: `None` but for PDF/X-1a, or when every layer is flattened.
pub fn transparency_refusal(
    design: &Design,
    path: &Path,
    pdf_x: Option<PdfX>,
) -> Option<Diagnostic> {
    if pdf_x != Some(PdfX::X1a) {
        return None;
    }
    first_refusal(&parts(design)).map(|refusal| refusal.diagnostic(path))
}
