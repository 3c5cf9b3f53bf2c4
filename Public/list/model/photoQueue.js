// Which rows' photos are being fetched (docs/page.md, "Photos"): a few at a time, the
// nearest to the viewport first. A browser opens six connections to a server over
// HTTP/1.1 and one of them holds the live events; a photo asked for as each row is bound
// (rows the server sends ahead of the motion, a rest margin of thousands of pixels) would
// take them all and queue the window answers and the photos coming into view behind
// photos of rows far off. Pure: list/photos.js sets an image's source when its slot
// starts and stops it when its slot is released.

/** Photos fetched at once: the six connections less the live events' and one for windows. */
export const PHOTO_LOADS = 4;

/** The queue of slots waiting to fetch their photo, `limit` at most fetching. Each slot's
 *  wish carries its `job` (what the DOM wrapper needs to start the fetch), and each start a
 *  `turn` token: a fetch that ends after its slot wanted another photo frees nothing.
 *  Returns {want(slot, job), drop(slot), finished(slot, turn), next(distance), fetching()}. */
export function createPhotoQueue(limit = PHOTO_LOADS) {
  const waiting = new Map(); // slot -> {at: order wanted (the earlier first among equals), job}
  const loading = new Map(); // slot -> the turn of its fetch under way
  let order = 0;

  return {
    /** Slot `slot` wants its (new) photo: it waits (again) for its turn, a fetch it had
     *  under way forgotten. */
    want(slot, job = null) {
      loading.delete(slot);
      waiting.set(slot, { at: order++, job });
    },
    /** Slot `slot` was released or shows no photo now: its turn, or its place, is free. */
    drop(slot) {
      waiting.delete(slot);
      loading.delete(slot);
    },
    /** The fetch of `turn` (the slot's current one when not given) arrived or failed: its
     *  turn is free. Returns false, freeing nothing, for a fetch the slot no longer waits on. */
    finished(slot, turn = loading.get(slot)) {
      if (!loading.has(slot) || loading.get(slot) !== turn) return false;
      loading.delete(slot);
      return true;
    },
    /**
     * The fetches that start now, nearest first, as {slot, job, turn}: `distance(slot)`
     * says how far its row is from the viewport (0 in view; Infinity for one not placed,
     * which goes last).
     */
    next(distance) {
      const started = [];
      if (loading.size >= limit || waiting.size === 0) return started;
      const ranked = [...waiting].map(([slot, { at }]) => [distance(slot), at, slot]);
      ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const [, , slot] of ranked) {
        if (loading.size >= limit) break;
        const { job } = waiting.get(slot);
        const turn = {};
        waiting.delete(slot);
        loading.set(slot, turn);
        started.push({ slot, job, turn });
      }
      return started;
    },
    /** How many fetch now. */
    fetching: () => loading.size,
  };
}

/** How far a slot's `entry` ({top, height}) is from the viewport of `viewport` px at content
 *  offset `v`: 0 when any of it is in view; Infinity when the slot holds no row. */
export function rowDistance(entry, v, viewport) {
  if (!entry || !Number.isFinite(entry.top)) return Infinity;
  if (entry.top + (entry.height || 0) <= v) return v - (entry.top + (entry.height || 0));
  return Math.max(0, entry.top - (v + viewport));
}
