//! Server-sent events: one long response per open page, carrying the design's state as
//! JSON now and after every rebuild, with a comment line now and then so a closed page is
//! noticed and its stream dropped.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream;

use super::rebuild::Served;

/// At most this many pages listen at once; more get 503 until one closes.
pub const MAX_LISTENERS: usize = 64;
/// How often a quiet stream sends a comment line.
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// Counts an open stream while it lives.
struct Listening(Arc<AtomicUsize>);

impl Drop for Listening {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The event stream of `served`: its current state (once it has one), then every newer one.
pub fn stream(served: Arc<Served>, listeners: &Arc<AtomicUsize>) -> Response {
    if listeners.fetch_add(1, Ordering::SeqCst) >= MAX_LISTENERS {
        listeners.fetch_sub(1, Ordering::SeqCst);
        return (StatusCode::SERVICE_UNAVAILABLE, "too many open pages").into_response();
    }
    let listening = Listening(Arc::clone(listeners));
    let versions = served.subscribe();
    let states = stream::unfold(
        (served, versions, 0, listening),
        |(served, mut versions, seen, listening)| async move {
            loop {
                let current = served.published();
                if current.version > seen {
                    let event = Event::default().event("state").data(current.json.as_str());
                    return Some((
                        Ok::<_, Infallible>(event),
                        (served, versions, current.version, listening),
                    ));
                }
                versions.changed().await.ok()?;
            }
        },
    );
    let mut response =
        Sse::new(states).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response();
    response
        .headers_mut()
        .insert("cache-control", axum::http::HeaderValue::from_static("no-store"));
    response
}
