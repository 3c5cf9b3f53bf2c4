// What the status line, the empty result's message and the reuse figures say,
// without the DOM.

/**
 * The status line and the empty-result message after a window of `total` rows
 * of search `query` ("" the whole list): {count, none}; `none` is "" unless a
 * search found nothing.
 */
export function countText(total, query = "") {
  const none = query && total === 0 ? `No contacts match “${query}”` : "";
  const count = none || (query
    ? `${total.toLocaleString()} ${total === 1 ? "contact matches" : "contacts match"} “${query}”`
    : `${total.toLocaleString()} contacts`);
  return { count, none };
}

/** The status line while the list is offline: when it tries again, and why. */
export function offlineText(retryDelay, error) {
  return `Offline: retrying in ${(retryDelay / 1000).toFixed(1)} s (${error?.message ?? "no answer"})`;
}

/** The reuse figures of window answer `update`, `bytes` long. */
export function reuseText(update, bytes) {
  const stats = update.stats;
  const shown = update.last === null ? 0 : update.last - update.first + 1;
  const made = stats.created.contact + stats.created.header;
  return `${made.toLocaleString()} slots created (${stats.created.contact} contact, ${stats.created.header} header)` +
    ` for ${shown} rows shown · ${stats.visible} visible, ${stats.pooled} pooled` +
    ` · last window ${bytes.toLocaleString()} bytes`;
}

/** What the position's live region says after a jump or a search: "Row 500,001 of
 *  1,000,000, M" (`row` 0-based; the section's title when known). */
export function positionText(row, total, section = "") {
  if (!total) return "";
  const where = `Row ${(row + 1).toLocaleString()} of ${total.toLocaleString()}`;
  return section ? `${where}, ${section}` : where;
}
