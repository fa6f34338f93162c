//! `tilepress components`: every shipped design gets its page(s) and Markdown list, the list's
//! counts equal `check`'s, the page draws each distinct item once, every item and label lies
//! on its page apart from the others, and bad input or a folder of the user's exits 2.

use crate::common;

use common::{code, root, scratch, text, tilepress};
use kurbo::Rect;
use resvg::usvg::{self, Node, Options, Tree};
use tilepress::components::components;
use tilepress::components::page::components_pages;
use tilepress::scene::bounds::painted_bounds;
use tilepress::scene::{Item, Page};

/// The shipped designs' file stems.
fn shipped() -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(root().join("designs"))
        .unwrap()
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            let is_toml = path.extension().is_some_and(|e| e == "toml");
            is_toml.then(|| path.file_stem()?.to_str().map(String::from)).flatten()
        })
        .collect();
    stems.sort();
    stems
}

/// `check`'s summary line of a shipped design.
fn check_summary(stem: &str) -> String {
    let output = tilepress(&root(), &["check", &format!("designs/{stem}.toml")]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    out.lines().last().unwrap().to_string()
}

/// What `check`'s summary counts, each as the list must say it: `56 tiles`,
/// ``deck `cards`: 54 cards``, `9 pawns`, `a board of 64 cells`.
fn counted_phrases(summary: &str) -> Vec<String> {
    let (_, contents) = summary.split_once(": ").unwrap();
    let mut phrases = Vec::new();
    for chunk in contents.split("; ") {
        let (chunk, board) = match chunk.split_once(" and a board") {
            Some((chunk, board)) => (chunk, Some(format!("a board{board}"))),
            None => (chunk, None),
        };
        let words: Vec<&str> = chunk.split(' ').collect();
        if chunk.starts_with("a board") {
            phrases.push(chunk.to_string());
        } else if words[0].parse::<usize>().is_ok() {
            phrases.push(format!("{} {}", words[0], words[1]));
        } else if let Some((part, rest)) = chunk.split_once(": ") {
            let mut numbers = rest.split(' ');
            phrases.push(format!(
                "{part}: {} {}",
                numbers.next().unwrap(),
                numbers.next().unwrap()
            ));
        }
        phrases.extend(board);
    }
    phrases
}

/// The sections of a components list: each `## ` heading and the counts of its item lines.
fn list_sections(markdown: &str) -> Vec<(String, Vec<usize>)> {
    let mut sections: Vec<(String, Vec<usize>)> = Vec::new();
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            sections.push((heading.to_string(), Vec::new()));
        } else if let (Some(item), Some((_, counts))) =
            (line.strip_prefix("- "), sections.last_mut())
        {
            let count = item.rsplit(" × ").next().unwrap();
            counts.push(count.parse().unwrap_or_else(|_| panic!("a count: {line}")));
        }
    }
    sections
}

#[test]
fn every_shipped_design_gets_its_page_and_a_list_whose_counts_are_checks() {
    let dir = scratch("components-shipped");
    let out = dir.join("out");
    for stem in shipped() {
        let design = root().join(format!("designs/{stem}.toml"));
        let output = tilepress(
            &root(),
            &["components", design.to_str().unwrap(), "-o", out.to_str().unwrap()],
        );
        let (stdout, err) = text(&output);
        assert_eq!(code(&output), 0, "{stem}: {stdout}{err}");
        let folder = out.join(&stem);
        let markdown =
            std::fs::read_to_string(folder.join(format!("{stem}-components.md"))).unwrap();
        assert!(folder.join(format!("{stem}-components.pdf")).is_file(), "{stem}");
        common::qpdf_check(&folder.join(format!("{stem}-components.pdf")));
        for extension in ["svg", "png"] {
            let pages = std::fs::read_dir(&folder)
                .unwrap()
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name().into_string().unwrap();
                    name.starts_with(&format!("{stem}-components")) && name.ends_with(extension)
                })
                .count();
            assert!(pages >= 1, "{stem}: no .{extension} page");
        }
        // No line prints thinner than the diagrams' house style allows.
        let mut strokes = 0;
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "svg") {
                continue;
            }
            let svg = std::fs::read(&path).unwrap();
            let tree = Tree::from_data(&svg, &Options::default()).unwrap();
            visit_paths(tree.root(), &mut |drawn| {
                let Some(stroke) = drawn.stroke() else { return };
                let (sx, sy) = drawn.abs_transform().get_scale();
                let width = f64::from(stroke.width().get() * sx.min(sy)) * MM_PER_CSS_PX;
                assert!(width >= 0.25 - 1e-3, "{}: a line {width:.3} mm wide", path.display());
                strokes += 1;
            });
        }
        let drawn_parts = markdown.lines().filter(|l| l.starts_with("## ")).count();
        assert!(strokes >= drawn_parts, "{stem}: {strokes} strokes");
        let summary = check_summary(&stem);
        let phrases = counted_phrases(&summary);
        assert!(!phrases.is_empty(), "{summary}");
        let lower = markdown.to_lowercase();
        for phrase in &phrases {
            assert!(
                lower.contains(&phrase.to_lowercase()),
                "{stem}: `{phrase}` of `{summary}` not in\n{markdown}"
            );
        }
        // Every drawn part's total is its items' counts added up, and is a number check says.
        for (heading, counts) in list_sections(&markdown) {
            let total: usize = counts.iter().sum();
            let said = heading.split(": ").nth(1).unwrap().split(' ').next().unwrap();
            assert_eq!(said.parse::<usize>().unwrap(), total, "{stem}: {heading}");
            assert!(
                phrases.iter().any(|p| heading.to_lowercase().contains(&p.to_lowercase())),
                "{stem}: {heading} is not in `{summary}`"
            );
        }
    }
}

