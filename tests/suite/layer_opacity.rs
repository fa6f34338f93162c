//! `opacity` on face layers (issue 51, item 6): a translucent layer is one picture blended in
//! at its opacity — a `<g opacity>` in the SVG, a transparency group painted under an
//! ExtGState of that alpha (`/ca`, `/CA`) in the PDF, blended pixels in the PNG — on every
//! part kind (tiles, pieces, cards, counters, tracks, maps, boards, nets, diagrams); a value
//! outside 0 to 1 or not a number is refused where it is written (exit 2, nothing written).

use crate::common;
use crate::face_styles::{HARBOUR, built_in, every_part_kind};

use std::fs;
use std::path::Path;

use common::{code, place_of, refused_in, scratch, text, tilepress};
use lopdf::content::Content;
use lopdf::{Document, Object};
use resvg::usvg::{self, Node};

const INK: [u8; 3] = [0x0a, 0x0b, 0x0c];

/// The template `mark`: a 6 × 4 mm rectangle of [`INK`] at 35 %, with a stroke of its own
/// colour over its edge (which a group does not darken).
const FAINT: &str = r##"
[faces.mark]
layers = [
  { shape = "rectangle", box_mm = [6, 4], fill = "#0a0b0c", stroke = "#0a0b0c", stroke_mm = 0.5, opacity = 0.35 },
]
"##;

/// A translucent group the PDF paints: its fill and stroke alpha and the colours it fills
/// with (0–255).
#[derive(Debug)]
struct PaintedGroup {
    fill_alpha: f64,
    stroke_alpha: f64,
    fills: Vec<[u8; 3]>,
}

fn dictionary<'a>(pdf: &'a Document, object: &'a Object) -> &'a lopdf::Dictionary {
    pdf.dereference(object).unwrap().1.as_dict().unwrap()
}

/// Every `q /gs-name gs /form Do Q` of every page whose form is a transparency group.
fn painted_groups(pdf: &Document) -> Vec<PaintedGroup> {
    let mut found = Vec::new();
    for page in pdf.get_pages().into_values() {
        let (_, ids) = pdf.get_page_resources(page).unwrap();
        let resources = pdf.get_dictionary(ids[0]).unwrap();
        let states = dictionary(pdf, resources.get(b"ExtGState").unwrap());
        let xobjects = dictionary(pdf, resources.get(b"XObject").unwrap());
        let content = Content::decode(&pdf.get_page_content(page)).unwrap();
        let forms = common::pdf::page_forms(pdf, page);
        let mut state: Option<&lopdf::Dictionary> = None;
        for op in &content.operations {
            let name = || op.operands[0].as_name().unwrap();
            match op.operator.as_str() {
                "gs" => state = Some(dictionary(pdf, states.get(name()).unwrap())),
                "Q" => state = None,
                "Do" => {
                    let Some(gs) = state else { continue };
                    let form = pdf.dereference(xobjects.get(name()).unwrap()).unwrap().1;
                    let form = form.as_stream().unwrap();
                    let group = dictionary(pdf, form.dict.get(b"Group").unwrap());
                    assert_eq!(group.get(b"S").unwrap().as_name().unwrap(), b"Transparency");
                    let mut fills = Vec::new();
                    fill_colours(&form.decompressed_content().unwrap(), &forms, &mut fills);
                    let alpha = |key: &[u8]| common::pdf::number(gs.get(key).unwrap());
                    found.push(PaintedGroup {
                        fill_alpha: alpha(b"ca"),
                        stroke_alpha: alpha(b"CA"),
                        fills,
                    });
                }
                _ => {}
            }
        }
    }
    found
}

/// The colours `content` fills with, those of the forms it draws (`forms`, by name) too.
fn fill_colours(content: &[u8], forms: &[(Vec<u8>, Option<Vec<u8>>)], found: &mut Vec<[u8; 3]>) {
    for op in Content::decode(content).unwrap().operations {
        match op.operator.as_str() {
            "rg" => {
                let level = |k: usize| common::pdf::number(&op.operands[k]);
                found.push([0, 1, 2].map(|k| (level(k) * 255.0).round() as u8));
            }
            "Do" => {
                let name = op.operands[0].as_name().unwrap();
                let form = forms.iter().find(|(known, _)| known == name);
                if let Some((_, Some(inner))) = form {
                    fill_colours(inner, forms, found);
                }
            }
            _ => {}
        }
    }
}

