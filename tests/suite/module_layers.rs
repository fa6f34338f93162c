//! The pipeline runs one way: every `crate::` import under `src/` is allowed by the "may use"
//! column of ARCHITECTURE.md's table, the top-level modules import one another without a
//! cycle, the files of the face and shell folders import one another without a cycle, and
//! the rooms of `model/` each import only the rooms below them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Folders whose files must not import one another in a circle.
const ACYCLIC_FOLDERS: [&str; 4] = ["model/face", "compose/layers", "text", "cli"];

/// The rooms of `model/`, lowest first: a file of one may import only files of its own room
/// and of the rooms before it (as each room's `mod.rs` says).
const MODEL_ROOMS: [&str; 9] =
    ["input", "context", "data", "colours", "face", "rules", "print", "parts", "design"];

/// The lower stages: each may use none of the stages after it.
const BASE_MODULES: [(&str, &[&str]); 4] = [
    ("model", &["face", "compose", "sources", "impose", "render", "build", "validate", "diagram"]),
    ("geometry", &["model", "compose", "sources", "impose", "render", "build", "text", "scene"]),
    ("scene", &["model", "compose", "sources", "impose", "render", "build", "text"]),
    ("text", &["model", "compose", "sources", "impose", "render", "build", "scene"]),
];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The code of a file without its comments and without its test module (tests may reach
/// anywhere).
fn code_of(source: &str) -> String {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module path (segments from `src/`) a file defines: `model/face/mod.rs` → `model::face`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut segments: Vec<String> =
        relative.iter().map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    if segments.last().is_some_and(|s| s == "mod") {
        segments.pop();
    }
    segments
}

/// Splits a use tree's `{a, b::{c, d}}` list at its top-level commas.
fn split_list(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().map(str::trim).filter(|p| !p.is_empty()).collect()
}

/// The full paths a use tree names, each prefixed by `prefix`.
fn use_paths(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut head = prefix.to_vec();
        head.extend(
            tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from),
        );
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        for part in split_list(inner) {
            use_paths(part, &head, out);
        }
        return;
    }
    let path = tree.split(" as ").next().unwrap_or_default();
    let mut full = prefix.to_vec();
    full.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
    out.push(full);
}

/// The module paths (from `src/`) a file's code imports: `use crate::…`, `use super::…` and
/// `crate::…` paths written inline.
fn imports(code: &str, me: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before_ok = at == 0 || !rest.as_bytes()[at - 1].is_ascii_alphanumeric();
        let after = &rest[at + 4..];
        let end = after.find(';').unwrap_or(after.len());
        let tree = after[..end].trim();
        if before_ok {
            if let Some(t) = tree.strip_prefix("crate::") {
                use_paths(t, &[], &mut paths);
            } else if tree.starts_with("super::") || tree.starts_with("self::") {
                // `super` is the module's parent, `self` the module, whatever its file.
                let mut base = me.to_vec();
                let mut t = tree.strip_prefix("self::").unwrap_or(tree);
                while let Some(up) = t.strip_prefix("super::") {
                    base.pop();
                    t = up;
                }
                use_paths(t, &base, &mut paths);
            }
        }
        rest = &after[end..];
    }
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + 7..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(after.len());
        let path: Vec<String> =
            after[..end].split("::").filter(|s| !s.is_empty()).map(String::from).collect();
        paths.push(path);
        rest = &after[end..];
    }
    paths
}

/// The sources: module path → (file, its code).
fn sources(src: &Path) -> BTreeMap<Vec<String>, (PathBuf, String)> {
    rust_files(src)
        .into_iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(src).unwrap().to_path_buf();
            let name = relative.to_string_lossy();
            if name == "lib.rs" || name == "main.rs" {
                return None;
            }
            let code = code_of(&std::fs::read_to_string(&path).unwrap());
            Some((module_of(&relative), (relative, code)))
        })
        .collect()
}

/// The longest known module that `path` lies in.
fn file_module(
    path: &[String],
    known: &BTreeMap<Vec<String>, (PathBuf, String)>,
) -> Option<Vec<String>> {
    (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|prefix| known.contains_key(prefix))
}

/// Which module imports which: `key` imports each of its values.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The graph of `level`: top-level modules (`level` 1) or, inside `folder`, its files.
fn graph(known: &BTreeMap<Vec<String>, (PathBuf, String)>, folder: Option<&[String]>) -> Graph {
    let mut graph = Graph::new();
    for (module, (file, code)) in known {
        let _ = file;
        for path in imports(code, module) {
            let Some(target) = file_module(&path, known) else { continue };
            let (from, to) = match folder {
                None => (module[0].clone(), target[0].clone()),
                Some(folder) => {
                    let inside =
                        |m: &[String]| m.len() >= folder.len() && m[..folder.len()] == *folder;
                    if !inside(module) || !inside(&target) {
                        continue;
                    }
                    (module.join("::"), target.join("::"))
                }
            };
            if from != to {
                graph.entry(from).or_default().insert(to);
            }
        }
    }
    graph
}

