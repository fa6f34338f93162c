//! `tilepress serve` shows explain's answer beside the check report for a design that lists
//! tiles without a rule, the answer `tilepress explain` prints; none once the rule is back.

use crate::common;
use crate::explain::rule_removed;

use common::server::{Server, project_copy, save};
use common::{text, tilepress};

#[test]
fn a_design_without_a_rule_is_served_with_explains_answer() {
    let dir = project_copy("serve-explain");
    let design = dir.join("designs/tantrix.toml");
    let with_rule = std::fs::read_to_string(&design).unwrap();
    save(&design, &rule_removed(&with_rule));
    let server = Server::start(&dir, &["designs/tantrix.toml"]);
    let events = server.events("tantrix");
    let (_, state) = events.wait_for("explain's answer", |s| s["built"]["explain"].is_object());
    let explain = &state["built"]["explain"];
    assert_eq!(explain["explained"], true, "{explain}");
    let shown = explain["text"].as_str().unwrap();
    assert!(shown.contains("It derives the 56 tiles listed, exactly."), "{shown}");
    assert!(state["built"]["summary"].as_str().unwrap().contains("no rule"), "{state}");
    // The page shows what the command prints (run from the design's folder).
    let printed = tilepress(&dir.join("designs"), &["explain", "tantrix.toml"]);
    assert_eq!(format!("{shown}\n"), text(&printed).0);

    save(&design, &with_rule);
    let (_, ruled) = events.wait_for("no answer", |s| s["built"]["explain"].is_null());
    assert!(ruled["built"]["summary"].as_str().unwrap().contains("complete"), "{ruled}");
}