/// The opacity of every translucent group of the SVG with the fill colours of the paths in
/// it (uses resolved).
fn svg_groups(svg: &str) -> Vec<(f32, Vec<[u8; 3]>)> {
    fn walk(group: &usvg::Group, found: &mut Vec<(f32, Vec<[u8; 3]>)>) {
        if group.opacity().get() < 1.0 {
            let mut fills = Vec::new();
            common::svg_tree::visit_paths(group, &mut |path| {
                if let Some(usvg::Paint::Color(c)) = path.fill().map(|f| f.paint()) {
                    fills.push([c.red, c.green, c.blue]);
                }
            });
            found.push((group.opacity().get(), fills));
        }
        for node in group.children() {
            if let Node::Group(inner) = node {
                walk(inner, found);
            }
        }
    }
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap();
    let mut found = Vec::new();
    walk(tree.root(), &mut found);
    found
}

/// Asserts that the PDF and every SVG beside it in `out` draw the faint rectangle.
fn assert_faint(what: &str, out: &Path, pdf: &str) {
    let pdf = Document::load(out.join(pdf)).unwrap();
    let groups = painted_groups(&pdf);
    assert!(!groups.is_empty(), "{what}: no translucent group in the PDF");
    for group in &groups {
        assert!((group.fill_alpha - 0.35).abs() < 1e-6, "{what}: {group:?}");
        assert!((group.stroke_alpha - 0.35).abs() < 1e-6, "{what}: {group:?}");
        assert!(group.fills.contains(&INK), "{what}: {group:?}");
    }
    let mut svg_found = 0;
    for entry in fs::read_dir(out).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        for (opacity, fills) in svg_groups(&fs::read_to_string(&path).unwrap()) {
            assert!((opacity - 0.35).abs() < 1e-6, "{what}: {}", path.display());
            assert!(fills.contains(&INK), "{what}: {}", path.display());
            svg_found += 1;
        }
    }
    assert!(svg_found > 0, "{what}: no translucent group in the SVGs");
}

fn built(name: &str, design: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    built_in(&format!("opacity-{name}"), design, files)
}

#[test]
fn a_translucent_layer_is_a_group_at_its_opacity_on_every_part_kind() {
    for (name, design, pdf) in every_part_kind(FAINT) {
        let dir = built(name, &design, &[]);
        assert_faint(name, &dir.join("out/d"), pdf);
    }
    // Cards, their opacity from a data cell.
    let cards = HARBOUR.replacen(
        "{ shape = \"circle\", size_mm = \"{size}\", fill = \"{tint}\" }",
        "{ shape = \"circle\", size_mm = \"{size}\", fill = \"#0a0b0c\", opacity = \"{alpha}\" }",
        1,
    );
    let csv =
        "name,kind,face,tint,size,alpha\nSloop,ship,card,sea,6,0.35\nMate,crew,card,moss,5,0.35\n";
    let dir = built("cards", &cards, &[("cards.csv", csv)]);
    assert_faint("cards", &dir.join("out/d"), "d-cards.pdf");
    // A map's cells.
    let map = format!(
        "[set]\nname = \"Map\"\n\n[palette]\ngreen = \"#7fb069\"\n\n[[maps]]\nname = \"map\"\ngrid = \"hex\"\ncolumns = 3\nrows = 2\ncell_mm = 20\nlabels = false\ntemplate = \"mark\"\n{FAINT}"
    );
    let dir = built("map", &map, &[]);
    assert_faint("map", &dir.join("out/d"), "d-map.pdf");
    // A diagram of a tile.
    let (_, tiles, _) = every_part_kind(FAINT).into_iter().find(|k| k.0 == "tiles").unwrap();
    let dir = built("diagram", &tiles, &[]);
    let diagram = "[diagram]\ndesign = \"d.toml\"\ncaption = \"Tile 1\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\nturn = 0\n";
    fs::write(dir.join("figure.toml"), diagram).unwrap();
    let drawn = tilepress(&dir, &["diagram", "figure.toml", "-o", "figures"]);
    assert_eq!(code(&drawn), 0, "diagram: {}", text(&drawn).1);
    assert_faint("diagram", &dir.join("figures"), "figure.pdf");
}

