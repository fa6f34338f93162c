//! A `tilepress serve` process for tests: started on an ephemeral loopback port in a scratch
//! copy of the project, asked over plain HTTP/1.0 requests, listened to over its event
//! stream, and killed when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a test waits for anything before failing (debug builds are slow).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A running server, killed on drop.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    pub address: String,
}

/// One HTTP reply.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// A header's value (names compared without case).
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (field, value) = line.split_once(':')?;
            field.eq_ignore_ascii_case(name).then(|| value.trim().to_string())
        })
    }
}

/// A scratch copy of `designs/` and `diagrams/` (tests never edit the shipped files).
pub fn project_copy(name: &str) -> PathBuf {
    let dir = super::scratch(name);
    for folder in ["designs", "diagrams"] {
        std::fs::create_dir_all(dir.join(folder)).expect("make folder");
        for entry in std::fs::read_dir(super::root().join(folder)).expect("read folder") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "toml") {
                let target = dir.join(folder).join(path.file_name().expect("name"));
                std::fs::copy(&path, target).expect("copy");
            }
        }
    }
    dir
}

/// Saves `text` into `path` the way editors do: a new file renamed over the old one.
pub fn save(path: &Path, text: &str) {
    let staging = path.with_extension("toml.saving");
    std::fs::write(&staging, text).expect("write");
    std::fs::rename(&staging, path).expect("rename");
}

impl Server {
    /// Runs `tilepress serve ARGS --port 0` in `dir` and waits for its address.
    pub fn start(dir: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tilepress"))
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tilepress serve");
        let stdout = child.stdout.take().expect("stdout");
        let (send, receive) = channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = send.send(line);
            }
            for _ in lines {} // keep the pipe drained
        });
        let url = match receive.recv_timeout(PATIENCE) {
            Ok(url) => url,
            Err(_) => {
                let _ = child.kill();
                panic!("tilepress serve printed no address");
            }
        };
        assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "{url}");
        let address = url.trim_start_matches("http://").trim_end_matches('/').to_string();
        Server { child, url, address }
    }

    /// The server's process id (to read its memory from `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `GET target` with the target sent exactly as given (no normalising of `..`).
    pub fn get(&self, target: &str) -> Reply {
        self.request("GET", target, &[])
    }

    /// One HTTP/1.0 request; the server closes the connection after its reply.
    pub fn request(&self, method: &str, target: &str, headers: &[(&str, &str)]) -> Reply {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
        let mut head = format!("{method} {target} HTTP/1.0\r\n");
        if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("Host")) {
            head.push_str(&format!("Host: {}\r\n", self.address));
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("Content-Length: 0\r\n\r\n");
        stream.write_all(head.as_bytes()).expect("send");
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).expect("read reply");
        let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
        let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
        Reply { status, head, body: bytes[split + 4..].to_vec() }
    }

    /// Listens to `/d/STEM/events`: every state the server pushes, parsed.
    pub fn events(&self, stem: &str) -> Events {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        let request = format!("GET /d/{stem}/events HTTP/1.1\r\nHost: {}\r\n\r\n", self.address);
        stream.write_all(request.as_bytes()).expect("send");
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).expect("status line");
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        let mut chunked = false;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("header");
            if line.trim().is_empty() {
                break;
            }
            chunked |= line.to_ascii_lowercase().starts_with("transfer-encoding: chunked");
            if line.to_ascii_lowercase().starts_with("content-type:") {
                assert!(line.contains("text/event-stream"), "{line}");
            }
        }
        assert!(chunked, "the event stream is chunked");
        let (send, receive) = channel();
        std::thread::spawn(move || {
            let decoded = BufReader::new(chunked_transfer::Decoder::new(reader));
            for line in decoded.lines() {
                let Ok(line) = line else { return };
                if let Some(json) = line.strip_prefix("data: ") {
                    let state: Value = serde_json::from_str(json).expect("state is JSON");
                    if send.send((Instant::now(), state)).is_err() {
                        return;
                    }
                }
            }
        });
        Events { receive }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The states a server pushes, with the moment each arrived.
pub struct Events {
    receive: Receiver<(Instant, Value)>,
}

impl Events {
    /// The first state (from now on) for which `wanted` holds, and when it arrived.
    pub fn wait_for(&self, what: &str, wanted: impl Fn(&Value) -> bool) -> (Instant, Value) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receive.recv_timeout(left) {
                Ok((at, state)) if wanted(&state) => return (at, state),
                Ok(_) => {}
                Err(_) => panic!("no state with {what} within {PATIENCE:?}"),
            }
        }
    }

    /// The first state with a good build.
    pub fn built(&self) -> Value {
        self.wait_for("a build", |s| s["built"].is_object()).1
    }
}
