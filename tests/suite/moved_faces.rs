//! The build moves each cutout's faces onto its page instead of copying them
//! (`impose::impose_moving_faces`): every page of every shipped design, printed duplex and
//! fold-over, is the page the copying path draws, and the faces are gone from the cutouts.

use crate::common::root;

use tilepress::build::impose_part;
use tilepress::impose::{PartSheets, impose_moving_faces};
use tilepress::model::print::sheet_settings::{Duplex, FoldLine};
use tilepress::render::svg::page_to_svg;
use tilepress::sources::{Summary, parts};

#[test]
fn moved_faces_draw_the_pages_copied_faces_draw() {
    let mut designs: Vec<_> = std::fs::read_dir(root().join("designs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    designs.sort();
    let (mut pages, mut moved) = (0, 0);
    for path in &designs {
        let (_, mut design) = tilepress::model::load(path).unwrap();
        for duplex in [design.sheet.duplex, Duplex::Fold(FoldLine::Long)] {
            design.sheet.duplex = duplex;
            for mut part in parts(&design) {
                let what = format!("{} {} {duplex:?}", path.display(), part.suffix);
                let copied = impose_part(&design, &part);
                // Decks and counters named as the build names them.
                let named =
                    matches!(part.summary, Summary::Cards { .. } | Summary::Counters { .. });
                let name = part.name().to_string();
                let sheets = PartSheets {
                    title: &design.name,
                    noun: part.noun,
                    name: named.then_some(name.as_str()),
                    front_and_back: part.front_and_back,
                    cutouts: &[],
                    packing: &part.packing,
                    sheet: &design.sheet,
                };
                let drawn = impose_moving_faces(sheets, &mut part.cutouts);
                let (copied, drawn) = match (copied, drawn) {
                    (Ok(copied), Ok(drawn)) => (copied, drawn),
                    (copied, drawn) => {
                        assert_eq!(copied.err(), drawn.err(), "{what}");
                        continue;
                    }
                };
                let svgs = |imposed: &tilepress::impose::Imposed| -> Vec<String> {
                    imposed.document.pages.iter().map(page_to_svg).collect()
                };
                assert_eq!(svgs(&copied), svgs(&drawn), "{what}");
                pages += drawn.document.pages.len();
                moved += part.cutouts.iter().filter(|c| c.front.is_empty()).count();
            }
        }
    }
    eprintln!("{pages} pages compared, {moved} cutouts gave up their faces");
    assert!(pages > 80, "{pages} pages compared");
    // A split board keeps its faces (it is drawn from its frame); every other cutout is
    // placed once and gives its faces up.
    assert!(moved > 500, "{moved} cutouts gave up their faces");
}
