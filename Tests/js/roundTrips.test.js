// The request flow with round trips (list/model/list.js): what a request sends, when
// one in flight is replaced, and that an answer on another base is never applied.

import { test } from "node:test";
import assert from "node:assert/strict";

import { takeArrival } from "../../Public/list/model/arrival.js";
import {
  answered, beginRequest, createListState, dropRequest, isCurrent, moveTo, mustReplace, noteMove, takeSize,
} from "../../Public/list/model/list.js";
import { createSlotModel } from "../../Public/list/model/slots.js";

const STICKY = 32;
const params = (url) => Object.fromEntries(new URL(url, "http://page.test").searchParams);

function list() {
  const state = createListState();
  state.viewport = 800;
  takeSize(state, { total: 1_000_000, contentHeight: 60_000_000 });
  return state;
}

const full = (over = {}) => ({
  offset: 0, version: 1, session: "s", seq: 1, base: null, full: true, total: 1_000_000, contentHeight: 60_000_000,
  cells: [], released: [], ...over,
});

test("after the first answer the request sends the smoothed round trip and the speed, with margins to match", () => {
  const state = list();
  const first = beginRequest(state, STICKY, 1000);
  assert.equal(params(first.url).rtt, undefined);
  assert.equal(answered(state, first, full(), 10, 1200), true);
  takeArrival(state, createSlotModel(), STICKY);
  assert.equal(state.rtt, 200);
  for (let k = 1; k <= 10; k += 1) {
    moveTo(state, 100 * k);
    noteMove(state, 1200 + 16 * k);
  }
  const next = params(beginRequest(state, STICKY, 1360).url);
  assert.equal(next.rtt, "200");
  assert.ok(Number(next.speed) > 5000, next.speed);
  assert.equal(next.overscan, "1200", "a 6,000 px/s flick's round trip of 200 ms");
});

test("a jump past what the request in flight covers replaces it; a move within does not", () => {
  const state = list();
  moveTo(state, 100_000);
  noteMove(state, 0);
  moveTo(state, 100_100);
  noteMove(state, 16);
  const ticket = beginRequest(state, STICKY, 16);
  moveTo(state, 100_300);
  noteMove(state, 32);
  assert.equal(mustReplace(state), false, "motion, not a jump");
  moveTo(state, 5_000_000);
  noteMove(state, 48);
  assert.equal(mustReplace(state), true);
  dropRequest(state);
  assert.equal(isCurrent(state, ticket), false, "its answer, if it comes, is dropped");
  assert.equal(state.inFlight, false);
  assert.equal(state.dirty, true);
  const again = beginRequest(state, STICKY, 48);
  assert.equal(params(again.url).offset, "5000000");
  assert.equal(mustReplace(state), false, "the new one covers the place");
});

test("a jump while the answer waits for its frame does not replace it", () => {
  const state = list();
  const ticket = beginRequest(state, STICKY, 0);
  answered(state, ticket, full(), 10, 50);
  moveTo(state, 5_000_000);
  noteMove(state, 60);
  assert.equal(mustReplace(state), false);
});

test("a delta on another base than the ack is never applied, and the window is asked again", () => {
  const state = list();
  const model = createSlotModel();
  const one = beginRequest(state, STICKY, 0);
  answered(state, one, full({ seq: 4, cells: [{ slot: 0, kind: "contact", row: 0, top: 0, height: 56, contact: { id: 9 }, html: "" }] }), 10, 10);
  takeArrival(state, model, STICKY);
  const two = beginRequest(state, STICKY, 20);
  assert.equal(params(two.url).ack, "4");
  const stale = { ...full({ seq: 6, base: 5, full: false }), released: [0] };
  assert.equal(answered(state, two, stale, 10, 30), false);
  assert.equal(state.arrived, null);
  assert.equal(state.inFlight, false);
  assert.equal(state.dirty, true);
  assert.equal(model.get(0).shown, true, "nothing of it was applied");
  assert.equal(state.ack, 4);
});
