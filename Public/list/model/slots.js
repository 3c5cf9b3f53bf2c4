// What each slot shows, without the DOM: the server hands out slot IDs and says
// which cell each holds; this model keeps that, and list/slots.js makes its nodes
// match. A slot is shown from the answer that fills it until one releases it (or
// a full answer leaves it out); a released slot shows nothing and keeps no row.
//
// An entry: {kind, shown, row, id, expanded, section, top, height}; `row`, `id`
// and `expanded` only for a contact, `section` only for a header.

/** An empty model: slot ID -> entry. */
export function createSlotModel() {
  return new Map();
}

/**
 * Applies a /window answer to `model`: with `full`, every slot not among its
 * cells is released; then its `released` slots; then its cells fill their slots
 * (a cell of a released slot shows: the server reuses a slot in the same answer).
 * Returns what changed, for the DOM: {released: slot IDs now hidden, cells: the
 * cells to put in}. Unknown released IDs are ignored (nothing shows them).
 */
export function applyWindow(model, answer) {
  const released = [];
  const hide = (id) => {
    const entry = model.get(id);
    if (!entry || !entry.shown) return;
    entry.shown = false;
    entry.row = null;
    released.push(id);
  };
  if (answer.full) {
    const keep = new Set(answer.cells.map((cell) => cell.slot));
    for (const id of model.keys()) if (!keep.has(id)) hide(id);
  }
  for (const id of answer.released) hide(id);
  for (const cell of answer.cells) model.set(cell.slot, entryOf(cell));
  return { released, cells: answer.cells };
}

function entryOf(cell) {
  const contact = cell.kind === "contact";
  return {
    kind: cell.kind,
    shown: true,
    row: contact ? cell.row : null,
    id: contact && cell.contact ? cell.contact.id : null,
    expanded: contact && cell.expanded === true,
    section: contact ? null : cell.section,
    top: cell.top,
    height: cell.height,
  };
}

/** The shown slot of contact `row`: [slot ID, entry], or null. */
export function slotOfRow(model, row) {
  for (const [slot, entry] of model) if (entry.shown && entry.row === row) return [slot, entry];
  return null;
}

/** The row of the shown slot of contact `id`, or null. */
export function rowOfContact(model, id) {
  let row = null;
  for (const entry of model.values()) if (entry.shown && entry.id === id) row = entry.row;
  return row;
}

/** The first contact whose top is in view below the sticky title (the row `#row=` names), or null. */
export function rowAtTop(model, v, sticky) {
  let best = null;
  for (const entry of model.values()) {
    if (!entry.shown || entry.row === null || entry.top < v + sticky - 1) continue;
    if (best === null || entry.top < best.top) best = entry;
  }
  return best ? best.row : null;
}

/** The contacts wholly in view below the sticky title, in screen order: what
 *  PageUp and PageDown page by. Each is {row, top, height}. */
export function contactsInView(model, v, sticky, viewport) {
  const view = [];
  for (const entry of model.values()) {
    if (!entry.shown || entry.row === null) continue;
    if (entry.top >= v + sticky && entry.top + entry.height <= v + viewport) {
      view.push({ row: entry.row, top: entry.top, height: entry.height });
    }
  }
  return view.sort((a, b) => a.top - b.top);
}
