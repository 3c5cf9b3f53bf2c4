// Roster's browser client: a fixed pool of DOM nodes recycled by the slot IDs the
// server hands out, as UITableView recycles cells. The server runs the reuse
// engine and owns the layout: the content height and section tops come from
// /sections, every cell's top and height from /window, and a row's position from
// /window?row=N. This file moves the list, asks for windows and applies their
// updates to the slot pool (slots.js); it computes no row height or row position
// of its own.
//
// The list is taller than browsers lay out (1,000,000 rows of 56 px or more), so the
// scroller holds a spacer of at most MAX_SPACER px and a sticky stage; the
// virtual offset `v` (content px) maps to the scroll position at a fixed ratio.
// Wheel and keys move `v` by natural amounts; dragging the scrollbar maps the
// thumb's position through the ratio, so the whole list stays reachable.
//
// Frames stay short: the DOM is written only in requestAnimationFrame (updates
// that arrive wait for it) and read only in the scroll event (scrollTop) and the
// ResizeObserver, never right after a write; hover is off while the list moves.
//
// Live data: events.js announces each new data version; the list then asks for
// its window with its session and ack, as a scroll does, and the server answers
// the diff (kept contacts keep their slots). When contacts were inserted or
// deleted above, the answer's `offset` moved by the height added there, and the
// page moves `v` by as much in the frame that writes the cells, so the contacts
// on screen stay where they are.
//
// Search (search.js hands over the query): every /window and /sections request
// carries `q`. A new query is a new generation: the request in flight is aborted
// and any answer of an older generation is dropped, so a late answer never
// replaces a newer query's. The rows shown stay until the new query's first
// window arrives, which then lays the list out from the top (or a given row) in
// one frame; the server answers it in full, as the session's query changed.

import "./events.js";
import { toggleStar } from "./favorites.js";
import { connectSearch, linkOf, normalize, readLink } from "./search.js";
import { showLetters } from "./letters.js";
import { fill, placeSlots, release, rowAtTop, rowsInView, slotOfRow, slots } from "./slots.js";
import { showMessage, showOffline, showWindow } from "./status.js";

const MAX_SPACER = 8_000_000; // below Firefox's ~8.9M px transform limit and Chromium's 33.5M px element cap
const LINE = 40; // px per wheel line (deltaMode 1)
const STILL_AFTER = 150; // ms without a move before hover comes back

const list = document.getElementById("list");
const stage = document.getElementById("stage");
const spacer = document.getElementById("spacer");
const currentSection = document.getElementById("current-section");

// The page's own styles (app.css): the sticky section title's height, and the
// period of the placeholder stripes drawn where no slot has arrived yet.
const rootStyle = getComputedStyle(document.documentElement);
const STICKY = parseFloat(rootStyle.getPropertyValue("--header")) || 0;
const STRIPE = parseFloat(rootStyle.getPropertyValue("--stripe")) || 1;

const state = {
  session: null,
  ack: null,
  version: -1,         // the data version of the cells shown
  latest: -1,          // the newest data version announced (events, writes)
  total: 0,
  contentHeight: 0,
  sections: [],        // from /sections: {title, rows, firstRow, top, height}
  v: 0,                // virtual offset: content px at the top of the viewport
  viewport: 0,         // the scroller's height, from the ResizeObserver
  scrollRange: 0,      // scroll px the spacer gives
  scrollTop: 0,        // the list's scrollTop, as last set or seen
  ratio: 1,            // content px per scroll px
  expectedScrollTop: null,
  inFlight: false,
  arrived: null,       // a window answer waiting for the next frame
  dirty: true,         // the window shown is not the one for `v`
  pendingRow: null,    // a row to show, asked for as /window?row=
  pendingTop: false,   // show the list's top once it arrives (a new query's first window)
  query: "",           // the search shown ("" the whole list), sent as q
  generation: 0,       // counts queries: an answer to an older one is dropped
  controller: null,    // aborts the window request in flight when the query changes
  moves: 0,            // counts moves, so a late row answer does not undo a newer one
  retryDelay: 0,
  retryTimer: 0,
  lastBytes: 0,
  focusRow: 0,
  frame: 0,
  shownSection: null,
  shownStripe: null,
  stillTimer: 0,
};

// ---- Geometry -------------------------------------------------------------

function maxV() {
  return Math.max(0, state.contentHeight - state.viewport);
}

