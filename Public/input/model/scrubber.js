// Scrubbing with a finger, without the DOM: the fast-scroll thumb (a handle at
// the list's right edge on touch screens whose place along its track is the
// list's place over all its rows, so any of 1,000,000 rows is one drag away),
// and the letter under a finger sliding over the index, as in iOS's Contacts
// (letters hidden on short screens are reached between the shown ones).

/** The thumb's top in its track of `track` px for the list at `v` of `max`. */
export function thumbTop(v, max, track, thumb) {
  const room = Math.max(0, track - thumb);
  return max > 0 ? Math.round(room * Math.min(1, Math.max(0, v / max))) : 0;
}

/**
 * The `v` for a finger at `y` px from the track's top, holding the thumb `grab`
 * px below the thumb's top: the thumb's place over its track, as a share of `max`.
 */
export function scrubV(y, grab, track, thumb, max) {
  const room = Math.max(1, track - thumb);
  return Math.round(max * Math.min(1, Math.max(0, (y - grab) / room)));
}

/**
 * The index of the letter under a finger at `y` on the index: `shown` holds the
 * letters that show, as [index of the letter in the index, its centre's y], in
 * order. Between two shown letters, the hidden ones share the space evenly; past
 * the first or last, that one. Null when none shows.
 */
export function letterAt(shown, y) {
  if (shown.length === 0) return null;
  if (y <= shown[0][1]) return shown[0][0];
  for (let k = 1; k < shown.length; k++) {
    const [i1, y1] = shown[k];
    if (y > y1) continue;
    const [i0, y0] = shown[k - 1];
    const share = y1 > y0 ? (y - y0) / (y1 - y0) : 1;
    return i0 + Math.round(share * (i1 - i0));
  }
  return shown[shown.length - 1][0];
}

/**
 * Which of the index's `count` letters show when every `stride`-th does (the first,
 * then every `stride`-th, and the last, `#`, always): a boolean a letter. The
 * hidden ones are still reached by a finger sliding between the shown ones.
 */
export function shownLetters(count, stride) {
  const every = Math.max(1, Math.floor(stride));
  return Array.from({ length: count }, (_, i) => i % every === 0 || i === count - 1);
}

/**
 * The first stride to try for `count` letters on an index `height` px tall, each
 * shown letter at least `letter` px: the smallest whose shown letters fit (the page
 * then steps it up while the index still overflows, as a dot after a letter takes room).
 */
export function letterStride(count, height, letter) {
  if (count <= 1 || height <= 0 || letter <= 0) return 1;
  const fit = Math.max(2, Math.floor(height / letter));
  for (let stride = 1; stride < count; stride++) {
    if (shownLetters(count, stride).filter(Boolean).length <= fit) return stride;
  }
  return count;
}
