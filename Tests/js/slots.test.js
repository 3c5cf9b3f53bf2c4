import { test } from "node:test";
import assert from "node:assert/strict";

import { applyWindow, createSlotModel, rowAtTop, rowOfContact, contactsInView, slotOfRow } from "../../Public/list/model/slots.js";

const contact = (slot, row, id, top, height = 56) => ({ slot, kind: "contact", row, top, height, contact: { id }, html: "" });
const header = (slot, section, top) => ({ slot, kind: "header", section, top, height: 32, html: "" });
const full = (cells) => ({ full: true, cells, released: [] });
const delta = (cells, released = []) => ({ full: false, cells, released });

/** slot -> row of every shown slot (headers as "h<section>"). */
function shown(model) {
  return Object.fromEntries([...model].filter(([, e]) => e.shown).map(([s, e]) => [s, e.kind === "contact" ? e.row : `h${e.section}`]));
}

test("a full answer shows its cells and hides every other slot", () => {
  const model = createSlotModel();
  applyWindow(model, full([header(0, 0, 0), contact(1, 0, 10, 32), contact(2, 1, 11, 88)]));
  const step = applyWindow(model, full([contact(2, 5, 15, 400), contact(3, 6, 16, 456)]));
  assert.deepEqual(shown(model), { 2: 5, 3: 6 });
  assert.deepEqual(step.released.sort(), [0, 1]);
  assert.equal(model.get(1).row, null, "a released slot keeps no row");
});

test("a delta keeps what it does not name, hides its released slots and fills its cells", () => {
  const model = createSlotModel();
  applyWindow(model, full([contact(0, 0, 10, 0), contact(1, 1, 11, 56), contact(2, 2, 12, 112)]));
  const step = applyWindow(model, delta([contact(0, 3, 13, 168)], [1]));
  assert.deepEqual(shown(model), { 0: 3, 2: 2 });
  assert.deepEqual(step.released, [1]);
  assert.equal(step.cells.length, 1);
});

test("a slot released and refilled in the same answer shows its new cell", () => {
  const model = createSlotModel();
  applyWindow(model, full([contact(0, 0, 10, 0)]));
  applyWindow(model, delta([contact(0, 9, 19, 504)], [0]));
  assert.deepEqual(shown(model), { 0: 9 });
  assert.equal(model.get(0).id, 19);
});

test("released IDs the page never saw, or already hidden, change nothing", () => {
  const model = createSlotModel();
  applyWindow(model, full([contact(0, 0, 10, 0), contact(1, 1, 11, 56)]));
  applyWindow(model, delta([], [1]));
  const step = applyWindow(model, delta([], [1, 42]));
  assert.deepEqual(step.released, []);
  assert.deepEqual(shown(model), { 0: 0 });
});

test("a slot that changes kind (a new session) keeps nothing of the other kind", () => {
  const model = createSlotModel();
  applyWindow(model, full([contact(0, 4, 14, 256)]));
  applyWindow(model, full([header(0, 3, 200)]));
  const entry = model.get(0);
  assert.equal(entry.kind, "header");
  assert.equal(entry.row, null);
  assert.equal(entry.id, null);
  assert.equal(entry.section, 3);
});

test("slotOfRow and rowOfContact find shown slots only", () => {
  const model = createSlotModel();
  applyWindow(model, full([contact(0, 7, 70, 0), contact(1, 8, 80, 56)]));
  assert.deepEqual(slotOfRow(model, 8)?.[0], 1);
  assert.equal(rowOfContact(model, 70), 7);
  applyWindow(model, delta([], [1]));
  assert.equal(slotOfRow(model, 8), null);
  assert.equal(rowOfContact(model, 80), null);
});

test("rowAtTop is the first contact whose top is below the sticky title", () => {
  const model = createSlotModel();
  applyWindow(model, full([header(5, 0, 0), contact(0, 0, 1, 32), contact(1, 1, 2, 88), contact(2, 2, 3, 144)]));
  assert.equal(rowAtTop(model, 0, 32), 0);
  assert.equal(rowAtTop(model, 57, 32), 1, "row 0 is partly under the title");
  assert.equal(rowAtTop(model, 56, 32), 1);
  assert.equal(rowAtTop(model, 1, 32), 0, "a px of slack: 1 px under the title still counts");
  assert.equal(rowAtTop(model, 2, 32), 1);
  assert.equal(rowAtTop(model, 1000, 32), null);
});

test("contactsInView lists the contacts wholly between the sticky title and the bottom, in screen order", () => {
  const model = createSlotModel();
  const cells = [header(20, 0, 0)];
  for (let row = 0; row < 20; row += 1) cells.push(contact(row, row, row + 100, 32 + row * 56));
  applyWindow(model, full(cells));
  // v = 0, viewport 400: tops 32..., rows 0 to 5 end at 32 + 6 * 56 = 368 <= 400; row 6 ends at 424.
  assert.deepEqual(contactsInView(model, 0, 32, 400).map((c) => c.row), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(contactsInView(model, 20, 32, 400).map((c) => c.row), [1, 2, 3, 4, 5],
    "row 0 went under the title; row 6 is cut at the bottom");
  assert.deepEqual(contactsInView(model, 0, 32, 400)[2], { row: 2, top: 32 + 2 * 56, height: 56 });
  // Rows of notes (136 px) are taller: fewer fit.
  const tall = createSlotModel();
  applyWindow(tall, full([0, 1, 2].map((row) => contact(row, row, row, 32 + row * 136, 136))));
  assert.equal(contactsInView(tall, 0, 32, 400).length, 2);
});
