//! `build --pdf-x x-1a|x-4` and `[sheet] pdf_x`: PDF/X files for print shops — the output
//! intent with the press's CMYK profile embedded, the version claimed (Info for X-1a, XMP
//! for X-4), `/Trapped`, a TrimBox and BleedBox on every page, a document ID, no layers in
//! X-1a; `qpdf --check` clean; every colour and image in the press's CMYK, pure black as
//! black ink alone, as Ghostscript renders it. Bad input — an unknown version, a profile
//! that is not a CMYK output profile, unreadable or huge, PDF/X without a profile —
//! located, exit 2, nothing written.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::ghostscript::{cmyk_pages, ghostscript, total_ink};
use common::{built, copy_folder, doc_example, line_of, qpdf_check, root, scratch};
use lopdf::content::Content;
use lopdf::{Document, Object};

/// The tests' made-up press (`scripts/test-cmyk-profile.py`): tilepress ships no profile.
pub(crate) fn test_press() -> PathBuf {
    root().join("tests/fixtures/profiles/test-cmyk.icc")
}

/// Ghostscript's CMYK output profile (Debian's `ghostscript`, there when `gs` is).
pub(crate) fn ghostscript_press() -> PathBuf {
    PathBuf::from("/usr/share/color/icc/ghostscript/default_cmyk.icc")
}

/// The documented example in a scratch folder, its profile `press.icc` copied from `profile`.
fn example(name: &str, profile: &Path) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("shop.toml"), doc_example("### PDF/X for print shops")).unwrap();
    fs::copy(profile, dir.join("press.icc")).unwrap();
    dir
}

/// Builds `shop.toml` in `dir` with `args`: the exit code and everything printed.
fn build(dir: &Path, args: &[&str]) -> (i32, String) {
    built(dir, "shop.toml", args)
}

fn pdfs_in(folder: &Path) -> Vec<PathBuf> {
    let mut pdfs: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    pdfs
}

fn dict<'a>(pdf: &'a Document, object: &'a Object) -> &'a lopdf::Dictionary {
    match object {
        Object::Reference(id) => pdf.get_dictionary(*id).unwrap(),
        other => other.as_dict().unwrap(),
    }
}

/// Asserts what every PDF/X file holds: its output intent with a CMYK output profile, every
/// page trimmed and bled, not trapped, a document ID; the PDF version and the claimed
/// version where `version` says (Info for X-1a, XMP for X-4).
fn assert_pdf_x(path: &Path, version: &str) {
    qpdf_check(path);
    let bytes = fs::read(path).unwrap();
    let pdf = Document::load_mem(&bytes).unwrap();
    let name = path.display();
    let catalog = pdf.catalog().unwrap();
    let intents = catalog.get(b"OutputIntents").unwrap().as_array().unwrap();
    assert_eq!(intents.len(), 1, "{name}");
    let intent = dict(&pdf, &intents[0]);
    assert_eq!(intent.get(b"S").unwrap().as_name().unwrap(), b"GTS_PDFX", "{name}");
    assert!(!intent.get(b"OutputConditionIdentifier").unwrap().as_str().unwrap().is_empty());
    let profile_id = intent.get(b"DestOutputProfile").unwrap().as_reference().unwrap();
    let profile = pdf.get_object(profile_id).unwrap().as_stream().unwrap();
    assert_eq!(profile.dict.get(b"N").unwrap().as_i64().unwrap(), 4, "{name}");
    let icc = profile.decompressed_content().unwrap_or_else(|_| profile.content.clone());
    assert_eq!((&icc[12..16], &icc[16..20]), (b"prtr".as_slice(), b"CMYK".as_slice()));
    let info = pdf.get_dictionary(pdf.trailer.get(b"Info").unwrap().as_reference().unwrap());
    let info = info.unwrap();
    assert_eq!(info.get(b"Trapped").unwrap().as_name().unwrap(), b"False", "{name}");
    let id = pdf.trailer.get(b"ID").unwrap().as_array().unwrap();
    assert_eq!(id.len(), 2, "{name}");
    for (number, page) in pdf.get_pages() {
        let page = pdf.get_dictionary(page).unwrap();
        for key in [b"TrimBox".as_slice(), b"BleedBox"] {
            assert_eq!(page.get(key).unwrap().as_array().unwrap().len(), 4, "{name} p{number}");
        }
    }
    let claimed = info.get(b"GTS_PDFXVersion").ok().map(|v| v.as_str().unwrap().to_vec());
    let metadata = catalog.get(b"Metadata").ok().map(|m| {
        let stream = pdf.get_object(m.as_reference().unwrap()).unwrap().as_stream().unwrap();
        String::from_utf8(stream.content.clone()).unwrap()
    });
    if version == "PDF/X-1a:2003" {
        assert!(bytes.starts_with(b"%PDF-1.4"), "{name}: PDF/X-1a:2003 is PDF 1.4");
        assert_eq!(claimed.as_deref(), Some(version.as_bytes()), "{name}");
        assert!(!catalog.has(b"OCProperties"), "{name}: no layers in PDF 1.4");
        assert!(!String::from_utf8_lossy(&bytes).contains("/OC "), "{name}");
    } else {
        let metadata = metadata.unwrap_or_else(|| panic!("{name}: no XMP metadata"));
        let claim = format!("<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>");
        assert!(metadata.contains(&claim), "{name}: {metadata}");
        assert!(metadata.contains("<pdf:Trapped>False</pdf:Trapped>"), "{metadata}");
        let layers = catalog.get(b"OCProperties").unwrap().as_dict().unwrap();
        assert!(layers.get(b"D").unwrap().as_dict().unwrap().has(b"Name"), "{name}");
    }
}

