//! The shipped designs as sources of cutouts: every part the build prints, with the cutouts
//! the validator can walk — counted against the designs, each outline inside its extent.

use std::path::Path;

use kurbo::Shape as _;
use tilepress::cutout::Cut;
use tilepress::impose::Packing;
use tilepress::model::design::Design;
use tilepress::sources::{Part, parts};

fn design(name: &str) -> Design {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("designs").join(name);
    tilepress::model::load(&path).expect("the shipped design loads").1
}

/// (file suffix, packing name, cutouts) of every part.
fn summary(parts: &[Part]) -> Vec<(&str, &'static str, usize)> {
    let packing = |p: &Packing| match p {
        Packing::Lattice(_) => "lattice",
        Packing::Polyform { .. } => "polyform",
        Packing::NUp { .. } => "n-up",
        Packing::Hexagonal { .. } => "hexagonal",
        Packing::Shelves => "shelves",
        Packing::Centred => "centred",
        Packing::Tiled { .. } => "tiled",
        Packing::Slots(_) => "slots",
        Packing::Shared(_) => "shared",
    };
    parts.iter().map(|p| (p.suffix.as_str(), packing(&p.packing), p.cutouts.len())).collect()
}

#[test]
fn every_shipped_part_is_a_list_of_cutouts_with_a_packing() {
    let tantrix = design("tantrix.toml");
    assert_eq!(summary(&parts(&tantrix)), [("", "lattice", tantrix.tiles.len())]);
    assert_eq!(tantrix.tiles.len(), 56);
    let triles = design("triles.toml");
    assert_eq!(summary(&parts(&triles)), [("", "lattice", 52)]);
    let tranglar = design("tranglar.toml");
    assert_eq!(summary(&parts(&tranglar)), [("-pieces", "polyform", 42), ("-board", "centred", 1)]);
    let rabat = design("trans-rabat.toml");
    let nets: usize = rabat.nets.iter().map(|n| n.copies(rabat.players.len())).sum();
    assert_eq!(summary(&parts(&rabat)), [("-board", "tiled", 1), ("-nets", "shelves", nets)]);
}

#[test]
fn outlines_lie_inside_their_extents_and_backs_follow_the_design() {
    for name in ["tantrix.toml", "triles.toml", "tranglar.toml", "trans-rabat.toml"] {
        let design = design(name);
        for part in parts(&design) {
            for cutout in &part.cutouts {
                let (outline, extent) = (cutout.outline.path.bounding_box(), cutout.extent);
                assert!(
                    extent.inflate(1e-6, 1e-6).contains(outline.origin())
                        && outline.x1 <= extent.x1 + 1e-6
                        && outline.y1 <= extent.y1 + 1e-6,
                    "{name} {}: outline {outline:?} leaves its extent {extent:?}",
                    cutout.label
                );
                assert!(!cutout.front.is_empty(), "{name} {}: no front", cutout.label);
                // Nets and the painted board draw their own cut and fold lines; tiles,
                // pieces and the grid board are cut along their outlines.
                let drawn = matches!(cutout.cut, Cut::Drawn { .. });
                let own_lines = matches!(part.packing, Packing::Tiled { .. } | Packing::Shelves);
                assert_eq!(drawn, own_lines, "{name} {}", cutout.label);
            }
        }
    }
    // Tantrix prints numbered backs; Triles has none.
    assert!(parts(&design("tantrix.toml"))[0].cutouts.iter().all(|c| c.back.is_some()));
    assert!(parts(&design("triles.toml"))[0].cutouts.iter().all(|c| c.back.is_none()));
}