#[test]
fn the_png_and_the_pdf_blend_a_translucent_shape_once() {
    // A 20 mm square of #d62828 at 40 % stroked in its own colour, on a white card: seen
    // as one colour, its stroke no darker than its fill.
    let design = r##"[set]
name = "Veil"

[palette]
red = "#d62828"

[faces.front]
layers = [{ shape = "rectangle", box_mm = [20, 20], fill = "red", stroke = "red", stroke_mm = 3, opacity = 0.4 }]

[[decks]]
name = "cards"
size = "poker"
front = "front"

[[decks.cards]]
fields = { name = "one" }
"##;
    let dir = scratch("opacity-pixels");
    fs::write(dir.join("d.toml"), design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out", "--png"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let blended = [0xd6, 0x28, 0x28].map(|c: u8| (f64::from(c) * 0.4 + 255.0 * 0.6).round() as u8);
    let near = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 2);
    let counted = |pixels: &[[u8; 3]], dpi: f64| {
        let square = (23.0 / 25.4 * dpi).powi(2);
        let faint = pixels.iter().filter(|p| near(**p, blended)).count() as f64;
        let darker = pixels.iter().filter(|p| p[1] < blended[1] - 8 && p[0] > p[1] + 40).count();
        (faint / square, darker)
    };
    let png = dir.join("out/d/d-cards-sheet-01-front.png");
    let image = common::png_image::decoded(&png);
    // The sheet is A4, 210 mm wide.
    let dpi = f64::from(image.width) / 210.0 * 25.4;
    let (share, darker) = counted(&image.rgb, dpi);
    // The 23 mm square (stroke included) is one colour, but for its anti-aliased edge.
    assert!(share > 0.95 && share < 1.01, "PNG: {share} of the square at {blended:?}");
    assert_eq!(darker, 0, "PNG: pixels redder than the blend (a stroke blended twice)");
    if !common::poppler::installed("the_png_and_the_pdf_blend_a_translucent_shape_once") {
        return;
    }
    let pages = common::poppler::pages(&dir.join("out/d/d-cards.pdf"), &dir, "page", 100);
    let pixels: Vec<[u8; 3]> =
        (0..pages[0].width * pages[0].height).map(|i| pages[0].at(i)).collect();
    let (share, darker) = counted(&pixels, 100.0);
    assert!(share > 0.9 && share < 1.01, "PDF: {share} of the square at {blended:?}");
    assert_eq!(darker, 0, "PDF: pixels redder than the blend (a stroke blended twice)");
}

#[test]
fn an_opacity_outside_0_to_1_or_not_a_number_is_refused_where_it_is_written() {
    let circle = "{ shape = \"circle\", size_mm = \"{size}\", fill = \"{tint}\" }";
    let csv =
        "name,kind,face,tint,size,alpha\nSloop,ship,card,sea,6,0.5\nMate,crew,card,moss,5,x\n";
    for (name, opacity, needle, said) in [
        ("above", "1.5", "1.5", "`opacity`: 1.5 is not from 0 to 1"),
        ("below", "-0.1", "-0.1", "`opacity`: -0.1 is not from 0 to 1"),
        ("words", "\"half\"", "\"half\"", "`opacity`: `half` is not a number"),
    ] {
        let layer = circle.replacen(" }", &format!(", opacity = {opacity} }}"), 1);
        let design = HARBOUR.replacen(circle, &layer, 1);
        let dir = scratch(&format!("opacity-bad-{name}"));
        fs::write(dir.join("d.toml"), &design).unwrap();
        fs::write(dir.join("cards.csv"), csv.replace(",x\n", ",1\n")).unwrap();
        for args in [&["check", "d.toml"][..], &["build", "d.toml", "-o", "out"]] {
            let run = tilepress(&dir, args);
            let command = args[0];
            let stderr = text(&run).1;
            assert_eq!(code(&run), 2, "{name} {command}: {stderr}");
            let at = place_of(&design, needle);
            assert!(stderr.contains(&format!("d.toml:{at}: error:")), "{name}: {stderr}");
            assert!(stderr.contains(said), "{name}: {stderr}");
            assert!(stderr.contains("from 0 (clear) to 1 (solid)"), "{name}: {stderr}");
        }
        assert!(!dir.join("out").exists(), "{name}: {}", refused_in(&dir));
    }
    // From a data cell: at the cell, naming the key.
    let layer = circle.replacen(" }", ", opacity = \"{alpha}\" }", 1);
    let design = HARBOUR.replacen(circle, &layer, 1);
    let dir = scratch("opacity-bad-cell");
    fs::write(dir.join("d.toml"), &design).unwrap();
    for (cell, said) in [("x", "`x` is not a number"), ("2", "2 is not from 0 to 1")] {
        fs::write(dir.join("cards.csv"), csv.replace(",x\n", &format!(",{cell}\n"))).unwrap();
        let run = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
        let stderr = text(&run).1;
        assert_eq!(code(&run), 2, "{cell}: {stderr}");
        assert!(stderr.contains("cards.csv:3:6: error:"), "{cell}: {stderr}");
        assert!(stderr.contains(said) && stderr.contains("read as `opacity`"), "{stderr}");
        assert!(!dir.join("out").exists(), "{cell}: {}", refused_in(&dir));
    }
}