function clampV(v) {
  return Math.min(maxV(), Math.max(0, Math.round(v)));
}

function sectionAt(v) {
  let found = null;
  for (const section of state.sections) {
    if (section.height > 0 && section.top <= v) found = section;
  }
  return found;
}

/** Sizes the spacer for the content height and viewport (writes only). */
function layoutScroller() {
  const spacerTotal = Math.max(state.viewport, Math.min(state.contentHeight, MAX_SPACER));
  state.scrollRange = Math.max(0, spacerTotal - state.viewport);
  spacer.style.height = `${state.scrollRange}px`;
  // No placeholder stripes below a list shorter than the viewport (a search's results).
  stage.classList.toggle("short", state.contentHeight < state.viewport);
  state.ratio = state.scrollRange > 0 ? maxV() / state.scrollRange : 1;
  list.setAttribute("aria-rowcount", String(state.total));
}

// ---- Moving -----------------------------------------------------------------

/** Moves the viewport to content px `v`, keeping the scrollbar thumb in step. */
function setV(v, { fromScroll = false } = {}) {
  state.v = clampV(v);
  state.moves += 1;
  state.pendingRow = null;
  state.pendingTop = false;
  if (!fromScroll) syncScrollbar();
  state.dirty = true;
  schedule();
}

/** Moves the thumb to `v`, comparing with the last scrollTop seen rather than reading it. */
function syncScrollbar() {
  const target = state.ratio > 0 ? state.v / state.ratio : 0;
  if (Math.abs(state.scrollTop - target) >= 1) {
    state.expectedScrollTop = state.scrollTop = target;
    list.scrollTop = target;
  }
}

/** Shows contact `row` just below the sticky title (or the end of the list): the
 *  server knows where it is, so the next window is asked for by row. */
function goToRow(row) {
  state.focusRow = row;
  state.pendingRow = row;
  state.pendingTop = false;
  state.dirty = true;
  schedule();
}

/** Shows the list of query `q` ("" the whole list) from its contact `row`, or
 *  from its top when `row` is null. */
function startQuery(q, row) {
  if (q === state.query) {
    if (row !== null) goToRow(row);
    return;
  }
  state.query = q;
  state.generation += 1;
  // Whatever is on its way answers the old query: drop it, and ask anew at once.
  state.controller?.abort();
  state.controller = null;
  state.arrived = null;
  state.inFlight = false;
  loadSections();
  if (row !== null) return goToRow(row);
  state.focusRow = 0;
  state.pendingRow = null;
  state.pendingTop = true;
  state.dirty = true;
  schedule();
}

const search = connectSearch({ change: startQuery, where: () => rowAtTop(state.v, STICKY) ?? state.focusRow });

/** Hover styles and pointer events rest while the list moves (app.css `.moving`). */
function moving() {
  if (!state.stillTimer) stage.classList.add("moving");
  clearTimeout(state.stillTimer);
  state.stillTimer = setTimeout(() => {
    state.stillTimer = 0;
    stage.classList.remove("moving");
  }, STILL_AFTER);
}

list.addEventListener("scroll", () => {
  const s = state.scrollTop = list.scrollTop;
  if (state.expectedScrollTop !== null && Math.abs(s - state.expectedScrollTop) <= 1.5) {
    state.expectedScrollTop = null;
    return;
  }
  state.expectedScrollTop = null;
  moving();
  let v;
  if (s >= state.scrollRange - 1) v = maxV();
  else if (s <= 0) v = 0;
  else v = s * state.ratio; // the thumb was dragged (or the page set scrollTop): map it
  setV(v, { fromScroll: true });
}, { passive: true });

list.addEventListener("wheel", (event) => {
  if (event.ctrlKey) return; // pinch zoom
  event.preventDefault();
  moving();
  const unit = event.deltaMode === 1 ? LINE : event.deltaMode === 2 ? state.viewport : 1;
  setV(state.v + event.deltaY * unit);
}, { passive: false });

list.addEventListener("keydown", (event) => {
  if (event.target !== list || event.altKey || event.ctrlKey || event.metaKey || !state.total) return;
  let row = state.focusRow;
  switch (event.key) {
    case "Enter": event.preventDefault(); return openContact(slotOfRow(row));
    case "f": event.preventDefault(); return starContact(slotOfRow(row));
    case "ArrowDown": row += 1; break;
    case "ArrowUp": row -= 1; break;
    case "PageDown": row += Math.max(1, rowsInView(state.v, STICKY, state.viewport)); break;
    case "PageUp": row -= Math.max(1, rowsInView(state.v, STICKY, state.viewport)); break;
    case "Home": row = 0; break;
    case "End": row = state.total - 1; break;
    default: return;
  }
  event.preventDefault();
  moving();
  focusRow(Math.min(Math.max(row, 0), Math.max(state.total - 1, 0)));
});

