// What the status line, the empty result's message, a first start's progress and
// the debug panel's reuse figures say, without the DOM.

import { counted, language, word } from "../../common/model/words.js";

/**
 * The status line and the empty-result message after a window of `total` rows
 * of search `query` ("" the whole list) through `filter` ({view, label}: the
 * favourites, a label): {count, none}; `none` is "" unless a search or a filter
 * found nothing.
 */
export function countText(total, query = "", filter = { view: "all", label: "" }) {
  const favorites = filter?.view === "favorites";
  const label = filter?.label ?? "";
  if (!query && !favorites && !label) return { count: counted("count.contacts", total), none: "" };
  if (!query) {
    let none = "";
    if (total === 0) {
      if (favorites) none = label ? word("none.favouritesLabelled", { label }) : word("none.favourites");
      else none = label ? word("none.contactsLabelled", { label }) : word("none.contacts");
    }
    const key = (favorites ? "count.favourites" : "count.contacts") + (label ? "Labelled" : "");
    return { count: none || counted(key, total, { label }), none };
  }
  const among = (favorites ? "AmongFavourites" : "") + (label ? "Labelled" : "");
  const none = total === 0 ? word(`none.matches${among}`, { query, label }) : "";
  const count = none || counted(`count.matches${among}`, total, { query, label });
  return { count, none };
}

/** The status line while the list is offline: when it tries again, and why. */
export function offlineText(retryDelay, error) {
  const seconds = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(retryDelay / 1000);
  return word("status.offline", { seconds, why: error?.message ?? word("status.noAnswer") });
}

/** What the list says while the server prepares its demo list (a first start's seed). */
export function preparingText(percent) {
  return word("status.preparing", { percent });
}

/** The reuse figures of window answer `update`, `bytes` long (the debug panel's). */
export function reuseText(update, bytes) {
  const stats = update.stats;
  const shown = update.last === null ? 0 : update.last - update.first + 1;
  const made = stats.created.contact + stats.created.header;
  return word("debug.reuse", {
    slots: counted("count.slots", made), contact: stats.created.contact, header: stats.created.header,
    rows: counted("count.rows", shown), visible: stats.visible, pooled: stats.pooled, bytes: counted("count.bytes", bytes),
  });
}

/** What the position's live region says after a jump or a search: "Row 500,001 of
 *  1,000,000, M" (`row` 0-based; the section's title when known). */
export function positionText(row, total, section = "") {
  if (!total) return "";
  return section ? word("position.inSection", { row: row + 1, total, section }) : word("position.row", { row: row + 1, total });
}
