//! How a sheet is laminated: whole, cut on the shared lines (the default), or sealed — items spaced apart, each cut at its outline plus a border of film fused to film (`laminate`, `seal_mm`, `--laminate`, `--seal`).

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::number_text;
use crate::model::print::sheet_table::SheetTable;

/// How the printed sheets are laminated.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Laminate {
    /// The sheet is laminated whole and cut on its lines: tiles share their cuts.
    #[default]
    Sheet,
    /// Each item keeps a border of `seal_mm` beyond its outline, where the film seals to
    /// itself: items are spaced apart and cut at the outline plus the seal, corners rounded.
    Sealed { seal_mm: f64 },
}

impl Laminate {
    /// The sealed border, when sealed.
    pub fn seal_mm(self) -> Option<f64> {
        match self {
            Laminate::Sheet => None,
            Laminate::Sealed { seal_mm } => Some(seal_mm),
        }
    }
}

/// The sealed border when the design names none, in mm: what pouch laminators leave
/// around a card (3 mm keeps the film sealed on 80–125 micron pouches).
pub const DEFAULT_SEAL_MM: f64 = 3.0;
/// The seals accepted, in mm: more than nothing, at most a thumb's width.
pub const SEAL_RANGE_MM: (f64, f64) = (0.5, 20.0);
/// The ways of laminating, as `laminate` and `--laminate` name them.
pub const LAMINATE_CHOICES: &str = "sheet or sealed";

/// Why a part cannot be sealed, and what to do.
pub const SEAL_REFUSED: &str = "sealed lamination seals items cut out one by one (tiles, cards and counters): pieces are cut along their grid's shared lines and nets are folded, so neither keeps a sealed border";
pub const SEAL_REFUSED_HELP: &str = "laminate this design as a sheet (the default: without `--laminate sealed` and `laminate = \"sealed\"`), or put the tiles, cards and counters to seal in a design of their own";
/// What to do about a seal larger than an item.
pub const SEAL_TOO_LARGE_HELP: &str = "give a smaller seal (`seal_mm`, `--seal`; 3 mm is usual)";

/// The help for a build refusal of sealed sheets ([`SEAL_REFUSED`], a seal larger than an
/// item), or `None` for another refusal.
pub fn seal_refusal_help(message: &str) -> Option<&'static str> {
    if message.contains(SEAL_REFUSED) {
        Some(SEAL_REFUSED_HELP)
    } else if message.starts_with("a seal of ") {
        Some(SEAL_TOO_LARGE_HELP)
    } else {
        None
    }
}

/// `sheet` or `sealed` (with the seal `seal_mm`).
pub fn parse_laminate(text: &str, seal_mm: f64) -> Option<Laminate> {
    match text.trim().to_ascii_lowercase().as_str() {
        "sheet" => Some(Laminate::Sheet),
        "sealed" => Some(Laminate::Sealed { seal_mm }),
        _ => None,
    }
}

/// Why `seal_mm` is refused: out of [`SEAL_RANGE_MM`], or not a number.
pub fn seal_out_of_range(seal_mm: f64) -> Option<String> {
    let (low, high) = SEAL_RANGE_MM;
    (!(seal_mm.is_finite() && (low..=high).contains(&seal_mm))).then(|| {
        format!(
            "a seal of {} mm is not from {} to {} mm",
            number_text(seal_mm),
            number_text(low),
            number_text(high)
        )
    })
}

/// Why a seal of `seal_mm` is refused on an item `width × height` mm (`what`: `a card`):
/// a border wider than the item itself is not a seal but a sheet of film.
pub fn seal_larger_than(seal_mm: f64, what: &str, (width, height): (f64, f64)) -> Option<String> {
    (seal_mm > width.min(height)).then(|| {
        format!(
            "a seal of {} mm is larger than {what} ({} × {} mm)",
            number_text(seal_mm),
            number_text(width),
            number_text(height)
        )
    })
}

/// The lamination `[sheet]` asks for (`laminate`, `seal_mm`), its mistakes reported at
/// their keys; `seal_mm` without `laminate = "sealed"` is a mistake too.
pub fn resolve_laminate(resolver: &mut Resolver<'_>, table: &SheetTable) -> Laminate {
    let seal_mm = match &table.seal_mm {
        Some(seal) => match seal_out_of_range(*seal.get_ref()) {
            None => *seal.get_ref(),
            Some(message) => {
                let help = format!(
                    "give the border the film keeps around each item in mm, e.g. `seal_mm = {}`",
                    number_text(DEFAULT_SEAL_MM)
                );
                resolver.error(&seal.span(), format!("`seal_mm`: {message}"), &help);
                DEFAULT_SEAL_MM
            }
        },
        None => DEFAULT_SEAL_MM,
    };
    let laminate = match &table.laminate {
        None => Some(Laminate::Sheet),
        Some(name) => {
            let laminate = parse_laminate(name.get_ref(), seal_mm);
            if laminate.is_none() {
                resolver.error(
                    &name.span(),
                    format!("unknown lamination `{}`", name.get_ref()),
                    &format!("use one of {LAMINATE_CHOICES}"),
                );
            }
            laminate
        }
    };
    if let (Some(Laminate::Sheet), Some(seal)) = (laminate, &table.seal_mm) {
        resolver.error(
            &seal.span(),
            "`seal_mm` is set but the sheet is not sealed".into(),
            "add `laminate = \"sealed\"` to `[sheet]`, or remove `seal_mm`",
        );
    }
    laminate.unwrap_or_default()
}

/// What a sealed design must not hold, reported at `laminate`: parts that cannot keep a
/// sealed border (`has_pieces`, `has_nets`), and items smaller than the seal (`items`:
/// each named with its width and height).
pub fn check_sealed(
    resolver: &mut Resolver<'_>,
    table: Option<&SheetTable>,
    laminate: Laminate,
    (has_pieces, has_nets): (bool, bool),
    items: &[(String, (f64, f64))],
) {
    let (Some(seal_mm), Some(table)) = (laminate.seal_mm(), table) else { return };
    let Some(name) = &table.laminate else { return };
    if has_pieces || has_nets {
        let which = match (has_pieces, has_nets) {
            (true, true) => "pieces and nets",
            (true, false) => "pieces",
            _ => "nets",
        };
        let message = format!("the design has {which}, which cannot be sealed: {SEAL_REFUSED}");
        resolver.error(&name.span(), message, SEAL_REFUSED_HELP);
    }
    let span = table.seal_mm.as_ref().map_or(name.span(), Spanned::span);
    let too_large = items.iter().find_map(|(what, size)| seal_larger_than(seal_mm, what, *size));
    if let Some(message) = too_large {
        resolver.error(&span, message, SEAL_TOO_LARGE_HELP);
    }
}
