//! `explain` on every rule-derived design, shipped and in `tests/designs/`, with its rule
//! removed (two-faced tiles too, each face listed): the rule it prints derives the list
//! exactly and, pasted back, `check` passes.

use crate::common;
use crate::explain::{explain, pasted_back, rule_removed};

use common::{root, scratch};
use std::fs;

#[test]
fn every_rule_derived_design_is_recovered_from_its_list() {
    let dir = scratch("explain-designs");
    let mut recovered = Vec::new();
    for folder in ["designs", "tests/designs"] {
        let mut paths: Vec<_> = fs::read_dir(root().join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            let design = fs::read_to_string(&path).unwrap();
            if !design.lines().any(|line| line == "[rule]") {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let list = rule_removed(&design);
            let (code, out) = explain(&dir, &list);
            assert_eq!(code, 0, "{name}: {out}");
            assert!(out.contains("listed, exactly."), "{name}: {out}");
            let (checked, said) = pasted_back(&dir, &list, &out, false);
            assert_eq!(checked, 0, "{name}: {said}\n{out}");
            assert!(said.contains("complete and consistent"), "{name}: {said}");
            recovered.push(name);
        }
    }
    assert_eq!(recovered.len(), 12, "{recovered:?}");
}
