import { test } from "node:test";
import assert from "node:assert/strict";

import {
  MAX_SPACER, clampV, createScroll, layoutScroll, maxV, scrolledTo, stripeOffset, thumbFor, wheelPixels,
} from "../../Public/list/model/scroller.js";

test("maxV puts the list's end at the viewport's bottom; clampV rounds and keeps within", () => {
  assert.equal(maxV(10_000, 800), 9200);
  assert.equal(maxV(500, 800), 0, "a list shorter than the viewport does not scroll");
  assert.equal(clampV(1234.6, 10_000, 800), 1235);
  assert.equal(clampV(-3, 10_000, 800), 0);
  assert.equal(clampV(99_999, 10_000, 800), 9200);
});

test("a list taller than browsers lay out gets a spacer of MAX_SPACER and a ratio", () => {
  const scroll = createScroll();
  const content = 56_000_864;
  const { range, short } = layoutScroll(scroll, content, 800);
  assert.equal(range, MAX_SPACER - 800);
  assert.equal(short, false);
  assert.ok(Math.abs(scroll.ratio * range - (content - 800)) < 1e-6, "the thumb's end is the list's end");
});

test("a list that fits has a ratio of 1; a shorter one no range and is short", () => {
  const scroll = createScroll();
  assert.equal(layoutScroll(scroll, 100_000, 800).range, 99_200);
  assert.equal(scroll.ratio, 1);
  assert.deepEqual(layoutScroll(scroll, 300, 800), { range: 0, short: true });
  assert.equal(scroll.ratio, 1);
});

test("thumbFor moves the thumb only when it is a px or more away, and expects its echo", () => {
  const scroll = createScroll();
  layoutScroll(scroll, 56_000_864, 800);
  const target = thumbFor(scroll, 28_000_000);
  assert.ok(target > 0);
  assert.equal(scroll.expected, target);
  assert.equal(thumbFor(scroll, 28_000_000 + scroll.ratio * 0.5), null, "half a px: left alone");
});

test("the echo of the page's own scrollTop is not a move; the next event is", () => {
  const scroll = createScroll();
  layoutScroll(scroll, 56_000_864, 800);
  const target = thumbFor(scroll, 5_000_000);
  assert.equal(scrolledTo(scroll, target + 1, 9e9), null, "browsers round scrollTop");
  assert.ok(Math.abs(scrolledTo(scroll, target + 1, 9e9) - (target + 1) * scroll.ratio) < 1e-6);
});

test("a dragged thumb maps through the ratio, and its ends are the list's ends", () => {
  const scroll = createScroll();
  const { range } = layoutScroll(scroll, 56_000_864, 800);
  const max = maxV(56_000_864, 800);
  assert.equal(scrolledTo(scroll, range / 2, max), (range / 2) * scroll.ratio);
  assert.equal(scrolledTo(scroll, range - 0.5, max), max);
  assert.equal(scrolledTo(scroll, 0, max), 0);
  assert.equal(scroll.top, 0, "the last scrollTop seen is kept");
});

test("wheel deltas in px, lines and pages", () => {
  assert.equal(wheelPixels(120, 0, 800), 120);
  assert.equal(wheelPixels(3, 1, 800), 120);
  assert.equal(wheelPixels(-1, 2, 800), -800);
});

test("the placeholder stripes scroll with the rows", () => {
  assert.equal(stripeOffset(130, 56), -18);
  assert.equal(stripeOffset(60, 56), -4);
});
