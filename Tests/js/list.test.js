import { test } from "node:test";
import assert from "node:assert/strict";

import {
  answered, beginRequest, changeQuery, createListState, failed, goToName, goToRow, isCurrent, moveTo, needsRequest,
  queryRefused, refresh, refused, resizeViewport, revealRow, sectionsArrived, sectionsAsked, takeSize,
} from "../../Public/list/model/list.js";

const STICKY = 32;

/** A list of `contentHeight` px in an 800 px viewport, its first window applied. */
function list({ contentHeight = 100_000, total = 1000, version = 3 } = {}) {
  const state = createListState();
  state.viewport = 800;
  takeSize(state, { total, contentHeight });
  state.version = version;
  state.latest = version;
  state.session = "s";
  state.ack = 4;
  state.dirty = false;
  return state;
}

const params = (url) => Object.fromEntries(new URL(url, "http://page.test").searchParams);

test("moveTo keeps v within the list, counts the move and drops a row on its way", () => {
  const state = list();
  goToRow(state, 500);
  moveTo(state, 1e9);
  assert.equal(state.v, 100_000 - 800);
  assert.equal(state.moves, 1);
  assert.equal(state.pendingRow, null);
  assert.equal(state.dirty, true);
  moveTo(state, -50.4);
  assert.equal(state.v, 0);
});

test("a request takes the pending row with it, and asks by row", () => {
  const state = list();
  goToRow(state, 123);
  assert.equal(state.focusRow, 123);
  const ticket = beginRequest(state, STICKY);
  assert.equal(ticket.row, 123);
  assert.equal(params(ticket.url).row, "123");
  assert.equal(state.pendingRow, null);
  assert.equal(state.inFlight, true);
  assert.equal(state.dirty, false);
  assert.equal(needsRequest(state, false), false, "one request at a time");
});

test("a request carries the session and the ack of the last answer applied", () => {
  const state = list();
  moveTo(state, 5000);
  const got = params(beginRequest(state, STICKY).url);
  assert.equal(got.session, "s");
  assert.equal(got.ack, "4");
  assert.equal(got.offset, "5000");
});

test("needsRequest: only when the window is not the one shown, none in flight and no retry waiting", () => {
  const state = list();
  assert.equal(needsRequest(state, false), false);
  moveTo(state, 10);
  assert.equal(needsRequest(state, false), true);
  assert.equal(needsRequest(state, true), false);
});

test("a new query is a new generation: an answer to the old one is no longer current", () => {
  const state = list();
  const ticket = beginRequest(state, STICKY);
  assert.equal(changeQuery(state, "anna", null), true);
  assert.equal(isCurrent(state, ticket), false);
  assert.equal(state.inFlight, false, "the new query is asked at once");
  assert.equal(state.pendingTop, true, "its first window lays the list out from the top");
  assert.equal(state.focusRow, 0);
  assert.equal(params(beginRequest(state, STICKY).url).q, "anna");
});

test("the same query again changes nothing, or goes to the row asked for", () => {
  const state = list();
  changeQuery(state, "anna", null);
  const generation = state.generation;
  assert.equal(changeQuery(state, "anna", null), false);
  assert.equal(changeQuery(state, "anna", 40), false);
  assert.equal(state.generation, generation);
  assert.equal(state.pendingRow, 40);
});

test("a failed request is asked again with a pause doubling from 250 ms to 5 s", () => {
  const state = list();
  const delays = [];
  for (let i = 0; i < 7; i += 1) {
    moveTo(state, i);
    delays.push(failed(state, beginRequest(state, STICKY)));
  }
  assert.deepEqual(delays, [250, 500, 1000, 2000, 4000, 5000, 5000]);
  assert.equal(state.dirty, true);
  answered(state, beginRequest(state, STICKY), {}, 10);
  assert.equal(state.retryDelay, 0, "an answer resets the pause");
});

test("a failed row request asks for the row again, unless the list moved since", () => {
  const state = list();
  goToRow(state, 77);
  failed(state, beginRequest(state, STICKY));
  assert.equal(state.pendingRow, 77);
  const ticket = beginRequest(state, STICKY);
  moveTo(state, 900);
  failed(state, ticket);
  assert.equal(state.pendingRow, null);
});

