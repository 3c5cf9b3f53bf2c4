// The scroller's geometry, without the DOM. The list is taller than browsers lay
// out (1,000,000 rows of 56 px or more), so the scroller holds a spacer of at most
// MAX_SPACER px and a sticky stage; the virtual offset `v` (content px at the top
// of the viewport) maps to the scroll position at a fixed ratio. Wheel and keys
// move `v` by natural amounts; dragging the scrollbar maps the thumb's position
// through the ratio, so the whole list stays reachable.

/** Below Firefox's ~8.9M px transform limit and Chromium's 33.5M px element cap. */
export const MAX_SPACER = 8_000_000;

/** px per wheel line (deltaMode 1). */
export const LINE = 40;

/** The largest `v`: the list's end at the viewport's bottom. */
export function maxV(contentHeight, viewport) {
  return Math.max(0, contentHeight - viewport);
}

/** `v` rounded to a whole px and kept within the list. */
export function clampV(v, contentHeight, viewport) {
  return Math.min(maxV(contentHeight, viewport), Math.max(0, Math.round(v)));
}

/**
 * The scroll position's bookkeeping: `top` is the scrollTop as last set or seen
 * (compared with rather than read, so no write is followed by a read), `expected`
 * the scrollTop the page itself set last (its scroll event is an echo, not a move).
 */
export function createScroll() {
  return { top: 0, expected: null, range: 0, ratio: 1 };
}

/**
 * Sizes the scroll range for `contentHeight` in `viewport` (updates `scroll`).
 * Returns {range, short}: the spacer's px, and whether the list is shorter than
 * the viewport (then no placeholder stripes are drawn below it).
 */
export function layoutScroll(scroll, contentHeight, viewport) {
  const spacer = Math.max(viewport, Math.min(contentHeight, MAX_SPACER));
  scroll.range = Math.max(0, spacer - viewport);
  scroll.ratio = scroll.range > 0 ? maxV(contentHeight, viewport) / scroll.range : 1;
  return { range: scroll.range, short: contentHeight < viewport };
}

/**
 * The scrollTop that keeps the thumb at `v`, or null when it is there already
 * (within 1 px). A returned value is recorded as expected: its scroll event is ours.
 */
export function thumbFor(scroll, v) {
  const target = scroll.ratio > 0 ? v / scroll.ratio : 0;
  if (Math.abs(scroll.top - target) < 1) return null;
  scroll.expected = scroll.top = target;
  return target;
}

/**
 * A scroll event at `scrollTop`: the `v` it moves to, or null when it is the echo
 * of a scrollTop the page set (within 1.5 px, which browsers round to). At the
 * ends the ends are exact; between them the thumb's position maps through the ratio.
 */
export function scrolledTo(scroll, scrollTop, max) {
  scroll.top = scrollTop;
  const echo = scroll.expected !== null && Math.abs(scrollTop - scroll.expected) <= 1.5;
  scroll.expected = null;
  if (echo) return null;
  if (scrollTop >= scroll.range - 1) return max;
  if (scrollTop <= 0) return 0;
  return scrollTop * scroll.ratio;
}

/** The px a wheel event moves by: deltaMode 0 is px, 1 lines, 2 pages. */
export function wheelPixels(deltaY, deltaMode, viewport) {
  const unit = deltaMode === 1 ? LINE : deltaMode === 2 ? viewport : 1;
  return deltaY * unit;
}

/** The placeholder stripes' offset at `v`, so they scroll with the rows. */
export function stripeOffset(v, stripe) {
  return -(v % stripe);
}