/// The pages of a shipped design's components.
fn pages(stem: &str) -> Vec<Page> {
    let (_, design) = tilepress::model::load(&root().join(format!("designs/{stem}.toml"))).unwrap();
    components_pages(&components(&design))
}

/// The drawn items of a page: one group each (labels and headings are shapes).
fn drawn_items(page: &Page) -> Vec<&Item> {
    let items = page.layers.iter().flat_map(|layer| &layer.items);
    items.filter(|item| matches!(item, Item::Group(_))).collect()
}

/// usvg measures in CSS pixels (96 per inch); pages are in mm.
const MM_PER_CSS_PX: f64 = 25.4 / 96.0;

/// Every path under `group`, wherever usvg nested it.
fn visit_paths(group: &usvg::Group, f: &mut dyn FnMut(&usvg::Path)) {
    for node in group.children() {
        match node {
            Node::Group(g) => visit_paths(g, f),
            Node::Path(p) => f(p),
            _ => {}
        }
    }
}

/// The groups drawn through a clip path, wherever usvg nested them.
fn clipped_groups(group: &usvg::Group) -> usize {
    let children = group.children().iter().filter_map(|node| match node {
        Node::Group(g) => Some(usize::from(g.clip_path().is_some()) + clipped_groups(g)),
        _ => None,
    });
    children.sum()
}

