import { test } from "node:test";
import assert from "node:assert/strict";

import { MAX_BLOCKS, skeletonBlocks } from "../../Public/list/model/skeletons.js";
import { applyWindow, createSlotModel } from "../../Public/list/model/slots.js";

const beyond = {
  above: { top: 1000, runs: [[56, 2], [76, 1]] },     // 1000, 1056, 1112 .. 1188
  below: { top: 3000, runs: [[56, 3], [32, 1], [96, 2]] }, // 3000, 3056, 3112, 3168 (header), 3200, 3296
};

test("the items of beyond in view, at their places and heights", () => {
  const blocks = skeletonBlocks(beyond, createSlotModel(), 3050, 300);
  assert.deepEqual(blocks, [
    { top: 3000, height: 56 }, { top: 3056, height: 56 }, { top: 3112, height: 56 },
    { top: 3168, height: 32 }, { top: 3200, height: 96 }, { top: 3296, height: 96 },
  ]);
  assert.deepEqual(skeletonBlocks(beyond, createSlotModel(), 1100, 100), [{ top: 1056, height: 56 }, { top: 1112, height: 76 }]);
});

test("no skeleton where a slot shows its row, none without beyond, none out of view", () => {
  const model = createSlotModel();
  applyWindow(model, { full: true, released: [], cells: [{ slot: 0, kind: "contact", row: 9, top: 3056, height: 56, contact: { id: 1 } }] });
  const tops = skeletonBlocks(beyond, model, 3000, 150).map((b) => b.top);
  assert.deepEqual(tops, [3000, 3112]);
  assert.deepEqual(skeletonBlocks(null, model, 0, 800), []);
  assert.deepEqual(skeletonBlocks(beyond, model, 1500, 800), []);
  assert.deepEqual(skeletonBlocks({ above: null, below: null }, model, 0, 800), []);
});

test("at most MAX_BLOCKS blocks", () => {
  const many = { above: null, below: { top: 0, runs: [[10, 1000]] } };
  assert.equal(skeletonBlocks(many, createSlotModel(), 0, 10_000).length, MAX_BLOCKS);
});
