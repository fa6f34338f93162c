//! Attacks on `serve`: it answers the design, the files the design uses (in sub-folders too) and what it built, and 404 for any other file of the design's folder — a secret, a `.git/config`, an unused image, a dot-file — it sees a save of a used file in a sub-folder (`assets/cards.csv`), and it streams a large file: three downloads at once of a 42 MB font add little to its peak memory, and three slow downloads of an 11 MB PDF it built share the build's bytes.

use crate::common;

use std::fs;
use std::time::{Duration, Instant};

use common::server::Server;
use common::{root, scratch};

/// A deck read from `assets/cards.csv` showing `assets/art/leaf.svg`.
const DESIGN: &str = r##"[set]
name = "Served"

[palette]
ink = "#000000"

[faces.front]
layers = [{ text = "{rank}", size_mm = 4, colour = "ink" }, { image = "assets/art/leaf.svg", size_mm = 10 }]

[[decks]]
name = "cards"
size = "poker"
front = "front"
data = "assets/cards.csv"
"##;

#[test]
fn serve_answers_only_the_design_and_the_files_it_uses() {
    let dir = scratch("attack-serve-files");
    fs::create_dir_all(dir.join("assets/art")).unwrap();
    fs::create_dir_all(dir.join(".git")).unwrap();
    fs::write(dir.join("d.toml"), DESIGN).unwrap();
    fs::write(dir.join("assets/cards.csv"), "rank\nqueen\nking\n").unwrap();
    let faces = root().join("tests/designs/faces");
    fs::copy(faces.join("leaf.svg"), dir.join("assets/art/leaf.svg")).unwrap();
    fs::copy(faces.join("compass.png"), dir.join("assets/art/unused.png")).unwrap();
    fs::write(dir.join("secret.txt"), "TOKEN-secret").unwrap();
    fs::write(dir.join(".git/config"), "[remote]\ntoken = TOKEN-git\n").unwrap();
    fs::write(dir.join(".env"), "TOKEN-env").unwrap();
    let server = Server::start(&dir, &["d.toml"]);
    let events = server.events("d");
    let built = events.built();
    assert!(built.to_string().contains("2 cards"), "{built}");
    for used in
        ["/d/d/source/d.toml", "/d/d/source/assets/cards.csv", "/d/d/source/assets/art/leaf.svg"]
    {
        assert_eq!(server.get(used).status, 200, "{used}");
    }
    for other in [
        "/d/d/source/secret.txt",
        "/d/d/source/.git/config",
        "/d/d/source/.env",
        "/d/d/source/assets/art/unused.png",
        "/d/d/source/assets/",
        "/d/d/source/%2egit/config",
    ] {
        let reply = server.get(other);
        assert_eq!(reply.status, 404, "{other}: {}", reply.text());
        assert!(!reply.text().contains("TOKEN"), "{other}");
    }
}

#[test]
fn a_save_of_a_used_file_in_a_sub_folder_rebuilds_the_page() {
    let dir = scratch("attack-serve-watch");
    fs::create_dir_all(dir.join("assets/art")).unwrap();
    fs::write(dir.join("d.toml"), DESIGN).unwrap();
    fs::write(dir.join("assets/cards.csv"), "rank\nqueen\nking\n").unwrap();
    fs::copy(root().join("tests/designs/faces/leaf.svg"), dir.join("assets/art/leaf.svg")).unwrap();
    let server = Server::start(&dir, &["d.toml"]);
    let events = server.events("d");
    events.built();
    let saved = Instant::now();
    fs::write(dir.join("assets/cards.csv"), "rank\nqueen\nking\nace\n").unwrap();
    let (at, state) = events.wait_for("3 cards", |s| s.to_string().contains("3 cards"));
    assert!(at.duration_since(saved) < Duration::from_secs(6), "{state}");
}

/// A memory figure of process `pid` from `/proc/PID/status`, in KiB: `VmHWM` (the peak
/// resident memory so far) or `VmRSS` (resident now).
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find_map(|l| l.strip_prefix(field)?.strip_prefix(':')).unwrap();
    line.trim().trim_end_matches("kB").trim().parse().unwrap()
}

/// The peak resident memory of process `pid` so far, in KiB.
fn peak_kib(pid: u32) -> u64 {
    status_kib(pid, "VmHWM")
}

