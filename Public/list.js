// Roster's list: a fixed pool of DOM nodes recycled by the slot IDs the server
// hands out, as UITableView recycles cells. The server owns the layout (sizes
// from /sections, every cell's top and height from /window, a row's place from
// /window?row=N); the page computes no row height or position of its own.
//
// This file is the DOM around the list's logic: events (scroll, wheel, keys,
// clicks, resizes, links) become calls of listState.js; the frame applies an
// answer (arrival.js), positions the slots, and writes what they return.
//
// Frames stay short: the DOM is written only in requestAnimationFrame (answers
// wait for it) and read only in the scroll event (scrollTop) and the
// ResizeObserver, never right after a write; hover is off while the list moves.
//
// Live data: a newer data version (events, a write here) asks for the window
// with the session and ack, as a scroll does, and the server answers the diff.
// When contacts were inserted or deleted above, the answer's `offset` moved by
// the height added there, and `v` moves by as much in the frame that writes the
// cells, so the contacts on screen stay where they are.

import { takeArrival } from "./arrival.js";
import { listHashChange, readLink, normalize, rememberedHash } from "./link.js";
import {
  changeQuery, createListState, goToRow, moveTo, needsRequest, refresh, resizeViewport, revealRow, takeSize,
} from "./listState.js";
import { createMoving, listenToList } from "./listInput.js";
import { keyCommand, revealV } from "./paging.js";
import { layoutScroll, maxV, scrolledTo, stripeOffset, thumbFor, wheelPixels } from "./scroller.js";
import { createScrubber } from "./scrubber.js";
import { sectionRow, stickyTitle } from "./sections.js";
import { createSlotModel, rowAtTop, rowsInView, slotOfRow } from "./slotModel.js";
import { createSlots } from "./slots.js";
import { listenToTouch } from "./touchInput.js";
import { createWindows } from "./windows.js";

const REMEMBER_AFTER = 250; // ms the list rests before the URL records its row

/**
 * The list in `doc`. `status` is status.js's; `letters(onJump)` makes the letter
 * index (letters.js); `toggleStar(button, id)` flips a row's star; `hooks.open(id)`
 * opens a contact's detail. Returns {start, startQuery, where, refresh, showRow,
 * remember, useSearch}.
 */
