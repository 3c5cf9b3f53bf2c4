// The slot pool: a fixed set of DOM nodes, one per slot ID the server hands out,
// each filled with the cell the server put in that slot and recycled as the
// window moves (never created per row, never measured). app.js decides what to
// ask for and when; this file keeps the nodes.

const list = document.getElementById("list");
const stage = document.getElementById("stage");

/** slot ID -> {node, kind, top, height, row, y, focused} */
export const slots = new Map();

/** The shown slot of contact `row`, if the window holds it. */
export function slotOfRow(row) {
  for (const slot of slots.values()) if (!slot.node.hidden && slot.row === row) return slot;
  return null;
}

/** The first contact whose top is in view below the sticky title (the row `#row=` names). */
export function rowAtTop(v, sticky) {
  let best = null;
  for (const slot of slots.values()) {
    if (slot.node.hidden || slot.row === null || slot.top < v + sticky - 1) continue;
    if (best === null || slot.top < best.top) best = slot;
  }
  return best ? best.row : null;
}

/** Contacts wholly in view below the sticky title: what PageDown moves by. */
export function rowsInView(v, sticky, viewport) {
  let count = 0;
  for (const slot of slots.values()) {
    if (slot.node.hidden || slot.row === null) continue;
    if (slot.top >= v + sticky && slot.top + slot.height <= v + viewport) count += 1;
  }
  return count;
}

/** Hides `slot` until the server fills it again. */
export function release(slot) {
  if (slot.node.contains(document.activeElement)) list.focus({ preventScroll: true });
  slot.node.hidden = true;
  slot.row = null;
}

/** Puts a cell into its slot: the whole content, attributes and position change
 *  together, before the next frame, so nothing of the slot's last row shows. */
export function fill(cell) {
  let slot = slots.get(cell.slot);
  if (!slot) {
    const node = document.createElement("div");
    node.className = "slot";
    node.dataset.slot = String(cell.slot);
    node.id = `slot-${cell.slot}`;
    stage.appendChild(node);
    slot = { node, kind: null, height: null, y: null, focused: false };
    slots.set(cell.slot, slot);
  }
  const node = slot.node;
  if (slot.kind !== cell.kind) {
    // A slot ID is bound to one kind for its session's life; a new session (another
    // query, an expired one) may bind it to the other kind: nothing of the old stays.
    slot.kind = node.dataset.kind = cell.kind;
    for (const name of ["data-row", "data-id", "data-section", "aria-rowindex", "aria-label", "aria-hidden"]) {
      node.removeAttribute(name);
    }
  }
  if (node.contains(document.activeElement)) list.focus({ preventScroll: true });
  // The fragment goes inside one grid cell: rows of a grid hold cells.
  node.innerHTML = `<div class="cell" role="${cell.kind === "contact" ? "gridcell" : "presentation"}">${cell.html}</div>`;
  slot.top = cell.top;
  if (slot.height !== cell.height) {
    slot.height = cell.height; // the server decides every height
    node.style.height = `${cell.height}px`;
  }
  if (cell.kind === "contact") {
    slot.row = cell.row;
    node.dataset.row = String(cell.row);
    node.dataset.id = String(cell.contact ? cell.contact.id : "");
    node.setAttribute("role", "row");
    node.setAttribute("aria-rowindex", String(cell.row + 1));
    const c = cell.contact || {};
    node.setAttribute("aria-label", [c.first_name, c.last_name].filter(Boolean).join(" ") + (c.email ? `, ${c.email}` : "") + (c.phone ? `, ${c.phone}` : ""));
  } else {
    slot.row = null;
    node.dataset.section = String(cell.section);
    node.setAttribute("role", "presentation");
    node.setAttribute("aria-hidden", "true");
  }
  node.hidden = false;
}


/** Moves every shown slot to its place for content offset `v` (small transforms;
 *  writes only what changed, reads nothing from layout) and marks the slot of
 *  `focusRow` while the list has the focus. Returns that slot's node, if shown. */
export function placeSlots(v, focusRow) {
  let focused = null;
  const listFocused = document.activeElement === list;
  for (const slot of slots.values()) {
    if (slot.node.hidden) continue;
    const y = slot.top - v;
    if (y !== slot.y) {
      slot.y = y;
      slot.node.style.transform = `translateY(${y}px)`;
    }
    const isFocused = slot.row === focusRow && listFocused;
    if (isFocused !== slot.focused) {
      slot.focused = isFocused;
      slot.node.classList.toggle("focused", isFocused);
    }
    if (slot.row === focusRow) focused = slot.node;
  }
  return focused;
}