#[test]
fn x_1a_and_x_4_files_carry_the_output_intent_version_and_boxes() {
    let profile = test_press();
    let dir = example("pdf-x-versions", &profile);
    let (code, said) = build(&dir, &[]);
    assert_eq!(code, 0, "{said}");
    let pdfs = pdfs_in(&dir.join("out/shop"));
    assert!(!pdfs.is_empty());
    for pdf in &pdfs {
        assert_pdf_x(pdf, "PDF/X-1a:2003");
    }
    // `--pdf-x` wins over the design's `pdf_x`, and reaches the face pages too.
    let (code, said) = build(&dir, &["--pdf-x", "x-4", "--format", "pdf,face-pages"]);
    assert_eq!(code, 0, "{said}");
    let pdfs = pdfs_in(&dir.join("out/shop"));
    assert!(pdfs.iter().any(|p| p.to_string_lossy().ends_with("-faces.pdf")), "{pdfs:?}");
    for pdf in &pdfs {
        assert_pdf_x(pdf, "PDF/X-4");
    }
    // `--icc` gives the profile to a design that names none.
    let plain = scratch("pdf-x-plain");
    fs::write(plain.join("shop.toml"), doc_example("### Print-shop presets")).unwrap();
    let icc = profile.to_string_lossy().to_string();
    let (code, said) = build(&plain, &["--pdf-x", "x-1a", "--icc", &icc]);
    assert_eq!(code, 0, "{said}");
    for pdf in pdfs_in(&plain.join("out/shop")) {
        assert_pdf_x(&pdf, "PDF/X-1a:2003");
    }
}

#[test]
fn without_pdf_x_a_pdf_claims_no_pdf_x() {
    let dir = scratch("pdf-x-none");
    fs::write(dir.join("shop.toml"), doc_example("### Print-shop presets")).unwrap();
    let (code, said) = build(&dir, &[]);
    assert_eq!(code, 0, "{said}");
    for path in pdfs_in(&dir.join("out/shop")) {
        let pdf = Document::load(&path).unwrap();
        let catalog = pdf.catalog().unwrap();
        assert!(!catalog.has(b"OutputIntents") && !catalog.has(b"Metadata"));
        assert!(!String::from_utf8_lossy(&fs::read(&path).unwrap()).contains("GTS_PDFX"));
    }
}

/// A profile header of `class` and `space`, `length` bytes long (as its header says).
fn header(class: &[u8; 4], space: &[u8; 4], length: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; length];
    bytes[0..4].copy_from_slice(&(length as u32).to_be_bytes());
    bytes[12..16].copy_from_slice(class);
    bytes[16..20].copy_from_slice(space);
    bytes[36..40].copy_from_slice(b"acsp");
    bytes
}

/// Runs `build` with `args` on the example without `[sheet] pdf_x` in a fresh folder holding
/// `files`: exit 2, the message, and nothing written.
fn refused(name: &str, args: &[&str], files: &[(&str, Vec<u8>)]) -> String {
    let dir = scratch(name);
    fs::write(dir.join("shop.toml"), doc_example("### Print-shop presets")).unwrap();
    for (file, bytes) in files {
        fs::write(dir.join(file), bytes).unwrap();
    }
    let (code, said) = build(&dir, args);
    assert_eq!(code, 2, "{said}");
    assert!(!dir.join("out").exists(), "{name}: wrote output: {said}");
    said
}

