// The list's window requests and their answers, without the DOM: when one goes,
// the ticket its answer is checked against, replacing one that cannot cover a
// jump, refusals, answers and failures. The state is list/model/list.js's.
//
// Requests: one window request at a time. `dirty` says the window shown is not
// the one for `v` (or for the row it is going to); a request takes the pending
// row or top with it in a ticket, and its answer waits in `arrived` for the next
// frame, so the DOM is written once per frame.
//
// Round trips: each request sends the smoothed round trip and the scroll speed
// (list/model/motion.js), and the server reaches ahead in the direction of motion; at rest
// the margins cover a flick's first round trip. After a jump, a request whose
// answer cannot cover the new place is replaced (dropped, then asked anew with
// the same ack: the server answers from the state this page applied). A second
// request in flight would be answered from the same acknowledged state as the
// first, so the first answer applied would leave the second on the wrong base:
// an answer whose base is not the ack (and is not full) is never applied.
//

import { jumped, moved, readyTrip, restMargin, smoothTrip, speedAt } from "./motion.js";
import { windowRequest } from "./requests.js";
import { expansionsAnswered, expansionsAsked } from "./expansion.js";

/** Whether a window request should go now (`retrying`: a retry is waiting for its time). */
export function needsRequest(state, retrying) {
  return state.dirty && !state.inFlight && !retrying;
}

/**
 * Starts the window request for where the list is going: the ticket
 * {url, asked, row, top, moves, generation} its answer is checked against.
 */
export function beginRequest(state, sticky, now = 0) {
  state.inFlight = true;
  state.dirty = false;
  const row = state.pendingRow;
  const name = row === null ? state.pendingName : null;
  const top = state.pendingTop && row === null && name === null;
  state.pendingRow = null;
  state.pendingName = null;
  state.pendingTop = false;
  const { url, asked, low, high } = windowRequest({
    row, name, top, v: state.v, viewport: state.viewport, sticky, contentHeight: state.contentHeight,
    query: state.query, view: state.view, label: state.label, session: state.session, ack: state.ack,
    margin: restMargin(state.viewport, state.rtt), rtt: readyTrip(state.rtt, state.photoTrip), speed: speedAt(state.motion, now),
    expansions: state.expansions,
  });
  const ticket = {
    url, asked, low, high, row, name, top, moves: state.moves, generation: state.generation, sentAt: now, dropped: false,
    expansions: expansionsAsked(state),
  };
  state.ticket = ticket;
  return ticket;
}

/** Whether the answer to `ticket` still counts (no newer query since, not replaced). */
export function isCurrent(state, ticket) {
  return ticket.generation === state.generation && !ticket.dropped;
}

/** The list moved (the user's move, at `now` ms): the speed sent next counts it. */
export function noteMove(state, now) {
  moved(state.motion, state.v, now, state.viewport);
}

/**
 * Whether the request in flight should be replaced: the list jumped, its answer
 * has not come, and what it asked for does not hold the viewport now.
 */
export function mustReplace(state) {
  const ticket = state.ticket;
  if (!state.inFlight || state.arrived !== null || !ticket || ticket.row !== null || ticket.top) return false;
  if (!jumped(state.motion)) return false;
  return state.v < ticket.low || state.v + state.viewport > ticket.high;
}

/** The request in flight is given up (its answer, if any, is never applied): ask anew. */
export function dropRequest(state) {
  if (state.ticket) state.ticket.dropped = true;
  if (state.ticket && state.ticket.row !== null && state.pendingRow === null && state.ticket.moves === state.moves) {
    state.pendingRow = state.ticket.row;
  }
  state.ticket = null;
  state.inFlight = false;
  state.dirty = true;
}

/**
 * A 400 to `ticket`: "row" (the row is not in the list, a link past a search's
 * end: its top is asked for instead), "query" (the query is past the server's
 * limits: the caller says why, then calls queryRefused), or null (a failure like
 * any other).
 */
export function refused(state, ticket, status) {
  if (status !== 400) return null;
  if (ticket.name) {
    // A name the server does not take (too long): the list stays where it is.
    state.inFlight = false;
    state.dirty = true;
    return "row";
  }
  if (ticket.row !== null) {
    state.inFlight = false;
    state.pendingTop = true;
    state.dirty = true;
    return "row";
  }
  return state.query || state.label ? "query" : null;
}

/** The query was refused and that was said: nothing is asked until it changes. */
export function queryRefused(state) {
  state.inFlight = false;
}

/**
 * The answer to `ticket` came (`bytes` long, at `now` ms): it waits for the next
 * frame. Returns false when it cannot be applied, a delta from another state than
 * the one this page acknowledged (then the window is asked for again, with the ack).
 */
export function answered(state, ticket, answer, bytes, now = ticket.sentAt) {
  state.lastBytes = bytes;
  state.retryDelay = 0;
  state.rtt = smoothTrip(state.rtt, now - ticket.sentAt);
  expansionsAnswered(state, ticket.expansions); // the session has them, whether or not this answer applies
  if (!answer.full && answer.base !== state.ack) {
    // Made from another state than the one shown: dropped, and where it went asked again.
    state.ticket = null;
    state.inFlight = false;
    state.dirty = true;
    askAgain(state, ticket);
    return false;
  }
  state.arrived = { answer, ticket };
  return true;
}

/**
 * The request of `ticket` failed. Nothing was applied: the server's state is
 * ahead of ours, and the ack sent next tells it so (it answers from our last
 * applied state, or in full). The row or top it asked for is asked again unless
 * the list moved since. Returns the ms to wait before trying again (250 doubling
 * to 5000).
 */
export function failed(state, ticket) {
  state.ticket = null;
  state.inFlight = false;
  state.dirty = true;
  askAgain(state, ticket);
  state.retryDelay = Math.min(5000, state.retryDelay ? state.retryDelay * 2 : 250);
  return state.retryDelay;
}

/**
 * The row, name or top that `ticket` went to, asked for again (its answer was not applied),
 * unless the list moved since or another was asked for meanwhile.
 */
function askAgain(state, ticket) {
  if (ticket.row !== null && state.pendingRow === null && ticket.moves === state.moves) state.pendingRow = ticket.row;
  if (ticket.name && state.pendingRow === null && state.pendingName === null && ticket.moves === state.moves) {
    state.pendingName = ticket.name;
  }
  if (ticket.top && ticket.moves === state.moves) state.pendingTop = true;
}
