//! `tilepress serve` over HTTP, on the real binary: pages, sheet SVGs, downloads, the build
//! button, a broken design's error event, refused paths, and a server that keeps answering.

use crate::common;

use std::io::{Cursor, Read};

use common::server::{Server, project_copy, save};
use serde_json::Value;

fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).expect("entry");
            let mut data = Vec::new();
            file.read_to_end(&mut data).expect("unpack");
            (file.name().expect("a name").to_string(), data)
        })
        .collect()
}

fn names(state: &Value, list: &str, field: &str) -> Vec<String> {
    state["built"][list]
        .as_array()
        .map(|items| items.iter().filter_map(|i| i[field].as_str().map(String::from)).collect())
        .unwrap_or_default()
}

#[test]
fn pages_sheets_and_downloads() {
    let dir = project_copy("serve-pages");
    let server = Server::start(&dir, &["designs/tantrix.toml"]);
    let root = server.get("/");
    assert_eq!(root.status, 303);
    assert_eq!(root.header("Location").as_deref(), Some("/d/tantrix/"));
    let page = server.get("/d/tantrix/");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("/page.js"), "{}", page.text());
    for asset in ["/page.js", "/page.css"] {
        assert_eq!(server.get(asset).status, 200, "{asset}");
    }

    let state = server.events("tantrix").built();
    assert_eq!(state["built"]["name"], "Tantrix");
    assert!(state["built"]["summary"].as_str().unwrap().contains("complete"), "{state}");
    let sheets = names(&state, "sheets", "file");
    assert_eq!(
        sheets,
        ["sheet-01-front", "sheet-01-back", "sheet-02-front", "sheet-02-back"]
            .map(|s| format!("tantrix-{s}.svg"))
    );
    for sheet in &sheets {
        let reply = server.get(&format!("/d/tantrix/sheet/{sheet}"));
        assert_eq!(reply.status, 200, "{sheet}");
        assert_eq!(reply.header("Content-Type").as_deref(), Some("image/svg+xml"));
        assert!(reply.text().contains("<svg") && reply.text().contains("width=\"210mm\""));
    }
    let diagrams = names(&state, "diagrams", "file");
    assert_eq!(diagrams.len(), 6, "the six tantrix-*.toml diagrams: {diagrams:?}");
    let diagram = server.get(&format!("/d/tantrix/diagram/{}", diagrams[0]));
    assert!(diagram.status == 200 && diagram.text().contains("<svg"));

    let pdf = server.get("/d/tantrix/download/tantrix.pdf");
    assert_eq!(pdf.status, 200);
    assert!(pdf.body.starts_with(b"%PDF-"));
    assert_eq!(
        pdf.header("Content-Disposition").as_deref(),
        Some("attachment; filename=\"tantrix.pdf\"")
    );
    let cuts = unzip(&server.get("/d/tantrix/cut-files.zip").body);
    let cut_names: Vec<&str> = cuts.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        cut_names,
        ["tantrix-cut-files/tantrix-cut-01.svg", "tantrix-cut-files/tantrix-cut-02.svg"]
    );
    let everything = unzip(&server.get("/d/tantrix/everything.zip").body);
    let has = |name: &str| everything.iter().any(|(n, _)| n == name);
    for name in
        ["tantrix.pdf", "tantrix-sheet-01-front.svg", "tantrix-cut-01.svg", "tantrix-preview.png"]
    {
        assert!(has(&format!("tantrix/{name}")), "{name} in the zip");
    }
    assert!(has(&format!("tantrix/diagrams/{}", diagrams[0])));
    let (_, zipped_pdf) = everything.iter().find(|(n, _)| n == "tantrix/tantrix.pdf").unwrap();
    assert_eq!(zipped_pdf, &pdf.body, "the zip holds the same PDF");

    assert!(!dir.join("output").exists(), "nothing written before the build button");
    let refused = server.request("POST", "/d/tantrix/build", &[]);
    assert_eq!(refused.status, 400, "a POST without the page's header (another site) is refused");
    assert!(!dir.join("output").exists());
    let built = server.request("POST", "/d/tantrix/build", &[("X-Tilepress-Build", "1")]);
    assert_eq!(built.status, 200, "{}", built.text());
    let written =
        std::fs::read(dir.join("output/tantrix/tantrix.pdf")).expect("the PDF is written");
    assert_eq!(written, pdf.body);
    assert!(dir.join("output/tantrix/tantrix-preview.png").is_file());
    assert!(dir.join("output/diagrams").join(&diagrams[0]).is_file());
}

#[test]
fn without_a_design_every_design_is_listed() {
    let dir = project_copy("serve-list");
    let server = Server::start(&dir, &[]);
    let index = server.get("/");
    assert_eq!(index.status, 200);
    for stem in ["tantrix", "tranglar", "trans-rabat", "triles"] {
        assert!(index.text().contains(&format!("href=\"/d/{stem}/\"")), "{stem}");
        assert_eq!(server.get(&format!("/d/{stem}/")).status, 200);
        let state = server.events(stem).built();
        assert!(!names(&state, "sheets", "file").is_empty(), "{stem} has sheets");
    }
    let sheets = names(&server.events("trans-rabat").built(), "sheets", "file");
    for sheet in ["board-sheet-a1", "board-sheet-b2", "nets-sheet-01"] {
        assert!(sheets.contains(&format!("trans-rabat-{sheet}.svg")), "{sheet} in {sheets:?}");
    }
    assert_eq!(server.get("/d/nonsense/").status, 404);
}

