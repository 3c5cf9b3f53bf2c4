// The table's state around the slots' nodes (docs/page.md, "Selection", "Swipe",
// "Animated changes"): the nodes (list/slots.js) with each row's selection
// (list/selection.js) written whenever a slot is bound, the swipes over the rows
// (input/swipe.js) closed whenever a slot is bound again or the list moves, and the
// rows a data change animates (list/model/changes.js, list/animate.js), and the rows'
// photos (list/photos.js), set and stopped as slots are bound and released.

import { prepareChanges } from "./animate.js";
import { word } from "../common/model/words.js";
import { planChanges } from "./model/changes.js";
import { smoothTrip } from "./model/motion.js";
import { rowDistance } from "./model/photoQueue.js";
import { createPhotos } from "./photos.js";
import { createSelectionBar } from "./selection.js";
import { createSlots } from "./slots.js";
import { createSwipes } from "../input/swipe.js";

/**
 * The slots of list `state` (slot `model`, nodes in `stage`, in `list`) in `doc`.
 * `toggleStar(button, id)` flips a star; `send`, `get`, `undo`, `hooks.changed(version)`
 * and `status` as list/list.js has them. Returns {slots (list/slots.js's, whose
 * place() also runs what a change animates), show(step), input(input, schedule),
 * swipes, selection}.
 */
export function createTable({ doc, state, model, stage, list, toggleStar, send, get, undo, hooks, status }) {
  const win = doc.defaultView;
  const say = (text) => status.showMessage(text);
  const photos = createPhotos({
    doc,
    distance: (slot) => rowDistance(model.get(slot), state.v, state.viewport),
    measured: (ms) => { state.photoTrip = smoothTrip(state.photoTrip, ms); },
  });
  const swipes = createSwipes({
    stage,
    hooks: { favorite: swipeStar, remove: swipeDelete, select: (node) => selection.selectRow(Number(node.dataset.slot)) },
  });
  const nodes = createSlots({
    model,
    stage,
    list,
    hooks: {
      bound: (node, slot, cell) => {
        selection.paint(node, slot);
        photos.bound(node, slot, cell);
      },
      unbound: (node) => {
        swipes.unbound(node);
        photos.unbound(node);
      },
    },
  });
  const selection = createSelectionBar({ doc, state, model, slots: nodes, send, get, undo, changed: hooks.changed, say });
  let pending = null; // the animations of the changes just written, started once placed
  let placedAt = null;

  /** A swiped row's star: flipped as a click on it would. */
  function swipeStar(node) {
    const star = node.querySelector('[data-action="favorite"]');
    if (star) toggleStar(star, node.dataset.id);
  }

  /** A full swipe, or a swiped row's Delete: the contact goes, with the undo note. */
  async function swipeDelete(node) {
    const id = Number(node.dataset.id);
    const name = node.querySelector(".cell > p")?.textContent ?? "";
    const answer = await send("DELETE", `/contacts/${id}`);
    if (!answer.ok) return say(word("swipe.failed", { why: answer.json.message }));
    selection.removed([{ id, row: null }]);
    undo.offer(id, name);
    hooks.changed(answer.json?.version);
  }

  /** Writes arrival `step` (list/model/arrival.js's) into the nodes. */
  function show(step) {
    const { answer, before } = step;
    selection.viewShown(); // another list (search, favourites, label): its selection is another
    if (before) {
      // Checked at each change: the reader may ask for reduced motion at any time.
      const reduced = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
      const plan = planChanges({
        before: before.slots, oldV: before.oldV, newV: state.v, viewport: state.viewport, cells: answer.cells, deleted: answer.deleted, reduced,
      });
      pending = prepareChanges(stage, plan, (slot) => nodes.node(slot)); // the deleted rows' copies, before their slots change
    }
    nodes.release(step.released);
    nodes.fill(step.cells);
    if (step.cells.length) nodes.order();
    // `deleted` also names rows pushed out of the window by an insert or an expansion
    // above them (docs/api.md, "GET /window"): they animate out but stay selected. The
    // page's own deletes leave the selection; a bulk action counts only contacts that exist.
    if (step.resized) selection.counted();
  }

  const slots = {
    ...nodes,
    place(v, focusRow) {
      if (placedAt !== null && v !== placedAt) swipes.closeAll(); // an open row closes when the list moves
      placedAt = v;
      const focused = nodes.place(v, focusRow);
      pending?.run();
      pending = null;
      return focused;
    },
  };

  /** list/list.js's `input` with the rows' selection and swipes (input/listInput.js calls them). */
  function input(base, schedule) {
    const pick = (slot, how) => {
      const entry = model.get(slot);
      if (entry && entry.row !== null) state.focusRow = entry.row;
      if (how === "extend") selection.extendRow(slot);
      else selection.toggleRow(slot);
      schedule();
    };
    return {
      ...base,
      // While selecting, a click (a tap) on a row flips it, as a phone's selection mode does.
      open: (slot) => (selection.active() ? pick(slot, "toggle") : base.open(slot)),
      pick,
      swipeAction: (name, node) => swipes.action(name, node),
    };
  }

  return { slots, show, input, swipes, selection };
}
