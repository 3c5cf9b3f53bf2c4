// How the list moves and how far away the server is, without the DOM: the
// scroll speed (px/s, from the recent moves of `v`), the round trip (smoothed
// over the window answers), and the margins the page asks for at rest. The
// server sizes its lookahead from the two figures the page sends with each
// window request (`speed`, `rtt`); the margins make a flick's first round trip
// covered before any lookahead has come.

/** A fast flick (a trackpad flung, a wheel spun hard), px/s: the rest margins cover its first round trip. */
export const FLICK = 6000;
/** The most margin asked for on each side, px (list/model/requests.js's MAX_OVERSCAN). */
export const MAX_MARGIN = 5000;
/** ms over which the speed is measured. */
export const SPAN = 250;
/** ms without a move after which the list is at rest (speed 0). */
export const REST = 150;

/** No move seen yet. */
export function createMotion() {
  return { samples: [] }; // {v, t}, oldest first, within SPAN of the newest
}

/**
 * The list moved to `v` at `t` (ms). A move of more than two viewports at once is
 * a jump (the scrollbar, a letter, End), not motion: the speed starts anew from it.
 */
export function moved(motion, v, t, viewport) {
  const last = motion.samples[motion.samples.length - 1];
  if (last && (Math.abs(v - last.v) > 2 * viewport || t < last.t)) motion.samples = [];
  motion.samples.push({ v, t });
  while (motion.samples.length > 2 && t - motion.samples[0].t > SPAN) motion.samples.shift();
}

/** Whether the last move was a jump (nothing before it counts). */
export function jumped(motion) {
  return motion.samples.length === 1;
}

/** The speed at `t` (ms), px/s, positive downwards: 0 at rest or before two moves. */
export function speedAt(motion, t) {
  const { samples } = motion;
  const last = samples[samples.length - 1];
  if (!last || t - last.t > REST) return 0;
  const first = samples[0];
  const ms = last.t - first.t;
  return ms >= 10 ? ((last.v - first.v) * 1000) / ms : 0;
}

/** The smoothed round trip, ms (null before any), after one of `ms`: a quarter of each new one. */
export function smoothTrip(rtt, ms) {
  if (!(ms >= 0) || !Number.isFinite(ms)) return rtt;
  return rtt === null ? ms : rtt + (ms - rtt) / 4;
}

/** The time from asking for a window to its rows being ready to show, ms (null before any
 *  round trip): the window's round trip, plus the photos' (their own request and decoding,
 *  smoothed as `smoothTrip`) once rows have shown photos. Sent as `rtt`, so the server's
 *  lookahead sends rows early enough for their photos to be there when they come into view. */
export function readyTrip(rtt, photoTrip) {
  return rtt === null ? null : rtt + (photoTrip ?? 0);
}

/** The margin asked above and below the viewport: half a viewport, or a flick's first round trip. */
export function restMargin(viewport, rtt) {
  const flick = rtt === null ? 0 : (FLICK * rtt) / 1000;
  return Math.round(Math.min(MAX_MARGIN, Math.max(viewport / 2, flick)));
}
