import { test } from "node:test";
import assert from "node:assert/strict";

import { letterAt, scrubV, thumbTop } from "../../Public/input/model/scrubber.js";

const MAX = 62_324_000;

test("the thumb's place over its track is the list's place over all its rows", () => {
  assert.equal(thumbTop(0, MAX, 700, 48), 0);
  assert.equal(thumbTop(MAX, MAX, 700, 48), 652);
  assert.equal(thumbTop(MAX / 2, MAX, 700, 48), 326);
  assert.equal(thumbTop(5, 0, 700, 48), 0, "a list that does not scroll");
  assert.equal(thumbTop(MAX * 2, MAX, 700, 48), 652, "kept within its track");
});

test("dragging the thumb maps its place back: every end reached, and the way back agrees", () => {
  assert.equal(scrubV(10, 10, 700, 48, MAX), 0);
  assert.equal(scrubV(-50, 10, 700, 48, MAX), 0, "above the track: the top");
  assert.equal(scrubV(652 + 10, 10, 700, 48, MAX), MAX, "the end: the last row");
  assert.equal(scrubV(900, 10, 700, 48, MAX), MAX);
  for (const v of [0, 1_000_000, 31_000_000, MAX - 5]) {
    const top = thumbTop(v, MAX, 700, 48);
    const back = scrubV(top + 20, 20, 700, 48, MAX);
    assert.ok(Math.abs(back - v) <= MAX / 652, `${v} -> ${top} -> ${back}`);
  }
});

test("the letter under the finger: the shown ones at their centres, the hidden shared between", () => {
  const all = Array.from({ length: 27 }, (_, i) => [i, 100 + i * 24]);
  assert.equal(letterAt(all, 100), 0);
  assert.equal(letterAt(all, 100 + 13 * 24 + 5), 13);
  assert.equal(letterAt(all, 0), 0, "above the first: the first");
  assert.equal(letterAt(all, 5000), 26, "below the last: the last");
  // every other letter hidden (odd indexes 0, 2, ..., 26 show, 34 px apart)
  const odd = Array.from({ length: 14 }, (_, k) => [2 * k, 100 + k * 34]);
  assert.equal(letterAt(odd, 100 + 34), 2);
  assert.equal(letterAt(odd, 100 + 17), 1, "between A and C: B, hidden behind the dot");
  assert.equal(letterAt(odd, 100 + 13 * 34), 26);
  const seen = new Set();
  for (let y = 90; y < 100 + 14 * 34; y += 2) seen.add(letterAt(odd, y));
  assert.equal(seen.size, 27, "sliding over the index reaches every letter");
  assert.equal(letterAt([], 10), null);
});
