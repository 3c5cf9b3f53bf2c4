import { test } from "node:test";
import assert from "node:assert/strict";

import { takeArrival } from "../../Public/list/model/arrival.js";
import {
  answered, beginRequest, changeQuery, createListState, goToName, goToRow, moveTo, takeSize,
} from "../../Public/list/model/list.js";
import { createSlotModel } from "../../Public/list/model/slots.js";

const STICKY = 32;

const contact = (slot, row, id, top) => ({ slot, kind: "contact", row, top, height: 56, contact: { id }, html: "" });

/** An answer as /window gives it (`over` replaces any field). */
function answer(over = {}) {
  return {
    offset: 0, version: 1, session: "s", seq: 1, base: null, full: true, total: 1000, contentHeight: 56_000,
    cells: [contact(0, 0, 100, 0), contact(1, 1, 101, 56)], released: [], ...over,
  };
}

/** A list in an 800 px viewport. */
function list() {
  const state = createListState();
  state.viewport = 800;
  return state;
}

/** Sends the request the list needs and lets `reply` arrive; returns the frame's decisions. */
function arrive(state, model, reply) {
  const ticket = beginRequest(state, STICKY);
  answered(state, ticket, typeof reply === "function" ? reply(ticket) : reply, 100);
  return takeArrival(state, model, STICKY);
}

test("the first answer sizes the list and records the session, seq and version", () => {
  const state = list();
  const model = createSlotModel();
  const step = arrive(state, model, answer({ seq: 7, version: 4 }));
  assert.equal(step.resized, true);
  assert.equal(step.loadSections, true, "the size changed: /sections again");
  assert.deepEqual([state.session, state.ack, state.version, state.latest], ["s", 7, 4, 4]);
  assert.equal(state.total, 1000);
  assert.equal(state.contentHeight, 56_000);
  assert.equal(state.arrived, null);
  assert.equal(state.inFlight, false);
  assert.equal(model.size, 2);
});

test("a new data version loads the sections again; the same version of the same size does not", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  assert.equal(arrive(state, model, answer({ seq: 2, base: 1, full: false, cells: [] })).loadSections, false);
  assert.equal(arrive(state, model, answer({ seq: 3, base: 2, version: 2, full: false, cells: [] })).loadSections, true);
});

test("a row answer puts its offset just below the sticky title", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  goToRow(state, 500);
  const step = arrive(state, model, answer({ seq: 2, offset: 28_000 }));
  assert.equal(step.moved, true);
  assert.equal(state.v, 28_000 - STICKY);
});

test("a row answer does not pull the list back when the user moved meanwhile", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  goToRow(state, 500);
  const step = arrive(state, model, (ticket) => {
    moveTo(state, 1234); // a wheel turn while the row was asked for
    return answer({ seq: 2, offset: 28_000 });
  });
  assert.equal(step.moved, false);
  assert.equal(state.v, 1234);
});

test("a new query's first window shows the list's top", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  moveTo(state, 9000);
  changeQuery(state, "anna", null);
  const step = arrive(state, model, answer({ seq: 1, session: "t", total: 40, contentHeight: 2300 }));
  assert.equal(step.moved, true);
  assert.equal(state.v, 0);
  assert.equal(state.session, "t");
});

test("anchoring: an answer laid out lower than asked moves v by as much", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  moveTo(state, 10_000);
  // 50 contacts of 56 px came above the window: the server laid it out 2800 px lower.
  const step = arrive(state, model, (ticket) => answer({ seq: 2, version: 2, offset: ticket.asked + 2800, contentHeight: 58_800 }));
  assert.equal(state.v, 12_800);
  assert.equal(step.syncAfter, true, "the thumb follows");
  assert.equal(step.moved, false);
});

test("anchoring applies to a v the user moved to meanwhile, in the old coordinates", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  moveTo(state, 10_000);
  arrive(state, model, (ticket) => {
    moveTo(state, 10_100);
    return answer({ seq: 2, version: 2, offset: ticket.asked - 560, contentHeight: 55_440 });
  });
  assert.equal(state.v, 10_100 - 560);
});

test("no shift when the answer is laid out where it was asked", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  moveTo(state, 3000);
  const step = arrive(state, model, (ticket) => answer({ seq: 2, offset: ticket.asked }));
  assert.equal(state.v, 3000);
  assert.equal(step.syncAfter, false);
});

test("the keyboard focus stays on its contact when rows come above it", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  state.focusRow = 1; // contact 101
  arrive(state, model, answer({
    seq: 2, version: 2, full: false, base: 1, cells: [contact(2, 0, 555, 0), contact(0, 1, 100, 56), contact(1, 2, 101, 112)],
  }));
  assert.equal(state.focusRow, 2);
});

test("a version announced while the window was on its way asks again", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  state.latest = 5;
  arrive(state, model, answer({ seq: 2, version: 3 }));
  assert.equal(state.dirty, true);
});

test("released slots and cells are handed to the DOM", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  const step = arrive(state, model, answer({ seq: 2, base: 1, full: false, cells: [contact(2, 2, 102, 112)], released: [0] }));
  assert.deepEqual(step.released, [0]);
  assert.deepEqual(step.cells.map((c) => c.slot), [2]);
  assert.equal(model.get(0).shown, false);
});

test("takeSize: the same size is no change", () => {
  const state = list();
  assert.equal(takeSize(state, { total: 3, contentHeight: 200 }), true);
  assert.equal(takeSize(state, { total: 3, contentHeight: 200 }), false);
  assert.equal(takeSize(state, { total: 3, contentHeight: 256 }), true);
});

test("a letter typed while the name before it is on its way is asked for once that answer is shown", () => {
  const state = list();
  const model = createSlotModel();
  arrive(state, model, answer());
  goToName(state, "ma");
  const ticket = beginRequest(state, STICKY);
  goToName(state, "mar"); // typed before the answer for "ma" came
  answered(state, ticket, answer({ seq: 2, base: 1, full: false, offset: 30_000, row: 500, cells: [] }), 100);
  const step = takeArrival(state, model, STICKY);
  assert.equal(step.moved, true);
  assert.equal(state.v, 30_000 - STICKY, "the list shows where 'ma' starts meanwhile");
  assert.equal(state.pendingName, "mar", "and 'mar' is still to be asked for");
  assert.equal(beginRequest(state, STICKY).name, "mar");
});