#[test]
fn a_broken_design_sends_its_error_with_the_line_over_the_last_good_build() {
    let dir = project_copy("serve-broken");
    let design = dir.join("designs/triles.toml");
    let server = Server::start(&dir, &["designs/triles.toml"]);
    let events = server.events("triles");
    let good = events.built();
    let text = std::fs::read_to_string(&design).unwrap();
    let line = text.lines().position(|l| l.starts_with("edge_mm")).expect("edge_mm") + 1;
    save(&design, &text.replacen("edge_mm = 40.0", "edge_mm = \"forty\"", 1));
    let (_, broken) = events.wait_for("an error", |s| s["error"].is_array());
    let error = &broken["error"][0];
    assert_eq!(error["line"], line, "{broken}");
    assert!(error["text"].as_str().unwrap().contains(&format!("triles.toml:{line}:")), "{error}");
    assert_eq!(broken["built"], good["built"], "the last good build stays");
    assert!(broken["source"].as_str().unwrap().contains("\"forty\""));
    let sheet = names(&good, "sheets", "file").remove(0);
    assert_eq!(server.get(&format!("/d/triles/sheet/{sheet}")).status, 200, "still served");

    save(&design, &text);
    let (_, fixed) = events.wait_for("no error", |s| s["error"].is_null());
    assert!(fixed["built"].is_object());
}

#[test]
fn paths_outside_the_design_folder_are_refused() {
    let dir = project_copy("serve-paths");
    std::fs::write(dir.join("secret.txt"), "secret").unwrap();
    std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("designs/link.txt")).unwrap();
    let server = Server::start(&dir, &["designs/triles.toml"]);
    let own = server.get("/d/triles/source/triles.toml");
    assert_eq!(own.status, 200, "the design's own file");
    assert!(own.text().contains("name = \"Triles\""));
    for target in [
        "/../Cargo.toml",
        "/d/triles/../../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/d/triles/source/%2e%2e/secret.txt",
        "/d/triles/source/%2E%2E%2fsecret.txt",
        "/d/triles/source/..%2f..%2fCargo.toml",
        "/d/triles/source//etc/passwd",
        "/d/triles/source/%2fetc%2fpasswd",
        "//etc/passwd",
        "/etc/passwd",
        "/d/triles/source/link.txt",
        "/d/triles/sheet/..%2f..%2fsecret.txt",
        "/d/triles/download/%2e%2e",
    ] {
        let reply = server.get(target);
        assert_eq!(reply.status, 404, "{target}: {}", reply.text());
        assert!(!reply.text().contains("secret") && !reply.text().contains("[package]"));
    }
    let rebound = server.request("GET", "/d/triles/state", &[("Host", "attacker.example")]);
    assert_eq!(rebound.status, 403, "a foreign Host (DNS rebinding) is refused");
}

#[test]
fn still_answering_after_1000_requests_and_50_rebuilds() {
    let dir = project_copy("serve-load");
    let design = dir.join("designs/triles.toml");
    let server = Server::start(&dir, &["designs/triles.toml"]);
    let events = server.events("triles");
    let sheet = names(&events.built(), "sheets", "file").remove(0);
    let targets =
        ["/d/triles/".to_string(), "/d/triles/state".into(), format!("/d/triles/sheet/{sheet}")];
    for i in 0..1000 {
        let reply = server.get(&targets[i % targets.len()]);
        assert_eq!(reply.status, 200, "request {i}");
    }
    let text = std::fs::read_to_string(&design).unwrap();
    for i in 0..50 {
        let name = format!("Triles {i}");
        save(&design, &text.replacen("name = \"Triles\"", &format!("name = \"{name}\""), 1));
        events.wait_for(&name, |s| s["built"]["name"] == name.as_str());
    }
    let state: Value = serde_json::from_slice(&server.get("/d/triles/state").body).unwrap();
    assert_eq!(state["built"]["name"], "Triles 49");
    assert_eq!(server.get("/d/triles/").status, 200);
}

#[test]
fn a_bare_file_name_run_in_the_designs_folder_updates_on_save_and_finds_its_diagrams() {
    let dir = project_copy("serve-bare");
    let designs = dir.join("designs");
    let server = Server::start(&designs, &["tantrix.toml"]);
    let events = server.events("tantrix");
    let first = events.built();
    let diagrams = names(&first, "diagrams", "file");
    assert_eq!(diagrams.len(), 6, "the diagrams beside the designs folder: {diagrams:?}");
    let design = designs.join("tantrix.toml");
    let text = std::fs::read_to_string(&design).unwrap();
    save(&design, &text.replacen("name = \"Tantrix\"", "name = \"Tantrix renamed\"", 1));
    let (_, renamed) = events.wait_for("the new name", |s| s["built"]["name"] == "Tantrix renamed");
    assert_eq!(renamed["built"]["name"], "Tantrix renamed");
}
