//! The output names of a design's parts, checked while resolving: two parts whose names make one file name (decks `A B` and `a-b`, or a deck named `board` beside a board) would write one file, so the second is refused at its `name` key, by `check` as by `build`.

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::design::file::DesignFile;
use crate::model::input::file_stem::file_stem;

/// Reports every part whose file-name suffix an earlier part already has.
pub fn part_names_differ(r: &mut Resolver<'_>, file: &DesignFile) {
    // Parts named by tilepress (`-pieces`, `-board`, `-nets`) come first: they have no key.
    let mut taken: Vec<(String, String)> = Vec::new();
    let fixed = [
        (!file.pieces.is_empty(), "pieces"),
        (file.board.is_some(), "board"),
        (!file.nets.is_empty(), "nets"),
    ];
    for (present, name) in fixed {
        if present {
            taken.push((name.into(), format!("the {name}")));
        }
    }
    let named = [
        ("deck", file.decks.iter().map(|d| &d.get_ref().name).collect::<Vec<_>>()),
        ("counters", file.counters.iter().map(|d| &d.get_ref().name).collect()),
        ("track", file.tracks.iter().map(|t| &t.get_ref().name).collect()),
        ("map", file.maps.iter().map(|m| &m.get_ref().name).collect()),
    ];
    for (kind, names) in named {
        for name in names {
            let written = name.get_ref().trim();
            let stem = file_stem(written);
            let this = format!("{kind} `{written}`");
            match taken.iter().find(|(other, _)| *other == stem) {
                Some((_, other)) => refuse(r, name, &this, other, &stem),
                None => taken.push((stem, this)),
            }
        }
    }
}

fn refuse(r: &mut Resolver<'_>, name: &Spanned<String>, this: &str, other: &str, stem: &str) {
    r.error(
        &name.span(),
        format!("{this} and {other} would write the same files (`…-{stem}.pdf`)"),
        "give the parts names that differ in their letters and digits",
    );
}
