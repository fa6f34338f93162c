//! Server-sent events: one long response per open page, carrying the design's state as
//! JSON now and after every rebuild, with a comment line now and then so a closed page is
//! noticed and its thread ends.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use chunked_transfer::Encoder;
use tiny_http::{HTTPVersion, Request, Response, StatusCode};

use super::rebuild::Served;
use super::routes::header;

/// At most this many pages listen at once; more get 503 until one closes.
pub const MAX_LISTENERS: usize = 64;
/// How often a quiet stream sends a comment line.
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// Streams `served`'s state to `request` until the page goes away. `listeners` counts the
/// open streams.
pub fn stream(request: Request, served: &Served, listeners: &Arc<AtomicUsize>) {
    if listeners.fetch_add(1, Ordering::SeqCst) >= MAX_LISTENERS {
        listeners.fetch_sub(1, Ordering::SeqCst);
        let _ = request.respond(Response::from_string("too many open pages").with_status_code(503));
        return;
    }
    if *request.http_version() < HTTPVersion(1, 1) {
        listeners.fetch_sub(1, Ordering::SeqCst);
        let _ =
            request.respond(Response::from_string("events need HTTP/1.1").with_status_code(505));
        return;
    }
    let _ = send_events(request, served);
    listeners.fetch_sub(1, Ordering::SeqCst);
}

fn send_events(request: Request, served: &Served) -> io::Result<()> {
    let request_headers = request.headers().to_vec();
    let mut writer = request.into_writer();
    // The head through tiny_http (it chooses chunked transfer for a body of unknown
    // length); the body is chunked here so that every event is flushed at once.
    let head = Response::new(
        StatusCode(200),
        vec![header("Content-Type", "text/event-stream"), header("Cache-Control", "no-store")],
        io::empty(),
        None,
        None,
    );
    head.raw_print(&mut writer, HTTPVersion(1, 1), &request_headers, true, None)?;
    writer.flush()?;
    let mut body = Encoder::new(FlushEachWrite(writer));
    let mut seen = 0;
    let current = served.published();
    if current.version > 0 {
        write_state(&mut body, &current.json)?;
        seen = current.version;
    }
    loop {
        match served.wait_newer(seen, KEEP_ALIVE) {
            Some(newer) => {
                write_state(&mut body, &newer.json)?;
                seen = newer.version;
            }
            None => {
                body.write_all(b": still here\n\n")?;
                body.flush()?;
            }
        }
    }
}

fn write_state(body: &mut impl Write, json: &str) -> io::Result<()> {
    // JSON from serde_json has no raw newlines, so it fits on one `data:` line.
    body.write_all(b"event: state\ndata: ")?;
    body.write_all(json.as_bytes())?;
    body.write_all(b"\n\n")?;
    body.flush()
}

/// Passes each chunk on and flushes the socket, so an event leaves at once.
struct FlushEachWrite<W: Write>(W);

impl<W: Write> Write for FlushEachWrite<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write_all(bytes)?;
        self.0.flush()?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
