// A finger across a row, without the DOM (docs/page.md, "Swipe"): whether a touch
// is a swipe of that row or a drag of the list (whichever way it first moves past
// the slop), how far the row follows, and what lifting the finger does. A left
// swipe reveals the row's actions (Favourite, Delete), or deletes when it goes past
// most of the row's width; a right swipe starts selecting with the row. Distances
// are px, `offset` the row's shift (negative: to the left).

/** px a finger moves before it is a swipe or a drag (input/model/touch.js's slop). */
export const SWIPE_SLOP = 8;
/** px of the actions a row shows when open (two buttons). */
export const ACTIONS_WIDTH = 144;
/** px past which a left swipe leaves the actions open. */
export const OPEN_AT = 48;
/** The share of the row's width past which a left swipe deletes at once. */
export const FULL_AT = 0.6;
/** px past which a right swipe selects the row; the row follows at most RIGHT_MAX. */
export const SELECT_AT = 64;
export const RIGHT_MAX = 96;

/**
 * A finger put down at (`x`, `y`) over a row `width` px wide whose actions are
 * open (`open`) or not.
 */
export function createSwipe(x, y, width, open = false) {
  return { x0: x, y0: y, width, base: open ? -ACTIONS_WIDTH : 0, offset: open ? -ACTIONS_WIDTH : 0, mode: "undecided" };
}

/**
 * The finger is at (`x`, `y`). Returns the swipe's mode: "undecided" (within the
 * slop), "scroll" (it went up or down first: the list's drag, never the row's) or
 * "swipe" (sideways first: `swipe.offset` is the row's shift now).
 */
export function swipeMove(swipe, x, y) {
  const dx = x - swipe.x0;
  const dy = y - swipe.y0;
  if (swipe.mode === "undecided") {
    if (Math.abs(dy) > SWIPE_SLOP && Math.abs(dy) >= Math.abs(dx)) swipe.mode = "scroll";
    else if (Math.abs(dx) > SWIPE_SLOP) swipe.mode = "swipe";
  }
  if (swipe.mode === "swipe") {
    const right = swipe.base < 0 ? 0 : RIGHT_MAX; // an open row only closes to the right
    swipe.offset = Math.max(-swipe.width, Math.min(right, swipe.base + dx));
  }
  return swipe.mode;
}

/**
 * The finger lifts: what happens to the row. "open" (the actions stay shown),
 * "close", "delete" (past FULL_AT of the width), "select" (right past SELECT_AT), or
 * "none" (not a swipe: a tap, or the list's drag).
 */
export function swipeEnd(swipe) {
  if (swipe.mode !== "swipe") return "none";
  if (swipe.offset <= -swipe.width * FULL_AT) return "delete";
  if (swipe.base === 0 && swipe.offset >= SELECT_AT) return "select";
  // From closed it opens past OPEN_AT; from open it closes once moved back as far.
  return swipe.offset <= (swipe.base < 0 ? swipe.base + OPEN_AT : -OPEN_AT) ? "open" : "close";
}

/** The row's shift for what lifting did: where it rests. */
export function restingOffset(outcome) {
  return outcome === "open" ? -ACTIONS_WIDTH : 0;
}
