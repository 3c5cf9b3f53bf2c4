// The search field's decisions, without the DOM: when the field's text becomes
// the list's query, the row the list goes back to when the search ends, what a
// key in the field does, and the link that follows the query.

import { isDetailLink, linkOf, normalize, readFilter } from "../../common/model/link.js";

/** ms without a keystroke before the query is handed to the list. */
export const DEBOUNCE = 130;

/** No query handed over yet. */
export function createSearchState() {
  return {
    applied: "",     // the query last handed to the list
    returnRow: null, // the whole list's row the user was at when the search began
  };
}

/**
 * The field holds `text`: the list's next query as {q, row}, or null when it
 * does not change (and no `row` is asked for). A search that begins records
 * `where()` (the row the user is at); one that ends goes back to that row.
 */
export function handOver(state, text, row, where) {
  const q = normalize(text);
  if (q === state.applied && row === null) return null;
  if (q && !state.applied) state.returnRow = where();
  const back = !q && state.applied ? state.returnRow : null;
  state.applied = q;
  if (!q) state.returnRow = null;
  return { q, row: row ?? back };
}

/** The list starts with the query of `text` (a link): it is the one handed over. */
export function startWith(state, text) {
  state.applied = normalize(text);
}

/**
 * What `key` in the field does (`value` its text): "apply" (hand the query over
 * now), "clear" (empty the field, then apply), "leave" (back to the list),
 * "apply-leave" (apply, then to the list), or null (the field's own).
 */
export function fieldKey(state, key, value) {
  switch (key) {
    case "Enter": return "apply";
    case "Escape": return !value && !state.applied ? "leave" : "clear";
    case "ArrowDown": return "apply-leave";
    default: return null;
  }
}

/**
 * Whether a keydown goes to the search field: `/` from anywhere that does not
 * take text, without a modifier, not handled already.
 * @param {{key: string, altKey: boolean, ctrlKey: boolean, metaKey: boolean,
 *          defaultPrevented: boolean, inText: boolean}} key
 */
export function slashFocuses(key) {
  if (key.key !== "/" || key.altKey || key.ctrlKey || key.metaKey || key.defaultPrevented) return false;
  return !key.inText;
}

/** The hash that follows query `q` (its row is added by the list once it settles),
 *  keeping the view and label `hash` holds, or null to leave `hash` as it is (it
 *  says so already, or it is the detail pane's). */
export function queryHash(hash, q) {
  if (isDetailLink(hash)) return null;
  const wanted = linkOf(q, null, readFilter(hash));
  return hash === wanted ? null : wanted;
}
