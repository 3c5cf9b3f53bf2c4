import { test } from "node:test";
import assert from "node:assert/strict";

import { orderMoves } from "../../Public/list/model/domOrder.js";
import { seeded } from "./random.js";

/** `current` after the moves, as the DOM would be. */
function apply(current, moves) {
  const nodes = [...current];
  for (const [id, before] of moves) {
    nodes.splice(nodes.indexOf(id), 1);
    nodes.splice(before === null ? nodes.length : nodes.indexOf(before), 0, id);
  }
  return nodes;
}

test("slots in order already move nothing", () => {
  assert.deepEqual(orderMoves([1, 2, 3, 4], [1, 2, 3, 4]), []);
  assert.deepEqual(orderMoves([9, 1, 8, 2, 3], [1, 2, 3]), [], "hidden slots in between do not count");
});

test("a scroll step moves only the recycled slots", () => {
  // Scrolling down: slots 0 and 1 left the top and came back at the bottom.
  const moves = orderMoves([0, 1, 2, 3, 4, 5], [2, 3, 4, 5, 0, 1]);
  assert.equal(moves.length, 2);
  assert.deepEqual(apply([0, 1, 2, 3, 4, 5], moves), [2, 3, 4, 5, 0, 1]);
  // Scrolling up: the last two came back at the top.
  const up = orderMoves([0, 1, 2, 3, 4, 5], [4, 5, 0, 1, 2, 3]);
  assert.equal(up.length, 2);
  assert.deepEqual(apply([0, 1, 2, 3, 4, 5], up), [4, 5, 0, 1, 2, 3]);
});

test("any order is reached, with the fewest moves (ids outside the longest run in order)", () => {
  const rng = seeded(17);
  const random = rng.next;
  for (let round = 0; round < 300; round += 1) {
    const count = 1 + Math.floor(random() * 40);
    const ids = Array.from({ length: count + 10 }, (_, i) => i);
    for (let i = ids.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j], ids[i]];
    }
    const current = ids;
    const shown = current.filter(() => random() < 0.8);
    const desired = [...shown].sort(() => random() - 0.5);
    const moves = orderMoves(current, desired);
    const after = apply(current, moves);
    const set = new Set(desired);
    assert.deepEqual(after.filter((id) => set.has(id)), desired, `round ${round}`);
    // The fewest: as many as the shown ids outside a longest increasing run of their places.
    const places = desired.map((id) => current.indexOf(id));
    const best = places.map(() => 1);
    for (let i = 0; i < places.length; i += 1) {
      for (let j = 0; j < i; j += 1) if (places[j] < places[i]) best[i] = Math.max(best[i], best[j] + 1);
    }
    assert.equal(moves.length, desired.length - Math.max(0, ...best), `round ${round}`);
  }
});
