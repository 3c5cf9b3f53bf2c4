// The shown slots in DOM order = screen order, without the DOM. Screen readers
// read the DOM in its order; slots are recycled, so a slot that left the top
// and came back at the bottom stands first in the DOM until it is moved. Only
// the nodes out of place move (as AG Grid's ensureDomOrder does): those outside
// the longest run already in order, so a scroll step moves the few recycled
// nodes, never the whole window.

/**
 * The moves that put the slots of `desired` (slot IDs in screen order) in that
 * order, given `current` (the same IDs, in DOM order, with any others among
 * them): a list of [slot, before], applied in turn as "insert slot's node
 * before before's node" (before null: after every other). The fewest moves.
 */
export function orderMoves(current, desired) {
  const place = new Map();
  let index = 0;
  for (const id of current) place.set(id, index++);
  const keep = longestIncreasing(desired.map((id) => place.get(id) ?? -1));
  const moves = [];
  for (let i = desired.length - 1; i >= 0; i -= 1) {
    if (!keep.has(i)) moves.push([desired[i], i + 1 < desired.length ? desired[i + 1] : null]);
  }
  return moves;
}

/** The indices of one longest strictly increasing subsequence of `seq` (O(n log n)); -1s are never in it. */
function longestIncreasing(seq) {
  const tails = []; // tails[k]: the index in seq ending the best run of length k + 1
  const previous = new Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i += 1) {
    if (seq[i] < 0) continue;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (seq[tails[mid]] < seq[i]) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1];
    tails[low] = i;
  }
  const keep = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) keep.add(i);
  return keep;
}
