// A finger across a row: swipe or scroll (whichever way it first leaves the slop),
// how far the row follows, and what lifting does (open, close, delete, select).
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  ACTIONS_WIDTH, FULL_AT, OPEN_AT, RIGHT_MAX, SELECT_AT, SWIPE_SLOP, createSwipe, restingOffset, swipeEnd, swipeMove,
} from "../../Public/input/model/swipe.js";

const WIDTH = 360;

function swipe(dx, { dy = 0, open = false, steps = 12 } = {}) {
  const s = createSwipe(300, 400, WIDTH, open);
  for (let i = 1; i <= steps; i++) swipeMove(s, 300 + (dx * i) / steps, 400 + (dy * i) / steps);
  return s;
}

test("within the slop nothing is decided; a tap is no swipe", () => {
  const s = createSwipe(100, 100, WIDTH);
  assert.equal(swipeMove(s, 100 + SWIPE_SLOP, 100 + 3), "undecided");
  assert.equal(s.offset, 0);
  assert.equal(swipeEnd(s), "none");
});

test("up or down first is the list's drag, and stays so whatever the finger does next", () => {
  const s = createSwipe(100, 100, WIDTH);
  assert.equal(swipeMove(s, 104, 112), "scroll");
  assert.equal(swipeMove(s, 20, 114), "scroll");
  assert.equal(s.offset, 0, "the row never moves");
  assert.equal(swipeEnd(s), "none");
  assert.equal(swipeMove(createSwipe(0, 0, WIDTH), 10, 10), "scroll", "a diagonal is a scroll");
});

test("sideways first: the row follows the finger, and stays a swipe when it goes up", () => {
  const s = createSwipe(300, 400, WIDTH);
  assert.equal(swipeMove(s, 288, 401), "swipe");
  assert.equal(s.offset, -12);
  assert.equal(swipeMove(s, 250, 440), "swipe");
  assert.equal(s.offset, -50);
});

test("a left swipe past OPEN_AT opens the actions, a short one closes back", () => {
  assert.equal(swipeEnd(swipe(-OPEN_AT - 2)), "open");
  assert.equal(restingOffset("open"), -ACTIONS_WIDTH);
  assert.equal(swipeEnd(swipe(-OPEN_AT + 10)), "close");
  assert.equal(restingOffset("close"), 0);
  // The 180 px a phone's swipe goes on a 360 px row opens, it does not delete.
  assert.equal(swipeEnd(swipe(-180)), "open");
});

test("a full swipe deletes; the row goes no further than its width", () => {
  const s = swipe(-WIDTH * FULL_AT - 5);
  assert.equal(swipeEnd(s), "delete");
  assert.equal(swipeEnd(swipe(-900)), "delete");
  assert.equal(swipe(-900).offset, -WIDTH);
});

test("an open row closes when pushed back right, stays open when barely moved, deletes when pushed on", () => {
  assert.equal(swipeEnd(swipe(OPEN_AT + 10, { open: true })), "close");
  assert.equal(swipeEnd(swipe(20, { open: true })), "open");
  assert.equal(swipe(300, { open: true }).offset, 0, "an open row goes right no further than closed");
  assert.equal(swipeEnd(swipe(-100, { open: true })), "delete", "-144 - 100 is past 60% of 360");
});

test("a right swipe past SELECT_AT selects; the row follows at most RIGHT_MAX", () => {
  assert.equal(swipeEnd(swipe(SELECT_AT + 4)), "select");
  assert.equal(swipeEnd(swipe(SELECT_AT - 10)), "close");
  assert.equal(swipe(400).offset, RIGHT_MAX);
});