#[test]
fn unknown_versions_and_wrong_profiles_are_refused_naming_the_option() {
    let said = refused("pdf-x-3", &["--pdf-x", "x-3"], &[]);
    assert!(said.contains("--pdf-x: unknown PDF/X version `x-3`; tilepress writes x-1a (PDF/X-1a:2003) or x-4 (PDF/X-4)"), "{said}");
    let rgb = header(b"mntr", b"RGB ", 200);
    let said = refused("pdf-x-rgb", &["--pdf-x", "x-4", "--icc", "srgb.icc"], &[("srgb.icc", rgb)]);
    assert!(said.contains("--icc: srgb.icc: it is a profile of `RGB` colour, not CMYK"), "{said}");
    let link = header(b"link", b"CMYK", 200);
    let said =
        refused("pdf-x-link", &["--pdf-x", "x-4", "--icc", "link.icc"], &[("link.icc", link)]);
    assert!(said.contains("--icc: link.icc: it is a `link` profile, not an output"), "{said}");
    let said = refused(
        "pdf-x-text",
        &["--pdf-x", "x-4", "--icc", "notes.icc"],
        &[("notes.icc", b"not a profile".repeat(20))],
    );
    assert!(said.contains("--icc: notes.icc: it is not an ICC profile"), "{said}");
    let said = refused("pdf-x-missing", &["--pdf-x", "x-4", "--icc", "gone.icc"], &[]);
    assert!(said.contains("--icc: gone.icc: there is no such file"), "{said}");
    // A huge file is refused from its size, before it is read (a sparse file).
    let dir = scratch("pdf-x-huge");
    fs::write(dir.join("shop.toml"), doc_example("### Print-shop presets")).unwrap();
    fs::File::create(dir.join("huge.icc")).unwrap().set_len(1 << 30).unwrap();
    let (code, said) = build(&dir, &["--pdf-x", "x-4", "--icc", "huge.icc"]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("--icc: huge.icc: it is 1073741824 bytes, over the limit"), "{said}");
    assert!(!dir.join("out").exists());
    // PDF/X without a profile: refused, naming the option that asked for it.
    let said = refused("pdf-x-no-profile", &["--pdf-x", "x-1a"], &[]);
    assert!(said.contains("PDF/X-1a:2003 (--pdf-x x-1a) embeds the CMYK output profile"), "{said}");
    assert!(said.contains("help: give the print shop's CMYK output profile with `--icc FILE`"));
}

#[test]
fn the_sheet_keys_are_refused_at_their_lines() {
    let design = doc_example("### PDF/X for print shops");
    for (name, from, to, expected) in [
        ("pdf-x-key-version", "pdf_x = \"x-1a\"", "pdf_x = \"x-3\"", "unknown PDF/X version `x-3`"),
        (
            "pdf-x-key-missing",
            "icc = \"press.icc\"",
            "icc = \"pres.icc\"",
            "`icc`: pres.icc: there is no such file (did you mean `press.icc`?)",
        ),
        (
            "pdf-x-key-rgb",
            "icc = \"press.icc\"",
            "icc = \"srgb.icc\"",
            "`icc`: srgb.icc: it is a profile of `RGB` colour",
        ),
    ] {
        let dir = scratch(name);
        let text = design.replace(from, to);
        fs::write(dir.join("shop.toml"), &text).unwrap();
        fs::write(dir.join("press.icc"), header(b"prtr", b"CMYK", 200)).unwrap();
        fs::write(dir.join("srgb.icc"), header(b"mntr", b"RGB ", 200)).unwrap();
        let (code, said) = build(&dir, &[]);
        assert_eq!(code, 2, "{name}: {said}");
        let at = format!("shop.toml:{}:", line_of(&text, to));
        assert!(said.contains(&at) && said.contains(expected), "{name}: {said}");
        assert!(!dir.join("out").exists(), "{name}");
    }
}

