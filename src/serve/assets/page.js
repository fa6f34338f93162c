// tilepress serve: keeps one design's page in step with the server. The state arrives as
// server-sent events; sheets are updated in place (the new picture is loaded first), so
// zoom and scroll stay where they are. A design that does not read shows its error over
// the last good picture.
"use strict";

const $ = (id) => document.getElementById(id);
const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
let zoom = Number(sessionStorage.getItem("tilepress-zoom")) || 1;

function setZoom(value) {
  zoom = Math.min(8, Math.max(0.25, value));
  document.documentElement.style.setProperty("--zoom", String(zoom));
  sessionStorage.setItem("tilepress-zoom", String(zoom));
}

function el(tag, props, children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children || []) node.append(child);
  return node;
}

// Keeps the children of `box` matching `items` by key: existing nodes are updated, new
// ones made, missing ones removed, without touching the others.
function syncList(box, items, key, make, update) {
  const old = new Map([...box.children].map((n) => [n.dataset.key, n]));
  let previous = null;
  for (const item of items) {
    const k = key(item);
    let node = old.get(k);
    if (node) old.delete(k); else { node = make(item); node.dataset.key = k; }
    update(node, item);
    const next = previous ? previous.nextSibling : box.firstChild;
    if (node !== next) box.insertBefore(node, next);
    previous = node;
  }
  for (const node of old.values()) node.remove();
}

// Swaps an image's picture only once the new one has loaded (the first one at once).
function showPicture(img, url) {
  if (img.dataset.want === url) return;
  img.dataset.want = url;
  if (!img.getAttribute("src")) { img.src = url; return; }
  const next = new Image();
  img.loading = next; // keeps the loader alive until it fires
  next.onload = () => { if (img.dataset.want === url) img.src = url; };
  next.src = url;
}

function figure(item) {
  return el("figure", {}, [el("img", { alt: item.label || item.source }), el("figcaption")]);
}

function messageItem(message) {
  const li = el("li", { className: message.severity });
  if (message.line) {
    const a = el("a", { href: "#line-" + message.line, textContent: message.text });
    a.dataset.line = message.line;
    a.addEventListener("click", (e) => { e.preventDefault(); markLine(message.line); });
    li.append(a);
  } else {
    li.textContent = message.text;
  }
  return li;
}

function markLine(line) {
  for (const old of document.querySelectorAll("#source li.marked")) old.classList.remove("marked");
  const target = $("line-" + line);
  if (target) { target.classList.add("marked"); target.scrollIntoView({ block: "center" }); }
}

function render(state) {
  document.body.dataset.version = state.version;
  const built = state.built;
  $("name").textContent = built ? built.name : state.design;
  document.title = (built ? built.name : state.design) + " · tilepress";
  $("raw").href = "source/" + encodeURIComponent(state.design);
  $("raw").textContent = state.design;

  const status = $("status");
  status.className = "status " + (state.error ? "broken" : "live");
  status.textContent = state.error ? "not built: see the error" : "live";

  const error = $("error");
  error.hidden = !state.error;
  error.replaceChildren(...(state.error || []).map((m) => el("div", {}, [messageItem(m)])));

  renderSource(state.source, [...(state.error || []), ...(built ? built.problems : [])]);
  if (!built) return;

  const v = "?v=" + state.version;
  syncList($("sheets"), built.sheets, (s) => s.file, figure, (node, s) => {
    node.classList.add("sheet");
    node.dataset.file = s.file;
    node.querySelector("figcaption").textContent = s.label;
    showPicture(node.querySelector("img"), "sheet/" + encodeURIComponent(s.file) + v);
  });
  const drawn = built.diagrams;
  $("diagrams-title").hidden = drawn.length === 0;
  syncList($("diagrams"), drawn, (d) => d.source, figure, (node, d) => {
    node.classList.add("diagram");
    const img = node.querySelector("img");
    img.hidden = !d.file;
    if (d.file) showPicture(img, "diagram/" + encodeURIComponent(d.file) + v);
    const notes = d.problems.map((p) => p.text).join("\n");
    node.querySelector("figcaption").textContent =
      (d.caption || d.source) + " (" + d.source + ")" + (notes ? "\n" + notes : "");
  });

  $("summary").textContent = built.summary;
  $("problems").replaceChildren(...built.problems.map(messageItem));
  $("info").replaceChildren(...built.info.map((line) => el("li", { textContent: line })));
  // A design without a rule: explain's answer, the rule to paste and the tiles it adds.
  const explained = built.explain;
  $("explain").hidden = !explained;
  $("explain").className = explained && !explained.explained ? "unexplained" : "";
  $("explain-said").textContent = !explained ? "" : explained.explained
    ? "The design has no rule; this one explains its list (paste it, and any tiles it adds):"
    : "The design has no rule, and no rule searched explains its list:";
  $("explain-text").textContent = explained ? explained.text : "";

  const links = built.pdfs.map((pdf) => el("a", { href: "download/" + encodeURIComponent(pdf), textContent: pdf }));
  if (built.cut_files > 0) links.push(el("a", { href: "cut-files.zip", textContent: "cut files (" + built.cut_files + ")" }));
  links.push(el("a", { href: "everything.zip", textContent: "everything (zip)" }));
  const build = el("button", { type: "button", id: "build", textContent: "build into output/" });
  build.addEventListener("click", buildIntoOutput);
  $("downloads").replaceChildren(...links, build);
}

function renderSource(text, messages) {
  const flagged = new Set(messages.filter((m) => m.line).map((m) => m.line));
  const marked = document.querySelector("#source li.marked");
  const markedLine = marked ? marked.id : null;
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  $("source").replaceChildren(...lines.map((line, i) => {
    const li = el("li", { id: "line-" + (i + 1), textContent: line || " " });
    if (flagged.has(i + 1)) li.classList.add("flagged");
    if (li.id === markedLine) li.classList.add("marked");
    return li;
  }));
}

async function buildIntoOutput() {
  const status = $("status");
  status.textContent = "building…";
  try {
    const reply = await fetch("build", { method: "POST", headers: { "X-Tilepress-Build": "1" } });
    status.textContent = await reply.text();
  } catch (e) {
    status.textContent = "build failed: " + e;
  }
}

function listen() {
  const source = new EventSource(base + "events");
  let seen = false;
  source.addEventListener("state", (e) => {
    seen = true;
    render(JSON.parse(e.data));
  });
  // The stream sends the first state once the design has been read: until then, say so.
  source.onopen = () => {
    if (!seen) $("status").textContent = "reading the design…";
  };
  source.onerror = () => {
    const status = $("status");
    status.className = "status broken";
    status.textContent = "reconnecting…";
  };
}

setZoom(zoom);
// "Seen by": the sheets and diagrams through a colour-vision deficiency's filter.
const vision = $("vision");
vision.value = sessionStorage.getItem("tilepress-vision") || "";
function setVision() {
  $("view").style.filter = vision.value ? "url(#" + vision.value + ")" : "";
  sessionStorage.setItem("tilepress-vision", vision.value);
}
vision.onchange = setVision;
setVision();
$("zoom-in").onclick = () => setZoom(zoom * 1.25);
$("zoom-out").onclick = () => setZoom(zoom / 1.25);
$("zoom-fit").onclick = () => setZoom(1);
$("view").addEventListener("wheel", (e) => {
  if (!e.ctrlKey) return;
  e.preventDefault();
  setZoom(zoom * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
}, { passive: false });
listen();
