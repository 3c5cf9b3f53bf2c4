import { test } from "node:test";
import assert from "node:assert/strict";

import {
  askExpansion, expansionKey, expansionParams, expansionsAnswered, expansionsAsked,
} from "../../Public/list/model/expansion.js";
import { applyWindow, createSlotModel, slotOfRow } from "../../Public/list/model/slots.js";
import { beginRequest, answered } from "../../Public/list/model/listRequests.js";
import { createListState } from "../../Public/list/model/list.js";
import { windowRequest } from "../../Public/list/model/requests.js";

const cell = (slot, row, id, { top = row * 56, height = 56, expanded } = {}) => ({
  slot, kind: "contact", row, section: 0, top, height, reused: false, contact: { id }, html: "", ...(expanded === undefined ? {} : { expanded }),
});

test("ArrowRight expands a row that is not, ArrowLeft collapses one that is; nothing else does", () => {
  assert.deepEqual(expansionKey("ArrowRight", { id: 7, expanded: false }), { id: 7, expand: true });
  assert.deepEqual(expansionKey("ArrowLeft", { id: 7, expanded: true }), { id: 7, expand: false });
  assert.equal(expansionKey("ArrowRight", { id: 7, expanded: true }), null);
  assert.equal(expansionKey("ArrowLeft", { id: 7, expanded: false }), null);
  assert.equal(expansionKey("ArrowDown", { id: 7, expanded: false }), null);
  assert.equal(expansionKey("ArrowRight", null), null, "no row shown at the focus");
  assert.equal(expansionKey("ArrowRight", { id: null, expanded: false }), null, "a row whose contact vanished");
});

test("the expansion is the cell's: a slot recycled for another contact is not expanded", () => {
  const model = createSlotModel();
  applyWindow(model, { full: true, released: [], cells: [cell(0, 3, 40, { expanded: true, height: 116 }), cell(1, 4, 41, { top: 284 })] });
  assert.equal(slotOfRow(model, 3)[1].expanded, true);
  assert.equal(slotOfRow(model, 4)[1].expanded, false);
  // Slot 0 scrolls out and comes back showing another contact: no `expanded`, so not expanded.
  applyWindow(model, { full: false, released: [0], cells: [cell(0, 300, 99)] });
  assert.equal(slotOfRow(model, 300)[1].expanded, false);
  assert.equal(slotOfRow(model, 3), null);
});

test("an ask goes with the next window request, and again until a request carrying it is answered", () => {
  const state = createListState();
  state.viewport = 800;
  state.contentHeight = 100_000;
  state.dirty = false;
  askExpansion(state, 40, true);
  assert.equal(state.dirty, true, "a request is due");
  const first = beginRequest(state, 32, 0);
  assert.match(first.url, /&expand=40(&|$)/);
  // The request failed: the next one asks again.
  state.inFlight = false;
  const second = beginRequest(state, 32, 10);
  assert.match(second.url, /&expand=40(&|$)/);
  // Asked otherwise meanwhile: the collapse waits for its own answer.
  askExpansion(state, 40, false);
  answered(state, second, { full: true, base: null, cells: [], released: [] }, 10, 20);
  assert.deepEqual([...state.expansions], [[40, false]]);
  state.inFlight = false;
  const third = beginRequest(state, 32, 30);
  assert.match(third.url, /&collapse=40(&|$)/);
  answered(state, third, { full: true, base: null, cells: [], released: [] }, 10, 40);
  assert.equal(state.expansions.size, 0);
  state.inFlight = false;
  assert.doesNotMatch(beginRequest(state, 32, 50).url, /expand|collapse/);
});

test("parameters: one per contact asked, expand or collapse", () => {
  const asks = new Map([[1, true], [2, false], [3, true]]);
  assert.equal(expansionParams(asks), "&expand=1&collapse=2&expand=3");
  assert.equal(expansionParams(undefined), "");
  assert.deepEqual([...expansionsAsked({ expansions: asks })], [...asks]);
  const url = windowRequest({
    row: null, top: false, v: 0, viewport: 800, sticky: 32, contentHeight: 10_000, query: "", session: "s", ack: 2,
    expansions: new Map([[9, true]]),
  }).url;
  assert.deepEqual(new URL(url, "http://page.test").searchParams.getAll("expand"), ["9"]);
  const state = { expansions: new Map([[5, true]]) };
  expansionsAnswered(state, new Map([[5, true]]));
  assert.equal(state.expansions.size, 0);
});
