//! Times building the 56 Tantrix tiles with and without a face template that puts a number
//! and an SVG icon on every front (the issue's target: within 2× of the plain set), and
//! measures how much one more use of the icon adds to the PDF.
//!
//! Run: `cargo bench --bench faces` (`BENCH_RUNS=N` for more runs; the median is reported).
//! docs/performance.md has the numbers.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tilepress::build::build_sheets;
use tilepress::model::{Design, load};

const FACES: &str = r#"
[faces.front]
layers = [
  { text = "{number}", size_mm = 6, colour = "white" },
  { image = "lantern.svg", at = "corner 1", inset_mm = 6, size_mm = 5 },
]
"#;

/// The shipped Tantrix design, plain or with the face template, loaded from a scratch folder.
fn tantrix(with_faces: bool, folder: &Path) -> Design {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(root.join("designs/tantrix.toml")).expect("tantrix");
    if with_faces {
        text = text.replacen("[set]\n", "[set]\ntemplate = \"front\"\n", 1);
        text.push_str(FACES);
        std::fs::copy(root.join("designs/assets/keld/lantern.svg"), folder.join("lantern.svg"))
            .expect("copy the icon");
    }
    let path: PathBuf = folder.join(if with_faces { "faces.toml" } else { "plain.toml" });
    std::fs::write(&path, text).expect("write the design");
    load(&path).unwrap_or_else(|e| panic!("{e:?}")).1
}

fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn pdf_bytes(design: &Design) -> usize {
    let result = build_sheets(design, "bench").expect("builds");
    result.files.iter().find(|f| f.name.ends_with(".pdf")).map_or(0, |f| f.bytes.len())
}

fn main() {
    let runs = std::env::var("BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let folder = std::env::temp_dir().join(format!("tilepress-bench-faces-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("scratch folder");
    let plain = tantrix(false, &folder);
    let faces = tantrix(true, &folder);
    let time = |design: &Design| {
        median(runs, || {
            build_sheets(design, "bench").expect("builds");
        })
    };
    let (plain_time, faces_time) = (time(&plain), time(&faces));
    println!("median of {runs} runs, 56 tiles, PDF + SVG + cut files in memory");
    println!("plain:                 {:8.1} ms", plain_time.as_secs_f64() * 1000.0);
    println!("number + icon on each: {:8.1} ms", faces_time.as_secs_f64() * 1000.0);
    println!("ratio:                 {:8.2}", faces_time.as_secs_f64() / plain_time.as_secs_f64());
    let (plain_pdf, faces_pdf) = (pdf_bytes(&plain), pdf_bytes(&faces));
    println!(
        "PDF: {plain_pdf} → {faces_pdf} bytes, {:.0} bytes per tile for its number and icon",
        (faces_pdf - plain_pdf) as f64 / 56.0
    );
    std::fs::remove_dir_all(&folder).ok();
}
