//! What each URL answers: the pages, the state and its event stream, the built files and
//! downloads, the design's own files, and the build button. Every other path is 404.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;

use super::archive::zip_files;
use super::assets;
use super::built_body::{BuiltList, built_body};
use super::events;
use super::file_body::file_body;
use super::paths::{file_inside, segments};
use super::preview::Built;
use super::rebuild::Served;
use crate::build::OutputFile;
use crate::model::input::input_file::InputFile;
use crate::model::input::limits::MAX_ASSET_BYTES;

type Reply = Response;

/// Everything a request may need: the served designs and where the build button writes.
#[derive(Debug)]
pub struct Site {
    pub designs: Vec<Arc<Served>>,
    /// Where the build button writes (`OUTPUT/<stem>/`).
    pub output: PathBuf,
    /// Only loopback `Host` names are answered (against DNS rebinding) unless `--host`
    /// chose another address.
    pub loopback_only: bool,
    pub listeners: Arc<AtomicUsize>,
}

/// Every request goes to [`handle`], which reads the raw path itself.
pub fn app(site: Arc<Site>) -> Router {
    Router::new().fallback(handle).with_state(site)
}

/// Answers one request. Replies that build or read files run on blocking threads, so the
/// runtime's threads stay free for other requests and event streams.
async fn handle(
    State(site): State<Arc<Site>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Reply {
    if site.loopback_only && !loopback_host(&headers) {
        return text(403, "this server answers only to 127.0.0.1 and localhost");
    }
    let Some(path) = segments(uri.path()) else { return not_found() };
    if let (&Method::GET, ["d", stem, "events"]) = (&method, as_strs(&path).as_slice())
        && let Some(served) = site.find(stem)
    {
        return events::stream(served, &site.listeners);
    }
    let work = tokio::task::spawn_blocking(move || {
        let path = as_strs(&path);
        match (&method, path.as_slice()) {
            (&Method::GET | &Method::HEAD, path) => get(&site, path),
            (&Method::POST, ["d", stem, "build"]) => match site.find(stem) {
                Some(served) if has_build_header(&headers) => build_button(&site, &served),
                Some(_) => text(400, "the build button sends X-Tilepress-Build: 1"),
                None => not_found(),
            },
            _ => not_found(),
        }
    });
    work.await.unwrap_or_else(|error| text(500, &format!("the request failed: {error}")))
}

fn as_strs(path: &[String]) -> Vec<&str> {
    path.iter().map(String::as_str).collect()
}

impl Site {
    fn find(&self, stem: &str) -> Option<Arc<Served>> {
        self.designs.iter().find(|d| d.stem == stem).cloned()
    }
}

fn get(site: &Site, path: &[&str]) -> Reply {
    match path {
        [] | [""] => match site.designs.as_slice() {
            [only] => redirect(&format!("/d/{}/", only.stem)),
            all => html(&assets::index_page(all.iter().map(|d| d.stem.as_str()))),
        },
        ["page.css"] => with_type(assets::PAGE_CSS.as_bytes().to_vec(), "text/css; charset=utf-8"),
        ["page.js"] => {
            with_type(assets::PAGE_JS.as_bytes().to_vec(), "text/javascript; charset=utf-8")
        }
        ["d", stem] if site.find(stem).is_some() => redirect(&format!("/d/{stem}/")),
        ["d", stem, rest @ ..] => match site.find(stem) {
            Some(served) => design_get(&served, rest),
            None => not_found(),
        },
        _ => not_found(),
    }
}

fn design_get(served: &Served, rest: &[&str]) -> Reply {
    let published = served.published();
    let built = published.built.as_deref();
    match rest {
        [""] => html(assets::design_page()),
        ["state"] if published.version == 0 => not_yet(),
        ["state"] => with_type(published.json.as_bytes().to_vec(), "application/json"),
        ["sheet", name] => built_file(published.built.as_ref(), BuiltList::Files, name, false),
        ["download", name] => built_file(published.built.as_ref(), BuiltList::Files, name, true),
        ["diagram", name] => built_file(published.built.as_ref(), BuiltList::Diagrams, name, false),
        ["cut-files.zip"] => match built {
            Some(b) => zip_reply(&format!("{}-cut-files", b.stem), &b.cut_files()),
            None => not_found(),
        },
        ["everything.zip"] => match built.map(|b| (b, b.everything())) {
            Some((b, Ok(files))) => zip_reply(&b.stem, &files),
            Some((_, Err(message))) => text(500, &message),
            None => not_found(),
        },
        ["source", relative @ ..] => {
            let used = built.map_or(&[][..], |b| b.design.files.as_slice());
            source_file(&served.path, used, relative)
        }
        _ => not_found(),
    }
}

/// The design's text or a file it uses (`used`, resolved paths, from its last good build),
/// found in the design's folder: never another file of the folder, never a dot-file, never
/// one outside; a regular file within the bound of an image or font file, streamed.
fn source_file(design: &Path, used: &[PathBuf], relative: &[&str]) -> Reply {
    // A bare file name (`serve d.toml`) lies in the current folder.
    let Some(folder) = design.parent() else { return not_found() };
    let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    if relative.iter().any(|segment| segment.starts_with('.')) {
        return not_found();
    }
    let relative: Vec<String> = relative.iter().map(|s| (*s).to_string()).collect();
    let Some(real) = file_inside(folder, &relative) else { return not_found() };
    let is_design = design.canonicalize().is_ok_and(|own| own == real);
    if !is_design && !used.contains(&real) {
        return not_found();
    }
    let Ok(opened) = InputFile::open(&real, MAX_ASSET_BYTES) else { return not_found() };
    let name = relative.last().map_or("", String::as_str);
    let kind =
        if name.ends_with(".toml") { "text/plain; charset=utf-8" } else { content_type(name) };
    typed(Response::new(file_body(opened)), kind)
}

/// The build button: everything `build` makes, written into `OUTPUT/<stem>/` by the
/// project's atomic writer.
fn build_button(site: &Site, served: &Served) -> Reply {
    let published = served.published();
    let Some(built) = published.built.as_deref() else {
        return text(409, "the design has not built yet");
    };
    let folder = site.output.join(&built.stem);
    let files = match built.everything() {
        Ok(files) => files,
        Err(message) => return text(500, &message),
    };
    let (diagrams, files): (Vec<OutputFile>, Vec<OutputFile>) =
        files.into_iter().partition(|f| f.name.starts_with("diagrams/"));
    let sources = sources_of(served);
    let diagram_files: Vec<OutputFile> = diagrams
        .into_iter()
        .map(|f| OutputFile {
            name: f.name.trim_start_matches("diagrams/").to_string(),
            bytes: f.bytes,
        })
        .collect();
    let diagram_folder = site.output.join("diagrams");
    // Both folders are checked before either is written, so a refusal writes nothing.
    for (target, written) in [(&folder, &files), (&diagram_folder, &diagram_files)] {
        if let Err(error) = crate::output::check_writable(target, Some(written), &sources) {
            return refused_write(target, &error, "; nothing was written");
        }
    }
    let mut untouched = Vec::new();
    match crate::output::publish(&folder, &files, &sources) {
        Ok(published) => untouched.extend(published.untouched),
        Err(error) => return refused_write(&folder, &error, ""),
    }
    match crate::output::publish_more(&diagram_folder, &diagram_files, &sources) {
        Ok(published) => untouched.extend(published.untouched),
        Err(error) => return refused_write(&diagram_folder, &error, ""),
    }
    let notes: String = untouched.iter().map(|note| format!("\n{note}")).collect();
    text(
        200,
        &format!(
            "wrote {} files into {}{notes}",
            files.len() + diagram_files.len(),
            folder.display()
        ),
    )
}

/// The files the build button must never write over or into the folder of: the design and
/// the diagram files beside it.
fn sources_of(served: &Served) -> Vec<std::path::PathBuf> {
    let mut sources = vec![served.path.clone()];
    sources.extend(
        crate::model::input::source::toml_files_in(&served.diagrams_folder).unwrap_or_default(),
    );
    sources
}

/// Why the build button wrote nothing: 409 when tilepress refused (the folder is not its
/// own, or holds a source), 500 when the file system failed.
fn refused_write(
    folder: &std::path::Path,
    error: &crate::output::PublishError,
    more: &str,
) -> Reply {
    let status = match error {
        crate::output::PublishError::Refused { .. } => 409,
        crate::output::PublishError::Io(_) => 500,
    };
    text(
        status,
        &format!("cannot write {}: {error}\nhelp: {}{more}", folder.display(), error.help()),
    )
}

fn has_build_header(headers: &HeaderMap) -> bool {
    headers.get("x-tilepress-build").is_some_and(|v| v.as_bytes() == b"1")
}

fn loopback_host(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return true; // HTTP/1.0 clients may send none
    };
    let name = if host.starts_with('[') {
        host.split(']').next().map(|h| format!("{h}]")).unwrap_or_default()
    } else {
        host.split(':').next().unwrap_or("").to_string()
    };
    matches!(name.as_str(), "127.0.0.1" | "localhost" | "[::1]")
}

