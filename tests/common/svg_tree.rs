//! Reading built SVGs in tests: every path of a usvg tree, and the shipped diagram files.

use std::path::PathBuf;

use resvg::usvg::{self, Node};

/// Calls `f` on every path under `group`, depth first.
pub fn visit_paths(group: &usvg::Group, f: &mut dyn FnMut(&usvg::Path)) {
    for node in group.children() {
        match node {
            Node::Group(g) => visit_paths(g, f),
            Node::Path(p) => f(p),
            _ => {}
        }
    }
}

/// The shipped diagram files (`diagrams/*.toml`), sorted.
pub fn shipped_diagrams() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(super::root().join("diagrams"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    found.sort();
    found
}
