//! Resource bounds: the largest design tilepress works on, named in one place and checked before any work.
//!
//! Counts are checked on the file as written, before anything is resolved, so a design asking
//! for a million tiles costs no more than reading it; the sheet estimate (printed area ÷
//! printable area of the paper) is checked once the design is resolved, and again by the
//! build after command-line options changed the paper.

/// Largest design or diagram file, in bytes (the largest shipped design is under 8 KB).
pub const MAX_INPUT_BYTES: u64 = 1 << 20;
/// Most pixels of one PNG a user asks for (`build --png --dpi`, a diagram's `width_mm` and
/// `dpi`): 50 million pixels are 200 MB in memory; A4 at 600 dpi is 35 million.
pub const MAX_RASTER_PIXELS: f64 = 50_000_000.0;
/// Longest piece mark, in characters (it is drawn inside one cell).
pub const MAX_MARK_CHARS: usize = 12;
/// Most `[[tiles]]` entries in a design.
pub const MAX_TILES: usize = 2_000;
/// Most physical pieces: every `count` times its group's `copies`.
pub const MAX_PIECES: u64 = 2_000;
/// Most printed copies of nets: `per_player` × players, or `count`.
pub const MAX_NET_COPIES: u64 = 1_000;
/// Most faces of all printed nets together: each net's copies × its polygons (a cone counts
/// one). A hundred-sided drum is 102 faces; 20 000 faces are about 6 s of work.
pub const MAX_NET_FACES: u64 = 20_000;
/// Most vertices or polygons of one `[[nets]]` polyhedron.
pub const MAX_NET_POLYGONS: usize = 200;
/// Most cells of a board made on the pieces' grid.
pub const MAX_BOARD_CELLS: usize = 20_000;
/// Most slot assignments plus join matchings the derivation of a rule's complete set may
/// visit (estimated from the rule before enumerating; about 5 s of work).
pub const MAX_ENUMERATION_WORK: f64 = 5_000_000.0;
/// Most sheets a design may need: estimated from areas (fronts only) before any work, and
/// counted as laid out before the pages are rendered. A deck of 1,000 poker cards is 112
/// sheets of A4 or Letter; the largest design at this limit peaks under 500 MB
/// (docs/performance.md).
pub const MAX_SHEETS: f64 = 120.0;

/// Largest image or font file a face may use, in bytes (50 MB).
pub const MAX_ASSET_BYTES: u64 = 50 * 1024 * 1024;
/// Largest SVG image a face may use, in bytes: its XML is parsed whole (a 22 MB SVG of
/// 400 000 squares took 12 s and 500 MB to read).
pub const MAX_SVG_BYTES: u64 = 4 * 1024 * 1024;
/// Most paths one SVG image may draw (each becomes a scene shape).
pub const MAX_SVG_PATHS: usize = 20_000;
/// Largest side of an image a face may use, in pixels (or SVG user units).
pub const MAX_IMAGE_SIDE_PX: f64 = 20_000.0;
/// Most pixels all the PNG/JPEG images of one design may decode to together (width ×
/// height from each file's header, checked before it is decoded): 4 bytes a pixel, 48 MB,
/// held twice while decoding and again while the PDF embeds it (a build at 20 million
/// pixels peaked at 241 MB, over the 200 MiB an attack may take).
pub const MAX_IMAGE_PIXELS: u64 = 12_000_000;
/// Most characters of one text layer, after `{field}` substitution (a card's rules text is
/// a few hundred).
pub const MAX_TEXT_CHARS: usize = 2_000;

/// Largest ICC output profile (`--icc`, `[sheet] icc`), in bytes: CoatedFOGRA39 is 0.6 MB,
/// the largest press profiles about 3 MB; every byte is embedded in each PDF/X file.
pub const MAX_ICC_BYTES: u64 = 8 * 1024 * 1024;
/// Largest data file (`data = "…"`: CSV, .ods, .xlsx), in bytes; a workbook's parts are
/// bounded by [`MAX_WORKBOOK_BYTES`] uncompressed.
pub const MAX_DATA_BYTES: u64 = 16 * 1024 * 1024;
/// Most bytes a workbook's zip parts may inflate to together (an .xlsx "zip bomb" is
/// refused from its directory, before a part is inflated).
pub const MAX_WORKBOOK_BYTES: u64 = 32 * 1024 * 1024;
/// Most item rows of one data file.
pub const MAX_DATA_ROWS: usize = 100_000;
/// Most columns of one data file.
pub const MAX_DATA_COLUMNS: usize = 200;
/// Most characters of one data cell.
pub const MAX_CELL_CHARS: usize = MAX_TEXT_CHARS;

/// Most mistakes one run lists for a design (its TOML, its data files, its faces): past
/// these a run says how many more it found. A hundred are more than one sitting fixes, and
/// the file is read again once per unknown key or wrong value, at most this many times.
pub const MAX_LISTED_ERRORS: usize = 100;
/// Most cells of one data file (rows × columns).
pub const MAX_DATA_CELLS: usize = 1_000_000;

/// Longest name of a set or part (`[set] name`, a deck's, track's, map's, net's, player's
/// or piece group's `name`), in characters: names are printed in every sheet's footer.
pub const MAX_NAME_CHARS: usize = 100;

/// Most layers one face may draw (its template's and its own).
pub const MAX_FACE_LAYERS: usize = 200;

/// Largest vertex coordinate of a `[[nets]]` polyhedron, in mm (either sign).
pub const MAX_COORDINATE_MM: f64 = 1_000.0;

/// Why a polyhedron's vertex list cannot be used (a coordinate that is not a finite number
/// of at most [`MAX_COORDINATE_MM`]), or `None`.
pub fn unusable_vertex(vertices: &[[f64; 3]]) -> Option<String> {
    let (index, vertex) = vertices
        .iter()
        .enumerate()
        .find(|(_, v)| v.iter().any(|c| !c.is_finite() || c.abs() > MAX_COORDINATE_MM))?;
    Some(format!(
        "vertex {} is {vertex:?}: coordinates must be finite and within ±{MAX_COORDINATE_MM} mm",
        index + 1
    ))
}

/// A large count for a message: whole digits up to a trillion, then `1.2e15`.
pub fn count_text(count: f64) -> String {
    if count < 1e12 { format!("{count:.0}") } else { format!("{count:.2e}") }
}

/// What to do about a PNG over the pixel limit.
pub const RASTER_HELP: &str = "lower the dpi (--dpi), or leave out --png";

/// Whether a refusal of [`sheets_fit`] is the PNG's size (more paper would not help).
pub fn is_raster_refusal(message: &str) -> bool {
    message.contains("(MAX_RASTER_PIXELS")
}

/// `Err` naming the limit when a `width_mm` × `height_mm` picture at `dpi` has more than
/// [`MAX_RASTER_PIXELS`] pixels.
pub fn raster_fits(width_mm: f64, height_mm: f64, dpi: f64) -> Result<(), String> {
    let side = |mm: f64| (mm / 25.4 * dpi).round().max(1.0);
    let (w, h) = (side(width_mm), side(height_mm));
    if w * h > MAX_RASTER_PIXELS || !(w * h).is_finite() {
        return Err(format!(
            "a PNG of {} × {} pixels, more than tilepress's limit of {} pixels (MAX_RASTER_PIXELS in model/input/limits.rs); lower the dpi",
            count_text(w),
            count_text(h),
            count_text(MAX_RASTER_PIXELS)
        ));
    }
    Ok(())
}
