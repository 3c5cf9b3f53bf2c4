// Roster's list: a fixed pool of DOM nodes recycled by the slot IDs the server
// hands out, as UITableView recycles cells. The server owns the layout (sizes
// from /sections, every cell's top and height from /window, a row's place from
// /window?row=N); the page computes no row height or position of its own.
//
// This file is the DOM around the list's logic: events (scroll, wheel, keys,
// clicks, resizes, links) become calls of list/model/list.js; the frame applies an
// answer (list/model/arrival.js), positions the slots, and writes what they return.
//
// Frames stay short: the DOM is written only in requestAnimationFrame (answers wait for it) and read
// only in the scroll event (scrollTop) and the ResizeObserver, never right after a write; hover is off while the list moves.
//
// Live data: a newer data version (events, a write here) asks for the window with the session and ack,
// as a scroll does, and the server answers the diff. When contacts were inserted or deleted above, the
// answer's `offset` moved by the height added there, and `v` moves by as much in the frame that writes
// the cells, so the contacts on screen stay where they are.

import { takeArrival } from "./model/arrival.js";
import { fitsLink } from "./model/firstWindow.js";
import { listHashChange, readFilter, readLink, normalize, rememberedHash } from "../common/model/link.js";
import {
  changeFilter, changeQuery, createListState, goToRow, moveTo, mustReplace, needsRequest, noteMove, refresh, resizeViewport, revealRow,
} from "./model/list.js";
import { createMoving, listenToList } from "../input/listInput.js";
import { createListKeys } from "../input/keys.js";
import { createPosition } from "./position.js";
import { layoutScroll, maxV, scrolledTo, stripeOffset, thumbFor, wheelPixels } from "./model/scroller.js";
import { createScrubber } from "../input/scrubber.js";
import { sectionRow, stickyTitle } from "./model/sections.js";
import { createSkeletonLayer } from "./skeletons.js";
import { skeletonBlocks } from "./model/skeletons.js";
import { createSlotModel, rowAtTop, slotOfRow } from "./model/slots.js";
import { createTable } from "./table.js";
import { listenToTouch } from "../input/touch.js";
import { createWindows } from "./windows.js";

const REMEMBER_AFTER = 250; // ms the list rests before the URL records its row

/**
 * The list in `doc`. `status` is status/status.js's; `letters(onJump)` makes the letter
 * index (list/letters.js); `toggleStar(button, id)` flips a row's star; `hooks.open(id)`
 * opens a contact's detail; `get` fetches (through the sign-in); `send`, `undo`: net/api.js's, detail/undo.js's.
 * Returns {start, startQuery, startFilter, where, refresh, showRow, remember, useSearch, useViews, forget}.
 */
