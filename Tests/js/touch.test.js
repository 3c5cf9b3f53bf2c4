import { test } from "node:test";
import assert from "node:assert/strict";

import {
  DECELERATION, MAX_VELOCITY, MIN_VELOCITY, SLOP, STILL, VELOCITY_WINDOW,
  createDrag, createFling, dragTo, flingDistance, flingStep, releaseVelocity,
} from "../../Public/input/model/touch.js";

const MAX = 62_000_000;

/** Drags a list at `v` from y 600 by `dy` px (up: the list moves towards its end) in
 *  `steps` moves `dt` ms apart; returns [drag, v, t]. */
function drag(v, dy, steps, dt, max = MAX) {
  const d = createDrag(600, 0);
  let t = 0;
  for (let i = 1; i <= steps; i++) {
    t += dt;
    const next = dragTo(d, 600 - (dy * i) / steps, t, v, max);
    if (next !== null) v = next;
  }
  return [d, v, t];
}

test("the list does not move until the finger passed the slop, then by all it moved", () => {
  const d = createDrag(600, 0);
  assert.equal(dragTo(d, 600 - SLOP, 16, 1000, MAX), null, "within the slop: a tap");
  assert.equal(dragTo(d, 600 + SLOP, 32, 1000, MAX), null);
  assert.equal(dragTo(d, 600 - SLOP - 1, 48, 1000, MAX), 1000 + SLOP + 1, "the slop is not lost");
  assert.equal(dragTo(d, 600 - SLOP - 11, 64, 1000 + SLOP + 1, MAX), 1000 + SLOP + 11);
});

test("a 300 px drag moves the list 300 px at the top, in the middle and near the end", () => {
  for (const start of [0, 31_000_000, MAX - 1000]) {
    const [, v] = drag(start, 300, 30, 20);
    assert.equal(v, Math.min(MAX, start + 300), `from ${start}`);
  }
  const [, down] = drag(31_000_000, -300, 30, 20);
  assert.equal(down, 31_000_000 - 300);
});

test("half-px finger moves add up to whole px; the list's own moves in between stay", () => {
  const d = createDrag(600, 0);
  let v = 500;
  for (let i = 1; i <= 40; i++) v = dragTo(d, 600 - SLOP - 1 - i * 0.5, i * 8, v, MAX) ?? v;
  assert.equal(v, 500 + SLOP + 1 + 20);
  // an anchor moved the list by 1,000 px (rows inserted above): the drag goes on from there
  assert.equal(dragTo(d, 600 - SLOP - 1 - 20 - 10, 400, v + 1000, MAX), v + 1010);
});

test("at an end the list stays, and moves back as soon as the finger does", () => {
  const d = createDrag(600, 0);
  let v = 100;
  v = dragTo(d, 900, 16, v, MAX); // 300 px down from 100: the top
  assert.equal(v, 0);
  assert.equal(dragTo(d, 890, 32, v, MAX), 10, "10 px back up: the list follows at once");
  const e = createDrag(600, 0);
  assert.equal(dragTo(e, 100, 16, MAX - 200, MAX), MAX, "never past the end");
  assert.equal(dragTo(e, 110, 32, MAX, MAX), MAX - 10);
});

test("the release velocity is the finger's over its last VELOCITY_WINDOW ms", () => {
  // slow first, then 200 px in the last 100 ms: 2 px/ms towards the end
  const d = createDrag(600, 0);
  let v = 0;
  for (let t = 16; t <= 400; t += 16) v = dragTo(d, 600 - t * 0.1, t, v, MAX) ?? v;
  const y = 600 - 40;
  for (let i = 1; i <= 6; i++) v = dragTo(d, y - (200 * i) / 6, 400 + (VELOCITY_WINDOW * i) / 6, v, MAX);
  const velocity = releaseVelocity(d, 400 + VELOCITY_WINDOW);
  assert.ok(Math.abs(velocity - 2) < 0.35, `velocity ${velocity}`);
  assert.ok(releaseVelocity(drag(0, -200, 6, 16)[0], 96) < -1, "a flick down is negative");
});

