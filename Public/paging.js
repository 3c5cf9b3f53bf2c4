// The list's keys, without the DOM: which row a key focuses (arrows a row,
// PageUp/PageDown the contacts wholly in view, Home/End the ends), and how far
// the list scrolls to show the focused row.

/**
 * What key `key` does in the list: {action: "open"} or {action: "star"} for the
 * focused row, {action: "focus", row} to focus that row, or null (not the list's
 * key). `pageRows`: the contacts wholly in view (PageUp/PageDown move by as many,
 * at least one). The row stays within the list's `total` rows.
 */
export function keyCommand(key, { focusRow, total, pageRows }) {
  let row = focusRow;
  switch (key) {
    case "Enter": return { action: "open" };
    case "f": return { action: "star" };
    case "ArrowDown": row += 1; break;
    case "ArrowUp": row -= 1; break;
    case "PageDown": row += Math.max(1, pageRows); break;
    case "PageUp": row -= Math.max(1, pageRows); break;
    case "Home": row = 0; break;
    case "End": row = total - 1; break;
    default: return null;
  }
  return { action: "focus", row: Math.min(Math.max(row, 0), Math.max(total - 1, 0)) };
}

/**
 * The `v` that shows a row at `top` with `height` just enough (below the sticky
 * title, above the viewport's bottom), or null when it is in view already.
 */
export function revealV({ top, height }, v, sticky, viewport) {
  if (top < v + sticky) return top - sticky;
  if (top + height > v + viewport) return top + height - viewport;
  return null;
}
