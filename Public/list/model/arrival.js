// Applying a /window answer, without the DOM: the frame that shows it takes
// these decisions and list/list.js carries them out in the same frame.
//
// Order matters. The list's size comes first (`v` is clamped to it). A row
// answer (or a new query's first window) moves `v` to where the server laid it
// out, before the cells are written. The slot model then takes the cells, and
// the session and ack move on. Last, anchoring: the server laid the window out
// `shift` px lower (or higher) than asked because contacts came (or went) above
// it; moving `v` as much in this same frame keeps every kept contact at its y
// (also when the user scrolled meanwhile: `v` is then in the old coordinates too).

import { snapshot } from "./changes.js";
import { clampV } from "./scroller.js";
import { applyWindow, rowOfContact, slotOfRow } from "./slots.js";
import { placeAt, takeSize } from "./list.js";

/**
 * Applies the answer waiting in `state.arrived` to `state` and the slot `model`.
 * Returns what the DOM does, in this order:
 * {answer, resized (lay the scroller out), moved (`v` jumped: the thumb follows
 * before the cells are written), released (slot IDs to hide), cells (to put in),
 * syncAfter (the thumb follows `v` after the cells), loadSections (the data or the
 * list's size changed: /sections again), before (when the answer marks changes:
 * the shown slots as they were, list/model/changes.js's snapshot, and `oldV`)}.
 * @param {number} sticky the sticky title's height, px (a row answer's row sits below it)
 */
export function takeArrival(state, model, sticky) {
  const { answer, ticket } = state.arrived;
  state.arrived = null;
  state.inFlight = false;
  state.ticket = null;
  state.beyond = answer.beyond ?? null; // the rows past the window, for skeletons
  const marked = Boolean(answer.deleted?.length) || answer.cells.some((cell) => cell.change);
  const before = marked ? { slots: snapshot(model), oldV: state.v } : null; // rows changed by data animate from there
  const resized = takeSize(state, answer);
  let moved = false;
  const placed = ticket.row !== null || Boolean(ticket.name);
  if (ticket.moves === state.moves && (placed || ticket.top)) {
    // Laid out with the row's top at the window's top (or at the end of the list).
    placeAt(state, placed ? answer.offset - sticky : 0);
    if (ticket.name && typeof answer.row === "number") state.focusRow = answer.row; // type-ahead's contact
    moved = true;
  }
  // The keyboard focus stays on its contact when rows come or go above it.
  const focusedId = answer.version !== state.version ? slotOfRow(model, state.focusRow)?.[1].id : null;
  let loadSections = false;
  if (typeof answer.version === "number" && answer.version !== state.version) {
    loadSections = state.version !== -1 || resized; // the data changed: titles and tops too
    state.version = answer.version;
    if (answer.version > state.latest) state.latest = answer.version;
  } else if (resized && state.sectionsFor !== state.generation) {
    loadSections = true; // (a new query's were asked for with its first window)
  }
  state.session = answer.session;
  state.ack = answer.seq;
  const { released, cells } = applyWindow(model, answer);
  if (focusedId !== null && focusedId !== undefined) {
    const row = rowOfContact(model, focusedId);
    if (row !== null) state.focusRow = row;
  }
  const shift = !placed && !ticket.top && typeof answer.offset === "number" ? answer.offset - ticket.asked : 0;
  if (shift !== 0) state.v = clampV(state.v + shift, state.contentHeight, state.viewport);
  if (state.latest > state.version) state.dirty = true; // announced while this was asked for
  return { answer, resized, moved, released, cells, syncAfter: shift !== 0 || resized, loadSections, before };
}