/// A cycle of `graph`, if it has one.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// ARCHITECTURE.md's table: each module of its first column → the modules its last column
/// names (in backticks).
fn may_use(architecture: &str) -> BTreeMap<String, BTreeSet<String>> {
    let backticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(|name| {
                name.trim_start_matches("src/")
                    .trim_end_matches('/')
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect()
    };
    let mut table = BTreeMap::new();
    for line in architecture.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').collect();
        let (Some(first), Some(last)) = (cells.first(), cells.last()) else { continue };
        let allowed: BTreeSet<String> = backticked(last).into_iter().collect();
        for module in backticked(first) {
            table.insert(module, allowed.clone());
        }
    }
    table
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_import_is_one_the_architecture_allows() {
    let known = sources(&root().join("src"));
    let table = may_use(&std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap());
    let mut wrong = Vec::new();
    for (from, targets) in graph(&known, None) {
        if from == "cli" {
            continue; // the binary's shell: it reaches the library as `tilepress::`
        }
        let Some(allowed) = table.get(&from) else {
            wrong.push(format!("{from}: no row in ARCHITECTURE.md's table"));
            continue;
        };
        for to in targets.difference(allowed) {
            wrong.push(format!("{from} uses {to}, which its row does not allow"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_lower_stages_import_none_of_the_later_ones() {
    let known = sources(&root().join("src"));
    let graph = graph(&known, None);
    for (module, later) in BASE_MODULES {
        let used = graph.get(module).cloned().unwrap_or_default();
        let wrong: Vec<&String> = used.iter().filter(|m| later.contains(&m.as_str())).collect();
        assert!(wrong.is_empty(), "{module} imports {wrong:?}");
    }
}

#[test]
fn top_level_modules_import_one_another_without_a_cycle() {
    let known = sources(&root().join("src"));
    assert_eq!(cycle(&graph(&known, None)), None);
}

#[test]
fn the_files_of_the_face_text_and_shell_folders_import_one_another_without_a_cycle() {
    let known = sources(&root().join("src"));
    for folder in ACYCLIC_FOLDERS {
        let folder: Vec<String> = folder.split('/').map(String::from).collect();
        let graph = graph(&known, Some(&folder));
        assert!(!graph.is_empty() || folder == ["cli"], "{folder:?} has no imports to check");
        assert_eq!(cycle(&graph), None, "in {}", folder.join("/"));
    }
}

#[test]
fn the_rooms_of_the_model_import_only_the_rooms_below_them() {
    let known = sources(&root().join("src"));
    let model = ["model".to_string()];
    let room = |module: &str| -> Option<usize> {
        let name = module.split("::").nth(1)?;
        MODEL_ROOMS.iter().position(|r| *r == name)
    };
    let mut wrong = Vec::new();
    for (from, targets) in graph(&known, Some(&model)) {
        let Some(mine) = room(&from) else {
            assert_eq!(from, "model", "{from} is in no room of MODEL_ROOMS");
            continue;
        };
        for to in targets {
            match room(&to) {
                Some(theirs) if theirs <= mine => {}
                _ => wrong.push(format!("{from} uses {to}")),
            }
        }
    }
    assert!(wrong.is_empty(), "imports of a room above:\n{}", wrong.join("\n"));
}

/// The checker itself, on sources made up for it: it must see each kind of import.
#[test]
fn the_checker_sees_uses_nested_lists_super_and_inline_paths() {
    let mut known = BTreeMap::new();
    let mut add = |module: &str, file: &str, code: &str| {
        let path: Vec<String> = module.split("::").map(String::from).collect();
        known.insert(path, (PathBuf::from(file), code_of(code)));
    };
    add("model", "model/mod.rs", "pub mod face;");
    add(
        "model::face",
        "model/face/mod.rs",
        "use super::super::compose::draw; // crate::render in a comment",
    );
    add(
        "model::face::a",
        "model/face/a.rs",
        "use super::b::{X, y::{Z}};\n#[cfg(test)]\nuse crate::build;",
    );
    add("model::face::b", "model/face/b.rs", "fn f() { crate::model::face::a::g(); }");
    add("compose", "compose/mod.rs", "use crate::{model::face::Layer, scene};");
    add("compose::draw", "compose/draw.rs", "");
    add("scene", "scene/mod.rs", "");
    let top = graph(&known, None);
    assert_eq!(top["compose"], BTreeSet::from(["model".to_string(), "scene".to_string()]));
    assert_eq!(
        top["model"],
        BTreeSet::from(["compose".to_string()]),
        "super::super and not the test's build"
    );
    assert!(cycle(&top).is_some(), "model → compose → model");
    let face = graph(&known, Some(&["model".to_string(), "face".to_string()]));
    assert_eq!(cycle(&face).map(|c| c.len()), Some(3), "a → b → a: {face:?}");
    let table = may_use(
        "| `compose/` | the compositors | `model`, `scene` (colours) |\n| `a.rs`, `b/` | x | — |",
    );
    assert_eq!(table["compose"], BTreeSet::from(["model".to_string(), "scene".to_string()]));
    assert!(table["a"].is_empty() && table.contains_key("b"));
}
