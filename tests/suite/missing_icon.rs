//! One cause, one message: a declared icon whose file is missing is one error at its
//! declaration — not one more for every text that uses it — with did-you-mean from the files
//! beside the design (`crown.svg` for `crown-gold.svg`).

use crate::common;

use std::fs;

use common::{code, root, scratch, text, tilepress};

#[test]
fn a_missing_icon_file_is_one_error_at_its_declaration() {
    let dir = scratch("missing-icon");
    let source = root().join("tests/designs/designed-terrains");
    fs::copy(source.join("tiles.csv"), dir.join("tiles.csv")).unwrap();
    fs::create_dir_all(dir.join("icons")).unwrap();
    fs::write(dir.join("icons/crown.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M1 8 L5 2 L9 8 Z\"/></svg>").unwrap();
    let toml = fs::read_to_string(source.join("terrains.toml")).unwrap();
    let toml = toml
        .replace("[faces.kingdom]", "[icons]\ncrown = \"icons/crown-gold.svg\"\n\n[faces.kingdom]")
        .replacen("text = \"{crowns_1}\"", "text = \"{crowns_1}:crown:\"", 1);
    assert!(toml.contains(":crown:"));
    fs::write(dir.join("d.toml"), &toml).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    let (_, err) = text(&run);
    assert_eq!(code(&run), 2, "{err}");
    assert_eq!(err.matches("error:").count(), 1, "one cause, one message: {err}");
    assert!(err.contains(&common::place_of(&toml, "\"icons/crown-gold.svg\"")), "{err}");
    assert!(err.contains("did you mean `icons/crown.svg`?"), "{err}");
    assert!(!err.contains("unknown icon"), "{err}");
}
