//! `tilepress serve` in a real browser: headless Chromium (Debian's `chromium`, driven over
//! the DevTools protocol by `headless_chrome`) opens the page; the test saves changes to the
//! design and reads the page's DOM: a new sheet appears without a reload, keeping zoom and
//! scroll, a broken design shows its error with the line number over the last picture, and
//! the "seen by" switch shows the sheets' colours as a deuteranope sees them, and back.
//!
//! Skips (saying so) when chromium is not on `PATH`, unless `CI` is set: CI installs it.
//! `UPDATE_SCREENSHOT=1` also saves the page as docs/images/serve-page.png for the README.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::png_image::decoded;
use common::server::{PATIENCE, Server, project_copy, save};
use common::tools::{in_ci, on_path};
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::types::Bounds;
use headless_chrome::{Browser, LaunchOptions, Tab};
use tilepress::scene::Colour;
use tilepress::scene::vision::Deficiency;

/// The browser on `PATH` (Debian's `chromium` package, or Ubuntu's name for it).
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser"].into_iter().find_map(on_path)
}

/// Evaluates `expression` in the page; its value as JSON text.
fn value(tab: &Tab, expression: &str) -> String {
    let result = tab.evaluate(&format!("JSON.stringify({expression})"), false).expect("evaluate");
    result.value.and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
}

/// Waits until `expression` is `true` in the page.
fn wait_until(tab: &Tab, what: &str, expression: &str) {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        if value(tab, expression) == "true" {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let sheets = value(
        tab,
        "[...document.querySelectorAll('figure.sheet img')].map(i => [i.src, i.dataset.want, i.complete, i.naturalWidth])",
    );
    panic!("the page never showed {what} ({expression}); sheets: {sheets}");
}

/// Every sheet shown and its picture loaded.
const SHEETS_LOADED: &str = "[...document.querySelectorAll('figure.sheet img')]\
    .every(img => img.complete && img.naturalWidth > 0 && img.src.includes(img.dataset.want))";

#[test]
fn the_page_follows_the_design_in_chromium() {
    let Some(browser_path) = chromium() else {
        assert!(
            !in_ci(),
            "chromium is not installed, and CI must run the browser test (.ci/run installs it)"
        );
        println!("SKIPPED the browser test: chromium is not installed (apt-get install chromium)");
        return;
    };
    let dir = project_copy("serve-browser");
    let design = dir.join("designs/tantrix.toml");
    let text = std::fs::read_to_string(&design).unwrap();
    let server = Server::start(&dir, &["designs/tantrix.toml"]);

    let options = LaunchOptions::default_builder()
        .path(Some(browser_path))
        .sandbox(false) // CI runs as root, where Chromium's sandbox cannot start
        .headless(true)
        .window_size(Some((1400, 900)))
        .idle_browser_timeout(PATIENCE * 2)
        .build()
        .expect("launch options");
    let browser = Browser::new(options).expect("start chromium");
    let tab = browser.new_tab().expect("a tab");
    tab.set_default_timeout(PATIENCE);
    tab.navigate_to(&format!("{}d/tantrix/", server.url)).expect("open the page");
    wait_until(
        &tab,
        "the four sheet sides",
        "document.querySelectorAll('figure.sheet').length === 4",
    );
    wait_until(&tab, "the sheets' pictures", SHEETS_LOADED);
    wait_until(
        &tab,
        "the check summary",
        "document.getElementById('summary').textContent.includes('complete')",
    );
    wait_until(
        &tab,
        "the diagrams",
        "document.querySelectorAll('figure.diagram img').length === 6",
    );
    assert_eq!(value(&tab, "document.getElementById('name').textContent"), "\"Tantrix\"");
    save_screenshot(&tab, &dir);
    the_seen_by_switch_filters_the_sheets(&tab, &dir);

    // Zoom in, scroll down, and mark the window: all three must survive the update.
    tab.wait_for_element("#zoom-in").unwrap().click().unwrap();
    let zoom = value(&tab, "getComputedStyle(document.documentElement).getPropertyValue('--zoom')");
    assert_eq!(zoom, "\"1.25\"");
    value(&tab, "(document.getElementById('view').scrollTop = 700, window.sameWindow = 1)");
    let scrolled = value(&tab, "document.getElementById('view').scrollTop");

    // Bigger tiles: 56 no longer fit on two sheets, so a third one appears.
    let bigger = text.replacen("edge_mm = 24.0", "edge_mm = 30.0", 1);
    assert_ne!(bigger, text);
    save(&design, &bigger);
    wait_until(
        &tab,
        "the new third sheet",
        "!!document.querySelector('figure.sheet[data-file=\"tantrix-sheet-03-front.svg\"] img')",
    );
    wait_until(&tab, "the new sheets' pictures", SHEETS_LOADED);
    assert_eq!(value(&tab, "window.sameWindow"), "1", "the page was not reloaded");
    assert_eq!(
        value(&tab, "getComputedStyle(document.documentElement).getPropertyValue('--zoom')"),
        zoom
    );
    assert_eq!(value(&tab, "document.getElementById('view').scrollTop"), scrolled, "scroll kept");
    let sheets = value(&tab, "document.querySelectorAll('figure.sheet').length");
    assert!(sheets.parse::<usize>().unwrap() > 4, "{sheets} sheet sides");

    // A broken design: the error with its line, over the last good sheets.
    let line = text.lines().position(|l| l.starts_with("edge_mm")).unwrap() + 1;
    save(&design, &bigger.replacen("edge_mm = 30.0", "edge_mm = \"thirty\"", 1));
    wait_until(&tab, "the error", "!document.getElementById('error').hidden");
    let error = value(&tab, "document.getElementById('error').textContent");
    assert!(error.contains(&format!("tantrix.toml:{line}:")), "{error}");
    assert_eq!(
        value(&tab, &format!("!!document.querySelector('#error a[data-line=\"{line}\"]')")),
        "true"
    );
    let shown = value(&tab, "document.querySelectorAll('figure.sheet').length");
    assert_eq!(shown, sheets, "the last good sheets stay");
    assert_eq!(
        value(&tab, &format!("document.getElementById('line-{line}').className")),
        "\"flagged\""
    );

    save(&design, &text);
    wait_until(&tab, "the error gone", "document.getElementById('error').hidden");
    wait_until(&tab, "two sheets again", "document.querySelectorAll('figure.sheet').length === 4");
    wait_until(&tab, "the sheets' pictures", SHEETS_LOADED);

    // A tablet held upright: the report goes below the sheets, which fit the width.
    let tablet = Bounds::Normal { left: None, top: None, width: Some(820.0), height: Some(1180.0) };
    tab.set_bounds(tablet).expect("resize");
    wait_until(&tab, "the tablet layout", "innerWidth < 900");
    wait_until(
        &tab,
        "the report below the sheets",
        "document.getElementById('side').getBoundingClientRect().left < 50",
    );
    value(&tab, "document.getElementById('zoom-fit').click()");
    let sheet_width =
        value(&tab, "document.querySelector('figure.sheet img').getBoundingClientRect().right");
    let width: f64 = sheet_width.parse().expect("a width");
    assert!(width > 400.0 && width <= 820.0, "a sheet spans the tablet's width: {width}");
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("screenshot");
    std::fs::write(dir.join("serve-page-tablet.png"), png).unwrap();

    // The rule removed: explain's answer beside the check report, the rule to paste.
    assert_eq!(value(&tab, "document.getElementById('explain').hidden"), "true");
    save(&design, &crate::explain::rule_removed(&text));
    wait_until(&tab, "explain's answer", "!document.getElementById('explain').hidden");
    let answer = value(&tab, "document.getElementById('explain-text').textContent");
    assert!(answer.contains("It derives the 56 tiles listed, exactly."), "{answer}");
    assert!(answer.contains("[rule]"), "{answer}");
    let said = value(&tab, "document.getElementById('explain-said').textContent");
    assert!(said.contains("this one explains its list"), "{said}");
    value(&tab, "document.getElementById('explain').scrollIntoView()");
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("screenshot");
    std::fs::write(dir.join("serve-page-explain.png"), png).unwrap();
    save(&design, &text);
    wait_until(&tab, "the answer gone", "document.getElementById('explain').hidden");
}

/// The page as the README shows it (written into docs/images/ with `UPDATE_SCREENSHOT=1`).
fn save_screenshot(tab: &Tab, dir: &Path) {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::write(dir.join("serve-page.png"), &png).unwrap();
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::fs::write(common::root().join("docs/images/serve-page.png"), &png).unwrap();
    }
}