export function createList({ doc, status, letters, toggleStar, hooks }) {
  const win = doc.defaultView;
  const list = doc.getElementById("list");
  const stage = doc.getElementById("stage");
  const spacer = doc.getElementById("spacer");
  const currentSection = doc.getElementById("current-section");

  // The page's own styles (app.css): the sticky section title's height, and the
  // period of the placeholder stripes drawn where no slot has arrived yet.
  const rootStyle = win.getComputedStyle(doc.documentElement);
  const STICKY = parseFloat(rootStyle.getPropertyValue("--header")) || 0;
  const STRIPE = parseFloat(rootStyle.getPropertyValue("--stripe")) || 1;

  const state = createListState();
  const model = createSlotModel();
  const slots = createSlots({ model, stage, list });
  const index = letters(jumpToSection);
  const moving = createMoving(stage);
  const windows = createWindows({ state, sticky: STICKY, schedule, status, onSections: (s) => index.show(s) });
  const max = () => maxV(state.contentHeight, state.viewport);
  const scrubber = createScrubber(doc.getElementById("scrubber"), { max, move: fingerTo });
  let touch = null; // touchInput.js's {stop}
  let search = null; // search.js's {open, show}, given by useSearch
  let frameId = 0;
  let rememberTimer = 0;
  let shownSection = null;
  let shownStripe = null;

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
    if (!fromScroll) syncScrollbar();
    schedule();
  }

  /** A finger moves the list to `v` (a drag, a fling, the thumb). */
  function fingerTo(v) {
    moving();
    setV(v);
  }

  function showRow(row) {
    touch?.stop();
    goToRow(state, row);
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
      slots.release(step.released);
      slots.fill(step.cells);
      if (step.loadSections) windows.loadSections();
      if (step.syncAfter) syncScrollbar(); // its scroll event is expected, so ignored
      status.showWindow(step.answer, state.lastBytes, state.query);
    }
    position();
    if (needsRequest(state, windows.retrying())) windows.request();
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
    }, REMEMBER_AFTER);
  }

  /** The row at the top, just below the sticky title (null: none shown). */
  function where() {
    return rowAtTop(model, state.v, STICKY);
  }

  // ---- Input ------------------------------------------------------------------------

  /** Moves keyboard focus to contact `row`, scrolling just enough to show it. */
  function focusRow(row) {
    state.focusRow = row;
    const found = slotOfRow(model, row);
    if (!found) return showRow(row);
    const v = revealV(found[1], state.v, STICKY, state.viewport);
    if (v !== null) setV(v);
    else schedule();
  }

  /** Opens the contact of slot `found` ([id, entry]); its row becomes the focused one. */
  function openContact(found) {
    if (!found || found[1].id === null) return;
    state.focusRow = found[1].row;
    schedule();
    hooks.open(found[1].id);
  }

  /** The focused row's star, flipped from the keyboard. */
  function starContact(found) {
    const button = found && slots.node(found[0])?.querySelector('[data-action="favorite"]');
    if (button) toggleStar(button, found[1].id);
  }

  /** A letter of the index: its section's first row, just below the sticky title. */
  function jumpToSection(title) {
    const row = sectionRow(state.sections, title);
    if (row === null) return;
    showRow(row);
    list.focus({ preventScroll: true });
  }

  /** What the list's input does (listInput.js). */
  const input = {
    scroll(scrollTop) {
      const v = scrolledTo(state.scroll, scrollTop, maxV(state.contentHeight, state.viewport));
      if (v === null) return; // the echo of a scrollTop the page set
      moving();
      setV(v, { fromScroll: true });
    },
    wheel(deltaY, deltaMode) {
      touch?.stop();
      moving();
      setV(state.v + wheelPixels(deltaY, deltaMode, state.viewport));
    },
    key(event) {
      if (!state.total) return;
      const command = keyCommand(event.key, {
        focusRow: state.focusRow, total: state.total, pageRows: rowsInView(model, state.v, STICKY, state.viewport),
      });
      if (!command) return;
      event.preventDefault();
      touch?.stop();
      if (command.action === "open") return openContact(slotOfRow(model, state.focusRow));
      if (command.action === "star") return starContact(slotOfRow(model, state.focusRow));
      moving();
      focusRow(command.row);
    },
    star: (button, id) => toggleStar(button, id),
    open(slot) {
      const entry = model.get(slot);
      openContact(entry ? [slot, entry] : null);
    },
    focus: () => schedule(),
    // #q= opens a search (search.js fills the field); #row=N moves within what is shown.
    hash() {
      const change = listHashChange(win.location.hash, state.query, where(), state.total);
      if (change?.search) search.open(change.search.q, change.search.row);
      else if (change) showRow(change.row);
    },
    // At the end of the list, stay there.
    resize(height) {
      if (!resizeViewport(state, height)) return;
      layoutScroller();
      syncScrollbar();
      schedule();
    },
  };

  return {
    /** Search.js's controls, for the links that open a search. */
    useSearch(controls) {
      search = controls;
    },

    /** Starts the list where the URL says (a search, a row, or the top). */
    async start() {
      listenToList({ win, list, stage }, input);
      touch = listenToTouch({ win, list }, { position: () => state.v, max, move: fingerTo });
      state.viewport = list.clientHeight;
      const link = readLink(win.location.hash);
      state.query = normalize(link.q);
      if (state.query) search.show(link.q);
      const answer = await windows.loadSections();
      if (answer) takeSize(state, answer);
      layoutScroller();
      state.started = true;
      const row = link.row ?? state.startRow;
      if (row !== null && state.total > 0) showRow(Math.min(row, state.total - 1));
      else setV(0);
    },

    /** Shows the list of query `q` ("" the whole list) from its contact `row`, or
     *  from its top when `row` is null. */
    startQuery(q, row) {
      if (changeQuery(state, q, row)) {
        // Whatever is on its way answers the old query: drop it, and ask anew at once.
        windows.abort();
        windows.loadSections();
      }
      schedule();
    },

    where: () => where() ?? state.focusRow,

    /** A newer data version exists (announced, or written by this page). */
    refresh(version) {
      if (refresh(state, version)) schedule();
    },

    /** The detail pane shows contact `row` of the whole list (a link, or created). */
    showRow(row) {
      if (revealRow(state, row, slotOfRow(model, row) !== null) === "go") schedule();
    },

    /** The detail pane closed: the URL goes back to the list's row. */
    remember,
  };
}
