// Skeletons, without the DOM: where the viewport shows rows that have not
// arrived, the page draws a block at each one's place and height, taken from the
// last answer's `beyond` (the geometry of the items past its window, which the
// server sends when the page sends its round trip). Elsewhere the stage's
// placeholder stripes show, as before.

/** The most skeleton blocks drawn at once. */
export const MAX_BLOCKS = 40;

/**
 * The blocks to draw for viewport `[v, v + viewport)`: every item of `beyond`
 * ({above, below}, each {top, runs: [[height, count], ...]} or null) in view whose
 * place no shown slot of `model` holds. Returns [{top, height}], in list order.
 */
export function skeletonBlocks(beyond, model, v, viewport) {
  if (!beyond) return [];
  let held = null; // the tops of the shown slots, made when first needed
  const blocks = [];
  for (const side of [beyond.above, beyond.below]) {
    if (!side || !Array.isArray(side.runs)) continue;
    let top = side.top;
    for (const [height, count] of side.runs) {
      const end = top + height * count;
      if (end <= v) { top = end; continue; }
      if (top >= v + viewport) break;
      // Only the items of this run that are in view.
      const skip = Math.max(0, Math.floor((v - top) / height));
      for (let k = skip, t = top + skip * height; k < count && t < v + viewport; k += 1, t += height) {
        held ??= new Set([...model.values()].filter((e) => e.shown).map((e) => e.top));
        if (!held.has(t)) blocks.push({ top: t, height });
        if (blocks.length === MAX_BLOCKS) return blocks;
      }
      top = end;
    }
  }
  return blocks;
}
