//! The XML of a page's items (thousands of paths) written straight into one string, laid out byte for byte as the `svg` crate's element tree prints it; the crate writes the document around them.
//!
//! The layout: attributes sorted by name and escaped (`&`, `<`, `>`, `"`, `'`), every child
//! element on a line of its own, an element without children closed with `/>`, and a text
//! child (a `<title>`'s) written inline, escaped (`&`, `<`, `>`). Building the crate's tree
//! (a hash map of attributes per element, a box per child) and printing it through `fmt`
//! cost more than drawing the page did; this writes the same text directly, and the crate's
//! document holds it as a [`svg::node::Blob`] in each layer (`render::svg`).

/// A run of sibling elements being written: the text so far, and the elements still open.
#[derive(Debug, Default)]
pub struct Xml {
    text: String,
    /// Each open element's name, and whether a child has been written into it.
    open: Vec<(&'static str, bool)>,
}

impl Xml {
    /// Opens element `name` inside the current one (or beside the previous sibling at the
    /// top, on a line of its own), with `attributes` (in any order).
    pub fn start(&mut self, name: &'static str, attributes: &mut [(&'static str, &str)]) {
        match self.open.last_mut() {
            Some((_, has_children)) => {
                if !*has_children {
                    self.text.push('>');
                    *has_children = true;
                }
                self.text.push('\n');
            }
            None if !self.text.is_empty() => self.text.push('\n'),
            None => {}
        }
        self.text.push('<');
        self.text.push_str(name);
        attributes.sort_unstable_by_key(|(key, _)| *key);
        for (key, value) in attributes.iter() {
            self.text.push(' ');
            self.text.push_str(key);
            self.text.push_str("=\"");
            push_escaped(&mut self.text, value, true);
            self.text.push('"');
        }
        self.open.push((name, false));
    }

    /// Closes the element opened last: `/>` when nothing was written into it.
    pub fn end(&mut self) {
        match self.open.pop() {
            Some((_, false)) => self.text.push_str("/>"),
            Some((name, true)) => {
                self.text.push_str("\n</");
                self.text.push_str(name);
                self.text.push('>');
            }
            None => {}
        }
    }

    /// An element without children.
    pub fn empty(&mut self, name: &'static str, attributes: &mut [(&'static str, &str)]) {
        self.start(name, attributes);
        self.end();
    }

    /// An element holding only `text`, written inline.
    pub fn text_element(&mut self, name: &'static str, text: &str) {
        self.start(name, &mut []);
        self.open.pop();
        self.text.push('>');
        push_escaped(&mut self.text, text, false);
        self.text.push_str("</");
        self.text.push_str(name);
        self.text.push('>');
    }

    /// The text, every element closed.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.end();
        }
        self.text
    }
}

/// `value` with `&`, `<` and `>` escaped, and quotes too in an attribute.
fn push_escaped(out: &mut String, value: &str, attribute: bool) {
    let special =
        |b: &u8| matches!(b, b'&' | b'<' | b'>') || (attribute && matches!(b, b'"' | b'\''));
    if !value.as_bytes().iter().any(special) {
        out.push_str(value);
        return;
    }
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\'' if attribute => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use svg::Node;
    use svg::node::element::{Element, Group, Path, Title, Use};

    #[test]
    fn writes_what_the_svg_crate_printed() {
        let label = "a <b> & \"c\" 'd'";
        let mut xml = Xml::default();
        xml.start("g", &mut [("id", "layer-art"), ("inkscape:label", label), ("b", "1")]);
        xml.text_element("title", label);
        xml.empty("path", &mut [("fill", "#ff0000"), ("d", "M0 0 L1 1")]);
        xml.start("g", &mut [("transform", "matrix(1 0 0 1 2 3)")]);
        xml.empty("g", &mut []);
        xml.end();
        xml.empty("g", &mut [("id", "empty")]);
        let ours = xml.finish();
        let theirs = Group::new()
            .set("inkscape:label", label)
            .set("id", "layer-art")
            .set("b", "1")
            .add(Title::new(label))
            .add(Path::new().set("d", "M0 0 L1 1").set("fill", "#ff0000"))
            .add(Group::new().set("transform", "matrix(1 0 0 1 2 3)").add(Group::new()))
            .add(Group::new().set("id", "empty"));
        assert_eq!(ours, theirs.to_string());
        let mut title = Element::new("title");
        title.append(svg::node::Text::new(""));
        let mut xml = Xml::default();
        xml.text_element("title", "");
        assert_eq!(xml.finish(), title.to_string());
    }

    #[test]
    fn siblings_held_by_a_crate_element_print_as_its_own_children() {
        let mut xml = Xml::default();
        xml.empty("path", &mut [("d", "M0 0 L1 1")]);
        xml.start("g", &mut [("id", "inner")]);
        xml.empty("use", &mut [("href", "#symbol-1")]);
        xml.end();
        let held = Group::new().set("id", "layer").add(svg::node::Blob::new(xml.finish()));
        let built = Group::new()
            .set("id", "layer")
            .add(Path::new().set("d", "M0 0 L1 1"))
            .add(Group::new().set("id", "inner").add(Use::new().set("href", "#symbol-1")));
        assert_eq!(held.to_string(), built.to_string());
    }
}