export function createList({ doc, status, letters, toggleStar, hooks, get, send, undo }) {
  const win = doc.defaultView;
  const list = doc.getElementById("list");
  const stage = doc.getElementById("stage");
  const spacer = doc.getElementById("spacer");
  const currentSection = doc.getElementById("current-section");
  const spoken = createPosition(doc);

  // The page's own styles (app.css): the sticky section title's height, and the
  // period of the placeholder stripes drawn where no slot has arrived yet.
  const rootStyle = win.getComputedStyle(doc.documentElement);
  const STICKY = parseFloat(rootStyle.getPropertyValue("--header")) || 0;
  const STRIPE = parseFloat(rootStyle.getPropertyValue("--stripe")) || 1;

  const state = createListState();
  const model = createSlotModel();
  const table = createTable({ doc, state, model, stage, list, toggleStar, send, get, undo, hooks, status }); // list/table.js
  const slots = table.slots;
  const skeletons = createSkeletonLayer(stage, STICKY);
  const index = letters(jumpToSection);
  const moving = createMoving(stage);
  const windows = createWindows({ state, sticky: STICKY, schedule, status, get, onSections: (s) => index.show(s) });
  const max = () => maxV(state.contentHeight, state.viewport);
  const scrubber = createScrubber(doc.getElementById("scrubber"), { max, move: fingerTo });
  let touch = null; // input/touch.js's {stop}
  let search = null; // search/search.js's {open, show}, given by useSearch
  let views = null; // views/views.js's {show}, given by useViews
  let frameId = 0;
  let rememberTimer = 0;
  let shownSection = null;
  let shownStripe = null;
  let shownBusy = false;

  // ---- Writing what the state says ---------------------------------------------

  function schedule() {
    if (!frameId) frameId = requestAnimationFrame(frame);
  }

  /** Sizes the spacer for the content height and viewport (writes only). */
  function layoutScroller() {
    const { range, short } = layoutScroll(state.scroll, state.contentHeight, state.viewport);
    spacer.style.height = `${range}px`;
    stage.classList.toggle("short", short); // no placeholder stripes below a short list
    list.setAttribute("aria-rowcount", String(state.total));
  }

  /** Moves the thumb to `v`, comparing with the last scrollTop seen rather than reading it. */
  function syncScrollbar() {
    const target = thumbFor(state.scroll, state.v);
    if (target !== null) list.scrollTop = target;
  }

  /** Moves the viewport to content px `v`, keeping the scrollbar thumb in step. */
  function setV(v, { fromScroll = false } = {}) {
    moveTo(state, v);
    noteMove(state, performance.now());
    if (!fromScroll) syncScrollbar();
    ask();
    schedule();
  }

  /** A finger moves the list to `v` (a drag, a fling, the thumb). */
  function fingerTo(v) {
    moving();
    setV(v);
  }

  /** Sends the window request the list needs now (from the event that moved it,
   *  not a frame later); after a jump, replaces one whose answer cannot cover it. */
  function ask() {
    if (mustReplace(state)) windows.replace();
    else if (needsRequest(state, windows.retrying())) windows.request();
    // aria-busy while a window is on its way, until the frame that applies it.
    const busy = state.inFlight || state.arrived !== null;
    if (busy !== shownBusy) {
      shownBusy = busy;
      if (busy) list.setAttribute("aria-busy", "true");
      else list.removeAttribute("aria-busy");
    }
  }

  function showRow(row) {
    touch?.stop();
    goToRow(state, row);
    spoken.jumped();
    schedule();
  }

  /** One frame: apply what arrived, position the slots, ask for the next window. */
  function frame() {
    frameId = 0;
    if (state.arrived) {
      const step = takeArrival(state, model, STICKY);
      if (step.resized) layoutScroller();
      // The scroll position moves before the cells are written, so it needs no layout.
      if (step.moved) {
        syncScrollbar();
        schedule();
      }
      table.show(step); // the slots' nodes, with the selection and the changes' animations
      if (step.loadSections) windows.loadSections();
      if (step.syncAfter) syncScrollbar(); // its scroll event is expected, so ignored
      status.showWindow(step.answer, state.lastBytes, state.query, state);
    }
    position();
    ask();
  }

  /** Positions every shown slot relative to the viewport (small transforms only);
   *  writes only what changed, and reads nothing from layout. */
  function position() {
    const focused = slots.place(state.v, state.focusRow);
    const active = focused ? focused.id : null;
    if (active !== list.getAttribute("aria-activedescendant")) {
      if (active) list.setAttribute("aria-activedescendant", active);
      else list.removeAttribute("aria-activedescendant");
    }
    const title = stickyTitle(state.sections, state.v);
    if (title !== shownSection) currentSection.textContent = shownSection = title;
    skeletons.draw(skeletonBlocks(state.beyond, model, state.v, state.viewport), state.v);
    const stripe = stripeOffset(state.v, STRIPE);
    if (stripe !== shownStripe) stage.style.backgroundPositionY = `${shownStripe = stripe}px`;
    scrubber.place(state.v, state.viewport);
    remember();
  }

  /** Records the row at the top in the URL once the list rests. */
  function remember() {
    clearTimeout(rememberTimer);
    rememberTimer = setTimeout(() => {
      const hash = rememberedHash(state, win.location.hash, where());
      if (hash !== null) win.history.replaceState(null, "", hash);
      if (!state.dirty && !state.inFlight) spoken.rest(where(), state.total, state.sections);
    }, REMEMBER_AFTER);
  }

  /** The row at the top, just below the sticky title (null: none shown). */
  function where() {
    return rowAtTop(model, state.v, STICKY);
  }

  // ---- Input ------------------------------------------------------------------------

  /** A letter of the index: its section's first row, just below the sticky title. */
  function jumpToSection(title) {
    const row = sectionRow(state.sections, title);
    if (row === null) return;
    showRow(row);
    list.focus({ preventScroll: true });
  }

  const keys = createListKeys({
    state, model, slots, sticky: STICKY, rowHeight: STRIPE, open: hooks.open, toggleStar, selection: table.selection,
    to: { setV, showRow, schedule, moving, jumped: () => spoken.jumped() },
  });

  /** What the list's input does (input/listInput.js). */
  const input = {
    scroll(scrollTop) {
      const v = scrolledTo(state.scroll, scrollTop, maxV(state.contentHeight, state.viewport));
      if (v === null) return; // the echo of a scrollTop the page set
      if (Math.abs(v - state.v) > state.viewport) spoken.jumped(); // the thumb jumped
      moving();
      setV(v, { fromScroll: true });
    },
    wheel(deltaY, deltaMode) {
      touch?.stop();
      moving();
      setV(state.v + wheelPixels(deltaY, deltaMode, state.viewport));
    },
    key(event) {
      touch?.stop();
      keys.key(event);
    },
    star: (button, id) => toggleStar(button, id),
    open(slot) {
      const entry = model.get(slot);
      keys.open(entry ? [slot, entry] : null);
    },
    focus: () => schedule(),
    // #q= opens a search (search/search.js fills the field); #view= and #label= another
    // list (views/views.js shows it); #row=N moves within what is shown.
    hash(hash) {
      const change = listHashChange(hash, state.query, where(), state.total, state);
      if (change?.filter) views?.show(change.filter);
      if (change?.filter) startFilter(change.filter, change.search ? null : change.row ?? null);
      if (change?.search) search.open(change.search.q, change.search.row);
      else if (change && !change.filter) showRow(change.row);
    },
    // At the end of the list, stay there.
    resize(height) {
      if (!resizeViewport(state, height)) return;
      layoutScroller();
      syncScrollbar();
      schedule();
    },
  };

  /** Another query or filter is shown when `changed`: whatever is on its way answers
   *  the old list, so it is dropped and the new one asked for at once. */
  function restart(changed) {
    spoken.jumped();
    if (changed) {
      windows.abort();
      windows.loadSections();
    }
    schedule();
  }

  /** Shows the list through `filter` ({view, label}) from its `row`, or its top. */
  const startFilter = (filter, row = null) => restart(changeFilter(state, filter, row));
  return {
    /** search/search.js's and views/views.js's controls, which show the query, view and label a link opens. */
    useSearch: (controls) => (search = controls),
    useViews: (controls) => (views = controls),

    /** Starts the list where the URL says (a search, a row, or the top), from GET /'s first window when that is its list. */
    async start(first = null) {
      listenToList({ win, list, stage }, table.input(input, schedule));
      touch = listenToTouch({ win, list, swipes: table.swipes }, { position: () => state.v, max, move: fingerTo });
      state.viewport = list.clientHeight;
      const link = readLink(win.location.hash), filter = readFilter(win.location.hash);
      const fits = first !== null && fitsLink(link, filter);
      slots.adopt(fits); // the rows the HTML drew: this list's top (the slots' nodes), or dropped
      state.query = normalize(link.q);
      if (state.query) search.show(link.q);
      views?.show(filter);
      changeFilter(state, filter);
      await windows.begin(fits ? first : null);
      layoutScroller();
      state.started = true;
      const row = link.row ?? state.startRow;
      if (row !== null && state.total > 0) showRow(Math.min(row, state.total - 1));
      else if (fits) schedule(); // at the top already: the first window asks only when it falls short
      else setV(0);
    },

    /** Shows the list of query `q` ("" the whole list) from its `row`, or its top (null). */
    startQuery: (q, row) => restart(changeQuery(state, q, row)),
    startFilter,
    where: () => where() ?? state.focusRow,

    /** A newer data version exists (announced, or written by this page). */
    refresh: (version) => refresh(state, version) && schedule(),

    /** The detail pane shows contact `row` of the whole list (a link, or created). */
    showRow(row) {
      if (revealRow(state, row, slotOfRow(model, row) !== null) === "go") schedule();
    },

    /** The detail pane closed: the URL goes back to the list's row. */
    remember,
    forget: (id) => table.selection.removed([{ id, row: null }]), // deleted in the detail pane
  };
}
