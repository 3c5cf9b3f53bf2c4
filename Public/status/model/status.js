// What the status line, the empty result's message, a first start's progress and
// the debug panel's reuse figures say, without the DOM.

import { counted } from "../../common/model/plural.js";

/**
 * The status line and the empty-result message after a window of `total` rows
 * of search `query` ("" the whole list) through `filter` ({view, label}: the
 * favourites, a label): {count, none}; `none` is "" unless a search or a filter
 * found nothing.
 */
export function countText(total, query = "", filter = { view: "all", label: "" }) {
  const favorites = filter?.view === "favorites";
  const label = filter?.label ? ` labelled “${filter.label}”` : "";
  if (!query && !favorites && !label) return { count: counted(total, "contact"), none: "" };
  if (!query) {
    const none = total === 0 ? (favorites ? `No favourites${label}` : `No contacts${label}`) : "";
    return { count: none || (favorites ? counted(total, "favourite") : counted(total, "contact")) + label, none };
  }
  const among = (favorites ? " among the favourites" : "") + label;
  const none = total === 0 ? `No contacts match “${query}”${among}` : "";
  const count = none || `${counted(total, "contact matches", "contacts match")} “${query}”${among}`;
  return { count, none };
}

/** The status line while the list is offline: when it tries again, and why. */
export function offlineText(retryDelay, error) {
  return `Offline: retrying in ${(retryDelay / 1000).toFixed(1)} s (${error?.message ?? "no answer"})`;
}

/** What the list says while the server prepares its demo list (a first start's seed). */
export function preparingText(percent) {
  return `Preparing the demo list: ${percent}%`;
}

/** The reuse figures of window answer `update`, `bytes` long (the debug panel's). */
export function reuseText(update, bytes) {
  const stats = update.stats;
  const shown = update.last === null ? 0 : update.last - update.first + 1;
  const made = stats.created.contact + stats.created.header;
  return `${counted(made, "slot")} created (${stats.created.contact} contact, ${stats.created.header} header)` +
    ` for ${counted(shown, "row")} shown · ${stats.visible} visible, ${stats.pooled} pooled` +
    ` · last window ${counted(bytes, "byte")}`;
}

/** What the position's live region says after a jump or a search: "Row 500,001 of
 *  1,000,000, M" (`row` 0-based; the section's title when known). */
export function positionText(row, total, section = "") {
  if (!total) return "";
  const where = `Row ${(row + 1).toLocaleString()} of ${total.toLocaleString()}`;
  return section ? `${where}, ${section}` : where;
}