/** Moves keyboard focus to contact `row`, scrolling just enough to show it. */
function focusRow(row) {
  state.focusRow = row;
  const slot = slotOfRow(row);
  if (!slot) return goToRow(row);
  if (slot.top < state.v + STICKY) setV(slot.top - STICKY);
  else if (slot.top + slot.height > state.v + state.viewport) setV(slot.top + slot.height - state.viewport);
  else schedule();
}

/** The focused row's star, flipped from the keyboard. */
function starContact(slot) {
  const button = slot && slot.node.querySelector('[data-action="favorite"]');
  if (button) toggleStar(button, slot.node.dataset.id);
}

/** Asks detail.js to show the contact of `slot` (its row becomes the focused one). */
function openContact(slot) {
  if (!slot || !slot.node.dataset.id) return;
  state.focusRow = slot.row;
  schedule();
  document.dispatchEvent(new CustomEvent("roster:open", { detail: { id: Number(slot.node.dataset.id) } }));
}

// One listener for every slot: a star flips, anywhere else on a row opens it. While
// the list moves, slots take no pointer events (app.css), so no click lands here.
stage.addEventListener("click", (event) => {
  const node = event.target.closest('.slot[data-kind="contact"]');
  if (!node || node.hidden) return;
  const star = event.target.closest('[data-action="favorite"]');
  if (star) return toggleStar(star, node.dataset.id);
  openContact(slots.get(Number(node.dataset.slot)));
});

list.addEventListener("focus", () => schedule());
list.addEventListener("blur", () => schedule());

// ---- Fetching windows ------------------------------------------------------

function schedule() {
  if (!state.frame) state.frame = requestAnimationFrame(frame);
}

/** One frame: apply what arrived, position the slots, ask for the next window. */
function frame() {
  state.frame = 0;
  if (state.arrived) {
    const { update, row, top, moves, asked } = state.arrived;
    state.arrived = null;
    state.inFlight = false;
    const resized = resize(update); // first: `v` is clamped to the list's new size
    if (row !== null && moves === state.moves) {
      // Laid out with the row's top at the window's top (or at the end of the list).
      // The scroll position moves before the cells are written, so it needs no layout.
      setV(update.offset - STICKY);
    } else if (top && moves === state.moves) {
      setV(0);
    }
    apply(update, resized);
    // Anchoring: the window was laid out `shift` px lower (or higher) than asked,
    // because contacts came (or went) above it. Moving `v` as much, in this same
    // frame as the cells' new tops, keeps every kept contact at its y. (Also
    // when the user scrolled meanwhile: `v` is then in the old coordinates too.)
    const shift = row === null && !top && typeof update.offset === "number" ? update.offset - asked : 0;
    if (shift !== 0) state.v = clampV(state.v + shift);
    if (shift !== 0 || resized) syncScrollbar(); // its scroll event is expected, so ignored
    if (state.latest > state.version) state.dirty = true; // announced while this was asked for
  }
  position();
  if (state.dirty && !state.inFlight && !state.retryTimer) request();
}