#[test]
fn three_downloads_at_once_of_a_large_used_file_are_streamed() {
    let dir = scratch("attack-serve-stream");
    fs::create_dir_all(dir.join("assets")).unwrap();
    // A real font with 40 MiB of padding after its tables: read by the design, so served.
    let mut font = fs::read(root().join("designs/assets/fonts/DejaVuSerif-Bold.ttf")).unwrap();
    font.resize(font.len() + (40 << 20), 0);
    fs::write(dir.join("assets/big.ttf"), &font).unwrap();
    let design = DESIGN
        .replace(", { image = \"assets/art/leaf.svg\", size_mm = 10 }", "")
        .replace("colour = \"ink\" }", "colour = \"ink\", font = \"assets/big.ttf\" }")
        .replace("data = \"assets/cards.csv\"\n", "\n[[decks.cards]]\nfields = { rank = \"Q\" }\n");
    fs::write(dir.join("d.toml"), design).unwrap();
    let server = Server::start(&dir, &["d.toml"]);
    server.events("d").built();
    let before = peak_kib(server.pid());
    let sizes: Vec<usize> = std::thread::scope(|scope| {
        let downloads: Vec<_> = (0..3)
            .map(|_| scope.spawn(|| server.get("/d/d/source/assets/big.ttf").body.len()))
            .collect();
        downloads.into_iter().map(|d| d.join().unwrap()).collect()
    });
    assert_eq!(sizes, [font.len(); 3]);
    let grown = peak_kib(server.pid()).saturating_sub(before);
    println!(
        "attack: serve, 3 downloads of {} MB at once: peak grew {grown} KiB",
        font.len() >> 20
    );
    // Read whole per request, the three would add 120 MiB; streamed, a few chunks.
    assert!(grown < 20 * 1024, "the peak grew {grown} KiB over {before} KiB");
}

/// `width × height` pixels of noise as a PNG: it does not compress, so the PDF holding it is
/// as large as its pixels.
fn noise_png(width: u32, height: u32) -> Vec<u8> {
    let mut state = 0x2545_f491_u32;
    let pixels: Vec<u8> = (0..width * height * 3)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state.to_le_bytes()[0]
        })
        .collect();
    common::png_file::png_file(width, height, png::ColorType::Rgb, png::BitDepth::Eight, &pixels)
}

#[test]
fn three_downloads_at_once_of_a_large_built_file_share_the_build() {
    use std::io::{Read, Write};
    let dir = scratch("attack-serve-built");
    fs::create_dir_all(dir.join("assets")).unwrap();
    fs::write(dir.join("assets/noise.png"), noise_png(2000, 2000)).unwrap();
    let design = DESIGN
        .replace("assets/art/leaf.svg\", size_mm = 10", "assets/noise.png\", size_mm = 50")
        .replace("data = \"assets/cards.csv\"\n", "\n[[decks.cards]]\nfields = { rank = \"Q\" }\n");
    fs::write(dir.join("d.toml"), design).unwrap();
    let server = Server::start(&dir, &["d.toml"]);
    let state = server.events("d").built();
    let pdf = state["built"]["pdfs"][0].as_str().expect("a PDF").to_string();
    std::thread::sleep(Duration::from_millis(500));
    let before = status_kib(server.pid(), "VmRSS");
    // Three slow readers: each has asked for the PDF and read its first bytes, so all three
    // replies are in flight at once while the server's memory is read.
    let mut downloads: Vec<std::net::TcpStream> = (0..3)
        .map(|_| {
            let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
            let head =
                format!("GET /d/d/download/{pdf} HTTP/1.0\r\nHost: {}\r\n\r\n", server.address);
            stream.write_all(head.as_bytes()).unwrap();
            let mut first = [0; 4096];
            stream.read_exact(&mut first).unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let during = status_kib(server.pid(), "VmRSS");
    let sizes: Vec<usize> = downloads
        .iter_mut()
        .map(|stream| {
            let mut rest = Vec::new();
            stream.read_to_end(&mut rest).unwrap();
            rest.len() + 4096
        })
        .collect();
    assert!(sizes.iter().all(|&size| size > 10 << 20 && size == sizes[0]), "{sizes:?}");
    let grown = during.saturating_sub(before);
    println!(
        "attack: serve, 3 downloads of the {} MB PDF built, in flight at once: resident memory grew {grown} KiB",
        sizes[0] >> 20
    );
    // Copied per request, the three would hold 36 MB more; shared, almost nothing.
    assert!(grown < 8 * 1024, "resident memory grew {grown} KiB over {before} KiB");
}