/// The colour operators of every content stream of `pdf` (pages and forms), and the colour
/// spaces of its images (their soft masks left out).
pub(crate) fn colour_use(pdf: &Document) -> (Vec<String>, Vec<Vec<u8>>) {
    let streams: Vec<_> =
        pdf.objects.iter().filter_map(|(id, o)| Some((*id, o.as_stream().ok()?))).collect();
    let masks: Vec<_> = streams
        .iter()
        .filter_map(|(_, stream)| stream.dict.get(b"SMask").ok()?.as_reference().ok())
        .collect();
    let (mut operators, mut spaces) = (Vec::new(), Vec::new());
    for (id, stream) in streams {
        match stream.dict.get(b"Subtype").and_then(Object::as_name).ok() {
            Some(b"Image") if !masks.contains(&id) => {
                spaces.push(stream.dict.get(b"ColorSpace").unwrap().as_name().unwrap().to_vec());
            }
            Some(b"Form") | None => {
                let bytes =
                    stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                let Ok(content) = Content::decode(&bytes) else { continue };
                for op in content.operations {
                    let colour =
                        ["rg", "RG", "k", "K", "g", "G", "sc", "scn", "SC", "SCN", "cs", "CS"];
                    if colour.contains(&op.operator.as_str()) {
                        let operands: Vec<String> = op
                            .operands
                            .iter()
                            .map(|o| o.as_float().map_or("?".into(), |v| v.to_string()))
                            .collect();
                        operators.push(format!("{} {}", operands.join(" "), op.operator));
                    }
                }
            }
            _ => {}
        }
    }
    (operators, spaces)
}

#[test]
fn x_1a_holds_no_rgb_its_images_are_cmyk_and_pure_black_is_black_ink_alone() {
    let dir = example("pdf-x-cmyk", &test_press());
    let (status, said) = build(&dir, &[]);
    assert_eq!(status, 0, "{said}");
    let pdf = Document::load(dir.join("out/shop/shop-cards.pdf")).unwrap();
    let (operators, _) = colour_use(&pdf);
    assert!(operators.iter().all(|op| op.ends_with(" k") || op.ends_with(" K")), "{operators:?}");
    // The example's `ink` is #000000: its text is black ink alone.
    assert!(operators.iter().any(|op| op == "0 0 0 1 k"), "{operators:?}");
    // Lanterns of Keld draws a PNG (its compass) and SVG images.
    let keld = scratch("pdf-x-keld");
    fs::copy(root().join("designs/lanterns-of-keld.toml"), keld.join("keld.toml")).unwrap();
    copy_folder(&root().join("designs/assets"), &keld.join("assets"));
    let icc = test_press().to_string_lossy().to_string();
    // Its compass, a PNG with clear pixels, lies over the backs' edge and their corner's
    // night: drawn in pixels over them for X-1a (no soft mask may reach the file).
    let design = fs::read_to_string(keld.join("keld.toml")).unwrap();
    let compass = "{ image = \"assets/keld/compass.png\", at = \"corner 3\", inset_mm = 7";
    let (status, said) = built(&keld, "keld.toml", &["--pdf-x", "x-1a", "--icc", &icc]);
    assert_eq!(status, 0, "{said}");
    let pdf = keld.join("out/keld/keld.pdf");
    crate::pdf_x_flatten::assert_opaque("Lanterns of Keld", &pdf);
    let (operators, spaces) = colour_use(&Document::load(&pdf).unwrap());
    assert!(operators.iter().all(|op| op.ends_with(" k") || op.ends_with(" K")), "{operators:?}");
    assert!(!spaces.is_empty(), "the compass");
    assert!(spaces.iter().all(|space| space == b"DeviceCMYK"), "{spaces:?}");
    // Moved onto the backs' sea, it is laid over the sea.
    let moved = design
        .replace(compass, "{ image = \"assets/keld/compass.png\", at = \"edge 1\", inset_mm = 13");
    fs::write(keld.join("keld.toml"), moved).unwrap();
    let (status, said) = built(&keld, "keld.toml", &["--pdf-x", "x-1a", "--icc", &icc]);
    assert_eq!(status, 0, "{said}");
    let pdf = Document::load(keld.join("out/keld/keld.pdf")).unwrap();
    let (operators, spaces) = colour_use(&pdf);
    assert!(!operators.is_empty() && !spaces.is_empty());
    assert!(operators.iter().all(|op| op.ends_with(" k") || op.ends_with(" K")), "{operators:?}");
    assert!(spaces.iter().all(|space| space == b"DeviceCMYK"), "{spaces:?}");
}

