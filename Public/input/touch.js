// A finger on the list (DOM): touch events become drags and flings of `v`
// (input/model/touch.js decides), the fling runs in animation frames. The browser pans
// nothing itself (app.css: touch-action on #list), so the content follows the
// finger 1:1 at any depth of the list, where a native scroll would move the
// scrollbar's thumb (at the spacer's ratio).

import { createDrag, createFling, dragTo, flingStep, releaseVelocity } from "./model/touch.js";

/**
 * Listens to touches on `list` in window `win`. `on` has position() (the list's
 * `v`), max() (the largest `v`) and move(v) (the list moves there); `swipes`
 * (input/swipe.js's) sees every touch first, and a sideways one is a row's, not
 * the list's. Returns
 * {stop()}: ends a fling (the wheel or a key took over).
 */
export function listenToTouch({ win, list, swipes = null }, on) {
  let drag = null; // the finger on the list
  let fling = null; // the fling running
  let carried = 0; // the velocity of the fling the finger stopped
  let frame = 0;

  function stop() {
    if (frame) win.cancelAnimationFrame(frame);
    frame = 0;
    fling = null;
  }

  function step(t) {
    frame = 0;
    if (!fling) return;
    on.move(flingStep(fling, t, on.position(), on.max()));
    if (fling.done) fling = null;
    else frame = win.requestAnimationFrame(step);
  }

  list.addEventListener("touchstart", (event) => {
    carried = fling ? fling.velocity : 0; // a flick after flick adds up
    stop();
    if (event.touches.length !== 1) {
      drag = null; // a pinch: the browser zooms, the list stays
      return;
    }
    drag = createDrag(event.touches[0].clientY, event.timeStamp);
    swipes?.start(event);
  }, { passive: true });

  list.addEventListener("touchmove", (event) => {
    if (!drag || event.touches.length !== 1) return;
    if (swipes?.move(event)) return;
    const v = dragTo(drag, event.touches[0].clientY, event.timeStamp, on.position(), on.max());
    if (v !== null) on.move(v);
  }, { passive: true });

  function lift(event) {
    if (!drag) return;
    swipes?.end(event);
    const velocity = event.type === "touchend" ? releaseVelocity(drag, event.timeStamp) : 0;
    drag = null;
    fling = velocity ? createFling(velocity, event.timeStamp, carried) : null;
    carried = 0;
    if (fling) frame = win.requestAnimationFrame(step);
  }
  list.addEventListener("touchend", lift, { passive: true });
  list.addEventListener("touchcancel", lift, { passive: true });

  return { stop };
}
