//! `tilepress serve`: a live preview in the browser. Each served design is rebuilt in the
//! background whenever a file it uses changes, and open pages get the new state over
//! server-sent events.
//!
//! `preview` makes one rebuild, `rebuild` debounces and publishes them, `watcher` turns
//! file events into rebuilds, `routes` answers requests (axum) (with `paths` keeping them inside
//! the served folders; only the design, the files it uses and what it built are answered,
//! the files streamed by `file_body`, built files shared by `built_body`), `events` streams the state, `archive` zips downloads
//! and `assets` holds the page.

pub mod archive;
pub mod assets;
pub mod built_body;
pub mod events;
pub mod explain_view;
pub mod file_body;
pub mod paths;
pub mod preview;
pub mod rebuild;
pub mod routes;
pub mod watcher;

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use notify::RecommendedWatcher;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;

use crate::model::input::file_stem::file_stem;
use rebuild::Served;
use routes::Site;

/// Threads of the runtime that answers requests (building replies runs on its blocking
/// threads, rebuilds on threads of their own).
const WORKERS: usize = 2;

/// What to serve and where.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The design files; several give a list to pick from.
    pub designs: Vec<PathBuf>,
    /// Where diagram files are looked for (those naming a served design are shown);
    /// `None`: the `diagrams` folder beside each design, or else in the working folder.
    pub diagrams_folder: Option<PathBuf>,
    pub host: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Where the build button writes.
    pub output: PathBuf,
}

/// A running server: its address, and what keeps it going.
pub struct Running {
    pub url: String,
    runtime: Runtime,
    listener: TcpListener,
    site: Arc<Site>,
    _watcher: RecommendedWatcher,
}

/// Binds the address, starts a rebuild thread per design and the file watcher.
pub fn start(options: &ServeOptions) -> Result<Running, String> {
    let mut designs: Vec<Arc<Served>> = Vec::new();
    for path in &options.designs {
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let stem = file_stem(&name);
        if designs.iter().any(|d| d.stem == stem) {
            return Err(format!("two designs would share the address /d/{stem}/; rename one"));
        }
        let diagrams = options.diagrams_folder.clone().unwrap_or_else(|| diagrams_beside(path));
        designs.push(Arc::new(Served::new(path.clone(), stem, diagrams)));
    }
    let address = SocketAddr::new(options.host, options.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKERS)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    let listener = runtime
        .block_on(TcpListener::bind(address))
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let watcher = watcher::watch(&designs)?;
    for served in &designs {
        let served = Arc::clone(served);
        std::thread::spawn(move || served.rebuild_forever());
    }
    let site = Arc::new(Site {
        designs,
        output: options.output.clone(),
        loopback_only: options.host.is_loopback(),
        listeners: Arc::new(AtomicUsize::new(0)),
    });
    Ok(Running { url: format!("http://{bound}/"), runtime, listener, site, _watcher: watcher })
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running").field("url", &self.url).finish_non_exhaustive()
    }
}

impl Running {
    /// Answers requests until the process ends; `Err` when the listener fails.
    pub fn run(self) -> Result<(), String> {
        let app = routes::app(self.site);
        self.runtime
            .block_on(async move { axum::serve(self.listener, app).await })
            .map_err(|e| format!("the server stopped: {e}"))
    }
}

/// The diagrams folder of a design served without `--diagrams`, wherever the command runs:
/// `diagrams/` beside the design, or beside its folder (a project whose designs are in
/// `designs/` and diagrams in `diagrams/`), else `diagrams/` in the working folder.
fn diagrams_beside(design: &Path) -> PathBuf {
    let folder = design.parent().unwrap_or(Path::new(""));
    let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    [folder.join("diagrams"), folder.join("..").join("diagrams")]
        .into_iter()
        .find(|candidate| candidate.is_dir())
        .unwrap_or_else(|| PathBuf::from("diagrams"))
}
