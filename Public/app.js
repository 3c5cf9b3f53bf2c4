// Roster's browser client: a fixed pool of DOM nodes recycled by the slot IDs the
// server hands out, as UITableView recycles cells. The server runs the reuse
// engine; this file only applies its window updates and positions the slots.
//
// The list is taller than browsers lay out (1,000,000 rows x 56 px), so the
// scroller holds a spacer of at most MAX_SPACER px and a sticky stage; the
// virtual offset `v` (content px) maps to the scroll position at a fixed ratio.
// Wheel and keys move `v` by natural amounts; dragging the scrollbar maps the
// thumb's position through the ratio, so the whole list stays reachable.

const MAX_SPACER = 8_000_000; // below Firefox's ~8.9M px transform limit and Chromium's 33.5M px element cap
const ROW = 56;
const HEADER = 32;
const LINE = 40; // px per wheel line (deltaMode 1)

const list = document.getElementById("list");
const stage = document.getElementById("stage");
const spacer = document.getElementById("spacer");
const statusLine = document.getElementById("status");
const currentSection = document.getElementById("current-section");
const index = document.getElementById("index");

const state = {
  session: null,
  ack: null,
  total: 0,
  contentHeight: 0,
  sections: [],        // {title, rows, firstRow, top}
  v: 0,                // virtual offset: content px at the top of the viewport
  viewport: 0,
  ratio: 1,            // content px per scroll px
  expectedScrollTop: null,
  inFlight: false,
  dirty: true,         // the window shown is not the one for `v`
  retryDelay: 0,
  offline: false,
  created: { contact: 0, header: 0 },
  lastBytes: 0,
  focusRow: 0,
  frame: 0,
};

/** slot ID -> {node, kind, top, height, row} */
const slots = new Map();

// ---- Geometry -------------------------------------------------------------

function maxV() {
  return Math.max(0, state.contentHeight - state.viewport);
}

function clampV(v) {
  return Math.min(maxV(), Math.max(0, Math.round(v)));
}

/** The top (content px) of contact `row`, from the section table. */
function topOfRow(row) {
  for (const section of state.sections) {
    if (row < section.firstRow + section.rows) {
      return section.top + HEADER + (Math.max(row, section.firstRow) - section.firstRow) * ROW;
    }
  }
  return maxV();
}

/** The first contact row at or below content px `v`. */
function rowAt(v) {
  let found = state.sections[0];
  for (const section of state.sections) {
    if (section.top <= v) found = section; else break;
  }
  if (!found) return 0;
  const inside = Math.max(0, Math.floor((v - found.top - HEADER + ROW - 1) / ROW));
  return Math.min(found.firstRow + Math.min(inside, found.rows - 1), state.total - 1);
}

function sectionAt(v) {
  let found = null;
  for (const section of state.sections) {
    if (section.top <= v) found = section; else break;
  }
  return found;
}

function layoutScroller() {
  state.viewport = list.clientHeight;
  const spacerTotal = Math.max(state.viewport, Math.min(state.contentHeight, MAX_SPACER));
  spacer.style.height = `${Math.max(0, spacerTotal - state.viewport)}px`;
  const scrollRange = spacerTotal - state.viewport;
  state.ratio = scrollRange > 0 ? maxV() / scrollRange : 1;
  list.setAttribute("aria-rowcount", String(state.total));
}

// ---- Moving -----------------------------------------------------------------

/** Moves the viewport to content px `v`, keeping the scrollbar thumb in step. */
function setV(v, { fromScroll = false } = {}) {
  state.v = clampV(v);
  if (!fromScroll) {
    const target = state.ratio > 0 ? state.v / state.ratio : 0;
    if (Math.abs(list.scrollTop - target) >= 1) {
      state.expectedScrollTop = target;
      list.scrollTop = target;
    }
  }
  state.dirty = true;
  schedule();
}

list.addEventListener("scroll", () => {
  const s = list.scrollTop;
  if (state.expectedScrollTop !== null && Math.abs(s - state.expectedScrollTop) <= 1.5) {
    state.expectedScrollTop = null;
    return;
  }
  state.expectedScrollTop = null;
  const maxS = list.scrollHeight - list.clientHeight;
  let v;
  if (s >= maxS - 1) v = maxV();
  else if (s <= 0) v = 0;
  else v = s * state.ratio; // the thumb was dragged (or the page set scrollTop): map it
  setV(v, { fromScroll: true });
}, { passive: true });

list.addEventListener("wheel", (event) => {
  if (event.ctrlKey) return; // pinch zoom
  event.preventDefault();
  const unit = event.deltaMode === 1 ? LINE : event.deltaMode === 2 ? state.viewport : 1;
  setV(state.v + event.deltaY * unit);
}, { passive: false });

list.addEventListener("keydown", (event) => {
  const page = Math.max(1, Math.floor((state.viewport - HEADER) / ROW));
  let row = state.focusRow;
  switch (event.key) {
    case "ArrowDown": row += 1; break;
    case "ArrowUp": row -= 1; break;
    case "PageDown": row += page; break;
    case "PageUp": row -= page; break;
    case "Home": row = 0; break;
    case "End": row = state.total - 1; break;
    default: return;
  }
  event.preventDefault();
  focusRow(Math.min(Math.max(row, 0), Math.max(state.total - 1, 0)));
});

