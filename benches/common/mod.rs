//! What the benchmarks share: the median of repeated timings, and the 1,000-card deck.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The median of `runs` timings of `work`.
pub fn median(runs: usize, mut work: impl FnMut()) -> Duration {
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

/// Issue 14's benchmark, written into `dir`: 1,000 poker cards, one CSV row each, with
/// Saltmarsh's card face (a rounded rectangle, a circle, the rank three times, the card's
/// own name fitted in a box, its price with an icon and its good's picture twice) and its
/// common back. 112 sheets of A4 or Letter.
#[allow(
    dead_code,
    reason = "the build and legibility benchmarks use it, the others share this module"
)]
pub fn thousand_cards(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let saltmarsh = std::fs::read_to_string(root.join("designs/saltmarsh.toml")).expect("reads");
    // The card faces come first; the track's face and the other parts after them.
    let faces = saltmarsh.split("[faces.track-cell]").next().expect("faces");
    let design = format!(
        "{faces}[[decks]]\nname = \"cards\"\nsize = \"poker\"\ncorner_radius_mm = 3\n\
         background = \"paper\"\nfront = \"card\"\nback = \"card-back\"\ndata = \"cards.csv\"\n"
    );
    let mut csv = String::from("good,rank,name,count\n");
    for card in 0..1000 {
        let good = ["salt", "wool", "tea", "rum"][card % 4];
        csv.push_str(&format!("{good},{},Cargo {},1\n", card / 4 + 1, card + 1));
    }
    // The coin icon of the price, looked for beside the design as Saltmarsh names it.
    let icons = dir.join("assets/saltmarsh");
    std::fs::create_dir_all(&icons).expect("scratch folder");
    let coin = root.join("designs/assets/saltmarsh/coin.svg");
    std::fs::copy(coin, icons.join("coin.svg")).expect("copies the coin icon");
    // The goods' pictures, looked for beside the data file.
    let goods = root.join("designs/assets/saltmarsh/goods");
    std::fs::create_dir_all(dir.join("goods")).expect("scratch folder");
    for picture in std::fs::read_dir(&goods).expect("reads the goods' folder") {
        let picture = picture.expect("reads the goods' folder").path();
        let name = picture.file_name().expect("a file name");
        std::fs::copy(&picture, dir.join("goods").join(name)).expect("copies a picture");
    }
    std::fs::write(dir.join("cards.csv"), csv).expect("writes the CSV");
    let path = dir.join("thousand-cards.toml");
    std::fs::write(&path, design).expect("writes the design");
    path
}
