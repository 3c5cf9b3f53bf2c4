// The letter index (#index): one button a section (`data-index` its title, any
// script, any number of them), made from the first /sections answer (and again
// when an answer names a title it lacks), then brought up to date in a frame
// whenever /sections answers again (the data changed, or the search did). Where
// the letters do not all fit the index's height, every second (third, ...) shows,
// `#` always, and a dot after a shown letter stands for the hidden ones
// (input/model/scrubber.js), as on iOS. What each letter says is list/model/sections.js's; a
// disabled one shows dimmed and cannot be activated. A finger on the index
// scrubs it, as in iOS's Contacts: touching and sliding jumps to each letter
// that comes under the finger (input/model/scrubber.js; on short screens the letters hidden
// between the shown ones are reached too), without lifting it.

import { letterAt, letterStride, shownLetters } from "../input/model/scrubber.js";
import { letterState, letterTitles, lettersChanged } from "./model/sections.js";

/**
 * Connects the index `index`; activating an enabled letter calls `onJump(title)`.
 * Returns {show(sections)}: shows /sections' list in the next frame.
 */
export function createLetters(index, onJump) {
  let buttons = null; // title -> button
  let pending = null; // the sections to show in the next frame

  // The shown letters fit the index: all of them when they do; else a first guess
  // from the height they took, then one more letter hidden between two shown ones
  // while it still overflows (a dot takes room too). Read when the index's size
  // changes (a resize, or new letters), never in a frame.
  let fitted = ""; // the letters and the height last fitted: a change of width alone refits nothing
  function fit() {
    if (buttons === null) return;
    const all = [...buttons.values()];
    const key = `${all.length} ${index.clientHeight}`;
    if (key === fitted) return;
    fitted = key;
    const show = (stride) => {
      const shown = shownLetters(all.length, stride);
      shown.forEach((on, i) => {
        all[i].hidden = !on;
        all[i].classList.toggle("gap", on && i + 1 < all.length && !shown[i + 1]);
      });
    };
    show(1);
    if (index.scrollHeight <= index.clientHeight + 1) return;
    let stride = letterStride(all.length, index.clientHeight, index.scrollHeight / all.length);
    show(stride);
    while (stride < all.length && index.scrollHeight > index.clientHeight + 1) show(++stride);
  }
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(fit) : null;

  function draw(sections) {
    if (buttons === null || lettersChanged([...buttons.keys()], sections)) {
      buttons = new Map();
      index.replaceChildren(...letterTitles(sections).map((title) => {
        const button = index.ownerDocument.createElement("button");
        button.type = "button";
        button.textContent = title;
        button.dataset.index = title;
        buttons.set(title, button);
        return button;
      }));
      fitted = "";
      resize?.unobserve(index);
      resize?.observe(index); // fits the new letters once laid out
    }
    for (const [title, button] of buttons) {
      const { disabled, label } = letterState(sections, title);
      if (button.disabled === disabled && button.getAttribute("aria-label") === label) continue;
      button.disabled = disabled;
      button.setAttribute("aria-label", label);
    }
  }

  index.addEventListener("click", (event) => {
    const button = event.target.closest("[data-index]");
    if (button && !button.disabled) onJump(button.dataset.index);
  });

  // The shown letters' centres are read when the finger comes down (a read in an
  // event, never in a frame); each letter it slides onto jumps once.
  let centres = null;
  let under = null;
  function scrub(event) {
    if (buttons === null || event.touches.length !== 1) return;
    const i = letterAt(centres, event.touches[0].clientY);
    const title = i === null ? null : [...buttons.keys()][i];
    if (title === null || title === under) return;
    under = title;
    if (!buttons.get(title).disabled) onJump(title);
  }
  index.addEventListener("touchstart", (event) => {
    if (buttons === null) return;
    centres = [...buttons.values()].map((button, i) => [i, button.getBoundingClientRect()])
      .filter(([, r]) => r.height > 0).map(([i, r]) => [i, r.top + r.height / 2]);
    under = null;
    scrub(event);
  }, { passive: true });
  index.addEventListener("touchmove", scrub, { passive: true });

  return {
    show(sections) {
      if (pending === null) requestAnimationFrame(() => {
        draw(pending);
        pending = null;
      });
      pending = sections;
    },
  };
}
