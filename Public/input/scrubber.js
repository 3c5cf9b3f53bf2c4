// The fast-scroll thumb (DOM): on touch screens a handle at the list's right
// edge shows where the list is over all its rows, and dragging it moves the list
// there (input/model/scrubber.js decides), as the scrollbar's thumb does with a mouse. It is
// placed by a transform computed from `v` and the viewport, never measured in a
// frame; a finger on it moves only it, never the list under it.

import { scrubV, thumbTop } from "./model/scrubber.js";

/** The thumb's track leaves this many px free above (the sticky title) and below. */
const MARGIN = 36;
/** The thumb's height (app.css `.scrubber`). */
const THUMB = 48;

/**
 * Connects the thumb `thumb` (in the list's stage). `on` has max() (the largest
 * `v`), move(v) (the list moves there). Returns {place(v, viewport)}: puts the
 * thumb where `v` is, in the frame that positions the rows.
 */
export function createScrubber(thumb, on) {
  let shown = null; // the thumb's top as last written
  let grab = null; // the finger's px below the thumb's top, while it holds it
  let track = 0;

  thumb.addEventListener("touchstart", (event) => {
    event.stopPropagation(); // the list under it does not move
    if (event.touches.length !== 1) return;
    grab = event.touches[0].clientY - thumb.getBoundingClientRect().top;
    thumb.classList.add("held");
  }, { passive: true });

  thumb.addEventListener("touchmove", (event) => {
    event.stopPropagation();
    if (grab === null || event.touches.length !== 1) return;
    const top = thumb.parentElement.getBoundingClientRect().top + MARGIN;
    on.move(scrubV(event.touches[0].clientY - top, grab, track, THUMB, on.max()));
  }, { passive: true });

  function release(event) {
    event.stopPropagation();
    grab = null;
    thumb.classList.remove("held");
  }
  thumb.addEventListener("touchend", release, { passive: true });
  thumb.addEventListener("touchcancel", release, { passive: true });

  return {
    place(v, viewport) {
      track = Math.max(0, viewport - 2 * MARGIN);
      const top = MARGIN + thumbTop(v, on.max(), track, THUMB);
      if (top === shown) return;
      shown = top;
      thumb.style.transform = `translateY(${top}px)`;
    },
  };
}
