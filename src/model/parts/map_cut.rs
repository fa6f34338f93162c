//! `[[maps]] cut`: a map cut along its rectangle (the default) or along the outline of its cells.

use toml::Spanned;

use crate::geometry::grid::GridKind;
use crate::model::context::resolver::Resolver;
use crate::model::input::suggest::closest;

/// Where a map is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapCut {
    /// Along the rectangle that holds every cell (clear of their points).
    Rectangle,
    /// Along the outline of the cells together: a zig-zag on hex and triangle maps.
    Cells,
}

/// The values `cut` takes.
const NAMES: [&str; 2] = ["rectangle", "cells"];

/// Words that name a map's cells rather than a cut (`hexes`, `outline`): read as `cells`'s
/// did-you-mean.
const CELLS_SAID_OTHERWISE: [&str; 9] =
    ["cell", "hex", "hexes", "hexagons", "triangles", "squares", "outline", "zigzag", "zig-zag"];

/// `cut` as written, or the rectangle when it is left out. A square map's cells make up its
/// rectangle, so `cells` on one cuts it as `rectangle` does. An unknown value is an error at
/// the key, with what it likely meant.
pub fn map_cut(
    r: &mut Resolver<'_>,
    written: Option<&Spanned<String>>,
    kind: GridKind,
) -> Option<MapCut> {
    let Some(written) = written else { return Some(MapCut::Rectangle) };
    let value = written.get_ref().trim();
    match value {
        "rectangle" => Some(MapCut::Rectangle),
        "cells" if kind == GridKind::Square => Some(MapCut::Rectangle),
        "cells" => Some(MapCut::Cells),
        other => {
            let lower = other.to_ascii_lowercase();
            let near = closest(&lower, NAMES)
                .or_else(|| CELLS_SAID_OTHERWISE.contains(&lower.as_str()).then_some("cells"));
            let help = match near {
                Some(near) => format!(
                    "did you mean `{near}`? (`cells` cuts along the outline of the cells, \
                     `rectangle` along the rectangle that holds them)"
                ),
                None => "use `rectangle` (the default) or `cells` (along the outline of the cells)"
                    .to_string(),
            };
            r.error(&written.span(), format!("unknown map cut `{other}`"), &help);
            None
        }
    }
}
