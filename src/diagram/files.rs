//! A diagram's files: `<stem>.svg`, `<stem>.pdf` and `<stem>.png`, built in memory after the
//! position has been checked against what the diagram says about it. The PNG is the SVG
//! rasterised by resvg, so it is the same picture; no fonts are involved (text is outlines).

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};

use super::Diagram;
use super::draw::diagram_page;
use super::legality::{Violation, violations};
use crate::build::OutputFile;
use crate::model::Diagnostic;
use crate::render::pdf::document_to_pdf;
use crate::render::svg::page_to_svg;
use crate::scene::Document;

/// What a diagram's check found: the problems (empty when the stated legality holds) and the
/// rules the position breaks.
#[derive(Clone, Debug)]
pub struct DiagramCheck {
    pub problems: Vec<Diagnostic>,
    pub broken: Vec<Violation>,
}

/// Checks the position against `legal` (and `breaks`).
pub fn check_diagram(diagram: &Diagram) -> DiagramCheck {
    let broken = violations(diagram);
    let path = &diagram.path;
    let mut problems = Vec::new();
    if diagram.legal {
        for violation in &broken {
            problems.push(
                Diagnostic::problem(
                    path,
                    Some(violation.position),
                    format!("{} ({})", violation.message, violation.rule),
                )
                .with_help(
                    "the diagram says legal = true: move or turn the tile, or set legal = false",
                ),
            );
        }
    } else if broken.is_empty() {
        problems.push(
            Diagnostic::problem(
                path,
                Some(diagram.legal_position),
                "the diagram says legal = false, but the position breaks no rule tilepress checks"
                    .into(),
            )
            .with_help(format!(
                "set legal = true, or change the position; checked: overlap, same-tile, match{}",
                rule_list(diagram)
            )),
        );
    }
    for (name, position) in &diagram.breaks {
        if !broken.iter().any(|v| v.rule == name) {
            let found: Vec<&str> = broken.iter().map(|v| v.rule).collect();
            problems.push(
                Diagnostic::problem(
                    path,
                    Some(*position),
                    format!("the diagram says the position breaks `{name}`, but it does not"),
                )
                .with_help(if found.is_empty() {
                    "it breaks no rule".to_string()
                } else {
                    format!("it breaks: {}", found.join(", "))
                }),
            );
        }
    }
    DiagramCheck { problems, broken }
}

/// `, touch, extend-own…`: the design's move rules, for help texts.
fn rule_list(diagram: &Diagram) -> String {
    diagram
        .design
        .play
        .rules
        .iter()
        .map(|rule| format!(", {}", crate::model::play::rule_name(rule)))
        .collect()
}

/// The SVG, PDF and PNG of a diagram (checked or not), named after `stem`.
pub fn diagram_files(diagram: &Diagram, stem: &str) -> Result<Vec<OutputFile>, String> {
    let page = diagram_page(diagram, stem);
    let svg = page_to_svg(&page);
    let png = svg_to_png(&svg, page.width_mm, page.height_mm, diagram.dpi)?;
    let title = diagram.caption.clone().unwrap_or_else(|| stem.to_string());
    let pdf = document_to_pdf(&Document { title, pages: vec![page] });
    Ok(vec![
        OutputFile { name: format!("{stem}.svg"), bytes: svg.into_bytes() },
        OutputFile { name: format!("{stem}.pdf"), bytes: pdf },
        OutputFile { name: format!("{stem}.png"), bytes: png },
    ])
}

/// Millimetres per inch.
const MM_PER_INCH: f64 = 25.4;

/// The pixel size of a page `width_mm` × `height_mm` at `dpi` (at least 1 × 1).
pub fn pixel_size(width_mm: f64, height_mm: f64, dpi: f64) -> (u32, u32) {
    let pixels =
        |mm: f64| ((mm / MM_PER_INCH * dpi).round().max(1.0)).min(f64::from(u32::MAX)) as u32;
    (pixels(width_mm), pixels(height_mm))
}

/// Rasterises `svg` (a page `width_mm` × `height_mm`) at `dpi` into PNG bytes.
pub fn svg_to_png(svg: &str, width_mm: f64, height_mm: f64, dpi: f64) -> Result<Vec<u8>, String> {
    let tree =
        Tree::from_str(svg, &Options::default()).map_err(|e| format!("SVG not readable: {e}"))?;
    let (width, height) = pixel_size(width_mm, height_mm, dpi);
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("a {width} × {height} pixel image is too large"))?;
    let size = tree.size();
    let transform =
        Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG not written: {e}"))
}

/// Decodes PNG bytes into width, height and RGBA pixels (premultiplied alpha is undone).
pub fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<[u8; 4]>), String> {
    let pixmap = Pixmap::decode_png(bytes).map_err(|e| format!("not a PNG: {e}"))?;
    let pixels = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Ok((pixmap.width(), pixmap.height(), pixels))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_red_square_on_white_comes_out_red_in_the_middle_at_the_asked_size() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"25.4mm\" height=\"12.7mm\" \
                   viewBox=\"0 0 25.4 12.7\"><rect width=\"25.4\" height=\"12.7\" fill=\"#fff\"/>\
                   <rect x=\"10\" y=\"3\" width=\"5\" height=\"5\" fill=\"#ff0000\"/></svg>";
        let png = svg_to_png(svg, 25.4, 12.7, 300.0).unwrap();
        let (w, h, pixels) = decode_png(&png).unwrap();
        assert_eq!((w, h), (300, 150));
        // 12.5 mm across, 5.5 mm down: inside the red square.
        let at = |x_mm: f64, y_mm: f64| {
            pixels[(y_mm / 25.4 * 300.0) as usize * w as usize + (x_mm / 25.4 * 300.0) as usize]
        };
        assert_eq!(at(12.5, 5.5), [255, 0, 0, 255]);
        assert_eq!(at(2.0, 2.0), [255, 255, 255, 255]);
    }
}
