// A finger on the list, without the DOM: the drag (the content follows the finger
// 1:1 once it has moved past the touch slop, so the row under the finger stays
// under it), the finger's velocity over its last ~100 ms, and the fling that
// follows a quick flick, slowing down as iOS's scroll views do (the velocity
// falls by a factor of 0.998 a millisecond). Times are ms, distances px; `v` is
// the list's content px at the viewport's top, as in list/model/list.js.

/** px the finger moves before the list follows (a tap that jitters is still a tap). */
export const SLOP = 8;
/** ms of the finger's last samples its velocity is measured over. */
export const VELOCITY_WINDOW = 100;
/** A finger that stops this long before lifting flings nothing. */
export const STILL = 50;
/** px/ms below which a flick does not fling, and at which a fling stops. */
export const MIN_VELOCITY = 0.05;
/** px/ms a fling starts at, at most (a fast flick on a phone is 5 to 8). */
export const MAX_VELOCITY = 12;
/** The velocity left after each ms of a fling (iOS's normal deceleration rate). */
export const DECELERATION = 0.998;

const TAU = -1 / Math.log(DECELERATION); // ms: the velocity falls by e in as long

/** A finger put down at screen y `y` at time `t`. */
export function createDrag(y, t) {
  return { startY: y, lastY: y, dragging: false, rest: 0, samples: [[t, y]] };
}

/**
 * The finger is at `y` at time `t` over a list at `v` (whose largest is `max`):
 * the whole px `v` the list moves to, or null while the finger has not moved past
 * SLOP (then nothing moves, and lifting it is a tap). Past the slop the list
 * moves by all the finger did, slop included, so the row under the finger stays
 * under it; fractions of a px are carried to the next move. The move is taken
 * from the list's `v` as it is now (it may have moved on its own: an anchor). At
 * an end the list stays, and moves back as soon as the finger does.
 */
export function dragTo(drag, y, t, v, max) {
  drag.samples.push([t, y]);
  while (drag.samples.length > 2 && t - drag.samples[1][0] > VELOCITY_WINDOW) drag.samples.shift();
  if (!drag.dragging && Math.abs(y - drag.startY) <= SLOP) return null;
  drag.dragging = true;
  const target = v + drag.rest - (y - drag.lastY);
  drag.lastY = y;
  return settle(drag, target, max);
}

/** `target` kept within [0, `max`] and rounded to a whole px, the fraction kept in `motion.rest`. */
function settle(motion, target, max) {
  const within = Math.max(0, Math.min(max, target));
  const whole = Math.round(within);
  motion.rest = within - whole;
  return whole;
}

/**
 * The finger's velocity in content px/ms when it lifts at time `t` (positive: the
 * content moves towards the list's end, as `v` grows), over its samples of the
 * VELOCITY_WINDOW ms up to its last move; 0 when it had stopped for STILL ms or
 * never dragged. The window ends at the last move, not at the lift, and when it
 * holds that move alone the move into it counts from the sample before (dragTo
 * keeps that one): a busy page gets the finger's moves coalesced, far apart, and a
 * flick lifted at once still flings at the speed its last moves went.
 */
export function releaseVelocity(drag, t) {
  if (!drag.dragging || drag.samples.length < 2) return 0;
  const samples = drag.samples;
  const [t1, y1] = samples[samples.length - 1];
  let first = samples.length - 2;
  while (first > 0 && t1 - samples[first - 1][0] <= VELOCITY_WINDOW) first--;
  const [t0, y0] = samples[first];
  if (t - t1 > STILL || t1 - t0 <= 0) return 0;
  const velocity = -(y1 - y0) / (t1 - t0);
  return Math.max(-MAX_VELOCITY, Math.min(MAX_VELOCITY, velocity));
}

/**
 * A fling at `velocity` px/ms starting at time `t`, or null when the velocity is
 * too low to fling. `carried`: the velocity of a fling the finger stopped by
 * coming down, which adds when the new one goes the same way (as on iOS, flick
 * after flick goes faster).
 */
export function createFling(velocity, t, carried = 0) {
  let start = velocity;
  if (Math.abs(velocity) >= MIN_VELOCITY && Math.sign(carried) === Math.sign(velocity)) start += carried;
  start = Math.max(-MAX_VELOCITY, Math.min(MAX_VELOCITY, start));
  if (Math.abs(start) < MIN_VELOCITY) return null;
  return { start, t0: t, velocity: start, covered: 0, rest: 0, done: false };
}

/** The px a fling starting at `velocity` covers in all (negative: towards the top). */
export function flingDistance(velocity) {
  return velocity * TAU * (1 - MIN_VELOCITY / Math.abs(velocity));
}

/**
 * The fling at time `t` over a list at `v` (whose largest is `max`): the whole px
 * `v` it moves the list to, by what it covered since its last step (so a move of
 * the list's own in between stays). `done` once its velocity fell below
 * MIN_VELOCITY (it has then covered flingDistance) or it reached an end.
 */
export function flingStep(fling, t, v, max) {
  const decay = Math.exp(-Math.max(0, t - fling.t0) / TAU);
  fling.velocity = fling.start * decay;
  let covered = fling.start * TAU * (1 - decay);
  if (Math.abs(fling.velocity) < MIN_VELOCITY) {
    fling.done = true;
    covered = flingDistance(fling.start);
  }
  const target = v + fling.rest + covered - fling.covered;
  fling.covered = covered;
  if (target <= 0 || target >= max) fling.done = true;
  return settle(fling, target, max);
}
