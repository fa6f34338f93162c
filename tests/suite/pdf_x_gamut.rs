//! `check --pdf-x` (and a design's `[sheet] pdf_x`): the palette colours and the `#rrggbb` colours from data that the press of the output profile cannot reach, each a warning at its line with what it prints instead, the exit code unchanged; the ink limit taken into account; the options refused as `build` refuses them; nothing new without PDF/X.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::ghostscript::ghostscript;
use common::{built, code, doc_example, place_of, root, scratch, shown_output, text, tilepress};

/// The documented example.
fn proof_design() -> String {
    doc_example("### Colours the press cannot reach")
}

/// The tests' made-up presses (`scripts/test-cmyk-profile.py`): `narrow` has a press's
/// gamut, the other reaches every sRGB colour.
fn press(narrow: bool) -> PathBuf {
    let name = if narrow { "test-cmyk-narrow.icc" } else { "test-cmyk.icc" };
    root().join("tests/fixtures/profiles").join(name)
}

/// `design` as `proof.toml` in a scratch folder, with `press.icc` copied from `profile`.
fn folder(name: &str, design: &str, profile: &Path) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("proof.toml"), design).unwrap();
    fs::copy(profile, dir.join("press.icc")).unwrap();
    dir
}

/// `check proof.toml` with `args` in `dir`: the exit code, standard output, standard error.
fn check(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["check", "proof.toml"];
    all.extend(args);
    let output = tilepress(dir, &all);
    let (out, err) = text(&output);
    (code(&output), out, err)
}

/// The lines of `said` that are warnings.
fn warnings(said: &str) -> Vec<&str> {
    said.lines().filter(|line| line.contains(": warning: ")).collect()
}

#[test]
fn exactly_the_colours_out_of_reach_are_warned_at_their_lines_and_the_check_passes() {
    let design = proof_design();
    let dir = folder("gamut-narrow", &design, &press(true));
    let (code, out, err) = check(&dir, &[]);
    assert_eq!(code, 0, "{out}{err}");
    let warned = warnings(&out);
    assert_eq!(warned.len(), 2, "{out}");
    assert!(out.contains("complete and consistent; 2 colours the press cannot reach (warned)\n"));
    let lime = format!(
        "proof.toml:{}: warning: palette colour `lime` (#00ff00) is out of the press's reach: it prints as #",
        place_of(&design, "\"#00ff00\"")
    );
    assert!(warned[0].starts_with(&lime), "{out}");
    assert!(warned[0].contains("> 3.5) on \"tilepress narrow test press"), "{out}");
    // The colour from data, at its card's line.
    let blue_card = design.find("[[decks.cards]]\nfields = { name = \"Blue\"").unwrap();
    let line = design[..blue_card].lines().count() + 1;
    assert!(warned[1].starts_with(&format!("proof.toml:{line}:1: warning: colour #0000ff")));
    // The help names what it prints.
    let printed = &warned[0][lime.len() - 1..lime.len() + 6];
    assert!(
        out.contains(&format!(
            "help: choose a colour nearer what the press prints (such as {printed}"
        )),
        "{out}"
    );
    for within in ["`sea`", "`ink`", "`paper`"] {
        assert!(!out.contains(within), "{within}: {out}");
    }
    // On a press that reaches every sRGB colour, nothing is warned of.
    let dir = folder("gamut-ideal", &design, &press(false));
    let (code, out, _) = check(&dir, &[]);
    assert_eq!((code, warnings(&out).len()), (0, 0), "{out}");
}

