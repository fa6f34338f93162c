//! `build --simulate` (issue 49): the preview and sheet PNGs as a player with a colour-vision
//! deficiency sees them, named after it, the PDF as printed; bad names refused; the serve
//! page's "seen by" switch carries the same matrices.

use crate::common;

use std::collections::BTreeMap;
use std::fs;

use common::png_file::decoded;
use common::server::{Server, project_copy};
use common::{code, root, scratch, text, tilepress};
use tilepress::scene::Colour;
use tilepress::scene::vision::Deficiency;

/// How many pixels of each colour a PNG has.
fn colour_counts(path: &std::path::Path) -> BTreeMap<[u8; 3], usize> {
    let (_, _, rgba) = decoded(path);
    let mut counts = BTreeMap::new();
    for pixel in rgba.chunks(4) {
        *counts.entry([pixel[0], pixel[1], pixel[2]]).or_insert(0) += 1;
    }
    counts
}

fn rgb(colour: Colour) -> [u8; 3] {
    [colour.r, colour.g, colour.b]
}

#[test]
fn tantrix_as_a_deuteranope_sees_it_beside_the_printed_pdf() {
    let dir = scratch("simulate-tantrix");
    let out = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let design = "designs/tantrix.toml";
    let plain = tilepress(&root(), &["build", design, "-o", &out("plain"), "--png", "--dpi", "40"]);
    assert_eq!(code(&plain), 0, "{}", text(&plain).1);
    let args =
        ["build", design, "-o", &out("seen"), "--png", "--dpi", "40", "--simulate", "deutan"];
    let seen = tilepress(&root(), &args);
    assert_eq!(code(&seen), 0, "{}", text(&seen).1);
    let folder = dir.join("seen/tantrix");
    let mut names: Vec<String> = fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".png"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "tantrix-preview-deutan.png",
            "tantrix-sheet-01-back-deutan.png",
            "tantrix-sheet-01-front-deutan.png",
            "tantrix-sheet-02-back-deutan.png",
            "tantrix-sheet-02-front-deutan.png",
        ]
    );
    // The PDF prints as designed.
    let pdf = |folder: &str| fs::read(dir.join(folder).join("tantrix/tantrix.pdf")).unwrap();
    assert_eq!(pdf("plain"), pdf("seen"));
    // The sheet's red, yellow and blue lines (and the green ones) in the simulated colours:
    // as many pixels of each as the printed PNG has of the colour itself.
    let printed = colour_counts(&dir.join("plain/tantrix/tantrix-sheet-01-front.png"));
    let simulated = colour_counts(&folder.join("tantrix-sheet-01-front-deutan.png"));
    for hex in ["#d62828", "#f7c600", "#1d5fd1", "#1f9e45"] {
        let colour = Colour::from_hex(hex).unwrap();
        let (own, as_seen) = (rgb(colour), rgb(Deficiency::Deutan.simulate(colour)));
        assert!(printed.get(&own).copied().unwrap_or(0) > 500, "{hex} printed");
        assert_eq!(simulated.get(&own), None, "{hex} is not in the simulation");
        assert!(simulated.get(&as_seen).copied().unwrap_or(0) > 500, "{hex} as seen");
    }
    // Red and green come out within a few levels of each other: the double line tells them
    // apart.
    let (red, green) = (Colour::from_hex("#d62828").unwrap(), Colour::from_hex("#1f9e45").unwrap());
    let (r, g) = (Deficiency::Deutan.simulate(red), Deficiency::Deutan.simulate(green));
    assert!((i32::from(r.r) - i32::from(g.r)).abs() < 40, "{r:?} {g:?}");
}

#[test]
fn an_unknown_deficiency_or_nothing_to_simulate_is_refused() {
    let dir = scratch("simulate-bad");
    for (args, message) in [
        (
            vec!["--simulate", "deutran"],
            "--simulate: unknown deficiency `deutran`; did you mean `deutan`?",
        ),
        (
            vec!["--simulate", "deutan", "--format", "pdf,svg"],
            "--simulate draws the preview and the sheet PNGs, and --format asks for neither",
        ),
    ] {
        let out = dir.join("out");
        let mut all = vec!["build", "designs/tantrix.toml", "-o", out.to_str().unwrap()];
        all.extend(args.iter().copied());
        let run = tilepress(&root(), &all);
        assert_eq!(code(&run), 2, "{args:?}");
        assert!(text(&run).1.contains(message), "{}", text(&run).1);
        assert!(!out.exists(), "nothing written");
    }
}

#[test]
fn the_serve_page_switches_to_what_dichromats_see() {
    let dir = project_copy("serve-vision");
    let server = Server::start(&dir, &["designs/tantrix.toml"]);
    let page = server.get("/d/tantrix/").text();
    assert!(page.contains("<select id=\"vision\">"), "{page}");
    for deficiency in Deficiency::ALL {
        let [first, ..] = deficiency.matrix();
        let filter = format!(
            "<filter id=\"{}\" color-interpolation-filters=\"linearRGB\"><feColorMatrix type=\"matrix\" values=\"{} {} {} 0 0",
            deficiency.name(),
            first[0],
            first[1],
            first[2]
        );
        assert!(page.contains(&filter), "{deficiency:?}");
        assert!(page.contains(&format!("<option value=\"{}\">", deficiency.name())));
    }
    let script = server.get("/page.js").text();
    assert!(script.contains("\"url(#\" + vision.value + \")\""), "the switch sets the filter");
}
