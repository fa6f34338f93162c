//! Size against time of the deflate settings tilepress could use: PDF content streams (the
//! Tantrix PDF's, uncompressed) and PNG pixels (the Tantrix preview and a 300 dpi diagram).
//! `zlib` rows use flate2 as built (zlib-rs); the miniz_oxide rows are the backend lopdf
//! and png use by default.
//!
//! Run: `cargo bench --bench compression` (`BENCH_RUNS=N`, median reported). The table and
//! the choice it led to are in docs/performance.md.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use flate2::Compression as Level;
use flate2::write::ZlibEncoder;
use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};
use tilepress::build::build;
use tilepress::diagram::files::figure_files;
use tilepress::model::face::raster::decode_png;

fn median(runs: usize, mut work: impl FnMut() -> usize) -> (Duration, usize) {
    let mut size = 0;
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            size = work();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[times.len() / 2], size)
}

fn zlib(bytes: &[u8], level: u32) -> usize {
    let mut encoder = ZlibEncoder::new(Vec::new(), Level::new(level));
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory").len()
}

/// An image's pixels, RGB when every pixel is opaque.
struct Raw {
    width: u32,
    height: u32,
    colour: ColorType,
    data: Vec<u8>,
}

fn raw(png: &[u8]) -> Raw {
    let (width, height, pixels) = decode_png(png).expect("a PNG");
    let opaque = pixels.iter().all(|p| p[3] == 255);
    let data =
        pixels.iter().flat_map(|p| if opaque { p[..3].to_vec() } else { p.to_vec() }).collect();
    let colour = if opaque { ColorType::Rgb } else { ColorType::Rgba };
    Raw { width, height, colour, data }
}

fn encode(image: &Raw, (deflate, filter): (DeflateCompression, Filter)) -> usize {
    let mut out = Vec::new();
    let mut encoder = Encoder::new(&mut out, image.width, image.height);
    encoder.set_color(image.colour);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_deflate_compression(deflate);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header().expect("in memory");
    writer.write_image_data(&image.data).expect("in memory");
    writer.finish().expect("in memory");
    out.len()
}

fn row(what: &str, (time, size): (Duration, usize), raw: usize) {
    let ms = time.as_secs_f64() * 1000.0;
    println!(
        "| {what:<34} | {ms:>8.2} ms | {size:>9} B | {:>5.1} % |",
        size as f64 * 100.0 / raw as f64
    );
}

fn main() {
    let runs = std::env::var("BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_, design) = tilepress::model::load(&root.join("designs/tantrix.toml")).expect("loads");
    let files = build(&design, "tantrix").expect("builds").files;
    let file = |name: &str| &files.iter().find(|f| f.name == name).expect(name).bytes;

    let mut pdf = lopdf::Document::load_mem(file("tantrix.pdf")).expect("a PDF");
    pdf.decompress();
    let streams: Vec<Vec<u8>> = pdf
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .map(|s| s.content.clone())
        .collect();
    let total: usize = streams.iter().map(Vec::len).sum();
    println!(
        "median of {runs} runs\n\nTantrix PDF content streams ({} streams, {total} B):\n",
        streams.len()
    );
    println!("| method | time | size | of raw |\n|---|---|---|---|");
    for level in [1, 2, 3, 4, 6, 9] {
        let result = median(runs, || streams.iter().map(|s| zlib(s, level)).sum());
        row(&format!("zlib level {level} (zlib-rs)"), result, total);
    }
    for level in [1, 2, 3, 6, 9] {
        let result = median(runs, || {
            streams.iter().map(|s| miniz_oxide::deflate::compress_to_vec_zlib(s, level).len()).sum()
        });
        row(&format!("zlib level {level} (miniz_oxide)"), result, total);
    }
    let result = median(runs, || streams.iter().map(|s| fdeflate::compress_to_vec(s).len()).sum());
    row("fdeflate", result, total);

    let (_, diagram) = (
        (),
        tilepress::diagram::load::load(&root.join("diagrams/tantrix-forced-space.toml"))
            .expect("loads"),
    );
    let diagram_png = figure_files(&diagram, "d").expect("draws").remove(2).bytes;
    for (what, png) in
        [("Tantrix preview", file("tantrix-preview.png")), ("diagram at 300 dpi", &diagram_png)]
    {
        let image = raw(png);
        println!("\n{what} ({} × {} px, {} B raw):\n", image.width, image.height, image.data.len());
        println!("| method | time | size | of raw |\n|---|---|---|---|");
        let fdeflate = DeflateCompression::FdeflateUltraFast;
        for (name, compression) in [
            ("fdeflate, Up filter (png Fastest)", (fdeflate, Filter::Up)),
            ("fdeflate, adaptive (png Fast)", (fdeflate, Filter::Adaptive)),
            ("zlib 1, Up filter", (DeflateCompression::Level(1), Filter::Up)),
            ("zlib 2, Up filter", (DeflateCompression::Level(2), Filter::Up)),
            ("zlib 1, adaptive", (DeflateCompression::Level(1), Filter::Adaptive)),
            ("zlib 2, adaptive", (DeflateCompression::Level(2), Filter::Adaptive)),
            ("zlib 3, adaptive", (DeflateCompression::Level(3), Filter::Adaptive)),
            ("zlib 6, adaptive (png Balanced)", (DeflateCompression::Level(6), Filter::Adaptive)),
            ("zlib 9, adaptive (png High)", (DeflateCompression::Level(9), Filter::Adaptive)),
        ] {
            row(name, median(runs, || encode(&image, compression)), image.data.len());
        }
    }
}
