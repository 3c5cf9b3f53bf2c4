// The search field (#search). Typing filters the list as one types: the field's
// value is handed to the list once the typing pauses (DEBOUNCE ms) or at Enter;
// the list then asks /window and /sections with `q` and drops any answer to an
// older query. `/` focuses the field from anywhere but another text field;
// Escape in it clears the search and the list goes back to the row the user was
// at when the search began. The decisions are search/model/search.js's.
//
// The URL follows the field with replaceState, so Back leaves the page instead of
// walking through every keystroke.

import { DEBOUNCE, createSearchState, fieldKey, handOver, queryHash, slashFocuses, startWith } from "./model/search.js";

/**
 * Connects the field `field` of `doc` to the list `list` (the element focused on
 * leaving the field). `hooks.change(q, row)`: show the list of query `q` ("" the
 * whole list) from its contact `row`, or from its top when row is null;
 * `hooks.where()`: the row the user is at. Returns {open, show}: `open(text, row)`
 * searches for `text` as if typed (a link); `show(text)` only fills the field
 * with the query the list starts with.
 */
export function createSearch({ doc, field, list, hooks }) {
  const state = createSearchState();
  const location = doc.defaultView.location;
  let timer = 0;

  /** Hands the field's query to the list, if it changed (or `row` is asked for). */
  function apply(row = null) {
    clearTimeout(timer);
    timer = 0;
    const next = handOver(state, field.value, row, hooks.where);
    if (!next) return;
    const hash = queryHash(location.hash, next.q);
    if (hash !== null) doc.defaultView.history.replaceState(null, "", hash || location.pathname + location.search);
    hooks.change(next.q, next.row);
  }

  const toList = () => list.focus({ preventScroll: true });

  field.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(apply, DEBOUNCE);
  });

  field.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = fieldKey(state, event.key, field.value);
    if (!action) return;
    event.preventDefault();
    // The field's own Escape only: the detail pane keeps its Escape for itself.
    if (event.key === "Escape") event.stopPropagation();
    if (action === "leave") return toList();
    if (action === "clear") field.value = "";
    apply();
    if (action === "apply-leave") toList();
  });

  doc.addEventListener("keydown", (event) => {
    const target = event.target;
    const inText = Boolean(target.isContentEditable || target.closest?.("input, textarea, select, dialog"));
    if (!slashFocuses({ key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey,
      defaultPrevented: event.defaultPrevented, inText })) return;
    event.preventDefault();
    field.focus();
    field.select();
  });

  return {
    open(text, row = null) {
      field.value = text;
      apply(row);
    },
    show(text) {
      field.value = text;
      startWith(state, text);
    },
  };
}
