//! `[[counters]]` shapes: a circle, square, rectangle, hexagon or triangle, each sized by its
//! own key (`diameter_mm`, `edge_mm`, `size_mm`), with card keys and other shapes' keys
//! refused at their place.

use toml::Spanned;

use crate::geometry::outline::Outline;
use crate::geometry::polygon::RegularPolygon;
use crate::model::context::resolver::Resolver;
use crate::model::parts::cards::DeckTable;

/// The outline of a counter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CounterShape {
    /// A disc of diameter `width_mm`.
    Circle,
    /// A `width_mm × height_mm` rectangle (a square when they are equal).
    Rectangle,
    /// A regular hexagon or triangle, edge 0 on top (they tile the sheet edge to edge).
    Polygon(RegularPolygon),
}

impl CounterShape {
    /// The shape's name in design files and messages.
    pub fn name(self, width_mm: f64, height_mm: f64) -> &'static str {
        match self {
            CounterShape::Circle => "circle",
            CounterShape::Rectangle if width_mm == height_mm => "square",
            CounterShape::Rectangle => "rectangle",
            CounterShape::Polygon(polygon) => polygon.shape_name(),
        }
    }

    /// Corners face layers may anchor to.
    pub fn corners(self) -> usize {
        match self {
            CounterShape::Circle => 0,
            CounterShape::Rectangle => 4,
            CounterShape::Polygon(polygon) => polygon.sides,
        }
    }
}

/// Counter shapes by name, with the key that sizes each.
const COUNTER_SHAPES: [(&str, &str); 5] = [
    ("circle", "diameter_mm"),
    ("square", "edge_mm"),
    ("rectangle", "size_mm"),
    ("hexagon", "edge_mm"),
    ("triangle", "edge_mm"),
];

/// A counter's shape and size (width, height): `diameter_mm` for circles, `edge_mm` for
/// squares, hexagons and triangles, `size_mm` for rectangles; card keys and the other
/// shapes' keys refused.
pub fn counter_size(r: &mut Resolver<'_>, table: &DeckTable) -> Option<(CounterShape, (f64, f64))> {
    let wanted =
        table.shape.as_ref().map_or("circle".to_string(), |s| s.get_ref().trim().to_lowercase());
    let Some(&(shape_name, size_key)) = COUNTER_SHAPES.iter().find(|(n, _)| *n == wanted) else {
        let span = table.shape.as_ref().map(Spanned::span).unwrap_or_default();
        let names: Vec<&str> = COUNTER_SHAPES.iter().map(|(n, _)| *n).collect();
        r.error(
            &span,
            format!("unknown counter shape `{wanted}`"),
            &format!("use one of {}", names.join(", ")),
        );
        return None;
    };
    let keys = [
        table.size.as_ref().map(|s| (s.span(), "size")),
        table.corner_radius_mm.as_ref().map(|s| (s.span(), "corner_radius_mm")),
        table.bleed_mm.as_ref().map(|s| (s.span(), "bleed_mm")),
        table.size_mm.as_ref().map(|s| (s.span(), "size_mm")),
        table.diameter_mm.as_ref().map(|s| (s.span(), "diameter_mm")),
        table.edge_mm.as_ref().map(|s| (s.span(), "edge_mm")),
    ];
    let help = format!("size {shape_name} counters with `{size_key}` only");
    if let Some((span, key)) = keys.into_iter().flatten().find(|(_, key)| *key != size_key) {
        r.error(&span, format!("{shape_name} counters have no `{key}`"), &help);
        return None;
    }
    let tiles_edge_to_edge = matches!(shape_name, "hexagon" | "triangle");
    if let Some(gutter) = table.gutter_mm.as_ref().filter(|_| tiles_edge_to_edge) {
        r.error(
            &gutter.span(),
            format!("{shape_name} counters have no `gutter_mm`: they are packed edge to edge, sharing their cuts"),
            "leave out gutter_mm (`gap_mm` in [sheet] spaces them apart, as it spaces tiles)",
        );
        return None;
    }
    let missing = |r: &mut Resolver<'_>| {
        r.error(
            &table.name.span(),
            format!("{shape_name} counters need `{size_key}`"),
            &format!("add {size_key} = {}", if size_key == "size_mm" { "[20, 30]" } else { "20" }),
        );
    };
    match shape_name {
        "rectangle" => {
            let Some(size) = &table.size_mm else {
                missing(r);
                return None;
            };
            match size.get_ref()[..] {
                [w, h] if [w, h].iter().all(|v| v.is_finite() && (3.0..=500.0).contains(v)) => {
                    Some((CounterShape::Rectangle, (w, h)))
                }
                _ => {
                    r.error(
                        &size.span(),
                        "`size_mm` must be [width, height], each from 3 to 500 mm".into(),
                        "write size_mm = [20, 30]",
                    );
                    None
                }
            }
        }
        _ => {
            let value = if size_key == "diameter_mm" { &table.diameter_mm } else { &table.edge_mm };
            let Some(value) = value else {
                missing(r);
                return None;
            };
            let size = r.length(value, &format!("`{size_key}`"), (3.0, 500.0));
            let shape = match shape_name {
                "circle" => CounterShape::Circle,
                "square" => CounterShape::Rectangle,
                "hexagon" => CounterShape::Polygon(RegularPolygon::new(6, size)),
                _ => CounterShape::Polygon(RegularPolygon::new(3, size)),
            };
            let (width, height) = match shape {
                CounterShape::Polygon(polygon) => {
                    let bounds = Outline::regular(polygon).bounds();
                    (bounds.width(), bounds.height())
                }
                _ => (size, size),
            };
            Some((shape, (width, height)))
        }
    }
}
