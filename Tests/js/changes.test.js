// Which rows animate for a /window answer: changes in view only, never a row that
// came by scrolling, nothing under reduced motion; moves by their screen places.
import { test } from "node:test";
import assert from "node:assert/strict";

import { DURATION, animates, planChanges, snapshot } from "../../Public/list/model/changes.js";

const entry = (id, top, height = 56) => ({ shown: true, kind: "contact", id, row: id, top, height });
const cell = (slot, id, top, change) => ({ slot, kind: "contact", row: id, top, height: 56, contact: { id }, ...(change ? { change } : {}) });

function model() {
  const m = new Map();
  for (let i = 0; i < 30; i++) m.set(i, entry(100 + i, 1000 + i * 56));
  m.set(99, { shown: false, kind: "contact", id: null, row: null, top: 0, height: 56 });
  return m;
}

const base = { oldV: 1000, newV: 1000, viewport: 800, reduced: false };

test("rows that came by scrolling never animate", () => {
  const plan = planChanges({ ...base, before: snapshot(model()), cells: [cell(40, 500, 1000 + 30 * 56), cell(41, 501, 1000 + 31 * 56)], deleted: [] });
  assert.equal(animates(plan), false);
  assert.equal(animates(planChanges({ ...base, before: snapshot(model()), cells: [], deleted: undefined })), false, "no keys: nothing");
});

test("a deleted row in view fades out where it was; one out of view does not", () => {
  const plan = planChanges({ ...base, before: snapshot(model()), cells: [], deleted: [3, 25] });
  assert.deepEqual(plan.out, [{ slot: 3, y: 3 * 56, height: 56 }]);
  assert.ok(animates(plan));
  assert.deepEqual(planChanges({ ...base, before: snapshot(model()), cells: [], deleted: [99, 1234] }).out, [], "a slot not shown, or unknown");
});

test("rows below a deleted one slide up from their old screen place; an insert fades in", () => {
  const cells = [cell(4, 104, 1000 + 3 * 56, "move"), cell(5, 105, 1000 + 4 * 56, "move"), cell(40, 900, 1000 + 5 * 56, "insert")];
  const plan = planChanges({ ...base, before: snapshot(model()), cells, deleted: [3] });
  assert.deepEqual(plan.moves, [{ slot: 4, dy: 56 }, { slot: 5, dy: 56 }]);
  assert.deepEqual(plan.fadeIn, [40]);
});

test("a move measured on screen: anchoring that shifted v and tops alike moves nothing", () => {
  const cells = [cell(4, 104, 1000 + 4 * 56 + 560, "move")];
  assert.deepEqual(planChanges({ ...base, newV: 1560, before: snapshot(model()), cells, deleted: [] }).moves, []);
  // A contact not shown before fades in rather than sliding from nowhere.
  assert.deepEqual(planChanges({ ...base, before: snapshot(model()), cells: [cell(50, 777, 1100, "move")], deleted: [] }).fadeIn, [50]);
});

test("an update in view fades; changes out of view do nothing", () => {
  const plan = planChanges({ ...base, before: snapshot(model()), cells: [cell(2, 102, 1112, "update"), cell(60, 999, 9000, "insert")], deleted: [] });
  assert.deepEqual(plan.update, [2]);
  assert.deepEqual(plan.fadeIn, []);
});

test("under prefers-reduced-motion nothing animates", () => {
  const plan = planChanges({ ...base, reduced: true, before: snapshot(model()), cells: [cell(4, 104, 1000, "move"), cell(40, 1, 1000, "insert")], deleted: [3] });
  assert.equal(animates(plan), false);
});

test("an animation lasts at most 300 ms", () => {
  assert.ok(DURATION > 0 && DURATION <= 300);
});
