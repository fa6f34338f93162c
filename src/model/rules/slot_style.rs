//! Resolves the `[style]` sizes of half-rings, half-discs and capped line ends, with defaults
//! that follow the line width and limits that keep every slot inside its tile.

use toml::Spanned;

use crate::geometry::polygon::RegularPolygon;
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::rules::set_tables::StyleTable;
use crate::model::rules::tile_set::SlotStyle;
use crate::model::rules::tile_set::Style;
use crate::scene::Colour;

/// Default half-ring radius (centre line) as a multiple of the line width.
const RING_RADIUS_PER_LINE: f64 = 1.5;
/// Default half-disc radius as a multiple of the line width.
const DOT_RADIUS_PER_LINE: f64 = 1.0;

/// How far a slot may reach from its edge midpoint, along the edge or into the tile: half an
/// edge, and no further in than the centre.
pub fn slot_room(shape: RegularPolygon) -> f64 {
    shape.apothem().min(shape.edge_mm / 2.0)
}

/// The slot sizes of `table`, defaults applied, each checked against the tile.
pub fn slot_style(
    resolver: &mut Resolver<'_>,
    table: &StyleTable,
    shape: RegularPolygon,
    line_width_mm: f64,
) -> SlotStyle {
    let room = slot_room(shape);
    let mut size = |value: &Option<Spanned<f64>>, what: &str, default: f64, range: (f64, f64)| {
        value.as_ref().map_or(default, |v| resolver.length(v, what, range))
    };
    let ring_width_mm = size(&table.ring_width_mm, "`ring_width_mm`", line_width_mm, (0.05, room));
    let ring_radius_mm = size(
        &table.ring_radius_mm,
        "`ring_radius_mm`",
        RING_RADIUS_PER_LINE * line_width_mm,
        (ring_width_mm / 2.0, room - ring_width_mm / 2.0),
    );
    let dot_radius_mm = size(
        &table.dot_radius_mm,
        "`dot_radius_mm`",
        DOT_RADIUS_PER_LINE * line_width_mm,
        (0.05, room),
    );
    let cap_length_mm = size(
        &table.cap_length_mm,
        "`cap_length_mm`",
        shape.apothem() / 2.0 + line_width_mm / 2.0,
        (line_width_mm / 2.0, shape.apothem()),
    );
    SlotStyle { ring_radius_mm, ring_width_mm, dot_radius_mm, cap_length_mm }
}

impl Resolver<'_> {
    pub(crate) fn style(
        &mut self,
        table: Option<&StyleTable>,
        palette: &Palette,
        shape: RegularPolygon,
    ) -> Style {
        let default = StyleTable::default();
        let table = table.unwrap_or(&default);
        let background = match &table.background {
            Some(name) => {
                self.colour_name(name, palette).map_or(Colour::BLACK, |n| palette.colour(&n))
            }
            None => Colour::BLACK,
        };
        let half_edge = shape.edge_mm / 2.0;
        let line_width_mm = table
            .line_width_mm
            .as_ref()
            .map_or(shape.edge_mm / 5.0, |w| self.length(w, "`line_width_mm`", (0.05, half_edge)));
        let casing_mm = table
            .casing_mm
            .as_ref()
            .map_or(line_width_mm / 6.0, |w| self.length(w, "`casing_mm`", (0.0, half_edge)));
        let slots = slot_style(self, table, shape, line_width_mm);
        Style { background, line_width_mm, casing_mm, slots, region_dividers: false }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::input::source::SourceFile;

    fn resolve(style: &str) -> Result<SlotStyle, Vec<String>> {
        let text = format!(
            "[set]\nname = \"T\"\nshape = \"triangle\"\nedge_mm = 40.0\n[palette]\nk = \"#000000\"\n\
             [style]\nline_width_mm = 4.0\n{style}\n[[tiles]]\nnumber = 1\nedges = [\"k\", \"k\", \"k ring\"]\n"
        );
        let source = SourceFile::new(std::path::Path::new("t.toml"), text);
        match crate::model::design::resolve::resolve(&source) {
            Ok(design) => Ok(design.style.slots),
            Err(diagnostics) => Err(diagnostics.iter().map(|d| d.to_string()).collect()),
        }
    }

    #[test]
    fn defaults_follow_the_line_width() {
        let slots = resolve("").unwrap();
        assert_eq!(slots.ring_radius_mm, 6.0);
        assert_eq!(slots.ring_width_mm, 4.0);
        assert_eq!(slots.dot_radius_mm, 4.0);
        let apothem = RegularPolygon::new(3, 40.0).apothem();
        assert!((slots.cap_length_mm - (apothem / 2.0 + 2.0)).abs() < 1e-12);
    }

    #[test]
    fn a_ring_that_would_leave_the_tile_is_an_error_at_its_line() {
        let errors = resolve("ring_radius_mm = 11.0").unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("t.toml:9:") && errors[0].contains("ring_radius_mm"),
            "{errors:?}"
        );
        assert!(resolve("ring_radius_mm = 9.0\nring_width_mm = 2.0").is_ok());
    }
}