/** Moves keyboard focus to contact `row`, scrolling just enough to show it. */
function focusRow(row) {
  state.focusRow = row;
  const top = topOfRow(row);
  const viewTop = state.v + HEADER; // below the sticky section title
  if (top < viewTop) setV(top - HEADER);
  else if (top + ROW > state.v + state.viewport) setV(top + ROW - state.viewport);
  else { state.dirty = state.dirty || false; schedule(); }
}

list.addEventListener("focus", () => schedule());
list.addEventListener("blur", () => schedule());

// ---- Fetching windows ------------------------------------------------------

function schedule() {
  if (!state.frame) state.frame = requestAnimationFrame(frame);
}

function frame() {
  state.frame = 0;
  position();
  if (state.dirty && !state.inFlight && !state.retryTimer) request();
}

async function request() {
  state.inFlight = true;
  state.dirty = false;
  // Ask for the viewport plus half a viewport above and below (prefetch), shifted
  // at the ends so that the window always spans as many rows: the slot pool is
  // then made at its full size on the first request and never grows.
  const margin = Math.round(state.viewport / 2);
  const span = Math.max(1, state.viewport + 2 * margin);
  const offset = Math.max(0, Math.min(state.v - margin, state.contentHeight - span));
  let url = `/window?offset=${offset}&height=${Math.min(span, 20000)}`;
  if (state.session !== null) url += `&session=${encodeURIComponent(state.session)}&ack=${state.ack}`;
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    const update = JSON.parse(text);
    state.lastBytes = Number(response.headers.get("content-length")) || text.length;
    apply(update);
    state.retryDelay = 0;
    setOffline(false);
  } catch (error) {
    // Nothing was applied: the server's state is ahead of ours, and the `ack` we
    // send next tells it so (it answers from our last applied state, or in full).
    state.dirty = true;
    state.retryDelay = Math.min(5000, state.retryDelay ? state.retryDelay * 2 : 250);
    setOffline(true, error);
    state.retryTimer = setTimeout(() => { state.retryTimer = 0; schedule(); }, state.retryDelay);
  } finally {
    state.inFlight = false;
    if (state.dirty) schedule();
  }
}

function setOffline(offline, error) {
  state.offline = offline;
  if (offline) {
    statusLine.textContent = `Offline: retrying in ${(state.retryDelay / 1000).toFixed(1)} s (${error?.message ?? "no answer"})`;
    statusLine.classList.add("offline");
  } else {
    statusLine.classList.remove("offline");
  }
}

// ---- Applying updates ---------------------------------------------------------

function apply(update) {
  if (update.contentHeight !== state.contentHeight || update.total !== state.total) {
    state.total = update.total;
    state.contentHeight = update.contentHeight;
    layoutScroller();
    loadSections(); // the data changed: titles and tops too
  }
  state.session = update.session;
  state.ack = update.seq;
  if (update.full) {
    const keep = new Set(update.cells.map((cell) => cell.slot));
    for (const [id, slot] of slots) if (!keep.has(id)) release(slot);
  }
  for (const id of update.released) {
    const slot = slots.get(id);
    if (slot) release(slot);
  }
  for (const cell of update.cells) fill(cell);
  state.created = update.stats.created;
  position();
  showStatus(update);
}

function release(slot) {
  if (slot.node.contains(document.activeElement)) list.focus({ preventScroll: true });
  slot.node.hidden = true;
  slot.node.classList.remove("focused");
  slot.row = null;
}

/** Puts a cell into its slot: the whole content, attributes and position change
 *  together, before the next frame, so nothing of the slot's last row shows. */
function fill(cell) {
  let slot = slots.get(cell.slot);
  if (!slot) {
    const node = document.createElement("div");
    node.className = "slot";
    node.dataset.slot = String(cell.slot);
    node.dataset.kind = cell.kind;
    node.id = `slot-${cell.slot}`;
    stage.appendChild(node);
    slot = { node, kind: cell.kind };
    slots.set(cell.slot, slot);
  }
  const node = slot.node;
  if (node.contains(document.activeElement)) list.focus({ preventScroll: true });
  // The fragment goes inside one grid cell: rows of a grid hold cells.
  node.innerHTML = `<div class="cell" role="${cell.kind === "contact" ? "gridcell" : "presentation"}">${cell.html}</div>`;
  slot.top = cell.top;
  slot.height = cell.height;
  if (cell.kind === "contact") {
    slot.row = cell.row;
    node.dataset.row = String(cell.row);
    node.dataset.id = String(cell.contact ? cell.contact.id : "");
    node.setAttribute("role", "row");
    node.setAttribute("aria-rowindex", String(cell.row + 1));
    const c = cell.contact || {};
    node.setAttribute("aria-label", [c.first_name, c.last_name].filter(Boolean).join(" ") + (c.email ? `, ${c.email}` : "") + (c.phone ? `, ${c.phone}` : ""));
  } else {
    slot.row = null;
    node.dataset.section = String(cell.section);
    node.setAttribute("role", "presentation");
    node.setAttribute("aria-hidden", "true");
  }
  node.hidden = false;
}

