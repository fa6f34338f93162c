//! `tilepress serve`: a live preview in the browser. Each served design is rebuilt in the
//! background whenever a file it uses changes, and open pages get the new state over
//! server-sent events.
//!
//! `preview` makes one rebuild, `rebuild` debounces and publishes them, `watcher` turns
//! file events into rebuilds, `routes` answers requests (with `paths` keeping them inside
//! the served folders), `events` streams the state, `archive` zips downloads and `assets`
//! holds the page.

pub mod archive;
pub mod assets;
pub mod events;
pub mod paths;
pub mod preview;
pub mod rebuild;
pub mod routes;
pub mod watcher;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use notify::RecommendedWatcher;
use tiny_http::Server;

use crate::build::file_stem;
use rebuild::Served;
use routes::Site;

/// Threads answering ordinary requests (event streams get their own).
const WORKERS: usize = 4;

/// What to serve and where.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The design files; several give a list to pick from.
    pub designs: Vec<PathBuf>,
    /// Where diagram files are looked for (those naming a served design are shown).
    pub diagrams_folder: PathBuf,
    pub host: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Where the build button writes.
    pub output: PathBuf,
}

/// A running server: its address, and what keeps it going.
pub struct Running {
    pub url: String,
    server: Arc<Server>,
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
        designs.push(Arc::new(Served::new(path.clone(), stem, options.diagrams_folder.clone())));
    }
    let address = SocketAddr::new(options.host, options.port);
    let server = Server::http(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| String::from("the server is not on an IP address"))?;
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
    Ok(Running {
        url: format!("http://{bound}/"),
        server: Arc::new(server),
        site,
        _watcher: watcher,
    })
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running").field("url", &self.url).finish_non_exhaustive()
    }
}

impl Running {
    /// Answers requests until the process ends.
    pub fn run(self) {
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                let server = Arc::clone(&self.server);
                let site = Arc::clone(&self.site);
                std::thread::spawn(move || {
                    while let Ok(request) = server.recv() {
                        routes::handle(&site, request);
                    }
                })
            })
            .collect();
        for worker in workers {
            let _ = worker.join();
        }
    }
}