#[test]
fn saltmarsh_page_draws_each_distinct_card_and_counter_once() {
    let csv = std::fs::read_to_string(root().join("designs/assets/saltmarsh/cards.csv")).unwrap();
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let count_column = header.iter().position(|h| *h == "count").unwrap();
    let counts: Vec<usize> =
        lines.map(|l| l.split(',').nth(count_column).unwrap().parse().unwrap()).collect();
    assert!(counts.iter().any(|&n| n > 1), "a row printed more than once");
    let (_, design) = tilepress::model::load(&root().join("designs/saltmarsh.toml")).unwrap();
    let counter_kinds: usize = design.counters.iter().map(|c| c.cards.len()).sum();
    let expected = counts.len() + counter_kinds;
    // The score track and the marsh are drawn too, after them.
    let whole = design.tracks.len() + design.maps.len();
    let drawn: usize = pages("saltmarsh").iter().map(|page| drawn_items(page).len()).sum();
    assert_eq!(drawn, expected + whole, "{} rows, {counter_kinds} counters", counts.len());
    // In the SVG files written, as usvg reads them: each item is drawn clipped to its
    // outline, and Saltmarsh's faces clip nothing themselves.
    let dir = scratch("components-saltmarsh");
    let design_path = root().join("designs/saltmarsh.toml");
    let output = tilepress(&dir, &["components", design_path.to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let mut clipped = 0;
    for entry in std::fs::read_dir(dir.join("out/saltmarsh")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let svg = std::fs::read(&path).unwrap();
            clipped += clipped_groups(Tree::from_data(&svg, &Options::default()).unwrap().root());
        }
    }
    assert_eq!(clipped, expected, "items drawn in the SVG files");
    // And the list names the row printed twice once, with its count.
    let listed = components(&design);
    let deck = &listed.sections[0];
    assert_eq!(deck.items.len(), counts.len());
    assert_eq!(deck.items.iter().map(|i| i.count).collect::<Vec<_>>(), counts);
}

#[test]
fn tranglar_draws_a_piece_both_players_share_once() {
    // The two players' sets are the same 17 pieces: 14 shapes (11 player, 3 neutral).
    let (_, design) = tilepress::model::load(&root().join("designs/tranglar.toml")).unwrap();
    let shapes = design.pieces.as_ref().unwrap().pieces.len();
    let drawn: usize = pages("tranglar").iter().map(|page| drawn_items(page).len()).sum();
    // And the board on the pieces' grid.
    assert_eq!(drawn, shapes + usize::from(design.grid_board.is_some()));
}

#[test]
fn trans_rabat_draws_its_board_and_each_net_once_with_its_count() {
    let (_, design) = tilepress::model::load(&root().join("designs/trans-rabat.toml")).unwrap();
    let listed = components(&design);
    let drawn = &listed.drawn_others;
    let boards = drawn.iter().filter(|d| d.label == "board").count();
    assert_eq!(boards, usize::from(design.board.is_some()));
    // Every net the design prints, counted: its per-player copies or its count.
    let players = design.players.len().max(1) as u32;
    for net in &design.nets {
        let printed = net.count.or(net.per_player.map(|n| n * players)).unwrap_or(1) as usize;
        let kinds: Vec<_> = drawn.iter().filter(|d| d.label.ends_with(&net.name)).collect();
        assert!(!kinds.is_empty(), "net {} is not drawn", net.name);
        assert_eq!(kinds.iter().map(|d| d.count).sum::<usize>(), printed, "net {}", net.name);
    }
    // Each is drawn on the page, after the parts' sections.
    let groups: usize = pages("trans-rabat").iter().map(|page| drawn_items(page).len()).sum();
    assert_eq!(groups, drawn.len());
}

#[test]
fn items_and_labels_lie_on_their_page_apart() {
    for stem in shipped() {
        for page in pages(&stem) {
            let sheet = Rect::new(0.0, 0.0, page.width_mm, page.height_mm);
            assert!(page.width_mm <= 170.0 + 1e-9, "{stem}: {} mm wide", page.width_mm);
            assert!(page.height_mm <= 240.0 + 1e-9, "{stem}: {} mm tall", page.height_mm);
            // The first item is the white paper; every other lies on it, apart from the rest.
            let items = &page.layers[0].items[1..];
            let boxes: Vec<Rect> = items
                .iter()
                .map(|item| {
                    painted_bounds(std::slice::from_ref(item), kurbo::Affine::IDENTITY).unwrap()
                })
                .collect();
            for (index, b) in boxes.iter().enumerate() {
                assert!(
                    sheet.contains(b.origin()) && sheet.contains(kurbo::Point::new(b.x1, b.y1)),
                    "{stem} {}: {b:?} off the page",
                    page.label
                );
                for other in &boxes[..index] {
                    let overlap = b.intersect(*other);
                    assert!(
                        overlap.width() <= 0.0 || overlap.height() <= 0.0,
                        "{stem} {}: {b:?} overlaps {other:?}",
                        page.label
                    );
                }
            }
        }
    }
}

#[test]
fn a_design_that_does_not_load_exits_2_with_its_errors() {
    let dir = scratch("components-broken");
    std::fs::write(dir.join("broken.toml"), "name = \"Broken\"\n[[tiles]\n").unwrap();
    let output = tilepress(&dir, &["components", "broken.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 2, "{out}{err}");
    assert!(err.contains("broken.toml:2:"), "{err}");
    assert!(!dir.join("output").exists(), "nothing written");
}

#[test]
fn a_folder_of_the_users_is_not_written() {
    let dir = scratch("components-users-folder");
    let folder = dir.join("out").join("tantrix");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("tantrix-components.md"), "my notes").unwrap();
    let design = root().join("designs/tantrix.toml");
    let output = tilepress(&dir, &["components", design.to_str().unwrap(), "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 2, "{out}{err}");
    assert!(err.contains("not written"), "{err}");
    assert_eq!(std::fs::read_to_string(folder.join("tantrix-components.md")).unwrap(), "my notes");
}

/// The spans of inline code in `text` (`` `a` `` and ``` ``a `b` c`` ```), trimmed.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('`') {
        let fence = if rest[start..].starts_with("``") { "``" } else { "`" };
        let after = &rest[start + fence.len()..];
        let Some(end) = after.find(fence) else { break };
        spans.push(after[..end].trim().to_string());
        rest = &after[end + fence.len()..];
    }
    spans
}

#[test]
fn the_documentation_names_the_files_and_lines_the_tool_writes() {
    let doc = std::fs::read_to_string(root().join("docs/format.md")).unwrap();
    let start = doc.find("\n## Components\n").expect("a Components section");
    let end = start + 1 + doc[start + 1..].find("\n## ").unwrap();
    let spans = code_spans(&doc[start..end]);
    let dir = scratch("components-doc");
    let mut written_lines = Vec::new();
    for stem in shipped() {
        let design = root().join(format!("designs/{stem}.toml"));
        let output = tilepress(&dir, &["components", design.to_str().unwrap()]);
        assert_eq!(code(&output), 0, "{stem}");
        let folder = dir.join("output/components").join(&stem);
        for entry in std::fs::read_dir(&folder).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.starts_with('.') {
                continue;
            }
            let documented = name.replacen(&stem, "<stem>", 1);
            assert!(spans.contains(&documented), "{name} is not in the docs: {spans:?}");
        }
        let markdown = std::fs::read_to_string(folder.join(format!("{stem}-components.md")));
        written_lines.extend(markdown.unwrap().lines().map(String::from));
    }
    let examples: Vec<&String> = spans.iter().filter(|s| s.starts_with("- ")).collect();
    assert!(examples.len() >= 5, "{spans:?}");
    for example in examples {
        assert!(written_lines.contains(example), "`{example}` is not a line the tool writes");
    }
}

#[test]
fn a_design_with_nothing_to_show_gets_a_page_and_a_list_that_say_so() {
    let dir = scratch("components-empty");
    std::fs::write(
        dir.join("empty.toml"),
        "[set]\nname = \"Empty\"\n[palette]\nred = \"#ff0000\"\n",
    )
    .unwrap();
    let output = tilepress(&dir, &["components", "empty.toml"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let folder = dir.join("output/components/empty");
    let markdown = std::fs::read_to_string(folder.join("empty-components.md")).unwrap();
    assert!(markdown.contains("- no components"), "{markdown}");
    for name in ["empty-components.svg", "empty-components.png", "empty-components.pdf"] {
        assert!(folder.join(name).is_file(), "{name}");
    }
}

#[test]
fn a_resolution_past_the_pixel_budget_or_out_of_range_exits_2_writing_nothing() {
    let dir = scratch("components-dpi");
    let design = root().join("designs/tantrix.toml");
    for (dpi, says) in [("1200", "lower the dpi"), ("5000", "is not from")] {
        let output = tilepress(&dir, &["components", design.to_str().unwrap(), "--dpi", dpi]);
        let (out, err) = text(&output);
        assert_eq!(code(&output), 2, "{out}{err}");
        assert!(err.contains(says), "{err}");
        assert!(!dir.join("output").exists(), "nothing written");
    }
}

#[test]
fn part_draws_the_parts_it_names_and_an_unknown_name_writes_nothing() {
    let dir = scratch("components-part");
    let design = root().join("designs/saltmarsh.toml");
    let design = design.to_str().unwrap();
    let whole = tilepress(&dir, &["components", design, "-o", "whole"]);
    assert_eq!(code(&whole), 0, "{:?}", text(&whole));
    let output = tilepress(&dir, &["components", design, "-o", "out", "--part", "punts"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let read = |folder: &str| {
        let list = dir.join(folder).join("saltmarsh/saltmarsh-components.md");
        list_sections(&std::fs::read_to_string(list).unwrap())
    };
    let (all, punts) = (read("whole"), read("out"));
    assert!(all.len() > 1, "{all:?}");
    assert_eq!(punts.len(), 1, "{punts:?}");
    assert!(punts[0].0.contains("punts"), "{punts:?}");
    assert!(all.contains(&punts[0]), "the punts as the whole design lists them: {all:?}");
    let output = tilepress(&dir, &["components", design, "-o", "none", "--part", "punt"]);
    assert_eq!(code(&output), 2, "{:?}", text(&output));
    let (_, err) = text(&output);
    assert!(err.contains("did you mean `punts`?"), "{err}");
    assert!(!dir.join("none").exists());
}
