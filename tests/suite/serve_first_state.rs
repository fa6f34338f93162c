//! `serve` before its first build (issue 51, item 10): the state asked for the moment the
//! server listens is a 503 with `Retry-After` until the design has been read, then the state
//! as JSON — never a 200 whose body is not the state.

use crate::common;

use std::time::{Duration, Instant};

use common::scratch;
use common::server::{PATIENCE, Server};
use serde_json::Value;

/// A deck of 600 cards: slow enough to build (in a debug build, over a second) that the
/// first request is answered before the first state exists.
fn slow_design() -> String {
    let mut design = String::from(
        "[set]\nname = \"Slow\"\n\n[palette]\nink = \"#000000\"\n\n[faces.front]\n\
         layers = [{ text = \"{n}\", size_mm = 6, colour = \"ink\" }]\n\n\
         [[decks]]\nname = \"cards\"\nsize = \"mini\"\nfront = \"front\"\n",
    );
    for n in 0..600 {
        design.push_str(&format!("\n[[decks.cards]]\nfields = {{ n = \"{n}\" }}\n"));
    }
    design
}

#[test]
fn the_state_asked_for_at_once_is_a_503_until_it_exists_then_the_state() {
    let dir = scratch("serve-first-state");
    std::fs::write(dir.join("slow.toml"), slow_design()).unwrap();
    let server = Server::start(&dir, &["slow.toml"]);
    let started = Instant::now();
    let mut waited = 0;
    let state = loop {
        let reply = server.get("/d/slow/state");
        if reply.status == 200 {
            let json: Value = serde_json::from_slice(&reply.body).unwrap_or_else(|e| {
                panic!("a 200 that is not the state ({e}): {:?}", reply.text())
            });
            break json;
        }
        assert_eq!(reply.status, 503, "{}", reply.head);
        assert_eq!(reply.header("retry-after").as_deref(), Some("1"), "{}", reply.head);
        assert!(reply.text().contains("being read for the first time"), "{}", reply.text());
        waited += 1;
        assert!(started.elapsed() < PATIENCE, "no state within {PATIENCE:?}");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(waited > 0, "the first request came after the first build: the test proves nothing");
    assert!(state["version"].as_u64().is_some_and(|v| v >= 1), "{state}");
    assert!(state["built"].is_object(), "{state}");
}
