// The list's keys, without the DOM: which row a key focuses (arrows a row,
// Home/End the ends), how PageUp/PageDown page (the last row wholly in view
// becomes the first, or the first the last, so no row is skipped), and how far
// the list scrolls to show the focused row.

/**
 * What key `key` does in the list: {action: "open"} or {action: "star"} for the
 * focused row, {action: "focus", row} to focus that row, {action: "page",
 * direction} (1 PageDown, -1 PageUp: see pageMove), or null (not the list's key;
 * a letter is type-ahead's). The row stays within the list's `total` rows.
 */
export function keyCommand(key, { focusRow, total }) {
  let row = focusRow;
  switch (key) {
    case "Enter": return { action: "open" };
    case "*": return { action: "star" };
    case "PageDown": return { action: "page", direction: 1 };
    case "PageUp": return { action: "page", direction: -1 };
    case "ArrowDown": row += 1; break;
    case "ArrowUp": row -= 1; break;
    case "Home": row = 0; break;
    case "End": row = total - 1; break;
    default: return null;
  }
  return { action: "focus", row: clampRow(row, total) };
}

/**
 * What key `event` ({key, shiftKey, ctrlKey, metaKey}) does to the selection
 * (docs/page.md, "Selection"): "all" (Ctrl or Cmd+A), "clear" (Escape), "toggle"
 * (Space: only when no type-ahead is under way, whose name a space goes on with),
 * "extend" (Shift+ArrowUp/Down: the focus moves, the selection follows it from the
 * anchor), or null.
 */
export function selectionCommand({ key, shiftKey = false, ctrlKey = false, metaKey = false }, typing = false) {
  if ((ctrlKey || metaKey) && (key === "a" || key === "A")) return "all";
  if (ctrlKey || metaKey) return null;
  if (key === "Escape") return "clear";
  if (key === " " && !typing && !shiftKey) return "toggle";
  if (shiftKey && (key === "ArrowDown" || key === "ArrowUp")) return "extend";
  return null;
}

/**
 * A page down (`direction` 1) or up (-1), as native lists page: `view` holds the
 * contacts wholly in view below the sticky title, in screen order ({row, top,
 * height}). PageDown puts the last of them just below the title; PageUp puts the
 * first with its bottom at the viewport's bottom (one row when only one is in
 * view). The focus moves by as many rows as the view did, from where it was when
 * it was in view, else from the view's first (or last) row. When no row has
 * arrived, the list moves by the viewport less one row of `rowHeight` px.
 * Returns {v, focusRow}; `v` may fall outside the list (the caller clamps it).
 */
export function pageMove(direction, view, { v, focusRow, total, sticky, viewport, rowHeight }) {
  if (view.length === 0) {
    const rows = Math.max(1, Math.floor((viewport - sticky) / rowHeight) - 1);
    return {
      v: v + direction * Math.max(rowHeight, viewport - sticky - rowHeight),
      focusRow: clampRow(focusRow + direction * rows, total),
    };
  }
  const first = view[0];
  const last = view[view.length - 1];
  const step = Math.max(1, last.row - first.row);
  const inView = focusRow >= first.row && focusRow <= last.row;
  if (direction > 0) {
    const target = view.length > 1 ? last.top : last.top + last.height;
    return { v: target - sticky, focusRow: clampRow((inView ? focusRow : first.row) + step, total) };
  }
  const bottom = view.length > 1 ? first.top + first.height : first.top;
  return { v: bottom - viewport, focusRow: clampRow((inView ? focusRow : last.row) - step, total) };
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

function clampRow(row, total) {
  return Math.min(Math.max(row, 0), Math.max(total - 1, 0));
}
