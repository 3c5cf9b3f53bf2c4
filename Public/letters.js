// The letter index (#index): one button a section (`data-index` its title), made
// once, then brought up to date in a frame whenever /sections answers again (the
// data changed, or the search did). What each letter says is sections.js's; a
// disabled one shows dimmed and cannot be activated.

import { letterState, letterTitles } from "./sections.js";

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
