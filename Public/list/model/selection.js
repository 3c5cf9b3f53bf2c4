// The list's selection, without the DOM (docs/page.md, "Selection"): which
// contacts are chosen, never which slots, so a slot shows the state of the contact
// it holds each time it is bound, whatever it held before.
//
// {all, view, version, ids, except, ranges, anchor, base}:
// - `all`: every contact of `view` at data `version`, but those in `except`;
// - else the contacts of `ids` and of every range ({a, b, from, to}: contacts `a` and
//   `b`, at rows `from` <= `to` when chosen, and every contact between them in the
//   view's order, loaded or not). A range never has holes: a contact taken out of it
//   splits it around that contact (its neighbours are in view: it was just clicked);
// - `anchor` ({id, row}): where Shift+click and Shift+arrows extend from; `base` the
//   selection before the extension started, which each extension redoes from.
// The server's `select` (the bulk actions of docs/api.md) is `{ids}` for chosen contacts,
// `{between: [a, b]}` for a range, `{all, except}` for all of a view.

/** The most ids one request names (the API's limit). */
export const MAX_IDS = 10_000;

/** Nothing selected. */
export function createSelection() {
  return { all: false, view: null, version: -1, ids: new Set(), except: new Set(), ranges: [], anchor: null, base: null };
}

/** The list shown, as a request names it: `{q, filter, label}` with only what is set. */
export function viewOf({ query = "", view = "all", label = "" }) {
  const shown = {};
  if (query) shown.q = query;
  if (view === "favorites") shown.filter = "favorites";
  if (label) shown.label = label;
  return shown;
}

const sameView = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Whether anything is selected. */
export function selecting(sel) {
  return sel.all || sel.ids.size > 0 || sel.ranges.length > 0;
}

/** Whether contact `id`, at `row` of the view now, is selected. */
export function isSelected(sel, id, row) {
  if (id === null || id === undefined) return false;
  if (sel.all) return !sel.except.has(id);
  if (sel.ids.has(id)) return true;
  return sel.ranges.some((r) => r.a === id || r.b === id || (row >= r.from && row <= r.to));
}

/** How many contacts are selected; `total` is the view's (select-all counts from it). */
export function selectedCount(sel, total) {
  if (sel.all) return Math.max(0, total - sel.except.size);
  return sel.ranges.reduce((n, r) => n + r.to - r.from + 1, sel.ids.size);
}

/** Empties the selection. */
export function clearSelection(sel) {
  Object.assign(sel, createSelection());
}

/** The view shown is `view` (viewOf): another one clears the selection. True when it did. */
export function showView(sel, view) {
  if (sel.view === null || sameView(sel.view, view)) return false;
  clearSelection(sel);
  return true;
}

function begin(sel, { view, version }) {
  if (!selecting(sel)) {
    sel.view = view;
    sel.version = version;
  }
}

/**
 * Flips contact `target` ({id, row}). `lookup(row)` is the id of the contact shown
 * at `row` (null: not loaded); `list` is {view, version} of the list shown.
 */
export function toggle(sel, target, lookup, list) {
  begin(sel, list);
  const { id, row } = target;
  if (sel.all) {
    if (sel.except.has(id)) sel.except.delete(id);
    else sel.except.add(id);
  } else if (sel.ids.has(id)) {
    sel.ids.delete(id);
  } else {
    const range = sel.ranges.find((r) => r.a === id || r.b === id || (row >= r.from && row <= r.to));
    if (range) splitRange(sel, range, row, lookup);
    else sel.ids.add(id);
  }
  sel.anchor = { id, row };
  sel.base = null;
  if (!selecting(sel)) clearSelection(sel);
}

/** Takes row `row` out of `range`: what is left of it on either side stays. */
function splitRange(sel, range, row, lookup) {
  sel.ranges.splice(sel.ranges.indexOf(range), 1);
  const parts = [[range.from, row - 1], [row + 1, range.to]];
  for (const [from, to] of parts) {
    if (from > to) continue;
    const a = from === range.from ? range.a : lookup(from);
    const b = to === range.to ? range.b : lookup(to);
    if (a === null || b === null) continue; // a neighbour not loaded: cannot be named (it always is: it was in view)
    if (from === to) sel.ids.add(a);
    else sel.ranges.push({ a, b, from, to });
  }
}

/**
 * Selects from the anchor to `target` ({id, row}) on top of what was selected when
 * the extension began (Shift+click, Shift+arrows: extending again redoes it, so it
 * can shrink). Rows all loaded become ids; a stretch through rows never loaded is a
 * range. With no anchor, `target` alone is selected.
 */
