//! A map's cell labels over a hatched terrain (issue 49): the hatch stops short of the label,
//! measured in the sheet's pixels, and the legibility check agrees on every kind of grid.

use crate::common;

use std::fs;
use std::path::Path;

use common::png_image::{Image, decoded};
use common::{code, scratch, text, tilepress};

/// A 3 × 2 map of 20 mm cells with their labels: A1 forest (hatched), C2 water.
fn labelled_map(grid: &str, cues: &str) -> String {
    format!(
        r##"[set]
name = "Map"

[palette]
forest = "#1f9e45"
desert = "#d62828"
water = "#7fb3d5"
{cues}
[[maps]]
name = "land"
grid = "{grid}"
columns = 3
rows = 2
cell_mm = 20
labels = true
terrain = {{ wood = "forest", sand = "desert", sea = "water" }}
data = "terrain.csv"
"##
    )
}

const HATCHED: &str = "\n[cues]\nforest = \"hatch\"\n";

fn design_in(name: &str, design: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join("terrain.csv"), "cell,terrain\nA1,wood\nC2,sea\n").unwrap();
    dir
}

#[test]
fn labels_over_a_hatch_pass_the_legibility_check_on_every_grid() {
    for grid in ["square", "hex", "triangle"] {
        let dir = design_in(&format!("map-label-hatch-{grid}"), &labelled_map(grid, HATCHED));
        let check = tilepress(&dir, &["check", "d.toml"]);
        let (out, err) = text(&check);
        assert_eq!(code(&check), 0, "{grid}: {out}{err}");
        assert!(!out.contains("crosses"), "{grid}: {out}");
    }
}

/// The sheet PNG of the square map at 300 dpi.
fn sheet(dir: &Path) -> Image {
    let build =
        tilepress(dir, &["build", "d.toml", "-o", "out", "--format", "png", "--dpi", "300"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    decoded(&dir.join("out/d/d-land-sheet-a1.png"))
}

fn dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 100)
}

#[test]
fn the_hatch_stops_short_of_the_label_in_pixels() {
    let hatched = sheet(&design_in("map-label-hatch-px", &labelled_map("square", HATCHED)));
    let plain = sheet(&design_in("map-label-plain-px", &labelled_map("square", "")));
    assert_eq!((hatched.width, hatched.height), (plain.width, plain.height));
    // The forest cell: the bounds of its green pixels, less 1 mm (the grid lines).
    let green = |p: [u8; 3]| common::png_image::near(p, [0x1f, 0x9e, 0x45]);
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..hatched.height {
        for x in 0..hatched.width {
            if green(hatched.at(x, y)) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    let px_per_mm = 300.0 / 25.4;
    let cell_px = f64::from(x1 - x0);
    // 20 mm less the grid line and the map's cut line over its edges.
    assert!((18.5..20.0).contains(&(cell_px / px_per_mm)), "{cell_px} px");
    let inset = (px_per_mm).round() as u32;
    let inside: Vec<(u32, u32)> = (y0 + inset..y1 - inset)
        .flat_map(|y| (x0 + inset..x1 - inset).map(move |x| (x, y)))
        .collect();
    // The label's ink: dark on the plain cell; it is drawn the same over the hatch.
    let label: Vec<(u32, u32)> =
        inside.iter().copied().filter(|&(x, y)| dark(plain.at(x, y))).collect();
    assert!(label.len() > 200, "{} label pixels", label.len());
    assert!(label.iter().all(|&(x, y)| dark(hatched.at(x, y))), "the label is drawn whole");
    // The hatch: dark pixels of the hatched cell that are not the label's.
    let hatch: Vec<(u32, u32)> = inside
        .iter()
        .copied()
        .filter(|&(x, y)| dark(hatched.at(x, y)) && !dark(plain.at(x, y)))
        .collect();
    assert!(hatch.len() > 2000, "the hatch is still drawn: {} pixels", hatch.len());
    let nearest = hatch
        .iter()
        .flat_map(|&(hx, hy)| {
            label
                .iter()
                .map(move |&(lx, ly)| f64::from(hx.abs_diff(lx)).hypot(f64::from(hy.abs_diff(ly))))
        })
        .fold(f64::MAX, f64::min);
    // A quarter of the 3.2 mm label's height clear of its ink, less half the 0.4 mm line:
    // 0.6 mm, 7 px; a pixel or two of anti-aliasing aside.
    assert!(nearest / px_per_mm > 0.45, "the hatch comes within {nearest:.1} px of the label");
    eprintln!("hatch to label: {nearest:.1} px = {:.2} mm", nearest / px_per_mm);
}
