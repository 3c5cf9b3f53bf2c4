// The page's start from the first window GET / embeds: the state it leaves (sections,
// size, session, ack), the request that follows (a delta on that session), and which
// links it serves.
import { test } from "node:test";
import assert from "node:assert/strict";

import { takeArrival } from "../../Public/list/model/arrival.js";
import { fitsLink, heldByBrowser, readFirst, startFromFirst } from "../../Public/list/model/firstWindow.js";
import { beginRequest, createListState, goToRow, moveTo, needsRequest } from "../../Public/list/model/list.js";
import { createSlotModel } from "../../Public/list/model/slots.js";
import { readFilter, readLink } from "../../Public/common/model/link.js";

const STICKY = 32;

const contact = (slot, row, id, top) => ({ slot, kind: "contact", row, top, height: 56, contact: { id }, html: "" });
const header = (slot, section, top) => ({ slot, kind: "header", section, top, height: 32, header: { title: "A" }, html: "" });

/** What GET / embeds: /sections and the first full window of a session. */
function embedded(over = {}) {
  return {
    sections: {
      version: 3, total: 1000, contentHeight: 56_032,
      sections: [{ title: "A", rows: 1000, firstRow: 0, top: 0, height: 56_032 }],
    },
    window: {
      offset: 0, row: null, version: 3, session: "k3v9", seq: 1, base: null, full: true, total: 1000,
      contentHeight: 56_032, first: 0, last: 1,
      cells: [header(0, 0, 0), contact(1, 0, 100, 32), contact(2, 1, 101, 88)], released: [], ...over,
    },
  };
}

/** A list in a 700 px viewport, started from `first`. */
function started(first = embedded()) {
  const state = createListState();
  state.viewport = 700;
  const sections = startFromFirst(state, readFirst(JSON.stringify(first)));
  return { state, sections };
}

test("the embedded block is read only when it holds a first window", () => {
  assert.ok(readFirst(JSON.stringify(embedded())));
  assert.equal(readFirst(undefined), null, "no block: the page asks as before");
  assert.equal(readFirst(""), null);
  assert.equal(readFirst("{not json"), null);
  assert.equal(readFirst(JSON.stringify({ sections: embedded().sections })), null, "no window");
  assert.equal(readFirst(JSON.stringify(embedded({ full: false, base: 1 }))), null, "a delta is no start");
  assert.equal(readFirst(JSON.stringify(embedded({ session: undefined }))), null);
});

test("the start takes the sections and the size, and the window waits for the first frame", () => {
  const { state, sections } = started();
  assert.equal(sections.length, 1, "the letter index gets the sections");
  assert.equal(state.sections[0].title, "A");
  assert.equal(state.sectionsFor, state.generation, "no /sections is asked");
  assert.equal(state.total, 1000);
  assert.equal(state.contentHeight, 56_032);
  assert.ok(state.arrived, "the window is there without a request");
  assert.equal(state.inFlight, true, "nothing else goes before it is applied");
  assert.equal(needsRequest(state, false), false);
});

test("the first frame applies the window: its session, its ack, its version, every cell", () => {
  const { state } = started();
  const model = createSlotModel();
  const step = takeArrival(state, model, STICKY);
  assert.deepEqual([state.session, state.ack, state.version], ["k3v9", 1, 3]);
  assert.equal(step.cells.length, 3);
  assert.equal(step.loadSections, false, "the embedded sections are the window's version");
  assert.equal(step.moved, false, "the list is at its top already");
  assert.equal(state.v, 0);
  assert.equal(model.size, 3);
});

test("no request goes while the window covers the viewport; the first one is a delta on the embedded session", () => {
  const { state } = started();
  takeArrival(state, createSlotModel(), STICKY);
  assert.equal(needsRequest(state, false), true, "3 cells (144 px) do not cover a 700 px viewport: asked at once");
  const ticket = beginRequest(state, STICKY);
  assert.match(ticket.url, /^\/window\?offset=0&/);
  assert.match(ticket.url, /&session=k3v9&ack=1(&|$)/);

  const cells = Array.from({ length: 20 }, (_, i) => contact(i + 1, i, 100 + i, 32 + 56 * i));
  const tall = started(embedded({ cells: [header(0, 0, 0), ...cells] })).state; // 1,152 px: 700 and 350 below
  takeArrival(tall, createSlotModel(), STICKY);
  assert.equal(needsRequest(tall, false), false, "nothing is asked while the page boots");
  moveTo(tall, 300); // the first scroll
  assert.match(beginRequest(tall, STICKY).url, /^\/window\?offset=300&.*&session=k3v9&ack=1(&|$)/);
});

test("a #row= link moves at once from the embedded window, on its session", () => {
  const { state } = started();
  goToRow(state, 500); // list/list.js's showRow, before the first frame
  takeArrival(state, createSlotModel(), STICKY);
  assert.equal(state.pendingRow, 500, "applying the top does not drop the row");
  const ticket = beginRequest(state, STICKY);
  assert.match(ticket.url, /^\/window\?row=500&/);
  assert.match(ticket.url, /&session=k3v9&ack=1(&|$)/);
});

test("the embedded window serves the whole list's links only", () => {
  const fits = (hash) => fitsLink(readLink(hash), readFilter(hash));
  assert.equal(fits(""), true);
  assert.equal(fits("#row=40"), true, "the whole list: moved to from its top");
  assert.equal(fits("#id=7"), true, "the detail pane's: the list moves to its row");
  assert.equal(fits("#q=%20"), true, "a query without a word is the whole list");
  assert.equal(fits("#q=ann"), false, "a search's results are another list");
  assert.equal(fits("#view=favorites"), false);
  assert.equal(fits("#label=Work"), false);
});

test("a page the browser held (a 304) draws its rows but asks on a session of its own", () => {
  const state = createListState();
  state.viewport = 700;
  startFromFirst(state, readFirst(JSON.stringify(embedded())), false);
  const step = takeArrival(state, createSlotModel(), STICKY);
  assert.equal(step.cells.length, 3, "its rows are drawn");
  assert.equal(state.session, null);
  const url = beginRequest(state, STICKY).url;
  assert.doesNotMatch(url, /session=|ack=/, "no session: the server starts one and answers in full");
});

test("the navigation entry says whether the browser held the page", () => {
  assert.equal(heldByBrowser({ transferSize: 38_000, encodedBodySize: 37_349 }), false, "fetched whole");
  assert.equal(heldByBrowser({ transferSize: 412, encodedBodySize: 37_349 }), true, "a 304");
  assert.equal(heldByBrowser({ transferSize: 0, encodedBodySize: 37_349 }), true, "from the cache");
  assert.equal(heldByBrowser({ transferSize: 0, encodedBodySize: 0 }), false, "no figures (file://, old browsers)");
  assert.equal(heldByBrowser(undefined), false);
});
