// The list's input: the DOM events that move it or act on a row (scroll, wheel,
// keys, clicks on the slots, focus, the URL's hash, the scroller's size), each
// handed to list/list.js as a plain call. Also the hover rest while the list moves.

const STILL_AFTER = 150; // ms without a move before hover comes back

/**
 * Listens to the list `list` and its slots' `stage` in window `win`. `on` has
 * scroll(scrollTop), wheel(deltaY, deltaMode), key(event) (a key on the list
 * itself, without a modifier but Shift, or Ctrl/Cmd+A), star(button, id), open(slot ID),
 * pick(slot ID, "toggle" or "extend"), swipeAction(name, node), focus() (the
 * list gained or lost the focus), hash(hash) (the hash navigated to) and resize(height).
 */
export function listenToList({ win, list, stage }, on) {
  list.addEventListener("scroll", () => on.scroll(list.scrollTop), { passive: true });

  list.addEventListener("wheel", (event) => {
    if (event.ctrlKey) return; // pinch zoom
    event.preventDefault();
    on.wheel(event.deltaY, event.deltaMode);
  }, { passive: false });

  list.addEventListener("keydown", (event) => {
    if (event.target !== list || event.altKey) return;
    // Of the keys with Ctrl or Cmd, the list takes only Ctrl/Cmd+A (select all).
    if ((event.ctrlKey || event.metaKey) && event.key !== "a" && event.key !== "A") return;
    on.key(event);
  });

  // One listener for every slot: a star flips, a swiped row's action acts, the
  // checkbox (or a click with Ctrl/Cmd or Shift) selects, anywhere else on a row opens
  // it (or, while selecting, flips it). While the list moves, slots take no pointer
  // events (app.css), so no click lands here.
  stage.addEventListener("click", (event) => {
    const node = event.target.closest('.slot[data-kind="contact"]');
    if (!node || node.hidden) return;
    const slot = Number(node.dataset.slot);
    const swiped = event.target.closest("[data-swipe]");
    if (swiped) return on.swipeAction(swiped.dataset.swipe, node);
    const star = event.target.closest('[data-action="favorite"]');
    if (star) return on.star(star, node.dataset.id);
    if (event.shiftKey) return on.pick(slot, "extend");
    if (event.target.closest(".pick") || event.ctrlKey || event.metaKey) return on.pick(slot, "toggle");
    on.open(slot);
  });
  // Shift+click selects a range: no text selection with it.
  stage.addEventListener("mousedown", (event) => {
    if (event.shiftKey) event.preventDefault();
  });

  list.addEventListener("focus", () => on.focus());
  list.addEventListener("blur", () => on.focus());
  // The hash navigated to, from the event: the URL may have been replaced since (the list
  // records its place with replaceState), and the link the user followed is what counts.
  win.addEventListener("hashchange", (event) => on.hash(new URL(event.newURL).hash));

  // The scroller's own size: it changes with the window and with the header above
  // it (a status or import message that wraps).
  new win.ResizeObserver((entries) => on.resize(entries[entries.length - 1].contentRect.height)).observe(list);
}

/** Hover styles and pointer events rest while the list moves (app.css `.moving`):
 *  returns moving(), to call on every move. */
export function createMoving(stage) {
  let timer = 0;
  return function moving() {
    if (!timer) stage.classList.add("moving");
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = 0;
      stage.classList.remove("moving");
    }, STILL_AFTER);
  };
}
