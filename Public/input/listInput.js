// The list's input: the DOM events that move it or act on a row (scroll, wheel,
// keys, clicks on the slots, focus, the URL's hash, the scroller's size), each
// handed to list/list.js as a plain call. Also the hover rest while the list moves.

const STILL_AFTER = 150; // ms without a move before hover comes back

/**
 * Listens to the list `list` and its slots' `stage` in window `win`. `on` has
 * scroll(scrollTop), wheel(deltaY, deltaMode), key(event) (a key on the list
 * itself, without a modifier), star(button, id), open(slot ID), focus() (the
 * list gained or lost the focus), hash() and resize(height).
 */
export function listenToList({ win, list, stage }, on) {
  list.addEventListener("scroll", () => on.scroll(list.scrollTop), { passive: true });

  list.addEventListener("wheel", (event) => {
    if (event.ctrlKey) return; // pinch zoom
    event.preventDefault();
    on.wheel(event.deltaY, event.deltaMode);
  }, { passive: false });

  list.addEventListener("keydown", (event) => {
    if (event.target !== list || event.altKey || event.ctrlKey || event.metaKey) return;
    on.key(event);
  });

  // One listener for every slot: a star flips, anywhere else on a row opens it. While
  // the list moves, slots take no pointer events (app.css), so no click lands here.
  stage.addEventListener("click", (event) => {
    const node = event.target.closest('.slot[data-kind="contact"]');
    if (!node || node.hidden) return;
    const star = event.target.closest('[data-action="favorite"]');
    if (star) return on.star(star, node.dataset.id);
    on.open(Number(node.dataset.slot));
  });

  list.addEventListener("focus", () => on.focus());
  list.addEventListener("blur", () => on.focus());
  win.addEventListener("hashchange", () => on.hash());

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
