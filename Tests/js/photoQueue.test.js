// The photo queue (list/model/photoQueue.js): a few fetches at a time, nearest first.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createPhotoQueue, PHOTO_LOADS, rowDistance } from "../../Public/list/model/photoQueue.js";

const at = (distances) => (slot) => distances[slot] ?? Infinity;
/** The slots that start now. */
const next = (queue, distance) => queue.next(distance).map(({ slot }) => slot);

test("at most the limit fetch at once, the rows nearest the viewport first", () => {
  const queue = createPhotoQueue(2);
  for (const slot of [1, 2, 3, 4]) queue.want(slot);
  assert.deepEqual(next(queue, at({ 1: 900, 2: 0, 3: 300, 4: 0 })), [2, 4]);
  assert.deepEqual(next(queue, at({ 1: 900, 3: 300 })), [], "two fetch: none more");
  queue.finished(4);
  assert.deepEqual(next(queue, at({ 1: 900, 3: 300 })), [3]);
  assert.equal(queue.fetching(), 2);
});

test("distances are read when a turn comes: a row the list moved towards goes first", () => {
  const queue = createPhotoQueue(1);
  queue.want(1);
  queue.want(2);
  queue.want(3);
  assert.deepEqual(next(queue, at({ 1: 0, 2: 500, 3: 1000 })), [1]);
  queue.finished(1);
  assert.deepEqual(next(queue, at({ 2: 800, 3: 0 })), [3], "the list moved on: 3 is in view now");
});

test("a released slot frees its turn and never starts; one not placed goes last", () => {
  const queue = createPhotoQueue(1);
  queue.want(1);
  queue.want(2);
  assert.deepEqual(next(queue, at({ 1: 0, 2: 10 })), [1]);
  queue.drop(1); // released while fetching (its image's source removed: the fetch stops)
  queue.drop(2); // released while waiting
  queue.want(3);
  queue.want(4);
  assert.deepEqual(next(queue, at({ 4: 2000 })), [4], "one not placed goes after any placed");
  queue.finished(4);
  assert.deepEqual(next(queue, at({})), [3], "and still gets its turn");
});

test("a slot bound again to another photo waits again for a turn", () => {
  const queue = createPhotoQueue(1);
  queue.want(1);
  assert.deepEqual(next(queue, at({ 1: 0 })), [1]);
  queue.want(1); // another contact in slot 1: the old fetch stopped
  assert.equal(queue.fetching(), 0);
  assert.deepEqual(next(queue, at({ 1: 0 })), [1]);
});

test("among equally near rows the earlier wanted starts first, PHOTO_LOADS at once by default", () => {
  const queue = createPhotoQueue();
  const slots = [5, 6, 7, 8, 9, 10, 11, 12];
  for (const slot of slots) queue.want(slot);
  assert.deepEqual(next(queue, () => 0), slots.slice(0, PHOTO_LOADS));
});

test("a row's distance from the viewport: 0 in view, the gap above or below, Infinity unplaced", () => {
  assert.equal(rowDistance({ top: 100, height: 56 }, 0, 800), 0);
  assert.equal(rowDistance({ top: 780, height: 56 }, 0, 800), 0, "partly in view");
  assert.equal(rowDistance({ top: 1000, height: 56 }, 0, 800), 200, "below");
  assert.equal(rowDistance({ top: 100, height: 56 }, 500, 800), 344, "above");
  assert.equal(rowDistance(undefined, 0, 800), Infinity);
});

test("each start carries its job and a turn: a fetch ended after its slot wanted again frees nothing", () => {
  const queue = createPhotoQueue(1);
  queue.want(1, "first photo");
  const [first] = queue.next(at({ 1: 0 }));
  assert.equal(first.job, "first photo");
  queue.want(1, "second photo"); // another contact in slot 1 before the first fetch ended
  const [second] = queue.next(at({ 1: 0 }));
  assert.equal(second.job, "second photo");
  assert.equal(queue.finished(1, first.turn), false, "the first fetch's end frees no turn");
  assert.equal(queue.fetching(), 1);
  queue.want(2, "another row");
  assert.deepEqual(next(queue, at({ 2: 0 })), [], "the second still holds the only turn");
  assert.equal(queue.finished(1, second.turn), true);
  assert.deepEqual(next(queue, at({ 2: 0 })), [2]);
});
