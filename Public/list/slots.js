// The slot pool's nodes: a fixed set of DOM nodes, one per slot ID the server
// hands out, each filled with the cell the server put in that slot and recycled
// as the window moves (never created per row, never measured). What each slot
// shows is list/model/slots.js's; this file makes the nodes match it. A contact
// row also holds its selection checkbox (docs/page.md, "Selection"); `hooks.bound`
// writes its state and its photo each time the slot is bound, `hooks.unbound` closes
// what a swipe opened in it and stops its photo.

import { word } from "../common/model/words.js";
import { orderMoves } from "./model/domOrder.js";

const CLEARED = [
  "aria-selected", "data-row", "data-id", "data-section", "aria-rowindex", "aria-expanded", "aria-label", "aria-hidden",
];

/**
 * The nodes of the slots in `model`, children of `stage`; the focus goes back to
 * `list` when the node holding it is emptied. `hooks`: bound(node, slot ID, cell) after a
 * slot is filled, unbound(node) before it is filled or released.
 * Returns {release, fill, order, place, adopt, node}.
 */
export function createSlots({ model, stage, list, hooks = {} }) {
  const nodes = new Map(); // slot ID -> {node, kind, height, y, focused}: what the node has now

  function keepFocus(node) {
    if (node.contains(node.ownerDocument.activeElement)) list.focus({ preventScroll: true });
  }

  /** Hides the nodes of slots `ids` until the server fills them again. */
  function release(ids) {
    for (const id of ids) {
      const slot = nodes.get(id);
      if (!slot) continue;
      keepFocus(slot.node);
      hooks.unbound?.(slot.node);
      slot.node.hidden = true;
    }
  }

  /** Puts `cells` into their slots' nodes: the whole content, attributes and
   *  position change together, before the next frame, so nothing of a slot's
   *  last row shows. */
  function fill(cells) {
    for (const cell of cells) fillOne(cell);
  }

  function fillOne(cell) {
    let slot = nodes.get(cell.slot);
    if (!slot) {
      const node = stage.ownerDocument.createElement("div");
      node.className = "slot";
      node.dataset.slot = String(cell.slot);
      node.id = `slot-${cell.slot}`;
      stage.appendChild(node);
      slot = { node, kind: null, height: null, y: null, focused: false };
      nodes.set(cell.slot, slot);
    }
    const node = slot.node;
    if (slot.kind !== cell.kind) {
      // A slot ID is bound to one kind for its session's life; a new session (another
      // query, an expired one) may bind it to the other kind: nothing of the old stays.
      slot.kind = node.dataset.kind = cell.kind;
      for (const name of CLEARED) node.removeAttribute(name);
    }
    keepFocus(node);
    hooks.unbound?.(node);
    const c = cell.contact || {};
    const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
    // The fragment goes inside one grid cell: rows of a grid hold cells. A contact's
    // starts with its checkbox (over the avatar: app.css), named from the catalog.
    const pick = cell.kind === "contact" ? `<input type="checkbox" class="pick" tabindex="-1" aria-label="${attribute(word("select.row", { name }))}">` : "";
    node.innerHTML = `<div class="cell" role="${cell.kind === "contact" ? "gridcell" : "presentation"}">${pick}${cell.html}</div>`;
    if (slot.height !== cell.height) {
      slot.height = cell.height; // the server decides every height
      node.style.height = `${cell.height}px`;
    }
    if (cell.kind === "contact") {
      node.dataset.row = String(cell.row);
      node.dataset.id = String(cell.contact ? cell.contact.id : "");
      node.setAttribute("role", "row");
      node.setAttribute("aria-rowindex", String(cell.row + 1));
      // Every cell says whether its contact is expanded: nothing of a slot's last contact stays.
      node.setAttribute("aria-expanded", cell.expanded === true ? "true" : "false");
      node.setAttribute("aria-label", name + (c.email ? `, ${c.email}` : "") + (c.phone ? `, ${c.phone}` : ""));
    } else {
      node.dataset.section = String(cell.section);
      node.setAttribute("role", "presentation");
      node.setAttribute("aria-hidden", "true");
      node.removeAttribute("aria-selected");
    }
    node.hidden = false;
    hooks.bound?.(node, cell.slot, cell);
  }

  /** Puts the shown slots' nodes in DOM order = screen order (screen readers read
   *  the DOM's), moving only those out of place (list/model/domOrder.js). */
  function order() {
    const shown = [];
    for (const [id, entry] of model) if (entry.shown && nodes.has(id)) shown.push([entry.top, id]);
    shown.sort((a, b) => a[0] - b[0]);
    const current = [];
    for (const child of stage.children) if (child.dataset.slot !== undefined) current.push(Number(child.dataset.slot));
    for (const [id, before] of orderMoves(current, shown.map(([, id]) => id))) {
      stage.insertBefore(nodes.get(id).node, before === null ? null : nodes.get(before).node);
    }
  }

  /** Moves every shown slot to its place for content offset `v` (small transforms;
   *  writes only what changed, reads nothing from layout) and marks the slot of
   *  `focusRow` while the list has the focus. Returns that slot's node, if shown. */
  function place(v, focusRow) {
    let focused = null;
    const listFocused = list.ownerDocument.activeElement === list;
    for (const [id, entry] of model) {
      const slot = nodes.get(id);
      if (!entry.shown || !slot) continue;
      const y = entry.top - v;
      if (y !== slot.y) {
        slot.y = y;
        slot.node.style.transform = `translateY(${y}px)`;
      }
      const isFocused = entry.row === focusRow && listFocused;
      if (isFocused !== slot.focused) {
        slot.focused = isFocused;
        slot.node.classList.toggle("focused", isFocused);
      }
      if (entry.row === focusRow) focused = slot.node;
    }
    return focused;
  }

  /** Takes the slots the page's HTML drew (GET /'s first window) as nodes of their slots
   *  when `keep` (the first window's cells fill and place them: no node is made twice),
   *  else removes them (a link to another list than theirs). */
  function adopt(keep) {
    for (const node of stage.querySelectorAll(":scope > [data-slot]")) {
      if (!keep) node.remove();
      else nodes.set(Number(node.dataset.slot), { node, kind: node.dataset.kind ?? null, height: null, y: null, focused: false });
    }
  }

  return { release, fill, order, place, adopt, node: (id) => nodes.get(id)?.node ?? null };
}

/** `text` for an HTML attribute's quotes. */
function attribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