test("moves that come far apart (a busy page's, coalesced) still give a flick its velocity", () => {
  // 30 px every 60 ms (0.5 px/ms), lifted 45 ms after the last move: within STILL, with
  // no move but the last within VELOCITY_WINDOW of the lift
  const [d, , t] = drag(0, 150, 5, 60);
  assert.ok(releaseVelocity(d, t + 45) > 0.49 && releaseVelocity(d, t + 45) < 0.51, `velocity ${releaseVelocity(d, t + 45)}`);
  // a flick as test_touch.py's reached a busy page: 200 px in 6 moves 30 to 53 ms apart,
  // lifted 48 ms after the last, which was the only one within VELOCITY_WINDOW of the lift
  const e = createDrag(640, 0);
  let v = 0;
  for (const [at, y] of [[11, 606.7], [60, 573.3], [109, 540], [158, 506.7], [188, 473.3], [241, 440]]) v = dragTo(e, y, at, v, 12_000_000);
  const velocity = releaseVelocity(e, 289);
  assert.ok(velocity > 0.75 && velocity < 0.85, `velocity ${velocity}`);
  assert.ok(createFling(velocity, 289) !== null);
  assert.equal(releaseVelocity(e, 241 + STILL + 1), 0, "a finger still for STILL ms still flings nothing");
});

test("a finger that stopped before lifting, or a tap, flings nothing; flicks are capped", () => {
  const [d, , t] = drag(0, 300, 30, 20);
  assert.equal(releaseVelocity(d, t + STILL + 1), 0);
  const tap = createDrag(600, 0);
  dragTo(tap, 603, 30, 0, MAX);
  assert.equal(releaseVelocity(tap, 40), 0);
  const [fast, , ft] = drag(0, 3000, 3, 16);
  assert.equal(releaseVelocity(fast, ft), MAX_VELOCITY);
  assert.equal(createFling(MIN_VELOCITY / 2, 0), null, "too slow to fling");
});

test("a fling slows as iOS's do, covers flingDistance and comes to rest", () => {
  const fling = createFling(2, 0);
  let v = 10_000;
  const seen = [];
  for (let t = 16; !fling.done; t += 16) {
    v = flingStep(fling, t, v, MAX);
    seen.push(v);
    assert.ok(t < 10_000, "it ends");
  }
  const steps = seen.map((x, i) => x - (i ? seen[i - 1] : 10_000));
  assert.ok(steps[0] > 25 && steps[0] <= 33, `first frame ${steps[0]} px (2 px/ms)`);
  assert.ok(steps.every((s, i) => i === 0 || s <= steps[i - 1] + 1), "never speeds up");
  assert.ok(Math.abs(v - 10_000 - flingDistance(2)) <= 1, `rests at ${v}`);
  assert.ok(Math.abs(flingDistance(2) - 2 * (-1 / Math.log(DECELERATION)) * (1 - MIN_VELOCITY / 2)) < 1e-9);
  assert.ok(flingDistance(2) > 900 && flingDistance(2) < 1000, "2 px/ms flings about 975 px");
  // after 1 s the velocity is 0.998^1000 of the start
  const f = createFling(2, 0);
  flingStep(f, 1000, 0, MAX);
  assert.ok(Math.abs(f.velocity - 2 * DECELERATION ** 1000) < 1e-9);
});

test("a fling stops at an end of the list, exactly there", () => {
  const up = createFling(-5, 0);
  let v = 300;
  for (let t = 16; !up.done; t += 16) v = flingStep(up, t, v, MAX);
  assert.equal(v, 0);
  const down = createFling(5, 0);
  v = MAX - 300;
  for (let t = 16; !down.done; t += 16) v = flingStep(down, t, v, MAX);
  assert.equal(v, MAX);
});

test("a fling moves the list from where it is: the list's own moves stay", () => {
  const fling = createFling(1, 0);
  const a = flingStep(fling, 100, 5000, MAX);
  const b = flingStep(fling, 200, a + 700, MAX); // 700 px added above in between
  assert.ok(b - (a + 700) > 0 && b - (a + 700) < 100);
});

test("a flick while a fling runs the same way adds its velocity; the other way not", () => {
  assert.equal(createFling(2, 0, 1.5).start, 3.5);
  assert.equal(createFling(2, 0, -1.5).start, 2);
  assert.equal(createFling(10, 0, 10).start, MAX_VELOCITY);
  assert.equal(createFling(0, 0, 3), null, "a finger that stopped a fling and lifted still: no fling");
});