async function request() {
  state.inFlight = true;
  state.dirty = false;
  const row = state.pendingRow;
  const top = state.pendingTop && row === null;
  state.pendingRow = null;
  state.pendingTop = false;
  const moves = state.moves;
  const generation = state.generation;
  // Ask for the viewport plus half a viewport above and below (prefetch), shifted
  // at the ends so that the window always spans as many rows: the slot pool is
  // then made at its full size on the first request and never grows.
  const margin = Math.round(state.viewport / 2);
  let url;
  let asked = null;
  if (row !== null) {
    // The rows below the sticky title, with the same margins as overscan.
    url = `/window?row=${row}&height=${Math.max(1, state.viewport - STICKY)}&overscan=${margin}`;
  } else {
    // The window spans [low, low + span): the viewport and the margins, shifted at
    // the list's ends. It is asked for as the viewport itself (offset `v`, where the
    // server looks for the contact to anchor on) plus overscan; at the ends the
    // viewport part or the overscan grows so the span stays the same.
    // A new query's first window is asked for at its top, before `v` moves there.
    const v = top ? 0 : state.v;
    const span = Math.max(1, state.viewport + 2 * margin);
    const low = Math.max(0, Math.min(v - margin, state.contentHeight - span));
    const overscan = Math.min(5000, Math.max(margin, v - low));
    const height = Math.max(state.viewport, low + span - v - overscan);
    asked = v;
    url = `/window?offset=${asked}&height=${Math.max(1, Math.min(height, 20000))}&overscan=${overscan}`;
  }
  if (state.query) url += `&q=${encodeURIComponent(state.query)}`;
  if (state.session !== null) url += `&session=${encodeURIComponent(state.session)}&ack=${state.ack}`;
  const controller = state.controller = new AbortController();
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" }, signal: controller.signal });
    if (generation !== state.generation) return; // an older query's: startQuery asked anew
    if (response.status === 400 && row !== null) {
      // The row is not in the list (a link past the end of a search's results):
      // its top instead.
      state.inFlight = false;
      state.pendingTop = true;
      state.dirty = true;
      return schedule();
    }
    if (response.status === 400 && state.query) {
      // The query itself is refused (past the server's limits): say why, and ask
      // again only when the field changes.
      const refusal = await response.json().catch(() => null);
      if (generation !== state.generation) return;
      state.inFlight = false;
      return showMessage(`Search: ${refusal?.message ?? "the server refused it"}`);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    const update = JSON.parse(text);
    if (generation !== state.generation) return;
    state.lastBytes = Number(response.headers.get("content-length")) || text.length;
    state.retryDelay = 0;
    // Applied in the next frame, so the DOM is written once per frame, before layout.
    state.arrived = { update, row, top, moves, asked };
    schedule();
  } catch (error) {
    if (generation !== state.generation) return; // aborted for a newer query
    // Nothing was applied: the server's state is ahead of ours, and the `ack` we
    // send next tells it so (it answers from our last applied state, or in full).
    state.inFlight = false;
    state.dirty = true;
    if (row !== null && state.pendingRow === null && moves === state.moves) state.pendingRow = row;
    if (top && moves === state.moves) state.pendingTop = true;
    state.retryDelay = Math.min(5000, state.retryDelay ? state.retryDelay * 2 : 250);
    showOffline(state.retryDelay, error);
    state.retryTimer = setTimeout(() => { state.retryTimer = 0; schedule(); }, state.retryDelay);
  }
}

// ---- Applying updates ---------------------------------------------------------

/** Takes the list's size from a window answer; true when it changed. */
function resize(update) {
  if (update.contentHeight === state.contentHeight && update.total === state.total) return false;
  state.total = update.total;
  state.contentHeight = update.contentHeight;
  layoutScroller();
  return true;
}

