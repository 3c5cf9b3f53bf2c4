// The search field (#search) and the page's link. Typing filters the list as one
// types: the field's value is handed to the list (app.js) once the typing pauses
// (DEBOUNCE ms) or at Enter; the list then asks /window and /sections with `q`
// and drops any answer to an older query. `/` focuses the field from anywhere but
// another text field; Escape in it clears the search and the list goes back to
// the row the user was at when the search began.
//
// The link: #row=N (the whole list at row N), #q=TEXT (a search), #q=TEXT&row=N
// (a search at row N of its results); #id=N is the detail pane's. The URL follows
// the field with replaceState, so Back leaves the page instead of walking through
// every keystroke.

const DEBOUNCE = 130; // ms without a keystroke before the query is asked for

const field = document.getElementById("search");

/** The query the server reads from `text`: "" when it holds no letter or digit
 *  (README: a q without a word is the whole list). */
export function normalize(text) {
  const q = (text ?? "").trim();
  return /[\p{L}\p{N}]/u.test(q) ? q : "";
}

/** The list's part of the URL: {q, row}, each null when absent. */
export function readLink() {
  if (!/^#(q|row)=/.test(location.hash)) return { q: null, row: null };
  const params = new URLSearchParams(location.hash.slice(1));
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

/**
 * Wires the field to the list. `hooks.change(q, row)`: show the list of query `q`
 * ("" the whole list) from its contact `row`, or from its top when row is null;
 * `hooks.where()`: the row the user is at. Returns {open, show}: `open(text, row)`
 * searches for `text` as if typed (a link); `show(text)` only fills the field with
 * the query the list starts with.
 */
export function connectSearch(hooks) {
  let applied = "";     // the query last handed to the list
  let returnRow = null; // the whole list's row the user was at when the search began
  let timer = 0;

  /** Hands the field's query to the list, if it changed (or `row` is asked for). */
  function apply(row = null) {
    clearTimeout(timer);
    timer = 0;
    const q = normalize(field.value);
    if (q === applied && row === null) return;
    if (q && !applied) returnRow = hooks.where();
    const back = !q && applied ? returnRow : null;
    applied = q;
    if (!q) returnRow = null;
    setLink(q);
    hooks.change(q, row ?? back);
  }

  field.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(apply, DEBOUNCE);
  });

  field.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      // The field's own Escape only: the detail pane keeps its Escape for itself.
      event.preventDefault();
      event.stopPropagation();
      if (!field.value && !applied) return document.getElementById("list").focus({ preventScroll: true });
      field.value = "";
      apply();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      apply();
      document.getElementById("list").focus({ preventScroll: true });
    }
  });

  // `/` from anywhere that does not take text: the field, its text selected.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    if (target.isContentEditable || target.closest?.("input, textarea, select, dialog")) return;
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
      applied = normalize(text);
    },
  };
}

/** The URL follows the query (its row is added by the list once it settles). */
function setLink(q) {
  if (location.hash.startsWith("#id=")) return; // the detail pane's link, while it is open
  const hash = linkOf(q, null);
  if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname + location.search);
}
