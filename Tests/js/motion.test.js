import { test } from "node:test";
import assert from "node:assert/strict";

import { FLICK, MAX_MARGIN, REST, createMotion, jumped, moved, restMargin, smoothTrip, speedAt } from "../../Public/list/model/motion.js";

test("the speed is the recent moves' px per second, signed", () => {
  const m = createMotion();
  for (let k = 0; k <= 10; k += 1) moved(m, 1000 + 100 * k, 1000 + 16 * k, 800);
  assert.ok(Math.abs(speedAt(m, 1160) - 6250) < 1, `${speedAt(m, 1160)}`);
  const up = createMotion();
  for (let k = 0; k <= 5; k += 1) moved(up, 50_000 - 100 * k, 16 * k, 800);
  assert.ok(speedAt(up, 80) < -6000);
});

test("at rest, before two moves, and right after a jump the speed is 0", () => {
  const m = createMotion();
  assert.equal(speedAt(m, 0), 0);
  moved(m, 100, 0, 800);
  assert.equal(speedAt(m, 5), 0, "one move is no speed");
  moved(m, 200, 16, 800);
  assert.ok(speedAt(m, 20) > 0);
  assert.equal(speedAt(m, 16 + REST + 1), 0, "no move for a while: at rest");
  moved(m, 900_000, 40, 800);
  assert.equal(jumped(m), true);
  assert.equal(speedAt(m, 41), 0, "a jump is not motion");
  moved(m, 900_100, 56, 800);
  assert.equal(jumped(m), false);
});

test("only the last quarter second counts", () => {
  const m = createMotion();
  moved(m, 0, 0, 800);
  moved(m, 1000, 100, 800); // fast, long ago
  for (let t = 400; t <= 700; t += 50) moved(m, 1000 + (t - 400), t, 800); // 1,000 px/s since
  assert.ok(Math.abs(speedAt(m, 700) - 1000) < 1);
});

test("the round trip is smoothed: a quarter of each new one", () => {
  assert.equal(smoothTrip(null, 200), 200);
  assert.equal(smoothTrip(200, 100), 175);
  assert.equal(smoothTrip(200, NaN), 200);
  assert.equal(smoothTrip(null, -1), null);
});

test("rest margins: half a viewport, or a flick's first round trip, at most MAX_MARGIN", () => {
  assert.equal(restMargin(800, null), 400);
  assert.equal(restMargin(800, 20), 400);
  assert.equal(restMargin(800, 200), (FLICK * 200) / 1000);
  assert.equal(restMargin(800, 60_000), MAX_MARGIN);
});

test("the lookahead's trip is the window's round trip plus the photos' once rows show photos", async () => {
  const { readyTrip } = await import("../../Public/list/model/motion.js");
  assert.equal(readyTrip(null, 300), null, "no round trip yet: no lookahead");
  assert.equal(readyTrip(150, null), 150, "no photos: the window's round trip alone");
  assert.equal(readyTrip(150, 220), 370);
});
