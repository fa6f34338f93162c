//! Paper sizes by name (A3, A4, A5, Letter, Legal) or as `WIDTHxHEIGHT` in millimetres.

/// A named paper size, portrait: (name, width mm, height mm).
const NAMED: [(&str, f64, f64); 5] = [
    ("A3", 297.0, 420.0),
    ("A4", 210.0, 297.0),
    ("A5", 148.0, 210.0),
    ("Letter", 215.9, 279.4),
    ("Legal", 215.9, 355.6),
];

/// Smallest and largest paper side accepted, in mm.
pub const PAPER_SIDE_RANGE_MM: (f64, f64) = (50.0, 2000.0);

/// Parses a paper name (any case) or `WxH` in mm; returns the canonical name and the
/// portrait size (width ≤ height), or a message saying what is accepted.
pub fn parse_paper(text: &str) -> Result<(String, (f64, f64)), String> {
    let trimmed = text.trim();
    if let Some(&(name, w, h)) = NAMED.iter().find(|(name, ..)| name.eq_ignore_ascii_case(trimmed))
    {
        return Ok((name.to_string(), (w, h)));
    }
    let custom = trimmed
        .to_ascii_lowercase()
        .split_once('x')
        .and_then(|(w, h)| Some((w.trim().parse::<f64>().ok()?, h.trim().parse::<f64>().ok()?)));
    let (min, max) = PAPER_SIDE_RANGE_MM;
    match custom {
        Some((w, h)) if w.is_finite() && h.is_finite() && w.min(h) >= min && w.max(h) <= max => {
            Ok((format!("{w}x{h}mm"), (w.min(h), w.max(h))))
        }
        Some(_) => Err(format!("paper `{trimmed}`: each side must be between {min} and {max} mm")),
        None => Err(format!(
            "unknown paper `{trimmed}`: use A3, A4, A5, Letter, Legal, or WIDTHxHEIGHT in mm such as 210x297"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive_and_custom_sizes_are_portrait() {
        assert_eq!(parse_paper("a4").unwrap(), ("A4".to_string(), (210.0, 297.0)));
        assert_eq!(parse_paper("LETTER").unwrap().1, (215.9, 279.4));
        assert_eq!(parse_paper("300x200").unwrap().1, (200.0, 300.0));
        assert!(parse_paper("B5").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse_paper("10x10").unwrap_err().contains("between"));
        assert!(parse_paper("nanxnan").is_err());
    }
}
