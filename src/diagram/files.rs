//! A diagram's files: `<stem>.svg`, `<stem>.pdf` and `<stem>.png`, built in memory after the
//! position has been checked against what the diagram says about it. The PNG is the SVG
//! rasterised by resvg, so it is the same picture; no fonts are involved (text is outlines).
//! A series writes each step's files (`<stem>-1` …) and the strip's (`<stem>`).

use super::draw::diagram_page;
use super::legality::{Violation, violations};
use super::strip::strip_page;
use super::{Diagram, Figure};
use crate::build::OutputFile;
use crate::model::Diagnostic;
use crate::render::pdf::document_to_pdf;
use crate::render::png::{Paper, page_to_png};
use crate::render::svg::page_to_svg;
use crate::scene::Item;
use crate::scene::{Document, Page};
use crate::validate::legibility::figure_problems;

/// What a diagram's check found: the problems with its position (empty when the stated
/// legality holds), those with its figure's legibility (labels and caption as printed), and
/// the rules the position breaks.
#[derive(Clone, Debug)]
pub struct DiagramCheck {
    pub problems: Vec<Diagnostic>,
    pub legibility: Vec<Diagnostic>,
    pub broken: Vec<Violation>,
}

impl DiagramCheck {
    /// Every problem: the position's, then the figure's legibility.
    pub fn all_problems(&self) -> impl Iterator<Item = &Diagnostic> {
        self.problems.iter().chain(&self.legibility)
    }
}

/// Checks the position against `legal` (and `breaks`).
pub fn check_diagram(diagram: &Diagram) -> DiagramCheck {
    let broken = violations(diagram);
    let path = &diagram.path;
    let says = format!("{} says", diagram.claimant());
    // A step's problems say which step they are in.
    let located = |message: String| match diagram.step {
        Some(number) => format!("step {number}: {message}"),
        None => message,
    };
    let mut problems = Vec::new();
    if diagram.legal {
        for violation in &broken {
            problems.push(
                Diagnostic::problem(
                    path,
                    Some(violation.position),
                    located(format!("{} ({})", violation.message, violation.rule)),
                )
                .with_help(format!(
                    "{says} legal = true: move or turn the tile, or set legal = false"
                )),
            );
        }
    } else if broken.is_empty() {
        problems.push(
            Diagnostic::problem(
                path,
                Some(diagram.legal_position),
                located(format!(
                    "{says} legal = false, but the position breaks no rule tilepress checks"
                )),
            )
            .with_help(format!(
                "set legal = true, or change the position; checked: overlap, same-tile, match, off-board{}",
                rule_list(diagram)
            )),
        );
    }
    // Its labels and caption, held to the design's legibility check.
    let (page, texts) = super::draw::diagram_page_and_texts(diagram, "check");
    let items: Vec<Item> = page.layers.into_iter().flat_map(|layer| layer.items).collect();
    let legibility = figure_problems(&items, &texts, &diagram.design.legibility, path);
    let legibility = legibility
        .into_iter()
        .map(|mut problem| {
            problem.message = located(problem.message);
            problem
        })
        .collect();
    for (name, position) in &diagram.breaks {
        if !broken.iter().any(|v| v.rule == name) {
            let found: Vec<&str> = broken.iter().map(|v| v.rule).collect();
            problems.push(
                Diagnostic::problem(
                    path,
                    Some(*position),
                    located(format!("{says} the position breaks `{name}`, but it does not")),
                )
                .with_help(if found.is_empty() {
                    "it breaks no rule".to_string()
                } else {
                    format!("it breaks: {}", found.join(", "))
                }),
            );
        }
    }
    DiagramCheck { problems, legibility, broken }
}

/// `, touch, extend-own…`: the design's move rules, for help texts.
fn rule_list(diagram: &Diagram) -> String {
    diagram
        .design
        .play
        .rules
        .iter()
        .map(|rule| format!(", {}", crate::model::rules::play::rule_name(rule)))
        .collect()
}

/// The SVG, PDF and PNG of a diagram (checked or not), named after `stem`.
pub fn diagram_files(diagram: &Diagram, stem: &str) -> Result<Vec<OutputFile>, String> {
    let title = diagram.caption.clone().unwrap_or_else(|| stem.to_string());
    page_files(diagram_page(diagram, stem), diagram.dpi, title, stem)
}

/// A figure's files: a diagram's, or a series' — each step's as `<stem>-<n>` and the strip
/// of them all as `<stem>`.
pub fn figure_files(figure: &Figure, stem: &str) -> Result<Vec<OutputFile>, String> {
    if !figure.series {
        return diagram_files(figure.first(), stem);
    }
    let mut files = Vec::new();
    for (index, step) in figure.diagrams.iter().enumerate() {
        files.extend(diagram_files(step, &format!("{stem}-{}", index + 1))?);
    }
    let strip = strip_page(&figure.diagrams, stem);
    files.extend(page_files(strip, figure.first().dpi, stem.to_string(), stem)?);
    Ok(files)
}

/// The page a preview shows of a figure: the diagram, or a series' strip.
pub fn figure_page(figure: &Figure, stem: &str) -> Page {
    if figure.series {
        strip_page(&figure.diagrams, stem)
    } else {
        diagram_page(figure.first(), stem)
    }
}

/// Checks every diagram of a figure (a step's problems say which step they are in).
pub fn check_figure(figure: &Figure) -> DiagramCheck {
    let mut all = DiagramCheck { problems: Vec::new(), legibility: Vec::new(), broken: Vec::new() };
    for diagram in &figure.diagrams {
        let check = check_diagram(diagram);
        all.problems.extend(check.problems);
        all.legibility.extend(check.legibility);
        all.broken.extend(check.broken);
    }
    all
}

/// `stem.svg`, `stem.pdf` and `stem.png` of one page (PDF titled `title`).
fn page_files(page: Page, dpi: f64, title: String, stem: &str) -> Result<Vec<OutputFile>, String> {
    let svg = page_to_svg(&page);
    // Every diagram lies on white paper (`draw::lay_out`): its PNG is opaque, written as RGB.
    let png = page_to_png(&page, dpi, Paper::White)?;
    let pdf = document_to_pdf(&Document { title, pages: vec![page] });
    Ok(vec![
        OutputFile { name: format!("{stem}.svg"), bytes: svg.into_bytes() },
        OutputFile { name: format!("{stem}.pdf"), bytes: pdf },
        OutputFile { name: format!("{stem}.png"), bytes: png },
    ])
}
