// The letter index (#index): one button a section (`data-index` its title), made
// once, then brought up to date in a frame whenever /sections answers again (the
// data changed, or the search did). What each letter says is list/model/sections.js's; a
// disabled one shows dimmed and cannot be activated. A finger on the index
// scrubs it, as in iOS's Contacts: touching and sliding jumps to each letter
// that comes under the finger (input/model/scrubber.js; on short screens the letters hidden
// between the shown ones are reached too), without lifting it.

import { letterAt } from "../input/model/scrubber.js";
import { letterState, letterTitles } from "./model/sections.js";

/**
 * Connects the index `index`; activating an enabled letter calls `onJump(title)`.
 * Returns {show(sections)}: shows /sections' list in the next frame.
 */
export function createLetters(index, onJump) {
  let buttons = null; // title -> button
  let pending = null; // the sections to show in the next frame

  function draw(sections) {
    if (buttons === null) {
      buttons = new Map();
      index.replaceChildren(...letterTitles(sections).map((title) => {
        const button = index.ownerDocument.createElement("button");
        button.type = "button";
        button.textContent = title;
        button.dataset.index = title;
        buttons.set(title, button);
        return button;
      }));
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