export function extendTo(sel, target, lookup, list) {
  if (!sel.anchor) return toggleOn(sel, target, list);
  begin(sel, list);
  if (!sel.base) sel.base = { ids: new Set(sel.ids), except: new Set(sel.except), ranges: sel.ranges.map((r) => ({ ...r })) };
  sel.ids = new Set(sel.base.ids);
  sel.except = new Set(sel.base.except);
  sel.ranges = sel.base.ranges.map((r) => ({ ...r }));
  const from = Math.min(sel.anchor.row, target.row);
  const to = Math.max(sel.anchor.row, target.row);
  const ids = [];
  for (let row = from; row <= to; row += 1) {
    const id = row === sel.anchor.row ? sel.anchor.id : row === target.row ? target.id : lookup(row);
    if (id === null || id === undefined) break;
    ids.push(id);
  }
  if (sel.all) {
    for (const id of ids) sel.except.delete(id);
  } else if (ids.length === to - from + 1) {
    for (const id of ids) sel.ids.add(id);
  } else {
    const [a, b] = sel.anchor.row <= target.row ? [sel.anchor.id, target.id] : [target.id, sel.anchor.id];
    sel.ranges = sel.ranges.filter((r) => r.to < from || r.from > to); // inside the new one
    for (const id of ids) sel.ids.delete(id); // the loaded ones of it, counted by the range now
    sel.ranges.push({ a, b, from, to });
  }
}

function toggleOn(sel, target, list) {
  begin(sel, list);
  if (sel.all) sel.except.delete(target.id);
  else if (!isSelected(sel, target.id, target.row)) sel.ids.add(target.id);
  sel.anchor = { ...target };
  sel.base = null;
}

/** Selects contact `target` ({id, row}) if it is not (a swipe to the right starts selecting with it). */
export function selectOne(sel, target, list) {
  toggleOn(sel, target, list);
}

/** Every contact of the list shown (Ctrl+A, "Select all"). */
export function selectAll(sel, list) {
  clearSelection(sel);
  sel.view = list.view;
  sel.version = list.version;
  sel.all = true;
}

/** A contact shown at `row` now: a range ending at it follows its row (contacts came or went above). */
export function seenAt(sel, id, row) {
  for (const r of sel.ranges) {
    if (r.a === id && r.from !== row) {
      r.to += row - r.from;
      r.from = row;
    } else if (r.b === id && r.to !== row && row >= r.from) {
      r.to = row;
    }
  }
}

/**
 * Contacts `gone` ([{id, row}], their last rows) were deleted: they leave the
 * selection. A range loses a row for each one inside it; one that lost an end
 * takes the contact now at that row (`lookup`), or goes when none is known.
 */
export function removeContacts(sel, gone, lookup = () => null) {
  for (const { id, row } of gone) {
    sel.ids.delete(id);
    sel.except.delete(id);
    if (sel.anchor?.id === id) sel.anchor = null;
    for (const r of [...sel.ranges]) {
      const inside = r.a === id || r.b === id || (row !== null && row >= r.from && row <= r.to);
      if (!inside) continue;
      r.to -= 1;
      if (r.to < r.from) {
        sel.ranges.splice(sel.ranges.indexOf(r), 1);
        continue;
      }
      if (r.a === id) r.a = lookup(r.from);
      if (r.b === id) r.b = lookup(r.to);
      if (r.a === null || r.b === null) sel.ranges.splice(sel.ranges.indexOf(r), 1);
      else if (r.a === r.b) {
        sel.ranges.splice(sel.ranges.indexOf(r), 1);
        sel.ids.add(r.a);
      }
    }
  }
  sel.base = null;
  if (!selecting(sel)) clearSelection(sel);
}

/**
 * The `select` objects of the requests that act on the selection (POST
 * /contacts/bulk, /export.csv, /export.vcf): one for all of a view, one per range,
 * and the chosen ids in lists of at most MAX_IDS. Usually just one.
 */
export function requestSelects(sel) {
  const scoped = (select) => (sel.view && Object.keys(sel.view).length ? { ...select, view: sel.view } : select);
  if (sel.all) return [scoped({ all: true, except: [...sel.except], version: sel.version })];
  const selects = sel.ranges.map((r) => scoped({ between: [r.a, r.b], version: sel.version }));
  const ids = [...sel.ids];
  for (let i = 0; i < ids.length; i += MAX_IDS) selects.push({ ids: ids.slice(i, i + MAX_IDS) });
  return selects;
}
