// The page's start from the first window its HTML holds (docs/page.md, "The first
// screen"), without the DOM: GET / embeds the /sections answer and the reuse
// engine's first window for the whole list's top (a session started, its slots)
// in a JSON block; the list takes them as if it had asked, so it draws the rows
// without a request and its first /window carries that session and its ack (a
// delta on it). The server cannot see the URL's hash: the window is the whole
// list's top, used when the link shows the whole list (no search, favourites or
// label); #row=N then moves at once from it (a delta on the same session), and
// any other link drops it and starts as without one.

import { normalize } from "../../common/model/link.js";
import { sectionsArrived, sectionsAsked, takeSize } from "./list.js";

/** The embedded state in `text` (the JSON block's text): {sections, window}, or null
 *  when there is none or it is not a first window (a page without rows, signed out). */
export function readFirst(text) {
  if (!text) return null;
  let first;
  try {
    first = JSON.parse(text);
  } catch {
    return null;
  }
  const { sections, window: answer } = first ?? {};
  const valid = Array.isArray(sections?.sections) && Array.isArray(answer?.cells) && typeof answer.session === "string"
    && typeof answer.seq === "number" && answer.full === true;
  return valid ? { sections, window: answer } : null;
}

/** Whether the first window (the whole list's top) is the list a page opened with
 *  `link` ({q, row}, common/model/link.js's readLink) and `filter` ({view, label}) shows. */
export function fitsLink(link, filter) {
  return !normalize(link.q) && filter.view !== "favorites" && !filter.label;
}

/**
 * Starts list `state` (list/model/list.js's, before its first request) from `first`
 * (readFirst's): the sections are taken (returned, for the letter index), the size
 * set, and the window waits in `arrived` for the next frame as the answer to a
 * request for offset 0 (where the list starts): applying it sets the session and
 * the ack, so every request after it is a delta on them. None goes at once when the
 * window covers the viewport and half of it again below (the server laid it out
 * 1,000 px tall, or for the browser's hint): a request sent while the page boots
 * would measure the boot as its round trip, and the margins the list asks for
 * grow with it. A taller viewport asks at once, as does a row that a link or the
 * detail pane asks for meanwhile.
 *
 * `ownSession` false: the page is one the browser held (a 304 to its ETag), whose session
 * an earlier visit started and may still use: its rows are drawn, and the list's first
 * request asks without that session (the server starts one for this page, answering in full).
 */
export function startFromFirst(state, first, ownSession = true) {
  const generation = sectionsAsked(state);
  sectionsArrived(state, generation, first.sections);
  takeSize(state, first.sections);
  const ticket = {
    url: "/", asked: 0, low: 0, high: Infinity, row: null, name: null, top: false, moves: state.moves,
    generation: state.generation, sentAt: 0, dropped: false,
  };
  const answer = ownSession ? first.window : { ...first.window, session: null };
  const bottom = answer.cells.reduce((most, cell) => Math.max(most, cell.top + cell.height), 0);
  state.inFlight = true;
  state.dirty = bottom < state.viewport * 1.5;
  state.ticket = ticket;
  state.arrived = { answer, ticket };
  return first.sections.sections;
}

/** Whether the page's navigation entry (`PerformanceNavigationTiming`) says the browser had
 *  the page already (a 304 to its ETag, or its cache): fewer bytes came than its body holds. */
export function heldByBrowser(entry) {
  return Boolean(entry) && entry.encodedBodySize > 0 && entry.transferSize < entry.encodedBodySize;
}