/** Positions every shown slot relative to the viewport (small transforms only). */
function position() {
  let focused = null;
  for (const slot of slots.values()) {
    if (slot.node.hidden) continue;
    slot.node.style.transform = `translateY(${slot.top - state.v}px)`;
    const isFocused = slot.row === state.focusRow;
    slot.node.classList.toggle("focused", isFocused && document.activeElement === list);
    if (isFocused) focused = slot.node;
  }
  if (focused) list.setAttribute("aria-activedescendant", focused.id);
  else list.removeAttribute("aria-activedescendant");
  const section = sectionAt(state.v);
  currentSection.textContent = section && state.v > 0 ? section.title : "";
  stage.style.backgroundPositionY = `${-(state.v % ROW)}px`;
  rememberPosition();
}

function showStatus(update) {
  if (state.offline) return;
  const shown = update.last === null ? 0 : update.last - update.first + 1;
  const slotsMade = state.created.contact + state.created.header;
  statusLine.textContent =
    `${state.total.toLocaleString()} contacts · ${slotsMade} slots created for ${shown} rows shown` +
    ` · last window ${state.lastBytes.toLocaleString()} bytes`;
}

// ---- Sections, URL and start ----------------------------------------------------

async function loadSections() {
  const response = await fetch("/sections");
  if (!response.ok) return;
  state.sections = (await response.json()).sections;
  index.replaceChildren(...state.sections.map((section) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = section.title;
    button.dataset.index = section.title;
    button.setAttribute("aria-label", `Jump to ${section.title}`);
    button.addEventListener("click", () => {
      state.focusRow = section.firstRow;
      setV(section.top);
      list.focus({ preventScroll: true });
    });
    return button;
  }));
}

let rememberTimer = 0;
function rememberPosition() {
  clearTimeout(rememberTimer);
  rememberTimer = setTimeout(() => {
    if (!state.total) return;
    const row = rowAt(state.v);
    const hash = `#row=${row}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }, 250);
}

function rowFromHash() {
  const match = /^#row=(\d+)$/.exec(location.hash);
  return match ? Math.min(Number(match[1]), Math.max(state.total - 1, 0)) : null;
}

window.addEventListener("hashchange", () => {
  const row = rowFromHash();
  if (row !== null && row !== rowAt(state.v)) {
    state.focusRow = row;
    setV(topOfRow(row) - HEADER);
  }
});

window.addEventListener("resize", () => {
  layoutScroller();
  setV(state.v);
});

// ---- Importing a CSV file -----------------------------------------------------

const importForm = document.getElementById("import");
const importProgress = document.getElementById("import-progress");
const importResult = document.getElementById("import-result");

importForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const file = document.getElementById("import-file").files[0];
  if (!file) return;
  const mode = document.getElementById("import-mode").value;
  const token = document.getElementById("import-token").value;
  const xhr = new XMLHttpRequest();
  xhr.open("POST", `/import?mode=${encodeURIComponent(mode)}`);
  xhr.setRequestHeader("Content-Type", "text/csv");
  if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
  importProgress.hidden = false;
  importProgress.value = 0;
  importResult.classList.remove("failed");
  importResult.textContent = `Uploading ${file.name}…`;
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) importProgress.value = e.loaded / e.total;
  };
  xhr.upload.onload = () => { importResult.textContent = "Importing…"; };
  xhr.onload = () => {
    importProgress.hidden = true;
    let summary = null;
    try { summary = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
    if (xhr.status === 200 && summary) {
      const problems = summary.errors.slice(0, 3).map((e) => e.message).join("; ");
      importResult.textContent = `Imported ${summary.inserted.toLocaleString()} contacts` +
        (summary.rejected ? `, ${summary.rejected} rows skipped (${problems})` : "") +
        ` in ${summary.seconds} s; ${summary.total.toLocaleString()} in the list.`;
      state.dirty = true; // the server answers the next window in full, from the new list
      schedule();
    } else {
      importResult.classList.add("failed");
      const detail = summary?.errors?.length
        ? summary.errors.slice(0, 3).map((e) => e.message).join("; ")
        : summary?.message ?? `HTTP ${xhr.status}`;
      importResult.textContent = `Nothing imported: ${detail}`;
    }
  };
  xhr.onerror = () => {
    importProgress.hidden = true;
    importResult.classList.add("failed");
    importResult.textContent = "The upload failed: the server could not be reached.";
  };
  xhr.send(file);
});

async function start() {
  state.viewport = list.clientHeight;
  // One small request learns the list's size before the first real window.
  const first = await fetch(`/window?offset=0&height=1`).then((r) => r.json()).catch(() => null);
  if (first) {
    state.total = first.total;
    state.contentHeight = first.contentHeight;
  }
  layoutScroller();
  await loadSections();
  const row = rowFromHash();
  if (row !== null) {
    state.focusRow = row;
    setV(topOfRow(row) - HEADER);
  } else {
    setV(0);
  }
}

start();
