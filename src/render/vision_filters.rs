//! SVG filters that show a page as players with each colour-vision deficiency see it: the simulation's matrices (`scene::vision`) as `feColorMatrix`es, for the serve page's "seen by" switch.

use crate::scene::vision::Deficiency;

/// One SVG filter per colour-vision deficiency (`#protan`, `#deutan`, `#tritan`), the
/// page's "seen by" switch: the simulation's own matrices (`scene::vision`) as
/// `feColorMatrix`es, which work in linear RGB as the model does.
pub fn vision_filters() -> String {
    let filters: String = Deficiency::ALL
        .into_iter()
        .map(|deficiency| {
            let rows: Vec<String> = deficiency
                .matrix()
                .iter()
                .map(|row| format!("{} {} {} 0 0", row[0], row[1], row[2]))
                .collect();
            format!(
                "<filter id=\"{}\" color-interpolation-filters=\"linearRGB\"><feColorMatrix type=\"matrix\" values=\"{} 0 0 0 1 0\"/></filter>",
                deficiency.name(),
                rows.join(" ")
            )
        })
        .collect();
    format!(
        "<svg width=\"0\" height=\"0\" style=\"position: absolute\" aria-hidden=\"true\">{filters}</svg>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_filter_carries_its_matrix_in_linear_rgb() {
        let filters = vision_filters();
        for deficiency in Deficiency::ALL {
            let id = format!(
                "<filter id=\"{}\" color-interpolation-filters=\"linearRGB\">",
                deficiency.name()
            );
            assert!(filters.contains(&id), "{filters}");
            let [r, g, b] = deficiency.matrix();
            let values = format!(
                "values=\"{} {} {} 0 0 {} {} {} 0 0 {} {} {} 0 0 0 0 0 1 0\"",
                r[0], r[1], r[2], g[0], g[1], g[2], b[0], b[1], b[2]
            );
            assert!(filters.contains(&values), "{deficiency:?}: {filters}");
        }
    }
}
