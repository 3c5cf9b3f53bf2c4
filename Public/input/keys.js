// The list's keys, done: arrows and Home/End move the focus (scrolling just
// enough), PageUp/PageDown page as native lists do, Enter opens and * stars the
// focused contact, ArrowRight and ArrowLeft expand and collapse it, letters are
// type-ahead (/window?name=); Space, Shift+arrows, Ctrl/Cmd+A and Escape select
// (list/selection.js). Which row each
// key means is input/model/keys.js's and input/model/typeAhead.js's; this file
// carries it out through list/list.js's calls.

import { goToName } from "../list/model/list.js";
import { keyCommand, pageMove, revealV, selectionCommand } from "./model/keys.js";
import { contactsInView, slotOfRow } from "../list/model/slots.js";
import { createTypeAhead, typeKey, typingAt } from "./model/typeAhead.js";
import { askExpansion, expansionKey } from "../list/model/expansion.js";

/**
 * The keys of list `state` with slot `model` and `slots` (list/slots.js). `sticky` and
 * `rowHeight`: the sticky title's and a plain row's px. `to` is list/list.js's:
 * {setV(v), showRow(row), schedule(), moving(), jumped()}; `open(id)` opens a
 * contact; `toggleStar(button, id)` flips its star; `selection` is list/selection.js's.
 * Returns {key(event), open(found)}.
 */
export function createListKeys({ state, model, slots, sticky, rowHeight, to, open, toggleStar, selection }) {
  const typing = createTypeAhead();

  /** Moves keyboard focus to contact `row`, scrolling just enough to show it. */
  function focusRow(row) {
    state.focusRow = row;
    const found = slotOfRow(model, row);
    if (!found) return to.showRow(row);
    const v = revealV(found[1], state.v, sticky, state.viewport);
    if (v !== null) to.setV(v);
    else to.schedule();
  }

  /** PageDown (1) or PageUp (-1): the last row wholly in view becomes the first
   *  (or the first the last), and the focus moves by as many rows. */
  function pageBy(direction) {
    const view = contactsInView(model, state.v, sticky, state.viewport);
    const move = pageMove(direction, view, {
      v: state.v, focusRow: state.focusRow, total: state.total, sticky, viewport: state.viewport, rowHeight,
    });
    state.focusRow = move.focusRow;
    to.setV(move.v);
  }

  /** Opens the contact of slot `found` ([id, entry]); its row becomes the focused one. */
  function openContact(found) {
    if (!found || found[1].id === null) return;
    state.focusRow = found[1].row;
    to.schedule();
    open(found[1].id);
  }

  /** The focused row's star, flipped from the keyboard. */
  function starContact(found) {
    const button = found && slots.node(found[0])?.querySelector('[data-action="favorite"]');
    if (button) toggleStar(button, found[1].id);
  }

  /** A key on the selection; true when it was one. */
  function selectKey(event) {
    const command = selectionCommand(event, typingAt(typing, event.timeStamp));
    if (command === null) return false;
    if (command === "clear") {
      if (!selection.clear()) return false; // nothing selected: Escape is the page's (the detail pane's)
      event.stopPropagation();
    } else if (command === "all") {
      selection.all();
    } else if (command === "toggle") {
      const found = slotOfRow(model, state.focusRow);
      if (found) selection.toggleRow(found[0]);
    } else {
      const anchor = slotOfRow(model, state.focusRow);
      if (anchor && !selection.active()) selection.toggleRow(anchor[0]);
      const row = keyCommand(event.key, { focusRow: state.focusRow, total: state.total }).row;
      to.moving();
      focusRow(row);
      const found = slotOfRow(model, row);
      if (found) selection.extendRow(found[0]);
    }
    event.preventDefault();
    return true;
  }

  /** ArrowRight expands the focused row's contact, ArrowLeft collapses it (the
   *  server lays the row out). True when the key did that. */
  function expandKey(event) {
    const found = slotOfRow(model, state.focusRow);
    const ask = expansionKey(event.key, found ? found[1] : null);
    if (!ask) return false;
    event.preventDefault();
    askExpansion(state, ask.id, ask.expand);
    to.schedule(); // the frame asks for the window, with the expansion
    return true;
  }

  function key(event) {
    if (!state.total) return;
    if (selection && selectKey(event)) return;
    if (expandKey(event)) return;
    const command = keyCommand(event.key, { focusRow: state.focusRow, total: state.total });
    if (!command) {
      const name = typeKey(typing, event.key, event.timeStamp);
      if (name === null) return;
      event.preventDefault();
      goToName(state, name);
      to.jumped();
      return to.schedule();
    }
    event.preventDefault();
    if (command.action === "open") return openContact(slotOfRow(model, state.focusRow));
    if (command.action === "star") return starContact(slotOfRow(model, state.focusRow));
    to.moving();
    if (command.action === "page") return pageBy(command.direction);
    focusRow(command.row);
  }

  return { key, open: openContact };
}