#[test]
fn faint_text_fails_contrast_and_a_translucent_panel_changes_what_lies_behind_text() {
    // Black text at 20 % reads as #cccccc on white: 1.61 : 1.
    let design = |layers: &str| {
        format!(
            "[set]\nname = \"Faint\"\n\n[palette]\nnavy = \"#1d3557\"\n\n[faces.front]\nlayers = [\n{layers}\n]\n\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\nfront = \"front\"\n\n[[decks.cards]]\nfields = {{ name = \"one\" }}\n"
        )
    };
    let faint = design("  { text = \"Harbour\", size_mm = 5, opacity = 0.2 },");
    let (status, said) = common::check_text("opacity-faint-text", "d.toml", &faint);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("(#000000 at opacity 0.2)"), "{said}");
    assert!(said.contains("1.61 : 1 against #ffffff"), "{said}");
    assert!(said.contains("raise its opacity"), "{said}");
    // Solid, it reads.
    let solid = design("  { text = \"Harbour\", size_mm = 5 },");
    assert_eq!(common::check_text("opacity-solid-text", "d.toml", &solid).0, 0);
    // White text on a navy panel reads; on the panel at 15 % (#e1e4e9) it does not.
    for (opacity, reads) in [(1.0, true), (0.15, false)] {
        let layers = format!(
            "  {{ shape = \"rectangle\", box_mm = [50, 20], fill = \"navy\", opacity = {opacity} }},\n  {{ text = \"Harbour\", size_mm = 5, colour = \"#ffffff\" }},"
        );
        let (status, said) =
            common::check_text(&format!("opacity-panel-{opacity}"), "d.toml", &design(&layers));
        assert_eq!(status == 0, reads, "{opacity}: {said}");
        if !reads {
            let behind = tilepress::scene::Colour { r: 0x1d, g: 0x35, b: 0x57 }
                .over(tilepress::scene::Colour::WHITE, 0.15);
            assert!(said.contains(&format!("against {}", behind.to_hex())), "{said}");
        }
    }
}

#[test]
fn the_documented_opacity_example_checks_and_builds() {
    let example = common::doc_example("### Translucent layers (`opacity`)");
    let (_, dir) = common::check_and_build("opacity-doc", &example);
    let pdf = Document::load(dir.join("out/example/example-cards.pdf")).unwrap();
    let mut alphas: Vec<f64> = painted_groups(&pdf).iter().map(|g| g.fill_alpha).collect();
    alphas.sort_by(f64::total_cmp);
    // The circle on both cards at 0.25; the star at 0.4 on Fog (Harbour's shines solid).
    let expected = [0.25, 0.25, 0.4];
    assert_eq!(alphas.len(), expected.len(), "{alphas:?}");
    assert!(alphas.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-6), "{alphas:?}");
}