test("an answer made from another state than the one shown is dropped, and its name or row asked again", () => {
  const state = list();
  goToName(state, "mar");
  const ticket = beginRequest(state, STICKY);
  assert.equal(answered(state, ticket, { full: false, base: 3 }, 10), false);
  assert.equal(state.inFlight, false);
  assert.equal(params(beginRequest(state, STICKY).url).name, "mar", "the name goes with the next request");
  state.inFlight = false;
  goToRow(state, 77);
  const rowTicket = beginRequest(state, STICKY);
  answered(state, rowTicket, { full: false, base: 2 }, 10);
  assert.equal(state.pendingRow, 77);
  const moved = beginRequest(state, STICKY);
  moveTo(state, 900);
  answered(state, moved, { full: false, base: 2 }, 10);
  assert.equal(state.pendingRow, null, "not once the list moved");
});

test("a new query's first window that failed is asked at the top again, unless the list moved", () => {
  const state = list();
  changeQuery(state, "anna", null);
  failed(state, beginRequest(state, STICKY));
  assert.equal(state.pendingTop, true);
  const ticket = beginRequest(state, STICKY);
  assert.equal(ticket.top, true);
  moveTo(state, 500);
  failed(state, ticket);
  assert.equal(state.pendingTop, false);
});

test("a 400 to a row asks for the top instead; to a search it stops; to anything else it is a failure", () => {
  const state = list();
  goToRow(state, 5_000_000);
  const rowTicket = beginRequest(state, STICKY);
  assert.equal(refused(state, rowTicket, 400), "row");
  assert.equal(state.pendingTop, true);
  assert.equal(state.inFlight, false);
  const plain = beginRequest(state, STICKY);
  assert.equal(refused(state, plain, 400), null);
  assert.equal(refused(state, plain, 500), null);
  changeQuery(state, "x".repeat(300), null);
  const searching = beginRequest(state, STICKY);
  assert.equal(refused(state, searching, 400), "query");
  queryRefused(state);
  assert.equal(needsRequest(state, false), false, "asked again only when the query changes");
});

test("refresh asks again for a newer version only, and for a write that did not say", () => {
  const state = list({ version: 3 });
  assert.equal(refresh(state, 3), false);
  assert.equal(refresh(state, 2), false);
  assert.equal(refresh(state, 5), true);
  assert.equal(state.latest, 5);
  state.dirty = false;
  assert.equal(refresh(state, undefined), true);
  assert.equal(state.dirty, true);
});

test("refresh before the first window only records the version", () => {
  const state = createListState();
  state.dirty = false;
  assert.equal(refresh(state, 9), false);
  assert.equal(state.latest, 9);
  assert.equal(state.dirty, false);
});

test("a taller or shorter viewport keeps the list's end at the end", () => {
  const state = list();
  moveTo(state, 1e9);
  assert.equal(resizeViewport(state, 600), true);
  assert.equal(state.v, 100_000 - 600);
  moveTo(state, 300);
  resizeViewport(state, 700);
  assert.equal(state.v, 300, "elsewhere v stays");
  assert.equal(resizeViewport(state, 700), false);
});

test("sections of an older query are dropped; a failed load is asked again later", () => {
  const state = list();
  const generation = sectionsAsked(state);
  changeQuery(state, "bo", null);
  assert.equal(sectionsArrived(state, generation, { sections: [{ title: "A" }] }), false);
  assert.deepEqual(state.sections, []);
  const mine = sectionsAsked(state);
  assert.equal(sectionsArrived(state, mine, null), false);
  assert.equal(state.sectionsFor, -1);
  assert.equal(sectionsArrived(state, sectionsAsked(state), { sections: [{ title: "B" }] }), true);
  assert.deepEqual(state.sections, [{ title: "B" }]);
});

test("a row the detail pane shows: later before the start, not in a search, not when shown", () => {
  const state = createListState();
  assert.equal(revealRow(state, 50, false), "later");
  assert.equal(state.startRow, 50);
  state.started = true;
  assert.equal(revealRow(state, 60, true), null);
  assert.equal(revealRow(state, 60, false), "go");
  assert.equal(state.pendingRow, 60);
  state.query = "anna";
  assert.equal(revealRow(state, 70, false), null);
});
