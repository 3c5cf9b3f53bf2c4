// A finger across a contact row (docs/page.md, "Swipe"): input/touch.js hands every
// touch here first; a sideways one moves the row's content (input/model/swipe.js
// decides), revealing its actions (Favourite, Delete) on the left swipe, and a right
// one starts selecting. One row is open at a time; it closes when the list moves,
// when another row is touched, and at once when its slot is bound again or released
// (list/slots.js calls unbound), so no recycled slot shows another row's actions:
// the actions exist only in the open row's node.

import { word } from "../common/model/words.js";
import { createSwipe, restingOffset, swipeEnd, swipeMove } from "./model/swipe.js";

const SETTLE_MS = 160;

/**
 * The swipes over the rows of `stage`. `hooks`: favorite(node) (flip its star),
 * remove(node) (delete its contact, with the undo), select(node) (start selecting
 * with it). Returns {start(event), move(event), end(event), closeAll(), unbound(node)}.
 */
export function createSwipes({ stage, hooks }) {
  let open = null; // the node whose actions show
  let active = null; // {swipe, node}: the finger on a row
  let eatClick = false; // the tap that closed an open row opens nothing

  stage.addEventListener("click", (event) => {
    if (!eatClick) return;
    eatClick = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);

  const cellOf = (node) => node.querySelector(":scope > .cell");

  function showActions(node) {
    if (node.querySelector(":scope > .swipe-actions")) return;
    const star = node.querySelector('[data-action="favorite"]');
    const starred = star?.getAttribute("aria-pressed") === "true";
    const actions = node.ownerDocument.createElement("div");
    actions.className = "swipe-actions";
    actions.setAttribute("role", "gridcell");
    actions.innerHTML = '<button type="button" data-swipe="favorite"></button><button type="button" data-swipe="delete"></button>';
    actions.firstChild.textContent = word(starred ? "swipe.unfavorite" : "swipe.favorite");
    actions.lastChild.textContent = word("swipe.delete");
    node.appendChild(actions);
    node.classList.add("swiped");
  }

  function shift(node, offset, settle = false) {
    const cell = cellOf(node);
    if (!cell) return;
    const to = `translateX(${offset}px)`;
    if (settle && cell.style.transform !== to) {
      cell.animate([{ transform: cell.style.transform || "translateX(0)" }, { transform: to }], { duration: SETTLE_MS, easing: "ease-out" });
    }
    cell.style.transform = offset ? to : "";
  }

  /** Closes `node` at once: its actions go, its content is back in place. */
  function close(node) {
    if (!node) return;
    node.querySelector(":scope > .swipe-actions")?.remove();
    node.classList.remove("swiped");
    const cell = cellOf(node);
    if (cell) cell.style.transform = "";
    if (open === node) open = null;
  }

  return {
    start(event) {
      active = null;
      if (event.touches.length !== 1) return;
      const touch = event.touches[0];
      if (touch.target.closest?.(".swipe-actions")) return; // a tap on an action: its click
      const node = touch.target.closest?.('.slot[data-kind="contact"]');
      if (open && open !== node) {
        close(open);
        eatClick = true;
      }
      if (!node || node.hidden) return;
      active = { swipe: createSwipe(touch.clientX, touch.clientY, node.clientWidth, open === node), node };
    },
    /** True when the finger moves the row (the list then does not move). */
    move(event) {
      if (!active || event.touches.length !== 1) return false;
      const touch = event.touches[0];
      const mode = swipeMove(active.swipe, touch.clientX, touch.clientY);
      if (mode === "scroll") {
        if (open) close(open);
        active = null;
        return false;
      }
      if (mode !== "swipe") return false;
      if (active.swipe.offset < 0) showActions(active.node);
      shift(active.node, active.swipe.offset);
      return true;
    },
    end() {
      if (!active) return;
      const { swipe, node } = active;
      active = null;
      const outcome = swipeEnd(swipe);
      if (outcome === "none") {
        if (open === node) {
          close(node); // a tap on the open row closes it
          eatClick = true;
        }
        return;
      }
      eatClick = true; // no click from the finger that swiped
      setTimeout(() => (eatClick = false), 400);
      if (outcome === "open") {
        if (open && open !== node) close(open);
        open = node;
        showActions(node);
        shift(node, restingOffset(outcome), true);
        return;
      }
      close(node);
      if (outcome === "delete") hooks.remove(node);
      if (outcome === "select") hooks.select(node);
    },
    /** The list moved: the open row closes. */
    closeAll() {
      if (open) close(open);
    },
    /** Slot `node` is bound to another cell or released: whatever was open in it goes at once. */
    unbound(node) {
      if (active?.node === node) active = null;
      if (open === node) close(node);
    },
    /** An action button of the open row was clicked: it does it and the row closes. */
    action(name, node) {
      close(node);
      if (name === "delete") hooks.remove(node);
      else hooks.favorite(node);
    },
  };
}
