//! Room 7: print settings: `[sheet]` as written and resolved (`sheet_table`, `sheet_settings`:
//! paper, orientation, margins, duplex, what tile backs show), paper sizes (`paper`), bleed and
//! duplex corrections (`corrections`), print shops' presets (`print_presets`), lamination
//! (`laminate`), the bleed's limit (`bleed_limit`), die-cut and label sheets (`sheet_template`),
//! PDF/X and its CMYK output profile (`pdf_x`), colours in the press's inks (`press`) and
//! what the press prints for them (`proof`),
//! the work a part expands to (`work`), and what printed faces and figures are held to
//! (`legibility`, `figure_style`).
//!
//! May use: the rooms below (`input` to `rules`), `geometry`, `scene`.

pub mod bleed_limit;
pub mod corrections;
pub mod figure_style;
pub mod laminate;
pub mod legibility;
pub mod paper;
pub mod pdf_x;
pub mod press;
pub mod print_presets;
pub mod proof;
pub mod sheet_settings;
pub mod sheet_table;
pub mod sheet_template;
pub mod work;