#[test]
fn the_options_win_over_the_design_and_an_ink_limit_takes_a_dark_colour_out_of_reach() {
    // The design's profile reaches everything; `--icc` gives the narrow press instead.
    let design = proof_design();
    let dir = folder("gamut-options", &design, &press(false));
    fs::copy(press(true), dir.join("narrow.icc")).unwrap();
    let (code, out, _) = check(&dir, &["--icc", "narrow.icc"]);
    assert_eq!((code, warnings(&out).len()), (0, 2), "{out}");
    // `ink` (#262626) is reached with the inks it takes, not under 300 %.
    assert!(!out.contains("`ink`"), "{out}");
    let (code, out, _) = check(&dir, &["--icc", "narrow.icc", "--ink-limit", "300"]);
    assert_eq!(code, 0, "{out}");
    let warned = warnings(&out);
    assert_eq!(warned.len(), 3, "{out}");
    let ink = format!(
        "proof.toml:{}: warning: palette colour `ink` (#262626)",
        place_of(&design, "\"#262626\"")
    );
    assert!(warned[0].starts_with(&ink) && warned[0].ends_with("at 300 % ink at most"), "{out}");
    // A design without PDF/X, checked with the options alone.
    let plain = design.replace("pdf_x = \"x-4\"\nicc = \"press.icc\"\n", "");
    assert_ne!(plain, design);
    let dir = folder("gamut-plain", &plain, &press(true));
    let (code, out, _) = check(&dir, &["--pdf-x", "x-1a", "--icc", "press.icc"]);
    assert_eq!((code, warnings(&out).len()), (0, 2), "{out}");
    // Without PDF/X, `check` says what it always did: no warning, and pure black is no
    // exception.
    let black = plain.replace("\"#262626\"", "\"#000000\"");
    let dir = folder("gamut-none", &black, &press(true));
    let (code, out, err) = check(&dir, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("warning") && !err.contains("warning"), "{out}{err}");
    let (_, out, _) = check(&dir, &["--pdf-x", "x-4", "--icc", "press.icc"]);
    let warned = warnings(&out);
    assert!(warned[0].contains("palette colour `ink` (#000000)"), "{out}");
    assert!(out.contains("help: pure black prints as black ink alone"), "{out}");
}

#[test]
fn bad_options_are_refused_as_build_refuses_them() {
    let plain = proof_design().replace("pdf_x = \"x-4\"\nicc = \"press.icc\"\n", "");
    let dir = folder("gamut-bad", &plain, &press(true));
    fs::write(dir.join("srgb.icc"), b"not a profile at all".repeat(10)).unwrap();
    for (args, expected) in [
        (
            &["--pdf-x", "x-3"][..],
            "error: --pdf-x: unknown PDF/X version `x-3`; tilepress writes x-1a (PDF/X-1a:2003) or x-4 (PDF/X-4)",
        ),
        (
            &["--pdf-x", "x-4", "--icc", "srgb.icc"],
            "error: --icc: srgb.icc: it is not an ICC profile",
        ),
        (&["--pdf-x", "x-4", "--icc", "gone.icc"], "error: --icc: gone.icc: there is no such file"),
        (
            &["--pdf-x", "x-4", "--icc", "press.icc", "--ink-limit", "80"],
            "error: --ink-limit: 80 % is too low to print a black",
        ),
        (
            &["--pdf-x", "x-4", "--icc", "press.icc", "--ink-limit", "450"],
            "error: --ink-limit: 450 % is over 400 %",
        ),
        (
            &["--pdf-x", "x-4"],
            "proof.toml: error: PDF/X-4 (--pdf-x x-4) embeds the CMYK output profile of the press it is printed on, and none is given",
        ),
        (
            &["--ink-limit", "240"],
            "proof.toml: error: an ink limit (240 %) holds the inks of PDF/X files, and no PDF/X is asked for",
        ),
    ] {
        let (code, out, err) = check(&dir, args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!out.contains("complete and consistent"), "{args:?}: {out}");
    }
    let (_, _, err) = check(&dir, &["--pdf-x", "x-4"]);
    assert!(err.contains("help: give the print shop's CMYK output profile with `--icc FILE`"));
    // The design's own `pdf_x` without `icc`: refused, naming the key.
    let design = proof_design().replace("icc = \"press.icc\"\n", "");
    let dir = folder("gamut-no-icc", &design, &press(true));
    let (code, _, err) = check(&dir, &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("PDF/X-4 (pdf_x = \"x-4\") embeds the CMYK output profile"), "{err}");
    assert!(err.contains("proof.toml: nothing checked"), "{err}");
    assert!(!dir.join("out").exists() && !dir.join("output").exists());
}

