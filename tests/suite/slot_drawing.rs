//! Drawing several slots per edge, measured in face PNGs: a line that meets an earlier one without crossing it is cased where they meet, neighbouring regions of one colour that are not joined are parted by a divider, and the region pieces of one colour show no seam on a dark background.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common;
use common::png_image::{Image, decoded, near};
use common::scratch;

/// The front face images of `design` (a file in `dir`), built at 300 dpi.
fn faces(dir: &Path, design: &str) -> PathBuf {
    let run = common::tilepress(dir, &["build", design, "-o", "faces", "--format", "faces"]);
    assert_eq!(common::code(&run), 0, "{}", common::text(&run).1);
    dir.join("faces").join(design.trim_end_matches(".toml"))
}

/// The front of face `number` in `folder`.
fn front(folder: &Path, number: u32) -> Image {
    let stem = folder.file_name().unwrap().to_string_lossy();
    decoded(&folder.join(format!("{stem}-face-{number:03}-front.png")))
}

#[test]
fn a_loop_that_dips_into_a_line_beside_it_passes_under_its_casing() {
    let dir = scratch("slot-drawing-casing");
    fs::copy(common::root().join("designs/wayfarers.toml"), dir.join("w.toml")).unwrap();
    // Tile 11: a loop on edge 1 (from 10 to 30 mm, 13.5 mm deep) and a straight line 10 mm
    // below the top edge, which the loop's ends do not cross but its curve does.
    let face = front(&faces(&dir, "w.toml"), 11);
    let (path, paper) = ([0x2b, 0x2b, 0x2b], [0xf4, 0xec, 0xd8]);
    // Where the loop's middle passes 2 mm above and below the line: cleared by the
    // casing (1 mm each side of the 3 mm line).
    for (x, y) in [(0.380, 0.30), (0.294, 0.20), (0.620, 0.30), (0.706, 0.20)] {
        assert!(near(face.at_fraction(x, y), paper), "the casing at {x}, {y}");
    }
    // The line and the loop's bottom are drawn.
    for (x, y) in [(0.5, 0.25), (0.5, 0.3375), (0.05, 0.25), (0.25, 0.02)] {
        assert!(near(face.at_fraction(x, y), path), "ink at {x}, {y}");
    }
}

#[test]
fn unjoined_neighbouring_regions_of_one_colour_are_parted_and_joined_ones_are_not() {
    let dir = scratch("slot-drawing-dividers");
    let design = "[set]\nname = \"Walls\"\nshape = \"square\"\nedge_mm = 40.0\nslots_per_edge = 2\n\n\
        [palette]\nink = \"#202020\"\ncity = \"#9c5a3c\"\n\n[style]\nbackground = \"ink\"\ncasing_mm = 1.0\n\n\
        [rule]\ncolours = [\"city\"]\nslot_kinds = [\"region\"]\nregion_joins = \"optional\"\n\n\
        [[tiles]]\nnumber = 1\nedges = [[\"city region\", \"city region\"], [\"city region\", \"city region\"], \
        [\"city region\", \"city region\"], [\"city region\", \"city region\"]]\njoins = [[1, 2], [3, 4, 5]]\n";
    fs::write(dir.join("walls.toml"), design).unwrap();
    let face = front(&faces(&dir, "walls.toml"), 1);
    let (ink, city) = ([0x20, 0x20, 0x20], [0x9c, 0x5a, 0x3c]);
    // Slots 1-2 and 3-4-5 joined; 6, 7 and 8 alone. Dividers run to the centre from the
    // top right corner (2 | 3), the bottom edge's middle (5 | 6), the bottom left corner
    // (6 | 7), the left edge's middle (7 | 8) and the top left corner (8 | 1).
    for (x, y) in [(0.75, 0.25), (0.5, 0.75), (0.25, 0.75), (0.25, 0.5), (0.25, 0.25)] {
        assert!(near(face.at_fraction(x, y), ink), "a divider at {x}, {y}");
    }
    // None inside a joined group: the top edge's middle (1 | 2), the right edge's middle
    // (3 | 4), the bottom right corner (4 | 5).
    for (x, y) in [(0.5, 0.25), (0.75, 0.5), (0.75, 0.75)] {
        assert!(near(face.at_fraction(x, y), city), "city at {x}, {y}");
    }
}

#[test]
fn region_pieces_of_one_colour_show_no_seam_on_a_dark_background() {
    let dir = scratch("slot-drawing-seams");
    let dark = fs::read_to_string(common::root().join("designs/thornmere.toml"))
        .unwrap()
        .replace("[style]\nbackground = \"meadow\"", "[style]\nbackground = \"ink\"")
        .replace("burgh = \"#8a4b2a\"\n", "burgh = \"#8a4b2a\"\nink = \"#101010\"\n");
    fs::write(dir.join("dark.toml"), &dark).unwrap();
    let folder = faces(&dir, "dark.toml");
    // Face 9 is the first bend (tile 3): meadow in four pieces (inside the bend, outside
    // it, and the lane's cells on both edges) under a pale lane. A pixel darker than the
    // meadow is the background showing between pieces (before: 817 of them at 300 dpi).
    let face = front(&folder, 9);
    let meadow: u32 = 0x7f + 0xae + 0x4e;
    let seams =
        face.rgb.iter().filter(|p| p.iter().map(|&c| u32::from(c)).sum::<u32>() + 15 < meadow);
    assert_eq!(seams.count(), 0);
    assert!(near(face.at_fraction(0.2, 0.8), [0x7f, 0xae, 0x4e]), "meadow");
}