/** Applies a window answer (`resized`: its size differs from the last one's). */
function apply(update, resized) {
  // The keyboard focus stays on its contact when rows come or go above it.
  const focusedId = update.version !== state.version ? slotOfRow(state.focusRow)?.node.dataset.id : undefined;
  if (typeof update.version === "number" && update.version !== state.version) {
    if (state.version !== -1 || resized) loadSections(); // the data changed: titles and tops too
    state.version = update.version;
    if (update.version > state.latest) state.latest = update.version;
  } else if (resized && sectionsFor !== state.generation) {
    loadSections(); // (a new query's were asked for with its first window)
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
  if (focusedId) {
    for (const slot of slots.values()) {
      if (!slot.node.hidden && slot.node.dataset.id === focusedId) state.focusRow = slot.row;
    }
  }
  showWindow(update, state.lastBytes, state.query);
}

/** Positions every shown slot relative to the viewport (small transforms only);
 *  writes only what changed, and reads nothing from layout. */
function position() {
  const focused = placeSlots(state.v, state.focusRow);
  const active = focused ? focused.id : null;
  if (active !== list.getAttribute("aria-activedescendant")) {
    if (active) list.setAttribute("aria-activedescendant", active);
    else list.removeAttribute("aria-activedescendant");
  }
  const section = sectionAt(state.v);
  const title = section && state.v > 0 ? section.title : "";
  if (title !== state.shownSection) currentSection.textContent = state.shownSection = title;
  const stripe = -(state.v % STRIPE);
  if (stripe !== state.shownStripe) stage.style.backgroundPositionY = `${state.shownStripe = stripe}px`;
  rememberPosition();
}

// ---- Sections, URL and start ----------------------------------------------------

let sectionsLoading = null; // a /sections request in flight
let sectionsAgain = false;  // the data (or the query) changed again while it was
let sectionsFor = -1;       // the query generation of the last /sections asked for

/** Loads /sections (of the query shown): the list's size and every section's
 *  place, from the server. Changes that come in a burst (an import, many writes,
 *  keystrokes) load it once more at most; an answer to an older query is dropped. */
function loadSections() {
  if (sectionsLoading) {
    sectionsAgain = true;
    return sectionsLoading;
  }
  sectionsLoading = fetchSections().finally(() => {
    sectionsLoading = null;
    if (sectionsAgain) {
      sectionsAgain = false;
      loadSections();
    }
  });
  return sectionsLoading;
}

async function fetchSections() {
  const generation = sectionsFor = state.generation;
  const url = state.query ? `/sections?q=${encodeURIComponent(state.query)}` : "/sections";
  const response = await fetch(url).catch(() => null);
  const answer = response && response.ok ? await response.json().catch(() => null) : null;
  if (generation !== state.generation) return null;
  if (!answer) {
    sectionsFor = -1; // asked again when the next window changes the list's size
    return null;
  }
  state.sections = answer.sections;
  showLetters(answer.sections, jumpToSection);
  return answer;
}

/** A letter of the index: its section's first row, just below the sticky title. */
function jumpToSection(title) {
  const section = state.sections.find((s) => s.title === title);
  if (!section || section.rows === 0) return;
  goToRow(section.firstRow);
  list.focus({ preventScroll: true });
}

let rememberTimer = 0;
function rememberPosition() {
  clearTimeout(rememberTimer);
  rememberTimer = setTimeout(() => {
    if (!state.total || state.dirty || state.inFlight || state.pendingRow !== null) return;
    if (location.hash.startsWith("#id=")) return; // the detail pane's link, while it is open
    const row = rowAtTop(state.v, STICKY);
    const hash = linkOf(state.query, row);
    if (row !== null && location.hash !== hash) history.replaceState(null, "", hash);
  }, 250);
}

// #q= opens a search (search.js fills the field); #row=N moves within what is shown.
window.addEventListener("hashchange", () => {
  const { q, row } = readLink();
  if (q !== null && normalize(q) !== state.query) return search.open(q, row);
  if (row !== null && row !== rowAtTop(state.v, STICKY)) goToRow(Math.min(row, Math.max(state.total - 1, 0)));
});

// The scroller's own size: it changes with the window and with the header above
// it (a status or import message that wraps). At the end of the list, stay there.
new ResizeObserver((entries) => {
  const height = entries[entries.length - 1].contentRect.height;
  if (height === state.viewport) return;
  const atEnd = state.contentHeight > 0 && state.v >= maxV() - 1;
  state.viewport = height;
  layoutScroller();
  setV(atEnd ? maxV() : state.v);
}).observe(list);

/** A newer data version exists (announced, or written by this page): ask for the
 *  window with the session and ack, and the server answers the diff. */
function refresh(version) {
  if (typeof version === "number") {
    if (version > state.latest) state.latest = version;
    // Already shown; or the first window is still on its way (frame() compares).
    if (version <= state.version || state.version === -1) return;
  }
  state.dirty = true;
  schedule();
}

document.addEventListener("roster:version", (event) => refresh(event.detail.version));
document.addEventListener("roster:changed", (event) => refresh(event.detail?.version));
// The detail pane shows a contact opened by a link, or one it just created. A link
// may be read before the list has started: start() then opens the list there.
let started = false;
let startRow = null;
document.addEventListener("roster:show-row", (event) => {
  if (state.query) return; // a row of the whole list, not of the search's results
  if (!started) startRow = event.detail.row;
  else if (!slotOfRow(event.detail.row)) goToRow(event.detail.row);
});
document.addEventListener("roster:closed", () => rememberPosition());

async function start() {
  state.viewport = list.clientHeight;
  const link = readLink();
  state.query = normalize(link.q);
  if (state.query) search.show(link.q);
  const answer = await loadSections();
  if (answer) {
    state.total = answer.total;
    state.contentHeight = answer.contentHeight;
  }
  layoutScroller();
  started = true;
  const row = link.row ?? startRow;
  if (row !== null && state.total > 0) goToRow(Math.min(row, state.total - 1));
  else setV(0);
}

start();
