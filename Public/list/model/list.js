// The list's state and its decisions, without the DOM: where the list is (`v`),
// what it waits for, what to ask next, and the bookkeeping of every window
// answer (session, ack, version). list/list.js and list/windows.js hold the DOM, the
// timers and the network, call these functions and do what they return.
//
// Requests and their answers are list/model/listRequests.js's (re-exported here).
//
// Search: a new query is a new generation. The request in flight is aborted and
// any answer of an older generation is dropped, so a late answer never replaces
// a newer query's; the rows shown stay until the new query's first window, which
// lays the list out from its top (or a given row).
//
// Moves: `moves` counts them, so a row answer asked before the user moved (a
// letter, then the wheel) does not pull the list back.

import { createMotion } from "./motion.js";
import { clampV, createScroll, layoutScroll, maxV } from "./scroller.js";

export {
  answered, beginRequest, dropRequest, failed, isCurrent, mustReplace, needsRequest, noteMove, queryRefused, refused,
} from "./listRequests.js";

/** The list before anything arrived. */
export function createListState() {
  return {
    session: null,      // the server's session: sent back to get deltas
    ack: null,          // the seq of the last answer applied
    version: -1,        // the data version of the cells shown
    latest: -1,         // the newest data version announced (events, writes)
    total: 0,
    contentHeight: 0,
    sections: [],       // from /sections: {title, rows, firstRow, top, height}
    sectionsFor: -1,    // the generation of the last /sections asked for (-1: none, or it failed)
    v: 0,               // virtual offset: content px at the top of the viewport
    viewport: 0,        // the scroller's height
    scroll: createScroll(),
    inFlight: false,
    arrived: null,      // a window answer waiting for the next frame, with its ticket
    dirty: true,        // the window shown is not the one for `v`
    pendingRow: null,   // a row to show, asked for as /window?row=
    pendingName: null,  // type-ahead: a name's start to show, asked for as /window?name=
    pendingTop: false,  // show the list's top once it arrives (a new query's first window)
    query: "",          // the search shown ("" the whole list), sent as q
    view: "all",        // "favorites": the starred contacts only, sent as filter=favorites
    label: "",          // a label's contacts only ("" every contact), sent as label
    generation: 0,      // counts queries: an answer to an older one is dropped
    moves: 0,
    retryDelay: 0,      // ms before the next try after a failed request (0: none failed)
    lastBytes: 0,       // the size of the last window answer
    focusRow: 0,        // the row with the keyboard focus
    started: false,     // the first /sections has answered
    startRow: null,     // a row asked for (a link to a contact) before that
    rtt: null,          // the smoothed round trip of window requests, ms (null: none yet)
    photoTrip: null,    // the smoothed time of a row's photo, asked to decoded, ms (null: none yet)
    motion: createMotion(), // the recent moves, for the speed sent
    ticket: null,       // the ticket of the request in flight
    beyond: null,       // the last answer's geometry past its window (skeletons)
  };
}

/** Puts the list at content px `v` (kept within it), where an answer laid it out: a row,
 *  name or top asked for since stays on its way (type-ahead's next letter). */
export function placeAt(state, v) {
  state.v = clampV(v, state.contentHeight, state.viewport);
  state.moves += 1;
  state.dirty = true;
}

/** Moves the list to content px `v` (kept within it); a row or top on its way is dropped. */
export function moveTo(state, v) {
  placeAt(state, v);
  state.pendingRow = null;
  state.pendingName = null;
  state.pendingTop = false;
}

/** The list is going to show contact `row` just below the sticky title: the
 *  server knows where it is, so the next window is asked for by row. */
export function goToRow(state, row) {
  state.focusRow = row;
  state.pendingRow = row;
  state.pendingName = null;
  state.pendingTop = false;
  state.dirty = true;
}

/** Type-ahead: the list is going to show the first contact whose sort name starts
 *  with `name`, just below the sticky title; the server finds it (/window?name=),
 *  and its answer's `row` takes the focus. */