/// Tantrix's red, as written in its palette.
const TANTRIX_RED: Colour = Colour { r: 0xd6, g: 0x28, b: 0x28 };

/// How many pixels of the page's screenshot lie within `tolerance` levels of `colour`.
fn pixels_near(tab: &Tab, dir: &Path, colour: Colour, tolerance: u8) -> usize {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("screenshot");
    let file = dir.join("seen-by.png");
    std::fs::write(&file, png).unwrap();
    let wanted = [colour.r, colour.g, colour.b];
    let near = |p: &[u8; 3]| p.iter().zip(wanted).all(|(a, b)| a.abs_diff(b) <= tolerance);
    decoded(&file).rgb.iter().filter(|p| near(p)).count()
}

/// Picks `name` in the "seen by" switch as a user would (its change event).
fn choose_vision(tab: &Tab, name: &str) {
    value(
        tab,
        &format!(
            "(document.getElementById('vision').value = '{name}', \
             document.getElementById('vision').dispatchEvent(new Event('change')), 1)"
        ),
    );
}

/// "Seen by: deuteranopes": the sheets' red lines turn the olive the simulation gives (the
/// filter is the simulation's own matrix, applied by the browser), and back to red.
fn the_seen_by_switch_filters_the_sheets(tab: &Tab, dir: &Path) {
    let olive = Deficiency::Deutan.simulate(TANTRIX_RED);
    // The browser filters in 8-bit linear light: a few levels from the model's rounding.
    let tolerance = 12;
    let red = pixels_near(tab, dir, TANTRIX_RED, 4);
    assert!(red > 2000, "red pixels of the sheets on the page: {red}");
    let olive_before = pixels_near(tab, dir, olive, tolerance);

    choose_vision(tab, "deutan");
    let filter = value(tab, "getComputedStyle(document.getElementById('view')).filter");
    assert!(filter.contains("#deutan"), "the sheets' filter: {filter}");
    let red_seen = pixels_near(tab, dir, TANTRIX_RED, 4);
    let olive_seen = pixels_near(tab, dir, olive, tolerance);
    eprintln!(
        "seen by deuteranopes: red {red} -> {red_seen} px, {} {olive_before} -> {olive_seen} px",
        olive.to_hex()
    );
    assert!(red_seen * 50 < red, "red pixels left under the filter: {red_seen} of {red}");
    assert!(
        olive_seen >= olive_before + red * 9 / 10,
        "the red lines as a deuteranope sees them ({}): {olive_before} -> {olive_seen} px, red was {red}",
        olive.to_hex()
    );

    choose_vision(tab, "");
    assert_eq!(value(tab, "getComputedStyle(document.getElementById('view')).filter"), "\"none\"");
    assert_eq!(pixels_near(tab, dir, TANTRIX_RED, 4), red, "the sheets' red back");
}
