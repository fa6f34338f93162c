//! The page, shipped inside the binary: plain HTML, CSS and JavaScript, no network.

/// The page of one design (`/d/<stem>/`) as written; it finds its design from its own
/// address. [`design_page`] is what is served.
pub const DESIGN_PAGE: &str = include_str!("assets/design.html");

/// The page of one design with its colour-vision filters filled in.
pub fn design_page() -> &'static str {
    static PAGE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        DESIGN_PAGE
            .replace("<!-- vision filters -->", &crate::render::vision_filters::vision_filters())
    });
    &PAGE
}

pub const PAGE_CSS: &str = include_str!("assets/page.css");
pub const PAGE_JS: &str = include_str!("assets/page.js");

/// The list of designs to pick from (`/` when several are served).
pub fn index_page<'a>(stems: impl Iterator<Item = &'a str>) -> String {
    let items: String = stems
        .map(|stem| {
            let stem = escape(stem);
            format!("<li><a href=\"/d/{stem}/\">{stem}</a></li>\n")
        })
        .collect();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>tilepress</title><link rel=\"stylesheet\" href=\"/page.css\"></head>\n\
         <body class=\"index\"><h1>tilepress designs</h1>\n<ul id=\"designs\">\n{items}</ul></body></html>\n"
    )
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_links_every_design_escaped() {
        let page = index_page(["tantrix", "a<b"].into_iter());
        assert!(page.contains("<a href=\"/d/tantrix/\">tantrix</a>"));
        assert!(page.contains("a&lt;b") && !page.contains("a<b"));
    }
}