#[test]
fn ghostscript_renders_the_press_inks() {
    if !ghostscript("pdf_x::ghostscript_renders_the_press_inks") {
        return;
    }
    let dir = example("pdf-x-render", &ghostscript_press());
    let (code, said) = build(&dir, &[]);
    assert_eq!(code, 0, "{said}");
    let pages = cmyk_pages(&dir.join("out/shop/shop-cards.pdf"), 50);
    assert_eq!(pages.len(), 2, "a sheet of fronts and one of backs");
    let front = &pages[0];
    // The text in the design's pure black: black ink alone, and no pixel in four inks at
    // full black.
    assert!(front.contains(&[0, 0, 0, 255]), "no pure black ink");
    assert!(!front.iter().any(|p| p[3] == 255 && p[..3] != [0, 0, 0]), "four-colour black");
    // The cards' sea (#1f6fb2): most of the page's inked pixels, cyan its strongest ink.
    let mut counts = std::collections::BTreeMap::new();
    for pixel in front.iter().filter(|p| **p != [0, 0, 0, 0]) {
        *counts.entry(*pixel).or_insert(0usize) += 1;
    }
    let (sea, _) = counts.iter().max_by_key(|(_, count)| **count).unwrap();
    assert!(sea[0] > sea[1] && sea[0] > sea[2] && sea[0] > sea[3], "{sea:?}");
}

#[test]
fn an_ink_limit_holds_every_colour_and_pixel_under_it() {
    // Saltmarsh Smugglers' cards reach 296 % of ink through a press profile; at 240 % every
    // colour operator of the file adds up to 240 % at most.
    let dir = scratch("pdf-x-ink-limit");
    let design = root().join("designs/saltmarsh.toml").to_string_lossy().to_string();
    let icc = test_press().to_string_lossy().to_string();
    let args = ["--pdf-x", "x-1a", "--icc", &icc, "--ink-limit", "240", "--part", "cards"];
    let (status, said) = built(&dir, &design, &args);
    assert_eq!(status, 0, "{said}");
    let pdf = Document::load(dir.join("out/saltmarsh/saltmarsh-cards.pdf")).unwrap();
    let (operators, _) = colour_use(&pdf);
    let total = |op: &String| -> f64 {
        op.split(' ').filter_map(|v| v.parse::<f64>().ok()).sum::<f64>() * 100.0
    };
    let most = operators.iter().map(total).fold(0.0, f64::max);
    assert!(most <= 240.0 + 1e-3 && most > 230.0, "{most} %: {operators:?}");
}

#[test]
fn ghostscript_reads_no_pixel_over_the_ink_limit() {
    if !ghostscript("pdf_x::ghostscript_reads_no_pixel_over_the_ink_limit") {
        return;
    }
    let dir = scratch("pdf-x-ink-render");
    let design = root().join("designs/saltmarsh.toml").to_string_lossy().to_string();
    let icc = ghostscript_press().to_string_lossy().to_string();
    let most_ink = |limit: &[&str]| {
        let mut args = vec!["--pdf-x", "x-1a", "--icc", &icc, "--part", "cards"];
        args.extend(limit);
        let (status, said) = built(&dir, &design, &args);
        assert_eq!(status, 0, "{said}");
        let pages = cmyk_pages(&dir.join("out/saltmarsh/saltmarsh-cards.pdf"), 30);
        pages.iter().flatten().map(|p| total_ink(*p)).fold(0.0, f64::max)
    };
    let free = most_ink(&[]);
    assert!(free > 280.0, "without a limit the cards reach {free} %");
    for limit in [300.0, 240.0] {
        let most = most_ink(&["--ink-limit", &limit.to_string()]);
        assert!(most <= limit && most > limit - 10.0, "limit {limit}: {most} %");
    }
}