/// A file of the last good build, sharing its bytes (never copied per request); 404 when
/// there is no build or no such file.
fn built_file(built: Option<&Arc<Built>>, list: BuiltList, name: &str, attachment: bool) -> Reply {
    let Some(body) = built.and_then(|built| built_body(built, list, name)) else {
        return not_found();
    };
    let reply = typed(Response::new(body), content_type(name));
    if attachment { with_disposition(reply, name) } else { reply }
}

fn zip_reply(stem: &str, files: &[OutputFile]) -> Reply {
    match zip_files(stem, files) {
        Ok(bytes) => with_disposition(with_type(bytes, "application/zip"), &format!("{stem}.zip")),
        Err(message) => text(500, &message),
    }
}

fn with_disposition(mut reply: Reply, name: &str) -> Reply {
    // Names come from the build (lower-case words, digits, `-`, `.`); anything else is dropped.
    let safe: String =
        name.chars().filter(|c| c.is_ascii_alphanumeric() || "-._".contains(*c)).collect();
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{safe}\"")) {
        reply.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    reply
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("zip") => "application/zip",
        _ => "application/octet-stream",
    }
}

fn with_type(bytes: Vec<u8>, kind: &'static str) -> Reply {
    typed(Response::new(Body::from(bytes)), kind)
}

/// `reply` with its content type and the headers every reply carries.
fn typed(mut reply: Reply, kind: &'static str) -> Reply {
    let headers = reply.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    reply
}

fn html(page: &str) -> Reply {
    with_type(page.as_bytes().to_vec(), "text/html; charset=utf-8")
}

fn text(status: u16, message: &str) -> Reply {
    let mut reply = with_type(message.as_bytes().to_vec(), "text/plain; charset=utf-8");
    *reply.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    reply
}

/// The state asked for before the design's first rebuild has finished: 503, and when to
/// ask again (never a 200 without the state).
fn not_yet() -> Reply {
    let mut reply = text(503, "the design is being read for the first time: ask again shortly");
    reply.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    reply
}

fn not_found() -> Reply {
    text(404, "not found")
}

fn redirect(to: &str) -> Reply {
    let mut reply = text(303, to);
    if let Ok(value) = HeaderValue::from_str(to) {
        reply.headers_mut().insert(header::LOCATION, value);
    }
    reply
}
