// The page's link (the URL's hash), without the DOM: #row=N (the whole list at
// row N), #q=TEXT (a search), #q=TEXT&row=N (a search at row N of its results),
// #id=N (the detail pane's contact). Hashes are passed in as strings.

/** The query the server reads from `text`: "" when it holds no letter or digit
 *  (the contract: a q without a word is the whole list). */
export function normalize(text) {
  const q = (text ?? "").trim();
  return /[\p{L}\p{N}]/u.test(q) ? q : "";
}

/** The list's part of `hash`: {q, row}, each null when absent (or not a row number). */
export function readLink(hash) {
  if (!/^#(q|row)=/.test(hash)) return { q: null, row: null };
  const params = new URLSearchParams(hash.slice(1));
  const row = params.get("row");
  return { q: params.get("q"), row: /^\d{1,15}$/.test(row ?? "") ? Number(row) : null };
}

/** The hash of query `q` (normalized) at `row` (or null); "" for neither. */
export function linkOf(q, row) {
  const parts = [];
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
 * and `total` rows: {search: {q, row}} (another query: searched as if typed),
 * {row} (a row of what is shown, kept within the list), or null (nothing to do).
 */
export function listHashChange(hash, query, rowAtTop, total) {
  const { q, row } = readLink(hash);
  if (q !== null && normalize(q) !== query) return { search: { q, row } };
  if (row !== null && row !== rowAtTop) return { row: Math.min(row, Math.max(total - 1, 0)) };
  return null;
}

/**
 * The hash that records the list's place once it settled, or null to leave the
 * URL as it is: not while the list moves or waits, not over the detail pane's
 * link, not when it says so already.
 * @param {{total: number, dirty: boolean, inFlight: boolean, pendingRow: number|null, query: string}} list
 */
export function rememberedHash(list, hash, rowAtTop) {
  if (!list.total || list.dirty || list.inFlight || list.pendingRow !== null) return null;
  if (isDetailLink(hash) || rowAtTop === null) return null;
  const wanted = linkOf(list.query, rowAtTop);
  return wanted === hash ? null : wanted;
}
