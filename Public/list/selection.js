// The list's selection on the page (docs/page.md, "Selection"): each row's
// aria-selected and checkbox, computed from the contact it holds whenever its slot
// is bound (so a recycled slot never shows another contact's state), and the
// selection bar (#selection): "N selected", "Select all N", and the actions on the
// selection (POST /contacts/bulk, POST /export.csv|.vcf), undone from the toast.
// What is selected is list/model/selection.js's.

import { counted, word } from "../common/model/words.js";
import {
  clearSelection, createSelection, extendTo, isSelected, removeContacts, requestSelects, seenAt, selectAll, selectOne,
  selectedCount, selecting, showView, toggle, viewOf,
} from "./model/selection.js";

/**
 * The selection of list `state` (list/model/list.js's) whose slots are `model` and
 * `slots` (list/slots.js), in `doc`. `send` is net/api.js's, `get` fetches (the
 * exports), `undo` is detail/undo.js's, `changed(version)` refreshes the list,
 * `say(text)` puts a message in the status line. Returns {paint, toggleRow,
 * extendRow, selectRow, all, clear, viewShown, removed, active}.
 */
export function createSelectionBar({ doc, state, model, slots, send, get, undo, changed, say }) {
  const sel = createSelection();
  const list = doc.getElementById("list");
  const bar = doc.getElementById("selection");
  const count = doc.getElementById("selection-count");
  const allButton = doc.getElementById("selection-all");
  const labelField = doc.getElementById("selection-label");
  let busy = false;

  const lookup = (row) => {
    for (const entry of model.values()) if (entry.shown && entry.row === row) return entry.id;
    return null;
  };
  const shownList = () => ({ view: viewOf(state), version: state.version });

  /** Writes contact row `node`'s state (its slot just bound, or the selection changed). */
  function paint(node, entry) {
    if (!entry || entry.kind !== "contact" || entry.id === null) return;
    seenAt(sel, entry.id, entry.row);
    const on = isSelected(sel, entry.id, entry.row);
    const value = on ? "true" : "false";
    if (node.getAttribute("aria-selected") !== value) node.setAttribute("aria-selected", value);
    const box = node.querySelector(".pick");
    if (box && box.checked !== on) box.checked = on;
  }

  /** Every shown row and the bar, after the selection changed. */
  function repaint() {
    for (const [id, entry] of model) {
      const node = slots.node(id);
      if (entry.shown && node) paint(node, entry);
    }
    showBar();
  }

  function showBar() {
    const active = selecting(sel);
    list.classList.toggle("selecting", active);
    if (bar.hidden === active) bar.hidden = !active;
    if (!active) return;
    const n = selectedCount(sel, state.total);
    const text = counted("select.count", n);
    if (count.textContent !== text) count.textContent = text;
    const partial = n < state.total && !sel.all;
    allButton.hidden = !partial;
    if (partial) allButton.textContent = counted("select.all", state.total);
  }

  const target = (slot) => {
    const entry = model.get(slot);
    return entry && entry.shown && entry.id !== null ? { id: entry.id, row: entry.row } : null;
  };

  /** Runs the bar's action `action` on the selection (one request per `select`, usually one). */
  async function act(action) {
    if (busy || !selecting(sel)) return;
    const body = { action };
    if (action === "add_label" || action === "remove_label") {
      body.label = labelField.value.trim();
      if (!body.label) {
        labelField.focus();
        return say(word("select.needLabel"));
      }
    }
    busy = true;
    const tokens = [];
    let affected = 0;
    let version;
    let failure = null;
    for (const select of requestSelects(sel)) {
      const answer = await send("POST", "/contacts/bulk", { body: { ...body, select } });
      if (!answer.ok) {
        failure = answer.json?.message ?? String(answer.status);
        break;
      }
      affected += answer.json?.affected ?? 0;
      version = answer.json?.version;
      if (answer.json?.undo) tokens.push(answer.json.undo);
    }
    busy = false;
    if (action === "delete" && !failure) clearSelection(sel);
    repaint();
    if (tokens.length) {
      undo.offerMany(counted(`select.done.${action}`, affected, { label: body.label ?? "" }), tokens);
    }
    if (failure) say(word("select.failed", { why: failure }));
    if (tokens.length || version !== undefined) changed(version);
  }

  /** Downloads the selection as `kind` ("csv" or "vcf"): each `select`'s export, one after another in one file. */
  async function exportAs(kind) {
    if (!selecting(sel)) return;
    const parts = [];
    for (const select of requestSelects(sel)) {
      const response = await get(`/export.${kind}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ select }),
      }).catch(() => null);
      if (!response?.ok) return say(word("select.exportFailed", { why: response ? String(response.status) : "network" }));
      let text = await response.text();
      if (kind === "csv" && parts.length) text = text.slice(text.indexOf("\n") + 1); // one header line
      parts.push(text);
    }
    const url = URL.createObjectURL(new Blob(parts, { type: kind === "csv" ? "text/csv" : "text/vcard" }));
    const link = doc.createElement("a");
    link.href = url;
    link.download = `contacts.${kind}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  for (const button of bar.querySelectorAll("[data-select-action]")) {
    button.addEventListener("click", () => act(button.dataset.selectAction));
  }
  for (const button of bar.querySelectorAll("[data-select-export]")) {
    button.addEventListener("click", () => exportAs(button.dataset.selectExport));
  }
  allButton.addEventListener("click", () => {
    selectAll(sel, shownList());
    repaint();
  });
  doc.getElementById("selection-clear").addEventListener("click", () => {
    clearSelection(sel);
    repaint();
    list.focus({ preventScroll: true });
  });

  return {
    paint(node, slot) {
      paint(node, model.get(slot));
    },
    /** Flips the contact of `slot` (its checkbox, Space, Ctrl+click, a tap while selecting). */
    toggleRow(slot) {
      const t = target(slot);
      if (!t) return;
      toggle(sel, t, lookup, shownList());
      repaint();
    },
    /** Selects from the anchor to the contact of `slot` (Shift+click, Shift+arrows). */
    extendRow(slot) {
      const t = target(slot);
      if (!t) return;
      extendTo(sel, t, lookup, shownList());
      repaint();
    },
    /** Selects the contact of `slot` (a right swipe starts selecting). */
    selectRow(slot) {
      const t = target(slot);
      if (!t) return;
      selectOne(sel, t, shownList());
      repaint();
    },
    /** Ctrl+A: the whole view. */
    all() {
      if (!state.total) return;
      selectAll(sel, shownList());
      repaint();
    },
    /** Escape: nothing selected. True when something was. */
    clear() {
      if (!selecting(sel)) return false;
      clearSelection(sel);
      repaint();
      return true;
    },
    /** Another list is shown (search, favourites, label): its selection is another. */
    viewShown() {
      if (showView(sel, viewOf(state))) repaint();
    },
    /** Contacts `gone` ([{id, row}]) were deleted. */
    removed(gone) {
      if (!gone.length || !selecting(sel)) return;
      removeContacts(sel, gone, lookup);
      repaint();
    },
    /** The list's size changed (the count of select-all follows). */
    counted: () => selecting(sel) && showBar(),
    active: () => selecting(sel),
  };
}