#[test]
fn the_documented_example_builds_and_warns_on_ghostscripts_press_as_the_docs_show() {
    let marker = "### Colours the press cannot reach";
    let dir = folder("gamut-doc", &proof_design(), &press(true));
    let (code, said) = built(&dir, "proof.toml", &[]);
    assert_eq!(code, 0, "{said}");
    assert!(dir.join("out/proof/proof-cards.pdf").exists(), "{said}");
    if !ghostscript(
        "the_documented_example_builds_and_warns_on_ghostscripts_press_as_the_docs_show",
    ) {
        return;
    }
    let swop = "/usr/share/color/icc/ghostscript/default_cmyk.icc";
    let (code, out, err) = check(&dir, &["--icc", swop]);
    assert_eq!(code, 0, "{out}{err}");
    let shown = shown_output(marker);
    let lime = out.lines().position(|line| line.contains("`lime`")).expect(&out);
    let printed: Vec<&str> = out.lines().skip(lime).take(2).collect();
    assert_eq!(printed.join("\n") + "\n", shown, "docs/format.md shows another output");
    // Pure black on it, as the docs say.
    let black = proof_design().replace("\"#262626\"", "\"#000000\"");
    let dir = folder("gamut-doc-black", &black, Path::new(swop));
    let (_, out, _) = check(&dir, &[]);
    assert!(out.contains("palette colour `ink` (#000000) is out of the press's reach: it prints as #373535 (ΔE2000 14"), "{out}");
}

#[test]
fn check_holds_a_design_to_a_preset_as_build_does() {
    // DriveThruCards' PDF/X-1a at 240 % ink at most, over the design's own x-4 without a
    // limit: `ink` (#262626) is out of the narrow press's reach under it.
    let design = proof_design();
    let dir = folder("gamut-preset", &design, &press(true));
    let preset = ["--preset", "drivethrucards-poker"];
    let (code, out, err) = check(&dir, &preset);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("preset drivethrucards-poker: DriveThruCards poker cards — bleed 3.175 mm, safe area 3.175 mm, 300 dpi, PDF/X-1a:2003 at 240 % ink at most"), "{out}");
    let warned = warnings(&out);
    assert_eq!(warned.len(), 3, "{out}");
    let ink =
        format!("proof.toml:{}: warning: palette colour `ink`", place_of(&design, "\"#262626\""));
    assert!(
        warned.iter().any(|w| w.starts_with(&ink) && w.ends_with("at 240 % ink at most")),
        "{out}"
    );
    // Without a profile: refused naming the preset and the condition its service names.
    fs::write(dir.join("proof.toml"), design.replace("icc = \"press.icc\"\n", "")).unwrap();
    let (code, out, err) = check(&dir, &preset);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("proof.toml: error: PDF/X-1a:2003 (--preset drivethrucards-poker) embeds the CMYK output profile"), "{err}");
    assert!(
        err.contains("help: DriveThruCards poker cards print on US Web Coated (SWOP) v2"),
        "{err}"
    );
    assert!(err.contains("proof.toml: nothing checked"), "{err}");
    // A deck of another size than the product's, and an unknown preset: as `build` says.
    fs::write(dir.join("proof.toml"), design.replace("\"poker-us\"", "\"poker\"")).unwrap();
    let (code, out, err) = check(&dir, &preset);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("proof.toml: error: --preset drivethrucards-poker: DriveThruCards poker cards are cut at 63.5 × 88.9 mm, and deck `cards` is 63 × 88 mm"), "{err}");
    assert!(err.contains("help: give the deck the product's size"), "{err}");
    let (code, _, err) = check(&dir, &["--preset", "drivethru-poker"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("error: --preset: unknown preset `drivethru-poker`; did you mean `drivethrucards-poker`?"), "{err}");
}

#[test]
fn build_names_the_colours_its_press_cannot_reach_in_one_line() {
    let design = proof_design();
    let dir = folder("gamut-build-note", &design, &press(true));
    let (code, said) = built(&dir, "proof.toml", &[]);
    assert_eq!(code, 0, "{said}");
    let line = "  press: 2 colours the press prints visibly apart (more than 3.5 ΔE2000): palette colour `lime` (#00ff00), colour #0000ff (";
    assert!(said.contains(line), "{said}");
    assert!(said.contains("; `tilepress check` with the same options says where\n"), "{said}");
    // A press that reaches every colour, and a build without PDF/X, say nothing of it.
    fs::copy(press(false), dir.join("press.icc")).unwrap();
    let (code, said) = built(&dir, "proof.toml", &[]);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("press:"), "{said}");
    let plain = design.replace("pdf_x = \"x-4\"\nicc = \"press.icc\"\n", "");
    assert_ne!(plain, design);
    fs::write(dir.join("proof.toml"), plain).unwrap();
    let (code, said) = built(&dir, "proof.toml", &[]);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("press:"), "{said}");
}