export function goToName(state, name) {
  state.pendingName = name;
  state.pendingRow = null;
  state.pendingTop = false;
  state.dirty = true;
}

/**
 * Shows the list of query `q` from its contact `row`, or from its top when `row`
 * is null. Returns true when the query changed: the caller then aborts the
 * request in flight and loads the query's sections.
 */
export function changeQuery(state, q, row) {
  if (q === state.query) {
    if (row !== null) goToRow(state, row);
    return false;
  }
  state.query = q;
  return newList(state, row);
}

/**
 * Shows the list through `filter` ({view, label}: favourites, a label) from its
 * contact `row`, or from its top when `row` is null: another list, as a new
 * query is. Returns true when the filter changed (the caller then aborts the
 * request in flight and loads the new list's sections).
 */
export function changeFilter(state, filter, row = null) {
  const view = filter.view === "favorites" ? "favorites" : "all";
  const label = filter.label ?? "";
  if (view === state.view && label === state.label) {
    if (row !== null) goToRow(state, row);
    return false;
  }
  state.view = view;
  state.label = label;
  return newList(state, row);
}

/** Whether the list shows only some contacts (a search, the favourites, a label). */
export function filtered(state) {
  return Boolean(state.query) || state.view === "favorites" || Boolean(state.label);
}

/** Another list (query or filter) is shown: a new generation, from `row` or the top. */
function newList(state, row) {
  state.generation += 1;
  state.arrived = null;
  state.inFlight = false;
  if (row !== null) {
    goToRow(state, row);
  } else {
    state.focusRow = 0;
    state.pendingRow = null;
    state.pendingTop = true;
    state.dirty = true;
  }
  return true;
}

/** Takes a new viewport height (true when it changed); at the end of the list, stays there. */
export function resizeViewport(state, height) {
  if (height === state.viewport) return false;
  const atEnd = state.contentHeight > 0 && state.v >= maxV(state.contentHeight, state.viewport) - 1;
  state.viewport = height;
  layoutScroll(state.scroll, state.contentHeight, state.viewport);
  moveTo(state, atEnd ? maxV(state.contentHeight, state.viewport) : state.v);
  return true;
}

/**
 * A newer data version exists (`version`, announced or written by this page; a
 * write that did not say is undefined). Returns true when the window should be
 * asked for again (with the session and ack, so the server answers the diff).
 */
export function refresh(state, version) {
  if (typeof version === "number") {
    if (version > state.latest) state.latest = version;
    // Already shown; or the first window is still on its way (the arrival compares).
    if (version <= state.version || state.version === -1) return false;
  }
  state.dirty = true;
  return true;
}

/** /sections of the current query is asked for: its generation, to check the answer with. */
export function sectionsAsked(state) {
  return (state.sectionsFor = state.generation);
}

/** /sections of `generation` answered `answer` (null: failed); true when it is taken. */
export function sectionsArrived(state, generation, answer) {
  if (generation !== state.generation) return false;
  if (!answer) {
    state.sectionsFor = -1; // asked again when the next window changes the list's size
    return false;
  }
  state.sections = answer.sections;
  return true;
}

/** The list's size from /sections or a window answer; true when it changed. */
export function takeSize(state, { total, contentHeight }) {
  if (contentHeight === state.contentHeight && total === state.total) return false;
  state.total = total;
  state.contentHeight = contentHeight;
  layoutScroll(state.scroll, state.contentHeight, state.viewport);
  return true;
}

/**
 * The detail pane shows contact `row` of the whole list (opened by a link, or
 * just created): "later" (the list has not started: it starts there), "go" (not
 * in the window: the list goes there), or null (shown already, or a search is
 * shown, or the favourites or a label, whose rows are not the whole list's).
 */
export function revealRow(state, row, shown) {
  if (filtered(state)) return null;
  if (!state.started) {
    state.startRow = row;
    return "later";
  }
  if (shown) return null;
  goToRow(state, row);
  return "go";
}
