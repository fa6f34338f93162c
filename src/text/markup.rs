//! Inline markup of a text layer, typed in a TOML string or a spreadsheet cell: `**bold**`,
//! `*italic*`, `***bold italic***`, `:icon:` (a name of the design's `[icons]`), a line
//! break as a new line or `\n`, and `\` before a character to print it as it is (`\*`,
//! `\:`, `\\`).
//!
//! A run of stars opens a style when a letter follows it and closes one when a letter
//! precedes it; stars with spaces on both sides (`5 * 3`) are printed. An icon's name starts
//! with a letter and holds letters, digits, `-` and `_` (`10:30:` is text).

/// One piece of a line: text in a style, or an inline icon.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Piece {
    Text { text: String, bold: bool, italic: bool },
    Icon(String),
}

/// A text with markup, as lines (broken where the text says) of pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Marked {
    pub lines: Vec<Vec<Piece>>,
}

/// What is wrong with a text's markup.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkupError {
    pub message: String,
    pub help: String,
}

/// Whether `text` holds no markup at all (laid out as plain text, as before markup existed).
pub fn is_plain(text: &str) -> bool {
    !text.contains(['*', ':', '\\'])
}

impl Marked {
    /// The icon names the text uses, in order.
    pub fn icons(&self) -> impl Iterator<Item = &str> {
        self.lines.iter().flatten().filter_map(|piece| match piece {
            Piece::Icon(name) => Some(name.as_str()),
            Piece::Text { .. } => None,
        })
    }

    /// The text as printed, without markup and icons.
    pub fn plain_text(&self) -> String {
        let lines: Vec<String> = self
            .lines
            .iter()
            .map(|line| {
                line.iter()
                    .filter_map(|piece| match piece {
                        Piece::Text { text, .. } => Some(text.as_str()),
                        Piece::Icon(_) => None,
                    })
                    .collect()
            })
            .collect();
        lines.join("\n")
    }

    /// Whether any piece is bold or italic, or an icon.
    pub fn is_rich(&self) -> bool {
        self.lines.iter().flatten().any(|piece| match piece {
            Piece::Text { bold, italic, .. } => *bold || *italic,
            Piece::Icon(_) => true,
        })
    }
}

/// The text's lines and pieces, or what is wrong with its markup.
pub fn parse(text: &str) -> Result<Marked, MarkupError> {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser::default();
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        match c {
            '\\' => {
                match chars.get(at + 1) {
                    Some('n') => parser.break_line(),
                    Some(&next) => parser.push(next),
                    None => {
                        return Err(MarkupError {
                            message: "the text ends with a lone `\\`".into(),
                            help: "write `\\\\` for a backslash; `\\` prints the character after it as it is".into(),
                        });
                    }
                }
                at += 2;
            }
            '\n' => {
                parser.break_line();
                at += 1;
            }
            '*' => {
                let run = chars[at..].iter().take_while(|&&c| c == '*').count();
                let before = at.checked_sub(1).map(|k| chars[k]);
                let after = chars.get(at + run).copied();
                let letter = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace());
                parser.stars(run, letter(before), letter(after));
                at += run;
            }
            ':' => match icon_name(&chars[at + 1..]) {
                Some(name) => {
                    at += name.chars().count() + 2;
                    parser.icon(name);
                }
                None => {
                    parser.push(':');
                    at += 1;
                }
            },
            _ => {
                parser.push(c);
                at += 1;
            }
        }
    }
    parser.finish()
}

/// The icon name at the start of `rest` when it is closed by `:`.
fn icon_name(rest: &[char]) -> Option<String> {
    let first = rest.first()?;
    if !first.is_alphabetic() {
        return None;
    }
    let length =
        rest.iter().take_while(|c| c.is_alphanumeric() || **c == '-' || **c == '_').count();
    (rest.get(length) == Some(&':')).then(|| rest[..length].iter().collect())
}

#[derive(Default)]
struct Parser {
    lines: Vec<Vec<Piece>>,
    line: Vec<Piece>,
    text: String,
    bold: bool,
    italic: bool,
}

impl Parser {
    fn push(&mut self, c: char) {
        self.text.push(c);
    }

    /// Ends the text piece being written (before a change of style, an icon or a break).
    fn flush(&mut self) {
        if !self.text.is_empty() {
            let text = std::mem::take(&mut self.text);
            self.line.push(Piece::Text { text, bold: self.bold, italic: self.italic });
        }
    }