#[test]
fn ink_limits_outside_100_to_400_and_without_pdf_x_are_refused() {
    let icc = test_press().to_string_lossy().to_string();
    let said =
        refused("pdf-x-ink-low", &["--pdf-x", "x-1a", "--icc", &icc, "--ink-limit", "80"], &[]);
    assert!(said.contains("--ink-limit: 80 % is too low to print a black"), "{said}");
    let said =
        refused("pdf-x-ink-high", &["--pdf-x", "x-1a", "--icc", &icc, "--ink-limit", "450"], &[]);
    assert!(said.contains("--ink-limit: 450 % is over 400 %"), "{said}");
    let said = refused("pdf-x-ink-alone", &["--ink-limit", "240"], &[]);
    assert!(said.contains("an ink limit (240 %) holds the inks of PDF/X files"), "{said}");
    let design = doc_example("### PDF/X for print shops")
        .replace("icc = \"press.icc\"", "icc = \"press.icc\"\nink_limit = 50");
    let dir = scratch("pdf-x-ink-key");
    fs::write(dir.join("shop.toml"), &design).unwrap();
    fs::copy(test_press(), dir.join("press.icc")).unwrap();
    let (code, said) = build(&dir, &[]);
    assert_eq!(code, 2, "{said}");
    let at = format!("shop.toml:{}:", line_of(&design, "ink_limit = 50"));
    assert!(said.contains(&at) && said.contains("`ink_limit`: 50 % is too low"), "{said}");
    assert!(!dir.join("out").exists());
}

/// The most ink (in percent) any colour operator of `pdf` lays down.
fn most_ink(pdf: &Path) -> f64 {
    let (operators, _) = colour_use(&Document::load(pdf).unwrap());
    let total = |op: &String| -> f64 {
        op.split(' ').filter_map(|v| v.parse::<f64>().ok()).sum::<f64>() * 100.0
    };
    operators.iter().map(total).fold(0.0, f64::max)
}

#[test]
fn the_drivethrucards_preset_writes_pdf_x_1a_pages_under_240_percent_and_asks_for_a_profile() {
    // The example's cards on a near black (#0a0a0a), which the test press prints in four
    // inks well over 300 %.
    let dir = example("pdf-x-preset", &test_press());
    let design = fs::read_to_string(dir.join("shop.toml")).unwrap();
    let dark = design.replace("pdf_x = \"x-1a\"\nicc = \"press.icc\"\n", "");
    let dark = dark.replace("sea = \"#1f6fb2\"", "sea = \"#0a0a0a\"");
    assert_ne!(dark, design);
    fs::write(dir.join("shop.toml"), &dark).unwrap();
    let preset = ["--preset", "drivethrucards-poker"];
    let (code, said) = build(&dir, &preset);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("error: PDF/X-1a:2003 (--preset drivethrucards-poker) embeds the CMYK output profile of the press it is printed on, and none is given"),
        "{said}"
    );
    assert!(said.contains("help: DriveThruCards poker cards print on US Web Coated (SWOP) v2: give that CMYK output profile with `--icc FILE`"), "{said}");
    assert!(!dir.join("out").exists());

    let with_press = [&preset[..], &["--icc", "press.icc"]].concat();
    let (code, said) = build(&dir, &with_press);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("preset drivethrucards-poker: DriveThruCards poker cards — bleed 3.175 mm, safe area 3.175 mm, 300 dpi, PDF/X-1a:2003 at 240 % ink at most (US Web Coated (SWOP) v2) (https://"), "{said}");
    let pdf = dir.join("out/shop/shop-cards-faces.pdf");
    assert_pdf_x(&pdf, "PDF/X-1a:2003");
    // A page per face at 2.75 × 3.75 in, trimmed 1/8 in inside.
    let media = common::pdf::boxes(&pdf, b"MediaBox");
    assert_eq!(media.len(), 4, "two cards, front and back each");
    for (media, trim) in media.iter().zip(common::pdf::boxes(&pdf, b"TrimBox")) {
        assert!(common::pdf::close(*media, [0.0, 0.0, 198.0, 270.0]), "{media:?}");
        assert!(common::pdf::close(trim, [9.0, 9.0, 189.0, 261.0]), "{trim:?}");
    }
    let most = most_ink(&pdf);
    assert!(most <= 240.0 + 1e-3 && most > 230.0, "{most} %");
    // `--ink-limit` beside the preset wins; a design's own lower limit is kept.
    let (code, said) = build(&dir, &[&with_press[..], &["--ink-limit", "300"]].concat());
    assert_eq!(code, 0, "{said}");
    let most = most_ink(&pdf);
    assert!(most <= 300.0 + 1e-3 && most > 290.0, "{most} %");
    fs::write(dir.join("shop.toml"), dark.replace("[sheet]\n", "[sheet]\nink_limit = 200\n"))
        .unwrap();
    let (code, said) = build(&dir, &with_press);
    assert_eq!(code, 0, "{said}");
    let most = most_ink(&pdf);
    assert!(most <= 200.0 + 1e-3 && most > 190.0, "{most} %");
}
