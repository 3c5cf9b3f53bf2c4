// The page's link (the URL's hash), without the DOM: #row=N (the whole list at
// row N), #q=TEXT (a search), #q=TEXT&row=N (a search at row N of its results),
// #view=favorites and #label=NAME (the favourites, a label's contacts: with each
// other and with q and row, e.g. #view=favorites&label=Work&q=ann&row=3),
// #id=N (the detail pane's contact). Hashes are passed in as strings.

/** The query the server reads from `text`: "" when it holds no letter or digit
 *  (the contract: a q without a word is the whole list). */
export function normalize(text) {
  const q = (text ?? "").trim();
  return /[\p{L}\p{N}]/u.test(q) ? q : "";
}

/** The list's part of `hash`: {q, row}, each null when absent (or not a row number). */
export function readLink(hash) {
  if (!isListLink(hash)) return { q: null, row: null };
  const params = new URLSearchParams(hash.slice(1));
  const row = params.get("row");
  return { q: params.get("q"), row: /^\d{1,15}$/.test(row ?? "") ? Number(row) : null };
}

/** Whether `hash` is the list's (#q=, #row=, #view=, #label=). */
function isListLink(hash) {
  return /^#(q|row|view|label)=/.test(hash);
}

/** The whole list: no view, no label. */
export const ALL = Object.freeze({ view: "all", label: "" });

/** The list's filter in `hash`: {view: "favorites" or "all", label: a name or ""}. */
export function readFilter(hash) {
  if (!isListLink(hash)) return ALL;
  const params = new URLSearchParams(hash.slice(1));
  return { view: params.get("view") === "favorites" ? "favorites" : "all", label: (params.get("label") ?? "").trim() };
}

/** Whether two filters are the same list. */
export function sameFilter(a, b) {
  return a.view === b.view && a.label === b.label;
}

/** The hash of query `q` (normalized) at `row` (or null) with `filter` ({view, label});
 *  "" for none of them. */
export function linkOf(q, row, filter = ALL) {
  const parts = [];
  if (filter.view === "favorites") parts.push("view=favorites");
  if (filter.label) parts.push(`label=${encodeURIComponent(filter.label)}`);
  if (q) parts.push(`q=${encodeURIComponent(q)}`);
  if (row !== null) parts.push(`row=${row}`);
  return parts.length ? `#${parts.join("&")}` : "";
}

/** Whether `hash` is the detail pane's (#id=...), which the list leaves alone. */
export function isDetailLink(hash) {
  return hash.startsWith("#id=");
}

/** The contact id `hash` names (#id=N), or null. */
export function detailId(hash) {
  const match = /^#id=(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** The hash of the detail pane showing contact `id` (null: a new contact, no link). */
export function detailLink(id) {
  return id === null ? "" : `#id=${id}`;
}

/**
 * What a changed hash asks of the list showing `query` with `rowAtTop` at its top
 * and `total` rows, through `filter`: {filter, search?} (another view or label,
 * and the query with it when that changed too), {search: {q, row}} (another
 * query: searched as if typed), {row} (a row of what is shown, kept within the
 * list), or null (nothing to do).
 */
export function listHashChange(hash, query, rowAtTop, total, filter = ALL) {
  const { q, row } = readLink(hash);
  const wanted = readFilter(hash);
  if (isListLink(hash) && !sameFilter(wanted, filter)) {
    const search = normalize(q) !== query ? { q: q ?? "", row } : null;
    return search ? { filter: wanted, search } : { filter: wanted, row };
  }
  if (q !== null && normalize(q) !== query) return { search: { q, row } };
  if (row !== null && row !== rowAtTop) return { row: Math.min(row, Math.max(total - 1, 0)) };
  return null;
}

/**
 * The hash that records the list's place once it settled, or null to leave the
 * URL as it is: not while the list moves or waits, not over the detail pane's
 * link, not when it says so already.
 * @param {{total: number, dirty: boolean, inFlight: boolean, pendingRow: number|null, query: string,
 *          view?: string, label?: string}} list
 */
export function rememberedHash(list, hash, rowAtTop) {
  if (!list.total || list.dirty || list.inFlight || list.pendingRow !== null) return null;
  if (isDetailLink(hash) || rowAtTop === null) return null;
  const wanted = linkOf(list.query, rowAtTop, { view: list.view ?? "all", label: list.label ?? "" });
  return wanted === hash ? null : wanted;
}