    fn break_line(&mut self) {
        self.flush();
        self.lines.push(std::mem::take(&mut self.line));
    }

    fn icon(&mut self, name: String) {
        self.flush();
        self.line.push(Piece::Icon(name));
    }

    /// A run of `run` stars, with a letter before and/or after it.
    fn stars(&mut self, run: usize, letter_before: bool, letter_after: bool) {
        let (bold, italic) = match run {
            1 => (false, true),
            2 => (true, false),
            3 => (true, true),
            _ => {
                self.text.extend(std::iter::repeat_n('*', run));
                return;
            }
        };
        let open = (!bold || self.bold) && (!italic || self.italic);
        let closes = letter_before && open && (self.bold || self.italic);
        let opens = letter_after && (!bold || !self.bold) && (!italic || !self.italic);
        if closes || opens {
            self.flush();
            if bold {
                self.bold = !closes;
            }
            if italic {
                self.italic = !closes;
            }
        } else {
            self.text.extend(std::iter::repeat_n('*', run));
        }
    }

    fn finish(mut self) -> Result<Marked, MarkupError> {
        let open = match (self.bold, self.italic) {
            (true, true) => Some("`***` (bold italic)"),
            (true, false) => Some("`**` (bold)"),
            (false, true) => Some("`*` (italic)"),
            (false, false) => None,
        };
        if let Some(open) = open {
            return Err(MarkupError {
                message: format!("{open} is opened and not closed"),
                help:
                    "close it after the last word it is for (`**bold**`), or write `\\*` for a star"
                        .into(),
            });
        }
        self.break_line();
        Ok(Marked { lines: self.lines })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(text: &str, bold: bool, italic: bool) -> Piece {
        Piece::Text { text: text.into(), bold, italic }
    }

    #[test]
    fn stars_make_bold_italic_and_both() {
        let marked = parse("a **b** *c* ***d*** e").unwrap();
        assert_eq!(
            marked.lines,
            [vec![
                text("a ", false, false),
                text("b", true, false),
                text(" ", false, false),
                text("c", false, true),
                text(" ", false, false),
                text("d", true, true),
                text(" e", false, false),
            ]]
        );
    }

    #[test]
    fn a_word_half_bold_and_italic_inside_bold() {
        let marked = parse("**un**done **very *much* so**").unwrap();
        assert_eq!(
            marked.lines[0],
            [
                text("un", true, false),
                text("done ", false, false),
                text("very ", true, false),
                text("much", true, true),
                text(" so", true, false),
            ]
        );
    }

    #[test]
    fn lone_stars_colons_and_escapes_are_printed() {
        let marked = parse("5 * 3 at 10:30: \\*not\\* \\:x: a\\\\b").unwrap();
        assert_eq!(marked.lines, [vec![text("5 * 3 at 10:30: *not* :x: a\\b", false, false)]]);
        assert!(!marked.is_rich());
    }

    #[test]
    fn icons_and_line_breaks() {
        let marked = parse("Pay :coin: now\\nor\nlater :big-star_2:").unwrap();
        assert_eq!(
            marked.lines,
            [
                vec![
                    text("Pay ", false, false),
                    Piece::Icon("coin".into()),
                    text(" now", false, false)
                ],
                vec![text("or", false, false)],
                vec![text("later ", false, false), Piece::Icon("big-star_2".into())],
            ]
        );
        assert_eq!(marked.icons().collect::<Vec<_>>(), ["coin", "big-star_2"]);
        assert_eq!(marked.plain_text(), "Pay  now\nor\nlater ");
    }

    #[test]
    fn unbalanced_markup_is_an_error() {
        for (written, open) in
            [("**bold", "`**`"), ("*it", "`*`"), ("***x", "`***`"), ("a **b *c** d", "`*`")]
        {
            let error = parse(written).unwrap_err();
            assert!(error.message.contains(open), "{written}: {error:?}");
        }
        assert!(parse("ends \\").unwrap_err().message.contains("lone"));
    }

    #[test]
    fn plain_texts_are_known_without_parsing() {
        assert!(is_plain("Saltmarsh\nSmugglers"));
        assert!(!is_plain("**x**") && !is_plain("a:b") && !is_plain("\\n"));
    }
}
